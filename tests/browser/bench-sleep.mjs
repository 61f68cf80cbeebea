// An asleep widget's cost in the page (issue 40): a formed flock with a
// what-if lane (max-force=0.2) put to sleep, `await h.sleep()` (its state
// written as a snapshot, kept as base64 text, and the instance given up),
// then woken, `await h.ready` (a new instance, the snapshot read back),
// for each flock size, on screen (its last frame drawn and kept as its
// picture) and far from the viewport (as a widget falls asleep by itself:
// no picture); the median of `rounds` rounds. The native figures of the
// snapshot alone are `make bench`'s BM_SnapshotWrite and BM_SnapshotRestore.
// usage: node bench-sleep.mjs [boids,...] [rounds]     (make bench-sleep)
import { loadavg } from 'node:os';
import { start, pageOf } from './helpers.mjs';

const sizes = (process.argv[2] || '60,1000,5000').split(',').map(Number);
const rounds = Number(process.argv[3] || 5);
const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];

const env = await start();
try {
  const page = await pageOf(env, '<figure class="flocklab" id="w" data-seed="7" data-paused><canvas width="900" height="540"></canvas></figure><div style="height: 6000px"></div>');
  await page.waitForFunction(() => document.querySelector('#w').classList.contains('flocklab-ready'), null, { timeout: 120000 });
  const rows = [];
  for (const where of ['on screen', 'far']) {
    await page.evaluate((far) => window.scrollTo(0, far ? document.body.scrollHeight : 0), where === 'far');
    await page.waitForFunction((far) => document.querySelector('#w').flocklab.visible() === !far, where === 'far');
    for (const boids of sizes) {
      const sleep = [];
      const wake = [];
      for (let r = 0; r < rounds; r++) {
        const t = await page.evaluate(async (boids) => {
          const h = document.querySelector('#w').flocklab;
          await h.ready;
          h.pause();
          h.setBoids(boids);
          h.reset(7);
          h.compare('max-force=0.2');
          for (let left = 600; left > 0;) left -= h.step(left); // formed: 10 s
          const before = JSON.stringify(h.gauges());
          const t0 = performance.now();
          await h.sleep();
          const t1 = performance.now();
          if (!document.querySelector('#w').classList.contains('fl-asleep')) throw new Error('the widget did not fall asleep');
          const t2 = performance.now();
          await h.ready;
          const t3 = performance.now();
          if (JSON.stringify(h.gauges()) !== before) throw new Error('the widget woke in another state');
          return { sleep: t1 - t0, wake: t3 - t2 };
        }, boids);
        sleep.push(t.sleep);
        wake.push(t.wake);
      }
      const ms = (a) => Math.round(a * 10) / 10;
      rows.push({ where, boids, sleep_ms: ms(median(sleep)), wake_ms: ms(median(wake)), sleep_all_ms: sleep.map(Math.round), wake_all_ms: wake.map(Math.round) });
    }
  }
  console.log(JSON.stringify({ rounds, load_average: loadavg().map((x) => Math.round(x * 10) / 10), rows }, null, 1));
} finally {
  await env.close();
}
