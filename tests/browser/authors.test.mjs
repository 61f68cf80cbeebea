// Browser tests of the embed contract as a course author meets it: the
// README's snippets on a page of their own, classic scripts, elements added
// later, names checked with suggestions, configs mounted anywhere, the live
// step time, and the link and iframe (embed.html) for platforms that strip
// scripts.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { start, onWidget, whenWidget, pageOf, root, simulatedTo, mainThreadTasks } from './helpers.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env.close(); });

const authorPage = (body, name) => pageOf(env, body, { name });
const ready = (page, sel) => page.waitForFunction((s) => document.querySelector(s)?.classList.contains('flocklab-ready'), sel, { timeout: 60000 });

// The README's first HTML snippet, as it stands.
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const snippet = readme.slice(readme.indexOf('```html\n') + 8, readme.indexOf('```', readme.indexOf('```html\n') + 8));

function contrast(a, b) {
  const lum = ([r, g, bl]) => {
    const f = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(bl);
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

test("the README's snippet verbatim: a readable chart, no class needed, and no warning", async () => {
  assert.match(snippet, /<svg data-plot="spacing order"><\/svg>/, 'the README snippet shows the chart');
  const page = await authorPage(snippet.replace('<script type="module" src="flocklab.js"></script>', ''));
  await page.waitForFunction(() => [...document.querySelectorAll('.flocklab:not([data-experiment])')].every((e) => (e.flocklab?.ready, e.classList.contains('flocklab-ready'))), null, { timeout: 60000 });
  await page.waitForFunction(() => document.querySelector('svg[data-plot] text') !== null, null, { timeout: 10000 });
  const c = await page.evaluate(() => {
    const svg = document.querySelector('svg[data-plot]');
    const rgb = (s) => s.match(/\d+/g).slice(0, 3).map(Number);
    return { bg: rgb(getComputedStyle(svg).backgroundColor), text: [...svg.querySelectorAll('text')].map((t) => rgb(getComputedStyle(t).fill)), width: svg.getBoundingClientRect().width };
  });
  for (const t of c.text) assert.ok(contrast(t, c.bg) >= 4.5, `text ${t} on ${c.bg}: ${contrast(t, c.bg).toFixed(2)}`);
  assert.ok(c.width > 600, `the chart is ${c.width} px wide`);
  assert.deepEqual(page.problems, []);
  assert.deepEqual(page.warnings, []);
  await page.close();
});

test('a classic script uses FlockLab safely, before or after the module ran', async () => {
  const page = await authorPage(`<figure id="a"></figure><figure id="b"></figure>
    <script>
      (window.FlockLab = window.FlockLab || []).push((F) => { window.early = F.mount(document.getElementById('a'), { scene: 'steer', mode: 'flee' }); });
      document.addEventListener('flocklab:loaded', (e) => { window.loaded = typeof e.detail.mount; });
    </script>`);
  await ready(page, '#a');
  assert.equal(await page.evaluate(() => window.loaded), 'function');
  assert.equal(await page.evaluate(() => document.querySelector('#a').flocklab.mode()), 'flee');
  // After load, the same line runs at once, and whenLoaded() resolves.
  await page.evaluate(() => { window.FlockLab.push((F) => F.mount(document.getElementById('b'), { seed: 3 })); });
  await ready(page, '#b');
  assert.equal(await page.evaluate(async () => (await window.FlockLab.whenLoaded()).mount === window.FlockLab.mount), true);
  // Both plain figures are styled as widgets.
  assert.equal(await page.evaluate(() => document.querySelector('#b').classList.contains('flocklab')), true);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('an element added after load is mounted, and one removed is destroyed', async () => {
  const page = await authorPage('<main></main>');
  await page.evaluate(() => {
    const f = document.createElement('figure');
    f.className = 'flocklab';
    f.id = 'later';
    f.dataset.scene = 'steer';
    setTimeout(() => document.querySelector('main').append(f), 300); // as a course platform's script would
  });
  await ready(page, '#later');
  assert.equal(await page.evaluate(() => document.querySelector('#later').flocklab.scene), 'steer');
  const before = await page.evaluate(() => window.FlockLab.liveInstances());
  await page.evaluate(() => document.querySelector('#later').remove());
  await page.waitForFunction((n) => window.FlockLab.liveInstances() === n - 1, before);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('the host page keeps its own title: a widget\'s start and its wake after sleep() leave <title> as the author wrote it', async () => {
  const page = await env.context.newPage();
  await page.goto(env.url);
  const title = await page.title();
  assert.match(title, /Steering/);
  const titles = await page.evaluate(async () => {
    const h = document.querySelector('.flocklab:not([data-experiment])').flocklab;
    await h.ready;
    const afterStart = document.title;
    await h.sleep();
    await h.ready; // a new instance, its window made again
    return [afterStart, document.title];
  });
  assert.deepEqual(titles, [title, title]);
  await page.close();
});

test('names are checked: a typo warns with the nearest name, an unknown option throws, the page\'s own data-* stay quiet', async () => {
  const page = await authorPage(`<figure class="flocklab" id="f" data-weight-seperation="0" data-veiw-radius="20" data-mode="flee" data-analytics-id="42"></figure>`);
  await ready(page, '#f');
  const w = page.warnings.join('\n');
  assert.match(w, /data-weight-seperation: no such setting; did you mean data-weight-separation\?/);
  assert.match(w, /data-veiw-radius: no such setting; did you mean data-view-radius\?/);
  assert.match(w, /data-mode is for steer widgets; this one is a flock widget/);
  assert.doesNotMatch(w, /analytics/);
  assert.equal(page.warnings.filter((x) => /seperation/.test(x)).length, 1, 'one warning each');
  const r = await onWidget(page, '#f', (h) => {
    const out = [];
    for (const fn of [() => h.apply({ foo: 1 }), () => h.apply({ weightSeperation: 1 }), () => h.setParams({ weightSeperation: 1 }),
      () => window.FlockLab.mount(document.createElement('div'), { boid: 5 })]) {
      try { fn(); out.push('no error'); } catch (e) { out.push(`${e.name}: ${e.message}`); }
    }
    return { out, ws: h.params().weight_separation };
  });
  assert.match(r.out[0], /^TypeError: flocklab: apply\(\): 'foo': no such setting \(a flock widget takes /);
  assert.match(r.out[1], /^TypeError: flocklab: apply\(\): 'weightSeperation': no such setting; did you mean 'weightSeparation'\?/);
  assert.match(r.out[2], /^TypeError: flocklab: setParams: 'weightSeperation': no such setting; did you mean 'weightSeparation'\?; nothing was changed/);
  assert.match(r.out[3], /^TypeError: flocklab: mount\(\): 'boid': no such setting; did you mean 'boids'\?/);
  assert.equal(r.ws, 1.8);
  await page.close();
});

test('select(3) before ready applies; a steer config mounted on an auto-mounted flock element is a clean steer widget', async () => {
  const page = await authorPage(`<figure class="flocklab" id="f"></figure><figure class="flocklab" id="g" data-boids="90"><canvas></canvas><button type="button" data-action="reset">Reset</button></figure>`);
  const pending = await page.evaluate(() => {
    const h = document.querySelector('#f').flocklab;
    return [h.select(3), h.setOverlay('forces', true)];
  });
  assert.deepEqual(pending, [undefined, undefined]); // queued: nothing to return yet
  await ready(page, '#f');
  assert.equal(await onWidget(page, '#f', (h) => h.selected()), 3);
  // A config from a steer widget elsewhere replaces the auto-mounted flock.
  await ready(page, '#g');
  const cfg = { scene: 'steer', seed: 7, paused: false, mode: 'flee', target: '300,200', params: {} };
  await page.evaluate((c) => { window.h2 = window.FlockLab.mount(document.querySelector('#g'), c); }, cfg);
  await page.waitForFunction(() => window.h2.scene === 'steer' && document.querySelector('#g').classList.contains('flocklab-ready'), null, { timeout: 60000 });
  const r = await page.evaluate(async () => { await window.h2.ready; stepAll(window.h2, 30); return { mode: window.h2.mode(), target: window.h2.target(), speed: window.h2.gauges().speed }; });
  assert.deepEqual(r.mode, 'flee');
  assert.deepEqual(r.target, [300, 200]);
  assert.ok(r.speed > 0);
  assert.deepEqual(page.warnings, []);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('the live step time at 100 boids is measured: above 0 and finite, printed beside the benchmark', async () => {
  const page = await authorPage('<figure class="flocklab" id="f" data-boids="100"></figure>');
  await ready(page, '#f');
  const t0 = await onWidget(page, '#f', (h) => { h.reset(7); stepAll(h, 600); return h.gauges().time; });
  await simulatedTo(page, '#f', t0 + 5); // 5 s of live steps
  const r = await onWidget(page, '#f', async (h) => ({ live: h.stepTime(), bench: await h.benchmark({ boids: 100, steps: 600 }) }));
  // How the two compare is the machine's business (a busy one moves either
  // way): they are printed for a person, and the benchmark is where speed is
  // judged (make bench); no ratio of the two is asserted (issue 69).
  console.log(`# step time at 100 boids: live ${r.live.toFixed(4)} ms, benchmark ${r.bench.toFixed(4)} ms`);
  assert.ok(r.live > 0 && Number.isFinite(r.live), `live ${r.live}`);
  assert.ok(r.bench > 0 && Number.isFinite(r.bench), `benchmark ${r.bench}`);
  await page.close();
});

// [SECTION] The link and the iframe

test('embed.html takes a widget from its address, never an experiment, and at most 200 names: the rest are not read', async () => {
  const page = await env.context.newPage();
  const warnings = [];
  page.on('console', (m) => { if (m.type() === 'warning') warnings.push(m.text()); });
  const junk = Array.from({ length: 1200 }, (_, i) => `x${i}=1`).join('&'); // as many as the test server's header limit takes
  await page.goto(`${env.url}embed.html?scene=steer&seed=3&experiment&vary=max_speed&values=1,2&target=300,200&${junk}`);
  await page.waitForFunction(() => document.querySelector('.flocklab')?.classList.contains('flocklab-ready'), null, { timeout: 60000 });
  const r = await page.evaluate(() => {
    const el = document.querySelector('.flocklab');
    return { experiment: el.hasAttribute('data-experiment') || !!el.flocklabExperiment, scene: el.flocklab.scene, seed: el.flocklab.seed(), target: el.flocklab.target(),
      names: Object.keys(el.dataset).length, body: document.body.classList.contains('flocklab') };
  });
  assert.deepEqual({ experiment: r.experiment, scene: r.scene, seed: r.seed, body: r.body, target: r.target }, { experiment: false, scene: 'steer', seed: 3, body: false, target: [300, 200] });
  assert.ok(r.names <= 200 + 2, `${r.names} data-* names on the element`);
  assert.ok(warnings.some((w) => w.includes('the address has more than 200 names; the rest are ignored')), warnings.slice(0, 5).join(' | '));
  assert.ok(warnings.some((w) => w.includes('the address\'s "experiment" is not a setting of a widget; ignored')));
  await page.close();
});

test('a 2 MB address is refused before it is read: embed.html readies with one sentence, and no run of the page\'s scripts takes 250 ms of CPU (issue 69)', async () => {
  const page = await env.context.newPage();
  const warnings = [];
  page.on('console', (m) => { if (m.type() === 'warning') warnings.push(m.text()); });
  // Served by the test itself: the test server takes no address this long.
  const embed = readFileSync(join(root, 'build', 'web', 'embed.html'), 'utf8');
  await page.route((url) => url.pathname.endsWith('/embed.html'), (r) => r.fulfill({ contentType: 'text/html', body: embed }));
  const names = Array.from({ length: 200 }, (_, i) => `n${i}=${'x'.repeat(10000)}`).join('&');
  const { scripts } = await mainThreadTasks(page, async () => {
    await page.goto(`${env.url}embed.html?scene=steer&seed=3&${names}`);
    await page.waitForFunction(() => document.querySelector('.flocklab')?.classList.contains('flocklab-ready'), null, { timeout: 120000 });
  });
  assert.ok(warnings.some((w) => /the address is \d+ characters long, more than the 65536 a widget reads; its settings are ignored/.test(w)), warnings.slice(0, 5).join(' | '));
  // The scripts' own work, not the tasks': the browser itself spends about
  // 2 s of one task on a 2 MB address, for a page with no script at all.
  const long = scripts.filter((t) => t.cpu > 250).map((t) => `${t.url}: ${t.cpu.toFixed(0)} ms of CPU in ${t.wall.toFixed(0)}`);
  assert.ok(scripts.length > 0, 'the trace has no script runs');
  assert.deepEqual(long, [], `long script runs: ${long.join(', ')}`);
  // Within the size, one long value is refused by itself, and the rest is read.
  await page.goto(`${env.url}embed.html?scene=steer&seed=3&target=${'9'.repeat(20000)}&mode=flee`);
  await page.waitForFunction(() => document.querySelector('.flocklab')?.classList.contains('flocklab-ready'), null, { timeout: 120000 });
  assert.ok(warnings.some((w) => w.includes('the address\'s "target" is 20006 characters long, more than the 16384 a setting takes; ignored')), warnings.slice(-5).join(' | '));
  assert.deepEqual(await page.evaluate(() => [document.querySelector('.flocklab').flocklab.seed(), document.querySelector('.flocklab').flocklab.mode()]), [3, 'flee']);
  await page.close();
});

test('link() opens the same widget in embed.html: equal config(), equal gauges after runTo(10)', async () => {
  const page = await env.context.newPage();
  await page.goto(env.url);
  await page.waitForFunction(() => [...document.querySelectorAll('.flocklab:not([data-experiment])')].every((e) => (e.flocklab?.ready, e.classList.contains('flocklab-ready'))), null, { timeout: 60000 });
  for (const id of ['flock', 'steer', 'leader', 'pursuit', 'inspect']) {
    const mine = await onWidget(page, `#${id}`, (h) => {
      h.setParams(h.scene === 'flock' ? { weightSeparation: 1.25, viewAngle: 300 } : { maxSpeed: 200 });
      return { link: h.link(), config: h.config(), embed: h.embedCode() };
    });
    assert.match(mine.link, /\/embed\.html\?scene=/);
    assert.match(mine.embed, /^<iframe src="[^"]+embed\.html\?scene=[^"]+" title="flocklab: [^"]+" width="\d+" height="\d+" style="width: 100%; aspect-ratio: \d+ \/ \d+; border: 0"/);
    const other = await env.context.newPage();
    const warnings = [];
    other.on('console', (m) => { if ((m.type() === 'warning' || m.type() === 'error') && !/GL Driver Message|Failed to load resource/.test(m.text())) warnings.push(m.text()); });
    await other.goto(mine.link);
    await ready(other, '.flocklab');
    const theirs = await onWidget(other, '.flocklab', (h) => h.config());
    assert.deepEqual(theirs, mine.config, id);
    const g1 = await onWidget(page, `#${id}`, (h) => h.runTo(10));
    const g2 = await onWidget(other, '.flocklab', (h) => h.runTo(10));
    assert.deepEqual(g2, g1, id);
    assert.deepEqual(warnings, [], id);
    await other.close();
  }
  await page.close();
});

test('the iframe snippet on a host page: Tab enters and leaves it, the wheel scrolls the host, post=gauges reaches the parent', async () => {
  const link = `${env.url}embed.html?scene=flock&seed=7&post=gauges`;
  const page = await authorPage(`<p><button id="before">before</button></p>
    <iframe src="${link}" title="flocklab: flock" style="width: 600px; aspect-ratio: 900 / 612; border: 0"></iframe>
    <p><button id="after">after</button></p><div style="height: 3000px"></div>
    <script>window.got = 0; addEventListener('message', (e) => { if (e.data?.type === 'flocklab:gauges') window.got++; });</script>`, 'host.html');
  const frame = page.frameLocator('iframe');
  await frame.locator('.flocklab.flocklab-ready').waitFor({ timeout: 60000 });
  await page.waitForFunction(() => window.got > 2);
  await page.locator('#before').focus();
  await page.keyboard.press('Tab');
  const inside = await page.evaluate(() => document.activeElement.tagName);
  assert.equal(inside, 'IFRAME');
  // Tab through the frame's controls and out again.
  let out = false;
  for (let i = 0; i < 10 && !out; i++) {
    await page.keyboard.press('Tab');
    out = await page.evaluate(() => document.activeElement.id === 'after');
  }
  assert.ok(out, 'Tab never left the frame');
  // The wheel over the frame's canvas scrolls the host page.
  const box = await page.locator('iframe').boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
  const y0 = await page.evaluate(() => scrollY);
  await page.mouse.wheel(0, 400);
  await page.waitForFunction((y) => scrollY > y, y0, { timeout: 30000 });
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('post-origin names the one host origin the gauges go to: the right host gets them, another gets none, a bad value is warned about', async () => {
  const here = env.url.replace(/\/$/, '');
  const frame = (origin) => `${env.url}embed.html?scene=flock&seed=7&post=gauges&post-origin=${encodeURIComponent(origin)}`;
  const page = await authorPage(`<iframe id="mine" src="${frame(here)}" title="a" style="width: 300px; height: 200px"></iframe>
    <iframe id="other" src="${frame('https://other.example')}" title="b" style="width: 300px; height: 200px"></iframe>
    <script>window.got = { mine: 0, other: 0 };
      addEventListener('message', (e) => { for (const f of document.querySelectorAll('iframe')) if (e.source === f.contentWindow && e.data?.type === 'flocklab:gauges') window.got[f.id]++; });</script>`, 'host-origin.html');
  // Both frames post at the same rate: once the right host has many, the other would have had some.
  await page.waitForFunction(() => window.got.mine > 8, null, { timeout: 60000 });
  assert.equal(await page.evaluate(() => window.got.other), 0);
  await page.close();
  const bad = await env.context.newPage();
  const warnings = [];
  bad.on('console', (m) => { if (m.type() === 'warning') warnings.push(m.text()); });
  await bad.goto(`${env.url}embed.html?scene=flock&post=gauges&post-origin=${encodeURIComponent(`${here}/page`)}`);
  await ready(bad, '.flocklab');
  assert.ok(warnings.some((w) => /post-origin=".*" is not an origin/.test(w)), warnings.join('\n'));
  await bad.close();
});

test('Share copies the link, says so on the button and through the live region', async () => {
  await env.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.url.replace(/\/$/, '') });
  const page = await env.context.newPage();
  await page.goto(`${env.url}embed.html?scene=steer&mode=wander&seed=5`);
  await ready(page, '.flocklab');
  await page.locator('[data-action="share"]').click();
  await page.waitForFunction(() => document.querySelector('[data-action="share"]').textContent === 'Link copied');
  const r = await page.evaluate(async () => ({ clip: await navigator.clipboard.readText(), link: document.querySelector('.flocklab').flocklab.link(),
    said: document.querySelector('.flocklab').flocklab.announcements() }));
  assert.equal(r.clip, r.link);
  assert.match(r.clip, /scene=steer&seed=5&mode=wander/);
  assert.ok(r.said.includes('Link copied.'), r.said.join(' | '));
  await page.close();
});
