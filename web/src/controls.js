// The page's controls inside a widget's element: buttons bound to the
// scene's options (data-rule, data-mode, ...), the action buttons
// (data-action: reset, run, pause, step, csv, fullscreen, lane, share, save), the gauges'
// <output>s, the charts and the play button over a paused canvas.
import { plotSummary } from './charts.js';
import { format, kebab, own, upperFirst, warn } from './values.js';
import { prefetchTemplate, saveAs, saveFile } from './save.js';
import { showNote } from './lifecycle.js';

// predict.js, plot.js and form.js travel in the experiments' chunk: only a
// page with a data-predict, a chart, a Tuning form or an experiment loads it.
export const loadChunk = () => import('./flocklab-experiment.js');

// `w`: the widget's shared parts. Returns language(), bind(), sync() and
// show(gauges), which the handle calls as the widget loads and runs.
export function makeControls(w) {
  const { el_: el, signal_: signal } = w;
  // The controls' state: the option buttons bound so far ([button, option,
  // value]), the clicks kept before they were, the page's outputs and charts.
  const c = {
    bound_: [], early_: [], boundYet_: false, helpShown_: false,
    outputs_: own(el, '[data-gauge]'), plots_: own(el, '[data-plot]'), pauseButtons_: own(el, '[data-action="pause"]'),
    plotting_: null, // the charts' drawing (plot.js, in the experiments' chunk), once asked for
  };
  // The gauges speak through the widget's live region, not on every change:
  // each output is quiet and carries its label and unit in its name.
  for (const o of c.outputs_) o.setAttribute('aria-live', 'off');
  // Before the module has described the scene its option buttons are not
  // bound yet: a click then (a student on a slow connection) is kept and
  // replayed once they are, as the handle queues calls made before ready.
  el.addEventListener('click', (e) => {
    const b = e.target instanceof Element ? e.target.closest('button') : null;
    if (!c.boundYet_ && b && b.closest('.flocklab') === el && !b.dataset.action && !c.early_.includes(b)) {
      c.early_.push(b);
      b.classList.add('fl-waiting'); // shown as waiting until it is applied
    }
  }, { signal });
  c.loading_ = loadingLine(w, c);
  armActions(w, c);
  c.openQuestion_ = armAppliers(w);
  c.play_ = playButton(w);
  return {
    // The widget's language has arrived: the loading line in it.
    language() { c.loading_.textContent = w.lang_.t('Loading the simulation...'); },
    // Buttons bound to the scene's options, once the module described it.
    bind: () => bindControls(w, c),
    // Buttons mirror the simulation (keys inside the canvas change it too).
    sync: () => syncControls(w, c),
    // The outputs and charts from the latest gauges.
    show: (g) => showGauges(w, c, g),
  };
}

// While it loads, a line over the canvas says so, and the gauges show a dash.
function loadingLine(w, c) {
  const loading = document.createElement('p');
  loading.className = 'fl-loading';
  loading.setAttribute('role', 'status');
  loading.textContent = w.lang_.t('Loading the simulation...');
  w.canvas_().after(loading);
  // At the canvas's corner, read once the page is laid out anyway (a
  // ResizeObserver's first call): read at mount, it made the browser lay out
  // the page again for every widget mounted. The observer keeps nothing of
  // the canvas once it has placed the line (the canvas holds the instance,
  // and a widget taken away must be collected with its memory).
  const place = (cv) => { loading.style.left = `${cv.offsetLeft}px`; loading.style.top = `${cv.offsetTop}px`; };
  const laidOut = typeof ResizeObserver === 'function' ? new ResizeObserver((seen, self) => { self.disconnect(); place(seen[0].target); }) : null;
  if (laidOut) laidOut.observe(w.canvas_());
  else place(w.canvas_());
  for (const o of c.outputs_) if (!o.textContent) o.textContent = '–';
  w.signal_.addEventListener('abort', () => { laidOut?.disconnect(); loading.remove(); }, { once: true });
  return loading;
}

