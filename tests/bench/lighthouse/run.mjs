// Lighthouse on the lesson page, served by nginx with web/README.md's
// hosting recipe (web/hosting/nginx.conf): the Performance score and the
// metrics it is made of, each load in a fresh Chromium profile. Lighthouse's
// defaults: a phone on slow 4G with its CPU 4x slower, simulated from the
// real load (Lantern). A benchmark, not a test (tests/README records it).
// usage: node run.mjs [runs] [--web DIR] [--before DIR]   (make bench-ready)
//   --web DIR: the folder served (default build/web)
//   --before DIR: an earlier build's folder too, loaded alternately with
//     this one (a before-and-after; the medians of each)
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { nginx } from '../../browser/servers.mjs'; // nginx with web/hosting/nginx.conf in its server block

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const args = process.argv.slice(2);
const runs = Number(args.find((a) => /^\d+$/.test(a)) || 3);
const folder = (flag, fallback) => (args.includes(flag) ? resolve(args[args.indexOf(flag) + 1]) : fallback);
const builds = { after: folder('--web', join(root, 'build/web')), before: folder('--before', null) };

const AUDITS = { tbt_ms: 'total-blocking-time', tti_ms: 'interactive', fcp_ms: 'first-contentful-paint', lcp_ms: 'largest-contentful-paint',
  speed_index_ms: 'speed-index', cls: 'cumulative-layout-shift', main_thread_ms: 'mainthread-work-breakdown', js_ms: 'bootup-time' };
const results = { after: [], before: [] };
for (let r = 0; r < runs * (builds.before ? 2 : 1); r++) {
  const which = builds.before && r % 2 === 1 ? 'before' : 'after';
  const server = await nginx(builds[which]);
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM || '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--enable-unsafe-swiftshader', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const { lhr } = await lighthouse(server.url, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error', output: 'json' });
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const one = { performance: Math.round(lhr.categories.performance.score * 100) };
    for (const [k, id] of Object.entries(AUDITS)) one[k] = Math.round(lhr.audits[id].numericValue * (k === 'cls' ? 1000 : 1)) / (k === 'cls' ? 1000 : 1);
    results[which].push(one);
    console.error(`${which} ${r}: ${JSON.stringify(one)}`);
  } finally {
    await chrome.kill();
    await server.close();
  }
}
const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
const medians = (list) => Object.fromEntries(Object.keys(list[0]).map((k) => [k, median(list.map((o) => o[k]))]));
console.log(JSON.stringify({ lighthouse: '12.2.3', runs, served_by: 'nginx with web/hosting/nginx.conf', web: builds.after, median: medians(results.after), each: results.after,
  ...(builds.before ? { before: { web: builds.before, median: medians(results.before), each: results.before } } : {}) }));
