/**
 * *Waymark:* reviews of directory items and comments on pages, and how the spam shield's verdict
 * decides their fate. Zod-free, so page code can read the names and texts.
 */

/** Where a review or comment is kept: not shown (spam), waiting for an administrator, or public. */
export const REVIEW_STATUSES = ['published', 'held', 'spam'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** What an administrator can do with one. */
export const MODERATION_ACTIONS = ['publish', 'hold', 'spam', 'delete'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/**
 * What a review is about: `item:<id>` for a directory item, `page:<path>` for a page of the site
 * that takes comments.
 */
export const REVIEW_SUBJECT = /^(?:item:[1-9]\d{0,9}|page:\/[a-z0-9/-]{0,100})$/;

export const REVIEW_LIMITS = { author: 100, email: 320, body: 5_000 } as const;

export const REVIEW_TEXTS = {
  published: 'Thank you! Your review is published.',
  held: 'Thank you! Your review will appear once an administrator has read it.',
  publishedComment: 'Thank you! Your comment is published.',
  heldComment: 'Thank you! Your comment will appear once an administrator has read it.',
} as const;
