// The single-file build: the shim, the core module, the experiments and the
// sweep module in one script, with both .wasm files and every language
// table inline (web/src/inline.js replaced), so a page opens from file://
// with no other request.
//   node web/tools/offline.mjs BUILD_DIR   writes BUILD_DIR/web/flocklab-offline.txt,
//     the template that a served widget's saveFile() fills in
// make dist (dist.mjs) also writes offline/SCENE.html for every scene, and lesson.html.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';
import { bake, fill, inside, offlinePage } from '../src/offline-page.js';
import { specOf } from './spec.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const src = join(root, 'web', 'src');
const version = readFileSync(join(root, 'VERSION'), 'utf8').trim();

// embed.html as the template: the stylesheet and the script become empty
// inline elements that offlinePage() fills, and "Copy link" (a file has no
// address to share) becomes "Save", which downloads the file as it is now.
function template(web) {
  const t = readFileSync(join(web, 'embed.html'), 'utf8')
    .replace(/<!-{2}[\s\S]*?-->\n?/g, '') // its comment would be inside the bundle's script (inside())
    .replace('<meta charset="utf-8">', `<meta charset="utf-8">\n<meta name="flocklab-version" content="${version}">`) // saveFile() checks it
    .replace('<link rel="stylesheet" href="flocklab.css">', '<style data-flocklab></style>')
    .replace(/<script>\n\/\/ flocklab.js could not be loaded[\s\S]*?<\/script>\n/, '') // a single file has no flocklab.js to miss
    .replace(/<script type="module" src="flocklab.js"[^>]*><\/script>/, '<script type="module" data-flocklab></script>')
    .replace('<button type="button" data-action="share" data-fl-text>Copy link</button>', '<button type="button" data-action="save" data-fl-text>Save</button>');
  if (t.includes('flocklabMissing')) throw new Error('offline: embed.html has changed: its note for a missing flocklab.js is still in the template');
  for (const must of ['<style data-flocklab>', 'data-flocklab></script>', 'data-action="save"', 'name="flocklab-version"']) {
    if (!t.includes(must)) throw new Error(`offline: embed.html has changed: no ${must} could be made`);
  }
  return t;
}

// esbuild's resolver, for what the served build keeps as files of their own.
function files(build, inlineSource) {
  const web = join(build, 'web');
  const to = {
    './flocklab-core.js': join(web, 'flocklab-core.js'),
    './flocklab-sweep.js': join(web, 'flocklab-sweep.js'),
    './flocklab-experiment.js': join(src, 'experiment.js'),
    './flocklab-touch.js': join(src, 'touch.js'),
    './flocklab-save.js': join(src, 'save-file.js'),
    'flocklab-c-api': join(build, 'gen', 'c-api.js'),
    'flocklab-text-rules': join(build, 'gen', 'text-rules.js'),
  };
  return {
    name: 'flocklab-single-file',
    setup(b) {
      b.onResolve({ filter: /^(\.\/flocklab-(core|sweep|experiment|touch|save)\.js|flocklab-c-api|flocklab-text-rules)$/ }, (a) => ({ path: to[a.path] }));
      // The language tables are inline (inline.lang): their modules stay imports that never run.
      b.onResolve({ filter: /^\.\/lang\// }, (a) => ({ path: a.path, external: true }));
      b.onResolve({ filter: /^\.\/inline\.js$/ }, () => ({ path: 'inline', namespace: 'flocklab-inline' }));
      b.onLoad({ filter: /.*/, namespace: 'flocklab-inline' }, () => ({ contents: inlineSource, loader: 'js' }));
      // lesson.js's import of the shim: the shim's global (its own script runs first).
      b.onResolve({ filter: /^\.\/flocklab\.js$/ }, () => ({ path: 'global', namespace: 'flocklab-global' }));
      b.onLoad({ filter: /.*/, namespace: 'flocklab-global' }, () => ({ contents: 'export const mount = (...a) => window.FlockLab.mount(...a);\nexport const report = (...a) => window.FlockLab.report(...a);', loader: 'js' }));
    },
  };
}

const bundle = async (build, entry, inlineSource) => (await esbuild({
  entryPoints: [entry], bundle: true, format: 'esm', minify: true, write: false, // no mangleProps: it would rename the core's imports ("_")
  define: { FLOCKLAB_VERSION: JSON.stringify(version) }, plugins: [files(build, inlineSource)], logLevel: 'warning',
})).outputFiles[0].text;

// Everything one single file needs: the shim's bundle, its stylesheet, and the template.
export async function singleFile(build) {
  const web = join(build, 'web');
  const b64 = (f) => readFileSync(join(web, f)).toString('base64');
  const lang = Object.fromEntries(readdirSync(join(root, 'web', 'lang')).filter((f) => f.endsWith('.json'))
    .map((f) => [f.slice(0, -5), JSON.parse(readFileSync(join(root, 'web', 'lang', f), 'utf8'))]));
  const page = template(web);
  const served = readFileSync(join(src, 'inline.js'), 'utf8');
  if (!served.includes('export const inline = null;')) throw new Error('offline: web/src/inline.js has changed: no `export const inline = null;` to fill');
  const inlineSource = served.replace('export const inline = null;', () => `export const inline = ${JSON.stringify({ core: b64('flocklab-core.wasm'), sweep: b64('flocklab-sweep.wasm'), lang, page })};`);
  return {
    page, js: await bundle(build, join(src, 'index.js'), inlineSource), css: readFileSync(join(web, 'flocklab.css'), 'utf8'),
    lesson: await bundle(build, join(root, 'web', 'lesson.js'), served),
  };
}

// The four offline files: one widget of each scene (as embed.html, filling
// the page, its configuration from the address), and the lesson page.
export async function offlineFiles(build, out) {
  const s = await singleFile(build);
  mkdirSync(out, { recursive: true });
  const widget = offlinePage(s.page, s.css, s.js);
  for (const scene of Object.keys(specOf(build).scenes)) writeFileSync(join(out, `${scene}.html`), bake(widget, [['scene', scene]]));
  const lesson = readFileSync(join(build, 'web', 'index.html'), 'utf8')
    .replace(/<link rel="(modulepreload|preload)"[^>]*>\n/g, '')
    .replace('<link rel="stylesheet" href="flocklab.css">', '<style data-flocklab></style>')
    .replace('<link rel="stylesheet" href="lesson.css">', () => `<style>${readFileSync(join(build, 'web', 'lesson.css'), 'utf8')}</style>`)
    .replace('<script type="module" src="flocklab.js"></script>', '<script type="module" data-flocklab></script>')
    .replace('<script type="module" src="lesson.js"></script>', () => `<script type="module">${inside('script', s.lesson)}</script>`);
  if (/(src|href)="(?!data:|https?:|#)/.test(lesson.replace(/<script[\s\S]*?<\/script>/g, ''))) throw new Error('offline: index.html refers to a file the single file does not carry');
  writeFileSync(join(out, 'lesson.html'), fill(lesson, s.css, s.js));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const build = join(root, process.argv[2] ?? 'build');
  const s = await singleFile(build);
  writeFileSync(join(build, 'web', 'flocklab-offline.txt'), offlinePage(s.page, s.css, s.js));
}
