// The widget's language. Every string the widget shows or says is written in
// English where it is used (in the shim: t('...'); in the module: tr("...")),
// and looked up in the table of the widget's language: web/lang/<code>.json,
// built into the module lang/<code>.js (`export default {...}`) beside
// flocklab.js, and imported only by a page that asks for it.
// The language is the element's data-lang, or else its closest lang
// attribute (the HTML convention); a language without a table is English,
// with one warning. Numbers follow the language (Intl.NumberFormat) where
// people read them; the CSV and the JSON stay language-neutral.
//
// Adding a language: web/lang/<code>.json (every key of
// `node web/tools/lang-keys.mjs`, checked by `--check`) and its line in
// SHIPPED below.
import { warn } from './values.js';
import { inline, besideShim } from './inline.js';

// The tables the release carries, each imported by its literal address: the
// form every bundler follows (Vite, its dev server, webpack, Rollup, esbuild,
// Parcel: the table becomes a chunk of the author's site), and that a plain
// page loads from lang/ beside flocklab.js (the shim's own build leaves it so).
const SHIPPED = {
  es: () => import('./lang/es.js'),
};
// The pseudo-locale, a test of the keys, is built beside flocklab.js by
// `make web` and is in no release: it is fetched by a computed address
// that bundlers leave alone (besideShim; an import() of an expression
// fails Turbopack's build, and minifying drops the comments that would
// tell it to look away).
const BUILT = {
  qps: () => fetch(besideShim('lang/qps.json')).then((r) => {
    if (!r.ok) throw new Error(`HTTP ${r.status}`);
    return { default: r.json() };
  }),
};
export const LANGUAGES = ['en', ...Object.keys(SHIPPED), ...Object.keys(BUILT)];
// A table's file beside flocklab.js, as warnings name it.
export const tableFile = (code) => (Object.hasOwn(SHIPPED, code) ? `lang/${code}.js` : `lang/${code}.json`);

const tables = new Map(); // code -> Promise of its table
const cleaned = new Map(); // code -> its usable rows (usable())
const warned = new Set();

// "es-MX" -> "es"; the pseudo-locale's tags (qps, qps-ploc) -> "qps".
export function languageTag(el, explicit) {
  const tag = String(explicit || el.dataset.lang || langAbove(el) || 'en').trim();
  return tag === '' ? 'en' : tag;
}
// The closest lang attribute, through shadow roots to their hosts (a widget
// inside a web component takes the component's, or the page's, language).
function langAbove(el) {
  for (let n = el; n; n = n.getRootNode() instanceof ShadowRoot ? n.getRootNode().host : null) {
    const found = n.closest('[lang]');
    if (found) return found.getAttribute('lang');
  }
  return null;
}
const primary = (tag) => tag.toLowerCase().split(/[-_]/)[0];

// The widget's language: a promise of {code, locale, t, number, decimal, packed}.
// `explicit`: mount(el, {lang}) or data-lang, before the page's lang.
export function loadLanguage(el, explicit) {
  const tag = languageTag(el, explicit);
  const code = primary(tag);
  if (code === 'en') return Promise.resolve(english);
  if (!LANGUAGES.includes(code)) {
    if (!warned.has(tag)) {
      warned.add(tag);
      warn(el, `lang="${tag}": the widget has no table for this language (it has ${LANGUAGES.join(', ')}); using English`);
    }
    return Promise.resolve(english);
  }
  if (!tables.has(code) && inline) { // a single-file build asks for nothing: a table it does not carry is English
    tables.set(code, inline.lang[code] ? Promise.resolve(inline.lang[code]) : Promise.reject(new Error('this single file does not carry it')));
  }
  if (!tables.has(code)) {
    tables.set(code, (SHIPPED[code] ?? BUILT[code])().then((m) => m.default));
  }
  return tables.get(code).then((raw) => {
    if (!cleaned.has(code)) cleaned.set(code, usable(el, code, raw)); // checked once per table
    return makeLanguage(code, code === 'qps' ? 'en' : tag, cleaned.get(code));
  }, (err) => {
    if (!warned.has(`${code}!`)) {
      warned.add(`${code}!`);
      warn(el, `the table ${tableFile(code)} could not be loaded (${err.message}); using English`);
    }
    return english;
  });
}

