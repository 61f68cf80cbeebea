// The widget's translatable strings, found where they are written: C++
// literals inside tr(), trf(), N_() and the ui_text*() formats, the shim's
// t('...') calls, and the pages' data-fl-text words. English is the key; each web/lang/<code>.json maps keys to
// one language.
//
//   node web/tools/lang-keys.mjs                 the keys, one JSON array
//   node web/tools/lang-keys.mjs --check         every table has every key, with
//                                                the same {n} and printf specs (exit 1 if not)
//   node web/tools/lang-keys.mjs --modules DIR   the tables as the widget imports them:
//                                                DIR/<code>.js (`export default {...}`) for each
//                                                web/lang/<code>.json, and DIR/qps.json, the pseudo-locale
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const files = (dir, re) => readdirSync(join(root, dir)).filter((f) => re.test(f)).map((f) => join(root, dir, f));

// The text between the parenthesis that opens at `at` and its partner.
function balanced(src, at) {
  let depth = 0;
  for (let i = at; i < src.length; i++) {
    const c = src[i];
    if (c === '"' || c === "'") { // skip a literal
      for (i++; i < src.length && src[i] !== c; i++) if (src[i] === '\\') i++;
      continue;
    }
    if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return src.slice(at + 1, i);
  }
  return '';
}

const unescape = (s) => s.replace(/\\(.)/g, (_, c) => ({ n: '\n', t: '\t' })[c] ?? c);
const letters = /[A-Za-z]/;

