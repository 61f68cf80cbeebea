// Browser tests of [data-experiment]: the runs equal the CLI's sweep, the
// page stays responsive while Workers run them, Stop stops, a dot replays its
// run in the target widget, the keyboard alone does all of it, the CSV reads
// back, and without Workers the same rows come in 8 ms slices.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { start, openLesson, pageOf, root, mainThreadTasks, noSimd } from './helpers.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env.close(); });

const cli = (...args) => execFileSync(join(root, 'build', 'native', 'flocklab'), ['sweep', ...args, '--json'], { encoding: 'utf8' })
  .trim().split('\n').map((l) => JSON.parse(l)).filter((r) => 'run' in r);

// An experiment element (and a target widget) on a page of its own; resolves its handle once ready.
async function experimentPage(attrs, extra = '', setup = null, init = null) {
  const page = await pageOf(env, `<figure class="flocklab" id="e" data-experiment ${attrs} data-target="#t"></figure>
    <figure class="flocklab" id="t" data-paused><canvas width="900" height="540"></canvas></figure>
    <label>Notes <input id="notes" type="text"></label>${extra}`, { setup, init });
  await page.waitForFunction(() => document.querySelector('#e').classList.contains('flocklab-ready')
    && document.querySelector('#t').classList.contains('flocklab-ready'), null, { timeout: 60000 });
  await page.evaluate(() => document.querySelector('#e').flocklabExperiment.ready); // described: its axes and values
  return page;
}
const runAll = (page) => page.evaluate(() => document.querySelector('#e').flocklabExperiment.run());
// The target widget once it shows a run: remounted, ready, at `seconds` and paused, with `seed`.
const shownRun = (page, seed, seconds) => page.waitForFunction(({ seed, seconds }) => {
  try {
    const h = document.querySelector('#t').flocklab;
    return h.paused() && h.seed() === seed && h.gauges().time === seconds && !document.querySelector('#t').hasAttribute('aria-busy');
  } catch { return false; } // remounted, not ready yet
}, { seed, seconds }, { timeout: 20000 });

test('the crowd: every run of the page\'s experiment equals flocklab sweep, to the bit', async () => {
  const page = await experimentPage('data-scene="crowd" data-vary="follow" data-values="field,seek" data-seeds="0-3" data-seconds="20" data-measure="stuck"');
  const r = await runAll(page);
  const native = cli('--scene', 'crowd', '--vary', 'follow=field,seek', '--seeds', '0-3', '--seconds', '20');
  assert.equal(r.rows.length, 8);
  assert.deepEqual(r.rows.map((x) => [x.value, x.seed, x.arrived, x.stuck, x.mean_steps_to_goal]),
    native.map((x) => [x.follow, x.seed, x.arrived, x.stuck, x.mean_steps_to_goal]));
  assert.match(r.sentence, /^stuck rises from \d+(\.\d)? agents at follow field to \d+(\.\d)? agents at follow seek\.$/, r.sentence);
  assert.deepEqual(page.problems, []);
  await page.close();
});

