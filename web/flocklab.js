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
//   count   NAME    setNAME(n) (or null when it may be none), NAME()
// (an option may name its own setter: select(i) for "selected").
// where ATTR is the option's data-* attribute (usually its own name).
import createFlockLab from './flocklab-core.js';

const TICK_MS = 250; // gauges and buttons refresh about 4 times a second

// Every widget on the page shares one download and one compilation of the
// WebAssembly module; each still gets its own instance (memory, state).
let compiled = null;
function compiledModule() {
  if (!compiled) {
    const url = new URL('flocklab-core.wasm', import.meta.url);
    const fetched = fetch(url).then((r) => {
      if (!r.ok) {
        throw new Error(`flocklab-core.wasm could not be loaded from ${url} (HTTP ${r.status}). `
          + 'Copy build/web/flocklab-core.wasm next to flocklab.js.');
      }
      return r;
    }, (err) => {
      throw new Error(`flocklab-core.wasm could not be fetched from ${url} (${err.message}). `
        + 'Check that the page is served over http(s) and the file is next to flocklab.js.');
    });
    compiled = fetched.then((r) => (WebAssembly.compileStreaming
      ? WebAssembly.compileStreaming(r.clone()).catch(() => r.arrayBuffer().then((b) => WebAssembly.compile(b)))
      : r.arrayBuffer().then((b) => WebAssembly.compile(b))));
  }
  return compiled;
}

// Instances start one at a time, the one nearest the viewport first: the
// widget a student is looking at is ready soonest, and the others follow
// without competing with it for the main thread.
const startQueue = [];
let starting = false;
function queueStart(el, start) {
  return new Promise((resolve, reject) => {
    startQueue.push({ el, start, resolve, reject });
    if (!starting) setTimeout(startNext, 0);
  });
}
function startNext() {
  if (startQueue.length === 0) {
    starting = false;
    return;
  }
  starting = true;
  const distance = (el) => {
    const r = el.getBoundingClientRect();
    return r.bottom < 0 ? -r.bottom : Math.max(0, r.top - window.innerHeight);
  };
  startQueue.sort((a, b) => distance(a.el) - distance(b.el));
  const job = startQueue.shift();
  let p;
  try {
    p = Promise.resolve(job.start());
  } catch (err) {
    p = Promise.reject(err);
  }
  p.then(job.resolve, job.reject).finally(() => setTimeout(startNext, 0));
}

// A failure shown on the widget itself (and in the console): the cause and the fix.
function showFailure(el, message) {
  el.classList.add('flocklab-failed');
  let p = el.querySelector(':scope > .fl-error');
  if (!p) {
    p = document.createElement('p');
    p.className = 'fl-error';
    p.setAttribute('role', 'alert');
    el.append(p);
  }
  p.textContent = message;
}

// Widgets on screen run; the others pause their loop and draw nothing.
const visibility = typeof IntersectionObserver === 'function'
  ? new IntersectionObserver((entries) => {
    for (const e of entries) e.target.flocklabVisible?.(e.isIntersecting);
  }, { rootMargin: '100px' })
  : null;
// A widget whose element leaves the page is destroyed.
const removal = typeof MutationObserver === 'function'
  ? new MutationObserver((records) => {
    if (!records.some((r) => r.removedNodes.length > 0)) return;
    for (const el of [...mounted]) if (!el.isConnected) el.flocklab?.destroy();
  })
  : null;
const mounted = new Set();

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
    if (s.explain) names.push('explain');
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

// The element's own descendants matching `selector`, not those of a widget nested inside it.
const own = (el, selector) => [...el.querySelectorAll(selector)].filter((n) => n.closest('.flocklab') === el);

// data-paused as an author writes it: present, "true", "paused", "1" pause; "false", "0", "no", "off" do not.
function isOn(v) {
  if (v === true || v === '') return true;
  if (v === false || v === undefined || v === null) return false;
  return !['false', '0', 'no', 'off'].includes(String(v).trim().toLowerCase());
}

