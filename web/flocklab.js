// flocklab's JS shim: mounts every .flocklab element on the page as its own
// WebAssembly instance and binds the element's HTML controls to it.
// Embed contract: see README.md ("Embedding a widget").
//
// The shim keeps no table of scenes, modes, rules, gauges or limits: the
// module describes them (fl_describe) and the handle's methods, the data-*
// attributes and the buttons follow from each scene's options:
//   choice  NAME    setNAME(v), NAME(); button[data-ATTR="v"] picks v
//   flags   NAME    setNAME(flag, on), NAMEs(); button[data-ATTR="flag"] toggles it
//   toggle  NAME    setNAME(on), NAME(); button[data-ATTR] toggles it
//   point   NAME    setNAME(x, y) (or null when it may be none), NAME()
//   count   NAME    setNAME(n), NAME()
// where ATTR is the option's data-* attribute (usually its own name).
import createFlockLab from './flocklab-core.js';

const TICK_MS = 250; // gauges and buttons refresh about 4 times a second

// Every widget on the page shares one download and one compilation of the
// WebAssembly module; each still gets its own instance (memory, state).
let compiled = null;
function compiledModule() {
  if (!compiled) {
    const url = new URL('flocklab-core.wasm', import.meta.url);
    compiled = WebAssembly.compileStreaming
      ? WebAssembly.compileStreaming(fetch(url)).catch(() => fetch(url).then((r) => r.arrayBuffer()).then((b) => WebAssembly.compile(b)))
      : fetch(url).then((r) => r.arrayBuffer()).then((b) => WebAssembly.compile(b));
  }
  return compiled;
}

// The module's description of every scene, read once from the first instance,
// and which scenes each option method belongs to (setHawk: ['flock']).
let description = null;
let methodOwners = null;
function describe(json) {
  description = JSON.parse(json);
  methodOwners = {};
  for (const [scene, s] of Object.entries(description.scenes)) {
    const names = s.options.flatMap((opt) => Object.keys(optionMethods(opt, null)));
    if (s.benchmark) names.push('benchmark');
    for (const name of names) (methodOwners[name] ??= []).push(scene);
  }
}

function warn(el, message) {
  console.warn(`flocklab: ${message}`, el);
}

const upperFirst = (s) => s[0].toUpperCase() + s.slice(1);
const kebab = (s) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

// A whole number from an attribute or an argument; out-of-range values are
// clamped and anything that is not a number falls back to the default, each
// with a console warning.
function wholeNumber(el, name, raw, fallback, lo, hi) {
  if (raw === undefined || raw === null || raw === '') return fallback;
  const v = typeof raw === 'number' ? raw : Number(String(raw).trim());
  if (!Number.isFinite(v)) {
    warn(el, `${name}="${raw}" is not a number; using ${fallback}`);
    return fallback;
  }
  const clamped = Math.min(hi, Math.max(lo, Math.round(v)));
  if (clamped !== v) warn(el, `${name}="${raw}" must be a whole number from ${lo} to ${hi}; using ${clamped}`);
  return clamped;
}

function finitePoint(what, x, y) {
  if (typeof x !== 'number' || typeof y !== 'number' || !Number.isFinite(x) || !Number.isFinite(y)) {
    throw new TypeError(`flocklab: ${what} needs two finite numbers, got (${x}, ${y})`);
  }
}

function prepareCanvas(el) {
  let canvas = el.querySelector('canvas');
  if (!canvas) {
    canvas = document.createElement('canvas');
    el.prepend(canvas);
  }
  if (!canvas.hasAttribute('tabindex')) canvas.tabIndex = 0; // keys only while focused
  // Tab and Shift+Tab move focus on and Escape leaves the canvas: stopped on
  // their way down to it (capture, on the widget's element), these keys never
  // reach SDL, which would cancel them and trap keyboard users in the canvas.
  el.addEventListener('keydown', (e) => {
    if (e.target !== canvas) return;
    if (e.key === 'Tab') e.stopPropagation();
    else if (e.key === 'Escape') {
      e.stopPropagation();
      canvas.blur();
    }
  }, true);
  // A canvas does not take focus by being clicked in every browser.
  canvas.addEventListener('pointerdown', () => canvas.focus({ preventScroll: true }));
  canvas.addEventListener('contextmenu', (e) => e.preventDefault());
  return canvas;
}

