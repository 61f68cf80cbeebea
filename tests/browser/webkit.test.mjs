// The third engine: WebKit (Safari's, and every iPad browser's), as Debian's
// WebKitGTK MiniBrowser under Xvfb through WebKitWebDriver (webdriver.mjs).
// The checks of the Firefox run and more: every widget of the lesson page
// ready, seed 7 the lab at 10 s, an experiment in Workers, keys on the canvas
// including the keypad's Enter in the Tuning panel, an offline file from
// file:// with its configuration, and Save's file landing in the downloads.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { serve } from '../../web/serve.mjs';
import { assertSleptTwins, root, sleepTwins, thirtyWidgets } from './helpers.mjs';
import { startWebKit } from './webdriver.mjs';

let wk;
let server;
let url;
before(async () => {
  server = await serve(join(root, 'build', 'web'), 0);
  url = `http://127.0.0.1:${server.address().port}/`;
  wk = await startWebKit();
});
after(async () => {
  await wk?.close();
  server?.close();
});

// Errors and rejections from here on, where the test can read them.
const watchErrors = () => {
  window.problems = [];
  window.addEventListener('error', (e) => window.problems.push(String(e.message)));
  window.addEventListener('unhandledrejection', (e) => window.problems.push(String(e.reason)));
};

test('WebKit: the lesson page\'s widgets get ready, seed 7 is the lab at 10 s, an experiment runs, keys reach widgets, the keypad\'s Enter types into Tuning', async () => {
  await wk.goto(url);
  await wk.run(watchErrors);
  await wk.until(() => {
    const els = [...document.querySelectorAll('.flocklab')];
    return els.length > 0 && els.every((e) => (e.flocklab?.ready, e.classList.contains('flocklab-ready')));
  }, null, { timeout: 240000, what: 'every widget ready' });
  const r = await wk.run(async () => {
    const h = document.querySelector('#flock').flocklab;
    const g = await h.runTo(10);
    const ex = await document.querySelector('#measure-overshoot').flocklab.ready;
    const out = await ex.run();
    return { g, runs: out.rows.length, widgets: document.querySelectorAll('.flocklab:not([data-experiment])').length, contexts: window.FlockLab.contextStats() };
  });
  assert.equal(r.g.spacing, 22.550619377904063);
  assert.equal(r.g.order, 0.8828553839737805);
  assert.equal(r.runs, 20);
  assert.equal(r.widgets, 14);
  assert.ok(r.contexts.live <= r.contexts.max, JSON.stringify(r.contexts));
  // A key on the focused canvas: 1 switches separation off.
  await wk.run(() => {
    const h = document.querySelector('#flock').flocklab;
    h.pause();
    h.setRule('separation', true);
    document.querySelector('#flock canvas').scrollIntoView({ block: 'center' });
    document.querySelector('#flock canvas').focus();
  });
  await wk.keys(['1']);
  await wk.until(() => document.querySelector('#flock').flocklab.rules().separation === false, null, { what: 'separation off by 1' });
  // T opens Tuning; down to separation's slider; the keypad's Enter (WebDriver's
  // \uE007), 3, the keypad's Enter: the weight is 3 and "3" never reached the
  // scene (it would switch cohesion off).
  await wk.keys(['t']);
  await wk.until(() => document.querySelector('#flock').flocklab.uiMetrics().tuning === true, null, { what: 'Tuning open' });
  await wk.keys(['\uE015', '\uE015', '\uE015']);
  await wk.until(() => document.querySelector('#flock').flocklab.uiMetrics().keysWaiting === 0, null, { what: 'keys taken' });
  await wk.keys(['\uE007', '3', '\uE007']);
  await wk.until(() => document.querySelector('#flock').flocklab.params().weight_separation === 3, null, { what: 'weight 3 typed' });
  assert.equal(await wk.run(() => document.querySelector('#flock').flocklab.rules().cohesion), true);
  assert.deepEqual(await wk.run(() => window.problems), []);
});

