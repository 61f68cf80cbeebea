// Browser tests of "Inside one boid" and the gauges over time: selecting a
// boid, the overlays, explain(), history(), csv(), the [data-plot] chart,
// single steps, parameters from the page and config().
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { startLesson, artifacts, canvasOf, onWidget, root, until, differingPixels, handled, scrollToCanvas } from './helpers.mjs';

let env;
let page;
before(async () => { ({ env, page } = await startLesson()); });
after(async () => { await env.close(); });

// The widget has drawn since what was sent before (its own frame count, not the page's).
const nextFrames = (p, sel = '#inspect') => handled(p, sel, 3);

// A square of the canvas around world point (x, y), half-size r world px, in page px.
function clipAround(box, x, y, r) {
  const s = box.width / 900;
  return { x: box.x + (x - r) * s, y: box.y + (y - r) * s, width: 2 * r * s, height: 2 * r * s };
}

test('clicking a boid selects it; each overlay changes the pixels where it should', async () => {
  const { box } = await canvasOf(page, '#inspect');
  // A formed flock, paused; the boid closest to the middle of the flock is picked.
  const target = await onWidget(page, '#inspect', (h) => {
    h.pause(); h.reset(7); stepAll(h, 600);
    for (const o of ['vision', 'neighbors', 'forces', 'grid']) h.setOverlay(o, false);
    h.select(null);
    const boids = h.state().boids;
    let best = 0;
    let most = -1;
    boids.forEach((b, i) => {
      const e = h.explain(i);
      const inside = b[0] > 120 && b[0] < 780 && b[1] > 120 && b[1] < 420;
      if (inside && e.neighbors.length > most) { most = e.neighbors.length; best = i; }
    });
    return { i: best, x: boids[best][0], y: boids[best][1], vx: boids[best][2], vy: boids[best][3] };
  });
  const s = box.width / 900;
  await page.mouse.click(box.x + target.x * s, box.y + target.y * s);
  await page.mouse.move(5, 5); // off the canvas: no pointer hawk in the pictures
  await until(page, '#inspect', (h) => h.selected(), target.i);
  await nextFrames(page);
  const region = clipAround(box, target.x, target.y, 70);
  const base = await page.screenshot({ clip: region });
  // Behind the boid (inside the radius, in the blind spot) and ahead of it.
  const speed = Math.hypot(target.vx, target.vy);
  const ux = target.vx / speed;
  const uy = target.vy / speed;
  const behind = clipAround(box, target.x - ux * 45, target.y - uy * 45, 6);
  const ahead = clipAround(box, target.x + uy * 40, target.y - ux * 40, 6); // to one side: inside the cone
  const shots = {};
  for (const o of ['vision', 'neighbors', 'forces', 'grid']) {
    await onWidget(page, '#inspect', (h, name) => h.setOverlay(name, true), o);
    await nextFrames(page);
    shots[o] = await page.screenshot({ clip: region });
    if (o === 'vision') {
      shots.behind = await page.screenshot({ clip: behind });
      shots.ahead = await page.screenshot({ clip: ahead });
    }
    await onWidget(page, '#inspect', (h, name) => h.setOverlay(name, false), o);
  }
  await nextFrames(page);
  const baseBehind = await page.screenshot({ clip: behind });
  const baseAhead = await page.screenshot({ clip: ahead });
  const changed = {};
  for (const o of ['vision', 'neighbors', 'forces', 'grid']) changed[o] = await differingPixels(page, base, shots[o], 6);
  const coneAhead = await differingPixels(page, baseAhead, shots.ahead, 6);
  const coneBehind = await differingPixels(page, baseBehind, shots.behind, 6);
  for (const o of ['vision', 'neighbors', 'forces', 'grid']) assert.ok(changed[o] > 150, `${o} overlay changed ${changed[o]} pixels`);
  assert.ok(coneAhead > 20, `the cone tints its inside: ${coneAhead}`);
  assert.equal(coneBehind, 0, 'the blind spot behind the boid stays untouched');
  // Escape clears the selection first, and only then leaves the canvas.
  await page.locator('#inspect canvas').focus();
  await page.keyboard.press('Escape');
  assert.equal(await onWidget(page, '#inspect', (h) => h.selected()), null);
  assert.equal(await page.evaluate(() => document.activeElement === document.querySelector('#inspect canvas')), true);
  await page.keyboard.press('Escape');
  assert.equal(await page.evaluate(() => document.activeElement === document.querySelector('#inspect canvas')), false);
});

