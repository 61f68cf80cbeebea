// A course platform's frame: an LMS shows content in an iframe sandboxed
// with allow-scripts only (no allow-same-origin: the content's origin is
// opaque, "null"), from another origin than the course page. embed.html and
// an offline file must start there, post their results to the parent, and
// say plainly what the frame forbids (full screen, the clipboard).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { serve } from '../../web/serve.mjs';
import { createRequire } from 'node:module';
import { start, root, courseSite, readyIn } from './helpers.mjs';

// Learning Locker's own validation of xAPI statements (as its LRS takes them).
const validate = createRequire(import.meta.url)('@learninglocker/xapi-validation').default;

const LAB = { spacing: 22.550619377904063, order: 0.8828553839737805 };

let env;
let offline;
let course;
const coursePage = (src, opts) => course.page(src, opts);
before(async () => {
  env = await start();
  offline = await serve(join(root, 'build', 'dist', 'offline'), 0);
  course = await courseSite(env);
});
after(async () => {
  await env.close();
  offline.close();
  course.close();
});

for (const [what, src] of [
  ['embed.html', () => `${env.url}embed.html?seed=7&paused=1&post=gauges`],
  ['an offline file', () => `http://127.0.0.1:${offline.address().port}/flock.html?seed=7&paused=1&post=gauges`],
]) {
  test(`${what} in a frame sandboxed with allow-scripts only starts, is the lab, and posts its gauges to the course page`, async () => {
    const { page, frame } = await coursePage(src());
    const r = await readyIn(frame);
    assert.equal(r.origin, 'null', 'the frame\'s origin is opaque');
    assert.ok(r.ready, `the widget did not start: ${r.text}`);
    const g = await frame().evaluate(() => document.querySelector('.flocklab').flocklab.runTo(10));
    assert.equal(g.spacing, LAB.spacing);
    assert.equal(g.order, LAB.order);
    await page.waitForFunction(() => messages.some((m) => m.data?.type === 'flocklab:gauges' && m.data.gauges.spacing === 22.550619377904063), null, { timeout: 30000 });
    assert.deepEqual(page.problems, []);
    await page.close();
  });
}

test('a server that does not allow the frame\'s "null" origin: embed.html says on the widget which header the server must send', async () => {
  const bare = await serve(join(root, 'build', 'web'), 0, { cors: false });
  try {
    const { page, frame } = await coursePage(`http://127.0.0.1:${bare.address().port}/embed.html?seed=7`);
    const r = await readyIn(frame);
    assert.equal(r.ready, false);
    assert.match(r.text, /flocklab\.js could not be loaded\. This page is in a frame sandboxed without allow-same-origin: the server must send the header "Access-Control-Allow-Origin: \*"/);
    await page.close();
  } finally {
    bare.close();
  }
});

test('a frame without allow="fullscreen" and clipboard-write: Full screen and Copy link say so on the widget, and the link is there to copy by hand', async () => {
  const { page, frame } = await coursePage(`${env.url}embed.html?seed=7&paused=1`);
  assert.ok((await readyIn(frame)).ready);
  await frame().locator('[data-action="fullscreen"]').click();
  const note = frame().locator('.flocklab > .fl-note');
  await note.waitFor({ state: 'visible' });
  assert.match(await note.textContent(), /Full screen is not allowed in this frame: the page around it needs allow="fullscreen" on its iframe\./);
  await frame().locator('[data-action="share"]').click();
  await frame().waitForFunction(() => document.querySelector('.flocklab > .fl-note input') !== null);
  assert.match(await note.textContent(), /does not let the widget use the clipboard\. Copy the link by hand:/);
  const r = await frame().evaluate(() => {
    const field = document.querySelector('.fl-note input');
    return { value: field.value, link: document.querySelector('.flocklab').flocklab.link(), focused: document.activeElement === field, selected: field.selectionEnd - field.selectionStart };
  });
  assert.equal(r.value, r.link);
  assert.ok(r.focused && r.selected === r.value.length, 'the link is selected, ready for Ctrl+C');
  await page.close();
});

