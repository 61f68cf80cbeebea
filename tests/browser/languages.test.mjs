// The widget in the page's language: Spanish from the closest lang
// attribute (or data-lang), the qps pseudo-locale that wraps every string
// the widget shows or says, English with one warning for a language without
// a table, and the tables checked against every key in the sources.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { start, pageOf, root, whenWidget, handled, simulatedTo } from './helpers.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env.close(); });

const allReady = (page) => page.waitForFunction(() => [...document.querySelectorAll('.flocklab')]
  .every((e) => (e.flocklab?.ready, e.classList.contains('flocklab-ready'))), null, { timeout: 60000 });

// A widget with the page's controls, gauges, chart and form, as the README shows them.
const widget = (attrs = '') => `<figure class="flocklab" id="w" data-seed="7" data-paused ${attrs}>
  <canvas width="900" height="540"></canvas>
  <button type="button" data-rule="separation">Separation</button>
  <output data-gauge="spacing"></output> <output data-gauge="order"></output>
  <svg data-plot="spacing order"></svg>
  <div data-controls></div>
</figure>`;

// Opens the panel and the help, and does what a student does with the keys,
// collecting what the live region says; returns the strings the widget showed or said.
async function exercise(page) {
  await page.evaluate(() => document.querySelector('#w').flocklab.runTo(10));
  const said = [];
  await page.exposeFunction('flSaid', (t) => said.push(t));
  await page.evaluate(() => {
    const live = document.querySelector('#w .fl-live');
    new MutationObserver(() => { if (live.textContent) window.flSaid(live.textContent); }).observe(live, { childList: true, characterData: true, subtree: true });
  });
  // Until the live region has said more than `n` things (its observer reports to this process).
  const saidMore = async (n) => {
    for (const end = Date.now() + 30000; said.length <= n && Date.now() < end;) await handled(page, '#w', 1);
  };
  await page.locator('#w canvas').focus();
  for (const k of ['t', 't', '?', '?', '1', 'h', 'ArrowLeft', ']', 'd']) {
    await page.keyboard.press(k);
    // Each key has reached the scene (ImGui takes one a frame) before the next.
    await whenWidget(page, '#w', (h) => h.uiMetrics().keysWaiting === 0);
    await handled(page, '#w', 2);
  }
  // Two and a half simulated seconds of flight without separation, then D.
  const t0 = await page.evaluate(() => { const h = document.querySelector('#w').flocklab; h.resume(); return h.gauges().time; });
  await simulatedTo(page, '#w', t0 + 2.5);
  const described = said.length;
  await page.keyboard.press('d');
  await saidMore(described);
  return page.evaluate((s) => {
    const el = document.querySelector('#w');
    const h = el.flocklab;
    const text = (sel) => [...el.querySelectorAll(sel)].map((n) => n.textContent.trim()).filter(Boolean);
    return {
      said: s,
      label: el.querySelector('canvas').getAttribute('aria-label'),
      describe: h.describe(),
      summary: el.querySelector('.fl-summary').textContent,
      outputs: text('output'),
      chart: [...el.querySelectorAll('svg[data-plot] text, svg[data-plot] title, svg[data-plot] desc')].map((n) => n.textContent),
      form: text('[data-controls] label, [data-controls] legend, [data-controls] button'),
      play: text('.fl-play'),
      language: h.language(),
    };
  }, said);
}

test('lang="es": the canvas, the descriptions, the gauges, the chart and the form are in Spanish, with a decimal comma', async () => {
  const page = await pageOf(env, widget(), { lang: 'es' });
  await allReady(page);
  const r = await exercise(page);
  assert.equal(r.language.lang, 'es');
  assert.equal(r.language.decimal, ',');
  assert.deepEqual(r.language.missing, [], 'every string the module looked up has a Spanish translation');
  assert.match(r.label, /^Simulación de bandada, 60 boids\. Pulsa \? para ver las teclas\.$/);
  assert.match(r.describe, /La bandada está [^ ]+ \(espaciado \d+(,\d)? px\) y [^()]+ \(orden 0,\d\d\)/, r.describe);
  assert.match(r.outputs[0], /^\d+,\d$/, `spacing reads ${r.outputs[0]}`);
  assert.match(r.outputs[1], /^0,\d\d$/, `order reads ${r.outputs[1]}`);
  assert.ok(r.chart.includes('tiempo simulado (s)'), r.chart.join(' | '));
  assert.ok(r.chart.some((t) => /^espaciado \(px\): \d+,\d px$/.test(t)), r.chart.join(' | '));
  assert.ok(r.form.includes('semilla') && r.form.includes('Reiniciar con esta semilla') && r.form.includes('separación'), r.form.join(' | '));
  assert.ok(r.said.some((s) => /^Halcón puesto cerca del centro\./.test(s) || /halcón/i.test(s)), r.said.join(' | '));
  assert.ok(r.said.some((s) => /^Boid \d+: \d+ vecinos?\./.test(s)), `] explains a boid in Spanish: ${r.said.join(' | ')}`);
  // Nothing the student reads is left in English.
  for (const s of [r.label, r.describe, ...r.said]) assert.doesNotMatch(s, /\b(the|and|boids are|is|seed|spacing|order)\b/, s);
  assert.deepEqual(page.problems, []);
  assert.deepEqual(page.warnings, []);
  await page.close();
});

