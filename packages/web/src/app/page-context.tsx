import { createContext, useContext } from 'react';
import type { PageContext, PageData } from '../page-data.js';

const Context = createContext<PageContext | null>(null);

export const PageContextProvider = Context.Provider;

export function usePageContext(): PageContext {
  const value = useContext(Context);
  if (!value) throw new Error('usePageContext needs a PageContextProvider');
  return value;
}

/** The server's data for this page, narrowed to the page that asks for it. */
export function usePageData<P extends PageData['page']>(page: P): Extract<PageData, { page: P }> | null {
  const { data } = usePageContext();
  return data.page === page ? (data as Extract<PageData, { page: P }>) : null;
}
