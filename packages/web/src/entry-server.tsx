import { StrictMode, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import type { PageContext } from '@waymark/protocol';
import { App } from './app/App.js';
import { ROUTES, type PageType } from './app/routes.js';
import { pageAddress } from './shared/page-address.js';

// Every route, loaded once when the server starts, so a render never waits.
const pages = new Map<PageType, ComponentType>(
  await Promise.all(
    (Object.keys(ROUTES) as PageType[]).map(async (page) => [page, (await ROUTES[page]()).default] as const),
  ),
);

/** Renders the page body for `url`; the server wraps it in the document. */
export function render(url: string, context: PageContext): string {
  const Page = pages.get(context.data.page);
  if (!Page) throw new Error(`No route for the page type ${context.data.page}`);
  return renderToString(
    <StrictMode>
      <App context={context} address={pageAddress(url)} Page={Page} />
    </StrictMode>,
  );
}
