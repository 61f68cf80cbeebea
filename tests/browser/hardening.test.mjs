// Hardening, round three (issue 42): costs bounded by the input before the
// work starts. Each test waits for the state it checks.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, pageOf, handled } from './helpers.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env?.close(); });

test('a name longer than any setting\'s is refused without a typo search: setParams with a name of 100,000 characters gets one short sentence, a typo of a plausible length still its suggestion (#1)', async () => {
  const page = await pageOf(env, '<figure class="flocklab" id="w" data-paused><canvas width="900" height="540"></canvas></figure>');
  await page.waitForFunction(() => document.querySelector('#w').classList.contains('flocklab-ready'), null, { timeout: 60000 });
  const r = await page.evaluate(() => {
    const long = 'weightSeparation'.repeat(6250); // 100,000 characters, "near" a real name at every length
    const h = document.querySelector('#w').flocklab;
    const errorOf = (f) => { try { f(); return 'none'; } catch (e) { return `${e.name}: ${e.message}`; } };
    return {
      params: errorOf(() => h.setParams({ [long]: 1 })),
      typo: errorOf(() => h.setParams({ weightSeparatoin: 1 })),
      separation: h.params().weight_separation,
    };
  });
  assert.match(r.params, /^TypeError: flocklab: setParams: '(weightSeparation)+weightSeparat\.\.\.': no such setting \(none is longer than 64 characters\); nothing was changed$/);
  assert.ok(r.params.length < 200, `the sentence echoes the whole name: ${r.params.length} characters`);
  // A name of a plausible length still gets its suggestion.
  assert.match(r.typo, /did you mean 'weightSeparation'\?/);
  assert.equal(r.separation, 1.8); // the lab's, unchanged
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('typed panel numbers arrive whole: a click on the seed field then "123" at once is 123 with separation still on, and 23 characters typed at full speed into a slider are all kept (#7)', async () => {
  const page = await pageOf(env, '<figure class="flocklab" id="w" data-paused><canvas width="900" height="540"></canvas></figure>');
  await page.waitForFunction(() => document.querySelector('#w').classList.contains('flocklab-ready'), null, { timeout: 60000 });
  const canvas = page.locator('#w canvas');
  await canvas.focus();
  await page.keyboard.press('t');
  await page.waitForFunction(() => document.querySelector('#w').flocklab.uiMetrics().tuning, null, { timeout: 30000 });
  const m = await page.evaluate(() => document.querySelector('#w').flocklab.uiMetrics());
  const box = await canvas.boundingBox();
  const k = box.width / m.window[0]; // CSS px per window px
  // The seed field: the panel's first control, under its header and its one line of text.
  const seedY = m.panel[1] + m.controlPx + m.linePx + m.controlPx / 2 + 14;
  const seedAt = { x: box.x + (m.panel[0] + 40) * k, y: box.y + seedY * k };
  // Press, release and the three digits, sent one after another with no wait between.
  await page.mouse.click(seedAt.x, seedAt.y);
  await page.keyboard.type('123');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('#w').flocklab.uiMetrics().keysWaiting === 0);
  await handled(page, '#w'); // the typing has ended: the next click is the Reset button's
  // The panel's Reset (the row under the seed) takes the typed seed.
  const resetAt = { x: box.x + (m.panel[0] + 135) * k, y: box.y + (seedY + m.controlPx + 7) * k };
  await page.mouse.click(resetAt.x, resetAt.y);
  await page.waitForFunction(() => document.querySelector('#w').flocklab.seed() !== 7, null, { timeout: 30000 });
  const r = await page.evaluate(() => ({ seed: document.querySelector('#w').flocklab.seed(), rules: document.querySelector('#w').flocklab.rules() }));
  assert.equal(r.seed, 123);
  assert.equal(r.rules.separation, true, 'the "1" went to the scene');
  // Down to the separation slider; Enter; 23 characters at full speed: all of them, in order.
  await page.keyboard.press('ArrowDown'); // from the Play row's Reset: separation
  await page.keyboard.press('Enter');
  await page.keyboard.type('4.000000000000000000001');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('#w').flocklab.uiMetrics().keysWaiting === 0);
  await page.waitForFunction(() => document.querySelector('#w').flocklab.params().weight_separation !== 1.8, null, { timeout: 30000 });
  assert.equal(await page.evaluate(() => document.querySelector('#w').flocklab.params().weight_separation), 4);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('an experiment of more runs than a page makes (979 values x 1000 seeds) is refused before any run, with the count and the CLI command that runs it; no dot is drawn (#2)', async () => {
  const page = await pageOf(env, '<figure class="flocklab" id="e" data-experiment data-scene="steer" data-mode="flee" data-vary="max-force" data-values="0.1:4.99:0.005" data-seeds="0-999" data-seconds="1"></figure>');
  // Its module loads near the viewport; ready is read to be sure.
  await page.evaluate(() => document.querySelector('#e').flocklab.ready.catch(() => {}));
  await page.waitForFunction(() => document.querySelector('#e').flocklabExperiment, null, { timeout: 60000 });
  const err = await page.evaluate(() => document.querySelector('#e').flocklabExperiment.run().then(() => 'ran', (e) => `${e.name}: ${e.message}`));
  assert.match(err, /^TypeError: flocklab: experiment: experiment: 979 values x 1000 seeds are 979000 runs, more than the 1000 a page makes/);
  assert.match(err, /; the CLI runs it: flocklab sweep --scene steer --option mode=flee --vary max_force=0\.1:4\.99:0\.005 --seeds 0-999 --steps 60 --csv$/);
  assert.match(await page.locator('#e .fl-exp-summary').textContent(), /more than the 1000 a page makes/);
  assert.equal(await page.locator('#e circle').count(), 0);
  await page.close();
});

test('a widget mounted into a same-origin iframe is destroyed when the iframe is removed (it stayed live: its element is still connected to the frame\'s dead document)', async () => {
  const page = await pageOf(env, '<iframe id="f" srcdoc="<figure id=&quot;w&quot;><canvas width=&quot;900&quot; height=&quot;540&quot;></canvas></figure>" style="width: 600px; height: 400px"></iframe>');
  await page.waitForFunction(() => window.FlockLab && document.querySelector('#f').contentDocument?.querySelector('#w'));
  const before = await page.evaluate(() => FlockLab.liveInstances());
  await page.evaluate(async () => {
    window.el = document.querySelector('#f').contentDocument.querySelector('#w');
    await FlockLab.mount(window.el, { seed: 7 }).ready;
  });
  assert.equal(await page.evaluate(() => FlockLab.liveInstances()), before + 1);
  await page.evaluate(() => document.querySelector('#f').remove());
  await page.waitForFunction((n) => !window.el.flocklab && FlockLab.liveInstances() === n, before, { timeout: 30000 });
  assert.deepEqual(page.problems, []);
  await page.close();
});
