import type { ReactNode } from 'react';
import { SignInRequired } from '@/components/sign-in-required';
import { getViewer } from '@/lib/auth/server';
import { hasRole, type Viewer } from '@/lib/auth/viewer';

/** Every admin page starts here: the admin viewer, or what to render instead (the server refuses regardless). */
export async function adminView(): Promise<{ viewer: Viewer; denied: null } | { viewer: null; denied: ReactNode }> {
  const viewer = await getViewer();
  if (!viewer) return { viewer: null, denied: <SignInRequired /> };
  if (!hasRole(viewer.role, 'admin')) return { viewer: null, denied: <SignInRequired role="admin" /> };
  return { viewer, denied: null };
}

export function Section({ title, id, children, actions }: { title: string; id: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className="rounded-lg border border-line bg-white" aria-labelledby={id}>
      <div className="flex items-center justify-between border-b border-line px-4 py-2">
        <h2 id={id} className="font-medium">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

export function formatWhen(d: Date | string | null): string {
  if (!d) return '';
  const date = typeof d === 'string' ? new Date(d) : d;
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
