// A Web Worker of an experiment (experiment.js): the core alone
// (flocklab-sweep.wasm, no SDL or ImGui), running its share of the runs off
// the main thread. Message in: {scene, attributes, vary, values, seeds,
// steps, shard: [k, n], job, simd} (this worker runs runs k, k + n, ...;
// simd: the page's engine has WebAssembly SIMD, simd.js), or with
// shard null only the description (the page asks for it when the element
// comes near the viewport, to draw the empty chart; the same worker then
// takes the first share of a run); out: {type: 'begun', info}, then
// {type: 'row', row} per run, then {type: 'done'}, each with the job's
// number (the page's pool hands workers from job to job). Stop is the page
// terminating the worker.
import createSweep from './flocklab-sweep.js';
import { begin, sweepApi } from './sweep-api.js';
import { sweepOptions } from './simd.js';

// Made at the first message, with the module the page chose (its `simd`).
let api = null;

self.onmessage = async (e) => {
  const { shard, job, simd } = e.data;
  const a = await (api ??= createSweep(sweepOptions(simd)).then(sweepApi));
  const info = begin(a, e.data);
  self.postMessage({ type: 'begun', info, job });
  if (info.why || !shard) return;
  const [k, n] = shard;
  for (let i = k; i < info.runs; i += n) self.postMessage({ type: 'row', row: JSON.parse(a.run(i)), job });
  self.postMessage({ type: 'done', job });
};
