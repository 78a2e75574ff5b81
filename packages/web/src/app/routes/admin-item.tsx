import { AdminItemForm, AdminLayout } from '../../features/admin/index.js';

export default function AdminItem() {
  return (
    <AdminLayout current="items">
      <AdminItemForm />
    </AdminLayout>
  );
}
