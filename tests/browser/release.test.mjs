// Browser tests of the release (make dist, build/dist/): the offline files
// open from file:// with every other request refused and tell the lab's
// story; a widget's saveFile() gives such a file with its configuration;
// the zip's files work from a plain script tag; the sums verify and the
// licences are in every copy; one version everywhere; every .flocklab
// element answers el.flocklab; a page written against 1.0.0 keeps working.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { serve } from '../../web/serve.mjs';
import { start, openLesson, pageOf, root, noSimd } from './helpers.mjs';
import { specOf } from '../../web/tools/spec.mjs';

const VERSION = readFileSync(join(root, 'VERSION'), 'utf8').trim();
const dist = join(root, 'build', 'dist');
// Every scene the core has (`flocklab spec`): the release carries an offline file of each.
const SCENES = Object.keys(specOf(join(root, 'build')).scenes);
const LAB = { spacing: 22.550619377904063, order: 0.8828553839737805 }; // seed 7 at 10 s (tests/golden)

let env;
let scratch;
before(async () => {
  env = await start();
  scratch = mkdtempSync(join(tmpdir(), 'flocklab-release-'));
});
after(async () => {
  await env.close();
  rmSync(scratch, { recursive: true, force: true });
});

// A file:// page with every request but its own refused; the requests it made are kept.
// `init`: run in the page before its scripts (addInitScript).
async function openFile(path, query = '', init = null) {
  const url = pathToFileURL(path).href;
  const page = await env.context.newPage();
  if (init) await page.addInitScript(init);
  page.problems = [];
  page.warnings = [];
  page.requests = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !/GL Driver Message/.test(m.text())) page.problems.push(m.text());
    if (m.type() === 'warning') page.warnings.push(m.text());
  });
  page.on('pageerror', (e) => page.problems.push(String(e)));
  page.on('request', (r) => page.requests.push(r.url()));
  await page.route('**/*', (r) => (r.request().url().split('?')[0] === url ? r.continue() : r.abort()));
  await page.goto(url + query);
  return page;
}
const others = (page, path) => page.requests.filter((u) => u.split('?')[0] !== pathToFileURL(path).href && !/^(data|blob):/.test(u));
const readyAll = (page) => page.waitForFunction(() => {
  const els = [...document.querySelectorAll('.flocklab')];
  return els.length > 0 && els.every((e) => (e.flocklab?.ready, e.classList.contains('flocklab-ready')));
}, null, { timeout: 120000 });

test('the offline widget files open from file:// with no other request; flock.html is the lab at seed 7, and the address configures it', async () => {
  for (const scene of SCENES) {
    const file = join(dist, 'offline', `${scene}.html`);
    const page = await openFile(file, scene === 'flock' ? '?seed=7' : '');
    await readyAll(page);
    const r = await page.evaluate(async () => {
      const h = document.querySelector('.flocklab').flocklab;
      return { scene: h.config().scene, g: await h.runTo(10), version: window.FlockLab.version };
    });
    assert.equal(r.scene, scene);
    assert.equal(r.version, VERSION);
    if (scene === 'flock') {
      assert.equal(r.g.spacing, LAB.spacing);
      assert.equal(r.g.order, LAB.order);
    }
    assert.deepEqual(others(page, file), [], `${scene}.html asked for other files`);
    assert.deepEqual(page.problems, []);
    await page.close();
  }
  const file = join(dist, 'offline', 'flock.html');
  const page = await openFile(file, '?seed=3&boids=120&weight-separation=0.5&lang=es');
  await readyAll(page);
  const c = await page.evaluate(() => ({ cfg: document.querySelector('.flocklab').flocklab.config(), lang: document.querySelector('.flocklab').flocklab.language().lang }));
  assert.equal(c.cfg.seed, 3);
  assert.equal(c.cfg.boids, 120);
  assert.equal(c.cfg.params.weight_separation, 0.5);
  assert.equal(c.lang, 'es', 'the Spanish table is inside the file');
  assert.deepEqual(others(page, file), []);
  await page.close();
  // A language the file does not carry (the pseudo-locale qps, as a saved
  // qps widget asks for): English, said once, and still no request.
  const qps = await openFile(file, '?lang=qps');
  const warned = qps.warnings;
  await readyAll(qps);
  assert.equal(await qps.evaluate(() => document.querySelector('.flocklab').flocklab.language().lang), 'en');
  assert.deepEqual(others(qps, file), [], 'the single file fetched a language table');
  assert.ok(warned.some((w) => /lang\/qps\.json could not be loaded \(this single file does not carry it\); using English/.test(w)), warned.join('\n'));
  await qps.close();
});

