// No call that hangs, no widget that leaks, one answer for every misuse:
// the repros of the adversarial round, each on the built page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, pageOf, mainThreadTasks, simulatedTo } from './helpers.mjs';

let env;
let page;
before(async () => {
  env = await start();
  page = await env.context.newPage();
  page.problems = [];
  page.warnings = [];
  page.on('pageerror', (e) => page.problems.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') page.problems.push(m.text());
    if (m.type() === 'warning') page.warnings.push(m.text());
  });
  await page.goto(`${env.url}index.html`);
  // A bare page of our own, with the shim loaded and nothing mounted.
  await page.evaluate(async () => {
    document.body.replaceChildren();
    await new Promise((r) => { const t = () => (window.FlockLab ? r() : setTimeout(t, 20)); t(); });
  });
});
after(async () => { await env.close(); });

// Mounts a fresh widget in the page and waits for it.
const fresh = (opts = {}, attrs = {}) => page.evaluate(async ({ opts, attrs }) => {
  const el = document.createElement('figure');
  el.className = 'flocklab flocklab-test';
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  el.innerHTML = '<canvas></canvas><button data-action="run" data-seconds="10">run</button><input id="typing">';
  document.body.append(el);
  window.w = FlockLab.mount(el, opts);
  await window.w.ready;
  return true;
}, { opts, attrs });
const errorOf = (fn) => page.evaluate(async (src) => {
  try {
    await new Function(`return (${src})`)()(window.w);
    return 'no error';
  } catch (e) {
    return `${e.name}: ${e.message}`;
  }
}, fn.toString());

test('runTo(60) at 5000 boids leaves the page responsive: no task over 50 ms of the main thread\'s CPU while it runs, keys typed meanwhile arrive, and it can be stopped', async () => {
  await fresh({ boids: 5000, paused: true });
  try {
    // A long task is judged by the main thread's CPU time (helpers.mjs,
    // mainThreadTasks): on a busy machine the wall time of a few ms of work
    // stretches with the other processes, and a page cannot tell the two apart.
    const { result: r, tasks } = await mainThreadTasks(page, async () => {
      const started = await page.evaluate(() => {
        const typing = document.getElementById('typing');
        typing.focus();
        // For each key: whether the run was still under way when the page
        // handled it, and how far it had got (a run that held the thread
        // would let the keys in only once it had ended).
        window.keysSeen = [];
        typing.addEventListener('input', () => window.keysSeen.push({ busy: window.w.element.getAttribute('aria-busy'), time: window.w.gauges().time }));
        window.running = window.w.runTo(60);
        window.running.catch(() => {});
        return { busy: window.w.element.getAttribute('aria-busy'), runDisabled: window.w.element.querySelector('[data-action="run"]').disabled };
      });
      // Keys typed while it runs, at a typist's pace: each one reaches the field.
      await page.keyboard.type('abcdefgh', { delay: 150 });
      await page.waitForFunction(() => document.getElementById('typing').value === 'abcdefgh');
      return { ...started, ...(await page.evaluate(async () => {
        window.w.pause(); // stops it
        let stopped = '';
        try { await window.running; } catch (e) { stopped = e.name; }
        return { stopped, time: window.w.gauges().time, after: window.w.element.getAttribute('aria-busy'), keys: window.keysSeen };
      })) };
    });
    assert.equal(r.busy, 'true');
    assert.equal(r.runDisabled, true);
    assert.equal(r.stopped, 'AbortError');
    assert.equal(r.after, null);
    assert.ok(r.time > 0 && r.time < 60, `stopped at ${r.time} s`);
    // Every key was handled while the run went on, and the run moved on between the first and the last.
    assert.equal(r.keys.length, 8);
    assert.ok(r.keys.every((k) => k.busy === 'true'), JSON.stringify(r.keys));
    assert.ok(r.keys[7].time > r.keys[0].time, `the run stood still while the keys came: ${JSON.stringify(r.keys)}`);
    const longest = Math.max(...tasks.map((t) => t.cpu));
    assert.ok(longest <= 50, `a main-thread task took ${longest.toFixed(0)} ms of CPU`);
    // And a run that finishes resolves with the gauges there.
    const g = await page.evaluate(async () => { window.w.setBoids(60); return window.w.runTo(10); });
    assert.ok(Math.abs(g.time - 10) < 1e-9 && Math.abs(g.spacing - 22.550619377904063) < 0.05, JSON.stringify(g));
  } finally {
    await page.evaluate(() => window.w.destroy()); // a failure above leaves no widget for the next test
  }
});

