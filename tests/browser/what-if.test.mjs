// Browser tests of the what-if lane (issue "What if"): data-compare on the
// real widget reproduces what_if.py's golden runs to the bit where the page's
// start equals the native one, look-first with the order reversed stays
// exactly together, the ghost is drawn and compare(null) takes it away, W
// toggles it from the keyboard, and config()/link() carry it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { start, openLesson, pageOf, pixelStats, root, askedBy } from './helpers.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env.close(); });

const golden = (name) => JSON.parse(readFileSync(join(root, 'tests', 'golden', 'what-if', name), 'utf8'));
const GHOST = [255, 140, 217]; // the lane's colour (src/widget/app_hud.cpp)

// One widget on a page of its own, ready, paused.
async function widget(attrs) {
  const page = await pageOf(env, `<figure class="flocklab" id="w" data-paused ${attrs}><canvas width="900" height="540"></canvas></figure>`);
  await page.waitForFunction(() => document.querySelector('#w').classList.contains('flocklab-ready'), null, { timeout: 60000 });
  return page;
}
const run = (page, seconds) => page.evaluate(async (s) => {
  const h = document.querySelector('#w').flocklab;
  await h.runTo(s);
  return { g: h.gauges(), state: h.state(), compared: h.compared() };
}, seconds);

test('the steer golden runs through data-compare: both lanes, closest, overshoot and apart to the bit', async () => {
  for (const [file, attrs] of [
    ['vehicle_seek_per_frame_force.json', 'data-scene="steer" data-mode="seek" data-compare="max-force=0.2"'],
    ['vehicle_flee_negated_seek.json', 'data-scene="steer" data-mode="flee" data-velocity="220,0" data-compare="flee=negated-seek"'],
    ['vehicle_arrive_slow_radius_40.json', 'data-scene="steer" data-mode="arrive" data-compare="slow-radius=40"'],
  ]) {
    const g = golden(file);
    const page = await widget(attrs);
    const r = await run(page, g.steps / 60);
    assert.deepEqual(r.state.pos, g.pos, file);
    assert.deepEqual(r.state.velocity, g.velocity, file);
    assert.equal(r.g.closest, g.closest, file);
    assert.equal(r.g.overshoot, g.overshoot, file);
    assert.deepEqual(r.state.whatIf.pos, g.what_if.pos, file);
    assert.deepEqual(r.state.whatIf.velocity, g.what_if.velocity, file);
    assert.equal(r.g.whatIf.closest, g.what_if.closest, file);
    assert.equal(r.g.whatIf.overshoot, g.what_if.overshoot, file);
    assert.equal(r.g.apart, g.apart, file);
    assert.deepEqual(page.problems, []);
    await page.close();
  }
});

test('the flock golden runs through data-compare, seed 7: both lanes and apart to the bit; look first with the order reversed is exactly 0 apart', async () => {
  for (const [file, attrs] of [
    ['flock_per_frame_force_seed7.json', 'data-compare="max-force=0.2"'],
    ['flock_no_speed_band_seed7.json', 'data-compare="min-speed=0"'],
    ['flock_as_you_go_reversed_seed7.json', 'data-update="as-you-go" data-compare="order=reversed"'],
    ['flock_look_first_reversed_seed7.json', 'data-compare="order=reversed"'],
  ]) {
    const g = golden(file);
    const page = await widget(`data-scene="flock" data-seed="7" data-hawk="off" ${attrs}`);
    const r = await run(page, g.steps / 60);
    assert.equal(r.g.spacing, g.spacing, file);
    assert.equal(r.g.slowest, g.slowest, file);
    assert.deepEqual(r.state.boids, g.boids_state, file);
    assert.deepEqual(r.state.whatIf.boids, g.what_if.boids_state, file);
    assert.equal(r.g.whatIf.order, g.what_if.order, file);
    assert.equal(r.g.apart, g.apart, file);
    if (file.includes('look_first')) assert.equal(r.g.apart, 0);
    await page.close();
  }
});

