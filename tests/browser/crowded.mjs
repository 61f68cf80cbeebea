// A crowded machine, on purpose (issue 42): Chromium pages of the whole
// lesson, every widget started and on screen, run beside a command (by
// default `make test` at the project's root) that is run several times.
// Prints each run's exit status, duration and the one-minute load average
// seen during it, and writes the same table to build/crowded/summary.txt.
//
//   node tests/browser/crowded.mjs [--pages 3] [--runs 5] [--dir DIR] [-- command ...]
//
// Each run's output goes to build/crowded/run-K.log. The exit status is 0
// only when every run passed.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { start } from './helpers.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const argv = process.argv.slice(2);
const cut = argv.indexOf('--');
const own = cut < 0 ? argv : argv.slice(0, cut);
const command = cut < 0 ? ['make', 'test'] : argv.slice(cut + 1);
const option = (name, fallback) => {
  const i = own.indexOf(name);
  return i < 0 ? fallback : own[i + 1];
};
const whole = (name, fallback) => {
  const n = Number(option(name, fallback));
  if (!Number.isInteger(n) || n < 1 || n > 50) {
    console.error(`${name} takes a whole number from 1 to 50.`);
    process.exit(2);
  }
  return n;
};
const pages = whole('--pages', 3);
const runs = whole('--runs', 5);
const dir = resolve(option('--dir', root));
const out = join(root, 'build', 'crowded');
mkdirSync(out, { recursive: true });

// The pages: the lesson, tall enough that every widget is on screen (so it
// runs and draws, as far as the page's budget of contexts lets it), and
// every widget asked for its ready.
const env = await start();
const opened = [];
for (let i = 0; i < pages; i++) {
  const p = await env.context.newPage();
  await p.setViewportSize({ width: 1000, height: 24000 });
  await p.goto(env.url, { timeout: 120000 });
  const n = await p.evaluate(() => Promise.all([...document.querySelectorAll('.flocklab')].map((e) => e.flocklab.ready)).then((a) => a.length));
  console.log(`page ${i + 1}: ${n} widgets ready`);
  opened.push(p);
}

// Stopped (Ctrl+C, kill): the run under way goes too, its make, node --test
// and browsers with it (a process group of its own), and so do the pages.
let current = null;
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, async () => {
    if (current) try { process.kill(-current.pid, 'SIGTERM'); } catch { /* it had ended */ }
    await env.close().catch(() => {});
    process.exit(130);
  });
}

const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
const rows = [];
for (let k = 1; k <= runs; k++) {
  const loads = [loadavg()[0]];
  const sampler = setInterval(() => loads.push(loadavg()[0]), 15000);
  const began = Date.now();
  const log = createWriteStream(join(out, `run-${k}.log`));
  const code = await new Promise((done) => {
    const child = spawn(command[0], command.slice(1), { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    current = child;
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.on('close', (c, signal) => { current = null; done(c ?? `signal ${signal}`); });
  });
  log.end();
  clearInterval(sampler);
  // The pages are still alive and running: a crowded machine all along.
  const live = await Promise.all(opened.map((p) => p.evaluate(() => window.FlockLab.instanceStats().live).catch(() => 'closed')));
  const row = {
    run: k,
    exit: code,
    minutes: ((Date.now() - began) / 60000).toFixed(1),
    load: `${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)} (median ${median(loads).toFixed(1)})`,
    live: live.join('/'),
  };
  rows.push(row);
  console.log(JSON.stringify(row));
}
const table = [`${command.join(' ')} in ${dir}, beside ${pages === 1 ? "one Chromium page" : `${pages} Chromium pages`} of the lesson`,
  'run  exit  minutes  load average (1 min)        live instances per page',
  ...rows.map((r) => `${String(r.run).padEnd(5)}${String(r.exit).padEnd(6)}${r.minutes.padEnd(9)}${r.load.padEnd(28)}${r.live}`)].join('\n');
writeFileSync(join(out, 'summary.txt'), `${table}\n`);
console.log(table);
await env.close();
process.exit(rows.every((r) => r.exit === 0) ? 0 : 1);
