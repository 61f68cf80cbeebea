// The lesson as a SCORM 1.2 package (make dist: flocklab-VERSION-scorm.zip)
// under a real SCORM runtime: scorm-again's Scorm12API (pinned, from npm)
// is the LMS's window.API in a page that frames the package's index.html,
// as Moodle's or Canvas's player does. The adapter (web/scorm/) must report
// as documented: nothing before the student starts, a zero on start, an
// interaction and the score per result, completed when every question has
// an answer, and no writes at all in browse mode.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '../../web/serve.mjs';
import { start, root, here } from './helpers.mjs';

const VERSION = readFileSync(join(root, 'VERSION'), 'utf8').trim();
const zip = join(root, 'build', 'dist', `flocklab-${VERSION}-scorm.zip`);

let env;
let dir;
let server;
before(async () => {
  env = await start();
  dir = mkdtempSync(join(tmpdir(), 'flocklab-lms-'));
  // The LMS: its player page and the runtime, beside the package unpacked as an LMS does.
  execFileSync('unzip', ['-q', zip, '-d', join(dir, 'sco')]);
  copyFileSync(join(here, 'node_modules', 'scorm-again', 'dist', 'scorm12.js'), join(dir, 'scorm12.js'));
  writeFileSync(join(dir, 'player.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>LMS</title>
<script src="scorm12.js"></script>
<script>
  const q = new URLSearchParams(location.search);
  window.API = new Scorm12API({ autocommit: false, logLevel: 5 });
  if (q.get('mode')) API.loadFromJSON({ core: { lesson_mode: q.get('mode') } });
  if (q.get('suspend')) API.loadFromJSON({ core: { lesson_status: 'incomplete' }, suspend_data: q.get('suspend') });
  // An LMS that hands back a saved state of 'big' keys (about 9 characters
  // each): scorm-again holds suspend_data to SCORM 1.2's 4,096, so the
  // state handed back is the player's own answer to the read.
  if (q.get('big')) {
    const big = JSON.stringify(Object.fromEntries(Array.from({ length: Number(q.get('big')) }, (_, i) => ['k' + i, 1])));
    const get = API.LMSGetValue.bind(API);
    API.LMSGetValue = (name) => (name === 'cmi.suspend_data' ? big : get(name));
  }
  window.calls = [];
  for (const f of ['LMSInitialize', 'LMSSetValue', 'LMSCommit', 'LMSFinish']) {
    const real = API[f].bind(API);
    API[f] = (...a) => { const call = [f, ...a]; calls.push(call); const r = real(...a); call.ok = r === 'true'; return r; };
  }
</script></head>
<body><iframe id="sco" src="sco/index.html" width="1000" height="800" style="border:0"></iframe></body></html>`);
  server = await serve(dir, 0);
});
after(async () => {
  await env.close();
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

const manifestOf = () => readFileSync(join(dir, 'sco', 'imsmanifest.xml'), 'utf8');

test('the package: imsmanifest.xml at the zip\'s root has SCORM 1.2\'s required elements, one SCO launching index.html, and lists every file of the zip', () => {
  const m = manifestOf();
  assert.match(m, /^<\?xml version="1\.0"/);
  assert.match(m, /<manifest identifier="[^"]+"[^>]*xmlns="http:\/\/www\.imsproject\.org\/xsd\/imscp_rootv1p1p2"/);
  assert.match(m, /xmlns:adlcp="http:\/\/www\.adlnet\.org\/xsd\/adlcp_rootv1p2"/);
  assert.match(m, /<metadata>\s*<schema>ADL SCORM<\/schema>\s*<schemaversion>1\.2<\/schemaversion>\s*<\/metadata>/);
  const org = /<organizations default="([^"]+)">\s*<organization identifier="([^"]+)">\s*<title>[^<]+<\/title>\s*<item identifier="[^"]+" identifierref="([^"]+)"/.exec(m);
  assert.ok(org, 'organizations > organization > title, item');
  assert.equal(org[1], org[2], 'the default organization exists');
  const res = new RegExp(`<resource identifier="${org[3]}" type="webcontent" adlcp:scormtype="sco" href="index.html">`).exec(m);
  assert.ok(res, 'the item refers to a SCO resource launching index.html');
  const listed = [...m.matchAll(/<file href="([^"]+)"\/>/g)].map((x) => x[1]).sort();
  const zipped = execFileSync('zipinfo', ['-1', zip], { encoding: 'utf8' }).trim().split('\n').filter((f) => f !== 'imsmanifest.xml').sort();
  assert.deepEqual(listed, zipped);
  for (const f of ['index.html', 'flocklab.js', 'flocklab-core.wasm', 'flocklab-scorm.js', 'lang/es.js']) assert.ok(listed.includes(f), f);
  assert.match(readFileSync(join(dir, 'sco', 'index.html'), 'utf8'), /<script src="flocklab-scorm\.js" defer><\/script>\n<\/head>/);
});

async function player(query = '') {
  const page = await env.context.newPage();
  page.problems = [];
  page.on('pageerror', (e) => page.problems.push(String(e)));
  page.on('console', (m) => { if (/flocklab: the LMS refused|flocklab: no SCORM/.test(m.text())) page.problems.push(m.text()); });
  page.warnings = []; // the SCO's and the player's warnings, from the first
  page.on('console', (m) => { if (m.type() === 'warning') page.warnings.push(m.text()); });
  await page.goto(`http://127.0.0.1:${server.address().port}/player.html${query}`);
  const sco = () => page.frames().find((f) => f !== page.mainFrame());
  await page.waitForFunction(() => calls.some((c) => c[0] === 'LMSInitialize'), null, { timeout: 60000 });
  return { page, sco };
}
const cmi = (page) => page.evaluate(() => ({
  status: API.cmi.core.lesson_status,
  raw: API.cmi.core.score.raw,
  max: API.cmi.core.score.max,
  // Interactions are write-only in SCORM 1.2: read from what the SCO wrote (and the runtime accepted).
  interactions: calls.filter((c) => c[0] === 'LMSSetValue' && c.ok && /^cmi\.interactions\.\d+\.(id|type|student_response|result)$/.test(c[1]))
    .reduce((list, [, name, value]) => {
      const [, n, field] = /^cmi\.interactions\.(\d+)\.(.+)$/.exec(name);
      list[n] ??= {};
      list[n][{ student_response: 'response' }[field] ?? field] = value;
      return list;
    }, []),
  suspend: API.cmi.suspend_data,
  sets: calls.filter((c) => c[0] === 'LMSSetValue').length,
}));

test('a student who predicts and checks: nothing before the start, 0 on it, then an interaction per committed prediction (at once, issue 68) and per result, and the score from the predictions that held', async () => {
  const { page, sco } = await player();
  // Loaded, not started: nothing written.
  await sco().waitForFunction(() => document.querySelector('#flock')?.flocklab, null, { timeout: 60000 });
  assert.equal((await cmi(page)).sets, 0, 'nothing is written before the student starts');
  // The start: the student's first press in the lesson.
  await sco().locator('#prediction').click();
  await page.waitForFunction(() => API.cmi.core.lesson_status === 'incomplete', null, { timeout: 30000 });
  let c = await cmi(page);
  assert.deepEqual([c.status, c.raw, c.max, c.interactions.length], ['incomplete', '0', '100', 0]);
  // A prediction that holds: the lesson's spacing check, answered with the answer itself.
  const spacing = await sco().evaluate(async () => {
    const h = await document.querySelector('#flock').flocklab.ready;
    return (await h.experiment({ vary: 'weightSeparation', values: [0], seeds: [7], seconds: 10 })).rows[0].spacing;
  });
  await sco().locator('#prediction').fill(String(spacing));
  await sco().locator('#check').click();
  await page.waitForFunction(() => calls.filter((c) => /^cmi\.interactions\.\d+\.result$/.test(c[1])).length === 1, null, { timeout: 120000 });
  // A what-if whose prediction does not hold (the golden outcome is the last choice).
  await sco().evaluate(() => document.querySelector('#what-if-steer').flocklab.ready.then(() => true));
  await sco().locator('#what-if-steer button', { hasText: 'Per-frame force' }).click();
  const question = sco().locator('#what-if-steer .fl-predict:not([hidden])');
  await question.locator('input[type="radio"]').first().check();
  await question.locator('.fl-predict-play').click();
  // Committed: recorded at once, with a commit to the LMS (issue 68), before the answer.
  await page.waitForFunction(() => calls.filter((c) => /^cmi\.interactions\.\d+\.result$/.test(c[1])).length === 2, null, { timeout: 120000 });
  c = await cmi(page);
  assert.deepEqual(c.interactions[1], { id: 'what-if-steer:Per-frame_force', type: 'fill-in', response: 'It reaches the target, as the lab’s does.', result: 'neutral' });
  assert.equal(await page.evaluate(() => calls.findLastIndex((x) => x[0] === 'LMSCommit') > calls.findIndex((x) => x[1] === 'cmi.interactions.1.result')), true, 'the LMS was told to keep it');
  await page.waitForFunction(() => calls.filter((c) => /^cmi\.interactions\.\d+\.result$/.test(c[1])).length === 3, null, { timeout: 120000 });
  c = await cmi(page);
  const questions = await sco().evaluate(() => document.querySelectorAll('[data-action="apply"][data-predict]').length
    + document.querySelectorAll('.flocklab[data-experiment], [data-check]').length);
  assert.ok(questions > 2);
  assert.deepEqual(c.interactions, [
    { id: 'check-form', type: 'numeric', response: String(spacing), result: 'correct' },
    { id: 'what-if-steer:Per-frame_force', type: 'fill-in', response: 'It reaches the target, as the lab’s does.', result: 'neutral' },
    { id: 'what-if-steer:Per-frame_force', type: 'fill-in', response: 'It reaches the target, as the lab’s does.', result: 'wrong' },
  ]);
  assert.equal(c.status, 'incomplete', `2 of ${questions} questions answered`);
  assert.equal(c.raw, String(Math.round(100 / questions)), 'one held of all the questions on the page');
  assert.deepEqual(JSON.parse(c.suspend), { 'check-form': 1, 'what-if-steer:Per-frame force': 0 });
  // Every other question answered and held (reported into the stream as a
  // page's own results are): completed, and the score counts all but one.
  await sco().evaluate(() => {
    for (const b of document.querySelectorAll('[data-action="apply"][data-predict]')) {
      const w = b.closest('.flocklab');
      if (`${w.id}:${b.textContent.trim()}` !== 'what-if-steer:Per-frame force') FlockLab.report(w, { kind: 'what-if', item: b.textContent.trim(), answer: 'a', correct: 'a', held: true });
    }
    for (const e of document.querySelectorAll('.flocklab[data-experiment]')) FlockLab.report(e, { kind: 'experiment', answer: 'rises', correct: 'rises', held: true });
  });
  c = await cmi(page);
  assert.deepEqual([c.status, c.raw, c.interactions.length], ['completed', String(Math.round(100 * (questions - 1) / questions)), questions + 1]);
  // Leaving: every question answered, so no suspend; then finished.
  await sco().evaluate(() => { location.href = 'about:blank'; });
  await page.waitForFunction(() => calls.some((x) => x[0] === 'LMSFinish'), null, { timeout: 30000 });
  assert.deepEqual(await page.evaluate(() => calls.filter((x) => x[1] === 'cmi.core.exit').map((x) => [x[2], x.ok])), [['', true]], 'cmi.core.exit is write-only: as written');
  assert.deepEqual(await page.evaluate(() => calls.slice(-2).map((x) => x[0])), ['LMSCommit', 'LMSFinish']);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('in browse mode the student runs the lesson and nothing is written to the LMS', async () => {
  const { page, sco } = await player('?mode=browse');
  await sco().waitForFunction(() => document.querySelector('#flock')?.flocklab, null, { timeout: 60000 });
  await sco().locator('#prediction').click();
  await sco().locator('#prediction').fill('5');
  await sco().locator('#check').click();
  await sco().waitForFunction(() => /you predicted 5 px/.test(document.querySelector('#check-result').textContent), null, { timeout: 120000 });
  const c = await cmi(page);
  assert.equal(c.sets, 0, 'no LMSSetValue in browse mode');
  assert.equal(c.interactions.length, 0);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('an LMS that hands back a saved state of 1 MB: the lesson starts afresh with one warning, and what it writes stays within SCORM 1.2\'s 4,096 characters (issue 69)', async () => {
  const { page, sco } = await player('?big=120000');
  await sco().waitForFunction(() => document.querySelector('#flock')?.flocklab, null, { timeout: 60000 });
  assert.ok((await page.evaluate(() => API.LMSGetValue('cmi.suspend_data').length)) > 1e6, 'the case this test is about: a saved state over 1 MB');
  await sco().evaluate(() => FlockLab.report(document.querySelector('#measure-overshoot'), { kind: 'experiment', answer: 'falls', correct: 'falls', held: true }));
  const c = await cmi(page);
  assert.deepEqual(JSON.parse(c.suspend), { 'measure-overshoot': 1 }, 'a fresh start, then the new answer');
  assert.ok(c.suspend.length <= 4096);
  const written = await page.evaluate(() => calls.filter((x) => x[0] === 'LMSSetValue' && x[1] === 'cmi.suspend_data').map((x) => x[2].length));
  assert.ok(written.length > 0 && written.every((n) => n <= 4096), JSON.stringify(written));
  // Leaving the lesson: the session's time is reported (SCORM 1.2's HHHH:MM:SS.SS), and the LMS finished.
  await sco().goto('about:blank');
  await page.waitForFunction(() => calls.some((x) => x[0] === 'LMSFinish'), null, { timeout: 60000 });
  const time = await page.evaluate(() => {
    const set = calls.find((x) => x[0] === 'LMSSetValue' && x[1] === 'cmi.core.session_time');
    return set && { value: set[2], ok: set.ok };
  });
  assert.equal(time?.ok, true, JSON.stringify(time));
  assert.match(time.value, /^\d{4}:[0-5]\d:[0-5]\d\.\d\d$/);
  assert.notEqual(time.value, '0000:00:00.00');
  const warned = page.warnings.filter((w) => w.includes('saved state'));
  assert.equal(warned.length, 1, warned.join(' | '));
  assert.match(warned[0], /the saved state from the LMS is \d+ characters, more than the 4096 it writes; the lesson starts afresh/);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('a student who comes back goes on from what was kept: the score counts the earlier answers', async () => {
  const kept = JSON.stringify({ 'check-form': 1 });
  const { page, sco } = await player(`?suspend=${encodeURIComponent(kept)}`);
  await sco().waitForFunction(() => document.querySelector('#flock')?.flocklab, null, { timeout: 60000 });
  const questions = await sco().evaluate(() => document.querySelectorAll('[data-action="apply"][data-predict]').length
    + document.querySelectorAll('.flocklab[data-experiment], [data-check]').length);
  await sco().evaluate(() => FlockLab.report(document.querySelector('#measure-overshoot'), { kind: 'experiment', answer: 'falls', correct: 'falls', held: true }));
  const c = await cmi(page);
  assert.equal(c.raw, String(Math.round(200 / questions)), 'the kept check and the new experiment');
  assert.deepEqual(JSON.parse(c.suspend), { 'check-form': 1, 'measure-overshoot': 1 });
  assert.deepEqual(c.interactions.map((i) => i.id), ['measure-overshoot']);
  assert.deepEqual(page.problems, []);
  await page.close();
});
