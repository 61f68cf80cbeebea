// A light page (issue 40): widgets start only where they are seen and never
// before DOMContentLoaded, the page's WebGL contexts stay within one budget
// however many widgets there are, Save works within the click's activation
// on a slow network, full screen and a missing WebAssembly feature are said
// in the widget. Each test waits for the state it checks.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { assertSleptTwins, pageOf, scrollToCanvas, sleepTwins, start } from './helpers.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env?.close(); });

const allReady = (page, selector) => page.waitForFunction((s) => [...document.querySelectorAll(s)]
  .every((e) => (e.flocklab?.ready, e.classList.contains('flocklab-ready'))), selector, { timeout: 120000 });

test('the lesson page: DOMContentLoaded comes before any widget starts, only widgets near the viewport start, the others when scrolled near or asked for', async () => {
  const page = await env.context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(String(e)));
  // Each WebAssembly instance made, and whether DOMContentLoaded had fired then;
  // when the core's compilation has finished.
  await page.addInitScript(() => {
    window.made = [];
    const instantiate = WebAssembly.instantiate;
    WebAssembly.instantiate = function (...a) {
      window.made.push({ afterDcl: window.dcl === true });
      return instantiate.apply(this, a);
    };
    document.addEventListener('DOMContentLoaded', () => { window.dcl = true; });
    for (const name of ['compile', 'compileStreaming']) {
      const f = WebAssembly[name];
      WebAssembly[name] = function (...a) {
        const p = f.apply(this, a);
        p.then(() => { window.compiled = true; }, () => {});
        return p;
      };
    }
  });
  // The page's own script (lesson.js) is held until the core has compiled and
  // the page has run 50 more tasks: DOMContentLoaded waits for it, so any
  // widget started in that time would start before it (as all did before).
  let release;
  const held = new Promise((r) => { release = r; });
  await page.route('**/lesson.js', async (route) => { await held; await route.continue(); });
  await page.goto(env.url, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.compiled === true, null, { timeout: 60000 });
  await page.evaluate(async () => { for (let i = 0; i < 50; i++) await new Promise((r) => setTimeout(r, 0)); });
  const before = await page.evaluate(() => ({ dcl: window.dcl === true, made: window.made.length }));
  release();
  assert.deepEqual(before, { dcl: false, made: 0 }, 'no instance before DOMContentLoaded');
  await page.waitForFunction(() => document.querySelector('#steer')?.classList.contains('flocklab-ready'), null, { timeout: 60000 });
  // Settled: every widget within a screen of the viewport ready, nothing starting.
  const settled = () => page.waitForFunction(() => {
    const near = [...document.querySelectorAll('.flocklab:not([data-experiment])')].filter((e) => e.getBoundingClientRect().top < 2 * innerHeight);
    return near.every((e) => e.classList.contains('flocklab-ready')) && window.FlockLab.liveInstances() === document.querySelectorAll('.flocklab-ready:not([data-experiment])').length;
  }, null, { timeout: 60000 });
  await settled();
  const first = await page.evaluate(() => {
    const widgets = [...document.querySelectorAll('.flocklab:not([data-experiment])')];
    return {
      widgets: widgets.length,
      live: window.FlockLab.liveInstances(),
      waiting: window.FlockLab.instanceStats().waiting,
      afterDcl: window.made.every((m) => m.afterDcl),
      crowdReady: document.querySelector('#what-if-crowd').classList.contains('flocklab-ready'),
    };
  });
  assert.equal(first.afterDcl, true);
  assert.equal(first.crowdReady, false, 'the last widget, far below, has not started');
  assert.ok(first.live >= 1 && first.live < first.widgets, JSON.stringify(first));
  assert.equal(first.waiting, first.widgets - first.live);
  // Scrolled near, a widget starts.
  await page.evaluate(() => document.querySelector('#what-if-crowd').scrollIntoView({ block: 'center' }));
  await page.waitForFunction(() => document.querySelector('#what-if-crowd').classList.contains('flocklab-ready'), null, { timeout: 60000 });
  // Asked for by a script (its ready), a widget starts wherever it is.
  await page.evaluate(() => window.scrollTo(0, 0));
  const far = await page.evaluate(async () => {
    const el = [...document.querySelectorAll('.flocklab:not([data-experiment]):not(.flocklab-ready)')].at(-1);
    await el.flocklab.ready;
    return { id: el.id, seed: el.flocklab.seed() };
  });
  assert.ok(far.id && Number.isInteger(far.seed), JSON.stringify(far));
  assert.deepEqual(problems, []);
  await page.close();
});

