import { SiteLightbox } from '@waymark/lightbox';
import type { ReactNode } from 'react';
import { usePageContext } from './page-context.js';

/**
 * The frame of every page: a skip link, the header, the main landmark and the footer, and the
 * site lightbox, which binds the links of whatever the page shows (its viewer loads on first open).
 */
export function Shell({ children }: { children: ReactNode }) {
  const { siteName, user, formNonce, shield, lightbox } = usePageContext();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <a className="site-header__brand" href="/">
          {siteName}
        </a>
        <nav className="site-header__nav" aria-label="Site">
          <a href="/suggest">Suggest a place</a>
          <a href="/gallery">Gallery</a>
          {user?.role === 'administrator' && (
            <>
              <a href="/admin/reviews">Reviews</a>
              <a href="/admin/spam-log">Spam log</a>
            </>
          )}
        </nav>
        <nav className="site-header__nav" aria-label="Account">
          {user ? (
            <form method="post" action="/logout" className="site-header__signout">
              <span className="site-header__user">Signed in as {user.name}</span>
              <input type="hidden" name="_wpnonce" value={formNonce} />
              <button type="submit">Sign out</button>
            </form>
          ) : (
            <a href="/login">Sign in</a>
          )}
        </nav>
      </header>
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      {shield.pixelUrl && <img className="apbct-pixel" src={shield.pixelUrl} alt="" width={1} height={1} />}
      <footer className="site-footer">
        <p>{siteName} — a self-hosted directory. No visitor data leaves this site.</p>
      </footer>
      <SiteLightbox settings={lightbox} />
    </>
  );
}
