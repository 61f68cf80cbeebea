// The module's C API, the one list: every EMSCRIPTEN_KEEPALIVE fl_* function
// of src/widget/web_main.cpp, read from its signature, becomes a row
// [name, C name, return type, argument types] of the shim's table, which
// loader.js imports as 'flocklab-c-api' (make web writes it and esbuild's
// --alias points there). The JS name is the C name without fl_, in
// camelCase: fl_input_help is api.inputHelp.
//   node web/tools/c-api.mjs OUT.js
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const source = readFileSync(join(root, 'src/widget/web_main.cpp'), 'utf8');
const type = (t) => {
  const c = t.replace(/\s+/g, ' ').trim();
  if (c === 'void') return null;
  if (c === 'const char*' || c === 'const char *') return 'string';
  if (['int', 'double', 'float', 'unsigned', 'long long'].includes(c)) return 'number';
  throw new Error(`c-api: no JS type for the C type "${c}"`);
};
const camel = (s) => s.replace(/_([a-z])/g, (_, c) => c.toUpperCase());
const rows = [];
for (const m of source.matchAll(/EMSCRIPTEN_KEEPALIVE\s+([\w\s*]+?)\s*\b(fl_\w+)\s*\(([^)]*)\)/g)) {
  const [, ret, name, params] = m;
  const args = params.trim() === '' || params.trim() === 'void' ? [] : params.split(',').map((p) => type(p.trim().replace(/\s*\w+$/, '')));
  rows.push([camel(name.slice(3)), name, type(ret), args]);
}
if (rows.length < 10) throw new Error(`c-api: found only ${rows.length} functions in web_main.cpp`);
const out = process.argv[2];
if (!out) throw new Error('usage: node web/tools/c-api.mjs OUT.js');
writeFileSync(out, `// Made by web/tools/c-api.mjs from src/widget/web_main.cpp: do not edit.\nexport const EXPORTS = ${JSON.stringify(rows)};\n`);
