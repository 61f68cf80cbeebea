// [data-experiment]: one setting over values, each over seeds, run to a
// time; the chosen gauge at the end of every run, drawn as one dot per run,
// the mean per value as a line and the min-max band, with a summary in words.
// The runs go to Web Workers with the core alone (sweep-worker.js and
// flocklab-sweep.wasm: no SDL, no ImGui), one per core up to four, so the
// page stays responsive; without Workers they run here in slices of at most
// 8 ms. A dot (click, or Enter with the arrows moving between dots) loads its
// run into the widget named by data-target, run to the same time. A
// prediction (rises, falls, stays level, peaks) is drawn beside the result
// and compared with it in one sentence. This module is a file of its own
// (flocklab-experiment.js): only a page with an experiment loads it, and
// the shim passes it what it uses of the shim (mount, the language, the
// scenes' description, warn), so nothing is loaded twice.

const SVG = 'http://www.w3.org/2000/svg';
const OWN = ['experiment', 'scene', 'vary', 'values', 'seeds', 'seconds', 'measure', 'target', 'lang', 'flocklabExperiment'];
const SHAPES = ['rises', 'falls', 'stays level', 'peaks'];
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

export function mountExperiment(el, { mount, loadLanguage, description, warn }) {
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
  const box = node(el, 'div', { class: 'fl-exp' });
  const row = node(box, 'div', { class: 'fl-exp-row' });
  const predictLabel = node(row, 'label', {});
  const predictText = node(predictLabel, 'span', {});
  const predict = node(predictLabel, 'select', {});
  const runButton = node(row, 'button', { type: 'button', class: 'fl-exp-run' });
  const progress = node(row, 'progress', { max: 1, value: 0 });
  const csvButton = node(row, 'button', { type: 'button', class: 'fl-exp-csv', disabled: '' });
  const chart = node(box, 'svg', { class: 'fl-exp-chart', role: 'group' });
  const legend = node(box, 'ul', { class: 'fl-exp-legend' });
  const summary = node(box, 'p', { class: 'fl-exp-summary', 'aria-live': 'polite' });
  const summaryId = `fl-exp-${Math.random().toString(36).slice(2)}`;
  summary.id = summaryId;
  chart.setAttribute('aria-describedby', summaryId);

  let info = null; // the worker's description: values, vary, gauges, runs
  let rows = [];
  let workers = [];
  let running = null; // {stop()} while it runs
  let focusAt = 0; // the dot that takes the keyboard (roving tabindex)
  let redraw = 0; // a chart redraw waiting (while the runs come in)

  const measure = () => info?.gauges.find((g) => g.name === (d.measure || info.gauges[0].name)) ?? info?.gauges[0];
  const seeds = () => parseSeeds(d.seeds ?? '7');
  const seconds = () => {
    const s = Number(d.seconds ?? 10);
    if (!(s > 0 && s <= 600)) throw new RangeError(`data-seconds="${d.seconds}": expected 0 to 600 seconds`);
    return s;
  };
  // The element's own data-* that configure the runs (as a widget's would).
  const attributes = () => Object.entries(d).filter(([k]) => !OWN.includes(k)).map(([k, v]) => `${k}\t${v}`).join('\n');

  function label() {
    predictText.textContent = `${t('Your prediction')} `;
    const keep = predict.value;
    predict.replaceChildren();
    node(predict, 'option', { value: '' }, t('none yet'));
    for (const s of SHAPES) node(predict, 'option', { value: s }, shapeWords(t)[s]);
    predict.value = keep;
    runButton.textContent = running ? t('Stop') : t('Run');
    // The legend, below the chart (it wraps on a phone); the prediction's key shows with a prediction.
    legend.replaceChildren();
    const keys = [[t('dot: one run'), 'dot'], [t('line: the mean'), 'mean'], [t('band: lowest to highest'), 'band'], [t('dashed: your prediction'), 'guess']];
    for (const [words, k] of keys) node(legend, 'li', { class: `fl-exp-key-${k}`, hidden: k === 'guess' && !predict.value ? '' : undefined }, words);
    csvButton.textContent = t('Download CSV');
    progress.setAttribute('aria-label', t('Runs finished'));
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

  // One sentence: how the measure's mean goes with the varied setting.
  function sentence() {
    const per = byValue().filter((p) => p.n > 0);
    if (per.length < 2) return per.length ? t('{0} runs so far.', rows.length) : t('No runs yet.');
    const g = measure();
    const dec = decimalsOf(g);
    const v = (p) => valueWords(p.value);
    const m = (p) => withUnit(p.mean, g.unit, dec);
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
    const want = predict.value;
    const per = byValue().filter((p) => p.n > 0);
    if (!want || per.length < 2 || rows.length < (info?.runs ?? Infinity)) return '';
    const got = shapeOf(per.map((p) => p.mean)).shape;
    const g = measure();
    const range = t('its mean went from {0} to {1}', withUnit(per[0].mean, g.unit, decimalsOf(g)), withUnit(per[per.length - 1].mean, g.unit, decimalsOf(g)));
    const words = shapeWords(t);
    return t('You predicted: {0}. The result: {1}; {2}.', words[want], words[got], range);
  }

  // [SECTION] The chart
  const W = () => Math.max(280, Math.round(chart.getBoundingClientRect().width) || 640);
  function draw() {
    chart.replaceChildren();
    if (!info) return;
    const width = W();
    const height = 260;
    chart.setAttribute('viewBox', `0 0 ${width} ${height}`);
    chart.style.height = `${height}px`;
    const g = measure();
    const per = byValue();
    const numeric = info.values.every((x) => Number.isFinite(Number(x)));
    const xs = info.values.map((x, i) => (numeric ? Number(x) : i));
    const [x0, x1] = [Math.min(...xs), Math.max(...xs)];
    const ys = rows.map((r) => r[g.name]).filter(Number.isFinite);
    const yTop = Math.max(...ys, g.unit === '' ? 1 : 0, 1e-9) * 1.1;
    const left = 56;
    const right = width - 16;
    const top = 34;
    const bottom = height - 44;
    const X = (x) => left + (x1 === x0 ? 0.5 : (x - x0) / (x1 - x0)) * (right - left);
    const Y = (y) => bottom - (Math.max(0, y) / yTop) * (bottom - top);
    chart.setAttribute('aria-label', t('{0} against {1}: one dot per run', t(g.name), varyWords()));
    // Axes, ticks and their words.
    node(chart, 'line', { x1: left, y1: bottom, x2: right, y2: bottom, class: 'fl-exp-axis' });
    node(chart, 'line', { x1: left, y1: top, x2: left, y2: bottom, class: 'fl-exp-axis' });
    const every = Math.ceil(info.values.length / Math.max(2, Math.floor((right - left) / 44)));
    info.values.forEach((v, i) => {
      if (i % every && i !== info.values.length - 1) return;
      node(chart, 'text', { x: X(xs[i]), y: bottom + 16, 'text-anchor': 'middle' }, valueWords(v, false));
    });
    // Round ticks: 1, 2 or 5 times a power of ten, about four of them.
    const raw = yTop / 4;
    const pow = 10 ** Math.floor(Math.log10(raw));
    const step = [1, 2, 5, 10].map((m) => m * pow).find((x) => x >= raw);
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
    // The prediction, drawn across the result's range (its shape, not numbers).
    if (predict.value && have.length > 1) {
      const means = have.map(([p]) => p.mean);
      const [lo, hi] = [Math.min(...means), Math.max(...means)];
      const at = (f) => ({ rises: lo + f * (hi - lo), falls: hi - f * (hi - lo), 'stays level': (lo + hi) / 2, peaks: lo + (1 - Math.abs(2 * f - 1)) * (hi - lo) })[predict.value];
      const pts = Array.from({ length: 21 }, (_, k) => k / 20).map((f) => `${left + f * (right - left)},${Y(at(f))}`);
      node(chart, 'polyline', { points: pts.join(' '), class: 'fl-exp-guess' });
    }
    // One dot per run, spread a little by seed; the arrows move between them.
    const seedList = seeds();
    const spread = Math.min(10, (right - left) / Math.max(1, info.values.length) / 3);
    const sorted = rows.slice().sort((a, b) => a.run - b.run);
    focusAt = Math.min(focusAt, Math.max(0, sorted.length - 1));
    // While the runs come in, the dots are only drawn (cheap: the page stays
    // responsive); once done each is a button with its words.
    const done = !running;
    const frag = document.createDocumentFragment();
    sorted.forEach((r, k) => {
      const i = info.values.indexOf(r.value);
      const j = seedList.indexOf(r.seed);
      const off = seedList.length > 1 ? (j / (seedList.length - 1) - 0.5) * spread : 0;
      const dot = document.createElementNS(SVG, 'circle');
      dot.setAttribute('cx', X(xs[i]) + off);
      dot.setAttribute('cy', Y(r[g.name]));
      dot.setAttribute('r', 4.5);
      dot.setAttribute('class', 'fl-exp-dot');
      if (done) {
        dot.setAttribute('role', 'button');
        dot.setAttribute('tabindex', k === focusAt ? 0 : -1);
        dot.setAttribute('aria-label', t('{0} {1}, seed {2}: {3} {4}. Enter shows this run.', varyWords(), valueWords(r.value), r.seed, t(g.name), withUnit(r[g.name], g.unit, decimalsOf(g))));
      }
      dot.dataset.run = String(r.run);
      frag.append(dot);
    });
    chart.append(frag);
    summary.textContent = [sentence(), comparison()].filter(Boolean).join(' ');
  }

  // Arrows between dots (left/right: values, up/down: seeds), Enter or a click loads one.
  chart.addEventListener('keydown', (e) => {
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
  chart.addEventListener('click', (e) => {
    const dot = e.target.closest?.('.fl-exp-dot');
    if (dot) show(Number(dot.dataset.run));
  });
  predict.addEventListener('change', () => { label(); draw(); });
  // The chart is drawn in CSS px at its width: once per frame at most while
  // the window resizes, and never again once the element has left the page.
  let resizing = 0;
  const onResize = () => {
    if (!el.isConnected) { window.removeEventListener('resize', onResize); return; }
    if (!resizing) resizing = requestAnimationFrame(() => { resizing = 0; draw(); });
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
    summary.textContent = t('Run {0} ({1} {2}, seed {3}) is in the widget below, at {4} s.', r.run, varyWords(), valueWords(r.value), r.seed, num(seconds(), 0));
    return h;
  }

  // [SECTION] Running
  function finish(err) {
    workers.forEach((x) => x.terminate());
    workers = [];
    running = null;
    el.removeAttribute('aria-busy');
    label();
    if (err) {
      summary.textContent = err.message;
      return;
    }
    csvButton.disabled = rows.length === 0;
    draw();
    el.dispatchEvent(new CustomEvent('flocklab:done', { detail: handle.results(), bubbles: true }));
  }
  function got(row) {
    rows.push(row);
    progress.value = rows.length;
    el.dispatchEvent(new CustomEvent('flocklab:progress', { detail: { done: rows.length, total: info.runs }, bubbles: true }));
    if (rows.length === info.runs) finish();
    else if (!redraw) redraw = setTimeout(() => { redraw = 0; if (running) draw(); }, 250); // a few times a second, not per run
  }
  function begun(i) {
    if (i.why) throw new TypeError(`flocklab: experiment: ${i.why}`);
    for (const w of i.warnings) warn(el, w);
    info = i;
    progress.max = i.runs;
    progress.value = 0;
  }

  function run() {
    handle.stop();
    rows = [];
    info = null;
    csvButton.disabled = true;
    el.setAttribute('aria-busy', 'true');
    const job = { scene: d.scene ?? 'flock', attributes: attributes(), vary: d.vary ?? '', values: d.values ?? '', seeds: seeds().join('\n'), steps: Math.round(seconds() * 60) };
    return new Promise((resolve, reject) => {
      let stopped = false;
      running = { stop() { stopped = true; finish(); reject(new DOMException('the experiment was stopped', 'AbortError')); } };
      label();
      const fail = (err) => { if (!stopped) { stopped = true; finish(err); reject(err); } };
      el.addEventListener('flocklab:done', () => resolve(handle.results()), { once: true });
      // One worker per core but the page's own (one on a two-core machine), at most four.
      const n = Math.max(1, Math.min((navigator.hardwareConcurrency || 2) - 1, MAX_WORKERS));
      let pool = null;
      try {
        if (typeof Worker === 'function' && d.workers !== '0') {
          pool = Array.from({ length: n }, () => new Worker(new URL('./flocklab-sweep-worker.js', import.meta.url), { type: 'module' }));
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
          w.postMessage({ ...job, shard: [k, n] });
        });
        return;
      }
      // Without Workers: the same module here, a slice of at most 8 ms per task.
      import('./flocklab-sweep.js').then((mod) => mod.default()).then((m) => {
        const begin = m.cwrap('sw_begin', 'string', ['string', 'string', 'string', 'string', 'string', 'number']);
        const work = m.cwrap('sw_work', 'number', ['number']);
        const all = m.cwrap('sw_rows', 'string', []);
        begun(JSON.parse(begin(job.scene, job.attributes, job.vary, job.values, job.seeds, job.steps)));
        const slice = () => {
          if (stopped) return;
          const left = work(SLICE_MS);
          const now = JSON.parse(all());
          for (const r of now.slice(rows.length)) got(r);
          if (left > 0) setTimeout(slice, 0);
        };
        setTimeout(slice, 0);
      }).catch(fail);
    });
  }

  function csv() {
    if (!info) return '';
    const g = info.gauges.map((x) => x.name);
    const head = ['run', info.vary.name, 'seed', ...g.map((x) => (info.gauges.find((y) => y.name === x).unit ? `${x} (${info.gauges.find((y) => y.name === x).unit})` : x)), 'prediction'];
    const lines = rows.slice().sort((a, b) => a.run - b.run).map((r) => [r.run, r.value, r.seed, ...g.map((x) => r[x]), predict.value].join(','));
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

  const handle = {
    element: el,
    run,
    stop() { running?.stop(); },
    running: () => running !== null,
    // {vary, measure, seconds, values, rows: [{run, value, seed, <gauge>...}], summary: [{value, n, mean, min, max}], sentence}
    results: () => ({ vary: info?.vary.name, measure: measure()?.name, seconds: seconds(), values: info?.values ?? [], rows: rows.slice().sort((a, b) => a.run - b.run), summary: byValue(), sentence: sentence() }),
    csv,
    // The student's prediction: '' (none), 'rises', 'falls', 'stays level' or 'peaks'; set it with predict(shape).
    prediction: () => predict.value,
    predict(shape) {
      if (shape !== '' && !SHAPES.includes(shape)) throw new TypeError(`flocklab: predict() takes '', ${SHAPES.map((s) => `'${s}'`).join(', ')}, got ${shape}`);
      predict.value = shape;
      label();
      draw();
    },
    show,
    ready: null,
  };
  handle.ready = loadLanguage(el, d.lang).then((l) => {
    lang = l;
    label();
    draw();
    el.classList.add('flocklab-ready');
    return handle;
  });
  label();
  el.flocklabExperiment = handle;
  return handle;
}
