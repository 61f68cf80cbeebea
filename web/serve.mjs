// A small static file server for the built lesson page, bound to 127.0.0.1.
// `node web/serve.mjs [dir] [port]` serves from the command line; the
// browser tests import serve() and use a free port.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PACKED, fresh } from './tools/precompress.mjs';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

// Text and wasm go compressed where the browser accepts it (brotli, else
// gzip): the page's first load is then about half the bytes (a course
// server should do the same: see README, "Hosting"). A file's own
// precompressed copy, FILE.br (brotli at quality 11: `make web` writes it),
// is sent when it is as new as the file; anything else is compressed once
// per change.
const COMPRESSIBLE = new Set([...PACKED, '.map']);
const packed = new Map(); // file -> {mtime, br, gzip}
async function compressed(file, mtime, body, encoding) {
  let p = packed.get(file);
  if (!p || p.mtime !== mtime) packed.set(file, (p = { mtime }));
  if (!p[encoding]) {
    p[encoding] = encoding === 'br' && fresh(file, `${file}.br`) ? await readFile(`${file}.br`)
      : encoding === 'br' ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
        : gzipSync(body, { level: 9 });
  }
  return p[encoding];
}

// `cors`: every file says Access-Control-Allow-Origin: *, which a frame
// sandboxed without allow-same-origin (an LMS's) needs to load the module
// and the .wasm (its origin is "null"); the files are public anyway.
export function serve(root, port = 0, { cors = true } = {}) {
  const base = resolve(root);
  const server = createServer(async (req, res) => {
    let path;
    try {
      path = decodeURIComponent(new URL(req.url, 'http://127.0.0.1').pathname);
    } catch {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('bad request: the path is not valid percent-encoding\n');
      return;
    }
    const file = normalize(join(base, path.endsWith('/') ? `${path}index.html` : path));
    if (file !== base && !file.startsWith(base + sep)) {  // no way out of the served folder
      res.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      const headers = { 'Content-Type': TYPES[extname(file)] || 'application/octet-stream', 'Cache-Control': 'no-cache', Vary: 'Accept-Encoding' };
      if (cors) headers['Access-Control-Allow-Origin'] = '*';
      const accepts = String(req.headers['accept-encoding'] ?? '');
      const encoding = !COMPRESSIBLE.has(extname(file)) || body.length < 1024 ? null : /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
      if (encoding) {
        const out = await compressed(file, (await stat(file)).mtimeMs, body, encoding);
        res.writeHead(200, { ...headers, 'Content-Encoding': encoding });
        res.end(out);
      } else {
        res.writeHead(200, headers);
        res.end(body);
      }
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    }
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => ok(server));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] || 'build/web';
  const port = Number(process.argv[3] || 8000);
  const server = await serve(dir, port);
  console.log(`flocklab: serving ${dir} at http://127.0.0.1:${server.address().port}/ (Ctrl-C stops)`);
}
