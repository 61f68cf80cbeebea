// The modules without WebAssembly SIMD (CMakeLists.txt: flocklab_core_nosimd),
// checked and put beside the others in BUILD/web:
//   flocklab-core-nosimd.wasm, flocklab-sweep-nosimd.wasm.
// The page ships one JS glue for each pair, so each pair's glue must be the
// same file byte for byte (the same imports and exports); and the modules
// must use only WebAssembly 1.0's instructions (binaryen's validator with
// its MVP features: no SIMD, nothing Safari 11 lacks). Either failing stops
// the build with the reason.
//
//   node web/tools/nosimd.mjs BUILD
import { execFileSync } from 'node:child_process';
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const build = process.argv[2] ?? 'build';
const pairs = [['src/widget', 'flocklab-core'], ['src/sweep', 'flocklab-sweep']];
for (const [dir, name] of pairs) {
  const withSimd = join(build, 'wasm', dir);
  const without = join(withSimd, 'nosimd');
  if (!readFileSync(join(withSimd, `${name}.js`)).equals(readFileSync(join(without, `${name}.js`)))) {
    console.error(`nosimd: ${without}/${name}.js differs from ${withSimd}/${name}.js: the modules with and without SIMD no longer share their JS (their imports or exports differ)`);
    process.exit(1);
  }
  const wasm = join(without, `${name}.wasm`);
  try {
    execFileSync('wasm-opt', ['--mvp-features', wasm, '-o', '/dev/null'], { stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (err) {
    const first = String(err.stderr ?? err.message).split('\n').slice(0, 2).join(' ');
    console.error(`nosimd: ${wasm} uses more than WebAssembly 1.0 (${first})`);
    process.exit(1);
  }
  copyFileSync(wasm, join(build, 'web', `${name}-nosimd.wasm`));
}
console.log(`nosimd: ${pairs.map(([, n]) => `${n}-nosimd.wasm`).join(', ')}: WebAssembly 1.0, the same JS as with SIMD`);
