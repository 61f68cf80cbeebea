// mount(): one element, one WebAssembly instance, and its handle (also at
// element.flocklab). The instance loads asynchronously: await handle.ready
// before reading; setters called earlier are applied once it is ready.
// Embed contract: web/README.md.
import { asAttribute, checkOptionNames, makeApply } from './apply.js';
import { loadChunk, makeControls } from './controls.js';
import { addForms, formLater } from './form-slot.js';
import { makeGuards } from './guards.js';
import { prepareCanvas } from './input.js';
import { leaveAlone, live, mayRest, putToSleep, showFailure, showNote } from './lifecycle.js';
import { toggleFullscreen } from './fullscreen.js';
import { english, loadLanguage, tableFile } from './lang.js';
import { linkTo } from './link.js';
import { laneMethods, lifeMethods, sharingMethods, simulationMethods } from './methods.js';
import { hold, startInstance, startSoon, unwant, want } from './loader.js';
import { SHIM_NAMES, description, learn, optionMethods, unknownName } from './options.js';
import { makeProxy } from './proxy.js';
import { makeRuns } from './runs.js';
import { makeSpeech } from './speech.js';
import { needPage } from './tasks.js';
import { isOn, own, quote, warn } from './values.js';

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
  const w = widgetContext(el);
  const given = widgetArgs(el, options, explicit);
  // The handle's methods follow one rule (guards.js), and the work that
  // takes many tasks is in runs.js.
  const g = makeGuards(w);
  w.call_ = makeCall(w);
  w.runs_ = makeRuns(w, g, () => w.afterAction_());
  const apply = makeApply(w, given.data, w.runs_.cancelRun_, () => w.afterAction_());
  const target = {
    kind: 'widget', // an experiment's el.flocklab says 'experiment'
    element: el,
    scene: given.data.scene === undefined ? null : String(given.data.scene),
    ...simulationMethods(w, g, apply.applyParams_),
    ...laneMethods(w, g),
    ...sharingMethods(w, g),
    ...lifeMethods(w, g, apply.applyNow_),
  };
  // Gives the instance up now, keeping the whole state (see Asleep), until
  // a script reads ready or calls a method, or the Live button is pressed;
  // a promise of the handle. Not while a run or a benchmark is under way.
  target.sleep = () => {
    g.alive_();
    if (w.waking_) return Promise.resolve(handle);
    if (!w.module_) throw g.notYet_('sleep');
    if (w.runs_.busy_()) throw new TypeError('flocklab: sleep(): a run or a benchmark is under way; await it (or stop it) first');
    unwant(el);
    putToSleep(w, false);
    return Promise.resolve(handle);
  };
  const handle = makeProxy(target, w, g, w.call_, given.data);
  w.handle_ = handle;
  w.own_ = target;
  el.flocklab = handle;
  addForms(el);
  w.controls_ = makeControls(w);
  w.form_ = formLater(w, loadChunk);
  w.tick_ = makeTick(w);
  el.classList.add('flocklab-started');
  const started = start(w, g, target, given, options);
  const ready = started.catch((err) => {
    if (err?.name !== 'AbortError') {
      showFailure(el, w.lang_.t('This widget could not start: {0}', err.message));
      console.error('flocklab: the widget could not start:', err);
    }
    throw err;
  });
  // The instance starts near the viewport (loader.js), or now for a script
  // that asks for ready; an asleep widget's ready is its waking.
  Object.defineProperty(target, 'ready', { get() { want(el); return w.waking_ ?? ready; }, enumerable: true });
  return handle;
}

