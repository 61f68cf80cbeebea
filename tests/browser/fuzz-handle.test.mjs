// The handle under a seeded storm of calls: random methods with random
// values (numbers at the edges, NaN, strings, objects whose getters or
// toString throw or destroy the widget) for FUZZ_HANDLE_SECONDS (60 by
// default) on the built page. Nothing may throw but TypeError, RangeError
// or AbortError, no page error may occur, and the state stays finite.
// Replay a failure with FUZZ_HANDLE_SEED=<the seed it printed>.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start } from './helpers.mjs';

const SECONDS = Number(process.env.FUZZ_HANDLE_SECONDS ?? 60);
const SEED = Number(process.env.FUZZ_HANDLE_SEED ?? (Date.now() % 2147483647));

let env;
before(async () => { env = await start(); });
after(async () => { await env.close(); });

test(`the handle fuzzer: ${SECONDS} s of random calls, seed ${SEED}`, { timeout: (SECONDS + 120) * 1000 }, async () => {
  console.log(`handle fuzzer seed ${SEED} (replay: FUZZ_HANDLE_SEED=${SEED})`);
  const page = await env.context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(String(e.stack ?? e)));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  await page.goto(`${env.url}index.html`);
  await page.evaluate(async () => {
    document.body.replaceChildren();
    await new Promise((r) => { const t = () => (window.FlockLab ? r() : setTimeout(t, 20)); t(); });
  });
  const r = await page.evaluate(async ({ seed, seconds }) => {
    let state = seed >>> 0;
    const rand = () => { // mulberry32
      state = (state + 0x6D2B79F5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const pick = (xs) => xs[Math.floor(rand() * xs.length)];
    let h = null;
    // At most this many widgets a run (each a WebAssembly instance; the
    // memory of destroyed ones is collected: misuse.test.mjs checks it).
    const MAX_MOUNTS = 30;
    let mounts = 0;
    const mountOne = () => {
      mounts++;
      const el = document.createElement('figure');
      el.className = 'flocklab';
      const scene = pick(['flock', 'flock', 'steer', 'crowd']);
      el.dataset.scene = scene;
      el.innerHTML = '<canvas></canvas><button data-action="run">run</button><div data-controls></div>';
      document.body.replaceChildren(el);
      // Each scene's own size option (another scene's would throw a TypeError at mount).
      h = FlockLab.mount(el, scene === 'flock' ? { boids: pick([2, 60, 300]) } : scene === 'crowd' ? { agents: pick([1, 40, 300]) } : {});
      h.ready.catch(() => {});
    };
    const values = () => pick([
      0, -1, 1, 2, 59, 60, 1e9, -1e9, 2 ** 32 + 5, 0.5, NaN, Infinity, -Infinity, -0, Number.MAX_SAFE_INTEGER,
      '', 'x', '1', '0', 'no', 'yes', 'separation', 'alignment', 'wander', 'pursuit', 'pointer', 'off', 'seek', 'wander',
      'grid', 'brute', 'vision', '12', ' 5', '5\u0000', 'x'.repeat(5000), true, false, null, undefined, {}, [], [1, 2],
      'field', 'distance', 'path', 'default', 'none', '9,3', '26,4', '0,0;1,1', '29,17', '30,1', '1,2;',
      { weightSeparation: 0 }, { weight_cohesion: 'x' }, { minSpeed: 150 }, { maxSpeed: 20 }, { bogus: 1 },
      { rules: 'separation' }, { paused: 'paused' }, { seed: 3 }, { boids: 100 },
      { toString() { throw new Error('boom'); } },
      { get weightSeparation() { throw new Error('getter'); } },
      ...(mounts < MAX_MOUNTS ? [
        { toString() { h.destroy(); return '1'; } },
        { weightSeparation: { toString() { h.destroy(); return '1'; } } },
      ] : []),
    ]);
    const methods = ['gauges', 'reset', 'seed', 'runTo', 'pause', 'resume', 'paused', 'step', 'state', 'describe',
      'announcements', 'stepTime', 'history', 'csv', 'params', 'setParams', 'config', 'uiMetrics', 'visible', 'key',
      'apply', 'explain', 'benchmark', 'setRule', 'rules', 'setHawkMode', 'hawkMode', 'setHawk', 'hawk', 'setLeader',
      'leader', 'setLeaderTarget', 'leaderTarget', 'setBoids', 'boids', 'setNeighbors', 'neighbors', 'select',
      'selected', 'setOverlay', 'overlays', 'setMode', 'mode', 'setTarget', 'target', 'setFollow', 'follow', 'setWalls',
      'walls', 'setGoal', 'goal', 'setAgents', 'agents', 'field', 'link', 'embedCode', 'destroy', 'bogus'];
    const bad = [];
    let calls = 0;
    let checks = 0;
    mountOne();
    const end = performance.now() + seconds * 1000;
    while (performance.now() < end) {
      if (h.destroyed() && mounts < MAX_MOUNTS && rand() < 0.5) mountOne();
      if (mounts < MAX_MOUNTS && rand() < 0.002) h.destroy(); // at a random point, a few times a run; the last widget lives on
      const m = pick(mounts < MAX_MOUNTS ? methods : methods.filter((x) => x !== 'destroy'));
      const args = [values(), values()].slice(0, Math.floor(rand() * 3));
      if (m === 'runTo' || m === 'benchmark' || m === 'step') args[0] = pick([0, 0.1, 1, -1, NaN, 'x', 1e9, {}]);
      calls++;
      try {
        const f = h[m];
        if (typeof f === 'function') {
          const out = f(...args);
          if (out && typeof out.then === 'function') out.catch((e) => { if (!['AbortError', 'TypeError', 'RangeError'].includes(e?.name)) bad.push(`${m} rejected ${e}`); });
        }
      } catch (e) {
        if (!['TypeError', 'RangeError', 'AbortError'].includes(e?.name)) bad.push(`${m}(${args.map(String).join(', ').slice(0, 80)}) threw ${e?.name}: ${e?.message}`);
      }
      // Now and then: let frames run, and check the state is finite.
      if (calls % 25 === 0) {
        await new Promise((res) => setTimeout(res, 5));
        if (!h.destroyed()) {
          try {
            await h.ready;
            const g = h.gauges();
            checks++;
            for (const [k, v] of Object.entries(g)) if (!Number.isFinite(v)) bad.push(`gauge ${k} = ${v}`);
            const s = h.state();
            const numbers = JSON.stringify(s).match(/-?[\d.]+(e[-+]?\d+)?|null/g) ?? [];
            if (JSON.stringify(s).includes('NaN')) bad.push('state has NaN');
            if (!numbers.length) bad.push('state is empty');
          } catch (e) {
            if (!['TypeError', 'AbortError'].includes(e?.name)) bad.push(`check threw ${e?.name}: ${e?.message}`);
          }
        }
      }
    }
    if (!h.destroyed()) h.destroy();
    for (const end = performance.now() + 30000; FlockLab.liveInstances() > 0 && performance.now() < end;) await new Promise((res) => { setTimeout(res, 20); });
    return { calls, checks, bad: bad.slice(0, 10), badCount: bad.length, live: FlockLab.liveInstances() };
  }, { seed: SEED, seconds: SECONDS });
  console.log(`handle fuzzer: ${r.calls} calls, ${r.checks} state checks, live instances at the end: ${r.live}`);
  assert.deepEqual(r.bad, [], `seed ${SEED}: ${r.badCount} bad answers`);
  assert.deepEqual(problems.filter((p) => !p.includes('GL Driver')), [], `seed ${SEED}`);
  assert.equal(r.live, 0, `seed ${SEED}: instances left running`);
  assert.ok(r.calls > 1000 && r.checks > 20, `seed ${SEED}: ${r.calls} calls, ${r.checks} checks`);
  await page.close();
});
