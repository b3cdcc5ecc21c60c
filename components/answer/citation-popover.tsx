'use client';

import Link from 'next/link';
import type { AnswerInput, AnswerValue } from '@/lib/answer/types';
import { unitCaption } from '@/lib/format';
import type { Citation } from '@/lib/retrieval/lookup-facts';
import { Popover } from '@/components/ui/popover';
import { SourceTableView, useCitationTable } from './source-table';

function isValue(v: AnswerValue | AnswerInput): v is AnswerValue {
  return 'entity' in v;
}

/** The source viewer's address for a cited fact (the viewer highlights its cell or span). */
export function sourceHref(c: { sourceId: string; factId?: string; chunkId?: string }): string {
  const q = c.factId ? `?fact=${c.factId}` : c.chunkId ? `?chunk=${c.chunkId}` : '';
  return `/sources/${c.sourceId}${q}#cited`;
}

function sightingName(x: { form: string | null; accession: string | null; title: string }): string {
  return `${x.form ?? x.title}${x.accession ? ` ${x.accession}` : ''}`;
}

/**
 * One citation: the filing whose table is shown is the one named (a value first known from another
 * filing says so), and every filing that reported the value is offered, each opening at its own cell.
 */
function CitedSource({ citation }: { citation: Citation }) {
  const data = useCitationTable(citation.factId);
  const loaded = data && data !== 'error' ? data : null;
  const columnPath = citation.columnPath.length ? citation.columnPath.join(' › ') : citation.column;
  const shown = loaded?.table ? loaded.source : null;
  const named = shown ?? { form: citation.form, accession: citation.accession ?? citation.sourceTitle, filedAt: citation.filedAt };
  // the same filing (the companyfacts entry of a 10-K and the 10-K document share its accession) needs no note
  const sameFiling = shown && (shown.id === citation.sourceId || (!!shown.accession && shown.accession === citation.accession));
  const from = shown && !sameFiling ? citation : null;
  const others = loaded?.sightings.filter((x) => !x.shown) ?? [];
  return (
    <section className="mt-2 rounded border border-line p-2" aria-label={`Source: ${citation.sourceTitle}`} data-testid="cited-source">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-xs">
        <span data-testid="cited-filing">
          <span className="font-medium">{named.form ?? 'Source'}</span> · {named.accession} · filed {named.filedAt}
        </span>
        <Link
          href={sourceHref({ sourceId: loaded ? loaded.source.id : citation.sourceId, factId: citation.factId })}
          className="font-medium text-accent hover:underline"
          data-testid="open-source"
        >
          Open in filing →
        </Link>
      </div>
      {from && (
        <div className="text-xs text-muted" data-testid="cited-from">
          The answer took this value from {from.form ?? from.sourceTitle} {from.accession ?? ''} (filed {from.filedAt}); the table shown is
          the same value as printed in the filing above.
        </div>
      )}
      {citation.row && !shown && (
        <div className="text-xs text-muted">
          Row “{citation.row}”{columnPath ? ` · column “${columnPath}”` : ''}
        </div>
      )}
      {data === null && (
        <div role="status" className="mt-1 text-xs text-muted">
          Loading source table…
        </div>
      )}
      {data === 'error' && <div className="mt-1 text-xs text-bad">The source table could not be loaded.</div>}
      {loaded && !loaded.table && (
        <div className="mt-1 text-xs text-muted">
          Tagged fact in the filing (no table cell kept){citation.page ? ` · page ${citation.page}` : ''}
          {citation.span ? ` · characters ${citation.span[0]}–${citation.span[1]}` : ''}.
        </div>
      )}
      {loaded?.table && (
        <div className="mt-1">
          <div className="text-xs font-medium">{loaded.table.title}</div>
          <div className="mb-1 text-xs text-muted">
            {loaded.table.unitLine}
            {loaded.table.page ? `${loaded.table.unitLine ? ' · ' : ''}page ${loaded.table.page}` : ''}
          </div>
          <SourceTableView data={loaded} />
        </div>
      )}
      {others.length > 0 && (
        <div className="mt-1 text-xs text-muted" data-testid="other-sightings">
          Also reported in:{' '}
          {others.map((x, i) => (
            <span key={`${x.sourceId}-${i}`}>
              {i > 0 ? ', ' : ''}
              {x.kind === 'companyfacts' || x.kind === 'xbrl-instance' ? (
                <span>{sightingName(x)}</span>
              ) : (
                <Link className="text-accent hover:underline" href={sourceHref({ sourceId: x.sourceId, factId: citation.factId })}>
                  {sightingName(x)}
                </Link>
              )}
              {x.filedAt ? ` (filed ${x.filedAt})` : ''}
            </span>
          ))}
        </div>
      )}
      <div className="mt-1 font-mono text-[10px] text-muted">fact {citation.factId.slice(0, 16)}…</div>
    </section>
  );
}

