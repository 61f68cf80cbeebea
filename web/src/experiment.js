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
import { POINTS, SHAPES, makeWords, shapeOf, shapeWords } from './experiment-words.js';
import { exitFullscreen, fullscreenElement, offFullscreenChange, onFullscreenChange, requestFullscreen } from './fullscreen.js';
import { OWN, makeHandle } from './experiment-handle.js';
import { offlineWithoutSimd } from './simd.js';
// Predict, watch, explain on what-if buttons (controls.js loads it from this chunk).
export { armFigure } from './predict-figure.js';
export { drawPlot } from './plot.js';
export { makeForm } from './form.js'; // a widget's [data-controls] (form-slot.js loads it)
export { runRows } from './experiment-run.js';

export { shapeOf };

export function mountExperiment(el, { mount, loadLanguage, description, warn, onRemoved }) {
  if (el.flocklabExperiment) return el.flocklabExperiment;
  const d = el.dataset;
  // The experiment's state, shared with its parts' modules (words, chart,
  // points, runner, handle), which read and write it as ex.NAME_.
  const ex = {
    d_: d,
    el_: el,
    warn_: warn,
    lang_: null,
    info_: null, // the experiment's description: values, vary, gauges, runs
    rows_: [],
    workers_: [],
    here_: null, // the sweep module on this thread (without Workers), once loaded
    running_: null, // {stop()} while it runs
    focusAt_: 0, // the dot that takes the keyboard (roving tabindex)
    pointAt_: 0, // the predicted point that takes the keyboard
    points_: null, // the predicted measure, one per value, in its unit
    pointsMoved_: false, // a point was moved (a drag, a key, predict()): points left where they started are no prediction
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
    cleanups_: [], // what destroy() undoes: observers, listeners, the element's parts
  };
  ex.t_ = (k, ...a) => (ex.lang_ ? ex.lang_.t(k, ...a) : k);
  ex.num_ = (v, dec) => (ex.lang_ ? ex.lang_.number(v, dec) : v.toFixed(dec));
  ex.node_ = node;
  el.classList.add('flocklab', 'fl-experiment', 'flocklab-started');
  Object.assign(ex, makeParts(el));
  Object.assign(ex, settings(ex));
  ex.label_ = () => label(ex);
  ex.say_ = (text, later) => say(ex, text, later);
  Object.assign(ex, makeWords(ex));
  Object.assign(ex, makeChart(ex));
  Object.assign(ex, makePoints(ex));
  Object.assign(ex, makeRunner(ex));
  const handle = makeHandle(ex, { mount, description });
  armParts(ex);
  startLoading(ex, loadLanguage);
  const forget = onRemoved(el, () => handle.destroy());
  ex.cleanups_.push(forget, () => ex.box_.remove());
  ex.label_();
  el.flocklabExperiment = handle;
  el.flocklab = handle;
  return handle;
}

// [SECTION] The element's parts
function node(parent, tag, attrs = {}, text) {
  const n = parent.ownerDocument.createElementNS(tag === 'svg' || parent.namespaceURI === SVG ? SVG : 'http://www.w3.org/1999/xhtml', tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined) n.setAttribute(k, String(v));
  if (text !== undefined) n.textContent = text;
  parent.append(n);
  return n;
}

function makeParts(el) {
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
  // An offline file on an engine without SIMD cannot run (the summary says
  // why, experiment-run.js): no control that would only repeat it, no empty
  // chart, and no full screen of nothing (Download CSV waits for rows).
  if (offlineWithoutSimd()) {
    el.classList.add('fl-exp-cannot');
    for (const c of [predict, runButton, resetButton, fullButton]) c.disabled = true;
  }
  return {
    box_: box, predictText_: predictText, predict_: predict, runButton_: runButton, progress_: progress, csvButton_: csvButton,
    chart_: chart, hint_: hint, legend_: legend, summary_: summary, said_: said, fullButton_: fullButton, resetButton_: resetButton,
  };
}

// What the element's data-* say, read when needed: the measure, the seeds,
// the seconds, the job for the workers, and the prediction's kind and cap.
function settings(ex) {
  const d = ex.d_;
  const measure = () => ex.info_?.gauges.find((g) => g.name === (d.measure || ex.info_.gauges[0].name)) ?? ex.info_?.gauges[0];
  // The seeds as the module read them (the core's grammar: "0-9", "1,4,9"), once described.
  const seeds = () => ex.info_?.seeds ?? [];
  const seconds = () => {
    const s = Number(d.seconds ?? 10);
    if (!(s > 0 && s <= 600)) throw new RangeError(`data-seconds="${d.seconds}": expected 0 to 600 seconds`);
    return s;
  };
  // The element's own data-* that configure the runs (as a widget's would).
  const attributes = () => Object.entries(d).filter(([k]) => !OWN.includes(k)).map(([k, v]) => `${k}\t${v}`).join('\n');
  const job = () => ({ scene: d.scene ?? '', attributes: attributes(), vary: d.vary ?? '', values: d.values ?? '', seeds: d.seeds ?? '7', steps: Math.round(seconds() * 60) });
  // The prediction: '' (none), 'shape' or 'points'; and its shape (the points' own for points).
  const kind = () => (ex.predict_.value === '' ? '' : ex.predict_.value === POINTS ? 'points' : 'shape');
  const guessedShape = () => (kind() === 'points' ? (ex.points_ && ex.pointsMoved_ ? shapeOf(ex.points_)?.shape ?? '' : '') : ex.predict_.value);
  // The most a predicted point can be: the gauge's ceiling (order: 1), or
  // for a gauge without one a tenth above the chart's scale from the runs or
  // the start (not from the points: else each End or drag raised the top).
  const cap = () => (measure()?.ceiling > 0 ? measure().ceiling : ex.scale_ > 0 ? Number((ex.scale_ * 1.1).toPrecision(6)) : Infinity);
  return { measure_: measure, seeds_: seeds, seconds_: seconds, job_: job, kind_: kind, guessedShape_: guessedShape, cap_: cap };
}

