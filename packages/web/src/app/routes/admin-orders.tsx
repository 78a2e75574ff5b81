import { AdminLayout } from '../../features/admin/index.js';
import { AdminOrdersPage } from '../../features/shop/index.js';

/** The shop's orders in the back office. */

export default function AdminOrders() {
  return (
    <AdminLayout current="orders">
      <AdminOrdersPage />
    </AdminLayout>
  );
}
