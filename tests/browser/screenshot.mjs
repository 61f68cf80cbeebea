// Takes the README's screenshots: the flock widget mid-flight with its tuning
// panel open and the hawk among the boids (OUT.png), and "Inside one boid"
// with a selected boid and every overlay on (OUT-inspect.png).
// usage: node screenshot.mjs OUT.png
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

  // A boid in the thick of the flock, selected with a click, all overlays on.
  const inspect = out.replace(/\.png$/, '-inspect.png');
  const { x, y } = await page.evaluate(() => {
    const h = document.querySelector('#inspect').flocklab;
    h.pause(); h.reset(7); h.step(420);
    for (const o of ['vision', 'neighbors', 'forces', 'grid']) h.setOverlay(o, true);
    const boids = h.state().boids;
    let best = 0;
    let most = -1;
    boids.forEach((b, i) => {
      const n = h.explain(i).neighbors.length;
      if (b[0] > 330 && b[0] < 820 && b[1] > 230 && b[1] < 440 && n > most) { most = n; best = i; }
    });
    return { x: boids[best][0], y: boids[best][1] };
  });
  const ifig = page.locator('#inspect');
  await ifig.scrollIntoViewIfNeeded();
  const ibox = await page.locator('#inspect canvas').boundingBox();
  const s = ibox.width / 900;
  await page.mouse.click(ibox.x + x * s, ibox.y + y * s);
  await page.mouse.move(1, 1);
  await page.waitForTimeout(400);
  await ifig.screenshot({ path: inspect });
  console.log(`wrote ${inspect}`);
} finally {
  await env.close();
}
