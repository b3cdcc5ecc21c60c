import type { ReactNode } from 'react';
import { AdminNav } from '@/components/admin/admin-nav';
import { viewerHasRole } from '@/lib/server/session';

/** Admin section frame: the sub-navigation for admins (each page checks the role itself as well, through withPage). */
export default async function AdminLayout({ children }: { children: ReactNode }) {
  const admin = await viewerHasRole('admin');
  return (
    <div className="space-y-6">
      {admin && <AdminNav />}
      {children}
    </div>
  );
}
