// Issue 65, an honest lesson: a what-if runs nothing before its prediction
// (at load, through the canvas's Play, its keys or the handle's resume()),
// a prediction binds once Play commits it (the result reports the first
// committed prediction and the tries), Reset all stops a run and says so,
// and the page states no answer before its question.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { start, openLesson, pageOf, onWidget, whenWidget, scrollToCanvas, pixelsAt, artifacts } from './helpers.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env.close(); });

const WHAT_IFS = ['#what-if-steer', '#what-if-flock', '#what-if-crowd'];
const open = (sel) => `${sel} .fl-predict:not([hidden])`;
const outcomeIs = (page, sel, part) => page.waitForFunction(({ q, part }) => document.querySelector(`${q} .fl-outcome`)?.textContent.includes(part), { q: open(sel), part }, { timeout: 60000 });
// Every flocklab:result of the page, kept in order.
const keepResults = (page) => page.evaluate(() => { window.results = []; document.addEventListener('flocklab:result', (e) => results.push(e.detail)); });
const resultCount = (page, n) => page.waitForFunction((k) => window.results.length >= k, n, { timeout: 90000 }).then(() => page.evaluate(() => window.results));

// The lesson with its results kept, scrolled to the steer what-if, its first question open.
async function steerWhatIf() {
  const page = await openLesson(env);
  await keepResults(page);
  const sel = '#what-if-steer';
  await scrollToCanvas(page, sel);
  const q = page.locator(open(sel));
  await q.waitFor();
  return { page, sel, q };
}

