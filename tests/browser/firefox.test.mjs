// A second engine: the lesson page in Debian's Firefox ESR, driven over
// WebDriver BiDi by puppeteer-core (toolchain: Playwright's own Firefox needs
// a patched build). A smoke run: every widget ready, seed 7 exact at 10 s,
// an experiment runs in Workers, a key and a click reach widgets, and no
// page error. Headless Firefox has no WebGL here: the widgets draw with the
// software rasteriser.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';
import { serve } from '../../web/serve.mjs';
import { assertSleptTwins, root, sleepTwins, thirtyWidgets } from './helpers.mjs';

let browser;
let server;
let profile;
before(async () => {
  server = await serve(join(root, 'build', 'web'), 0);
  profile = mkdtempSync(join(tmpdir(), 'flocklab-firefox-'));
  browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: process.env.FIREFOX || '/usr/bin/firefox-esr',
    headless: true,
    protocol: 'webDriverBiDi',
    userDataDir: profile,
    extraPrefsFirefox: { 'network.proxy.type': 0, 'browser.shell.checkDefaultBrowser': false },
  });
});
after(async () => {
  await browser?.close();
  server?.close();
  rmSync(profile, { recursive: true, force: true });
});

test('Firefox ESR: the lesson page\'s widgets get ready, seed 7 is the lab at 10 s, an experiment runs, a key and a click reach widgets, no page error', async () => {
  const page = await browser.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  await page.setViewport({ width: 1000, height: 900 });
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  await page.waitForFunction(() => {
    const els = [...document.querySelectorAll('.flocklab')];
    return els.length > 0 && els.every((e) => (e.flocklab?.ready, e.classList.contains('flocklab-ready')));
  }, { timeout: 120000, polling: 100 });
  const r = await page.evaluate(async () => {
    const h = document.querySelector('#flock').flocklab;
    const g = await h.runTo(10);
    const ex = await document.querySelector('#measure-overshoot').flocklab.ready;
    const out = await ex.run();
    return { g, runs: out.rows.length, widgets: document.querySelectorAll('.flocklab:not([data-experiment])').length };
  });
  assert.equal(r.g.spacing, 22.550619377904063);
  assert.equal(r.g.order, 0.8828553839737805);
  assert.equal(r.runs, 20);
  assert.equal(r.widgets, 14);
  // A key on the focused canvas: 1 switches separation off.
  await page.evaluate(() => { const h = document.querySelector('#flock').flocklab; h.setRule('separation', true); document.querySelector('#flock canvas').focus(); });
  await page.keyboard.press('1');
  await page.waitForFunction(() => document.querySelector('#flock').flocklab.rules().separation === false, { timeout: 10000, polling: 50 });
  // A click on the steer canvas moves its target there.
  await page.evaluate(() => { const h = document.querySelector('#steer').flocklab; h.pause(); h.setTarget(100, 100); document.querySelector('#steer canvas').scrollIntoView({ block: 'center' }); });
  const box = await page.evaluate(() => { const b = document.querySelector('#steer canvas').getBoundingClientRect(); return { x: b.x, y: b.y, w: b.width }; });
  const s = box.w / 800;
  await page.mouse.click(box.x + 600 * s, box.y + 300 * s);
  await page.waitForFunction(() => {
    const [x, y] = document.querySelector('#steer').flocklab.target();
    return Math.abs(x - 600) < 2 && Math.abs(y - 300) < 2;
  }, { timeout: 10000, polling: 50 });
  assert.deepEqual(problems, []);
  await page.close();
});

// The lesson page with the shim loaded, its errors collected in `problems`.
async function shimPage(width, height) {
  const page = await browser.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(String(e)));
  await page.setViewport({ width, height });
  await page.goto(`http://127.0.0.1:${server.address().port}/index.html`);
  await page.waitForFunction(() => typeof window.FlockLab?.mount === 'function', { timeout: 60000, polling: 100 });
  return { page, problems };
}

test('Firefox ESR: 30 widgets on one screen all get ready, within the budget of 12 live contexts, none lost by the browser', async () => {
  const { page, problems } = await shimPage(1400, 1000);
  await page.evaluate(thirtyWidgets);
  await page.waitForFunction(() => [...document.querySelectorAll('[id^="g"].flocklab')].every((e) => e.classList.contains('flocklab-ready')), { timeout: 300000, polling: 200 });
  const r = await page.evaluate(() => ({ stats: window.FlockLab.contextStats(), lost: window.browserLost, failed: document.querySelectorAll('.fl-error').length }));
  // Headless Firefox here has no WebGL: the widgets draw with the rasteriser and hold no context.
  assert.ok(r.stats.live <= 12 && r.stats.max === 12, JSON.stringify(r.stats));
  assert.deepEqual(r.lost, []);
  assert.equal(r.failed, 0);
  assert.deepEqual(problems, []);
  await page.close();
});

test('Firefox ESR: a widget put to sleep gives up its instance and its Live button brings it back in the same state to the bit', async () => {
  const { page, problems } = await shimPage(1000, 900);
  assertSleptTwins(assert, await page.evaluate(sleepTwins));
  assert.deepEqual(problems, []);
  await page.close();
});
