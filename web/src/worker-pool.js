// The page's experiment workers, one pool shared by every experiment on the
// page: at most MAX_WORKERS live (one per core but the page's own), an idle
// one kept for the next job, and a job that finds none waits for one. (Each
// experiment near the viewport kept a worker of its own: 30 held 23 idle
// workers, +157 MB.) A worker runs one message at a time to its end, so a
// worker that finished a job is free; stopping a job ends its workers.
export const MAX_WORKERS = 4;
export const poolSize = () => Math.max(1, Math.min((navigator.hardwareConcurrency || 2) - 1, MAX_WORKERS));
const idle = [];
const waiting = [];
let live = 0;
// Each job's messages carry its number: a worker handed on may still send the last job's 'done'.
let jobs = 0;
export const nextJob = () => ++jobs;
const make = () => new Worker(new URL('./flocklab-sweep-worker.js', import.meta.url), { type: 'module' });

// A promise of a worker (a new one, an idle one, or the next one freed).
export function acquire() {
  if (idle.length) return Promise.resolve(idle.pop());
  if (live < poolSize()) {
    live++;
    try {
      return Promise.resolve(make());
    } catch (err) {
      live--;
      return Promise.reject(err);
    }
  }
  return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
}
// A worker whose job is done: to the next job that waits, or kept idle.
export function release(w) {
  w.onmessage = null;
  w.onerror = null;
  const next = waiting.shift();
  if (next) next.resolve(w);
  else idle.push(w);
}
// A worker stopped mid-job (or broken): ended, and a waiting job gets a new one.
export function discard(w) {
  w.terminate();
  live--;
  const next = waiting.shift();
  if (next) acquire().then(next.resolve, next.reject);
}
// How many the page holds (tests).
export const poolStats = () => ({ live, idle: idle.length, waiting: waiting.length, max: poolSize() });
