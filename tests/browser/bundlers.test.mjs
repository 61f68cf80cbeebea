// The npm package in real bundler clients (make dist's flocklab-VERSION.tgz):
// a fresh project under build/release-clients/ installs the .tgz, Vite 8 and
// webpack 5 bundle `import { mount } from 'flocklab'` and its stylesheet,
// and the built page, served, gives seed 7's lab gauges at 10 s and runs an
// experiment in Workers (the module finds both .wasm files itself). Then
// tsc checks a TypeScript file against the package's declarations, and a
// wrong option name must fail.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createHash } from 'node:crypto';
import { build as viteBuild, createServer as viteServer } from 'vite';
import webpack from 'webpack';
import { serve } from '../../web/serve.mjs';
import { start, root, here, noSimd } from './helpers.mjs';

const VERSION = readFileSync(join(root, 'VERSION'), 'utf8').trim();
const tgz = join(root, 'build', 'dist', `flocklab-${VERSION}.tgz`);
const clients = join(root, 'build', 'release-clients');
const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');
const LAB = { spacing: 22.550619377904063, order: 0.8828553839737805 };

let env;
before(async () => { env = await start(); });
after(async () => { await env.close(); });

// A fresh project with the package installed from the .tgz (no registry: it has no dependencies).
function project(name, files) {
  const dir = join(clients, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `client-${name}`, private: true, type: 'module' }));
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--offline', tgz], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  for (const [f, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, f)), { recursive: true });
    writeFileSync(join(dir, f), text);
  }
  return dir;
}
const MAIN = `import { mount, version } from 'flocklab';
import 'flocklab/flocklab.css';
const h = mount(document.querySelector('#w'), { scene: 'flock', seed: 7, paused: true });
window.client = { h, version };
`;
const BODY = `<figure id="w"><canvas width="900" height="540"></canvas></figure>
<figure class="flocklab" id="e" data-experiment data-scene="flock" data-vary="weight-separation" data-values="0,1.5" data-seeds="7" data-seconds="1"></figure>
<figure class="flocklab" id="es" lang="es" data-scene="flock" data-seed="7" data-paused></figure>`;
// The package example of web/README.md, as it stands there.
function readmeExample() {
  const guide = readFileSync(join(root, 'web', 'README.md'), 'utf8');
  const section = guide.slice(guide.indexOf('<!-- package -->'), guide.indexOf('<!-- /package -->'));
  const code = /```js\n([\s\S]*?)```/.exec(section);
  assert.ok(code, 'web/README.md\'s package section has a js example');
  return code[1];
}

// The built page served: the lab's gauges, an experiment from Workers, and
// a Spanish widget (its table is lang/es.js, which the bundler must find).
async function check(outDir, page = 'index.html') {
  const server = await serve(outDir, 0);
  try {
    const url = `http://127.0.0.1:${server.address().port}/${page}`;
    await checkWithoutSimd(url);
    return await checkAt(url);
  } finally {
    server.close();
  }
}