test('the ghost is drawn in its own colour, compare(null) takes it away, and a bad change is refused whole', async () => {
  const page = await widget('data-scene="flock" data-seed="7" data-compare="max-force=0.2"');
  const ghost = async () => (await pixelStats(page, '#w canvas', [0, 0, 0], GHOST)).matching;
  await page.evaluate(() => stepAll(document.querySelector('#w').flocklab, 120));
  await page.waitForFunction(() => document.querySelector('#w').flocklab.gauges().time > 1.9);
  assert.ok(await ghost() > 200, 'the lane\'s hollow rings are on the canvas');
  const r = await page.evaluate(() => {
    const h = document.querySelector('#w').flocklab;
    const out = {};
    for (const bad of [{ gravity: 1 }, { order: 'sideways' }, 'max-force', { boids: 90 }]) {
      try { h.compare(bad); out[JSON.stringify(bad)] = 'accepted'; } catch (e) { out[JSON.stringify(bad)] = e.name; }
    }
    out.kept = h.compared();
    // Clamped: the lane says the value it runs, and so do config() and link().
    h.compare({ maxForce: 99999 });
    out.clamped = { compared: h.compared(), config: h.config().compare, link: new URL(h.link()).searchParams.get('compare'), max: h.params().max_force };
    h.compare(null);
    out.after = h.compared();
    out.gauges = Object.keys(h.gauges());
    return out;
  });
  assert.deepEqual(r.kept, { max_force: 0.2 });
  const top = r.clamped.compared.max_force;
  assert.ok(top < 99999 && top >= r.clamped.max, `the lane runs max_force ${top}`);
  for (const said of [r.clamped.config, r.clamped.link]) {
    assert.match(said, /^max_force=[\d.]+$/);
    assert.equal(Number(said.split('=')[1]), top);
  }
  assert.ok(page.warnings.some((w) => /max_force: 99999 is outside/.test(w)), 'the clamp is said');
  for (const k of ['{"gravity":1}', '{"order":"sideways"}', '"max-force"', '{"boids":90}']) assert.equal(r[k], 'TypeError', k);
  assert.equal(r.after, null);
  assert.deepEqual(r.gauges, ['time', 'spacing', 'order', 'slowest']);
  // The next frame has no ghost (the widget draws on its next animation frame: waited for, not timed).
  await page.waitForFunction(() => document.querySelector('#w').flocklab.gauges().time >= 0);
  let left = await ghost();
  for (let k = 0; k < 50 && left > 0; k++) left = await ghost();
  assert.equal(left, 0, 'no ghost after compare(null)');
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('W on the focused canvas toggles the lane, said in the live region; config() and link() carry it', async () => {
  const page = await widget('data-scene="crowd" data-seed="3"');
  await page.locator('#w canvas').focus();
  await page.keyboard.press('w');
  await page.waitForFunction(() => document.querySelector('#w').flocklab.compared() !== null);
  const on = await page.evaluate(() => {
    const h = document.querySelector('#w').flocklab;
    return { compared: h.compared(), config: h.config(), link: h.link(), describe: h.describe() };
  });
  assert.deepEqual(on.compared, { follow: 'seek' }); // the crowd's own: seeking beside the flow field
  assert.equal(on.config.compare, 'follow=seek');
  assert.equal(new URL(on.link).searchParams.get('compare'), 'follow=seek');
  assert.match(on.describe, /What if follow seek: /);
  await page.waitForFunction(() => document.querySelector('#w').flocklab.announcements().some((a) => /What if follow seek/.test(a)));
  // A widget made from the config has the lane too.
  const copy = await page.evaluate(async (cfg) => {
    const el = document.createElement('figure');
    document.body.append(el);
    const h = window.FlockLab.mount(el, cfg);
    await h.ready;
    return h.compared();
  }, on.config);
  assert.deepEqual(copy, { follow: 'seek' });
  await page.keyboard.press('w');
  await page.waitForFunction(() => document.querySelector('#w').flocklab.compared() === null);
  await page.keyboard.press('w'); // on again: the same changes
  await page.waitForFunction(() => document.querySelector('#w').flocklab.compared()?.follow === 'seek');
  assert.deepEqual(page.problems, []);
  await page.close();
});

// A what-if button on the lesson page pressed: it waits at 0 s with its
// question shown; returns the question (the visible .fl-predict).
test('the lesson page: each slip\'s button runs it beside the lab, and the sentence under it states the widget\'s own gauges', async () => {
  const page = await openLesson(env);
  const cases = [
    ['#what-if-steer', 'Per-frame force', 10, 'vehicle_seek_per_frame_force.json'],
    ['#what-if-steer', 'Flee as −seek', 3, 'vehicle_flee_negated_seek.json'],
    ['#what-if-steer', 'Slowing at 40 px', 10, 'vehicle_arrive_slow_radius_40.json'],
    ['#what-if-flock', 'No speed band', 10, 'flock_no_speed_band_seed7.json'],
    ['#what-if-flock', 'Look first, last first', 10, 'flock_look_first_reversed_seed7.json'],
  ];
  for (const [sel, label, seconds, file] of cases) {
    // The prediction first (any choice), then Play runs it in real time.
    const question = await askedBy(page, sel, label);
    await question.locator('input[type="radio"]').first().check();
    await question.locator('.fl-predict-play').click();
    // Waits for the run's end (the handle says so), not for a time.
    await page.waitForFunction(({ sel, seconds }) => {
      const h = document.querySelector(sel).flocklab;
      return h.paused() && Math.abs(h.gauges().time - seconds) < 1e-9 && !document.querySelector(sel).hasAttribute('aria-busy');
    }, { sel, seconds }, { timeout: 60000 });
    const r = { g: await page.evaluate((sel) => document.querySelector(sel).flocklab.gauges(), sel) };
    const g = golden(file);
    const lab = file.startsWith('vehicle') ? ['closest', 'overshoot'] : ['order', 'slowest'];
    for (const name of lab) {
      assert.equal(r.g[name], g[name], `${label}: ${name}`);
      assert.equal(r.g.whatIf[name], g.what_if[name], `${label}: what if ${name}`);
    }
    assert.equal(r.g.apart, g.apart, `${label}: apart`);
    // The outputs refresh from the gauges on the widget's tick: polled until they show these.
    await page.waitForFunction(({ sel, names }) => {
      const el = document.querySelector(sel);
      const g = el.flocklab.gauges();
      const out = (k) => el.querySelector(`output[data-gauge="${k}"]`)?.textContent;
      const near = (text, v, d) => text !== undefined && Math.abs(Number(text) - v) <= 0.5 * 10 ** -d + 1e-9;
      return names.every((n) => near(out(n), g[n], n === 'order' ? 2 : 1) && near(out(`what-if-${n}`), g.whatIf[n], n === 'order' ? 2 : 1));
    }, { sel, names: lab }, { timeout: 10000 });
  }
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('predict, watch, explain: a what-if asks for a prediction at 0 s, plays from 0 s in real time, and its sentence and the live region name both lanes and the prediction', async () => {
  const page = await openLesson(env);
  const sel = '#what-if-steer';
  const question = await askedBy(page, sel, 'Flee as −seek');
  assert.match(await question.locator('legend').textContent(), /how close will the −seek vehicle get/);
  // It waits at 0 s, the first choice has the focus, and Play without a choice plays nothing.
  await page.waitForFunction((s) => { const h = document.querySelector(s).flocklab; return h.paused() && h.gauges().time === 0; }, sel);
  assert.ok(await page.evaluate((s) => document.activeElement?.matches(`${s} .fl-predict input[type="radio"]`), sel));
  await question.locator('.fl-predict-play').click();
  assert.match(await question.locator('.fl-outcome').textContent(), /Choose what you predict first/);
  assert.equal(await page.evaluate((s) => document.querySelector(s).flocklab.paused(), sel), true);
  // A choice by the keyboard: the focused radio group, arrows, Space.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  assert.match(await question.locator('input:checked').evaluate((i) => i.parentElement.textContent), /within 10 px/);
  await question.locator('.fl-predict-play').click();
  // Real time from 0 s: the widget is seen between its start and its end (3 s).
  await page.waitForFunction((s) => { const t = document.querySelector(s).flocklab.gauges().time; return t > 0 && t < 2.5; }, sel, { timeout: 30000, polling: 20 });
  await page.waitForFunction((s) => document.querySelector(`${s} .fl-predict:not([hidden]) .fl-outcome`).textContent.startsWith('You predicted'), sel, { timeout: 60000 });
  const r = await page.evaluate((s) => {
    const h = document.querySelector(s).flocklab;
    return { g: h.gauges(), outcome: document.querySelector(`${s} .fl-predict:not([hidden]) .fl-outcome`).textContent, said: h.announcements(), paused: h.paused() };
  }, sel);
  const g = golden('vehicle_flee_negated_seek.json');
  assert.equal(r.paused, true);
  assert.equal(r.g.time, 3);
  assert.equal(r.g.whatIf.closest, g.what_if.closest);
  assert.equal(r.g.closest, g.closest);
  assert.match(r.outcome, /^You predicted: It flies almost onto the threat, within 10 px\. /);
  assert.ok(r.outcome.includes(`stopped ${r.g.closest.toFixed(1)} px from the threat`), r.outcome);
  assert.ok(r.outcome.includes(`came within ${r.g.whatIf.closest.toFixed(1)} px`), r.outcome);
  assert.match(r.outcome, /Your prediction held\. Why: /);
  // The live region: where the run ended, with both lanes' numbers, then the outcome.
  const ended = r.said.find((a) => a.startsWith('Played to 3.0 s and paused.'));
  assert.ok(ended, JSON.stringify(r.said));
  assert.ok(ended.includes(`${r.g.whatIf.closest.toFixed(1)} px`) && /What if/.test(ended), ended);
  assert.equal(r.said.at(-1), r.outcome);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('the overshoot experiment: Workers run it, each run equals flocklab sweep, the braking distance is marked, and the sentence says where the overshoot stops', async () => {
  const attrs = 'data-scene="steer" data-mode="arrive" data-vary="slow-radius" data-values="10:200:10" data-seeds="7" data-seconds="10" data-measure="overshoot" data-mark="55: braking distance"';
  const page = await pageOf(env, `<figure class="flocklab" id="e" data-experiment ${attrs}></figure>`, {
    init: () => {
      const Real = window.Worker;
      window.workersMade = 0;
      window.Worker = class extends Real { constructor(...a) { super(...a); window.workersMade += 1; } };
    },
  });
  await page.waitForFunction(() => document.querySelector('#e').flocklabExperiment !== undefined, null, { timeout: 60000 });
  const r = await page.evaluate(async () => {
    const h = document.querySelector('#e').flocklabExperiment;
    await h.ready;
    const out = await h.run();
    const mark = document.querySelector('#e .fl-exp-mark');
    return { rows: out.rows, sentence: out.sentence, workers: window.workersMade, mark: mark && Number(mark.getAttribute('x1')), words: document.querySelector('#e .fl-exp-mark-words')?.textContent };
  });
  assert.ok(r.workers >= 1, `${r.workers} workers`);
  const native = execFileSync(join(root, 'build', 'native', 'flocklab'), ['sweep', '--scene', 'steer', '--option', 'mode=arrive', '--vary', 'slow_radius=10:200:10', '--seeds', '7', '--seconds', '10', '--json'], { encoding: 'utf8' })
    .trim().split('\n').map((l) => JSON.parse(l)).filter((x) => 'run' in x);
  assert.equal(r.rows.length, 20);
  assert.deepEqual(r.rows.map((x) => x.overshoot), native.map((x) => x.overshoot));
  // The golden arrive run with slow_radius=40 is one of them.
  assert.equal(r.rows.find((x) => Number(x.value) === 40).overshoot, golden('vehicle_arrive_slow_radius_40.json').what_if.overshoot);
  assert.ok(Number.isFinite(r.mark), 'the braking distance is marked');
  assert.equal(r.words, 'braking distance (55)');
  // Where the overshoot stops: the first radius from which every run is within a hundredth of the range of the last.
  const over = r.rows.map((x) => x.overshoot);
  const range = Math.max(...over) - Math.min(...over);
  const stop = over.findIndex((_, i) => over.slice(i).every((o) => Math.abs(o - over[over.length - 1]) <= 0.01 * range));
  assert.equal(r.sentence, `overshoot falls from ${over[0].toFixed(1)} px at slow radius 10 px to ${over[stop].toFixed(1)} px at slow radius ${Number(r.rows[stop].value)} px, and stays there.`);
  assert.ok(Number(r.rows[stop].value) > 55, 'it stops only past the braking distance');
  await page.close();
});

test('an experiment with data-compare runs the lane in every run and can measure apart: the golden numbers, from Workers', async () => {
  const page = await pageOf(env, '<figure class="flocklab" id="e" data-experiment data-scene="flock" data-hawk="off" data-vary="weight-separation" data-values="1.8" data-seeds="7" data-seconds="10" data-compare="max-force=0.2" data-measure="apart"></figure>');
  await page.waitForFunction(() => document.querySelector('#e').flocklabExperiment !== undefined, null, { timeout: 60000 });
  const r = await page.evaluate(async () => {
    const h = document.querySelector('#e').flocklabExperiment;
    await h.ready;
    const out = await h.run();
    return { row: out.rows[0], measure: out.measure };
  });
  const g = golden('flock_per_frame_force_seed7.json');
  assert.equal(r.measure, 'apart');
  assert.equal(r.row.apart, g.apart);
  assert.equal(r.row.what_if_order, g.what_if.order);
  assert.equal(r.row.spacing, g.spacing);
  assert.deepEqual(page.warnings.filter((w) => w.includes('data-measure')), []);
  await page.close();
});

test('a [data-controls] form offers the lesson\'s mistakes by name: choosing one sets the lane, "no what-if lane" removes it, and W shows in the form', async () => {
  const page = await pageOf(env, '<figure class="flocklab" id="w" data-scene="flock" data-paused><canvas width="900" height="540"></canvas><div data-controls></div></figure>');
  await page.waitForFunction(() => document.querySelector('#w').classList.contains('flocklab-ready'), null, { timeout: 60000 });
  const lane = () => page.evaluate(() => document.querySelector('#w').flocklab.compared());
  await page.getByLabel('no speed band').check();
  await page.waitForFunction(() => document.querySelector('#w').flocklab.compared()?.min_speed === 0);
  assert.deepEqual(await lane(), { min_speed: 0 });
  await page.getByLabel('no what-if lane').check();
  await page.waitForFunction(() => document.querySelector('#w').flocklab.compared() === null);
  // The switches are in the form too, by their words.
  await page.getByLabel('as-you-go').check();
  await page.waitForFunction(() => document.querySelector('#w').flocklab.update() === 'as-you-go');
  // W on the canvas: the form follows (polled: the form syncs after the key).
  await page.locator('#w canvas').focus();
  await page.keyboard.press('w');
  await page.waitForFunction(() => document.querySelector('#w').flocklab.compared()?.max_force === 0.2);
  await page.waitForFunction(() => document.querySelector('#w [data-controls] input[value="max_force=0.2"]').checked);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('the lesson page\'s crowd: following the field beside seeking on one maze is the two Looking-ahead golden runs at once, and the sentence states them', async () => {
  const page = await openLesson(env);
  const sel = '#what-if-crowd';
  // The crowd's prediction is asked and checked: which crowd gets more home.
  const question = await askedBy(page, sel, 'Predict and run 10 s');
  await question.locator('label', { hasText: 'seeks the goal' }).locator('input').check();
  await question.locator('.fl-predict-play').click();
  await page.waitForFunction((sel) => {
    const h = document.querySelector(sel).flocklab;
    return h.paused() && Math.abs(h.gauges().time - 10) < 1e-9 && !document.querySelector(sel).hasAttribute('aria-busy');
  }, sel, { timeout: 60000 });
  const r = await page.evaluate((sel) => {
    const h = document.querySelector(sel).flocklab;
    return { g: h.gauges(), state: h.state(), compared: h.compared() };
  }, sel);
  assert.deepEqual(r.compared, { follow: 'seek' });
  const shared = (name) => JSON.parse(readFileSync(join(root, 'tests', 'golden', 'looking-ahead', name), 'utf8'));
  const field = shared('crowd_field_seed7_600.json');
  const seek = shared('crowd_seek_seed7_600.json');
  for (const k of ['arrived', 'stuck', 'mean_steps_to_goal']) {
    assert.equal(r.g[k], field[k], `field: ${k}`);
    assert.equal(r.g.whatIf[k], seek[k], `seek: ${k}`);
  }
  assert.deepEqual(r.state.agents, field.agents, 'the field lane differs from the golden run');
  assert.deepEqual(r.state.whatIf.agents, seek.agents, 'the seeking lane differs from the golden run');
  // The sentence under the widget shows these numbers (refreshed on the widget's tick: polled).
  await page.waitForFunction(({ sel, want }) => {
    const out = (k) => document.querySelector(`${sel} output[data-gauge="${k}"]`)?.textContent;
    return Object.entries(want).every(([k, v]) => out(k) === String(v));
  }, { sel, want: { arrived: field.arrived, stuck: field.stuck, 'what-if-arrived': seek.arrived, 'what-if-stuck': seek.stuck } }, { timeout: 10000 });
  // The prediction (seeking) is checked against what happened (the field got more home).
  await page.waitForFunction((s) => document.querySelector(`${s} .fl-predict:not([hidden]) .fl-outcome`).textContent.startsWith('You predicted'), sel, { timeout: 30000 });
  const outcome = await page.locator(`${sel} .fl-predict:not([hidden]) .fl-outcome`).textContent();
  assert.ok(outcome.includes(`At 10 s, following the field: ${field.arrived} home and ${field.stuck} held up (slow and away from the goal at the end: they never arrived); seeking: ${seek.arrived} home and ${seek.stuck} held up.`), outcome);
  assert.match(outcome, /What happened instead: The crowd that follows the field\. Why: /);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('a teacher\'s Reset all, by the keyboard: every started widget is back at its seed at 0 s, every experiment has no runs and no prediction, and the page says how many', async () => {
  const page = await openLesson(env);
  // Every widget paused somewhere after its start; an experiment run, with a prediction.
  const n = await page.evaluate(() => {
    const hs = [...document.querySelectorAll('.flocklab.flocklab-ready:not([data-experiment])')].map((e) => e.flocklab);
    for (const h of hs) { h.pause(); stepAll(h, 30); }
    return hs.length;
  });
  assert.equal(n, 14);
  await page.evaluate(() => { const x = document.querySelector('#measure-overshoot').flocklab; x.predict('falls'); return x.run(); });
  assert.ok(await page.evaluate(() => document.querySelector('#measure-overshoot').flocklab.results().rows.length > 0));
  await page.focus('#reset-all');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => /^14 simulations are back at their start, and 3 experiments have no runs\. 3 what-ifs are stopped at 0 s and wait for Play, with the predictions made so far kept\.$/.test(document.querySelector('#reset-all-said').textContent), null, { timeout: 30000 });
  const times = await page.evaluate(() => [...document.querySelectorAll('.flocklab.flocklab-ready:not([data-experiment])')].map((e) => e.flocklab.gauges().time));
  assert.deepEqual(times, Array(14).fill(0));
  const exp = await page.evaluate(() => { const x = document.querySelector('#measure-overshoot').flocklab; return { rows: x.results().rows.length, kind: x.prediction().kind, said: document.querySelector('#measure-overshoot .fl-exp-summary').textContent }; });
  assert.deepEqual(exp, { rows: 0, kind: '', said: 'No runs yet.' });
  assert.deepEqual(page.problems, []);
  await page.close();
});
