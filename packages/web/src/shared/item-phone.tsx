import type { DirectoryItem } from '@waymark/protocol';
import { EncodedContact } from './encoded-contact.js';

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * An item's phone as this visitor may see it: encoded for the decoder while the server keeps it
 * sealed, else in clear; a `tel:` link when `clickable`.
 */
export function ItemPhone({
  item,
  clickable,
}: {
  item: Pick<DirectoryItem, 'phone' | 'phoneSealed'>;
  clickable: boolean;
}) {
  if (item.phoneSealed) {
    return <EncodedContact masked={item.phone} sealed={item.phoneSealed} {...(clickable ? { scheme: 'tel' } : {})} />;
  }
  return clickable ? <a href={telHref(item.phone)}>{item.phone}</a> : <>{item.phone}</>;
}