test('overlay buttons toggle with aria-pressed; data-overlays shows boid 0 with none selected', async () => {
  const before = await onWidget(page, '#inspect', (h) => { h.reset(7); h.setOverlay('vision', true); return h.overlays(); });
  assert.equal(before.vision, true);
  await page.locator('#inspect [data-overlay="vision"]').click();
  await until(page, '#inspect', (h) => h.overlays().vision, false);
  await page.waitForFunction(() => document.querySelector('#inspect [data-overlay="vision"]').getAttribute('aria-pressed') === 'false');
  await page.locator('#inspect [data-overlay="vision"]').click();
  await page.waitForFunction(() => document.querySelector('#inspect [data-overlay="vision"]').getAttribute('aria-pressed') === 'true');
  // A fresh widget with data-overlays and no selection draws around boid 0.
  const seen = await page.evaluate(async () => {
    const el = document.createElement('figure');
    el.className = 'flocklab';
    el.dataset.scene = 'flock';
    el.dataset.paused = '';
    el.dataset.overlays = 'vision';
    el.id = 'extra';
    el.innerHTML = '<canvas width="900" height="540"></canvas>';
    document.body.append(el);
    const h = window.FlockLab.mount(el);
    await h.ready;
    return { selected: h.selected(), overlays: h.overlays(), boid0: h.state().boids[0] };
  });
  assert.equal(seen.selected, null);
  assert.equal(seen.overlays.vision, true);
  const { box } = await canvasOf(page, '#extra');
  await nextFrames(page, '#extra');
  const [x, y, vx, vy] = seen.boid0;
  const sp = Math.hypot(vx, vy);
  const side = clipAround(box, x + (vy / sp) * 40, y - (vx / sp) * 40, 5);
  const withCone = await page.screenshot({ clip: side });
  await page.evaluate(() => document.querySelector('#extra').flocklab.setOverlay('vision', false));
  await nextFrames(page, '#extra');
  const without = await page.screenshot({ clip: side });
  assert.ok(await differingPixels(page, withCone, without, 6) > 10, 'the cone around boid 0');
  await page.evaluate(() => document.querySelector('#extra').remove());
});

test('explain(i) in the page agrees with the CLI', async () => {
  const cli = join(root, 'build', 'native', 'flocklab');
  for (const [steps, boid] of [[0, 0], [1, 17], [30, 3], [30, 42]]) {
    const want = JSON.parse(execFileSync(cli, ['explain', '--seed', '7', '--steps', String(steps), '--boid', String(boid), '--json']));
    const got = await onWidget(page, '#inspect', (h, n, i) => {
      h.pause(); h.reset(7);
      for (const o of ['vision', 'neighbors', 'forces', 'grid']) h.setOverlay(o, false);
      stepAll(h, n);
      return h.explain(i);
    }, steps, boid);
    assert.deepEqual(got.neighbors, want.neighbors, `neighbours of boid ${boid} after ${steps} steps`);
    assert.deepEqual(Object.keys(got.forces), Object.keys(want.forces));
    assert.deepEqual(got.weights, want.weights);
    // WebAssembly's libm rounds a few of make_flock's cos/sin differently in
    // the last bit; a relative 1e-9 allows that and nothing more.
    const close = (a, b) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));
    for (const [name, v] of Object.entries(want.forces)) {
      assert.ok(close(got.forces[name][0], v[0]) && close(got.forces[name][1], v[1]), `${name}: ${got.forces[name]} vs ${v}`);
    }
    assert.ok(close(got.total[0], want.total[0]) && close(got.total[1], want.total[1]), `total ${got.total} vs ${want.total}`);
  }
  await assert.rejects(onWidget(page, '#inspect', (h) => h.explain('x')), /explain\(i\)/);
  await assert.rejects(onWidget(page, '#inspect', (h) => h.explain(999)), /TypeError: flocklab: explain\(i\) needs an index from 0 to 59, got 999/);
  await assert.rejects(onWidget(page, '#inspect', (h) => h.explain(2 ** 32 + 5)), /from 0 to 59/);
});

