'use client';

import { useEffect, useId, useRef, useState } from 'react';
import type { AnswerInput, AnswerValue } from '@/lib/answer/types';
import type { CitationTable } from '@/lib/evidence/citation-table';
import type { Citation } from '@/lib/retrieval/lookup-facts';

function isValue(v: AnswerValue | AnswerInput): v is AnswerValue {
  return 'entity' in v;
}

function SourceTable({ citation }: { citation: Citation }) {
  const [data, setData] = useState<CitationTable | null | 'error'>(null);
  useEffect(() => {
    let live = true;
    fetch(`/api/citations/${citation.factId}`)
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(String(r.status)))))
      .then((d: CitationTable) => live && setData(d))
      .catch(() => live && setData('error'));
    return () => {
      live = false;
    };
  }, [citation.factId]);
  if (data === null) return <p className="text-xs text-muted">Loading source table…</p>;
  if (data === 'error') return <p className="text-xs text-bad">The source table could not be loaded.</p>;
  if (!data.table) {
    return (
      <p className="text-xs text-muted">
        Tagged fact in the filing (no table cell kept){citation.page ? ` · page ${citation.page}` : ''}
        {citation.span ? ` · characters ${citation.span[0]}–${citation.span[1]}` : ''}.
      </p>
    );
  }
  const headerRows = data.table.headerRows.filter((r) => r.some((h) => h));
  const header = headerRows[headerRows.length - 1] ?? [];
  return (
    <div className="mt-1">
      <div className="text-xs font-medium">{data.table.title}</div>
      <div className="text-xs text-muted">
        {data.table.unitLine}
        {data.table.page ? ` · page ${data.table.page}` : ''}
      </div>
      <div className="mt-1 max-h-56 overflow-auto rounded border border-line">
        <table className="w-full text-xs" data-testid="source-table">
          {header.length > 0 && (
            <thead className="bg-slate-50">
              {headerRows.map((row, r) => (
                <tr key={r}>
                  {row.map((h, i) => (
                    <th key={i} scope="col" className="px-2 py-1 text-left font-medium">
                      {h}
                    </th>
                  ))}
                </tr>
              ))}
            </thead>
          )}
          <tbody>
            {data.rows
              .filter((r) => r.rowIndex > 0 || header.length === 0)
              .map((r) => (
                <tr key={r.rowIndex} className="border-t border-line">
                  {r.cells.map((c) => (
                    <td
                      key={c.colIndex}
                      className={`px-2 py-1 tabular ${c.cited ? 'bg-amber-200 font-semibold outline outline-2 outline-amber-500' : ''}`}
                      data-cited={c.cited ? 'true' : undefined}
                      aria-current={c.cited ? 'true' : undefined}
                    >
                      {c.text}
                    </td>
                  ))}
                </tr>
              ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function CitationBlock({ citation }: { citation: Citation }) {
  return (
    <div className="mt-2 rounded border border-line p-2">
      <div className="text-xs">
        <span className="font-medium">{citation.form ?? 'Source'}</span> · {citation.accession ?? citation.sourceTitle} · filed {citation.filedAt}
      </div>
      {citation.row && (
        <div className="text-xs text-muted">
          Row “{citation.row}”{citation.column ? ` · column “${citation.column}”` : ''}
        </div>
      )}
      <div className="font-mono text-[10px] text-muted">fact {citation.factId.slice(0, 16)}…</div>
      <SourceTable citation={citation} />
    </div>
  );
}

/** A number in an answer: a focusable button whose popover shows exactly what the number rests on. */
export function CitationButton({ value, text }: { value: AnswerValue | AnswerInput; text: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    panelRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    const onClick = (e: MouseEvent) => {
      if (!panelRef.current?.contains(e.target as Node) && !buttonRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open]);
  const p = value.period;
  return (
    <span className="relative inline-block">
      <button
        ref={buttonRef}
        type="button"
        className="tabular rounded bg-accent-soft px-1 font-semibold text-accent underline decoration-dotted underline-offset-2 hover:bg-teal-200"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        data-testid={`value-${value.id}`}
        onClick={() => setOpen((o) => !o)}
      >
        {text}
      </button>
      {open && (
        <div
          ref={panelRef}
          id={id}
          role="dialog"
          aria-label={`Evidence for ${value.label} ${text}`}
          tabIndex={-1}
          className="absolute left-0 top-full z-20 mt-1 w-[32rem] max-w-[90vw] rounded-lg border border-line bg-white p-3 text-left text-sm font-normal text-ink shadow-lg"
        >
          <div className="flex items-start justify-between gap-2">
            <div>
              <div className="text-lg font-semibold tabular">{value.display}</div>
              <div className="text-xs text-muted">
                {value.label}
                {isValue(value) ? ` · ${value.entity.name}` : ''} · {value.unit}
                {value.currency ? ` · ${value.currency}` : ''}
              </div>
            </div>
            <button type="button" className="text-xs text-muted underline" onClick={() => setOpen(false)}>
              Close
            </button>
          </div>
          <dl className="mt-2 grid grid-cols-[7rem_1fr] gap-x-2 gap-y-1 text-xs">
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
                  {value.versionBasis.replace('_', ' ')} version
                  {value.otherVersions ? ' · other versions exist (restated or re-reported)' : ' · no other versions'}
                </dd>
              </>
            )}
            <dt className="text-muted">Computed</dt>
            <dd>{value.formula ? `${value.basis === 'derived' ? 'derived' : 'calculated from reported facts'}: ${value.formula}` : value.basis === 'derived' ? 'derived' : 'reported as is'}</dd>
          </dl>
          {isValue(value) && value.inputs.length > 0 ? (
            <div className="mt-2 space-y-2">
              {value.inputs.map((inp) => (
                <div key={inp.id} className="rounded bg-slate-50 p-2">
                  <div className="text-xs font-medium">
                    {inp.label}: <span className="tabular">{inp.display}</span> · {inp.period.label} ({inp.period.dateRange})
                  </div>
                  {inp.citations.map((c) => (
                    <CitationBlock key={c.factId} citation={c} />
                  ))}
                </div>
              ))}
            </div>
          ) : (
            value.citations.map((c) => <CitationBlock key={c.factId} citation={c} />)
          )}
        </div>
      )}
    </span>
  );
}