function format(value, unit) {
  if (!Number.isFinite(value)) return '–';
  return unit === '' ? value.toFixed(2) : value.toFixed(1);
}

// The handle's methods for one option of a scene (see the top of the file).
function optionMethods(opt, call) {
  const Name = upperFirst(opt.name);
  const m = {};
  switch (opt.kind) {
    case 'choice':
      m[`set${Name}`] = (v) => {
        if (!opt.values.includes(v)) {
          throw new TypeError(`flocklab: unknown ${kebab(opt.name).replace('-', ' ')} "${v}" (expected ${opt.values.join(', ')})`);
        }
        call.set(opt.name, v);
      };
      m[opt.name] = () => call.get(opt.name);
      break;
    case 'flags':
      m[`set${Name}`] = (flag, on) => {
        if (!opt.values.includes(flag)) {
          throw new TypeError(`flocklab: unknown ${opt.name} "${flag}" (expected ${opt.values.join(', ')})`);
        }
        call.set(opt.name, `${flag}=${on ? 1 : 0}`);
      };
      m[`${opt.name}s`] = () => call.get(opt.name);
      break;
    case 'toggle':
      m[`set${Name}`] = (on) => call.set(opt.name, on ? '1' : '0');
      m[opt.name] = () => call.get(opt.name);
      break;
    case 'point':
      m[`set${Name}`] = (x, y) => {
        if (opt.nullable && (x === null || x === undefined)) return call.set(opt.name, '');
        finitePoint(`set${Name}`, x, y);
        const message = call.set(opt.name, `${x},${y}`);
        if (message) warn(call.el, `set${Name}(${x}, ${y}) is outside the world; using (${call.get(opt.name)})`);
        return undefined;
      };
      m[opt.name] = () => call.get(opt.name);
      break;
    case 'count':
      m[`set${Name}`] = (n) => call.set(opt.name, String(wholeNumber(call.el, `set${Name}(n)`, n, call.get(opt.name), opt.lo, opt.hi)));
      m[opt.name] = () => call.get(opt.name);
      break;
    default:
      break;
  }
  return m;
}

