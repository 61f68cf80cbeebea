import { join } from 'node:path';
import { artifacts, pageOf, start } from './helpers.mjs';
const env = await start({});
try {
  const page = await pageOf(env, `<figure class="flocklab" id="e" data-experiment data-scene="flock" data-vary="weight-separation"
      data-values="0:3:0.5" data-seeds="0-3" data-seconds="5" data-measure="spacing"></figure><input id="notes">`);
  const t0 = Date.now();
  await page.waitForFunction(() => document.querySelector('#e').classList.contains('flocklab-ready'), null, { timeout: 60000 });
  console.log('ready in', Date.now() - t0);
  await page.locator('#e').screenshot({ path: join(artifacts, 'probe-empty.png') });
  await page.locator('#e select').focus();
  await page.locator('#e select').selectOption('points');
  console.log(await page.evaluate(() => JSON.stringify(document.querySelector('#e').flocklabExperiment.prediction())));
  // keyboard: Tab from the select goes to Run; focus the slider
  await page.locator('#e .fl-exp-point').first().focus();
  for (let k = 0; k < 5; k++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('PageUp');
  console.log(await page.evaluate(() => [document.activeElement.getAttribute('aria-label'), document.activeElement.getAttribute('aria-valuetext')]));
  // pointer: drag the last point
  const box = await page.locator('#e .fl-exp-point').last().boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y - 60, { steps: 5 });
  await page.mouse.up();
  console.log(await page.evaluate(() => JSON.stringify(document.querySelector('#e').flocklabExperiment.prediction())));
  await page.locator('#e').screenshot({ path: join(artifacts, 'probe-points.png') });
  await page.evaluate(() => document.querySelector('#e').flocklabExperiment.run());
  await page.waitForTimeout(1000);
  console.log(await page.locator('#e .fl-exp-summary').textContent());
  console.log(await page.evaluate(() => document.querySelector('#e').flocklabExperiment.csv().split('\n').slice(0, 3).join('\n')));
  await page.locator('#e').screenshot({ path: join(artifacts, 'probe-after.png') });
  console.log(page.problems);
} finally { await env.close(); }
