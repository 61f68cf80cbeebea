// Takes the README's screenshot: the flock widget mid-flight with its tuning
// panel open and the hawk among the boids. usage: node screenshot.mjs OUT.png
import { start, openLesson } from './helpers.mjs';

const out = process.argv[2] || 'screenshot.png';
const env = await start();
try {
  const page = await openLesson(env);
  const fig = page.locator('#flock');
  await fig.scrollIntoViewIfNeeded();
  await page.evaluate(() => {
    const h = document.querySelector('#flock').flocklab;
    h.pause(); h.reset(7); h.step(540); h.setHawk(405, 324); h.step(30); h.resume();
  });
  // Open the tuning panel with one click on its header (top right of the canvas).
  const box = await page.locator('#flock canvas').boundingBox();
  const scale = box.width / 900;
  await page.mouse.click(box.x + box.width - 40 * scale, box.y + 26 * scale);
  await page.waitForTimeout(200); // ImGui 1.86 reads the pointer position once per frame
  await page.mouse.move(box.x + box.width * 0.45, box.y + box.height * 0.6);
  await page.waitForTimeout(600);
  await fig.screenshot({ path: out });
  console.log(`wrote ${out}`);
} finally {
  await env.close();
}