// The element's canvas (made if missing) and the listeners that keep the
// page's keys and scrolling. The canvas may be replaced later (a lost WebGL
// context): the element's listeners ask for the current one.
function prepareCanvas(el, escape, grabs, signal) {
  let canvas = own(el, 'canvas')[0];
  if (!canvas) {
    canvas = document.createElement('canvas');
    el.prepend(canvas);
  }
  if (!canvas.hasAttribute('tabindex')) canvas.tabIndex = 0; // keys only while focused
  const isCanvas = (t) => t instanceof HTMLCanvasElement && t.closest('.flocklab') === el;
  // Tab and Shift+Tab move focus on and Escape leaves the canvas: stopped on
  // their way down to it (capture, on the widget's element), these keys never
  // reach SDL, which would cancel them and trap keyboard users in the canvas.
  el.addEventListener('keydown', (e) => {
    if (!isCanvas(e.target)) return;
    if (e.key === 'Tab') e.stopPropagation();
    else if (e.key === 'Escape') {
      e.stopPropagation();
      if (!escape()) e.target.blur(); // a first Escape clears a selection
    }
  }, { capture: true, signal });
  // The page scrolls under the wheel (unless the pointer is on the tuning
  // panel), and a swipe scrolls it too: only a touch that starts on the
  // panel or on something the widget lets you drag (the hawk, a target)
  // reaches SDL, which would otherwise cancel the scrolling. A tap still
  // reaches it, as the mouse events the browser makes of a tap.
  const at = (c, p, drag) => {
    const r = c.getBoundingClientRect();
    return grabs((p.clientX - r.left) / r.width, (p.clientY - r.top) / r.height, drag);
  };
  el.addEventListener('wheel', (e) => { if (isCanvas(e.target) && !at(e.target, e, false)) e.stopPropagation(); }, { capture: true, signal });
  let pageTouch = false;
  el.addEventListener('touchstart', (e) => {
    if (!isCanvas(e.target)) return;
    pageTouch = !at(e.target, e.touches[0], true);
    if (pageTouch) e.stopPropagation();
  }, { capture: true, signal });
  for (const type of ['touchmove', 'touchend', 'touchcancel']) {
    el.addEventListener(type, (e) => { if (isCanvas(e.target) && pageTouch) e.stopPropagation(); }, { capture: true, signal });
  }
  armCanvas(canvas, signal);
  return canvas;
}

// A canvas does not take focus by being clicked in every browser.
function armCanvas(canvas, signal) {
  canvas.addEventListener('pointerdown', () => canvas.focus({ preventScroll: true }), { signal });
  canvas.addEventListener('contextmenu', (e) => e.preventDefault(), { signal });
}

function format(value, unit) {
  if (!Number.isFinite(value)) return '–';
  return unit === '' ? value.toFixed(2) : value.toFixed(1);
}

