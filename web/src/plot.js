// Charts: <svg data-plot="spacing order"> inside a widget, drawn from the
// scene's history, with the summary (charts.js: `summary`, passed by the
// shim, whose language tables it reads) as its description. It
// travels in the experiments' chunk: a chart is drawn once the widget runs,
// and its code is not part of the widget's first load.
import { PLOT_WINDOW_S, number } from './values.js';
import { fullscreenElement } from './fullscreen.js';

const SVG = 'http://www.w3.org/2000/svg';
const PLOT_COLOURS = ['#0369a1', '#15803d', '#7e22ce', '#b45309'];

function svgNode(parent, name, attrs, text) {
  const n = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, String(v));
  if (text !== undefined) n.textContent = text;
  parent.append(n);
  return n;
}

// decimals: how many each gauge shows ({arrived: 0}), as the module describes it;
// lang: the widget's language; summary(h, names): the chart's sentences.
export function drawPlot(svg, h, decimals, lang, summary) {
  const { t } = lang;
  const names = svg.dataset.plot.split(/[\s,]+/).filter((g) => g in h.units);
  // Drawn in CSS px at the chart's displayed width, so text keeps its size;
  // with its widget in full screen (a projector), 1.75 times as large.
  const zoom = fullscreenElement() && svg.closest('.flocklab') === fullscreenElement() ? 1.75 : 1;
  const W = Math.max(200, Math.round(svg.getBoundingClientRect().width / zoom) || 320);
  const ROW = 72; // px per gauge: its legend line, then its plot
  const H = 26 + ROW * Math.max(1, names.length);
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.style.height = `${H * zoom}px`;
  svg.setAttribute('role', 'img');
  svg.replaceChildren();
  // A short name, and the summary as its description (read once each).
  const name = t('{0} over time', names.map((g) => t(g)).join(t(' and ')));
  svgNode(svg, 'title', {}, name);
  svgNode(svg, 'desc', {}, summary(h, names));
  svg.setAttribute('aria-label', name);
  const n = h.time.length;
  if (n < 2) return;
  const t1 = h.time[n - 1];
  const t0 = Math.max(h.time[0], t1 - PLOT_WINDOW_S);
  const left = 44;
  const right = W - 8;
  const x = (t) => left + ((t - t0) / Math.max(t1 - t0, 1e-9)) * (right - left); // the axis spans exactly the samples shown
  let k0 = h.time.findIndex((t) => t >= t0);
  if (k0 < 0) k0 = 0;
  // The run before (data-compare="previous", the default; "none": without),
  // faint behind the current one, on the same simulated times.
  const prev = svg.dataset.compare === 'none' ? null : h.runs?.[h.runs.length - 1];
  const ghostAt = prev ? prev.time.map((t, k) => [t, k]).filter(([t]) => t >= t0 && t <= t1) : [];
  names.forEach((g, row) => {
    const legend = 14 + row * ROW; // the legend's baseline, above its plot (never on the line)
    const top = legend + 10;
    const bottom = top + 40;
    const values = h[g].slice(k0);
    const ghost = ghostAt.map(([t, k]) => [t, prev[g][k]]);
    const hi = Math.max(...values.filter(Number.isFinite), ...ghost.map(([, v]) => v).filter(Number.isFinite), h.units[g] === '' ? 1 : 0) || 1;
    const y = (v) => bottom - (Math.min(Math.max(v, 0), hi) / hi) * (bottom - top);
    svgNode(svg, 'line', { x1: left, y1: bottom, x2: right, y2: bottom, stroke: '#94a3b8' });
    svgNode(svg, 'line', { x1: left, y1: top, x2: left, y2: bottom, stroke: '#94a3b8' });
    const unit = h.units[g] ? ` (${t(h.units[g])})` : '';
    svgNode(svg, 'text', { x: left - 4, y: top + 8, 'text-anchor': 'end', 'font-size': 12 }, lang.number(hi, hi >= 10 ? 0 : 1));
    svgNode(svg, 'text', { x: left - 4, y: bottom, 'text-anchor': 'end', 'font-size': 12 }, '0');
    svgNode(svg, 'text', { x: left, y: legend, 'font-size': 12, style: `fill: ${PLOT_COLOURS[row % 4]}`, 'font-weight': 600 },
      `${t(g)}${unit}: ${number(h[g][n - 1], h.units[g], decimals[g], lang)}`);
    for (const e of h.events) {
      if (e.time < t0) continue;
      const line = svgNode(svg, 'line', { x1: x(e.time), y1: top, x2: x(e.time), y2: bottom, stroke: '#d97706', 'stroke-dasharray': '3 2' });
      svgNode(line, 'title', {}, t('{0} at {1} s', e.what, lang.number(e.time, 1)));
    }
    if (ghost.length > 1) {
      const line = svgNode(svg, 'polyline', { points: ghost.map(([t, v]) => `${x(t).toFixed(1)},${y(v).toFixed(1)}`).join(' '),
        fill: 'none', stroke: PLOT_COLOURS[row % 4], 'stroke-width': 1.5, 'stroke-opacity': 0.3, 'stroke-dasharray': '4 3', class: 'fl-ghost' });
      svgNode(line, 'title', {}, t('{0}, run {1} (seed {2})', t(g), prev.run, prev.seed));
    }
    const points = values.map((v, k) => `${x(h.time[k0 + k]).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
    svgNode(svg, 'polyline', { points, fill: 'none', stroke: PLOT_COLOURS[row % 4], 'stroke-width': 1.5 });
  });
  const axis = 8 + names.length * ROW;
  svgNode(svg, 'text', { x: left, y: axis + 4, 'font-size': 12 }, `${lang.number(t0, 0)} s`);
  svgNode(svg, 'text', { x: right, y: axis + 4, 'font-size': 12, 'text-anchor': 'end' }, `${lang.number(t1, 1)} s`);
  svgNode(svg, 'text', { x: (left + right) / 2, y: axis + 4, 'font-size': 12, 'text-anchor': 'middle' },
    ghostAt.length > 1 ? t('simulated time (s); dashed: run {0}, the run before', prev.run) : t('simulated time (s)'));
}
