import type { PageContext } from '@waymark/protocol';

/** The page context a rendered page carries for hydration: what its route was given. */
export function contextOf(html: string): PageContext {
  const json = /<script type="application\/json" id="waymark-page">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}';
  return JSON.parse(json) as PageContext;
}