function Evidence({ value, text, close }: { value: AnswerValue | AnswerInput; text: string; close: () => void }) {
  const p = value.period;
  return (
    <div>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <div className="text-lg font-semibold tabular">{value.display}</div>
          <div className="text-xs text-muted">
            {value.label}
            {isValue(value) ? ` · ${value.entity.name}` : ''}
            {' · '}
            <span data-testid="popover-unit">{unitCaption(value)}</span>
          </div>
        </div>
        <button
          type="button"
          className="shrink-0 rounded px-1 text-xs text-muted underline hover:bg-slate-100"
          onClick={close}
          aria-label={`Close evidence for ${text}`}
        >
          Close
        </button>
      </div>
      <dl className="mt-2 grid grid-cols-[6.5rem_1fr] gap-x-2 gap-y-1 text-xs">
        <dt className="text-muted">Period</dt>
        <dd data-testid="popover-period">
          {p.dateRange} · {p.label} · {p.type}
        </dd>
        {isValue(value) && (
          <>
            <dt className="text-muted">Scope</dt>
            <dd>{value.scope}</dd>
            <dt className="text-muted">Basis</dt>
            <dd>
              {value.versionBasis.startsWith('filing:') && value.version?.filing.label
                ? `as reported in ${value.version.filing.label}`
                : `${value.versionBasis.replace('_', ' ')} version`}
              {value.otherVersions ? ' · other versions exist (restated or re-reported)' : ' · no other versions'}
            </dd>
          </>
        )}
        <dt className="text-muted">Computed</dt>
        <dd>
          {value.formula
            ? `${value.basis === 'derived' ? 'derived' : 'calculated from reported facts'}: ${value.formula}`
            : value.basis === 'derived'
              ? 'derived'
              : 'reported as is'}
        </dd>
      </dl>
      {isValue(value) && value.inputs.length > 0 ? (
        <div className="mt-2 space-y-2">
          {value.inputs.map((inp) => (
            <section key={inp.id} className="rounded bg-slate-50 p-2" aria-label={inp.label}>
              <div className="text-xs font-medium">
                {inp.label}: <span className="tabular">{inp.display}</span> · {inp.period.label} ({inp.period.dateRange})
              </div>
              {inp.citations.map((c) => (
                <CitedSource key={c.factId} citation={c} />
              ))}
            </section>
          ))}
        </div>
      ) : (
        value.citations.map((c) => <CitedSource key={c.factId} citation={c} />)
      )}
    </div>
  );
}

/** A number in an answer: a focusable button whose popover shows exactly what the number rests on. */
export function CitationButton({ value, text }: { value: AnswerValue | AnswerInput; text: string }) {
  return (
    <Popover
      label={`Evidence for ${value.label} ${text}`}
      testId="citation-popover"
      trigger={({ ref, open, props }) => (
        <button
          ref={ref}
          type="button"
          className="tabular rounded bg-accent-soft px-1 font-semibold text-accent underline decoration-dotted underline-offset-2 hover:bg-teal-200"
          data-testid={`value-${value.id}`}
          aria-expanded={open}
          {...props}
        >
          {text}
        </button>
      )}
    >
      {(close) => <Evidence value={value} text={text} close={close} />}
    </Popover>
  );
}

/** A stored fact's evidence (facts browser rows): its source table with the cell highlighted and a link into the filing. */
export function FactEvidenceButton({ factId, sourceId, label }: { factId: string; sourceId: string; label: string }) {
  return (
    <Popover
      label={`Evidence for ${label}`}
      testId="fact-popover"
      trigger={({ ref, open, props }) => (
        <button
          ref={ref}
          type="button"
          aria-expanded={open}
          className="rounded border border-line px-1.5 py-0.5 text-xs font-medium text-accent hover:bg-accent-soft"
          data-testid="fact-evidence"
          {...props}
        >
          Source
        </button>
      )}
    >
      {(close) => <FactEvidence factId={factId} sourceId={sourceId} label={label} close={close} />}
    </Popover>
  );
}

function FactEvidence({ factId, sourceId, label, close }: { factId: string; sourceId: string; label: string; close: () => void }) {
  const data = useCitationTable(factId);
  return (
    <div className="text-xs">
      <div className="flex items-start justify-between gap-2">
        <div className="font-medium">{label}</div>
        <button type="button" className="text-muted underline" onClick={close}>
          Close
        </button>
      </div>
      {data === null && <div className="mt-1 text-muted">Loading source…</div>}
      {data === 'error' && <div className="mt-1 text-bad">The source could not be loaded.</div>}
      {data && data !== 'error' && (
        <>
          <div className="mt-1 flex flex-wrap items-baseline justify-between gap-2">
            <span>
              {data.source.form ?? 'Source'} · {data.source.accession ?? data.source.title}
              {data.source.filedAt ? ` · filed ${data.source.filedAt}` : ''}
            </span>
            <Link href={sourceHref({ sourceId, factId })} className="font-medium text-accent hover:underline" data-testid="open-source">
              Open in filing →
            </Link>
          </div>
          {data.table ? (
            <div className="mt-1">
              <div className="font-medium">{data.table.title}</div>
              <div className="mb-1 text-muted">{data.table.unitLine}</div>
              <SourceTableView data={data} />
            </div>
          ) : (
            <div className="mt-1 text-muted">Tagged fact in the filing (no table cell kept).</div>
          )}
        </>
      )}
    </div>
  );
}