test('30 widgets on one screen: at most 12 WebGL contexts at any moment, and the browser drops none', async () => {
  // Contexts counted where the page makes them (getContext) and where a
  // widget gives one up (loseContext); a lost event that no widget asked for
  // is the browser's.
  const init = () => {
    const ours = new WeakSet();
    const counted = new WeakSet();
    window.gl = { alive: 0, most: 0, byBrowser: 0 };
    const getContext = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (type, ...a) {
      const ctx = getContext.call(this, type, ...a);
      if (ctx && /webgl/.test(type) && !counted.has(ctx)) {
        counted.add(ctx);
        window.gl.alive++;
        window.gl.most = Math.max(window.gl.most, window.gl.alive);
        this.addEventListener('webglcontextlost', () => {
          if (ours.has(ctx)) return;
          window.gl.byBrowser++;
          window.gl.alive--;
        });
        const lose = ctx.getExtension('WEBGL_lose_context');
        if (lose) {
          const f = lose.loseContext.bind(lose);
          lose.loseContext = () => { if (!ours.has(ctx)) { ours.add(ctx); window.gl.alive--; } f(); };
        }
      }
      return ctx;
    };
  };
  const widgets = Array.from({ length: 30 }, (_, i) => `<figure class="flocklab" id="g${i}" data-seed="${i}" style="margin:2px"><canvas width="900" height="540"></canvas></figure>`).join('');
  const page = await pageOf(env, `<div style="display:grid;grid-template-columns:repeat(6,1fr)">${widgets}</div>`, { init });
  await allReady(page, '.flocklab');
  const r = await page.evaluate(() => ({ ...window.gl, stats: window.FlockLab.contextStats() }));
  assert.ok(r.most <= 12, `at most 12 contexts at once: ${JSON.stringify(r)}`);
  assert.equal(r.byBrowser, 0, `the browser dropped none: ${JSON.stringify(r)}`);
  assert.ok(r.stats.live <= 12 && r.stats.parks >= 18, JSON.stringify(r.stats));
  assert.equal(page.warnings.filter((w) => /context was lost/.test(w)).length, 0);
  assert.deepEqual(page.problems, []);
  await page.close();
});

