import type { DialectName } from '../connect.js';

/** What a migration may know about the database it builds: only where the dialects differ. */
export interface MigrationContext {
  dialect: DialectName;
}
