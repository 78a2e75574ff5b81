import type { MigrationDb } from './context.js';

/**
 * The spam shield's content judge: what it learnt from the administrators' decisions (how often
 * each token appeared in texts they called spam and not spam, the empty token counting the
 * texts), each decision kept by its source so a changed mind moves the counts instead of adding
 * to them, and the text each verdict judged, so a decision in the spam log can teach it.
 */
export function contentJudge() {
  return {
    async up(db: MigrationDb) {
      await db.schema
        .createTable('shield_content_tokens')
        .addColumn('token', 'varchar(80)', (c) => c.primaryKey())
        .addColumn('spam', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('ham', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('shield_content_lessons')
        .addColumn('source', 'varchar(80)', (c) => c.primaryKey())
        .addColumn('verdict', 'varchar(8)', (c) => c.notNull())
        .addColumn('tokens', 'text', (c) => c.notNull())
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
        .execute();
      await db.schema
        .alterTable('spam_log')
        .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
    },
  };
}
