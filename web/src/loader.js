// Loading the WebAssembly module: one download and compilation shared by
// every widget on the page, instances started one at a time (nearest the
// viewport first), and the C API of one instance as JS functions.
import { EXPORTS } from 'flocklab-c-api';
import createFlockLab from './flocklab-core.js';
import { makeRoom, refreshLive } from './contexts.js';
import { english } from './lang.js';
import { MAX_TEXT } from './values.js';
import { inline, decode } from './inline.js';
import { nextTask, inPage } from './tasks.js';
import { coreWasm, offlineWithoutSimd, simdAdvice } from './simd.js';

// What to do when a file of the widget cannot be fetched at all. A frame
// sandboxed without allow-same-origin (an LMS's) has the origin "null": its
// every fetch is cross-origin, and only a server that allows any origin serves it.
export const fetchAdvice = () => (self.origin === 'null' && location.protocol !== 'file:'
  ? 'This page is in a frame sandboxed without allow-same-origin: the server must send the header "Access-Control-Allow-Origin: *" with the widget\'s files (README, "Hosting"), or the frame must allow-same-origin.'
  : 'Check that the page is served over http(s) and the file is next to flocklab.js.');

let compiled = null;
export function compiledModule() {
  // A single-file build: its bytes, unless this engine cannot compile them
  // (start() says why in the widget's language; this is only the early compile).
  if (!compiled && inline) compiled = offlineWithoutSimd() ? Promise.reject(new Error('no WebAssembly SIMD')) : WebAssembly.compile(decode(inline.core));
  if (!compiled) {
    // './' and import.meta.url: the pattern Vite, webpack 5 and esbuild follow
    // to copy the file; the one with SIMD, or without where the engine has none.
    const url = coreWasm();
    const file = url.pathname.split('/').pop();
    const fetched = fetch(url).then((r) => {
      if (!r.ok) {
        throw new Error(`${file} could not be loaded from ${url} (HTTP ${r.status}). `
          + `Put ${file} (it comes with flocklab.js) next to flocklab.js.`);
      }
      return r;
    }, (err) => {
      throw new Error(`${file} could not be fetched from ${url} (${err.message}). ${fetchAdvice()}`);
    });
    compiled = fetched.then((r) => (WebAssembly.compileStreaming
      ? WebAssembly.compileStreaming(r.clone()).catch(() => r.arrayBuffer().then((b) => WebAssembly.compile(b)))
      : r.arrayBuffer().then((b) => WebAssembly.compile(b)))).catch((err) => {
      // A Content-Security-Policy without 'wasm-unsafe-eval' refuses to compile
      // any WebAssembly: name the directive to add, not the browser's words.
      if (/unsafe-eval|Content Security Policy/i.test(err.message)) {
        throw new Error('the page\'s Content-Security-Policy does not allow WebAssembly. Add \'wasm-unsafe-eval\' to its '
          + 'script-src; the least that works is: script-src \'self\' \'wasm-unsafe-eval\'; style-src \'self\'; connect-src \'self\'');
      }
      throw err;
    });
  }
  return compiled;
}

// Instances start one at a time, and only where they are seen: a widget's
// instance (its memory and its WebGL context) is made when its element
// comes within a screen's height of the viewport, or when a script asks for
// it (reading handle.ready, want()). Of those waiting, the one nearest the
// viewport starts first. Nothing starts before DOMContentLoaded has fired:
// the page's own scripts and the course platform's run first, and a lesson
// of many widgets costs at load only what its first screen shows.
// One start at a time also keeps the budget of WebGL contexts
// (contexts.js): each start makes room after the one before has taken its
// context, so no two starts count the same free place.
const startQueue = [];
let starting = false;
const wanted = new WeakSet();
const held = new WeakSet(); // a script called a method: kept once started, started as before
const soon = new WeakSet(); // asked for once (an asleep widget's Live button), not held
const near = new WeakSet();
const reported = new WeakSet(); // the observer has said where it is
const nearness = typeof IntersectionObserver === 'function'
  ? new IntersectionObserver((entries) => {
    for (const e of entries) {
      reported.add(e.target);
      (e.isIntersecting ? near.add(e.target) : near.delete(e.target));
    }
    pump();
  }, { rootMargin: '100% 0px' })
  : null;
