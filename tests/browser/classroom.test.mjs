// Browser tests of the widget in a real class: scrolling with the wheel and
// with swipes, touch gestures, the tuning panel keeping its taps, reduced
// motion, pause controls, bounded calls and the embed contract's edges.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { start, startLesson, canvasOf, onWidget, until, whenWidget, handled, shownWidget, root, withPixels, pixelStats, drawnStats, swipe, pageOf, asIfHardwareGL, scrollToCanvas, mainThreadTasks, scrollSettled, httpGet } from './helpers.mjs';

let env;
let page;
before(async () => { ({ env, page } = await startLesson()); });
after(async () => { await env.close(); });

const scrollY = (p) => p.evaluate(() => window.scrollY);

test('the mouse wheel over a canvas scrolls the page', async () => {
  const { box } = await canvasOf(page, '#flock');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const y0 = await scrollY(page);
  await page.mouse.wheel(0, 300);
  await page.waitForFunction((y) => window.scrollY > y + 100, y0, { timeout: 30000 });
});

test('a swipe on a canvas scrolls the page; a drag that starts on the target carries it', async () => {
  await onWidget(page, '#steer', (h) => { h.pause(); h.reset(); h.setMode('seek'); h.setTarget(600, 300); });
  const { box } = await canvasOf(page, '#steer');
  await page.evaluate((top) => window.scrollTo(0, top), await page.evaluate(() => window.scrollY + document.querySelector('#steer canvas').getBoundingClientRect().top - 200));
  const b = await page.locator('#steer canvas').boundingBox();
  const s = b.width / 800;
  const y0 = await scrollY(page);
  // Up the left of the canvas, away from the target: the page scrolls, the target stays.
  await swipe(page, { x: b.x + 100 * s, y: b.y + 380 * s }, { x: b.x + 100 * s, y: b.y + 80 * s });
  await page.waitForFunction((y) => Math.abs(window.scrollY - y) > 50, y0, { timeout: 30000 });
  assert.deepEqual(await onWidget(page, '#steer', (h) => h.target()), [600, 300]);
  // From the target: the target follows the finger and the page stays put.
  // (Where the canvas is once the first swipe's fling has ended: read while
  // the page still moved, it was off by the scroll still to come.)
  await scrollSettled(page);
  const c = await page.locator('#steer canvas').boundingBox();
  const y1 = await scrollY(page);
  await swipe(page, { x: c.x + 600 * s, y: c.y + 300 * s }, { x: c.x + 400 * s, y: c.y + 150 * s });
  await whenWidget(page, '#steer', (h) => Math.abs(h.target()[0] - 400) < 12 && Math.abs(h.target()[1] - 150) < 12).catch(() => {});
  const t = await onWidget(page, '#steer', (h) => h.target());
  assert.ok(Math.abs(t[0] - 400) < 12 && Math.abs(t[1] - 150) < 12, `target dragged to ${t}`);
  assert.equal(await scrollY(page), y1);
  // A tap elsewhere places it.
  await page.touchscreen.tap(c.x + 200 * s, c.y + 350 * s);
  await whenWidget(page, '#steer', (h) => Math.abs(h.target()[0] - 200) < 4 && Math.abs(h.target()[1] - 350) < 4).catch(() => {});
  const tapped = await onWidget(page, '#steer', (h) => h.target());
  assert.ok(Math.abs(tapped[0] - 200) < 4 && Math.abs(tapped[1] - 350) < 4, `tap placed it at ${tapped}`);
});

test('a tap or click on the Tuning header opens the panel and never moves the target under it', async () => {
  await onWidget(page, '#steer', (h) => { h.pause(); h.reset(); h.setMode('seek'); h.setTarget(300, 300); });
  const { box } = await canvasOf(page, '#steer');
  const s = box.width / 800;
  const header = { x: box.x + box.width - 40 * s, y: box.y + 26 * s };
  await page.touchscreen.tap(header.x, header.y);
  await whenWidget(page, '#steer', (h) => h.uiMetrics().tuning);
  await handled(page, '#steer');
  assert.deepEqual(await onWidget(page, '#steer', (h) => h.target()), [300, 300]);
  await page.mouse.click(header.x, header.y); // closes it again
  await whenWidget(page, '#steer', (h) => !h.uiMetrics().tuning);
  await handled(page, '#steer');
  assert.deepEqual(await onWidget(page, '#steer', (h) => h.target()), [300, 300]);
  await page.mouse.move(1, 1);
});

