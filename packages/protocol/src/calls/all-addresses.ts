import { ANTISPAM_CALLS, DIRECTORY_CALLS, SITE_CALLS } from './addresses.js';

/**
 * Every call by name. The page script imports its own group instead, so that a bundler leaves
 * the other groups out of it.
 */
export const CALLS = { ...ANTISPAM_CALLS, ...DIRECTORY_CALLS, ...SITE_CALLS } as const;

export type CallName = keyof typeof CALLS;
