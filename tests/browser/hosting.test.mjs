// The hosting recipes of web/README.md (web/hosting/), each in the real
// server it is for: nginx, Apache 2.4 and Caddy 2 (Debian's packages,
// installed by .ci/install-deps.sh) serve the release's folder with the
// recipe put where an author puts it. Each must send the wasm as
// application/wasm, compress the wasm, the scripts, the stylesheet and the
// language table (the release's precompressed FILE.br as it is, where the
// recipe sends it: Caddy, nginx with Debian's brotli_static module, and
// Apache with mod_rewrite, beside Debian's own deflate.conf), let them be
// cached an hour and fetched from an LMS's sandboxed frame (whose origin is
// "null"); pages without a FILE.br (an author's own page, offline/lesson.html)
// reach Chromium compressed, checked by the bytes it moved (issue 68); and a course page framing
// embed.html in Spanish, sandboxed with allow-scripts only, gets the lab
// at seed 7. The static hosts' _headers file is read by Netlify's own
// parser (@netlify/headers-parser, pinned).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { join, relative } from 'node:path';
import { parseAllHeaders } from '@netlify/headers-parser';
import { start, root, courseSite, readyIn, httpGet } from './helpers.mjs';
import { nginx, apache, caddy } from './servers.mjs';

const VERSION = readFileSync(join(root, 'VERSION'), 'utf8').trim();
const release = join(root, 'build', 'dist', `flocklab-${VERSION}`);
const LAB = { spacing: 22.550619377904063, order: 0.8828553839737805 };

