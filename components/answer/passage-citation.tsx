'use client';

import Link from 'next/link';
import type { AnswerPassage } from '@/lib/answer/types';
import { Popover } from '@/components/ui/popover';
import { sourceHref } from './citation-popover';

/** How a citation reads: a quote in a list or cell (shaded), a quote in the answer's prose, or its source number after it. */
export type CitationLook = 'quote' | 'prose' | 'marker';

const LOOK: Record<CitationLook, string> = {
  quote: 'rounded bg-slate-100 px-0.5 text-left italic hover:bg-slate-200',
  prose: 'rounded-sm text-left decoration-accent/40 decoration-dotted underline-offset-4 hover:bg-teal-50 hover:underline',
  marker:
    'mx-0.5 rounded border border-accent/40 bg-teal-50 px-1 align-super font-mono text-[10px] font-semibold leading-none text-accent hover:bg-accent hover:text-white',
};

/**
 * A quoted sentence: a button whose popover shows the passage's company, year, section, source and a link to it in the filing.
 * `look`: shaded (lists, cells), as prose in the answer's text, or the source number ("[3]") set after the sentence it cites.
 */
export function PassageCitation({ passage, text, look = 'quote' }: { passage: AnswerPassage; text: string; look?: CitationLook }) {
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
          className={LOOK[look]}
          aria-label={
            look === 'marker' ? `Source ${text}: ${passage.entity.name}, ${passage.form ?? 'filing'} FY${passage.fiscalYear}` : undefined
          }
          data-testid={look === 'marker' ? `cite-${passage.id}` : `passage-${passage.id}`}
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
