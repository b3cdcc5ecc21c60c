/**
 * Universe screens in the bench (lib/screens): one measure for one fiscal year, two measures with a ratio, and a
 * growth threshold, each over every company of the tenant, on single PostgreSQL and on Citus alike.
 */
import type { Database } from '@/lib/db/client';
import { runScreen } from '@/lib/screens/run-screen';
import type { ScreenInput } from '@/lib/screens/screen-input';
import { timeSequential } from './timing';
import type { BenchRow } from './types';

export interface ScreenCase {
  label: string;
  kind: 'one' | 'two';
  tenantId: string;
  inputs: ScreenInput[];
}

/** Screens over the fiscal years the tenant has revenue for (each case cycles through them). */
export async function screenCases(d: Database, tenantId: string): Promise<ScreenCase[]> {
  const years = (
    await d.query<{ y: number }>(
      `select distinct fiscal_year as y from facts where tenant_id = $1 and metric_id = 'revenue' and fiscal_period = 'FY' and status = 'active' and fiscal_year is not null order by 1 desc limit 4`,
      [tenantId],
    )
  ).map((r) => r.y);
  const over = (make: (y: number) => ScreenInput) => Array.from({ length: 40 }, (_, i) => make(years[i % years.length] ?? 2023));
  return [
    {
      label: 'screen: top 25 by revenue, one fiscal year (each company’s own)',
      kind: 'one',
      tenantId,
      inputs: over((year) => ({ year, columns: [{ kind: 'measure', id: 'revenue', metric: 'revenue' }], limit: 25 })),
    },
    {
      label: 'screen: operating margin (operating income / revenue) above 10 %, top 25',
      kind: 'two',
      tenantId,
      inputs: over((year) => ({
        year,
        columns: [{ kind: 'ratio', id: 'margin', numerator: 'operating_income', denominator: 'revenue' }],
        filters: [{ column: 'margin', op: '>', value: 0.1 }],
        limit: 25,
      })),
    },
    {
      label: 'screen: revenue growth above 20 % over the previous fiscal year',
      kind: 'two',
      tenantId,
      inputs: over((year) => ({
        year,
        columns: [{ kind: 'growth', id: 'growth', metric: 'revenue' }],
        filters: [{ column: 'growth', op: '>', value: 0.2 }],
      })),
    },
  ];
}

/** p50/p95 of each screen case; `targets` (ms) for the one-measure and the two-measure cases at the largest size. */
export async function screenRows(
  d: Database,
  base: Pick<BenchRow, 'section' | 'driver'>,
  tag: string,
  cases: ScreenCase[],
  targets?: { one: number; two: number },
): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const c of cases) {
    const t = await timeSequential(c.inputs, (input) => runScreen({ db: d.db, tenantId: c.tenantId, input }), 3);
    const last = t.results.at(-1);
    const target = targets ? targets[c.kind] : undefined;
    rows.push({
      ...base,
      case: `${c.label}, ${tag}`,
      n: t.latencies.length,
      p50Ms: t.summary.p50Ms,
      p95Ms: t.summary.p95Ms,
      p99Ms: t.summary.p99Ms,
      throughput: t.opsPerS,
      ...(target !== undefined ? { target: { metric: 'p95Ms', op: '<=' as const, value: target, met: null } } : {}),
      extra: { summary: last ? `${last.considered} companies with the year, ${last.matched} matched, ${last.rows.length} shown` : '' },
    });
  }
  return rows;
}
