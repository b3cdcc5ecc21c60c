'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';

const LINKS = [
  { href: '/admin', label: 'Overview' },
  { href: '/admin/calendars', label: 'Calendars' },
  { href: '/admin/entities', label: 'Entities' },
  { href: '/admin/sources', label: 'Sources' },
  { href: '/admin/quarantine', label: 'Quarantine' },
  { href: '/admin/users', label: 'Users' },
  { href: '/admin/audit', label: 'Audit log' },
  { href: '/admin/monitoring', label: 'Monitoring' },
];

export function AdminNav() {
  const pathname = usePathname();
  const nav = useRef<HTMLElement>(null);
  // on a phone the row scrolls sideways: keep the current page's tab in sight
  // biome-ignore lint/correctness/useExhaustiveDependencies: the route change is the trigger; the effect reads the DOM
  useEffect(() => {
    const el = nav.current?.querySelector<HTMLElement>('[aria-current="page"]');
    if (el && nav.current && nav.current.scrollWidth > nav.current.clientWidth)
      nav.current.scrollLeft = el.offsetLeft - nav.current.offsetLeft - 8;
  }, [pathname]);
  return (
    <nav
      ref={nav}
      aria-label="Administration"
      className="-mx-1 flex gap-1 overflow-x-auto border-b border-line px-1 pb-2 sm:mx-0 sm:flex-wrap sm:px-0"
    >
      {LINKS.map((l) => {
        const active = l.href === '/admin' ? pathname === '/admin' : pathname === l.href || pathname.startsWith(`${l.href}/`);
        return (
          <Link
            key={l.href}
            href={l.href}
            aria-current={active ? 'page' : undefined}
            className={`whitespace-nowrap rounded px-3 py-1.5 text-sm ${active ? 'bg-accent-soft font-medium text-accent' : 'text-muted hover:bg-slate-100'}`}
          >
            {l.label}
          </Link>
        );
      })}
    </nav>
  );
}
