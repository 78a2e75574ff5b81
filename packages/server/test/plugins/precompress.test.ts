import { mkdir, mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hasFreshSiblings, precompressTree } from '../../src/plugins/precompress.js';

const SCRIPT = `export const names = ${JSON.stringify(Array.from({ length: 500 }, (_, i) => `name-${i}`))};\n`;

describe("the build's compressed copies", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'waymark-precompress-'));
    await mkdir(path.join(dir, 'assets/nested'), { recursive: true });
    await writeFile(path.join(dir, 'assets/app-1a2b.js'), SCRIPT);
    await writeFile(path.join(dir, 'assets/nested/icon.svg'), `<svg>${'<path d="M0 0h10v10z"/>'.repeat(80)}</svg>`);
    await writeFile(path.join(dir, 'assets/tiny.css'), 'a{color:red}');
    // Bytes that do not shrink, under a name that is no text file.
    await writeFile(path.join(dir, 'assets/photo.webp'), Buffer.alloc(4096, 7));
  });
  afterEach(async () => rm(dir, { recursive: true, force: true }));

  it('writes brotli and gzip beside every text file worth it, in every folder', async () => {
    const done = await precompressTree(dir);
    expect(done.map((d) => path.relative(dir, d.file))).toEqual(['assets/app-1a2b.js', 'assets/nested/icon.svg']);
    const file = path.join(dir, 'assets/app-1a2b.js');
    expect(brotliDecompressSync(await readFile(`${file}.br`)).toString()).toBe(SCRIPT);
    expect(gunzipSync(await readFile(`${file}.gz`)).toString()).toBe(SCRIPT);
    const [entry] = done;
    expect(entry?.br).toBeLessThan(entry?.gzip ?? 0);
    expect(entry?.gzip).toBeLessThan(SCRIPT.length / 3);
    for (const skipped of ['assets/tiny.css', 'assets/photo.webp']) {
      await expect(stat(path.join(dir, `${skipped}.br`))).rejects.toThrow();
    }
  });

  it('tells copies of this build from copies of an older one', async () => {
    const file = path.join(dir, 'assets/app-1a2b.js');
    expect(await hasFreshSiblings(file)).toBe(false);
    await precompressTree(dir);
    expect(await hasFreshSiblings(file)).toBe(true);
    // A new build of a file under the same name, without the server's build step after it.
    const later = new Date(Date.now() + 5_000);
    await utimes(file, later, later);
    expect(await hasFreshSiblings(file)).toBe(false);
    expect(await hasFreshSiblings(path.join(dir, 'no-such.js'))).toBe(false);
  });
});
