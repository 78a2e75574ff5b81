import type { DirectoryItem } from '@waymark/protocol';
import { ItemPhone } from '../../shared/item-phone.js';
import { localitySuffix } from './address-line.js';

const mapSearch = (address: string) => `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;

/** Where the item's page links its website: only to a real web address. */
const isWebAddress = (url: string) => /^https?:\/\//i.test(url);

/**
 * What the directory says of an item, as a description list: address, phone and hours, and on
 * the item's own page its locality and website too.
 */
export function ItemFacts({
  item,
  className,
  linkAddress,
  linkPhone,
  detailed = false,
}: {
  item: DirectoryItem;
  className: string;
  /** The address as a link to a map search. */
  linkAddress: boolean;
  /** The phone as a `tel:` link. */
  linkPhone: boolean;
  /** The item's own page: the locality after the address, and the website. */
  detailed?: boolean;
}) {
  return (
    <dl className={className}>
      {item.address && (
        <>
          <dt>Address</dt>
          <dd>
            {linkAddress ? (
              <a href={mapSearch(item.address)} target="_blank" rel="noopener">
                {item.address}
              </a>
            ) : (
              item.address
            )}
            {detailed && localitySuffix(item.address, item.locality)}
          </dd>
        </>
      )}
      {item.phone && (
        <>
          <dt>Phone</dt>
          <dd>
            <ItemPhone item={item} clickable={linkPhone} />
          </dd>
        </>
      )}
      {item.hours && (
        <>
          <dt>Hours</dt>
          <dd>{item.hours}</dd>
        </>
      )}
      {detailed && isWebAddress(item.url) && (
        <>
          <dt>Website</dt>
          <dd>
            <a href={item.url} rel="nofollow noopener">
              {item.url}
            </a>
          </dd>
        </>
      )}
    </dl>
  );
}
