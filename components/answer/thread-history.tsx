'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { formatWhen } from '@/lib/format';
import type { ThreadSummary } from '@/lib/workspace/threads';

type Result = { ok: true; data: { message?: string } } | { ok: false; error: string };

export interface ThreadHistoryProps {
  threads: ThreadSummary[];
  currentId: string | null;
  rename: (threadId: string, title: string) => Promise<Result>;
  remove: (threadId: string) => Promise<Result>;
}

function ThreadItem({
  t,
  current,
  rename,
  remove,
}: {
  t: ThreadSummary;
  current: boolean;
  rename: ThreadHistoryProps['rename'];
  remove: ThreadHistoryProps['remove'];
}) {
  const router = useRouter();
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(t.title);
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  const run = (fn: () => Promise<Result>, after?: () => void) =>
    start(async () => {
      const r = await fn();
      if (!r.ok) setError(r.error);
      else {
        setError(null);
        after?.();
        router.refresh();
      }
    });
  return (
    <li
      className={`group rounded-md px-2 py-1.5 ${current ? 'bg-accent-soft' : 'hover:bg-slate-100'}`}
      data-testid="thread-item"
      aria-current={current ? 'page' : undefined}
    >
      {editing ? (
        <form
          className="flex gap-1"
          onSubmit={(e) => {
            e.preventDefault();
            run(
              () => rename(t.id, title),
              () => setEditing(false),
            );
          }}
        >
          <label className="sr-only" htmlFor={`title-${t.id}`}>
            Conversation title
          </label>
          <input
            id={`title-${t.id}`}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            maxLength={120}
            className="min-w-0 flex-1 rounded border border-line px-1 py-0.5 text-sm"
            // biome-ignore lint/a11y/noAutofocus: the field appears because the user pressed "Rename"; focus follows that press
            autoFocus
          />
          <button type="submit" disabled={pending} className="rounded bg-accent px-2 text-xs text-white">
            Save
          </button>
        </form>
      ) : (
        <Link href={`/ask?thread=${encodeURIComponent(t.id)}`} className="block truncate text-sm font-medium" title={t.title}>
          {t.title}
        </Link>
      )}
      <div className="flex items-center gap-2 text-[11px] text-muted">
        <span className="whitespace-nowrap">
          {t.turns} {t.turns === 1 ? 'answer' : 'answers'} · {formatWhen(t.updatedAt).slice(0, 10)}
        </span>
        <span className="ml-auto flex gap-2 sm:opacity-0 sm:group-hover:opacity-100 sm:group-focus-within:opacity-100">
          <button type="button" className="underline" onClick={() => setEditing((x) => !x)} aria-label={`Rename “${t.title}”`}>
            Rename
          </button>
          <button
            type="button"
            className="text-bad underline"
            aria-label={`Delete “${t.title}”`}
            onClick={() => {
              if (window.confirm(`Delete “${t.title}” from your history? The evidence manifests stay for review.`)) {
                run(
                  () => remove(t.id),
                  () => current && router.push('/ask'),
                );
              }
            }}
          >
            Delete
          </button>
        </span>
      </div>
      {error && (
        <p role="alert" className="text-xs text-bad">
          {error}
        </p>
      )}
    </li>
  );
}

/** The viewer's conversations: reopen, rename, delete. */
export function ThreadHistory({ threads, currentId, rename, remove }: ThreadHistoryProps) {
  return (
    <nav aria-label="History" className="space-y-2">
      <div className="flex items-center justify-between">
        <h2 className="text-sm font-semibold">History</h2>
        <Link href="/ask" className="rounded border border-line bg-white px-2 py-0.5 text-xs font-medium hover:bg-slate-50">
          New conversation
        </Link>
      </div>
      {threads.length === 0 ? (
        <p className="text-xs text-muted">Your conversations appear here, kept across sessions.</p>
      ) : (
        <ul className="space-y-0.5" data-testid="thread-list">
          {threads.map((t) => (
            <ThreadItem key={t.id} t={t} current={t.id === currentId} rename={rename} remove={remove} />
          ))}
        </ul>
      )}
    </nav>
  );
}
