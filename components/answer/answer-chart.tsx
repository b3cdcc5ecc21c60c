'use client';

import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis, type TooltipContentProps } from 'recharts';
import type { AnswerValue } from '@/lib/answer/types';
import { chartGroups, type ChartGroup, type Pivot } from './pivot-model';

const COLORS = ['#0f766e', '#b45309', '#4f46e5', '#be185d', '#0369a1', '#4d7c0f'];

function CitedTooltip({ active, payload, label, group }: TooltipContentProps<number, string> & { group: ChartGroup }) {
  if (!active || !payload?.length) return null;
  return (
    <div className="max-w-xs rounded border border-line bg-white p-2 text-xs shadow-lg" data-testid="chart-tooltip">
      <div className="font-medium">{label}</div>
      {payload.map((p) => {
        const v: AnswerValue | undefined = group.values.get(`${label}|${String(p.dataKey)}`);
        if (!v) return null;
        const c = v.citations[0] ?? v.inputs[0]?.citations[0];
        return (
          <div key={String(p.dataKey)} className="mt-1">
            <div>
              <span className="mr-1 inline-block size-2 rounded-full" style={{ background: p.color }} />
              {v.entity.name}: <span className="font-semibold tabular">{v.display}</span>
            </div>
            <div className="text-muted">{v.period.dateRange}</div>
            {c && (
              <div className="text-muted">
                {c.form ?? 'Source'} {c.accession ?? c.sourceTitle} · filed {c.filedAt}
                {c.row ? ` · “${c.row}”` : ''}
              </div>
            )}
          </div>
        );
      })}
    </div>
  );
}

function tick(n: number): string {
  return Math.abs(n) >= 1000
    ? n.toLocaleString('en-US', { maximumFractionDigits: 0 })
    : n.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

function GroupChart({ group, kind, colorOf }: { group: ChartGroup; kind: 'bar' | 'line'; colorOf: (key: string) => string }) {
  const summary = group.data
    .map((d) => `${d.period}: ${group.columns.map((c) => group.values.get(`${d.period}|${c.key}`)?.display ?? 'not reported').join(', ')}`)
    .join('; ');
  const common = {
    data: group.data,
    responsive: true,
    style: { width: '100%', height: 240 },
    margin: { top: 8, right: 12, bottom: 4, left: 8 },
  } as const;
  const axes = (
    <>
      <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={false} />
      <XAxis dataKey="period" tick={{ fontSize: 12, fill: '#475569' }} />
      <YAxis
        tickFormatter={tick}
        tick={{ fontSize: 11, fill: '#475569' }}
        width={64}
        label={{ value: group.axis, angle: -90, position: 'insideLeft', style: { fontSize: 11, fill: '#475569', textAnchor: 'middle' } }}
      />
      <Tooltip
        cursor={kind === 'line' ? { stroke: '#94a3b8', strokeDasharray: '3 3' } : { fill: 'rgba(15, 118, 110, 0.07)' }}
        content={(props) => <CitedTooltip {...(props as TooltipContentProps<number, string>)} group={group} />}
      />
      {group.columns.length > 1 && <Legend wrapperStyle={{ fontSize: 12 }} />}
    </>
  );
  return (
    <figure className="min-w-0 flex-1 basis-72" data-testid="answer-chart">
      <figcaption className="mb-1 text-xs text-muted">
        <span className="font-medium text-ink">{group.columns.map((c) => c.label).join(', ')}</span> · {group.axis}
      </figcaption>
      <div role="img" aria-label={`Chart in ${group.axis}: ${summary}`}>
        {kind === 'line' ? (
          <LineChart {...common}>
            {axes}
            {group.columns.map((c) => (
              <Line
                key={c.key}
                dataKey={c.key}
                name={c.label}
                stroke={colorOf(c.key)}
                strokeWidth={2}
                dot={{ r: 3 }}
                connectNulls={false}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        ) : (
          <BarChart {...common}>
            {axes}
            {group.columns.map((c) => (
              <Bar
                key={c.key}
                dataKey={c.key}
                name={c.label}
                fill={colorOf(c.key)}
                radius={[3, 3, 0, 0]}
                maxBarSize={56}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        )}
      </div>
    </figure>
  );
}

/** Series and comparisons as charts (Recharts): one chart per unit, axes captioned, tooltips cited. */
export function AnswerChart({ pivot }: { pivot: Pivot }) {
  const groups = chartGroups(pivot);
  const kind = pivot.rows.length >= 4 ? 'line' : 'bar';
  const colorOf = (key: string) =>
    COLORS[
      Math.max(
        0,
        pivot.columns.findIndex((c) => c.key === key),
      ) % COLORS.length
    ]!;
  return (
    <div className="flex flex-wrap gap-4">
      {groups.map((g) => (
        <GroupChart key={g.axis + g.columns.map((c) => c.key).join()} group={g} kind={kind} colorOf={colorOf} />
      ))}
    </div>
  );
}