test('the tuning panel takes typed text: a seed typed into its field is the one its Reset uses', async () => {
  await onWidget(page, '#flock', (h) => { h.pause(); h.reset(7); });
  const { box } = await canvasOf(page, '#flock');
  const s = box.width / 900;
  const at = (x, y) => [box.x + x * s, box.y + y * s];
  await page.mouse.click(...at(860, 26)); // the Tuning header
  await whenWidget(page, '#flock', (h) => h.uiMetrics().tuning);
  await handled(page, '#flock'); // the panel laid out
  await page.mouse.click(...at(560, 78)); // the seed field
  await handled(page, '#flock'); // the field took the click (press, then release)
  await page.keyboard.press('Control+A');
  await page.keyboard.type('42', { delay: 50 });
  await page.keyboard.press('Enter');
  await whenWidget(page, '#flock', (h) => h.uiMetrics().keysWaiting === 0);
  await handled(page, '#flock');
  assert.equal(await onWidget(page, '#flock', (h) => h.seed()), 7); // typing alone does not reset
  await page.mouse.click(...at(629, 107)); // the panel's Reset
  await whenWidget(page, '#flock', (h) => h.seed() === 42).catch(() => {});
  assert.equal(await onWidget(page, '#flock', (h) => h.seed()), 42);
  await page.mouse.click(...at(560, 78)); // the seed field again: typing ...
  await handled(page, '#flock');
  await page.mouse.click(...at(860, 26)); // ... when the header closes the panel
  await whenWidget(page, '#flock', (h) => !h.uiMetrics().tuning);
  // The keys are the scene's again: 1 switches separation off.
  const before = await onWidget(page, '#flock', (h) => h.rules().separation);
  await page.keyboard.press('1');
  await whenWidget(page, '#flock', (h, was) => h.rules().separation !== was, before).catch(() => {});
  assert.equal(await onWidget(page, '#flock', (h) => h.rules().separation), !before, 'a key after the panel closed mid-typing reaches the scene');
  await page.keyboard.press('1');
  await whenWidget(page, '#flock', (h, was) => h.rules().separation === was, before);
  await onWidget(page, '#flock', (h) => h.reset(7));
  await page.mouse.move(1, 1);
});

test('every widget has a pause control, and a paused widget shows a play button', async () => {
  const r = await page.evaluate(() => [...document.querySelectorAll('.flocklab:not([data-experiment])')].map((el) => ({
    id: el.id, pause: el.querySelectorAll('[data-action="pause"]').length,
  })));
  for (const w of r) assert.ok(w.pause >= 1, `${w.id} has no pause control`);
  await onWidget(page, '#steer', (h) => h.pause());
  await page.waitForFunction(() => !document.querySelector('#steer .fl-play').hidden);
  await page.locator('#steer .fl-play').click();
  assert.equal(await onWidget(page, '#steer', (h) => h.paused()), false);
  await page.waitForFunction(() => document.querySelector('#steer .fl-play').hidden);
});

test('prefers-reduced-motion: reduce starts every widget paused, with a visible play button', async () => {
  const ctx = await env.context.browser()?.newContext?.({ reducedMotion: 'reduce' });
  const p = ctx ? await ctx.newPage() : await env.context.newPage();
  if (!ctx) await p.emulateMedia({ reducedMotion: 'reduce' });
  await p.goto(env.url);
  await p.waitForFunction(() => [...document.querySelectorAll('.flocklab:not([data-experiment])')].every((e) => (e.flocklab?.ready, e.classList.contains('flocklab-ready'))), null, { timeout: 60000 });
  await handled(p, await shownWidget(p), 30); // half a second of frames: none starts
  const r = await p.evaluate(async () => {
    return [...document.querySelectorAll('.flocklab:not([data-experiment])')].map((el) => ({
      id: el.id, paused: el.flocklab.paused(), time: el.flocklab.gauges().time, play: !el.querySelector('.fl-play').hidden,
    }));
  });
  for (const w of r) {
    assert.ok(w.paused && w.time === 0 && w.play, `${w.id}: ${JSON.stringify(w)}`);
  }
  await p.locator('#flock .fl-play').click();
  await p.waitForFunction(() => document.querySelector('#flock').flocklab.gauges().time > 0.2);
  await p.close();
  if (ctx) await ctx.close();
});

test('data-paused means paused for "", "paused", "1" and "true"; not for "false" or "0"', async () => {
  const r = await page.evaluate(async () => {
    const out = {};
    for (const v of ['', 'paused', '1', 'true', 'false', '0']) {
      const el = document.createElement('figure');
      el.className = 'flocklab';
      el.dataset.scene = 'steer';
      el.dataset.paused = v;
      el.innerHTML = '<canvas width="800" height="450"></canvas>';
      document.body.append(el);
      const h = window.FlockLab.mount(el);
      await h.ready;
      out[v] = h.paused();
      el.remove();
    }
    return out;
  });
  assert.deepEqual(r, { '': true, paused: true, 1: true, true: true, false: false, 0: false });
});

test('embed contract: events bubble, nested widgets are refused, bad values are named', async () => {
  const r = await page.evaluate(async () => {
    document.querySelector('#flock').scrollIntoView(); // a running widget on screen
    let bubbled = 0;
    const listen = () => { bubbled++; };
    document.addEventListener('flocklab:gauges', listen);
    for (const end = performance.now() + 30000; bubbled < 2 && performance.now() < end;) await new Promise((res) => { setTimeout(res, 20); });
    document.removeEventListener('flocklab:gauges', listen);
    const outer = document.createElement('figure');
    outer.className = 'flocklab';
    outer.dataset.paused = '';
    outer.dataset.boids = '0x20';
    outer.innerHTML = '<canvas width="900" height="540"></canvas><button data-rule="separation">S</button>'
      + '<figure class="flocklab" data-scene="steer"><canvas width="800" height="450"></canvas><button data-rule="separation">inner</button></figure>';
    document.body.append(outer);
    const [h, ...rest] = window.FlockLab.mountAll(outer.parentElement).filter((x) => x.element === outer || outer.contains(x.element));
    await h.ready;
    const inner = outer.querySelector('figure');
    const innerButton = inner.querySelector('button');
    const flockOnSteer = (() => { try { document.querySelector('#flock').flocklab.setTarget(1, 2); return 'no error'; } catch (e) { return `${e.name}: ${e.message}`; } })();
    const benchNull = (() => { try { document.querySelector('#scaling').flocklab.benchmark(null); return 'no error'; } catch (e) { return `${e.name}: ${e.message}`; } })();
    const out = { bubbled, boids: h.boids(), innerMounted: !!inner.flocklab, rest: rest.length,
      innerPressed: innerButton.getAttribute('aria-pressed'), outerCanvas: outer.querySelector(':scope > canvas') === h.element.querySelector('canvas'),
      flockOnSteer, benchNull };
    outer.remove();
    return out;
  });
  assert.ok(r.bubbled >= 2, `flocklab:gauges reached the document ${r.bubbled} times`);
  assert.equal(r.boids, 60, 'data-boids="0x20" is not read as 32');
  assert.ok(page.warnings.some((w) => /data-boids="0x20": boids: expected a whole number/.test(w)), page.warnings.join('\n'));
  assert.equal(r.innerMounted, false);
  assert.equal(r.innerPressed, null, 'the outer widget did not bind the inner rule button');
  assert.ok(page.warnings.some((w) => /inside another one is not mounted/.test(w)));
  assert.match(r.flockOnSteer, /^TypeError: flocklab: setTarget\(\) is for steer widgets; this one is a flock widget$/);
  assert.match(r.benchNull, /^TypeError: flocklab: benchmark\(\) takes an object/);
});

