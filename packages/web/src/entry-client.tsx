import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/App.js';
import { PAGE_CONTEXT_ELEMENT_ID, ROOT_ELEMENT_ID, type PageContext } from './page-data.js';

const root = document.getElementById(ROOT_ELEMENT_ID);
const source = document.getElementById(PAGE_CONTEXT_ELEMENT_ID);

if (root && source?.textContent) {
  const context = JSON.parse(source.textContent) as PageContext;
  hydrateRoot(
    root,
    <StrictMode>
      <BrowserRouter>
        <App context={context} />
      </BrowserRouter>
    </StrictMode>,
    {
      onRecoverableError(error) {
        // A mismatch between server and client markup is a bug: say so where tests can see it.
        console.error('Waymark hydration error:', error);
      },
    },
  );
}
