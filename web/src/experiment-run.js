// Running an experiment: one worker describes it (its values, the
// measure's scale); the runs go to Web Workers with the core alone, from
// the page's one pool (worker-pool.js: one per core but the page's own, at
// most four), or without Workers to the same module here in slices of at
// most 8 ms; over the experiment's state `ex` (experiment.js).
import { begin, sweepApi } from './sweep-api.js';
import { inline, decode } from './inline.js';
import { hasSimd, offlineWithoutSimd, simdAdvice, sweepOptions } from './simd.js';
import { acquire, discard, nextJob, poolSize, release } from './worker-pool.js';
import { hasShapes, useShapeApi } from './experiment-words.js';
import { report } from './results.js';

const SLICE_MS = 8; // without Workers: the most one task works
// A single-file build's sweep module: its .wasm from the inline bytes (the
// module's own loader would fetch it even when given them). A new object for
// each instance: Emscripten makes the object it is given the instance's
// Module, so two instances given one object would share (and break) it.
// Its failure rejects through `fail`: the module's own promise would wait
// for done() for ever.
const fromInline = (fail) => ({
  instantiateWasm(imports, done) {
    WebAssembly.instantiate(decode(inline.sweep), imports).then((r) => done(r.instance, r.module), fail);
    return {};
  },
});

// Why an offline file's experiment cannot run on this engine (simd.js), in its language.
const withoutSimd = ({ t_: t }) => new Error(t('This experiment cannot run: {0}', simdAdvice(t)));

const loadSweep = () => new Promise((resolve, reject) => {
  import('./flocklab-sweep.js').then((mod) => mod.default(inline ? fromInline(reject) : sweepOptions(hasSimd())))
    .then(sweepApi).then(resolve, reject);
});
// The page's one instance on this thread for the results' shapes (the
// core's rule, src/core/shape.cpp), loaded once, beside the workers.
let forShapes = null;
const shapesReady = () => (forShapes ??= loadSweep().then(useShapeApi));

// The sweep module on this thread, loaded once (without Workers).
const sweepHere = (ex) => (ex.here_ ??= loadSweep());

// Whether an element's runs go to Workers (its data-workers="0" says no). A
// single-file build (file://, where a browser refuses Workers) runs here.
// Not in a frame sandboxed without allow-same-origin (an LMS's, origin
// "null"): a worker may not start from the server's address there.
const workersFor = (d) => typeof Worker === 'function' && d.workers !== '0' && !inline && self.origin !== 'null';

