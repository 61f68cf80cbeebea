// [SECTION] Work that takes many tasks: a run to a time (runTo, Reset and
// run) and the benchmark, each in slices of RUN_SLICE_MS so that the page
// stays responsive, and an experiment on the widget's configuration (in the
// page's experiment workers); pause(),
// reset() and destroy() stop a run, a new experiment or destroy() ends one
// under way, and benchmark() calls run one after another.
import { description } from './options.js';
import { RUN_SLICE_MS, nextTask } from './tasks.js';
import { own, quote, snake, summarize, text, warn, wholeNumber } from './values.js';

// `w`: the widget's shared parts; `g`: its guards (guards.js); `afterAction`:
// buttons, form and gauges at once.
export function makeRuns(w, g, afterAction) {
  const { cancel_: cancelRun, runTo_: runTo, playTo_: playTo, running_: running } = makeRunning(w, g, afterAction);
  // The clock's rate while it plays: 0.1 to 4 simulated seconds per real
  // second, the same fixed steps at any speed (a slow-motion replay: 0.25).
  const setSpeed = g.change_((speed) => {
    if (typeof speed !== 'number' || !(speed >= 0.1 && speed <= 4)) throw new RangeError(`flocklab: setSpeed(speed) takes a number from 0.1 to 4, got ${quote(speed)}`);
    return [speed];
  }, (s) => { w.api_().setSpeed(s); afterAction(); });

  const { experiment_: experiment, stop_: stopExperiment } = makeExperiments(w);
  const { benchmark_: benchmark, benching_: benching } = makeBenchmark(w, g);

  // destroy(): the run and the experiment under way end (AbortError).
  function stopAll() {
    cancelRun();
    stopExperiment(g.aborted_());
  }

  // Work under way in the instance (an asleep widget's would be lost).
  const busy = () => running() || benching();
  return { cancelRun_: cancelRun, runTo_: runTo, playTo_: playTo, setSpeed_: setSpeed, experiment_: experiment, benchmark_: benchmark, stopAll_: stopAll, busy_: busy };
}

// [SECTION] A run to a time, in slices (runTo, playTo, Reset and run).
function makeRunning(w, g, afterAction) {
  const { el_: el } = w;
  let run = null; // {resolve, reject}
  const runButtons = own(el, '[data-action="run"]');
  function endRun(err) {
    const r = run;
    run = null;
    el.removeAttribute('aria-busy');
    for (const b of runButtons) b.disabled = false;
    if (!r) return;
    if (err) r.reject(err);
    else r.resolve(JSON.parse(w.api_().gauges()));
  }
  function cancelRun() {
    if (!run) return;
    w.api_()?.runCancel();
    endRun(new DOMException('the run was stopped before it got there', 'AbortError'));
  }
  function startRun(steps, resolve, reject) {
    cancelRun();
    w.api_().runBegin(steps);
    run = { resolve, reject };
    el.setAttribute('aria-busy', 'true');
    for (const b of runButtons) b.disabled = true;
    const mine = run;
    const slice = () => {
      if (run !== mine || !w.api_()) return;
      if (w.api_().runSlice(RUN_SLICE_MS) > 0) {
        nextTask(slice); // the page handles input and draws between slices
        return;
      }
      endRun(null);
      afterAction();
    };
    slice();
  }

  // Reset with the same seed, run to `seconds` of simulated time (whole
  // steps) and pause there: where the lab reads its gauges. Returns a
  // promise of the gauges there; pause(), reset() or destroy() stop it (the
  // promise then rejects with an AbortError).
  function runTo(seconds = 10) {
    const s = secondsOf(g, seconds, 'runTo(seconds)');
    return new Promise((resolve, reject) => {
      const go = () => startRun(Math.round(s / description.stepSeconds), resolve, reject);
      if (w.api_()) go();
      else w.pending_.push(go);
    });
  }

  // Reset with the same seed and play in real time (the clock's fixed
  // steps, so the same run as runTo), pausing at `seconds`: a run watched
  // from its start. Pause and resume keep the stop.
  const playTo = g.change_((seconds = 10) => [secondsOf(g, seconds, 'playTo(seconds)')], (s) => {
    cancelRun();
    w.api_().playBegin(Math.round(s / description.stepSeconds));
    afterAction();
  });

  return { cancel_: cancelRun, runTo_: runTo, playTo_: playTo, running_: () => run !== null };
}

