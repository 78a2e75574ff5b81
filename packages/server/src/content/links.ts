/**
 * An item's link as it may be written and printed: an http or https address, or one with no
 * scheme of its own (a path on this site). Anything else (`javascript:`, `data:`, `vbscript:`,
 * however it is spelled, with tabs or capitals, which the browser's URL rules undo) becomes ''
 * and is shown as no link at all.
 */
export function safeHref(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // No scheme the URL parser recognises: a relative address, which stays on this site.
    return url;
  }
  return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? url : '';
}