export function makeRunner(ex) {
  const { d_: d, el_: el, job_: job, label_: label, say_: say, draw_: draw, csvButton_: csvButton, progress_: progress } = ex;
  const useWorkers = () => workersFor(d);
  // One worker describes the experiment (and waits to run the first share;
  // it is let go if the experiment cannot run). A promise of null, or why not.
  // The results' shape (the core's rule) loads once the experiment is
  // described: after the worker fetched the module (from the cache then),
  // and never before the chart's axes, which need only the description.
  function describe() {
    const [j, bad] = (() => { try { return [job(), null]; } catch (err) { return [null, err]; } })();
    const use = (i) => { try { described(ex, i); return null; } catch (err) { return err; } };
    const cannot = offlineWithoutSimd();
    const why = bad ? Promise.resolve(bad)
      : cannot ? ex.words_.then(() => withoutSimd(ex))
      : useWorkers() ? describeOnWorker(ex, j, use) : sweepHere(ex).then((m) => use(begin(m, j)), (err) => err);
    // (Not where nothing can run: its module would only fail to compile.)
    return why.then((r) => { if (!cannot) shapesReady().catch(() => {}); return r; });
  }

  // The end of a run: all done (no err; flocklab:done), stopped (an
  // AbortError: the runs so far stay) or failed (its reason said). The run's
  // promise is settled here, with the results as they are now, so a
  // flocklab:done handler that starts another run changes nothing of it.
  function finish(err) {
    const running = ex.running_;
    // All in: the workers are free; stopped or failed mid-job: those still at work end.
    ex.workers_.forEach(err ? discard : release);
    ex.workers_ = [];
    ex.running_ = null;
    label();
    if (err && err.name !== 'AbortError') {
      el.removeAttribute('aria-busy');
      say(err.message);
      running?.reject(err);
      return;
    }
    csvButton.disabled = ex.rows_.length === 0;
    // The last sentence and the chart need the results' shape (the core's
    // rule): at once where it is loaded, as it nearly always is by then, or
    // once it is.
    if (hasShapes()) settle(ex, err, running);
    else shapesReady().catch(() => {}).then(() => settle(ex, err, running));
  }
  function got(row) {
    ex.rows_.push(row);
    progress.value = ex.rows_.length;
    el.dispatchEvent(new CustomEvent('flocklab:progress', { detail: { done: ex.rows_.length, total: ex.info_.runs }, bubbles: true }));
    if (ex.rows_.length === ex.info_.runs) finish();
    else if (!ex.redraw_) ex.redraw_ = setTimeout(() => { ex.redraw_ = 0; if (ex.running_) draw(); }, 250); // a few times a second, not per run
  }
  function run() {
    ex.alive_('run');
    ex.handle_.stop();
    ex.rows_ = [];
    csvButton.disabled = true;
    let j;
    try {
      j = job(); // bad seeds or seconds: rejected as a bad value is, said on the element
      if (offlineWithoutSimd()) throw withoutSimd(ex);
    } catch (err) {
      say(err.message);
      return Promise.reject(err);
    }
    el.setAttribute('aria-busy', 'true');
    return new Promise((resolve, reject) => {
      let stopped = false;
      ex.running_ = { resolve, reject, stop() { stopped = true; finish(new DOMException('the experiment was stopped', 'AbortError')); } };
      label();
      draw({ quiet: true }); // the points cannot move while it runs
      const on = {
        stopped_: () => stopped, begun_: (i) => begun(ex, i), got_: got,
        fail_: (err) => { if (!stopped) { stopped = true; finish(err); } },
      };
      (useWorkers() ? runOnWorkers : runHere)(ex, j, on);
    });
  }

  // One row per run; the prediction's shape and, with points, the predicted measure at the run's value.
  return { describe_: describe, run_: run };
}

// A widget's experiment() (runs.js): job `j` on the pool's workers, or here
// without them, as an experiment element runs (`d`: the widget's data-*); a
// promise of every row in run order, rejected with a TypeError when the
// experiment cannot run. stop(err) ends it, its workers with it;
// `warn(line)` says each warning. Without Workers the widget's own sweep
// module runs it (`cache.here_`, loaded once: one experiment at a time each).
export function runRows(j, d, warn, cache) {
  const ex = { workers_: [], rows_: [], here_: cache.here_ }; // what runOnWorkers and runHere keep of a run
  let stopped = false;
  let stop;
  const promise = new Promise((resolve, reject) => {
    const end = (err) => {
      if (stopped) return;
      stopped = true;
      ex.workers_.forEach(err ? discard : release);
      ex.workers_ = [];
      if (err) reject(err);
      else resolve(ex.rows_.sort((a, b) => a.run - b.run));
    };
    stop = end;
    let runs = -1;
    const on = {
      stopped_: () => stopped,
      begun_: (i) => {
        if (i.why) { end(new TypeError(`flocklab: experiment(): ${i.why}`)); return; }
        for (const line of i.warnings) warn(line);
        runs = i.runs;
      },
      got_: (row) => { ex.rows_.push(row); if (ex.rows_.length === runs) end(); },
      fail_: end,
    };
    (workersFor(d) ? runOnWorkers : runHere)(ex, j, on);
    cache.here_ = ex.here_;
  });
  return { promise, stop: (err) => stop(err) };
}

// A description: the values, the setting, the gauges with their scales.
function described(ex, i) {
  const { d_: d, el_: el, warn_: warn, kind_: kind } = ex;
  if (i.why) throw new TypeError(`flocklab: experiment: ${i.why}`);
  if (!ex.warned_) {
    for (const w of i.warnings) warn(el, w);
    // data-measure names one of the scene's gauges, or the first is used, said once.
    const names = i.gauges.map((g) => g.name);
    if (d.measure && !names.includes(d.measure)) warn(el, `data-measure="${d.measure}": no such gauge (it has ${names.join(', ')}); using ${names[0]}`);
  }
  ex.warned_ = true;
  const before = ex.info_?.values.join('\n');
  ex.info_ = i;
  if (before !== undefined && before !== i.values.join('\n')) ex.points_ = null;
  if (kind() === 'points') ex.ensurePoints_();
}

