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

import { begin, sweepApi } from './sweep-api.js';

const SVG = 'http://www.w3.org/2000/svg';
const OWN = ['experiment', 'scene', 'vary', 'values', 'seeds', 'seconds', 'measure', 'target', 'lang', 'flocklabExperiment'];
const SHAPES = ['rises', 'falls', 'stays level', 'peaks'];
const POINTS = 'points'; // the prediction menu's last choice: points dragged on the chart
const shapeWords = (t) => ({ rises: t('rises'), falls: t('falls'), 'stays level': t('stays level'), peaks: t('peaks') });
const SLICE_MS = 8; // without Workers: the most one task works
const MAX_WORKERS = 4;

// "0-9" -> 0..9; "1,2,5" -> [1, 2, 5]; "3" -> [3].
export function parseSeeds(text) {
  const t = String(text ?? '').trim();
  const range = /^(\d+)\s*-\s*(\d+)$/.exec(t);
  const seeds = range ? Array.from({ length: Math.max(0, Number(range[2]) - Number(range[1]) + 1) }, (_, k) => Number(range[1]) + k)
    : t.split(',').map((x) => x.trim()).filter((x) => x !== '').map(Number);
  if (!seeds.length || seeds.length > 1000 || !seeds.every((x) => Number.isSafeInteger(x) && x >= 0)) {
    throw new TypeError(`data-seeds="${t}": expected a range such as 0-9 or a list such as 1,2,5 (1 to 1000 whole numbers)`);
  }
  return seeds;
}

// The shape of a series of means: 'rises', 'falls', 'stays level' or 'peaks',
// and where it turns or levels off (an index).
export function shapeOf(means) {
  const lo = Math.min(...means);
  const hi = Math.max(...means);
  const range = hi - lo;
  const n = means.length;
  if (n < 2 || range <= 0.05 * Math.max(Math.abs(hi), Math.abs(lo), 1e-12)) return { shape: 'stays level' };
  const top = means.indexOf(hi);
  if (top > 0 && top < n - 1 && hi - means[0] > 0.2 * range && hi - means[n - 1] > 0.2 * range) return { shape: 'peaks', at: top };
  const shape = means[n - 1] >= means[0] ? 'rises' : 'falls';
  // Where it levels off: from there on it moves less than a tenth of its range.
  let level = n - 1;
  while (level > 1 && Math.abs(means[n - 1] - means[level - 1]) < 0.1 * range) level--;
  return { shape, levelsAt: level < n - 2 ? level : undefined };
}