test('destroy() before ready ends the widget for good: ready rejects with AbortError and nothing runs', async () => {
  const r = await page.evaluate(async () => {
    let readyEvents = 0;
    document.addEventListener('flocklab:ready', () => readyEvents++);
    const results = [];
    for (let k = 0; k < 20; k++) {
      const el = document.createElement('figure');
      el.innerHTML = '<canvas></canvas>';
      document.body.append(el);
      const h = FlockLab.mount(el);
      h.destroy();
      h.destroy();
      results.push(h.ready.then(() => 'resolved', (e) => e.name));
      el.remove();
    }
    const names = await Promise.all(results);
    await new Promise((res) => setTimeout(res, 1500)); // an observation window: no flocklab:ready in it
    return { names, readyEvents, live: FlockLab.liveInstances() };
  });
  assert.deepEqual([...new Set(r.names)], ['AbortError']);
  assert.equal(r.readyEvents, 0);
  assert.equal(r.live, 0);
});

test('after destroy() every method throws one clear TypeError; destroy() from inside a call ends it cleanly', async () => {
  await fresh();
  const reentrant = await errorOf((h) => h.setParams({ weightSeparation: { toString() { h.destroy(); return '1'; } } }));
  assert.equal(reentrant, 'TypeError: flocklab: this widget was destroyed');
  // Every method the handle has (its own, and the scene's option methods), not a list that can fall behind.
  const answers = await page.evaluate(() => {
    const h = window.w;
    const methods = [...Object.keys(h).filter((k) => typeof h[k] === 'function' && k !== 'destroy' && k !== 'destroyed'), 'rules', 'setRule', 'boids', 'setBoids'];
    return methods.map((m) => {
      try { h[m]({}); return `${m}: no error`; } catch (e) { return `${m}: ${e.name}: ${e.message}`; }
    });
  });
  assert.ok(answers.length > 30, `${answers.length} methods`);
  for (const a of answers) assert.match(a, /: TypeError: flocklab: this widget was destroyed$/);
  await fresh();
  assert.equal(await errorOf((h) => h.apply({ rules: { toString() { h.destroy(); return 'separation'; } } })), 'TypeError: flocklab: this widget was destroyed');
  assert.deepEqual(page.problems, []);
});

