// The experiment's chart: axes and ticks, the band, the mean, the prediction
// (a shape, or points that are sliders), and one dot per run (a button once
// the runs are done), over the experiment's state `ex` (experiment.js).
import { summarize, unitWord } from './values.js';
import { fullscreenElement } from './fullscreen.js';

export const SVG = 'http://www.w3.org/2000/svg';

export function makeChart(ex) {
  const { chart_: chart, t_: t, node_: node, measure_: measure, kind_: kind, say_: say } = ex;
  const { varyWords_: varyWords, sentence_: sentence, comparison_: comparison } = ex;
  // In full screen (a projector) the chart is drawn at half its width and
  // shown twice as large: text, dots and lines scale with it, and its
  // height grows to fill the screen.
  const zoom = () => (fullscreenElement() && fullscreenElement() === chart.closest('.flocklab') ? 2 : 1);
  const W = () => Math.max(280, Math.round(chart.getBoundingClientRect().width / zoom()) || 640);
  // Round ticks: 1, 2 or 5 times a power of ten, about four of them.
  const tickOf = (top) => {
    const raw = top / 4;
    const pow = 10 ** Math.floor(Math.log10(raw));
    return [1, 2, 5, 10].map((m) => m * pow).find((x) => x >= raw);
  };
  // Where everything goes: the runs' range, or before any run the measure's
  // scale (its ceiling, else the most a student may well predict, else half
  // again its value at the start), and the predicted points; held still
  // while a point is dragged.
  function geometry() {
    const width = W();
    const height = zoom() > 1 ? Math.max(260, Math.round((window.innerHeight - 220) / zoom())) : 260;
    const g = measure();
    const numeric = ex.info_.values.every((x) => Number.isFinite(Number(x)));
    const xs = ex.info_.values.map((x, i) => (numeric ? Number(x) : i));
    const { min: x0, max: x1 } = summarize(xs);
    const ys = ex.rows_.map((r) => r[g.name]).filter(Number.isFinite);
    const scale = ys.length ? summarize(ys).max : g.ceiling > 0 ? g.ceiling / 1.1 : g.plausible > 0 ? g.plausible / 1.1 : g.value > 0 ? g.value * 1.5 : 1;
    if (!ex.dragging_) ex.scale_ = scale; // the points' limit where the gauge has no ceiling (experiment.js cap)
    const yTop = ex.dragging_ ? ex.dragging_.top : Math.max(scale, ...(kind() === 'points' && ex.points_ ? ex.points_ : []), g.unit === '' ? 1 : 0, 1e-9) * 1.1;
    const left = 56;
    const right = width - 16;
    const top = 34;
    const bottom = height - 44;
    const X = (x) => left + (x1 === x0 ? 0.5 : (x - x0) / (x1 - x0)) * (right - left);
    const Y = (y) => bottom - (Math.max(0, y) / yTop) * (bottom - top);
    const tick = tickOf(yTop);
    return { width, height, xs, left, right, top, bottom, X, Y, yTop, tick, fine: tick / 10 };
  }
  // The measure at a pointer's height, and the value column nearest a pointer.
  const rect = () => chart.getBoundingClientRect();
  const measureAt = (clientY) => (ex.geo_.bottom - (clientY - rect().top) * (ex.geo_.height / rect().height)) / (ex.geo_.bottom - ex.geo_.top) * ex.geo_.yTop;
  const columnAt = (clientX) => {
    const x = (clientX - rect().left) * (ex.geo_.width / rect().width);
    const far = ex.geo_.xs.map((v) => Math.abs(ex.geo_.X(v) - x));
    return far.indexOf(summarize(far).min);
  };

  function draw({ quiet = false } = {}) {
    const had = document.activeElement?.closest?.('.fl-exp-point') ? Number(document.activeElement.dataset.i) : -1;
    chart.replaceChildren();
    if (!ex.info_) {
      ex.geo_ = null;
      if (ex.describing_) {
        node(chart, 'text', { x: '50%', y: '50%', 'text-anchor': 'middle', class: 'fl-exp-wait' }, t('Preparing the chart...'));
        say(t('No runs yet.')); // the line is there from the start: nothing below moves when the chart is described
      }
      return;
    }
    const geo = (ex.geo_ = geometry());
    chart.setAttribute('viewBox', `0 0 ${geo.width} ${geo.height}`);
    chart.style.height = `${geo.height * zoom()}px`;
    chart.setAttribute('aria-label', t('{0} against {1}: one dot per run', t(measure().name), varyWords()));
    drawAxes(ex, geo);
    const have = drawResult(ex, geo);
    if (kind() === 'shape') drawShape(ex, geo, have);
    if (kind() === 'points' && ex.points_) drawPoints(ex, geo);
    drawDots(ex, geo);
    if (had >= 0) chart.querySelector(`.fl-exp-point[data-i="${had}"]`)?.focus();
    say([sentence(), comparison()].filter(Boolean).join(' '), quiet);
  }

  return { geometry_: geometry, rect_: rect, measureAt_: measureAt, columnAt_: columnAt, draw_: draw };
}

