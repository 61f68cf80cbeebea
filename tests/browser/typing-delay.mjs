// How long a key typed into an unrelated text field waits while a heavy
// widget runs (issue 30 #15): a crowd of 2000 agents with every overlay on,
// at DPR 3 (a phone's or a projector's backing store, software GL here),
// running; keys typed through Chromium's real input pipeline, one every
// 100 ms. Prints each key's delay (the event's handling time minus its
// timestamp) and the median and the most. A benchmark, not a test: the
// figure depends on the machine (tests/README records it).
// usage: node typing-delay.mjs [keys] [--dpr N] [--agents N] [--web DIR] [--no-webgl]
//   --no-webgl: Chromium without WebGL, so the widget draws with its own
//     software rasteriser (as in a browser without WebGL)
//   --web DIR: another build's web folder (an earlier build, to compare)
import { resolve } from 'node:path';
import { pageOf, start } from './helpers.mjs';

const args = process.argv.slice(2);
const keys = Number(args.find((a) => /^\d+$/.test(a)) || 40);
const opt = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const dpr = opt('--dpr', 3);
const agents = opt('--agents', 2000);
const web = args.includes('--web') ? resolve(args[args.indexOf('--web') + 1]) : undefined;
const noWebgl = args.includes('--no-webgl');
const env = await start({ deviceScaleFactor: dpr, ...(web ? { web } : {}), ...(noWebgl ? { extraArgs: ['--disable-webgl'] } : {}) });
try {
  const page = await pageOf(env, `<input id="notes" type="text">
    <figure class="flocklab" id="c" data-scene="crowd" data-seed="7" data-agents="${agents}"><canvas width="900" height="540"></canvas></figure>`);
  await page.waitForFunction(() => document.getElementById('c').classList.contains('flocklab-ready'), null, { timeout: 60000 });
  // Every overlay the scene has, on.
  const overlays = await page.evaluate(() => {
    const h = document.getElementById('c').flocklab;
    for (const k of Object.keys(h.overlays())) h.setOverlay(k, true);
    return Object.entries(h.overlays()).filter(([, on]) => on).map(([k]) => k);
  });
  await page.evaluate(() => {
    window.delays = [];
    document.getElementById('notes').addEventListener('keydown', (e) => window.delays.push(performance.now() - e.timeStamp));
  });
  await page.locator('#notes').focus();
  for (let k = 0; k < keys; k++) {
    await page.keyboard.press('a');
    await page.waitForTimeout(100); // the typist's pace, not a wait for a state
  }
  await page.waitForFunction((n) => window.delays.length >= n, keys);
  const d = await page.evaluate(() => window.delays);
  const sorted = [...d].sort((a, b) => a - b);
  const agentsNow = await page.evaluate(() => document.getElementById('c').flocklab.state().agents.length);
  const webgl = await page.evaluate(() => !!document.createElement('canvas').getContext('webgl'));
  console.log(JSON.stringify({ dpr, webgl, agents: agentsNow, overlays, keys: d.length, delays_ms: d.map((x) => Math.round(x)),
    median_ms: Math.round(sorted[Math.floor(sorted.length / 2)]), max_ms: Math.round(sorted.at(-1)) }));
} finally {
  await env.close();
}
