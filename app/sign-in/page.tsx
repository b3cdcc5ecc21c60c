import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getViewer } from '@/lib/server/session';
import { safeNextPath } from '@/lib/server/sign-in';
import { isDemoMode } from '@/lib/env';
import { SignInForm } from './sign-in-form';

export const metadata: Metadata = { title: 'Sign in' };

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const next = safeNextPath(typeof params.next === 'string' ? params.next : null);
  const viewer = await getViewer();
  if (viewer && !viewer.demo) redirect(next);
  return (
    <div className="mx-auto max-w-sm space-y-4 rounded-lg border border-line bg-white p-6">
      <h1 id="sign-in-h" className="text-xl font-semibold">
        Sign in to Ledgerline
      </h1>
      {isDemoMode() && (
        <p className="text-sm text-muted">
          This server runs the demo: without signing in you act as a demo user. Sign in with an account to use it instead.
        </p>
      )}
      <SignInForm next={next} />
      <p className="text-xs text-muted">Accounts are created by an administrator.</p>
    </div>
  );
}
