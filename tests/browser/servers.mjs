// Real web servers in the foreground, each serving a folder with the
// project's hosting recipe for it (web/hosting/) put where an author puts
// it: nginx (inside a server block), Apache 2.4 (inside the folder's
// <Directory>) and Caddy 2 (imported into a site block). Each returns
// { name, url, close() } once it answers; its config and logs are in a
// temporary folder that close() removes.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const recipe = (f) => join(root, 'web', 'hosting', f);

const freePort = () => new Promise((ok, fail) => {
  const s = createServer().listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => ok(port)); }).on('error', fail);
});

const readLog = (dir) => (existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8').trim() : `nothing said (${dir})`);

// Starts `command` and waits until the port answers (or the server exits).
async function launch(name, dir, port, command, args, env = {}) {
  const proc = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...env } });
  let said = '';
  proc.stderr.on('data', (d) => { said += d; });
  for (let i = 0; ; i++) {
    try {
      await fetch(`http://127.0.0.1:${port}/`);
      break;
    } catch { /* not listening yet */ }
    if (proc.exitCode !== null || i > 400) {
      proc.kill();
      throw new Error(`${name} did not start: ${said.trim() || readLog(dir)}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    name,
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((done) => {
      if (proc.exitCode !== null) { rmSync(dir, { recursive: true, force: true }); done(); return; }
      proc.once('exit', () => { rmSync(dir, { recursive: true, force: true }); done(); });
      proc.kill();
    }),
  };
}

// `brotli`: with Debian's brotli_static module loaded, and the recipe's
// line for it uncommented, as its comment tells an author to.
export async function nginx(folder, { brotli = false } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'flocklab-nginx-'));
  const port = await freePort();
  const conf = join(dir, 'nginx.conf');
  let lines = recipe('nginx.conf');
  if (brotli) {
    const text = readFileSync(lines, 'utf8');
    if (!text.includes('\n    #brotli_static on;\n')) throw new Error('web/hosting/nginx.conf has no "#brotli_static on;" line to uncomment');
    lines = join(dir, 'recipe.conf');
    writeFileSync(lines, text.replace('\n    #brotli_static on;\n', '\n    brotli_static on;\n'));
  }
  writeFileSync(conf, `${brotli ? 'load_module /usr/lib/nginx/modules/ngx_http_brotli_static_module.so;\n' : ''}daemon off;
pid ${dir}/nginx.pid;
error_log stderr;
events {}
http {
  include /etc/nginx/mime.types;
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${folder};
    include ${lines};
  }
}
`);
  return launch('nginx', dir, port, 'nginx', ['-c', conf, '-p', dir]);
}

// Debian's modules, loaded by the config itself (no a2enmod on the machine),
// with Debian's own deflate.conf as a Debian install has it (its DEFLATE
// comes first); `rewrite`: mod_rewrite too (a2enmod rewrite).
export async function apache(folder, { rewrite = false } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'flocklab-apache-'));
  const port = await freePort();
  const conf = join(dir, 'httpd.conf');
  const mods = '/usr/lib/apache2/modules';
  writeFileSync(conf, `ServerRoot ${dir}
ServerName 127.0.0.1
Listen 127.0.0.1:${port}
PidFile ${dir}/httpd.pid
ErrorLog ${dir}/error.log
LoadModule mpm_event_module ${mods}/mod_mpm_event.so
LoadModule authz_core_module ${mods}/mod_authz_core.so
LoadModule dir_module ${mods}/mod_dir.so
LoadModule mime_module ${mods}/mod_mime.so
LoadModule filter_module ${mods}/mod_filter.so
LoadModule deflate_module ${mods}/mod_deflate.so
LoadModule brotli_module ${mods}/mod_brotli.so
${rewrite ? `LoadModule rewrite_module ${mods}/mod_rewrite.so\n` : ''}LoadModule headers_module ${mods}/mod_headers.so
LoadModule env_module ${mods}/mod_env.so
TypesConfig /etc/mime.types
Include /etc/apache2/mods-available/deflate.conf
DirectoryIndex index.html
DocumentRoot ${folder}
<Directory ${folder}>
    Require all granted
    Include ${recipe('apache.conf')}
</Directory>
`);
  // Started as root, Apache serves as www-data (the folder must be readable by it).
  return launch('Apache', dir, port, '/usr/sbin/apache2', ['-f', conf, '-DFOREGROUND'], { APACHE_RUN_USER: 'www-data', APACHE_RUN_GROUP: 'www-data' });
}

export async function caddy(folder) {
  const dir = mkdtempSync(join(tmpdir(), 'flocklab-caddy-'));
  const port = await freePort();
  const conf = join(dir, 'Caddyfile');
  writeFileSync(conf, `{
	admin off
	auto_https off
}
http://127.0.0.1:${port} {
	root * ${folder}
	file_server
	import ${recipe('Caddyfile')}
}
`);
  return launch('Caddy', dir, port, 'caddy', ['run', '--config', conf, '--adapter', 'caddyfile'], { HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir });
}
