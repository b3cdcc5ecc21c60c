import type { ReactNode } from 'react';
import { AdminNav } from '@/components/admin/admin-nav';
import { getViewer } from '@/lib/server/session';
import { hasRole } from '@/lib/auth/viewer';

/** Admin section frame: the sub-navigation for admins (each page checks the role itself as well). */
export default async function AdminLayout({ children }: { children: ReactNode }) {
  const viewer = await getViewer();
  const admin = !!viewer && hasRole(viewer.role, 'admin');
  return (
    <div className="space-y-6">
      {admin && <AdminNav />}
      {children}
    </div>
  );
}
