// Which of the widget's functions run before a widget is ready (its start
// and first frame): what a split module would have to load first (issue 40).
// The module of a build linked with its functions' names is instrumented
// with binaryen's wasm-split (each function notes when it first ran), put
// in a copy of build/web with its own Emscripten JS, and the lesson page is
// loaded in Chromium; once the first widget is ready, every instance made
// so far writes wasm-split's profile (8 bytes of the module's hash, then one
// 32-bit number per defined function: 0 for never run), joined into one (a
// function counts if any instance ran it). With --all every widget of the
// page is asked to start and the profiles are written once all are ready.
// With --running S the first widget's are written once it has run S
// simulated seconds (its gauges' time): what a widget runs, not only its start.
//   node first-frame.mjs NAMED.wasm OUT.prof [--all] [--running S]   (make wasm-first-frame)
// `node web/tools/wasm-sizes.mjs NAMED.wasm --profile OUT.prof` reads it.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { root, start } from './helpers.mjs';

const [wasm, out] = process.argv.slice(2).map((a) => resolve(a));
const all = process.argv.includes('--all');
const running = process.argv.includes('--running') ? Number(process.argv[process.argv.indexOf('--running') + 1]) : 0;
if (!wasm || !out || !wasm.endsWith('.wasm') || !(running >= 0)) {
  console.error('usage: node first-frame.mjs NAMED.wasm OUT.prof [--all] [--running S]');
  process.exit(2);
}
if (all && running) {
  // A widget far from the screen gives its instance up: its clock stops.
  console.error('--running times the first widget, on screen: not with --all');
  process.exit(2);
}
// The features Emscripten's widget build uses (its module carries no list of them).
const FEATURES = ['simd', 'mutable-globals', 'sign-ext', 'bulk-memory', 'nontrapping-float-to-int'].map((f) => `--enable-${f}`);
const web = mkdtempSync(join(tmpdir(), 'flocklab-first-frame-'));
let env = null;
try {
  cpSync(join(root, 'build', 'web'), web, { recursive: true });
  cpSync(wasm.replace(/\.wasm$/, '.js'), join(web, 'flocklab-core.js'));
  execFileSync('wasm-split', ['--instrument', ...FEATURES, wasm, '-o', join(web, 'flocklab-core.wasm')], { stdio: 'inherit' });
  env = await start({ web });
  // Every instance of the instrumented module, kept with the element it
  // draws into (the one whose ready the page then waits for).
  await env.context.addInitScript(() => {
    window.profiled = [];
    const instantiate = WebAssembly.instantiate;
    WebAssembly.instantiate = async function (...args) {
      const r = await instantiate.apply(this, args);
      const instance = r.instance ?? r;
      if (instance.exports.__write_profile) window.profiled.push(instance);
      return r;
    };
  });
  const page = await env.context.newPage();
  await page.goto(env.url);
  const profiles = await page.evaluate(async ([every, seconds]) => {
    const widgets = [...document.querySelectorAll('.flocklab:not([data-experiment])')];
    const handles = await Promise.all((every ? widgets : widgets.slice(0, 1)).map((el) => el.flocklab.ready));
    // Each frame until they have run that long (their own clocks).
    await new Promise((done) => {
      const look = () => (handles.every((h) => h.gauges().time >= seconds) ? done() : requestAnimationFrame(look));
      look();
    });
    // At once, before the next frames (or a student) run more: every
    // instance made so far (some may have started and not be ready yet).
    return window.profiled.map((instance) => {
      const memory = Object.values(instance.exports).find((x) => x instanceof WebAssembly.Memory);
      const at = memory.grow(1) * 65536; // a page of its own: nothing of the module's is there
      const n = instance.exports.__write_profile(at, 65536);
      return [...new Uint8Array(memory.buffer, at, n)];
    });
  }, [all, running]);
  // Joined: a function ran if it ran in any of them (the hash is the same).
  const joined = Buffer.from(profiles[0]);
  for (const p of profiles.slice(1).map((x) => Buffer.from(x))) {
    for (let i = 8; i < p.length; i += 4) if (joined.readUInt32LE(i) === 0) joined.writeUInt32LE(p.readUInt32LE(i), i);
  }
  writeFileSync(out, joined);
  console.log(`${out}: ${profiles.length} instance${profiles.length === 1 ? '' : 's'} of ${wasm} profiled`);
} finally {
  await env?.close();
  rmSync(web, { recursive: true, force: true });
}
