// Accessibility: axe-core (pinned in package-lock.json) over the whole lesson
// page, at desktop size and on a phone, with every widget running.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { start, openLesson, here } from './helpers.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env.close(); });

async function violations(page) {
  await page.addScriptTag({ path: join(here, 'node_modules', 'axe-core', 'axe.min.js') });
  // Every gauge, canvas label and chart has been filled in.
  await page.waitForFunction(() => [...document.querySelectorAll('.flocklab')].every((el) => (el.flocklab?.ready, el.classList.contains('flocklab-ready')))
    && [...document.querySelectorAll('.flocklab output[data-gauge]')].every((o) => o.textContent.trim())
    && [...document.querySelectorAll('.flocklab canvas')].every((c) => c.getAttribute('aria-label'))
    && [...document.querySelectorAll('.flocklab svg[data-plot]')].every((g) => g.querySelector('desc')?.textContent.trim()), null, { timeout: 30000 });
  return page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.slice(0, 4).map((n) => n.target.join(' ')).join('\n  ')}`);
  });
}

test('axe-core finds no violations on the lesson page at desktop size', async () => {
  const page = await openLesson(env);
  assert.deepEqual(await violations(page), []);
  // The check can fail: an unlabelled button in a widget is caught.
  await page.evaluate(() => document.querySelector('#flock').append(document.createElement('button')));
  const caught = await page.evaluate(async () => (await window.axe.run(document)).violations.map((v) => v.id));
  assert.ok(caught.includes('button-name'), caught.join(', '));
  await page.close();
});

test('axe-core finds no violations with an experiment\'s points placed and its dots drawn', async () => {
  const page = await openLesson(env);
  await page.evaluate(async () => {
    const h = await FlockLab.experiment(document.getElementById('measure-separation'));
    h.predict('points'); // one slider per value
    const g = await FlockLab.experiment(document.getElementById('measure-angle'));
    g.predict('rises');
    await g.run(); // one button per run
  });
  assert.equal(await page.locator('#measure-separation [role="slider"]').count(), 13);
  assert.ok(await page.locator('#measure-angle .fl-exp-dot[role="button"]').count() > 100);
  assert.deepEqual(await violations(page), []);
  await page.close();
});

test('axe-core finds no violations on a 390x844 phone', async () => {
  const page = await env.context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(env.url);
  await page.waitForFunction(() => [...document.querySelectorAll('.flocklab:not([data-experiment])')].every((e) => (e.flocklab?.ready, e.classList.contains('flocklab-ready'))), null, { timeout: 60000 });
  assert.deepEqual(await violations(page), []);
  await page.close();
});

test('axe-core finds no violations on embed.html (a crowd, from its address)', async () => {
  const page = await env.context.newPage();
  await page.goto(`${env.url}embed.html?scene=crowd&seed=7&overlays=field,distance`);
  await page.waitForFunction(() => document.querySelector('.flocklab')?.classList.contains('flocklab-ready'), null, { timeout: 60000 });
  assert.deepEqual(await violations(page), []);
  await page.close();
});

test('axe-core finds no violations on embed.html in Spanish, whose page says it is Spanish', async () => {
  const page = await env.context.newPage();
  await page.goto(`${env.url}embed.html?scene=flock&seed=7&lang=es&selected=3&overlays=vision`);
  await page.waitForFunction(() => document.querySelector('.flocklab')?.classList.contains('flocklab-ready'), null, { timeout: 60000 });
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'es');
  assert.deepEqual(await violations(page), []);
  await page.close();
});
