import { pageOf, start } from './helpers.mjs';
const env = await start({});
try {
  const page = await pageOf(env, `<figure class="flocklab" id="t"><canvas width="900" height="540"></canvas></figure>`);
  await page.waitForFunction(() => document.querySelector('#t').classList.contains('flocklab-ready'), null, { timeout: 60000 });
  const t0 = Date.now();
  const r = await page.evaluate(async () => {
    window.lt = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) lt.push(Math.round(e.duration)); }).observe({ type: 'longtask' });
    const h = document.querySelector('#t').flocklab;
    const e = await h.experiment({ vary: 'boids', values: [0, 1e9], seconds: 0.1 });
    return { rows: e.rows, summary: e.summary, lt };
  });
  console.log(Date.now() - t0, JSON.stringify(r).slice(0, 600));
  console.log(page.problems, page.warnings.slice(0, 5));
} finally { await env.close(); }
