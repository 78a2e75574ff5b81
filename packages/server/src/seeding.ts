/**
 * What the server offers a seeder and the site's own routes (`@waymark/server/seeding`): the
 * storage and its tables, the migrations, the sanitizer, and the few feature functions a seeded
 * page reads with. A seeder is given to the server (see bootstrap.ts); the server imports none.
 */
export type { Seeder, SeedReport, SeedRequest } from './bootstrap.js';
export { openStorage, type DialectName, type Storage } from './db/connect.js';
export { migrateToLatest } from './db/migrate.js';
export type { Database, NewItem, ReviewTable } from './db/schema.js';
export { escapeHtml, sanitizeRichText } from './content/sanitize.js';
export { firstItemId } from './directory/index.js';
export { countPosts, writePost, type PostInput } from './posts/index.js';
export { reviewThread, sentFrom } from './reviews/index.js';
