// flocklab's JS shim: mounts every .flocklab element on the page as its own
// WebAssembly instance and binds the element's HTML controls to it.
// Embed contract: see README.md ("Embedding a widget").
import createFlockLab from './flocklab-core.js';

const RULES = ['separation', 'alignment', 'cohesion'];
const MODES = ['seek', 'flee', 'arrive'];
// Each scene's world in px, for the canvas's size before the instance runs
// (SDL then sizes it itself, in device pixels).
const SCENES = { flock: [900, 540], steer: [800, 450] };
const MAX_BOIDS = 5000;
const MAX_SEED = Number.MAX_SAFE_INTEGER;
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

function warn(el, message) {
  console.warn(`flocklab: ${message}`, el);
}

// A whole number from a data-* attribute or option; out-of-range values are
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

function choice(el, name, raw, fallback, allowed) {
  if (raw === undefined || raw === null || raw === '') return fallback;
  if (allowed.includes(raw)) return raw;
  warn(el, `${name}="${raw}" is not one of ${allowed.join(', ')}; using ${fallback}`);
  return fallback;
}

function finitePoint(what, x, y) {
  if (!Number.isFinite(x) || !Number.isFinite(y)) {
    throw new TypeError(`flocklab: ${what} needs two finite numbers, got (${x}, ${y})`);
  }
}

function readConfig(el, options) {
  const d = el.dataset;
  const pick = (k) => (options[k] !== undefined ? options[k] : d[k]);
  const scene = choice(el, 'data-scene', pick('scene'), 'flock', Object.keys(SCENES));
  return {
    scene,
    seed: wholeNumber(el, 'data-seed', pick('seed'), 7, 0, MAX_SEED),
    boids: wholeNumber(el, 'data-boids', pick('boids'), 60, 2, MAX_BOIDS),
    mode: choice(el, 'data-mode', scene === 'steer' ? pick('mode') : undefined, 'arrive', MODES),
    neighbors: choice(el, 'data-neighbors', pick('neighbors'), 'grid', ['grid', 'brute']),
    paused: pick('paused') === true || pick('paused') === '' || pick('paused') === 'true',
  };
}

function prepareCanvas(el, scene) {
  let canvas = el.querySelector('canvas');
  if (!canvas) {
    canvas = document.createElement('canvas');
    el.prepend(canvas);
  }
  // The simulation's world is the lab's window; CSS may scale the canvas.
  [canvas.width, canvas.height] = SCENES[scene];
  if (!canvas.hasAttribute('tabindex')) canvas.tabIndex = 0; // keys only while focused
  if (!canvas.hasAttribute('aria-label')) {
    canvas.setAttribute('aria-label', scene === 'flock'
      ? 'Flock simulation. Move the pointer to chase the flock; keys 1, 2, 3 toggle the rules, R turns them all on.'
      : 'Steering simulation. Click to move the target; Space switches seek, flee and arrive.');
  }
  // A canvas does not take focus by being clicked in every browser.
  canvas.addEventListener('pointerdown', () => canvas.focus({ preventScroll: true }));
  canvas.addEventListener('contextmenu', (e) => e.preventDefault());
  return canvas;
}

function format(name, value) {
  if (!Number.isFinite(value)) return '–';
  return name === 'order' ? value.toFixed(2) : value.toFixed(1);
}

