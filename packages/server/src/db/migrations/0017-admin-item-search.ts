import { sql } from 'kysely';
import type { MigrationContext, MigrationDb } from './context.js';

/**
 * The back office's item search finds a text anywhere in an item's title, subtitle or address.
 * A `LIKE '%text%'` reads every item; at 100,000 items that is hundreds of milliseconds. A
 * trigram index answers the same question from the index: PostgreSQL's pg_trgm (GIN, one per
 * column, so `ILIKE … OR …` becomes a bitmap of three index scans), SQLite's FTS5 trigram
 * tokenizer over the three columns, kept in step with every writer of items by triggers.
 *
 * pg_trgm is a trusted extension (any database owner may create it). Where the site's role may
 * not, the migration leaves the index out and the search scans, as it did before.
 */
export function adminItemSearch({ dialect }: MigrationContext) {
  return {
    async up(db: MigrationDb) {
      if (dialect === 'sqlite') await sqliteTrigrams(db);
      else await postgresTrigrams(db);
    },
  };
}

async function sqliteTrigrams(db: MigrationDb) {
  const insert = (row: string) =>
    `INSERT INTO items_trigrams(rowid, title, subtitle, address) VALUES (${row}.id, ${row}.title, ${row}.subtitle, ${row}.address);`;
  // An external-content table: the text stays in `items`; removing a row needs its old values.
  const remove = `INSERT INTO items_trigrams(items_trigrams, rowid, title, subtitle, address)
    VALUES ('delete', old.id, old.title, old.subtitle, old.address);`;
  const statements = [
    `CREATE VIRTUAL TABLE items_trigrams USING fts5(title, subtitle, address, content = 'items', content_rowid = 'id', tokenize = 'trigram')`,
    `CREATE TRIGGER items_trigrams_insert AFTER INSERT ON items BEGIN ${insert('new')} END`,
    `CREATE TRIGGER items_trigrams_update AFTER UPDATE OF title, subtitle, address ON items BEGIN ${remove} ${insert('new')} END`,
    `CREATE TRIGGER items_trigrams_delete AFTER DELETE ON items BEGIN ${remove} END`,
    `INSERT INTO items_trigrams(items_trigrams) VALUES ('rebuild')`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

async function postgresTrigrams(db: MigrationDb) {
  const { rows } = await sql<{ may: boolean }>`
    SELECT (EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm')
            OR (EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm')
                AND has_database_privilege(current_database(), 'CREATE'))) AS may`.execute(db);
  if (!rows[0]?.may) return;
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  for (const column of ['title', 'subtitle', 'address']) {
    await sql.raw(`CREATE INDEX items_${column}_trigrams ON items USING gin (${column} gin_trgm_ops)`).execute(db);
  }
}
