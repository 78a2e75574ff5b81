import type { ReactNode } from 'react';
import type { AdminSection } from './admin-sections.js';
import { AdminNav } from './AdminNav.js';

/** Every back-office page: the admin navigation above the page's own content. */
export function AdminLayout({ current, children }: { current: AdminSection; children: ReactNode }) {
  return (
    <div className="admin-layout">
      <AdminNav current={current} />
      <div className="admin-layout__page">{children}</div>
    </div>
  );
}
