import { ContactDecoder, ShieldProvider } from '@waymark/shield/react';
import { useEffect, type ComponentType } from 'react';
import type { PageContext } from '@waymark/protocol';
import { PageAddressProvider, type PageAddress } from '../shared/page-address.js';
import { PageContextProvider } from '../shared/page-context.js';
import { Shell } from './Shell.js';
import './app.css';

/**
 * Every page: the page context, the spam shield, the contact decoder and the shell around the
 * page the server chose (`context.data.page`, see `ROUTES`). The server routes addresses, so the
 * page arrives resolved: the browser entry loads its route before it hydrates, and nothing
 * suspends or renders twice. `address` is the page's own address (see `PageAddress`).
 */
export function App({ context, address, Page }: { context: PageContext; address: PageAddress; Page: ComponentType }) {
  useEffect(() => {
    // Browser tests and scripts wait for this before they interact.
    document.documentElement.dataset.hydrated = 'true';
  }, []);

  return (
    <PageContextProvider value={context}>
      <PageAddressProvider value={address}>
        {/* The spam shield runs once per page, for every form on it. */}
        <ShieldProvider>
          <ContactDecoder />
          <Shell>
            <Page />
          </Shell>
        </ShieldProvider>
      </PageAddressProvider>
    </PageContextProvider>
  );
}
