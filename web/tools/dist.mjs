// make dist: the release a course author uses without building, from the
// built widget (build/web/). Into build/dist/:
//   flocklab-VERSION/      the files an author copies: the shim, the
//                          stylesheet, the core and sweep modules, lang/,
//                          embed.html, the guides, the licences, integrity.json
//                          and SHA256SUMS
//   flocklab-VERSION.zip   that folder
//   flocklab-VERSION.tgz   the npm package `flocklab` (web/tools/package.mjs)
//   offline/               single files that open from file:// with no other
//                          request: flock.html, steer.html, crowd.html, lesson.html
//   flocklab-VERSION-scorm.zip  the lesson as a SCORM 1.2 package (scorm/: web/tools/scorm.mjs)
//   node web/tools/dist.mjs BUILD_DIR
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { precompress } from './precompress.mjs';
import { offlineFiles } from './offline.mjs';
import { npmPackage } from './package.mjs';
import { scormPackage } from './scorm.mjs';
import { specOf } from './spec.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const build = join(root, process.argv[2] ?? 'build');
const web = join(build, 'web');
const version = readFileSync(join(root, 'VERSION'), 'utf8').trim();
const out = join(build, 'dist');
const name = `flocklab-${version}`;
const folder = join(out, name);

// What an author copies: everything the shim loads, embed.html, and the
// single-file template that saveFile() fills in.
export const SHIPPED = [
  'flocklab.js', 'flocklab.js.map', 'flocklab.css',
  'flocklab-core.js', 'flocklab-core.wasm', 'flocklab-core-nosimd.wasm',
  'flocklab-experiment.js', 'flocklab-experiment.js.map',
  'flocklab-touch.js', 'flocklab-touch.js.map',
  'flocklab-save.js', 'flocklab-save.js.map',
  'flocklab-sweep-worker.js', 'flocklab-sweep-worker.js.map',
  'flocklab-sweep.js', 'flocklab-sweep.wasm', 'flocklab-sweep-nosimd.wasm',
  'embed.html', 'flocklab-offline.txt',
  'flocklab-xapi.js', // the results as xAPI statements, for a host (the page never loads it)
];
// The languages a page can ask for, as the widget imports them (lang/es.js;
// not the pseudo-locale qps, a test of the keys).
const languages = readdirSync(join(root, 'web', 'lang')).filter((f) => f.endsWith('.json')).map((f) => `${f.slice(0, -5)}.js`);

// A README section between <!-- NAME --> and <!-- /NAME --> (the one text,
// not a copy kept by hand).
export function section(file, tag) {
  const text = readFileSync(file, 'utf8');
  const m = text.match(new RegExp(`<!-- ${tag} -->\\n([\\s\\S]*?)<!-- /${tag} -->`));
  if (!m) throw new Error(`dist: ${relative(root, file)} has no <!-- ${tag} --> section`);
  return m[1];
}

// web/README.md as the release's EMBEDDING.md: its key tables (the lesson
// page's scenes) and, after them, the table of every other scene built in,
// printed by `flocklab keys` (so a new scene is documented without an edit).
function embedding() {
  const text = readFileSync(join(root, 'web', 'README.md'), 'utf8');
  const tables = section(join(root, 'web', 'README.md'), 'keys');
  const more = Object.keys(specOf(build).scenes).map((name) => [name, execFileSync(join(build, 'native', 'flocklab'), ['keys', '--scene', name], { encoding: 'utf8' })])
    .filter(([, table]) => !tables.includes(table))
    .map(([name, table]) => `\n\`data-scene="${name}"\`:\n\n${table}`).join('');
  return text.replace('<!-- /keys -->', `${more}<!-- /keys -->`);
}

// The author's guide: the README's "A widget in a page", then where the rest is.
// Its links point into the release: web/README.md is EMBEDDING.md there,
// web/hosting/ is hosting/; what only a checkout has (the build, make, the
// sources and tests), between <!-- dev --> and <!-- /dev -->, is left out.
export const inRelease = (text) => text.replace(/<!-- dev -->[\s\S]*?<!-- \/dev -->/g, '')
  .replaceAll('[web/README.md](web/README.md)', '[EMBEDDING.md](EMBEDDING.md)').replaceAll('](web/README.md)', '](EMBEDDING.md)').replaceAll('web/hosting/', 'hosting/');
