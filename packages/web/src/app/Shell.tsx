import { SiteLightbox } from '@waymark/lightbox';
import type { ReactNode } from 'react';
import { BackToTop } from '../features/theme/BackToTop.js';
import { usePageContext } from '../shared/page-context.js';
import { SiteFooter } from './SiteFooter.js';
import { SiteHeader } from './SiteHeader.js';

/**
 * The frame of every page: a skip link, the header, the main landmark and the footer, and the
 * site lightbox, which binds the links of whatever the page shows (its viewer loads on first open).
 * The frame is at least as tall as the window, so the footer ends a short page at its bottom.
 */
export function Shell({ children }: { children: ReactNode }) {
  const { shield, lightbox } = usePageContext();
  return (
    <div className="site">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      {shield.pixelUrl && <img className="apbct-pixel" src={shield.pixelUrl} alt="" width={1} height={1} />}
      <SiteFooter />
      <BackToTop />
      <SiteLightbox settings={lightbox} />
    </div>
  );
}
