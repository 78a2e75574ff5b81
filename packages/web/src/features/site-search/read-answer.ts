/** One suggestion as the dropdown shows it. */
export interface Suggestion {
  id: number | string;
  url: string;
  title: string;
  image: string;
  type: string;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** The server escapes every title and URL (for pages that insert them as HTML); React writes text. */
export const unescapeHtml = (text: string) =>
  text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);

/** Only our own paths and web addresses are followed or shown. */
const safeUrl = (url: string) => (/^(?:\/(?!\/)|https?:\/\/)/i.test(url) ? url : '');

/**
 * The live search's answer (PROTOCOL.md section 6): an object keyed by any key, in the server's
 * order, each value `{post_url, title, image_url, id, type}`; `{}` or `[]` for none. Anything
 * else in it is left out.
 */
export function readAnswer(answer: unknown): Suggestion[] {
  if (answer === null || typeof answer !== 'object') return [];
  return Object.values(answer as Record<string, unknown>).flatMap((value): Suggestion[] => {
    if (value === null || typeof value !== 'object') return [];
    const { post_url, title, image_url, id, type } = value as Record<string, unknown>;
    const url = typeof post_url === 'string' ? safeUrl(unescapeHtml(post_url)) : '';
    if (!url || typeof title !== 'string' || (typeof id !== 'number' && typeof id !== 'string')) return [];
    return [
      {
        id,
        url,
        title: unescapeHtml(title),
        image: typeof image_url === 'string' ? safeUrl(unescapeHtml(image_url)) : '',
        type: typeof type === 'string' ? type : '',
      },
    ];
  });
}
