import type { Metadata } from 'next';
import { SignInRequired } from '@/components/sign-in-required';
import { getViewer } from '@/lib/auth/server';

export const metadata: Metadata = { title: 'Ask' };

export default async function AskPage() {
  const viewer = await getViewer();
  if (!viewer) return <SignInRequired />;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">Ask</h1>
      <p className="text-muted">
        Questions about reported numbers are answered here once the planner and answer pipeline are in place. Until then,
        browse the facts with their exact periods on the Facts page.
      </p>
    </div>
  );
}