test('the results stream: the lesson framed with post=results and post-origin posts a what-if\'s outcome, an experiment\'s and the check\'s to the course page, each also a flocklab:result event', async () => {
  const { origin } = course;
  const { page, frame } = await coursePage(`${env.url}index.html?post=results&post-origin=${encodeURIComponent(origin)}`);
  const results = () => page.evaluate(() => messages.filter((m) => m.data?.type === 'flocklab:result').map((m) => ({ origin: m.origin, ...m.data.result })));
  const posted = (kind) => page.waitForFunction((k) => messages.some((m) => m.data?.type === 'flocklab:result' && m.data.result.kind === k), kind, { timeout: 120000 })
    .catch(async (err) => { throw new Error(`no ${kind} result reached the course page (it has: ${JSON.stringify(await results())}; the frame says: ${await frame().evaluate(() => document.querySelector('#check-result').textContent)})`, { cause: err }); });
  await frame().waitForFunction(() => document.querySelector('#what-if-steer')?.flocklab, null, { timeout: 60000 });
  await frame().evaluate(() => document.querySelector('#what-if-steer').flocklab.ready.then(() => true)); // asked for: it starts off screen too
  // The frame's own events, beside what reaches the parent.
  await frame().evaluate(() => { window.seen = []; document.addEventListener('flocklab:result', (e) => seen.push(e.detail.kind)); });
  // A what-if: the first choice (it does not happen), played to its end.
  await frame().locator('#what-if-steer button', { hasText: 'Per-frame force' }).click();
  const question = frame().locator('#what-if-steer .fl-predict:not([hidden])');
  await question.locator('input[type="radio"]').first().check();
  await question.locator('.fl-predict-play').click();
  await posted('what-if');
  // An experiment with a predicted shape.
  await frame().evaluate(async () => {
    const ex = await document.querySelector('#measure-overshoot').flocklab.ready;
    ex.predict('falls');
    await ex.run();
  });
  await posted('experiment');
  // The page's own check, reported through FlockLab.report.
  await frame().locator('#prediction').fill('5');
  await frame().locator('#check').click();
  await posted('check');
  const [whatIf, experiment, check] = ['what-if', 'experiment', 'check'].map(async (k) => (await results()).find((r) => r.kind === k));
  const w = await whatIf;
  assert.equal(w.id, 'what-if-steer');
  assert.equal(w.item, 'Per-frame force');
  assert.equal(w.answer, 'It reaches the target, as the lab’s does.');
  assert.equal(w.correct, 'It barely turns and never comes within 100 px.', 'the golden what-if: the hollow vehicle never comes within 100 px');
  assert.equal(w.held, false);
  assert.match(w.text, /^You predicted: It reaches the target/);
  const e = await experiment;
  assert.deepEqual([e.id, e.kind, e.answer, e.runs], ['measure-overshoot', 'experiment', 'falls', 20]);
  assert.equal(e.held, e.answer === e.correct);
  assert.ok(['rises', 'falls', 'stays level', 'peaks'].includes(e.correct), e.correct);
  const c = await check;
  assert.deepEqual([c.id, c.answer, c.held], ['check-form', 5, Math.abs(c.correct - 5) <= c.correct / 5]);
  assert.ok(c.correct > 0);
  for (const r of await results()) assert.equal(r.origin, 'null', 'posted by the sandboxed frame');
  assert.deepEqual(await frame().evaluate(() => seen), ['what-if', 'experiment', 'check']);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('xAPI: each result of the stream as a statement (flocklab-xapi.js, beside flocklab.js) that Learning Locker\'s validator takes without a warning: the host\'s actor answered one activity per question, with the answer, whether it held, and what happened', async () => {
  const page = await env.context.newPage();
  await page.goto(`${env.url}index.html`);
  await page.waitForFunction(() => document.querySelector('#measure-overshoot')?.flocklab, null, { timeout: 60000 });
  await page.evaluate(async () => { window.xapi = await import('./flocklab-xapi.js'); }); // as a host's page imports it
  await page.evaluate(() => { window.seen = []; document.addEventListener('flocklab:result', (e) => seen.push(e.detail)); });
  // An experiment with a predicted shape, the lesson's check, and a page's own question without a prediction.
  await page.evaluate(async () => {
    const ex = await document.querySelector('#measure-overshoot').flocklab.ready;
    ex.predict('falls');
    await ex.run();
  });
  await page.locator('#prediction').fill('5');
  await page.locator('#check').click();
  await page.evaluate(() => window.FlockLab.report(document.querySelector('#flock'), { kind: 'check', item: 'notes', question: 'What did the flock do?', answer: null, correct: 'it split', held: null, text: '' }));
  await page.waitForFunction(() => ['experiment', 'check'].every((k) => seen.some((r) => r.kind === k)) && seen.length >= 3, null, { timeout: 120000 });
  const actor = { objectType: 'Agent', name: 'A student', mbox: 'mailto:student@school.example' };
  const activity = 'https://school.example/physics/lesson-5';
  const { results, statements } = await page.evaluate(({ actor, activity }) => ({ results: seen, statements: seen.map((r) => window.xapi.xapiStatement(r, { actor, activity })) }), { actor, activity });
  for (const s of statements) assert.deepEqual(validate(s).map((w) => `${w.path?.join('.')}: ${w.constructor.name}`), [], JSON.stringify(s));
  assert.equal(new Set(statements.map((s) => s.object.id)).size, statements.length, 'one activity per question');
  for (const [i, s] of statements.entries()) {
    const r = results[i];
    assert.deepEqual(s.actor, actor);
    assert.equal(s.verb.id, 'http://adlnet.gov/expapi/verbs/answered');
    assert.ok(s.object.id.startsWith(`${activity}/${r.kind}/`), s.object.id);
    assert.equal(s.result.response, r.answer === null ? '' : String(r.answer));
    assert.equal(s.result.success, typeof r.held === 'boolean' ? r.held : undefined);
    assert.equal(s.timestamp, r.at);
    assert.deepEqual(s.context.contextActivities.parent, [{ objectType: 'Activity', id: activity }]);
  }
  const experiment = statements[results.findIndex((r) => r.kind === 'experiment')];
  assert.equal(experiment.result.response, 'falls');
  assert.equal(typeof experiment.result.success, 'boolean');
  // Without the host's actor or an IRI for the activity: a TypeError that says what is wanted.
  const refused = await page.evaluate(() => ['actor', 'activity'].map((missing) => {
    try {
      window.xapi.xapiStatement(seen[0], missing === 'actor' ? { activity: 'https://school.example/x' } : { actor: { mbox: 'mailto:a@b.example' }, activity: 'lesson 5' });
      return 'made';
    } catch (e) { return `${e.name}: ${e.message}`; }
  }));
  assert.match(refused[0], /^TypeError: flocklab: xapiStatement: actor is the host's xAPI Agent/);
  assert.match(refused[1], /^TypeError: flocklab: xapiStatement: activity is the page's IRI/);
  await page.close();
});
