// The lesson page's own controls for the scaling figure, built on the
// widget's public handle (flocklab.js).
import { mount } from './flocklab.js';

const fig = document.getElementById('scaling');
const lab = mount(fig);
const size = document.getElementById('scale-boids');
const sizeOut = document.getElementById('scale-boids-value');
const brute = document.getElementById('scale-brute');
const grid = document.getElementById('scale-grid');
const compare = document.getElementById('scale-compare');
const ms = document.getElementById('scale-ms');
const table = document.getElementById('scale-table');

size.addEventListener('input', () => { sizeOut.textContent = size.value; });
size.addEventListener('change', () => lab.setBoids(Number(size.value)));
for (const [button, kind] of [[brute, 'brute'], [grid, 'grid']]) {
  button.addEventListener('click', () => {
    lab.setNeighbors(kind);
    brute.setAttribute('aria-pressed', String(kind === 'brute'));
    grid.setAttribute('aria-pressed', String(kind === 'grid'));
  });
}

compare.addEventListener('click', async () => {
  await lab.ready;
  compare.disabled = true;
  compare.textContent = 'Measuring…';
  await new Promise((r) => setTimeout(r, 50)); // let the label paint first
  const body = table.tBodies[0];
  body.replaceChildren();
  for (const boids of [100, 300, 500]) {
    const b = await lab.benchmark({ boids, neighbors: 'brute', steps: 60 });
    const g = await lab.benchmark({ boids, neighbors: 'grid', steps: 60 });
    const row = body.insertRow();
    for (const v of [boids, b.toFixed(3), g.toFixed(3), `${(b / g).toFixed(1)}×`]) row.insertCell().textContent = v;
  }
  table.hidden = false;
  compare.disabled = false;
  compare.textContent = 'Compare 100 / 300 / 500';
});

// (If the widget cannot start, the shim has already said so.)
lab.ready.then(() => {
  const timer = setInterval(() => { ms.textContent = lab.stepTime().toFixed(3); }, 500);
  fig.addEventListener('flocklab:destroyed', () => clearInterval(timer)); // a destroyed widget answers nothing
}, () => {});

// [SECTION] Measure it: an experiment on the flock above (handle.experiment()).
const flock = document.getElementById('flock');
const form = document.getElementById('experiment');
const status = document.getElementById('exp-status');
const results = document.getElementById('exp-results');
const resultsTable = document.getElementById('exp-table');
form.addEventListener('submit', async (e) => {
  e.preventDefault();
  const h = flock.flocklab;
  if (!h) return;
  await h.ready;
  const vary = document.getElementById('exp-vary').value;
  const values = { from: Number(document.getElementById('exp-from').value), to: Number(document.getElementById('exp-to').value), step: Number(document.getElementById('exp-step').value) };
  const n = Math.max(1, Math.min(50, Math.round(Number(document.getElementById('exp-seeds').value))));
  const seeds = Array.from({ length: n }, (_, k) => k);
  const seconds = Number(document.getElementById('exp-seconds').value);
  const run = document.getElementById('exp-run');
  run.disabled = true;
  status.textContent = 'Running…';
  try {
    const r = await h.experiment({ vary, values, seeds, seconds });
    const body = resultsTable.tBodies[0];
    body.replaceChildren();
    for (const s of r.summary) {
      const row = body.insertRow();
      for (const v of [s.value, s.spacing.mean.toFixed(2), `${s.spacing.min.toFixed(1)} to ${s.spacing.max.toFixed(1)}`, s.order.mean.toFixed(2)]) row.insertCell().textContent = v;
    }
    results.hidden = false;
    let said = `${r.rows.length} runs done.`;
    const guess = document.getElementById('exp-prediction').value;
    if (vary === 'weight_separation' && guess !== '') {
      const first = r.summary.find((s) => s.spacing.mean > 20);
      said += first ? ` The mean spacing first passes 20 px at a separation weight of ${first.value}; you predicted ${guess}.` : ' The mean spacing never passed 20 px in this range.';
    }
    status.textContent = said;
  } catch (err) {
    status.textContent = err.name === 'AbortError' ? 'Stopped.' : `Could not run: ${err.message}`;
  } finally {
    run.disabled = false;
  }
});
