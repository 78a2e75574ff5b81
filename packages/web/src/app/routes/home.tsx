import { useCallback, useMemo } from 'react';
import type { DirectoryItem } from '@waymark/protocol';
import { BookmarkStar, popupStar, useBookmarkStore } from '../../features/bookmarks/index.js';
import { ContactOwnerButton, ContactOwnerDialog, useContactOwner } from '../../features/contact-owner/index.js';
import { HomePage } from '../../features/directory/index.js';
import { itemMapDrawer, MapSlot } from '../../features/map/index.js';
import { usePageData } from '../../shared/page-context.js';

/** The directory with its map: the map reads and writes the directory's one filter store. */
export default function Home() {
  const data = usePageData('home');
  const drawItemMap = useMemo(() => itemMapDrawer(data?.map, data?.settings.popupMap ?? false), [data]);
  const contact = useContactOwner();
  const bookmarks = useBookmarkStore();
  const mailto = data?.settings.mailto ?? false;
  const decoratePopup = useMemo(() => popupStar(bookmarks), [bookmarks]);
  const renderItemActions = useCallback(
    (item: DirectoryItem) => (
      <>
        {/* With "send by mailto" the popup's e-mail link opens the visitor's mail program instead. */}
        {!mailto && <ContactOwnerButton item={item} onOpen={contact.open} />}
        <BookmarkStar store={bookmarks} id={item.id} title={item.title} />
      </>
    ),
    [contact.open, bookmarks, mailto],
  );
  if (!data) return null;
  return (
    <>
      <HomePage
        renderMap={(filters) => <MapSlot map={data.map} directory={data.settings} filters={filters} />}
        drawItemMap={drawItemMap}
        renderItemActions={renderItemActions}
        decoratePopup={decoratePopup}
      />
      <ContactOwnerDialog
        target={contact.target}
        nonce={data.directoryNonce}
        sentText={data.settings.emailSentText}
        onClose={contact.close}
      />
    </>
  );
}
