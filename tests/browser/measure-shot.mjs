// Screenshots of the lesson page's "Measure it" section to look at: both
// experiments run, a prediction made (points dragged, a shape), one dot replayed in its widget, at
// 1280x800 and on a phone (390x844, DPR 3); and the first experiment in
// Spanish. Writes build/test-artifacts/measure-*.png.
import { join } from 'node:path';
import { artifacts, openLesson, pageOf, start } from './helpers.mjs';

for (const s of [{ name: 'desktop', width: 1280, height: 800, dpr: 1 }, { name: 'phone', width: 390, height: 844, dpr: 3 }]) {
  const env = await start({ deviceScaleFactor: s.dpr });
  try {
    const page = await openLesson(env);
    await page.setViewportSize({ width: s.width, height: s.height });
    const summary = await page.evaluate(async () => {
      const out = [];
      for (const id of ['measure-separation', 'measure-angle']) {
        const h = await FlockLab.experiment(document.getElementById(id));
        // Points for the first (a guess that rises, then levels), a shape for the second.
        if (id === 'measure-separation') h.predict(h.results().values.map((v) => Math.min(30, 8 + 12 * Number(v))));
        else h.predict('stays level');
        const r = await h.run();
        out.push(document.querySelector(`#${id} .fl-exp-summary`).textContent, `${r.rows.length} runs`);
      }
      return out;
    });
    console.log(s.name, summary);
    await page.locator('#measure-separation').scrollIntoViewIfNeeded();
    await page.locator('#measure-separation').screenshot({ path: join(artifacts, `measure-${s.name}-separation-result.png`) });
    await page.locator('#measure-separation .fl-exp-dot[data-run="52"]').click();
    await page.waitForFunction(() => /Run 52 /.test(document.querySelector('#measure-separation .fl-exp-summary').textContent), null, { timeout: 30000 });
    await page.locator('#measure-separation').scrollIntoViewIfNeeded();
    await page.locator('#measure-separation').screenshot({ path: join(artifacts, `measure-${s.name}-separation.png`) });
    await page.locator('#measure-angle').screenshot({ path: join(artifacts, `measure-${s.name}-angle.png`) });
    await page.locator('#measure-separation-flock').screenshot({ path: join(artifacts, `measure-${s.name}-replayed.png`) });
    if (page.problems.length) console.log(s.name, page.problems);
    const es = await pageOf(env, `<figure class="flocklab" id="e" data-experiment data-scene="flock" data-vary="weight-separation"
      data-values="0:3:0.25" data-seeds="0-9" data-seconds="10" data-measure="spacing"></figure>`, { lang: 'es' });
    await es.setViewportSize({ width: s.width, height: s.height });
    await es.waitForFunction(() => document.querySelector('#e').classList.contains('flocklab-ready'), null, { timeout: 60000 });
    await es.evaluate(async () => { const h = document.querySelector('#e').flocklabExperiment; h.predict('peaks'); await h.run(); });
    await es.locator('#e').screenshot({ path: join(artifacts, `measure-${s.name}-es.png`) });
    console.log(s.name, 'es', await es.locator('#e .fl-exp-summary').textContent());
  } finally {
    await env.close();
  }
}
