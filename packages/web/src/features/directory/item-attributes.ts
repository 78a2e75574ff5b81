import type { DirectoryItem } from '@waymark/protocol';

/**
 * The data attributes the directory's page scripts read from each item
 * (directory specification, section 3, "List item").
 */
export function itemAttributes(item: DirectoryItem): Record<`data-${string}`, string> {
  return {
    'data-title': item.title,
    'data-subtitle': item.subtitle,
    'data-address': item.address,
    'data-url': item.url,
    'data-local': item.locality,
    'data-phone': item.phone,
    'data-businesshour': item.hours,
    'data-latlon': item.lat !== null && item.lon !== null ? `${item.lat},${item.lon}` : '',
    'data-paid': item.paid ? '1' : '0',
    'data-marker': item.marker ?? '',
    'data-tag': item.tags.join(','),
  };
}
