'use client';

import { useState } from 'react';
import type { Answer } from '@/lib/answer/types';
import { citedText } from '@/lib/workspace/export-rows';

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

const btn = 'rounded border border-line bg-white px-2 py-0.5 text-xs font-medium text-slate-700 hover:bg-slate-50';

/** Export (CSV, XLSX), "copy with citations" and a share link for one stored answer. */
export function AnswerActions({ answer, question }: { answer: Answer; question?: string }) {
  const [note, setNote] = useState<string | null>(null);
  const id = answer.manifestId!;
  const flash = (s: string) => {
    setNote(s);
    setTimeout(() => setNote(null), 2500);
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a toolbar of buttons, not form fields: role="group" names it without a fieldset's frame
    <div className="ml-auto flex flex-wrap items-center gap-1" role="group" aria-label="Answer actions">
      <button
        type="button"
        className={btn}
        onClick={async () => flash((await copy(citedText(answer, question))) ? 'Copied with citations' : 'Copy failed')}
      >
        Copy with citations
      </button>
      <a className={btn} href={`/api/exports/answers/${id}?format=csv`} download data-testid="export-csv">
        CSV
      </a>
      <a className={btn} href={`/api/exports/answers/${id}?format=xlsx`} download data-testid="export-xlsx">
        XLSX
      </a>
      <button
        type="button"
        className={btn}
        onClick={async () => flash((await copy(`${window.location.origin}/answers/${id}`)) ? 'Share link copied' : 'Copy failed')}
        data-testid="share-link"
      >
        Share
      </button>
      <span role="status" className="min-w-0 text-xs text-accent">
        {note}
      </span>
    </div>
  );
}
