export function SignInRequired({ role }: { role?: string }) {
  return (
    <div role="alert" className="rounded-lg border border-line bg-white p-6">
      <h1 className="text-lg font-semibold">{role ? `This page needs the ${role} role` : 'Sign in required'}</h1>
      <p className="mt-1 text-sm text-muted">
        {role
          ? 'Ask an admin for access, or switch role if you are in the demo.'
          : 'Accounts are not set up on this server yet. Run the app in demo mode (the embedded default) or ask an admin.'}
      </p>
    </div>
  );
}
