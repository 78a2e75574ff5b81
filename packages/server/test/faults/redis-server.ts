import { spawn, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';

/** A private `redis-server` on a port of the test's choosing, that a test may kill and restart. */
export interface PrivateRedis {
  url: string;
  start(): Promise<void>;
  kill(): Promise<void>;
}

export function privateRedis(port: number): PrivateRedis {
  let child: ChildProcess | undefined;
  const url = `redis://127.0.0.1:${port}`;
  return {
    url,
    async start() {
      child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: 'ignore' },
      );
      // Ready when it answers a PING.
      for (let attempt = 0; attempt < 100; attempt += 1) {
        const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
        probe.on('error', () => {});
        const up = await probe
          .connect()
          .then(() => probe.ping())
          .then(
            () => true,
            () => false,
          );
        probe.disconnect();
        if (up) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`redis-server did not start on port ${port}`);
    },
    async kill() {
      const running = child;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
  };
}

/** Polls `check` every 50 ms until it is true or `ms` have passed. */
export async function eventually(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}
