import { AdminLayout } from '../../features/admin/index.js';
import { SpamLogPage } from '../../features/spam-log/index.js';

export default function SpamLog() {
  return (
    <AdminLayout current="spam-log">
      <SpamLogPage />
    </AdminLayout>
  );
}
