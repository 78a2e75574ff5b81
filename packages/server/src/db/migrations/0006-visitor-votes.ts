import type { Kysely } from 'kysely';

/** One visitor's upvotes, found by their voter key: every directory page asks which they are. */
export function visitorVotes() {
  return {
    // Kysely hands migrations an untyped database: their schema is the one being built.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema.createIndex('upvotes_voter').on('upvotes').column('voter_key').execute();
    },
  };
}