test('step() stops after about 250 ms of work; benchmark() warms up in slices and times at most 250 ms', async () => {
  // The benchmark's tasks are judged by the main thread's CPU time
  // (helpers.mjs, mainThreadTasks), which a busy machine does not stretch.
  const { result: r, tasks } = await mainThreadTasks(page, () => onWidget(page, '#scaling', async (h) => {
    h.pause();
    h.setNeighbors('brute');
    h.setBoids(5000);
    const ran = h.step(1e12);
    const t0 = performance.now();
    const ms = await h.benchmark({ boids: 5000, neighbors: 'brute', steps: 1e9, warmup: 300 });
    const benchMs = performance.now() - t0;
    h.setBoids(500);
    h.setNeighbors('grid');
    return { ran, ms, benchMs };
  }));
  // What step() returned: it stopped early. That neither step(1e12) nor
  // benchmark()'s call held the page is judged below by the CPU time of
  // the main thread's tasks, not by the wall clock a busy machine stretches.
  assert.ok(r.ran >= 1 && r.ran < 600, `ran ${r.ran} steps`);
  assert.ok(r.ms > 0, `${r.ms} ms/step`);
  // 300 warm-up steps of 5000 boids take seconds, in slices: no task near that long
  // (step(1e12) itself is one task of about 250 ms, the call's cap).
  assert.ok(r.benchMs > 1000, `the whole benchmark took ${r.benchMs} ms`);
  const longest = Math.max(...tasks.map((t) => t.cpu));
  assert.ok(longest < 600, `a main-thread task took ${longest.toFixed(0)} ms of CPU`);
  assert.ok(page.warnings.some((w) => /step\(1000000000000\) ran \d+ of 1000000000000 steps/.test(w)), page.warnings.join('\n'));
  assert.ok(page.warnings.some((w) => /benchmark: timed \d+ of \d+ steps/.test(w)), page.warnings.join('\n'));
});

test('failures name their cause and fix: a page opened from a file, no WebAssembly, a lost WebGL context', async () => {
  // From a file: browsers refuse the module script, so the stylesheet says it.
  const fromFile = await env.context.newPage();
  await fromFile.goto(`file://${join(root, 'build', 'web', 'index.html')}`);
  // The stylesheet shows it once the module has had a few seconds to mount.
  await fromFile.waitForFunction(() => getComputedStyle(document.querySelector('#flock'), '::after').visibility === 'visible', null, { timeout: 30000 }).catch(() => {});
  const fileMessage = await fromFile.evaluate(() => {
    const el = document.querySelector('#flock');
    const after = getComputedStyle(el, '::after');
    return { content: after.content, visible: after.visibility };
  });
  assert.equal(fileMessage.visible, 'visible');
  assert.match(fileMessage.content, /opened this page from a file, serve its folder over http/);
  await fromFile.close();
  // No WebAssembly (switched off by a policy, say).
  const noWasm = await env.context.newPage();
  await noWasm.addInitScript(() => { delete window.WebAssembly; });
  await noWasm.goto(env.url);
  await noWasm.waitForFunction(() => document.querySelectorAll('.flocklab .fl-error').length === document.querySelectorAll('.flocklab:not([data-experiment])').length);
  assert.match(await noWasm.locator('#flock .fl-error').textContent(), /runs no WebAssembly .*Use a current Chrome, Edge, Firefox or Safari/);
  await noWasm.close();
  // A lost context is made again: a fresh canvas, drawn on, no failure.
  await scrollToCanvas(page, '#leader');
  const before = await page.evaluate(() => {
    const c = document.querySelector('#leader canvas');
    const gl = c.getContext('webgl2') || c.getContext('webgl');
    gl.getExtension('WEBGL_lose_context').loseContext();
    return c;
  });
  await page.waitForFunction((old) => document.querySelector('#leader canvas') !== old, before);
  const drawn = await drawnStats(page, '#leader canvas', [15, 23, 42], [125, 211, 252], 101);
  assert.ok(drawn.matching > 100, `the new canvas draws boids: ${drawn.matching}`);
  assert.equal(await page.locator('#leader .fl-error').count(), 0);
  assert.ok(page.warnings.some((w) => /WebGL context was lost; the widget made a new one/.test(w)));
});