// The action buttons: reset, run, pause, step, csv, fullscreen, lane, share, save.
function armActions(w, c) {
  const { el_: el, signal_: signal } = w;
  const on = (selector, fn) => { for (const b of own(el, selector)) b.addEventListener('click', () => fn(b), { signal }); };
  on('[data-action="reset"]', () => w.own_.reset());
  // (Stopped by Pause or Reset: the promise says so, and nothing more is needed.)
  on('[data-action="run"]', (b) => w.own_.runTo(Number(b.dataset.seconds ?? 10)).catch(() => {}));
  for (const b of c.pauseButtons_) b.addEventListener('click', () => (w.own_.paused() ? w.own_.resume() : w.own_.pause()), { signal });
  on('[data-action="step"]', () => w.whenReady_(() => w.stepPaused_()));
  on('[data-action="csv"]', () => download(w));
  on('[data-action="fullscreen"]', () => w.fullscreen_());
  on('[data-action="lane"]', () => w.own_.key('w')); // the what-if lane off and on, as W on the canvas: a finger's way
  on('[data-action="share"]', (b) => share(w, b));
  on('[data-action="save"]', (b) => save(w, b));
  for (const b of own(el, '[data-action="save"]')) {
    for (const type of ['pointerenter', 'pointerdown', 'focus']) b.addEventListener(type, prefetchTemplate, { signal, once: true });
  }
}

// data-action="apply": a button that sets a configuration (its
// data-options, JSON as apply() takes it: {"mode": "seek", "compare":
// "max-force=0.2"}) and, with data-seconds, runs to that time from the
// start. Pressed: the last one used; a bad data-options is said once.
// Returns open(), which the binding calls once the widget is ready.
function armAppliers(w) {
  const { el_: el, signal_: signal } = w;
  const appliers = own(el, '[data-action="apply"]');
  if (appliers.some((b) => b.dataset.predict && b.dataset.seconds)) return armQuestions(w, appliers);
  for (const b of appliers) {
    b.addEventListener('click', () => {
      try {
        w.own_.apply(JSON.parse(b.dataset.options ?? '{}'));
      } catch (err) {
        warn(el, `data-options="${b.dataset.options}": ${err.message}`);
        return;
      }
      for (const x of appliers) x.setAttribute('aria-pressed', String(x === b));
      if (b.dataset.seconds) w.own_.playTo(Number(b.dataset.seconds));
    }, { signal });
  }
  return () => {};
}

// A figure whose buttons ask first (data-predict): its buttons and questions
// are the experiments' chunk's (predict-figure.js, predict.js). It starts
// paused (widgetArgs) and, once ready, is held at 0 s, the canvas's Play
// waiting for that code, which then opens the pressed question: nothing
// runs before a prediction.
function armQuestions(w, appliers) {
  const { el_: el, signal_: signal } = w;
  const figure = {
    el, signal, lang: () => w.lang_, handle: w.own_, say: (text) => w.say_(text),
    // The question open now: the handle's resume() and reset() and the
    // canvas's own Play go through it (gate), or tell it (reset).
    open: (q) => { w.question_ = q && { gate_: q.gate, reset_: q.reset }; },
    // Waiting for a prediction: the canvas's Play, Step and keys run nothing (App::held).
    hold: (on) => w.holdAtStart_(on),
    canvas: () => w.canvas_(),
    world: () => w.spec_.world,
  };
  const made = loadChunk().then((m) => m.armFigure(figure, appliers));
  made.catch((err) => warn(el, `the questions could not load: ${err.message}`));
  for (const b of appliers) b.addEventListener('click', () => made.then((f) => f.choose(b, true), () => {}), { signal });
  return () => {
    w.question_ = { gate_: () => (made.then((f) => f.gate(), () => w.own_.resume()), true), reset_: () => {} };
    w.holdAtStart_(true);
    made.then((f) => f.open(), () => { w.question_ = null; w.holdAtStart_(false); });
  };
}

// Copies the widget's link; the button says so for two seconds, and so
// does the live region. Where the clipboard is refused, the link is in the
// console and in the button's title.
async function share(w, b) {
  const { el_: el } = w;
  if (!w.api_()) return;
  const link = w.own_.link();
  let copied = true;
  try { await navigator.clipboard.writeText(link); } catch { copied = false; }
  b.dataset.flLabel ??= b.textContent;
  const { t } = w.lang_;
  b.textContent = copied ? t('Link copied') : t('Copy it by hand, below');
  b.title = link;
  b.classList.add('fl-copied');
  const reopen = w.api_().reopenNote();
  w.say_([copied ? t('Link copied.') : t('The link could not be copied.'), reopen].join(' ').trim());
  if (!copied) {
    warn(el, `the link: ${link}`);
    // In plain sight, selected, to copy by hand (a frame without allow="clipboard-write").
    const field = Object.assign(document.createElement('input'), { type: 'text', readOnly: true, value: link, className: 'fl-link' });
    field.setAttribute('aria-label', t('The link'));
    showNote(el, [reopen, t('This page does not let the widget use the clipboard. Copy the link by hand:')].join(' ').trim(), field);
    field.focus();
    field.select();
  } else if (reopen) showNote(el, reopen);
  setTimeout(() => { b.textContent = b.dataset.flLabel; b.classList.remove('fl-copied'); }, 2000);
}