// A run's length in seconds, as runTo() and playTo() take it: 0 to 600.
function secondsOf(g, seconds, call) {
  g.alive_();
  const s = typeof seconds === 'number' ? seconds : Number(g.guarded_(text, [seconds, call]));
  g.alive_();
  if (!Number.isFinite(s) || s < 0 || s > 600) throw new RangeError(`flocklab: ${call} takes 0 to 600 seconds, got ${quote(seconds)}`);
  return s;
}

// [SECTION] Experiments on the widget's configuration as it is now: one
// setting over values, each over seeds, `seconds` each; a promise of one row
// per run ({run, value, seed, <gauge>...}) and each value's mean, min and max
// per gauge. Every run equals that configuration run alone (runTo, the
// CLI's sweep). The runs go to the page's experiment workers, as an
// experiment element's do (flocklab-experiment.js, loaded at the first
// call), or without Workers to a sweep module on this thread in 8 ms
// slices: the widget's own instance runs none. A new experiment or
// destroy() ends the one under way (stop_).
function makeExperiments(w) {
  const { el_: el } = w;
  let experimentStop = null; // ends the experiment under way
  const cache = {}; // this widget's sweep module on this thread (without Workers)
  function experiment(opts = {}) {
    const { name, texts, seeds, seconds } = experimentArgs(w, opts);
    const job = {
      scene: w.spec_.name, settings: w.api_().settings(), vary: name, values: texts.join('\n'), seeds: seeds.join(','),
      steps: Math.round(seconds / description.stepSeconds),
    };
    experimentStop?.(new DOMException('a new experiment began', 'AbortError'));
    el.setAttribute('aria-busy', 'true');
    let run = null;
    let stopped = null; // why it was ended before its rows came
    const mine = (err) => { stopped = err; run?.stop(err); };
    experimentStop = mine;
    const done = () => {
      if (experimentStop !== mine) return; // a newer one holds the figure
      experimentStop = null;
      el.removeAttribute('aria-busy');
    };
    return import('./flocklab-experiment.js').then((m) => {
      if (stopped) throw stopped;
      run = m.runRows(job, el.dataset, (line) => warn(el, `experiment(): ${line}`), cache);
      return run.promise;
    }).then((rows) => {
      done();
      const summary = summaryOf(rows, texts, w.spec_.gauges.map((x) => x.name));
      w.say_(w.lang_.t('Experiment done: {0} runs of {1}.', rows.length, name));
      return { vary: name, seconds, rows, summary };
    }, (err) => {
      done();
      throw err;
    });
  }
  return { experiment_: experiment, stop_: (err) => experimentStop?.(err) };
}