// Replaces the page with n flock widgets (ids PREFIX0...), each seeded by its
// number, styled as given, with `extra` HTML after the canvas; waits until all run.
const manyWidgets = (p, n, prefix, style, extra, bodyStyle = {}) => p.evaluate(async ({ n, prefix, style, extra, bodyStyle }) => {
  document.body.replaceChildren();
  Object.assign(document.body.style, bodyStyle);
  const made = [];
  for (let i = 0; i < n; i++) {
    const el = document.createElement('figure');
    el.className = 'flocklab';
    el.id = `${prefix}${i}`;
    el.dataset.seed = String(i);
    el.innerHTML = `<canvas width="900" height="540"></canvas>${extra}`;
    Object.assign(el.style, style);
    document.body.append(el);
    made.push(window.FlockLab.mount(el).ready);
  }
  await Promise.all(made);
}, { n, prefix, style, extra, bodyStyle });

test('a page with 24 widgets shows each one correctly when scrolled into view, down and back up', async () => {
  const p = await env.context.newPage();
  p.problems = [];
  let remade = 0;
  p.on('pageerror', (e) => p.problems.push(String(e)));
  p.on('console', (m) => { if (/the widget made a new one/.test(m.text())) remade++; });
  await p.goto(`${env.url}index.html`);
  await manyWidgets(p, 24, 'w', { marginBottom: '400px' }, '<button type="button" data-action="pause">Pause</button>');
  const order = [...Array(24).keys()];
  for (const i of [...order, ...order.reverse()]) {
    await scrollToCanvas(p, `#w${i}`);
    await p.waitForFunction((k) => document.querySelector(`#w${k}`).flocklab.visible(), i);
    const s = await drawnStats(p, `#w${i} canvas`, [15, 23, 42], [125, 211, 252], 101);
    assert.ok(s.matching > 100, `widget ${i}: ${s.matching} boid-coloured pixels`);
    assert.equal(await p.locator(`#w${i} .fl-error`).count(), 0, `widget ${i} reports a failure`);
  }
  assert.deepEqual(p.problems, []);
  // The widgets share at most 12 contexts: the browser never had to drop one.
  const stats = await p.evaluate(() => window.FlockLab.contextStats());
  assert.ok(stats.live <= stats.max && stats.max === 12, JSON.stringify(stats));
  assert.ok(stats.parks >= 12, `widgets gave their context to others: ${JSON.stringify(stats)}`);
  assert.equal(remade, 0, 'no context was lost by the browser');
  await p.close();
});

test('20 widgets on screen at once settle: at most 12 live, the others show their last frame and a Live button', async () => {
  const p = await env.context.newPage();
  p.problems = [];
  p.on('pageerror', (e) => p.problems.push(String(e)));
  await p.setViewportSize({ width: 1400, height: 1000 });
  await p.goto(`${env.url}index.html`);
  await manyWidgets(p, 20, 'g', { margin: '2px' }, '', { display: 'grid', gridTemplateColumns: 'repeat(5, 1fr)' });
  // Settled: every widget ready, at most 12 of them live.
  await p.waitForFunction(() => [...document.querySelectorAll('[id^="g"].flocklab')].every((e) => (e.flocklab?.ready, e.classList.contains('flocklab-ready')))
    && window.FlockLab.contextStats().live <= 12, null, { timeout: 60000 });
  const settled = await p.evaluate(() => window.FlockLab.contextStats());
  await p.waitForTimeout(10000); // an observation window, not a wait for a state: no widget takes a context back and forth in it
  const later = await p.evaluate(() => ({ ...window.FlockLab.contextStats(), wake: document.querySelectorAll('.fl-wake:not([hidden])').length }));
  assert.ok(later.live <= 12, JSON.stringify(later));
  assert.ok(later.restores - settled.restores < 3, `restores in 10 s after load: ${later.restores - settled.restores}`);
  assert.equal(later.wake, 20 - later.live, 'every parked widget offers to go live');
  // Every live widget draws: its frame count moves on (waited for; how fast is a benchmark's question).
  const framesNow = () => p.evaluate(() => Object.fromEntries([...document.querySelectorAll('[id^="g"].flocklab:not(.fl-parked)')]
    .map((e) => [e.id, e.flocklab.uiMetrics().frames])));
  const before = await framesNow();
  assert.equal(Object.keys(before).length, later.live, JSON.stringify(before));
  await p.waitForFunction((was) => Object.entries(was).every(([id, n]) => document.querySelector(`#${id}`).flocklab.uiMetrics().frames >= n + 3), before, { timeout: 60000 });
  // Live by hand: the least recently used widget gives its context up.
  const parkedId = await p.evaluate(() => document.querySelector('.fl-parked').id);
  await p.locator(`#${parkedId} .fl-wake`).click();
  await p.waitForFunction((id) => !document.querySelector(`#${id}`).classList.contains('fl-parked'), parkedId);
  const s = await drawnStats(p, `#${parkedId} canvas`, [15, 23, 42], [125, 211, 252], 21);
  assert.ok(s.matching > 20, `the widget made live draws: ${s.matching}`);
  assert.ok((await p.evaluate(() => window.FlockLab.contextStats())).live <= 12);
  assert.deepEqual(p.problems, []);
  await p.close();
});