test('an offline file on an engine without WebAssembly SIMD (it carries the modules with SIMD only) says in the widget what the student can do, and asks for nothing', async () => {
  const file = join(dist, 'offline', 'flock.html');
  const page = await openFile(file, '', noSimd);
  await page.waitForFunction(() => document.querySelector('.fl-error')?.textContent, null, { timeout: 60000 });
  const said = await page.evaluate(() => document.querySelector('.fl-error').textContent);
  assert.match(said, /no SIMD, which this offline file needs/);
  assert.match(said, /16\.4/);
  assert.match(said, /Open the lesson's web page instead/);
  assert.equal(await page.evaluate(() => window.FlockLab.liveInstances()), 0);
  assert.deepEqual(others(page, file), []);
  await page.close();
});

// Counts the page's WebAssembly compiles (window.compiles).
const counted = () => {
  window.compiles = 0;
  for (const name of ['compile', 'instantiate']) {
    const made = WebAssembly[name];
    WebAssembly[name] = (...a) => { window.compiles += 1; return made(...a); };
  }
};

test('offline/lesson.html on an engine without WebAssembly SIMD: every widget and every experiment says what the student can do, in the page\'s language; no control is offered (Run, the prediction, Reset, full screen) and run() says it again; no empty chart; nothing else asked', async () => {
  const file = join(dist, 'offline', 'lesson.html');
  for (const [lang, cannot, advice] of [['en', /^This experiment cannot run: this browser's WebAssembly has no SIMD/, /Open the lesson's web page instead/],
    ['es', /^Este experimento no puede ejecutarse: el WebAssembly de este navegador no tiene SIMD/, /Abre mejor la página web de la lección/]]) {
    // The page's language (its <html lang>) set before anything is mounted.
    const page = await openFile(file, '', `(${noSimd})(); (${counted})(); document.addEventListener('DOMContentLoaded', () => { document.documentElement.lang = '${lang}'; });`);
    const r = await page.evaluate(async () => {
      const els = [...document.querySelectorAll('.flocklab')];
      const experiments = els.filter((e) => e.flocklab.kind === 'experiment');
      const said = await Promise.all(experiments.map(async (e) => {
        const h = await e.flocklab.ready;
        const run = await h.run().then(() => 'ran', (err) => err.message);
        const shown = (sel) => e.querySelector(sel).getBoundingClientRect().height > 0;
        return {
          summary: e.querySelector('.fl-exp-summary').textContent, run,
          enabled: [...e.querySelectorAll('button, select')].filter((c) => !c.disabled).map((c) => c.className),
          chart: shown('.fl-exp-chart'), legend: shown('.fl-exp-legend'), progress: shown('progress'), summaryShown: shown('.fl-exp-summary'),
        };
      }));
      return { widgets: els.length - experiments.length, said, live: window.FlockLab.liveInstances(), compiles: window.compiles };
    });
    assert.equal(r.compiles, 0, 'a module that must fail was compiled');
    assert.ok(r.said.length >= 2, `${r.said.length} experiments`);
    for (const x of r.said) {
      assert.match(x.summary, cannot);
      assert.match(x.summary, advice);
      assert.match(x.run, cannot, 'Run ran on an engine that cannot run this file');
      assert.deepEqual(x.enabled, [], 'a control is offered where it can only repeat the advice');
      assert.deepEqual([x.chart, x.legend, x.progress, x.summaryShown], [false, false, false, true], 'an empty chart, its legend or the progress bar shown');
    }
    // A script's predict('points') (the select is disabled) unhides the drag hint: it still does not show.
    await page.evaluate(() => { for (const e of document.querySelectorAll('.flocklab[data-experiment]')) e.flocklab.predict('points'); });
    await page.waitForFunction(() => [...document.querySelectorAll('.flocklab[data-experiment] .fl-exp-hint')].every((h) => !h.hidden));
    assert.deepEqual(await page.evaluate(() => [...document.querySelectorAll('.flocklab[data-experiment] .fl-exp-hint')].map((h) => h.getBoundingClientRect().height)),
      r.said.map(() => 0), 'the hint to drag points shown beside no chart');
    await page.waitForFunction((n) => document.querySelectorAll('.fl-error').length === n, r.widgets, { timeout: 60000 });
    assert.equal(r.live, 0);
    assert.deepEqual(others(page, file), []);
    // Each widget's failure is also in the console (the advice); nothing else is.
    assert.deepEqual(page.problems.filter((p) => !/SIMD/.test(p)), []);
    await page.close();
  }
});

// Any inline module that cannot be compiled (a damaged file, an engine's
// refusal other than SIMD): compiling bytes, or instantiating them, rejects
// as the engine would; the SIMD probe answers truly, so this is not the case above.
const uncompilable = () => {
  const made = WebAssembly.instantiate;
  const fail = () => Promise.reject(new WebAssembly.CompileError('a compile failure made by the test'));
  WebAssembly.compile = fail;
  WebAssembly.instantiate = (x, imports) => (x instanceof WebAssembly.Module ? made(x, imports) : fail());
};

test('offline/lesson.html whose inline modules cannot be compiled: every widget\'s and experiment\'s ready settles, and each says the engine\'s message (an experiment\'s run() too)', async () => {
  const file = join(dist, 'offline', 'lesson.html');
  const page = await openFile(file, '', uncompilable);
  // Each element's ready (which starts it, on screen or not), however it ends, recorded in the page; waited for below.
  const count = await page.evaluate(() => {
    window.settled = [];
    const els = [...document.querySelectorAll('.flocklab')];
    for (const e of els) e.flocklab.ready.then(() => window.settled.push('ready'), (err) => window.settled.push(err.message));
    return els.length;
  });
  await page.waitForFunction((n) => window.settled.length === n, count, { timeout: 120000 });
  // A widget's error line is written as its start fails: waited for, not read at once.
  await page.waitForFunction(() => [...document.querySelectorAll('.flocklab:not([data-experiment])')].every((e) => e.querySelector('.fl-error')), null, { timeout: 120000 });
  const r = await page.evaluate(async () => Promise.all([...document.querySelectorAll('.flocklab')].map(async (e) => (e.dataset.experiment === undefined
    ? { kind: 'widget', said: e.querySelector('.fl-error')?.textContent ?? '' }
    : { kind: 'experiment', said: e.querySelector('.fl-exp-summary').textContent, run: await e.flocklab.run().then(() => 'ran', (err) => err.message) }))));
  assert.ok(r.filter((x) => x.kind === 'experiment').length >= 2 && r.some((x) => x.kind === 'widget'), JSON.stringify(r));
  for (const x of r) {
    assert.match(x.said, /a compile failure made by the test/, `a ${x.kind} did not say it`);
    if (x.kind === 'experiment') assert.match(x.run, /a compile failure made by the test/);
  }
  assert.equal(await page.evaluate(() => window.FlockLab.liveInstances()), 0);
  assert.deepEqual(others(page, file), []);
  await page.close();
});

test('offline/lesson.html: every widget gets ready from file://, and its experiments run without Workers', async () => {
  const file = join(dist, 'offline', 'lesson.html');
  const page = await openFile(file);
  await readyAll(page);
  const r = await page.evaluate(async () => {
    const el = document.querySelector('[data-experiment]');
    const h = await el.flocklab.ready;
    const out = await h.run();
    return { rows: out.rows.length, sentence: out.sentence, kind: el.flocklab.kind };
  });
  assert.equal(r.kind, 'experiment');
  assert.ok(r.rows > 0, `${r.rows} runs`);
  assert.match(r.sentence, /\w/);
  assert.deepEqual(others(page, file), [], 'the lesson asked for other files');
  assert.deepEqual(page.problems, []);
  await page.close();
});

// saveFile() through the page's Save button: the download, opened from file://.
async function saved(page, sel) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.evaluate((s) => document.querySelector(s).flocklab.saveFile(), sel)]);
  const path = join(scratch, download.suggestedFilename());
  await download.saveAs(path);
  return path;
}
const after10 = (page, sel) => page.evaluate(async (s) => {
  const h = document.querySelector(s).flocklab;
  const config = h.config();
  h.reset();
  return { config, g: await h.runTo(10), state: h.state() };
}, sel);