// WebKit keeps 16 contexts, and counts one the page let go until it is
// collected; beyond 16 it drops the one that drew least recently. The second
// run holds every let-go canvas, as if no collection came (a busy machine):
// the widgets' own contexts must still be the newest (contexts.js).
for (const keep of [false, true]) test(`WebKit: 30 widgets on one screen keep at most 12 live WebGL contexts, and the browser drops none${keep ? ', even with no let-go context collected' : ''}`, async () => {
  await wk.goto(`${url}index.html`);
  await wk.run(watchErrors);
  await wk.until(() => typeof window.FlockLab?.mount === 'function', null, { what: 'the shim' });
  await wk.run(thirtyWidgets, keep);
  await wk.until(() => [...document.querySelectorAll('[id^="g"].flocklab')].every((e) => e.classList.contains('flocklab-ready')), null, { timeout: 300000, what: '30 widgets ready' });
  if (keep) {
    // Six parked widgets made live again by hand in one task: each parks
    // another (whose picture is drawn last of all) and makes its context
    // at once, with no frame between: more let-go contexts than WebKit's
    // spare four, all drawn after the live widgets' last frame.
    const clicked = await wk.run(() => {
      const was = window.FlockLab.contextStats();
      for (const b of [...document.querySelectorAll('.flocklab.fl-parked .fl-wake')].slice(0, 6)) b.click();
      const now = window.FlockLab.contextStats();
      return [now.parks - was.parks, now.restores - was.restores];
    });
    assert.deepEqual(clicked, [6, 6], 'six widgets parked and six made live again in one task');
    const frames = await wk.run(() => [...document.querySelectorAll('.flocklab:not(.fl-parked)')].map((e) => [e.id, e.flocklab.uiMetrics().frames]));
    await wk.until((f) => f.every(([id, n]) => document.getElementById(id).classList.contains('fl-parked') || document.getElementById(id).flocklab.uiMetrics().frames >= n + 3), frames, { what: 'three more frames of every live widget' });
  }
  const r = await wk.run(() => ({ stats: window.FlockLab.contextStats(), lost: window.browserLost, failed: document.querySelectorAll('.fl-error').length, kept: window.kept?.length }));
  assert.ok(r.stats.live <= 12 && r.stats.max === 12, JSON.stringify(r.stats));
  assert.ok(r.stats.live > 0, `WebKit draws with WebGL here: ${JSON.stringify(r.stats)}`);
  assert.deepEqual(r.lost, []);
  assert.equal(r.failed, 0);
  if (keep) assert.ok(r.kept >= 4, `the page held ${r.kept} let-go canvases: enough to fill WebKit's 16 with the 12 live`);
  assert.deepEqual(await wk.run(() => window.problems), []);
});

test('WebKit: a widget put to sleep gives up its instance and its Live button brings it back in the same state to the bit', async () => {
  await wk.goto(`${url}index.html`);
  await wk.run(watchErrors);
  await wk.until(() => typeof window.FlockLab?.mount === 'function', null, { what: 'the shim' });
  assertSleptTwins(assert, await wk.run(sleepTwins));
  assert.deepEqual(await wk.run(() => window.problems), []);
});

test('WebKit: an offline file opens from file:// with the configuration in its address, and Save\'s file lands in the downloads', async () => {
  const offline = join(root, 'build', 'dist', 'offline', 'flock.html');
  assert.ok(existsSync(offline), `${offline} (make dist)`);
  await wk.goto(`${pathToFileURL(offline).href}?seed=3&boids=40`);
  await wk.run(watchErrors);
  await wk.until(() => document.querySelector('.flocklab')?.classList.contains('flocklab-ready'), null, { timeout: 120000, what: 'the offline widget ready' });
  const r = await wk.run(async () => {
    const h = document.querySelector('.flocklab').flocklab;
    const file = await h.saveFile();
    return { seed: h.seed(), boids: h.boids(), name: file.name, text: await file.text() };
  });
  assert.equal(r.seed, 3);
  assert.equal(r.boids, 40);
  assert.match(r.text, /data-seed="3"/);
  // WebKitGTK saves a download to $HOME without asking (polled: it is written after the call).
  const landed = await (async () => {
    for (let i = 0; i < 600; i++) {
      const found = readdirSync(wk.home, { recursive: true }).map(String).find((f) => f.endsWith(r.name));
      if (found) return join(wk.home, found);
      await new Promise((res) => { setTimeout(res, 100); });
    }
    return null;
  })();
  assert.ok(landed, `${r.name} in ${wk.home}: ${readdirSync(wk.home, { recursive: true }).join(', ')}`);
  assert.match(readFileSync(landed, 'utf8'), /data-seed="3"/);
  assert.deepEqual(await wk.run(() => window.problems), []);
});
