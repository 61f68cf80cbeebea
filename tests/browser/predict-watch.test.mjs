// Issue 39, round two: the what-ifs as predict, watch, explain for every
// student. A speed control that slows the watching and keeps the numbers;
// lanes named for what they run; every sentence of every what-if and every
// experiment on the lesson page checked number by number against the state
// it describes (with screenshots before, during and after); a teacher's
// projector mode by keyboard; the phone's paint zoom; the keys that answer.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { start, openLesson, root, artifacts, askedBy, whenWidget, onWidget, canvasOf, scrollToCanvas } from './helpers.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env.close(); });

const golden = (name) => JSON.parse(readFileSync(join(root, 'tests', 'golden', 'what-if', name), 'utf8'));
const outcomeOf = (sel) => `${sel} .fl-predict:not([hidden]) .fl-outcome`;

// A what-if's question answered (its first or last choice) and played at
// twice the speed, to its outcome; returns the question.
async function playedAtTwice(page, sel, label, pick = 'first') {
  const question = await askedBy(page, sel, label);
  await question.locator('input[type="radio"]')[pick]().check();
  await question.locator('.fl-speed select').selectOption('2');
  await question.locator('.fl-predict-play').click();
  await page.waitForFunction((s) => document.querySelector(s).textContent.includes('You predicted'), outcomeOf(sel), { timeout: 60000 });
  return question;
}

// The numbers written in a sentence ("1.7", "288.8", "0.88", "−3"), in order.
const numbersIn = (text) => [...text.matchAll(/(?<![\w.])[-−]?\d+(?:[.,]\d+)?/g)].map((m) => ({ text: m[0], value: Number(m[0].replace('−', '-').replace(',', '.')) }));
// Whether a number as written is `v` rounded to the decimals it shows.
const shows = (n, v) => {
  const d = n.text.split(/[.,]/)[1]?.length ?? 0;
  return Math.abs(v - n.value) <= 0.5 * 10 ** -d + 1e-9;
};

