// [data-experiment]: one setting over values, each over seeds, run to a
// time; the chosen gauge at the end of every run, drawn as one dot per run,
// the mean per value as a line and the min-max band, with a summary in words.
// The runs go to Web Workers with the core alone (sweep-worker.js and
// flocklab-sweep.wasm: no SDL, no ImGui), one per core up to four, so the
// page stays responsive; without Workers they run here in slices of at most
// 8 ms. A dot (click, or Enter with the arrows moving between dots) loads its
// run into the widget named by data-target, run to the same time. A
// prediction, a shape (rises, falls, stays level, peaks) or one point per
// value dragged on the chart (pointer or keys), is drawn beside the result
// and compared with it in one sentence of numbers. At mount one worker
// describes the experiment (its values, the measure's scale), so the empty
// chart has its axes and the points before any run; that worker then takes
// the first share of the runs. This module is a file of its own
// (flocklab-experiment.js): only a page with an experiment loads it, and
// the shim passes it what it uses of the shim (mount, the language, the
// scenes' description, warn), so nothing is loaded twice.

import { SVG, makeChart } from './experiment-chart.js';
import { makePoints } from './experiment-points.js';
import { makeRunner } from './experiment-run.js';
import { POINTS, SHAPES, makeWords, parseSeeds, shapeOf, shapeWords } from './experiment-words.js';
import { exitFullscreen, fullscreenElement, offFullscreenChange, onFullscreenChange, requestFullscreen } from './fullscreen.js';
// Predict, watch, explain on what-if buttons (controls.js loads it from this chunk).
export { makePrediction } from './predict.js';

export { parseSeeds, shapeOf };

const OWN = ['experiment', 'scene', 'vary', 'values', 'seeds', 'seconds', 'measure', 'target', 'lang', 'flocklabExperiment'];

