// WebAssembly against native: the widget's benchmark() in Chromium and the
// CLI's bench, alternated in one run on the same machine, for the same flock
// sizes. usage: node bench-wasm.mjs [boids,...] [rounds]
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { start, openLesson, root } from './helpers.mjs';

const sizes = (process.argv[2] || '500,2000').split(',').map(Number);
const rounds = Number(process.argv[3] || 3);
const cli = join(root, 'build', 'native', 'flocklab');
const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];

const env = await start();
try {
  const page = await openLesson(env);
  await page.evaluate(() => document.querySelectorAll('.flocklab').forEach((e) => e.flocklab.pause()));
  for (const boids of sizes) {
    for (const neighbors of ['brute', 'grid']) {
      const wasm = [];
      const native = [];
      for (let r = 0; r < rounds; r++) {
        wasm.push(await page.evaluate(({ boids, neighbors }) => document.querySelector('#scaling').flocklab
          .benchmark({ boids, neighbors, steps: 200 }), { boids, neighbors }));
        const out = execFileSync(cli, ['bench', '--boids', String(boids), '--neighbors', neighbors,
          '--steps', '200', '--json']).toString();
        native.push(JSON.parse(out).median_ms);
      }
      const ratios = wasm.map((w, i) => w / native[i]);
      console.log(JSON.stringify({ boids, neighbors, wasm_ms: median(wasm), native_ms: median(native),
        ratio_median: +median(ratios).toFixed(3), ratios: ratios.map((x) => +x.toFixed(3)) }));
    }
  }
} finally {
  await env.close();
}
