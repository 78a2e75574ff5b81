import { AdminLayout } from '../../features/admin/index.js';
import { AdminImportPage } from '../../features/admin/items/AdminImportPage.js';

export default function AdminImport() {
  return (
    <AdminLayout current="items">
      <AdminImportPage />
    </AdminLayout>
  );
}