test('off-screen widgets neither run nor draw; on screen they run again', async () => {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForFunction(() => !document.querySelector('#pursuit').flocklab.visible());
  const away = await onWidget(page, '#pursuit', (h) => { h.resume(); return h.gauges().time; });
  // Half a second of the page's frames: a widget on screen runs 30 of them.
  const shown = await page.evaluate(() => `#${[...document.querySelectorAll('.flocklab:not([data-experiment])')].find((e) => e.flocklab.visible()).id}`);
  await handled(page, shown, 30);
  assert.equal(await onWidget(page, '#pursuit', (h) => h.gauges().time), away, 'an off-screen widget stands still');
  await scrollToCanvas(page, '#pursuit');
  await page.waitForFunction(() => document.querySelector('#pursuit').flocklab.visible());
  await page.waitForFunction((t) => document.querySelector('#pursuit').flocklab.gauges().time > t + 0.2, away);
});

test('destroy() and removing the element stop the widget for good', async () => {
  const r = await page.evaluate(async () => {
    const make = () => {
      const el = document.createElement('figure');
      el.className = 'flocklab';
      el.dataset.scene = 'steer';
      el.innerHTML = '<canvas width="800" height="450"></canvas><button type="button" data-action="pause">Pause</button>';
      document.body.prepend(el); // on screen
      return window.FlockLab.mount(el);
    };
    const count = (el) => { let n = 0; el.addEventListener('flocklab:gauges', () => { n++; }); return () => n; };
    const a = make();
    const b = make();
    await Promise.all([a.ready, b.ready]);
    const na = count(a.element);
    const nb = count(b.element);
    const bEl = b.element;
    a.destroy();
    bEl.remove();
    // Half a second of frames of a widget still on screen: neither sends any.
    const other = [...document.querySelectorAll('.flocklab:not([data-experiment])')].find((e) => e.flocklab?.visible?.());
    const f0 = other.flocklab.uiMetrics().frames;
    for (const end = performance.now() + 30000; other.flocklab.uiMetrics().frames < f0 + 30 && performance.now() < end;) {
      await new Promise((res) => { setTimeout(res, 20); });
    }
    const out = { a: na(), b: nb(), aDestroyed: a.destroyed(), bDestroyed: b.destroyed(), aHandle: 'flocklab' in a.element,
      aClass: a.element.className };
    a.element.remove();
    return out;
  });
  assert.equal(r.a, 0, 'no gauge events after destroy()');
  assert.equal(r.b, 0, 'no gauge events after the element was removed');
  assert.ok(r.aDestroyed && r.bDestroyed);
  assert.equal(r.aHandle, false);
  assert.doesNotMatch(r.aClass, /flocklab-ready/);
});

test('the lesson server answers a malformed path with 400 and keeps serving', async () => {
  const bad = await fetch(`${env.url}%E0%A4%A`);
  assert.equal(bad.status, 400);
  const good = await fetch(env.url);
  assert.equal(good.status, 200);
});

test('the lesson server compresses what the browser accepts (issue 31: loading that shows): the wasm, the scripts and the page arrive gzip- or brotli-encoded, the build\'s precompressed brotli as it is, and the file as it is to a client that accepts neither', async () => {
  const p = await env.context.newPage();
  const encodings = {};
  p.on('response', async (r) => { encodings[new URL(r.url()).pathname] = (await r.allHeaders())['content-encoding'] ?? null; });
  await p.goto(env.url);
  await p.waitForFunction(() => (document.querySelector('#flock').flocklab?.ready, document.querySelector('#flock').classList.contains('flocklab-ready')), null, { timeout: 60000 });
  for (const f of ['/', '/flocklab.js', '/flocklab-core.js', '/flocklab-core.wasm', '/flocklab.css']) assert.match(String(encodings[f]), /^(gzip|br)$/, `${f}: ${encodings[f]}`);
  // A client that accepts no encoding gets the file as it is; one that
  // accepts brotli, the build's precompressed file (brotli at quality 11,
  // `make web`) byte for byte; one that accepts only gzip, the file gzipped.
  const fetched = (encoding) => httpGet(`${env.url}flocklab-core.wasm`, encoding).then((r) => ({ encoding: r.headers['content-encoding'] ?? null, body: r.body }));
  const wasm = join(root, 'build', 'web', 'flocklab-core.wasm');
  const plain = await fetched('identity');
  assert.equal(plain.encoding, null);
  assert.ok(plain.body.equals(readFileSync(wasm)));
  const br = await fetched('gzip, deflate, br');
  assert.equal(br.encoding, 'br');
  assert.ok(br.body.equals(readFileSync(`${wasm}.br`)), `${wasm}.br as it is (${br.body.length} bytes sent)`);
  const gz = await fetched('gzip');
  assert.equal(gz.encoding, 'gzip');
  assert.ok(gunzipSync(gz.body).equals(readFileSync(wasm)));
  await p.close();
});

