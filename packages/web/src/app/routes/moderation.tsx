import { AdminLayout } from '../../features/admin/index.js';
import { ModerationPage } from '../../features/reviews/index.js';

export default function Moderation() {
  return (
    <AdminLayout current="reviews">
      <ModerationPage />
    </AdminLayout>
  );
}