// A widget's start is two tasks (its instance, then its set-up), and a page
// of many widgets mounts them in slices meanwhile: the set-up goes ahead of
// the slices queued before it, so the student waits for one widget, not for
// the mounting of the rest of the page.
test('the first widget\'s set-up runs right after its instance, ahead of the page\'s mounting: no element is mounted between its context and its ready, on a page of 400 still mounting after it', async (t) => {
  const init = () => {
    window.seq = [];
    const seen = new Set();
    new MutationObserver((records) => {
      for (const m of records) {
        if (m.target.classList.contains('flocklab-started') && !seen.has(m.target.id)) {
          seen.add(m.target.id);
          window.seq.push(m.target.id);
        }
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['class'] });
    const getContext = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (type, ...a) {
      if (/webgl/.test(type) && this.closest('#g0') && !window.seq.includes('context')) window.seq.push('context');
      return getContext.call(this, type, ...a);
    };
    document.addEventListener('flocklab:ready', (e) => { if (e.target.id === 'g0') window.seq.push('ready'); }, true);
  };
  const n = 400;
  const widgets = Array.from({ length: n }, (_, i) => `<div class="flocklab" id="g${i}" data-seed="${i}"${i ? ' style="margin-top:2000px"' : ''}></div>`).join('');
  // The case this test is about needs the page still mounting when the
  // first widget is ready. A machine busy enough to compile the module
  // slower than the page mounts 400 elements does not give it: the page is
  // loaded again (up to 5 times), and if it never comes, the test is
  // skipped and says why (issue 69), rather than failing for the machine.
  let seq = null;
  for (let attempt = 0; attempt < 5 && !seq; attempt++) {
    const page = await pageOf(env, widgets, { init });
    // Every element mounted, and the first one ready.
    await page.waitForFunction((n) => window.seq.includes('ready') && window.seq.length === n + 2, n, { timeout: 120000 });
    const got = await page.evaluate(() => window.seq);
    assert.deepEqual(page.problems, []);
    await page.close();
    const context = got.indexOf('context');
    const ready = got.indexOf('ready');
    assert.ok(context >= 0 && context < ready, got.slice(0, 5).join());
    // What it checks holds in every load, the case or not.
    assert.deepEqual(got.slice(context + 1, ready), [], 'no element mounted between the first widget\'s context and its ready');
    if (n + 1 - ready >= 20) seq = got;
    else console.log(`# load ${attempt + 1}: the page had mounted all but ${n + 1 - ready} when the first widget was ready; loading again`);
  }
  if (!seq) t.skip('the machine never gave the case: in 5 loads the page had mounted (nearly) all 400 elements before the first widget was ready');
});

// The viewport observer reports with a rendering frame, which a page busy
// loading delays past the module's compilation: the page's first start
// measures where a widget is instead of waiting for that report.
test('the page\'s first start does not wait for the viewport observer: with its reports held back, the widget on screen starts, the far ones do not until reported near', async () => {
  const init = () => {
    const IO = window.IntersectionObserver;
    window.held = [];
    window.holdIO = true;
    window.IntersectionObserver = class extends IO {
      constructor(cb, options) {
        super((entries, observer) => (window.holdIO ? window.held.push(() => cb(entries, observer)) : cb(entries, observer)), options);
      }
    };
  };
  const widgets = ['', ' style="margin-top:5000px"', ' style="margin-top:5000px"'].map((style, i) => `<div class="flocklab" id="g${i}" data-seed="${i}"${style}></div>`).join('');
  const page = await pageOf(env, widgets, { init });
  await page.waitForFunction(() => document.querySelector('#g0').classList.contains('flocklab-ready'), null, { timeout: 120000 });
  // The widget runs on for a while: any start the loader would make next has had its turn.
  const frames = await page.evaluate(() => document.querySelector('#g0').flocklab.uiMetrics().frames);
  await page.waitForFunction((f) => document.querySelector('#g0').flocklab.uiMetrics().frames >= f + 20, frames, { timeout: 60000 });
  const r = await page.evaluate(() => ({ held: window.held.length, live: FlockLab.liveInstances(), waiting: FlockLab.instanceStats().waiting }));
  assert.ok(r.held > 0, `the observer's reports were held back: ${JSON.stringify(r)}`);
  assert.deepEqual([r.live, r.waiting], [1, 2], `only the widget on screen started: ${JSON.stringify(r)}`);
  // The reports arrive; a far widget starts once it is reported near.
  await page.evaluate(() => { window.holdIO = false; for (const f of window.held.splice(0)) f(); });
  await page.evaluate(() => document.querySelector('#g2').scrollIntoView());
  await page.waitForFunction(() => document.querySelector('#g2').classList.contains('flocklab-ready'), null, { timeout: 120000 });
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('on a touch screen the touch chunk is fetched once the widget is ready, not during its start; a touch on a widget not started fetches it at once', async () => {
  const init = () => {
    document.addEventListener('flocklab:ready', (e) => { window.readyAt ??= {}; window.readyAt[e.target.id] = performance.now(); }, true);
  };
  const touchChunk = () => performance.getEntriesByType('resource').find((e) => /flocklab-touch\.js/.test(e.name))?.startTime ?? null;
  const page = await pageOf(env, '<div class="flocklab" id="a"></div>', { init });
  assert.ok(await page.evaluate(() => matchMedia('(any-pointer: coarse)').matches), 'the test browser has a touch screen');
  await page.waitForFunction(touchChunk, null, { timeout: 120000 });
  const r = await page.evaluate((f) => ({ fetched: new Function(`return (${f})`)()(), ready: window.readyAt?.a }), touchChunk.toString());
  assert.ok(r.ready > 0 && r.fetched >= r.ready, `fetched at ${r.fetched} ms, the widget ready at ${r.ready}`);
  assert.deepEqual(page.problems, []);
  await page.close();
  // A widget far down, never started: a finger on it fetches the chunk then.
  const far = await pageOf(env, '<div class="flocklab" id="b" style="margin-top:5000px"></div>', { init });
  await far.waitForFunction(() => document.querySelector('#b.flocklab-started') && FlockLab.instanceStats().waiting === 1, null, { timeout: 60000 });
  assert.equal(await far.evaluate(touchChunk), null, 'not fetched before the touch');
  await far.evaluate(() => document.querySelector('#b canvas').dispatchEvent(new TouchEvent('touchstart', { bubbles: true, cancelable: true })));
  await far.waitForFunction(touchChunk, null, { timeout: 60000 });
  assert.equal(await far.evaluate(() => FlockLab.liveInstances()), 0);
  assert.deepEqual(far.problems, []);
  await far.close();
});

test('an experiment near the viewport at load waits for the first widget\'s start: its code is fetched after that widget is ready, then it is drawn without a scroll (its ready is not read: that would load it at once)', async () => {
  const init = () => {
    document.addEventListener('flocklab:ready', (e) => { window.readyAt ??= {}; window.readyAt[e.target.id] = performance.now(); }, true);
  };
  const chunk = () => performance.getEntriesByType('resource').find((e) => /flocklab-experiment\.js/.test(e.name))?.startTime ?? null;
  const page = await pageOf(env, '<div class="flocklab" id="a"></div><figure class="flocklab" id="x" data-experiment data-scene="steer" data-mode="arrive" data-vary="slow-radius" data-values="10:200:10" data-seeds="7" data-seconds="10" data-measure="overshoot"></figure>', { init });
  await page.waitForFunction(() => document.querySelector('#x').flocklab?.kind === 'experiment' && document.querySelector('#x .fl-exp-chart, #x svg'), null, { timeout: 120000 });
  const r = await page.evaluate((f) => ({ fetched: new Function(`return (${f})`)()(), ready: window.readyAt?.a }), chunk.toString());
  assert.ok(r.ready > 0 && r.fetched >= r.ready, `the experiment's code fetched at ${r.fetched} ms, the widget ready at ${r.ready}`);
  assert.deepEqual(page.problems, []);
  await page.close();
});

// One widget with a Save button; the offline template's response is held
// until `release` is called.
async function savePage() {
  let release;
  const held = new Promise((r) => { release = r; });
  const page = await env.context.newPage();
  page.problems = [];
  page.on('pageerror', (e) => page.problems.push(String(e)));
  await page.addInitScript(() => {
    // Whether each programmatic download click had the user's activation.
    window.clicks = [];
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function () {
      if (this.download) window.clicks.push(navigator.userActivation.isActive);
      return click.call(this);
    };
    // Said on the console, so that the test need not evaluate anything in
    // the page while it waits (Playwright's evaluate counts as a user gesture).
    let was = false;
    setInterval(() => {
      const now = navigator.userActivation.isActive;
      if (was && !now) console.log('test: the activation lapsed');
      was = now;
    }, 50);
    new MutationObserver(() => {
      if (document.querySelector('a.fl-download')) console.log('test: a link is offered');
    }).observe(document, { subtree: true, childList: true });
  });
  await page.route('**/flocklab-offline.txt', async (route) => { await held; await route.continue(); });
  await page.route(`${env.url}save.html`, (r) => r.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="stylesheet" href="flocklab.css"><script type="module" src="flocklab.js"></script></head><body><figure class="flocklab" id="s" data-seed="5"><canvas width="900" height="540"></canvas><button type="button" data-action="save">Save</button></figure></body></html>' }));
  await page.goto(`${env.url}save.html`);
  await page.waitForFunction(() => document.querySelector('#s').classList.contains('flocklab-ready'), null, { timeout: 60000 });
  return { page, release };
}

// The lab's seed 7 at 10 s (golden/boids_seed7.json, as widget.test.mjs checks it).
const LAB = { spacing: 22.550619377904063, order: 0.8828553839737805 };

test('a widget parked far from the viewport (its WebGL context given to others) comes back in the same state to the bit, and its run goes on to the lab\'s figures', async () => {
  const page = await pageOf(env, [...Array(16).keys()].map((i) => `<figure class="flocklab" id="w${i}" data-seed="${i === 0 ? 7 : i}" style="margin-bottom: 1200px"><canvas width="900" height="540"></canvas></figure>`).join(''));
  const h = (code) => page.evaluate(code);
  await scrollToCanvas(page, '#w0');
  await page.waitForFunction(() => document.querySelector('#w0').classList.contains('flocklab-ready') && document.querySelector('#w0').flocklab.visible(), null, { timeout: 60000 });
  await h(() => { const w = document.querySelector('#w0').flocklab; w.reset(7); w.resume(); });
  await page.waitForFunction(() => document.querySelector('#w0').flocklab.gauges().time > 0.25, null, { timeout: 60000 }); // steps by the frame loop
  // Scrolled away, it stands still: its state then.
  await page.locator('#w15').scrollIntoViewIfNeeded();
  await page.waitForFunction(() => !document.querySelector('#w0').flocklab.visible(), null, { timeout: 60000 });
  const state = () => h(() => JSON.stringify({ s: document.querySelector('#w0').flocklab.state(), g: document.querySelector('#w0').flocklab.gauges() }));
  const left = await state();
  // The others come into view one by one and take contexts until w0 gives its own up.
  for (let i = 1; i < 16 && !(await h(() => document.querySelector('#w0').classList.contains('fl-parked'))); i++) {
    await scrollToCanvas(page, `#w${i}`);
    await page.waitForFunction((k) => { const e = document.querySelector(`#w${k}`); return e.classList.contains('flocklab-ready') && e.flocklab.visible(); }, i, { timeout: 60000 });
  }
  assert.equal(await h(() => document.querySelector('#w0').classList.contains('fl-parked')), true, 'w0 gave its context to another widget');
  assert.equal(await state(), left, 'parked: the same state');
  // Back in view (paused, so the comparison is at the same step): live again, the same state.
  await h(() => document.querySelector('#w0').flocklab.pause());
  await scrollToCanvas(page, '#w0');
  await page.waitForFunction(() => !document.querySelector('#w0').classList.contains('fl-parked') && document.querySelector('#w0').flocklab.visible(), null, { timeout: 60000 });
  assert.equal(await state(), left, 'live again: the same state');
  // And the run goes on as if it had never left: the lab's 10 s figures, to the bit.
  const g = await h(() => {
    const w = document.querySelector('#w0').flocklab;
    stepAll(w, 600 - Math.round(w.gauges().time * 60));
    return w.gauges();
  });
  assert.ok(Math.abs(g.time - 10) < 1e-9, `at ${g.time} s`);
  assert.equal(g.spacing, LAB.spacing);
  assert.equal(g.order, LAB.order);
  const stats = await h(() => window.FlockLab.contextStats());
  assert.ok(stats.live <= stats.max, JSON.stringify(stats));
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('Save: pointing at the button fetches the template, so the click downloads at once, within its activation', async () => {
  const { page, release } = await savePage();
  const fetched = page.waitForResponse('**/flocklab-offline.txt', { timeout: 30000 });
  await page.hover('#s [data-action="save"]');
  release();
  await fetched;
  const download = page.waitForEvent('download', { timeout: 30000 });
  await page.click('#s [data-action="save"]');
  const file = await download;
  assert.match(file.suggestedFilename(), /^flocklab-flock-seed5\.html$/);
  assert.deepEqual(await page.evaluate(() => window.clicks), [true]);
  assert.match(readFileSync(await file.path(), 'utf8'), /data-seed="5"/);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('Save: a template that comes after the click\'s activation has ended is offered as a link that the next click saves', async () => {
  const { page, release } = await savePage();
  const lapsed = page.waitForEvent('console', { predicate: (m) => m.text() === 'test: the activation lapsed', timeout: 30000 });
  const offered = page.waitForEvent('console', { predicate: (m) => m.text() === 'test: a link is offered', timeout: 30000 });
  await page.click('#s [data-action="save"]');
  // The template arrives only once the click's activation is over.
  await lapsed;
  release();
  await offered;
  assert.ok(await page.evaluate(() => document.activeElement?.matches('#s a.fl-download')), 'the link has the focus');
  assert.deepEqual(await page.evaluate(() => window.clicks), [], 'no download was started without activation');
  assert.match(await page.evaluate(() => document.querySelector('#s').flocklab.announcements().at(-1)), /file is ready/);
  const download = page.waitForEvent('download', { timeout: 30000 });
  await page.click('#s a.fl-download');
  assert.match((await download).suggestedFilename(), /^flocklab-flock-seed5\.html$/);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('full screen: Safari\'s prefixed API where it is the only one; where there is none, the widget says so', async () => {
  const body = '<figure class="flocklab" id="f"><canvas width="900" height="540"></canvas><button type="button" data-action="fullscreen">Full screen</button></figure>';
  // Only the prefixed API, as on iPadOS before 16.4.
  const prefixedOnly = () => {
    delete Element.prototype.requestFullscreen;
    delete Document.prototype.exitFullscreen;
    Object.defineProperty(Document.prototype, 'fullscreenElement', { get: () => undefined, configurable: true });
    Object.defineProperty(Document.prototype, 'fullscreenEnabled', { get: () => undefined, configurable: true });
  };
  let page = await pageOf(env, body, { init: prefixedOnly });
  await page.waitForFunction(() => document.querySelector('#f').classList.contains('flocklab-ready'), null, { timeout: 60000 });
  await page.click('#f [data-action="fullscreen"]');
  await page.waitForFunction(() => document.webkitFullscreenElement === document.querySelector('#f'), null, { timeout: 30000 });
  await page.close();
  // None at all, as on an iPhone.
  const none = () => {
    for (const n of ['requestFullscreen', 'webkitRequestFullscreen']) delete Element.prototype[n];
    for (const n of ['fullscreenElement', 'fullscreenEnabled', 'webkitFullscreenElement', 'webkitFullscreenEnabled']) {
      Object.defineProperty(Document.prototype, n, { get: () => undefined, configurable: true });
    }
  };
  page = await pageOf(env, body, { init: none });
  await page.waitForFunction(() => document.querySelector('#f').classList.contains('flocklab-ready'), null, { timeout: 60000 });
  await page.click('#f [data-action="fullscreen"]');
  await page.waitForFunction(() => /no full screen for a widget/.test(document.querySelector('#f').flocklab.announcements().at(-1) ?? ''), null, { timeout: 30000 });
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('memory per instance: each of the lesson\'s widgets starts with 2 MiB of WebAssembly memory (not 16), all of them together stay under 64 MiB; a text of 400,000 characters still goes in (through the heap), and start-up arguments over 256 kB are refused in a sentence with no instance made', async () => {
  const page = await env.context.newPage();
  await page.goto(env.url);
  await allReady(page, '.flocklab:not([data-experiment])');
  const m = await page.evaluate(() => window.FlockLab.instanceStats());
  assert.equal(m.live, 14);
  assert.ok(m.memoryBytes <= 64 * 2 ** 20, `the page's widgets hold ${(m.memoryBytes / 2 ** 20).toFixed(1)} MiB`);
  assert.ok(m.memoryBytes >= 14 * 2 * 2 ** 20, `less than 2 MiB an instance: ${m.memoryBytes}`);
  // A long text through the 512 KiB stack would overwrite the module's data: through the heap it is read and answered.
  const r = await page.evaluate(() => {
    const h = document.querySelector('#flock').flocklab;
    let said;
    try { h.compare(`max-force=0.2;${' '.repeat(400000)}`); said = 'taken'; } catch (e) { said = e.name; }
    return { said, compared: h.compared(), steps: h.step(5), time: h.gauges().time };
  });
  assert.equal(r.said, 'taken');
  assert.deepEqual(r.compared, { max_force: 0.2 });
  assert.equal(r.steps, 5);
  // 300 kB of data-* attributes: refused before any instance is made, said in the widget.
  const big = await pageOf(env, `<figure class="flocklab" id="w" data-scene="crowd" data-walls="${'1,1;'.repeat(75000)}"><canvas width="900" height="540"></canvas></figure>`);
  await big.waitForFunction(() => /more than the 256 kB a widget starts with/.test(document.querySelector('#w').textContent), null, { timeout: 60000 });
  assert.equal(await big.evaluate(() => [window.FlockLab.liveInstances(), window.FlockLab.instanceStats().made]).then((x) => x.join()), '0,0');
  await big.close();
  await page.close();
});

// Everything a page can read of a widget, as one string.
const everything = (h) => JSON.stringify({
  config: h.config(), state: h.state(), gauges: h.gauges(), history: h.history(), compared: h.compared(),
  speed: h.speed(), paused: h.paused(), describe: h.describe(), csv: h.csv(), params: h.params(),
});

test('sleep(): the widget gives up its instance and comes back, at await ready, in the same state to the bit (the lane, the history, a response on its way), then steps on as a twin that never slept', async () => {
  const page = await pageOf(env, ['a', 'b'].map((id) => `<figure class="flocklab" id="${id}" data-seed="7"><canvas width="900" height="540"></canvas></figure>`).join(''));
  const r = await page.evaluate(async (src) => {
    const all = new Function(`return (${src})`)();
    const [a, b] = ['#a', '#b'].map((s) => document.querySelector(s).flocklab);
    await a.ready;
    await b.ready;
    for (const h of [a, b]) {
      h.pause();
      h.reset(11);
      h.clearHistory(); // a played a few frames before the pause, b none: their runs before this differ
      h.setRule('alignment', false);
      h.compare('max-force=0.2');
      stepAll(h, 100);
      h.setSpeed(0.5);
      h.select(3);
      h.setParams({ weightSeparation: 2.2 }); // an action whose answer waits for time
      stepAll(h, 20);
    }
    const before = all(a);
    const live = window.FlockLab.instanceStats();
    const slept = await a.sleep();
    const asleep = {
      same: slept === a,
      cls: document.querySelector('#a').classList.contains('fl-asleep'),
      live: window.FlockLab.instanceStats().live,
      read: (() => { try { a.gauges(); return 'answered'; } catch (err) { return err.message; } })(),
    };
    await a.ready; // wakes it
    await a.sleep(); // again at once: the new instance may not have drawn a frame yet
    await a.ready;
    const after = all(a);
    stepAll(a, 300);
    stepAll(b, 300);
    return { before, after, asleep, live: live.live, awake: window.FlockLab.instanceStats().live, a: all(a), b: all(b) };
  }, everything.toString());
  assert.equal(r.asleep.same, true);
  assert.equal(r.asleep.cls, true);
  assert.equal(r.asleep.live, r.live - 1, 'its instance is gone');
  assert.match(r.asleep.read, /await handle\.ready/);
  assert.equal(r.awake, r.live);
  assert.equal(r.after, r.before);
  assert.equal(r.a, r.b, 'after 300 more steps it equals its twin');
  assert.match(JSON.parse(r.a).describe, /What if/); // the lane came back with it
  assert.deepEqual(page.problems, []);
  assert.deepEqual(page.warnings.filter((x) => /Aborted|could not come back/.test(x)), []); // no abort (a frame drawn for the picture reads the HUD's gauges first)
  await page.close();
});

test('an asleep widget\'s Live button alone wakes it, in the same state to the bit, and it steps on as its twin (the check Firefox and WebKit run too)', async () => {
  const page = await pageOf(env, '');
  assertSleptTwins(assert, await page.evaluate(sleepTwins));
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('the keyboard alone wakes an asleep widget: its Live button is in the tab order with its name (why it slept), Enter wakes it, and the keys then reach its canvas', async () => {
  const page = await pageOf(env, '<p><a href="#k">before</a></p><figure class="flocklab" id="k" data-seed="7"><canvas width="900" height="540"></canvas></figure>');
  await page.evaluate(async () => {
    const h = document.querySelector('#k').flocklab;
    await h.ready;
    h.pause();
    await h.sleep();
  });
  await page.locator('#k.fl-asleep').waitFor();
  const name = await page.locator('#k .fl-wake').getAttribute('aria-label');
  await page.locator('a').focus();
  let reached = false;
  for (let i = 0; i < 10 && !reached; i++) {
    await page.keyboard.press('Tab');
    reached = await page.evaluate(() => document.activeElement?.classList.contains('fl-wake'));
  }
  assert.ok(reached, 'Tab reaches the Live button');
  // Asleep, not parked, and put to sleep in view by the page's script (not for being out of view): its own reason.
  assert.equal(name, 'Make this widget live again (the page put it to sleep to save memory)');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => { const el = document.querySelector('#k'); return !el.classList.contains('fl-asleep') && el.classList.contains('flocklab-ready'); }, null, { timeout: 60000 });
  await page.waitForFunction(() => document.activeElement === document.querySelector('#k canvas'), null, { timeout: 10000 });
  await page.keyboard.press('1'); // separation off, by a key on the canvas
  await page.waitForFunction(() => document.querySelector('#k').flocklab.rules().separation === false, null, { timeout: 10000 });
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('the Play button of an asleep widget wakes it and plays, as the Live button wakes it: a student\'s press is never queued for a wake that does not come', async () => {
  const page = await pageOf(env, '<figure class="flocklab" id="p" data-seed="7"><canvas width="900" height="540"></canvas></figure>');
  const t0 = await page.evaluate(async () => {
    const h = document.querySelector('#p').flocklab;
    await h.ready;
    const { time } = await h.runTo(3); // paused there: the Play button shows
    await h.sleep();
    return time;
  });
  await page.locator('#p.fl-asleep').waitFor();
  await page.locator('#p .fl-play').click();
  await page.waitForFunction(() => { const el = document.querySelector('#p'); return !el.classList.contains('fl-asleep') && el.classList.contains('flocklab-ready'); }, null, { timeout: 60000 });
  await page.waitForFunction((t) => document.querySelector('#p').flocklab.gauges().time > t + 0.2, t0, { timeout: 60000 });
  assert.equal(await page.evaluate(() => document.querySelector('#p').flocklab.paused()), false);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('an asleep widget\'s picture shows the HUD\'s box where its live frames do, also just after a run (the picture\'s frame, drawn alone, lays the panels out first)', async () => {
  const page = await pageOf(env, '<div class="flocklab" id="s" data-seed="7"></div>');
  // A phone: the HUD in its corner, two lines. The widget laid out at the
  // page's first size, then at this one, runs, and sleeps: the frame drawn
  // for its picture may be the first at this size, after frames with the
  // run's progress line.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(async () => {
    const h = document.querySelector('#s').flocklab;
    await h.ready;
    h.pause();
    await h.runTo(3);
    await h.sleep();
  });
  await page.waitForFunction(() => document.querySelector('#s canvas')?.style.backgroundImage.startsWith('url('));
  // The picture, decoded before waking takes it away.
  await page.evaluate(async () => {
    const c = document.querySelector('#s canvas');
    const img = new Image();
    img.src = c.style.backgroundImage.slice(5, -2);
    await img.decode();
    const o = document.createElement('canvas');
    [o.width, o.height] = [img.width, img.height];
    o.getContext('2d').drawImage(img, 0, 0);
    window.picture = { o, perCss: img.width / c.clientWidth };
  });
  const f0 = await page.evaluate(async () => { const h = document.querySelector('#s').flocklab; await h.ready; return h.uiMetrics().frames; });
  await page.waitForFunction((f) => document.querySelector('#s').flocklab.uiMetrics().frames > f + 3, f0);
  const r = await page.evaluate(() => {
    const hud = document.querySelector('#s').flocklab.uiMetrics().hud; // [left, top, right, bottom] in CSS px, live
    const { o, perCss } = window.picture;
    const px = o.getContext('2d').getImageData(0, 0, o.width, o.height).data;
    const lum = (x, y) => { const i = (y * o.width + x) * 4; return px[i] + px[i + 1] + px[i + 2]; };
    // The box's left border: a line (one column, or two where it falls
    // between pixels) brighter than the scene left of it and the box's shade
    // right of it, on most of the box's rows, left of the live box's middle.
    const rows = [];
    for (let y = Math.ceil((hud[1] + 5) * perCss); y < (hud[3] - 5) * perCss; y++) rows.push(y);
    const line = (x, y) => Math.max(lum(x, y), lum(x + 1, y));
    let best = { x: -1, share: 0 };
    for (let x = 3; x < ((hud[0] + hud[2]) / 2) * perCss; x++) {
      const share = rows.filter((y) => line(x, y) > lum(x - 2, y) + 20 && line(x, y) > lum(x + 3, y) + 20).length / rows.length;
      if (share > best.share) best = { x, share };
    }
    return { hud, left: best.x / perCss, share: best.share, rows: rows.length };
  });
  assert.ok(r.rows > 10, JSON.stringify(r));
  assert.ok(r.share > 0.8, `the picture has the HUD's box edge: ${JSON.stringify(r)}`);
  assert.ok(Math.abs(r.left - r.hud[0]) <= 1.5, `the picture's HUD box starts at ${r.left} px, the live frame's at ${r.hud[0]}`);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('a widget put to sleep wakes with its HUD in the corner it had: the corner moves only for a clear gain, so it comes from the run\'s past, and the snapshot keeps it', async () => {
  const page = await pageOf(env, '<figure class="flocklab" id="c" data-scene="steer"><canvas width="800" height="600"></canvas></figure>');
  const metrics = () => page.evaluate(() => document.querySelector('#c').flocklab.uiMetrics());
  const framesOn = async (n) => {
    const f0 = (await metrics()).frames;
    await page.waitForFunction(([f, k]) => document.querySelector('#c').flocklab.uiMetrics().frames > f + k, [f0, n]);
  };
  // The target under the HUD's first corner (top left): the HUD goes to the bottom right.
  await page.evaluate(async () => { const h = document.querySelector('#c').flocklab; await h.ready; h.pause(); h.setTarget(40, 40); });
  const width = (await metrics()).window[0];
  await page.waitForFunction((w) => document.querySelector('#c').flocklab.uiMetrics().hud[0] > w / 2, width);
  // Then to the middle, under neither corner: no clear gain, so it stays there.
  await page.evaluate(() => document.querySelector('#c').flocklab.setTarget(400, 300));
  await framesOn(3);
  const before = (await metrics()).hud;
  assert.ok(before[0] > width / 2, `the HUD is at the bottom right: ${before}`);
  await page.evaluate(async () => { await document.querySelector('#c').flocklab.sleep(); }); // (returning the handle would read its ready)
  await page.locator('#c.fl-asleep').waitFor();
  await page.evaluate(() => document.querySelector('#c').flocklab.ready); // wakes it
  await framesOn(3);
  assert.deepEqual((await metrics()).hud, before, 'woken, the HUD is where it was');
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('a widget no script holds gives up its instance when far from the viewport and takes its state back when near (its Live button says it slept out of view): the gauges it showed last are the first it shows again, to the bit; one a script holds stays live; a method called on a far widget holds it without starting it', async () => {
  const page = await pageOf(env, ['w0', 'w1', 'held', 'called'].map((id) => `<figure class="flocklab" id="${id}" data-seed="7" style="margin-bottom: 4000px"><canvas width="900" height="540"></canvas></figure>`).join(''));
  // A setter called at load on the last widget, far below: queued, and it does not start it.
  await page.evaluate(() => document.getElementById('called').flocklab.setRule('alignment', false));
  // Each widget's flocklab:gauges events (the page's own view of it: no call on its handle).
  await page.evaluate(() => {
    window.shown = {};
    for (const el of document.querySelectorAll('.flocklab')) {
      window.shown[el.id] = [];
      el.addEventListener('flocklab:gauges', (e) => window.shown[el.id].push(JSON.stringify(e.detail)));
    }
  });
  const cls = (id, c) => page.evaluate(([i, k]) => document.getElementById(i).classList.contains(k), [id, c]);
  await page.waitForFunction(() => document.getElementById('w0').classList.contains('flocklab-ready') && window.shown.w0.length > 0, null, { timeout: 60000 });
  await page.evaluate(() => document.getElementById('held').flocklab.ready); // a script holds this one (it starts now, far off)
  await page.waitForFunction(() => document.getElementById('held').classList.contains('flocklab-ready'), null, { timeout: 60000 });
  // w0 runs a while in view, then the page goes to its end: w0 stops, then gives its instance up.
  await page.waitForFunction(() => window.shown.w0.length > 3, null, { timeout: 60000 });
  const before = await page.evaluate(() => ({ ...window.FlockLab.instanceStats(), calledStarted: document.getElementById('called').classList.contains('flocklab-ready') }));
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForFunction(() => document.getElementById('w0').classList.contains('fl-asleep') && document.getElementById('called').classList.contains('flocklab-ready'), null, { timeout: 60000 });
  const asleep = await page.evaluate(() => ({
    stats: window.FlockLab.instanceStats(), last: window.shown.w0.at(-1), n: window.shown.w0.length, calledReady: true,
    ready: document.querySelectorAll('.flocklab-ready').length,
  }));
  assert.equal(await cls('w0', 'flocklab-ready'), false, 'asleep: not ready');
  // Its Live button says why it slept (out of view), not what a script's sleep() says.
  assert.equal(await page.locator('#w0 .fl-wake').getAttribute('aria-label'), 'Make this widget live again (it gave up its memory while it was out of view)');
  assert.equal(await cls('held', 'fl-asleep'), false, 'held by a script: it stays live');
  // Live instances are the ready widgets': w0's went (the called widget's came).
  assert.equal(asleep.stats.live, asleep.ready, JSON.stringify({ before, asleep }));
  // Back near the top: a new instance, the state it had.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForFunction((n) => document.getElementById('w0').classList.contains('flocklab-ready') && window.shown.w0.length > n, asleep.n, { timeout: 60000 });
  const back = await page.evaluate((n) => window.shown.w0[n], asleep.n);
  assert.equal(back, asleep.last, 'the first gauges after waking are the last before sleeping');
  assert.equal(await cls('w0', 'fl-asleep'), false);
  // The called widget started only when the page came near it (at its end, above), with the call applied; held, it stays live up here.
  assert.equal(asleep.calledReady, true);
  assert.equal(await page.evaluate(() => document.getElementById('called').flocklab.rules().alignment), false);
  assert.equal(await cls('called', 'fl-asleep'), false);
  assert.equal(before.calledStarted, false, 'a call does not start a far widget');
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('English numbers are written without Intl.NumberFormat, to the digit as it writes them (ties half away from zero on the shortest decimal), so the page makes none at load', async () => {
  // The shim's own function against the engine's Intl, in node (the same V8).
  process.env.FLOCKLAB_BUILD ??= new URL('../../build', import.meta.url).pathname;
  await import('../../web/tools/gen-modules.mjs');
  const { englishFixed, english } = await import('../../web/src/lang.js');
  const formats = [0, 1, 2, 3, 4, 6, 10].map((d) => [d, new Intl.NumberFormat('en', { minimumFractionDigits: d, maximumFractionDigits: d, useGrouping: false })]);
  let seed = 42;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const values = [0, -0, 0.5, 1.5, -2.5, 0.05, -0.05, 0.5395, 9.995, 99.95, 999.9995, 0.95, 1e20, 1e21, 1e-6, 1e-7, NaN, Infinity, -Infinity, Number.MAX_VALUE];
  for (let i = 0; i < 30000; i++) {
    values.push((random() - 0.5) * 10 ** (Math.floor(random() * 24) - 8)); // any size
    values.push(Math.round(random() * 2e6 - 1e6) / 10 ** Math.floor(random() * 7)); // a few decimals
    values.push((Math.round(random() * 2000) - 1000 + 0.5) / 10 ** Math.floor(random() * 5)); // written ties
  }
  let fallbacks = 0;
  for (const v of values) {
    for (const [d, f] of formats) {
      const mine = englishFixed(v, d);
      if (mine === null) fallbacks++;
      assert.equal(english.number(v, d), f.format(v), `${v} with ${d} decimals`);
      if (mine !== null) assert.equal(mine, f.format(v), `${v} with ${d} decimals`);
    }
  }
  assert.ok(fallbacks < values.length, 'most numbers are written without Intl');
  assert.equal(englishFixed(1e21, 1), null, 'a number whose shortest decimal has an exponent is left to Intl');

  // In the lesson page: the first widget shows its gauges' numbers, and no
  // Intl.NumberFormat was made for them (the engine's first costs 20-40 ms).
  const page = await env.context.newPage();
  await page.addInitScript(() => {
    window.numberFormats = 0;
    const NF = Intl.NumberFormat;
    Intl.NumberFormat = new Proxy(NF, { construct(t, a) { window.numberFormats++; return new NF(...a); }, apply(t, self, a) { window.numberFormats++; return NF(...a); } });
  });
  await page.goto(env.url);
  await page.waitForFunction(() => {
    const el = document.querySelector('#steer');
    const out = el?.querySelector('output[data-gauge="speed"]');
    return el?.classList.contains('flocklab-ready') && /^\d+(\.\d+)?$/.test(out?.textContent ?? '');
  }, null, { timeout: 120000 });
  const shown = await page.evaluate(() => ({ made: window.numberFormats, speed: document.querySelector('#steer output[data-gauge="speed"]').textContent }));
  assert.equal(shown.made, 0, `Intl.NumberFormat made ${shown.made} time(s) while the first widget started (speed shows ${shown.speed})`);
  await page.close();
});

test('a widget put to sleep far from the viewport stays asleep until it comes near: no new instance is made for it meanwhile (its nearness from before it started counted, and it was made again at once, slept, and again)', async () => {
  const page = await pageOf(env, '<figure class="flocklab" id="w0" data-seed="7" style="margin-bottom: 12000px"><canvas width="900" height="540"></canvas></figure><p>end</p>');
  const w0 = () => page.evaluate(() => ({ cls: document.getElementById('w0').className, made: window.FlockLab.instanceStats().made }));
  const rounds = [];
  for (let round = 0; round < 5; round++) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForFunction(() => document.getElementById('w0').classList.contains('flocklab-ready'), null, { timeout: 60000 });
    await page.evaluate(() => {
      window.changes = [];
      window.watching?.disconnect(); // one observer, this round's
      window.watching = new MutationObserver((records) => { for (const r of records) window.changes.push(r.target.className); });
      window.watching.observe(document.getElementById('w0'), { attributes: true, attributeFilter: ['class'] });
      window.scrollTo(0, document.body.scrollHeight);
    });
    await page.waitForFunction(() => document.getElementById('w0').classList.contains('fl-asleep'), null, { timeout: 60000 });
    const asleep = await w0();
    // A second of page frames far away: long enough for the loop the bug made
    // (it needed a few milliseconds); nothing can come back without it.
    await page.evaluate(() => new Promise((r) => { let n = 0; const f = () => (++n === 60 ? r() : requestAnimationFrame(f)); requestAnimationFrame(f); }));
    const after = await w0();
    rounds.push({ made: after.made - asleep.made, readyAgain: (await page.evaluate(() => window.changes)).filter((c) => c.includes('flocklab-ready')).length, still: after.cls.includes('fl-asleep') });
  }
  assert.deepEqual(rounds, rounds.map(() => ({ made: 0, readyAgain: 0, still: true })), JSON.stringify(rounds));
  assert.deepEqual(page.problems, []);
  await page.close();
});
