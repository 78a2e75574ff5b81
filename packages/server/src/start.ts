import closeWithGrace from 'close-with-grace';
import { buildApp, type SiteParts } from './app.js';
import { bootstrap } from './bootstrap.js';
import { ConfigError, loadConfig } from './config.js';

/**
 * Starts one Waymark instance: configuration, database, first-start work, then the port. What
 * the site adds to the product (its seeder, its extra routes) is given by the program that
 * starts it; the server imports none of it.
 */
export async function startSite(parts: SiteParts = {}): Promise<void> {
  try {
    await start(parts);
  } catch (error) {
    process.stderr.write(`Waymark could not start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}

async function start(parts: SiteParts) {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }

  const logger = config.logPretty
    ? {
        level: config.logLevel,
        transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } },
      }
    : { level: config.logLevel };
  const app = await buildApp({ config, logger, ...(parts.routes ? { routes: parts.routes } : {}) });

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'stopping after an error');
    else app.log.info({ signal }, 'stopping');
    await app.close();
  });

  const report = await bootstrap(app.storage, config, (message) => app.log.info(message), parts.seed);
  const address = await app.listen({ host: config.host, port: config.port });
  const shown = config.publicUrl ?? address.replace('://127.0.0.1', '://localhost');

  const lines = [`Waymark is running at ${shown}/ (${app.storage.dialect})`];
  if (report.administrator.generatedPassword) {
    lines.push(
      '',
      'An administrator account was created. Its password is shown this once:',
      `  e-mail:   ${report.administrator.email}`,
      `  password: ${report.administrator.generatedPassword}`,
      `Sign in at ${shown}/login`,
    );
  }
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
}
