// mount(): one element, one WebAssembly instance, and its handle (also at
// element.flocklab). The instance loads asynchronously: await handle.ready
// before reading; setters called earlier are applied once it is ready.
// Embed contract: README.md ("Embedding a widget").
import { makeControls } from './controls.js';
import { makeForm } from './form.js';
import { prepareCanvas } from './input.js';
import { live, showFailure, toggleFullscreen } from './lifecycle.js';
import { startInstance } from './loader.js';
import { description, learn, methodOwners, optionMethods } from './options.js';
import { makeSpeech } from './speech.js';
import { isOn, warn, wholeNumber } from './values.js';

const TICK_MS = 250; // gauges, buttons and the description refresh about 4 times a second

export function mount(el, options = {}) {
  if (el.flocklab) return el.flocklab.apply(options);
  const lifetime = new AbortController(); // every listener goes with destroy()
  const { signal } = lifetime;
  let api = null;
  let timer = 0;
  let destroyed = false;
  const pending = [];
  const whenReady = (fn) => (api ? fn() : pending.push(fn));

  // The widget's parts share this: the element, its instance and handle.
  const w = {
    el,
    signal,
    api: () => api,
    spec: null, // this scene's description
    instance: null,
    whenReady,
    escape: () => api !== null && api.cancel() === 1,
    // A key on the canvas: the widget's own (D, F), else the module's.
    key(name, repeat) {
      if (!api) return false;
      if (name === 'd') {
        speech.say(api.summary());
        return true;
      }
      if (name === 'f') {
        w.fullscreen();
        return true;
      }
      const used = api.key(`${repeat ? 'repeat:' : ''}${name}`) === 1;
      if (used) afterAction();
      return used;
    },
    fullscreen: () => toggleFullscreen(el),
    // Step: pause if running, then one 1/60 s step; says what the inspected agent does.
    stepPaused() {
      api.setPaused(1);
      api.step(1);
      afterAction();
    },
  };
  let canvas = prepareCanvas(w);
  w.canvas = () => canvas;
  w.setCanvas = (c) => { canvas = c; };
  const speech = makeSpeech(el, signal);

  const { params: paramOptions = {}, ...rest } = options;
  const data = { ...el.dataset, ...rest, ...paramOptions };
  // Every data-* attribute goes to the module, which applies those its
  // scene has options for (and warns about bad values).
  const args = ['--scene', String(data.scene ?? ''), '--seed', String(data.seed ?? '')];
  // Readers who ask for reduced motion get every widget paused, with a play button.
  const reduced = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
  if (data.paused === undefined ? reduced : isOn(data.paused)) args.push('--paused');
  for (const [k, v] of Object.entries(data)) {
    if (!['scene', 'seed', 'paused', 'textScale', 'controls'].includes(k) && v !== undefined && v !== null) args.push('--data', k, String(v));
  }

  const call = {
    el,
    set(name, value) {
      const r = api.set(name, String(value));
      if (r.startsWith('invalid: ')) throw new TypeError(`flocklab: ${r.slice(9)}`);
      afterAction();
      return r.startsWith('clamped: ') ? r.slice(9) : '';
    },
    get(name) { return JSON.parse(api.get(name)); },
  };
  w.call = call;

  const target = {
    element: el,
    scene: data.scene === undefined ? null : String(data.scene),
    ready: null,
    gauges() { return api ? JSON.parse(api.gauges()) : null; },
    reset(seed) {
      whenReady(() => {
        const s = seed === undefined ? -1 : wholeNumber(el, 'reset(seed)', seed, api.seed(), 0, description.maxSeed);
        api.reset(s);
        afterAction();
      });
    },
    seed() { return api ? api.seed() : null; },
    // Reset with the same seed, run to `seconds` of simulated time (whole
    // steps) and pause there: where the lab reads its gauges.
    runTo(seconds = 10) {
      whenReady(() => {
        const s = Number(seconds);
        if (!Number.isFinite(s) || s < 0 || s > 600) throw new TypeError(`flocklab: runTo(seconds) takes 0 to 600 seconds, got ${seconds}`);
        api.runFromReset(Math.round(s / description.stepSeconds));
        afterAction();
      });
    },
    pause() { whenReady(() => { api.setPaused(1); controls.sync(); }); },
    resume() { whenReady(() => { api.setPaused(0); controls.sync(); }); },
    paused() { return api ? api.paused() === 1 : args.includes('--paused'); },
    // step(n) runs synchronously and returns the steps it ran: each call
    // stops after a number of boid-steps (fewer steps for bigger flocks) and
    // after description.maxCallMs of work, so that none can hang the page.
    step(n = 1) {
      if (!api) {
        whenReady(() => handle.step(n));
        return 0;
      }
      const want = wholeNumber(el, 'step(n)', n, 1, 0, Number.MAX_SAFE_INTEGER);
      const ran = api.step(Math.min(want, api.maxSteps()));
      if (ran < want) warn(el, `step(${n}) ran ${ran} of ${want} steps (one call runs at most ${api.maxSteps()} steps of this size and ${description.maxCallMs} ms); call it again for more`);
      afterAction();
      return ran;
    },
    // A copy of the simulation's state (px, px/s), in one call into the module.
    state() { return api ? JSON.parse(api.state()) : null; },
    // What the simulation is doing now, in a sentence or three (the summary a screen reader hears).
    describe() { return api ? api.summary() : null; },
    // The last 20 sentences the widget said through its live region.
    announcements() { return speech.announcements(); },
    // Moving median of the live step time (ms), measured in this page.
    stepTime() { return api ? api.stepMs() : 0; },
    // The gauges over simulated time (10 samples per simulated second, the
    // last two minutes), with what was switched when: {time, <gauge>..., units, events}.
    history() { return api ? JSON.parse(api.history()) : null; },
    csv() { return api ? api.csv() : ''; },
    // The tunables by name, and setting any of them ({weight_separation: 0}
    // or {weightSeparation: 0}); out-of-range values are clamped with a warning.
    params() { return api ? JSON.parse(api.params()) : null; },
    setParams(values) {
      if (values === null || typeof values !== 'object') throw new TypeError('flocklab: setParams needs an object such as {weightSeparation: 0}');
      whenReady(() => {
        for (const [k, v] of Object.entries(values)) {
          const r = api.setParam(k, String(v));
          if (r.startsWith('invalid: ')) throw new TypeError(`flocklab: setParams: ${r.slice(9)}`);
          if (r) warn(el, `setParams: ${r.slice(9)}`);
        }
        afterAction();
      });
    },
    // Everything needed to make the same widget elsewhere: FlockLab.mount(other, handle.config()).
    config() {
      if (!api) return null;
      const c = { scene: w.spec.name, seed: api.seed(), paused: handle.paused() };
      for (const opt of w.spec.options) {
        const attr = opt.attribute;
        if (!attr) continue;
        const v = call.get(opt.name);
        if (opt.kind === 'flags') c[`${attr}s`] = Object.keys(v).filter((k) => v[k]).join(',');
        else if (opt.kind === 'point') c[attr] = v === null ? '' : v.join(',');
        else c[attr] = v === null ? '' : v;
      }
      c.params = handle.params();
      return c;
    },
    // Stops the loop, the timers and the listeners and lets the instance go;
    // removing the element from the page does the same. The handle is dead after.
    destroy() {
      if (destroyed) return;
      destroyed = true;
      clearInterval(timer);
      lifetime.abort();
      if (api) api.destroy();
      api = null;
      el.classList.remove('flocklab-ready');
      delete el.flocklab;
      el.dispatchEvent(new CustomEvent('flocklab:destroyed', { bubbles: true }));
    },
    destroyed() { return destroyed; },
    // The HUD's text height and smallest control (CSS px), the window and backing-store sizes.
    uiMetrics() { return api ? JSON.parse(api.uiMetrics()) : null; },
    // Whether it is on screen (off-screen widgets neither run nor draw).
    visible() { return api ? api.visible() === 1 : false; },
    // Presses a widget key by name, as on the focused canvas ('ArrowLeft', 'Shift+ArrowUp', 'h', ']', '?'); true if used.
    key(name) { return w.key(String(name), false); },
    // Applies options to a mounted widget (mount(el, options) on a mounted element does this).
    apply(opts = {}) {
      const { params: ps, seed, paused, scene, ...others } = opts ?? {};
      whenReady(() => {
        if (scene !== undefined && scene !== w.spec.name) warn(el, `this widget is a ${w.spec.name} widget; it cannot become a ${scene} widget (mount a new element)`);
        for (const [k, v] of Object.entries(others)) {
          if (v === undefined || v === null) continue;
          const warning = api.apply(k, String(v));
          if (warning) for (const line of warning.split('\n')) warn(el, line);
        }
        if (ps) handle.setParams(ps);
        if (seed !== undefined) handle.reset(seed);
        if (paused !== undefined) api.setPaused(paused === true || paused === '' || paused === 'true' ? 1 : 0);
        afterAction();
      });
      return handle;
    },
  };

  // Before the module has described the scene, any setNAME() call is queued.
  const handle = new Proxy(target, {
    get(t, prop, receiver) {
      if (prop in t || typeof prop !== 'string') return Reflect.get(t, prop, receiver);
      if (!w.spec && /^set[A-Z]/.test(prop)) return (...a) => whenReady(() => handle[prop](...a));
      // A method of another scene: say so, naming both.
      const owners = w.spec && methodOwners[prop];
      if (!owners) return undefined;
      return () => {
        throw new TypeError(`flocklab: ${prop}() is for ${owners.join(' and ')} widgets; this one is a ${w.spec.name} widget`);
      };
    },
  });
  w.handle = handle;
  el.flocklab = handle;
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
    const raw = api.gauges();
    const visible = api.visible() === 1;
    if (!force && !visible && !onScreenGauges && raw === lastGauges) return; // off screen and standing still
    onScreenGauges = visible;
    lastGauges = raw;
    controls.sync();
    const g = JSON.parse(raw);
    controls.show(g);
    speech.label(canvas, api.inputHelp(), api.summary(), force);
    speech.say(api.respond());
    // Never from inside a call: a handler that calls the handle again runs after it.
    setTimeout(() => { if (!destroyed) el.dispatchEvent(new CustomEvent('flocklab:gauges', { detail: g, bubbles: true })); }, 0);
  }

  el.classList.add('flocklab-started');
  const started = startInstance(el, canvas, args).then(({ instance, api: a }) => {
    if (destroyed) {
      a.destroy();
      throw new DOMException('the widget was destroyed before it was ready', 'AbortError');
    }
    api = a;
    w.instance = instance;
    learn(api.describe());
    const name = api.scene();
    w.spec = { name, ...description.scenes[name] };
    target.scene = name;
    for (const opt of w.spec.options) Object.assign(target, optionMethods(opt, call));
    if (w.spec.benchmark) {
      const b = w.spec.benchmark;
      // Milliseconds per step of a formed run, measured inside this page's WebAssembly.
      target.benchmark = (opts = {}) => {
        if (opts === null || typeof opts !== 'object') {
          throw new TypeError(`flocklab: benchmark() takes an object such as {boids: ${b.size}, neighbors: '${b.variants[0]}', steps: ${b.steps}}, got ${opts}`);
        }
        const { [b.sizeName]: size = b.size, [b.variantName]: variant = b.variants[0], steps = b.steps, warmup = b.warmup } = opts;
        const n = wholeNumber(el, `benchmark ${b.sizeName}`, size, b.size, b.sizeLo, b.sizeHi);
        if (!b.variants.includes(variant)) throw new TypeError(`flocklab: unknown ${b.variantName} "${variant}" (expected ${b.variants.join(', ')})`);
        const s = wholeNumber(el, 'benchmark steps', steps, b.steps, 1, api.maxStepsFor(n));
        const wu = wholeNumber(el, 'benchmark warmup', warmup, b.warmup, 0, b.maxWarmup);
        const r = JSON.parse(api.benchmark(n, variant, s, wu));
        if (r.capped) warn(el, `benchmark: timed ${r.steps} of ${s} steps (one call works at most ${description.maxCallMs} ms)`);
        if (r.warmup < wu) warn(el, `benchmark: the run was formed over ${r.warmup} of ${wu} warm-up steps (at most ${description.maxWarmupMs / 1000} s)`);
        return r.ms;
      };
    }
    if (w.spec.explain) {
      // Why agent i moves in the next step: neighbours, each rule's force, weights, total.
      target.explain = (i) => {
        const n = api.agents();
        if (!Number.isInteger(i) || i < 0 || i >= n) throw new TypeError(`flocklab: explain(i) needs an index from 0 to ${n - 1}, got ${i}`);
        return JSON.parse(api.explain(i));
      };
    }
    controls.bind();
    form.build();
    for (const fn of pending.splice(0)) {
      try { fn(); } catch (err) { console.error(err); }
    }
    el.classList.add('flocklab-ready');
    tick(true);
    timer = setInterval(tick, TICK_MS);
    live(w);
    el.dispatchEvent(new CustomEvent('flocklab:ready', { detail: handle, bubbles: true }));
    return handle;
  });
  target.ready = started.catch((err) => {
    if (err?.name !== 'AbortError') {
      showFailure(el, `This widget could not start: ${err.message}`);
      console.error('flocklab: the widget could not start:', err);
    }
    throw err;
  });
  return handle;
}
