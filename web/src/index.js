// flocklab's JS shim, the entry of the bundle the page loads (flocklab.js):
// mounts every .flocklab element on the page as its own WebAssembly instance
// and binds the element's HTML controls to it. One module per job:
//   loader.js     the WebAssembly module, shared; instances one at a time (its C
//                 API's table is made from web_main.cpp by web/tools/c-api.mjs)
//   handle.js     mount(), the widget's one context and its start; methods.js (the
//                 handle's methods), guards.js (one rule for every method),
//                 runs.js (runTo, experiment(), benchmark()), apply.js (names,
//                 seeds, parameters, apply()), proxy.js (the option methods),
//                 link.js (link()), tasks.js (work in slices)
//   options.js    the scenes' description and the methods their options give
//   controls.js   the page's buttons, gauges and charts inside a widget
//   form-slot.js  [data-controls]' place; form.js (experiments' chunk) the tunables as HTML form controls
//   input.js      the canvas, its keys, touches and wheel; where there is a touch
//                 screen, touch.js (flocklab-touch.js, a chunk of its own): typing.js
//                 (the on-screen keyboard for a panel number), zoom.js (a finger's zoom)
//   lifecycle.js  observers, resizing, lost contexts, full screen (fullscreen.js:
//                 the standard and Safari's prefixed API)
//   save.js       saveFile(): one offline HTML file, made by save-file.js
//                 (flocklab-save.js, a chunk of its own; offline-page.js fills
//                 the template; inline.js is what a single file carries inline)
//   contexts.js   the page's budget of WebGL contexts (widgets park beyond it)
//   speech.js     the canvas's name and description, and the live region
//   charts.js     <svg data-plot>
//   experiment.js [data-experiment] (flocklab-experiment.js, loaded only where one is):
//                 experiment-words.js (shapes, sentences), -chart.js, -points.js
//                 (the prediction), -run.js (the workers), -handle.js (the handle, a
//                 run shown in its widget), worker-pool.js, sweep-worker.js,
//                 and sweep-api.js (the experiments' module's C API)
//   lang.js       the widget's language: its table, t() and numbers
//   results.js    the results stream (flocklab:result; predict.js, experiments, report())
//   values.js     shared checks, formatting, name spellings and statistics
import { mount } from './handle.js';
import { plotSummary } from './charts.js';
import { afterFirstStart, compiledModule, instanceStats, liveInstances } from './loader.js';
import { contextStats } from './contexts.js';
import { quote, warn } from './values.js';
import { nextTask, inPage, needPage } from './tasks.js';
import { isLeftAlone, onRemoved } from './lifecycle.js';
import { loadLanguage } from './lang.js';
import { description } from './options.js';
import { report } from './results.js';

// Every .flocklab element under root; one nested inside another widget is
// skipped with a warning (it would share that widget's canvas and buttons).
const under = (root) => {
  const all = [...root.querySelectorAll('.flocklab')];
  if (root instanceof Element && root.matches('.flocklab')) all.unshift(root);
  return all;
};
export function mountAll(root) {
  needPage('mountAll()');
  return under(root ?? document).flatMap(mountOne);
}
function mountOne(el) {
  if (el.hasAttribute('data-experiment')) {
    if (!el.flocklab) el.flocklab = standIn(el);
    return [];
  }
  if (el.flocklab) return [el.flocklab];
  if (isLeftAlone(el)) return []; // destroyed by a call: only mount(el) starts it again
  if (el.parentElement && el.parentElement.closest('.flocklab')) {
    warn(el, 'a .flocklab element inside another one is not mounted; make them siblings');
    return [];
  }
  return [mount(el)];
}

// The page's own widgets are mounted in slices of at most MOUNT_SLICE_MS,
// each a task of its own after DOMContentLoaded (not inside its listeners,
// which would hold the event's end and the course platform's scripts): a
// lesson of 17 widgets took 50 ms in one task on a 2-core laptop. Then the
// queued functions run and flocklab:loaded fires. Every element answers
// el.flocklab from the first slice on, as before: one not mounted yet is
// mounted when a script reads it.
const MOUNT_SLICE_MS = 25;
function mountWhenRead(el) {
  if (Object.hasOwn(el, 'flocklab')) return;
  if (el.hasAttribute('data-experiment')) {
    mountOne(el); // its stand-in: cheap, and it watches for the viewport
    return;
  }
  Object.defineProperty(el, 'flocklab', {
    configurable: true,
    enumerable: true,
    get() {
      delete el.flocklab;
      address(el);
      mountOne(el);
      return el.flocklab;
    },
    set(v) {
      Object.defineProperty(el, 'flocklab', { value: v, writable: true, configurable: true, enumerable: true });
    },
  });
}
function mountInSlices(done) {
  const all = under(document);
  for (const el of all) mountWhenRead(el); // the ones added since the module ran
  let i = 0;
  const slice = () => {
    const t0 = performance.now();
    while (i < all.length && (i === 0 || performance.now() - t0 < MOUNT_SLICE_MS)) {
      const el = all[i++];
      if (!el.isConnected) continue;
      if (Object.getOwnPropertyDescriptor(el, 'flocklab')?.get) void el.flocklab; // mounts it
      else mountOne(el);
    }
    if (i < all.length) nextTask(slice);
    else done();
  };
  slice();
}