// The handle's methods for one option of a scene (see the top of the file).
function optionMethods(opt, call) {
  const Name = upperFirst(opt.name);
  const setter = opt.setter ?? `set${Name}`;
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
      m[setter] = (n) => {
        if (opt.nullable && (n === null || n === undefined)) return call.set(opt.name, '');
        return call.set(opt.name, String(wholeNumber(call.el, `${setter}(n)`, n, call.get(opt.name), opt.lo, opt.hi)));
      };
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
  if (el.flocklab) return el.flocklab.apply(options);
  let api = null;
  const lifetime = new AbortController(); // every listener goes with destroy()
  const { signal } = lifetime;
  let canvas = prepareCanvas(el, () => api !== null && api.cancel() === 1,
    (fx, fy, drag) => api !== null && api.grabs(fx, fy, drag ? 1 : 0) === 1, signal);
  let timer = 0;
  let destroyed = false;
  let instance = null; // the Emscripten module instance
  let onScreen = true;
  let contextLost = false;
  const { params: paramOptions = {}, ...rest } = options;
  const data = { ...el.dataset, ...rest, ...paramOptions };
  let spec = null; // this scene's description
  const pending = [];
  const whenReady = (fn) => (api ? fn() : pending.push(fn));

  // Every data-* attribute goes to the module, which applies those its
  // scene has options for (and warns about bad values).
  const args = ['--scene', String(data.scene ?? 'flock'), '--seed', String(data.seed ?? '7')];
  // Readers who ask for reduced motion get every widget paused, with a play button.
  const reduced = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
  if (data.paused === undefined ? reduced : isOn(data.paused)) args.push('--paused');
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
    // Reset with the same seed, run to `seconds` of simulated time (whole
    // 1/60 s steps) and pause there: where the lab reads its gauges.
    runTo(seconds = 10) {
      whenReady(() => {
        const s = Number(seconds);
        if (!Number.isFinite(s) || s < 0 || s > 600) throw new TypeError(`flocklab: runTo(seconds) takes 0 to 600 seconds, got ${seconds}`);
        api.runFromReset(Math.round(s * 60));
        sync();
        tick();
      });
    },
    pause() { whenReady(() => { api.setPaused(1); sync(); }); },
    resume() { whenReady(() => { api.setPaused(0); sync(); }); },
    paused() { return api ? api.paused() === 1 : args.includes('--paused'); },
    // step(n) runs synchronously and returns the steps it ran: each call
    // stops after a number of boid-steps (fewer steps for bigger flocks) and
    // after 250 ms of work, so that none can hang the page.
    step(n = 1) {
      if (!api) {
        whenReady(() => handle.step(n));
        return 0;
      }
      const want = wholeNumber(el, 'step(n)', n, 1, 0, Number.MAX_SAFE_INTEGER);
      const ran = api.step(Math.min(want, api.maxSteps()));
      if (ran < want) warn(el, `step(${n}) ran ${ran} of ${want} steps (one call runs at most ${api.maxSteps()} steps of this size and ${api.maxCallMs()} ms); call it again for more`);
      sync();
      return ran;
    },
    // A copy of the simulation's state (px, px/s), in one call into the module.
    state() { return api ? JSON.parse(api.state()) : null; },
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
        sync();
      });
    },
    // Everything needed to make the same widget elsewhere: FlockLab.mount(other, handle.config()).
    config() {
      if (!api) return null;
      const c = { scene: spec.name, seed: api.seed(), paused: handle.paused() };
      for (const opt of spec.options) {
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
      visibility?.unobserve(el);
      mounted.delete(el);
      play.remove();
      if (api) api.destroy();
      api = null;
      el.classList.remove('flocklab-ready');
      delete el.flocklab;
      delete el.flocklabVisible;
      el.dispatchEvent(new CustomEvent('flocklab:destroyed', { bubbles: true }));
    },
    destroyed() { return destroyed; },
    // The HUD's text height and smallest control (CSS px), the window and backing-store sizes.
    uiMetrics() { return api ? JSON.parse(api.uiMetrics()) : null; },
    // Whether it is on screen (off-screen widgets neither run nor draw).
    visible() { return api ? api.visible() === 1 : false; },
    // Applies options to a mounted widget (mount(el, options) on a mounted element does this).
    apply(opts = {}) {
      const { params: ps, seed, paused, scene, ...others } = opts ?? {};
      whenReady(() => {
        if (scene !== undefined && scene !== spec.name) warn(el, `this widget is a ${spec.name} widget; it cannot become a ${scene} widget (mount a new element)`);
        for (const [k, v] of Object.entries(others)) {
          if (v === undefined || v === null) continue;
          const w = api.apply(k, String(v));
          if (w) for (const line of w.split('\n')) warn(el, line);
        }
        if (ps) handle.setParams(ps);
        if (seed !== undefined) handle.reset(seed);
        if (paused !== undefined) api.setPaused(paused === true || paused === '' || paused === 'true' ? 1 : 0);
        sync();
      });
      return handle;
    },
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
      const buttons = own(el, `button[data-${kebab(opt.attribute)}]`);
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
        b.addEventListener('click', click, { signal });
        bound.push([b, opt, v]);
      }
    }
  }
  for (const b of own(el, '[data-action="reset"]')) b.addEventListener('click', () => handle.reset(), { signal });
  for (const b of own(el, '[data-action="run"]')) {
    b.addEventListener('click', () => handle.runTo(Number(b.dataset.seconds ?? 10)), { signal });
  }
  const pauseButtons = own(el, '[data-action="pause"]');
  for (const b of pauseButtons) b.addEventListener('click', () => (handle.paused() ? handle.resume() : handle.pause()), { signal });
  // Step: pause if running, then one 1/60 s step.
  for (const b of own(el, '[data-action="step"]')) {
    b.addEventListener('click', () => whenReady(() => { api.setPaused(1); api.step(1); sync(); tick(); }), { signal });
  }
  for (const b of own(el, '[data-action="csv"]')) b.addEventListener('click', () => download(), { signal });
  const outputs = own(el, '[data-gauge]');
  const plots = own(el, '[data-plot]');
  // A play button over the canvas whenever the widget is paused.
  const play = document.createElement('button');
  play.type = 'button';
  play.className = 'fl-play';
  play.textContent = '▶ Play';
  play.hidden = true;
  play.addEventListener('click', () => handle.resume(), { signal });
  canvas.after(play);

  function download() {
    if (!api) return;
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([api.csv()], { type: 'text/csv' }));
    a.download = `flocklab-${spec.name}-seed${api.seed()}.csv`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }

  // Buttons mirror the simulation (keys inside the canvas change it too).
  function sync() {
    if (!api) return;
    for (const [b, opt, v] of bound) {
      const now = call.get(opt.name);
      const pressed = opt.kind === 'choice' ? now === v : opt.kind === 'flags' ? !!now[v] : !!now;
      b.setAttribute('aria-pressed', String(pressed));
    }
    for (const b of pauseButtons) b.setAttribute('aria-pressed', String(handle.paused()));
    play.hidden = !handle.paused();
    if (!play.hidden) {
      play.style.left = `${canvas.offsetLeft + 10}px`;
      play.style.top = `${canvas.offsetTop + canvas.offsetHeight - play.offsetHeight - 10}px`;
    }
  }

  let lastGauges = '';
  function tick() {
    if (!api) return;
    const raw = api.gauges();
    if (!onScreen && raw === lastGauges) return; // off screen and standing still: nothing new to show
    lastGauges = raw;
    sync();
    const g = JSON.parse(raw);
    const units = Object.fromEntries(spec.gauges.map((x) => [x.name, x.unit]));
    for (const o of outputs) {
      if (o.dataset.gauge in g) o.value = o.textContent = format(g[o.dataset.gauge], units[o.dataset.gauge]);
    }
    if (!canvas.hasAttribute('aria-label') || canvas.dataset.flocklabLabel === '1') {
      canvas.setAttribute('aria-label', api.inputHelp());
      canvas.dataset.flocklabLabel = '1';
    }
    if (plots.length) {
      const h = handle.history();
      for (const svg of plots) drawPlot(svg, h);
    }
    el.dispatchEvent(new CustomEvent('flocklab:gauges', { detail: g, bubbles: true }));
  }

  el.classList.add('flocklab-started');
  let failStart;
  const failed = new Promise((_, reject) => { failStart = reject; });
  if (typeof WebAssembly !== 'object') {
    failStart(new Error('this browser runs no WebAssembly (or a security setting switched it off). '
      + 'Use a current Chrome, Edge, Firefox or Safari.'));
  }
  const started = typeof WebAssembly !== 'object' ? failed : queueStart(el, () => Promise.race([failed, createFlockLab({
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
  })])).then((m) => {
    if (!m.ccall('fl_started', 'number', [], [])) throw new Error('the simulation could not start (see the messages above)');
    instance = m;
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
      benchmark: f('fl_benchmark', 'string', ['number', 'string', 'number', 'number']),
      maxStepsFor: f('fl_max_steps_for', 'number', ['number']),
      maxCallMs: f('fl_max_call_ms', 'number', []),
      grabs: f('fl_grabs', 'number', ['number', 'number', 'number']),
      explain: f('fl_explain', 'string', ['number']),
      history: f('fl_history', 'string', []),
      csv: f('fl_csv', 'string', []),
      params: f('fl_params', 'string', []),
      setParam: f('fl_set_param', 'string', ['string', 'string']),
      apply: f('fl_apply', 'string', ['string', 'string']),
      cancel: f('fl_cancel', 'number', []),
      destroy: f('fl_destroy', null, []),
      setVisible: f('fl_set_visible', null, ['number']),
      resize: f('fl_resize', null, ['number', 'number', 'number']),
      restoreGraphics: f('fl_restore_graphics', 'number', []),
      runFromReset: f('fl_run_from_reset', 'number', ['number']),
      uiMetrics: f('fl_ui_metrics', 'string', []),
      visible: f('fl_visible', 'number', []),
    };
    if (!description) describe(api.describe());
    const name = api.scene();
    spec = { name, ...description.scenes[name] };
    target.scene = name;
    for (const opt of spec.options) Object.assign(target, optionMethods(opt, call));
    if (spec.benchmark) {
      // Milliseconds per step of a formed flock, measured inside this page's WebAssembly.
      target.benchmark = (opts = {}) => {
        if (opts === null || typeof opts !== 'object') {
          throw new TypeError(`flocklab: benchmark() takes an object such as {boids: 500, neighbors: 'grid', steps: 60}, got ${opts}`);
        }
        const { boids = 500, neighbors = 'grid', steps = 60, warmup = 600 } = opts;
        const size = spec.options.find((o) => o.name === 'boids');
        const n = wholeNumber(el, 'benchmark boids', boids, 500, size.lo, size.hi);
        const variants = spec.options.find((o) => o.name === 'neighbors').values;
        if (!variants.includes(neighbors)) throw new TypeError(`flocklab: unknown neighbors "${neighbors}" (expected ${variants.join(', ')})`);
        const s = wholeNumber(el, 'benchmark steps', steps, 60, 1, api.maxStepsFor(n));
        const w = wholeNumber(el, 'benchmark warmup', warmup, 600, 0, 100000);
        const r = JSON.parse(api.benchmark(n, neighbors, s, w));
        if (r.capped) warn(el, `benchmark: timed ${r.steps} of ${s} steps (one call works at most ${api.maxCallMs()} ms)`);
        if (r.warmup < w) warn(el, `benchmark: the flock was formed over ${r.warmup} of ${w} warm-up steps (at most 2 s)`);
        return r.ms;
      };
    }
    if (spec.explain) {
      // Why agent i moves in the next step: neighbours, each rule's force, weights, total.
      target.explain = (i) => {
        if (!Number.isInteger(i) || i < 0) throw new TypeError(`flocklab: explain(i) needs a boid's index (0, 1, ...), got ${i}`);
        return JSON.parse(api.explain(i));
      };
    }
    bindControls();
    for (const fn of pending.splice(0)) {
      try { fn(); } catch (err) { console.error(err); }
    }
    el.classList.add('flocklab-ready');
    tick();
    timer = setInterval(tick, TICK_MS);
    // The canvas's pixels, the HUD and the panel follow its displayed size;
    // its shape is the world's, whatever its pixel count.
    canvas.style.aspectRatio = `${spec.world[0]} / ${spec.world[1]}`;
    const fit = () => {
      const r = canvas.getBoundingClientRect();
      if (api && r.width > 0) api.resize(r.width, r.height, window.devicePixelRatio || 1);
    };
    fit();
    const sizes = typeof ResizeObserver === 'function' ? new ResizeObserver(fit) : null;
    sizes?.observe(canvas);
    signal.addEventListener('abort', () => sizes?.disconnect());
    // A browser keeps about 16 WebGL contexts per page and drops the oldest
    // beyond that (or all of them on a GPU reset). A widget whose context is
    // lost gets a fresh canvas, and SDL a new window and renderer on it, as
    // soon as it is on screen; if that fails it says so.
    const onLost = (e) => {
      e.preventDefault();
      contextLost = true;
      if (onScreen) restore();
    };
    const restore = () => {
      if (!contextLost || !api) return;
      contextLost = false;
      const fresh = canvas.cloneNode(false);
      const hadFocus = document.activeElement === canvas;
      sizes?.unobserve(canvas);
      canvas.replaceWith(fresh);
      canvas = fresh;
      instance.flocklabSetCanvas(fresh);
      armCanvas(fresh, signal);
      fresh.addEventListener('webglcontextlost', onLost, { signal });
      sizes?.observe(fresh);
      if (api.restoreGraphics() !== 1) {
        showFailure(el, 'The graphics context of this widget was lost and could not be made again '
          + '(too many widgets drawing at once, or the GPU was reset). Reload the page.');
        return;
      }
      fit();
      if (hadFocus) fresh.focus({ preventScroll: true });
      warn(el, 'the WebGL context was lost; the widget made a new one');
    };
    canvas.addEventListener('webglcontextlost', onLost, { signal });
    el.flocklabVisible = (on) => {
      onScreen = on;
      if (!api) return;
      if (on) restore();
      api.setVisible(on ? 1 : 0);
    };
    visibility?.observe(el);
    mounted.add(el);
    removal?.observe(document.documentElement, { childList: true, subtree: true });
    el.dispatchEvent(new CustomEvent('flocklab:ready', { detail: handle, bubbles: true }));
    return handle;
  });
  target.ready = Promise.race([started, failed]).catch((err) => {
    showFailure(el, `This widget could not start: ${err.message}`);
    console.error('flocklab: the widget could not start:', err);
    throw err;
  });
  return handle;
}

