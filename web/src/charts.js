// A chart's words: the one-sentence summary per gauge of an <svg
// data-plot="spacing order"> (its description, drawn by plot.js in the
// experiments' chunk), also FlockLab.plotSummary().
import { english } from './lang.js';
import { PLOT_WINDOW_S, number } from './values.js';



// One sentence per gauge: where it went over the window, and after which
// change; in `lang` (the widget's language, lang.js). `same`: per gauge, a
// change smaller than this is noise, said "about the same" (the module's
// Gauge::same, in its description); without it, any change counts.
export function plotSummary(h, names, decimals = {}, lang = english, same = {}) {
  const { t } = lang;
  const n = h.time.length;
  if (n < 2) return t('No history yet.');
  const t1 = h.time[n - 1];
  const t0 = Math.max(h.time[0], t1 - PLOT_WINDOW_S);
  const marks = h.events.filter((e) => e.time >= t0 && e.time < t1 && e.kind !== 'reset');
  const last = marks[marks.length - 1];
  const from = last ? last.time : t0;
  let k0 = h.time.findIndex((t) => t >= from);
  if (k0 < 0) k0 = 0;
  return names.filter((g) => g in h).map((g) => {
    const a = h[g][k0];
    const b = h[g][n - 1];
    const unit = h.units[g];
    const d = decimals[g];
    const when = last ? t(' after {0} at {1} s', last.what, lang.number(last.time, 1)) : t(' over {0} s', lang.number(t1 - t0, 0));
    const [va, vb] = [number(a, unit, d, lang), number(b, unit, d, lang)];
    if (Math.abs(b - a) < 1e-9 * Math.max(1, Math.abs(a))) return t('{0} stayed at {1}{2}.', t(g), vb, when);
    if (Math.abs(b - a) < (same[g] ?? 0)) return t('{0} stayed about the same, near {1}{2}.', t(g), vb, when);
    return b < a ? t('{0} fell from {1} to {2}{3}.', t(g), va, vb, when) : t('{0} rose from {1} to {2}{3}.', t(g), va, vb, when);
  }).concat(previousRun(h, names, decimals, lang)).join(' ');
}

// The run before, in one sentence: where its gauges ended.
function previousRun(h, names, decimals, { t, number: num }) {
  const p = h.runs?.[h.runs.length - 1];
  const k = p ? p.time.length - 1 : -1;
  if (k < 1) return [];
  const ends = names.filter((g) => g in p).map((g) => `${t(g)} ${number(p[g][k], h.units[g], decimals[g], { t, number: num })}`);
  return [t('The run before (run {0}, seed {1}) ended at {2} s with {3}.', p.run, p.seed, num(p.time[k], 1), ends.join(t(' and ')))];
}