test('a what-if plays at the speed chosen beside Play: at ¼ the simulated time grows no faster than a quarter of the clock, the widget says its speed, and the run still ends on the golden numbers', async () => {
  const page = await openLesson(env);
  const sel = '#what-if-steer';
  const question = await askedBy(page, sel, 'Flee as −seek');
  const speed = question.locator('.fl-speed select');
  assert.equal(await question.locator('.fl-speed').textContent().then((t) => t.trim().startsWith('Speed')), true);
  assert.equal(await speed.inputValue(), '1');
  await speed.selectOption('0.25');
  await question.locator('input[type="radio"]').first().check();
  const clicked = await page.evaluate(() => performance.now());
  await question.locator('.fl-predict-play').click();
  assert.equal(await onWidget(page, sel, (h) => h.speed()), 0.25); // set by the click's own handler
  // Time has passed on the clock; the simulation is at most a quarter of it
  // along (a busy machine only makes it slower), plus the one step a frame rounds up to.
  const seen = await page.waitForFunction((s) => {
    const t = document.querySelector(s).flocklab.gauges().time;
    return t >= 0.5 && { t, wall: (performance.now()) / 1000 };
  }, sel, { timeout: 60000, polling: 50 }).then((r) => r.jsonValue());
  assert.ok(seen.t <= 0.25 * (seen.wall - clicked / 1000) + 1 / 60 + 1e-9, JSON.stringify({ seen, clicked }));
  // Faster again while it plays, and the end is the lab's and the slip's, to the bit.
  await speed.selectOption('2');
  assert.equal(await onWidget(page, sel, (h) => h.speed()), 2);
  await page.waitForFunction((s) => document.querySelector(s).textContent.includes('You predicted'), outcomeOf(sel), { timeout: 60000 });
  const g = await onWidget(page, sel, (h) => h.gauges());
  const want = golden('vehicle_flee_negated_seek.json');
  assert.equal(g.closest, want.closest);
  assert.equal(g.whatIf.closest, want.what_if.closest);
  // Another button's run is at the ordinary speed again.
  await page.locator(`${sel} button`, { hasText: 'Per-frame force' }).click();
  await whenWidget(page, sel, (h) => h.speed() === 1);
  // The handle's own contract: a speed outside 0.1 to 4 is refused.
  const refused = await onWidget(page, sel, (h) => { try { h.setSpeed(9); return 'taken'; } catch (e) { return e.name; } });
  assert.equal(refused, 'RangeError');
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('"Move as you go, last first" names both lanes truly: both move as they go, the solid one is not called the lab\'s, and the page says "the solid flock"', async () => {
  const page = await openLesson(env);
  const sel = '#what-if-flock';
  await playedAtTwice(page, sel, 'Move as you go, last first', 'last');
  const said = await onWidget(page, sel, (h) => h.announcements().filter((a) => a.startsWith('Played to')).pop());
  assert.match(said, /Both lanes: update as-you-go\./);
  assert.match(said, /against the solid lane's/);
  assert.doesNotMatch(said, /the lab's/);
  assert.match(await page.locator(`${sel} .fl-measured`).textContent(), /^\s*Now the solid flock has order/);
  // The lab's own update (look first): the lab is the lab again.
  await page.locator(`${sel} button`, { hasText: 'Per-frame force' }).click();
  await whenWidget(page, sel, (h) => /What if max force 0\.2 px\/s²/.test(h.describe()) && !/Both lanes|solid lane/.test(h.describe()));
  await page.close();
});

// Every what-if on the lesson page, as a student does it: the question, a
// choice, Play (at twice the speed), the outcome. Each number in the outcome
// that is not in the question's own words is a gauge of the end, as shown;
// the live region's last sentence gives the run's time. Screenshots of each
// figure before (the question), during and after, at a laptop's size.
const WHAT_IFS = [
  ['#what-if-steer', 'Per-frame force', 10],
  ['#what-if-steer', 'Flee as −seek', 3],
  ['#what-if-steer', 'Slowing at 40 px', 10],
  ['#what-if-flock', 'Per-frame force', 10],
  ['#what-if-flock', 'No speed band', 10],
  ['#what-if-flock', 'Move as you go, last first', 10],
  ['#what-if-flock', 'Look first, last first', 10],
  ['#what-if-crowd', 'Predict and run 10 s', 10],
];

async function walk(page, shots, size) {
  for (const [sel, label, seconds] of WHAT_IFS) {
    const name = `${sel.slice(1)}-${label.replace(/[^A-Za-z0-9]+/g, '-').replace(/-$/, '').toLowerCase()}`;
    const figure = page.locator(sel);
    const question = await askedBy(page, sel, label);
    const spec = JSON.parse(await page.locator(`${sel} button`, { hasText: label }).getAttribute('data-predict'));
    await whenWidget(page, sel, (h) => h.paused() && h.gauges().time === 0);
    await figure.screenshot({ path: join(shots, `${name}-${size}-before.png`) });
    await question.locator('input[type="radio"]').first().check();
    await question.locator('.fl-speed select').selectOption('2');
    await question.locator('.fl-predict-play').click();
    await whenWidget(page, sel, (h, s) => h.gauges().time > 0.5 && h.gauges().time < s, seconds);
    await figure.screenshot({ path: join(shots, `${name}-${size}-during.png`) });
    // The run plays in real time, which a busy machine slows: the wait is
    // for its answer, with a backstop far above what it takes (10 min) that
    // says where the run was if it is ever hit.
    await page.waitForFunction((s) => document.querySelector(s).textContent.startsWith('You predicted'), outcomeOf(sel), { timeout: 600000 })
      .catch(async (err) => {
        const at = await onWidget(page, sel, (h) => ({ time: h.gauges().time, paused: h.paused() }));
        throw new Error(`${label} (${size}): no answer after the backstop; the run was at ${at.time} s, ${at.paused ? 'paused' : 'playing'}: ${err.message}`);
      });
    await figure.screenshot({ path: join(shots, `${name}-${size}-after.png`) });
    const r = await page.evaluate(({ sel, out }) => {
      const h = document.querySelector(sel).flocklab;
      return { g: h.gauges(), outcome: document.querySelector(out).textContent, played: h.announcements().filter((a) => a.startsWith('Played to')).pop() };
    }, { sel, out: outcomeOf(sel) });
    // The student's own words, the why and the result's own words ("After
    // 10 s") are the question's text, not measurements.
    let measured = r.outcome;
    for (const fixed of [spec.why, ...spec.choices.map((c) => c.text.replace(/\.$/, ''))]) measured = measured.replace(fixed, '');
    for (const part of spec.result.split(/\{[^}]*\}/)) if (/\d/.test(part)) measured = measured.replace(part, ' ');
    const gauges = [...Object.entries(r.g).filter(([k, v]) => k !== 'time' && typeof v === 'number'), ...Object.entries(r.g.whatIf ?? {})].map(([, v]) => v);
    const numbers = numbersIn(measured);
    assert.ok(numbers.length >= 2, `${label}: ${r.outcome}`);
    for (const n of numbers) assert.ok(gauges.some((v) => shows(n, v)), `${label}: "${n.text}" is no gauge of the end (${JSON.stringify(r.g)}): ${r.outcome}`);
    assert.match(r.played, new RegExp(`^Played to ${seconds}\\.0 s and paused\\.`), label);
    // Which choice held is what the numbers say: the verdict names the choice whose test holds.
    assert.match(r.outcome, /Your prediction held\.|What happened instead: /, label);
  }
}

test('every what-if on the lesson page, walked: each number of each outcome is a gauge of the end as shown, the live region gives the run\'s time, and a screenshot before, during and after (1280x800)', async () => {
  const shots = join(artifacts, 'what-if-walk');
  mkdirSync(shots, { recursive: true });
  const page = await openLesson(env);
  await page.setViewportSize({ width: 1280, height: 800 });
  await walk(page, shots, '1280x800');
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('the same walk on a phone (390x844, DPR 3, touch): every outcome checks, and the screenshots', async () => {
  const phone = await start({ deviceScaleFactor: 3 });
  try {
    const shots = join(artifacts, 'what-if-walk');
    mkdirSync(shots, { recursive: true });
    const page = await openLesson(phone);
    await page.setViewportSize({ width: 390, height: 844 });
    await walk(page, shots, '390x844');
    assert.deepEqual(page.problems, []);
  } finally {
    await phone.close();
  }
});

test('every experiment on the lesson page, run from its button: each number of its sentence is one of its values, runs, seeds or results as shown', async () => {
  const page = await openLesson(env);
  for (const el of await page.locator('.flocklab[data-experiment]').all()) {
    const id = await el.getAttribute('id');
    await el.locator('.fl-exp-run').scrollIntoViewIfNeeded();
    await el.locator('.fl-exp-run').click();
    await page.waitForFunction((id) => {
      const r = document.getElementById(id).flocklabExperiment.results();
      return r.rows.length > 0 && r.rows.length === r.values.length * (r.rows.length / r.values.length) && !document.getElementById(id).hasAttribute('aria-busy')
        && document.querySelector(`#${id} .fl-exp-summary`).textContent === r.sentence && !/^Running|runs? of /.test(r.sentence);
    }, id, { timeout: 120000 });
    const r = await page.evaluate((id) => {
      const e = document.getElementById(id);
      return { ...e.flocklabExperiment.results(), seeds: e.dataset.seeds, mark: e.dataset.mark ?? '' };
    }, id);
    const means = Object.values(r.summary).flatMap((s) => (typeof s === 'object' ? Object.values(s).filter((v) => typeof v === 'number') : []));
    const candidates = [...r.values.map(Number), ...r.rows.map((x) => x[r.measure]), ...means, r.seconds, r.rows.length, r.values.length,
      r.rows.length / r.values.length, ...numbersIn(r.mark).map((n) => n.value), ...numbersIn(r.seeds).map((n) => n.value)];
    const numbers = numbersIn(r.sentence);
    assert.ok(numbers.length >= 2, `${id}: ${r.sentence}`);
    for (const n of numbers) assert.ok(candidates.some((v) => typeof v === 'number' && shows(n, v)), `${id}: "${n.text}" is in none of its results: ${r.sentence}`);
  }
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('a teacher\'s projector mode, by the keyboard: the page\'s text grows, the widgets\' HUD text grows, and pressing it again undoes both', async () => {
  const page = await openLesson(env);
  await scrollToCanvas(page, '#flock'); // a widget draws (and measures its text) on the screen
  const text = () => onWidget(page, '#flock', (h) => h.uiMetrics().textPx);
  const before = await text();
  const body = await page.evaluate(() => parseFloat(getComputedStyle(document.body).fontSize));
  await page.evaluate(() => document.getElementById('projector').focus({ preventScroll: true })); // the flock stays in view
  await page.keyboard.press('Enter');
  assert.equal(await page.locator('#projector').getAttribute('aria-pressed'), 'true');
  assert.ok(await page.evaluate((b) => parseFloat(getComputedStyle(document.body).fontSize) >= b * 1.3, body));
  await scrollToCanvas(page, '#flock'); // the larger text moved it down the page
  await whenWidget(page, '#flock', (h, b) => h.uiMetrics().textPx >= b * 1.5, before);
  assert.match(await page.locator('#reset-all-said').textContent(), /Projector mode/);
  await page.keyboard.press('Space');
  assert.equal(await page.locator('#projector').getAttribute('aria-pressed'), 'false');
  await scrollToCanvas(page, '#flock');
  await whenWidget(page, '#flock', (h, b) => Math.abs(h.uiMetrics().textPx - b) < 0.01, before);
  await page.close();
});

test('a phone: Paint walls zooms the crowd for fingers with the canvas\'s top on the screen and the goal in the view', async () => {
  const phone = await start({ deviceScaleFactor: 3 });
  try {
    const page = await phone.context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(phone.url);
    const sel = '#crowd';
    await scrollToCanvas(page, sel);
    await page.waitForFunction((s) => (document.querySelector(s).flocklab?.ready, document.querySelector(s).classList.contains('flocklab-ready')), sel, { timeout: 60000 });
    // As a student reaches it: the button at the bottom of the screen, the
    // canvas above it (the canvas top at -292 px came from here).
    await page.evaluate((s) => document.querySelector(`${s} button[data-paint]`).scrollIntoView({ block: 'end' }), sel);
    await page.locator(`${sel} button[data-paint]`).tap();
    await page.waitForFunction((s) => document.querySelector(s).classList.contains('fl-zoomed'), sel, { timeout: 30000 });
    const r = await page.evaluate((s) => {
      const el = document.querySelector(s);
      const c = el.querySelector('canvas').getBoundingClientRect();
      const box = el.querySelector('.fl-zoom').getBoundingClientRect();
      const [gx, gy] = el.flocklab.uiMetrics().focus[0];
      return { top: c.top, goal: [c.left + gx, c.top + gy], box: [box.left, box.right], height: innerHeight, zoomed: c.width / box.width };
    }, sel);
    assert.ok(r.zoomed > 1.2, JSON.stringify(r));
    assert.ok(r.top >= 0, `the canvas's top is off the screen: ${JSON.stringify(r)}`);
    assert.ok(r.goal[0] >= r.box[0] && r.goal[0] <= r.box[1] && r.goal[1] >= 0 && r.goal[1] <= r.height, `the goal is out of view: ${JSON.stringify(r)}`);
  } finally {
    await phone.close();
  }
});

test('T and ? answer in the live region, a hawk moved by a key says how far the nearest boid is, and a painting drag is said once', async () => {
  const page = await openLesson(env);
  const said = (sel) => onWidget(page, sel, (h) => h.announcements().length);
  const { box } = await canvasOf(page, '#flock');
  await page.locator('#flock canvas').focus();
  let n = await said('#flock');
  await page.keyboard.press('t');
  await whenWidget(page, '#flock', (h, k) => h.announcements().slice(k).some((a) => /^Tuning panel open/.test(a)), n);
  await page.keyboard.press('Escape');
  await whenWidget(page, '#flock', (h) => !h.uiMetrics().tuning && h.uiMetrics().keysWaiting === 0); // closed: the next key is the scene's
  n = await said('#flock');
  await page.keyboard.press('?');
  await whenWidget(page, '#flock', (h, k) => h.announcements().slice(k).some((a) => /keys are listed on the canvas/.test(a)), n);
  await page.keyboard.press('Escape');
  await whenWidget(page, '#flock', (h) => !h.uiMetrics().help);
  // The hawk: H places it, an arrow moves it; the sentence gives the nearest boid's distance.
  // Paused, so the move is answered at once: playing, its answer waits for 2 s of
  // simulated time, which a busy machine's few frames took longer than the wait.
  await onWidget(page, '#flock', (h) => { h.setHawkMode('pointer'); h.pause(); });
  await page.mouse.move(box.x - 5, box.y - 5); // the pointer off the canvas: the keys move the hawk
  await page.keyboard.press('h');
  await page.keyboard.press('ArrowLeft');
  await whenWidget(page, '#flock', (h) => h.announcements().some((a) => /^Hawk moved .*, \d+(\.\d)? px from the nearest boid\./.test(a)));
  // A drag across four free cells of the paused crowd: one sentence for all of them.
  const sel = '#crowd';
  await onWidget(page, sel, (h) => { h.pause(); h.setWalls('none'); });
  const c = await canvasOf(page, sel);
  const k = c.box.width / 900;
  n = await said(sel);
  await page.mouse.move(c.box.x + 150 * k, c.box.y + 75 * k);
  await page.mouse.down();
  for (let x = 150; x <= 330; x += 20) await page.mouse.move(c.box.x + x * k, c.box.y + 75 * k);
  await page.mouse.up();
  await whenWidget(page, sel, (h, k) => h.announcements().slice(k).some((a) => /walls added, from /.test(a)), n);
  const wallsSaid = await onWidget(page, sel, (h, k) => h.announcements().slice(k).filter((a) => /[Ww]all/.test(a)), n);
  assert.equal(wallsSaid.length, 1, JSON.stringify(wallsSaid));
  await page.close();
});

test('the Tuning form\'s max force slider lands on the lesson\'s per-frame 0.2 from its low end, by the keyboard, and says it in px/s²', async () => {
  const page = await openLesson(env);
  const sel = '#what-if-flock';
  await page.locator(`${sel} details.fl-forms summary`).first().click();
  const range = page.locator(`${sel} [data-controls] .fl-row:has(label:text-is("max force (px/s²)")) input[type="range"]`);
  await range.focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await whenWidget(page, sel, (h) => h.params().max_force === 0.2);
  assert.equal(await range.getAttribute('aria-valuetext'), '0.2 px/s²');
  await page.close();
});

test('a chart\'s sentence reads no trend into a gauge\'s noise: a spacing from 23.4 to 24.4 px "stayed about the same" below the threshold, and rose without one', async () => {
  const page = await openLesson(env);
  const r = await page.evaluate(async () => {
    const { plotSummary } = await import('./flocklab.js');
    const h = { time: [0, 5], spacing: [23.4, 24.4], order: [0.5, 0.9], units: { spacing: 'px', order: '' }, events: [] };
    return { noisy: plotSummary(h, ['spacing', 'order'], {}, undefined, { spacing: 2, order: 0.05 }), plain: plotSummary(h, ['spacing'], {}) };
  });
  assert.match(r.noisy, /^spacing stayed about the same, near 24\.4 px over 5 s\. order rose from 0\.50 to 0\.90 over 5 s\./);
  assert.match(r.plain, /^spacing rose from 23\.4 px to 24\.4 px over 5 s\./);
  await page.close();
});

test('a teacher in full screen (1920x1080): a what-if\'s question, its outcome and the comparison under it stay on the screen beside the canvas', async () => {
  const page = await openLesson(env);
  await page.setViewportSize({ width: 1920, height: 1080 });
  const sel = '#what-if-steer';
  await playedAtTwice(page, sel, 'Flee as −seek');
  await page.locator(`${sel} button[data-action="fullscreen"]`).click();
  await page.waitForFunction((s) => document.fullscreenElement === document.querySelector(s), sel, { timeout: 30000 });
  // Laid out for the screen: the canvas has its full-screen width before anything is read.
  await page.waitForFunction((s) => document.querySelector(`${s} canvas`).getBoundingClientRect().width > 600, sel);
  const r = await page.evaluate((s) => {
    const el = document.querySelector(s);
    const bottom = (q) => el.querySelector(q).getBoundingClientRect().bottom;
    return { predict: bottom('.fl-predict:not([hidden])'), measured: bottom('.fl-measured'), canvas: el.querySelector('canvas').getBoundingClientRect().height, h: innerHeight };
  }, sel);
  assert.ok(r.predict <= r.h && r.measured <= r.h, `below the screen: ${JSON.stringify(r)}`);
  assert.ok(r.canvas >= 400, `the canvas gave up too much: ${JSON.stringify(r)}`);
  // The HUD, whose text grew with the screen, covers neither the vehicle nor
  // the target: it folds to its essentials where whole it would (polled: it
  // is placed at most twice a second).
  await whenWidget(page, sel, (h) => {
    const m = h.uiMetrics();
    const [x0, y0, x1, y1] = m.hud;
    return m.focus.length === 2 && m.focus.every(([x, y]) => x < x0 || x > x1 || y < y0 || y > y1);
  });
  await page.screenshot({ path: join(artifacts, 'what-if-fullscreen-1920.png') });
  await page.locator(`${sel} button[data-action="fullscreen"]`).click(); // the same button leaves it
  await page.waitForFunction(() => document.fullscreenElement === null);
  await page.close();
});
