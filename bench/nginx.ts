// nginx serving the app's recorded answer from a file: a reference for what a C server does with
// the same bytes (Debian's nginx, one worker, pinned like the others; skipped when not installed).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';
import { openFileLimit } from '../src/features/menu/disk-tier.js';
import { procCpuMicros, type ServerProcess } from './children.js';
import type { RecordedResponse } from './recorded.js';

const NGINX = '/usr/sbin/nginx';

export function nginxInstalled(): boolean {
  return spawnSync(NGINX, ['-v'], { stdio: 'ignore' }).status === 0;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const quote = (v: string) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

function addHeaders(headers: Record<string, string>): string {
  return Object.entries(headers)
    .map(([k, v]) => `      add_header ${k} ${quote(v)} always;`)
    .join('\n');
}

/**
 * One nginx process (no master) answering every GET with the recorded body and its headers.
 * nginx adds Server, Last-Modified and Accept-Ranges of its own (about 80 bytes); ETag and
 * Content-Type are the app's.
 */
export async function startNginx(workDir: string, name: string, replay: RecordedResponse): Promise<ServerProcess> {
  const dir = join(workDir, `nginx-${name}`);
  mkdirSync(join(dir, 'html'), { recursive: true });
  writeFileSync(join(dir, 'html', 'body'), Buffer.from(replay.body, 'base64'));
  const { 'content-type': contentType, ...rest } = replay.headers;
  return launch(dir, {
    etag: false,
    contentType: contentType ?? 'application/octet-stream',
    root: join(dir, 'html'),
    location: `      try_files /body =404;\n${addHeaders(rest)}`,
  });
}

/**
 * nginx serving many recorded answers as files: `<root>/<Host>/<path>` (the many-restaurants
 * benchmark's reference, bench/scale.ts), each with the headers all of them share, and nginx's own
 * ETag (from the file's size and time) in place of the app's.
 */
export async function startNginxFiles(
  workDir: string,
  root: string,
  contentType: string,
  headers: Record<string, string>,
): Promise<ServerProcess> {
  const dir = join(workDir, 'nginx-files');
  mkdirSync(dir, { recursive: true });
  return launch(dir, { etag: true, contentType, root: `${root}/$host`, location: addHeaders(headers) });
}

async function launch(
  dir: string,
  c: { etag: boolean; contentType: string; root: string; location: string },
): Promise<ServerProcess> {
  const port = await freePort();
  // nginx may raise its limit on open files only up to the hard limit it inherits from this process
  // (node raises its own soft limit to it at start): asked for more (65,536 on a machine whose hard
  // limit is 20,000), it kept the soft limit it was given and its file cache ran out of descriptors
  // at 10,000 restaurants ("Too many open files"). Files kept open: half of it, as the service's
  // disk tier keeps (features/menu/disk-tier.ts), the other half left to connections.
  const files = openFileLimit();
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon off;
master_process off;
worker_processes 1;
worker_rlimit_nofile ${files};
pid ${join(dir, 'nginx.pid')};
error_log stderr error;
events { worker_connections 4096; }
http {
  access_log off;
  server_tokens off;
  etag ${c.etag ? 'on' : 'off'};
  sendfile on;
  open_file_cache max=${Math.max(256, Math.floor(files / 2))} inactive=600s;
  keepalive_timeout 75s;
  keepalive_requests 10000000;
  client_body_temp_path ${dir};
  proxy_temp_path ${dir};
  fastcgi_temp_path ${dir};
  uwsgi_temp_path ${dir};
  scgi_temp_path ${dir};
  types { }
  default_type ${quote(c.contentType)};
  server {
    listen 127.0.0.1:${port};
    root ${c.root};
    location / {
${c.location}
    }
  }
}
`,
  );
  const child = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.once('exit', () => child.kill('SIGKILL'));
  // Listening once a connection is accepted.
  for (let i = 0; ; i++) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (ok) break;
    if (child.exitCode !== null || i > 100) throw new Error('nginx did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    name: 'nginx',
    pid: child.pid!,
    port,
    cpuMicros: async () => procCpuMicros(child.pid!),
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