// The observer reports with a rendering frame, which a page still busy
// loading delays past the module's compilation: until the page's first
// start, a widget it has not reported on yet is measured at once, with the
// observer's margin (a screen's height above and below the viewport).
let firstStarted = false;
function nearNow(el) {
  const r = el.getBoundingClientRect();
  const h = window.innerHeight;
  return (r.width > 0 || r.height > 0) && r.bottom >= -h && r.top <= 2 * h && r.right >= 0 && r.left <= window.innerWidth;
}
const isNear = (el) => near.has(el) || (!firstStarted && !reported.has(el) && nearNow(el));
// Not watched any more: what was last seen of it is forgotten too. A widget
// put to sleep far away is watched again, and until the observer's first
// report on it, it must not count as near from before it started (it was
// made again at once, slept, and again: 7 instances in a second).
function unwatch(el) {
  nearness?.unobserve(el);
  near.delete(el);
}
// DOMContentLoaded has fired (a module script runs before it, and so may a
// shim imported while the page still parses).
const domLoaded = () => document.readyState === 'complete'
  || (performance.getEntriesByType?.('navigation')?.[0]?.domContentLoadedEventEnd ?? 0) > 0;
const pageReady = new Promise((resolve) => {
  if (!inPage) return; // on a server nothing starts
  if (domLoaded()) resolve();
  else {
    document.addEventListener('DOMContentLoaded', () => setTimeout(resolve, 0), { once: true });
    window.addEventListener('load', resolve, { once: true }); // a shim imported after DOMContentLoaded, where timing is unknown
  }
});
let afterLoad = false;
pageReady.then(() => { afterLoad = true; pump(); });
// A job whose widget was destroyed while it waited leaves the queue at once (it is refused).
const eligible = (job) => !nearness || job.cancelled() || wanted.has(job.el) || soon.has(job.el) || (job.whenNear && isNear(job.el));
function pump() {
  if (!starting && afterLoad && startQueue.some(eligible)) {
    starting = true;
    // A task of its own, ahead of the page's mount slices: a timer would
    // wait behind all of them (Chromium runs the channel's messages first).
    nextTask(startNext, true);
  }
}
// A script asks for this widget's instance now, wherever it is on the page.
export function want(el) {
  if (wanted.has(el)) return;
  wanted.add(el);
  unwatch(el); // wanted wherever it is: no need to watch it
  pump();
}
// Whether a script holds this widget (it read its ready or called a
// method): such a widget never gives up its instance on its own (handle.js,
// rest()). Holding does not start it: reading ready does, or coming near.
export const isHeld = (el) => wanted.has(el) || held.has(el);
export function hold(el) {
  held.add(el);
}
// A script lets it go (sleep()): it starts again when near, or asked for.
export function unwant(el) {
  wanted.delete(el);
  held.delete(el);
}
// Start this widget's waiting instance now, once, without holding it.
export function startSoon(el) {
  soon.add(el);
  pump();
}
function queueStart(el, start, cancelled, settled, whenNear) {
  return new Promise((resolve, reject) => {
    startQueue.push({ el, start, cancelled, settled, whenNear, resolve, reject });
    if (!wanted.has(el)) nearness?.observe(el);
    pump();
  });
}
// What can wait (an experiment's code, when it comes near) waits for the
// page's first start, if one is under way, so that its fetch and script do
// not delay the widget the student is looking at.
let firstSettled;
const firstDone = new Promise((resolve) => { firstSettled = resolve; });
export const afterFirstStart = () => (starting ? firstDone : Promise.resolve());
function startNext() {
  const ready = startQueue.filter(eligible);
  if (ready.length === 0) {
    starting = false;
    firstSettled();
    return;
  }
  const distance = (el) => {
    const r = el.getBoundingClientRect();
    return r.bottom < 0 ? -r.bottom : Math.max(0, r.top - window.innerHeight);
  };
  ready.sort((a, b) => distance(a.el) - distance(b.el));
  const job = ready[0];
  firstStarted = true;
  startQueue.splice(startQueue.indexOf(job), 1);
  soon.delete(job.el);
  if (!startQueue.some((j) => j.el === job.el)) unwatch(job.el);
  let p;
  try {
    p = Promise.resolve(job.start());
  } catch (err) {
    p = Promise.reject(err);
  }
  p.then(job.resolve, job.reject);
  // The next start waits for this widget's set-up (or failure): it has taken its context by then.
  p.then(() => job.settled()).catch(() => {}).finally(() => {
    firstSettled();
    nextTask(startNext, true);
  });
}

