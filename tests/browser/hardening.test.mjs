// Hardening, round three (issue 42): costs bounded by the input before the
// work starts. Each test waits for the state it checks.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { start, pageOf } from './helpers.mjs';

let env;
before(async () => { env = await start(); });
after(async () => { await env?.close(); });

test('a name longer than any setting\'s is refused without a typo search: setParams with a name of 100,000 characters gets one short sentence, a typo of a plausible length still its suggestion (#1)', async () => {
  const page = await pageOf(env, '<figure class="flocklab" id="w" data-paused><canvas width="900" height="540"></canvas></figure>');
  await page.waitForFunction(() => document.querySelector('#w').classList.contains('flocklab-ready'), null, { timeout: 60000 });
  const r = await page.evaluate(() => {
    const long = 'weightSeparation'.repeat(6250); // 100,000 characters, "near" a real name at every length
    const h = document.querySelector('#w').flocklab;
    const errorOf = (f) => { try { f(); return 'none'; } catch (e) { return `${e.name}: ${e.message}`; } };
    return {
      params: errorOf(() => h.setParams({ [long]: 1 })),
      typo: errorOf(() => h.setParams({ weightSeparatoin: 1 })),
      separation: h.params().weight_separation,
    };
  });
  assert.match(r.params, /^TypeError: flocklab: setParams: '(weightSeparation)+weightSeparat\.\.\.': no such setting \(none is longer than 64 characters\); nothing was changed$/);
  assert.ok(r.params.length < 200, `the sentence echoes the whole name: ${r.params.length} characters`);
  // A name of a plausible length still gets its suggestion.
  assert.match(r.typo, /did you mean 'weightSeparation'\?/);
  assert.equal(r.separation, 1.8); // the lab's, unchanged
  assert.deepEqual(page.problems, []);
  await page.close();
});
