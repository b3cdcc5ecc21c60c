'use client';

import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import type { Answer, AnswerValue } from '@/lib/answer/types';
import { CitationButton } from './citation-popover';

/** A breakdown's rows: each member (its parts under it), then the total; each with its share when computed. */
export function breakdownRows(answer: Answer): { value: AnswerValue; share: AnswerValue | null; depth: number }[] {
  const byId = new Map(answer.values.map((v) => [v.id, v]));
  const shares = new Map(
    answer.values.filter((v) => v.part?.role === 'share').map((v) => [`${v.entity.id}|${v.period.end}|${v.part?.member}`, v]),
  );
  return (answer.table?.rows ?? []).flatMap((r) => {
    const v = byId.get(r.valueId);
    if (!v?.part) return [];
    return [{ value: v, share: shares.get(`${v.entity.id}|${v.period.end}|${v.part.member}`) ?? null, depth: v.part.parent ? 1 : 0 }];
  });
}

/** Whether an answer is a breakdown by member ("revenue by product"). */
export function isBreakdown(answer: Answer): boolean {
  return answer.values.some((v) => v.part?.role === 'member');
}

/** One row per member with its cited figure and share of the total; the top-level members charted. */
export function BreakdownView({ answer }: { answer: Answer }) {
  const rows = breakdownRows(answer);
  const note = answer.values.find((v) => v.part?.role === 'sum' || v.part?.role === 'gap');
  // the smallest parts are charted: a member shown with its parts is drawn as those parts
  const parents = new Set(rows.flatMap((r) => (r.value.part?.parent ? [r.value.part.parent] : [])));
  const chart = rows
    .filter((r) => r.value.part?.role === 'member' && !parents.has(r.value.part.member ?? ''))
    .map((r) => ({ name: r.value.part?.member ?? '', value: r.value.value }));
  return (
    <div className="space-y-3" data-testid="answer-breakdown">
      <div className="overflow-x-auto rounded border border-line">
        <table className="w-full text-sm" data-testid="answer-table">
          <caption className="sr-only">{answer.table?.columns[2] ?? 'Figure'} by member</caption>
          <thead className="bg-slate-50 text-xs text-muted">
            <tr>
              <th scope="col" className="px-3 py-2 text-left font-medium">
                Member
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                {answer.table?.columns[2] ?? 'Figure'}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Share of total
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ value, share, depth }) => {
              const total = value.part?.role === 'total';
              return (
                <tr key={value.id} className={`border-t border-line ${total ? 'bg-slate-50 font-semibold' : ''}`}>
                  <th scope="row" className={`px-3 py-2 text-left font-medium ${depth ? 'pl-8 text-muted' : ''}`}>
                    {total ? 'Total' : value.part?.member}
                    <span className="block text-[11px] font-normal text-muted">{value.period.dateRange}</span>
                  </th>
                  <td className="px-3 py-2 text-right tabular">
                    <CitationButton value={value} text={value.display} />
                  </td>
                  <td className="px-3 py-2 text-right tabular">{share ? <CitationButton value={share} text={share.display} /> : null}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {note && (
        <p className="text-xs text-muted" data-testid="breakdown-check">
          {note.part?.role === 'sum'
            ? 'Checked: the members add up to the total.'
            : 'The members do not add up to the total; the difference is stated above.'}
        </p>
      )}
      {chart.length > 1 && (
        <figure aria-label="Members as bars" className="rounded border border-line p-2">
          <BarChart
            data={chart}
            layout="vertical"
            responsive
            style={{ width: '100%', height: Math.max(120, chart.length * 36) }}
            margin={{ left: 8, right: 16 }}
          >
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" horizontal={false} />
            <XAxis
              type="number"
              tick={{ fontSize: 11, fill: '#475569' }}
              tickFormatter={(n: number) => n.toLocaleString('en-US', { notation: 'compact' })}
            />
            <YAxis type="category" dataKey="name" width={160} tick={{ fontSize: 12, fill: '#475569' }} />
            <Tooltip formatter={(n) => Number(n).toLocaleString('en-US', { notation: 'compact', maximumFractionDigits: 1 })} />
            <Bar dataKey="value" fill="#0f766e" isAnimationActive={false} />
          </BarChart>
          <figcaption className="sr-only">{chart.map((c) => c.name).join(', ')}</figcaption>
        </figure>
      )}
    </div>
  );
}
