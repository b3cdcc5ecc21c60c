'use client';

import type { Pivot } from './pivot-model';
import { CitationButton } from './citation-popover';

/** Companies side by side, periods down: every number a cited button with its own fiscal dates. */
export function PivotTable({ pivot, caption }: { pivot: Pivot; caption: string }) {
  return (
    <div className="overflow-x-auto rounded border border-line" data-testid="answer-pivot">
      <table className="w-full min-w-max text-sm" data-testid="answer-table">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs text-muted">
          <tr>
            <th scope="col" className="px-3 py-2 text-left font-medium">
              Period
            </th>
            {pivot.columns.map((c) => (
              <th key={c.key} scope="col" className="px-3 py-2 text-right font-medium">
                <span className="block text-ink">{c.label}</span>
                {c.entity.ticker && <span className="block font-mono text-[10px]">{c.entity.ticker}</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {pivot.rows.map((r) => (
            <tr key={r.key} className="border-t border-line">
              <th scope="row" className="px-3 py-2 text-left font-medium">
                {r.label}
              </th>
              {r.cells.map((v, i) => (
                <td
                  key={pivot.columns[i]!.key}
                  className="px-3 py-2 text-right tabular"
                  title={v ? `${v.entity.name} ${v.period.label}: ${v.period.dateRange}` : undefined}
                >
                  {v ? (
                    <>
                      <CitationButton value={v} text={v.display} />
                      <span className="block text-[11px] text-muted" data-testid="pivot-dates">
                        {v.period.dateRange}
                      </span>
                    </>
                  ) : (
                    <span className="text-muted">
                      <span aria-hidden="true">—</span>
                      <span className="sr-only">not reported</span>
                    </span>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