test('saveFile() of a tuned flock and of a painted maze opens from file:// with the same config() and, after runTo(10), the same gauges', async () => {
  const page = await pageOf(env, `
    <figure class="flocklab" id="f" data-scene="flock" data-seed="5" data-boids="90" data-weight-separation="2.5" data-hawk="off"><canvas width="900" height="540"></canvas></figure>
    <figure class="flocklab" id="c" data-scene="crowd" data-seed="3"><canvas width="900" height="540"></canvas></figure>`);
  await readyAll(page);
  await page.evaluate(() => {
    const f = document.querySelector('#f').flocklab;
    f.setParams({ viewRadius: 70, maxSpeed: 150 });
    f.compare({ maxForce: 0.2 });
    const c = document.querySelector('#c').flocklab;
    c.setWalls('10,5;10,6;10,7;10,8;11,8;12,8');
    c.setGoal('4,15');
    c.setFollow('seek');
    f.pause(); // saved as it is: paused, and so it opens
    c.pause();
  });
  for (const sel of ['#f', '#c']) {
    const before = await after10(page, sel);
    const path = await saved(page, sel);
    const copy = await openFile(path);
    await readyAll(copy);
    const now = await after10(copy, '.flocklab');
    assert.deepEqual(now.config, before.config, sel);
    assert.deepEqual(now.g, before.g, sel);
    assert.deepEqual(now.state, before.state, sel);
    assert.deepEqual(others(copy, path), []);
    // A saved file saves itself again (from its own inline bundle), the same.
    const again = await saved(copy, '.flocklab');
    const third = await openFile(again);
    await readyAll(third);
    assert.deepEqual((await after10(third, '.flocklab')).config, before.config, `${sel}: saved twice`);
    await third.close();
    await copy.close();
  }
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('a crowd whose walls cut its start columns off from the goal: Save and saveFile() say that the file opens with no agents, and it does; a crowd that can start again says nothing', async () => {
  const page = await pageOf(env, `
    <figure class="flocklab" id="c" data-scene="crowd" data-seed="3" data-paused><canvas width="900" height="540"></canvas>
      <button type="button" data-action="save">Save</button></figure>`);
  await readyAll(page);
  const note = () => page.evaluate(() => document.querySelector('#c > .fl-note')?.textContent ?? '');
  // Walls that leave a way out of the start columns (0-5): no note.
  await page.evaluate(() => document.querySelector('#c').flocklab.setWalls('6,0;6,1;6,2;6,3'));
  await Promise.all([page.waitForEvent('download'), page.locator('#c [data-action="save"]').click()]);
  assert.equal(await note(), '');
  // A wall down the whole of column 6: the agents are still there (placed before it), but a restart has nowhere to put them.
  const before = await page.evaluate(() => {
    const h = document.querySelector('#c').flocklab;
    h.setWalls(Array.from({ length: 18 }, (_, r) => `6,${r}`).join(';'));
    return h.config();
  });
  assert.ok(before.agents > 0, JSON.stringify(before));
  // Said as it is: no distance for a crowd that has no way to the goal (it said "0.0 cells from the goal").
  await page.waitForFunction(() => /None of the crowd has a way to the goal at column 26, row 4: walls cut it off\./.test(document.querySelector('#c').flocklab.describe()));
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#c [data-action="save"]').click()]);
  await page.waitForFunction(() => /The walls cut the start columns off from the goal: a saved file or a link opens as Reset would, with no agents/.test(document.querySelector('#c > .fl-note')?.textContent ?? ''));
  assert.ok(await page.evaluate(() => [...document.querySelectorAll('#c .fl-sr')].some((n) => /with no agents/.test(n.textContent))), 'the note is said too');
  const path = join(scratch, 'cut-off.html');
  await download.saveAs(path);
  // A script's saveFile() says it in the console.
  await Promise.all([page.waitForEvent('download'), page.evaluate(() => document.querySelector('#c').flocklab.saveFile())]);
  assert.ok(page.warnings.some((w) => /saveFile\(\): The walls cut the start columns off/.test(w)), page.warnings.join('\n'));
  // And it is true: the file opens with the walls and no agents.
  const copy = await openFile(path);
  await readyAll(copy);
  const opened = await copy.evaluate(() => document.querySelector('.flocklab').flocklab.config());
  assert.equal(opened.walls, before.walls);
  assert.equal(opened.agents, 0);
  assert.deepEqual(page.problems, []);
  await copy.close();
  await page.close();
});

test('the zip\'s files from a plain <script type="module">: the lab at seed 7; SHA256SUMS verifies; the licences are in the zip and the package; one version', async () => {
  const unpacked = join(scratch, 'zip');
  execFileSync('unzip', ['-q', join(dist, `flocklab-${VERSION}.zip`), '-d', unpacked]);
  const folder = join(unpacked, `flocklab-${VERSION}`);
  execFileSync('sha256sum', ['--quiet', '-c', 'SHA256SUMS'], { cwd: folder });
  for (const f of ['LICENSE', 'THIRD-PARTY-NOTICES.txt']) assert.ok(readFileSync(join(folder, f), 'utf8').length > 500, f);
  const notices = readFileSync(join(folder, 'THIRD-PARTY-NOTICES.txt'), 'utf8');
  assert.match(notices, /Sam Lantinga/);
  assert.match(notices, /Omar Cornut/);
  const listed = execFileSync('tar', ['-tzf', join(dist, `flocklab-${VERSION}.tgz`)], { encoding: 'utf8' }).split('\n');
  for (const f of ['package/LICENSE', 'package/THIRD-PARTY-NOTICES.txt', 'package/flocklab.d.ts', 'package/package.json', 'package/flocklab-core.wasm']) assert.ok(listed.includes(f), f);
  const pkg = JSON.parse(execFileSync('tar', ['-xzOf', join(dist, `flocklab-${VERSION}.tgz`), 'package/package.json'], { encoding: 'utf8' }));
  assert.equal(pkg.version, VERSION);
  assert.equal(pkg.name, 'flocklab');
  assert.equal(pkg.type, 'module');
  // A page beside the unpacked files, served, with the integrity values the release gives.
  const integrity = JSON.parse(readFileSync(join(folder, 'integrity.json'), 'utf8'));
  const { writeFileSync } = await import('node:fs');
  writeFileSync(join(folder, 'page.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>t</title>
    <link rel="stylesheet" href="flocklab.css" integrity="${integrity['flocklab.css']}">
    <script type="module" src="flocklab.js" integrity="${integrity['flocklab.js']}"></script></head>
    <body><figure class="flocklab" id="f" data-seed="7"><canvas width="900" height="540"></canvas></figure></body></html>`);
  const server = await serve(folder, 0);
  try {
    const page = await env.context.newPage();
    const problems = [];
    page.on('pageerror', (e) => problems.push(String(e)));
    await page.goto(`http://127.0.0.1:${server.address().port}/page.html`);
    const r = await page.evaluate(async () => {
      const h = await document.querySelector('#f').flocklab.ready;
      return { g: await h.runTo(10), version: window.FlockLab.version };
    });
    assert.equal(r.g.spacing, LAB.spacing);
    assert.equal(r.g.order, LAB.order);
    assert.equal(r.version, pkg.version);
    assert.deepEqual(problems, []);
    await page.close();
  } finally {
    server.close();
  }
});

test('saveFile() checks its template: a server\'s page in its place, or another release\'s template, is refused with what to copy, and nothing is downloaded', async () => {
  const real = readFileSync(join(root, 'build', 'web', 'flocklab-offline.txt'), 'utf8');
  for (const [body, said] of [
    ['<!doctype html><title>Welcome to our course server</title><p>Page moved.</p>', /is not flocklab's template, and flocklab\.js is 1\.0\.0; copy flocklab-offline\.txt from the same release/],
    [real.replace('<meta name="flocklab-version" content="1.0.0">', '<meta name="flocklab-version" content="0.9.0">'), /is release 0\.9\.0's template, and flocklab\.js is 1\.0\.0/],
  ]) {
    const page = await pageOf(env, '<figure class="flocklab" id="f" data-seed="7"><canvas width="900" height="540"></canvas></figure>');
    await page.route('**/flocklab-offline.txt', (r) => r.fulfill({ contentType: 'text/plain', body }));
    let downloads = 0;
    page.on('download', () => downloads++);
    const err = await page.evaluate(async () => {
      const h = await document.querySelector('#f').flocklab.ready;
      try { await h.saveFile(); return 'saved'; } catch (e) { return e.message; }
    });
    assert.match(err, said);
    assert.equal(downloads, 0);
    await page.close();
  }
});

test('the zip holds what its README lists: offline/, hosting/, every file its README and EMBEDDING.md link to, and its guide speaks of no build, make, sources or tests', () => {
  const unpacked = join(scratch, 'zip-links');
  execFileSync('unzip', ['-q', join(dist, `flocklab-${VERSION}.zip`), '-d', unpacked]);
  const folder = join(unpacked, `flocklab-${VERSION}`);
  for (const f of [...SCENES, 'lesson']) {
    assert.ok(readFileSync(join(folder, 'offline', `${f}.html`)).equals(readFileSync(join(dist, 'offline', `${f}.html`))), `offline/${f}.html`);
  }
  for (const doc of ['README.md', 'EMBEDDING.md']) {
    const text = readFileSync(join(folder, doc), 'utf8');
    const links = [...text.matchAll(/\]\(([^)#\s]+)[^)]*\)/g)].map((m) => m[1]).filter((l) => !/^[a-z]+:/.test(l));
    assert.ok(links.length > 0, doc);
    for (const l of links) assert.ok(existsSync(join(folder, l)), `${doc} links to ${l}, which is not in the zip`);
  }
  // The guide stands alone (issue 68): it speaks of the zip's own files,
  // never of a checkout's build, make targets, sources or tests, and so do
  // the widget's messages.
  for (const doc of ['README.md', 'EMBEDDING.md']) {
    const text = readFileSync(join(folder, doc), 'utf8');
    const checkout = text.split('\n').map((line, i) => [i + 1, line]).filter(([, line]) => /\bmake\b|\b(build|src|tests)\/|<!-- \/?dev -->/.test(line));
    assert.deepEqual(checkout, [], `${doc} speaks of a checkout`);
  }
  for (const f of ['flocklab.js', 'flocklab-experiment.js', 'embed.html']) {
    assert.doesNotMatch(readFileSync(join(folder, f), 'utf8'), /build\/web|make serve/, `${f}'s messages name a checkout's files`);
  }
  // EMBEDDING.md's keys: every scene's table, as `flocklab keys` prints it, in its keys section.
  const keys = readFileSync(join(folder, 'EMBEDDING.md'), 'utf8').match(/<!-- keys -->\n([\s\S]*?)<!-- \/keys -->/)?.[1] ?? '';
  for (const scene of SCENES) {
    const table = execFileSync(join(root, 'build', 'native', 'flocklab'), ['keys', '--scene', scene], { encoding: 'utf8' });
    assert.ok(keys.includes(table), `EMBEDDING.md has no key table of ${scene}`);
  }
});

// The zip's offline files of each scene, as stored (zipped), in bytes: `unzip -v`'s Size column.
const zippedOffline = (zip) => Object.fromEntries(execFileSync('unzip', ['-v', zip], { encoding: 'utf8' }).split('\n')
  .map((l) => /^\s*\d+\s+\S+\s+(\d+)\s.*\/offline\/(\w+)\.html$/.exec(l)).filter(Boolean).map((m) => [m[2], Number(m[1])]));

test('every size the READMEs state is the built files\' (within 3%); the zip\'s, for the lesson page\'s scenes, whatever other scenes are built in', () => {
  const web = join(root, 'build', 'web');
  const kB = (n) => n / 1024;
  const raw = (f) => kB(statSync(f).size);
  // The README states the zip of the lesson page's scenes and what each other scene adds.
  const zip = join(dist, `flocklab-${VERSION}.zip`);
  const offline = zippedOffline(zip);
  const onPage = new Set([...readFileSync(join(root, 'web', 'index.html'), 'utf8').matchAll(/data-scene="(\w+)"/g)].map((m) => m[1]));
  assert.deepEqual(Object.keys(offline).sort(), [...SCENES, 'lesson'].sort(), 'an offline file of each scene and of the lesson');
  const others = SCENES.filter((s) => !onPage.has(s));
  const perScene = kB(SCENES.reduce((n, s) => n + offline[s], 0) / SCENES.length);
  const gz = (...files) => kB(files.reduce((n, f) => n + gzipSync(readFileSync(join(web, f))).length, 0));
  const widget = ['flocklab.js', 'flocklab-core.js', 'flocklab-core.wasm', 'flocklab.css'];
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const guide = readFileSync(join(root, 'web', 'README.md'), 'utf8');
  const row = (name) => new RegExp(`\\| \`${name.replaceAll('.', '\\.')}\` \\| ([\\d,]+) kB \\|`);
  const claims = [
    [readme, row(`flocklab-${VERSION}.zip`), raw(zip) - kB(others.reduce((n, s) => n + offline[s], 0))],
    [readme, /its own offline file, about (\d+) kB zipped/, perScene],
    [readme, row(`flocklab-${VERSION}.tgz`), raw(join(dist, `flocklab-${VERSION}.tgz`))],
    [readme, row(`flocklab-${VERSION}-scorm.zip`), raw(join(dist, `flocklab-${VERSION}-scorm.zip`))],
    [readme, row('offline/flock.html'), raw(join(dist, 'offline', 'flock.html'))],
    [readme, row('offline/lesson.html'), raw(join(dist, 'offline', 'lesson.html'))],
    [guide, /no SDL, no ImGui: (\d+) kB gzipped/, gz('flocklab-sweep.wasm')],
    [guide, /`flocklab-experiment\.js`, ([\d.]+) kB gzipped/, gz('flocklab-experiment.js')], // a small file: to a tenth of a kB
    [guide, /is then about (\d+) kB gzipped/, gz(...widget)],
    [guide, /gzipped instead of (\d+)\./, kB(widget.reduce((n, f) => n + statSync(join(web, f)).size, 0))],
    [guide, /As brotli at its best it is about (\d+) kB/, kB(widget.reduce((n, f) => n + statSync(join(web, `${f}.br`)).size, 0))],
  ];
  for (const [text, pattern, actual] of claims) {
    const m = pattern.exec(text);
    assert.ok(m, `the README states ${pattern}`);
    const said = Number(m[1].replaceAll(',', ''));
    assert.ok(Math.abs(said - actual) <= 0.03 * actual, `${pattern}: the README says ${said} kB, the file is ${actual.toFixed(0)} kB`);
  }
});

test('every .flocklab element answers el.flocklab: a loop over the lesson page pauses each one, experiments too', async () => {
  const page = await openLesson(env);
  const r = await page.evaluate(() => {
    const els = [...document.querySelectorAll('.flocklab')];
    for (const el of els) el.flocklab.pause();
    return { n: els.length, kinds: [...new Set(els.map((el) => el.flocklab.kind))].sort(), paused: els.every((el) => el.flocklab.paused()), old: [...document.querySelectorAll('[data-experiment]')].every((el) => el.flocklabExperiment === el.flocklab) };
  });
  assert.ok(r.n > 14, `${r.n} elements`);
  assert.deepEqual(r.kinds, ['experiment', 'widget']);
  assert.ok(r.paused);
  assert.ok(r.old, 'el.flocklabExperiment still works');
  // mount() on an experiment says what to use instead.
  const err = await page.evaluate(() => { try { window.FlockLab.mount(document.querySelector('[data-experiment]')); return null; } catch (e) { return e.message; } });
  assert.match(err, /FlockLab\.experiment\(element\)/);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('a page written against release 1.0.0 (tests/fixtures/release-1.0.0.html) keeps working', async () => {
  const page = await env.context.newPage();
  page.problems = [];
  page.on('pageerror', (e) => page.problems.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error' && !/GL Driver Message/.test(m.text())) page.problems.push(m.text()); });
  // Served beside the release's files, as its author would.
  await page.route(`${env.url}release-1.0.0.html`, (r) => r.fulfill({ contentType: 'text/html', body: readFileSync(join(root, 'tests', 'fixtures', 'release-1.0.0.html'), 'utf8') }));
  await page.goto(`${env.url}release-1.0.0.html`);
  await page.waitForFunction(() => window.fixtureResult !== undefined, null, { timeout: 120000 });
  const result = await page.evaluate(() => window.fixtureResult);
  assert.deepEqual(result.failed, [], result.failed.join('\n'));
  assert.ok(result.passed >= 10, `${result.passed} checks`);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('flocklab.d.ts declares exactly the handle a widget of each scene has, and the module\'s exports', async () => {
  const dts = execFileSync('tar', ['-xzOf', join(dist, `flocklab-${VERSION}.tgz`), 'package/flocklab.d.ts'], { encoding: 'utf8' });
  const members = (iface) => {
    const body = dts.match(new RegExp(`export interface ${iface}[^{]*\\{([\\s\\S]*?)\\n\\}`))[1];
    return [...body.matchAll(/^\s+(?:readonly )?(\w+)\??[(:]/gm)].map((m) => m[1]);
  };
  const page = await pageOf(env, SCENES.map((s) => `<figure class="flocklab" id="${s}" data-scene="${s}"><canvas width="900" height="540"></canvas></figure>`).join(''));
  for (const scene of SCENES) {
    const keys = await page.evaluate(async (s) => Object.keys(await document.querySelector(`#${s}`).flocklab.ready).sort(), scene);
    const declared = [...new Set([...members('HandleBase<G, P, O>'), ...members(`${scene[0].toUpperCase()}${scene.slice(1)}Handle`)])].sort();
    assert.deepEqual(keys, declared, scene);
  }
  const exported = await page.evaluate(async () => Object.keys(await import('./flocklab.js')).sort());
  const fns = [...dts.matchAll(/^export declare (?:function|const) (\w+)/gm)].map((m) => m[1]);
  assert.deepEqual(exported, [...new Set(fns)].sort());
  await page.close();
});
