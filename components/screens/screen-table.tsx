import type { ScreenCell, ScreenResult } from '@/lib/screens/run-screen';
import { type ScreenParams, screenHref } from '@/lib/screens/screen-params';

interface Props {
  result: ScreenResult;
  params: ScreenParams;
  /** column id → header label */
  headers: Record<string, string>;
}

function valueText(c: ScreenCell, kind: string): string {
  if (c.error) return c.error.code;
  if (c.value === null) return '–';
  if (c.display) return c.display;
  if (kind === 'measure') return `${c.value.toLocaleString('en-US')} ${c.unit ?? ''}`.trim();
  return String(c.value);
}

/** One cell: the value, and on opening it the rule that made it (formula, the company's period, the facts cited). */
function Cell({ cell, kind, period }: { cell: ScreenCell | undefined; kind: string; period: string }) {
  if (!cell) return <td className="px-3 py-2" />;
  return (
    <td className="px-3 py-2 text-right align-top tabular-nums">
      <details className="inline-block text-left" data-testid="screen-cell">
        <summary className={`cursor-pointer list-none ${cell.error ? 'text-muted' : ''}`}>{valueText(cell, kind)}</summary>
        <div className="mt-1 max-w-xs space-y-1 rounded border border-line bg-white p-2 text-xs text-muted">
          {cell.formula && <p>Computed: {cell.formula}</p>}
          <p>Period: {period}</p>
          {cell.error && <p>{cell.error.message}</p>}
          {cell.factIds.length > 0 && (
            <p className="break-all">
              Facts:{' '}
              {cell.factIds.map((id) => (
                <code key={id} className="mr-1">
                  {id.slice(0, 12)}
                </code>
              ))}
            </p>
          )}
        </div>
      </details>
    </td>
  );
}

/** The ranked companies; each column header re-sorts (high to low, then low to high). */
export function ScreenTable({ result, params, headers }: Props) {
  const sorted = result.spec.sort?.column;
  return (
    <div className="overflow-x-auto rounded-lg border border-line bg-white">
      <table className="w-full text-sm" aria-label="Screen results">
        <thead className="border-b border-line text-left text-xs text-muted">
          <tr>
            <th className="px-3 py-2">#</th>
            <th className="px-3 py-2">Company</th>
            <th className="px-3 py-2">Fiscal year used</th>
            {result.spec.columns.map((c) => {
              const active = sorted === c.id;
              const dir = active && result.spec.sort?.direction === 'desc' ? 'asc' : 'desc';
              return (
                <th key={c.id} className="px-3 py-2 text-right" aria-sort={active ? (dir === 'asc' ? 'descending' : 'ascending') : 'none'}>
                  <a href={screenHref(params, { sort: c.id, dir })} className="hover:underline">
                    {headers[c.id] ?? c.id}
                    {active ? (dir === 'asc' ? ' ↓' : ' ↑') : ''}
                  </a>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {result.rows.map((row) => {
            const period = row.period.type === 'instant' ? row.period.date : `${row.period.start} to ${row.period.end}`;
            return (
              <tr key={row.entity.id} className="border-b border-line last:border-0">
                <td className="px-3 py-2 text-muted">{row.rank}</td>
                <td className="px-3 py-2">
                  {row.entity.name}
                  {row.entity.ticker && <span className="ml-1 text-muted">({row.entity.ticker})</span>}
                  {row.entity.sicDescription && <div className="text-xs text-muted">{row.entity.sicDescription}</div>}
                </td>
                <td className="px-3 py-2 whitespace-nowrap">
                  FY{row.fiscalYear} <span className="text-xs text-muted">({period})</span>
                </td>
                {result.spec.columns.map((c) => (
                  <Cell key={c.id} cell={row.cells[c.id]} kind={c.kind} period={period} />
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
