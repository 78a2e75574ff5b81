import type { Kysely } from 'kysely';
import type { DialectName } from '../connect.js';

/** What a migration may know about the database it builds: only where the dialects differ. */
export interface MigrationContext {
  dialect: DialectName;
}

/**
 * The database a migration works on. Its tables are the ones the migrations are building, so no
 * schema type can describe them (`Database` in schema.ts is the newest schema, not the one an
 * older migration meets): any table name, any column, every value unknown. Kysely's `Migration`
 * hands over `Kysely<any>`; this is as open without giving up type checking on what is read.
 */
export type MigrationDb = Kysely<Record<string, Record<string, unknown>>>;