test('a wide canvas at DPR 3 with a GPU: the backing store is capped at 2560 px on its long side, uiMetrics() says what it is, and the frame fills it as laid out', async () => {
  const wide = await start({ deviceScaleFactor: 3 });
  try {
    // One widget on a page of its own (the whole lesson at DPR 3 is slow to load in software GL).
    const p = await pageOf(wide, '<figure class="flocklab" id="flock" data-paused><canvas width="900" height="540"></canvas></figure>', { init: asIfHardwareGL });
    await p.setViewportSize({ width: 1280, height: 800 });
    await p.waitForFunction(() => (document.querySelector('#flock')?.flocklab?.ready, document.querySelector('#flock')?.classList.contains('flocklab-ready')), null, { timeout: 60000 });
    await scrollToCanvas(p, '#flock');
    // The backing store follows the displayed size on the widget's next frame: wait for it.
    await p.waitForFunction(() => {
      const c = document.querySelector('#flock canvas');
      const m = document.querySelector('#flock').flocklab.uiMetrics();
      return c.width === m.backing[0] && c.height === m.backing[1] && Math.max(c.width, c.height) > 1000;
    }, null, { timeout: 30000 });
    const m = await p.evaluate(() => ({ ...document.querySelector('#flock').flocklab.uiMetrics(),
      css: document.querySelector('#flock canvas').getBoundingClientRect().width,
      attr: [document.querySelector('#flock canvas').width, document.querySelector('#flock canvas').height] }));
    assert.equal(m.software, false);
    assert.ok(m.css * 3 > 2560, `the canvas is wide enough to be capped (${m.css} CSS px)`);
    assert.deepEqual(m.backing, m.attr);
    assert.equal(Math.max(...m.backing), 2560);
    // The frame fills the capped backing store as laid out: the HUD's text and
    // the Tuning header's are where uiMetrics() puts them. (A WebGL viewport
    // sized for the uncapped store drew the frame 1.4 times too big, its top
    // 200 CSS px cut off: no HUD, no header.)
    const brightIn = (px, w, h, r, css) => { // white text pixels inside r (CSS px of the canvas)
      const s = w / css;
      let n = 0;
      for (let y = Math.round(r[1] * s); y < Math.round(r[3] * s); y++) {
        for (let x = Math.round(r[0] * s); x < Math.round(r[2] * s); x++) {
          const i = 4 * (y * w + x);
          if (px[i] > 200 && px[i + 1] > 200 && px[i + 2] > 200) n++;
        }
      }
      return n;
    };
    // Polled: the frame at the new size is drawn on the widget's next frame.
    let hud = 0;
    let header = 0;
    for (const end = Date.now() + 30000; (hud <= 300 || header <= 100) && Date.now() < end;) {
      const png = await p.locator('#flock canvas').screenshot();
      hud = await withPixels(p, png, brightIn, m.hud, m.css);
      header = await withPixels(p, png, brightIn, m.panel, m.css);
    }
    assert.ok(hud > 300 && header > 100, `white text pixels: HUD ${hud}, Tuning header ${header} (HUD ${m.hud}, panel ${m.panel})`);
    await p.close();
  } finally {
    await wide.close();
  }
});

test('on a 390x844 phone (DPR 3) the HUD and panel text is 12+ CSS px, controls 24+ px, the backing store follows the display (a phone\'s GPU)', async () => {
  const phone = await start({ deviceScaleFactor: 3 });
  await phone.context.addInitScript(asIfHardwareGL);
  const p = await phone.context.newPage();
  await p.setViewportSize({ width: 390, height: 844 });
  await p.goto(phone.url);
  await p.waitForFunction(() => [...document.querySelectorAll('.flocklab:not([data-experiment])')].every((e) => (e.flocklab?.ready, e.classList.contains('flocklab-ready'))), null, { timeout: 60000 });
  await scrollToCanvas(p, '#flock');
  await p.evaluate(() => document.querySelector('#flock').flocklab.pause());
  // The backing store has followed the displayed size, and a frame is drawn at it.
  await p.waitForFunction(() => {
    const el = document.querySelector('#flock');
    const c = el.querySelector('canvas');
    const m = el.flocklab.uiMetrics();
    return m.window[0] === Math.round(c.getBoundingClientRect().width) && m.backing[0] === c.width;
  }, null, { timeout: 30000 });
  await handled(p, '#flock');
  const m = await p.evaluate(() => ({ ...document.querySelector('#flock').flocklab.uiMetrics(),
    css: document.querySelector('#flock canvas').getBoundingClientRect().width, dpr: devicePixelRatio,
    attr: [document.querySelector('#flock canvas').width, document.querySelector('#flock canvas').height] }));
  assert.ok(m.textPx >= 12 && m.controlPx >= 24, JSON.stringify(m));
  assert.equal(m.window[0], Math.round(m.css));
  assert.deepEqual(m.attr, m.backing);
  assert.equal(m.software, false);
  assert.ok(Math.abs(m.backing[0] - m.css * m.dpr) <= 2, `backing ${m.backing} for ${m.css} CSS px at DPR ${m.dpr}`);
  // Measured on the screen: the HUD's text rows (light pixels on the dark
  // HUD, inside the rectangle uiMetrics() gives it, wherever it was placed),
  // as CSS px. The first row's band and the pitch between rows.
  const rows = await withPixels(p, await p.locator('#flock canvas').screenshot(), (px, w, h, hud, css) => {
    const s = w / css;
    const lit = [];
    for (let y = 0; y < h; y++) {
      let n = 0;
      if (y < hud[1] * s || y >= hud[3] * s) {
        lit.push(false);
        continue;
      }
      for (let x = Math.round(hud[0] * s); x < Math.round(hud[2] * s); x++) {
        const i = (y * w + x) * 4;
        if (px[i] + px[i + 1] + px[i + 2] > 420) n++;
      }
      lit.push(n > 2);
    }
    const bands = [];
    for (let y = 0; y < lit.length; y++) {
      if (lit[y] && (y === 0 || !lit[y - 1])) bands.push([y, y]);
      if (lit[y]) bands[bands.length - 1][1] = y;
    }
    return { bands, scale: w };
  }, m.hud, m.css);
  const perCss = rows.scale / m.css; // screenshot pixels per CSS px
  const text = rows.bands.filter(([a, b]) => (b - a + 1) / perCss >= 4);
  assert.ok(text.length >= 2, `text rows found: ${JSON.stringify(rows.bands)}`);
  const pitch = (text[1][0] - text[0][0]) / perCss;
  const glyph = (text[1][1] - text[1][0] + 1) / perCss;
  assert.ok(pitch >= 12, `HUD line pitch ${pitch.toFixed(1)} CSS px`);
  assert.ok(glyph >= 7, `HUD glyph height ${glyph.toFixed(1)} CSS px`);
  // The tuning panel opens inside the canvas and scrolls within it.
  const box = await p.locator('#flock canvas').boundingBox();
  await p.touchscreen.tap(box.x + box.width - 30, box.y + 20);
  await whenWidget(p, '#flock', (h) => h.uiMetrics().tuning);
  await handled(p, '#flock'); // laid out
  const open = await p.evaluate(() => document.querySelector('#flock').flocklab.uiMetrics());
  assert.ok(open.panel[0] >= 0 && open.panel[1] >= 0 && open.panel[2] <= open.window[0] && open.panel[3] <= open.window[1],
    `panel ${open.panel} inside ${open.window}`);
  assert.ok(open.panel[3] - open.panel[1] > 100, 'the panel opened');
  assert.equal(m.dpr, 3);
  await phone.close();
});

