// Shared set-up for the browser tests: the built page (build/web) served on
// 127.0.0.1 by web/serve.mjs, and Debian's Chromium driven by playwright-core.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { get } from 'node:http';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { serve } from '../../web/serve.mjs';

export const here = dirname(fileURLToPath(import.meta.url));
export const root = resolve(here, '../..');
export const artifacts = join(root, 'build', 'test-artifacts');
mkdirSync(artifacts, { recursive: true });

// The flags that let Chromium run headless as root on a machine with no
// network beyond loopback: no sandbox (root), no GPU (SwiftShader WebGL
// instead), and none of the background connections that would be refused.
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--enable-unsafe-swiftshader'];

// touch: the browser has a touch screen (its primary pointer is then coarse).
// web: the folder served (default build/web).
export async function start({ deviceScaleFactor = 1, extraArgs = [], touch = true, web = join(root, 'build', 'web') } = {}) {
  const server = await serve(web, 0);
  const url = `http://127.0.0.1:${server.address().port}/`;
  const profile = mkdtempSync(join(tmpdir(), 'flocklab-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: [...FLAGS, ...extraArgs],
    headless: true,
    viewport: { width: 1000, height: 900 },
    deviceScaleFactor,
    hasTouch: touch,
  });
  // step() runs at most about 250 ms of work a call and returns how many
  // steps it ran (fewer on a busy machine): stepAll(h, n) calls it until all
  // n have, for a test that compares where a run ends.
  await context.addInitScript(() => {
    window.stepAll = (h, n) => {
      for (let left = n; left > 0;) {
        const ran = h.step(left);
        if (!(ran > 0)) throw new Error(`step(${left}) ran ${ran} steps`);
        left -= ran;
      }
    };
  });
  return {
    url,
    context,
    async close() {
      await context.close();
      server.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

// An init script (addInitScript) that makes WebGL name a hardware GPU as its
// renderer, where this machine has only SwiftShader: a widget then draws at
// the screen's devicePixelRatio, as on a student's laptop with a GPU (with
// a software renderer it draws one pixel per CSS px: Painter::software).
export function asIfHardwareGL() {
  for (const Ctx of [window.WebGLRenderingContext, window.WebGL2RenderingContext]) {
    const real = Ctx?.prototype.getParameter;
    if (!real) continue;
    Ctx.prototype.getParameter = function getParameter(p) {
      return p === 0x9246 ? 'ANGLE (NVIDIA, NVIDIA GeForce GTX 1650 Direct3D11 vs_5_0 ps_5_0, D3D11)' : real.call(this, p); // UNMASKED_RENDERER_WEBGL
    };
  }
}

// Opens the lesson page and waits until every widget on it is ready.
// Collects console errors and uncaught exceptions into page.problems.
export async function openLesson(env, path = '') {
  const page = await env.context.newPage();
  page.problems = [];
  page.warnings = [];
  page.on('console', (m) => {
    if (m.type() === 'error') page.problems.push(m.text());
    if (m.type() === 'warning') page.warnings.push(m.text());
  });
  page.on('pageerror', (e) => page.problems.push(String(e)));
  await page.goto(env.url + path);
  await page.waitForFunction(() => {
    // Every widget, and every experiment (its chart laid out: nothing below moves after).
    const els = [...document.querySelectorAll('.flocklab')];
    return els.length > 0 && els.every((e) => (e.flocklab?.ready, e.classList.contains('flocklab-ready')));
  }, null, { timeout: 60000 });
  return page;
}

// An init script (pageOf's `init`, addInitScript): the page's WebAssembly
// answers the SIMD probe as an engine without SIMD would (Safari before
// 16.4); this Chromium has it. Every other module validates as before.
export const noSimd = () => {
  const validate = WebAssembly.validate;
  WebAssembly.validate = (bytes) => (new Uint8Array(bytes).includes(0xfd) ? false : validate(bytes));
};

// A page of an author's own, served beside flocklab.js: `body` inside a
// document whose <html> has `lang`. Console errors and warnings are
// collected into page.problems and page.warnings (the software WebGL's
// performance notes and a missing favicon are not the page's).
// `init`: a function run in the page before any of its scripts (addInitScript).
// setup(page), if given, runs before the page loads (to route its requests).
export async function pageOf(env, body, { name = 'author.html', lang = 'en', init = null, setup = null } = {}) {
  const page = await env.context.newPage();
  if (init) await page.addInitScript(init);
  if (setup) await setup(page);
  page.problems = [];
  page.warnings = [];
  page.on('console', (m) => {
    if (/GL Driver Message|Failed to load resource/.test(m.text())) return;
    if (m.type() === 'error') page.problems.push(m.text());
    if (m.type() === 'warning') page.warnings.push(m.text());
  });
  page.on('pageerror', (e) => page.problems.push(String(e)));
  await page.route(env.url + name, (r) => r.fulfill({ contentType: 'text/html', body: `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><link rel="stylesheet" href="flocklab.css"><script type="module" src="flocklab.js"></script></head><body>${body}</body></html>` }));
  await page.goto(env.url + name);
  return page;
}

// Runs in the page: base64 PNG -> RGBA bytes (passed to page.evaluate as source).
const DECODE_PNG = `async (data) => {
  const img = new Image();
  img.src = 'data:image/png;base64,' + data;
  await img.decode();
  const c = document.createElement('canvas');
  c.width = img.width;
  c.height = img.height;
  const ctx = c.getContext('2d');
  ctx.drawImage(img, 0, 0);
  return ctx.getImageData(0, 0, c.width, c.height).data;
}`;

// Chromium and the lesson page, for a test file whose tests share one page.
export async function startLesson(options) {
  const env = await start(options);
  return { env, page: await openLesson(env) };
}

// Pixel statistics of an element's screenshot, decoded in the page itself:
// how many pixels differ from the background colour, and how many are close
// to a given colour.
export async function pixelStats(page, selector, background, colour) {
  const png = await page.locator(selector).screenshot();
  return page.evaluate(async ({ data, background, colour, decode }) => {
    const px = await new Function(`return (${decode})`)()(data);
    const near = (i, rgb, tol) => Math.abs(px[i] - rgb[0]) <= tol && Math.abs(px[i + 1] - rgb[1]) <= tol
      && Math.abs(px[i + 2] - rgb[2]) <= tol;
    let notBackground = 0;
    let matching = 0;
    for (let i = 0; i < px.length; i += 4) {
      if (!near(i, background, 6)) notBackground++;
      if (colour && near(i, colour, 24)) matching++;
    }
    return { total: px.length / 4, notBackground, matching };
  }, { data: png.toString('base64'), background, colour, decode: DECODE_PNG });
}

// The colours ([r, g, b]) of an element's screenshot at the given points
// (CSS px from its top left), decoded in the page itself.
export async function pixelsAt(page, selector, points) {
  const png = await page.locator(selector).screenshot();
  const box = await page.locator(selector).boundingBox();
  return page.evaluate(async ({ data, points, box, decode }) => {
    const img = new Image();
    img.src = `data:image/png;base64,${data}`;
    await img.decode();
    const px = await new Function(`return (${decode})`)()(data);
    const sx = img.width / box.width;
    const sy = img.height / box.height;
    return points.map(([x, y]) => {
      const i = (Math.min(img.height - 1, Math.max(0, Math.round(y * sy))) * img.width + Math.min(img.width - 1, Math.max(0, Math.round(x * sx)))) * 4;
      return [px[i], px[i + 1], px[i + 2]];
    });
  }, { data: png.toString('base64'), points, box, decode: DECODE_PNG });
}

// The first widget on screen (it runs frames), as a selector.
export const shownWidget = (page) => page.evaluate(() =>
  `#${[...document.querySelectorAll('.flocklab:not([data-experiment])')].find((e) => e.flocklab?.visible?.()).id}`);

// pixelStats, taken again until at least `least` pixels are close to the
// colour (a canvas drawn once its widget has run a frame), for up to 30 s;
// returns the last stats, which the caller asserts.
// A canvas swapped for a fresh one while its picture is taken (a context
// made again, or the widget parked or woken) is looked up again; one not
// visible yet is waited for too, within the same 30 s.
export async function drawnStats(page, selector, background, colour, least) {
  const end = Date.now() + 30000;
  for (;;) {
    let stats = { matching: 0 };
    try {
      stats = await pixelStats(page, selector, background, colour);
    } catch (e) {
      // Swapped out, or caught between the old canvas and its fresh one
      // (Playwright then finds no box to take: "not visible").
      if (!/not attached to the DOM|not visible/.test(e.message) || Date.now() > end) throw e;
    }
    if (stats.matching >= least || Date.now() > end) return stats;
  }
}

// Runs fn(rgba, width, height, ...args) in the page over a screenshot (PNG buffer)
// and returns its result.
export async function withPixels(page, png, fn, ...args) {
  return page.evaluate(async ({ data, decode, src, args }) => {
    const img = new Image();
    img.src = `data:image/png;base64,${data}`;
    await img.decode();
    const px = await new Function(`return (${decode})`)()(data);
    return new Function(`return (${src})`)()(px, img.width, img.height, ...args);
  }, { data: png.toString('base64'), decode: DECODE_PNG, src: fn.toString(), args });
}

// How many pixels differ (by more than `tol` in a channel) between two
// screenshots (PNG buffers) of the same size.
export async function differingPixels(page, a, b, tol = 24) {
  return page.evaluate(async ({ a, b, tol, decode }) => {
    const f = new Function(`return (${decode})`)();
    const [pa, pb] = [await f(a), await f(b)];
    let n = 0;
    for (let i = 0; i < pa.length; i += 4) {
      if (Math.abs(pa[i] - pb[i]) > tol || Math.abs(pa[i + 1] - pb[i + 1]) > tol || Math.abs(pa[i + 2] - pb[i + 2]) > tol) n++;
    }
    return n;
  }, { a: a.toString('base64'), b: b.toString('base64'), tol, decode: DECODE_PNG });
}

// Waits until JSON.stringify(fn(handle)) equals JSON.stringify(expected):
// input reaches the simulation on the widget's next animation frame.
export const until = (page, sel, fn, expected) => page.waitForFunction(({ sel, src, want }) => {
  const f = new Function(`return (${src})`)();
  return JSON.stringify(f(document.querySelector(sel).flocklab)) === want;
}, { sel, src: fn.toString(), want: JSON.stringify(expected) }, { timeout: 30000 });

// Waits until fn(handle, ...args) is truthy, polling the handle (a test waits
// for the state it checks, never for a frame or a fixed delay).
export const whenWidget = (page, sel, fn, ...args) => page.waitForFunction(({ sel, src, args }) => {
  const el = document.querySelector(sel);
  if (!el?.flocklab) return false;
  const f = new Function(`return (${src})`)();
  return f(el.flocklab, ...args);
}, { sel, src: fn.toString(), args }, { timeout: 30000 });

// Waits until a playing widget's simulated clock reaches `t` seconds. Its
// steps come with its frames (a few a frame at most), which a busy machine
// slows: on a crowded one a simulated second can take several of the wall
// clock's. So no bound is put on the whole wait, only on each step of it: it
// fails if the clock stands still for 30 s (a paused or stuck widget).
export async function simulatedTo(page, sel, t) {
  const clock = (now) => page.waitForFunction(({ sel, now }) => {
    const time = document.querySelector(sel)?.flocklab?.gauges().time;
    return time > now && { time };
  }, { sel, now }, { timeout: 30000 }).then((r) => r.jsonValue()).then((r) => r.time);
  for (let now = -1; now < t;) now = await clock(now);
}

// For a check that something does NOT happen: waits until the widget has
// run `frames` more frames (uiMetrics().frames), so that every input sent
// before this call has reached its scene, however busy the machine is.
// (ImGui takes one change of a mouse button per frame: a click is two.)
export async function handled(page, sel, frames = 4) {
  const f0 = await onWidget(page, sel, (h) => h.uiMetrics().frames);
  await whenWidget(page, sel, (h, f) => h.uiMetrics().frames >= f, f0 + frames);
}

// The widget's canvas, scrolled into view, and its box on the page.
// Scrolls the widget's canvas into view (centred) unless all of it is in view
// already. Done in the page in one step: a widget that takes a WebGL context
// back swaps in a fresh canvas, and a locator's scroll that meets the swap
// fails with "Element is not attached to the DOM".
export async function scrollToCanvas(page, sel) {
  await page.waitForFunction((s) => {
    const c = document.querySelector(`${s} canvas`);
    if (!c) return false;
    const r = c.getBoundingClientRect();
    if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) c.scrollIntoView({ block: 'center', inline: 'center' });
    return true;
  }, sel, { timeout: 30000 });
}

export async function canvasOf(page, sel) {
  const canvas = page.locator(`${sel} canvas`);
  await scrollToCanvas(page, sel);
  // A widget parked off screen (beyond the page's WebGL contexts) takes one
  // back once it is on screen and swaps in a fresh canvas: the box is read
  // from the canvas that stays, once the widget says it is visible.
  await page.waitForFunction((s) => {
    const el = document.querySelector(s);
    if (!el || el.classList.contains('fl-parked')) return false;
    try { return el.flocklab.visible(); } catch { return true; } // not ready: nothing to swap yet
  }, sel, { timeout: 30000 });
  let box = null;
  for (let i = 0; i < 20 && !box; i++) box = await canvas.boundingBox();
  return { canvas, box };
}

// Runs fn(handle, ...args) in the page against the widget selected by sel.
export const onWidget = (page, sel, fn, ...args) =>
  page.evaluate(({ sel, src, args }) => {
    const f = new Function(`return (${src})`)();
    return f(document.querySelector(sel).flocklab, ...args);
  }, { sel, src: fn.toString(), args });

// A touch gesture through Chromium's own input pipeline (as a finger makes it).
export async function swipe(p, from, to, steps = 8) {
  const cdp = await p.context().newCDPSession(p);
  const point = (x, y) => [{ x, y, id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(from.x, from.y) });
  for (let k = 1; k <= steps; k++) {
    const x = from.x + ((to.x - from.x) * k) / steps;
    const y = from.y + ((to.y - from.y) * k) / steps;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(x, y) });
    await p.waitForTimeout(16);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

// Waits until the page has stopped scrolling: the same scroll position for
// five frames in a row (a swipe's fling goes on after the finger lifts, one
// move a frame, however slowly a busy machine draws them). Positions read
// after this stay true.
export const scrollSettled = (p) => p.waitForFunction(() => new Promise((settled) => {
  let last = window.scrollY;
  let same = 0;
  const frame = () => {
    if (window.scrollY !== last) [last, same] = [window.scrollY, 0];
    else if (++same >= 5) { settled(true); return; }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}), null, { timeout: 30000 });

// The page's main-thread tasks while `body()` runs, from Chromium's own trace:
// [{wall, cpu}] in ms. A long task is judged by the main thread's CPU time
// (`cpu`), which the operating system's scheduling does not stretch: on a busy
// machine a slice of a few ms of work can take 50 ms of wall time while other
// processes run, and the page's PerformanceObserver cannot tell the two apart.
export async function mainThreadTasks(page, body) {
  const cdp = await page.context().newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
  const complete = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
  let result;
  try {
    result = await body();
  } finally {
    await cdp.send('Tracing.end');
    await complete;
    await cdp.detach();
  }
  const main = new Set(events.filter((e) => e.name === 'thread_name' && e.args.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && main.has(`${e.pid}:${e.tid}`))
    .map((e) => ({ wall: e.dur / 1000, cpu: e.tdur === undefined ? NaN : e.tdur / 1000 }));
  // Without thread times the trace cannot judge anything: said, not passed.
  // A task cut by the trace's start or end may come without one, and on a
  // busy machine a few more do (5 of 734 in one of five make test runs with
  // both cores kept busy): at most 1 in 100, left out (as before).
  const timed = tasks.filter((t) => !Number.isNaN(t.cpu));
  const untimed = tasks.filter((t) => Number.isNaN(t.cpu));
  if (timed.length === 0 || untimed.length > Math.max(2, tasks.length / 100)) throw new Error(`the trace has ${tasks.length} main-thread tasks, ${untimed.length} of them without CPU times`);
  // The page's scripts' own work: each run of a script's code (a call into
  // it, or its first evaluation) on the main thread, with its URL.
  const scripts = events.filter((e) => (e.name === 'FunctionCall' || e.name === 'EvaluateScript' || e.name === 'v8.evaluateModule') && e.ph === 'X'
    && main.has(`${e.pid}:${e.tid}`) && e.tdur !== undefined)
    .map((e) => ({ url: e.args?.data?.url ?? e.args?.data?.functionName ?? '', wall: e.dur / 1000, cpu: e.tdur / 1000 }));
  return { result, tasks: timed, scripts };
}

// A what-if button with data-predict pressed as a student would (scrolled to,
// clicked): it is pressed, and its question shows; returns the question.
export async function askedBy(page, sel, label) {
  const button = page.locator(`${sel} button`, { hasText: label });
  await button.scrollIntoViewIfNeeded();
  await button.click();
  assert.equal(await button.getAttribute('aria-pressed'), 'true', label);
  const question = page.locator(`${sel} .fl-predict:not([hidden])`);
  await question.waitFor();
  return question;
}

// 30 widgets on one screen (a grid of six columns), each counting the lost
// contexts that no widget asked for (the shim warns "the WebGL context was
// lost; the widget made a new one" for those). Each is noted with what the
// page had then (live contexts, parks, restores, canvases, the time) and the
// browser's own reason if the event gave one, so that a failure says why.
// `keep`: the page holds every canvas a widget lets go (parked or destroyed),
// so no let-go context is ever collected: the browser's count of contexts
// stays as full as it gets between collections on a busy machine.
export const thirtyWidgets = (keep = false) => {
  window.browserLost = [];
  window.lostEvents = []; // every loss, asked for or not: [ms, the event's statusMessage]
  window.addEventListener('webglcontextlost', (e) => { window.lostEvents.push([Math.round(performance.now()), e.statusMessage ?? '']); }, true);
  const warn = console.warn.bind(console);
  console.warn = (...a) => {
    const text = a.filter((x) => typeof x === 'string').join(' ');
    if (/context was lost/.test(text)) {
      const s = window.FlockLab.contextStats();
      const reasons = window.lostEvents.map(([, m]) => m).filter(Boolean);
      window.browserLost.push(`${text} (at ${Math.round(performance.now())} ms: ${s.live} live, ${s.parks} parks, ${s.restores} restores, `
        + `${document.querySelectorAll('canvas').length} canvases, ${window.lostEvents.length} losses so far${reasons.length ? `, the browser said: ${[...new Set(reasons)].join('; ')}` : ''})`);
    }
    warn(...a);
  };
  if (keep) {
    window.kept = [];
    new MutationObserver((ms) => { for (const m of ms) window.kept.push(...[...m.removedNodes].filter((n) => n.nodeName === 'CANVAS' || n.querySelector?.('canvas'))); })
      .observe(document.body, { childList: true, subtree: true });
  }
  document.body.replaceChildren();
  Object.assign(document.body.style, { display: 'grid', gridTemplateColumns: 'repeat(6, 1fr)', margin: '0' });
  for (let i = 0; i < 30; i++) {
    const el = document.createElement('figure');
    el.className = 'flocklab';
    el.id = `g${i}`;
    el.dataset.seed = String(i);
    el.style.margin = '1px';
    el.innerHTML = '<canvas width="900" height="540"></canvas>';
    document.body.append(el);
    window.FlockLab.mount(el).ready.catch(() => {});
  }
};

// A course platform's site: its pages on an origin of their own (a server
// of its own), each framing a widget's address from another origin (the
// same address: Chromium blocks a frame on 127.0.0.1 in a page on
// localhost, or in a page that no server answered, as a local network
// access). page(src, {sandbox, allow}) opens a course page with the frame
// (sandboxed with allow-scripts only unless said): { page, frame() }, and
// the page's `messages` are what the frame posted to it.
export async function courseSite(env) {
  const dir = mkdtempSync(join(tmpdir(), 'flocklab-course-'));
  const server = await serve(dir, 0);
  const origin = `http://127.0.0.1:${server.address().port}`;
  let pages = 0;
  return {
    origin,
    async page(src, { sandbox = 'allow-scripts', allow = '' } = {}) {
      const page = await env.context.newPage();
      page.problems = [];
      page.on('pageerror', (e) => page.problems.push(String(e)));
      const name = `course-${++pages}.html`;
      writeFileSync(join(dir, name), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>course</title>
      <script>window.messages = []; addEventListener('message', (e) => messages.push({ origin: e.origin, data: e.data }));</script></head>
      <body><iframe id="f" sandbox="${sandbox}" ${allow ? `allow="${allow}"` : ''} src="${src}" width="900" height="620" style="border:0"></iframe></body></html>`);
      await page.goto(`${origin}/${name}`);
      const frame = () => page.frames().find((f) => f !== page.mainFrame());
      await page.waitForFunction(() => document.querySelector('#f').contentWindow !== null);
      return { page, frame };
    },
    close() {
      server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// Waits in a frame until its widget is ready (or says it could not start).
export async function readyIn(frame) {
  await frame().waitForFunction(() => {
    const el = document.querySelector('.flocklab');
    return el && (el.classList.contains('flocklab-ready') || el.classList.contains('flocklab-failed'));
  }, null, { timeout: 60000 });
  return frame().evaluate(() => {
    const el = document.querySelector('.flocklab');
    return { ready: el.classList.contains('flocklab-ready'), text: el.textContent, origin: self.origin };
  });
}

// sleep() in any engine, run in a page with the shim (no helper of the
// page's needed; the page's own widgets are removed first): two widgets of
// seed 7, driven the same way (a lane, a selection, a
// setting whose answer waits for time), each read whole as one string. `a`
// sleeps (its instance is given up), then its Live button is pressed, which
// is all that wakes it: nothing reads its handle until it is ready again.
// It must then read as before, and after 300 more steps as its twin `b`.
export async function sleepTwins() {
  const stepAll = (h, n) => {
    for (let left = n; left > 0;) {
      const ran = h.step(left);
      if (!(ran > 0)) throw new Error(`step(${left}) ran ${ran} steps`);
      left -= ran;
    }
  };
  const whole = (h) => JSON.stringify({
    config: h.config(), state: h.state(), gauges: h.gauges(), history: h.history(), compared: h.compared(),
    speed: h.speed(), paused: h.paused(), describe: h.describe(), csv: h.csv(), params: h.params(),
  });
  document.body.replaceChildren();
  const els = ['twin-a', 'twin-b'].map((id) => {
    const el = document.createElement('figure');
    el.className = 'flocklab';
    el.id = id;
    el.dataset.seed = '7';
    el.innerHTML = '<canvas width="900" height="540"></canvas>';
    document.body.append(el);
    return el;
  });
  const [a, b] = els.map((el) => window.FlockLab.mount(el));
  await a.ready;
  await b.ready;
  for (const h of [a, b]) {
    h.pause();
    h.reset(11);
    h.clearHistory();
    h.setRule('alignment', false);
    h.compare('max-force=0.2');
    stepAll(h, 100);
    h.select(3);
    h.setParams({ weightSeparation: 2.2 }); // an action whose answer waits for time
    stepAll(h, 20);
  }
  const before = whole(a);
  await a.sleep();
  const asleep = { cls: els[0].classList.contains('fl-asleep') }; // nothing reads `a` now: a read would wake it
  const button = els[0].querySelector('.fl-wake');
  const shown = Boolean(button && !button.hidden);
  button?.click();
  for (let i = 0; i < 3000 && (els[0].classList.contains('fl-asleep') || !els[0].classList.contains('flocklab-ready')); i++) {
    await new Promise((r) => { setTimeout(r, 20); });
  }
  const woke = !els[0].classList.contains('fl-asleep');
  await a.ready;
  const after = whole(a);
  stepAll(a, 300);
  stepAll(b, 300);
  return { before, after, asleep, shown, woke, a: whole(a), b: whole(b) };
}
// What sleepTwins() returned, asserted (node's assert).
export function assertSleptTwins(assert, r) {
  assert.equal(r.asleep.cls, true, 'asleep: the element is marked');
  assert.equal(r.shown, true, 'asleep: the Live button shows');
  assert.equal(r.woke, true, 'the Live button alone woke it');
  assert.equal(r.after, r.before, 'it came back in the same state, to the bit');
  assert.equal(r.a, r.b, 'after 300 more steps it equals its twin that never slept');
  assert.match(JSON.parse(r.a).describe, /What if/); // the lane came back with it
}

// A plain HTTP GET, outside any browser, accepting these encodings: the
// status, the headers (lower-case names) and the body as it was sent.
export const httpGet = (url, encodings = 'gzip, deflate, br') => new Promise((ok, fail) => {
  get(url, { headers: { 'accept-encoding': encodings } }, (r) => {
    const parts = [];
    r.on('data', (d) => parts.push(d));
    r.on('end', () => ok({ status: r.statusCode, headers: r.headers, body: Buffer.concat(parts) }));
  }).on('error', fail);
});
