import type { MigrationContext, MigrationDb } from './context.js';

/** Categories, lists, items, tags, settings, users and sessions. */
export function foundation({ dialect }: MigrationContext) {
  const id = dialect === 'postgres' ? 'serial' : 'integer';
  const float = 'double precision';
  return {
    async up(db: MigrationDb) {
      await db.schema
        .createTable('categories')
        .addColumn('id', id, (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('slug', 'varchar(200)', (c) => c.notNull().unique())
        .addColumn('name', 'varchar(200)', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable('lists')
        .addColumn('id', id, (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
        .addColumn('slug', 'varchar(200)', (c) => c.notNull().unique())
        .addColumn('title', 'varchar(300)', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
        .execute();
      await db.schema.createIndex('lists_category').on('lists').columns(['category_id', 'position']).execute();

      await db.schema
        .createTable('items')
        .addColumn('id', id, (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('list_id', 'integer', (c) => c.notNull().references('lists.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('title', 'varchar(500)', (c) => c.notNull())
        .addColumn('subtitle', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('address', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
        .addColumn('locality', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('phone', 'varchar(100)', (c) => c.notNull().defaultTo(''))
        .addColumn('hours', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('url', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
        .addColumn('image', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
        .addColumn('lat', float)
        .addColumn('lon', float)
        .addColumn('paid', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('marker', 'varchar(2000)')
        .addColumn('owner_email', 'varchar(320)', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('items_list').on('items').columns(['list_id', 'position']).execute();

      await db.schema
        .createTable('tags')
        .addColumn('id', id, (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('slug', 'varchar(200)', (c) => c.notNull().unique())
        .addColumn('name', 'varchar(200)', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('item_tags')
        .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id').onDelete('cascade'))
        .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('item_tags_pk', ['item_id', 'tag_id'])
        .execute();
      await db.schema.createIndex('item_tags_tag').on('item_tags').column('tag_id').execute();

      await db.schema
        .createTable('settings')
        .addColumn('key', 'varchar(200)', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('users')
        .addColumn('id', id, (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('email', 'varchar(320)', (c) => c.notNull().unique())
        .addColumn('name', 'varchar(200)', (c) => c.notNull())
        .addColumn('password_hash', 'varchar(300)', (c) => c.notNull())
        .addColumn('role', 'varchar(40)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
        .addColumn('expires_at', 'varchar(40)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_expiry').on('sessions').column('expires_at').execute();
    },
  };
}