// The flock's start comes from cos and sin of random angles, and wander
// from cos and sin every step. The page and the CLI compute them with the
// core's own (src/core/trig.hpp: glibc's method, as the lab's glibc rounds),
// not with their C libraries' (musl's in the page), so every start and every
// run is the same to the bit.
const dump = (...args) => JSON.parse(execFileSync(join(root, 'build', 'native', 'flocklab'), ['dump', ...args], { encoding: 'utf8' })).boids_state;
test('the flock: seeds 0-199 start as natively, 25 wandering runs of 10 s end as natively, and every run of the experiment equals flocklab sweep, all to the bit', async () => {
  const page = await experimentPage('data-scene="flock" data-vary="weight-separation" data-values="0:3:0.5" data-seeds="0-9" data-seconds="10" data-measure="spacing"');
  const starts = await page.evaluate(() => {
    const h = document.querySelector('#t').flocklab;
    h.pause();
    return Array.from({ length: 200 }, (_, s) => { h.reset(s); return h.state().boids; });
  });
  starts.forEach((boids, s) => assert.deepEqual(boids, dump('--seed', String(s), '--steps', '0'), `seed ${s}'s start`));
  const wandering = await page.evaluate(() => {
    const h = document.querySelector('#t').flocklab;
    h.setRule('wander', true);
    const out = Array.from({ length: 25 }, (_, s) => { h.reset(s); stepAll(h, 600); return h.state().boids; }); // helpers.mjs
    h.setRule('wander', false);
    return out;
  });
  wandering.forEach((boids, s) => assert.deepEqual(boids, dump('--seed', String(s), '--steps', '600', '--wander'), `seed ${s} with wander after 10 s`));
  const r = await runAll(page);
  const native = cli('--vary', 'weight_separation=0:3:0.5', '--seeds', '0-9', '--seconds', '10');
  assert.equal(r.rows.length, 70);
  assert.deepEqual(r.rows.map((x) => [Number(x.value), x.seed, x.spacing, x.order]),
    native.map((x) => [x.weight_separation, x.seed, x.spacing, x.order]));
  // Each value's mean as the CLI sums it (in run order, then divided): to
  // the bit, whichever worker's rows came in first.
  const means = [...new Set(native.map((x) => x.weight_separation))].map((v) => {
    const xs = native.filter((x) => x.weight_separation === v).map((x) => x.spacing);
    let sum = 0;
    for (const x of xs) sum += x;
    return sum / xs.length;
  });
  assert.deepEqual(r.summary.map((p) => p.mean), means);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('an engine without WebAssembly SIMD (Safari before 16.4): the page loads the modules built without it, the widget and the workers alike, and seed 7, a wandering run and every run of an experiment equal native, to the bit', async () => {
  const asked = [];
  const page = await experimentPage('data-scene="flock" data-vary="weight-separation" data-values="0:3:1" data-seeds="0-3" data-seconds="10" data-measure="spacing"', '',
    (p) => p.on('request', (q) => asked.push(new URL(q.url()).pathname.split('/').pop())), noSimd);
  const runs = await page.evaluate(() => {
    const h = document.querySelector('#t').flocklab;
    h.reset(7);
    stepAll(h, 600); // helpers.mjs
    const seven = h.state().boids;
    h.setRule('wander', true);
    h.reset(3);
    stepAll(h, 600);
    return { seven, wander: h.state().boids };
  });
  assert.deepEqual(runs.seven, dump('--seed', '7', '--steps', '600'), 'seed 7 after 10 s');
  assert.deepEqual(runs.wander, dump('--seed', '3', '--steps', '600', '--wander'), 'seed 3 with wander after 10 s');
  const r = await runAll(page);
  const native = cli('--vary', 'weight_separation=0:3:1', '--seeds', '0-3', '--seconds', '10');
  assert.equal(r.rows.length, 16);
  assert.deepEqual(r.rows.map((x) => [Number(x.value), x.seed, x.spacing, x.order]),
    native.map((x) => [x.weight_separation, x.seed, x.spacing, x.order]));
  // Each file fetched, the workers' included (a worker's request is the page's
  // here): only the modules without SIMD.
  const wasm = [...new Set(asked.filter((f) => f.endsWith('.wasm')))].sort();
  assert.deepEqual(wasm, ['flocklab-core-nosimd.wasm', 'flocklab-sweep-nosimd.wasm'], `the page fetched ${wasm.join(', ')}`);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('while it runs, typing into a text field sees no long task; Stop stops within its own click', async () => {
  // 988 runs (near the 1000 a page makes): still running when Stop is
  // pressed, however long the typing and the trace take on a busy machine
  // (260 were all done once, with both cores kept busy by another process).
  const page = await experimentPage('data-scene="flock" data-vary="weight-separation" data-values="0:3:0.25" data-seeds="0-75" data-seconds="10"');
  // A long task: more than 50 ms of the main thread's CPU (helpers.mjs, mainThreadTasks).
  const { result: typed, tasks } = await mainThreadTasks(page, async () => {
    await page.locator('#e .fl-exp-run').click();
    await page.locator('#notes').click();
    await page.keyboard.type('the spacing should grow with separation', { delay: 20 });
    return page.evaluate(() => ({ text: document.querySelector('#notes').value, done: document.querySelector('#e progress').value }));
  });
  const long = tasks.filter((t) => t.cpu > 50).map((t) => `${t.cpu.toFixed(0)} ms of CPU in ${t.wall.toFixed(0)}`);
  assert.equal(typed.text, 'the spacing should grow with separation');
  assert.deepEqual(long, [], `long tasks while typing: ${long.join(', ')}`);
  assert.ok(typed.done > 0, 'runs finished while the student typed');
  const stop = await page.evaluate(async () => {
    const el = document.querySelector('#e');
    const h = el.flocklabExperiment;
    if (!h.running()) return { skipped: true };
    let after = 0;
    let clicked = false;
    el.addEventListener('flocklab:progress', () => { if (clicked) after++; });
    el.querySelector('.fl-exp-run').click();
    // Stopped by the click itself, before any other task runs: how long the
    // click takes is the machine's (the benchmarks time it), not the test's.
    const stopped = !h.running() && !el.hasAttribute('aria-busy');
    clicked = true;
    await new Promise((r) => setTimeout(r, 300)); // an observation window: no run may finish in it
    return { stopped, after, rows: h.results().rows.length, label: el.querySelector('.fl-exp-run').textContent };
  });
  assert.ok(!stop.skipped, 'the experiment was still running when Stop was pressed');
  assert.ok(stop.stopped, 'the experiment still ran after the Stop click returned');
  assert.equal(stop.after, 0, 'no run finished after Stop');
  assert.equal(stop.label, 'Run');
  assert.ok(stop.rows < 1300);
  await page.close();
});

test('a dot loads its run into the target widget, which then shows that run\'s gauges; the CSV reads back', async () => {
  const page = await experimentPage('data-scene="flock" data-vary="view-angle" data-values="90:270:90" data-seeds="3,4" data-seconds="4" data-measure="order" data-boids="40"');
  const r = await runAll(page);
  assert.deepEqual(r.values, ['90.0', '180.0', '270.0']);
  await page.locator('#e .fl-exp-dot[data-run="3"]').click();
  // Said in the live region; the summary under the chart keeps the result (issue 65: it was replaced for good).
  await page.waitForFunction(() => /Run 3 /.test(document.querySelector('#e .fl-exp-said').textContent), null, { timeout: 20000 });
  assert.equal(await page.locator('#e .fl-exp-summary').textContent(), r.sentence);
  await shownRun(page, r.rows.find((x) => x.run === 3).seed, 4);
  const shown = await page.evaluate(() => {
    const h = document.querySelector('#t').flocklab;
    return { g: h.gauges(), seed: h.seed(), params: h.params(), boids: h.boids() };
  });
  const row = r.rows.find((x) => x.run === 3);
  assert.deepEqual([shown.g.time, shown.g.spacing, shown.g.order], [4, row.spacing, row.order]);
  assert.equal(shown.seed, row.seed);
  assert.equal(shown.params.view_angle, 180);
  assert.equal(shown.boids, 40);
  const csv = await page.evaluate(() => document.querySelector('#e').flocklabExperiment.csv());
  const [head, ...lines] = csv.trim().split('\n');
  assert.equal(head, 'run,view_angle,seed,spacing (px),order,slowest (px/s),prediction,predicted order');
  assert.deepEqual(lines.map((l) => l.split(',')).map(([run, v, seed, spacing, order]) => ({ run: Number(run), value: v, seed: Number(seed), spacing: Number(spacing), order: Number(order) })),
    r.rows.map(({ run, value, seed, spacing, order }) => ({ run, value, seed, spacing, order })));
  await page.close();
});

test('the keyboard alone: a prediction, Run, the summary, a dot, Enter', async () => {
  const page = await experimentPage('data-scene="flock" data-vary="weight-separation" data-values="0:2:1" data-seeds="0-2" data-seconds="5" data-measure="spacing"');
  await page.locator('#e select').focus();
  await page.keyboard.type('r'); // type-ahead: rises
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.className), 'fl-exp-run');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('#e').flocklabExperiment.results().rows.length === 9 && !document.querySelector('#e').hasAttribute('aria-busy'), null, { timeout: 60000 });
  const summary = await page.locator('#e .fl-exp-summary').textContent();
  assert.match(summary, /^spacing rises from \d+\.\d px at separation 0 to \d+\.\d px at separation [12](, then levels off)?\. You predicted: rises\. The result: rises; its mean went from \d+\.\d px to \d+\.\d px\.$/, summary);
  assert.deepEqual(await page.evaluate(() => document.querySelector('#e').flocklabExperiment.prediction()), { kind: 'shape', shape: 'rises', points: [] });
  // Tab reaches one dot (a roving tab stop); the arrows move between dots.
  await page.keyboard.press('Tab'); // the CSV button
  await page.keyboard.press('Tab');
  const first = await page.evaluate(() => document.activeElement.getAttribute('aria-label'));
  assert.match(first, /^separation 0, seed 0: spacing \d+\.\d px\. Enter shows this run\.$/);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  const picked = await page.evaluate(() => document.activeElement.dataset.run);
  assert.equal(picked, '4'); // value 1, seed 1
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => /Run 4 /.test(document.querySelector('#e .fl-exp-said').textContent), null, { timeout: 20000 });
  await shownRun(page, 1, Number(await page.evaluate(() => document.querySelector('#e').dataset.seconds ?? 10)));
  assert.equal(await page.evaluate(() => document.querySelector('#t').flocklab.seed()), 1);
  await page.close();
});