export function keys() {
  const found = new Set();
  for (const f of [...files('src/core', /\.(cpp|hpp)$/), ...files('src/widget', /\.(cpp|hpp)$/)]) {
    const src = readFileSync(f, 'utf8').replace(/\/\/[^\n]*/g, (m) => (m.includes('"') ? '' : m));
    for (const m of src.matchAll(/\b(?:tr|trf|N_|ui_text|ui_text_coloured|ui_text_disabled)\(/g)) {
      // Not the declarations and definitions of the markers themselves.
      if (/(?:#define|char\*|string|void)\s*$/.test(src.slice(src.lastIndexOf('\n', m.index) + 1, m.index))) continue;
      const args = balanced(src, m.index + m[0].length - 1);
      // Adjacent literals are one string ("a" "b").
      for (const run of args.matchAll(/"(?:[^"\\]|\\.)*"(?:\s*"(?:[^"\\]|\\.)*")*/g)) {
        const text = [...run[0].matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((x) => unescape(x[1])).join('');
        if (letters.test(text)) found.add(text);
      }
    }
  }
  for (const f of files('web/src', /\.js$/)) {
    const src = readFileSync(f, 'utf8').replace(/^\s*\/\/.*$/gm, ''); // not the comments
    for (const m of src.matchAll(/\btr?\(\s*(['"])((?:\\.|(?!\1).)*)\1/g)) found.add(unescape(m[2]));
  }
  // The pages' words that ask to be translated: <button data-fl-text>Reset</button>
  // (and the offline files' own, which web/tools/offline.mjs writes in).
  for (const f of [...files('web', /\.html$/), ...files('web/tools', /^offline\.mjs$/)]) {
    for (const m of readFileSync(f, 'utf8').matchAll(/data-fl-text>([^<]+)</g)) found.add(m[1].trim());
  }
  return [...found].sort();
}

// What must survive translation: {n} placeholders (any order) and printf
// conversions (in order, as the C++ passes its arguments).
const placeholders = (s) => [...new Set([...s.matchAll(/\{\d+\}/g)].map((m) => m[0]))].sort().join(' ');
const conversions = (s) => [...s.matchAll(/%[-+ 0#]*\d*(?:\.\d+)?[a-zA-Z%]/g)].map((m) => m[0]).join(' ');

export function check(table, all) {
  const problems = [];
  for (const k of all) {
    if (!(k in table)) { problems.push(`missing: ${JSON.stringify(k)}`); continue; }
    const v = table[k];
    if (typeof v !== 'string' || v === '') problems.push(`empty: ${JSON.stringify(k)}`);
    else if (placeholders(v) !== placeholders(k)) problems.push(`placeholders differ: ${JSON.stringify(k)} -> ${JSON.stringify(v)}`);
    else if (conversions(v) !== conversions(k)) problems.push(`printf conversions differ: ${JSON.stringify(k)} -> ${JSON.stringify(v)}`);
    else if (/[^\u0000-\u00ff]/.test(v)) problems.push(`outside Latin-1 (the canvas font): ${JSON.stringify(v)}`);
  }
  for (const k of Object.keys(table)) if (!all.includes(k)) problems.push(`not used any more: ${JSON.stringify(k)}`);
  return problems;
}

// The pseudo-locale: accented, 40% longer, in brackets, with placeholders,
// printf conversions and the spaces at either end kept.
const ACCENT = { a: 'á', e: 'é', i: 'í', o: 'ö', u: 'ü', c: 'ç', n: 'ñ', y: 'ý', A: 'Å', E: 'É', I: 'Î', O: 'Ö', U: 'Ü', C: 'Ç', N: 'Ñ', Y: 'Ý' };
export function pseudo(s) {
  const [, lead, body, trail] = /^(\s*)([\s\S]*?)(\s*)$/.exec(s);
  const kept = /(\{\d+\}|%[-+ 0#]*\d*(?:\.\d+)?[a-zA-Z%])/;
  const text = body.split(kept).map((part, i) => (i % 2 ? part : part.replace(/[A-Za-z]/g, (c) => ACCENT[c] ?? c))).join('');
  return `${lead}[${text}${'·'.repeat(Math.ceil(body.length * 0.4))}]${trail}`;
}

// The shim imports each shipped table by its literal address (web/src/lang.js's
// SHIPPED): its codes must be web/lang's tables, or a bundler fails on a
// missing file, or a table is never loaded.
function shippedMatches() {
  const src = readFileSync(join(root, 'web/src/lang.js'), 'utf8');
  const block = /const SHIPPED = \{([\s\S]*?)\n\};/.exec(src)?.[1] ?? '';
  const lines = [...block.matchAll(/^\s*(\w+): \(\) => import\('\.\/lang\/(\w+)\.js'\),$/gm)];
  const listed = lines.map((m) => (m[1] === m[2] ? m[1] : `${m[1]} (from lang/${m[2]}.js)`)).sort();
  const tables = readdirSync(join(root, 'web/lang')).filter((x) => x.endsWith('.json')).map((f) => f.slice(0, -5)).sort();
  if (JSON.stringify(listed) === JSON.stringify(tables)) return [];
  return [`web/src/lang.js's SHIPPED imports ${listed.join(', ') || 'nothing'}, web/lang has ${tables.join(', ')}: one line \`code: () => import('./lang/code.js'),\` per table`];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const all = keys();
  for (const p of shippedMatches()) {
    console.error(p);
    process.exit(1);
  }
  if (process.argv[2] === '--check') {
    let bad = 0;
    for (const f of readdirSync(join(root, 'web/lang')).filter((x) => x.endsWith('.json'))) {
      const problems = check(JSON.parse(readFileSync(join(root, 'web/lang', f), 'utf8')), all);
      for (const p of problems) console.error(`web/lang/${f}: ${p}`);
      bad += problems.length;
      if (!problems.length) console.log(`web/lang/${f}: ${all.length} strings, all translated`);
    }
    process.exit(bad ? 1 : 0);
  } else if (process.argv[2] === '--modules') {
    const dir = process.argv[3];
    mkdirSync(dir, { recursive: true });
    const tables = Object.fromEntries(readdirSync(join(root, 'web/lang')).filter((x) => x.endsWith('.json'))
      .map((f) => [f.slice(0, -5), JSON.parse(readFileSync(join(root, 'web/lang', f), 'utf8'))]));
    // JSON is a JavaScript expression (U+2028 and U+2029 included, since ES2019).
    for (const [code, table] of Object.entries(tables)) writeFileSync(join(dir, `${code}.js`), `export default ${JSON.stringify(table)};\n`);
    // The pseudo-locale is fetched (web/src/lang.js's BUILT).
    writeFileSync(join(dir, 'qps.json'), JSON.stringify(Object.fromEntries(all.map((k) => [k, pseudo(k)]))));
  } else {
    console.log(JSON.stringify(all, null, 1));
  }
}
