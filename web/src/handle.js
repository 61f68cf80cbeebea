// mount(): one element, one WebAssembly instance, and its handle (also at
// element.flocklab). The instance loads asynchronously: await handle.ready
// before reading; setters called earlier are applied once it is ready.
// Embed contract: web/README.md.
import { makeControls } from './controls.js';
import { makeForm } from './form.js';
import { prepareCanvas } from './input.js';
import { live, showFailure, toggleFullscreen } from './lifecycle.js';
import { english, loadLanguage } from './lang.js';
import { startInstance } from './loader.js';
import { SHIM_NAMES, description, learn, methodOwners, optionMethods, paramNames, unknownName } from './options.js';
import { makeSpeech } from './speech.js';
import { isOn, kebab, own, quote, strictWhole, text, warn, wholeNumber, yesNo } from './values.js';

const TICK_MS = 250; // gauges, buttons and the description refresh about 4 times a second
const RUN_SLICE_MS = 40; // a run to a time works this long per task: the page stays responsive, typing within 100 ms

// The next task, without the 4 ms that nested timers wait: a message to ourselves.
const nextTask = (() => {
  if (typeof MessageChannel !== 'function') return (fn) => setTimeout(fn, 0);
  const queue = [];
  const channel = new MessageChannel();
  channel.port1.onmessage = () => queue.shift()?.();
  return (fn) => {
    queue.push(fn);
    channel.port2.postMessage(0);
  };
})();

// How the names in mount() and apply() options and in data-* are shown in messages.
const asOption = (n) => `'${quote(n)}'`;
const asAttribute = (n) => `data-${kebab(n)}`;

// Throws a TypeError for an options object's unknown names (strict) when
// the scenes are described; `where` names the call.
function checkOptionNames(sceneName, opts, where) {
  if (!description?.scenes[sceneName] || opts === null || typeof opts !== 'object') return;
  const { params, ...rest } = opts;
  for (const k of Object.keys(rest)) {
    const why = unknownName(sceneName, k, asOption, true);
    if (why) throw new TypeError(`flocklab: ${where}: ${why}`);
  }
  if (params && typeof params === 'object') {
    for (const k of Object.keys(params)) {
      const why = unknownName(sceneName, k, asOption, true, paramNames(sceneName));
      if (why) throw new TypeError(`flocklab: ${where}: params: ${why}`);
    }
  }
}

// [SECTION] Links: a config in embed.html's query, in the data-* names
// (kebab-case): scene, seed, paused, each option's attribute, and each
// tunable that differs from its default.
const EMBED = new URL('embed.html', import.meta.url);
export function linkTo(cfg, spec, lang) {
  const q = new URLSearchParams();
  q.set('scene', cfg.scene);
  if (lang && lang.code !== 'en') q.set('lang', lang.code); // the link opens in the widget's language
  q.set('seed', String(cfg.seed));
  if (cfg.paused) q.set('paused', '1');
  for (const opt of spec.options) {
    const key = opt.kind === 'flags' ? `${opt.attribute}s` : opt.attribute;
    if (!key || cfg[key] === undefined) continue;
    if (cfg[key] === '' && opt.kind !== 'flags') continue; // none: the default
    q.set(kebab(key), String(cfg[key]));
  }
  for (const t of spec.tunables) {
    const v = cfg.params[t.name];
    if (v !== undefined && v !== t.default) q.set(t.name.replaceAll('_', '-'), String(v));
  }
  return `${EMBED.href}?${q}`;
}