function guide() {
  return inRelease(`# flocklab ${version}\n\nAn embeddable, interactive widget for *Lesson 5: Steering & Flocking*: `
    + 'boids and steering behaviours, simulated in WebAssembly and drawn into a canvas.\n\n'
    + section(join(root, 'README.md'), 'guide')
    + '\nEvery attribute, button, gauge, experiment, language and method of the handle '
    + `is in [EMBEDDING.md](EMBEDDING.md). \`offline/\` has the single files: ${Object.keys(specOf(build).scenes).map((s) => `\`${s}.html\``).join(', ')} `
    + '(a widget of each scene, configured by the address as `embed.html` is) and `lesson.html`.\n');
}

// The licences: flocklab's own and those of the code built into the module.
export function notices() {
  const third = join(build, 'third_party');
  const musl = '/usr/share/emscripten/system/lib/libc/musl/COPYRIGHT';
  const parts = [
    ['SDL2 2.26.5 (zlib licence): the window, input and WebGL drawing in flocklab-core.wasm', readFileSync(join(third, 'SDL2-src', 'LICENSE.txt'), 'utf8')],
    ['Dear ImGui 1.86 (MIT licence): the in-canvas panels in flocklab-core.wasm; it embeds the font ProggyClean by Tristan Grimmer (MIT licence)', readFileSync(join(third, 'imgui', 'LICENSE.txt'), 'utf8')],
    ['Emscripten (MIT licence): the JavaScript runtime in flocklab-core.js and flocklab-sweep.js', 'Copyright (c) 2010-2022 The Emscripten Authors.\nAvailable under the MIT licence, whose text is the same as flocklab\'s (LICENSE) with this copyright line.\n'],
    ['musl libc (MIT licence): the C library built into both .wasm files', readFileSync(musl, 'utf8')],
  ];
  return 'flocklab includes the following third-party code. Each notice below must stay with every copy.\n\n'
    + parts.map(([what, text]) => `${'='.repeat(78)}\n${what}\n${'='.repeat(78)}\n\n${text.trim()}\n`).join('\n');
}

const sha = (alg, file) => createHash(alg).update(readFileSync(file)).digest();
const walk = (dir) => readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)]));

// The folder, with integrity.json (subresource integrity for the scripts and
// the stylesheet) and SHA256SUMS (every file) written last.
// `offline`: a folder of single files to copy in as offline/ (the zip's, not the package's).
export function release(dir, { readme, offline } = {}) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'lang'), { recursive: true });
  for (const f of SHIPPED) copyFileSync(join(web, f), join(dir, f));
  for (const f of languages) copyFileSync(join(web, 'lang', f), join(dir, 'lang', f));
  if (offline) {
    mkdirSync(join(dir, 'offline'));
    for (const f of readdirSync(offline)) copyFileSync(join(offline, f), join(dir, 'offline', f));
    mkdirSync(join(dir, 'hosting'));
    for (const f of readdirSync(join(root, 'web', 'hosting'))) copyFileSync(join(root, 'web', 'hosting', f), join(dir, 'hosting', f));
    // The pictures EMBEDDING.md shows (its links are to files beside it).
    const guideText = readFileSync(join(root, 'web', 'README.md'), 'utf8');
    for (const [, f] of guideText.matchAll(/\]\(([\w.-]+\.(?:png|svg))\)/g)) copyFileSync(join(root, 'web', f), join(dir, f));
    // The served files precompressed beside themselves (FILE.br), which
    // web/hosting/'s nginx and Caddy recipes send as they are.
    precompress(dir, { only: [...SHIPPED, ...languages.map((f) => `lang/${f}`)] });
  }
  writeFileSync(join(dir, 'README.md'), readme ?? guide());
  writeFileSync(join(dir, 'EMBEDDING.md'), inRelease(embedding()));
  copyFileSync(join(root, 'LICENSE'), join(dir, 'LICENSE'));
  writeFileSync(join(dir, 'THIRD-PARTY-NOTICES.txt'), notices());
  const integrity = {};
  for (const f of SHIPPED.filter((x) => /\.(js|css)$/.test(x))) integrity[f] = `sha384-${sha('sha384', join(dir, f)).toString('base64')}`;
  writeFileSync(join(dir, 'integrity.json'), `${JSON.stringify(integrity, null, 2)}\n`);
  const sums = walk(dir).map((f) => relative(dir, f)).sort().map((f) => `${sha('sha256', join(dir, f)).toString('hex')}  ${f}`);
  writeFileSync(join(dir, 'SHA256SUMS'), `${sums.join('\n')}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  await offlineFiles(build, join(out, 'offline'));
  release(folder, { offline: join(out, 'offline') });
  // The zip: fixed times and no extra attributes, so the same files give the same zip.
  for (const f of walk(folder)) execFileSync('touch', ['-d', '2026-01-01T00:00:00Z', f]);
  execFileSync('zip', ['-qrXD', `${name}.zip`, name], { cwd: out });
  npmPackage(build, out, version);
  scormPackage({ root, web, out, version, shipped: SHIPPED, languages });
  const size = (f) => `${(statSync(join(out, f)).size / 1024).toFixed(0)} kB`;
  for (const f of [`${name}.zip`, `${name}.tgz`, `${name}-scorm.zip`, ...readdirSync(join(out, 'offline')).map((x) => `offline/${x}`)]) console.log(`dist: ${f} ${size(f)}`);
}