// [SECTION] The chart's parts, each drawn over the geometry `geo` (makeChart's geometry()).

// Axes, ticks and their words; the author's mark; the axes' names.
function drawAxes(ex, geo) {
  const { chart_: chart, t_: t, num_: num, node_: node, measure_: measure, seconds_: seconds, varyWords_: varyWords, valueWords_: valueWords } = ex;
  const { height, xs, left, right, top, bottom, X, Y, yTop } = geo;
  const g = measure();
  node(chart, 'line', { x1: left, y1: bottom, x2: right, y2: bottom, class: 'fl-exp-axis' });
  node(chart, 'line', { x1: left, y1: top, x2: left, y2: bottom, class: 'fl-exp-axis' });
  const every = Math.ceil(ex.info_.values.length / Math.max(2, Math.floor((right - left) / 44)));
  ex.info_.values.forEach((v, i) => {
    if (i % every && i !== ex.info_.values.length - 1) return;
    node(chart, 'text', { x: X(xs[i]), y: bottom + 16, 'text-anchor': 'middle' }, valueWords(v, false));
  });
  const step = geo.tick;
  const dec = Math.max(0, -Math.floor(Math.log10(step)));
  for (let y = 0; y <= yTop; y += step) {
    node(chart, 'line', { x1: left - 3, y1: Y(y), x2: left, y2: Y(y), class: 'fl-exp-axis' });
    node(chart, 'text', { x: left - 6, y: Y(y) + 4, 'text-anchor': 'end' }, num(y, dec));
  }
  // data-mark="55: braking distance": a dashed line across the plot at that
  // value of the varied setting, with the author's words (a threshold the
  // lesson computes), where the axis has that value.
  const mark = /^\s*(-?\d+(?:\.\d+)?)\s*(?::\s*(.*))?$/.exec(ex.d_.mark ?? '');
  const mx = mark && xs.every((v, i) => v === Number(ex.info_.values[i])) ? X(Number(mark[1])) : NaN;
  if (mx >= left && mx <= right) {
    node(chart, 'line', { x1: mx, y1: top, x2: mx, y2: bottom, class: 'fl-exp-mark' });
    node(chart, 'text', { x: mx + 4, y: top + 12, class: 'fl-exp-mark-words' }, mark[2] ? `${mark[2]} (${num(Number(mark[1]), 0)})` : num(Number(mark[1]), 0));
  }
  node(chart, 'text', { x: (left + right) / 2, y: height - 8, 'text-anchor': 'middle' }, ex.info_.vary.unit ? `${varyWords()} (${unitWord(ex.info_.vary.unit, t)})` : varyWords());
  node(chart, 'text', { x: left, y: 14 }, g.unit ? `${t(g.name)} (${t(g.unit)}) ${t('after {0} s', num(seconds(), 0))}` : `${t(g.name)} ${t('after {0} s', num(seconds(), 0))}`);
}

// The runs' band (lowest to highest) and mean per value; returns the values
// that have runs, as [their summary, x].
function drawResult(ex, { xs, X, Y }) {
  const have = ex.byValue_().map((p, i) => [p, xs[i]]).filter(([p]) => p.n > 0);
  if (have.length) {
    const band = [...have.map(([p, x]) => `${X(x)},${Y(p.max)}`), ...have.slice().reverse().map(([p, x]) => `${X(x)},${Y(p.min)}`)];
    ex.node_(ex.chart_, 'polygon', { points: band.join(' '), class: 'fl-exp-band' });
    ex.node_(ex.chart_, 'polyline', { points: have.map(([p, x]) => `${X(x)},${Y(p.mean)}`).join(' '), class: 'fl-exp-mean' });
  }
  return have;
}

// A predicted shape, drawn across the result's range (or the middle of the chart before any run).
function drawShape(ex, { left, right, Y, yTop }, have) {
  const means = have.map(([p]) => p.mean);
  const { min: lo, max: hi } = have.length > 1 ? summarize(means) : { min: 0.25 * yTop / 1.1, max: 0.75 * yTop / 1.1 };
  const at = (f) => ({ rises: lo + f * (hi - lo), falls: hi - f * (hi - lo), 'stays level': (lo + hi) / 2, peaks: lo + (1 - Math.abs(2 * f - 1)) * (hi - lo) })[ex.predict_.value];
  const pts = Array.from({ length: 21 }, (_, k) => k / 20).map((f) => `${left + f * (right - left)},${Y(at(f))}`);
  ex.node_(ex.chart_, 'polyline', { points: pts.join(' '), class: 'fl-exp-guess' });
}

