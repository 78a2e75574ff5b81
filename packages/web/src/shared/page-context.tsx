import type { PageContext, PageData } from '@waymark/protocol';
import { createRequiredContext } from './required-context.js';

/** What the server handed this page: the site, the visitor, the shield's fields and the page's data. */
export const [PageContextProvider, usePageContext] = createRequiredContext<PageContext>(
  'usePageContext',
  'PageContextProvider',
);

/** The server's data for this page, narrowed to the page that asks for it. */
export function usePageData<P extends PageData['page']>(page: P): Extract<PageData, { page: P }> | null {
  const { data } = usePageContext();
  return data.page === page ? (data as Extract<PageData, { page: P }>) : null;
}
