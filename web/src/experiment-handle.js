// An experiment's handle (el.flocklab): run, stop, reset, results, csv,
// the prediction, show and destroy, over the experiment's state `ex`
// (experiment.js); and a run shown in the widget that data-target names.
import { POINTS, SHAPES } from './experiment-words.js';

// The experiment element's own data-* (the rest configure the runs, as a widget's would).
export const OWN = ['experiment', 'scene', 'vary', 'values', 'seeds', 'seconds', 'measure', 'target', 'lang', 'flocklabExperiment'];

// shim: {mount, description()}, what the page's shim gives the chunk.
export function makeHandle(ex, shim) {
  const { el_: el, warn_: warn, t_: t, predict_: predict, csvButton_: csvButton, progress_: progress } = ex;
  const { label_: label, draw_: draw, say_: say, measure_: measure, kind_: kind, guessedShape_: guessedShape } = ex;
  // After destroy() the results, the CSV and the prediction still answer;
  // what would start work throws.
  const alive = (what) => {
    if (ex.destroyed_) throw new Error(`flocklab: ${what}(): this experiment was destroyed (it left the page)`);
  };
  const secondsOrNull = () => { try { return ex.seconds_(); } catch { return null; } }; // results() answers whatever data-seconds says
  const handle = {
    kind: 'experiment', // el.flocklab of every mounted element says what it is (a widget's: 'widget')
    element: el,
    run: ex.run_,
    stop() { ex.running_?.stop(); },
    // Back to the start: no run, no rows and no prediction (a new class, a teacher's Reset all).
    reset() {
      alive('reset');
      ex.running_?.stop();
      ex.rows_ = [];
      ex.points_ = null;
      predict.value = '';
      csvButton.disabled = true;
      progress.value = 0;
      label();
      draw();
      say(t('No runs yet.'));
    },
    running: () => ex.running_ !== null,
    // As a widget's, so a page can pause every .flocklab element: pause()
    // stops a run (the runs so far stay), resume() has nothing to continue
    // (run() starts the runs again), paused() is true unless it runs.
    pause() { ex.running_?.stop(); },
    resume() {},
    paused: () => ex.running_ === null,
    // {vary, measure, seconds, values, rows: [{run, value, seed, <gauge>...}], summary: [{value, n, mean, min, max}], sentence}
    results: () => ({ vary: ex.info_?.vary.name, measure: measure()?.name, seconds: secondsOrNull(), values: ex.info_?.values ?? [], rows: ex.rows_.slice().sort((a, b) => a.run - b.run), summary: ex.byValue_(), sentence: ex.sentence_() }),
    csv: () => csvOf(ex),
    // The student's prediction: {kind: '' | 'shape' | 'points', shape, points: [{value, <measure>}] (with points)}.
    prediction: () => ({
      kind: kind(),
      shape: guessedShape(),
      points: kind() === 'points' && ex.points_ && ex.pointsMoved_ ? ex.info_.values.map((value, i) => ({ value, [measure().name]: ex.points_[i] })) : [],
    }),
    // predict('rises' | 'falls' | 'stays level' | 'peaks' | '' | 'points'), or
    // predict([y, ...]): one number per value, in the measure's unit.
    predict(p) {
      alive('predict');
      predictWith(ex, p);
    },
    show(run) {
      alive('show');
      return ex.show_(run);
    },
    // Stops a run (its promise rejects with AbortError), lets the workers go
    // and takes the element's parts away; the element can be mounted again.
    // Called when the element leaves the page.
    destroy() {
      if (ex.destroyed_) return;
      ex.destroyed_ = true;
      ex.running_?.stop();
      ex.undescribe_?.();
      cancelAnimationFrame(ex.resizing_);
      clearTimeout(ex.redraw_);
      clearTimeout(ex.saying_);
      for (const f of ex.cleanups_) f();
      el.classList.remove('fl-experiment', 'flocklab-started', 'flocklab-ready');
      delete el.flocklabExperiment;
      if (el.flocklab === handle) delete el.flocklab;
    },
  };
  ex.show_ = (run) => showRun(ex, run, shim);
  Object.assign(ex, { handle_: handle, alive_: alive });
  return handle;
}

