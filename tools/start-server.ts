import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { accountsSettings, shieldSettings, type AccountsSettings } from '@waymark/protocol';
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
  /** The same server by IPv6 loopback, where it listens there: a visitor off its allow list. */
  untrustedUrl: string;
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
  /**
   * Addresses the shield trusts (its allow list). A server given any listens on both IPv4 and
   * IPv6 loopback, so a test can be one of the trusted (http://127.0.0.1:…) or a visitor the
   * shield judges on merit (`untrustedUrl`, http://[::1]:…).
   */
  trustedIpRanges?: string[];
  /** When the forms ask for their captcha; the site's own default (`when-in-doubt`) if not given. */
  captcha?: Partial<AccountsSettings['captcha']>;
}

/** Writes the test's settings into a SQLite site's database before its server first reads them. */
async function prepareSettings(
  dataDir: string,
  shield: Record<string, unknown>,
  captcha: Partial<AccountsSettings['captcha']> | undefined,
): Promise<void> {
  const storage = openStorage({ dataDir });
  try {
    await migrateToLatest(storage);
    const current = await readSetting(storage, shieldSettings);
    await writeSetting(storage, shieldSettings, { ...current, ...shield });
    if (captcha) {
      const accounts = await readSetting(storage, accountsSettings);
      await writeSetting(storage, accountsSettings, { ...accounts, captcha: { ...accounts.captcha, ...captcha } });
    }
  } finally {
    await storage.db.destroy();
  }
}

export async function startServer(
  env: Record<string, string> = {},
  timeoutMs = 90_000,
  { freePostsPerHour = 10_000, trustedIpRanges, captcha }: StartOptions = {},
): Promise<RunningServer> {
  const port = await freePort();
  const ownDataDir = !env.DATA_DIR;
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'waymark-server-'));
  const changes = {
    ...(freePostsPerHour === null ? {} : { freePostsPerHour }),
    ...(trustedIpRanges ? { trustedIpRanges } : {}),
  };
  if ((Object.keys(changes).length > 0 || captcha) && !env.DATABASE_URL)
    await prepareSettings(dataDir, changes, captcha);
  const host = trustedIpRanges ? '::' : '127.0.0.1';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'packages/demo/src/main.ts'], {
    cwd: root,
    env: { ...process.env, HOST: host, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
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
    untrustedUrl: `http://[::1]:${port}`,
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
