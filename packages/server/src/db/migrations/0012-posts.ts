import { sql } from 'kysely';
import type { MigrationContext, MigrationDb } from './context.js';

/**
 * Pages and articles, and the full-text index the header live search reads: SQLite FTS5 or a
 * PostgreSQL `tsvector` table with GIN indexes, over posts (title, body) and directory items
 * (title; subtitle and description). Triggers keep the index in step with every writer of items
 * and posts (the directory, listings, the demo seed, the back office), and bump a generation
 * number that tells in-memory caches of search answers, on every instance, that they are stale.
 *
 * A document's key is `id * 2` for an item and `id * 2 + 1` for a post, so a trigger finds its
 * row without a lookup table. Upvotes rewrite only `votes`, which no trigger watches.
 */
export function posts({ dialect }: MigrationContext) {
  const id = dialect === 'postgres' ? 'serial' : 'integer';
  return {
    async up(db: MigrationDb) {
      await db.schema
        .createTable('posts')
        .addColumn('id', id, (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('type', 'varchar(20)', (c) => c.notNull())
        .addColumn('slug', 'varchar(200)', (c) => c.notNull())
        .addColumn('title', 'varchar(300)', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('image', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
        .addColumn('image_alt', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('posts_type_slug').on('posts').columns(['type', 'slug']).unique().execute();
      await db.schema
        .createTable('search_state')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('generation', 'bigint', (c) => c.notNull())
        .execute();
      await db.insertInto('search_state').values({ id: 1, generation: 0 }).execute();
      if (dialect === 'sqlite') await sqliteIndex(db);
      else await postgresIndex(db);
    },
  };
}

/** The tags the rich-text sanitizer lets through without attributes, replaced by spaces. */
const PLAIN_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'h3', 'h4', 'h5', 'h6', 'blockquote'];
const ENTITIES: [string, string][] = [
  ['&amp;', '&'],
  ['&lt;', '<'],
  ['&gt;', '>'],
  ['&quot;', '"'],
  ['&#39;', "'"],
  ['&nbsp;', ' '],
];

/**
 * Sanitized HTML as words, in SQLite, which has no regular expressions: the attribute-free tags
 * and the entities the sanitizer writes are replaced. Links and images keep their attribute
 * words in the index; they weigh little beside the text and the title counts ten times.
 */
function sqliteText(column: string): string {
  const pairs: [string, string][] = [
    ...PLAIN_TAGS.flatMap((tag): [string, string][] => [
      [`<${tag}>`, ' '],
      [`</${tag}>`, ' '],
    ]),
    ['<br />', ' '],
    ['</a>', ' '],
    ['<span>', ' '],
    ['</span>', ' '],
    ...ENTITIES,
  ];
  return pairs.reduce(
    (inner, [from, to]) => `replace(${inner}, '${from.replace(/'/g, "''")}', '${to.replace(/'/g, "''")}')`,
    column,
  );
}

async function sqliteIndex(db: MigrationDb) {
  // remove_diacritics: "cafe" finds "Café"; the prefix indexes make the last word's prefix cheap.
  await sql`CREATE VIRTUAL TABLE search_fts USING fts5(title, body, kind UNINDEXED, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4')`.execute(
    db,
  );
  const bump = 'UPDATE search_state SET generation = generation + 1 WHERE id = 1;';
  const item = (row: string) =>
    `INSERT INTO search_fts(rowid, title, body, kind) VALUES (${row}.id * 2, ${row}.title, ${row}.subtitle || ' ' || ${sqliteText(`${row}.description`)}, 'item');`;
  const post = (row: string) =>
    `INSERT INTO search_fts(rowid, title, body, kind) VALUES (${row}.id * 2 + 1, ${row}.title, ${sqliteText(`${row}.body`)}, ${row}.type);`;
  const statements = [
    `CREATE TRIGGER items_search_insert AFTER INSERT ON items BEGIN ${item('new')} ${bump} END`,
    `CREATE TRIGGER items_search_update AFTER UPDATE OF title, subtitle, description, image ON items BEGIN
       DELETE FROM search_fts WHERE rowid = old.id * 2; ${item('new')} ${bump} END`,
    `CREATE TRIGGER items_search_delete AFTER DELETE ON items BEGIN DELETE FROM search_fts WHERE rowid = old.id * 2; ${bump} END`,
    `CREATE TRIGGER posts_search_insert AFTER INSERT ON posts BEGIN ${post('new')} ${bump} END`,
    `CREATE TRIGGER posts_search_update AFTER UPDATE ON posts BEGIN
       DELETE FROM search_fts WHERE rowid = old.id * 2 + 1; ${post('new')} ${bump} END`,
    `CREATE TRIGGER posts_search_delete AFTER DELETE ON posts BEGIN DELETE FROM search_fts WHERE rowid = old.id * 2 + 1; ${bump} END`,
    // The items there already.
    `INSERT INTO search_fts(rowid, title, body, kind)
       SELECT id * 2, title, subtitle || ' ' || ${sqliteText('description')}, 'item' FROM items`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

async function postgresIndex(db: MigrationDb) {
  const statements = [
    `CREATE TABLE search_documents (
       doc_key bigint PRIMARY KEY,
       kind varchar(20) NOT NULL,
       ref_id integer NOT NULL,
       title_tsv tsvector NOT NULL,
       doc_tsv tsvector NOT NULL
     )`,
    'CREATE INDEX search_documents_doc ON search_documents USING gin (doc_tsv)',
    'CREATE INDEX search_documents_title ON search_documents USING gin (title_tsv)',
    // 'simple': no stemming, as the directory's names and places are in many languages.
    `CREATE FUNCTION waymark_search_put(key bigint, kind text, ref integer, title text, body text) RETURNS void AS $$
       INSERT INTO search_documents (doc_key, kind, ref_id, title_tsv, doc_tsv)
       VALUES (key, kind, ref, to_tsvector('simple', title),
               setweight(to_tsvector('simple', title), 'A') ||
               setweight(to_tsvector('simple', regexp_replace(body, '<[^>]*>|&[a-z#0-9]+;', ' ', 'gi')), 'B'))
       ON CONFLICT (doc_key) DO UPDATE SET kind = EXCLUDED.kind, ref_id = EXCLUDED.ref_id,
         title_tsv = EXCLUDED.title_tsv, doc_tsv = EXCLUDED.doc_tsv
     $$ LANGUAGE sql`,
    `CREATE FUNCTION waymark_items_search() RETURNS trigger AS $$ BEGIN
       IF TG_OP = 'DELETE' THEN DELETE FROM search_documents WHERE doc_key = OLD.id::bigint * 2;
       ELSE PERFORM waymark_search_put(NEW.id::bigint * 2, 'item', NEW.id, NEW.title, NEW.subtitle || ' ' || NEW.description);
       END IF;
       RETURN NULL;
     END $$ LANGUAGE plpgsql`,
    `CREATE FUNCTION waymark_posts_search() RETURNS trigger AS $$ BEGIN
       IF TG_OP = 'DELETE' THEN DELETE FROM search_documents WHERE doc_key = OLD.id::bigint * 2 + 1;
       ELSE PERFORM waymark_search_put(NEW.id::bigint * 2 + 1, NEW.type, NEW.id, NEW.title, NEW.body);
       END IF;
       RETURN NULL;
     END $$ LANGUAGE plpgsql`,
    // Once per statement: a seed of thousands of items bumps the generation once.
    `CREATE FUNCTION waymark_search_bump() RETURNS trigger AS $$ BEGIN
       UPDATE search_state SET generation = generation + 1 WHERE id = 1;
       RETURN NULL;
     END $$ LANGUAGE plpgsql`,
    `CREATE TRIGGER items_search AFTER INSERT OR DELETE OR UPDATE OF title, subtitle, description, image ON items
       FOR EACH ROW EXECUTE FUNCTION waymark_items_search()`,
    `CREATE TRIGGER items_search_bump AFTER INSERT OR DELETE OR UPDATE OF title, subtitle, description, image ON items
       FOR EACH STATEMENT EXECUTE FUNCTION waymark_search_bump()`,
    `CREATE TRIGGER posts_search AFTER INSERT OR DELETE OR UPDATE ON posts
       FOR EACH ROW EXECUTE FUNCTION waymark_posts_search()`,
    `CREATE TRIGGER posts_search_bump AFTER INSERT OR DELETE OR UPDATE ON posts
       FOR EACH STATEMENT EXECUTE FUNCTION waymark_search_bump()`,
    `SELECT waymark_search_put(id::bigint * 2, 'item', id, title, subtitle || ' ' || description) FROM items`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
