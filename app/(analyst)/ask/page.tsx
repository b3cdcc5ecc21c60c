import { randomUUID } from 'node:crypto';
import type { Metadata } from 'next';
import { AskChat } from '@/components/answer/ask-chat';
import { ThreadHistory } from '@/components/answer/thread-history';
import type { AnswerUIMessage } from '@/lib/answer/messages';
import { withPage } from '@/app/with-page';
import { viewerCompanies, viewerThread, viewerThreads } from '@/lib/server/workspace';
import type { ThreadTurn } from '@/lib/workspace/threads';
import { deleteThreadAction, renameThreadAction } from './actions';

export const metadata: Metadata = { title: 'Ask' };

/** A stored conversation as chat messages: each turn's question and the answer exactly as stored. */
function toMessages(turns: ThreadTurn[]): AnswerUIMessage[] {
  return turns.flatMap((t) => [
    { id: `q-${t.manifestId}`, role: 'user' as const, parts: [{ type: 'text' as const, text: t.question }] },
    {
      id: `a-${t.manifestId}`,
      role: 'assistant' as const,
      metadata: { manifestId: t.manifestId },
      parts: [{ type: 'data-answer' as const, id: 'answer', data: t.answer }],
    },
  ]);
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default withPage('analyst', async function AskPage({ viewer }, { searchParams }: Props) {
  const sp = await searchParams;
  const wanted = typeof sp.thread === 'string' ? sp.thread : null;
  const startFrom = typeof sp.q === 'string' && !wanted ? sp.q : '';
  const [threads, opened, companies] = await Promise.all([
    viewerThreads(viewer),
    wanted ? viewerThread(viewer, wanted) : Promise.resolve(null),
    viewerCompanies(viewer),
  ]);
  const threadId = opened?.thread.id ?? randomUUID().replace(/-/g, '');
  const history = (
    <ThreadHistory threads={threads} currentId={opened?.thread.id ?? null} rename={renameThreadAction} remove={deleteThreadAction} />
  );
  // keyboard order: the question box first (after the skip link), then the conversation, then the history —
  // the history column comes last in the document and is drawn on the left from the lg breakpoint
  return (
    <div className="grid gap-6 lg:grid-cols-[15rem_minmax(0,1fr)]">
      <div className="min-w-0 space-y-4 lg:col-start-2 lg:row-start-1">
        <div>
          <h1 className="text-2xl font-semibold">Ask</h1>
          <p className="text-sm text-muted">
            Every number is a button: open it to see its period, filing and the source cell. Joins across periods, scopes or companies are
            refused with a reason.
          </p>
        </div>
        {wanted && !opened && (
          <p role="status" className="rounded bg-amber-50 px-3 py-2 text-sm text-amber-900">
            That conversation is not in your history (it was deleted, or it is someone else’s). A new one starts here.
          </p>
        )}
        {opened && (
          <h2 className="truncate border-b border-line pb-2 text-sm font-semibold" data-testid="thread-title" title={opened.thread.title}>
            <span className="font-normal text-muted">Conversation · </span>
            {opened.thread.title}
          </h2>
        )}
        <AskChat
          key={threadId}
          threadId={threadId}
          initialMessages={opened ? toMessages(opened.turns) : undefined}
          companies={companies}
          initialQuestion={startFrom}
        />
        <details className="rounded-lg border border-line bg-white p-3 lg:hidden">
          <summary className="cursor-pointer text-sm font-medium">History ({threads.length})</summary>
          <div className="mt-2">{history}</div>
        </details>
      </div>
      <aside className="hidden lg:col-start-1 lg:row-start-1 lg:block">{history}</aside>
    </div>
  );
});
