import { AdminLayout } from '../../features/admin/index.js';
import { OutboxPage } from '../../features/outbox/index.js';

export default function Outbox() {
  return (
    <AdminLayout current="outbox">
      <OutboxPage />
    </AdminLayout>
  );
}