// [SECTION] Charts: <svg data-plot="spacing order"> inside a widget

const SVG = 'http://www.w3.org/2000/svg';
const PLOT_COLOURS = ['#0369a1', '#15803d', '#7e22ce', '#b45309'];
const PLOT_WINDOW_S = 60;

function svgNode(parent, name, attrs, text) {
  const n = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, String(v));
  if (text !== undefined) n.textContent = text;
  parent.append(n);
  return n;
}

const number = (v, unit) => (unit === '' ? format(v, unit) : `${format(v, unit)} ${unit}`);

// One sentence per gauge: where it went over the window, and after which change.
export function plotSummary(h, names) {
  const n = h.time.length;
  if (n < 2) return 'No history yet.';
  const t1 = h.time[n - 1];
  const t0 = Math.max(h.time[0], t1 - PLOT_WINDOW_S);
  const marks = h.events.filter((e) => e.time >= t0 && e.time < t1 && !e.what.startsWith('reset'));
  const last = marks[marks.length - 1];
  const from = last ? last.time : t0;
  let k0 = h.time.findIndex((t) => t >= from);
  if (k0 < 0) k0 = 0;
  return names.filter((g) => g in h).map((g) => {
    const a = h[g][k0];
    const b = h[g][n - 1];
    const unit = h.units[g];
    const verb = Math.abs(b - a) < 1e-9 * Math.max(1, Math.abs(a)) ? 'stayed at' : b < a ? 'fell from' : 'rose from';
    const values = verb === 'stayed at' ? number(b, unit) : `${number(a, unit)} to ${number(b, unit)}`;
    const when = last ? ` after ${last.what} at ${last.time.toFixed(1)} s` : ` over ${(t1 - t0).toFixed(0)} s`;
    return `${g} ${verb} ${values}${when}.`;
  }).join(' ');
}