// Every mounted element answers el.flocklab at once: an experiment, until its
// code has loaded, with a stand-in that pauses (nothing runs yet) and
// waits for it (ready); its other methods say to await ready first. Its
// code is loaded and it is mounted when it comes within a screen's height of
// the viewport (after the page's first widget start, if one is under way),
// or when a script reads its ready.
const nearExperiment = typeof IntersectionObserver === 'function'
  ? new IntersectionObserver((entries) => {
    for (const e of entries) if (e.isIntersecting) afterFirstStart().then(() => e.target.flocklab?.ready?.catch?.(() => {}));
  }, { rootMargin: '100% 0px' })
  : null;
function standIn(el) {
  let real = null;
  let loading = null;
  let destroyed = false;
  const load = () => {
    if (!loading) {
      nearExperiment?.unobserve(el);
      loading = mountExperiment(el).then((h) => { real = h; return h; });
      loading.catch((err) => console.error('flocklab: the experiment could not start:', err));
    }
    return loading;
  };
  const notYet = (name) => () => { throw new TypeError(`flocklab: ${name}() of an experiment: call it after \`await el.flocklab.ready\``); };
  const h = { kind: 'experiment', element: el };
  for (const name of ['run', 'stop', 'running', 'results', 'csv', 'prediction', 'predict', 'show']) h[name] = (...a) => (real ? real[name](...a) : notYet(name)());
  Object.assign(h, {
    pause: () => real?.pause(),
    resume: () => real?.resume(),
    paused: () => real?.paused() ?? true,
    reset: () => real?.reset(), // nothing ran before it loads
    destroy: () => {
      destroyed = true;
      nearExperiment?.unobserve(el);
      loading?.then((x) => x.destroy(), () => {});
    },
  });
  Object.defineProperty(h, 'ready', {
    get: () => (destroyed && !loading ? Promise.reject(new DOMException('the experiment was destroyed', 'AbortError')) : load().then((x) => x.ready)),
    enumerable: true,
  });
  if (nearExperiment) nearExperiment.observe(el);
  else load();
  return h;
}

// A [data-experiment] element's handle (a promise), once it is drawn and
// described: its code is a chunk of its own, loaded only by a page that has one.
const mountExperiment = (el) => import('./flocklab-experiment.js')
  .then((m) => m.mountExperiment(el, { mount, loadLanguage, description: () => description, warn, onRemoved }));
export const experiment = (el) => {
  needPage('experiment()');
  return mountExperiment(el).then((h) => h.ready);
};

// The release (the file VERSION, written in at build time): the same as
// fl_describe()'s version, `flocklab --version` and the package's.
export const version = FLOCKLAB_VERSION; // eslint-disable-line no-undef
export { mount, plotSummary, liveInstances, instanceStats, contextStats, report };

// The global for classic scripts. A module runs after the page is parsed,
// so a classic script either waits for the flocklab:loaded event, or queues
// a function that runs once this module has run (at once after that):
//   (window.FlockLab = window.FlockLab || []).push(() => FlockLab.mount(el, {...}));
const global = inPage ? window : {};
const queued = Array.isArray(global.FlockLab) ? global.FlockLab : [];
// A second copy of the shim on the page (another address, a bundle beside a
// script tag) would mount every widget again, compile the module again and
// hide the first copy's widgets behind its own FlockLab: it says so once and
// leaves the page to the first. (Its exports still work for whoever imported it.)
const first = global.FlockLab && !Array.isArray(global.FlockLab) ? global.FlockLab : null;
const FlockLab = {
  version,
  mount, mountAll, experiment, plotSummary, liveInstances, instanceStats, contextStats, report,
  push(fn) { fn(FlockLab); },
  whenLoaded: () => loaded, // once the page's widgets are mounted
};
let markLoaded;
const loaded = new Promise((resolve) => { markLoaded = resolve; });
if (first) console.warn(`flocklab: flocklab.js is on this page twice (${first.version}, then ${version} from ${import.meta.url}); the second copy mounts nothing: load it once`);
else global.FlockLab = FlockLab;

