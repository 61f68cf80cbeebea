// Each file a browser fetches, compressed once at build time beside itself
// as FILE.br, brotli at its best (quality 11, too slow to run per request).
// A server that sends it (web/serve.mjs; nginx's brotli_static, Caddy's
// file_server precompressed: see web/hosting/) sends fewer bytes than one
// that compresses as it goes: the core's wasm is 176 kB as brotli 11, 192 kB
// at quality 9, 195 kB at Apache's default 5, and 210 kB gzipped (a gzipped
// copy would gain a server 1% at most: none is made). Source maps are left
// out (only a developer's tools fetch them).
// usage: node web/tools/precompress.mjs DIR   (make web: build/web)
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { fileURLToPath } from 'node:url';

// What web/serve.mjs sends compressed, less the maps; files under 1 kB gain nothing.
export const PACKED = new Set(['.html', '.js', '.mjs', '.css', '.wasm', '.svg', '.json', '.txt']);
export const MIN_BYTES = 1024;

export const brotli = (body) => brotliCompressSync(body, {
  params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
});

// Whether `side` (FILE.br) is as new as `file`: a server sends it only then
// (a rebuilt file with an old FILE.br is compressed as it is sent).
export function fresh(file, side) {
  try {
    return statSync(side).mtimeMs >= statSync(file).mtimeMs;
  } catch {
    return false;
  }
}

const walk = (dir) => readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)]));

// Writes each FILE.br in `dir` (every folder under it) that is missing or
// older than its file (written after it, it is newer; a folder whose times
// are all set alike afterwards, the release's, keeps them fresh). Returns
// [file, bytes, br] rows.
export function precompress(dir, { only } = {}) {
  const rows = [];
  for (const file of walk(dir)) {
    if (!PACKED.has(extname(file)) || (only && !only.includes(relative(dir, file)))) continue;
    const body = readFileSync(file);
    if (body.length < MIN_BYTES) continue;
    const side = `${file}.br`;
    // (Not given its file's time: that is set to the millisecond, and a
    // file's own has nanoseconds, so the copy would be older than its file.)
    if (!fresh(file, side)) writeFileSync(side, brotli(body));
    rows.push([relative(dir, file), body.length, statSync(side).size]);
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: node web/tools/precompress.mjs DIR');
    process.exit(2);
  }
  const rows = precompress(dir);
  const total = (i) => rows.reduce((n, r) => n + r[i], 0);
  console.log(`precompress: ${rows.length} files in ${dir}, ${total(1)} bytes, ${total(2)} as .br`);
}