// A play button over the canvas whenever the widget is paused; pressing it
// gives the canvas the focus (the button itself goes away). In a what-if
// waiting for its prediction it is the question's Play.
function playButton(w) {
  const { signal_: signal } = w;
  const play = document.createElement('button');
  play.type = 'button';
  play.className = 'fl-play';
  play.hidden = true;
  play.addEventListener('click', () => {
    if (w.gated_()) return; // a what-if's question asks for the prediction (and has the focus)
    w.own_.resume();
    w.canvas_().focus({ preventScroll: true });
  }, { signal });
  w.canvas_().after(play);
  signal.addEventListener('abort', () => play.remove());
  return play;
}

// data-action="csv": the history as CSV.
function download(w) {
  const api = w.api_();
  if (api) saveAs(new Blob([api.csv()], { type: 'text/csv' }), `flocklab-${w.spec_.name}-seed${api.seed()}.csv`);
}

// Save: the file downloads at once when the template is at hand; when it
// came after the click's activation had ended, a link beside the button
// saves it with the next click (and has the focus, and is said).
function save(w, b) {
  const { el_: el, signal_: signal } = w;
  if (!w.api_()) return;
  const offer = (file) => {
    const { t } = w.lang_;
    el.querySelector(':scope .fl-download')?.remove();
    const a = Object.assign(document.createElement('a'), { className: 'fl-download', download: file.name, href: URL.createObjectURL(file) });
    a.textContent = t('Your file is ready: save it');
    a.addEventListener('click', () => setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000), { once: true });
    signal.addEventListener('abort', () => { URL.revokeObjectURL(a.href); a.remove(); });
    b.after(a);
    a.focus();
    w.say_(t('Your file is ready: press the link beside Save to save it.'));
  };
  saveFile(w.own_.config(), w.spec_, w.lang_, offer).catch((err) => warn(el, err.message.replace(/^flocklab: /, '')));
  // What the file will not show, in plain sight and said.
  const reopen = w.api_().reopenNote();
  if (reopen) {
    showNote(el, reopen);
    w.say_(reopen);
  }
}

// The option buttons bound, the key list and the page's own words
// translated, and the outputs named, once the module described the scene.
function bindControls(w, c) {
  const { el_: el, signal_: signal } = w;
  c.loading_.remove();
  // [data-help]: the keys the canvas's ? shows, as an HTML list (a screen
  // reader's and a keyboard user's way to them), in the widget's language.
  for (const box of own(el, '[data-help]')) {
    const list = document.createElement('dl');
    list.className = 'fl-keys';
    for (const { keys, what } of JSON.parse(w.api_().keys())) {
      list.append(Object.assign(document.createElement('dt'), { textContent: keys }), Object.assign(document.createElement('dd'), { textContent: what }));
    }
    box.replaceChildren(list);
  }
  // The page's own words that it asks the widget to translate (data-fl-text).
  for (const n of own(el, '[data-fl-text]')) {
    n.dataset.flText ||= n.textContent.trim();
    n.textContent = w.lang_.t(n.dataset.flText);
  }
  for (const opt of w.spec_.options) {
    if (!opt.attribute) continue;
    const attr = `data-${kebab(opt.attribute)}`;
    for (const b of own(el, `button[${attr}]`)) {
      const v = b.getAttribute(attr);
      const Name = upperFirst(opt.name);
      const h = w.own_;
      let click;
      if (opt.kind === 'choice' && opt.values.includes(v)) click = () => h[`set${Name}`](v);
      else if (opt.kind === 'flags' && opt.values.includes(v)) click = () => h[`set${Name}`](v, !h[`${opt.name}s`]()[v]);
      else if (opt.kind === 'toggle') click = () => h[`set${Name}`](!h[opt.name]());
      if (!click) {
        warn(b, `${attr}="${v}" is not one of ${opt.values.join(', ')}; button disabled`);
        b.disabled = true;
        continue;
      }
      b.addEventListener('click', click, { signal });
      c.bound_.push([b, opt, v]);
    }
  }
  c.boundYet_ = true;
  c.openQuestion_(); // a what-if's question, at 0 s, before anything runs
  for (const b of c.early_.splice(0)) {
    b.classList.remove('fl-waiting');
    if (c.bound_.some(([x]) => x === b)) b.click(); // the clicks made while it loaded, in order
  }
  const units = Object.fromEntries(w.spec_.gauges.map((g) => [g.name, g.unit]));
  for (const o of c.outputs_) {
    const g = o.dataset.gauge;
    const { t } = w.lang_;
    const name = g.startsWith('what-if-') ? g.slice(8) : g;
    const label = g === name ? t(name) : `${t('what if')}: ${t(name)}`;
    if (!o.hasAttribute('aria-label') && name in units) o.setAttribute('aria-label', units[name] ? `${label} (${t(units[name])})` : label);
  }
}

