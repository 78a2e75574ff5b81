/**
 * HTML that arrives from an address is cleaned before it is inserted. DOMPurify is loaded only
 * when the first such answer arrives, so the lightbox's first-open code stays in its budget.
 */
export async function sanitizeHtml(html: string): Promise<string> {
  const { default: DOMPurify } = await import('dompurify');
  return DOMPurify.sanitize(html, { FORBID_TAGS: ['style', 'form'], FORBID_ATTR: ['style'] });
}
