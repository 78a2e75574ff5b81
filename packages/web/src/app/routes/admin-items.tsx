import { AdminItemsPage, AdminLayout } from '../../features/admin/index.js';

export default function AdminItems() {
  return (
    <AdminLayout current="items">
      <AdminItemsPage />
    </AdminLayout>
  );
}
