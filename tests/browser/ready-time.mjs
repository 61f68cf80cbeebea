// Cold-load ready time of the lesson page: each load in a fresh browser
// profile (nothing cached), from navigation to the first widget's
// flocklab:ready and to the last one's. Prints every load and the medians.
// usage: node ready-time.mjs [loads]      (make bench-ready)
import { start } from './helpers.mjs';

const loads = Number(process.argv[2] || 5);
const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
const first = [];
const all = [];
for (let r = 0; r < loads; r++) {
  const env = await start();
  try {
    const page = await env.context.newPage();
    await page.addInitScript(() => {
      window.readyAt = [];
      document.addEventListener('flocklab:ready', () => window.readyAt.push(performance.now()));
    });
    await page.goto(env.url);
    await page.waitForFunction(() => [...document.querySelectorAll('.flocklab')].every((e) => e.classList.contains('flocklab-ready')),
      null, { timeout: 60000 });
    const [a, b] = await page.evaluate(() => [Math.min(...window.readyAt), Math.max(...window.readyAt)]);
    first.push(Math.round(a));
    all.push(Math.round(b));
  } finally {
    await env.close();
  }
}
console.log(JSON.stringify({ loads, first_ms: first, all_ms: all, median_first_ms: median(first), median_all_ms: median(all) }));
