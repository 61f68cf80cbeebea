// Screenshots of the crowd widget (Looking ahead) to look at: desktop
// 1280x800, a phone 390x844 at DPR 3, and full screen 1920x1080, with the
// heat map and the arrows on. Writes build/test-artifacts/crowd-*.png.
import { join } from 'node:path';
import { artifacts, openLesson, start } from './helpers.mjs';

const shots = [
  { name: 'desktop', width: 1280, height: 800, dpr: 1 },
  { name: 'phone', width: 390, height: 844, dpr: 3 },
  { name: 'fullscreen', width: 1920, height: 1080, dpr: 1, full: true },
];
for (const s of shots) {
  const env = await start({ deviceScaleFactor: s.dpr });
  try {
    const page = await openLesson(env);
    await page.setViewportSize({ width: s.width, height: s.height });
    const el = page.locator('#crowd');
    await el.scrollIntoViewIfNeeded();
    await page.evaluate(async () => {
      const h = document.querySelector('#crowd').flocklab;
      h.setOverlay('distance', true);
      h.setOverlay('field', true);
      h.setOverlay('path', true);
      h.setFollow('seek');
      await h.runTo(6);
      h.pause();
    });
    if (s.full) {
      await page.evaluate(() => document.querySelector('#crowd').requestFullscreen());
      await page.waitForTimeout(800);
      await page.screenshot({ path: join(artifacts, `crowd-${s.name}.png`) });
    } else {
      await page.waitForTimeout(500);
      await el.screenshot({ path: join(artifacts, `crowd-${s.name}.png`) });
    }
    if (page.problems.length) console.log(s.name, page.problems);
    console.log(s.name, await page.evaluate(() => document.querySelector('#crowd').flocklab.describe()));
  } finally {
    await env.close();
  }
}
