import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../../../tools/start-server.js';

export const HAPROXY = process.env.HAPROXY ?? '/usr/sbin/haproxy';

export interface Balancer {
  url: string;
  stop(): Promise<void>;
}

/**
 * A real HAProxy on loopback in front of `backends`, round robin, as the README's example: it
 * adds X-Forwarded-For (the instances run with TRUST_PROXY) and names the instance that
 * answered in X-Served-By, so a test can see the requests spread.
 */
export async function startBalancer(backends: number[]): Promise<Balancer> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'waymark-haproxy-'));
  const file = path.join(dir, 'haproxy.cfg');
  writeFileSync(
    file,
    [
      'global',
      '  maxconn 4096',
      'defaults',
      '  mode http',
      '  timeout connect 5s',
      '  timeout client 60s',
      '  timeout server 60s',
      '  option forwardfor',
      'frontend site',
      `  bind 127.0.0.1:${port}`,
      '  default_backend waymark',
      'backend waymark',
      '  balance roundrobin',
      '  http-response set-header X-Served-By %[srv_name]',
      ...backends.map((backend, index) => `  server w${index + 1} 127.0.0.1:${backend}`),
      '',
    ].join('\n'),
  );
  // -db: stay in the foreground, so the test owns the process.
  const child = spawn(HAPROXY, ['-db', '-f', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`haproxy exited: ${output}`);
    const up = await fetch(`${url}/healthz`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) break;
    if (attempt > 100) throw new Error(`haproxy did not answer: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