test('history() grows at 10 samples per simulated second, stays bounded, and csv() parses back', async () => {
  const r = await onWidget(page, '#flock', (h) => {
    h.pause(); h.setRule('separation', true); h.reset(7);
    stepAll(h, 300);
    h.setRule('separation', false);
    stepAll(h, 300);
    const a = h.history();
    for (let k = 0; k < 30; k++) stepAll(h, 600); // five more simulated minutes
    const b = h.history();
    return { a, b, csv: h.csv(), seed: h.seed() };
  });
  assert.equal(r.a.time.length, 101);
  assert.ok(Math.abs(r.a.time[100] - 10) < 1e-9);
  assert.deepEqual(r.a.events.map((e) => e.what), ['reset, seed 7', 'separation off']);
  assert.equal(r.a.events[1].time, 5);
  assert.ok(r.a.spacing[100] < 5 && r.a.spacing[40] > 15, `spacing fell: ${r.a.spacing[40]} -> ${r.a.spacing[100]}`);
  assert.equal(r.b.time.length, 1200, 'bounded at two minutes');
  assert.ok(Math.abs(r.b.time[1199] - 310) < 1e-9);
  const rows = r.csv.trim().split('\n');
  assert.equal(rows[0], 'run,time (s),spacing (px),order,slowest (px/s),event');
  // Earlier runs (kept at each reset) come first; the current run's rows are its samples.
  const samples = rows.slice(1).filter((row) => row.startsWith(`${r.b.run},`) && !row.endsWith('"'));
  assert.equal(samples.length, 1200);
  samples.forEach((row, k) => {
    const [, t, sp, o] = row.split(',').map(Number);
    assert.equal(t, r.b.time[k]);
    assert.equal(sp, r.b.spacing[k]);
    assert.equal(o, r.b.order[k]);
  });
  // The download button names the file after the scene and seed.
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#flock [data-action="csv"]').click()]);
  assert.equal(download.suggestedFilename(), 'flocklab-flock-seed7.csv');
});

test('the [data-plot] chart draws the history with axes, units and a text summary', async () => {
  await onWidget(page, '#flock', (h) => { h.pause(); h.setRule('separation', true); h.reset(7); stepAll(h, 300); h.setRule('separation', false); stepAll(h, 300); });
  await page.waitForFunction(() => /after separation off/.test(document.querySelector('#flock svg[data-plot] desc').textContent), null, { timeout: 30000 })
    .catch(async (e) => { throw new Error(`${e.message}: ${await page.evaluate(() => document.querySelector('#flock svg[data-plot] desc').textContent)}`); });
  const chart = await page.evaluate(() => {
    const svg = document.querySelector('#flock svg[data-plot]');
    return {
      role: svg.getAttribute('role'),
      label: svg.getAttribute('aria-label'),
      desc: svg.querySelector('desc').textContent,
      lines: svg.querySelectorAll('polyline').length,
      points: svg.querySelector('polyline').getAttribute('points').split(' ').length,
      text: [...svg.querySelectorAll('text')].map((t) => t.textContent),
      marks: svg.querySelectorAll('line[stroke-dasharray]').length,
    };
  });
  assert.equal(chart.role, 'img');
  assert.equal(chart.label, 'spacing and order over time'); // short; the summary is the description
  assert.match(chart.desc, /^spacing fell from \d+\.\d px to \d+\.\d px after separation off at 5\.0 s\. order rose from/);
  assert.equal(chart.lines, 2);
  assert.equal(chart.points, 101);
  assert.ok(chart.text.includes('simulated time (s)'));
  assert.ok(chart.text.some((t) => t.startsWith('spacing (px)')), chart.text.join('|'));
  assert.ok(chart.marks >= 2, 'a mark for the switch, per gauge');
  await page.locator('#flock').screenshot({ path: `${artifacts}/plot.png` });
  // Half a second of history still spans the whole axis, as its label says.
  await onWidget(page, '#flock', (h) => { h.reset(7); stepAll(h, 30); });
  await page.waitForFunction(() => [...document.querySelectorAll('#flock svg[data-plot] text')].some((t) => t.textContent === '0.5 s'));
  const ends = await page.evaluate(() => {
    const svg = document.querySelector('#flock svg[data-plot]');
    const pts = svg.querySelector('polyline').getAttribute('points').split(' ');
    return { last: Number(pts[pts.length - 1].split(',')[0]), width: Number(svg.getAttribute('viewBox').split(' ')[2]) };
  });
  assert.ok(Math.abs(ends.last - (ends.width - 8)) < 1, `the line ends at ${ends.last} of ${ends.width}`);
});

test('Step runs exactly one 1/60 s step while paused, from the button and the . key', async () => {
  await onWidget(page, '#inspect', (h) => { h.reset(7); h.resume(); });
  await page.locator('#inspect [data-action="step"]').click();
  const a = await onWidget(page, '#inspect', (h) => ({ paused: h.paused(), t: h.gauges().time }));
  assert.equal(a.paused, true, 'Step pauses a running widget');
  await page.locator('#inspect [data-action="step"]').click();
  const b = await onWidget(page, '#inspect', (h) => h.gauges().time);
  assert.ok(Math.abs(b - a.t - 1 / 60) < 1e-9, `one step: ${a.t} -> ${b}`);
  await page.locator('#inspect canvas').focus();
  await page.keyboard.press('.');
  await page.keyboard.press('.');
  await until(page, '#inspect', (h) => Math.round(h.gauges().time * 60), Math.round(b * 60) + 2);
});

