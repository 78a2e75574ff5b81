import type { Migration } from 'kysely';
import type { MigrationContext } from './context.js';
import { foundation } from './0001-foundation.js';
import { directory } from './0002-directory.js';
import { shield } from './0003-shield.js';
import { reviews } from './0004-reviews.js';
import { imageAlt } from './0005-image-alt.js';
import { visitorVotes } from './0006-visitor-votes.js';
import { listings } from './0007-listings.js';
import { outbox } from './0008-outbox.js';
import { bookmarks } from './0009-bookmarks.js';
import { accounts } from './0010-accounts.js';
import { posts } from './0012-posts.js';
import { backOffice } from './0013-back-office.js';
import { shop } from './0014-shop.js';
import { listingCoordinates } from './0015-listing-coordinates.js';
import { adminItemIndexes } from './0016-admin-item-indexes.js';
import { adminItemSearch } from './0017-admin-item-search.js';
import { featuredItems } from './0018-featured-items.js';
import { contentJudge } from './0019-content-judge.js';
import { emailConfirmations } from './0020-email-confirmations.js';
import { trustedVisitors } from './0021-trusted-visitors.js';

/**
 * Every migration in order. Names are permanent: Kysely records them in the database.
 * Later features append theirs here.
 */
export function migrations(ctx: MigrationContext): Record<string, Migration> {
  return {
    '0001-foundation': foundation(ctx),
    '0002-directory': directory(ctx),
    '0003-shield': shield(ctx),
    '0004-reviews': reviews(ctx),
    '0005-image-alt': imageAlt(ctx),
    '0006-visitor-votes': visitorVotes(),
    '0007-listings': listings(ctx),
    '0008-outbox': outbox(ctx),
    '0009-bookmarks': bookmarks(),
    '0010-accounts': accounts(),
    '0012-posts': posts(ctx),
    '0013-back-office': backOffice(ctx),
    '0014-shop': shop(ctx),
    '0015-listing-coordinates': listingCoordinates(),
    '0016-admin-item-indexes': adminItemIndexes(),
    '0017-admin-item-search': adminItemSearch(ctx),
    '0018-featured-items': featuredItems(),
    '0019-content-judge': contentJudge(),
    '0020-email-confirmations': emailConfirmations(),
    '0021-trusted-visitors': trustedVisitors(),
  };
}
