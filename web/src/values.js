// Small shared helpers: warnings, names and the checks every value passes.
import { NO, QUOTE_MAX, YES } from 'flocklab-text-rules';

export function warn(el, message) {
  console.warn(`flocklab: ${message}`, el);
}

export const upperFirst = (s) => s[0].toUpperCase() + s.slice(1);
// [SECTION] Name spellings, the shim's one place for them (the core's is
// src/core/names.hpp): options are camelCase (leaderTarget), tunables
// snake_case (weight_separation), and a page writes both in kebab-case.
const words = (s, sep) => s.replace(/[A-Z]/g, (c) => `${sep}${c.toLowerCase()}`);
export const kebab = (camel) => words(camel, '-'); // leaderTarget -> leader-target
export const snake = (camel) => words(camel, '_'); // weightSeparation -> weight_separation
export const camel = (snakeName) => snakeName.replace(/_([a-z])/g, (_, c) => c.toUpperCase()); // weight_separation -> weightSeparation
export const kebabOfSnake = (snakeName) => snakeName.replaceAll('_', '-'); // weight_separation -> weight-separation

// A whole number from an attribute or an argument; out-of-range values are
// clamped and anything that is not a number falls back to the default, each
// with a console warning.
export function wholeNumber(el, name, raw, fallback, lo, hi) {
  if (raw === undefined || raw === null || raw === '') return fallback;
  const v = typeof raw === 'number' ? raw : Number(text(raw, name).trim());
  if (!Number.isFinite(v)) {
    warn(el, `${name}="${quote(raw)}" is not a number; using ${fallback}`);
    return fallback;
  }
  const clamped = Math.min(hi, Math.max(lo, Math.round(v)));
  if (clamped !== v) warn(el, `${name}="${quote(raw)}" must be a whole number from ${lo} to ${hi}; using ${clamped}`);
  return clamped;
}

export function finitePoint(what, x, y) {
  if (typeof x !== 'number' || typeof y !== 'number' || !Number.isFinite(x) || !Number.isFinite(y)) {
    throw new TypeError(`flocklab: ${what} needs two finite numbers, got (${x}, ${y})`);
  }
}

// [SECTION] One parser for values: every option, attribute and argument goes
// through these, so the same text means the same thing everywhere.

// At most QUOTE_MAX characters of a value, for messages (the core's rule:
// src/core/text_rules.def).
export function quote(v) {
  const s = String(v);
  return s.length > QUOTE_MAX ? `${s.slice(0, QUOTE_MAX - 3)}...` : s;
}

// The longest string the module takes (each goes into its heap for the call: loader.js).
export const MAX_TEXT = 500000; // characters

// Text for the module: a NUL byte would cut it short there, and a string past
// MAX_TEXT would run off its stack, so both are refused here, at the call
// (before ready as after it).
export function text(v, what) {
  const s = typeof v === 'string' ? v : String(v);
  if (s.length > MAX_TEXT) throw new RangeError(`flocklab: ${what} is ${s.length} characters, longer than the ${MAX_TEXT} the widget takes`);
  if (s.includes('\0')) throw new TypeError(`flocklab: ${what} contains a NUL character: "${quote(s.replaceAll('\0', '\\0'))}"`);
  return s;
}

// Yes and no: the core's words (src/core/text_rules.def: true, 1, "yes",
// "on", "" (a present attribute) are yes; false, 0, "no", "off" no; any
// case), and JavaScript's true, false, 1 and 0; `extra` adds words
// ("paused"). A browser-only rule of its own: spaces around a word are
// dropped (attribute values). Anything else throws a TypeError naming `what`.
const YES_NO_WORDS = `yes or no (${YES.filter(Boolean).join(', ')}, or ${NO.join(', ')})`;
export function yesNo(v, what, extra = []) {
  if (v === true || v === 1) return true;
  if (v === false || v === 0) return false;
  const w = text(v, what).trim().toLowerCase();
  if ([...YES, ...extra].includes(w)) return true;
  if (NO.includes(w)) return false;
  throw new TypeError(`flocklab: ${what} takes ${YES_NO_WORDS}, got "${quote(v)}"`);
}

