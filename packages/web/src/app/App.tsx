import { ContactDecoder, ShieldProvider } from '@waymark/shield/react';
import { SPAM_SHIELD_ABOUT_PATH } from '@waymark/protocol/plain';
import { useEffect } from 'react';
import { Route, Routes } from 'react-router';
import { LoginPage } from '../features/accounts/LoginPage.js';
import { AddBusinessPage } from '../features/directory/AddBusinessPage.js';
import { HomePage } from '../features/directory/HomePage.js';
import { SpamLogPage } from '../features/spam-log/SpamLogPage.js';
import { SuggestPage } from '../features/suggest/SuggestPage.js';
import { BlockedPage } from '../pages/BlockedPage.js';
import { GalleryPage } from '../features/gallery/GalleryPage.js';
import { ItemPage } from '../features/reviews/ItemPage.js';
import { ModerationPage } from '../features/reviews/ModerationPage.js';
import { PageComments } from '../features/reviews/PageComments.js';
import { NotFoundPage } from '../pages/NotFoundPage.js';
import { SpamShieldPage } from '../pages/SpamShieldPage.js';
import type { PageContext } from '../page-data.js';
import { PageContextProvider } from './page-context.js';
import { Shell } from './Shell.js';
import './app.css';

export function App({ context }: { context: PageContext }) {
  useEffect(() => {
    // Browser tests and scripts wait for this before they interact.
    document.documentElement.dataset.hydrated = 'true';
  }, []);

  return (
    <PageContextProvider value={context}>
      {/* The spam shield runs once per page, for every form on it. */}
      <ShieldProvider>
        <ContactDecoder />
        <Shell>
          {/* Pages the server chose whatever the address: a refused post, a page this visitor may not see. */}
          {context.data.page === 'blocked' ? (
            <BlockedPage />
          ) : context.data.page === 'not-found' ? (
            <NotFoundPage />
          ) : (
            <Routes>
              <Route path="/" element={<HomePage />} />
              <Route path="/categories" element={<HomePage />} />
              <Route path="/add-business" element={<AddBusinessPage />} />
              <Route path="/login" element={<LoginPage />} />
              <Route path="/suggest" element={<SuggestPage />} />
              <Route
                path="/gallery"
                element={
                  <>
                    <GalleryPage />
                    <PageComments />
                  </>
                }
              />
              <Route path="/items/:id" element={<ItemPage />} />
              <Route path="/admin/reviews" element={<ModerationPage />} />
              <Route path="/admin/spam-log" element={<SpamLogPage />} />
              <Route path={SPAM_SHIELD_ABOUT_PATH} element={<SpamShieldPage />} />
              <Route path="*" element={<NotFoundPage />} />
            </Routes>
          )}
        </Shell>
      </ShieldProvider>
    </PageContextProvider>
  );
}