// Mounts one element and returns its handle (also at element.flocklab).
// The WebAssembly instance loads asynchronously: await handle.ready before
// reading gauges; setters called earlier are applied once it is ready.
export function mount(el, options = {}) {
  if (el.flocklab) return el.flocklab;
  const cfg = readConfig(el, options);
  const canvas = prepareCanvas(el, cfg.scene);
  const isFlock = cfg.scene === 'flock';
  let api = null;
  const pending = [];
  const whenReady = (fn) => (api ? fn() : pending.push(fn));

  const args = ['--scene', cfg.scene, '--seed', String(cfg.seed), '--boids', String(cfg.boids),
    '--mode', cfg.mode, '--neighbors', cfg.neighbors];
  if (cfg.paused) args.push('--paused');

  const handle = {
    element: el,
    scene: cfg.scene,
    ready: null,
    gauges() {
      if (!api) return null;
      const [t, a, b] = [0, 1, 2].map((i) => api.gauge(i));
      return isFlock ? { time: t, spacing: a, order: b } : { time: t, speed: a, distance: b };
    },
    rules() {
      if (!api) return { separation: true, alignment: true, cohesion: true };
      return Object.fromEntries(RULES.map((r, i) => [r, api.rule(i) === 1]));
    },
    setRule(name, on) {
      const i = RULES.indexOf(name);
      if (i < 0) throw new TypeError(`flocklab: unknown rule "${name}" (expected ${RULES.join(', ')})`);
      whenReady(() => api.setRule(i, on ? 1 : 0));
      sync();
    },
    reset(seed) {
      const s = seed === undefined ? -1 : wholeNumber(el, 'reset(seed)', seed, cfg.seed, 0, MAX_SEED);
      whenReady(() => api.reset(s));
      sync();
    },
    pause() { whenReady(() => api.setPaused(1)); sync(); },
    resume() { whenReady(() => api.setPaused(0)); sync(); },
    paused() { return api ? api.paused() === 1 : cfg.paused; },
    // step(n) and benchmark() run synchronously: the instance bounds the
    // steps per call (fewer for bigger flocks) so that none can hang the page.
    step(n = 1) {
      whenReady(() => {
        api.step(wholeNumber(el, 'step(n)', n, 1, 0, api.maxSteps(isFlock ? api.boids() : 1)));
        sync();
      });
    },
    setHawk(x, y) {
      if (x === null || x === undefined) whenReady(() => api.setHawk(0, 0, 0));
      else {
        finitePoint('setHawk', x, y);
        whenReady(() => api.setHawk(1, x, y));
      }
    },
    setTarget(x, y) {
      finitePoint('setTarget', x, y);
      whenReady(() => {
        if (api.setTarget(x, y)) warn(el, `setTarget(${x}, ${y}) is outside the world; using (${handle.state().target})`);
      });
    },
    setMode(m) {
      const i = MODES.indexOf(m);
      if (i < 0) throw new TypeError(`flocklab: unknown mode "${m}" (expected ${MODES.join(', ')})`);
      whenReady(() => api.setMode(i));
      sync();
    },
    mode() { return api ? MODES[api.mode()] : cfg.mode; },
    // A copy of the simulation's state: flock {boids: [[x, y, vx, vy], ...], hawk},
    // steer {pos, velocity, target} (px and px/s).
    state() {
      if (!api) return null;
      if (isFlock) {
        const hawk = [api.hawk(0), api.hawk(1)];
        return {
          boids: Array.from({ length: api.boids() }, (_, i) => [0, 1, 2, 3].map((k) => api.boid(i, k))),
          hawk: Number.isNaN(hawk[0]) ? null : hawk,
        };
      }
      const v = [0, 1, 2, 3, 4, 5].map((k) => api.vehicle(k));
      return { pos: v.slice(0, 2), velocity: v.slice(2, 4), target: v.slice(4, 6), mode: handle.mode() };
    },
    boids() { return api ? api.boids() : cfg.boids; },
    setBoids(n) {
      const k = wholeNumber(el, 'setBoids(n)', n, cfg.boids, 2, MAX_BOIDS);
      whenReady(() => api.setBoids(k));
    },
    setNeighbors(kind) {
      const k = choice(el, 'setNeighbors', kind, 'grid', ['grid', 'brute']);
      whenReady(() => api.setNeighbors(k === 'brute' ? 1 : 0));
    },
    // Moving median of the live step time (ms), measured in this page.
    stepTime() { return api ? api.stepMs() : 0; },
    // Milliseconds per flock step, measured inside this page's WebAssembly.
    benchmark({ boids = 500, neighbors = 'grid', steps = 60 } = {}) {
      if (!api) throw new Error('flocklab: benchmark() before the widget is ready (await handle.ready)');
      const n = wholeNumber(el, 'benchmark boids', boids, 500, 2, MAX_BOIDS);
      const k = choice(el, 'benchmark neighbors', neighbors, 'grid', ['grid', 'brute']);
      const s = wholeNumber(el, 'benchmark steps', steps, 60, 1, api.maxSteps(n));
      return api.benchmark(n, k === 'brute' ? 1 : 0, s);
    },
  };
  el.flocklab = handle;

  // [SECTION] The element's own controls
  const ruleButtons = [...el.querySelectorAll('[data-rule]')];
  const modeButtons = [...el.querySelectorAll('button[data-mode]')];
  const pauseButtons = [...el.querySelectorAll('[data-action="pause"]')];
  const outputs = [...el.querySelectorAll('[data-gauge]')];
  for (const b of ruleButtons) {
    if (!RULES.includes(b.dataset.rule)) {
      warn(b, `data-rule="${b.dataset.rule}" is not one of ${RULES.join(', ')}; button disabled`);
      b.disabled = true;
      continue;
    }
    b.addEventListener('click', () => handle.setRule(b.dataset.rule, !handle.rules()[b.dataset.rule]));
  }
  for (const b of modeButtons) {
    if (!MODES.includes(b.dataset.mode)) {
      warn(b, `data-mode="${b.dataset.mode}" is not one of ${MODES.join(', ')}; button disabled`);
      b.disabled = true;
      continue;
    }
    b.addEventListener('click', () => handle.setMode(b.dataset.mode));
  }
  for (const b of el.querySelectorAll('[data-action="reset"]')) b.addEventListener('click', () => handle.reset());
  for (const b of pauseButtons) {
    b.addEventListener('click', () => (handle.paused() ? handle.resume() : handle.pause()));
  }

  // Buttons mirror the simulation (keys inside the canvas change it too).
  function sync() {
    if (!api) return;
    const rules = handle.rules();
    for (const b of ruleButtons) b.setAttribute('aria-pressed', String(!!rules[b.dataset.rule]));
    const mode = handle.mode();
    for (const b of modeButtons) b.setAttribute('aria-pressed', String(b.dataset.mode === mode));
    for (const b of pauseButtons) b.setAttribute('aria-pressed', String(handle.paused()));
  }

  function tick() {
    sync();
    const g = handle.gauges();
    for (const o of outputs) {
      if (o.dataset.gauge in g) o.value = o.textContent = format(o.dataset.gauge, g[o.dataset.gauge]);
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
      gauge: f('fl_gauge', 'number', ['number']),
      rule: f('fl_rule', 'number', ['number']),
      setRule: f('fl_set_rule', null, ['number', 'number']),
      reset: f('fl_reset', null, ['number']),
      setPaused: f('fl_set_paused', null, ['number']),
      paused: f('fl_paused', 'number', []),
      step: f('fl_step', null, ['number']),
      maxSteps: f('fl_max_steps', 'number', ['number']),
      setHawk: f('fl_set_hawk', null, ['number', 'number', 'number']),
      setTarget: f('fl_set_target', 'number', ['number', 'number']),
      setMode: f('fl_set_mode', null, ['number']),
      mode: f('fl_mode', 'number', []),
      boids: f('fl_boids', 'number', []),
      boid: f('fl_boid', 'number', ['number', 'number']),
      vehicle: f('fl_vehicle', 'number', ['number']),
      hawk: f('fl_hawk', 'number', ['number']),
      setBoids: f('fl_set_boids', null, ['number']),
      setNeighbors: f('fl_set_neighbors', null, ['number']),
      stepMs: f('fl_step_ms', 'number', []),
      benchmark: f('fl_benchmark', 'number', ['number', 'number', 'number']),
    };
    for (const fn of pending.splice(0)) fn();
    el.classList.add('flocklab-ready');
    tick();
    setInterval(tick, TICK_MS);
    el.dispatchEvent(new CustomEvent('flocklab:ready', { detail: handle }));
    return handle;
  });
  handle.ready = Promise.race([started, failed]).catch((err) => {
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
