// WebAssembly against native on a formed flock: the lesson page's scaling
// widget is formed over 600 steps (10 s, as students see it after a while)
// and its step timed in the page, against the CLI's bench (600-step
// warm-up), alternated round by round on the same machine; then the same
// after 120 steps (the young flock older figures used), for comparison.
// usage: node bench-wasm.mjs [boids,...] [rounds]      (make bench-wasm)
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { start, openLesson, root, scrollToCanvas } from './helpers.mjs';

const sizes = (process.argv[2] || '500,2000,3000,5000').split(',').map(Number);
const rounds = Number(process.argv[3] || 3);
const cli = join(root, 'build', 'native', 'flocklab');
const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];

const env = await start();
try {
  const page = await openLesson(env);
  await page.evaluate(() => document.querySelectorAll('.flocklab:not([data-experiment])').forEach((e) => e.flocklab.pause()));
  // One round: the page's step timed after `warmup` steps (median of 5
  // batches of 10), then the CLI's, alternated.
  const pageStep = (n, warmup) => page.evaluate(({ n, warmup }) => {
    const h = document.querySelector('#scaling').flocklab;
    h.setNeighbors('grid');
    h.setBoids(n);
    h.reset(7);
    const t = warmup / 60;
    while (h.gauges().time < t - 1e-9) h.step(warmup - Math.round(h.gauges().time * 60)); // step() may stop early
    const ms = [];
    for (let b = 0; b < 5; b++) {
      const t0 = performance.now();
      const ran = h.step(10);
      ms.push((performance.now() - t0) / ran);
    }
    return ms.sort((a, b) => a - b)[2];
  }, { n, warmup });
  const cliStep = (n, warmup) => JSON.parse(execFileSync(cli, ['bench', '--boids', String(n), '--neighbors', 'grid',
    '--steps', '50', '--warmup', String(warmup), '--json']).toString()).median_ms;
  // The formed flock (600 steps, 10 s), and the young one (120) that older
  // figures used, for comparison.
  for (const warmup of [600, 120]) {
    for (const boids of sizes) {
      const wasm = [];
      const native = [];
      for (let r = 0; r < rounds; r++) {
        wasm.push(await pageStep(boids, warmup));
        native.push(cliStep(boids, warmup));
      }
      console.log(JSON.stringify({ boids, neighbors: 'grid', warmup, wasm_ms: +median(wasm).toFixed(3),
        native_ms: +median(native).toFixed(3), wasm_runs: wasm.map((x) => +x.toFixed(3)), native_runs: native.map((x) => +x.toFixed(3)) }));
    }
  }
  // The live widget: 3000 boids, formed over 10 s, then left running on
  // screen for 3 s of wall time. Simulated steps per wall second (60 = keeps up).
  await scrollToCanvas(page, '#scaling');
  await page.mouse.move(1, 1);
  const live = await page.evaluate(async () => {
    const h = document.querySelector('#scaling').flocklab;
    h.setNeighbors('grid');
    h.setBoids(3000);
    h.reset(7);
    while (h.gauges().time < 10 - 1e-9) h.step(600 - Math.round(h.gauges().time * 60));
    h.resume();
    await new Promise((r) => setTimeout(r, 500));
    const t0 = performance.now();
    const s0 = h.gauges().time;
    await new Promise((r) => setTimeout(r, 3000));
    const steps = (h.gauges().time - s0) * 60;
    h.pause();
    return { steps_per_s: +(steps / ((performance.now() - t0) / 1000)).toFixed(1), step_ms: +h.stepTime().toFixed(2) };
  });
  console.log(JSON.stringify({ live: 'scaling widget, 3000 boids, formed', ...live }));
} finally {
  await env.close();
}
