import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupSite, SQLITE_FILE } from '../../src/ops/backup.js';
import { createTestApp, type TestApp } from '../support/app.js';

describe('npm run backup', () => {
  let t: TestApp;
  let out: string;

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    out = mkdtempSync(path.join(tmpdir(), 'waymark-backup-'));
    mkdirSync(path.join(t.config.mediaDir, 'items'), { recursive: true });
    writeFileSync(path.join(t.config.mediaDir, 'items', 'one.webp'), 'picture bytes');
  });
  afterAll(async () => {
    await t.close();
    rmSync(out, { recursive: true, force: true });
  });

  const addCategory = (i: number) =>
    t.app.storage.db
      .insertInto('categories')
      .values({ name: `Category ${i}`, slug: `category-${i}`, position: i })
      .execute();

  it('copies the live database consistently while the site writes, and the media folder', async () => {
    for (let i = 0; i < 50; i += 1) await addCategory(i);
    // Writes go on while the copy is made; the copy holds some prefix of them, whole.
    const writing = (async () => {
      for (let i = 50; i < 150; i += 1) await addCategory(i);
    })();
    const result = await backupSite({
      dataDir: t.config.dataDir,
      mediaDir: t.config.mediaDir,
      outDir: out,
      now: new Date('2026-01-02T03:04:05.678Z'),
    });
    await writing;

    expect(path.basename(result.folder)).toBe('waymark-2026-01-02T03-04-05-678Z');
    const copy = new SQLite(path.join(result.folder, SQLITE_FILE), { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      const { n } = copy.prepare('select count(*) as n from categories').get() as { n: number };
      expect(n).toBeGreaterThanOrEqual(50);
      expect(n).toBeLessThanOrEqual(150);
      // Every category up to the count is there: no gap, no torn page.
      const slugs = copy.prepare('select slug from categories').all() as Array<{ slug: string }>;
      expect(new Set(slugs.map((s) => s.slug))).toEqual(new Set(Array.from({ length: n }, (_, i) => `category-${i}`)));
    } finally {
      copy.close();
    }
    expect(readFileSync(path.join(result.folder, 'media', 'items', 'one.webp'), 'utf8')).toBe('picture bytes');
    expect(existsSync(path.join(result.folder, 'backup.json'))).toBe(true);
    // The site goes on answering.
    expect((await t.app.inject('/healthz')).statusCode).toBe(200);
  });
});
