'use client';

import Link from 'next/link';
import type { AnswerPassage } from '@/lib/answer/types';
import { Popover } from '@/components/ui/popover';
import { sourceHref } from './citation-popover';

/** A quoted sentence: a button whose popover shows the passage's company, year, section, source and a link to it in the filing. */
export function PassageCitation({ passage, text }: { passage: AnswerPassage; text: string }) {
  return (
    <Popover
      label={`Source of the quote from ${passage.entity.name}`}
      width="26rem"
      testId="passage-popover"
      trigger={({ ref, open, props }) => (
        <button
          ref={ref}
          type="button"
          aria-expanded={open}
          className="rounded bg-slate-100 px-0.5 text-left italic hover:bg-slate-200"
          data-testid={`passage-${passage.id}`}
          {...props}
        >
          {text}
        </button>
      )}
    >
      {() => (
        <div className="space-y-1 text-xs">
          <div className="font-medium">
            {passage.entity.name} · FY{passage.fiscalYear} · {passage.section ?? 'passage'}
          </div>
          {passage.heading && passage.heading !== passage.section && <div className="text-muted">{passage.heading}</div>}
          <blockquote className="border-l-2 border-accent pl-2 italic">{passage.quote}</blockquote>
          <div className="text-muted">
            {passage.form ? `${passage.form}${passage.filedAt ? `, filed ${passage.filedAt}` : ''} · ` : ''}
            {passage.sourceTitle}
          </div>
          <div className="text-muted">
            {passage.page ? `page ${passage.page} · ` : ''}
            {passage.span ? `characters ${passage.span[0]}–${passage.span[1]}` : 'position not recorded'}
          </div>
          <div className="flex items-center justify-between">
            <span className="font-mono text-[10px] text-muted">passage {passage.chunkId.slice(0, 16)}…</span>
            <Link
              href={sourceHref({ sourceId: passage.sourceId, chunkId: passage.chunkId })}
              className="font-medium text-accent hover:underline"
              data-testid="open-source"
            >
              Open in filing →
            </Link>
          </div>
        </div>
      )}
    </Popover>
  );
}
