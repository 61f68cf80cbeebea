// Browser tests: the real lesson page in Debian's Chromium. Each test drives
// the page as a student or a course author would and checks what they see.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { start, openLesson, pageOf, pixelStats, drawnStats, artifacts, until, whenWidget, handled, canvasOf, onWidget, withPixels, differingPixels, root, asIfHardwareGL, scrollToCanvas } from './helpers.mjs';

// The lab's seed-7 figures after 600 steps (tests/golden/flock_seed7_600steps.jsonl).
const LAB = { spacing: 22.550619377904063, order: 0.8828553839737805, noSepSpacing: 1.2140089615722114 };
let env;
before(async () => { env = await start(); });
after(async () => { await env.close(); });

test('the page loads without console errors and both scenes draw', async () => {
  const page = await openLesson(env);
  // The flock canvas shows boids in the lab's colour on the lab's background.
  const flock = await drawnStats(page, '#flock canvas', [15, 23, 42], [125, 211, 252], 301);
  assert.deepEqual(page.problems, []);
  assert.ok(flock.matching > 300, `boid-coloured pixels: ${flock.matching}`);
  // At the lab's start the target is not yet under the vehicle (the widget
  // may have run long enough to arrive while the page loaded).
  await canvasOf(page, '#steer'); // on screen: it runs frames
  await onWidget(page, '#steer', (h) => { h.pause(); h.reset(); });
  await handled(page, '#steer'); // drawn since the reset
  const steer = await pixelStats(page, '#steer canvas', [18, 22, 34], [250, 204, 21]);
  assert.ok(steer.matching > 50, `target-coloured pixels: ${steer.matching}`);
  assert.ok(steer.notBackground > 500);
  await page.screenshot({ path: `${artifacts}/lesson-page.png`, fullPage: true });
  await page.close();
});

test('the lesson page fetches the widget once, at most 250 kB gzipped (wasm, Emscripten\'s JS, the shim, its CSS)', async () => {
  // The budget the page is held to (tests/README, "Payload"). Each file's
  // body as the page received it, gzipped at level 9 as make bench-ready does.
  const WIDGET = ['flocklab-core.wasm', 'flocklab-core.js', 'flocklab.js', 'flocklab.css'];
  const page = await env.context.newPage();
  const fetched = [];
  page.on('response', (res) => {
    const file = new URL(res.url()).pathname.split('/').pop();
    if (WIDGET.includes(file)) fetched.push(res.body().then((b) => [file, gzipSync(b, { level: 9 }).length]));
  });
  await page.goto(env.url);
  await page.waitForFunction(() => [...document.querySelectorAll('.flocklab')].every((e) => (e.flocklab?.ready, e.classList.contains('flocklab-ready'))), null, { timeout: 60000 });
  const sizes = await Promise.all(fetched);
  assert.deepEqual(sizes.map(([f]) => f).sort(), [...WIDGET].sort(), 'each file once');
  const total = sizes.reduce((t, [, n]) => t + n, 0);
  assert.ok(total <= 250000, `the widget's payload is ${total / 1000} kB gzipped: ${JSON.stringify(Object.fromEntries(sizes))}`);
  await page.close();
});

test('seed 7 after 10 simulated seconds shows the lab\'s gauges to the bit', async () => {
  const page = await openLesson(env);
  // Let the real frame loop run for a while (on screen: off-screen widgets
  // stand still), then finish the 600 steps by hand: whatever the frame rate
  // was, simulated time decides the outcome.
  await scrollToCanvas(page, '#flock');
  await onWidget(page, '#flock', (h) => { h.reset(7); h.resume(); });
  await whenWidget(page, '#flock', (h) => h.gauges().time > 0.25); // some steps by the frame loop
  const g = await onWidget(page, '#flock', (h) => {
    h.pause();
    const done = Math.round(h.gauges().time * 60);
    stepAll(h, 600 - done);
    return { done, ...h.gauges() };
  });
  assert.ok(g.done > 10 && g.done < 600, `frames advanced ${g.done} steps`);
  assert.ok(Math.abs(g.time - 10) < 1e-9);
  // Seed 7 starts exactly as natively (the page's sine and cosine, src/core/trig.hpp), so the lab's figures to the bit.
  assert.equal(g.spacing, LAB.spacing);
  assert.equal(g.order, LAB.order);
  await page.close();
});

test('separation off through its button collapses spacing, back on restores it', async () => {
  const page = await openLesson(env);
  const button = page.locator('#flock [data-rule="separation"]');
  assert.equal(await button.getAttribute('aria-pressed'), 'true');
  await onWidget(page, '#flock', (h) => { h.pause(); h.reset(7); });
  await button.click();
  assert.equal(await button.getAttribute('aria-pressed'), 'false');
  const off = await onWidget(page, '#flock', (h) => { stepAll(h, 600); return { ...h.gauges(), rules: h.rules() }; });
  assert.equal(off.rules.separation, false);
  assert.ok(Math.abs(off.spacing - LAB.noSepSpacing) < 0.5, `spacing with separation off: ${off.spacing}`);
  await page.waitForFunction(() => Number(document.querySelector('#flock [data-gauge="spacing"]').value) < 3);
  await button.click();
  assert.equal(await button.getAttribute('aria-pressed'), 'true');
  const on = await onWidget(page, '#flock', (h) => { stepAll(h, 600); return h.gauges(); });
  assert.ok(on.spacing > 15, `spacing after separation came back: ${on.spacing}`);
  await page.close();
});

