import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App } from './app/App.js';
import type { PageContext } from './page-data.js';

/** Renders the page body for `url`; the server wraps it in the document. */
export function render(url: string, context: PageContext): string {
  return renderToString(
    <StrictMode>
      <StaticRouter location={url}>
        <App context={context} />
      </StaticRouter>
    </StrictMode>,
  );
}