// experiment()'s options checked: the setting's name (a tunable's in
// snake_case), the values as texts, the seeds and the seconds; a clear
// TypeError or RangeError for anything else.
function experimentArgs(w, opts) {
  if (opts === null || typeof opts !== 'object') throw new TypeError(`flocklab: experiment() takes an object such as {vary: 'weight_separation', values: [0, 1, 2], seeds: [0, 1, 2], seconds: 10}, got ${quote(opts)}`);
  const { vary, values, seeds = [w.api_().seed()], seconds = 10 } = opts;
  if (typeof vary !== 'string') throw new TypeError(`flocklab: experiment({vary}) names the setting to vary, got ${quote(vary)}`);
  const asTunable = snake(vary); // weightSeparation: the tunable weight_separation
  const name = w.spec_.tunables.some((t) => t.name === asTunable) ? asTunable : vary;
  let list = values;
  if (values && !Array.isArray(values) && typeof values === 'object') {
    const { from, to, step } = values;
    if (![from, to, step].every(Number.isFinite) || !(step > 0) || to < from || (to - from) / step > 1000) throw new RangeError(`flocklab: experiment({values: {from, to, step}}) needs step > 0, to >= from and at most 1000 values, got ${quote(JSON.stringify(values))}`);
    list = [];
    for (let k = 0; from + k * step <= to + 1e-9 * step; k++) list.push(from + k * step);
  }
  if (!Array.isArray(list) || list.length === 0 || list.length > 1000) throw new TypeError('flocklab: experiment({values}) takes a list of 1 to 1000 values, or {from, to, step}');
  const texts = list.map((v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : text(v, 'experiment({values})')));
  if (!Array.isArray(seeds) || seeds.length === 0 || seeds.length > 1000 || !seeds.every((x) => Number.isSafeInteger(x) && x >= 0)) {
    throw new TypeError(`flocklab: experiment({seeds}) takes a list of 1 to 1000 whole numbers from 0, got ${quote(JSON.stringify(seeds))}`);
  }
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 600) throw new RangeError(`flocklab: experiment({seconds}) takes 0 to 600 seconds, got ${quote(seconds)}`);
  return { name, texts, seeds, seconds };
}

// Per value: its runs, and each gauge's mean, min and max over them.
function summaryOf(rows, texts, gauges) {
  return texts.map((value) => {
    const mine = rows.filter((r) => r.value === value);
    const out = { value, runs: mine.length };
    for (const gauge of gauges) {
      const { mean, min, max } = summarize(mine.map((r) => r[gauge]));
      out[gauge] = { mean, min, max };
    }
    return out;
  });
}

// [SECTION] The benchmark
// Milliseconds per step of a formed run, measured inside this page's
// WebAssembly, for a scene with a benchmark (`b`, its description): a
// promise. The warm-up goes in slices, then at most 250 ms of timed steps.
function makeBenchmark(w, g) {
  const { el_: el } = w;
  let benchQueue = Promise.resolve(); // benchmark() calls, one after another
  let waiting = 0; // calls not yet answered
  const benchmark = (b) => (opts = {}) => {
    const api = w.api_();
    if (opts === null || typeof opts !== 'object') {
      throw new TypeError(`flocklab: benchmark() takes an object such as {boids: ${b.size}, neighbors: '${b.variants[0]}', steps: ${b.steps}}, got ${opts}`);
    }
    const { [b.sizeName]: size = b.size, [b.variantName]: variant = b.variants[0], steps = b.steps, warmup = b.warmup } = opts;
    const n = wholeNumber(el, `benchmark ${b.sizeName}`, size, b.size, b.sizeLo, b.sizeHi);
    if (!b.variants.includes(variant)) throw new TypeError(`flocklab: unknown ${b.variantName} "${variant}" (expected ${b.variants.join(', ')})`);
    const s = wholeNumber(el, 'benchmark steps', steps, b.steps, 1, api.maxStepsFor(n));
    const wu = wholeNumber(el, 'benchmark warmup', warmup, b.warmup, 0, b.maxWarmup);
    const go = () => new Promise((resolve, reject) => {
      if (w.isDestroyed_()) { reject(g.aborted_()); return; }
      api.benchBegin(n, variant, wu);
      const slice = () => {
        if (w.isDestroyed_()) { reject(g.aborted_()); return; }
        if (api.benchWarm(RUN_SLICE_MS) > 0) { nextTask(slice); return; }
        const r = JSON.parse(api.benchTime(s));
        if (r.capped) warn(el, `benchmark: timed ${r.steps} of ${s} steps (one call works at most ${description.maxCallMs} ms)`);
        resolve(r.ms);
      };
      nextTask(slice);
    });
    benchQueue = benchQueue.then(go, go);
    waiting++;
    benchQueue.finally(() => { waiting--; }).catch(() => {});
    return benchQueue;
  };
  return { benchmark_: benchmark, benching_: () => waiting > 0 };
}
