// WebAssembly SIMD, and the modules built without it. The core is built
// twice (CMakeLists.txt): with SIMD (-msimd128, faster), and without it for
// engines that have none (Safari and every iPad browser before iOS and
// iPadOS 16.4), which would refuse the first with "invalid opcode 253".
// Both give the same trajectories to the bit; the page takes the one its
// engine runs, decided here once for the widget, the experiments on this
// thread and their workers.
import { inline } from './inline.js';

// The smallest module that uses SIMD: one function returning a v128.const.
const SIMD_PROBE = [0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 0x60, 0, 1, 0x7b, 3, 2, 1, 0,
  0x0a, 0x16, 1, 0x14, 0, 0xfd, 0x0c, ...new Array(16).fill(0), 0x0b];
let simd = null;
export const hasSimd = () => (simd ??= typeof WebAssembly === 'object' && WebAssembly.validate(new Uint8Array(SIMD_PROBE)));

// The widget's module: each address written out in the new URL(file,
// import.meta.url) form, so that bundlers copy both files.
export const coreWasm = () => (hasSimd()
  ? new URL('./flocklab-core.wasm', import.meta.url)
  : new URL('./flocklab-core-nosimd.wasm', import.meta.url));

// The options for createSweep(): its glue finds flocklab-sweep.wasm by
// itself; without SIMD it is told the other file. (A worker is told which
// by the page's messages, experiment-run.js: the probe is the page's.)
export const sweepOptions = (withSimd) => (withSimd ? {} : {
  locateFile: () => new URL('./flocklab-sweep-nosimd.wasm', import.meta.url).href,
});

// A single file (offline.mjs) carries the modules with SIMD only: whether
// this engine cannot run it, and what the student can do then (in `t`'s
// language).
export const offlineWithoutSimd = () => Boolean(inline) && !hasSimd();
export const simdAdvice = (t) => t('this browser\'s WebAssembly has no SIMD, which this offline file needs (Safari and every iPad browser have it from iOS and iPadOS 16.4, Chrome from 91, Firefox from 89). Open the lesson\'s web page instead (it has a version without SIMD), or update the system or the browser.');
