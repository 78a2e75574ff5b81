import { AdminLayout } from '../../features/admin/index.js';
import { AdminItemForm } from '../../features/admin/items/AdminItemForm.js';

export default function AdminItem() {
  return (
    <AdminLayout current="items">
      <AdminItemForm />
    </AdminLayout>
  );
}