// [SECTION] The widget's one context, declared here in full: every part of
// the widget (controls.js, form.js, runs.js, lifecycle.js, input.js ...)
// reads and writes these fields and no others.
function widgetContext(el) {
  const lifetime = new AbortController(); // every listener goes with destroy()
  const w = {
    el_: el,
    signal_: lifetime.signal,
    lifetime_: lifetime,
    lang_: english, // the widget's language (lang.js), once it is known
    spec_: null, // this scene's description, once ready
    module_: null, // the running instance's C API (loader.js), once ready
    instance_: null, // the Emscripten instance, once ready
    canvasEl_: null, // the canvas now (a lost context gets a fresh one)
    destroyed_: false,
    timer_: 0, // the tick's interval
    pending_: [], // calls made before ready, run in order once it is
    speech_: null, // the live region (speech.js)
    call_: null, // set and get an option through the module (makeCall)
    runs_: null, // the work of many tasks (runs.js)
    handle_: null, // the handle the page holds (a Proxy of the methods: a call through it holds the widget)
    own_: null, // the same methods, for the widget's own parts (its buttons, its form), which hold nothing
    controls_: null, // the buttons and gauges around the canvas (controls.js)
    form_: null, // the [data-controls] form (form.js)
    zoom_: null, // the touch chunk's pinch and zoom (input.js), once a finger comes
    tick_: null, // refreshes what the page shows of the widget (makeTick)
    args_: null, // the module's start-up arguments (an asleep widget's new instance starts with them)
    life_: null, // lifecycle.js's parts of a started widget (fit, sleep, woke)
    far_: false, // farther than two screens from the viewport (lifecycle.js)
    waking_: null, // asleep: the promise of its new instance (the handle's ready meanwhile)
    question_: null, // a what-if's question open now (predict.js through controls.js): {gate_(), reset_()}
    held_: false, // waiting at 0 s for that question's prediction (App::held)
    asked_: 0, // the instance's count of the canvas's asks (its Play, Step or . while held), as last seen
    api_: () => w.module_,
    canvas_: () => w.canvasEl_,
    setCanvas_: (c) => { w.canvasEl_ = c; },
    isDestroyed_: () => w.destroyed_,
    whenReady_: (fn) => (w.module_ ? fn() : w.pending_.push(fn)),
    // Waiting for a prediction: the canvas's own Play, Step and keys run
    // nothing (held in the instance, and in a new one after sleep).
    holdAtStart_(on) {
      w.held_ = on;
      w.module_?.setHeld(on ? 1 : 0);
    },
    // A resume() or a canvas's Play in a what-if goes through its question
    // (which asks for the prediction, or plays the one made): true if it did.
    gated_: () => w.question_?.gate_() === true,
    say_: (t) => w.speech_.say(t),
    escape_: () => w.module_ !== null && w.module_.cancel() === 1,
    // A key on the canvas: the widget's own (D, F), else the module's.
    key_(name, repeat) {
      const api = w.module_;
      if (!api) return false;
      if (name === 'd') w.say_(api.summary());
      else if (name === 'f') w.fullscreen_();
      else if (api.key(`${repeat ? 'repeat:' : ''}${name}`) === 1) w.afterAction_();
      else return false;
      return true;
    },
    fullscreen_: () => toggleFullscreen(el, { say: (s) => w.say_(s), note: (s) => showNote(el, s), t: (s) => w.lang_.t(s) }),
    // The Step button does what the . key does (pause, one step, say what
    // the inspected agent does): one path, in the module.
    stepPaused_() { w.key_('.', false); },
    // After anything changed: buttons, the form and the gauges at once.
    afterAction_() {
      w.controls_.sync();
      w.form_.sync();
      w.tick_(true);
    },
    teardown_: () => teardown(w),
    rest_: () => { if (mayRest(w)) putToSleep(w); },
    wake_: () => startSoon(el), // the Live button: now, once
    // A script used the handle (proxy.js): it holds the widget; an asleep one wakes.
    hold_: () => (w.waking_ ? want(el) : hold(el)),
  };
  w.canvasEl_ = prepareCanvas(w);
  w.speech_ = makeSpeech(el, lifetime.signal);
  return w;
}