// `replace`: an element already mounted gets a new widget from `options`
// alone (its other data-* are not read), as a config of another scene does.
export function mount(el, options = {}, { replace = false } = {}) {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError(`flocklab: mount(element, options) takes an object of options, such as {seed: 3} or a config(), got ${quote(options)}`);
  }
  // A config of another scene replaces the widget (a .flocklab element is
  // mounted as soon as it is on the page, usually as the default scene).
  let fresh = false;
  if (el.flocklab) {
    const now = el.flocklab.scene ?? el.dataset.scene ?? description?.defaultScene;
    if (!replace && (options.scene === undefined || String(options.scene) === now)) return el.flocklab.apply(options);
    el.flocklab.destroy();
    const old = own(el, 'canvas')[0];
    old?.replaceWith(old.cloneNode(false)); // its context is gone with the old instance
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
    el,
    signal,
    lang: english, // the widget's language (lang.js), once it is known
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
    // The Step button does what the . key does (pause, one step, say what
    // the inspected agent does): one path, in the module.
    stepPaused() { w.key('.', false); },
  };
  let canvas = prepareCanvas(w);
  w.canvas = () => canvas;
  w.setCanvas = (c) => { canvas = c; };
  const speech = makeSpeech(el, signal);
  w.say = (t) => speech.say(t);

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
    if (['scene', 'seed', 'paused', 'textScale', 'controls', 'urlConfig', 'lang'].includes(k) || v === undefined || v === null) continue;
    const value = String(v);
    // The module reads C strings: a NUL would cut the value short there.
    if (value.includes('\0') || k.includes('\0')) warn(el, `data-${quote(k)}="${quote(value.replaceAll('\0', '\\0'))}" contains a NUL character; ignored`);
    else args.push('--data', k, value);
  }

  // [SECTION] One rule for every method
  // After destroy(), every method throws one TypeError. Before ready, a
  // method that changes the widget checks its arguments at the call (a bad
  // name or value throws there), is queued, and returns undefined; the
  // queue runs in order once the instance runs. A method that reads throws
  // a TypeError saying to await ready. Arguments are converted before the
  // module is entered, so no page code (a getter, a toString) runs inside a
  // call into it; a destroy() from such code ends the call with the same
  // TypeError.
  const gone = () => new TypeError('flocklab: this widget was destroyed');
  const alive = () => { if (destroyed) throw gone(); };
  const notYet = (name) => new TypeError(`flocklab: ${name}() reads the running widget; call it after \`await handle.ready\``);
  // Page code run while reading an argument (a getter, a toString) may
  // throw anything: the caller gets a TypeError that says so.
  const guarded = (fn, a) => {
    try {
      return fn(...a);
    } catch (err) {
      if (err instanceof TypeError || err instanceof RangeError || err?.name === 'AbortError') throw err;
      throw new TypeError(`flocklab: an argument could not be read (${quote(err?.message ?? err)})`);
    }
  };
  const read = (name, fn) => (...a) => {
    alive();
    if (!api) throw notYet(name);
    return guarded(fn, a);
  };
  // check(...args) -> the converted arguments (throws for bad ones); run(...converted).
  const change = (check, run) => (...a) => {
    alive();
    const args = guarded(check, a);
    alive();
    if (!api) {
      pending.push(() => run(...args));
      return undefined;
    }
    return run(...args);
  };
  const none = () => [];
  const aborted = () => new DOMException('the widget was destroyed', 'AbortError');
  let benchQueue = Promise.resolve(); // benchmark() calls, one after another
  let experimentStop = null; // ends the experiment under way (a new one, or destroy())

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
  w.call = call;

  // A run to a time (runTo, Reset and run): a slice of work per task until
  // it is there; pause(), reset() and destroy() cancel it.
  let run = null; // {resolve, reject}
  const runButtons = own(el, '[data-action="run"]');
  function endRun(err) {
    const r = run;
    run = null;
    el.removeAttribute('aria-busy');
    for (const b of runButtons) b.disabled = false;
    if (!r) return;
    if (err) r.reject(err);
    else r.resolve(JSON.parse(api.gauges()));
  }
  function cancelRun() {
    if (!run) return;
    if (api) api.runCancel();
    endRun(new DOMException('the run was stopped before it got there', 'AbortError'));
  }
  function startRun(steps, resolve, reject) {
    cancelRun();
    api.runBegin(steps);
    run = { resolve, reject };
    el.setAttribute('aria-busy', 'true');
    for (const b of runButtons) b.disabled = true;
    const mine = run;
    const slice = () => {
      if (run !== mine || !api) return;
      if (api.runSlice(RUN_SLICE_MS) > 0) {
        nextTask(slice); // the page handles input and draws between slices
        return;
      }
      endRun(null);
      afterAction();
    };
    slice();
  }

  const seedOf = (seed) => {
    if (seed === undefined) return [-1];
    const v = strictWhole(typeof seed === 'string' ? text(seed, 'reset(seed)') : seed);
    const max = description?.maxSeed ?? Number.MAX_SAFE_INTEGER;
    if (Number.isNaN(v)) throw new TypeError(`flocklab: reset(seed) takes a whole number, got ${quote(seed)}`);
    if (v < 0 || v > max) throw new RangeError(`flocklab: reset(seed) takes a seed from 0 to ${max}, got ${quote(seed)}`);
    return [v];
  };
  // setParams({...}): every value converted first; the module applies all or nothing.
  const paramLines = (values) => {
    if (values === null || typeof values !== 'object' || Array.isArray(values)) {
      throw new TypeError('flocklab: setParams needs an object such as {weightSeparation: 0}');
    }
    const lines = [];
    for (const [k, v] of Object.entries(values)) {
      const name = text(k, 'a parameter name');
      const value = typeof v === 'number' ? String(v) : text(v, `setParams: ${quote(name)}`);
      if (/[\t\n]/.test(name + value)) throw new TypeError(`flocklab: setParams: "${quote(name)}" has a tab or a line break`);
      lines.push(`${name}\t${value}`);
    }
    return [lines.join('\n')];
  };
  const applyParams = (lines) => {
    if (!lines) return;
    for (const line of lines.split('\n')) {
      const why = unknownName(w.spec.name, line.split('\t')[0], asOption, true, paramNames(w.spec.name));
      if (why) throw new TypeError(`flocklab: setParams: ${why}; nothing was changed`);
    }
    const r = api.setParams(lines);
    if (r.startsWith('invalid: ')) throw new TypeError(`flocklab: setParams: ${r.slice(9)}`);
    if (r) for (const line of r.slice(9).split('\n')) warn(el, `setParams: ${line}`);
    afterAction();
  };

  const target = {
    element: el,
    scene: data.scene === undefined ? null : String(data.scene),
    ready: null,
    gauges: read('gauges', () => JSON.parse(api.gauges())),
    reset: change(seedOf, (s) => {
      cancelRun();
      api.reset(s);
      afterAction();
    }),
    seed: read('seed', () => api.seed()),
    // Reset with the same seed, run to `seconds` of simulated time (whole
    // steps) and pause there: where the lab reads its gauges. Returns a
    // promise of the gauges there; the work goes in slices, so the page
    // stays responsive, and pause(), reset() or destroy() stop it (the
    // promise then rejects with an AbortError).
    runTo(seconds = 10) {
      alive();
      const s = typeof seconds === 'number' ? seconds : Number(guarded(text, [seconds, 'runTo(seconds)']));
      alive();
      if (!Number.isFinite(s) || s < 0 || s > 600) throw new RangeError(`flocklab: runTo(seconds) takes 0 to 600 seconds, got ${quote(seconds)}`);
      return new Promise((resolve, reject) => {
        const go = () => startRun(Math.round(s / description.stepSeconds), resolve, reject);
        if (api) go();
        else pending.push(go);
      });
    },
    pause: change(none, () => { cancelRun(); api.setPaused(1); controls.sync(); }),
    resume: change(none, () => { api.setPaused(0); controls.sync(); }),
    paused: read('paused', () => api.paused() === 1),
    // step(n) runs synchronously and returns the steps it ran: each call
    // stops after a number of boid-steps (fewer steps for bigger flocks) and
    // after description.maxCallMs of work, so that none can hang the page.
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
    // An experiment on this widget's configuration as it is now: one setting
    // over values, each over seeds, `seconds` each; a promise of one row per
    // run ({run, value, seed, <gauge>...}) and each value's mean, min and max
    // per gauge. Every run equals that configuration run alone (runTo, the
    // CLI's sweep). The work goes in 40 ms slices; a new experiment or
    // destroy() ends one under way (AbortError).
    experiment: read('experiment', (opts = {}) => {
      if (opts === null || typeof opts !== 'object') throw new TypeError(`flocklab: experiment() takes an object such as {vary: 'weight_separation', values: [0, 1, 2], seeds: [0, 1, 2], seconds: 10}, got ${quote(opts)}`);
      const { vary, values, seeds = [api.seed()], seconds = 10 } = opts;
      if (typeof vary !== 'string') throw new TypeError(`flocklab: experiment({vary}) names the setting to vary, got ${quote(vary)}`);
      const name = w.spec.tunables.some((t) => t.name === vary.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)) ? vary.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) : vary;
      let list = values;
      if (values && !Array.isArray(values) && typeof values === 'object') {
        const { from, to, step } = values;
        if (![from, to, step].every(Number.isFinite) || !(step > 0) || to < from || (to - from) / step > 1000) throw new RangeError(`flocklab: experiment({values: {from, to, step}}) needs step > 0, to >= from and at most 1000 values, got ${quote(JSON.stringify(values))}`);
        list = [];
        for (let k = 0; from + k * step <= to + 1e-9 * step; k++) list.push(from + k * step);
      }
      if (!Array.isArray(list) || list.length === 0 || list.length > 1000) throw new TypeError('flocklab: experiment({values}) takes a list of 1 to 1000 values, or {from, to, step}');
      const texts = list.map((v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : text(v, 'experiment({values})')));
      if (!Array.isArray(seeds) || seeds.length === 0 || seeds.length > 1000 || !seeds.every((x) => Number.isSafeInteger(x) && x >= 0)) {
        throw new TypeError(`flocklab: experiment({seeds}) takes a list of 1 to 1000 whole numbers from 0, got ${quote(JSON.stringify(seeds))}`);
      }
      if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 600) throw new RangeError(`flocklab: experiment({seconds}) takes 0 to 600 seconds, got ${quote(seconds)}`);
      const steps = Math.round(seconds / description.stepSeconds);
      const { why, warnings } = JSON.parse(api.expBegin(name, texts.join('\n'), seeds.join('\n'), steps));
      if (why) throw new TypeError(`flocklab: experiment(): ${why}`);
      for (const w of warnings) warn(el, `experiment(): ${w}`);
      experimentStop?.(new DOMException('a new experiment began', 'AbortError'));
      el.setAttribute('aria-busy', 'true');
      return new Promise((resolve, reject) => {
        let stopped = false;
        const end = () => { el.removeAttribute('aria-busy'); experimentStop = null; };
        experimentStop = (err) => { stopped = true; end(); reject(err); };
        const slice = () => {
          if (stopped) return;
          if (destroyed) { experimentStop(aborted()); return; }
          if (api.expWork(RUN_SLICE_MS) > 0) { nextTask(slice); return; }
          const rows = JSON.parse(api.expRows());
          api.expEnd();
          end();
          const gauges = w.spec.gauges.map((g) => g.name);
          const summary = texts.map((value) => {
            const mine = rows.filter((r) => r.value === value);
            const out = { value, runs: mine.length };
            for (const g of gauges) {
              const xs = mine.map((r) => r[g]);
              out[g] = { mean: xs.reduce((a, b) => a + b, 0) / xs.length, min: Math.min(...xs), max: Math.max(...xs) };
            }
            return out;
          });
          speech.say(w.lang.t('Experiment done: {0} runs of {1}.', rows.length, name));
          resolve({ vary: name, seconds, rows, summary });
        };
        nextTask(slice);
      });
    }),
    // Forgets the kept runs and the current run's samples so far (a fresh chart and CSV).
    clearHistory: change(none, () => { api.clearHistory(); afterAction(); }),
    // The tunables by name, and setting any of them ({weight_separation: 0}
    // or {weightSeparation: 0}): all or nothing, out-of-range values clamped
    // with a warning, dependent limits (min_speed <= max_speed) on the final values.
    params: read('params', () => JSON.parse(api.params())),
    setParams: change(paramLines, applyParams),
    // Everything needed to make the same widget elsewhere: FlockLab.mount(other, handle.config()).
    config: read('config', () => {
      const c = { scene: w.spec.name, seed: api.seed(), paused: api.paused() === 1 };
      for (const opt of w.spec.options) {
        const attr = opt.attribute;
        if (!attr) continue;
        const v = call.get(opt.name);
        if (opt.kind === 'flags') c[`${attr}s`] = Object.keys(v).filter((k) => v[k]).join(',');
        else if (opt.kind === 'point') c[attr] = v === null ? '' : v.join(',');
        else c[attr] = v === null ? '' : v;
      }
      c.params = JSON.parse(api.params());
      return c;
    }),
    // The address of embed.html (beside flocklab.js) with this configuration
    // in its query: opening it makes the same widget (config() is equal).
    link: read('link', () => linkTo(handle.config(), w.spec, w.lang)),
    // The widget's language: its code ("es"), its decimal mark, and the
    // English strings it has shown or said with no translation in its table.
    language: read('language', () => ({ lang: w.lang.code, decimal: w.lang.decimal, missing: JSON.parse(api.missingStrings()) })),
    // An <iframe> for course platforms that strip scripts: the link, a title, the world's shape.
    embedCode: read('embedCode', () => {
      const [wx, wy] = w.spec.world;
      const title = `flocklab: ${canvas.getAttribute('aria-label') ?? w.spec.name}`.replaceAll('"', '&quot;');
      const src = linkTo(handle.config(), w.spec, w.lang).replaceAll('&', '&amp;');
      return `<iframe src="${src}" title="${title}" width="${wx}" height="${wy + 72}" style="width: 100%; aspect-ratio: ${wx} / ${wy + 72}; border: 0" allow="fullscreen; clipboard-write" loading="lazy"></iframe>`;
    }),
    // Stops the loop, the timers and the listeners and lets the instance go;
    // removing the element from the page does the same. At any time, even
    // before ready (which then rejects with an AbortError) or from inside a
    // call; the handle is dead after.
    destroy() {
      if (destroyed) return;
      cancelRun();
      experimentStop?.(aborted());
      destroyed = true;
      pending.length = 0;
      clearInterval(timer);
      lifetime.abort();
      if (api) api.destroy();
      api = null;
      w.instance = null; // nothing of the page holds the instance (and its memory) after this
      el.classList.remove('flocklab-ready');
      if (el.flocklab === handle) delete el.flocklab;
      el.dispatchEvent(new CustomEvent('flocklab:destroyed', { bubbles: true }));
    },
    destroyed() { return destroyed; },
    // The HUD's text height and smallest control (CSS px), the window and backing-store sizes.
    uiMetrics: read('uiMetrics', () => JSON.parse(api.uiMetrics())),
    // Whether it is on screen (off-screen widgets neither run nor draw).
    visible: read('visible', () => api.visible() === 1),
    // Presses a widget key by name, as on the focused canvas ('ArrowLeft', 'Shift+ArrowUp', 'h', ']', '?'); true if used.
    key: change((name) => [text(name, 'key(name)')], (name) => w.key(name, false)),
    // Applies options to a mounted widget (mount(el, options) on a mounted element does this).
    apply(opts = {}) {
      alive();
      return guarded(applyNow, [opts]);
    },
  };
  // apply(): every option converted and checked before anything changes.
  function applyNow(opts = {}) {
    if (opts === null || typeof opts !== 'object' || Array.isArray(opts)) {
      throw new TypeError(`flocklab: apply() takes an object of options, such as {seed: 3} or a config(), got ${quote(opts)}`);
    }
    checkOptionNames(String(w.spec?.name ?? data.scene ?? description?.defaultScene), opts, 'apply()'); // at the call when the scenes are known
    const { params: ps, seed, paused, scene, lang, ...others } = opts;
    const attrs = Object.entries(others).filter(([, v]) => v !== undefined && v !== null)
      .map(([k, v]) => [text(k, 'an option name'), typeof v === 'number' ? String(v) : text(v, `apply: ${quote(k)}`)]);
    const lines = ps === undefined ? null : paramLines(ps)[0];
    const s = seed === undefined ? undefined : seedOf(seed)[0];
    const p = paused === undefined ? undefined : yesNo(paused, 'apply({paused})', ['paused']);
    alive();
    const applyAll = () => {
      if (scene !== undefined && scene !== w.spec.name) warn(el, `this widget is a ${w.spec.name} widget; it cannot become a ${quote(scene)} widget (mount a new element)`);
      if (lang !== undefined && String(lang).toLowerCase().split(/[-_]/)[0] !== w.lang.code) warn(el, `this widget speaks "${w.lang.code}"; its language is chosen when it starts (lang, data-lang or mount(el, {lang})): mount a new element for ${quote(lang)}`);
      checkOptionNames(w.spec.name, opts, 'apply()');
      applyParams(lines); // all or nothing, first: a refused parameter leaves everything as it was
      for (const [k, v] of attrs) {
        const warning = api.apply(k, v);
        if (warning) for (const line of warning.split('\n')) warn(el, line);
      }
      if (s !== undefined) { cancelRun(); api.reset(s); }
      if (p !== undefined) { if (p) cancelRun(); api.setPaused(p ? 1 : 0); }
      afterAction();
    };
    if (api) applyAll();
    else pending.push(applyAll);
    return handle;
  }

  // The option methods: checked and queued before ready like the rest.
  const setterCheck = (prop) => {
    // Where the module's description is known, a setter is checked at the call.
    const scene = description?.scenes[w.spec?.name ?? data.scene ?? description.defaultScene];
    for (const opt of scene?.options ?? []) {
      const m = optionMethods(opt);
      if (m.setters[prop]) return { opt, check: m.setters[prop] };
    }
    return null;
  };
  const ALWAYS = new Set(['destroy', 'destroyed', 'element', 'scene', 'ready']);
  const handle = new Proxy(target, {
    get(t, prop, receiver) {
      if (typeof prop !== 'string' || ALWAYS.has(prop)) return Reflect.get(t, prop, receiver);
      if (prop === 'then' || prop === 'toJSON') return undefined; // a handle is not a promise
      if (destroyed) return () => { throw gone(); };
      if (prop in t) return Reflect.get(t, prop, receiver);
      if (!w.spec) {
        // Not yet described: setters queue (checked now if another widget
        // already described the scenes); anything else reads, and must wait.
        const known = setterCheck(prop);
        if (known) {
          return change((...a) => [known.check(...a)], (v) => call.set(known.opt.name, v, known.opt.kind));
        }
        const sceneName = data.scene ?? description?.defaultScene;
        const owners = methodOwners?.[prop];
        if (owners && !owners.includes(sceneName)) {
          return () => { alive(); throw new TypeError(`flocklab: ${prop}() is for ${owners.join(' and ')} widgets; this one is a ${sceneName} widget`); };
        }
        if (!description && (/^set[A-Z]/.test(prop) || prop === 'select')) {
          // Nothing described yet (the page's first widget): checked when it runs.
          return change((...a) => a.map((x) => (typeof x === 'string' ? text(x, `${prop}()`) : x)), (...a) => handle[prop](...a));
        }
        return () => { alive(); throw notYet(prop); };
      }
      // A method of another scene: say so, naming both.
      const owners = methodOwners[prop];
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
    speech.label(canvas, api.inputHelp(), () => api.summary(), force);
    speech.say(api.respond());
    // Never from inside a call: a handler that calls the handle again runs after it.
    setTimeout(() => { if (!destroyed) el.dispatchEvent(new CustomEvent('flocklab:gauges', { detail: g, bubbles: true })); }, 0);
  }

  el.classList.add('flocklab-started');
  // The language's table first (only a page in another language fetches one):
  // the module says and draws everything in it from its first frame.
  const started = loadLanguage(el, data.lang).then((lang) => {
    w.lang = lang;
    // A widget in another language than its page says so, for screen readers' voices.
    if (data.lang !== undefined && el.getAttribute('lang') !== lang.code) el.setAttribute('lang', lang.code === 'qps' ? 'en' : lang.code);
    if (lang.code !== 'en') args.push('--lang', lang.code, '--decimal', lang.decimal, '--strings', lang.packed());
    return startInstance(el, canvas, args, () => destroyed, lang);
  }).then(({ instance, api: a }) => {
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
    // data-* names that are another scene's, or a likely typo of a setting,
    // warn once each; others are the page's own (see web/README.md).
    for (const k of Object.keys(fromElement)) {
      const why = unknownName(name, k, asAttribute, false);
      if (why) warn(el, why);
    }
    // Options of mount() are checked at the call when the scenes were known; else here.
    try { checkOptionNames(name, options, 'mount()'); } catch (err) { warn(el, err.message.replace(/^flocklab: /, '')); }
    for (const opt of w.spec.options) {
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
    if (w.spec.benchmark) {
      const b = w.spec.benchmark;
      // Milliseconds per step of a formed run, measured inside this page's
      // WebAssembly: a promise. The warm-up goes in slices (the page stays
      // responsive), then at most 250 ms of timed steps; calls run one after
      // another; destroy() ends one under way (AbortError).
      target.benchmark = read('benchmark', (opts = {}) => {
        if (opts === null || typeof opts !== 'object') {
          throw new TypeError(`flocklab: benchmark() takes an object such as {boids: ${b.size}, neighbors: '${b.variants[0]}', steps: ${b.steps}}, got ${opts}`);
        }
        const { [b.sizeName]: size = b.size, [b.variantName]: variant = b.variants[0], steps = b.steps, warmup = b.warmup } = opts;
        const n = wholeNumber(el, `benchmark ${b.sizeName}`, size, b.size, b.sizeLo, b.sizeHi);
        if (!b.variants.includes(variant)) throw new TypeError(`flocklab: unknown ${b.variantName} "${variant}" (expected ${b.variants.join(', ')})`);
        const s = wholeNumber(el, 'benchmark steps', steps, b.steps, 1, api.maxStepsFor(n));
        const wu = wholeNumber(el, 'benchmark warmup', warmup, b.warmup, 0, b.maxWarmup);
        const run = () => new Promise((resolve, reject) => {
          if (destroyed) { reject(aborted()); return; }
          api.benchBegin(n, variant, wu);
          const slice = () => {
            if (destroyed) { reject(aborted()); return; }
            if (api.benchWarm(RUN_SLICE_MS) > 0) { nextTask(slice); return; }
            const r = JSON.parse(api.benchTime(s));
            if (r.capped) warn(el, `benchmark: timed ${r.steps} of ${s} steps (one call works at most ${description.maxCallMs} ms)`);
            resolve(r.ms);
          };
          nextTask(slice);
        });
        benchQueue = benchQueue.then(run, run);
        return benchQueue;
      });
    }
    if (w.spec.explain) {
      // Why agent i moves in the next step: neighbours, each rule's force, weights, total.
      target.explain = read('explain', (i) => {
        const n = api.agents();
        if (!Number.isInteger(i)) throw new TypeError(`flocklab: explain(i) needs an index from 0 to ${n - 1}, got ${quote(i)}`);
        if (i < 0 || i >= n) throw new TypeError(`flocklab: explain(i) needs an index from 0 to ${n - 1}, got ${i}`);
        return JSON.parse(api.explain(i));
      });
    }
    // The scene's readers: more of its state by name (the crowd's field()).
    for (const name of w.spec.readers ?? []) target[name] = read(name, () => JSON.parse(api.reader(name)));
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
  target.ready = started.catch((err) => {
    if (err?.name !== 'AbortError') {
      showFailure(el, w.lang.t('This widget could not start: {0}', err.message));
      console.error('flocklab: the widget could not start:', err);
    }
    throw err;
  });
  return handle;
}