// predict(): a shape, none, points, or one number per value (held within
// 0 and the measure's cap, said when one is not).
function predictWith(ex, p) {
  const { el_: el, warn_: warn, predict_: predict, measure_: measure, cap_: cap } = ex;
  if (Array.isArray(p)) {
    if (!ex.info_) throw new Error('flocklab: predict(points) needs the experiment described: await experiment.ready first');
    if (p.length !== ex.info_.values.length || !p.every((y) => typeof y === 'number' && Number.isFinite(y))) {
      throw new TypeError(`flocklab: predict() takes one finite number per value (${ex.info_.values.length}), got [${p.join(', ')}]`);
    }
    const kept = p.map((y) => Math.max(0, Math.min(cap(), y)));
    if (kept.some((y, i) => y !== p[i])) warn(el, `predict(): ${measure().name} is between 0 and ${cap()}; [${p.join(', ')}] became [${kept.join(', ')}]`);
    ex.points_ = kept;
    ex.pointsMoved_ = true;
    predict.value = POINTS;
  } else {
    if (p !== '' && p !== POINTS && !SHAPES.includes(p)) throw new TypeError(`flocklab: predict() takes '', ${SHAPES.map((s) => `'${s}'`).join(', ')}, '${POINTS}' or one number per value, got ${p}`);
    predict.value = p;
    if (p === POINTS) { ex.describeOnce_(); ex.ensurePoints_(); }
  }
  ex.label_();
  ex.draw_();
}

// The runs as CSV: one row per run, with the prediction beside it.
function csvOf(ex) {
  if (!ex.info_) return '';
  const named = (g) => (g.unit ? `${g.name} (${g.unit})` : g.name);
  const head = ['run', ex.info_.vary.name, 'seed', ...ex.info_.gauges.map(named), 'prediction', `predicted ${named(ex.measure_())}`];
  const guess = (r) => (ex.kind_() === 'points' && ex.points_ && ex.pointsMoved_ ? ex.points_[ex.info_.values.indexOf(r.value)] : '');
  const lines = ex.rows_.slice().sort((a, b) => a.run - b.run).map((r) => [r.run, r.value, r.seed, ...ex.info_.gauges.map((g) => r[g.name]), ex.guessedShape_(), guess(r)].join(','));
  return `${head.join(',')}\n${lines.join('\n')}\n`;
}

// [SECTION] Back to looking: run r in the target widget.
// data-target must name a widget: a .flocklab element that is not an
// experiment (a selector that names anything else, or none, is said once
// per click, and nothing is mounted there).
function targetWidget(ex) {
  const { el_: el, d_: d } = ex;
  const said = (why) => { ex.warn_(el, `data-target="${d.target ?? ''}": ${why}`); return null; };
  let target = null;
  try {
    target = d.target ? document.querySelector(d.target) : null;
  } catch {
    return said('not a CSS selector');
  }
  if (!target) return said('no such element to show the run in');
  if (!target.classList.contains('flocklab') || target.hasAttribute('data-experiment') || target === el) {
    return said('names no widget (a .flocklab element that is not an experiment) to show the run in');
  }
  return target;
}

async function showRun(ex, run, { mount, description }) {
  const { d_: d, t_: t } = ex;
  const r = ex.rows_.find((x) => x.run === run);
  if (d.target === undefined) return null; // no widget to show runs in: the dots are only read
  const target = targetWidget(ex);
  if (!r || !target) return null;
  const scene = d.scene ?? description()?.defaultScene;
  const opts = { scene, seed: r.seed, paused: true };
  for (const [k, v] of Object.entries(d)) if (!OWN.includes(k)) opts[k] = v;
  const spec = description()?.scenes?.[scene];
  if (ex.info_.vary.tunable) opts.params = { [ex.info_.vary.name]: Number(r.value) };
  else {
    const opt = spec?.options.find((o) => o.name === ex.info_.vary.name);
    opts[opt?.kind === 'flags' ? `${opt.attribute}s` : opt?.attribute ?? ex.info_.vary.name] = r.value;
  }
  // Said first, so that the experiment and the widget, whose own region
  // says where its run ended, never speak at the same moment; said only:
  // the summary under the chart keeps the result and the prediction beside it.
  ex.said_.textContent = t('Run {0} ({1} {2}, seed {3}) is in the widget below, at {4} s.', r.run, ex.varyWords_(), ex.valueWords_(r.value), r.seed, ex.num_(ex.seconds_(), 0));
  const h = mount(target, opts, { replace: true });
  await h.ready;
  await h.runTo(ex.seconds_());
  return h;
}
