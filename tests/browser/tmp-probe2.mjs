import { pageOf, start } from './helpers.mjs';
const env = await start({});
try {
  const page = await pageOf(env, `<figure class="flocklab" id="t"><canvas width="900" height="540"></canvas></figure>`);
  await page.waitForFunction(() => document.querySelector('#t').classList.contains('flocklab-ready'), null, { timeout: 60000 });
  const r = await page.evaluate(async () => {
    const h = document.querySelector('#t').flocklab;
    const before = h.boids();
    const e = await h.experiment({ vary: 'boids', values: [20, 40, 5000], seeds: [1, 2], seconds: 1 });
    return { before, after: h.boids(), rows: e.rows.map((x) => [x.value, x.seed, x.spacing]), g: h.gauges() };
  });
  console.log(JSON.stringify(r));
  const bad = await page.evaluate(async () => { try { await document.querySelector('#t').flocklab.experiment({ vary: 'boids', values: [0, 1e9] }); return 'ran'; } catch (e) { return `${e.name}: ${e.message}`; } });
  console.log(bad, page.problems, page.warnings.slice(0, 5));
} finally { await env.close(); }
