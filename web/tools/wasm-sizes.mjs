// Where a .wasm file's bytes go: its sections, and its code by part (Dear
// ImGui, SDL, the core, the widget, the C and C++ libraries), raw and
// gzipped (each part's function bodies compressed together: a fair share of
// the whole file's gzip). Function names come from the name section, so
// measure a build linked with --profiling-funcs (make wasm-sizes does).
// With a wasm-split profile of the same build (tests/browser/first-frame.mjs,
// make wasm-first-frame), also what of each part ran before the widget was
// ready: what a split module would load first, and what could come later.
//   node web/tools/wasm-sizes.mjs FILE.wasm [--top N] [--profile FILE.prof]
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const file = process.argv[2];
const arg = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const top = Number(arg('--top') || 0) || 0;
const profile = arg('--profile') && readFileSync(arg('--profile'));
const b = readFileSync(file);
let p = 8;
const leb = () => {
  let r = 0;
  let shift = 0;
  for (;;) {
    const x = b[p++];
    r += (x & 0x7f) * 2 ** shift;
    shift += 7;
    if (!(x & 0x80)) return r;
  }
};
const sections = [];
const bodies = [];
const names = new Map();
let imported = 0;
while (p < b.length) {
  const id = b[p++];
  const size = leb();
  const start = p;
  let name = ['custom', 'type', 'import', 'function', 'table', 'memory', 'global', 'export', 'start', 'element', 'code', 'data', 'datacount'][id] ?? `#${id}`;
  if (id === 0) {
    const n = leb();
    name = `custom:${b.subarray(p, p + n).toString()}`;
    p += n;
    if (name === 'custom:name') {
      while (p < start + size) {
        const sub = b[p++];
        const len = leb();
        const end = p + len;
        if (sub === 1) {
          for (let k = leb(); k > 0; k--) {
            const idx = leb();
            const l = leb();
            names.set(idx, b.subarray(p, p + l).toString());
            p += l;
          }
        }
        p = end;
      }
    }
  } else if (id === 2) {
    for (let k = leb(); k > 0; k--) {
      // Not `p += leb()`: that adds to p as it was before leb() moved it.
      for (let s = 0; s < 2; s++) { const n = leb(); p += n; } // module, field
      const kind = b[p++];
      if (kind === 0) { leb(); imported++; } else if (kind === 1) { p++; const f = leb(); leb(); if (f & 1) leb(); } else if (kind === 2) { const f = leb(); leb(); if (f & 1) leb(); } else if (kind === 3) { p += 2; }
    }
  } else if (id === 10) {
    for (let k = leb(), i = 0; k > 0; k--, i++) {
      const len = leb();
      bodies.push({ index: imported + i, bytes: b.subarray(p, p + len) });
      p += len;
    }
  }
  sections.push({ name, size, gz: gzipSync(b.subarray(start, start + size), { level: 9 }).length });
  p = start + size;
}

// wasm-split's profile: the module's hash (8 bytes), then one 32-bit number
// per defined function, in order (0: it never ran).
if (profile && profile.length !== 8 + 4 * bodies.length) {
  console.error(`${arg('--profile')} has ${(profile.length - 8) / 4} functions, ${file} ${bodies.length}: not a profile of this build`);
  process.exit(1);
}
bodies.forEach((f, i) => { f.ran = !!profile && profile.readUInt32LE(8 + 4 * i) !== 0; });
const gz = (chunks) => gzipSync(Buffer.concat(chunks), { level: 9 }).length;

const part = (n) => {
  if (!n) return 'unnamed';
  if (/^(ImGui|Im[A-Z]|stb|ImFont)|ImGui::|igGet|ImVector|ImPool|ImChunk|ImSpan|ImStb|SettingsHandler_|^CalcWindowSizeAfterConstraint/.test(n)) return 'Dear ImGui';
  if (/^(SDL_|Emscripten_|GL_|GLES2_|SDL\b)|SDL_/.test(n)) return 'SDL2';
  if (/flocklab::(App|.*View|Painter|Raster|UiInput|font|Shapes|draw)|^fl_|web_main|^main\b|baked|ui_text|number_slider|whole_number_field|type_into|add_control|_typing\(/.test(n)) return 'widget (platform layer)';
  if (/flocklab::/.test(n)) return 'core';
  if (/^(std::|__cxx|__cxa|operator new|operator delete|void std::)/.test(n) || /std::__2/.test(n)) return 'C++ library';
  if (/^(__|_|[a-z_0-9]+$)/.test(n)) return 'C library and runtime';
  return 'other';
};
const parts = new Map();
for (const f of bodies) {
  const key = part(names.get(f.index));
  const e = parts.get(key) ?? { raw: 0, chunks: [], n: 0, fns: [], ran: [] };
  e.raw += f.bytes.length;
  e.chunks.push(f.bytes);
  e.n++;
  if (f.ran) e.ran.push(f.bytes);
  e.fns.push({ name: names.get(f.index) ?? `#${f.index}`, size: f.bytes.length });
  parts.set(key, e);
}
const kb = (x) => `${(x / 1000).toFixed(1)} kB`; // kB = 1000 bytes, as ready-time.mjs counts
console.log(`${file}: ${kb(b.length)}, ${kb(gzipSync(b, { level: 9 }).length)} gzipped`);
console.log('\nsections (raw, and gzipped alone):');
for (const s of sections.sort((x, y) => y.size - x.size)) console.log(`  ${s.name.padEnd(24)} ${kb(s.size).padStart(9)}  ${kb(s.gz).padStart(9)}`);
console.log('\ncode by part (functions, raw, gzipped):');
const ran = (chunks) => `${String(chunks.length).padStart(5)}  ${kb(chunks.reduce((n, c) => n + c.length, 0)).padStart(9)}  ${kb(gz(chunks)).padStart(9)}`;
if (profile) console.log(`${''.padEnd(28)} ${'all'.padStart(25)}   ${'ran in the profile'.padStart(26)}`);
for (const [k, e] of [...parts].sort((x, y) => y[1].raw - x[1].raw)) {
  console.log(`  ${k.padEnd(26)} ${String(e.n).padStart(5)}  ${kb(e.raw).padStart(9)}  ${kb(gz(e.chunks)).padStart(9)}${profile ? `   ${ran(e.ran)}` : ''}`);
  if (top) for (const f of e.fns.sort((x, y) => y.size - x.size).slice(0, top)) console.log(`      ${String(f.size).padStart(7)}  ${f.name.slice(0, 110)}`);
}
if (profile) {
  // The two modules wasm-split would make of it: the code that ran, with
  // every other section (data, tables, imports), and the code that did not.
  const first = bodies.filter((f) => f.ran).map((f) => f.bytes);
  const later = bodies.filter((f) => !f.ran).map((f) => f.bytes);
  const rest = sections.filter((x) => x.name !== 'code' && !x.name.startsWith('custom')).reduce((n, x) => n + x.gz, 0);
  const said = (c) => `${c.length} functions, ${kb(c.reduce((n, x) => n + x.length, 0))} of code, ${kb(gz(c))} gzipped`;
  console.log(`\nran: ${said(first)} (with the other sections, ${kb(gz(first) + rest)});`);
  console.log(`did not run: ${said(later)} (the whole file: ${kb(gzipSync(b, { level: 9 }).length)} gzipped, names included)`);
}
