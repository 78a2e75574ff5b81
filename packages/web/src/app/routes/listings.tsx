import { AdminLayout } from '../../features/admin/index.js';
import { EmbedLists } from '../../features/embed/index.js';
import { ListingsPage } from '../../features/listings/index.js';
import { usePageData } from '../../shared/page-context.js';

/** The listings to approve, and every list's embed link with the list-embed modal. */
export default function Listings() {
  const data = usePageData('listings');
  return (
    <AdminLayout current="listings">
      <ListingsPage />
      {data && <EmbedLists lists={data.lists} />}
    </AdminLayout>
  );
}