// The end of the widget, by destroy() or by leaving the page. The canvas
// is replaced by a fresh copy: its WebGL context is gone with the
// instance, and a widget mounted on the element again needs a context of
// its own.
function teardown(w) {
  if (w.destroyed_) return;
  w.runs_.stopAll_();
  w.destroyed_ = true;
  w.pending_.length = 0;
  clearInterval(w.timer_);
  w.lifetime_.abort();
  w.module_?.destroy();
  w.module_ = null;
  w.instance_ = null; // nothing of the page holds the instance (and its memory) after this
  // The old canvas keeps Emscripten's listeners, which hold the instance: a
  // destroyed handle that a page keeps must not point at it.
  const fresh = w.canvasEl_.cloneNode(false);
  w.canvasEl_.replaceWith(fresh);
  w.canvasEl_ = fresh;
  w.el_.classList.remove('flocklab-ready');
  if (w.el_.flocklab === w.handle_) delete w.el_.flocklab;
  w.el_.dispatchEvent(new CustomEvent('flocklab:destroyed', { bubbles: true }));
}

// What the widget starts with: the element's data-* (all of them, or only
// the shim's own when the options name another scene) under the options,
// and the module's arguments made from them.
function widgetArgs(el, options, explicit) {
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
  // A what-if that asks first (a data-predict button) runs nothing before its prediction.
  const asks = own(el, '[data-action="apply"][data-predict][data-seconds]').length > 0;
  if (data.paused === undefined ? reduced || asks : isOn(data.paused, el) || asks) args.push('--paused');
  for (const [k, v] of Object.entries(data)) {
    if (SHIM_NAMES.includes(k) || v === undefined || v === null) continue;
    const value = String(v);
    // The module reads C strings: a NUL would cut the value short there.
    if (value.includes('\0') || k.includes('\0')) warn(el, `data-${quote(k)}="${quote(value.replaceAll('\0', '\\0'))}" contains a NUL character; ignored`);
    else args.push('--data', k, value);
  }
  return { fromElement, data, args };
}

// An option set and read through the module: a refused value throws, a clamp is returned.
function makeCall(w) {
  return {
    el: w.el_,
    set(name, value, kind) {
      const r = w.module_.set(name, value);
      if (r.startsWith('invalid: ')) throw new (kind === 'count' ? RangeError : TypeError)(`flocklab: ${r.slice(9)}`);
      w.afterAction_();
      return r.startsWith('clamped: ') ? r.slice(9) : '';
    },
    get(name) { return JSON.parse(w.module_.get(name)); },
  };
}

// [SECTION] What the page shows of the widget, about 4 times a second and
// after every action: what it has to say, the gauges, the buttons, the
// canvas's description, and the flocklab:gauges event.
function makeTick(w) {
  let lastGauges = '';
  let onScreenGauges = true;
  return (force = false) => {
    if (!force && w.far_) w.rest_(); // far, and idle by now (a run ended, the focus left): asleep
    const api = w.module_;
    if (!api) return;
    // What the widget has to say, even off screen and standing still (a
    // number typed into its panel while another widget holds the screen).
    w.say_(api.respond());
    // The canvas's Play, Step or . pressed while a what-if waits: its question answers.
    const asked = api.asked();
    if (asked !== w.asked_) {
      w.asked_ = asked;
      w.gated_();
    }
    const raw = api.gauges();
    const visible = api.visible() === 1;
    if (!force && !visible && !onScreenGauges && raw === lastGauges) return; // off screen and standing still
    onScreenGauges = visible;
    lastGauges = raw;
    w.controls_.sync();
    const gauges = JSON.parse(raw);
    w.controls_.show(gauges);
    w.speech_.label(w.canvasEl_, api.inputHelp(), () => api.summary(), force);
    // Never from inside a call: a handler that calls the handle again runs after it.
    setTimeout(() => { if (!w.destroyed_) w.el_.dispatchEvent(new CustomEvent('flocklab:gauges', { detail: gauges, bubbles: true })); }, 0);
  };
}

