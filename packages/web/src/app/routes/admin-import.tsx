import { AdminImportPage, AdminLayout } from '../../features/admin/index.js';

export default function AdminImport() {
  return (
    <AdminLayout current="items">
      <AdminImportPage />
    </AdminLayout>
  );
}