// The release's folder as an author puts it on a server: the release, and a
// lesson page of their own beside it (three widgets, a few pages of text),
// which has no FILE.br.
const folder = mkdtempSync(join(tmpdir(), 'flocklab-hosting-'));
const AUTHOR = 'my-lesson/index.html';
cpSync(release, folder, { recursive: true });
chmodSync(folder, 0o755);  // the servers' workers read it as another user
mkdirSync(join(folder, 'my-lesson'));
const words = Array.from({ length: 400 }, (_, i) => `<p>Step ${i}: each boid looks at its neighbours, steers away from the closest, matches their heading and moves toward their centre.</p>`).join('\n');
const widgets = ['flock', 'steer', 'crowd'].map((s) => `<div class="flocklab" data-scene="${s}" data-seed="7"></div>`).join('\n');
writeFileSync(join(folder, AUTHOR), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>My lesson</title>
<link rel="stylesheet" href="../flocklab.css"><script src="../flocklab.js" defer></script></head>
<body><h1>My lesson</h1>${widgets}\n${words}</body></html>\n`);

let env;
let course;
before(async () => {
  env = await start();
  course = await courseSite(env);
});
after(async () => {
  course.close();
  await env.close();
  rmSync(folder, { recursive: true, force: true });
});

// A file's response headers and body, asked for as a browser asks (brotli and gzip accepted).
const fetched = (url) => httpGet(url).then((r) => ({ status: r.status, ...r.headers, body: r.body }));
const decoded = { br: brotliDecompressSync, gzip: gunzipSync };

const ASSETS = {
  'flocklab-core.wasm': /^application\/wasm$/,
  'flocklab-sweep.wasm': /^application\/wasm$/,
  'flocklab.js': /^(text|application)\/javascript\b/,
  'flocklab-core.js': /^(text|application)\/javascript\b/,
  'lang/es.js': /^(text|application)\/javascript\b/,
  'flocklab.css': /^text\/css\b/,
};

// Each server with its recipe, and what a browser that accepts brotli gets:
// the release's precompressed FILE.br as it is where the recipe sends it,
// else the file compressed as it is sent.
const SERVERS = [
  ['nginx', nginx, 'nginx.conf', {}, 'gzip', 'as sent'],
  ['nginx with brotli_static', nginx, 'nginx.conf', { brotli: true }, 'br', 'precompressed'],
  ['Apache', apache, 'apache.conf', {}, 'gzip', 'as sent'],
  ['Apache with mod_rewrite', apache, 'apache.conf', { rewrite: true }, 'br', 'precompressed'],
  ['Caddy', caddy, 'Caddyfile', {}, 'br', 'precompressed'],
];
for (const [name, launch, file, options, encoding, how] of SERVERS) {
  test(`${name} with web/hosting/${file}: the wasm as application/wasm, every asset ${encoding === 'br' ? 'brotli' : 'gzip'}-compressed (${how}), cached an hour and open to a sandboxed frame; embed.html in Spanish in an LMS frame is the lab`, async () => {
    const server = await launch(folder, options);
    try {
      for (const [f, type] of Object.entries(ASSETS)) {
        const h = await fetched(server.url + f);
        assert.equal(h.status, 200, f);
        assert.match(h['content-type'], type, `${f}'s type`);
        assert.equal(h['content-encoding'], encoding, `${f} is compressed`);
        assert.ok(decoded[encoding](h.body).equals(readFileSync(join(folder, f))), `${f} arrives as it is once decoded`);
        const side = readFileSync(join(folder, `${f}.br`));
        if (how === 'precompressed') assert.ok(h.body.equals(side), `${f}: the release's ${f}.br as it is (${h.body.length} bytes sent, ${side.length} in the file)`);
        assert.equal(h['access-control-allow-origin'], '*', `${f} can be fetched from a frame whose origin is "null"`);
        assert.match(h['cache-control'] ?? '', /max-age=3600/, `${f} is kept an hour`);
      }
      // Pages with no FILE.br, as Chromium asks for them (its own
      // Accept-Encoding): compressed, in about the bytes gzip makes of them.
      for (const f of [AUTHOR, 'offline/lesson.html']) {
        const tab = await env.context.newPage();
        const response = await tab.goto(server.url + f);
        const moved = (await response.request().sizes()).responseBodySize;
        const plain = readFileSync(join(folder, f));
        const gzipped = gzipSync(plain, { level: 6 }).length;
        assert.match(response.headers()['content-encoding'] ?? 'none', /^(gzip|br|zstd)$/, `${f} is compressed`);
        assert.ok(moved <= gzipped * 1.05, `${f}: ${moved} bytes moved, against ${gzipped} gzipped and ${plain.length} as it is`);
        await tab.close();
      }
      const { page, frame } = await course.page(`${server.url}embed.html?seed=7&paused=1&lang=es`);
      const r = await readyIn(frame);
      assert.equal(r.origin, 'null', 'the frame\'s origin is opaque');
      assert.ok(r.ready, `the widget did not start: ${r.text}`);
      const got = await frame().evaluate(async () => {
        const h = document.querySelector('.flocklab').flocklab;
        return { g: await h.runTo(10), lang: h.language() };
      });
      assert.deepEqual([got.lang.lang, got.lang.decimal, got.lang.missing], ['es', ',', []], 'the Spanish table came across origins');
      assert.equal(got.g.spacing, LAB.spacing);
      assert.equal(got.g.order, LAB.order);
      assert.deepEqual(page.problems, []);
      await page.close();
    } finally {
      await server.close();
    }
  });
}

const walk = (dir) => readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)]));

test('web/hosting/_headers, read by Netlify\'s parser: no error, and every file of the release is cached an hour and open to a sandboxed frame', async () => {
  const { headers: rules, errors } = await parseAllHeaders({ headersFiles: [join(root, 'web', 'hosting', '_headers')], configHeaders: [], minimal: false });
  assert.deepEqual(errors.map(String), []);
  assert.ok(rules.length > 0, 'the file has rules');
  for (const f of walk(folder)) {
    const path = `/${relative(folder, f)}`;
    const values = Object.assign({}, ...rules.filter((r) => r.forRegExp.test(path)).map((r) => r.values));
    assert.equal(values['Access-Control-Allow-Origin'], '*', path);
    assert.match(values['Cache-Control'] ?? '', /max-age=3600/, path);
  }
});
