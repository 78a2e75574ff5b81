import type { MigrationContext, MigrationDb } from './context.js';

/** The spam shield: its spam log, alt sessions, pixel hits, and the suggestions it protects. */
export function shield({ dialect }: MigrationContext) {
  const id = dialect === 'postgres' ? 'serial' : 'integer';
  return {
    async up(db: MigrationDb) {
      await db.schema
        .createTable('spam_log')
        .addColumn('id', id, (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
        .addColumn('form', 'varchar(40)', (c) => c.notNull())
        .addColumn('allowed', 'integer', (c) => c.notNull())
        .addColumn('score', 'integer', (c) => c.notNull())
        .addColumn('reasons', 'text', (c) => c.notNull())
        .addColumn('client_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('details', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('spam_log_created').on('spam_log').column('created_at').execute();

      await db.schema
        .createTable('alt_sessions')
        .addColumn('id', 'varchar(64)', (c) => c.notNull())
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'varchar(40)', (c) => c.notNull())
        .addPrimaryKeyConstraint('alt_sessions_pk', ['id', 'name'])
        .execute();
      await db.schema.createIndex('alt_sessions_expiry').on('alt_sessions').column('expires_at').execute();

      await db.schema
        .createTable('shield_pixel_hits')
        .addColumn('id', id, (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('client_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('shield_pixel_hits_created').on('shield_pixel_hits').column('created_at').execute();

      await db.schema
        .createTable('suggestions')
        .addColumn('id', id, (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('name', 'varchar(200)', (c) => c.notNull())
        .addColumn('address', 'varchar(500)', (c) => c.notNull())
        .addColumn('website', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
        .addColumn('email', 'varchar(320)', (c) => c.notNull().defaultTo(''))
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('new'))
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
        .execute();
    },
  };
}
