// mount(): one element, one WebAssembly instance, and its handle (also at
// element.flocklab). The instance loads asynchronously: await handle.ready
// before reading; setters called earlier are applied once it is ready.
// Embed contract: web/README.md.
import { asAttribute, checkOptionNames, compareLines, makeApply, paramLines, seedOf } from './apply.js';
import { makeControls } from './controls.js';
import { addForms, makeForm } from './form.js';
import { makeGuards } from './guards.js';
import { prepareCanvas } from './input.js';
import { leaveAlone, live, showFailure, toggleFullscreen } from './lifecycle.js';
import { english, loadLanguage, tableFile } from './lang.js';
import { linkTo } from './link.js';
import { startInstance, want } from './loader.js';
import { SHIM_NAMES, description, learn, optionMethods, unknownName } from './options.js';
import { makeProxy } from './proxy.js';
import { makeRuns } from './runs.js';
import { saveFile } from './save.js';
import { makeSpeech } from './speech.js';
import { needPage } from './tasks.js';
import { isOn, own, quote, text, warn, wholeNumber } from './values.js';

export { linkTo };

const TICK_MS = 250; // gauges, buttons and the description refresh about 4 times a second

// `replace`: an element already mounted gets a new widget from `options`
// alone (its other data-* are not read), as a config of another scene does.
export function mount(el, options = {}, { replace = false } = {}) {
  needPage('mount()');
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError(`flocklab: mount(element, options) takes an object of options, such as {seed: 3} or a config(), got ${quote(options)}`);
  }
  // A config of another scene replaces the widget (a .flocklab element is
  // mounted as soon as it is on the page, usually as the default scene).
  let fresh = false;
  if (el.flocklab?.kind === 'experiment' || el.hasAttribute('data-experiment')) {
    throw new TypeError('flocklab: mount(): this element is an experiment (data-experiment); FlockLab.experiment(element) gives its handle');
  }
  leaveAlone(el, false); // mount(el) starts even an element destroyed before
  if (el.flocklab) {
    const now = el.flocklab.scene ?? el.dataset.scene ?? description?.defaultScene;
    if (!replace && (options.scene === undefined || String(options.scene) === now)) return el.flocklab.apply(options);
    el.flocklab.destroy(); // it leaves a fresh canvas
    fresh = true;
  }
  // Options given with another scene than the element's say everything: the
  // element's other data-* are not read.
  const explicit = fresh || (options.scene !== undefined && el.dataset.scene !== undefined && String(options.scene) !== el.dataset.scene);
  checkOptionNames(String(options.scene ?? el.dataset.scene ?? description?.defaultScene), options, 'mount()');
  el.classList.add('flocklab'); // a plain element is styled as a widget
  const lifetime = new AbortController(); // every listener goes with destroy()
  const { signal } = lifetime;
  let api = null;
  let timer = 0;
  let destroyed = false;
  const pending = [];
  const whenReady = (fn) => (api ? fn() : pending.push(fn));

  // The widget's parts share this: the element, its instance and handle.
  const w = {
    el_: el,
    signal_: signal,
    lang_: english, // the widget's language (lang.js), once it is known
    api_: () => api,
    spec_: null, // this scene's description
    instance_: null,
    whenReady_: whenReady,
    escape_: () => api !== null && api.cancel() === 1,
    // A key on the canvas: the widget's own (D, F), else the module's.
    key_(name, repeat) {
      if (!api) return false;
      if (name === 'd') speech.say(api.summary());
      else if (name === 'f') w.fullscreen_();
      else if (api.key(`${repeat ? 'repeat:' : ''}${name}`) === 1) afterAction();
      else return false;
      return true;
    },
    fullscreen_: () => toggleFullscreen(el, (s) => speech.say(s), (s) => w.lang_.t(s)),
    // The Step button does what the . key does (pause, one step, say what
    // the inspected agent does): one path, in the module.
    stepPaused_() { w.key_('.', false); },
  };
  let canvas = prepareCanvas(w);
  w.canvas_ = () => canvas;
  w.setCanvas_ = (c) => { canvas = c; };
  const speech = makeSpeech(el, signal);
  w.say_ = (t) => speech.say(t);

  const { params: paramOptions = {}, ...rest } = options;
  const fromElement = explicit ? Object.fromEntries(SHIM_NAMES.filter((k) => k !== 'scene' && el.dataset[k] !== undefined).map((k) => [k, el.dataset[k]])) : { ...el.dataset };
  const data = { ...fromElement, ...rest, ...paramOptions };
  // Every data-* attribute goes to the module, which applies those its
  // scene has options for (and warns about bad values).
  const noNul = (k, v) => {
    if (!String(v).includes('\0')) return String(v);
    warn(el, `data-${k}="${quote(String(v).replaceAll('\0', '\\0'))}" contains a NUL character; ignored`);
    return '';
  };
  const args = ['--scene', noNul('scene', data.scene ?? ''), '--seed', noNul('seed', data.seed ?? '')];
  // Readers who ask for reduced motion get every widget paused, with a play button.
  const reduced = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
  if (data.paused === undefined ? reduced : isOn(data.paused, el)) args.push('--paused');
  for (const [k, v] of Object.entries(data)) {
    if (SHIM_NAMES.includes(k) || v === undefined || v === null) continue;
    const value = String(v);
    // The module reads C strings: a NUL would cut the value short there.
    if (value.includes('\0') || k.includes('\0')) warn(el, `data-${quote(k)}="${quote(value.replaceAll('\0', '\\0'))}" contains a NUL character; ignored`);
    else args.push('--data', k, value);
  }

  // The handle's methods follow one rule (guards.js), and the work that
  // takes many tasks is in runs.js.
  w.isDestroyed_ = () => destroyed;
  w.pending_ = pending;
  const g = makeGuards(w);
  const { alive_: alive, read_: read, change_: change, none_: none, guarded_: guarded } = g;

  const call = {
    el,
    set(name, value, kind) {
      const r = api.set(name, value);
      if (r.startsWith('invalid: ')) throw new (kind === 'count' ? RangeError : TypeError)(`flocklab: ${r.slice(9)}`);
      afterAction();
      return r.startsWith('clamped: ') ? r.slice(9) : '';
    },
    get(name) { return JSON.parse(api.get(name)); },
  };
  w.call_ = call;

  const runs = makeRuns(w, g, () => afterAction());
  const { cancelRun_: cancelRun } = runs;
  const { applyParams_: applyParams, applyNow_: applyNow } = makeApply(w, data, cancelRun, () => afterAction());

  const target = {
    kind: 'widget', // an experiment's el.flocklab says 'experiment'
    element: el,
    scene: data.scene === undefined ? null : String(data.scene),
    gauges: read('gauges', () => JSON.parse(api.gauges())),
    reset: change(seedOf, (s) => {
      cancelRun();
      api.reset(s);
      afterAction();
    }),
    seed: read('seed', () => api.seed()),
    runTo: runs.runTo_, // reset with the same seed, run to `seconds` of simulated time and pause there (runs.js)
    // Reset with the same seed and play in real time, pausing at `seconds`; the clock's rate (runs.js).
    playTo: runs.playTo_,
    setSpeed: runs.setSpeed_,
    speed: read('speed', () => api.speed()),
    pause: change(none, () => { cancelRun(); api.setPaused(1); controls.sync(); }),
    resume: change(none, () => { api.setPaused(0); controls.sync(); }),
    paused: read('paused', () => api.paused() === 1),
    // step(n) runs synchronously and returns the steps it ran: each call stops after a
    // number of boid-steps (fewer for bigger flocks) and description.maxCallMs of work.
    step: change((n = 1) => [wholeNumber(el, 'step(n)', n, 1, 0, Number.MAX_SAFE_INTEGER)], (want) => {
      cancelRun();
      const ran = api.step(Math.min(want, api.maxSteps()));
      if (ran < want) warn(el, `step(${want}) ran ${ran} of ${want} steps (one call runs at most ${api.maxSteps()} steps of this size and ${description.maxCallMs} ms); call it again for more`);
      afterAction();
      return ran;
    }),
    // A copy of the simulation's state (px, px/s), in one call into the module.
    state: read('state', () => JSON.parse(api.state())),
    // What the simulation is doing now, in a sentence or three (the summary a screen reader hears).
    describe: read('describe', () => api.summary()),
    // The last 20 sentences the widget said through its live region.
    announcements: read('announcements', () => speech.announcements()),
    // The live step time (ms): the last 5 s of stepping over their steps, measured in this page.
    stepTime: read('stepTime', () => api.stepMs()),
    // The gauges over simulated time (10 samples per simulated second, the
    // last two minutes), with what was switched when: {time, <gauge>..., units, events}.
    history: read('history', () => JSON.parse(api.history())),
    csv: read('csv', () => api.csv()),
    // One setting over values, each over seeds, on this configuration (runs.js).
    experiment: read('experiment', runs.experiment_),
    // Forgets the kept runs and the current run's samples so far (a fresh chart and CSV).
    clearHistory: change(none, () => { api.clearHistory(); afterAction(); }),
    // The tunables by name, and setting any of them ({weight_separation: 0}
    // or {weightSeparation: 0}): all or nothing, out-of-range values clamped
    // with a warning, dependent limits (min_speed <= max_speed) on the final values.
    params: read('params', () => JSON.parse(api.params())),
    setParams: change(paramLines, applyParams),
    // The what-if lane: a second copy of the simulation with these changes
    // ({maxForce: 0.2}, {flee: 'negated-seek'}, "update=as-you-go; order=reversed"),
    // from a copy of this one's state, stepped beside it; null removes it.
    // All or nothing: a bad name or value is a TypeError and changes nothing.
    compare: change(compareLines, (lines) => {
      const r = api.compare(lines);
      if (r.startsWith('invalid: ')) throw new TypeError(`flocklab: ${r.slice(9)}`);
      if (r) for (const line of r.slice(9).split('\n')) warn(el, line);
      afterAction();
    }),
    // Its changes by the scene's names ({max_force: 0.2}), or null without a lane.
    compared: read('compared', () => {
      const t = api.compared();
      if (!t) return null;
      return Object.fromEntries(t.split('; ').map((p) => {
        const [k, v] = [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)];
        return [k, v !== '' && Number.isFinite(Number(v)) ? Number(v) : v];
      }));
    }),
    // Everything needed to make the same widget elsewhere: FlockLab.mount(other, handle.config()).
    config: read('config', () => {
      const c = { scene: w.spec_.name, seed: api.seed(), paused: api.paused() === 1 };
      for (const opt of w.spec_.options) {
        const attr = opt.attribute;
        if (!attr) continue;
        const v = call.get(opt.name);
        if (opt.kind === 'flags') c[`${attr}s`] = Object.keys(v).filter((k) => v[k]).join(',');
        else if (opt.kind === 'point') c[attr] = v === null ? '' : v.join(',');
        else c[attr] = v === null ? '' : v;
      }
      c.params = JSON.parse(api.params());
      if (api.compared()) c.compare = api.compared(); // data-compare's text
      return c;
    }),
    // The address of embed.html (beside flocklab.js) with this configuration
    // in its query: opening it makes the same widget (config() is equal).
    link: read('link', () => linkTo(handle.config(), w.spec_, w.lang_)),
    // Downloads this widget as one offline HTML file with config() written
    // inside it (save.js); resolves to the File. What the file will not show is said.
    saveFile: read('saveFile', () => (api.reopenNote() && warn(el, `saveFile(): ${api.reopenNote()}`), saveFile(handle.config(), w.spec_, w.lang_))),
    // The widget's language: its code ("es"), its decimal mark, and the
    // English strings it has shown or said with no translation in its table.
    language: read('language', () => ({ lang: w.lang_.code, decimal: w.lang_.decimal, missing: JSON.parse(api.missingStrings()) })),
    // An <iframe> for course platforms that strip scripts: the link, a title, the world's shape.
    embedCode: read('embedCode', () => {
      const [wx, wy] = w.spec_.world;
      const title = `flocklab: ${canvas.getAttribute('aria-label') ?? w.spec_.name}`.replaceAll('"', '&quot;');
      const src = linkTo(handle.config(), w.spec_, w.lang_).replaceAll('&', '&amp;');
      return `<iframe src="${src}" title="${title}" width="${wx}" height="${wy + 72}" style="width: 100%; aspect-ratio: ${wx} / ${wy + 72}; border: 0" allow="fullscreen; clipboard-write" loading="lazy"></iframe>`;
    }),
    // Stops the loop, the timers and the listeners and lets the instance go;
    // removing the element from the page does the same. At any time, even
    // before ready (which then rejects with an AbortError) or from inside a
    // call; the handle is dead after, and the page's auto-mounter leaves the
    // element alone (only mount(el) starts it again).
    destroy() {
      if (destroyed) return;
      leaveAlone(el);
      w.teardown_();
    },
    destroyed() { return destroyed; },
    // The HUD's text height and smallest control (CSS px), the window and backing-store sizes.
    uiMetrics: read('uiMetrics', () => JSON.parse(api.uiMetrics())),
    // Whether it is on screen (off-screen widgets neither run nor draw).
    visible: read('visible', () => api.visible() === 1),
    // Presses a widget key by name, as on the focused canvas ('ArrowLeft', 'Shift+ArrowUp', 'h', ']', '?'); true if used.
    key: change((name) => {
      if (typeof name !== 'string') throw new TypeError(`flocklab: key(name) takes a key's name, such as "ArrowLeft" or "t", got ${quote(name)}`);
      return [text(name, 'key(name)')];
    }, (name) => w.key_(name, false)),
    // Applies options to a mounted widget (mount(el, options) on a mounted element does this).
    apply(opts = {}) {
      alive();
      return guarded(applyNow, [opts]);
    },
  };
  // The end of the widget, by destroy() or by leaving the page. The canvas
  // is replaced by a fresh copy: its WebGL context is gone with the
  // instance, and a widget mounted on the element again needs a context of
  // its own.
  w.teardown_ = () => {
    if (destroyed) return;
    runs.stopAll_();
    destroyed = true;
    pending.length = 0;
    clearInterval(timer);
    lifetime.abort();
    if (api) api.destroy();
    api = null;
    w.instance_ = null; // nothing of the page holds the instance (and its memory) after this
    // The old canvas keeps Emscripten's listeners, which hold the instance: a
    // destroyed handle that a page keeps must not point at it.
    const fresh = canvas.cloneNode(false);
    canvas.replaceWith(fresh);
    canvas = fresh;
    el.classList.remove('flocklab-ready');
    if (el.flocklab === handle) delete el.flocklab;
    el.dispatchEvent(new CustomEvent('flocklab:destroyed', { bubbles: true }));
  };
  const handle = makeProxy(target, w, g, call, data);
  w.handle_ = handle;
  el.flocklab = handle;
  addForms(el);
  const controls = makeControls(w);
  const form = makeForm(w);

  // After anything changed: buttons, the form and the gauges at once.
  function afterAction() {
    controls.sync();
    form.sync();
    tick(true);
  }

  let lastGauges = '';
  let onScreenGauges = true;
  function tick(force = false) {
    if (!api) return;
    // What the widget has to say, even off screen and standing still (a
    // number typed into its panel while another widget holds the screen).
    speech.say(api.respond());
    const raw = api.gauges();
    const visible = api.visible() === 1;
    if (!force && !visible && !onScreenGauges && raw === lastGauges) return; // off screen and standing still
    onScreenGauges = visible;
    lastGauges = raw;
    controls.sync();
    const g = JSON.parse(raw);
    controls.show(g);
    speech.label(canvas, api.inputHelp(), () => api.summary(), force);
    // Never from inside a call: a handler that calls the handle again runs after it.
    setTimeout(() => { if (!destroyed) el.dispatchEvent(new CustomEvent('flocklab:gauges', { detail: g, bubbles: true })); }, 0);
  }

  el.classList.add('flocklab-started');
  // The language's table first (only a page in another language fetches one):
  // the module says and draws everything in it from its first frame.
  const started = loadLanguage(el, data.lang).then((lang) => {
    w.lang_ = lang;
    controls.language();
    // A widget in another language than its page says so, for screen readers' voices.
    if (data.lang !== undefined && el.getAttribute('lang') !== lang.code) el.setAttribute('lang', lang.code === 'qps' ? 'en' : lang.code);
    if (lang.code !== 'en') args.push('--lang', lang.code, '--decimal', lang.decimal, '--strings', lang.packed());
    return startInstance(el, canvas, args, () => destroyed, lang, () => started);
  }).then(({ instance, api: a }) => {
    if (destroyed) {
      a.destroy();
      throw new DOMException('the widget was destroyed before it was ready', 'AbortError');
    }
    api = a;
    w.instance_ = instance;
    // Rows whose printf conversions differ from the English key's were refused by the module.
    const refused = JSON.parse(a.rejectedStrings());
    if (refused.length) warn(el, `${tableFile(w.lang_.code)}: ${refused.length} translation(s) do not take the English text's %-values and stay English: ${refused.slice(0, 3).map((k) => JSON.stringify(k)).join(', ')}`);
    if (!description) learn(a.describe()); // the scenes are the same for every instance
    const name = a.scene();
    w.spec_ = { name, ...description.scenes[name] };
    target.scene = name;
    // data-* names that are another scene's, or a likely typo of a setting,
    // warn once each; others are the page's own (see web/README.md).
    for (const k of Object.keys(fromElement)) {
      const why = unknownName(name, k, asAttribute, false);
      if (why) warn(el, why);
    }
    // Options of mount() are checked at the call when the scenes were known; else here.
    try { checkOptionNames(name, options, 'mount()'); } catch (err) { warn(el, err.message.replace(/^flocklab: /, '')); }
    for (const opt of w.spec_.options) {
      const m = optionMethods(opt);
      for (const [name, check] of Object.entries(m.setters)) {
        target[name] = change((...a) => [check(...a)], (v) => {
          const clamped = call.set(opt.name, v, opt.kind);
          if (clamped && opt.kind === 'point') warn(el, `${name}(${v.replace(',', ', ')}) is outside the world; using (${call.get(opt.name)})`);
          else if (clamped) warn(el, `${name}(${quote(v)}): ${clamped}`);
        });
      }
      for (const name of m.getters) target[name] = read(name, () => call.get(opt.name));
    }
    if (w.spec_.benchmark) {
      // Milliseconds per step of a formed run, in this page (runs.js).
      target.benchmark = read('benchmark', runs.benchmark_(w.spec_.benchmark));
    }
    if (w.spec_.explain) {
      // Why agent i moves in the next step: neighbours, each rule's force, weights, total.
      target.explain = read('explain', (i) => {
        const n = api.agents();
        if (!Number.isInteger(i)) throw new TypeError(`flocklab: explain(i) needs an index from 0 to ${n - 1}, got ${quote(i)}`);
        if (i < 0 || i >= n) throw new TypeError(`flocklab: explain(i) needs an index from 0 to ${n - 1}, got ${i}`);
        return JSON.parse(api.explain(i));
      });
    }
    // The scene's readers: more of its state by name (the crowd's field()).
    for (const name of w.spec_.readers ?? []) target[name] = read(name, () => JSON.parse(api.read(name)));
    controls.bind();
    form.build();
    // Calls made before ready, in order. One that could not be checked at
    // the call (nothing was described yet) and fails now says so.
    for (const fn of pending.splice(0)) {
      try { fn(); } catch (err) { warn(el, `a call made before ready failed when it ran: ${err.message}`); }
    }
    el.classList.add('flocklab-ready');
    tick(true);
    timer = setInterval(tick, TICK_MS);
    live(w);
    el.dispatchEvent(new CustomEvent('flocklab:ready', { detail: handle, bubbles: true }));
    return handle;
  });
  const ready = started.catch((err) => {
    if (err?.name !== 'AbortError') {
      showFailure(el, w.lang_.t('This widget could not start: {0}', err.message));
      console.error('flocklab: the widget could not start:', err);
    }
    throw err;
  });
  // The instance starts near the viewport (loader.js), or now for a script that asks for ready.
  Object.defineProperty(target, 'ready', { get() { want(el); return ready; }, enumerable: true });
  return handle;
}