// Every .flocklab element on the page is mounted, now and whenever one is
// added later (single-page course platforms add content after load);
// removing one destroys it (lifecycle.js).
// embed.html: a .flocklab[data-url-config] element takes the page's query
// as data-* attributes (the same parsing and warnings), and post=gauges
// sends each flocklab:gauges to the parent page.
// The address makes a widget, never an experiment (data-experiment is what
// makes one; its other names, such as target, are settings of widgets too),
// and takes at most MAX_ADDRESS_NAMES names: every name costs a check
// against every setting, so 20,000 unknown ones froze the frame for seconds.
const MAX_ADDRESS_NAMES = 200;
const NOT_FROM_ADDRESS = new Set(['experiment', 'url-config']);
// ... and its size is checked before anything in it is read: a 2 MB
// address of long names made a 14 s task. The longest real setting (a
// maze's walls, a what-if's changes) is a few kB.
const MAX_ADDRESS_CHARS = 64 * 1024;
const MAX_ADDRESS_VALUE = 16 * 1024;
function fromAddress(el) {
  if (location.search.length > MAX_ADDRESS_CHARS) {
    warn(el, `the address is ${location.search.length} characters long, more than the ${MAX_ADDRESS_CHARS} a widget reads; its settings are ignored`);
    return;
  }
  const q = new URLSearchParams(location.search);
  let n = 0;
  for (const [k, v] of q) {
    if (k.length + v.length > MAX_ADDRESS_VALUE) {
      warn(el, `the address's "${quote(k.slice(0, 40))}" is ${k.length + v.length} characters long, more than the ${MAX_ADDRESS_VALUE} a setting takes; ignored`);
      continue;
    }
    if (k === 'post' || k === 'post-origin') continue;
    if (NOT_FROM_ADDRESS.has(k.toLowerCase())) {
      warn(el, `the address's "${quote(k)}" is not a setting of a widget; ignored`);
      continue;
    }
    if (++n > MAX_ADDRESS_NAMES) {
      warn(el, `the address has more than ${MAX_ADDRESS_NAMES} names; the rest are ignored`);
      break;
    }
    if (k === 'lang') document.documentElement.lang = v; // the embed page is the widget: its language is the page's
    try { el.setAttribute(`data-${k}`, v); } catch { warn(el, `the address's "${quote(k)}" is not a usable name; ignored`); }
  }
  const target = posted(q, 'gauges', el);
  if (target) el.addEventListener('flocklab:gauges', (e) => window.parent.postMessage({ type: 'flocklab:gauges', gauges: e.detail }, target));
}

// Whether a framed page posts `what` to its parent (post=gauges,results),
// and to which origin: post-origin=https://course.example means only a host
// page of that origin gets them (without it any framing page does).
function posted(q, what, el) {
  if (!(q.get('post') ?? '').split(',').map((s) => s.trim()).includes(what)) return null;
  const origin = q.get('post-origin');
  let parsed = null;
  if (origin !== null) {
    try { parsed = new URL(origin); } catch { /* said below */ }
    if (!parsed || parsed.origin !== origin || !/^https?:$/.test(parsed.protocol)) {
      warn(el, `the address's post-origin="${quote(origin)}" is not an origin such as https://course.example; nothing is posted`);
      return null;
    }
  }
  return window.parent === window ? null : origin ?? '*';
}

// post=results: every flocklab:result of the page (results.js) goes to the
// parent, as {type: 'flocklab:result', result}.
function postResults() {
  if (location.search.length > MAX_ADDRESS_CHARS) return; // refused where the widget reads it (fromAddress)
  const target = posted(new URLSearchParams(location.search), 'results', document.documentElement);
  if (target) document.addEventListener('flocklab:result', (e) => window.parent.postMessage({ type: 'flocklab:result', result: e.detail }, target));
}

// The address's settings go onto a [data-url-config] element once, before it is mounted.
const addressed = new WeakSet();
function address(el) {
  if (!el.matches('[data-url-config]') || addressed.has(el)) return;
  addressed.add(el);
  fromAddress(el);
}

function start() {
  postResults();
  for (const el of document.querySelectorAll('.flocklab[data-url-config]')) address(el);
  if (typeof MutationObserver === 'function') {
    new MutationObserver((records) => {
      for (const r of records) {
        for (const n of r.addedNodes) if (n instanceof Element && n.isConnected) mountAll(n);
      }
    }).observe(document.documentElement, { childList: true, subtree: true });
  }
  mountInSlices(() => {
    markLoaded(FlockLab);
    for (const fn of queued) fn(FlockLab);
    document.dispatchEvent(new CustomEvent('flocklab:loaded', { detail: FlockLab }));
  });
}
// The module downloads and compiles while the page finishes parsing.
if (!first && inPage) {
  if (typeof WebAssembly === 'object' && document.querySelector('.flocklab')) compiledModule().catch(() => {});
  // A module runs before DOMContentLoaded (readyState is 'interactive'
  // then): the widgets are mounted in the tasks after it, not before.
  const dclDone = document.readyState === 'complete'
    || (performance.getEntriesByType?.('navigation')?.[0]?.domContentLoadedEventEnd ?? 0) > 0;
  // Handles answer from now on (a page's module after this one reads them at once).
  if (document.readyState !== 'loading') for (const el of under(document)) mountWhenRead(el);
  if (dclDone) start();
  else document.addEventListener('DOMContentLoaded', () => setTimeout(start, 0), { once: true });
}
