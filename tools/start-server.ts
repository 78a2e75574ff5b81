import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { shieldSettings } from '@waymark/protocol';
import { openStorage } from '../packages/server/src/db/connect.js';
import { migrateToLatest } from '../packages/server/src/db/migrate.js';
import { readSetting, writeSetting } from '../packages/server/src/settings/store.js';

/**
 * Starts the built Waymark server as a separate process on a free port, the way a site owner
 * runs it, for browser tests and benchmarks. Each server gets its own data folder unless told.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  output: () => string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface StartOptions {
  /**
   * The spam shield's free posts per form and hour. Every browser of a test run comes from
   * 127.0.0.1, so the site's one visitor address stands for many people: by default the test
   * server lets them post freely (doubt is still priced). A test of the prices keeps the site's
   * own (`null`).
   */
  freePostsPerHour?: number | null;
}

/** Writes the shield's free posts into a SQLite site's database before its server first reads it. */
async function allowFreePosts(dataDir: string, freePostsPerHour: number): Promise<void> {
  const storage = openStorage({ dataDir });
  try {
    await migrateToLatest(storage);
    const current = await readSetting(storage, shieldSettings);
    await writeSetting(storage, shieldSettings, { ...current, freePostsPerHour });
  } finally {
    await storage.db.destroy();
  }
}

export async function startServer(
  env: Record<string, string> = {},
  timeoutMs = 90_000,
  { freePostsPerHour = 10_000 }: StartOptions = {},
): Promise<RunningServer> {
  const port = await freePort();
  const ownDataDir = !env.DATA_DIR;
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'waymark-server-'));
  if (freePostsPerHour !== null && !env.DATABASE_URL) await allowFreePosts(dataDir, freePostsPerHour);
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Server did not start in ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const check = () => {
      if (output.includes('Waymark is running at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', check);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Server exited with ${code} before it started:\n${output}`));
    });
  });

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
