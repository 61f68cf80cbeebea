// The scene that only test files define (tests/plugin/: orbit, written by the
// README's checklist for a new scene) in the page: the widget built with it
// (make web-plugin) gets ready from a plain data-scene, runs as the CLI built
// with it runs, to the bit, and its key, its help row, its tunables and its
// what-if lane work as the lesson's scenes' do. No file outside tests/plugin/
// names it: the shim and the page learn it from the module.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { start, pageOf, root } from './helpers.mjs';

const built = join(root, 'build', 'wasm', 'src', 'widget', 'plugin');
const cli = (...args) => JSON.parse(execFileSync(join(root, 'build', 'native', 'flocklab-plugin'), args, { encoding: 'utf8' }));

let env;
before(async () => { env = await start(); });
after(async () => { await env.close(); });

// A page whose widget module is the one built with the plugin scene.
const withPlugin = (page) => page.route(/\/flocklab-core\.(js|wasm)$/, (r) => {
  const file = join(built, new URL(r.request().url()).pathname.split('/').pop());
  return r.fulfill({ body: readFileSync(file), contentType: file.endsWith('.js') ? 'text/javascript' : 'application/wasm' });
});

test('the plugin scene in the page: ready from data-scene, seed 7 at 10 s as `flocklab-plugin gauges`, its key and help row, a tunable and a what-if lane', async () => {
  assert.ok(existsSync(join(built, 'flocklab-core.wasm')), `${built} (make web-plugin)`);
  const page = await pageOf(env, `<figure class="flocklab" id="o" data-scene="orbit" data-agents="12" data-paused>
    <canvas width="800" height="450"></canvas><div data-help></div></figure>`, { setup: withPlugin });
  await page.waitForFunction(() => document.querySelector('#o').classList.contains('flocklab-ready'), null, { timeout: 60000 });
  const r = await page.evaluate(async () => {
    const h = document.querySelector('#o').flocklab;
    const g = await h.runTo(10);
    return { scene: h.config().scene, g, agents: h.state().agents.length, help: document.querySelector('#o [data-help]').textContent };
  });
  const native = cli('gauges', '--scene', 'orbit', '--option', 'agents=12', '--seconds', '10', '--json');
  assert.equal(r.scene, 'orbit');
  assert.equal(r.agents, 12);
  assert.equal(r.g.lag, native.lag, `the page's lag ${r.g.lag}, the CLI's ${native.lag}`);
  assert.match(r.help, /the target goes round the other way/);

  // Its key, from the keyboard with the canvas focused: O sends the target the other way round.
  const angle = (t) => Math.atan2(-(t[1] - 225), t[0] - 400);
  await page.locator('#o canvas').focus();
  const was = await page.evaluate(() => document.querySelector('#o').flocklab.state().target);
  await page.keyboard.press('o');
  await page.waitForFunction(() => document.querySelector('#o').flocklab.history().events.some((e) => /clockwise/.test(e.what)), null, { timeout: 30000 });
  const now = await page.evaluate(async () => { const h = document.querySelector('#o').flocklab; stepAll(h, 30); return h.state().target; });
  const turn = Math.atan2(Math.sin(angle(now) - angle(was)), Math.cos(angle(now) - angle(was)));
  assert.ok(turn < 0, `the target went ${turn} rad (anticlockwise before O, clockwise after)`);

  // A tunable through the page's one path (clamped, said); its second what-if lane beside the lab's.
  const lane = await page.evaluate(async () => {
    const h = document.querySelector('#o').flocklab;
    const warned = [];
    const warn = console.warn;
    console.warn = (...a) => { warned.push(a.filter((x) => typeof x === 'string').join(' ')); warn(...a); };
    h.setParams({ orbitRadius: 999 });
    console.warn = warn;
    h.compare('orbit_speed=0');
    h.reset(7);
    await h.runTo(5);
    return { warned, radius: h.params().orbit_radius ?? h.params().orbitRadius, g: h.gauges() };
  });
  assert.equal(lane.radius, 220);
  assert.ok(lane.warned.some((w) => /orbit_radius|orbitRadius/.test(w)), lane.warned.join(' | '));
  assert.ok(Number.isFinite(lane.g.whatIf?.lag), JSON.stringify(lane.g));
  assert.notEqual(lane.g.whatIf.lag, lane.g.lag);
  assert.deepEqual(page.problems, []);
  await page.close();
});