// How many instances run now (started and not destroyed).
let live = 0;
export const liveInstances = () => live;
// How many instances were made, and how many of them the garbage collector
// has freed since (their WebAssembly memory with them): a widget that is
// gone but still held shows as made - collected - live.
const counts = { made: 0, collected: 0 };
const freed = typeof FinalizationRegistry === 'function' ? new FinalizationRegistry(() => { counts.collected++; }) : null;
// waiting: widgets whose instance waits to be near the viewport (or asked for);
// memoryBytes: the WebAssembly memory of every live instance, together.
const running = new Set(); // the live instances' APIs
export const instanceStats = () => ({ ...counts, live, waiting: startQueue.length, memoryBytes: [...running].reduce((n, a) => n + a.memoryBytes(), 0) });

// A widget's start-up arguments (its data-* and a language's table) go onto
// the module's stack, which is small (src/widget/CMakeLists.txt): beyond
// this they are refused in a sentence, before any instance is made.
const MAX_ARGS_BYTES = 256 * 1024;
const utf8 = new TextEncoder();

// The page's strings are checked at the call (values.js text()); this is the
// backstop for every string the shim itself passes in, whatever the method.
function checkLengths(name, args) {
  for (const a of args) {
    if (typeof a === 'string' && a.length > MAX_TEXT) {
      throw new RangeError(`flocklab: ${name}(): a text of ${a.length} characters is longer than the ${MAX_TEXT} the widget takes`);
    }
  }
}

// The module's exports as JS functions ([name, C name, return type, argument
// types]): made at build time from web_main.cpp's signatures (web/tools/c-api.mjs).


// Starts one instance on `canvas` with the shim's arguments; resolves to
// {instance, api} once it runs, or rejects with the cause.
// `cancelled()`: the widget was destroyed while it waited; it is not made at all.
// `settled()`: a promise of the widget's set-up, which the next start waits for.
// `whenNear`: it starts when near the viewport (else only when asked for).
export function startInstance(el, canvas, args, cancelled = () => false, lang = english, settled = () => null, whenNear = true) {
  let failStart;
  const failed = new Promise((_, reject) => { failStart = reject; });
  if (typeof WebAssembly !== 'object') {
    return Promise.reject(new Error(lang.t('this browser runs no WebAssembly (or a security setting switched it off). Use a current Chrome, Edge, Firefox or Safari.')));
  }
  const bytes = args.reduce((n, a) => n + utf8.encode(a).length + 1, 0);
  if (bytes > MAX_ARGS_BYTES) {
    return Promise.reject(new Error(lang.t('its data-* attributes and language table come to {0} kB, more than the {1} kB a widget starts with. Shorten them.', Math.ceil(bytes / 1024), MAX_ARGS_BYTES / 1024)));
  }
  if (offlineWithoutSimd()) return Promise.reject(new Error(simdAdvice((k) => lang.t(k))));
  const started = queueStart(el, () => (cancelled()
    ? Promise.reject(new DOMException('the widget was destroyed before it was ready', 'AbortError'))
    : Promise.race([failed, (makeRoom(), createFlockLab)({
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
    preRun: [refreshLive], // just before main() makes the context (contexts.js)
  })])), cancelled, settled, whenNear).then((m) => {
    if (!m.ccall('fl_started', 'number', [], [])) throw new Error('the simulation could not start (see the messages above)');
    const api = {};
    for (const [name, c, ret, params] of EXPORTS) {
      // Strings go in through the heap (malloc, and free after the call), not
      // the small stack where cwrap would copy them.
      const call = m.cwrap(c, ret, params.map((p) => (p === 'string' ? 'number' : p)));
      api[name] = params.includes('string') ? (...args) => {
        if (name !== 'restore') checkLengths(name, args); // the shim's own snapshot: any length
        const blocks = [];
        try {
          return call(...args.map((a, i) => {
            if (params[i] !== 'string') return a;
            const n = m.lengthBytesUTF8(a) + 1;
            const at = m._malloc(n);
            if (!at) throw new RangeError(`flocklab: ${name}(): no memory for a text of ${a.length} characters`);
            blocks.push(at);
            m.stringToUTF8(a, at, n);
            return at;
          }));
        } finally {
          for (const at of blocks) m._free(at);
        }
      } : call;
    }
    running.add(api);
    live++;
    counts.made++;
    freed?.register(m, null);
    const destroy = api.destroy;
    api.destroy = () => {
      running.delete(api);
      destroy();
      live--;
    };
    return { instance: m, api };
  }).then((made) => new Promise((next) => nextTask(() => next(made), true))); // the widget's set-up: a task of its own, after the start's, ahead of mount slices
  return Promise.race([started, failed]);
}