// The buttons, the help and the play button as the simulation is now.
function syncControls(w, c) {
  const { el_: el } = w;
  const play = c.play_;
  if (!w.api_()) return;
  for (const [b, opt, v] of c.bound_) {
    const now = w.call_.get(opt.name);
    const pressed = opt.kind === 'choice' ? now === v : opt.kind === 'flags' ? !!now[v] : !!now;
    b.setAttribute('aria-pressed', String(pressed));
  }
  const paused = w.own_.paused();
  for (const b of c.pauseButtons_) b.setAttribute('aria-pressed', String(paused));
  for (const b of own(el, '[data-action="lane"]')) b.setAttribute('aria-pressed', String(!!w.api_().compared()));
  const metrics = JSON.parse(w.api_().uiMetrics());
  w.zoom_?.update(metrics); // where there is a touch screen (input.js)
  // ? on the canvas opens the page's HTML list of the keys too, where there is one.
  if (metrics.help && !c.helpShown_) for (const h of own(el, '[data-help]')) { const d = h.closest('details'); if (d) d.open = true; }
  c.helpShown_ = metrics.help;
  // Not over the open tuning panel (it has a Play button of its own).
  play.hidden = !paused || metrics.tuning;
  const label = `▶ ${w.lang_.t('Play')}`;
  if (play.textContent !== label) play.textContent = label;
  if (!play.hidden) {
    const cv = w.canvas_();
    // Bottom left, or bottom right where the left would cover what
    // matters (the view's focus points: the goal, the selection, the target).
    const css = cv.offsetWidth / Math.max(1, metrics.window[0]); // window px to CSS px
    const top = cv.offsetHeight - play.offsetHeight - 22;
    const [px0, py0, px1, py1] = (metrics.panel ?? []).map((v) => v * css); // the Tuning header, which may sit at the bottom
    const covers = (x0) => (metrics.focus ?? []).some(([x, y]) => x * css >= x0 - 12 && x * css <= x0 + play.offsetWidth + 12 && y * css >= top)
      || (py1 > top && px0 < x0 + play.offsetWidth && px1 > x0 && py0 < cv.offsetHeight);
    const left = covers(10) ? cv.offsetWidth - play.offsetWidth - 10 : 10;
    play.style.left = `${cv.offsetLeft + left}px`;
    play.style.top = `${cv.offsetTop + cv.offsetHeight - play.offsetHeight - 10}px`;
  }
}

// data-gauge="what-if-NAME" is the what-if lane's gauge, "apart" how far
// apart the lanes are (px); without a lane they show a dash.
function showGauges(w, c, g) {
  const spec = Object.fromEntries(w.spec_.gauges.map((x) => [x.name, x]));
  spec.apart = { unit: 'px' };
  for (const o of c.outputs_) {
    const key = o.dataset.gauge;
    const lane = key.startsWith('what-if-');
    const name = lane ? key.slice(8) : key;
    const s = spec[name];
    if (!s) continue;
    const v = lane ? g.whatIf?.[name] : g[name];
    o.value = o.textContent = v === undefined ? '–' : format(v, s.unit, s.decimals, w.lang_);
  }
  if (!c.plots_.length) return;
  // The charts' code comes with the first gauges; until then they wait.
  c.plotting_ ??= loadChunk().then((m) => m.drawPlot, (err) => { warn(w.el_, `the charts could not load: ${err.message}`); return null; });
  c.plotting_.then((drawPlot) => {
    if (!drawPlot || !w.api_()) return;
    const h = w.own_.history();
    const decimals = Object.fromEntries(w.spec_.gauges.filter((x) => x.decimals !== undefined).map((x) => [x.name, x.decimals]));
    const same = Object.fromEntries(w.spec_.gauges.map((x) => [x.name, x.same ?? 0]));
    for (const svg of c.plots_) drawPlot(svg, h, decimals, w.lang_, (hh, names) => plotSummary(hh, names, decimals, w.lang_, same));
  });
}
