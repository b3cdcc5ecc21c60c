'use client';

import { useId, useState } from 'react';
import type { AnswerPassage } from '@/lib/answer/types';

/** A quoted sentence: a button whose panel shows the passage's company, year, section, source and span. */
export function PassageCitation({ passage, text }: { passage: AnswerPassage; text: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <span className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
        className="rounded bg-slate-100 px-0.5 text-left italic hover:bg-slate-200"
        data-testid={`passage-${passage.id}`}
      >
        {text}
      </button>
      {open && (
        <span id={id} role="note" className="absolute left-0 top-full z-20 mt-1 block w-96 rounded-lg border border-line bg-white p-3 text-xs not-italic shadow-lg">
          <span className="block font-medium">
            {passage.entity.name} · FY{passage.fiscalYear} · {passage.section ?? 'passage'}
          </span>
          {passage.heading && passage.heading !== passage.section && <span className="block">{passage.heading}</span>}
          <span className="block text-muted">
            {passage.form ? `${passage.form}${passage.filedAt ? `, filed ${passage.filedAt}` : ''} · ` : ''}
            {passage.sourceTitle}
          </span>
          <span className="block text-muted">
            {passage.page ? `page ${passage.page} · ` : ''}
            {passage.span ? `characters ${passage.span[0]}–${passage.span[1]}` : 'position not recorded'}
          </span>
          <span className="block font-mono text-[10px] text-muted">passage {passage.chunkId.slice(0, 16)}…</span>
        </span>
      )}
    </span>
  );
}