// Mounts one element and returns its handle (also at element.flocklab).
// The WebAssembly instance loads asynchronously: await handle.ready before
// reading; setters called earlier are applied once it is ready.
export function mount(el, options = {}) {
  if (el.flocklab) return el.flocklab;
  const canvas = prepareCanvas(el);
  const data = { ...el.dataset, ...options };
  let api = null;
  let spec = null; // this scene's description
  const pending = [];
  const whenReady = (fn) => (api ? fn() : pending.push(fn));

  // Every data-* attribute goes to the module, which applies those its
  // scene has options for (and warns about bad values).
  const args = ['--scene', String(data.scene ?? 'flock'), '--seed', String(data.seed ?? '7')];
  if (data.paused === true || data.paused === '' || data.paused === 'true') args.push('--paused');
  for (const [k, v] of Object.entries(data)) {
    if (!['scene', 'seed', 'paused'].includes(k) && v !== undefined && v !== null) args.push('--data', k, String(v));
  }

  const call = {
    el,
    set(name, value) {
      const r = api.set(name, String(value));
      if (r.startsWith('invalid: ')) throw new TypeError(`flocklab: ${r.slice(9)}`);
      sync();
      return r.startsWith('clamped: ') ? r.slice(9) : '';
    },
    get(name) { return JSON.parse(api.get(name)); },
  };

  const target = {
    element: el,
    scene: String(data.scene ?? 'flock'),
    ready: null,
    gauges() { return api ? JSON.parse(api.gauges()) : null; },
    reset(seed) {
      whenReady(() => {
        const s = seed === undefined ? -1 : wholeNumber(el, 'reset(seed)', seed, api.seed(), 0, description.maxSeed);
        api.reset(s);
        sync();
      });
    },
    seed() { return api ? api.seed() : null; },
    pause() { whenReady(() => { api.setPaused(1); sync(); }); },
    resume() { whenReady(() => { api.setPaused(0); sync(); }); },
    paused() { return api ? api.paused() === 1 : args.includes('--paused'); },
    // step(n) runs synchronously: the instance bounds the steps per call
    // (fewer for bigger flocks) so that none can hang the page.
    step(n = 1) {
      whenReady(() => {
        api.step(wholeNumber(el, 'step(n)', n, 1, 0, api.maxSteps()));
        sync();
      });
    },
    // A copy of the simulation's state (px, px/s), in one call into the module.
    state() { return api ? JSON.parse(api.state()) : null; },
    // Moving median of the live step time (ms), measured in this page.
    stepTime() { return api ? api.stepMs() : 0; },
  };

  // Before the module has described the scene, any setNAME() call is queued.
  const handle = new Proxy(target, {
    get(t, prop, receiver) {
      if (prop in t || typeof prop !== 'string') return Reflect.get(t, prop, receiver);
      if (!spec && /^set[A-Z]/.test(prop)) return (...a) => whenReady(() => handle[prop](...a));
      // A method of another scene: say so, naming both.
      const owners = spec && methodOwners[prop];
      if (!owners) return undefined;
      return () => {
        throw new TypeError(`flocklab: ${prop}() is for ${owners.join(' and ')} widgets; this one is a ${spec.name} widget`);
      };
    },
  });
  el.flocklab = handle;

  // [SECTION] The element's own controls, from the scene's options
  const bound = []; // [button, option, value]
  function bindControls() {
    for (const opt of spec.options) {
      if (!opt.attribute) continue;
      const buttons = [...el.querySelectorAll(`button[data-${kebab(opt.attribute)}]`)];
      for (const b of buttons) {
        const v = b.getAttribute(`data-${kebab(opt.attribute)}`);
        const Name = upperFirst(opt.name);
        let click;
        if (opt.kind === 'choice' && opt.values.includes(v)) click = () => handle[`set${Name}`](v);
        else if (opt.kind === 'flags' && opt.values.includes(v)) click = () => handle[`set${Name}`](v, !handle[`${opt.name}s`]()[v]);
        else if (opt.kind === 'toggle') click = () => handle[`set${Name}`](!handle[opt.name]());
        if (!click) {
          warn(b, `data-${kebab(opt.attribute)}="${v}" is not one of ${opt.values.join(', ')}; button disabled`);
          b.disabled = true;
          continue;
        }
        b.addEventListener('click', click);
        bound.push([b, opt, v]);
      }
    }
  }
  for (const b of el.querySelectorAll('[data-action="reset"]')) b.addEventListener('click', () => handle.reset());
  const pauseButtons = [...el.querySelectorAll('[data-action="pause"]')];
  for (const b of pauseButtons) b.addEventListener('click', () => (handle.paused() ? handle.resume() : handle.pause()));
  const outputs = [...el.querySelectorAll('[data-gauge]')];

  // Buttons mirror the simulation (keys inside the canvas change it too).
  function sync() {
    if (!api) return;
    for (const [b, opt, v] of bound) {
      const now = call.get(opt.name);
      const pressed = opt.kind === 'choice' ? now === v : opt.kind === 'flags' ? !!now[v] : !!now;
      b.setAttribute('aria-pressed', String(pressed));
    }
    for (const b of pauseButtons) b.setAttribute('aria-pressed', String(handle.paused()));
  }

  function tick() {
    sync();
    const g = handle.gauges();
    const units = Object.fromEntries(spec.gauges.map((x) => [x.name, x.unit]));
    for (const o of outputs) {
      if (o.dataset.gauge in g) o.value = o.textContent = format(g[o.dataset.gauge], units[o.dataset.gauge]);
    }
    if (!canvas.hasAttribute('aria-label') || canvas.dataset.flocklabLabel === '1') {
      canvas.setAttribute('aria-label', api.inputHelp());
      canvas.dataset.flocklabLabel = '1';
    }
    el.dispatchEvent(new CustomEvent('flocklab:gauges', { detail: g }));
  }

  let failStart;
  const failed = new Promise((_, reject) => { failStart = reject; });
  const started = createFlockLab({
    canvas,
    arguments: args,
    instantiateWasm(imports, done) {
      compiledModule()
        .then((module) => WebAssembly.instantiate(module, imports).then((instance) => done(instance, module)))
        .catch(failStart);
      return {}; // exports arrive asynchronously through done()
    },
    print: (s) => console.log(s),
    printErr: (s) => console.warn(s),
  }).then((m) => {
    if (!m.ccall('fl_started', 'number', [], [])) throw new Error('the simulation could not start (see the messages above)');
    const f = (name, ret, params) => m.cwrap(name, ret, params);
    api = {
      describe: f('fl_describe', 'string', []),
      scene: f('fl_scene', 'string', []),
      gauges: f('fl_gauges', 'string', []),
      set: f('fl_set', 'string', ['string', 'string']),
      get: f('fl_get', 'string', ['string']),
      state: f('fl_state', 'string', []),
      inputHelp: f('fl_input_help', 'string', []),
      reset: f('fl_reset', null, ['number']),
      seed: f('fl_seed', 'number', []),
      setPaused: f('fl_set_paused', null, ['number']),
      paused: f('fl_paused', 'number', []),
      step: f('fl_step', 'number', ['number']),
      maxSteps: f('fl_max_steps', 'number', []),
      stepMs: f('fl_step_ms', 'number', []),
      benchmark: f('fl_benchmark', 'number', ['number', 'string', 'number']),
      maxStepsFor: f('fl_max_steps_for', 'number', ['number']),
    };
    if (!description) describe(api.describe());
    const name = api.scene();
    spec = { name, ...description.scenes[name] };
    target.scene = name;
    for (const opt of spec.options) Object.assign(target, optionMethods(opt, call));
    if (spec.benchmark) {
      // Milliseconds per step of a formed flock, measured inside this page's WebAssembly.
      target.benchmark = ({ boids = 500, neighbors = 'grid', steps = 60 } = {}) => {
        const size = spec.options.find((o) => o.name === 'boids');
        const n = wholeNumber(el, 'benchmark boids', boids, 500, size.lo, size.hi);
        const variants = spec.options.find((o) => o.name === 'neighbors').values;
        if (!variants.includes(neighbors)) throw new TypeError(`flocklab: unknown neighbors "${neighbors}" (expected ${variants.join(', ')})`);
        const s = wholeNumber(el, 'benchmark steps', steps, 60, 1, api.maxStepsFor(n));
        return api.benchmark(n, neighbors, s);
      };
    }
    bindControls();
    for (const fn of pending.splice(0)) {
      try { fn(); } catch (err) { console.error(err); }
    }
    el.classList.add('flocklab-ready');
    tick();
    setInterval(tick, TICK_MS);
    el.dispatchEvent(new CustomEvent('flocklab:ready', { detail: handle }));
    return handle;
  });
  target.ready = Promise.race([started, failed]).catch((err) => {
    el.classList.add('flocklab-failed');
    console.error('flocklab: the widget could not start:', err);
    throw err;
  });
  return handle;
}

export function mountAll(root = document) {
  return [...root.querySelectorAll('.flocklab')].map((el) => mount(el));
}

window.FlockLab = { mount, mountAll };
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => mountAll());
else mountAll();
