import { buildApp } from '../packages/server/src/app.js';
import { loadConfig } from '../packages/server/src/config.js';
import { loadDirectory } from '../packages/server/src/directory/load-directory.js';

/**
 * CPU time of one home-page render and of the directory's data alone, without HTTP in the way,
 * on the seeded site in DATA_DIR. Run in a process of its own with NODE_ENV=production, as the
 * site runs: React chooses its (several times slower) development build when it is not.
 */
const app = await buildApp({
  config: loadConfig({ ...process.env, LOG_LEVEL: 'silent', SEED_DEMO: 'false' }),
  logger: false,
});
await app.ready();

async function cpuMs(times: number, work: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 10; i += 1) await work(); // warm-up: JIT and the statement cache
  const start = process.cpuUsage();
  for (let i = 0; i < times; i += 1) await work();
  const used = process.cpuUsage(start);
  return Math.round(((used.user + used.system) / 1000 / times) * 10) / 10;
}

const home = await cpuMs(60, () => app.inject('/'));
const data = await cpuMs(60, () => loadDirectory(app.storage, { pagination: false, perPage: 12 }));
await app.close();
process.stdout.write(`${JSON.stringify({ cpuMsPerHomeRender: home, cpuMsDirectoryData: data })}\n`);
