import { AdminLayout } from '../../features/admin/index.js';
import { AdminItemsPage } from '../../features/admin/items/AdminItemsPage.js';

export default function AdminItems() {
  return (
    <AdminLayout current="items">
      <AdminItemsPage />
    </AdminLayout>
  );
}