// The same page as an engine without WebAssembly SIMD sees it: the bundler
// took the modules without SIMD in too, and they are the ones fetched.
async function checkWithoutSimd(url) {
  const p = await env.context.newPage();
  await p.addInitScript(noSimd);
  const problems = [];
  const wasm = []; // the bytes of each .wasm fetched, as promises
  p.on('pageerror', (e) => problems.push(String(e)));
  p.on('response', (res) => {
    if (res.status() >= 400 && !res.url().endsWith('/favicon.ico')) problems.push(`${res.status()} ${res.url()}`);
    if (/\.wasm$/.test(new URL(res.url()).pathname)) wasm.push(res.body());
  });
  await p.goto(url);
  await p.waitForFunction(() => window.client !== undefined, null, { timeout: 60000 });
  const r = await p.evaluate(async () => {
    const { h } = window.client;
    await h.ready;
    const g = await h.runTo(10);
    const ex = await document.querySelector('#e').flocklab.ready;
    return { g, runs: (await ex.run()).rows.length };
  });
  assert.deepEqual([r.g.spacing, r.g.order, r.runs], [LAB.spacing, LAB.order, 2]);
  // Bundlers may rename the files (webpack: a hash alone), so each is known by its bytes.
  const names = new Map(['flocklab-core.wasm', 'flocklab-core-nosimd.wasm', 'flocklab-sweep.wasm', 'flocklab-sweep-nosimd.wasm']
    .map((f) => [sha256(readFileSync(join(root, 'build', 'web', f))), f]));
  const fetched = [...new Set((await Promise.all(wasm)).map((b) => names.get(sha256(b)) ?? `another file of ${b.length} bytes`))].sort();
  assert.deepEqual(fetched, ['flocklab-core-nosimd.wasm', 'flocklab-sweep-nosimd.wasm']);
  assert.deepEqual(problems, []);
  await p.close();
}
async function checkAt(url) {
  const p = await env.context.newPage();
  const problems = [];
  p.on('pageerror', (e) => problems.push(String(e)));
  p.on('console', (m) => { if (m.type() === 'error' && !/GL Driver Message|Failed to load resource/.test(m.text())) problems.push(m.text()); });
  // Every file the page asks for is there (the browser's own favicon.ico aside).
  p.on('response', (res) => { if (res.status() >= 400 && !res.url().endsWith('/favicon.ico')) problems.push(`${res.status()} ${res.url()}`); });
  await p.goto(url);
  await p.waitForFunction(() => window.client !== undefined, null, { timeout: 60000 });
  const r = await p.evaluate(async () => {
    const { h, version } = window.client;
    await h.ready;
    const g = await h.runTo(10);
    const ex = await document.querySelector('#e').flocklab.ready;
    const out = await ex.run();
    const es = await document.querySelector('#es').flocklab.ready;
    return { g, version, css: getComputedStyle(document.querySelector('#w')).getPropertyValue('--fl-bg').trim(), runs: out.rows.length, es: es.language() };
  });
  assert.equal(r.g.spacing, LAB.spacing);
  assert.equal(r.g.order, LAB.order);
  assert.equal(r.version, VERSION);
  assert.equal(r.runs, 2);
  assert.deepEqual([r.es.lang, r.es.decimal, r.es.missing], ['es', ',', []], 'the Spanish widget has its table');
  assert.equal(r.css, '#0f172a', 'the stylesheet imported from flocklab/flocklab.css is on the page');
  // saveFile() from the bundled page: the file opens (from file://, asking
  // for nothing else) as the widget was, with its tuned value.
  const [download] = await Promise.all([p.waitForEvent('download'), p.evaluate(() => {
    const { h } = window.client;
    h.setParams({ maxSpeed: 150 });
    return h.saveFile();
  })]);
  const file = join(clients, `saved-${Date.now()}.html`);
  await download.saveAs(file);
  const copy = await env.context.newPage();
  copy.on('pageerror', (e) => problems.push(`saved file: ${e}`));
  await copy.route('**/*', (q) => (q.request().url() === pathToFileURL(file).href ? q.continue() : q.abort()));
  await copy.goto(pathToFileURL(file).href);
  await copy.waitForFunction(() => document.querySelector('.flocklab')?.classList.contains('flocklab-ready'), null, { timeout: 60000 });
  const reopened = await copy.evaluate(() => document.querySelector('.flocklab').flocklab.config());
  assert.equal(reopened.seed, 7);
  assert.equal(reopened.paused, true);
  assert.equal(reopened.params.max_speed ?? reopened.params.maxSpeed, 150);
  assert.deepEqual(problems, []);
  await copy.close();
  rmSync(file);
  await p.close();
  return r;
}

test('Vite 8 bundles the package (vite build) and the built page is the lab, experiments included', async () => {
  const dir = project('vite', {
    'index.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>vite client</title>
      <script type="module" src="./main.js"></script></head><body>${BODY}</body></html>`,
    'main.js': MAIN,
    'vite.config.js': 'export default { optimizeDeps: { exclude: [\'flocklab\'] } };\n',
  });
  await viteBuild({ root: dir, logLevel: 'error', configFile: join(dir, 'vite.config.js'), build: { outDir: join(dir, 'dist') } });
  await check(join(dir, 'dist'));
});

test('Vite 8\'s dev server (VitePress, Astro and SvelteKit run on it) serves the package with the README\'s one line: the lab, an experiment, a Spanish widget', async () => {
  const dir = project('vite-dev', {
    'index.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>vite dev client</title>
      <script type="module" src="./main.js"></script></head><body>${BODY}</body></html>`,
    'main.js': MAIN,
    'vite.config.js': 'export default { optimizeDeps: { exclude: [\'flocklab\'] } };\n',
  });
  const server = await viteServer({ root: dir, logLevel: 'error', configFile: join(dir, 'vite.config.js'), server: { host: '127.0.0.1', port: 0 } });
  await server.listen();
  try {
    await checkAt(server.resolvedUrls.local[0]);
  } finally {
    await server.close();
  }
});

