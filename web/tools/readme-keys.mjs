// Writes web/README.md's key tables from the scenes' key rows: the table
// after each `<!-- keys: NAME -->` line becomes `flocklab keys --scene NAME`.
// A new key row, steer mode or scene's table is then one command (make
// readme-keys), and a native test (Words.TheReadmesKeyTablesAreTheKeyTable)
// fails while a table differs from its rows.
//   node web/tools/readme-keys.mjs [FLOCKLAB]   (default build/native/flocklab)
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const cli = process.argv[2] ?? join(root, 'build', 'native', 'flocklab');
const file = join(root, 'web', 'README.md');
const text = readFileSync(file, 'utf8');
let changed = 0;
const out = text.replace(/(<!-- keys: ([\w-]+) -->\n)((?:\|.*\n)*)/g, (all, marker, scene, table) => {
  const rows = execFileSync(cli, ['keys', '--scene', scene], { encoding: 'utf8' });
  if (rows !== table) changed++;
  return marker + rows;
});
if (out !== text) writeFileSync(file, out);
console.log(`web/README.md: ${changed} key table(s) rewritten`);