// data-paused as an author writes it: present, "true", "paused", "1" pause;
// "false", "0", "no", "off" do not; anything else warns and runs.
export function isOn(v, el) {
  if (v === undefined || v === null) return false;
  try {
    return yesNo(v, 'paused', ['paused']);
  } catch (err) {
    warn(el, `${err.message.replace('flocklab: ', '')}; running`);
    return false;
  }
}

// A whole number written as one (no trailing text, no 0x, no NUL): the number, or NaN.
export function strictWhole(v) {
  if (typeof v === 'number') return Number.isInteger(v) ? v : NaN;
  if (typeof v !== 'string' || !/^\s*[-+]?\d+\s*$/.test(v)) return NaN;
  return Number(v);
}

// The element's own descendants matching `selector`, not those of a widget nested inside it.
export const own = (el, selector) => [...el.querySelectorAll(selector)].filter((n) => n.closest('.flocklab') === el);

// [SECTION] Statistics of runs, the shim's one place for them (the CLI's is
// the core's summarize(), experiment.hpp): the count, mean, lowest and
// highest of a list of numbers (NaN mean and no bounds for none), in one
// pass without spreading the list into arguments.
export function summarize(xs) {
  let sum = 0;
  let min = Infinity;
  let max = -Infinity;
  for (const x of xs) {
    sum += x;
    if (x < min) min = x;
    if (x > max) max = x;
  }
  return { n: xs.length, mean: xs.length ? sum / xs.length : NaN, min, max };
}

// A gauge's value as the page shows it: two decimals without a unit, one with.
// A gauge's value for people: in `lang`'s way of writing numbers (lang.js), English without it.
export function format(value, unit, decimals, lang) {
  if (!Number.isFinite(value)) return '–';
  const d = decimals ?? (unit === '' ? 2 : 1);
  return lang ? lang.number(value, d) : value.toFixed(d);
}
// A chart's window: the last PLOT_WINDOW_S simulated seconds, drawn (plot.js) and said (charts.js).
export const PLOT_WINDOW_S = 60;

// A value with its unit: a count's agrees with it ("1 agent", "0 agents",
// "1.5 cells"), and degrees are "°".
const ONE = { agents: (t) => t('agent'), cells: (t) => t('cell'), boids: (t) => t('boid') };
// `shown`: the number as written; t: the language's (English without).
export function withUnit(shown, unit, t = (x) => x) {
  if (unit === '') return shown;
  if (unit === 'deg') return `${shown}${unitWord(unit, t)}`;
  return `${shown} ${ONE[unit] && shown === '1' ? ONE[unit](t) : unitWord(unit, t)}`;
}
// A unit as a student reads it: degrees as the lesson writes them, "°".
export const unitWord = (unit, t = (x) => x) => (unit === 'deg' ? '°' : t(unit));
export const number = (v, unit, decimals, lang) => withUnit(format(v, unit, decimals, lang), unit, lang && ((x) => lang.t(x)));

// [SECTION] Names: a typo's nearest valid name.
// Edit distance with adjacent transpositions ("veiw" -> "view" is one edit).
function edits(a, b) {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}
// The same name however it is spelled: weightSeparation, weight_separation, weight-separation.
export const plain = (s) => kebabOfSnake(kebab(String(s))).toLowerCase();
// The valid name nearest `name` (in `names`), if it is a likely typo: at most
// two edits, and at most a third of the name's length. Only names within two
// characters of its length are compared (more edits apart anyway), so a name
// of any length costs at most a small table per setting.
export const MAX_NAME = 64; // characters: longer than any setting's name
export function nearest(name, names) {
  const n = plain(name);
  if (n.length > MAX_NAME + 2) return null;
  let best = null;
  let bestD = Infinity;
  for (const c of names) {
    const p = plain(c);
    if (Math.abs(p.length - n.length) > 2) continue;
    const d = edits(n, p);
    if (d < bestD) { best = c; bestD = d; }
  }
  return bestD > 0 && bestD <= 2 && bestD <= n.length / 3 ? best : null;
}
