'use client';

import { useEffect, useRef, useState } from 'react';
import type { CitationTable } from '@/lib/evidence/citation-table';
import { bodyRows, columnCount, mergeHeaderRows } from './source-table-model';

/** Loads the source table around a cited fact (tenant/ACL-scoped by the citations route). */
export function useCitationTable(factId: string): CitationTable | null | 'error' {
  const [data, setData] = useState<CitationTable | null | 'error'>(null);
  useEffect(() => {
    let live = true;
    setData(null);
    fetch(`/api/citations/${factId}`)
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(String(r.status)))))
      .then((d: CitationTable) => live && setData(d))
      .catch(() => live && setData('error'));
    return () => {
      live = false;
    };
  }, [factId]);
  return data;
}

/**
 * A source table as printed: every header row (sticky while the body scrolls, parents spanning their
 * columns), the row labels, and the cited cell highlighted and scrolled into view inside the table only.
 */
export function SourceTableView({ data, maxHeightClass = 'max-h-52' }: { data: CitationTable; maxHeightClass?: string }) {
  const scroller = useRef<HTMLDivElement>(null);
  const table = data.table!;
  const header = mergeHeaderRows(table.headerRows);
  const width = columnCount(data);
  const rows = bodyRows(data);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new table is the trigger; the effect reads the DOM
  useEffect(() => {
    const box = scroller.current;
    const cell = box?.querySelector<HTMLElement>('[data-cited="true"]');
    const head = box?.querySelector<HTMLElement>('thead');
    if (!box || !cell) return;
    const top = cell.offsetTop - (head?.offsetHeight ?? 0) - 24;
    box.scrollTop = Math.max(0, top);
    const right = cell.offsetLeft + cell.offsetWidth;
    box.scrollLeft = right > box.clientWidth ? right - box.clientWidth + 8 : 0;
  }, [data]);
  return (
    <div ref={scroller} className={`${maxHeightClass} overflow-auto overscroll-contain rounded border border-line`}>
      <table className="w-full border-separate border-spacing-0 text-xs" data-testid="source-table">
        {header.length > 0 && (
          <thead className="sticky top-0 z-10 bg-slate-100 shadow-[0_1px_0_var(--color-line)]">
            {header.map((row, r) => (
              <tr key={r}>
                {row.map((h, i) => (
                  <th
                    key={i}
                    scope="col"
                    colSpan={h.colSpan}
                    className={`whitespace-nowrap px-2 py-1 font-medium text-slate-700 ${i === 0 ? 'sticky left-0 bg-slate-100 text-left' : 'text-right'}`}
                  >
                    {h.text}
                  </th>
                ))}
                {row.reduce((n, h) => n + h.colSpan, 0) < width && (
                  <th aria-hidden colSpan={width - row.reduce((n, h) => n + h.colSpan, 0)} />
                )}
              </tr>
            ))}
          </thead>
        )}
        <tbody>
          {rows.map((r) => (
            <tr key={r.rowIndex} className={r.cells.some((c) => c.cited) ? 'bg-amber-50' : undefined}>
              {Array.from({ length: width }, (_, col) => {
                const c = r.cells.find((x) => x.colIndex === col);
                const Cell = col === 0 ? 'th' : 'td';
                return (
                  <Cell
                    key={col}
                    scope={col === 0 ? 'row' : undefined}
                    title={c?.columnPath.length ? c.columnPath.join(' › ') : undefined}
                    className={`border-t border-line px-2 py-1 ${col === 0 ? 'sticky left-0 min-w-[9rem] max-w-[14rem] bg-white text-left font-normal' : 'whitespace-nowrap text-right tabular'} ${
                      c?.cited ? 'bg-amber-200 font-semibold outline outline-2 -outline-offset-2 outline-amber-500' : ''
                    }`}
                    data-cited={c?.cited ? 'true' : undefined}
                    aria-current={c?.cited ? 'true' : undefined}
                  >
                    {c?.text ?? (col === 0 ? (r.label ?? '') : '')}
                  </Cell>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