// Predicted points: one slider per value (the arrows move between them and move them).
function drawPoints(ex, { xs, X, Y, yTop }) {
  const { chart_: chart, hint_: hint, t_: t, node_: node, varyWords_: varyWords, valueWords_: valueWords, measureWords_: measureWords } = ex;
  const group = node(chart, 'g', { class: 'fl-exp-points' });
  node(group, 'polyline', { points: ex.points_.map((y, i) => `${X(xs[i])},${Y(y)}`).join(' '), class: 'fl-exp-guess' });
  ex.pointAt_ = Math.min(ex.pointAt_, ex.points_.length - 1);
  ex.points_.forEach((y, i) => {
    const h = node(group, 'g', {
      class: 'fl-exp-point', role: 'slider', tabindex: i === ex.pointAt_ ? 0 : -1, 'data-i': i,
      'aria-orientation': 'vertical', 'aria-valuemin': 0, 'aria-valuemax': Number(yTop.toFixed(6)), 'aria-valuenow': y,
      'aria-valuetext': measureWords(y), 'aria-label': t('Your prediction at {0} {1}', varyWords(), valueWords(ex.info_.values[i])),
      'aria-describedby': hint.id, 'aria-disabled': ex.running_ ? 'true' : undefined,
    });
    node(h, 'circle', { cx: X(xs[i]), cy: Y(y), r: 16, class: 'fl-exp-point-hit' });
    node(h, 'rect', { x: X(xs[i]) - 5, y: Y(y) - 5, width: 10, height: 10, transform: `rotate(45 ${X(xs[i])} ${Y(y)})`, class: 'fl-exp-point-mark' });
  });
}

// One dot per run, spread a little by seed; the arrows move between them.
// While the runs come in, the dots are one path (one element however many
// runs: the page stays responsive); once done each is a button with its words.
function drawDots(ex, { xs, left, right, X, Y }) {
  const { chart_: chart, t_: t, measure_: measure, varyWords_: varyWords, valueWords_: valueWords, measureWords_: measureWords } = ex;
  const g = measure();
  const seedList = ex.seeds_();
  const spread = Math.min(10, (right - left) / Math.max(1, ex.info_.values.length) / 3);
  const sorted = ex.rows_.slice().sort((a, b) => a.run - b.run);
  ex.focusAt_ = Math.min(ex.focusAt_, Math.max(0, sorted.length - 1));
  const at = (r) => {
    const j = seedList.indexOf(r.seed);
    const off = seedList.length > 1 ? (j / (seedList.length - 1) - 0.5) * spread : 0;
    return [X(xs[ex.info_.values.indexOf(r.value)]) + off, Y(r[g.name])];
  };
  if (ex.running_) {
    const d = sorted.map((r) => { const [x, y] = at(r); return `M${(x - 4.5).toFixed(1)},${y.toFixed(1)}a4.5,4.5 0 1,0 9,0a4.5,4.5 0 1,0 -9,0`; });
    if (d.length) ex.node_(chart, 'path', { d: d.join(''), class: 'fl-exp-dots-live' });
    return;
  }
  // A dot is a button only where there is a widget to show its run in (data-target).
  const shows = ex.d_.target !== undefined;
  const frag = document.createDocumentFragment();
  sorted.forEach((r, k) => {
    const [x, y] = at(r);
    const dot = document.createElementNS(SVG, 'circle');
    dot.setAttribute('cx', x);
    dot.setAttribute('cy', y);
    dot.setAttribute('r', 4.5);
    dot.setAttribute('class', 'fl-exp-dot');
    dot.setAttribute('role', shows ? 'button' : 'img');
    dot.setAttribute('tabindex', k === ex.focusAt_ ? 0 : -1);
    dot.setAttribute('aria-label', shows
      ? t('{0} {1}, seed {2}: {3} {4}. Enter shows this run.', varyWords(), valueWords(r.value), r.seed, t(g.name), measureWords(r[g.name]))
      : t('{0} {1}, seed {2}: {3} {4}.', varyWords(), valueWords(r.value), r.seed, t(g.name), measureWords(r[g.name])));
    dot.dataset.run = String(r.run);
    frag.append(dot);
  });
  chart.append(frag);
}