test('every parameter from the page: data-weight-separation="0" is separation off; config() round-trips', async () => {
  const r = await page.evaluate(async () => {
    const make = (attrs) => {
      const el = document.createElement('figure');
      el.className = 'flocklab';
      Object.assign(el.dataset, { scene: 'flock', seed: '7', paused: '' }, attrs);
      el.innerHTML = '<canvas width="900" height="540"></canvas>';
      document.body.append(el);
      return window.FlockLab.mount(el);
    };
    const w = make({ weightSeparation: '0' });
    const off = make({ rules: 'alignment,cohesion' });
    const wide = make({ viewAngle: '400' });
    await Promise.all([w.ready, off.ready, wide.ready]);
    stepAll(w, 600);
    stepAll(off, 600);
    const same = JSON.stringify(w.state().boids) === JSON.stringify(off.state().boids);
    // A widget configured from the page and the API, copied through config().
    off.setParams({ viewRadius: 45, max_speed: 140 });
    off.setOverlay('forces', true);
    off.select(5);
    off.setHawkMode('pursuit');
    const config = off.config();
    const copy = make({});
    await copy.ready;
    window.FlockLab.mount(copy.element, config); // options on an element already mounted
    for (const end = performance.now() + 30000; JSON.stringify(copy.config()) !== JSON.stringify(config) && performance.now() < end;) {
      await new Promise((res) => { setTimeout(res, 20); }); // until they are applied
    }
    copy.reset(7);
    off.reset(7);
    stepAll(copy, 120);
    stepAll(off, 120);
    const out = { same, params: { ...w.params(), view_angle: wide.params().view_angle }, config, copyConfig: copy.config(), sameCopy: JSON.stringify(copy.state()) === JSON.stringify(off.state()) };
    for (const h of [w, off, wide, copy]) h.element.remove();
    return out;
  });
  assert.ok(r.same, 'data-weight-separation="0" flies exactly like separation off');
  assert.equal(r.params.weight_separation, 0);
  assert.equal(r.params.view_angle, 360);
  assert.ok(page.warnings.some((m) => /data-view-angle="400": view_angle: 400 is outside 0\.0 to 360\.0 deg; using 360\.0/.test(m)),
    page.warnings.join('\n'));
  assert.equal(r.config.params.view_radius, 45);
  assert.equal(r.config.overlays, 'forces');
  assert.equal(r.config.selected, 5);
  assert.equal(r.config.hawk, 'pursuit');
  assert.deepEqual(r.copyConfig, r.config);
  assert.ok(r.sameCopy, 'the copy flies exactly like the original');
  await assert.rejects(onWidget(page, '#inspect', (h) => h.setParams({ gravity: 1 })), /setParams: 'gravity': no such setting/);
});

test('the lesson\'s Inspect picks a boid without a hawk: a click selects, no flee; Pointer hawk makes the pointer the hawk', async () => {
  await scrollToCanvas(page, '#inspect');
  const { box } = await canvasOf(page, '#inspect');
  const target = await onWidget(page, '#inspect', (h) => {
    h.pause(); h.reset(7); stepAll(h, 600); h.select(null);
    const b = h.state().boids;
    const i = b.findIndex((x) => x[0] > 150 && x[0] < 750 && x[1] > 150 && x[1] < 390);
    return { i, x: b[i][0], y: b[i][1] };
  });
  const s = box.width / 900;
  await page.mouse.click(box.x + target.x * s, box.y + target.y * s);
  await until(page, '#inspect', (h) => h.selected(), target.i);
  await nextFrames(page);
  const r = await onWidget(page, '#inspect', (h, i) => { const e = h.explain(i); return { hawk: h.hawk(), mode: h.hawkMode(), seen: e.hawk, flee: e.forces.flee }; }, target.i);
  assert.equal(r.mode, 'off');
  assert.equal(r.hawk, null, 'the click put no hawk on the boid');
  assert.equal(r.seen, null);
  assert.ok(!r.flee || (r.flee[0] === 0 && r.flee[1] === 0), JSON.stringify(r.flee));
  // Asked for: the pointer over the canvas is the hawk again.
  await page.locator('#inspect button', { hasText: 'Pointer hawk' }).click();
  await until(page, '#inspect', (h) => h.hawkMode(), 'pointer');
  await page.mouse.move(box.x + target.x * s, box.y + target.y * s);
  await page.waitForFunction(() => document.querySelector('#inspect').flocklab.hawk() !== null, null, { timeout: 30000 });
  await page.locator('#inspect button', { hasText: 'No hawk' }).click();
  await until(page, '#inspect', (h) => h.hawkMode(), 'off');
});
