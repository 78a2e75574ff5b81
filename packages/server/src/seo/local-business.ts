import type { DirectoryItem, ReviewThread } from '@waymark/protocol';

const plainText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * schema.org LocalBusiness for an item page, from what the page itself shows this visitor: a
 * phone the decoder still hides is left out, so search engines get no more than a harvester.
 */
export function localBusiness(item: DirectoryItem, reviews: ReviewThread, pageUrl: string): Record<string, unknown> {
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': `${pageUrl}#business`,
    name: item.title,
    url: /^https?:\/\//.test(item.url) ? item.url : pageUrl,
  };
  if (item.subtitle) data.description = item.subtitle;
  if (item.image) data.image = new URL(item.image, pageUrl).href;
  if (item.address || item.locality) {
    data.address = {
      '@type': 'PostalAddress',
      ...(item.address ? { streetAddress: item.address } : {}),
      ...(item.locality ? { addressLocality: item.locality } : {}),
    };
  }
  if (item.lat !== null && item.lon !== null) {
    data.geo = { '@type': 'GeoCoordinates', latitude: item.lat, longitude: item.lon };
  }
  if (item.phone && !item.phoneSealed) data.telephone = item.phone;
  if (item.hours) data.openingHours = item.hours;
  if (reviews.reviews.length > 0) {
    data.review = reviews.reviews.slice(0, 10).map((review) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: plainText(review.author) },
      datePublished: review.at.slice(0, 10),
      reviewBody: plainText(review.bodyHtml).slice(0, 1_000),
    }));
  }
  return data;
}