test('web/README.md\'s package example, built by Vite as it stands, turns separation off on seed 7; importing the package in Node leaves nothing open and mount() says where it runs', async () => {
  const dir = project('readme', {
    'index.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>readme client</title>
      <script type="module" src="./main.js"></script></head><body><figure id="flock"></figure></body></html>`,
    'main.js': readmeExample(),
  });
  await viteBuild({ root: dir, logLevel: 'error', configFile: false, build: { outDir: join(dir, 'dist') } });
  const server = await serve(join(dir, 'dist'), 0);
  try {
    const p = await env.context.newPage();
    const problems = [];
    p.on('pageerror', (e) => problems.push(String(e)));
    await p.goto(`http://127.0.0.1:${server.address().port}/index.html`);
    await p.waitForFunction(() => {
      const h = document.querySelector('#flock').flocklab;
      return h?.ready && document.querySelector('#flock').classList.contains('flocklab-ready') && h.rules().separation === false;
    }, null, { timeout: 60000 });
    assert.equal(await p.evaluate(() => document.querySelector('#flock').flocklab.config().seed), 7);
    assert.deepEqual(problems, []);
    await p.close();
  } finally {
    server.close();
  }
  // A site framework imports the module on the server (its build, SSR).
  // The time-out only stops a hung process: a process that exits is the check.
  const node = spawnSync(process.execPath, ['--input-type=module', '-e', `
    const m = await import('flocklab');
    let said = '';
    try { m.mount(null); } catch (e) { said = e.message; }
    console.log(JSON.stringify({ version: m.version, said }));`], { cwd: dir, encoding: 'utf8', timeout: 120000 });
  assert.equal(node.signal, null, 'importing flocklab in Node left the process running');
  assert.equal(node.status, 0, node.stderr);
  const out = JSON.parse(node.stdout);
  assert.equal(out.version, VERSION);
  assert.match(out.said, /mount\(\) runs in a browser page/);
});

test('webpack 5 bundles the package and the built page is the lab, experiments included', async () => {
  const dir = project('webpack', {
    'index.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>webpack client</title>
      <link rel="stylesheet" href="main.css"><script src="main.js" defer></script></head><body>${BODY}</body></html>`,
    'main.js': MAIN,
  });
  const stats = await new Promise((resolve, reject) => webpack({
    mode: 'production',
    context: dir,
    entry: './main.js',
    output: { path: join(dir, 'dist'), filename: 'main.js', publicPath: 'auto' },
    experiments: { css: true },
  }, (err, s) => (err ? reject(err) : resolve(s))));
  assert.ok(!stats.hasErrors(), stats.toString('errors-only'));
  writeFileSync(join(dir, 'dist', 'index.html'), readFileSync(join(dir, 'index.html'), 'utf8'));
  await check(join(dir, 'dist'));
});

test('esbuild, with the two lines of web/README.md as they stand, bundles the package: the lab, an experiment, a Spanish widget', async () => {
  const guide = readFileSync(join(root, 'web', 'README.md'), 'utf8');
  const lines = /\*\*esbuild\*\*[\s\S]*?```sh\n([\s\S]*?)```/.exec(guide);
  assert.ok(lines, 'web/README.md has the esbuild lines');
  const dir = project('esbuild', {
    'index.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>esbuild client</title>
      <link rel="stylesheet" href="main.css"><script type="module" src="main.js"></script></head><body>${BODY}</body></html>`,
    'main.js': MAIN,
  });
  const sh = spawnSync('bash', ['-euc', lines[1]], {
    cwd: dir, encoding: 'utf8', env: { ...process.env, PATH: `${join(root, 'web', 'tools', 'node_modules', '.bin')}:${process.env.PATH}` },
  });
  assert.equal(sh.status, 0, sh.stderr);
  writeFileSync(join(dir, 'dist', 'index.html'), readFileSync(join(dir, 'index.html'), 'utf8'));
  await check(join(dir, 'dist'));
});

test('Parcel 2 builds the package as it is (its scope hoisting failed on embed.html taken in as a page; it turned a JSON table into a script): the lab, an experiment, a Spanish widget and a saved file', async () => {
  const dir = project('parcel', {
    'index.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>parcel client</title>
      <script type="module" src="./main.js"></script></head><body>${BODY}</body></html>`,
    'main.js': MAIN,
  });
  const parcel = spawnSync(process.execPath, [join(here, 'node_modules', 'parcel', 'lib', 'bin.js'), 'build', 'index.html', '--dist-dir', 'dist', '--cache-dir', '.parcel-cache', '--no-autoinstall'], { cwd: dir, encoding: 'utf8' });
  assert.equal(parcel.status, 0, parcel.stdout + parcel.stderr);
  await check(join(dir, 'dist'));
});

// VitePress: a page's <script setup> imports the package in onMounted (the
// build renders the page on the server first), and the page holds the
// widgets' HTML as it is.
const VITEPRESS_PAGE = `# Steering and flocking

<script setup>
import { onMounted } from 'vue';
import 'flocklab/flocklab.css';
onMounted(async () => {
  const { mount, version } = await import('flocklab');
  window.client = { h: mount(document.querySelector('#w'), { scene: 'flock', seed: 7, paused: true }), version };
});
</script>

${BODY}
`;
function vitepressProject() {
  const dir = project('vitepress', {
    'docs/index.md': VITEPRESS_PAGE,
    'docs/.vitepress/config.js': 'export default { vite: { optimizeDeps: { exclude: [\'flocklab\'] } } };\n',
  });
  symlinkSync(join(here, 'node_modules', 'vue'), join(dir, 'node_modules', 'vue')); // the site's own Vue
  return dir;
}
const vitepress = join(here, 'node_modules', 'vitepress', 'bin', 'vitepress.js');

// A site's tool's environment: its own NODE_ENV (Vite's dev server, run in
// this process, set it to development for the process).
function ownEnv(extra = {}) {
  const env = { ...process.env, ...extra };
  delete env.NODE_ENV;
  return env;
}

// A port free on 127.0.0.1 now (the system's pick).
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createNetServer().once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

// The address a site's server says it listens on (it picks a free port).
function servedAt(proc) {
  let said = '';
  return new Promise((resolve, reject) => {
    const look = (chunk) => {
      said += chunk;
      const m = /(http:\/\/127\.0\.0\.1:\d+)/.exec(said.replace(/\x1b\[[0-9;]*m/g, ''));
      if (m) resolve(`${m[1]}/`);
    };
    proc.stdout.on('data', look);
    proc.stderr.on('data', look);
    proc.on('exit', (code) => reject(new Error(`the server exited (${code}): ${said}`)));
  });
}

test('VitePress 1.6 builds a page that imports the package (rendered on the server first) and the served page is the lab, with an experiment, a Spanish widget and a saved file', async () => {
  const dir = vitepressProject();
  const built = spawnSync(process.execPath, [vitepress, 'build', 'docs'], { cwd: dir, encoding: 'utf8', env: ownEnv() });
  assert.equal(built.status, 0, built.stdout + built.stderr);
  await check(join(dir, 'docs', '.vitepress', 'dist'));
});

test('VitePress\'s dev server with the README\'s one Vite line: the lab, an experiment, a Spanish widget and a saved file', async () => {
  const dir = vitepressProject();
  // VitePress's CLI takes --port 0 as its default, 5173, which another run on
  // the machine may hold ("Port 5173 is already in use"): a port found free.
  const dev = spawn(process.execPath, [vitepress, 'dev', 'docs', '--host', '127.0.0.1', '--port', String(await freePort()), '--strictPort'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], env: ownEnv() });
  try {
    await checkAt(await servedAt(dev));
  } finally {
    dev.kill();
  }
});

// Next's app router: the page is rendered on the server (the widgets' HTML
// as it is), and a client component imports the package in useEffect.
test('Next 16 (app router, Turbopack) builds a server-rendered page with a client component that imports the package: next start serves the lab, an experiment, a Spanish widget and a saved file', async () => {
  const dir = project('next', {
    'app/layout.js': 'export default function Layout({ children }) { return <html lang="en"><body>{children}</body></html>; }\n',
    'app/client.js': `'use client';
import { useEffect } from 'react';
import 'flocklab/flocklab.css';
export default function Client() {
  useEffect(() => {
    let h;
    import('flocklab').then(({ mount, version }) => {
      h = mount(document.querySelector('#w'), { scene: 'flock', seed: 7, paused: true });
      window.client = { h, version };
    });
    return () => h?.destroy();
  }, []);
  return null;
}
`,
    // The site's Next is the tests' (linked): its root holds both.
    'next.config.mjs': `export default { turbopack: { root: ${JSON.stringify(root)} } };\n`,
    'app/page.js': `import Client from './client';
export default function Page() { return <main><div dangerouslySetInnerHTML={{ __html: ${JSON.stringify(BODY)} }} /><Client /></main>; }
`,
  });
  for (const m of ['next', 'react', 'react-dom']) symlinkSync(join(here, 'node_modules', m), join(dir, 'node_modules', m)); // the site's own
  const env2 = ownEnv({ NEXT_TELEMETRY_DISABLED: '1' });
  const next = join(here, 'node_modules', 'next', 'dist', 'bin', 'next');
  const built = spawnSync(process.execPath, [next, 'build'], { cwd: dir, encoding: 'utf8', env: env2 });
  assert.equal(built.status, 0, built.stdout + built.stderr);
  const server = spawn(process.execPath, [next, 'start', '-H', '127.0.0.1', '-p', '0'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], env: env2 });
  try {
    await checkAt(await servedAt(server));
  } finally {
    server.kill();
  }
});

test('Rollup 4, with the config and the copy of web/README.md as they stand, bundles the package: the lab, an experiment, a Spanish widget and a saved file', async () => {
  const guide = readFileSync(join(root, 'web', 'README.md'), 'utf8');
  const config = /\*\*Rollup\*\*[\s\S]*?```js\n([\s\S]*?)```/.exec(guide);
  const copy = /\*\*esbuild\*\*[\s\S]*?```sh\n[^\n]*\n\s*(cp [^\n]*)\n/.exec(guide);
  assert.ok(config && copy, 'web/README.md has the Rollup config and the copy line');
  const dir = project('rollup', {
    'index.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>rollup client</title>
      <link rel="stylesheet" href="flocklab.css"><script type="module" src="main.js"></script></head><body>${BODY}</body></html>`,
    'main.js': MAIN.replace("import 'flocklab/flocklab.css';\n", ''), // Rollup bundles no CSS: the page links it
    'rollup.config.mjs': config[1],
  });
  mkdirSync(join(dir, 'node_modules', '@rollup'), { recursive: true });
  symlinkSync(join(here, 'node_modules', '@rollup', 'plugin-node-resolve'), join(dir, 'node_modules', '@rollup', 'plugin-node-resolve')); // the site's own
  const rollup = spawnSync(process.execPath, [join(here, 'node_modules', 'rollup', 'dist', 'bin', 'rollup'), '-c', '--silent'], { cwd: dir, encoding: 'utf8' });
  assert.equal(rollup.status, 0, rollup.stdout + rollup.stderr);
  const sh = spawnSync('bash', ['-euc', `${copy[1]}\ncp node_modules/flocklab/flocklab.css dist/`], { cwd: dir, encoding: 'utf8' });
  assert.equal(sh.status, 0, sh.stderr);
  writeFileSync(join(dir, 'dist', 'index.html'), readFileSync(join(dir, 'index.html'), 'utf8'));
  await check(join(dir, 'dist'));
});

test('tsc checks a page\'s TypeScript against flocklab.d.ts: typed options and setters pass, a wrong option name fails', () => {
  const dir = project('typescript', {
    'good.ts': `import { mount, version, type FlockHandle, type CrowdOptions } from 'flocklab';
const el = document.createElement('figure');
const flock: FlockHandle = mount(el, { scene: 'flock', seed: 7, boids: 120, weightSeparation: 1.5, hawk: 'off', compare: 'max-force=0.2' });
flock.setRule('separation', false);
flock.setHawkMode('pursuit');
flock.setParams({ weight_separation: 2 });
const g = flock.gauges();
const spacing: number = g.spacing + g.order;
const crowd: CrowdOptions = { scene: 'crowd', follow: 'seek', walls: '10,5;10,6' };
mount(el, crowd);
el.addEventListener('flocklab:ready', () => {});
const v: string = version;
console.log(spacing, v);
`,
    'bad.ts': `import { mount } from 'flocklab';
mount(document.body, { scene: 'flock', boidz: 120 });
`,
  });
  const tsc = join(here, 'node_modules', 'typescript', 'bin', 'tsc');
  const opts = ['--strict', '--noEmit', '--module', 'ESNext', '--moduleResolution', 'bundler', '--target', 'ES2022', '--lib', 'ES2022,DOM'];
  const ok = spawnSync(process.execPath, [tsc, ...opts, 'good.ts'], { cwd: dir, encoding: 'utf8' });
  assert.equal(ok.status, 0, ok.stdout + ok.stderr);
  const bad = spawnSync(process.execPath, [tsc, ...opts, 'bad.ts'], { cwd: dir, encoding: 'utf8' });
  assert.notEqual(bad.status, 0, 'a wrong option name compiled');
  assert.match(bad.stdout, /boidz/);
});