test('the hawk scatters the boids near it', async () => {
  const page = await openLesson(env);
  const r = await onWidget(page, '#flock', (h) => {
    const near = (hawk, boids) => boids.filter(([x, y]) => Math.hypot(x - hawk[0], y - hawk[1]) < 110).length;
    h.pause(); h.reset(7); stepAll(h, 300);
    // Put the hawk where the flock is densest: on the boid with most neighbours.
    const boids = h.state().boids;
    const hawk = boids.map(([x, y]) => [x, y]).sort((a, b) => near(b, boids) - near(a, boids))[0];
    const before = near(hawk, boids);
    stepAll(h, 90);
    const without = near(hawk, h.state().boids);
    h.reset(7); stepAll(h, 300); h.setHawk(hawk[0], hawk[1]); stepAll(h, 90);
    const withHawk = near(hawk, h.state().boids);
    h.setHawk(null);
    return { before, without, withHawk };
  });
  assert.ok(r.before >= 5, `boids near the hawk's spot at first: ${r.before}`);
  // 1.5 s later the flock's own motion has carried some boids off; the hawk
  // has cleared (nearly) all of them out of its panic circle.
  assert.ok(r.without >= 10, `without a hawk: ${r.without} still near`);
  assert.ok(r.withHawk <= 3 && r.withHawk < r.without / 3, `with hawk ${r.withHawk}, without ${r.without}`);
  await page.close();
});

test('the pointer is the hawk, and leaving the canvas removes it', async () => {
  const page = await openLesson(env);
  const { canvas, box } = await canvasOf(page, '#flock');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.move(box.x + box.width / 2 + 5, box.y + box.height / 2 + 5);
  await until(page, '#flock', (h) => h.state().hawk !== null, true);
  const hawkColour = await pixelStats(page, '#flock canvas', [15, 23, 42], [248, 113, 113]);
  assert.ok(hawkColour.matching > 100, `hawk pixels: ${hawkColour.matching}`);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height + 150);
  await until(page, '#flock', (h) => h.state().hawk, null);
  const gone = await pixelStats(page, '#flock canvas', [15, 23, 42], [248, 113, 113]);
  assert.ok(gone.matching < 10, `hawk pixels after leaving: ${gone.matching}`);
  await page.close();
});

// How far a click can land from where it was aimed, in world px. Emscripten
// hands SDL whole CSS px (clientY - the canvas's top, cut to an integer), and
// on the lesson page, whose steer canvas top is at 385.125 px, clicks land a
// steady 2.6 CSS px high (measured at 10%, 50% and 90% of its height; the
// cause beyond the truncation is not found yet, see the issue note): 3 CSS px.
const clickSlack = (box) => (3 * 800) / box.width;

// Input reaches the simulation on its next animation frame: wait for it.
const targetMoved = (page, fromX) => page.waitForFunction(
  (x) => document.querySelector('#steer').flocklab.state().target[0] !== x, fromX);

test('in ARRIVE the vehicle stops within 1 px of a clicked target', async () => {
  const page = await openLesson(env);
  const { canvas, box } = await canvasOf(page, '#steer');
  // Click at 3/4 across, 1/3 down: in world pixels that is (600, 150).
  await canvas.click({ position: { x: box.width * 0.75, y: box.height / 3 } });
  await targetMoved(page, 470);
  const s = await onWidget(page, '#steer', (h) => {
    h.pause(); h.setMode('arrive'); stepAll(h, 600);
    return { ...h.state(), ...h.gauges() };
  });
  assert.ok(Math.abs(s.target[0] - 600) < clickSlack(box) && Math.abs(s.target[1] - 150) < clickSlack(box), `target ${s.target}`);
  assert.ok(s.distance < 1, `distance ${s.distance}`);
  assert.ok(s.speed < 1, `speed ${s.speed}`);
  assert.equal(await page.locator('#steer [data-mode="arrive"]').getAttribute('aria-pressed'), 'true');
  await page.close();
});