// The sliders' state, as a screen reader reads it.
const sliders = (page) => page.evaluate(() => [...document.querySelectorAll('#e .fl-exp-point')].map((h) => ({
  label: h.getAttribute('aria-label'), now: Number(h.getAttribute('aria-valuenow')), max: Number(h.getAttribute('aria-valuemax')),
  text: h.getAttribute('aria-valuetext'), tab: h.tabIndex, disabled: h.getAttribute('aria-disabled'),
})));
const focused = (page) => page.evaluate(() => document.activeElement.getAttribute('aria-label'));

test('a prediction by points: the keys alone place them, then Run, and one sentence states both in numbers', async () => {
  const page = await experimentPage('data-scene="flock" data-vary="weight-separation" data-values="0:2:1" data-seeds="0-2" data-seconds="5" data-measure="spacing"');
  // Before any run the chart has its axes and the scale of the measure.
  assert.equal(await page.locator('#e .fl-exp-chart text').first().textContent(), '0');
  assert.equal(await page.locator('#e .fl-exp-hint').isHidden(), true);
  await page.locator('#e select').focus();
  await page.keyboard.type('po'); // type-ahead: "points on the chart" (after "peaks")
  assert.equal(await page.locator('#e select').inputValue(), 'points');
  assert.equal(await page.locator('#e .fl-exp-hint').isVisible(), true);
  const start = await sliders(page);
  assert.equal(start.length, 3);
  assert.deepEqual(start.map((h) => h.label), ['Your prediction at separation 0', 'Your prediction at separation 1', 'Your prediction at separation 2']);
  assert.deepEqual(start.map((h) => h.tab), [0, -1, -1]); // one tab stop
  assert.ok(start.every((h) => h.now === start[0].now && h.now > 0 && h.now < h.max), JSON.stringify(start));
  // Tab: Run, then the first point (the CSV button is disabled).
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  assert.equal(await focused(page), 'Your prediction at separation 0');
  const top = start[0].max;
  const tick = [1, 2, 5, 10].map((m) => m * 10 ** Math.floor(Math.log10(top / 4))).find((x) => x >= top / 4);
  const fine = tick / 10;
  for (let k = 0; k < 3; k++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  assert.equal(await focused(page), 'Your prediction at separation 1');
  await page.keyboard.press('PageUp');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Home'); // the least: 0
  await page.keyboard.press('ArrowRight'); // stays on the last
  assert.equal(await focused(page), 'Your prediction at separation 2');
  for (let k = 0; k < 4; k++) await page.keyboard.press('ArrowUp');
  const placed = await sliders(page);
  const near = (a, b) => Math.abs(a - b) < 1e-9;
  assert.ok(near(placed[0].now, start[0].now - 3 * fine) && near(placed[1].now, start[0].now + tick) && near(placed[2].now, 4 * fine), JSON.stringify({ placed, fine, tick }));
  assert.match(placed[2].text, /^\d+\.\d px$/);
  const prediction = await page.evaluate(() => document.querySelector('#e').flocklabExperiment.prediction());
  assert.deepEqual(prediction.points, [{ value: '0.0', spacing: placed[0].now }, { value: '1.0', spacing: placed[1].now }, { value: '2.0', spacing: placed[2].now }]);
  assert.equal(prediction.shape, 'peaks');
  // Shift+Tab back to Run, Enter; while it runs the points are held.
  await page.keyboard.press('Shift+Tab');
  assert.equal(await page.evaluate(() => document.activeElement.className), 'fl-exp-run');
  // (Read at the run's first progress, while it surely runs: on a busy machine
  // these 9 runs were all done before the next look.)
  await page.evaluate(() => {
    const el = document.querySelector('#e');
    el.addEventListener('flocklab:progress', () => {
      window.heldWhileRunning = [...el.querySelectorAll('.fl-exp-point')].map((h) => h.getAttribute('aria-disabled'));
    }, { once: true });
  });
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.heldWhileRunning, null, { timeout: 30000 });
  assert.deepEqual(await page.evaluate(() => window.heldWhileRunning), ['true', 'true', 'true']);
  await page.waitForFunction(() => !document.querySelector('#e').hasAttribute('aria-busy'), null, { timeout: 60000 });
  const r = await page.evaluate(() => document.querySelector('#e').flocklabExperiment.results());
  const summary = await page.locator('#e .fl-exp-summary').textContent();
  // The sentence's numbers are the points and the means, computed here again.
  const px = (v) => `${v.toFixed(1)} px`;
  const gaps = r.summary.map((p, i) => Math.abs(placed[i].now - p.mean));
  const widest = gaps.indexOf(Math.max(...gaps));
  // The result's shape by the module's own rule, which is checked on known series first.
  // Each mean's standard error, from the rows: the result's shape weighs the seeds' spread.
  const errors = r.summary.map((p) => {
    const xs = r.rows.filter((x) => x.value === p.value).map((x) => x.spacing);
    const m = xs.reduce((a, b) => a + b, 0) / xs.length;
    return xs.length > 1 ? Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1) / xs.length) : 0;
  });
  const shapes = await page.evaluate(async ({ means, errors }) => {
    const { shapeOf } = await import('./flocklab-experiment.js');
    return [...[[1, 2, 3, 4], [4, 3, 2, 1], [5, 5.1, 4.95, 5], [1, 3, 1.2], [1, 5, 9, 9.2, 9.3]].map((m) => shapeOf(m)),
      // A dip inside the spread is no peak; the same dip with tight runs is.
      shapeOf([0.5, 0.78, 0.58], [0.12, 0.12, 0.12]), shapeOf([0.5, 0.78, 0.58], [0.01, 0.01, 0.01]), shapeOf(means, errors)];
  }, { means: r.summary.map((p) => p.mean), errors });
  assert.deepEqual(shapes.slice(5, 7).map((x) => x.shape), ['stays level', 'peaks']);
  shapes.splice(5, 2);
  assert.deepEqual(shapes.slice(0, 5).map((x) => [x.shape, x.at ?? x.levelsAt ?? null]),
    [['rises', null], ['falls', null], ['stays level', null], ['peaks', 1], ['rises', 2]]);
  const shape = shapes[5].shape;
  const expect = `You predicted ${px(placed[0].now)} at separation 0 and ${px(placed[2].now)} at separation 2 (peaks); the means were ${px(r.summary[0].mean)} and ${px(r.summary[2].mean)} (`;
  assert.ok(summary.includes(expect), `${summary}\nexpected: ${expect}`);
  assert.ok(summary.endsWith(`Your points were ${px(gaps.reduce((a, b) => a + b) / 3)} from the means on average, ${px(gaps[widest])} at most (at separation ${widest}).`), summary);
  assert.ok(summary.includes(`(${shape}). Your points`), `${summary}\nexpected the result's shape: ${shape}`);
  // The CSV carries the prediction: its shape and the predicted spacing at each run's value.
  const [head, ...lines] = (await page.evaluate(() => document.querySelector('#e').flocklabExperiment.csv())).trim().split('\n');
  assert.equal(head, 'run,weight_separation,seed,spacing (px),order,slowest (px/s),prediction,predicted spacing (px)');
  assert.deepEqual(lines.map((l) => l.split(',').slice(6)), r.rows.map((x) => ['peaks', String(placed[['0.0', '1.0', '2.0'].indexOf(x.value)].now)]));
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('a prediction by points: the pointer drags them, a click places the nearest, a touch drag does not scroll the page', async () => {
  const page = await experimentPage('data-scene="flock" data-vary="view-angle" data-values="90:270:90" data-seeds="0" data-seconds="2" data-measure="order"',
    '<div style="height: 2000px"></div>');
  await page.evaluate(() => document.querySelector('#e').flocklabExperiment.predict('points'));
  const before = await sliders(page);
  assert.ok(near1(before[0].max, 1.1), `order's scale is its ceiling: ${before[0].max}`);
  const plot = 182; // the plot's height in CSS px (260 less the margins)
  const box = await page.locator('#e .fl-exp-point').nth(1).boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 - 40, { steps: 4 });
  await page.mouse.up();
  const dragged = await sliders(page);
  assert.ok(Math.abs(dragged[1].now - (before[1].now + 40 / plot * before[1].max)) <= 0.011, JSON.stringify({ before: before[1], after: dragged[1] }));
  assert.equal(await focused(page), dragged[1].label);
  // A drag past the top stops at order's ceiling, 1.
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 - 40);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y - 300, { steps: 4 });
  await page.mouse.up();
  assert.equal((await sliders(page))[1].now, 1);
  // A click in the plot, above the first value, puts the first point there (the chart's bottom is 0; the pointer's step is a fifth of the keys').
  const chart = await page.locator('#e .fl-exp-chart').boundingBox();
  await page.mouse.click(chart.x + 60, chart.y + 216 - 0.2 * plot / before[0].max);
  assert.ok(Math.abs((await sliders(page))[0].now - 0.2) <= 0.011, JSON.stringify(await sliders(page)));
  // A finger on the last point moves it, and the page stays where it is.
  await page.evaluate(() => window.scrollTo(0, 0));
  const last = await page.locator('#e .fl-exp-point').nth(2).boundingBox();
  const cdp = await page.context().newCDPSession(page);
  const [x, y] = [last.x + last.width / 2, last.y + last.height / 2];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let k = 1; k <= 5; k++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y + 10 * k }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  const touched = await sliders(page);
  assert.ok(touched[2].now < before[2].now - 0.2, JSON.stringify({ before: before[2], after: touched[2] }));
  assert.equal(await page.evaluate(() => window.scrollY), 0);
  // Bad points: the wrong count or not numbers are refused; out of range is clamped, with a warning.
  const bad = await page.evaluate(() => {
    const h = document.querySelector('#e').flocklabExperiment;
    const out = [];
    for (const p of [[0.5], [0.1, Number.NaN, 0.2], [0.1, '0.2', 0.3]]) { try { h.predict(p); out.push('taken'); } catch (e) { out.push(e.name); } }
    h.predict([-1, 0.5, 7]);
    out.push(h.prediction().points.map((q) => q.order));
    return out;
  });
  assert.deepEqual(bad, ['TypeError', 'TypeError', 'TypeError', [0, 0.5, 1]]);
  assert.ok(page.warnings.some((w) => /predict\(\): order is between 0 and 1/.test(w)), page.warnings.join('\n'));
  assert.deepEqual(page.problems, []);
  await page.close();
});
const near1 = (a, b) => Math.abs(a - b) < 1e-6;