// [SECTION] Starting: the language's table first (only a page in another
// language fetches one), so the module says and draws everything in it
// from its first frame; then the instance (loader.js), the scene's own
// methods, the calls made before ready, and the tick.
function start(w, g, target, given, options) {
  const el = w.el_;
  const started = loadLanguage(el, given.data.lang).then((lang) => {
    w.lang_ = lang;
    w.controls_.language();
    // A widget in another language than its page says so, for screen readers' voices.
    if (given.data.lang !== undefined && el.getAttribute('lang') !== lang.code) el.setAttribute('lang', lang.code === 'qps' ? 'en' : lang.code);
    if (lang.code !== 'en') given.args.push('--lang', lang.code, '--decimal', lang.decimal, '--strings', lang.packed());
    w.args_ = given.args;
    return startInstance(el, w.canvasEl_, given.args, () => w.destroyed_, lang, () => started);
  }).then(({ instance, api }) => {
    if (w.destroyed_) {
      api.destroy();
      throw new DOMException('the widget was destroyed before it was ready', 'AbortError');
    }
    w.module_ = api;
    w.instance_ = instance;
    w.holdAtStart_(w.held_);
    adopt(w, target, given.fromElement, options);
    addSceneMethods(w, g, target);
    w.controls_.bind();
    w.form_.build();
    // Calls made before ready, in order. One that could not be checked at
    // the call (nothing was described yet) and fails now says so.
    for (const fn of w.pending_.splice(0)) {
      try { fn(); } catch (err) { warn(el, `a call made before ready failed when it ran: ${err.message}`); }
    }
    el.classList.add('flocklab-ready');
    w.tick_(true);
    w.timer_ = setInterval(w.tick_, TICK_MS);
    w.life_ = live(w);
    el.dispatchEvent(new CustomEvent('flocklab:ready', { detail: w.handle_, bubbles: true }));
    return w.handle_;
  });
  return started;
}

// The running instance's scene: its description, and what the page gave
// that it does not take, said once each.
function adopt(w, target, fromElement, options) {
  const { el_: el, module_: api } = w;
  // Rows whose printf conversions differ from the English key's were refused by the module.
  const refused = JSON.parse(api.rejectedStrings());
  if (refused.length) warn(el, `${tableFile(w.lang_.code)}: ${refused.length} translation(s) do not take the English text's %-values and stay English: ${refused.slice(0, 3).map((k) => JSON.stringify(k)).join(', ')}`);
  if (!description) learn(api.describe()); // the scenes are the same for every instance
  const name = api.scene();
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
}

// The methods the scene's description gives: a setter and a getter per
// option, the benchmark, explain(i), and the scene's readers.
function addSceneMethods(w, g, target) {
  const { read_: read, change_: change } = g;
  const el = w.el_;
  for (const opt of w.spec_.options) {
    const m = optionMethods(opt);
    for (const [name, check] of Object.entries(m.setters)) {
      target[name] = change((...a) => [check(...a)], (v) => {
        const clamped = w.call_.set(opt.name, v, opt.kind);
        if (clamped && opt.kind === 'point') warn(el, `${name}(${v.replace(',', ', ')}) is outside the world; using (${w.call_.get(opt.name)})`);
        else if (clamped) warn(el, `${name}(${quote(v)}): ${clamped}`);
      });
    }
    for (const name of m.getters) target[name] = read(name, () => w.call_.get(opt.name));
  }
  if (w.spec_.benchmark) {
    // Milliseconds per step of a formed run, in this page (runs.js).
    target.benchmark = read('benchmark', w.runs_.benchmark_(w.spec_.benchmark));
  }
  if (w.spec_.explain) {
    // Why agent i moves in the next step: neighbours, each rule's force, weights, total.
    target.explain = read('explain', (i) => {
      const n = w.module_.agents();
      if (!Number.isInteger(i)) throw new TypeError(`flocklab: explain(i) needs an index from 0 to ${n - 1}, got ${quote(i)}`);
      if (i < 0 || i >= n) throw new TypeError(`flocklab: explain(i) needs an index from 0 to ${n - 1}, got ${i}`);
      return JSON.parse(w.module_.explain(i));
    });
  }
  // The scene's readers: more of its state by name (the crowd's field()).
  for (const name of w.spec_.readers ?? []) target[name] = read(name, () => JSON.parse(w.module_.read(name)));
}
