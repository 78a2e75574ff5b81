import type { MigrationDb } from './context.js';

/** One visitor's upvotes, found by their voter key: every directory page asks which they are. */
export function visitorVotes() {
  return {
    async up(db: MigrationDb) {
      await db.schema.createIndex('upvotes_voter').on('upvotes').column('voter_key').execute();
    },
  };
}