test('Stop rejects run() with AbortError and fires no flocklab:done; a run started from a flocklab:done handler leaves the first run\'s results whole; leaving the page destroys it, coming back mounts it afresh', async () => {
  const page = await experimentPage('data-scene="flock" data-vary="weight-separation" data-values="0:3:0.25" data-seeds="0-19" data-seconds="10"');
  const stopped = await page.evaluate(async () => {
    const el = document.querySelector('#e');
    const h = el.flocklabExperiment;
    let done = 0;
    el.addEventListener('flocklab:done', () => { done++; });
    const p = h.run();
    await new Promise((r) => el.addEventListener('flocklab:progress', r, { once: true }));
    h.stop();
    const outcome = await p.then(() => 'resolved', (e) => e.name);
    await new Promise((r) => setTimeout(r, 200)); // an observation window: no flocklab:done in it
    return { outcome, done, rows: h.results().rows.length, csv: !el.querySelector('.fl-exp-csv').disabled };
  });
  assert.deepEqual({ ...stopped, rows: stopped.rows > 0 }, { outcome: 'AbortError', done: 0, rows: true, csv: true });
  // A flocklab:done handler that starts the next run: the first run's promise keeps its own results.
  const chained = await page.evaluate(async () => {
    const el = document.querySelector('#e');
    el.dataset.values = '0,1';
    el.dataset.seeds = '3';
    el.dataset.seconds = '1';
    const h = el.flocklabExperiment;
    let second = null;
    el.addEventListener('flocklab:done', () => { if (!second) second = h.run(); }, { once: true });
    const first = await h.run();
    const next = await second;
    return { first: first.rows.length, next: next.rows.length };
  });
  assert.deepEqual(chained, { first: 2, next: 2 });
  // Removed mid-run: the run is stopped, the parts go, the handle refuses new work; put back: mounted afresh.
  const removed = await page.evaluate(async () => {
    const el = document.querySelector('#e');
    const h = el.flocklabExperiment;
    el.dataset.values = '0:3:0.25';
    el.dataset.seeds = '0-19';
    el.dataset.seconds = '10';
    const p = h.run().then(() => 'resolved', (e) => e.name);
    const parent = el.parentNode;
    el.remove();
    const outcome = await p;
    const after = { running: h.running(), parts: el.querySelectorAll('.fl-exp').length, handle: 'flocklabExperiment' in el };
    let refused = null;
    try { h.run(); } catch (e) { refused = e.message; }
    parent.prepend(el);
    for (const end = performance.now() + 30000; !(el.flocklabExperiment && el.querySelector('.fl-exp')) && performance.now() < end;) {
      await new Promise((r) => { setTimeout(r, 20); }); // until the auto-mounter has mounted it again
    }
    return { outcome, after, refused, again: el.querySelectorAll('.fl-exp').length, fresh: el.flocklabExperiment !== h && !!el.flocklabExperiment };
  });
  assert.deepEqual(removed, {
    outcome: 'AbortError', after: { running: false, parts: 0, handle: false },
    refused: 'flocklab: run(): this experiment was destroyed (it left the page)', again: 1, fresh: true,
  });
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('an experiment of the most runs a page makes (1000 values x 1 seed) draws and settles (more are refused: hardening.test.mjs)', async () => {
  // 1000 values of one step each. (At 140,000 rows, before the page's limit,
  // Math.max(...rows) ran out of stack and every redraw threw.)
  const page = await experimentPage('data-scene="steer" data-vary="max_speed" data-values="20:119.9:0.1" data-seeds="0" data-seconds="0.02" data-measure="speed"');
  const r = await page.evaluate(async () => {
    const h = document.querySelector('#e').flocklabExperiment;
    // A bound, not a wait: a run that never settles (the old failure) fails here.
    const out = await Promise.race([h.run(), new Promise((_, no) => setTimeout(() => no(new Error('run() did not settle within 180 s')), 180000))]);
    return { rows: out.rows.length, values: out.values.length, sentence: out.sentence, dots: document.querySelectorAll('#e .fl-exp-dot').length };
  });
  assert.equal(r.values, 1000);
  assert.equal(r.rows, 1000);
  assert.equal(r.dots, 1000);
  assert.match(r.sentence, /^speed /, r.sentence);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('data-target must name a widget: body, an experiment or a bad selector is refused with a warning, and nothing is mounted there', async () => {
  const page = await experimentPage('data-vary="weight_separation" data-values="0,1" data-seeds="0" data-seconds="1"');
  const r = await page.evaluate(async () => {
    const e = document.querySelector('#e');
    const h = e.flocklabExperiment;
    await h.run();
    const out = {};
    for (const target of ['body', '#e', ':::', '#nothing']) {
      e.dataset.target = target;
      try { out[target] = await h.show(0); } catch (err) { out[target] = `${err.name}: ${err.message}`; }
    }
    return { out, bodyWidget: document.body.flocklab !== undefined || document.body.classList.contains('flocklab') };
  });
  assert.deepEqual(r.out, { body: null, '#e': null, ':::': null, '#nothing': null });
  assert.equal(r.bodyWidget, false);
  for (const [target, why] of [['body', 'names no widget'], ['#e', 'names no widget'], [':::', 'not a CSS selector'], ['#nothing', 'no such element']]) {
    assert.ok(page.warnings.some((w) => w.includes(`data-target="${target}": ${why}`)), `${target}: ${page.warnings.join(' | ')}`);
  }
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('contract gaps: a data-measure of no gauge is said, results() answers a bad data-seconds, run() rejects bad seeds as it rejects bad values', async () => {
  const page = await experimentPage('data-vary="weight_separation" data-values="0,1" data-seeds="0" data-seconds="1" data-measure="nope"');
  const r = await page.evaluate(async () => {
    const e = document.querySelector('#e');
    const h = e.flocklabExperiment;
    e.dataset.seconds = '0';
    let results;
    try { results = h.results().seconds; } catch (err) { results = `${err.name}: ${err.message}`; }
    e.dataset.seconds = '1';
    e.dataset.seeds = 'x';
    let kind = 'no error';
    let why = '';
    try {
      const p = h.run();
      kind = typeof p?.then === 'function' ? 'promise' : 'other';
      await p;
    } catch (err) {
      why = `${err.name}: ${err.message}`;
      if (kind === 'no error') kind = 'thrown';
    }
    return { results, kind, why, measure: h.results().measure };
  });
  assert.equal(r.results, null);
  assert.equal(r.kind, 'promise', 'run() returns a promise that rejects; it does not throw');
  assert.match(r.why, /^TypeError: flocklab: experiment: data-seeds="x": expected seeds such as 7, 0-11 or 1,4,9$/);
  assert.equal(r.measure, 'spacing');
  assert.ok(page.warnings.some((w) => w.includes('data-measure="nope": no such gauge (it has spacing, order, slowest); using spacing')), page.warnings.join(' | '));
  await page.close();
});

test('without Workers the same rows come in slices of at most 8 ms', async () => {
  const attrs = 'data-scene="flock" data-vary="weight-cohesion" data-values="0,1" data-seeds="5-10" data-seconds="10"';
  const page = await experimentPage(`${attrs} data-workers="0"`);
  // Each slice works 8 ms; the longest task allowed is the usual long task,
  // 50 ms of the main thread's CPU (helpers.mjs, mainThreadTasks).
  const { result: sliced, tasks } = await mainThreadTasks(page, () => runAll(page));
  const long = tasks.filter((t) => t.cpu > 50).map((t) => `${t.cpu.toFixed(0)} ms of CPU in ${t.wall.toFixed(0)}`);
  await page.close();
  const page2 = await experimentPage(attrs);
  const workers = await runAll(page2);
  await page2.close();
  assert.deepEqual(sliced.rows, workers.rows);
  assert.deepEqual(long, [], `long tasks: ${long.join(', ')}`);
  // The runs' work would have been a long task unsliced: else this proves nothing.
  const cpu = tasks.reduce((a, t) => a + t.cpu, 0);
  assert.ok(cpu > 100, `the run took ${cpu.toFixed(0)} ms of CPU in all`);
});

// The summary needs the results' shape (the core's rule, from the sweep
// module the page loads a second time, on this thread). Loaded late, as on a
// busy machine: the last row is in, and the figure must stay busy until the
// summary says this run, or a screen reader hears the old one as the answer.
test('the figure stays aria-busy until the summary says the run, even when the results\' shape loads after the last row', async () => {
  let fetches = 0;
  let letGo;
  let asked;
  const hold = new Promise((resolve) => { letGo = resolve; });
  const shapesAsked = new Promise((resolve) => { asked = resolve; });
  const setup = (p) => p.route(/flocklab-sweep\.wasm$/, async (r) => {
    fetches += 1;
    if (fetches === 2) { asked(); await hold; } // the first: the runs' module; the second: the shapes'
    await r.continue();
  });
  const page = await experimentPage('data-scene="flock" data-vary="weight-cohesion" data-values="0,1" data-seeds="1-2" data-seconds="2" data-workers="0"', '', setup);
  await shapesAsked; // the shapes' module is asked for once the experiment is described
  const done = page.evaluate(() => document.querySelector('#e').flocklabExperiment.run().then((r) => r.rows.length));
  await page.waitForFunction(() => document.querySelector('#e').flocklabExperiment.results().rows.length === 4, null, { timeout: 60000 });
  const held = await page.evaluate(() => ({ busy: document.querySelector('#e').getAttribute('aria-busy'), summary: document.querySelector('#e .fl-exp-summary')?.textContent ?? null }));
  assert.equal(held.busy, 'true', `all rows in, the shapes not loaded: ${JSON.stringify(held)}`);
  letGo();
  assert.equal(await done, 4);
  await page.waitForFunction(() => !document.querySelector('#e').hasAttribute('aria-busy'), null, { timeout: 60000 });
  const after = await page.evaluate(() => ({ summary: document.querySelector('#e .fl-exp-summary').textContent, sentence: document.querySelector('#e').flocklabExperiment.results().sentence }));
  assert.doesNotMatch(after.sentence, /runs so far|No runs yet/, after.sentence);
  assert.ok(after.summary.includes(after.sentence), JSON.stringify(after));
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('a bad setting or a value out of range is refused in one sentence on the element, and nothing runs', async () => {
  const page = await experimentPage('data-scene="flock" data-vary="gravity" data-values="1,2" data-seeds="0-1"');
  const err = await page.evaluate(() => document.querySelector('#e').flocklabExperiment.run().then(() => 'ran', (e) => `${e.name}: ${e.message}`));
  assert.match(err, /^TypeError: flocklab: experiment: a flock scene has no setting 'gravity'/);
  assert.match(await page.locator('#e .fl-exp-summary').textContent(), /no setting 'gravity'/);
  await page.close();
  // A value out of range: said at once on the element (before any run), and Run refuses it.
  const range = await experimentPage('data-scene="flock" data-vary="weight-separation" data-values="-1,2" data-seeds="0-1"');
  assert.equal(await range.locator('#e .fl-exp-summary').textContent(), 'flocklab: experiment: weight_separation: -1 is outside 0.0 to 5.0 (a sweep runs only values in range)');
  const refused = await range.evaluate(() => document.querySelector('#e').flocklabExperiment.run().then(() => 'ran', (e) => e.name));
  assert.equal(refused, 'TypeError');
  await range.close();
});

test('the widget\'s series (csv) is the CLI\'s gauges --series for the same configuration, to the bit', async () => {
  const page = await experimentPage('data-scene="flock" data-vary="boids" data-values="60" data-seeds="7"');
  const csv = await page.evaluate(async () => {
    const h = document.querySelector('#t').flocklab;
    h.clearHistory();
    await h.runTo(2);
    return h.csv();
  });
  await page.close();
  const native = execFileSync(join(root, 'build', 'native', 'flocklab'), ['gauges', '--seeds', '7', '--seconds', '2', '--series'], { encoding: 'utf8' });
  const rows = (text) => text.trim().split('\n').slice(1).map((l) => l.split(',')).filter((c) => c[0] === text.trim().split('\n').at(-1).split(',')[0]);
  const page2 = rows(csv);
  const cli2 = rows(native);
  assert.equal(csv.split('\n')[0], native.split('\n')[0]);
  assert.equal(page2.length, cli2.length);
  assert.deepEqual(page2.map((c) => [c[1], c.at(-1)]), cli2.map((c) => [c[1], c.at(-1)]), 'the same sample times and marks');
  // Seed 7 starts exactly as natively (src/core/trig.hpp), so every sample is
  // the CLI's to the bit (the run numbers aside: the page's history keeps earlier runs).
  assert.deepEqual(page2.map((c) => c.slice(1)), cli2.map((c) => c.slice(1)));
});

test('the lesson page: a number predicted, Check runs separation off to 10 s off screen, says both numbers in one sentence and leaves the flock as it was (issue 31 #12)', async () => {
  const page = await openLesson(env);
  const before = await page.evaluate(() => { const h = document.querySelector('#flock').flocklab; h.setParams({ maxSpeed: 150 }); return { rules: h.rules(), params: h.params(), seed: h.seed() }; });
  // An empty box gives no answer away: Check asks for the prediction and runs nothing.
  await page.locator('#check').click();
  await page.waitForFunction(() => /Write your prediction first/.test(document.querySelector('#check-result').textContent), null, { timeout: 30000 });
  assert.doesNotMatch(await page.locator('#check-result').textContent(), /after 10 s is|px;/);
  assert.ok(await page.evaluate(() => document.activeElement === document.querySelector('#prediction')));
  await page.locator('#prediction').fill('5');
  await page.locator('#check').click();
  await page.waitForFunction(() => /after 10 s is/.test(document.querySelector('#check-result').textContent), null, { timeout: 60000 });
  const r = await page.evaluate(() => { const h = document.querySelector('#flock').flocklab; return { said: document.querySelector('#check-result').textContent, rules: h.rules(), params: h.params(), seed: h.seed() }; });
  assert.deepEqual({ rules: r.rules, params: r.params, seed: r.seed }, before, 'Check changed the flock');
  // The number is separation off, seed 7, 10 s, on the flock's configuration (max speed 150 here).
  const native = JSON.parse(execFileSync(join(root, 'build', 'native', 'flocklab'), ['gauges', '--seeds', '7', '--rules', 'no-sep', '--set', 'max_speed=150', '--json'], { encoding: 'utf8' }));
  const got = native.spacing.toFixed(1);
  assert.equal(r.said, `With separation off, seed 7, the spacing after 10 s is ${got} px; you predicted 5 px, ${Math.abs(native.spacing - 5).toFixed(1)} px ${native.spacing > 5 ? 'below' : 'above'} what happened.`);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('the view-angle experiment claims no fall that its seeds do not support (a dip of 2 standard errors among 13 values is no peak)', async () => {
  const page = await experimentPage('data-scene="flock" data-vary="view-angle" data-values="0:360:30" data-seeds="0-9" data-seconds="10" data-measure="order"');
  const r = await runAll(page);
  assert.doesNotMatch(r.sentence, /falls/, r.sentence);
  assert.match(r.sentence, /^order rises from 0\.10 at view angle 0° to \d\.\d\d at view angle \d+°/, r.sentence);
  await page.close();
});

test('a prediction point has a ceiling for every gauge: End 40 times and a long drag up both stop at the same top, which does not grow', async () => {
  const page = await experimentPage('data-scene="flock" data-vary="weight-separation" data-values="0:2:1" data-seeds="0-1" data-seconds="2" data-measure="spacing"');
  await page.evaluate(() => document.querySelector('#e').flocklabExperiment.predict('points'));
  await page.locator('#e .fl-exp-point').first().focus();
  const before = await sliders(page);
  // The first End may change the chart's ticks (the point joins its scale); from the second on, nothing moves.
  await page.keyboard.press('End');
  await page.keyboard.press('End');
  const once = await sliders(page);
  for (let k = 0; k < 38; k++) await page.keyboard.press('End');
  const keyed = await sliders(page);
  assert.equal(keyed[0].now, once[0].now, `End twice gave ${once[0].now}, 40 times ${keyed[0].now}`);
  assert.ok(keyed[0].now <= keyed[0].max, `End gave ${keyed[0].now} above the chart's top ${keyed[0].max}`);
  assert.equal(keyed[0].max, once[0].max, 'the top did not grow');
  // Mouse drags far above the chart stop at the same limit: a second one changes nothing.
  const drag = async () => {
    const box = await page.locator('#e .fl-exp-point').nth(1).boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y - 600, { steps: 6 });
    await page.mouse.up();
    return sliders(page);
  };
  const first = await drag();
  const second = await drag();
  // (The pointer's step is coarser than the keys': both stay under the same limit, within a step of each other.)
  assert.ok(Math.abs(first[1].now - once[0].now) <= 0.05 * once[0].max, `a drag gave ${first[1].now}, End ${once[0].now}, top ${once[0].max}`);
  assert.equal(second[1].now, first[1].now, 'a second drag went no higher');
  assert.equal(second[1].max, first[1].max, 'the top did not grow');
  assert.ok(second[1].now <= second[1].max && before[0].max > 0);
  await page.close();
});

test('weeks of work are refused with the estimate, as the CLI refuses them; a few minutes are said before they run (issue 30 #9)', async () => {
  const page = await experimentPage('data-scene="flock" data-boids="5000" data-vary="weight-separation" data-values="0:1.2:0.1" data-seeds="0-999" data-seconds="600"');
  const err = await page.evaluate(() => document.querySelector('#e').flocklabExperiment.run().then(() => 'ran', (e) => `${e.name}: ${e.message}`));
  assert.match(err, /^TypeError: flocklab: experiment: experiment: 5000 boids x 36000 steps x 13000 runs would take about [\d.]+ h on this machine/);
  assert.match(await page.locator('#e .fl-exp-summary').textContent(), /would take about/);
  await page.close();
  const minutes = await pageOf(env, '<figure class="flocklab" id="e" data-experiment data-scene="flock" data-boids="5000" data-vary="weight-separation" data-values="0,1" data-seeds="1-10" data-seconds="30"></figure>');
  await minutes.waitForFunction(() => document.querySelector('#e').flocklab?.kind === 'experiment', null, { timeout: 60000 });
  await minutes.evaluate(() => document.querySelector('#e').flocklab.ready);
  assert.ok(minutes.warnings.some((w) => /20 runs of 5000 boids x 1800 steps are about \d+ min of work/.test(w)), minutes.warnings.join('\n'));
  await minutes.close();
});

test('the page\'s experiments share one pool of at most four workers: thirty near the viewport hold no more, and runs one after another reuse them (issue 30 #10)', async () => {
  const figures = Array.from({ length: 30 }, (_, i) => `<figure class="flocklab" id="e${i}" data-experiment data-scene="flock" data-vary="weight-separation" data-values="0,1" data-seeds="${i}" data-seconds="1"></figure>`).join('');
  const page = await pageOf(env, figures, {
    init: () => {
      const Real = window.Worker;
      window.workers = { made: 0, ended: 0 };
      window.Worker = class extends Real {
        constructor(...a) { super(...a); window.workers.made += 1; }
        terminate() { window.workers.ended += 1; super.terminate(); }
      };
    },
  });
  await page.setViewportSize({ width: 1000, height: 20000 }); // all thirty near the viewport at once
  const r = await page.evaluate(async () => {
    const els = [...document.querySelectorAll('[data-experiment]')];
    await new Promise((ok) => { const t = setInterval(() => { if (els.every((e) => e.flocklab?.kind === 'experiment')) { clearInterval(t); ok(); } }, 20); });
    await Promise.all(els.map((e) => e.flocklab.ready)); // every one described
    const described = { ...window.workers };
    const a = await els[0].flocklab.run();
    const b = await els[1].flocklab.run();
    return { described, after: { ...window.workers }, rows: a.rows.length + b.rows.length };
  });
  assert.ok(r.described.made - r.described.ended <= 4, JSON.stringify(r.described));
  assert.ok(r.described.made <= 4, `${r.described.made} workers made for 30 descriptions`);
  assert.equal(r.rows, 4);
  assert.ok(r.after.made - r.after.ended <= 4, JSON.stringify(r.after));
  assert.ok(r.after.made <= 4, `runs made new workers: ${JSON.stringify(r.after)}`);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('the live regions: "No runs yet." is not announced at load, the partial sentences of a run are not, its last one is; a dot\'s sentence comes before the widget\'s own (issue 31 #8)', async () => {
  const page = await experimentPage('data-scene="flock" data-vary="weight-separation" data-values="0:2:0.5" data-seeds="0-5" data-seconds="3" data-measure="spacing"');
  // What a screen reader would announce: every change of the region that is
  // live from the start (issue 39: not one made live as it is written).
  assert.equal(await page.locator('#e .fl-exp-said').getAttribute('aria-live'), 'polite');
  assert.equal(await page.locator('#e .fl-exp-summary').getAttribute('aria-live'), null);
  await page.evaluate(() => {
    window.heard = [];
    const s = document.querySelector('#e .fl-exp-said');
    new MutationObserver(() => window.heard.push({ at: performance.now(), text: s.textContent }))
      .observe(s, { childList: true, characterData: true, subtree: true });
    // The widget's live region (a remount makes a new one: the figure is watched).
    window.widgetHeard = [];
    new MutationObserver((ms) => {
      for (const m of ms) {
        const n = m.target.nodeType === 3 ? m.target.parentElement : m.target;
        if (n?.classList?.contains('fl-live')) window.widgetHeard.push({ at: performance.now(), text: n.textContent });
      }
    }).observe(document.querySelector('#t'), { childList: true, characterData: true, subtree: true });
  });
  assert.equal(await page.locator('#e .fl-exp-summary').textContent(), 'No runs yet.');
  assert.equal(await page.locator('#e .fl-exp-said').textContent(), '');
  const r = await runAll(page);
  const heard = await page.evaluate(() => window.heard);
  assert.equal(heard.length, 1, JSON.stringify(heard));
  assert.equal(heard[0].text, r.sentence);
  // A dot: the experiment's sentence, and later, not at once, the widget's.
  await page.locator('#e .fl-exp-dot[data-run="7"]').click();
  await shownRun(page, r.rows.find((x) => x.run === 7).seed, 3);
  await page.waitForFunction(() => window.widgetHeard.some((h) => /3\.0 s/.test(h.text)), null, { timeout: 20000 });
  const [mine, theirs] = await page.evaluate(() => [window.heard.find((h) => /Run 7 /.test(h.text)), window.widgetHeard.find((h) => /3\.0 s/.test(h.text))]);
  assert.ok(mine && theirs && mine.at < theirs.at, JSON.stringify({ mine, theirs }));
  await page.close();
});

test('the legend draws each key in the chart\'s own colour: the prediction\'s dash is the prediction line\'s orange, the mean\'s the mean line\'s blue (issue 31 #13)', async () => {
  const page = await experimentPage('data-scene="flock" data-vary="weight-separation" data-values="0:2:1" data-seeds="0-1" data-seconds="1" data-measure="spacing"');
  await page.evaluate(() => document.querySelector('#e').flocklabExperiment.predict('rises'));
  await runAll(page);
  const c = await page.evaluate(() => {
    const key = (k) => getComputedStyle(document.querySelector(`#e .fl-exp-key-${k}`), '::before').backgroundImage;
    const stroke = (sel) => getComputedStyle(document.querySelector(`#e ${sel}`)).stroke;
    return { guessKey: key('guess'), guessLine: stroke('.fl-exp-guess'), meanKey: key('mean'), meanLine: stroke('.fl-exp-mean') };
  });
  assert.ok(c.guessKey.includes(c.guessLine), JSON.stringify(c));
  assert.ok(c.meanKey.includes(c.meanLine), JSON.stringify(c));
  await page.close();
});

test('a finger: a tap near a dot (within 24 CSS px) shows that run (issue 31 #3)', async () => {
  const page = await experimentPage('data-scene="flock" data-vary="weight-separation" data-values="0:2:1" data-seeds="0-1" data-seconds="1" data-measure="spacing"');
  const r = await runAll(page);
  const dot = await page.locator('#e .fl-exp-dot[data-run="5"]').boundingBox();
  // 14 px beside it, off every dot: a mouse there shows nothing, a finger takes the nearest.
  const x = dot.x + dot.width / 2;
  const y = dot.y + dot.height / 2 - 14;
  const off = await page.evaluate(({ x, y }) => !document.elementFromPoint(x, y)?.closest('.fl-exp-dot'), { x, y });
  assert.ok(off, 'the tap point is on a dot');
  const nearest = await page.evaluate(({ x, y }) => {
    let best = null;
    for (const d of document.querySelectorAll('#e .fl-exp-dot')) {
      const b = d.getBoundingClientRect();
      const dist = Math.hypot(b.x + b.width / 2 - x, b.y + b.height / 2 - y);
      if (!best || dist < best.dist) best = { run: Number(d.dataset.run), dist };
    }
    return best;
  }, { x, y });
  assert.ok(nearest.dist < 24, JSON.stringify(nearest));
  await page.touchscreen.tap(x, y);
  await page.waitForFunction((n) => new RegExp(`Run ${n} `).test(document.querySelector('#e .fl-exp-said').textContent), nearest.run, { timeout: 20000 });
  await shownRun(page, r.rows.find((q) => q.run === nearest.run).seed, 1);
  // Where the primary pointer is a finger, the menu is a touch target high.
  const menu = await page.evaluate(() => ({ coarse: matchMedia('(pointer: coarse)').matches, h: document.querySelector('#e select').getBoundingClientRect().height }));
  if (menu.coarse) assert.ok(menu.h >= 44, `the menu is ${menu.h} px high`);
  await page.close();
});

test('the lesson\'s overshoot experiment: a predicted point reaches the quantity\'s plausible range before any run (half again the 55 px braking distance), so 46 px can be entered', async () => {
  const page = await openLesson(env);
  const ex = '#measure-overshoot';
  await page.locator(ex).scrollIntoViewIfNeeded();
  await page.evaluate(async (s) => { const h = await document.querySelector(s).flocklab.ready; h.predict('points'); }, ex);
  // By the keyboard: End on the first point puts it at the top of the scale.
  await page.locator(`${ex} .fl-exp-point`).first().focus();
  await page.keyboard.press('End');
  const top = await page.evaluate((s) => document.querySelector(s).flocklabExperiment.prediction().points[0].overshoot, ex);
  assert.ok(top >= 80 && top <= 82.5, `End: ${top} px`);
  // And by a script: 46 px is kept as it is (no clamp, no warning).
  const kept = await page.evaluate((s) => {
    const h = document.querySelector(s).flocklabExperiment;
    h.predict(h.prediction().points.map(() => 46));
    return h.prediction().points.map((p) => p.overshoot);
  }, ex);
  assert.ok(kept.every((y) => y === 46), JSON.stringify(kept));
  assert.deepEqual(page.warnings.filter((w) => /predict\(\)/.test(w)), []);
  // Without a widget to show runs in (no data-target), a dot promises nothing:
  // it is read, not pressed, and Enter on it says nothing wrong.
  await page.evaluate((s) => document.querySelector(s).flocklabExperiment.run(), ex);
  const dot = await page.evaluate((s) => { const d = document.querySelector(`${s} .fl-exp-dot`); return { role: d.getAttribute('role'), label: d.getAttribute('aria-label') }; }, ex);
  assert.equal(dot.role, 'img');
  assert.doesNotMatch(dot.label, /Enter/);
  await page.locator(`${ex} .fl-exp-dot`).first().focus();
  await page.keyboard.press('Enter');
  assert.deepEqual(page.warnings.filter((w) => /data-target/.test(w)), []);
  assert.deepEqual(page.problems, []);
  await page.close();
});
