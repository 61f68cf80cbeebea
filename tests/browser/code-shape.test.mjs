// The code's shape, checked so it cannot drift back: no source file over
// 400 lines (src/, web/src/), and no function in the shim (web/src/) over
// 80 lines (issue 43). The shim is parsed with acorn, the parser terser
// brings into web/tools (installed by `make web`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createRequire } from 'node:module';
import { root } from './helpers.mjs';

const acorn = createRequire(join(root, 'web', 'tools', 'package.json'))('acorn');
const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 80;

const filesUnder = (dir, ext) => readdirSync(dir, { recursive: true }).map(String)
  .filter((f) => ext.some((e) => f.endsWith(e))).map((f) => join(dir, f));
const linesOf = (file) => readFileSync(file, 'utf8').split('\n').length - 1;

// Every function node of an acorn tree, with the name it is known by.
function functions(node, name, out) {
  if (!node || typeof node.type !== 'string') return out;
  if (/Function/.test(node.type)) out.push({ name: node.id?.name ?? name ?? '(anonymous)', lines: node.loc.end.line - node.loc.start.line + 1, line: node.loc.start.line });
  for (const [key, child] of Object.entries(node)) {
    if (key === 'loc') continue;
    const named = node.type === 'VariableDeclarator' ? node.id?.name : node.type === 'Property' || node.type === 'MethodDefinition' ? node.key?.name : name;
    for (const c of Array.isArray(child) ? child : [child]) if (c && typeof c === 'object') functions(c, named, out);
  }
  return out;
}

test(`no source file is over ${MAX_FILE_LINES} lines`, () => {
  const files = [...filesUnder(join(root, 'src'), ['.cpp', '.hpp']), ...filesUnder(join(root, 'web', 'src'), ['.js'])];
  assert.ok(files.length > 50, `${files.length} files`);
  const long = files.filter((f) => linesOf(f) > MAX_FILE_LINES).map((f) => `${relative(root, f)}: ${linesOf(f)}`);
  assert.deepEqual(long, []);
});

test(`no function in web/src is over ${MAX_FUNCTION_LINES} lines`, () => {
  const long = [];
  let counted = 0;
  for (const file of filesUnder(join(root, 'web', 'src'), ['.js'])) {
    const tree = acorn.parse(readFileSync(file, 'utf8'), { ecmaVersion: 'latest', sourceType: 'module', locations: true });
    for (const f of functions(tree, null, [])) {
      counted++;
      if (f.lines > MAX_FUNCTION_LINES) long.push(`${relative(root, file)}:${f.line} ${f.name}: ${f.lines} lines`);
    }
  }
  assert.ok(counted > 500, `${counted} functions found`);
  assert.deepEqual(long, []);
});