test('no what-if runs a step before its prediction: each opens its question at 0 s, and the ▶ Play over the canvas, the . key (App::held, as the canvas panel\'s Play) and resume() ask for the prediction instead', async () => {
  const page = await openLesson(env);
  for (const sel of WHAT_IFS) {
    await scrollToCanvas(page, sel);
    await page.locator(open(sel)).waitFor();
    const at = await onWidget(page, sel, (h) => ({ time: h.gauges().time, paused: h.paused() }));
    assert.equal(at.time, 0, `${sel} ran before any prediction`);
    assert.equal(at.paused, true, sel);
    // The play button over the paused canvas is the question's Play: with nothing chosen, it asks.
    await page.locator(`${sel} .fl-play`).click();
    await outcomeIs(page, sel, 'Choose what you predict first.');
    assert.equal(await page.evaluate((q) => document.activeElement === document.querySelector(`${q} input[type="radio"]`), open(sel)), true, 'the first choice has the focus');
    // The . key (pause and one step) and the handle's resume() ask too.
    await page.evaluate((q) => { document.querySelector(`${q} .fl-outcome`).textContent = ''; }, open(sel));
    assert.equal(await onWidget(page, sel, (h) => h.key('.')), true);
    await outcomeIs(page, sel, 'Choose what you predict first.');
    await onWidget(page, sel, (h) => h.resume());
    const after = await onWidget(page, sel, (h) => ({ time: h.gauges().time, paused: h.paused() }));
    assert.deepEqual(after, { time: 0, paused: true }, `${sel} ran without a prediction`);
  }
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('a prediction binds: Play locks the choices, the result reports the first committed prediction with its tries, and only Try again frees them', async () => {
  const page = await openLesson(env);
  await keepResults(page);
  const sel = '#what-if-steer';
  await scrollToCanvas(page, sel);
  await page.locator(`${sel} button`, { hasText: 'Flee as −seek' }).click();
  const q = page.locator(open(sel));
  await q.waitFor();
  const radios = q.locator('input[type="radio"]');
  await radios.first().check(); // "turns away": wrong, the −seek vehicle flies onto the threat
  await q.locator('.fl-speed select').selectOption('2');
  await q.locator('.fl-predict-play').click();
  // Locked at once: no choice can be changed while the answer is coming.
  assert.deepEqual(await radios.evaluateAll((rs) => rs.map((r) => r.disabled)), [true, true, true]);
  const changed = await page.evaluate((s) => {
    const rs = [...document.querySelectorAll(`${s} input[type="radio"]`)];
    rs[2].click();
    return rs.findIndex((r) => r.checked);
  }, open(sel));
  assert.equal(changed, 0, 'a locked choice changed');
  let results = await resultCount(page, 1);
  const choices = await radios.evaluateAll((rs) => rs.map((r) => r.parentElement.textContent.trim()));
  assert.equal(results[0].answer, choices[0]);
  assert.equal(results[0].held, false);
  assert.equal(results[0].tries, 1);
  assert.equal(results[0].retry, undefined);
  // Still locked with the answer on screen; Try again frees them, back at 0 s.
  assert.deepEqual(await radios.evaluateAll((rs) => rs.map((r) => r.disabled)), [true, true, true]);
  const again = q.locator('.fl-predict-again');
  assert.equal(await again.isVisible(), true);
  await again.click();
  await whenWidget(page, sel, (h) => h.gauges().time === 0 && h.paused());
  assert.deepEqual(await radios.evaluateAll((rs) => rs.map((r) => r.disabled)), [false, false, false]);
  await radios.last().check();
  await q.locator('.fl-predict-play').click();
  results = await resultCount(page, 2);
  // The grade stays the first committed prediction's; this try is beside it.
  assert.equal(results[1].answer, choices[0]);
  assert.equal(results[1].held, false);
  assert.equal(results[1].tries, 2);
  assert.deepEqual(results[1].retry, { answer: choices[2], held: true });
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('Reset all during a what-if\'s run stops it at 0 s, keeps the prediction, and both the page and the widget say so', async () => {
  const { page, sel, q } = await steerWhatIf();
  await q.locator('input[type="radio"]').nth(1).check();
  await q.locator('.fl-predict-play').click();
  await whenWidget(page, sel, (h) => h.gauges().time > 0.2);
  await page.locator('#reset-all').click();
  await page.waitForFunction(() => document.getElementById('reset-all-said').textContent.includes('what-if'), null, { timeout: 30000 });
  assert.match(await page.locator('#reset-all-said').textContent(), /3 what-ifs are stopped at 0 s and wait for Play, with the predictions made so far kept\./);
  assert.deepEqual(await onWidget(page, sel, (h) => ({ time: h.gauges().time, paused: h.paused() })), { time: 0, paused: true });
  await outcomeIs(page, sel, 'Stopped at 0 s. Your prediction stays');
  await whenWidget(page, sel, (h) => h.announcements().some((a) => a.startsWith('Stopped at 0 s.')));
  assert.deepEqual(await q.locator('input[type="radio"]').evaluateAll((rs) => rs.map((r) => [r.checked, r.disabled])), [[false, true], [true, true], [false, true]]);
  assert.deepEqual(await page.evaluate(() => window.results), [], 'a stopped run reports nothing');
  // Play runs the prediction it kept, to the end.
  await onWidget(page, sel, (h) => h.setSpeed(4));
  await q.locator('.fl-predict-play').click();
  const results = await resultCount(page, 1);
  assert.equal(results[0].answer, await q.locator('input[type="radio"]').nth(1).evaluate((r) => r.parentElement.textContent.trim()));
  assert.deepEqual(page.problems, []);
  await page.close();
});

// Words that say nothing of a claim on their own.
const STOP = new Set(('a an the and or but of to in on at by for from with as is are be been it its it\'s that this these those so than then '
  + 'into onto each one two also their they them there what which who when how will would can could do does not no more most very '
  + 'same other up out all any s you your lab lab\'s hollow solid why').split(' '));
const words = (text) => (text.toLowerCase().replace(/[’']/g, '\'').match(/[a-z0-9'²]+(?:\.\d+)?/g) ?? []).filter((x) => !STOP.has(x));
const pairs = (text) => {
  const w = words(text);
  return new Set(w.slice(1).map((x, i) => `${w[i]} ${x}`));
};

// The lanes' gauges equal, to the bit: every gauge of the hollow lane the solid one's, and 0 px apart.
const sameLanes = (g) => g.apart === 0 && Object.keys(g.whatIf).every((k) => g.whatIf[k] === g[k]);

test('each what-if: the text before its question states none of its answer (no pair of words from the choice that happened or from the why), and after the answer its code offers fixes of which exactly one makes the hollow lane equal the lab\'s, bit for bit', async () => {
  const page = await openLesson(env);
  await keepResults(page);
  let n = 0;
  let fixed = 0;
  const stated = []; // the answers' pairs of words found above their questions
  for (const sel of WHAT_IFS) {
    // The text a student reads before the question: from the figure's heading to the figure, and its caption.
    const above = await page.evaluate((s) => {
      const fig = document.querySelector(s);
      const heading = document.getElementById(fig.getAttribute('aria-labelledby'));
      let text = '';
      for (let node = heading.nextElementSibling; node && node !== fig; node = node.nextElementSibling) text += ` ${node.innerText}`;
      return `${text} ${fig.querySelector('figcaption').innerText}`;
    }, sel);
    const seen = pairs(above);
    for (const b of await page.locator(`${sel} [data-action="apply"][data-predict]`).all()) {
      const label = (await b.textContent()).trim();
      const spec = JSON.parse(await b.getAttribute('data-predict'));
      await b.click();
      const q = page.locator(open(sel));
      await q.waitFor();
      await q.locator('input[type="radio"]').first().check();
      await q.locator('.fl-predict-play').click();
      await onWidget(page, sel, (h) => h.setSpeed(4));
      let results = await resultCount(page, ++n);
      const happened = results[n - 1].correct;
      const asked = pairs(spec.question);
      const told = [...pairs(`${happened} ${spec.why}`)].filter((p) => !asked.has(p) && seen.has(p));
      if (told.length) stated.push(`${sel} "${label}": ${told.join(', ')}`);
      const slip = await onWidget(page, sel, (h) => h.compared());
      // The code, its slip marked, and its fixes, once the answer is on screen.
      const code = q.locator('.fl-code');
      await code.locator('summary').click(); // folded under the answer
      await code.locator('pre').waitFor();
      assert.equal(await code.locator('pre mark').count(), spec.code.slip.length, label);
      const sames = [];
      for (let i = 0; i < spec.code.fixes.length; i++) {
        await code.locator('.fl-fix').nth(i).click();
        await onWidget(page, sel, (h) => h.setSpeed(4));
        results = await resultCount(page, ++n);
        const r = results[n - 1];
        assert.equal(r.kind, 'fix');
        assert.equal(r.answer, spec.code.fixes[i].text);
        const g = await onWidget(page, sel, (h) => h.gauges());
        assert.equal(g.time, Number(await b.getAttribute('data-seconds')));
        sames.push(sameLanes(g));
        assert.equal(r.held, sames[i], `${label}, fix ${i}: the result says it ${r.held ? 'fixed' : 'did not fix'} it`);
        assert.match(await code.locator('.fl-fix-outcome').textContent(), sames[i] ? /That fixes it\./ : /does not undo the slip/);
      }
      if (spec.code.fixes.length) {
        assert.equal(sames.filter(Boolean).length, 1, `${label}: fixes that make the lanes equal: ${JSON.stringify(sames)}`);
        fixed++;
      } else assert.match(await code.textContent(), /Nothing to fix/);
      // Replay runs the slip again, not the last fix.
      await q.locator('.fl-predict-play').click();
      await onWidget(page, sel, (h) => h.setSpeed(4));
      await whenWidget(page, sel, (h, s) => h.paused() && h.gauges().time === s, Number(await b.getAttribute('data-seconds')));
      assert.deepEqual(await onWidget(page, sel, (h) => h.compared()), slip, `${label}: Replay after the fixes runs the slip again`);
    }
  }
  assert.deepEqual(stated, [], 'the text above a question says what its answer says');
  assert.ok(n >= 8 && fixed >= 7, `only ${n} results and ${fixed} what-ifs with fixes`);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('the ghost marker by keyboard alone: moved with the arrows, locked by Play, and the answer and the live region say how far off it was, in px', async () => {
  const { page, sel, q } = await steerWhatIf();
  const mark = page.locator(`${sel} .fl-marker:not([hidden])`);
  await mark.focus();
  const start = await mark.getAttribute('aria-valuetext');
  for (let i = 0; i < 3; i++) await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('ArrowDown');
  const moved = await mark.getAttribute('aria-valuetext');
  const xy = (text) => text.match(/x (\d+) px, y (\d+) px/).slice(1).map(Number);
  assert.deepEqual(xy(moved), [xy(start)[0] + 150, xy(start)[1] + 5]);
  await whenWidget(page, sel, (h, m) => h.announcements().includes(m), moved);
  await q.locator('.fl-sure select').selectOption('4');
  await q.locator('input[type="radio"]').last().check();
  await q.locator('.fl-predict-play').click();
  // Locked with the prediction.
  await mark.focus();
  await page.keyboard.press('ArrowLeft');
  assert.equal(await mark.getAttribute('aria-valuetext'), moved);
  const [r] = await resultCount(page, 1);
  const end = await onWidget(page, sel, (h) => h.state().whatIf.pos);
  const px = Math.hypot(end[0] - xy(moved)[0], end[1] - xy(moved)[1]);
  assert.equal(r.marker.sure, 4);
  assert.ok(Math.abs(r.marker.px - px) < 1e-9, `${r.marker.px} against ${px}`);
  assert.ok(r.text.includes(`Your mark was ${Math.round(px)} px from where the hollow vehicle ended (you were 4 of 5 sure).`), r.text);
  await whenWidget(page, sel, (h, t) => h.announcements().includes(t), r.text);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('the flock\'s marker: on the hollow boid it names at 0 s, moved by keys, and its miss measured the shorter way round the wrapping world', async () => {
  const page = await openLesson(env);
  await keepResults(page);
  const sel = '#what-if-flock';
  await scrollToCanvas(page, sel);
  await page.locator(`${sel} button`, { hasText: 'Per-frame force' }).click();
  const q = page.locator(open(sel));
  await q.waitFor();
  const mark = page.locator(`${sel} .fl-marker:not([hidden])`);
  const xy = (text) => text.match(/x (\d+) px, y (\d+) px/).slice(1).map(Number);
  // It starts on boid 0 of the hollow flock.
  const boid = await onWidget(page, sel, (h) => h.state().whatIf.boids[0]);
  assert.deepEqual(xy(await mark.getAttribute('aria-valuetext')), [Math.round(boid[0]), Math.round(boid[1])]);
  // The case this test is about, arranged: at 0.2 px/s² a boid keeps its
  // velocity (within 10 px over 10 s), so its end is about start + 10 s of
  // it, wrapped; the mark goes 300 px from there up or down, where the
  // shorter way round (240 px) is not the straight one.
  const wrap = (v, w) => ((v % w) + w) % w;
  const guess = [wrap(boid[0] + 10 * boid[2], 900), wrap(boid[1] + 10 * boid[3], 540)];
  const target = [Math.round(guess[0] / 5) * 5, Math.round((guess[1] + 300 <= 540 ? guess[1] + 300 : guess[1] - 300) / 5) * 5];
  await mark.focus();
  for (const [axis, plus, minus] of [[0, 'ArrowRight', 'ArrowLeft'], [1, 'ArrowDown', 'ArrowUp']]) {
    let d = target[axis] - xy(await mark.getAttribute('aria-valuetext'))[axis];
    for (; Math.abs(d) >= 50; d -= Math.sign(d) * 50) await page.keyboard.press(`Shift+${d > 0 ? plus : minus}`);
    for (; Math.abs(d) >= 5; d -= Math.sign(d) * 5) await page.keyboard.press(d > 0 ? plus : minus);
  }
  const at = xy(await mark.getAttribute('aria-valuetext'));
  mkdirSync(join(artifacts, 'honest'), { recursive: true });
  await page.screenshot({ path: join(artifacts, 'honest', 'flock-marker.png') });
  await q.locator('input[type="radio"]').last().check();
  await q.locator('.fl-speed select').selectOption('2');
  await q.locator('.fl-predict-play').click();
  const [r] = await resultCount(page, 1);
  const [ex, ey] = await onWidget(page, sel, (h) => h.state().whatIf.boids[0]);
  const round = (d, w) => Math.min(Math.abs(d), w - Math.abs(d)); // the flock's world, 900 x 540, wraps
  const px = Math.hypot(round(ex - at[0], 900), round(ey - at[1], 540));
  assert.ok(Math.hypot(ex - at[0], ey - at[1]) > px + 20, `the straight way (${Math.hypot(ex - at[0], ey - at[1])} px) is the shorter one: not the case arranged`);
  assert.ok(Math.abs(r.marker.px - px) < 1e-9, `${r.marker.px} against ${px}`);
  assert.ok(r.text.includes(`Your mark was ${Math.round(px)} px from where the hollow boid under the diamond ended`), r.text);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('the crowd\'s words call a moment\'s jam "held up", never "stuck", and say "never arrived" only of the run\'s end', async () => {
  const page = await openLesson(env);
  const sel = '#crowd';
  await onWidget(page, sel, (h) => h.runTo(5.6));
  const g = await onWidget(page, sel, (h) => h.gauges());
  const said = await onWidget(page, sel, (h) => h.describe());
  assert.ok(g.stuck > 0, 'the case this test is about: some agents slow and away from the goal at 5.6 s');
  assert.doesNotMatch(said, /stuck|never/i, said);
  assert.match(said, new RegExp(`${g.stuck} (is|are) held up\\.`), said);
  assert.deepEqual(page.problems, []);
  await page.close();
});

// One what-if before, during, after, and with its code and a fix, at a
// laptop's size, on a phone and in projector mode: build/test-artifacts/honest/.
// With the canvas in view, the ▶ Play on it is in view too, and it is the
// question's Play (the question may be below the fold).
async function shots(page, size) {
  const dir = join(artifacts, 'honest');
  mkdirSync(dir, { recursive: true });
  const sel = '#what-if-steer';
  const fig = page.locator(sel);
  await scrollToCanvas(page, sel);
  const q = page.locator(open(sel));
  await q.waitFor();
  const play = page.locator(`${sel} .fl-play`);
  await play.waitFor();
  const box = await play.boundingBox();
  const view = page.viewportSize();
  assert.ok(box.y >= 0 && box.y + box.height <= view.height, `${size}: the canvas's Play is off screen (${JSON.stringify(box)})`);
  await fig.screenshot({ path: join(dir, `steer-${size}-before.png`) });
  await q.locator('input[type="radio"]').last().check();
  await play.click(); // the question's step: commits the choice ticked and plays
  await whenWidget(page, sel, (h) => h.gauges().time > 1 && !h.paused());
  assert.equal(await q.locator('input[type="radio"]').last().isDisabled(), true, `${size}: the canvas's Play committed the prediction`);
  await fig.screenshot({ path: join(dir, `steer-${size}-during.png`) });
  await onWidget(page, sel, (h) => h.setSpeed(4));
  await resultCount(page, 1);
  await fig.screenshot({ path: join(dir, `steer-${size}-after.png`) });
  await q.locator('.fl-code summary').click();
  await q.locator('.fl-fix').first().click();
  await onWidget(page, sel, (h) => h.setSpeed(4));
  await resultCount(page, 2);
  await fig.screenshot({ path: join(dir, `steer-${size}-code-and-fix.png`) });
}

test('screenshots of a what-if before, during, after and with its code and a fix, at 1280x800, on a 390x844 phone (DPR 3) and in projector mode; the canvas\'s Play is in view with the canvas and commits the prediction', async () => {
  let page = await openLesson(env);
  await page.setViewportSize({ width: 1280, height: 800 });
  await keepResults(page);
  await shots(page, '1280x800');
  assert.deepEqual(page.problems, []);
  await page.close();
  page = await openLesson(env);
  await page.setViewportSize({ width: 1280, height: 800 });
  await keepResults(page);
  await page.locator('#projector').click();
  await shots(page, 'projector');
  assert.deepEqual(page.problems, []);
  await page.close();
  const phone = await start({ deviceScaleFactor: 3 });
  try {
    page = await openLesson(phone);
    await page.setViewportSize({ width: 390, height: 844 });
    await keepResults(page);
    await shots(page, '390x844');
    assert.deepEqual(page.problems, []);
  } finally {
    await phone.close();
  }
});

test('an experiment\'s points left where they started are no prediction: the result says so and reports none; one point moved by a key is one', async () => {
  const page = await openLesson(env);
  await keepResults(page);
  const id = '#measure-overshoot';
  const run = () => page.evaluate((s) => document.querySelector(s).flocklabExperiment.run().then((r) => r.rows.length), id);
  await page.evaluate((s) => document.querySelector(s).flocklabExperiment.ready, id);
  await page.locator(`${id} select`).first().selectOption('points');
  assert.ok(await run() > 0);
  let results = await resultCount(page, 1);
  assert.equal(results[0].answer, null);
  assert.equal(results[0].held, null);
  assert.match(results[0].text, /The points were left where they started: no prediction\./);
  assert.deepEqual(await page.evaluate((s) => document.querySelector(s).flocklabExperiment.prediction().points, id), []);
  // A point moved by the keyboard makes it a prediction.
  await page.locator(`${id} .fl-exp-point[tabindex="0"]`).focus();
  await page.keyboard.press('ArrowUp');
  await run();
  results = await resultCount(page, 2);
  assert.notEqual(results[1].answer, null);
  assert.doesNotMatch(results[1].text, /left where they started/);
  assert.deepEqual(page.problems, []);
  await page.close();
});

// Words a student should never hear: a code name ("Max_force"), a unit
// spelt as code ("deg"), a count that disagrees ("1 agents").
const UNTRUE = [/\b[A-Za-z]+_[a-z]+\b/, /\bdeg\b/, /(?<![\d.,])1 (agents|cells|boids)\b/];

test('true words: a tuning change is said as a student reads it (its name, its unit, degrees as °), a count of one agrees, and what the what-ifs and the crowd said has no code name, no "deg" and no "1 agents"', async () => {
  const page = await openLesson(env);
  const said = (sel, re) => whenWidget(page, sel, (h, src) => h.announcements().some((a) => new RegExp(src).test(a)), re.source);
  // Paused, a change is answered at once (running, after its effect shows).
  await onWidget(page, '#flock', (h) => h.pause());
  await onWidget(page, '#flock', (h) => h.setParams({ max_force: 200 }));
  await said('#flock', /^Max force set to 200 px\/s²\./);
  await onWidget(page, '#flock', (h) => h.setParams({ view_angle: 0 }));
  await said('#flock', /^View angle set to 0°\./);
  // The crowd run until one agent is home: its outputs and chart say "1 agent".
  const sel = '#crowd';
  await onWidget(page, sel, (h) => h.pause());
  await onWidget(page, sel, (h) => { h.reset(); for (let i = 0; i < 2000 && h.gauges().arrived < 1; i++) h.step(1); });
  const g = await onWidget(page, sel, (h) => h.gauges());
  assert.equal(g.arrived, 1, 'the case this test is about: one agent home');
  await page.waitForFunction((s) => document.querySelector(`${s} output[data-gauge="arrived"]`).textContent === '1', sel, { timeout: 30000 });
  const plot = await page.locator(`${sel} svg[data-plot]`).evaluate((svg) => svg.textContent + (svg.getAttribute('aria-label') ?? ''));
  assert.doesNotMatch(plot, UNTRUE[2], plot);
  for (const s of ['#flock', '#crowd', '#what-if-steer', '#what-if-flock', '#what-if-crowd']) {
    for (const a of await onWidget(page, s, (h) => h.announcements())) for (const re of UNTRUE) assert.doesNotMatch(a, re, `${s}: ${a}`);
  }
  // The page's Tuning forms: every slider's label and the value it speaks
  // (the flock's view angle now 0: "0°").
  await page.waitForFunction(() => document.querySelector('#flock [data-controls] input[type="range"]')?.getAttribute('aria-valuetext') === '0°'
    || [...document.querySelectorAll('#flock [data-controls] input[type="range"]')].some((r) => r.getAttribute('aria-valuetext') === '0°'), null, { timeout: 30000 });
  const heard = await page.evaluate(() => [...document.querySelectorAll('[data-controls] input[type="range"]')]
    .map((r) => `${document.querySelector(`label[for="${r.id}"]`)?.textContent}: ${r.getAttribute('aria-valuetext')}`));
  assert.ok(heard.length > 10, heard.join('\n'));
  for (const a of heard) for (const re of UNTRUE) assert.doesNotMatch(a, re, a);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('a data-predict without choices warns once, in a sentence, and raises no page error: its button still sets the slip, and the canvas\'s Play runs it', async () => {
  const page = await pageOf(env, `<figure class="flocklab" id="w" data-scene="steer" data-mode="seek" data-compare="max-force=0.2">
    <canvas width="800" height="450"></canvas>
    <button type="button" data-action="apply" data-seconds="3" data-options='{"compare": "max-force=0.2"}'
      data-predict='{"question": "What will it do?", "result": "{closest}", "why": "Why."}'>Broken</button></figure>`);
  await page.waitForFunction(() => document.querySelector('#w')?.flocklab?.ready && document.querySelector('#w').classList.contains('flocklab-ready'), null, { timeout: 60000 });
  await page.locator('#w button', { hasText: 'Broken' }).click();
  await whenWidget(page, '#w', (h) => h.paused() && h.gauges().time === 0);
  await page.locator('#w .fl-play').click();
  await whenWidget(page, '#w', (h) => h.gauges().time > 0.1);
  const choices = /"choices" needs two or more/;
  if (!page.warnings.some((w) => choices.test(w))) await page.waitForEvent('console', { predicate: (m) => choices.test(m.text()), timeout: 30000 });
  assert.equal(page.warnings.filter((w) => choices.test(w)).length, 1, JSON.stringify(page.warnings));
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('the HUD hides no hollow boid: while a flock what-if plays it folds to its essentials, and a hollow boid under it is drawn over it, in the lane\'s colour; the lane button hides the hollow flock and shows it again', async () => {
  const page = await openLesson(env);
  await page.setViewportSize({ width: 1280, height: 800 });
  const sel = '#what-if-flock';
  await scrollToCanvas(page, sel);
  const q = page.locator(open(sel));
  await q.waitFor();
  const whole = await onWidget(page, sel, (h) => h.uiMetrics().hud);
  await q.locator('input[type="radio"]').first().check();
  await q.locator('.fl-predict-play').click();
  // Playing: folded (the page's line below the canvas says both lanes' gauges).
  await page.waitForFunction((s) => {
    const h = document.querySelector(s).flocklab;
    const [, y0, , y1] = h.uiMetrics().hud;
    return !h.paused() && h.gauges().time > 0.5 && y1 - y0 <= 5 * h.uiMetrics().linePx;
  }, sel, { timeout: 60000 });
  // Stopped mid-run with the HUD whole again, its hollow boids are checked on the canvas's pixels.
  await page.waitForFunction((s) => document.querySelector(s).flocklab.gauges().time > 2, sel, { timeout: 60000 });
  await onWidget(page, sel, (h) => h.pause());
  await page.waitForFunction(([s, h0]) => {
    const [, y0, , y1] = document.querySelector(s).flocklab.uiMetrics().hud;
    return y1 - y0 >= h0[3] - h0[1]; // whole: at least as tall as at 0 s (its chart has come since)
  }, [sel, whole], { timeout: 60000 });
  // With the Tuning panel open the HUD keeps to the top left, whole; the
  // test steps the paused flocks until a hollow boid is under it.
  assert.equal(await onWidget(page, sel, (h) => h.key('t')), true);
  await page.waitForFunction((s) => {
    const m = document.querySelector(s).flocklab.uiMetrics();
    return m.tuning && m.hud[0] < 10 && m.hud[1] < 10;
  }, sel, { timeout: 30000 });
  let seen;
  let under = [];
  for (let tries = 0; tries < 60 && !under.length; tries++) {
    if (tries) {
      const frames = await onWidget(page, sel, (h) => { h.step(15); return h.uiMetrics().frames; });
      await page.waitForFunction(([s, f]) => document.querySelector(s).flocklab.uiMetrics().frames > f, [sel, frames], { timeout: 30000 });
    }
    seen = await onWidget(page, sel, (h) => ({ m: h.uiMetrics(), lane: h.state().whatIf.boids }));
    seen.world = 900; // px: the flock's world is 900 x 540 (FlockParams)
    const perWorld = seen.m.window[0] / seen.world; // window px per world px
    const r = 6 * perWorld; // the ring's radius
    const [x0, y0, x1, y1] = seen.m.hud;
    under = seen.lane.map(([x, y]) => [x * perWorld, y * perWorld]).filter(([x, y]) => x - r > x0 && x + r < x1 && y - r > y0 && y + r < y1);
  }
  const r = 6 * seen.m.window[0] / seen.world;
  assert.ok(under.length > 0, 'no hollow boid came under the whole HUD in 15 s');
  const around = [];
  for (const [x, y] of under) for (const dx of [-r, r]) for (let k = -2; k <= 2; k++) around.push([x + dx + k, y]);
  const colours = await pixelsAt(page, `${sel} canvas`, around);
  const magenta = ([R, G, B]) => R > 200 && B > 150 && G < 190;
  under.forEach(([x, y], i) => {
    const ring = colours.slice(i * 10, i * 10 + 10);
    assert.ok(ring.slice(0, 5).some(magenta) && ring.slice(5).some(magenta), `the hollow boid at ${x.toFixed(0)}, ${y.toFixed(0)} (window px) under the HUD is hidden: ${JSON.stringify(ring)}`);
  });
  // The lane button: the hollow flock off, then on again.
  const lane = page.locator(`${sel} [data-action="lane"]`);
  assert.equal(await lane.getAttribute('aria-pressed'), 'true');
  await lane.click();
  await page.waitForFunction((s) => document.querySelector(s).flocklab.compared() === null && document.querySelector(`${s} [data-action="lane"]`).getAttribute('aria-pressed') === 'false', sel, { timeout: 30000 });
  await lane.click();
  await page.waitForFunction((s) => document.querySelector(s).flocklab.compared() !== null && document.querySelector(`${s} [data-action="lane"]`).getAttribute('aria-pressed') === 'true', sel, { timeout: 30000 });
  assert.deepEqual(page.problems, []);
  await page.close();
});
