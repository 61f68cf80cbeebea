// Sleep and wake, over and over (issue 69): for every scene with a what-if
// lane, two twins on one page; one is put to sleep and woken 200 times,
// and between cycles both are stepped by the same count (the steps the
// sleeper's step() returned: a call may run fewer than asked on a busy
// machine, and a twin stepped by the number asked would drift for that
// reason alone). After every cycle the twins are compared bit for bit:
// state, gauges, history, CSV, settings and the lane.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, pageOf } from './helpers.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env.close(); });

const CYCLES = 200;

// Each scene as the issue tried it, with a lane; the crowd with walls, a
// seeking lane and 300 agents (seed 8).
const SCENES = [
  ['flock', 'data-scene="flock" data-seed="7" data-compare="max-force=0.2"'],
  ['steer', 'data-scene="steer" data-seed="7" data-mode="flee" data-compare="flee=negated-seek"'],
  ['crowd', 'data-scene="crowd" data-seed="8" data-agents="300" data-follow="field" data-compare="follow=seek"'],
];

for (const [name, attrs] of SCENES) {
  test(`${name}: ${CYCLES} cycles of sleep and wake, each twin stepped by the sleeper's own count, equal to the bit after every cycle`, { timeout: 30 * 60 * 1000 }, async () => {
    const page = await pageOf(env, ['a', 'b'].map((id) => `<figure class="flocklab" id="${id}" ${attrs} data-paused><canvas width="900" height="540"></canvas></figure>`).join(''));
    const r = await page.evaluate(async (cycles) => {
      const [a, b] = ['#a', '#b'].map((s) => document.querySelector(s).flocklab);
      await a.ready;
      await b.ready;
      const all = (h) => JSON.stringify({
        config: h.config(), state: h.state(), gauges: h.gauges(), history: h.history(), csv: h.csv(),
        compared: h.compared(), params: h.params(), paused: h.paused(),
      });
      for (const h of [a, b]) { h.pause(); h.reset(); h.clearHistory(); }
      if (all(a) !== all(b)) return { cycle: -1, why: 'the twins differ before the first sleep' };
      for (let k = 0; k < cycles; k++) {
        const ran = a.step(1 + ((k * 7) % 13));
        if (!(ran > 0)) return { cycle: k, why: `step() ran ${ran}` };
        stepAll(b, ran);
        await a.sleep();
        await a.ready;
        const sa = all(a);
        const sb = all(b);
        if (sa !== sb) {
          let at = 0;
          while (sa[at] === sb[at]) at++;
          return { cycle: k, why: 'the twins differ', a: sa.slice(Math.max(0, at - 80), at + 80), b: sb.slice(Math.max(0, at - 80), at + 80) };
        }
      }
      return { cycle: cycles, time: a.gauges().time, lane: a.compared() !== null };
    }, CYCLES);
    assert.deepEqual(r.why, undefined, JSON.stringify(r));
    assert.equal(r.cycle, CYCLES);
    assert.ok(r.time > 0 && r.lane, JSON.stringify(r));
    assert.deepEqual(page.problems, []);
    await page.close();
  });
}