// The first runs came with the description: the chart and the progress bar take it.
function begun(ex, i) {
  described(ex, i);
  if (!ex.whole_) { ex.whole_ = ex.words_.then(() => ex.handle_); ex.describing_ = false; } // a run described it: no need for another worker
  ex.progress_.max = i.runs;
  ex.progress_.value = 0;
}

// A job to a worker, with the module it loads (simd.js: the page decides).
const post = (w, j, shard, id) => w.postMessage({ ...j, shard, job: id, simd: hasSimd() });

// The experiment described by one worker from the pool: a promise of
// use(the description), or of why not.
function describeOnWorker(ex, j, use) {
  return new Promise((resolve) => {
    let left = false;
    ex.undescribe_ = () => { left = true; resolve(new Error('flocklab: the experiment left the page')); };
    const id = nextJob();
    acquire().then((w) => {
      if (left) { release(w); return; }
      w.onmessage = ({ data: m }) => {
        if (m.type !== 'begun' || m.job !== id) return;
        release(w); // described: the worker is free for any experiment's runs
        resolve(use(m.info));
      };
      w.onerror = (e) => { discard(w); resolve(new Error(`flocklab: the experiment's worker failed (${e.message})`)); };
      post(w, j, null, id);
    }, (err) => resolve(err));
  });
}

// The runs in shares for the pool's size; each worker starts its share when
// the pool gives it one (another experiment may hold some for a while).
// `on`: the run's stopped_(), begun_(description), got_(row) and fail_(err).
function runOnWorkers(ex, j, on) {
  const n = poolSize();
  let begunOnce = false;
  const id = nextJob();
  for (let k = 0; k < n; k++) {
    acquire().then((w) => {
      if (on.stopped_()) { release(w); return; }
      ex.workers_.push(w);
      w.onerror = (e) => on.fail_(new Error(`flocklab: the experiment's worker failed (${e.message})`));
      w.onmessage = ({ data: m }) => {
        if (on.stopped_() || m.job !== id) return;
        try {
          if (m.type === 'begun' && !begunOnce) { begunOnce = true; on.begun_(m.info); } // drawn with the first runs
          else if (m.type === 'row') on.got_(m.row);
          else if (m.type === 'done') { ex.workers_.splice(ex.workers_.indexOf(w), 1); release(w); } // its share is done
        } catch (err) { on.fail_(err); }
      };
      // Each worker runs every n-th run, from its own k.
      post(w, j, [k, n], id);
    }, on.fail_);
  }
}

// Without Workers: the same module here, a slice of at most 8 ms per task.
function runHere(ex, j, on) {
  sweepHere(ex).then((m) => {
    on.begun_(begin(m, j));
    const slice = () => {
      if (on.stopped_()) return;
      const left = m.work(SLICE_MS);
      for (const r of JSON.parse(m.rows(ex.rows_.length))) on.got_(r); // only this slice's rows
      if (left > 0) setTimeout(slice, 0);
    };
    setTimeout(slice, 0);
  }).catch(on.fail_);
}

// The run's promise settled, whatever drawing does: a Stop always ends
// run(); after destroy() nothing is drawn. Every run in: flocklab:done, and
// the results stream's outcome (the predicted shape against the results').
// Busy ends here, once the summary and chart say this run (not when the last
// row came in: a screen reader would hear the old summary as the answer),
// unless another run has started meanwhile.
function settle(ex, err, running) {
  try {
    if (!ex.destroyed_) ex.draw_();
  } finally {
    if (!ex.running_) ex.el_.removeAttribute('aria-busy');
    if (err) running?.reject(err);
  }
  if (err) return;
  const results = ex.handle_.results();
  running?.resolve(results);
  if (ex.destroyed_) return;
  ex.el_.dispatchEvent(new CustomEvent('flocklab:done', { detail: results, bubbles: true }));
  const shape = ex.resultShape_();
  const answer = ex.guessedShape_() || null;
  if (results.rows.length === ex.info_.runs) {
    report(ex.el_, {
      kind: 'experiment', item: results.vary, question: `${results.measure} against ${results.vary}`, answer, correct: shape,
      held: answer && shape ? answer === shape : null, runs: results.rows.length, text: [results.sentence, ex.comparison_()].filter(Boolean).join(' '),
    });
  }
}
