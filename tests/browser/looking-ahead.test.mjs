// Browser tests of the lesson's "Looking ahead" section: the crowd scene on
// the real page against the CLI (the same core, native), walls toggled by
// click and by keyboard, the switch between seeking and the field, and a
// maze carried by config() into a new widget.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { start, openLesson, onWidget, whenWidget, handled, pageOf, root, until, swipe, artifacts, scrollToCanvas, canvasOf, simulatedTo } from './helpers.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env.close(); });

const cli = (...args) => JSON.parse(execFileSync(join(root, 'build', 'native', 'flocklab'), args, { encoding: 'utf8' }));

test('seed 7 for 20 s: the field brings every agent home, seeking leaves more than 30 stuck, as the CLI says', async () => {
  const page = await openLesson(env);
  const run = (follow) => onWidget(page, '#crowd', async (h, f) => {
    h.setFollow(f);
    const g = await h.runTo(20);
    return { g, agents: h.state().agents, seed: h.seed() };
  }, follow);
  const field = await run('field');
  const seek = await run('seek');
  assert.equal(field.g.arrived, 40);
  assert.equal(field.g.stuck, 0);
  assert.ok(seek.g.stuck > 30, `stuck while seeking: ${seek.g.stuck}`);
  // The page's numbers are the native core's, bit for bit (the agents' first
  // velocities come from cos and sin: compared here, not assumed).
  for (const [mine, follow] of [[field, 'field'], [seek, 'seek']]) {
    const native = cli('crowd', '--seed', '7', '--steps', '1200', '--follow', follow, '--json');
    assert.equal(mine.g.arrived, native.arrived, follow);
    assert.equal(mine.g.stuck, native.stuck, follow);
    assert.equal(mine.g.mean_steps_to_goal, native.mean_steps_to_goal, follow);
    assert.deepEqual(mine.agents, native.agents, `${follow}: the agents differ from the CLI's`);
  }
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('a wall toggled by a click and by the keyboard changes the field at once', async () => {
  const page = await openLesson(env);
  await onWidget(page, '#crowd', (h) => { h.pause(); h.reset(7); });
  const before = await onWidget(page, '#crowd', (h) => h.field());
  // A click on cell 9,13 (the first wall's gap) closes it: the left side now
  // goes round through row 14 and is farther.
  await scrollToCanvas(page, '#crowd');
  const box = await page.locator('#crowd canvas').boundingBox();
  const at = (c, r) => [box.x + (c + 0.5) * 30 * box.width / 900, box.y + (r + 0.5) * 30 * box.height / 540];
  // Input reaches the scene on the widget's next frame: wait for the state it changes.
  const wallAt = (cell, on) => page.waitForFunction(([c, want]) => document.querySelector('#crowd').flocklab.walls().split(';').includes(c) === want, [cell, on], { timeout: 30000 });
  await page.mouse.click(...at(9, 13));
  await wallAt('9,13', true);
  const clicked = await onWidget(page, '#crowd', (h) => ({ walls: h.walls(), field: h.field() }));
  assert.ok(clicked.walls.split(';').includes('9,13'), clicked.walls);
  assert.equal(clicked.field.distance[13][9], null);
  assert.ok(clicked.field.distance[0][0] > before.distance[0][0], `${before.distance[0][0]} -> ${clicked.field.distance[0][0]}`);
  // A second click takes it away again: the field is as before.
  await page.mouse.click(...at(9, 13));
  await wallAt('9,13', false);
  assert.deepEqual(await onWidget(page, '#crowd', (h) => h.field()), before);
  // The keyboard: the cursor starts on the goal (26,4); two cells down, Space.
  await page.locator('#crowd canvas').focus();
  for (const k of ['ArrowDown', 'ArrowDown', 'Space']) await page.keyboard.press(k);
  await wallAt('26,6', true);
  const keyed = await onWidget(page, '#crowd', (h) => ({ walls: h.walls(), field: h.field() }));
  assert.ok(keyed.walls.split(';').includes('26,6'), keyed.walls);
  assert.equal(keyed.field.distance[6][26], null);
  assert.notDeepEqual(keyed.field.flow, before.flow);
  // The live region says what the wall did, once: then two more of the
  // widget's updates (each asks the scene what is due to be said) say nothing
  // more of it (they said "Wall added at column 26, row 6." again, paused).
  await whenWidget(page, '#crowd', (h) => h.announcements().some((a) => /^Wall added at column 26, row 6\./.test(a)));
  await page.evaluate(() => new Promise((done) => {
    let n = 0;
    const el = document.querySelector('#crowd');
    const on = () => { if (++n === 2) { el.removeEventListener('flocklab:gauges', on); done(); } };
    el.addEventListener('flocklab:gauges', on);
  }));
  const said = await onWidget(page, '#crowd', (h) => h.announcements());
  assert.match(said.join(' | '), /Wall added at column 26, row 6\. The search is redone/);
  assert.equal(said.filter((a) => /^Wall added at column 26, row 6/.test(a)).length, 1, said.join(' | '));
  // G puts the goal at the cursor; the field follows it.
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('g');
  await until(page, '#crowd', (h) => h.goal(), '25,6');
  assert.equal(await onWidget(page, '#crowd', (h) => h.field().distance[6][25]), 0);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('a mouse drag paints walls; a finger taps a wall, and a long press moves the goal', async () => {
  const page = await openLesson(env);
  await onWidget(page, '#crowd', (h) => { h.pause(); h.reset(7); });
  const { canvas, box } = await canvasOf(page, '#crowd');
  const at = (c, r) => ({ x: box.x + (c + 0.5) * 30 * box.width / 900, y: box.y + (r + 0.5) * 30 * box.height / 540 });
  await page.mouse.move(at(12, 16).x, at(12, 16).y);
  await page.mouse.down();
  // A drag at a hand's pace: each cell painted before the pointer goes on.
  const hasWall = (cell) => whenWidget(page, '#crowd', (h, c) => h.walls().split(';').includes(c), cell).catch(() => {});
  await hasWall('12,16');
  for (const c of [13, 14, 15]) { await page.mouse.move(at(c, 16).x, at(c, 16).y, { steps: 3 }); await hasWall(`${c},16`); }
  await page.mouse.up();
  const painted = await onWidget(page, '#crowd', (h) => h.walls().split(';'));
  for (const c of [12, 13, 14, 15]) assert.ok(painted.includes(`${c},16`), `${c},16 in ${painted.join(';')}`);
  // Touch: a tap toggles a wall, a press held still for over half a second moves the goal.
  const cdp = await page.context().newCDPSession(page);
  // How long the finger stays down is the input itself: the events carry
  // their times, so a busy machine that delivers the lift late does not
  // make a tap a long press (the page times a long press by them).
  const touch = async (p, holdMs) => {
    const t0 = Date.now() / 1000;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ ...p, id: 1 }], timestamp: t0 });
    await page.waitForTimeout(holdMs);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [], timestamp: t0 + holdMs / 1000 });
  };
  await touch(at(20, 2), 60);
  await hasWall('20,2');
  assert.ok((await onWidget(page, '#crowd', (h) => h.walls().split(';'))).includes('20,2'));
  // A tap whose lift reaches the page late (a busy machine: 900 ms later, the
  // finger up after 60 ms) is still a tap: it was timed by the page's clock.
  const goal = await onWidget(page, '#crowd', (h) => h.goal());
  const t0 = Date.now() / 1000;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ ...at(21, 2), id: 1 }], timestamp: t0 });
  await page.waitForTimeout(900); // the delivery's delay, not the finger's
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [], timestamp: t0 + 0.06 });
  await hasWall('21,2');
  assert.ok((await onWidget(page, '#crowd', (h) => h.walls().split(';'))).includes('21,2'), 'a late lift made the tap a long press');
  assert.equal(await onWidget(page, '#crowd', (h) => h.goal()), goal);
  await touch(at(24, 12), 900);
  await whenWidget(page, '#crowd', (h) => h.goal() === '24,12').catch(() => {});
  await handled(page, '#crowd'); // and nothing else came of the press
  assert.equal(await onWidget(page, '#crowd', (h) => h.goal()), '24,12');
  assert.ok(!(await onWidget(page, '#crowd', (h) => h.walls().split(';'))).includes('24,12'));
  await cdp.detach();
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('switching between seek and the field keeps every agent where it is', async () => {
  const page = await openLesson(env);
  const r = await onWidget(page, '#crowd', (h) => {
    h.pause(); h.reset(7); h.setFollow('seek'); stepAll(h, 300);
    const a = h.state().agents;
    h.setFollow('field');
    const b = h.state().agents;
    return { same: JSON.stringify(a) === JSON.stringify(b), follow: h.follow() };
  });
  assert.ok(r.same);
  assert.equal(r.follow, 'field');
  // The S key and the buttons switch it too, and the buttons say which is on.
  await page.locator('#crowd canvas').focus();
  await page.keyboard.press('s');
  await until(page, '#crowd', (h) => h.follow(), 'seek');
  await page.waitForFunction(() => document.querySelector('#crowd [data-follow="seek"]').getAttribute('aria-pressed') === 'true');
  await page.locator('#crowd [data-follow="field"]').click();
  assert.equal(await onWidget(page, '#crowd', (h) => h.follow()), 'field');
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('a maze survives config() into a new widget, and bad walls and goals are refused', async () => {
  const page = await openLesson(env);
  const r = await onWidget(page, '#crowd', async (h) => {
    h.pause();
    h.setGoal('3,15');
    h.setWalls('12,8;13,8;14,8;13,7;13,9');
    const cfg = h.config();
    const el = document.createElement('figure');
    el.className = 'flocklab';
    el.append(document.createElement('canvas'));
    document.body.append(el);
    const copy = window.FlockLab.mount(el, cfg);
    await copy.ready;
    const out = { cfg, walls: copy.walls(), goal: copy.goal(), same: JSON.stringify(copy.field()) === JSON.stringify(h.field()) };
    const errors = [];
    for (const [fn, v] of [['setWalls', '1,2;'], ['setWalls', '30,1'], ['setGoal', '13,8'], ['setGoal', 'x'], ['setWalls', 12]]) {
      try { copy[fn](v); errors.push(null); } catch (e) { errors.push(`${e.name}: ${e.message}`); }
    }
    out.errors = errors;
    out.after = copy.walls();
    copy.destroy();
    el.remove();
    return out;
  });
  assert.equal(r.cfg.walls, '12,8;13,8;13,7;13,9;14,8'.split(';').sort((a, b) => a.split(',')[0] - b.split(',')[0] || a.split(',')[1] - b.split(',')[1]).join(';'));
  assert.equal(r.walls, r.cfg.walls);
  assert.equal(r.goal, '3,15');
  assert.ok(r.same, 'the copy has another field');
  // What the scene refuses throws a TypeError that says why and changes nothing;
  // a goal on a wall takes the wall away; a number is not text.
  assert.match(r.errors[0], /^TypeError: flocklab: walls: expected "default", "none" or cells/);
  assert.match(r.errors[1], /^TypeError: flocklab: walls: .*cell 30,1 is outside the grid/);
  assert.equal(r.errors[2], null);
  assert.match(r.errors[3], /^TypeError: flocklab: goal: expected a cell as column,row/);
  assert.match(r.errors[4], /^TypeError: flocklab: setWalls\(\) takes text/);
  assert.equal(r.after, '12,8;13,7;13,9;14,8');  // setGoal('13,8') took that wall away
  // The same maze through link(): embed.html makes the same widget.
  const link = await onWidget(page, '#crowd', (h) => { h.setFollow('seek'); return { link: h.link(), config: h.config(), field: h.field() }; });
  assert.match(link.link, /embed\.html\?scene=crowd&seed=7&paused=1&follow=seek&goal=3%2C15&walls=12%2C8%3B13%2C7%3B13%2C8%3B13%2C9%3B14%2C8/);
  const other = await env.context.newPage();
  await other.goto(link.link);
  await other.waitForFunction(() => document.querySelector('.flocklab')?.classList.contains('flocklab-ready'), null, { timeout: 60000 });
  const theirs = await onWidget(other, '.flocklab', (h) => ({ config: h.config(), field: h.field() }));
  assert.deepEqual(theirs.config, link.config);
  assert.deepEqual(theirs.field, link.field);
  await other.close();
  await page.close();
});

test('walls painted by keys are announced truly: "no way there" only when the search leaves an agent cut off', async () => {
  const page = await pageOf(env, '<figure class="flocklab" id="c" data-scene="crowd" data-seed="7"><canvas width="900" height="540"></canvas></figure>');
  await page.waitForFunction(() => document.querySelector('#c').classList.contains('flocklab-ready'), null, { timeout: 60000 });
  await simulatedTo(page, '#c', 3); // a crowd on its way
  await page.locator('#c canvas').focus();
  for (const k of ['ArrowRight', 'ArrowRight', 'Shift+ArrowDown', 'Space', 'ArrowRight', 'Space']) await page.keyboard.press(k);
  await page.waitForFunction(() => document.querySelector('#c').flocklab.announcements().filter((a) => /The search is redone/.test(a)).length >= 2, null, { timeout: 10000 });
  const r = await page.evaluate(() => {
    const h = document.querySelector('#c').flocklab;
    const f = h.field();
    const cutOff = h.state().agents.filter(([x, y]) => f.distance[Math.floor(y / 30)]?.[Math.floor(x / 30)] === null).length;
    return { said: h.announcements().filter((a) => /The search is redone/.test(a)), cutOff, walls: h.walls() };
  });
  assert.match(r.walls, /28,9/);
  assert.equal(r.cutOff, 0, 'every agent is on a cell the search reached');
  for (const s of r.said) assert.doesNotMatch(s, /no way there/, s);
  assert.deepEqual(page.problems, []);
  await page.close();
});

// The lesson page on a phone (390x844, DPR 3, touch), the crowd paused at
// seed 7 with no walls: body(page), then no page error.
async function onPhoneCrowd(body) {
  const phone = await start({ deviceScaleFactor: 3 });
  try {
    const page = await openLesson(phone);
    await page.setViewportSize({ width: 390, height: 844 });
    await onWidget(page, '#crowd', (h) => { h.pause(); h.reset(7); h.setWalls('none'); });
    await body(page);
    assert.deepEqual(page.problems, []);
    await page.close();
  } finally {
    await phone.close();
  }
}

test('a phone (390x844, DPR 3): in paint mode a finger\'s horizontal drag paints walls across the cells it crosses and does not scroll; out of it a swipe scrolls the page and paints nothing (issue 31 #1)', async () => {
  await onPhoneCrowd(async (page) => {
    await page.evaluate(() => document.querySelector('#crowd canvas').scrollIntoView({ block: 'center' }));
    const { canvas, box } = await canvasOf(page, '#crowd');
    const at = (c, r) => ({ x: box.x + (c + 0.5) * 30 * box.width / 900, y: box.y + (r + 0.5) * 30 * box.height / 540 });
    // Out of paint mode: a vertical swipe scrolls the page and paints nothing
    // (down the middle: the closed Tuning header and the HUD keep to corners,
    // where a finger takes them, not the page).
    const y0 = await page.evaluate(() => scrollY);
    await swipe(page, at(15, 12), at(15, 2));
    await page.waitForFunction((y) => Math.abs(scrollY - y) > 30, y0, { timeout: 30000 });
    assert.equal(await onWidget(page, '#crowd', (h) => h.walls()), 'none');
    // The page's button turns paint mode on (a tap).
    const button = page.locator('#crowd [data-paint]');
    await button.scrollIntoViewIfNeeded();
    await button.tap();
    await until(page, '#crowd', (h) => h.paint(), true);
    assert.equal(await button.getAttribute('aria-pressed'), 'true');
    // Its cells are under 24 CSS px here: the canvas is zoomed for fingers (issue 31, below).
    await page.waitForSelector('#crowd.fl-zoomed');
    // The zoom shows the goal (issue 39); the drag below is on the maze's left half.
    await page.evaluate(() => { document.querySelector('#crowd .fl-zoom').scrollLeft = 0; document.querySelector('#crowd canvas').scrollIntoView({ block: 'center' }); });
    const b2 = await canvas.boundingBox();
    const at2 = (c, r) => ({ x: b2.x + (c + 0.5) * 30 * b2.width / 900, y: b2.y + (r + 0.5) * 30 * b2.height / 540 });
    const y1 = await page.evaluate(() => scrollY);
    await swipe(page, at2(5, 9), at2(12, 9), 14);
    await page.waitForFunction(() => document.querySelector('#crowd').flocklab.walls().split(';').length >= 6, null, { timeout: 30000 });
    const walls = (await onWidget(page, '#crowd', (h) => h.walls())).split(';');
    for (const c of [5, 6, 7, 8, 9, 10, 11, 12]) assert.ok(walls.includes(`${c},9`), `${c},9 not painted: ${walls.join(';')}`);
    assert.equal(await page.evaluate(() => scrollY), y1, 'the page scrolled under a painting finger');
  });
});

test('a phone with a keyboard: in the zoomed maze the view follows the keyboard\'s cursor, sideways and up and down (issue 31)', async () => {
  await onPhoneCrowd(async (page) => {
    await page.locator('#crowd [data-paint]').tap();
    await page.waitForSelector('#crowd.fl-zoomed');
    await page.waitForFunction(() => Math.abs(document.querySelector('#crowd').flocklab.uiMetrics().tapPx - 24) < 0.5);
    // The cursor's cell (column c) lies inside the scrolling box, and on the screen.
    const inSight = (c) => page.waitForFunction((col) => {
      const box = document.querySelector('#crowd .fl-zoom').getBoundingClientRect();
      const canvas = document.querySelector('#crowd canvas').getBoundingClientRect();
      const caret = document.querySelector('#crowd').flocklab.uiMetrics().caret;
      const x = canvas.left + caret[0];
      const y = canvas.top + caret[1];
      return Math.round(caret[0] / (canvas.width / 30) - 0.5) === col && x > box.left && x < box.right && y > 0 && y < innerHeight;
    }, c, { timeout: 30000 });
    await page.evaluate(() => { document.querySelector('#crowd .fl-zoom').scrollLeft = 0; scrollTo(0, 0); });
    // The cursor starts on the goal, column 26: one key and the view goes to it.
    await page.locator('#crowd canvas').focus({ preventScroll: true });
    await page.keyboard.press('ArrowDown');
    await inSight(26);
    // Twenty cells left: the view follows.
    for (let k = 0; k < 20; k++) await page.keyboard.press('ArrowLeft');
    await inSight(6);
    await page.screenshot({ path: `${artifacts}/crowd-phone-zoomed-keyboard.png` });
    assert.equal(await onWidget(page, '#crowd', (h) => h.walls()), 'none', 'the keys moved the cursor and painted nothing');
  });
});

test('a phone: in paint mode the maze is zoomed so that a cell is a 24 CSS px target; the arrow buttons move the view, a finger paints cell by cell there, and paint mode off (or a mouse) shows the whole maze (issue 31 #1)', async () => {
  await onPhoneCrowd(async (page) => {
    const cellCss = () => page.evaluate(() => document.querySelector('#crowd canvas').getBoundingClientRect().width / 30);
    const whole = await cellCss();
    assert.ok(whole < 24, `a cell is ${whole} CSS px: this phone needs no zoom`);
    assert.equal(await page.locator('#crowd.fl-zoomed').count(), 0);
    await page.locator('#crowd [data-paint]').tap();
    await page.waitForSelector('#crowd.fl-zoomed');
    // The window (CSS) px the widget draws at follow the zoom: a cell is 24 px.
    await page.waitForFunction(() => Math.abs(document.querySelector('#crowd').flocklab.uiMetrics().tapPx - 24) < 0.5);
    assert.ok(Math.abs((await cellCss()) - 24) < 0.5, `a zoomed cell is ${await cellCss()} CSS px`);
    // ▶ moves the view right; the cells there are painted by a finger, one by one.
    const scroller = page.locator('#crowd .fl-zoom');
    await page.locator('#crowd [data-pan="1"]').tap();
    await page.waitForFunction(() => document.querySelector('#crowd .fl-zoom').scrollLeft > 100);
    await page.evaluate(() => document.querySelector('#crowd canvas').scrollIntoView({ block: 'center' }));
    const view = await scroller.boundingBox();
    const b = await page.locator('#crowd canvas').boundingBox();
    const at = (c, r) => ({ x: b.x + (c + 0.5) * b.width / 30, y: b.y + (r + 0.5) * b.height / 18 });
    const cols = [16, 17, 18, 19, 20]; // right of the first view (0 to 13)
    for (const c of cols) assert.ok(at(c, 4).x > view.x && at(c, 4).x < view.x + view.width, `column ${c} is not in view: ${JSON.stringify({ view, b, x: at(c, 4).x })}`);
    await swipe(page, at(cols[0], 4), at(cols.at(-1), 4), 12);
    await page.waitForFunction(() => document.querySelector('#crowd').flocklab.walls().split(';').length >= 5, null, { timeout: 30000 });
    const walls = (await onWidget(page, '#crowd', (h) => h.walls())).split(';').sort();
    assert.deepEqual(walls, cols.map((c) => `${c},4`).sort(), 'the finger painted other cells than the five it crossed');
    // While zoomed, the HUD and the Tuning header are whole inside the part
    // of the canvas the box shows, wherever it is scrolled (issue 65).
    for (const left of [0, 10000, 300]) {
      await page.evaluate((x) => { document.querySelector('#crowd .fl-zoom').scrollLeft = x; }, left);
      await page.waitForFunction(() => {
        const box = document.querySelector('#crowd .fl-zoom');
        const canvas = document.querySelector('#crowd canvas');
        const m = document.querySelector('#crowd').flocklab.uiMetrics();
        const css = canvas.getBoundingClientRect().width / m.window[0];
        const inside = ([x0, , x1]) => x0 * css >= box.scrollLeft - 1 && x1 * css <= box.scrollLeft + box.clientWidth + 1 && x1 > x0;
        return inside(m.hud) && inside(m.panel);
      }, null, { timeout: 30000 });
    }
    // Paint mode off: the whole maze again, and the button just tapped stays
    // where the finger is (the page does not jump as the canvas shrinks).
    const paint = page.locator('#crowd [data-paint]');
    const before = (await paint.boundingBox()).y;
    await paint.tap();
    await page.waitForFunction(() => !document.querySelector('#crowd').classList.contains('fl-zoomed'));
    const after = (await paint.boundingBox()).y;
    assert.ok(Math.abs(after - before) <= 2, `Paint walls moved from ${before} to ${after} px on the screen`);
    assert.ok(Math.abs((await cellCss()) - whole) < 0.5);
    assert.equal(await page.locator('#crowd .fl-zoom').count(), 0);
    // Whole again: the HUD keeps to a corner of the whole canvas.
    await page.waitForFunction(() => {
      const m = document.querySelector('#crowd').flocklab.uiMetrics();
      return Math.abs(m.hud[0] - 8) < 1 || Math.abs(m.hud[2] - (m.window[0] - 8)) < 1;
    }, null, { timeout: 30000 });
  });
  // A mouse (a fine pointer, no touch screen) paints on the whole maze: no zoom.
  const desk = await start({ touch: false });
  try {
    const page = await openLesson(desk);
    await page.setViewportSize({ width: 390, height: 844 });
    assert.equal(await page.evaluate(() => matchMedia('(pointer: coarse)').matches), false);
    await onWidget(page, '#crowd', (h) => h.setPaint(true));
    // The button shows it in the same pass of the page's controls that zooms.
    await page.waitForFunction(() => document.querySelector('#crowd [data-paint]').getAttribute('aria-pressed') === 'true');
    assert.ok((await page.evaluate(() => document.querySelector('#crowd').flocklab.uiMetrics().tapPx)) < 24);
    assert.equal(await page.locator('#crowd.fl-zoomed').count(), 0);
    await page.close();
  } finally {
    await desk.close();
  }
});

// A paused crowd of seed 7 on a page of its own, ready.
async function pausedCrowd() {
  const page = await pageOf(env, '<figure class="flocklab" id="c" data-scene="crowd" data-seed="7" data-paused><canvas width="900" height="540"></canvas></figure>');
  await page.waitForFunction(() => document.querySelector('#c').classList.contains('flocklab-ready'), null, { timeout: 60000 });
  return page;
}

test('the HUD gets out of the way: with the goal under it, it moves to the other corner; the goal is never under it (issue 31 #2)', async () => {
  const page = await pausedCrowd();
  // The goal's centre in window px, and whether the HUD covers it.
  const covered = () => page.evaluate(() => {
    const h = document.querySelector('#c').flocklab;
    const m = h.uiMetrics();
    const [c, r] = h.goal().split(',').map(Number);
    const k = m.window[0] / 900;
    const x = (c + 0.5) * 30 * k, y = (r + 0.5) * 30 * k;
    return { hud: m.hud, under: x >= m.hud[0] && x <= m.hud[2] && y >= m.hud[1] && y <= m.hud[3], low: m.hud[1] > m.window[1] / 2 };
  });
  await page.waitForFunction(() => document.querySelector('#c').flocklab.uiMetrics().hud[2] > 0);
  // Wherever it is placed first (top left, or bottom right when something
  // was under it there), the goal is put under it: it moves to the other corner.
  const before = await covered();
  await page.evaluate((low) => document.querySelector('#c').flocklab.setGoal(low ? '27,17' : '3,2'), before.low);
  await page.waitForFunction((low) => { const m = document.querySelector('#c').flocklab.uiMetrics(); return (m.hud[1] > m.window[1] / 2) !== low; }, before.low, { timeout: 10000 });
  const after = await covered();
  assert.equal(after.under, false, JSON.stringify(after));
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('a paused widget\'s Play button keeps off the goal: with the goal at the bottom left it sits at the bottom right (issue 31 #2)', async () => {
  const page = await pausedCrowd();
  const where = () => page.evaluate(() => {
    const h = document.querySelector('#c').flocklab;
    const c = document.querySelector('#c canvas').getBoundingClientRect();
    const p = document.querySelector('#c .fl-play').getBoundingClientRect();
    const [col, row] = h.goal().split(',').map(Number);
    const gx = c.left + (col + 0.5) * 30 * c.width / 900, gy = c.top + (row + 0.5) * 30 * c.height / 540;
    return { covers: gx >= p.left && gx <= p.right && gy >= p.top && gy <= p.bottom, right: p.left > c.left + c.width / 2, visible: p.width > 0 };
  });
  await page.waitForFunction(() => !document.querySelector('#c .fl-play').hidden);
  assert.equal((await where()).right, false, 'Play starts at the bottom left');
  await page.evaluate(() => document.querySelector('#c').flocklab.setGoal('1,16'));
  await page.waitForFunction(() => { const c = document.querySelector('#c canvas').getBoundingClientRect(); return document.querySelector('#c .fl-play').getBoundingClientRect().left > c.left + c.width / 2; }, null, { timeout: 10000 });
  const w = await where();
  assert.deepEqual({ covers: w.covers, visible: w.visible }, { covers: false, visible: true });
  await page.close();
});

test('the closed Tuning header keeps off the goal: with the goal at the top right it goes to a bottom corner (issue 31 #2)', async () => {
  const page = await pausedCrowd();
  const under = () => page.evaluate(() => {
    const h = document.querySelector('#c').flocklab;
    const m = h.uiMetrics();
    const [col, row] = h.goal().split(',').map(Number);
    const k = m.window[0] / 900;
    const x = (col + 0.5) * 30 * k, y = (row + 0.5) * 30 * k;
    return { covered: x >= m.panel[0] && x <= m.panel[2] && y >= m.panel[1] && y <= m.panel[3], low: m.panel[1] > m.window[1] / 2 };
  });
  assert.equal((await under()).low, false, 'the header starts at the top right');
  await page.evaluate(() => document.querySelector('#c').flocklab.setGoal('28,0'));
  await page.waitForFunction(() => { const m = document.querySelector('#c').flocklab.uiMetrics(); return m.panel[1] > m.window[1] / 2; }, null, { timeout: 10000 });
  assert.equal((await under()).covered, false);
  // The Play button moves off it too (it follows on the widget's next tick: polled).
  await page.waitForFunction(() => {
    const m = document.querySelector('#c').flocklab.uiMetrics();
    const c = document.querySelector('#c canvas').getBoundingClientRect();
    const k = c.width / m.window[0];
    const p = document.querySelector('#c .fl-play').getBoundingClientRect();
    const [x0, y0, x1, y1] = m.panel.map((v) => v * k);
    return !(p.left - c.left < x1 && p.right - c.left > x0 && p.top - c.top < y1 && p.bottom - c.top > y0);
  }, null, { timeout: 10000 });
  await page.close();
});
