import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AnswerView } from '@/components/answer/answer-view';
import { isAppError } from '@/lib/errors';
import { formatWhen } from '@/lib/format';
import { withPage } from '@/app/with-page';
import { viewerAnswer } from '@/lib/server/workspace';

export const metadata: Metadata = { title: 'Shared answer' };

/** A shared answer: the stored answer of a manifest, for any analyst of the same tenant. */
type Props = { params: Promise<{ id: string }> };

export default withPage('analyst', async function SharedAnswerPage({ viewer }, { params }: Props) {
  const { id } = await params;
  if (!/^[0-9a-f]{16,64}$/.test(id)) notFound();
  const found = await viewerAnswer(viewer, id).catch((e) => {
    if (isAppError(e) && e.status === 404) return null;
    throw e;
  });
  if (!found) notFound();
  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <div>
        <p className="text-xs uppercase tracking-wide text-muted">Shared answer</p>
        <h1 className="text-xl font-semibold">{found.question}</h1>
        <p className="text-sm text-muted">
          Asked {found.askedBy ? `by ${found.askedByMe ? 'you' : found.askedBy} ` : ''}on {formatWhen(found.createdAt)}. The numbers are as
          stored with the answer; open any of them for its period, filing and source cell.
        </p>
      </div>
      <AnswerView answer={found.answer} question={found.question} />
      <div className="flex flex-wrap gap-3 text-sm">
        {found.threadId && found.askedByMe && (
          <Link className="text-accent hover:underline" href={`/ask?thread=${encodeURIComponent(found.threadId)}`}>
            Reopen the conversation →
          </Link>
        )}
        <Link className="text-accent hover:underline" href="/ask">
          Ask a new question →
        </Link>
      </div>
    </div>
  );
});
