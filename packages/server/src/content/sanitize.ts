import sanitizeHtml from 'sanitize-html';

/**
 * Rich text from administrators and imports, cleaned on write: a fixed set of tags, links and
 * images only to http(s), mail and phone addresses, and every link marked as not endorsed.
 */
const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    'ul',
    'ol',
    'li',
    'a',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'img',
    'span',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel'], img: ['src', 'alt', 'width', 'height'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: linkRel(attribs.rel) } }),
  },
};

/** A lightbox opt-in (`iLightbox` or `iLightbox[gallery]`): the one token of `rel` an author keeps. */
const LIGHTBOX_REL = /^ilightbox(?:\[[\w-]{0,64}\])?$/i;

/** Every link is marked as not endorsed; one that opts in to the site lightbox keeps its gallery. */
function linkRel(rel: string | undefined): string {
  const lightbox = (rel ?? '').split(/\s+/).find((token) => LIGHTBOX_REL.test(token));
  return [lightbox, 'nofollow', 'noopener'].filter(Boolean).join(' ');
}

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT);
}

/** Escapes text for an HTML text node or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}