test('a drag that arrives whole between two frames (a slow device) ends where the pointer let go, and in the crowd paints every cell on its way', async () => {
  const page = await openLesson(env);
  // The pointer over the canvas at the drag's start (SDL's mouse focus), then
  // the press, the moves and the release dispatched in one task, so that
  // no frame of the widget's runs between them.
  const dragAtOnce = async (sel, world, path) => {
    const { box } = await canvasOf(page, sel);
    await page.mouse.move(box.x + path[0][0] * box.width / world[0], box.y + path[0][1] * box.height / world[1]);
    await handled(page, sel);
    await page.evaluate(({ sel, world, path }) => {
      const canvas = document.querySelector(`${sel} canvas`);
      const r = canvas.getBoundingClientRect();
      const at = ([x, y], buttons) => ({ clientX: r.left + x * r.width / world[0], clientY: r.top + y * r.height / world[1], bubbles: true, button: 0, buttons });
      canvas.dispatchEvent(new MouseEvent('mousedown', at(path[0], 1)));
      for (const p of path.slice(1)) canvas.dispatchEvent(new MouseEvent('mousemove', at(p, 1)));
      canvas.dispatchEvent(new MouseEvent('mouseup', at(path[path.length - 1], 0)));
    }, { sel, world, path });
    await handled(page, sel);
  };
  await onWidget(page, '#steer', (h) => { h.pause(); h.reset(); h.setMode('seek'); h.setTarget(600, 300); });
  await dragAtOnce('#steer', [800, 450], [[600, 300], [500, 225], [400, 150]]);
  const t = await onWidget(page, '#steer', (h) => h.target());
  const slack = clickSlack((await canvasOf(page, '#steer')).box);
  assert.ok(Math.abs(t[0] - 400) < slack && Math.abs(t[1] - 150) < slack, `the target was let go at (400, 150) and is at ${t}`);
  // The crowd in paint mode: a drag from cell (5, 9) to (12, 9) with no place in between.
  await onWidget(page, '#crowd', (h) => { h.pause(); h.reset(7); h.setWalls('none'); h.setPaint(true); });
  await dragAtOnce('#crowd', [900, 540], [[5.5 * 30, 9.5 * 30], [12.5 * 30, 9.5 * 30]]);
  const walls = (await onWidget(page, '#crowd', (h) => h.walls())).split(';');
  for (let c = 5; c <= 12; c++) assert.ok(walls.includes(`${c},9`), `${c},9 not painted: ${walls.join(';')}`);
  assert.equal(walls.length, 8, walls.join(';'));
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('touch moves the target too', async () => {
  const page = await openLesson(env);
  const { box } = await canvasOf(page, '#steer');
  await page.touchscreen.tap(box.x + box.width * 0.25, box.y + box.height * 0.5);
  await targetMoved(page, 470);
  const s = await onWidget(page, '#steer', (h) => h.state());
  assert.ok(Math.abs(s.target[0] - 200) < 2 && Math.abs(s.target[1] - 225) < 2, `target ${s.target}`);
  await page.close();
});

test('on a touch screen a tap places the hawk and a drag from the hawk carries it', async () => {
  const page = await openLesson(env);
  await onWidget(page, '#flock', (h) => h.pause());
  const { box } = await canvasOf(page, '#flock');
  const s = box.width / 900;
  await page.touchscreen.tap(box.x + 300 * s, box.y + 270 * s);
  await until(page, '#flock', (h) => h.state().hawk !== null, true);
  const placed = await onWidget(page, '#flock', (h) => h.state().hawk);
  assert.ok(Math.abs(placed[0] - 300) < 3 && Math.abs(placed[1] - 270) < 3, `tap placed the hawk at ${placed}`);
  // A drag that starts on the hawk moves it, and the page does not scroll.
  const y0 = await page.evaluate(() => window.scrollY);
  const cdp = await page.context().newCDPSession(page);
  const from = { x: box.x + 300 * s, y: box.y + 270 * s };
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
  for (let k = 1; k <= 6; k++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: from.x + 30 * k * s, y: from.y - 10 * k * s }] });
    await page.waitForTimeout(16); // the finger's pace (a move a frame), not a wait for a state
  }
  await until(page, '#flock', (h) => h.state().hawk.map((v) => Math.round(v / 10)), [48, 21]);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  assert.equal(await page.evaluate(() => window.scrollY), y0);
  await handled(page, '#flock'); // the lift has reached the scene
  const dropped = await onWidget(page, '#flock', (h) => h.state().hawk);
  assert.deepEqual(dropped.map((v) => Math.round(v / 10)), [48, 21], 'the hawk stays where the finger lifted');
  await page.close();
});

test('mode buttons and SPACE on the focused canvas cycle the steering mode', async () => {
  const page = await openLesson(env);
  await page.locator('#steer [data-mode="seek"]').click();
  assert.equal(await onWidget(page, '#steer', (h) => h.mode()), 'seek');
  assert.equal(await page.locator('#steer [data-mode="seek"]').getAttribute('aria-pressed'), 'true');
  await page.locator('#steer canvas').focus();
  await page.keyboard.press('Space');
  await until(page, '#steer', (h) => h.mode(), 'flee');
  await page.close();
});

test('two widgets on one page do not affect each other', async () => {
  const page = await openLesson(env);
  const r = await onWidget(page, '#flock', (a) => {
    const b = document.querySelector('#scaling').flocklab;
    a.pause(); b.pause(); a.reset(7); b.reset(7);
    const bBefore = { ...b.gauges(), boids: b.boids(), rules: b.rules() };
    a.setRule('cohesion', false);
    stepAll(a, 120);
    a.setHawk(450, 270);
    const bAfter = { ...b.gauges(), boids: b.boids(), rules: b.rules() };
    return { bBefore, bAfter, a: { ...a.gauges(), boids: a.boids(), rules: a.rules() } };
  });
  assert.deepEqual(r.bAfter, r.bBefore);
  assert.equal(r.a.boids, 60);
  assert.equal(r.bBefore.boids, 500);
  assert.equal(r.a.rules.cohesion, false);
  assert.ok(Math.abs(r.a.time - 2) < 1e-9);
  assert.equal(r.bBefore.time, 0);
  await page.close();
});

