// Loading the WebAssembly module: one download and compilation shared by
// every widget on the page, instances started one at a time (nearest the
// viewport first), and the C API of one instance as JS functions.
import { EXPORTS } from 'flocklab-c-api';
import createFlockLab from './flocklab-core.js';
import { makeRoom } from './contexts.js';
import { english } from './lang.js';
import { MAX_TEXT } from './values.js';
import { inline, decode } from './inline.js';

let compiled = null;
export function compiledModule() {
  if (!compiled && inline) compiled = WebAssembly.compile(decode(inline.core)); // a single-file build
  if (!compiled) {
    // './' and import.meta.url: the pattern Vite, webpack 5 and esbuild follow to copy the file.
    const url = new URL('./flocklab-core.wasm', import.meta.url);
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

// How many instances run now (started and not destroyed).
let live = 0;
export const liveInstances = () => live;
// How many instances were made, and how many of them the garbage collector
// has freed since (their WebAssembly memory with them): a widget that is
// gone but still held shows as made - collected - live.
const counts = { made: 0, collected: 0 };
const freed = typeof FinalizationRegistry === 'function' ? new FinalizationRegistry(() => { counts.collected++; }) : null;
export const instanceStats = () => ({ ...counts, live });

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
export function startInstance(el, canvas, args, cancelled = () => false, lang = english) {
  let failStart;
  const failed = new Promise((_, reject) => { failStart = reject; });
  if (typeof WebAssembly !== 'object') {
    return Promise.reject(new Error(lang.t('this browser runs no WebAssembly (or a security setting switched it off). Use a current Chrome, Edge, Firefox or Safari.')));
  }
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
  })]))).then((m) => {
    if (!m.ccall('fl_started', 'number', [], [])) throw new Error('the simulation could not start (see the messages above)');
    const api = {};
    for (const [name, c, ret, params] of EXPORTS) {
      const call = m.cwrap(c, ret, params);
      api[name] = params.includes('string') ? (...args) => { checkLengths(name, args); return call(...args); } : call;
    }
    live++;
    counts.made++;
    freed?.register(m, null);
    const destroy = api.destroy;
    api.destroy = () => {
      destroy();
      live--;
    };
    return { instance: m, api };
  });
  return Promise.race([started, failed]);
}