export function mountExperiment(el, { mount, loadLanguage, description, warn, onRemoved }) {
  if (el.flocklabExperiment) return el.flocklabExperiment;
  const d = el.dataset;
  // The experiment's state, shared with its parts' modules (words, chart,
  // points, runner), which read and write it as ex.NAME_.
  const ex = {
    lang_: null,
    info_: null, // the experiment's description: values, vary, gauges, runs
    rows_: [],
    workers_: [],
    here_: null, // the sweep module on this thread (without Workers), once loaded
    running_: null, // {stop()} while it runs
    focusAt_: 0, // the dot that takes the keyboard (roving tabindex)
    pointAt_: 0, // the predicted point that takes the keyboard
    points_: null, // the predicted measure, one per value, in its unit
    dragging_: null, // {i, top}: a point under the pointer (the scale held still)
    geo_: null, // the chart as last drawn (for the pointer and the keys)
    redraw_: 0, // a chart redraw waiting (while the runs come in)
    warned_: false, // the settings' warnings are given once
    describing_: true, // until the description (or why there is none) has come
    describeOnce_: null, // starts the description (once); a promise of the handle
    undescribe_: null, // ends a description under way (destroy)
    destroyed_: false,
    saying_: 0,
    resizing_: 0,
    whole_: null,
  };
  const t = (k, ...a) => (ex.lang_ ? ex.lang_.t(k, ...a) : k);
  const num = (v, dec) => (ex.lang_ ? ex.lang_.number(v, dec) : v.toFixed(dec));
  el.classList.add('flocklab', 'fl-experiment', 'flocklab-started');

  // [SECTION] The element's parts
  const node = (parent, tag, attrs = {}, text) => {
    const n = parent.ownerDocument.createElementNS(tag === 'svg' || parent.namespaceURI === SVG ? SVG : 'http://www.w3.org/1999/xhtml', tag);
    for (const [k, v] of Object.entries(attrs)) if (v !== undefined) n.setAttribute(k, String(v));
    if (text !== undefined) n.textContent = text;
    parent.append(n);
    return n;
  };
  const uid = Math.random().toString(36).slice(2);
  const box = node(el, 'div', { class: 'fl-exp' });
  const row = node(box, 'div', { class: 'fl-exp-row' });
  const predictLabel = node(row, 'label', {});
  const predictText = node(predictLabel, 'span', {});
  const predict = node(predictLabel, 'select', {});
  const runButton = node(row, 'button', { type: 'button', class: 'fl-exp-run' });
  const progress = node(row, 'progress', { max: 1, value: 0 });
  const csvButton = node(row, 'button', { type: 'button', class: 'fl-exp-csv', disabled: '' });
  const chart = node(box, 'svg', { class: 'fl-exp-chart', role: 'group' });
  const hint = node(box, 'p', { class: 'fl-exp-hint', id: `fl-exp-hint-${uid}`, hidden: '' });
  const legend = node(box, 'ul', { class: 'fl-exp-legend' });
  const summary = node(box, 'p', { class: 'fl-exp-summary', id: `fl-exp-${uid}` });
  // What a screen reader hears: a region live from the start (one made live
  // in the update that fills it is not heard), written only with news.
  const said = node(box, 'p', { class: 'fl-sr fl-exp-said', 'aria-live': 'polite' });
  chart.setAttribute('aria-describedby', summary.id);
  // Last in the tab order: the prediction, Run and the chart come first.
  const fullButton = node(box, 'button', { type: 'button', class: 'fl-exp-full', 'aria-pressed': 'false' });
  const resetButton = node(box, 'button', { type: 'button', class: 'fl-exp-reset' });


  const measure = () => ex.info_?.gauges.find((g) => g.name === (d.measure || ex.info_.gauges[0].name)) ?? ex.info_?.gauges[0];
  const seeds = () => parseSeeds(d.seeds ?? '7');
  const secondsOrNull = () => { try { return seconds(); } catch { return null; } }; // results() answers whatever data-seconds says
  const seconds = () => {
    const s = Number(d.seconds ?? 10);
    if (!(s > 0 && s <= 600)) throw new RangeError(`data-seconds="${d.seconds}": expected 0 to 600 seconds`);
    return s;
  };
  // The element's own data-* that configure the runs (as a widget's would).
  const attributes = () => Object.entries(d).filter(([k]) => !OWN.includes(k)).map(([k, v]) => `${k}\t${v}`).join('\n');
  const job = () => ({ scene: d.scene ?? '', attributes: attributes(), vary: d.vary ?? '', values: d.values ?? '', seeds: seeds().join('\n'), steps: Math.round(seconds() * 60) });
  // The prediction: '' (none), 'shape' or 'points'; and its shape (the points' own for points).
  const kind = () => (predict.value === '' ? '' : predict.value === POINTS ? 'points' : 'shape');
  const guessedShape = () => (kind() === 'points' ? (ex.points_ ? shapeOf(ex.points_)?.shape ?? '' : '') : predict.value);
  // The most a prediction can say: the measure's ceiling (order: 1), or no bound.
  // The most a predicted point can be: the gauge's ceiling (order: 1), or
  // for a gauge without one a tenth above the chart's scale from the runs or
  // the start (not from the points: else each End or drag raised the top).
  const cap = () => (measure()?.ceiling > 0 ? measure().ceiling : ex.scale_ > 0 ? Number((ex.scale_ * 1.1).toPrecision(6)) : Infinity);

  function label() {
    predictText.textContent = `${t('Your prediction')} `;
    const keep = predict.value;
    predict.replaceChildren();
    node(predict, 'option', { value: '' }, t('none yet'));
    for (const s of SHAPES) node(predict, 'option', { value: s }, shapeWords(t)[s]);
    node(predict, 'option', { value: POINTS }, t('points on the chart'));
    predict.value = keep;
    runButton.textContent = ex.running_ ? t('Stop') : t('Run');
    // The legend, below the chart (it wraps on a phone); the prediction's key shows with a prediction.
    legend.replaceChildren();
    const keys = [[t('dot: one run'), 'dot'], [t('line: the mean'), 'mean'], [t('band: lowest to highest'), 'band'], [t('dashed: your prediction'), 'guess']];
    for (const [words, k] of keys) node(legend, 'li', { class: `fl-exp-key-${k}`, hidden: k === 'guess' && !predict.value ? '' : undefined }, words);
    csvButton.textContent = t('Download CSV');
    resetButton.textContent = t('Reset');
    fullButton.textContent = t('Full screen');
    progress.setAttribute('aria-label', t('Runs finished'));
    hint.textContent = t('Drag each point to the value you expect, or use the keys: left and right choose a point, up and down move it, Page Up and Page Down move it further.');
    hint.hidden = kind() !== 'points';
  }

  // The live region hears a sentence once it is new; while a point moves it
  // waits for the point to rest. It is quiet for the first words ("No runs
  // yet." at load is no news) and while a run is under way (the partial
  // sentences of the redraws); the run's last sentence is said once.
  function say(text, later) {
    clearTimeout(ex.saying_);
    if (later) ex.saying_ = setTimeout(() => say(text), 600);
    else if (summary.textContent !== text) {
      if (!ex.running_ && summary.textContent !== '') said.textContent = text;
      summary.textContent = text;
    }
  }

  Object.assign(ex, { d_: d, el_: el, warn_: warn, t_: t, num_: num, node_: node, chart_: chart, hint_: hint, predict_: predict, csvButton_: csvButton, progress_: progress });
  Object.assign(ex, { measure_: measure, seeds_: seeds, seconds_: seconds, job_: job, kind_: kind, guessedShape_: guessedShape, cap_: cap, label_: label, say_: say });
  const { byValue_: byValue, varyWords_: varyWords, valueWords_: valueWords, sentence_: sentence } = Object.assign(ex, makeWords(ex));
  const { draw_: draw } = Object.assign(ex, makeChart(ex));
  const { ensurePoints_: ensurePoints } = Object.assign(ex, makePoints(ex));
  predict.addEventListener('change', () => { ex.describeOnce_(); if (kind() === 'points') ensurePoints(); label(); draw(); });
  // The chart is drawn in CSS px at its width: once per frame at most while
  // the window resizes (until destroy()).
  const onResize = () => {
    if (!ex.resizing_) ex.resizing_ = requestAnimationFrame(() => { ex.resizing_ = 0; draw({ quiet: true }); });
  };
  window.addEventListener('resize', onResize);

  // [SECTION] Back to looking: run r in the target widget
  // data-target must name a widget: a .flocklab element that is not an
  // experiment (a selector that names anything else, or none, is said once
  // per click, and nothing is mounted there).
  function targetWidget() {
    const said = (why) => { warn(el, `data-target="${d.target ?? ''}": ${why}`); return null; };
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
  async function show(run) {
    const r = ex.rows_.find((x) => x.run === run);
    if (d.target === undefined) return null; // no widget to show runs in: the dots are only read
    const target = targetWidget();
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
    // says where its run ended, never speak at the same moment.
    say(t('Run {0} ({1} {2}, seed {3}) is in the widget below, at {4} s.', r.run, varyWords(), valueWords(r.value), r.seed, num(seconds(), 0)));
    const h = mount(target, opts, { replace: true });
    await h.ready;
    await h.runTo(seconds());
    return h;
  }

  ex.show_ = show;
  const { describe_: describe, run_: run } = Object.assign(ex, makeRunner(ex));

  function csv() {
    if (!ex.info_) return '';
    const named = (g) => (g.unit ? `${g.name} (${g.unit})` : g.name);
    const head = ['run', ex.info_.vary.name, 'seed', ...ex.info_.gauges.map(named), 'prediction', `predicted ${named(measure())}`];
    const guess = (r) => (kind() === 'points' && ex.points_ ? ex.points_[ex.info_.values.indexOf(r.value)] : '');
    const lines = ex.rows_.slice().sort((a, b) => a.run - b.run).map((r) => [r.run, r.value, r.seed, ...ex.info_.gauges.map((g) => r[g.name]), guessedShape(), guess(r)].join(','));
    return `${head.join(',')}\n${lines.join('\n')}\n`;
  }

  // Full screen for a projector: the chart fills the screen, its text and dots twice as large.
  fullButton.addEventListener('click', () => {
    if (fullscreenElement() === el) exitFullscreen();
    else requestFullscreen(el).catch((err) => warn(el, `full screen was refused (${err.message})`));
  });
  const onFull = () => {
    fullButton.setAttribute('aria-pressed', String(fullscreenElement() === el));
    if (ex.info_) draw({ quiet: true });
  };
  onFullscreenChange(onFull);
  csvButton.addEventListener('click', () => {
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([csv()], { type: 'text/csv' }));
    a.download = `flocklab-experiment-${ex.info_?.vary.name ?? 'runs'}.csv`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  });
  runButton.addEventListener('click', () => { if (ex.running_) handle.stop(); else run().catch(() => {}); });
  resetButton.addEventListener('click', () => handle.reset());

  // After destroy() the results, the CSV and the prediction still answer;
  // what would start work throws.
  const alive = (what) => {
    if (ex.destroyed_) throw new Error(`flocklab: ${what}(): this experiment was destroyed (it left the page)`);
  };
  const handle = {
    kind: 'experiment', // el.flocklab of every mounted element says what it is (a widget's: 'widget')
    element: el,
    run,
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
    results: () => ({ vary: ex.info_?.vary.name, measure: measure()?.name, seconds: secondsOrNull(), values: ex.info_?.values ?? [], rows: ex.rows_.slice().sort((a, b) => a.run - b.run), summary: byValue(), sentence: sentence() }),
    csv,
    // The student's prediction: {kind: '' | 'shape' | 'points', shape, points: [{value, <measure>}] (with points)}.
    prediction: () => ({
      kind: kind(),
      shape: guessedShape(),
      points: kind() === 'points' && ex.points_ ? ex.info_.values.map((value, i) => ({ value, [measure().name]: ex.points_[i] })) : [],
    }),
    // predict('rises' | 'falls' | 'stays level' | 'peaks' | '' | 'points'), or
    // predict([y, ...]): one number per value, in the measure's unit.
    predict(p) {
      alive('predict');
      if (Array.isArray(p)) {
        if (!ex.info_) throw new Error('flocklab: predict(points) needs the experiment described: await experiment.ready first');
        if (p.length !== ex.info_.values.length || !p.every((y) => typeof y === 'number' && Number.isFinite(y))) {
          throw new TypeError(`flocklab: predict() takes one finite number per value (${ex.info_.values.length}), got [${p.join(', ')}]`);
        }
        const kept = p.map((y) => Math.max(0, Math.min(cap(), y)));
        if (kept.some((y, i) => y !== p[i])) warn(el, `predict(): ${measure().name} is between 0 and ${cap()}; [${p.join(', ')}] became [${kept.join(', ')}]`);
        ex.points_ = kept;
        predict.value = POINTS;
      } else {
        if (p !== '' && p !== POINTS && !SHAPES.includes(p)) throw new TypeError(`flocklab: predict() takes '', ${SHAPES.map((s) => `'${s}'`).join(', ')}, '${POINTS}' or one number per value, got ${p}`);
        predict.value = p;
        if (p === POINTS) { ex.describeOnce_(); ensurePoints(); }
      }
      label();
      draw();
    },
    show(run) {
      alive('show');
      return show(run);
    },
    // Stops a run (its promise rejects with AbortError), lets the workers go
    // and takes the element's parts away; the element can be mounted again.
    // Called when the element leaves the page.
    destroy() {
      if (ex.destroyed_) return;
      ex.destroyed_ = true;
      ex.running_?.stop();
      ex.undescribe_?.();
      near?.disconnect();
      window.removeEventListener('resize', onResize);
      offFullscreenChange(onFull);
      cancelAnimationFrame(ex.resizing_);
      clearTimeout(ex.redraw_);
      clearTimeout(ex.saying_);
      forget();
      box.remove();
      el.classList.remove('fl-experiment', 'flocklab-started', 'flocklab-ready');
      delete el.flocklabExperiment;
      if (el.flocklab === handle) delete el.flocklab;
    },
  };
  Object.assign(ex, { handle_: handle, alive_: alive });
  // Drawn (flocklab-ready) once its words are there; ready (the promise) once
  // it is described too: the axes, the values, the points. The description
  // starts when the element comes within a screen of the viewport, or when
  // something needs it (ready, predict, the menu), so a page's first widgets
  // load without it.
  const words = loadLanguage(el, d.lang).then((l) => {
    ex.lang_ = l;
    label();
    draw();
    el.classList.add('flocklab-ready');
  });
  ex.words_ = words;
  ex.describeOnce_ = () => (ex.whole_ ??= Promise.all([words, describe()]).then(([, err]) => {
    ex.describing_ = false;
    label();
    draw();
    if (err) say(err.message);
    return handle;
  }));
  Object.defineProperty(handle, 'ready', { get: ex.describeOnce_, enumerable: true });
  const near = typeof IntersectionObserver === 'function' ? new IntersectionObserver((seen) => {
    if (seen.some((x) => x.isIntersecting)) { near.disconnect(); ex.describeOnce_(); }
  }, { rootMargin: '100% 0px' }) : null;
  if (near) near.observe(el);
  else ex.describeOnce_();
  const forget = onRemoved(el, () => handle.destroy());
  label();
  el.flocklabExperiment = handle;
  el.flocklab = handle;
  return handle;
}