test('before ready: setters are checked at the call, queued and return undefined; getters say to await ready', async () => {
  await fresh(); // the scenes are described now
  const r = await page.evaluate(async () => {
    const el = document.createElement('figure');
    el.innerHTML = '<canvas></canvas>';
    document.body.append(el);
    const h = FlockLab.mount(el, { paused: true });
    const out = { returns: [h.setRule('separation', false), h.select(3), h.setParams({ weightCohesion: 0.5 })] };
    // Every method of the handle's own: a reader says to await ready; a
    // change is queued and returns undefined (apply() returns the handle, as
    // mount() does), or throws a TypeError or RangeError for its arguments.
    out.own = {};
    for (const m of Object.keys(h).filter((k) => typeof h[k] === 'function' && !['destroy', 'destroyed', 'runTo'].includes(k))) {
      try { const v = h[m](); out.own[m] = v === undefined ? 'undefined' : v === h ? 'the handle' : typeof v; } catch (e) { out.own[m] = `${e.name}: ${e.message}`; }
    }
    for (const [name, fn] of [['bogus rule', () => h.setRule('bogus', true)], ['rules', () => h.rules()], ['boids', () => h.boids()], ['gauges', () => h.gauges()]]) {
      try { fn(); out[name] = 'no error'; } catch (e) { out[name] = `${e.name}: ${e.message}`; }
    }
    await h.ready;
    out.after = { rules: h.rules(), selected: h.selected(), cohesion: h.params().weight_cohesion };
    h.destroy();
    return out;
  });
  assert.deepEqual(r.returns, [undefined, undefined, undefined]);
  assert.match(r['bogus rule'], /^TypeError: flocklab: unknown rule "bogus"/);
  for (const g of ['rules', 'boids', 'gauges']) assert.match(r[g], /^TypeError: .*await handle\.ready/);
  assert.ok(Object.keys(r.own).length > 25, Object.keys(r.own).join());
  for (const [m, a] of Object.entries(r.own)) {
    assert.match(a, /^(undefined|the handle|TypeError: flocklab: .+|RangeError: flocklab: .+)$/, `${m}() before ready: ${a}`);
  }
  assert.match(r.own.key, /^TypeError: flocklab: key\(name\) takes a key's name/); // no name: an error at the call, not a key "undefined" later
  assert.equal(r.own.pause, 'undefined');
  assert.equal(r.own.apply, 'the handle');
  assert.match(r.own.params, /await handle\.ready/);
  assert.deepEqual(r.after, { rules: { separation: false, alignment: true, cohesion: true, wander: false }, selected: 3, cohesion: 0.5 });
});

test('runTo() inside a flocklab:gauges handler neither recurses nor throws', async () => {
  await fresh({ paused: true });
  const r = await page.evaluate(async () => {
    let calls = 0;
    const el = [...document.querySelectorAll('.flocklab-test')].at(-1);
    const handler = () => { calls++; if (calls < 5) window.w.runTo(0.5).catch(() => {}); };
    el.addEventListener('flocklab:gauges', handler);
    window.w.step(1);
    for (const end = performance.now() + 30000; calls < 5 && performance.now() < end;) await new Promise((res) => { setTimeout(res, 20); });
    el.removeEventListener('flocklab:gauges', handler);
    return { calls };
  });
  assert.ok(r.calls >= 5, `${r.calls} handler calls`);
  assert.deepEqual(page.problems, []);
  await page.evaluate(() => window.w.destroy());
});

test('indexes, yes/no words, NUL bytes and unknown names get one answer everywhere', async () => {
  await fresh({ paused: true });
  assert.match(await errorOf((h) => h.select(-1)), /^RangeError: flocklab: selected: expected a boid from 0 to 59, or none/);
  assert.match(await errorOf((h) => h.select(1e9)), /^RangeError: flocklab: selected: expected a boid from 0 to 59/);
  assert.match(await errorOf((h) => h.select(2.5)), /^TypeError: flocklab: select\(\) takes a whole number or null/);
  assert.match(await errorOf((h) => h.explain(2 ** 32 + 5)), /^TypeError: flocklab: explain\(i\) needs an index from 0 to 59/);
  // Yes and no.
  const words = await page.evaluate(() => {
    const h = window.w;
    const out = [];
    for (const v of ['no', 'off', 'false', '0', 0, false]) { h.setLeader(true); h.setLeader(v); out.push(h.leader()); }
    for (const v of ['yes', 'on', 'true', '1', 1, true, '']) { h.setLeader(false); h.setLeader(v); out.push(h.leader()); }
    h.setOverlay('vision', 'no');
    out.push(h.overlays().vision);
    return out;
  });
  assert.deepEqual(words, [false, false, false, false, false, false, true, true, true, true, true, true, true, false]);
  assert.match(await errorOf((h) => h.setLeader('maybe')), /^TypeError: flocklab: setLeader\(\) takes yes or no/);
  // apply({paused}) reads the words as mount() and data-paused do.
  for (const v of ['1', 'paused', 1, true]) {
    assert.equal(await page.evaluate((p) => { window.w.resume(); window.w.apply({ paused: p }); return window.w.paused(); }, v), true, `paused: ${v}`);
  }
  // NUL bytes are refused, not cut short.
  assert.match(await errorOf((h) => h.setParams({ 'weight_separation\u0000x': 1 })), /^TypeError: flocklab: a parameter name contains a NUL character/);
  // Unknown names and non-objects.
  assert.match(await errorOf((h) => h.apply({ bogusOption: 1 })), /^TypeError: flocklab: apply\(\): 'bogusOption': no such setting \(a flock widget takes 'scene', 'seed', 'paused', 'textScale', 'lang', 'forms', 'compare', 'rule'/);
  assert.match(await errorOf((h) => h.apply('x')), /^TypeError: flocklab: apply\(\) takes an object/);
  assert.match(await errorOf((h) => h.apply(null)), /^TypeError: flocklab: apply\(\) takes an object/);
  assert.match(await errorOf((h) => h.apply({ seed: 'x' })), /^TypeError: flocklab: reset\(seed\) takes a whole number/);
  await page.evaluate(() => window.w.destroy());
  // data-leader="no" is no leader; data-boids="5\0" is refused with a warning; data-selected="-1" warns.
  page.warnings = [];
  await fresh({}, { 'data-leader': 'no', 'data-boids': '5\u0000', 'data-selected': '-1' });
  const r = await page.evaluate(() => ({ leader: window.w.leader(), boids: window.w.boids() }));
  assert.deepEqual(r, { leader: false, boids: 60 });
  assert.ok(page.warnings.some((w) => /data-boids="5\\0" contains a NUL character; ignored/.test(w)), page.warnings.join('\n'));
  assert.ok(page.warnings.some((w) => /data-selected="-1": selected: expected a boid from 0 to 59, or none/.test(w)), page.warnings.join('\n'));
  await page.evaluate(() => window.w.destroy());
});

test('a widget destroyed by a call stays destroyed; one removed and put back draws again on a fresh canvas', async () => {
  const r = await page.evaluate(async () => {
    const until = (ok) => new Promise((res) => { const t = () => (ok() ? res() : setTimeout(t, 20)); t(); });
    // mount() on a plain element gives it the class flocklab; destroy() right
    // after must not let the page's auto-mounter start it again.
    let plainReady = 0;
    const plain = document.createElement('div');
    plain.addEventListener('flocklab:ready', () => { plainReady++; });
    document.body.append(plain);
    const h = FlockLab.mount(plain, { scene: 'steer' });
    h.ready.catch(() => {});
    h.destroy();
    // A widget added after it: once that one runs, the observer has seen both.
    const later = document.createElement('figure');
    later.className = 'flocklab';
    later.dataset.scene = 'steer';
    later.innerHTML = '<canvas width="800" height="450"></canvas>';
    document.body.append(later);
    await until(() => later.flocklab);
    await later.flocklab.ready;
    const revived = plain.flocklab !== undefined;
    // Removed: destroyed; put back: mounted afresh, on a fresh canvas.
    const first = later.querySelector('canvas');
    later.remove();
    await until(() => later.flocklab === undefined);
    const second = later.querySelector('canvas');
    document.body.append(later);
    await until(() => later.flocklab);
    await later.flocklab.ready;
    const out = { revived, plainReady, freshOnRemoval: second !== first, freshNow: later.querySelector('canvas') === second,
      canvases: later.querySelectorAll('canvas').length, running: Number.isFinite(later.flocklab.gauges().speed) };
    later.flocklab.destroy();
    later.remove();
    plain.remove();
    return out;
  });
  assert.deepEqual(r, { revived: false, plainReady: 0, freshOnRemoval: true, freshNow: true, canvases: 1, running: true });
  assert.ok(!page.problems.concat(page.warnings).some((m) => /no WebGL/.test(m)), 'the widget put back drew with WebGL, not in software on a dead context');
});

test('a string of millions of characters into the module is refused at the boundary; the widget goes on', async () => {
  await fresh({ scene: 'crowd', paused: true });
  const walls = await errorOf((h) => h.setWalls('9,13;'.repeat(600000)));
  const key = await errorOf((h) => h.key('x'.repeat(2500000)));
  const apply = await errorOf((h) => h.apply({ walls: '1,1;'.repeat(600000) }));
  assert.match(walls, /^RangeError: flocklab: .+ is 3000000 characters, longer than the 500000 the widget takes/);
  assert.match(key, /^RangeError: flocklab: key\(name\) is 2500000 characters/);
  assert.match(apply, /^RangeError: flocklab: apply: .+ is 2400000 characters/);
  // Before ready the same call throws the same way (it is checked at the call, not queued).
  const early = await page.evaluate(() => {
    const el = document.createElement('figure');
    el.className = 'flocklab';
    el.dataset.scene = 'crowd';
    document.body.append(el);
    const h = FlockLab.mount(el);
    h.ready.catch(() => {}); // destroyed below, before ready
    let why = 'no error';
    try { h.setWalls('9,13;'.repeat(600000)); } catch (err) { why = `${err.name}: ${err.message}`; }
    h.destroy();
    el.remove();
    return why;
  });
  assert.match(early, /^RangeError: flocklab: .+ is 3000000 characters/);
  // The instance lives: it still answers and changes.
  const after = await page.evaluate(async () => {
    window.w.setWalls('9,13');
    window.w.step(3);
    return { walls: window.w.walls(), time: window.w.gauges().time ?? null, ok: typeof window.w.describe() === 'string' };
  });
  assert.equal(after.walls, '9,13');
  assert.ok(after.ok);
  assert.ok(!page.problems.some((p) => /memory access out of bounds|RuntimeError/.test(p)), page.problems.join('\n'));
});

test('a data-text-scale that is no factor from 0.5 to 4 is said once, and the text still has a size', async () => {
  for (const [value, said] of [['huge', 'expected a factor from 0.5 to 4'], ['9', 'is outside 0.5 to 4; using 4']]) {
    const before = page.warnings.length;
    await fresh({ paused: true }, { 'data-text-scale': value });
    await page.waitForFunction(() => window.w.uiMetrics().textPx > 0);
    const mine = page.warnings.slice(before).filter((w) => w.includes(`data-text-scale="${value}"`));
    assert.equal(mine.length, 1, mine.join(' | '));
    assert.ok(mine[0].includes(said), mine[0]);
  }
});

test('setParams() is all or nothing and order-independent; a 100,000-character value is quoted short', async () => {
  await fresh({ paused: true });
  const r = await page.evaluate(() => {
    const h = window.w;
    h.setParams({ maxSpeed: 20 });
    h.setParams({ minSpeed: 40, maxSpeed: 160 });
    const a = h.params();
    h.setParams({ minSpeed: 150 });
    h.setParams({ maxSpeed: 20 });
    const b = h.params();
    let error = '';
    try { h.setParams({ weightAlignment: 0.25, bogus: 1, weightCohesion: 0.25 }); } catch (e) { error = e.message; }
    return { a: [a.min_speed, a.max_speed], b: [b.min_speed, b.max_speed], error, c: [h.params().weight_alignment, h.params().weight_cohesion] };
  });
  assert.deepEqual(r.a, [40, 160]);
  assert.deepEqual(r.b, [20, 20]);
  assert.match(r.error, /setParams: 'bogus': no such setting.*; nothing was changed/);
  assert.deepEqual(r.c, [1, 0.8]);
  page.warnings = [];
  await page.evaluate(() => window.w.apply({ hawk: 'x'.repeat(100000) }));
  assert.ok(page.warnings.length > 0 && page.warnings.every((w) => w.length < 600), `warning lengths ${page.warnings.map((w) => w.length)}`);
  await page.evaluate(() => window.w.destroy());
  assert.deepEqual(page.problems, []);
});

test('a Content-Security-Policy without wasm-unsafe-eval gets a failure that names it; the minimum works', async () => {
  const csp = async (policy) => {
    const p = await env.context.newPage();
    const problems = [];
    p.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
    await p.route('**/csp.html', (route) => route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="${policy}">
        <link rel="stylesheet" href="flocklab.css"><script type="module" src="flocklab.js"></script></head>
        <body><figure class="flocklab" data-scene="steer"><canvas></canvas></figure></body></html>`,
    }));
    await p.goto(`${env.url}csp.html`);
    await p.waitForFunction(() => {
      const el = document.querySelector('.flocklab');
      return el.classList.contains('flocklab-ready') || el.classList.contains('flocklab-failed');
    }, null, { timeout: 30000 });
    const r = await p.evaluate(() => ({ ready: document.querySelector('.flocklab').classList.contains('flocklab-ready'), error: document.querySelector('.fl-error')?.textContent ?? '' }));
    await p.close();
    return r;
  };
  const without = await csp("script-src 'self'; style-src 'self'; connect-src 'self'");
  assert.equal(without.ready, false);
  assert.match(without.error, /Content-Security-Policy does not allow WebAssembly\. Add 'wasm-unsafe-eval' to its script-src/);
  const minimum = await csp("script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; connect-src 'self'");
  assert.deepEqual(minimum, { ready: true, error: '' });
});

test('widgets removed after full screen, destroyed or simply taken away, are all collected with their memory', async () => {
  const gcEnv = await start();
  try {
    const page = await gcEnv.context.newPage();
    await page.route(`${gcEnv.url}gc.html`, (r) => r.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="en"><head><link rel="stylesheet" href="flocklab.css"><script type="module" src="flocklab.js"></script></head><body><main id="m"></main></body></html>' }));
    await page.goto(`${gcEnv.url}gc.html`);
    await page.waitForFunction(() => window.FlockLab?.mount);
    for (let i = 0; i < 12; i++) {
      await page.evaluate(async (k) => {
        const f = document.createElement('figure');
        f.id = 'w';
        document.querySelector('#m').append(f);
        await window.FlockLab.mount(f, k % 3 === 2 ? { scene: 'crowd' } : { boids: 2000 }).ready;
      }, i);
      if (i % 2 === 0) { // full screen by the F key, left in it
        await page.locator('#w canvas').focus();
        await page.keyboard.press('f');
        await page.waitForFunction(() => document.fullscreenElement !== null);
      }
      await page.evaluate((k) => { const f = document.querySelector('#w'); if (k % 3 === 0) f.flocklab.destroy(); f.remove(); }, i);
    }
    // Collected: a collection, then the finalisers' task, which a busy
    // machine delays (polled, with a collection asked for at each look).
    // The collection is the DevTools' (HeapProfiler.collectGarbage, asked
    // between the page's tasks), not the page's own window.gc(): called from
    // a script, that one scans the stack conservatively. Beside a crowd it
    // kept one instance for 60 s, and two for 30 s in 1 of 27 rounds of the
    // same steps, where a heap snapshot taken just after held none.
    const devtools = await page.context().newCDPSession(page);
    await devtools.send('HeapProfiler.enable');
    const stats = await (async () => {
      for (let look = 0; ; look++) {
        await devtools.send('HeapProfiler.collectGarbage');
        const s = await page.evaluate(() => window.FlockLab.instanceStats());
        if (s.collected === s.made || look === 240) return s;
        await page.evaluate(() => new Promise((r) => { setTimeout(r, 250); })); // the finalisers' task runs between looks
      }
    })();
    assert.deepEqual(stats, { made: 12, collected: 12, live: 0, waiting: 0, memoryBytes: 0 }); // no live instance holds memory
    await page.close();
  } finally {
    await gcEnv.close();
  }
});

test('a language table with bad rows cannot kill a widget: %-values that differ stay English, non-strings and separators are dropped, each said once', async () => {
  const table = {
    'what if: %s': '%s%s%s %n', // a format that would read and write what was never passed
    'spacing %.1f px': 'espaciado %n px',
    seed: { not: 'text' },
    run: 'a\u001eb\u001fc',
    Play: 'Reproducir',
  };
  const p = await pageOf(env, '<figure class="flocklab" id="w" data-scene="flock" data-lang="es" data-compare="max-force=0.2"><canvas width="900" height="540"></canvas><div data-controls></div></figure>', { lang: 'es' });
  await p.route('**/lang/es.js', (r) => r.fulfill({ contentType: 'text/javascript', body: `export default ${JSON.stringify(table)};` }));
  await p.reload();
  await p.waitForFunction(() => document.querySelector('#w')?.classList.contains('flocklab-ready'), null, { timeout: 60000 });
  // It keeps stepping and drawing: time goes on (polled), and the handle answers.
  const t0 = await p.evaluate(() => document.querySelector('#w').flocklab.gauges().time);
  await simulatedTo(p, '#w', t0 + 0.5);
  const r = await p.evaluate(() => ({ describe: document.querySelector('#w').flocklab.describe(), label: document.querySelector('#w canvas').getAttribute('aria-label'), play: [...document.querySelectorAll('#w button')].map((b) => b.textContent).join('|') }));
  assert.doesNotMatch(r.label, /object Object/);
  assert.match(r.describe, /\S/);
  assert.match(r.play, /Reproducir/, 'the good rows are used');
  assert.ok(p.warnings.some((w) => /lang\/es\.js: 2 row\(s\) are not plain text and stay English/.test(w)), p.warnings.join('\n'));
  assert.ok(p.warnings.some((w) => /lang\/es\.js: 2 translation\(s\) do not take the English text's %-values and stay English/.test(w)), p.warnings.join('\n'));
  assert.deepEqual(p.problems, []);
  await p.close();
});

test('the shim loaded twice: the second copy says so once and mounts nothing; the first keeps its widgets and the module is fetched once (issue 30 #13)', async () => {
  const p = await pageOf(env, `<figure class="flocklab" id="w" data-seed="7"><canvas width="900" height="540"></canvas></figure>
    <script type="module" src="flocklab.js?again"></script>`);
  const twice = () => p.warnings.filter((w) => /flocklab\.js is on this page twice/.test(w));
  if (twice().length === 0) await p.waitForEvent('console', { predicate: (m) => /flocklab\.js is on this page twice/.test(m.text()), timeout: 60000 });
  await p.waitForFunction(() => document.querySelector('#w').classList.contains('flocklab-ready'), null, { timeout: 60000 });
  const r = await p.evaluate(() => ({
    live: window.FlockLab.liveInstances(),
    wasm: performance.getEntriesByType('resource').filter((e) => e.name.includes('flocklab-core.wasm')).length,
  }));
  assert.equal(r.live, 1, 'one widget, one instance, counted by the first copy');
  assert.equal(r.wasm, 1, `the module was fetched ${r.wasm} times`);
  assert.equal(twice().length, 1, p.warnings.join('\n'));
  assert.deepEqual(p.problems, []);
  await p.close();
});

test('a widget inside a shadow root: removing it there destroys it, and it takes its host\'s lang (issue 30 #12)', async () => {
  const p = await pageOf(env, '<div id="host" lang="es"></div>');
  await p.waitForFunction(() => window.FlockLab && !Array.isArray(window.FlockLab));
  const r = await p.evaluate(async () => {
    const root = document.querySelector('#host').attachShadow({ mode: 'open' });
    root.innerHTML = '<link rel="stylesheet" href="flocklab.css"><figure id="w" data-seed="7"><canvas width="900" height="540"></canvas></figure>';
    const before = window.FlockLab.liveInstances();
    const h = window.FlockLab.mount(root.querySelector('#w'));
    await h.ready;
    const lang = h.language().lang;
    const live = window.FlockLab.liveInstances();
    root.querySelector('#w').remove();
    return { before, live, lang };
  });
  assert.equal(r.lang, 'es');
  assert.equal(r.live, r.before + 1);
  await p.waitForFunction((n) => window.FlockLab.liveInstances() === n, r.before, { timeout: 10000 });
  assert.deepEqual(p.problems, []);
  await p.close();
});