function drawPlot(svg, h) {
  const names = svg.dataset.plot.split(/[\s,]+/).filter((g) => g in h.units);
  // Drawn in CSS px at the chart's displayed width, so text keeps its size.
  const W = Math.max(200, Math.round(svg.getBoundingClientRect().width) || 320);
  const H = 26 + 56 * Math.max(1, names.length);
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.style.height = `${H}px`;
  svg.setAttribute('role', 'img');
  svg.replaceChildren();
  const summary = plotSummary(h, names);
  svgNode(svg, 'title', {}, `${names.join(' and ')} over simulated time`);
  svgNode(svg, 'desc', {}, summary);
  svg.setAttribute('aria-label', summary);
  const n = h.time.length;
  if (n < 2) return;
  const t1 = h.time[n - 1];
  const t0 = Math.max(h.time[0], t1 - PLOT_WINDOW_S);
  const left = 44;
  const right = W - 8;
  const x = (t) => left + ((t - t0) / Math.max(t1 - t0, 1e-9)) * (right - left); // the axis spans exactly the samples shown
  let k0 = h.time.findIndex((t) => t >= t0);
  if (k0 < 0) k0 = 0;
  names.forEach((g, row) => {
    const top = 8 + row * 56;
    const bottom = top + 40;
    const values = h[g].slice(k0);
    const hi = Math.max(...values.filter(Number.isFinite), h.units[g] === '' ? 1 : 0) || 1;
    const y = (v) => bottom - (Math.min(Math.max(v, 0), hi) / hi) * (bottom - top);
    svgNode(svg, 'line', { x1: left, y1: bottom, x2: right, y2: bottom, stroke: '#94a3b8' });
    svgNode(svg, 'line', { x1: left, y1: top, x2: left, y2: bottom, stroke: '#94a3b8' });
    const unit = h.units[g] ? ` (${h.units[g]})` : '';
    svgNode(svg, 'text', { x: left - 4, y: top + 8, 'text-anchor': 'end', 'font-size': 12 }, hi >= 10 ? hi.toFixed(0) : hi.toFixed(1));
    svgNode(svg, 'text', { x: left - 4, y: bottom, 'text-anchor': 'end', 'font-size': 12 }, '0');
    svgNode(svg, 'text', { x: right, y: top + 8, 'text-anchor': 'end', 'font-size': 12, fill: PLOT_COLOURS[row % 4] },
      `${g}${unit}: ${number(h[g][n - 1], h.units[g])}`);
    for (const e of h.events) {
      if (e.time < t0) continue;
      const line = svgNode(svg, 'line', { x1: x(e.time), y1: top, x2: x(e.time), y2: bottom, stroke: '#d97706', 'stroke-dasharray': '3 2' });
      svgNode(line, 'title', {}, `${e.what} at ${e.time.toFixed(1)} s`);
    }
    const points = values.map((v, k) => `${x(h.time[k0 + k]).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
    svgNode(svg, 'polyline', { points, fill: 'none', stroke: PLOT_COLOURS[row % 4], 'stroke-width': 1.5 });
  });
  const axis = 8 + names.length * 56;
  svgNode(svg, 'text', { x: left, y: axis + 4, 'font-size': 12 }, `${t0.toFixed(0)} s`);
  svgNode(svg, 'text', { x: right, y: axis + 4, 'font-size': 12, 'text-anchor': 'end' }, `${t1.toFixed(1)} s`);
  svgNode(svg, 'text', { x: (left + right) / 2, y: axis + 4, 'font-size': 12, 'text-anchor': 'middle' }, 'simulated time (s)');
}

// Every .flocklab element under root; one nested inside another widget is
// skipped with a warning (it would share that widget's canvas and buttons).
export function mountAll(root = document) {
  return [...root.querySelectorAll('.flocklab')].flatMap((el) => {
    if (el.parentElement && el.parentElement.closest('.flocklab')) {
      warn(el, 'a .flocklab element inside another one is not mounted; make them siblings');
      return [];
    }
    return [mount(el)];
  });
}

window.FlockLab = { mount, mountAll, plotSummary };
// The module downloads and compiles while the page finishes parsing.
if (typeof WebAssembly === 'object' && document.querySelector('.flocklab')) compiledModule().catch(() => {});
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => mountAll());
else mountAll();
