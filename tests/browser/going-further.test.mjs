// Browser tests of the lesson's "Going further" section: wander, pursuit and
// leader following on the real page, their buttons, and handles that fit
// their scene.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, openLesson, pixelStats, until, canvasOf, onWidget } from './helpers.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env.close(); });

test('wander on changes the flock, and its button and key 4 switch it', async () => {
  const page = await openLesson(env);
  const r = await onWidget(page, '#flock', (h) => {
    h.pause();
    h.reset(7); stepAll(h, 300);
    const plain = h.state().boids;
    h.reset(7); h.setRule('wander', true); stepAll(h, 300);
    const wandering = h.state().boids;
    const moved = plain.filter((b, i) => Math.hypot(b[0] - wandering[i][0], b[1] - wandering[i][1]) > 1).length;
    h.setRule('wander', false);
    return { moved, rules: h.rules() };
  });
  assert.ok(r.moved >= 10, `boids whose path wander changed: ${r.moved}`);
  assert.equal(r.rules.wander, false);
  // The wander figure starts with wander on (data-rules) and its button says so.
  const button = page.locator('#wander-flock [data-rule="wander"]');
  assert.equal(await button.getAttribute('aria-pressed'), 'true');
  await button.click();
  assert.equal(await button.getAttribute('aria-pressed'), 'false');
  assert.equal(await onWidget(page, '#wander-flock', (h) => h.rules().wander), false);
  await page.locator('#wander-flock canvas').focus();
  await page.keyboard.press('4');
  await until(page, '#wander-flock', (h) => h.rules().wander, true);
  await page.waitForFunction(() =>
    document.querySelector('#wander-flock [data-rule="wander"]').getAttribute('aria-pressed') === 'true');
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('the steer widget wanders: its button, SPACE after ARRIVE, and the circle drawn ahead', async () => {
  const page = await openLesson(env);
  await page.locator('#steer [data-mode="wander"]').click();
  assert.equal(await page.locator('#steer [data-mode="wander"]').getAttribute('aria-pressed'), 'true');
  const s = await onWidget(page, '#steer', (h) => {
    h.pause(); h.reset(7); stepAll(h, 120);
    return { mode: h.mode(), ...h.state() };
  });
  assert.equal(s.mode, 'wander');
  // The wander point lies on a 40 px circle 80 px ahead, so 40-120 px away.
  const d = Math.hypot(s.wander.point[0] - s.pos[0], s.wander.point[1] - s.pos[1]);
  assert.ok(d > 35 && d < 125, `wander point ${d} px from the vehicle`);
  // It wanders: the heading changed direction over two seconds.
  const v0 = [0, -120];
  const cos = (s.velocity[0] * v0[0] + s.velocity[1] * v0[1]) / Math.hypot(...s.velocity) / 120;
  assert.ok(cos < 0.99, `heading barely changed: cos ${cos}`);
  // The circle ahead is drawn in its own grey.
  await canvasOf(page, '#steer');
  const grey = await pixelStats(page, '#steer canvas', [18, 22, 34], [100, 116, 139]);
  assert.ok(grey.matching > 60, `wander-circle pixels: ${grey.matching}`);
  // SPACE cycles ARRIVE -> WANDER.
  await onWidget(page, '#steer', (h) => h.setMode('arrive'));
  await page.locator('#steer canvas').focus();
  await page.keyboard.press('Space');
  await until(page, '#steer', (h) => h.mode(), 'wander');
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('the pursuing hawk closes on its nearest boid within the first seconds', async () => {
  const page = await openLesson(env);
  const r = await onWidget(page, '#pursuit', (h) => {
    // The distance from a point to the nearest boid, every 5 steps for 2 s.
    const track = (at) => {
      const d = [];
      for (let i = 0; i <= 24; i++) {
        const s = h.state();
        const [x0, y0] = at(s);
        d.push(Math.min(...s.boids.map(([x, y]) => Math.hypot(x - x0, y - y0))));
        h.step(5);
      }
      return d;
    };
    h.pause(); h.reset(7);
    const first = h.state();
    const hunting = track((s) => s.hunter);
    const result = { mode: h.hawkMode(), hunter0: first.hunter, hawk0: first.hawk, hunting };
    // The same flock fleeing a hawk that stays where the hunter started.
    h.setHawkMode('pointer'); h.setHawk(30, 30); h.reset(7);
    const idle = track(() => [30, 30]);
    h.setHawk(null); h.setHawkMode('pursuit'); h.reset(7);
    return { ...result, idle };
  });
  const mean = (a) => a.reduce((x, y) => x + y, 0) / a.length;
  const start = r.hunting[0];
  const best = Math.min(...r.hunting);
  // It halves the gap from rest, and stays closer to the flock than a hawk
  // that the boids flee in the same way but that does not move.
  assert.ok(best < 0.6 * start && mean(r.hunting) < 0.75 * mean(r.idle),
    `nearest boid ${start.toFixed(1)} px at first, ${best.toFixed(1)} px at best within 2 s, ` +
    `${mean(r.hunting).toFixed(1)} px on average; a hawk that stays put: ${mean(r.idle).toFixed(1)} px on average`);
  assert.equal(r.mode, 'pursuit');
  assert.deepEqual(r.hunter0, [30, 30, 0, 0]);
  assert.deepEqual(r.hawk0, [30, 30]);
  // Its buttons switch the hawk and say which is on.
  await page.locator('#pursuit [data-hawk="off"]').click();
  assert.equal(await page.locator('#pursuit [data-hawk="off"]').getAttribute('aria-pressed'), 'true');
  assert.equal(await page.locator('#pursuit [data-hawk="pursuit"]').getAttribute('aria-pressed'), 'false');
  const off = await onWidget(page, '#pursuit', (h) => ({ mode: h.hawkMode(), hunter: h.state().hunter, hawk: h.state().hawk }));
  assert.deepEqual(off, { mode: 'off', hunter: null, hawk: null });
  await page.locator('#pursuit [data-hawk="pursuit"]').click();
  const again = await onWidget(page, '#pursuit', (h) => h.state().hunter);
  assert.deepEqual(again, [30, 30, 0, 0]);
  // The hunter is drawn: its red body and its panic circle.
  await canvasOf(page, '#pursuit');
  const red = await pixelStats(page, '#pursuit canvas', [15, 23, 42], [248, 113, 113]);
  assert.ok(red.matching > 30, `hunter pixels: ${red.matching}`);
  await page.close();
});

test('the leader comes to rest on its target and the others gather behind it', async () => {
  const page = await openLesson(env);
  const r = await onWidget(page, '#leader', (h) => {
    const spread = (s) => {
      const [bx, by] = s.leader ? s.leader.behind : [s.boids[0][0], s.boids[0][1]];
      const d = s.boids.slice(1).map(([x, y]) => Math.hypot(x - bx, y - by)).sort((a, b) => a - b);
      return d[Math.floor(d.length / 2)];
    };
    h.pause(); h.reset(7); stepAll(h, 600);
    const s = h.state();
    const leader = s.boids[0];
    const withLeader = { at: Math.hypot(leader[0] - 700, leader[1] - 300), speed: Math.hypot(leader[2], leader[3]),
      median: spread(s), target: s.leader.target, on: h.leader() };
    h.setLeader(false); h.reset(7); stepAll(h, 600);
    const without = { median: spread(h.state()), leader: h.state().leader };
    h.setLeader(true);
    return { withLeader, without };
  });
  assert.equal(r.withLeader.on, true);
  assert.deepEqual(r.withLeader.target, [700, 300]);
  assert.ok(r.withLeader.at < 5, `leader ${r.withLeader.at} px from its target after 10 s`);
  assert.ok(r.withLeader.median < 80 && r.withLeader.median < r.without.median / 2,
    `median follower distance to the point behind the leader: ${r.withLeader.median} px (flock without a leader: ${r.without.median} px)`);
  assert.equal(r.without.leader, null);
  // A tap or click sets the leader's target; the pointer is not a hawk here.
  const { box } = await canvasOf(page, '#leader');
  await page.mouse.click(box.x + box.width * 0.25, box.y + box.height * 0.5);
  await page.waitForFunction(() => document.querySelector('#leader').flocklab.leaderTarget()[0] !== 700);
  const t = await onWidget(page, '#leader', (h) => ({ target: h.leaderTarget(), hawk: h.state().hawk }));
  assert.ok(Math.abs(t.target[0] - 225) < 3 && Math.abs(t.target[1] - 270) < 3, `leader target ${t.target}`);
  assert.equal(t.hawk, null);
  // The leader button says it is on, and switches it off.
  const button = page.locator('#leader button[data-leader]');
  assert.equal(await button.getAttribute('aria-pressed'), 'true');
  await button.click();
  assert.equal(await button.getAttribute('aria-pressed'), 'false');
  assert.equal(await onWidget(page, '#leader', (h) => h.state().leader), null);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('handles fit their scene: the other scene\'s methods throw a TypeError naming it', async () => {
  const page = await openLesson(env);
  const r = await page.evaluate(() => {
    const steer = document.querySelector('#steer').flocklab;
    const flock = document.querySelector('#flock').flocklab;
    const attempt = (fn) => { try { fn(); return 'no error'; } catch (e) { return `${e.name}: ${e.message}`; } };
    return {
      steerHawk: attempt(() => steer.setHawk(1, 2)),
      steerRule: attempt(() => steer.setRule('separation', false)),
      steerBench: attempt(() => steer.benchmark()),
      flockMode: attempt(() => flock.setMode('seek')),
      flockTarget: attempt(() => flock.setTarget(1, 2)),
      badHawkMode: attempt(() => flock.setHawkMode('eagle')),
      badLeaderTarget: attempt(() => flock.setLeaderTarget(NaN, 1)),
      has: { steerHasSetHawk: 'setHawk' in steer, flockHasSetMode: 'setMode' in flock,
        steerHasSetMode: 'setMode' in steer, flockHasSetHawkMode: 'setHawkMode' in flock },
    };
  });
  assert.match(r.steerHawk, /^TypeError: .*setHawk\(\) is for flock widgets; this one is a steer widget/);
  assert.match(r.steerRule, /^TypeError: .*steer widget/);
  assert.match(r.steerBench, /^TypeError: .*steer widget/);
  assert.match(r.flockMode, /^TypeError: .*setMode\(\) is for steer widgets; this one is a flock widget/);
  assert.match(r.flockTarget, /^TypeError: .*flock widget/);
  assert.match(r.badHawkMode, /^TypeError: .*"eagle" \(expected pointer, pursuit, off\)/);
  assert.match(r.badLeaderTarget, /^TypeError: .*setLeaderTarget needs two finite numbers/);
  assert.deepEqual(r.has, { steerHasSetHawk: false, flockHasSetMode: false, steerHasSetMode: true, flockHasSetHawkMode: true });
  await page.close();
});

test('the shim reads its lists from the module, and bad extension attributes warn', async () => {
  const page = await openLesson(env);
  const r = await page.evaluate(async () => {
    const fig = document.createElement('figure');
    fig.className = 'flocklab';
    Object.assign(fig.dataset, { scene: 'flock', hawk: 'eagle', leaderTarget: 'up', rules: 'separation,gravity' });
    fig.innerHTML = '<canvas></canvas><button type="button" data-hawk="hawkeye">?</button>';
    document.body.append(fig);
    const h = window.FlockLab.mount(fig);
    h.setHawkMode('pursuit'); // before ready: queued, applied when ready
    await h.ready;
    return { mode: h.hawkMode(), rules: h.rules(), disabled: fig.querySelector('button[data-hawk]').disabled,
      label: fig.querySelector('canvas').getAttribute('aria-label') };
  });
  assert.equal(r.mode, 'pursuit');
  assert.deepEqual(r.rules, { separation: true, alignment: false, cohesion: false, wander: false });
  assert.equal(r.disabled, true);
  assert.match(r.label, /hunting hawk/);
  const w = page.warnings.join('\n');
  assert.match(w, /data-hawk="eagle": hawkMode: expected one of pointer, pursuit, off/);
  assert.match(w, /data-leader-target="up"|data-leaderTarget="up"/);
  assert.match(w, /data-rules="separation,gravity": 'gravity' is not one of/);
  assert.match(w, /data-hawk="hawkeye" is not one of pointer, pursuit, off; button disabled/);
  // The shim has no copy of the lists: they are not in its source.
  const src = await (await fetch(`${env.url}flocklab.js`)).text();
  for (const word of ["'separation'", "'arrive'", "'pursuit'", '5000', '900']) {
    assert.ok(!src.includes(word), `flocklab.js still names ${word}`);
  }
  await page.close();
});
