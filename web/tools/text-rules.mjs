// The text rules the core and the shim share (src/core/text_rules.def: the
// yes and no words, how much of a value a message quotes) as the shim's
// module, which values.js imports as 'flocklab-text-rules' (make web writes
// it and esbuild's --alias points there).
//   node web/tools/text-rules.mjs OUT.js
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const source = readFileSync(join(root, 'src/core/text_rules.def'), 'utf8');
const yes = [...source.matchAll(/^FLOCKLAB_YES\("([^"]*)"\)$/gm)].map((m) => m[1]);
const no = [...source.matchAll(/^FLOCKLAB_NO\("([^"]*)"\)$/gm)].map((m) => m[1]);
const quoteMax = Number(source.match(/^FLOCKLAB_QUOTE_MAX\((\d+)\)$/m)?.[1]);
if (yes.length < 2 || no.length < 2 || !(quoteMax > 3)) throw new Error('text-rules: text_rules.def lacks its yes or no words or FLOCKLAB_QUOTE_MAX');
const out = process.argv[2];
if (!out) throw new Error('usage: node web/tools/text-rules.mjs OUT.js');
writeFileSync(out, `// Made by web/tools/text-rules.mjs from src/core/text_rules.def: do not edit.
export const YES = ${JSON.stringify(yes)};
export const NO = ${JSON.stringify(no)};
export const QUOTE_MAX = ${quoteMax};
`);
