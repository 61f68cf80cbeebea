// The npm package in real bundler clients (make dist's flocklab-VERSION.tgz):
// a fresh project under build/release-clients/ installs the .tgz, Vite 8 and
// webpack 5 bundle `import { mount } from 'flocklab'` and its stylesheet,
// and the built page, served, gives seed 7's lab gauges at 10 s and runs an
// experiment in Workers (the module finds both .wasm files itself). Then
// tsc checks a TypeScript file against the package's declarations, and a
// wrong option name must fail.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build as viteBuild } from 'vite';
import webpack from 'webpack';
import { serve } from '../../web/serve.mjs';
import { start, root, here } from './helpers.mjs';

const VERSION = readFileSync(join(root, 'VERSION'), 'utf8').trim();
const tgz = join(root, 'build', 'dist', `flocklab-${VERSION}.tgz`);
const clients = join(root, 'build', 'release-clients');
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
  for (const [f, text] of Object.entries(files)) writeFileSync(join(dir, f), text);
  return dir;
}
const MAIN = `import { mount, version } from 'flocklab';
import 'flocklab/flocklab.css';
const h = mount(document.querySelector('#w'), { scene: 'flock', seed: 7, paused: true });
window.client = { h, version };
`;
const BODY = `<figure id="w"><canvas width="900" height="540"></canvas></figure>
<figure class="flocklab" id="e" data-experiment data-scene="flock" data-vary="weight-separation" data-values="0,1.5" data-seeds="7" data-seconds="1"></figure>`;

// The built page served: the lab's gauges, and an experiment from Workers.
async function check(outDir, page = 'index.html') {
  const server = await serve(outDir, 0);
  try {
    const p = await env.context.newPage();
    const problems = [];
    p.on('pageerror', (e) => problems.push(String(e)));
    p.on('console', (m) => { if (m.type() === 'error' && !/GL Driver Message|Failed to load resource/.test(m.text())) problems.push(m.text()); });
    // Every file the page asks for is there (the browser's own favicon.ico aside).
    p.on('response', (res) => { if (res.status() >= 400 && !res.url().endsWith('/favicon.ico')) problems.push(`${res.status()} ${res.url()}`); });
    await p.goto(`http://127.0.0.1:${server.address().port}/${page}`);
    await p.waitForFunction(() => window.client !== undefined, null, { timeout: 60000 });
    const r = await p.evaluate(async () => {
      const { h, version } = window.client;
      await h.ready;
      const g = await h.runTo(10);
      const ex = await document.querySelector('#e').flocklab.ready;
      const out = await ex.run();
      return { g, version, css: getComputedStyle(document.querySelector('#w')).getPropertyValue('--fl-bg').trim(), runs: out.rows.length };
    });
    assert.equal(r.g.spacing, LAB.spacing);
    assert.equal(r.g.order, LAB.order);
    assert.equal(r.version, VERSION);
    assert.equal(r.runs, 2);
    assert.equal(r.css, '#0f172a', 'the stylesheet imported from flocklab/flocklab.css is on the page');
    assert.deepEqual(problems, []);
    await p.close();
    return r;
  } finally {
    server.close();
  }
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