// A table's rows that the widget can use: string keys and values without
// the packing's separators (\x1e, \x1f) or NUL. The others are dropped
// (said once, on the first widget that loads the table) and stay English.
function usable(el, code, raw) {
  const table = {};
  const dropped = [];
  const bad = /[\x00\x1e\x1f]/;
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    warn(el, `${tableFile(code)} is not an object of "English": "translation" rows; using English`);
    return table;
  }
  for (const [k, v] of Object.entries(raw)) {
    if (typeof v === 'string' && !bad.test(k) && !bad.test(v)) table[k] = v;
    else dropped.push(k);
  }
  if (dropped.length) warn(el, `${tableFile(code)}: ${dropped.length} row(s) are not plain text and stay English: ${dropped.slice(0, 3).map((k) => JSON.stringify(k.slice(0, 40))).join(', ')}`);
  return table;
}

// English's decimal point is known, and its numbers are written here, to
// the digit as Intl.NumberFormat writes them (the number's shortest decimal,
// rounded half away from zero: 0.5395 is 0.540 where toFixed says 0.539),
// without the engine's first Intl.NumberFormat (20-40 ms at load, loading
// its locale data). Null where that decimal has an exponent (1e21, 1e-7).
export function englishFixed(v, d) {
  const s = String(Math.abs(v));
  if (!Number.isInteger(d) || d < 0 || d > 20 || !/^\d+(\.\d+)?$/.test(s)) return null;
  const [whole, frac = ''] = s.split('.');
  let digits = whole + frac.slice(0, d).padEnd(d, '0');
  if (frac.charCodeAt(d) >= 53) { // the next digit is 5 or more: up
    let i = digits.length - 1;
    while (i >= 0 && digits[i] === '9') i--;
    digits = (i < 0 ? '1' : digits.slice(0, i) + String(Number(digits[i]) + 1)) + '0'.repeat(digits.length - 1 - i);
  }
  const sign = v < 0 || Object.is(v, -0) ? '-' : '';
  return d ? `${sign}${digits.slice(0, -d)}.${digits.slice(-d)}` : sign + digits;
}
function makeLanguage(code, locale, table) {
  let decimal = '.';
  if (code !== 'en') {
    let nf;
    try { nf = new Intl.NumberFormat(locale); } catch { nf = new Intl.NumberFormat('en'); }
    decimal = nf.formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
  }
  const formats = new Map();
  return {
    code,
    locale,
    decimal,
    // The translation of an English string, with {0}, {1}, ... filled in.
    t(key, ...args) {
      const s = Object.hasOwn(table, key) ? table[key] : key;
      return args.length ? s.replace(/\{(\d+)\}/g, (m, i) => (i < args.length ? String(args[i]) : m)) : s;
    },
    // v with exactly d decimals, as this language writes numbers (no grouping).
    number(v, d) {
      const english = code === 'en' ? englishFixed(v, d) : null;
      if (english !== null) return english;
      if (!formats.has(d)) {
        try { formats.set(d, new Intl.NumberFormat(locale, { minimumFractionDigits: d, maximumFractionDigits: d, useGrouping: false })); } catch { formats.set(d, null); }
      }
      const f = formats.get(d);
      return f ? f.format(v) : v.toFixed(d);
    },
    // The table as the module reads it (--strings): "key\x1fvalue\x1e" rows.
    packed: () => Object.entries(table).map(([k, v]) => `${k}\x1f${v}`).join('\x1e'),
  };
}

export const english = makeLanguage('en', 'en', {});
