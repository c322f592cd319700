import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { aptInstall } from '../lib/apt-install';
import { freePort } from '../lib/portal-process';

export const NGINX_PATH = process.env.NGINX_PATH || '/usr/sbin/nginx';

/**
 * The deployment test's reverse proxy is Debian's nginx, installed by the project's own
 * script like Chromium (tests run as root on this machine kind); nothing is downloaded
 * outside the package manager.
 */
export const ensureNginx = () => {
  if (existsSync(NGINX_PATH)) {
    return NGINX_PATH;
  }
  process.stdout.write(`${NGINX_PATH} is missing; installing Debian's nginx-light package...\n`);
  aptInstall(['nginx-light']);
  if (!existsSync(NGINX_PATH)) {
    throw new Error(`apt-get installed nginx-light but ${NGINX_PATH} is still missing`);
  }
  return NGINX_PATH;
};

export type TProxy = { url: string; stop: () => Promise<void> };

/**
 * nginx in front of the given upstream ports, round robin, as an operator would set it
 * up: the client's address in X-Forwarded-For, a failed upstream skipped for the next.
 */
export const startProxy = async (upstreamPorts: number[]): Promise<TProxy> => {
  const nginx = ensureNginx();
  const root = mkdtempSync(path.join(tmpdir(), 'portal-deploy-nginx-'));
  mkdirSync(path.join(root, 'logs'));
  const port = await freePort();
  const servers = upstreamPorts
    .map((upstream) => `    server 127.0.0.1:${upstream} max_fails=1 fail_timeout=2s;`)
    .join('\n');
  writeFileSync(
    path.join(root, 'nginx.conf'),
    `daemon off;
worker_processes 1;
pid ${root}/nginx.pid;
error_log ${root}/logs/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${root}/body;
  proxy_temp_path ${root}/proxy;
  client_max_body_size 20m;
  upstream portal {
${servers}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://portal;
      proxy_set_header Host $host:$server_port;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout;
      proxy_connect_timeout 2s;
    }
  }
}
`,
  );
  const child: ChildProcess = spawn(nginx, ['-p', root, '-c', path.join(root, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`nginx exited with ${child.exitCode}; see ${root}/logs/error.log`);
    }
    const up = await fetch(`${url}/api/health`).then(
      () => true,
      () => false,
    );
    if (up) {
      break;
    }
    if (Date.now() > deadline) {
      throw new Error('nginx did not answer within 10 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGQUIT');
        await exited;
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
};
