import type { Metadata } from 'next';
import { AskChat } from '@/components/answer/ask-chat';
import { withPage } from '@/app/with-page';

export const metadata: Metadata = { title: 'Ask' };

export default withPage('analyst', async function AskPage(_ctx) {
  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <div>
        <h1 className="text-2xl font-semibold">Ask</h1>
        <p className="text-sm text-muted">
          Every number is a button: open it to see its period, filing and the source cell. Joins across periods, scopes or
          companies are refused with a reason.
        </p>
      </div>
      <AskChat />
    </div>
  );
});
