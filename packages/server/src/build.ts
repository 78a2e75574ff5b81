import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config.js';
import { precompressTree, type Precompressed } from './plugins/precompress.js';
import { SHIELD_DIST } from './shield/index.js';

/**
 * The server's build step (`npm run build`, after the shield's and the site's): writes brotli and
 * gzip copies beside the files the server sends as they are, the site's client build and the
 * standalone shield script, so no request pays for compressing them.
 */

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const total = (done: Precompressed[], key: 'raw' | 'br' | 'gzip') =>
  done.reduce((sum, file) => sum + (file[key] ?? file.raw), 0);

const folders = [path.join(loadConfig().webDist, 'client'), SHIELD_DIST];
let failed = false;
for (const folder of folders) {
  if (!existsSync(folder)) {
    console.error(`Not built: ${folder}. Build the shield and the site first (npm run build at the top).`);
    failed = true;
    continue;
  }
  const done = await precompressTree(folder);
  console.log(
    `${path.relative(process.cwd(), folder) || folder}: ${done.length} files, ${kb(total(done, 'raw'))}` +
      ` → brotli ${kb(total(done, 'br'))}, gzip ${kb(total(done, 'gzip'))}`,
  );
}
if (failed) process.exitCode = 1;