test('keys typed into a text field do not reach the widget; the focused canvas takes them', async () => {
  const page = await openLesson(env);
  const rules = () => onWidget(page, '#flock', (h) => h.rules());
  // A text field of the page's own (a course page's note box).
  await page.evaluate(() => document.querySelector('#flock').after(Object.assign(document.createElement('input'), { id: 'note', type: 'text' })));
  await page.locator('#note').click();
  await page.keyboard.type('1 2 3 r it will shrink');
  // The widget has run frames in which it could (wrongly) have reacted
  // (on screen: off it, it runs none).
  await canvasOf(page, '#flock');
  await handled(page, '#flock');
  assert.equal(await page.locator('#note').inputValue(), '1 2 3 r it will shrink');
  assert.deepEqual(await rules(), { separation: true, alignment: true, cohesion: true, wander: false });
  await page.locator('#flock canvas').focus();
  await page.keyboard.press('1');
  await page.keyboard.press('3');
  await page.keyboard.press('4');
  await until(page, '#flock', (h) => h.rules(), { separation: false, alignment: true, cohesion: false, wander: true });
  // The HTML buttons follow the keys.
  await page.waitForFunction(() =>
    document.querySelector('#flock [data-rule="separation"]').getAttribute('aria-pressed') === 'false');
  await page.keyboard.press('r');
  await until(page, '#flock', (h) => h.rules(), { separation: true, alignment: true, cohesion: true, wander: false });
  await page.close();
});

test('gauges update the outputs and fire flocklab:gauges a few times a second', async () => {
  const page = await openLesson(env);
  await scrollToCanvas(page, '#flock'); // off screen it stands still, and says nothing new
  // Nine events, waited for (a busy machine delays them); then, from the
  // page's own clock, their pace: 8 intervals of the 250 ms tick take about
  // 2 s (the test asks for half of that), where 8 frames take a tenth of
  // it: the gauges refresh a few times a second, not every frame.
  await page.evaluate(() => {
    window.gaugeEvents = [];
    document.querySelector('#flock').addEventListener('flocklab:gauges', (e) => {
      if ('spacing' in e.detail) window.gaugeEvents.push({ at: performance.now(), order: e.detail.order });
    });
  });
  await page.waitForFunction(() => window.gaugeEvents.length >= 9, null, { timeout: 60000 });
  const events = await page.evaluate(() => window.gaugeEvents.slice(0, 9));
  const span = events.at(-1).at - events[0].at;
  assert.ok(span >= 1000, `9 events in ${Math.round(span)} ms: more often than a 250 ms tick`);
  assert.ok(new Set(events.map((e) => e.order)).size > 1, 'the order changes as the flock runs');
  // The output shows the gauge with its decimals.
  const text = await page.locator('#flock [data-gauge="order"]').textContent();
  assert.match(text, /^\d\.\d\d$/);
  await page.close();
});

