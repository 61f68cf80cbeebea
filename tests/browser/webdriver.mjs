// A small W3C WebDriver client (HTTP and JSON, node's fetch): enough to drive
// WebKitGTK's MiniBrowser through WebKitWebDriver under an Xvfb of our own.
// WebKitGTK has no headless mode, no BiDi and no console log API: a page's
// errors are collected by a script the test runs first in each page.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const freePort = () => new Promise((resolve, reject) => {
  const s = createServer();
  s.on('error', reject);
  s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
});
const sleep = (ms) => new Promise((r) => { setTimeout(r, ms); });

// Starts Xvfb and WebKitWebDriver, and one MiniBrowser session. The display
// number is the first free one from 90 (Xvfb -displayfd says which).
export async function startWebKit({ width = 1000, height = 900 } = {}) {
  const children = [];
  const home = mkdtempSync(join(tmpdir(), 'flocklab-webkit-'));
  const xvfb = spawn('Xvfb', ['-displayfd', '1', '-screen', '0', '1920x1080x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'pipe', 'ignore'] });
  children.push(xvfb);
  const display = await new Promise((resolve, reject) => {
    let out = '';
    xvfb.stdout.on('data', (d) => { out += d; if (out.includes('\n')) resolve(`:${out.trim()}`); });
    xvfb.on('exit', (code) => reject(new Error(`Xvfb exited (${code})`)));
  });
  const port = await freePort();
  // Compositing off: a canvas with border-radius otherwise sends WebKitGTK to
  // a software compositor that draws 1-3 frames a second under Xvfb.
  const env = { ...process.env, DISPLAY: display, HOME: home, WEBKIT_DISABLE_COMPOSITING_MODE: '1' };
  const driver = spawn('WebKitWebDriver', [`--port=${port}`], { env, stdio: 'ignore' });
  children.push(driver);
  const base = `http://127.0.0.1:${port}`;
  const call = async (method, path, body) => {
    const r = await fetch(base + path, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = await r.json();
    if (json.value && json.value.error) throw new Error(`WebDriver ${path}: ${json.value.error}: ${json.value.message}`);
    return json.value;
  };
  // The driver answers /status once it listens (polled: it is a process starting).
  for (let i = 0; ; i++) {
    try { if ((await call('GET', '/status')).ready !== undefined) break; } catch (err) { if (i > 300) throw err; }
    await sleep(100);
  }
  const session = await call('POST', '/session', {
    capabilities: {
      alwaysMatch: {
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser', args: ['--automation'] },
      },
    },
  });
  const id = session.sessionId;
  const s = (path) => `/session/${id}${path}`;
  await call('POST', s('/window/rect'), { width, height }).catch(() => {});
  return {
    home,
    goto: (url) => call('POST', s('/url'), { url }),
    // A function's source run in the page with arguments; its value (a promise is awaited).
    async run(fn, ...args) {
      return call('POST', s('/execute/async'), {
        script: `const done = arguments[arguments.length - 1]; Promise.resolve((${fn}).apply(null, Array.prototype.slice.call(arguments, 0, -1))).then((v) => done({ ok: v }), (e) => done({ err: String(e && e.stack || e) }));`,
        args,
      }).then((r) => { if (r && r.err) throw new Error(r.err); return r?.ok; });
    },
    // Polls fn in the page until it returns a truthy value (or the timeout).
    async until(fn, arg, { timeout = 60000, every = 100, what = String(fn) } = {}) {
      const end = Date.now() + timeout;
      for (;;) {
        const v = await this.run(fn, arg);
        if (v) return v;
        if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
        await sleep(every);
      }
    },
    // Keys to the focused element (WebDriver key codes: \uE007 is Enter, \uE00D Space).
    keys: (codes) => call('POST', s('/actions'), {
      actions: [{ type: 'key', id: 'kb', actions: codes.flatMap((c) => [{ type: 'keyDown', value: c }, { type: 'keyUp', value: c }]) }],
    }).then(() => call('DELETE', s('/actions'))),
    async click(selector) {
      const el = await call('POST', s('/element'), { using: 'css selector', value: selector });
      await call('POST', s(`/element/${Object.values(el)[0]}/click`), {});
    },
    async close() {
      await call('DELETE', `/session/${id}`).catch(() => {});
      for (const c of children.reverse()) c.kill('SIGTERM');
      rmSync(home, { recursive: true, force: true });
    },
  };
}
