/** What a result's type reads as. */
export const TYPE_LABELS: Record<string, string> = { page: 'Page', article: 'Article', item: 'Listing' };
