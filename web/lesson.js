// The lesson page's own controls for the scaling figure, built on the
// widget's public handle (flocklab.js).
import { report } from './flocklab.js';

// The figure's handle, read when a control is used: the shim mounts the
// page's widgets after DOMContentLoaded, and mounting it here, while this
// module runs, would hold that event (el.flocklab mounts one not yet mounted).
const fig = document.getElementById('scaling');
const lab = () => fig.flocklab;
const size = document.getElementById('scale-boids');
const sizeOut = document.getElementById('scale-boids-value');
const brute = document.getElementById('scale-brute');
const grid = document.getElementById('scale-grid');
const compare = document.getElementById('scale-compare');
const ms = document.getElementById('scale-ms');
const table = document.getElementById('scale-table');

size.addEventListener('input', () => { sizeOut.textContent = size.value; });
size.addEventListener('change', () => lab().setBoids(Number(size.value)));
for (const [button, kind] of [[brute, 'brute'], [grid, 'grid']]) {
  button.addEventListener('click', () => {
    lab().setNeighbors(kind);
    brute.setAttribute('aria-pressed', String(kind === 'brute'));
    grid.setAttribute('aria-pressed', String(kind === 'grid'));
  });
}

compare.addEventListener('click', async () => {
  await lab().ready;
  compare.disabled = true;
  compare.textContent = 'Measuring…';
  await new Promise((r) => setTimeout(r, 50)); // let the label paint first
  const body = table.tBodies[0];
  body.replaceChildren();
  for (const boids of [100, 300, 500]) {
    const b = await lab().benchmark({ boids, neighbors: 'brute', steps: 60 });
    const g = await lab().benchmark({ boids, neighbors: 'grid', steps: 60 });
    const row = body.insertRow();
    for (const v of [boids, b.toFixed(3), g.toFixed(3), `${(b / g).toFixed(1)}×`]) row.insertCell().textContent = v;
  }
  table.hidden = false;
  compare.disabled = false;
  compare.textContent = 'Compare 100 / 300 / 500';
});

// The step time, once the widget has started (it starts when scrolled near:
// asking for lab().ready here would start it at load). If it cannot start,
// the shim has already said so.
fig.addEventListener('flocklab:ready', () => {
  const timer = setInterval(() => { ms.textContent = lab().stepTime().toFixed(3); }, 500);
  fig.addEventListener('flocklab:destroyed', () => clearInterval(timer), { once: true }); // a destroyed widget answers nothing
}, { once: true });

// [SECTION] Predict, then check: the flock above, seed 7, separation off, run to 10 s.
const flock = document.getElementById('flock');
const checkForm = document.getElementById('check-form');
const checkResult = document.getElementById('check-result');
// The button and Enter check (not the form's submission: a frame sandboxed
// without allow-forms, as an LMS's may be, never submits a form).
const predictionField = document.getElementById('prediction');
checkForm.addEventListener('submit', (e) => e.preventDefault());
document.getElementById('check').addEventListener('click', (e) => { e.preventDefault(); check(); });
predictionField.addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); check(); } });
async function check() {
  const h = flock.flocklab;
  const guess = predictionField.valueAsNumber;
  if (!h) return;
  // A check without a prediction would only give the answer away.
  if (!Number.isFinite(guess)) {
    checkResult.textContent = 'Write your prediction first: the spacing after 10 s, in px.';
    predictionField.focus();
    return;
  }
  await h.ready;
  checkResult.textContent = 'Running…';
  // Off screen, on a copy of the flock's configuration: the widget above stays
  // as the student left it. Separation's weight at 0 is the same run, to the
  // bit, as separation switched off (flocklab gauges --rules no-sep).
  let spacing;
  try {
    const out = await h.experiment({ vary: 'weightSeparation', values: [0], seeds: [7], seconds: 10 });
    spacing = out.rows[0].spacing;
  } catch {
    checkResult.textContent = 'Stopped before 10 s.';
    return;
  }
  const got = `${spacing.toFixed(1)} px`;
  const off = Math.abs(spacing - guess);
  checkResult.textContent = `With separation off, seed 7, the spacing after 10 s is ${got}; you predicted ${guess} px, `
    + (off < 0.05 ? 'exactly what happened.' : `${off.toFixed(1)} px ${spacing > guess ? 'below' : 'above'} what happened.`);
  // Into the results stream: it holds within a fifth of what happened.
  report(checkForm, {
    kind: 'check', item: 'spacing without separation', question: 'The spacing after 10 s with separation off, in px',
    answer: guess, correct: spacing, held: off <= spacing / 5, text: checkResult.textContent,
  });
}

// [SECTION] Reset all: every widget that has started goes back to its seed at
// 0 s (a teacher starting the lesson again on a projector); widgets not
// started yet are fresh already, and experiments keep their runs.
const resetAll = document.getElementById('reset-all');
const resetAllSaid = document.getElementById('reset-all-said');
// Projector mode: larger text on the page and in every widget's HUD and
// panel (data-text-scale, which a widget follows at once), stronger contrast.
const projector = document.getElementById('projector');
projector.addEventListener('click', () => {
  const on = projector.getAttribute('aria-pressed') !== 'true';
  projector.setAttribute('aria-pressed', String(on));
  document.documentElement.classList.toggle('projector', on);
  for (const el of document.querySelectorAll('.flocklab:not([data-experiment])')) {
    if (on) el.dataset.textScale = '1.75';
    else delete el.dataset.textScale;
  }
  resetAllSaid.textContent = on ? 'Projector mode: larger text and stronger contrast.' : 'Projector mode is off.';
});
resetAll.addEventListener('click', () => {
  let n = 0;
  let asking = 0; // what-ifs whose question is open: stopped at 0 s, each waiting for its Play
  // An asleep widget (far off, its instance given up) has started too: it wakes to take the reset.
  for (const el of document.querySelectorAll('.flocklab.flocklab-ready:not([data-experiment]), .flocklab.fl-asleep:not([data-experiment])')) {
    el.flocklab.reset();
    n++;
    if (el.querySelector(':scope > .fl-predict:not([hidden])')) asking++;
  }
  // The experiments: their runs and predictions cleared (one not loaded yet has none).
  let e = 0;
  for (const el of document.querySelectorAll('.flocklab[data-experiment]')) {
    if (el.flocklab?.kind !== 'experiment') continue;
    el.flocklab.reset();
    e++;
  }
  const sims = n === 1 ? 'One simulation is' : `${n} simulations are`;
  const waits = asking === 0 ? '' : ` ${asking === 1 ? 'One what-if is stopped at 0 s and waits' : `${asking} what-ifs are stopped at 0 s and wait`} for Play, with the predictions made so far kept.`;
  resetAllSaid.textContent = (e ? `${sims} back at their start, and ${e === 1 ? 'one experiment has' : `${e} experiments have`} no runs.` : `${sims} back at their start.`) + waits;
});
