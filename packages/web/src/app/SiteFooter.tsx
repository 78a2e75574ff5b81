import { Fragment } from 'react';
import { FooterTabs } from '../features/theme/index.js';
import { usePageContext } from '../shared/page-context.js';
import { dataCredits, FOOTER_LINKS } from './site-links.js';
import { SiteLinkList } from './SiteLinkList.js';

/**
 * The foot of every page: the site's links, then tabs (APG tabs) with the credits its data needs
 * and what the site is.
 */
export function SiteFooter() {
  const { siteName } = usePageContext();
  // No page draws map tiles yet; the map's tile layer will say when one does.
  const credits = dataCredits({ osmTiles: false });
  const creditsText = (
    <p className="site-footer__credits">
      {credits.map((credit) => (
        <span key={credit.key} className="site-footer__credit">
          {credit.parts.map((part, i) =>
            typeof part === 'string' ? (
              <Fragment key={i}>{part}</Fragment>
            ) : (
              <a key={i} href={part.href}>
                {part.label}
              </a>
            ),
          )}
        </span>
      ))}
    </p>
  );
  return (
    <footer id="colophon" className="site-footer">
      <nav aria-label="Footer">
        <SiteLinkList links={FOOTER_LINKS} className="site-footer__links" />
      </nav>
      <FooterTabs
        label="About this site"
        tabs={[
          { value: 'credits', label: 'Credits', content: creditsText },
          {
            value: 'about',
            label: 'About',
            content: <p>{siteName} — a self-hosted directory. No visitor data leaves this site.</p>,
          },
        ]}
      />
    </footer>
  );
}
