// Cold-load ready time of the lesson page: each load in a fresh browser
// profile (nothing cached), from navigation to DOMContentLoaded and load, to
// the first widget's flocklab:ready, to every widget seen at load ready
// (those within the first screen: the others wait to be scrolled near), and
// to the last one's once the page asks for all. Also the main thread's long
// tasks until the seen widgets are ready (the longest, and their blocking
// time: each one's part beyond 50 ms, as Lighthouse's TBT counts it), and
// then the live WebGL contexts and the WebAssembly memory of the page.
// Prints every load and the medians, and the widget's payload: what the
// first load fetched of the widget (wasm, Emscripten's JS, the shim and its
// CSS), gzipped at level 9.
// usage: node ready-time.mjs [loads] [--throttle] [--before DIR]   (make bench-ready)
//   --throttle: a cheap Chromebook on school Wi-Fi: 1.6 Mbit/s down and up,
//     150 ms latency (Chromium's network emulation) and the CPU 4x slower.
//   --identity: this build sent uncompressed too (what compression costs).
//   --before DIR: also an earlier build's web folder, loaded alternately
//     with this one and sent uncompressed, as the server sent every file
//     before it compressed (a before-and-after; the medians of each).
//   --before-compressed: the earlier build sent compressed, as this one is
//     (a before-and-after of the build alone).
import { gzipSync } from 'node:zlib';
import { resolve } from 'node:path';
import { start } from './helpers.mjs';