test('12 widgets (four of 3000 boids), two on screen: while a student types, only the widgets on screen run, and every key arrives', async () => {
  // What keeps typing free beside a classroom's page: widgets off screen run
  // no frames at all, and a widget on screen steps at most kFrameBudgetMs a
  // frame (a big flock slows down instead). How long keys then wait is the
  // machine's to say: `make bench-typing` measures it (tests/README). This
  // test once asserted at most 50 ms of the widgets' work in any long frame;
  // with both cores busy with other work that wall-clock figure was 51-56 ms,
  // so it moved to the benchmark and the test checks what cannot race.
  const p = await env.context.newPage();
  await p.goto(`${env.url}index.html`);
  await p.evaluate(async () => {
    document.body.replaceChildren();
    const input = document.createElement('input');
    input.id = 'notes';
    input.setAttribute('aria-label', 'notes');
    input.style.cssText = 'position: fixed; top: 0; left: 0; z-index: 1'; // in view: typing scrolls nothing
    document.body.append(input);
    const made = [];
    for (let i = 0; i < 12; i++) {
      const el = document.createElement('figure');
      el.className = 'flocklab';
      el.id = `w${i}`;
      if (i % 3 === 0) el.dataset.boids = '3000';
      el.innerHTML = '<canvas width="900" height="540"></canvas>';
      document.body.append(el);
      made.push(window.FlockLab.mount(el).ready);
    }
    await Promise.all(made);
    // Formed big flocks (the dense ones are the slow ones), then the page
    // scrolled so that two widgets show, one of them a 3000-boid one.
    for (const i of [0, 3, 6, 9]) stepAll(document.querySelector(`#w${i}`).flocklab, 600);
    document.querySelector('#w3').scrollIntoView();
  });
  // Settled: the widgets off screen have paused, and the page has drawn.
  await p.waitForFunction(() => !document.querySelector('#w11').flocklab.visible() && !document.querySelector('#w0').flocklab.visible(),
    null, { timeout: 30000 });
  await handled(p, '#w3', 30); // half a second of its frames
  const running = await p.evaluate(() => [...document.querySelectorAll('.flocklab:not([data-experiment])')].filter((e) => e.flocklab.visible()).map((e) => e.id));
  assert.ok(running.includes('w3') && running.length <= 3, `running: ${running}`);
  // Each widget's frames and simulated time, before and after the typing.
  const look = () => p.evaluate(() => Object.fromEntries([...document.querySelectorAll('.flocklab')].map((e) =>
    [e.id, { frames: e.flocklab.uiMetrics().frames, time: e.flocklab.gauges().time }])));
  const before = await look();
  await p.evaluate(() => document.getElementById('notes').focus({ preventScroll: true }));
  await p.keyboard.type('hello flock', { delay: 60 }); // a typist's pace
  await handled(p, '#w3'); // w3 has run since the last key
  const after = await look();
  assert.equal(await p.inputValue('#notes'), 'hello flock');
  for (const id of Object.keys(before)) {
    if (running.includes(id)) continue;
    assert.deepEqual(after[id], before[id], `${id}, off screen, ran while the student typed`);
  }
  assert.ok(after.w3.frames > before.w3.frames && after.w3.time > before.w3.time,
    `the 3000-boid widget on screen kept running: ${JSON.stringify([before.w3, after.w3])}`);
  await p.close();
});

