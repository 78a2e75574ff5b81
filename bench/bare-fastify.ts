import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import formbody from '@fastify/formbody';
import Fastify from 'fastify';

/**
 * A bare Fastify route in a process of its own, as the yardstick for admin-ajax throughput:
 * the same framework and HTTP stack with nothing of Waymark's behind it. It reads the same
 * form body the call sends (with the form parser Waymark uses) and answers 200, so the two
 * do the same HTTP work; without the parser Fastify would answer every request 415, a slower
 * error path that flatters the ratio.
 */

const here = fileURLToPath(import.meta.url);

/** Starts the bare route in a child process on `port`; `stop` ends that process. */
export async function startBareRoute(port: number): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', here], {
    cwd: path.dirname(here),
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`The bare route exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const app = Fastify({ logger: false });
  await app.register(formbody);
  app.post('/bare', async () => ({ ok: true }));
  const url = await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
  process.stdout.write(`bare route at ${url}\n`);
}
