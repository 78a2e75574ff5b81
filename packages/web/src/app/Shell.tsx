import { SiteLightbox } from '@waymark/lightbox';
import type { ReactNode } from 'react';
import { SliderSlot } from '../features/slider/index.js';
import { BackToTop, useAnchors } from '../features/theme/index.js';
import { usePageContext } from '../shared/page-context.js';
import { SiteFooter } from './SiteFooter.js';
import { SiteHeader } from './SiteHeader.js';

/**
 * The frame of every page: a skip link, the header, the main landmark and the footer, and the
 * site lightbox, which binds the links of whatever the page shows (its viewer loads on first open),
 * back-to-top and the theme's anchor scrolling; the page's slider (the home page's) opens the main
 * landmark, its code loaded only there. The side-header variant puts the header down the left.
 * The frame is at least as tall as the window, so the footer ends a short page at its bottom.
 */
export function Shell({ children }: { children: ReactNode }) {
  const { shield, lightbox, theme } = usePageContext();
  useAnchors();
  const side = theme?.header.layout === 'side';
  return (
    <div className={side ? 'site site--side-header' : 'site'}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="site-main" tabIndex={-1}>
        {theme?.slider && <SliderSlot settings={theme.slider} />}
        {children}
      </main>
      {shield.pixelUrl && <img className="apbct-pixel" src={shield.pixelUrl} alt="" width={1} height={1} />}
      <SiteFooter />
      <BackToTop position={theme?.toTop.totop_position} onlyScrollingDown={theme?.toTop.only_scrolling_down} />
      <SiteLightbox settings={lightbox} />
    </div>
  );
}