// The text outside every [...] of the pseudo-locale: letters there were not translated.
function unwrapped(s) {
  let depth = 0;
  let out = '';
  for (const c of s) {
    if (c === '[') depth++;
    else if (c === ']') depth = Math.max(0, depth - 1);
    else if (depth === 0) out += c;
  }
  return out.match(/[A-Za-z]{2,}/g) ?? [];
}

test('qps: every string the widget draws, shows or says is wrapped (none slipped past the tables)', async () => {
  const page = await pageOf(env, widget('data-lang="qps"'));
  await allReady(page);
  const r = await exercise(page);
  assert.equal(r.language.lang, 'qps');
  assert.deepEqual(r.language.missing, [], 'every string the module looked up is in the key list');
  const texts = [r.label, r.describe, r.summary, ...r.said, ...r.chart, ...r.form.filter((t) => t !== 'Separation'), ...r.play];
  assert.ok(r.said.length >= 5, `the live region spoke: ${r.said.join(' | ')}`);
  for (const s of texts) assert.deepEqual(unwrapped(s), [], `unwrapped words in ${JSON.stringify(s)}`);
  // and the explanation of an agent in the crowd, and the steering scene's words
  for (const scene of ['crowd', 'steer']) {
    const words = await page.evaluate(async (sc) => {
      const fig = document.createElement('figure');
      fig.className = 'flocklab';
      fig.dataset.scene = sc;
      fig.dataset.lang = 'qps';
      fig.innerHTML = '<canvas width="900" height="540"></canvas>';
      document.body.append(fig);
      await window.FlockLab.mount(fig).ready; // asked for: it starts wherever it is on the page
      await fig.flocklab.runTo(3);
      const out = [fig.querySelector('canvas').getAttribute('aria-label'), fig.flocklab.describe(), JSON.stringify(fig.flocklab.language().missing)];
      fig.remove();
      return out;
    }, scene);
    for (const s of words.slice(0, 2)) assert.deepEqual(unwrapped(s), [], `${scene}: unwrapped words in ${JSON.stringify(s)}`);
    assert.equal(words[2], '[]', `${scene}: strings missing from the key list`);
  }
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('a language without a table: English, and one warning for the page', async () => {
  const page = await pageOf(env, `${widget()}<figure class="flocklab" id="v"><canvas width="900" height="540"></canvas></figure>`, { lang: 'tlh' });
  await allReady(page);
  const r = await page.evaluate(() => [...document.querySelectorAll('.flocklab')].map((e) => [e.flocklab.language().lang, e.querySelector('canvas').getAttribute('aria-label')]));
  assert.deepEqual(r.map((x) => x[0]), ['en', 'en']);
  assert.match(r[0][1], /^Flock simulation, 60 boids\./);
  const about = page.warnings.filter((w) => /lang="tlh"/.test(w));
  assert.equal(about.length, 1, page.warnings.join('\n'));
  assert.match(about[0], /no table for this language .*using English/);
  await page.close();
});

test('data-lang beats the page, a region tag uses its language, and a link keeps the language', async () => {
  const page = await pageOf(env, `<div lang="es-MX">${widget()}</div><figure class="flocklab" id="v" data-lang="en"><canvas width="900" height="540"></canvas></figure>`, { lang: 'es' });
  await allReady(page);
  const r = await page.evaluate(() => ({
    w: document.querySelector('#w').flocklab.language().lang,
    v: document.querySelector('#v').flocklab.language().lang,
    link: document.querySelector('#w').flocklab.link(),
  }));
  assert.deepEqual([r.w, r.v], ['es', 'en']);
  assert.match(r.link, /[?&]lang=es(&|$)/);
  const embed = await env.context.newPage();
  await embed.goto(r.link);
  await embed.waitForFunction(() => document.querySelector('.flocklab')?.classList.contains('flocklab-ready'), null, { timeout: 60000 });
  const e = await embed.evaluate(() => ({ lang: document.querySelector('.flocklab').flocklab.language().lang, buttons: [...document.querySelectorAll('[data-action]')].map((b) => b.textContent) }));
  assert.equal(e.lang, 'es');
  assert.deepEqual(e.buttons, ['Reiniciar', 'Pausa', 'Pantalla completa', 'Copiar enlace']);
  await embed.close();
  await page.close();
});

test('the tables: every key in the sources is translated, with its placeholders and printf conversions', () => {
  const out = execFileSync('node', [join(root, 'web/tools/lang-keys.mjs'), '--check'], { encoding: 'utf8' });
  assert.match(out, /web\/lang\/es\.json: \d+ strings, all translated/);
});
