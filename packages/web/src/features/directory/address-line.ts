/** Letters and digits only, lower case, without accents or extra spaces: how two place names are compared. */
const plain = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** A part of an address without its postal code ("10115 Berlin", "SW1A 1AA London" → the town). */
const withoutCodes = (part: string) =>
  plain(
    part
      .split(/\s+/)
      .filter((word) => !/\d/.test(word))
      .join(' '),
  );

/** Whether the address already names the locality in one of its comma-separated parts. */
export function namesLocality(address: string, locality: string): boolean {
  const town = plain(locality);
  if (!town) return true;
  return address.split(',').some((part) => plain(part) === town || withoutCodes(part) === town);
}

/**
 * What follows the address on an item's page: ", <locality>", or nothing when the address
 * already names it ("Corso Italia 144, Rome" with "Rome" stays as it is, never "…, Rome, Rome").
 */
export function localitySuffix(address: string, locality: string): string {
  const town = locality.trim();
  return town && address.trim() && !namesLocality(address, town) ? `, ${town}` : '';
}