// The parts' words, in the experiment's language.
function label(ex) {
  const { t_: t, predict_: predict, legend_: legend } = ex;
  ex.predictText_.textContent = `${t('Your prediction')} `;
  const keep = predict.value;
  predict.replaceChildren();
  node(predict, 'option', { value: '' }, t('none yet'));
  for (const s of SHAPES) node(predict, 'option', { value: s }, shapeWords(t)[s]);
  node(predict, 'option', { value: POINTS }, t('points on the chart'));
  predict.value = keep;
  ex.runButton_.textContent = ex.running_ ? t('Stop') : t('Run');
  // The legend, below the chart (it wraps on a phone); the prediction's key shows with a prediction.
  legend.replaceChildren();
  const keys = [[t('dot: one run'), 'dot'], [t('line: the mean'), 'mean'], [t('band: lowest to highest'), 'band'], [t('dashed: your prediction'), 'guess']];
  for (const [words, k] of keys) node(legend, 'li', { class: `fl-exp-key-${k}`, hidden: k === 'guess' && !predict.value ? '' : undefined }, words);
  ex.csvButton_.textContent = t('Download CSV');
  ex.resetButton_.textContent = t('Reset');
  ex.fullButton_.textContent = t('Full screen');
  ex.progress_.setAttribute('aria-label', t('Runs finished'));
  ex.hint_.textContent = t('Drag each point to the value you expect, or use the keys: left and right choose a point, up and down move it, Page Up and Page Down move it further.');
  ex.hint_.hidden = ex.kind_() !== 'points';
}

// The live region hears a sentence once it is new; while a point moves it
// waits for the point to rest. It is quiet for the first words ("No runs
// yet." at load is no news) and while a run is under way (the partial
// sentences of the redraws); the run's last sentence is said once.
function say(ex, text, later) {
  clearTimeout(ex.saying_);
  if (later) ex.saying_ = setTimeout(() => say(ex, text), 600);
  else if (ex.summary_.textContent !== text) {
    if (!ex.running_ && ex.summary_.textContent !== '') ex.said_.textContent = text;
    ex.summary_.textContent = text;
  }
}

// The parts' listeners: the prediction menu, the window's size, full
// screen, the CSV, Run and Reset.
function armParts(ex) {
  const { el_: el, draw_: draw, handle_: handle } = ex;
  ex.predict_.addEventListener('change', () => { ex.describeOnce_(); if (ex.kind_() === 'points') ex.ensurePoints_(); ex.label_(); draw(); });
  // The chart is drawn in CSS px at its width: once per frame at most while
  // the window resizes (until destroy()).
  const onResize = () => {
    if (!ex.resizing_) ex.resizing_ = requestAnimationFrame(() => { ex.resizing_ = 0; draw({ quiet: true }); });
  };
  window.addEventListener('resize', onResize);
  // Full screen for a projector: the chart fills the screen, its text and dots twice as large.
  ex.fullButton_.addEventListener('click', () => {
    if (fullscreenElement() === el) exitFullscreen();
    else requestFullscreen(el).catch((err) => ex.warn_(el, `full screen was refused (${err.message})`));
  });
  const onFull = () => {
    ex.fullButton_.setAttribute('aria-pressed', String(fullscreenElement() === el));
    if (ex.info_) draw({ quiet: true });
  };
  onFullscreenChange(onFull);
  ex.cleanups_.push(() => window.removeEventListener('resize', onResize), () => offFullscreenChange(onFull));
  ex.csvButton_.addEventListener('click', () => {
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([handle.csv()], { type: 'text/csv' }));
    a.download = `flocklab-experiment-${ex.info_?.vary.name ?? 'runs'}.csv`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  });
  ex.runButton_.addEventListener('click', () => { if (ex.running_) handle.stop(); else ex.run_().catch(() => {}); });
  ex.resetButton_.addEventListener('click', () => handle.reset());
}

// Drawn (flocklab-ready) once its words are there; ready (the promise) once
// it is described too: the axes, the values, the points. The description
// starts when the element comes within a screen of the viewport, or when
// something needs it (ready, predict, the menu), so a page's first widgets
// load without it.
function startLoading(ex, loadLanguage) {
  const { el_: el, handle_: handle } = ex;
  const words = loadLanguage(el, ex.d_.lang).then((l) => {
    ex.lang_ = l;
    ex.label_();
    ex.draw_();
    el.classList.add('flocklab-ready');
  });
  ex.words_ = words;
  ex.describeOnce_ = () => (ex.whole_ ??= Promise.all([words, ex.describe_()]).then(([, err]) => {
    ex.describing_ = false;
    ex.label_();
    ex.draw_();
    if (err) ex.say_(err.message);
    return handle;
  }));
  Object.defineProperty(handle, 'ready', { get: ex.describeOnce_, enumerable: true });
  const near = typeof IntersectionObserver === 'function' ? new IntersectionObserver((seen) => {
    if (seen.some((x) => x.isIntersecting)) { near.disconnect(); ex.describeOnce_(); }
  }, { rootMargin: '100% 0px' }) : null;
  if (near) near.observe(el);
  else ex.describeOnce_();
  ex.cleanups_.push(() => near?.disconnect());
}
