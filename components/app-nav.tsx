import Link from 'next/link';
import { signOutAction } from '@/app/actions';
import type { Viewer } from '@/lib/auth/viewer';
import { hasRole } from '@/lib/auth/viewer';
import { DemoRoleSwitcher } from './demo-role-switcher';
import { NavLink } from './nav-link';

const links = [
  { href: '/ask', label: 'Ask', role: 'analyst' },
  { href: '/facts', label: 'Facts', role: 'analyst' },
  { href: '/manifests', label: 'Manifests', role: 'reviewer' },
  { href: '/admin', label: 'Admin', role: 'admin' },
] as const;

export function AppNav({ viewer }: { viewer: Viewer | null }) {
  return (
    <header className="border-b border-line bg-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
        <Link href="/" className="text-lg font-semibold tracking-tight text-accent">
          Ledgerline
        </Link>
        <nav aria-label="Main" className="order-last -mx-1 flex w-full gap-1 overflow-x-auto sm:order-none sm:mx-0 sm:w-auto">
          {links
            .filter((l) => viewer && hasRole(viewer.role, l.role))
            .map((l) => (
              <NavLink key={l.href} href={l.href}>
                {l.label}
              </NavLink>
            ))}
        </nav>
        <div className="ml-auto flex min-w-0 flex-wrap items-center justify-end gap-x-3 gap-y-1 text-sm text-muted">
          {viewer ? (
            <>
              {/* on a phone the demo's role picker already says the role */}
              <span className={`truncate ${viewer.demo ? 'sr-only sm:not-sr-only' : ''}`}>
                <span className="hidden sm:inline">{viewer.name} · </span>
                <span className="font-medium" data-testid="viewer-role">
                  {viewer.role}
                </span>
              </span>
              {viewer.demo ? (
                <>
                  <DemoRoleSwitcher current={viewer.role} />
                  <Link href="/sign-in" className="text-accent hover:underline">
                    Sign in
                  </Link>
                </>
              ) : (
                <form action={signOutAction}>
                  <button type="submit" className="rounded border border-line px-2 py-1 hover:bg-slate-100">
                    Sign out
                  </button>
                </form>
              )}
            </>
          ) : (
            <>
              <span>Not signed in</span>
              <Link href="/sign-in" className="text-accent hover:underline">
                Sign in
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
