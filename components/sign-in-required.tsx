import Link from 'next/link';

export function SignInRequired({ role }: { role?: string }) {
  return (
    <div role="alert" className="rounded-lg border border-line bg-white p-6">
      <h1 className="text-lg font-semibold">{role ? `This page needs the ${role} role` : 'Sign in required'}</h1>
      <p className="mt-1 text-sm text-muted">
        {role ? (
          'Ask an admin for access, or switch role if you are in the demo.'
        ) : (
          <>
            <Link href="/sign-in" className="text-accent underline">
              Sign in
            </Link>{' '}
            with your account. An admin creates accounts with <code>npm run cli -- users create</code>.
          </>
        )}
      </p>
    </div>
  );
}
