// Cold-load ready time of the lesson page: each load in a fresh browser
// profile (nothing cached), from navigation to the first widget's
// flocklab:ready and to the last one's. Prints every load and the medians,
// and the widget's payload: what the first load fetched of the widget
// (wasm, Emscripten's JS, the shim and its CSS), gzipped at level 9.
// usage: node ready-time.mjs [loads]      (make bench-ready)
import { gzipSync } from 'node:zlib';
import { start } from './helpers.mjs';

const loads = Number(process.argv[2] || 5);
const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
const first = [];
const all = [];
const experiments = [];
const axes = [];
const WIDGET = ['flocklab-core.wasm', 'flocklab-core.js', 'flocklab.js', 'flocklab.css'];
const payload = {};
for (let r = 0; r < loads; r++) {
  const env = await start();
  try {
    const page = await env.context.newPage();
    const bodies = [];
    if (r === 0) {
      page.on('response', (res) => {
        const file = new URL(res.url()).pathname.slice(1);
        if (WIDGET.includes(file)) bodies.push(res.body().then((b) => { payload[file] = gzipSync(b, { level: 9 }).length; }));
      });
    }
    await page.addInitScript(() => {
      window.readyAt = [];
      document.addEventListener('flocklab:ready', () => window.readyAt.push(performance.now()));
      // The experiments' charts: drawn once every [data-experiment] is ready.
      // The first one's axes: once described (its values and scale, from a
      // worker), which starts when the page scrolls near it (below).
      const watch = () => {
        const ex = [...document.querySelectorAll('[data-experiment]')];
        if (window.experimentsAt === undefined && ex.length && ex.every((e) => e.classList.contains('flocklab-ready') && e.querySelector('svg'))) window.experimentsAt = performance.now();
        if (ex.length && ex[0].querySelector('.fl-exp-axis')) window.axesAt = performance.now();
        else requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    });
    await page.goto(env.url);
    await page.waitForFunction(() => [...document.querySelectorAll('.flocklab:not([data-experiment])')].every((e) => e.classList.contains('flocklab-ready')),
      null, { timeout: 60000 });
    if (!process.env.NOEXP) {
      await page.waitForFunction(() => window.experimentsAt !== undefined, null, { timeout: 60000 });
      // The student scrolls to "Measure it": from there to the first chart's axes.
      await page.evaluate(() => { window.scrolledAt = performance.now(); document.querySelector('[data-experiment]').scrollIntoView(); });
      await page.waitForFunction(() => window.axesAt !== undefined, null, { timeout: 60000 });
    }
    const [a, b, e, x] = await page.evaluate(() => [Math.min(...window.readyAt), Math.max(...window.readyAt), window.experimentsAt, window.axesAt - window.scrolledAt]);
    experiments.push(Math.round(e));
    axes.push(Math.round(x));
    first.push(Math.round(a));
    all.push(Math.round(b));
    await Promise.all(bodies);
  } finally {
    await env.close();
  }
}
const kB = (n) => Math.round(n / 100) / 10;
const gz = Object.fromEntries(WIDGET.map((f) => [f, kB(payload[f] ?? NaN)]));
console.log(JSON.stringify({ loads, first_ms: first, all_ms: all, median_first_ms: median(first), median_all_ms: median(all),
  experiments_drawn_ms: experiments, median_experiments_drawn_ms: median(experiments), axes_after_scroll_ms: axes, median_axes_after_scroll_ms: median(axes),
  widget_gzip_kB: gz, widget_total_gzip_kB: kB(WIDGET.reduce((t, f) => t + (payload[f] ?? NaN), 0)) }));
