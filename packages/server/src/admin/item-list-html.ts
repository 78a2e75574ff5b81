import { escapeHtml } from '../content/sanitize.js';
import type { AdminItemList } from './store.js';

/**
 * The HTML the admin item form places into its item area: one entry per item, every text
 * escaped, and a count of what was left out when the list is longer than one screen's worth.
 */
export function itemListHtml({ rows, total }: AdminItemList, empty: string): string {
  if (rows.length === 0) return `<p class="waymark-admin-items-empty">${escapeHtml(empty)}</p>`;
  const entries = rows.map(
    (row) =>
      `<li data-item-id="${row.id}"><a href="/items/${row.id}">${escapeHtml(row.title)}</a>` +
      (row.subtitle ? ` <span class="waymark-admin-item-subtitle">${escapeHtml(row.subtitle)}</span>` : '') +
      '</li>',
  );
  const more = total > rows.length ? `<p class="waymark-admin-items-more">and ${total - rows.length} more</p>` : '';
  return `<ul class="waymark-admin-items">${entries.join('')}</ul>${more}`;
}