test('bad data-* values are clamped with a console warning, never a crash', async () => {
  const page = await openLesson(env);
  const r = await page.evaluate(async () => {
    const fig = document.createElement('figure');
    fig.className = 'flocklab';
    Object.assign(fig.dataset, { scene: 'flock', seed: 'abc', boids: '-5' });
    fig.innerHTML = '<canvas></canvas>';
    document.body.append(fig);
    const h = window.FlockLab.mount(fig);
    await h.ready;
    h.pause();
    stepAll(h, 30);
    const bad = document.createElement('figure');
    Object.assign(bad.dataset, { scene: 'aquarium', boids: '1e9' });
    bad.innerHTML = '<canvas></canvas>';
    document.body.append(bad);
    const h2 = window.FlockLab.mount(bad);
    await h2.ready;
    let threw = '';
    try { h.setRule('gravity', true); } catch (e) { threw = e.message; }
    // A huge step count on the largest flock is bounded, not a hung page.
    h2.pause();
    const t0 = performance.now();
    h2.step(1e9);
    const bigStep = { ms: performance.now() - t0, time: h2.gauges().time };
    const steer = document.querySelector('#steer').flocklab;
    steer.setTarget(5000, -3);
    const clampedTarget = steer.state().target;
    let threwPoint = '';
    try { h.setHawk(NaN, 3); } catch (e) { threwPoint = e.message; }
    return { boids: h.boids(), seed: fig.dataset.seed, g: h.gauges(), scene2: h2.scene, boids2: h2.boids(), threw,
      bigStep, threwPoint, clampedTarget,
      sameAsMount: window.FlockLab.mount(fig) === h && fig.flocklab === h };
  });
  assert.equal(r.boids, 2);
  assert.ok(Number.isFinite(r.g.spacing) && Number.isFinite(r.g.order));
  assert.equal(r.scene2, 'flock');
  assert.equal(r.boids2, 5000);
  assert.match(r.threw, /unknown rule "gravity"/);
  assert.match(r.threwPoint, /setHawk needs two finite numbers/);
  assert.deepEqual(r.clampedTarget, [800, 0]);
  // Bounded by boid-steps (600 at 5000 boids) and by 250 ms of work per call.
  assert.ok(r.bigStep.time > 0 && r.bigStep.time <= 10, `simulated ${r.bigStep.time} s in ${r.bigStep.ms} ms`);
  assert.ok(r.sameAsMount);
  const w = page.warnings.join('\n');
  assert.match(w, /data-seed="abc" is not a whole number from 0 to 2\^53-1; using 7/);
  assert.match(w, /data-boids="-5": boids: -5 must be a whole number from 2 to 5000; using 2/);
  assert.match(w, /data-scene="aquarium" is not one of flock, steer/);
  assert.match(w, /step\(1000000000\) ran \d+ of 1000000000 steps \(one call runs at most 600 steps of this size and 250 ms\)/);
  assert.match(w, /setTarget\(5000, -3\) is outside the world; using \(800,0\)/);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('benchmark() measures brute force and the grid inside the page', async () => {
  const page = await openLesson(env);
  const r = await onWidget(page, '#scaling', async (h) => ({
    brute: await h.benchmark({ boids: 300, neighbors: 'brute', steps: 20 }),
    grid: await h.benchmark({ boids: 300, neighbors: 'grid', steps: 20 }),
  }));
  assert.ok(r.brute > 0 && r.grid > 0, JSON.stringify(r));
  await page.close();
});

test('in the page the grid flies exactly as brute force, sparse and dense', async () => {
  // 300 boids search 3x3 cells of the view radius; 2500 (dense) search 5x5
  // cells of half of it. Both must give the browser's own brute-force run.
  const page = await openLesson(env);
  for (const boids of [300, 2500]) {
    const runs = await onWidget(page, '#scaling', (h, n) => {
      const run = (mode) => {
        h.pause();
        h.setBoids(n);
        h.setNeighbors(mode);
        h.reset(3);
        while (h.gauges().time < 1.5 - 1e-9) h.step(90 - Math.round(h.gauges().time * 60)); // step() may stop early
        const { options, ...state } = h.state(); // the options name the mode; the flight must not differ
        return state;
      };
      return { brute: run('brute'), grid: run('grid') };
    }, boids);
    assert.equal(runs.grid.boids.length, boids);
    assert.deepEqual(runs.grid, runs.brute, `${boids} boids`);
  }
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('the scaling figure compares 100, 300 and 500 boids in one click', async () => {
  const page = await openLesson(env);
  await page.locator('#scale-compare').click();
  await page.waitForFunction(() => !document.querySelector('#scale-table').hidden, null, { timeout: 60000 });
  const rows = await page.$$eval('#scale-table tbody tr', (trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
  assert.deepEqual(rows.map((r) => r[0]), ['100', '300', '500']);
  for (const [, brute, grid] of rows) assert.ok(Number(brute) > 0 && Number(grid) > 0, JSON.stringify(rows));
  // The size slider and the brute/grid switch reach the widget.
  await page.locator('#scale-brute').click();
  await page.locator('#scale-boids').fill('1200');
  await page.locator('#scale-boids').dispatchEvent('change');
  assert.equal(await onWidget(page, '#scaling', (h) => h.boids()), 1200);
  assert.equal(await page.locator('#scale-brute').getAttribute('aria-pressed'), 'true');
  await page.close();
});

test('on a high-DPI screen with a GPU the canvas has device pixels and the pointer still maps to the world', async () => {
  const hidpi = await start({ deviceScaleFactor: 2 });
  try {
    await hidpi.context.addInitScript(asIfHardwareGL);
    const page = await openLesson(hidpi);
    const { canvas } = await canvasOf(page, '#flock');
    // The backing store is the displayed size times devicePixelRatio.
    const size = await canvas.evaluate((c) => [c.width, c.height, c.getBoundingClientRect().width, c.getBoundingClientRect().height]);
    assert.ok(Math.abs(size[0] - 2 * size[2]) <= 2 && Math.abs(size[1] - 2 * size[3]) <= 2, `backing ${size}`);
    const box = await canvas.boundingBox();
    await page.mouse.move(box.x + box.width / 4, box.y + box.height / 2);
    await page.mouse.move(box.x + box.width / 4 + 1, box.y + box.height / 2 + 1);
    await until(page, '#flock', (h) => h.state().hawk !== null, true);
    const hawk = await onWidget(page, '#flock', (h) => h.state().hawk);
    assert.ok(Math.abs(hawk[0] - 225) < 4 && Math.abs(hawk[1] - 270) < 4, `hawk at ${hawk}`);
    const flock = await pixelStats(page, '#flock canvas', [15, 23, 42], [125, 211, 252]);
    assert.ok(flock.matching > 1000, `boid-coloured pixels: ${flock.matching}`);
    assert.deepEqual(page.problems, []);
    await page.close();
  } finally {
    await hidpi.close();
  }
});

test('without WebGL the widgets draw the same frames in software', async () => {
  // The same paused frame of "Inside one boid" (every overlay, the HUD with its
  // text and chart, the tuning button), drawn by WebGL and by flocklab's own
  // rasteriser: the two agree but for a few edge pixels.
  const frame = async (page) => {
    await onWidget(page, '#inspect', (h) => {
      h.pause(); h.clearHistory(); h.reset(7); stepAll(h, 420); // no run before, whatever ran since the page loaded
      for (const o of ['vision', 'neighbors', 'forces', 'grid']) h.setOverlay(o, true);
      h.select(30);
    });
    const { canvas } = await canvasOf(page, '#inspect');
    await page.mouse.move(1, 1);
    await handled(page, '#inspect'); // drawn since, with the pointer away
    return canvas.screenshot();
  };
  const glPage = await openLesson(env);
  const gl = await frame(glPage);
  const nogl = await start({ extraArgs: ['--disable-webgl'] });
  try {
    const page = await openLesson(nogl);
    for (const end = Date.now() + 30000; Date.now() < end && !page.warnings.some((w) => /drawing in software/.test(w));) {
      await page.evaluate(() => new Promise((r) => { setTimeout(r, 50); })); // the console's messages reach this process
    }
    assert.deepEqual(page.problems, []);
    assert.ok(page.warnings.some((w) => /no WebGL .*drawing in software/.test(w)), page.warnings.join('\n'));
    const flock = await pixelStats(page, '#flock canvas', [15, 23, 42], [125, 211, 252]);
    assert.ok(flock.matching > 300, `boid-coloured pixels: ${flock.matching}`);
    const soft = await frame(page);
    writeFileSync(`${artifacts}/software-inspect.png`, soft);
    const total = await withPixels(page, soft, (px, w, h) => w * h);
    const differ = await differingPixels(page, gl, soft);
    assert.ok(differ < total * 0.002, `${differ} of ${total} pixels differ from WebGL's frame`);
    // ... and the frame is not empty: the HUD's white text is there.
    const text = await withPixels(page, soft, (px, w, h) => {
      let n = 0;
      for (let y = 0; y < h * 0.3; y++) for (let x = 0; x < w * 0.4; x++) {
        const i = 4 * (y * w + x);
        if (px[i] > 200 && px[i + 1] > 200 && px[i + 2] > 200) n++;
      }
      return n;
    });
    assert.ok(text > 200, `HUD text pixels: ${text}`);
    const g = await onWidget(page, '#flock', (h) => { h.pause(); h.reset(7); stepAll(h, 600); return h.gauges(); });
    assert.ok(Math.abs(g.spacing - LAB.spacing) < 0.05, `spacing ${g.spacing}`);
    await page.close();
  } finally {
    await nogl.close();
    await glPage.close();
  }
});

test('drawing in software (no WebGL, or a software WebGL such as SwiftShader) at DPR 3, a 900x540 widget draws one device px per CSS px (a key typed beside it waited 84 ms instead of 19); with a GPU it takes DPR 3', async () => {
  // The backing store once resize() has followed the displayed size.
  const backing = async (e, init, width) => {
    const page = await pageOf(e, `<figure class="flocklab" id="c" data-scene="crowd" data-seed="7" style="width: ${width}px; margin: 0"><canvas width="900" height="540"></canvas></figure>`, { init });
    await page.waitForFunction(() => {
      const el = document.getElementById('c');
      if (!el.classList.contains('flocklab-ready')) return false;
      const m = el.flocklab.uiMetrics();
      return m.window[0] === Math.round(el.querySelector('canvas').getBoundingClientRect().width);
    }, null, { timeout: 60000 });
    const m = await page.evaluate(() => document.getElementById('c').flocklab.uiMetrics());
    const rasteriser = page.warnings.some((w) => /drawing in software/.test(w));
    await page.close();
    return { ...m, rasteriser };
  };
  // [WebGL, a GPU named as the renderer, DPR, CSS width]: a software painter
  // gets the pixels of 900x540 at DPR 1, never fewer than one per CSS px (a
  // phone's 390 px canvas: about 2.3 per CSS px).
  for (const [webgl, gpu, dpr, width] of [[false, false, 3, 900], [true, false, 3, 900], [true, true, 3, 900], [false, false, 1, 900], [true, false, 3, 390]]) {
    const e = await start({ deviceScaleFactor: dpr, ...(webgl ? {} : { extraArgs: ['--disable-webgl'] }) });
    try {
      const m = await backing(e, gpu ? asIfHardwareGL : null, width);
      const [w, h] = m.window;
      const [bw, bh] = m.backing;
      const what = `WebGL ${webgl}, GPU ${gpu}, DPR ${dpr}`;
      assert.equal(m.rasteriser, !webgl, what);
      assert.equal(m.software, !gpu, what);
      assert.ok(Math.abs(bw / bh - w / h) < 0.01, `the shape kept: ${bw}x${bh} for ${w}x${h}`);
      const ratio = gpu ? Math.min(dpr, 2560 / Math.max(w, h)) : Math.min(dpr, Math.max(1, Math.sqrt(900 * 540 / (w * h))));
      if (width === 390) assert.ok(ratio > 2.2, `${ratio} device px per CSS px`);
      assert.deepEqual([bw, bh], [Math.round(w * ratio), Math.round(h * ratio)], what);
    } finally {
      await e.close();
    }
  }
});

test('a widget that cannot start says so: ready rejects and the element is marked', async () => {
  const page = await env.context.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.route('**/flocklab-core.wasm', (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.goto(env.url);
  const r = await page.evaluate(() => Promise.allSettled(
    [...document.querySelectorAll('.flocklab:not([data-experiment])')].map((e) => e.flocklab.ready))
    .then((all) => ({ states: all.map((a) => a.status),
      failed: [...document.querySelectorAll('.flocklab:not([data-experiment])')].every((e) => e.classList.contains('flocklab-failed')) })));
  // Every widget of the lesson page (14: its figures that are not experiments).
  assert.ok(r.states.length === 14 && r.states.every((s) => s === 'rejected'), JSON.stringify(r.states));
  assert.ok(r.failed);
  assert.ok(errors.some((e) => /the widget could not start/.test(e)), errors.join('\n'));
  // The message on the widget names the cause and the fix, not the student's browser.
  const message = await page.evaluate(() => document.querySelector('#flock .fl-error').textContent);
  assert.match(message, /flocklab-core\.wasm could not be loaded from http:\/\/127\.0\.0\.1:\d+\/flocklab-core\.wasm \(HTTP 404\)\. Put flocklab-core\.wasm \(it comes with flocklab\.js\) next to flocklab\.js\./);
  await page.close();
});

test('the keyboard alone reaches every control: Tab leaves a canvas, Escape blurs it', async () => {
  const page = await openLesson(env);
  const focusables = await page.evaluate(() =>
    [...document.querySelectorAll('button, input, summary, canvas[tabindex]')].filter((e) => !e.disabled).length);
  const visited = [];
  for (let i = 0; i < focusables + 2; i++) {
    await page.keyboard.press('Tab');
    visited.push(await page.evaluate(() => {
      const a = document.activeElement;
      const fig = a.closest('.flocklab, figure, label');
      return `${a.tagName.toLowerCase()}#${a.id || (fig && fig.id) || ''}:${a.textContent.trim()}`;
    }));
  }
  const canvases = visited.filter((v) => v.startsWith('canvas'));
  const widgets = await page.locator('.flocklab:not([data-experiment]) canvas').count();
  assert.equal(widgets, 14);
  assert.equal(new Set(canvases).size, widgets, visited.join('\n'));
  const last = await page.evaluate(() => {
    const a = [...document.querySelectorAll('button, input, summary, canvas[tabindex]')].filter((e) => !e.disabled && e.offsetParent !== null).at(-1);
    const fig = a.closest('.flocklab, figure, label');
    return `${a.tagName.toLowerCase()}#${a.id || (fig && fig.id) || ''}:${a.textContent.trim()}`;
  });
  assert.ok(visited.includes(last), `the page's last control (${last}) never got focus:\n${visited.join('\n')}`);
  // Shift+Tab walks back out of a canvas too.
  await page.locator('#pursuit canvas').focus();
  await page.keyboard.press('Shift+Tab');
  // The widget before it: its last control (its Keys list's summary, data-forms).
  assert.equal(await page.evaluate(() => document.activeElement.closest('.flocklab')?.id), 'wander-flock');
  assert.equal(await page.evaluate(() => document.activeElement.tagName), 'SUMMARY');
  // Escape leaves the canvas; keys still reach it while it has focus.
  await page.locator('#flock canvas').focus();
  await page.keyboard.press('2');
  await until(page, '#flock', (h) => h.rules().alignment, false);
  await page.keyboard.press('Escape');
  assert.equal(await page.evaluate(() => document.activeElement === document.querySelector('#flock canvas')), false);
  await page.close();
});

test('a reset keeps the run before: history() and csv() hold both, the chart shows it faint, clearHistory() forgets', async () => {
  const page = await openLesson(env);
  const r = await onWidget(page, '#flock', async (h) => {
    h.setRule('separation', false);
    await h.runTo(5);
    h.setRule('separation', true);
    await h.runTo(5);
    const hist = h.history();
    const svg = document.querySelector('#flock svg[data-plot]');
    const redrawn = async (ok) => { // the chart's next refresh
      for (const end = performance.now() + 30000; !ok() && performance.now() < end;) await new Promise((res) => { setTimeout(res, 20); });
    };
    await redrawn(() => svg.querySelectorAll('.fl-ghost').length > 0 && /The run before/.test(svg.querySelector('desc').textContent));
    const out = { run: hist.run, runs: hist.runs.map((x) => ({ run: x.run, seed: x.seed, sep: x.config.rule.separation, n: x.time.length, last: x.spacing[x.spacing.length - 1] })),
      now: hist.spacing[hist.spacing.length - 1], csvRuns: [...new Set(h.csv().trim().split('\n').slice(1).map((l) => l.split(',')[0]))],
      header: h.csv().split('\n')[0], ghosts: svg.querySelectorAll('.fl-ghost').length, desc: svg.querySelector('desc').textContent };
    h.clearHistory();
    out.after = h.history().runs.length;
    svg.dataset.compare = 'none';
    h.setRule('separation', false);
    await h.runTo(2);
    await redrawn(() => !/The run before/.test(svg.querySelector('desc').textContent));
    out.ghostsNone = svg.querySelectorAll('.fl-ghost').length;
    out.keptAfterClear = h.history().runs.length;
    delete svg.dataset.compare;
    return out;
  });
  const before = r.runs[r.runs.length - 1];
  assert.equal(before.sep, false, 'the run before began with separation off');
  assert.equal(before.seed, 7);
  assert.equal(before.n, 51);
  assert.ok(before.last < r.now, `spacing without separation ${before.last} px, with ${r.now} px`);
  assert.equal(r.header, 'run,time (s),spacing (px),order,slowest (px/s),event');
  assert.ok(r.csvRuns.length >= 2, r.csvRuns.join(','));
  assert.equal(r.ghosts, 2, 'one faint line per gauge');
  assert.match(r.desc, /The run before \(run \d+, seed 7\) ended at 5\.0 s with spacing [\d.]+ px and order [\d.]+\./);
  assert.equal(r.after, 0);
  assert.equal(r.keptAfterClear, 0, 'a run in which nothing ran (paused since the clear) is not kept');
  assert.equal(r.ghostsNone, 0, 'data-compare="none" draws no ghost');
  await page.close();
});

test('the CLI\'s --set and the page\'s setParams() make the same crowd, agent for agent', async () => {
  const page = await openLesson(env);
  const mine = await onWidget(page, '#crowd', async (h) => {
    h.setParams({ weightSeparation: 0.75, slowRadius: 60 });
    const g = await h.runTo(10);
    const agents = h.state().agents;
    h.setParams({ weightSeparation: 1.5, slowRadius: 90 });
    return { g, agents };
  });
  const cli = JSON.parse(execFileSync(join(root, 'build', 'native', 'flocklab'),
    ['crowd', '--seed', '7', '--seconds', '10', '--json', '--set', 'weight_separation=0.75', '--set', 'slow_radius=60'], { encoding: 'utf8' }));
  assert.deepEqual(mine.agents, cli.agents);
  assert.equal(mine.g.arrived, cli.arrived);
  assert.equal(mine.g.mean_steps_to_goal, cli.mean_steps_to_goal);
  await page.close();
});

test('experiment(): each run equals the same configuration run alone; the crowd\'s equal the CLI\'s sweep; the runs are the page\'s workers\', not the widget\'s', async () => {
  const page = await openLesson(env);
  const r = await onWidget(page, '#flock', async (h) => {
    h.setRule('alignment', false);
    const e = await h.experiment({ vary: 'weightSeparation', values: [0.5, 1.8], seeds: [7, 8], seconds: 3 });
    // The same as runTo with that value and seed.
    h.setParams({ weightSeparation: 0.5 });
    h.reset(8);
    const alone = await h.runTo(3);
    h.setParams({ weightSeparation: 1.8 });
    h.setRule('alignment', true);
    // Refused by the core (the experiments' module): the promise rejects, and no run is made.
    const bad = await h.experiment({ vary: 'gravity', values: [1] }).then(() => null, (err) => `${err.name}: ${err.message}`);
    // A value out of range is refused (a row would name a value that did not run).
    const range = await h.experiment({ vary: 'weightSeparation', values: [-1, 2] }).then(() => null, (err) => `${err.name}: ${err.message}`);
    return { e, alone, bad, range };
  });
  assert.equal(r.range, 'TypeError: flocklab: experiment(): weight_separation: -1 is outside 0.0 to 5.0 (a sweep runs only values in range)');
  // A value that clamps another setting runs, and says so once.
  const warnings = [];
  page.on('console', (m) => { if (m.type() === 'warning') warnings.push(m.text()); });
  const low = await onWidget(page, '#flock', (h) => h.experiment({ vary: 'max_speed', values: [20, 30], seeds: [7], seconds: 0.5 }));
  assert.equal(low.rows.length, 2);
  assert.deepEqual(warnings.filter((w) => /experiment\(\)/.test(w)).map((w) => w.replace(/^.*experiment\(\): /, '').replace(/ JSHandle@node$/, '')),
    ['max_speed = 20: min_speed: 60.0 is outside 0.0 to 20.0 px/s; using 20.0', 'max_speed = 30: min_speed: 60.0 is outside 0.0 to 30.0 px/s; using 30.0']);
  assert.equal(r.e.rows.length, 4);
  const row = r.e.rows.find((x) => x.value === '0.5' && x.seed === 8);
  assert.equal(row.spacing, r.alone.spacing);
  assert.equal(row.order, r.alone.order);
  assert.equal(r.e.summary.length, 2);
  assert.equal(r.e.summary[0].runs, 2);
  assert.match(r.bad, /^TypeError: flocklab: experiment\(\): a flock scene has no setting 'gravity'/);
  const crowd = await onWidget(page, '#crowd', (h) => { h.setGoal('26,4'); h.setWalls('default'); return h.experiment({ vary: 'follow', values: ['field', 'seek'], seeds: [7], seconds: 20 }); });
  const cli = execFileSync(join(root, 'build', 'native', 'flocklab'), ['sweep', '--scene', 'crowd', '--vary', 'follow=field,seek', '--seeds', '7', '--seconds', '20', '--json', '--option', 'overlay=field=1'], { encoding: 'utf8' })
    .trim().split('\n').map((l) => JSON.parse(l));
  assert.deepEqual(crowd.rows.map((x) => [x.value, x.arrived, x.stuck, x.mean_steps_to_goal]), cli.map((x) => [x.follow, x.arrived, x.stuck, x.mean_steps_to_goal]));
  assert.deepEqual(page.problems, []);
  await page.close();
  // A page with one widget and no experiment element: its experiment() starts
  // the page's workers, and the widget's own simulation is where it was.
  const alone = await pageOf(env, '<figure class="flocklab" id="w" data-scene="flock" data-seed="7" data-paused></figure>');
  const workers = [];
  alone.on('worker', (wk) => workers.push(wk.url()));
  const seen = await onWidget(alone, '#w', async (h) => {
    await h.ready;
    h.setRule('alignment', false); // as the lesson's #flock above
    const before = JSON.stringify(h.gauges());
    const e = await h.experiment({ vary: 'weightSeparation', values: [0.5, 1.8], seeds: [7, 8], seconds: 3 });
    return { before, after: JSON.stringify(h.gauges()), rows: e.rows };
  });
  assert.ok(workers.some((u) => /flocklab-sweep-worker\.js$/.test(u)), `workers: ${JSON.stringify(workers)}`);
  assert.equal(seen.after, seen.before);
  assert.deepEqual(seen.rows.map((x) => [x.run, x.spacing]), r.e.rows.map((x) => [x.run, x.spacing])); // the same runs, in run order
  assert.deepEqual(alone.problems, []);
  await alone.close();
});