const args = process.argv.slice(2);
const loads = Number(args.find((a) => /^\d+$/.test(a)) || 5);
const throttle = args.includes('--throttle');
const identity = args.includes('--identity'); // this build sent uncompressed too
const before = args.includes('--before') ? resolve(args[args.indexOf('--before') + 1]) : null;
const beforeCompressed = args.includes('--before-compressed');
const fields = ['dcl', 'load', 'first', 'seen', 'all', 'longest', 'blocking', 'contexts', 'memory', 'experiments', 'axes'];
const runs = { after: Object.fromEntries(fields.map((f) => [f, []])), before: Object.fromEntries(fields.map((f) => [f, []])) };
const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
const WIDGET = ['flocklab-core.wasm', 'flocklab-core.js', 'flocklab.js', 'flocklab.css'];
const payload = {};
for (let r = 0; r < loads * (before ? 2 : 1); r++) {
  const which = before && r % 2 === 1 ? 'before' : 'after';
  const env = await start(which === 'before' ? { web: before } : {});
  try {
    const page = await env.context.newPage();
    const cdp = await env.context.newCDPSession(page);
    if ((which === 'before' && !beforeCompressed) || (which === 'after' && identity)) await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'identity' } });
    if (throttle) {
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 1.6e6 / 8 });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    }
    const bodies = [];
    if (r === 0) {  // this build's first load
      page.on('response', (res) => {
        const file = new URL(res.url()).pathname.slice(1);
        if (WIDGET.includes(file)) bodies.push(res.body().then((b) => { payload[file] = gzipSync(b, { level: 9 }).length; }));
      });
    }
    await page.addInitScript(() => {
      window.readyAt = [];
      window.tasks = [];
      new PerformanceObserver((l) => window.tasks.push(...l.getEntries().map((e) => [e.startTime, e.duration]))).observe({ type: 'longtask', buffered: true });
      // The widgets seen at load: those the page starts without being asked.
      document.addEventListener('DOMContentLoaded', () => {
        window.seen = [...document.querySelectorAll('.flocklab:not([data-experiment])')].filter((e) => {
          const r = e.getBoundingClientRect();
          return r.bottom > 0 && r.top < window.innerHeight;
        });
      });
      document.addEventListener('flocklab:ready', (e) => {
        window.readyAt.push(performance.now());
        if (window.seenAt === undefined && window.seen?.every((s) => s.classList.contains('flocklab-ready'))) {
          window.seenAt = performance.now();
          window.tasksThen = window.tasks.slice(); // copied at once: what came after is the page asking for all
          window.contextsThen = FlockLab.contextStats().live;
          window.memoryThen = FlockLab.instanceStats().memoryBytes;
        }
      });
      // The first experiment's chart: mounted (its module loaded) when the
      // page scrolls near it (below), then its axes once described (its
      // values and scale, from a worker).
      const watch = () => {
        const ex = [...document.querySelectorAll('[data-experiment]')];
        if (window.experimentsAt === undefined && ex.length && ex[0].classList.contains('flocklab-ready') && ex[0].querySelector('svg')) window.experimentsAt = performance.now();
        if (ex.length && ex[0].querySelector('.fl-exp-axis')) window.axesAt = performance.now();
        else requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    });
    await page.goto(env.url);
    await page.waitForFunction(() => window.seenAt !== undefined && document.readyState === 'complete', null, { timeout: 180000 });
    const atSeen = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
      // The long tasks that ended before the seen widgets were ready (a task's part after FCP, as TBT counts).
      const tasks = window.tasks.filter(([t, d]) => t + d <= window.seenAt);
      return { dcl: nav.domContentLoadedEventEnd, load: nav.loadEventEnd, seen: window.seenAt, first: Math.min(...window.readyAt),
        longest: Math.max(0, ...tasks.map(([, d]) => d)),
        blocking: tasks.reduce((n, [t, d]) => n + Math.max(0, Math.min(d, t + d - paint) - 50), 0),
        contexts: window.contextsThen, memory: window.memoryThen / 2 ** 20 };
    });
    await page.waitForFunction(() => [...document.querySelectorAll('.flocklab:not([data-experiment])')].every((e) => (e.flocklab?.ready, e.classList.contains('flocklab-ready'))),
      null, { timeout: 180000 });
    if (!process.env.NOEXP) {
      // The student scrolls to "Measure it": from there to the first chart, and to its axes.
      await page.evaluate(() => { window.scrolledAt = performance.now(); document.querySelector('[data-experiment]').scrollIntoView(); });
      await page.waitForFunction(() => window.axesAt !== undefined && window.experimentsAt !== undefined, null, { timeout: 180000 });
    }
    const [b, e, x] = await page.evaluate(() => [Math.max(...window.readyAt), window.experimentsAt - window.scrolledAt, window.axesAt - window.scrolledAt]);
    const run = runs[which];
    const got = { ...atSeen, all: b, experiments: e, axes: x };
    for (const f of fields) run[f].push(f === 'memory' ? Math.round(got[f] * 10) / 10 : Math.round(got[f]));
    await Promise.all(bodies);
  } finally {
    await env.close();
  }
}
const kB = (n) => Math.round(n / 100) / 10;
const gz = Object.fromEntries(WIDGET.map((f) => [f, kB(payload[f] ?? NaN)]));
// Each field's loads and median: times in ms, contexts a count, memory in MiB.
const units = { contexts: '', memory: '_MiB', experiments: '_after_scroll_ms', axes: '_after_scroll_ms' };
const names = { experiments: 'chart', dcl: 'dom_content_loaded', first: 'first_ready', seen: 'seen_ready', all: 'all_ready', longest: 'longest_task', blocking: 'blocking_time', contexts: 'live_contexts', memory: 'wasm_memory' };
const summary = (run) => Object.fromEntries(fields.flatMap((f) => {
  const key = (names[f] ?? f) + (units[f] ?? '_ms');
  return [[key, run[f]], [`median_${key}`, median(run[f])]];
}));
console.log(JSON.stringify({ loads, throttle, ...summary(runs.after), ...(before ? { before: { web: before, ...summary(runs.before) } } : {}),
  widget_gzip_kB: gz, widget_total_gzip_kB: kB(WIDGET.reduce((t, f) => t + (payload[f] ?? NaN), 0)) }));
