import { readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { COMPRESS_THRESHOLD } from './compression.js';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The text files of a build that are worth compressing; images and fonts are compressed already. */
const TEXT_FILE = /\.(?:js|mjs|css|svg|json|html|txt|xml|map|webmanifest)$/;

/** What @fastify/static's `preCompressed` looks for beside a file, by encoding. */
export const SIBLINGS = { br: '.br', gzip: '.gz' } as const;

export interface Precompressed {
  file: string;
  raw: number;
  br: number | null;
  gzip: number | null;
}

/**
 * Writes a `.br` (brotli, best quality) and a `.gz` (gzip, level 9) beside every text file of
 * `dir` and its folders that is at least the on-the-fly threshold, for the server to send as
 * they are. A copy that would not be smaller is not written (and an old one is removed). Each
 * copy gets its file's modification time, so the server can tell a copy left from an older
 * build (see `hasFreshSiblings`).
 */
export async function precompressTree(dir: string): Promise<Precompressed[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && TEXT_FILE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  const done: Precompressed[] = [];
  for (const file of files) {
    const [source, info] = await Promise.all([readFile(file), stat(file)]);
    if (source.length < COMPRESS_THRESHOLD) continue;
    const [br, gz] = await Promise.all([
      brotli(source, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        },
      }),
      gzipped(source, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    done.push({
      file,
      raw: source.length,
      br: await writeSibling(file + SIBLINGS.br, br, source.length, info.mtime),
      gzip: await writeSibling(file + SIBLINGS.gzip, gz, source.length, info.mtime),
    });
  }
  return done;
}

async function writeSibling(target: string, data: Buffer, rawSize: number, mtime: Date): Promise<number | null> {
  if (data.length >= rawSize) {
    await rm(target, { force: true });
    return null;
  }
  // Written whole under another name first: a server reading it meanwhile never sees half a file.
  const partial = `${target}.${process.pid}.tmp`;
  await writeFile(partial, data);
  await utimes(partial, mtime, mtime);
  await rename(partial, target);
  return data.length;
}

/**
 * Whether every compressed copy beside `file` was made from it as it is now. A copy from an
 * older build of a file whose name stays the same (the shield script's) must never be sent for
 * the new one. False when there is no copy at all.
 */
export async function hasFreshSiblings(file: string): Promise<boolean> {
  const source = await stat(file).catch(() => null);
  if (!source) return false;
  let found = 0;
  for (const extension of Object.values(SIBLINGS)) {
    const copy = await stat(file + extension).catch(() => null);
    if (!copy) continue;
    // Copied through a Date, so to the millisecond.
    if (Math.abs(copy.mtimeMs - source.mtimeMs) >= 1) return false;
    found += 1;
  }
  return found > 0;
}
