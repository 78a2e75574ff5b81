import { parseArgs } from 'node:util';
import { loadConfig } from '../packages/server/src/config.js';
import { backupSite } from '../packages/server/src/ops/backup.js';

/**
 * `npm run backup [-- --out <folder>]`: a consistent copy of the SQLite database (while the site
 * runs) and of the media folder, into `<folder>/waymark-<time>/` (default `backups/`). Reads
 * the same environment as the server (DATA_DIR, MEDIA_DIR, DATABASE_URL).
 */

const { values } = parseArgs({ options: { out: { type: 'string', default: 'backups' } } });
const config = loadConfig();
const result = await backupSite({
  dataDir: config.dataDir,
  mediaDir: config.mediaDir,
  databaseUrl: config.databaseUrl,
  outDir: values.out,
});
process.stdout.write(`Backup written to ${result.folder}\n`);
if (config.databaseUrl) {
  process.stdout.write(
    'The database is PostgreSQL: back it up with pg_dump (see "Backups" in the README); the media folder is copied.\n',
  );
}