export function mountExperiment(el, { mount, loadLanguage, description, warn, onRemoved }) {
  if (el.flocklabExperiment) return el.flocklabExperiment;
  const d = el.dataset;
  let lang = null;
  const t = (k, ...a) => (lang ? lang.t(k, ...a) : k);
  const num = (v, dec) => (lang ? lang.number(v, dec) : v.toFixed(dec));
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
  const summary = node(box, 'p', { class: 'fl-exp-summary', 'aria-live': 'polite', id: `fl-exp-${uid}` });
  chart.setAttribute('aria-describedby', summary.id);

  let info = null; // the experiment's description: values, vary, gauges, runs
  let rows = [];
  let workers = [];
  let spare = null; // the worker that described the experiment, kept for the first share of a run
  let here = null; // the sweep module on this thread (without Workers), once loaded
  let running = null; // {stop()} while it runs
  let focusAt = 0; // the dot that takes the keyboard (roving tabindex)
  let pointAt = 0; // the predicted point that takes the keyboard
  let points = null; // the predicted measure, one per value, in its unit
  let dragging = null; // {i, top}: a point under the pointer (the scale held still)
  let geo = null; // the chart as last drawn (for the pointer and the keys)
  let redraw = 0; // a chart redraw waiting (while the runs come in)
  let warned = false; // the settings' warnings are given once
  let describing = true; // until the description (or why there is none) has come
  let describeOnce = null; // starts the description (once); a promise of the handle
  let undescribe = null; // ends a description under way (destroy)
  let destroyed = false;

  const measure = () => info?.gauges.find((g) => g.name === (d.measure || info.gauges[0].name)) ?? info?.gauges[0];
  const seeds = () => parseSeeds(d.seeds ?? '7');
  const seconds = () => {
    const s = Number(d.seconds ?? 10);
    if (!(s > 0 && s <= 600)) throw new RangeError(`data-seconds="${d.seconds}": expected 0 to 600 seconds`);
    return s;
  };
  // The element's own data-* that configure the runs (as a widget's would).
  const attributes = () => Object.entries(d).filter(([k]) => !OWN.includes(k)).map(([k, v]) => `${k}\t${v}`).join('\n');
  const job = () => ({ scene: d.scene ?? 'flock', attributes: attributes(), vary: d.vary ?? '', values: d.values ?? '', seeds: seeds().join('\n'), steps: Math.round(seconds() * 60) });
  // The prediction: '' (none), 'shape' or 'points'; and its shape (the points' own for points).
  const kind = () => (predict.value === '' ? '' : predict.value === POINTS ? 'points' : 'shape');
  const guessedShape = () => (kind() === 'points' ? (points ? shapeOf(points).shape : '') : predict.value);
  // The most a prediction can say: the measure's ceiling (order: 1), or no bound.
  const cap = () => (measure()?.ceiling > 0 ? measure().ceiling : Infinity);

  function label() {
    predictText.textContent = `${t('Your prediction')} `;
    const keep = predict.value;
    predict.replaceChildren();
    node(predict, 'option', { value: '' }, t('none yet'));
    for (const s of SHAPES) node(predict, 'option', { value: s }, shapeWords(t)[s]);
    node(predict, 'option', { value: POINTS }, t('points on the chart'));
    predict.value = keep;
    runButton.textContent = running ? t('Stop') : t('Run');
    // The legend, below the chart (it wraps on a phone); the prediction's key shows with a prediction.
    legend.replaceChildren();
    const keys = [[t('dot: one run'), 'dot'], [t('line: the mean'), 'mean'], [t('band: lowest to highest'), 'band'], [t('dashed: your prediction'), 'guess']];
    for (const [words, k] of keys) node(legend, 'li', { class: `fl-exp-key-${k}`, hidden: k === 'guess' && !predict.value ? '' : undefined }, words);
    csvButton.textContent = t('Download CSV');
    progress.setAttribute('aria-label', t('Runs finished'));
    hint.textContent = t('Drag each point to the value you expect, or use the keys: left and right choose a point, up and down move it, Page Up and Page Down move it further.');
    hint.hidden = kind() !== 'points';
  }

  // [SECTION] Results
  function byValue() {
    const g = measure()?.name;
    return (info?.values ?? []).map((value) => {
      const xs = rows.filter((r) => r.value === value).map((r) => r[g]);
      return { value, n: xs.length, mean: xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN, min: Math.min(...xs), max: Math.max(...xs) };
    });
  }
  const varyWords = () => t(info.vary.label);
  // A value as people read it: 330 (not 330.0), 0,25 in Spanish; with the setting's unit.
  const digits = (v) => (String(Number(v)).split('.')[1] ?? '').length;
  const valueWords = (v, unit = true) => {
    const x = Number(v);
    if (v === '' || !Number.isFinite(x)) return t(v);
    const words = num(x, Math.min(6, digits(v)));
    return unit && info.vary.unit ? `${words} ${t(info.vary.unit)}` : words;
  };
  const withUnit = (v, unit, dec) => (unit ? `${num(v, dec)} ${t(unit)}` : num(v, dec));
  const decimalsOf = (g) => g.decimals ?? (g.unit === '' ? 2 : 1);
  const measureWords = (v) => withUnit(v, measure().unit, decimalsOf(measure()));

  // One sentence: how the measure's mean goes with the varied setting.
  function sentence() {
    const per = byValue().filter((p) => p.n > 0);
    if (per.length < 2) return per.length ? t('{0} runs so far.', rows.length) : t('No runs yet.');
    const g = measure();
    const v = (p) => valueWords(p.value);
    const m = (p) => measureWords(p.mean);
    const s = shapeOf(per.map((p) => p.mean));
    const [a, b] = [per[0], per[per.length - 1]];
    if (s.shape === 'stays level') return t('{0} stays near {1} from {2} {3} to {2} {4}.', t(g.name), m(b), varyWords(), v(a), v(b));
    if (s.shape === 'peaks') {
      const p = per[s.at];
      return t('{0} rises from {1} at {2} {3} to {4} at {2} {5}, then falls to {6} at {2} {7}.', t(g.name), m(a), varyWords(), v(a), m(p), v(p), m(b), v(b));
    }
    const to = s.levelsAt !== undefined ? per[s.levelsAt] : b;
    const args = [t(g.name), m(a), varyWords(), v(a), m(to), v(to)];
    const part = s.shape === 'rises' ? t('{0} rises from {1} at {2} {3} to {4} at {2} {5}', ...args) : t('{0} falls from {1} at {2} {3} to {4} at {2} {5}', ...args);
    return part + (s.levelsAt !== undefined ? t(', then levels off.') : '.');
  }

  // The prediction beside the result, in numbers; no grade.
  function comparison() {
    const per = byValue().filter((p) => p.n > 0);
    if (!kind() || per.length < 2 || rows.length < (info?.runs ?? Infinity)) return '';
    const words = shapeWords(t);
    const got = shapeOf(per.map((p) => p.mean)).shape;
    const [a, b] = [per[0], per[per.length - 1]];
    if (kind() === 'shape') {
      return t('You predicted: {0}. The result: {1}; its mean went from {2} to {3}.', words[predict.value], words[got], measureWords(a.mean), measureWords(b.mean));
    }
    // Points: the predicted and the measured at both ends, and how far apart they are.
    const guess = (p) => points[info.values.indexOf(p.value)];
    const gaps = per.map((p) => Math.abs(guess(p) - p.mean));
    const widest = gaps.indexOf(Math.max(...gaps));
    return t('You predicted {0} at {1} {2} and {3} at {1} {4} ({5}); the means were {6} and {7} ({8}). Your points were {9} from the means on average, {10} at most (at {1} {11}).',
      measureWords(guess(a)), varyWords(), valueWords(a.value), measureWords(guess(b)), valueWords(b.value), words[guessedShape()],
      measureWords(a.mean), measureWords(b.mean), words[got],
      measureWords(gaps.reduce((x, y) => x + y, 0) / gaps.length), measureWords(gaps[widest]), valueWords(per[widest].value));
  }
  // The live region hears a sentence once it is new; while a point moves it waits for the point to rest.
  let saying = 0;
  function say(text, later) {
    clearTimeout(saying);
    if (later) saying = setTimeout(() => say(text), 600);
    else if (summary.textContent !== text) summary.textContent = text;
  }

  // [SECTION] The chart
  const W = () => Math.max(280, Math.round(chart.getBoundingClientRect().width) || 640);
  // Round ticks: 1, 2 or 5 times a power of ten, about four of them.
  const tickOf = (top) => {
    const raw = top / 4;
    const pow = 10 ** Math.floor(Math.log10(raw));
    return [1, 2, 5, 10].map((m) => m * pow).find((x) => x >= raw);
  };
  // Where everything goes: the runs' range, or before any run the measure's
  // scale (its ceiling, else half again its value at the start), and the
  // predicted points; held still while a point is dragged.
  function geometry() {
    const width = W();
    const height = 260;
    const g = measure();
    const numeric = info.values.every((x) => Number.isFinite(Number(x)));
    const xs = info.values.map((x, i) => (numeric ? Number(x) : i));
    const [x0, x1] = [Math.min(...xs), Math.max(...xs)];
    const ys = rows.map((r) => r[g.name]).filter(Number.isFinite);
    const scale = ys.length ? Math.max(...ys) : g.ceiling > 0 ? g.ceiling / 1.1 : g.value > 0 ? g.value * 1.5 : 1;
    const yTop = dragging ? dragging.top : Math.max(scale, ...(kind() === 'points' && points ? points : []), g.unit === '' ? 1 : 0, 1e-9) * 1.1;
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
  const measureAt = (clientY) => (geo.bottom - (clientY - rect().top) * (geo.height / rect().height)) / (geo.bottom - geo.top) * geo.yTop;
  const columnAt = (clientX) => {
    const x = (clientX - rect().left) * (geo.width / rect().width);
    const far = geo.xs.map((v) => Math.abs(geo.X(v) - x));
    return far.indexOf(Math.min(...far));
  };

  function draw({ quiet = false } = {}) {
    const had = document.activeElement?.closest?.('.fl-exp-point') ? Number(document.activeElement.dataset.i) : -1;
    chart.replaceChildren();
    if (!info) {
      geo = null;
      if (describing) {
        node(chart, 'text', { x: '50%', y: '50%', 'text-anchor': 'middle', class: 'fl-exp-wait' }, t('Preparing the chart...'));
        say(t('No runs yet.')); // the line is there from the start: nothing below moves when the chart is described
      }
      return;
    }
    geo = geometry();
    const { width, height, xs, left, right, top, bottom, X, Y, yTop } = geo;
    chart.setAttribute('viewBox', `0 0 ${width} ${height}`);
    chart.style.height = `${height}px`;
    const g = measure();
    const per = byValue();
    chart.setAttribute('aria-label', t('{0} against {1}: one dot per run', t(g.name), varyWords()));
    // Axes, ticks and their words.
    node(chart, 'line', { x1: left, y1: bottom, x2: right, y2: bottom, class: 'fl-exp-axis' });
    node(chart, 'line', { x1: left, y1: top, x2: left, y2: bottom, class: 'fl-exp-axis' });
    const every = Math.ceil(info.values.length / Math.max(2, Math.floor((right - left) / 44)));
    info.values.forEach((v, i) => {
      if (i % every && i !== info.values.length - 1) return;
      node(chart, 'text', { x: X(xs[i]), y: bottom + 16, 'text-anchor': 'middle' }, valueWords(v, false));
    });
    const step = geo.tick;
    const dec = Math.max(0, -Math.floor(Math.log10(step)));
    for (let y = 0; y <= yTop; y += step) {
      node(chart, 'line', { x1: left - 3, y1: Y(y), x2: left, y2: Y(y), class: 'fl-exp-axis' });
      node(chart, 'text', { x: left - 6, y: Y(y) + 4, 'text-anchor': 'end' }, num(y, dec));
    }
    node(chart, 'text', { x: (left + right) / 2, y: height - 8, 'text-anchor': 'middle' }, info.vary.unit ? `${varyWords()} (${t(info.vary.unit)})` : varyWords());
    node(chart, 'text', { x: left, y: 14 }, g.unit ? `${t(g.name)} (${t(g.unit)}) ${t('after {0} s', num(seconds(), 0))}` : `${t(g.name)} ${t('after {0} s', num(seconds(), 0))}`);
    const have = per.map((p, i) => [p, xs[i]]).filter(([p]) => p.n > 0);
    if (have.length) {
      const band = [...have.map(([p, x]) => `${X(x)},${Y(p.max)}`), ...have.slice().reverse().map(([p, x]) => `${X(x)},${Y(p.min)}`)];
      node(chart, 'polygon', { points: band.join(' '), class: 'fl-exp-band' });
      node(chart, 'polyline', { points: have.map(([p, x]) => `${X(x)},${Y(p.mean)}`).join(' '), class: 'fl-exp-mean' });
    }
    // A shape, drawn across the result's range (or the middle of the chart before any run).
    if (kind() === 'shape') {
      const means = have.map(([p]) => p.mean);
      const [lo, hi] = have.length > 1 ? [Math.min(...means), Math.max(...means)] : [0.25 * yTop / 1.1, 0.75 * yTop / 1.1];
      const at = (f) => ({ rises: lo + f * (hi - lo), falls: hi - f * (hi - lo), 'stays level': (lo + hi) / 2, peaks: lo + (1 - Math.abs(2 * f - 1)) * (hi - lo) })[predict.value];
      const pts = Array.from({ length: 21 }, (_, k) => k / 20).map((f) => `${left + f * (right - left)},${Y(at(f))}`);
      node(chart, 'polyline', { points: pts.join(' '), class: 'fl-exp-guess' });
    }
    // Points: one slider per value (the arrows move between them and move them).
    if (kind() === 'points' && points) {
      const group = node(chart, 'g', { class: 'fl-exp-points' });
      node(group, 'polyline', { points: points.map((y, i) => `${X(xs[i])},${Y(y)}`).join(' '), class: 'fl-exp-guess' });
      pointAt = Math.min(pointAt, points.length - 1);
      points.forEach((y, i) => {
        const h = node(group, 'g', {
          class: 'fl-exp-point', role: 'slider', tabindex: i === pointAt ? 0 : -1, 'data-i': i,
          'aria-orientation': 'vertical', 'aria-valuemin': 0, 'aria-valuemax': Number(yTop.toFixed(6)), 'aria-valuenow': y,
          'aria-valuetext': measureWords(y), 'aria-label': t('Your prediction at {0} {1}', varyWords(), valueWords(info.values[i])),
          'aria-describedby': hint.id, 'aria-disabled': running ? 'true' : undefined,
        });
        node(h, 'circle', { cx: X(xs[i]), cy: Y(y), r: 16, class: 'fl-exp-point-hit' });
        node(h, 'rect', { x: X(xs[i]) - 5, y: Y(y) - 5, width: 10, height: 10, transform: `rotate(45 ${X(xs[i])} ${Y(y)})`, class: 'fl-exp-point-mark' });
      });
    }
    // One dot per run, spread a little by seed; the arrows move between them.
    const seedList = seeds();
    const spread = Math.min(10, (right - left) / Math.max(1, info.values.length) / 3);
    const sorted = rows.slice().sort((a, b) => a.run - b.run);
    focusAt = Math.min(focusAt, Math.max(0, sorted.length - 1));
    // While the runs come in, the dots are one path (one element however many
    // runs: the page stays responsive); once done each is a button with its words.
    const at = (r) => {
      const j = seedList.indexOf(r.seed);
      const off = seedList.length > 1 ? (j / (seedList.length - 1) - 0.5) * spread : 0;
      return [X(xs[info.values.indexOf(r.value)]) + off, Y(r[g.name])];
    };
    if (running) {
      const d = sorted.map((r) => { const [x, y] = at(r); return `M${(x - 4.5).toFixed(1)},${y.toFixed(1)}a4.5,4.5 0 1,0 9,0a4.5,4.5 0 1,0 -9,0`; });
      if (d.length) node(chart, 'path', { d: d.join(''), class: 'fl-exp-dots-live' });
    } else {
      const frag = document.createDocumentFragment();
      sorted.forEach((r, k) => {
        const [x, y] = at(r);
        const dot = document.createElementNS(SVG, 'circle');
        dot.setAttribute('cx', x);
        dot.setAttribute('cy', y);
        dot.setAttribute('r', 4.5);
        dot.setAttribute('class', 'fl-exp-dot');
        dot.setAttribute('role', 'button');
        dot.setAttribute('tabindex', k === focusAt ? 0 : -1);
        dot.setAttribute('aria-label', t('{0} {1}, seed {2}: {3} {4}. Enter shows this run.', varyWords(), valueWords(r.value), r.seed, t(g.name), measureWords(r[g.name])));
        dot.dataset.run = String(r.run);
        frag.append(dot);
      });
      chart.append(frag);
    }
    if (had >= 0) chart.querySelector(`.fl-exp-point[data-i="${had}"]`)?.focus();
    say([sentence(), comparison()].filter(Boolean).join(' '), quiet);
  }

  // [SECTION] The predicted points: the keys, the pointer
  // The point that takes the keyboard, focused.
  function focusPoint(i) {
    const all = [...chart.querySelectorAll('.fl-exp-point')];
    if (!all.length) return;
    pointAt = Math.max(0, Math.min(all.length - 1, i));
    all.forEach((h, k) => h.setAttribute('tabindex', k === pointAt ? 0 : -1));
    all[pointAt].focus();
  }
  // Point i at y (in the measure's unit): at least 0, at most the ceiling (and
  // the chart's top while dragging), on a step: the keys' (a fortieth of the
  // chart, roughly), or a fifth of it for the pointer.
  function setPoint(i, y, fine = geo.fine) {
    const most = Math.min(cap(), dragging ? dragging.top : Infinity);
    const v = Math.round(Math.max(0, Math.min(most, y)) / fine) * fine;
    points[i] = Number(v.toFixed(Math.max(0, -Math.floor(Math.log10(fine))) + 1));
    draw({ quiet: true });
  }
  // The points start level, halfway up the chart.
  function ensurePoints() {
    if (!info || (points && points.length === info.values.length)) return;
    const { yTop, fine } = geometry();
    points = info.values.map(() => Number((Math.round(yTop / 2 / fine) * fine).toFixed(6)));
  }
  function pointKey(e, i) {
    if (running) return;
    const { tick, fine, yTop } = geo;
    const y = points[i];
    const to = { ArrowUp: y + fine, ArrowDown: y - fine, PageUp: y + tick, PageDown: y - tick, Home: 0, End: yTop }[e.key];
    const move = { ArrowLeft: -1, ArrowRight: 1 }[e.key];
    if (to !== undefined) {
      e.preventDefault();
      setPoint(i, to);
      focusPoint(i);
    } else if (move) {
      e.preventDefault();
      focusPoint(i + move);
    }
  }
  chart.addEventListener('pointerdown', (e) => {
    const h = e.target.closest?.('.fl-exp-point');
    if (!h || running || e.button !== 0) return;
    e.preventDefault();
    const i = Number(h.dataset.i);
    dragging = { i, top: geo.yTop };
    chart.setPointerCapture(e.pointerId);
    focusPoint(i);
  });
  // A finger on a point drags it and does not scroll the page (touch-action
  // is not honoured on SVG shapes; elsewhere on the chart a finger scrolls).
  chart.addEventListener('touchstart', (e) => {
    if (!running && e.target.closest?.('.fl-exp-point')) e.preventDefault();
  }, { passive: false });
  chart.addEventListener('pointermove', (e) => {
    if (!dragging) return;
    setPoint(dragging.i, measureAt(e.clientY), geo.fine / 5);
    focusPoint(dragging.i);
  });
  const drop = () => {
    if (!dragging) return;
    const { i } = dragging;
    dragging = null;
    draw({ quiet: true }); // the scale follows the points again
    focusPoint(i);
  };
  chart.addEventListener('pointerup', drop);
  chart.addEventListener('pointercancel', drop);

  // Arrows between dots (left/right: values, up/down: seeds), Enter or a click loads one.
  chart.addEventListener('keydown', (e) => {
    const h = e.target.closest?.('.fl-exp-point');
    if (h) { pointKey(e, Number(h.dataset.i)); return; }
    const dots = [...chart.querySelectorAll('.fl-exp-dot')];
    const k = dots.indexOf(document.activeElement);
    if (k < 0) return;
    const n = seeds().length;
    const to = { ArrowRight: k + n, ArrowLeft: k - n, ArrowDown: k + 1, ArrowUp: k - 1, Home: 0, End: dots.length - 1 }[e.key];
    if (to !== undefined) {
      e.preventDefault();
      const next = dots[Math.max(0, Math.min(dots.length - 1, to))];
      dots[k].setAttribute('tabindex', '-1');
      next.setAttribute('tabindex', '0');
      focusAt = dots.indexOf(next);
      next.focus();
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      show(Number(dots[k].dataset.run));
    }
  });
  // A click on a dot shows its run; with points, a click elsewhere in the plot puts the nearest point there.
  chart.addEventListener('click', (e) => {
    const dot = e.target.closest?.('.fl-exp-dot');
    if (dot) { show(Number(dot.dataset.run)); return; }
    if (kind() !== 'points' || !points || running || !geo || e.target.closest?.('.fl-exp-point')) return;
    const y = (e.clientY - rect().top) * (geo.height / rect().height);
    if (y < geo.top - 8 || y > geo.bottom + 8) return;
    const i = columnAt(e.clientX);
    setPoint(i, measureAt(e.clientY), geo.fine / 5);
    focusPoint(i);
  });
  predict.addEventListener('change', () => { describeOnce(); if (kind() === 'points') ensurePoints(); label(); draw(); });
  // The chart is drawn in CSS px at its width: once per frame at most while
  // the window resizes (until destroy()).
  let resizing = 0;
  const onResize = () => {
    if (!resizing) resizing = requestAnimationFrame(() => { resizing = 0; draw({ quiet: true }); });
  };
  window.addEventListener('resize', onResize);

  // [SECTION] Back to looking: run r in the target widget
  async function show(run) {
    const r = rows.find((x) => x.run === run);
    const target = d.target ? document.querySelector(d.target) : null;
    if (!r || !target) {
      if (!target) warn(el, `data-target="${d.target ?? ''}": no such element to show the run in`);
      return null;
    }
    const scene = d.scene ?? 'flock';
    const opts = { scene, seed: r.seed, paused: true };
    for (const [k, v] of Object.entries(d)) if (!OWN.includes(k)) opts[k] = v;
    const spec = description()?.scenes?.[scene];
    if (info.vary.tunable) opts.params = { [info.vary.name]: Number(r.value) };
    else {
      const opt = spec?.options.find((o) => o.name === info.vary.name);
      opts[opt?.kind === 'flags' ? `${opt.attribute}s` : opt?.attribute ?? info.vary.name] = r.value;
    }
    const h = mount(target, opts, { replace: true });
    await h.ready;
    await h.runTo(seconds());
    say(t('Run {0} ({1} {2}, seed {3}) is in the widget below, at {4} s.', r.run, varyWords(), valueWords(r.value), r.seed, num(seconds(), 0)));
    return h;
  }

  // [SECTION] Running
  const useWorkers = () => typeof Worker === 'function' && d.workers !== '0';
  const newWorker = () => new Worker(new URL('./flocklab-sweep-worker.js', import.meta.url), { type: 'module' });
  // The sweep module on this thread, loaded once (without Workers).
  const sweepHere = () => (here ??= import('./flocklab-sweep.js').then((mod) => mod.default()).then(sweepApi));
  // A description: the values, the setting, the gauges with their scales.
  function described(i) {
    if (i.why) throw new TypeError(`flocklab: experiment: ${i.why}`);
    if (!warned) for (const w of i.warnings) warn(el, w);
    warned = true;
    const before = info?.values.join('\n');
    info = i;
    if (before !== undefined && before !== i.values.join('\n')) points = null;
    if (kind() === 'points') ensurePoints();
  }
  // One worker describes the experiment (and waits to run the first share;
  // it is let go if the experiment cannot run). A promise of null, or why not.
  function describe() {
    let j;
    try { j = job(); } catch (err) { return Promise.resolve(err); }
    const use = (i) => { try { described(i); return null; } catch (err) { return err; } };
    if (!useWorkers()) return sweepHere().then((m) => use(begin(m, j)), (err) => err);
    return new Promise((resolve) => {
      let w;
      try { w = newWorker(); } catch (err) { resolve(err); return; }
      spare = w;
      undescribe = () => resolve(new Error('flocklab: the experiment left the page'));
      const heard = ({ data: m }) => {
        if (m.type !== 'begun') return;
        w.removeEventListener('message', heard);
        const err = use(m.info);
        if (err && spare === w) { spare = null; w.terminate(); }
        resolve(err);
      };
      w.addEventListener('message', heard);
      w.addEventListener('error', (e) => { if (spare === w) { spare = null; w.terminate(); } resolve(new Error(`flocklab: the experiment's worker failed (${e.message})`)); }, { once: true });
      w.postMessage({ ...j, shard: null });
    });
  }

  // The end of a run: all done (no err; flocklab:done), stopped (an
  // AbortError: the runs so far stay) or failed (its reason said). The run's
  // promise is settled here, with the results as they are now, so a
  // flocklab:done handler that starts another run changes nothing of it.
  function finish(err) {
    const job = running;
    workers.forEach((x) => x.terminate());
    workers = [];
    running = null;
    el.removeAttribute('aria-busy');
    label();
    if (err && err.name !== 'AbortError') {
      say(err.message);
      job?.reject(err);
      return;
    }
    csvButton.disabled = rows.length === 0;
    draw();
    if (err) { job?.reject(err); return; }
    const results = handle.results();
    job?.resolve(results);
    el.dispatchEvent(new CustomEvent('flocklab:done', { detail: results, bubbles: true }));
  }
  function got(row) {
    rows.push(row);
    progress.value = rows.length;
    el.dispatchEvent(new CustomEvent('flocklab:progress', { detail: { done: rows.length, total: info.runs }, bubbles: true }));
    if (rows.length === info.runs) finish();
    else if (!redraw) redraw = setTimeout(() => { redraw = 0; if (running) draw(); }, 250); // a few times a second, not per run
  }
  function begun(i) {
    described(i);
    if (!whole) { whole = words.then(() => handle); describing = false; } // a run described it: no need for another worker
    progress.max = i.runs;
    progress.value = 0;
  }

  function run() {
    alive('run');
    handle.stop();
    rows = [];
    csvButton.disabled = true;
    const j = job();
    el.setAttribute('aria-busy', 'true');
    return new Promise((resolve, reject) => {
      let stopped = false;
      running = { resolve, reject, stop() { stopped = true; finish(new DOMException('the experiment was stopped', 'AbortError')); } };
      label();
      draw({ quiet: true }); // the points cannot move while it runs
      const fail = (err) => { if (!stopped) { stopped = true; finish(err); } };
      // One worker per core but the page's own (one on a two-core machine), at most four.
      const n = Math.max(1, Math.min((navigator.hardwareConcurrency || 2) - 1, MAX_WORKERS));
      let pool = null;
      try {
        if (useWorkers()) {
          pool = Array.from({ length: n }, (_, k) => (k === 0 && spare ? spare : newWorker()));
          spare = null;
        }
      } catch { pool = null; }
      if (pool) {
        workers = pool;
        let begunOnce = false;
        pool.forEach((w, k) => {
          w.onerror = (e) => fail(new Error(`flocklab: the experiment's worker failed (${e.message})`));
          w.onmessage = ({ data: m }) => {
            if (stopped) return;
            try {
              if (m.type === 'begun' && !begunOnce) { begunOnce = true; begun(m.info); } // drawn with the first runs
              else if (m.type === 'row') got(m.row);
            } catch (err) { fail(err); }
          };
          // Each worker runs every n-th run, from its own k.
          w.postMessage({ ...j, shard: [k, n] });
        });
        return;
      }
      // Without Workers: the same module here, a slice of at most 8 ms per task.
      sweepHere().then((m) => {
        begun(begin(m, j));
        const slice = () => {
          if (stopped) return;
          const left = m.work(SLICE_MS);
          const now = JSON.parse(m.rows());
          for (const r of now.slice(rows.length)) got(r);
          if (left > 0) setTimeout(slice, 0);
        };
        setTimeout(slice, 0);
      }).catch(fail);
    });
  }

  // One row per run; the prediction's shape and, with points, the predicted measure at the run's value.
  function csv() {
    if (!info) return '';
    const named = (g) => (g.unit ? `${g.name} (${g.unit})` : g.name);
    const head = ['run', info.vary.name, 'seed', ...info.gauges.map(named), 'prediction', `predicted ${named(measure())}`];
    const guess = (r) => (kind() === 'points' && points ? points[info.values.indexOf(r.value)] : '');
    const lines = rows.slice().sort((a, b) => a.run - b.run).map((r) => [r.run, r.value, r.seed, ...info.gauges.map((g) => r[g.name]), guessedShape(), guess(r)].join(','));
    return `${head.join(',')}\n${lines.join('\n')}\n`;
  }

  csvButton.addEventListener('click', () => {
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([csv()], { type: 'text/csv' }));
    a.download = `flocklab-experiment-${info?.vary.name ?? 'runs'}.csv`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  });
  runButton.addEventListener('click', () => { if (running) handle.stop(); else run().catch(() => {}); });

  // After destroy() the results, the CSV and the prediction still answer;
  // what would start work throws.
  const alive = (what) => {
    if (destroyed) throw new Error(`flocklab: ${what}(): this experiment was destroyed (it left the page)`);
  };
  const handle = {
    element: el,
    run,
    stop() { running?.stop(); },
    running: () => running !== null,
    // {vary, measure, seconds, values, rows: [{run, value, seed, <gauge>...}], summary: [{value, n, mean, min, max}], sentence}
    results: () => ({ vary: info?.vary.name, measure: measure()?.name, seconds: seconds(), values: info?.values ?? [], rows: rows.slice().sort((a, b) => a.run - b.run), summary: byValue(), sentence: sentence() }),
    csv,
    // The student's prediction: {kind: '' | 'shape' | 'points', shape, points: [{value, <measure>}] (with points)}.
    prediction: () => ({
      kind: kind(),
      shape: guessedShape(),
      points: kind() === 'points' && points ? info.values.map((value, i) => ({ value, [measure().name]: points[i] })) : [],
    }),
    // predict('rises' | 'falls' | 'stays level' | 'peaks' | '' | 'points'), or
    // predict([y, ...]): one number per value, in the measure's unit.
    predict(p) {
      alive('predict');
      if (Array.isArray(p)) {
        if (!info) throw new Error('flocklab: predict(points) needs the experiment described: await experiment.ready first');
        if (p.length !== info.values.length || !p.every((y) => typeof y === 'number' && Number.isFinite(y))) {
          throw new TypeError(`flocklab: predict() takes one finite number per value (${info.values.length}), got [${p.join(', ')}]`);
        }
        const kept = p.map((y) => Math.max(0, Math.min(cap(), y)));
        if (kept.some((y, i) => y !== p[i])) warn(el, `predict(): ${measure().name} is between 0 and ${cap()}; [${p.join(', ')}] became [${kept.join(', ')}]`);
        points = kept;
        predict.value = POINTS;
      } else {
        if (p !== '' && p !== POINTS && !SHAPES.includes(p)) throw new TypeError(`flocklab: predict() takes '', ${SHAPES.map((s) => `'${s}'`).join(', ')}, '${POINTS}' or one number per value, got ${p}`);
        predict.value = p;
        if (p === POINTS) { describeOnce(); ensurePoints(); }
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
      if (destroyed) return;
      destroyed = true;
      running?.stop();
      spare?.terminate();
      spare = null;
      undescribe?.();
      near?.disconnect();
      window.removeEventListener('resize', onResize);
      cancelAnimationFrame(resizing);
      clearTimeout(redraw);
      clearTimeout(saying);
      forget();
      box.remove();
      el.classList.remove('fl-experiment', 'flocklab-started', 'flocklab-ready');
      delete el.flocklabExperiment;
    },
  };
  // Drawn (flocklab-ready) once its words are there; ready (the promise) once
  // it is described too: the axes, the values, the points. The description
  // starts when the element comes within a screen of the viewport, or when
  // something needs it (ready, predict, the menu), so a page's first widgets
  // load without it.
  const words = loadLanguage(el, d.lang).then((l) => {
    lang = l;
    label();
    draw();
    el.classList.add('flocklab-ready');
  });
  let whole = null;
  describeOnce = () => (whole ??= Promise.all([words, describe()]).then(([, err]) => {
    describing = false;
    label();
    draw();
    if (err) say(err.message);
    return handle;
  }));
  Object.defineProperty(handle, 'ready', { get: describeOnce, enumerable: true });
  const near = typeof IntersectionObserver === 'function' ? new IntersectionObserver((seen) => {
    if (seen.some((x) => x.isIntersecting)) { near.disconnect(); describeOnce(); }
  }, { rootMargin: '100% 0px' }) : null;
  if (near) near.observe(el);
  else describeOnce();
  const forget = onRemoved(el, () => handle.destroy());
  label();
  el.flocklabExperiment = handle;
  return handle;
}