test('Reset and run 10 s stops at 10.0 s with the lab\'s gauges, and stays there', async () => {
  await scrollToCanvas(page, '#flock');
  await page.mouse.move(1, 1); // no pointer hawk over the flock
  await onWidget(page, '#flock', (h) => {
    for (const r of ['separation', 'alignment', 'cohesion']) h.setRule(r, true);
    h.setRule('wander', false);
    h.setHawk(null);
    h.reset(7);
    h.resume();
  });
  await page.locator('#flock [data-action="run"]').click();
  // The run goes in slices (the page stays responsive), with aria-busy on the figure meanwhile.
  await page.waitForFunction(() => !document.querySelector('#flock').hasAttribute('aria-busy'), null, { timeout: 30000 });
  const a = await onWidget(page, '#flock', (h) => ({ ...h.gauges(), paused: h.paused() }));
  await handled(page, '#flock', 30); // half a second of frames: it stays paused
  const b = await onWidget(page, '#flock', (h) => h.gauges());
  assert.equal(a.paused, true);
  assert.ok(Math.abs(a.time - 10) < 1e-9 && b.time === a.time, `time ${a.time} then ${b.time}`);
  assert.ok(Math.abs(a.spacing - 22.550619377904063) < 0.05 && Math.abs(a.order - 0.8828553839737805) < 0.005, JSON.stringify(a));
});

// The lesson's flock paused at its start with its Tuning panel open and laid
// out: a function from the canvas's 900x540 points to the page's.
async function tuningOpen() {
  await onWidget(page, '#flock', (h) => { h.pause(); h.reset(7); });
  const { box } = await canvasOf(page, '#flock');
  const s = box.width / 900;
  const at = (x, y) => [box.x + x * s, box.y + y * s];
  if (!(await onWidget(page, '#flock', (h) => h.uiMetrics().tuning))) {
    await page.mouse.click(...at(860, 26)); // the Tuning header
    await whenWidget(page, '#flock', (h) => h.uiMetrics().tuning);
  }
  await handled(page, '#flock'); // the panel laid out
  return at;
}

test('Ctrl+click on a Tuning slider types into it, even with Ctrl pressed before the canvas had focus (it dragged the slider instead)', async () => {
  const at = await tuningOpen();
  // Focus off the canvas (a page's own field), Ctrl down there, then the click.
  await page.evaluate(() => { const f = Object.assign(document.createElement('input'), { id: 'elsewhere' }); document.body.prepend(f); f.focus({ preventScroll: true }); });
  await page.keyboard.down('Control');
  await page.mouse.click(...at(500, 157)); // the left end of the separation slider: a drag would set it near 0
  await page.keyboard.up('Control');
  await handled(page, '#flock');
  await page.keyboard.type('2.5', { delay: 30 });
  await page.keyboard.press('Enter');
  await whenWidget(page, '#flock', (h) => h.uiMetrics().keysWaiting === 0);
  await whenWidget(page, '#flock', (h) => h.params().weight_separation === 2.5).catch(() => {});
  assert.equal(await onWidget(page, '#flock', (h) => h.params().weight_separation), 2.5);
  assert.deepEqual(await onWidget(page, '#flock', (h) => h.rules()), { separation: true, alignment: true, cohesion: true, wander: false }, 'the digits went to the slider, not to the scene');
  await page.evaluate(() => document.getElementById('elsewhere').remove());
  await onWidget(page, '#flock', (h) => h.setParams({ weightSeparation: 1.8 }));
});

test('a finger\'s tap on a Tuning slider brings up the on-screen keyboard (a field focused inside the tap) and what is typed there is the slider\'s; a mouse still slides it (issue 40)', async () => {
  const at = await tuningOpen();
  await page.touchscreen.tap(...at(500, 157)); // the left end of the separation slider: a drag there would set it near 0
  // The widget's own text field has the focus: the one a touch screen raises its keyboard for.
  await page.waitForFunction(() => document.activeElement?.matches('#flock .fl-typing'), null, { timeout: 10000 });
  await whenWidget(page, '#flock', (h) => h.uiMetrics().typing); // the panel types into the slider
  assert.equal(await onWidget(page, '#flock', (h) => h.params().weight_separation), 1.8, 'a tap does not move the slider');
  await page.keyboard.insertText('2.75'); // as an on-screen keyboard types: input events, no key codes
  // A hardware keyboard's editing keys (an iPad's cover) edit the number: two
  // to the left, and Delete takes the 7 after the caret (as Backspace, it took the 5).
  for (const key of ['ArrowLeft', 'ArrowLeft', 'Delete', 'Enter']) await page.keyboard.press(key);
  await whenWidget(page, '#flock', (h) => h.params().weight_separation === 2.5).catch(() => {});
  assert.equal(await onWidget(page, '#flock', (h) => h.params().weight_separation), 2.5);
  assert.deepEqual(await onWidget(page, '#flock', (h) => h.rules()), { separation: true, alignment: true, cohesion: true, wander: false }, 'the digits went to the slider, not to the scene');
  // The panel sets a tunable the page's way: the history marks it (the CSV's event column).
  assert.ok(await onWidget(page, '#flock', (h) => h.history().events.some((e) => e.kind === 'param' && e.what === 'weight_separation = 2.5')), 'the history marks the typed value');
  await page.waitForFunction(() => !document.querySelector('#flock .fl-typing'), null, { timeout: 10000 });
  // A mouse's press still moves the slider at once, and raises no keyboard.
  await page.mouse.move(...at(500, 157));
  await page.mouse.down();
  await whenWidget(page, '#flock', (h) => h.params().weight_separation < 2.5).catch(() => {});
  await page.mouse.up();
  assert.ok(await onWidget(page, '#flock', (h) => h.params().weight_separation < 2.5), 'the press moved the slider');
  assert.equal(await page.evaluate(() => document.querySelector('#flock .fl-typing')), null);
  await onWidget(page, '#flock', (h) => h.setParams({ weightSeparation: 1.8 }));
});
