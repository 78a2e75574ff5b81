import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { PAGE_CONTEXT_ELEMENT_ID, ROOT_ELEMENT_ID, type PageContext } from '@waymark/protocol';
import { App } from './app/App.js';
import { ROUTES } from './app/routes.js';
import { pageAddress } from './shared/page-address.js';

const root = document.getElementById(ROOT_ELEMENT_ID);
const source = document.getElementById(PAGE_CONTEXT_ELEMENT_ID);

async function start(root: HTMLElement, context: PageContext) {
  // The page's own chunk, which the document already preloads: hydrating only once it is here
  // means the first render matches the server's markup, with no fallback in between.
  const { default: Page } = await ROUTES[context.data.page]();
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread until the whole page is done; a click meanwhile hydrates its part first.
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <App context={context} address={pageAddress(location.href)} Page={Page} />
      </StrictMode>,
      {
        onRecoverableError(error) {
          // A mismatch between server and client markup is a bug: say so where tests can see it.
          console.error('Waymark hydration error:', error);
        },
      },
    );
  });
}

if (root && source?.textContent) {
  start(root, JSON.parse(source.textContent) as PageContext).catch((error: unknown) => {
    console.error('Waymark could not start the page:', error);
  });
}
