// Screenshots of the widget in Spanish and in the pseudo-locale, to look at
// for untranslated or clipped text: the HUD with the Tuning panel open, and
// the keyboard help, at 1280x800 and on a phone (390x844, DPR 3), for the
// flock and the crowd. Writes build/test-artifacts/lang-<lang>-<scene>-<size>-<what>.png.
import { join } from 'node:path';
import { artifacts, openLesson, start } from './helpers.mjs';

const sizes = [
  { name: 'desktop', width: 1280, height: 800, dpr: 1 },
  { name: 'phone', width: 390, height: 844, dpr: 3 },
];
for (const s of sizes) {
  const env = await start({ deviceScaleFactor: s.dpr });
  try {
    for (const lang of ['es', 'qps']) {
      for (const scene of ['flock', 'crowd', 'steer']) {
        const page = await openLesson(env, `embed.html?scene=${scene}&seed=7&lang=${lang}&selected=3&overlays=vision,forces`);
        await page.setViewportSize({ width: s.width, height: s.height });
        await page.evaluate(async () => {
          const h = document.querySelector('.flocklab').flocklab;
          await h.runTo(4);
        });
        await page.locator('canvas').focus();
        await page.keyboard.press('t');
        await page.waitForTimeout(400);
        const base = join(artifacts, `lang-${lang}-${scene}-${s.name}`);
        await page.screenshot({ path: `${base}-panel.png` });
        await page.keyboard.press('t');
        await page.keyboard.press('?');
        await page.waitForTimeout(400);
        await page.screenshot({ path: `${base}-help.png` });
        const said = await page.evaluate(() => document.querySelector('.flocklab').flocklab.language());
        console.log(lang, scene, s.name, JSON.stringify(said));
        await page.close();
      }
    }
  } finally {
    await env.close();
  }
}
