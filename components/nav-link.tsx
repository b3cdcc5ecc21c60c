'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { ReactNode } from 'react';

export function NavLink({ href, children }: { href: string; children: ReactNode }) {
  const pathname = usePathname();
  const active = pathname === href || pathname.startsWith(`${href}/`);
  return (
    <Link
      href={href}
      aria-current={active ? 'page' : undefined}
      className={`rounded px-3 py-1.5 text-sm ${active ? 'bg-accent-soft font-medium text-accent' : 'text-muted hover:bg-slate-100'}`}
    >
      {children}
    </Link>
  );
}
