/**
 * The admin quarantine review page with a large queue: 10,000 quarantined cells (synthetic copies of
 * a demo fact, each its own fact) on PGlite. Measures what the first page costs on the server — the
 * paginated SQL (one page + totals per reason) and rendering that page's markup (React, the same
 * component the page renders) — target: under 1 s at p95.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { QuarantineQueue } from '@/components/admin/quarantine-queue';
import { quarantinePage } from '@/lib/admin/quarantine';
import { openDatabase } from '@/lib/db/client';
import { migrate } from '@/lib/db/migrate';
import { seedMetrics } from '@/lib/db/seed-metrics';
import { DEMO_TENANT_ID } from '@/lib/demo/identity';
import { seedDemo } from '@/lib/demo/seed';
import { timeSequential } from './support/timing';
import type { BenchRow, BenchSection } from './support/types';

const QUEUE = 10_000;
const TARGET_MS = 1000;

const section: BenchSection = {
  name: 'quarantine',
  description: `admin quarantine page, first page with ${QUEUE.toLocaleString('en-US')} quarantined cells (SQL + render, PGlite)`,
  async run(ctx) {
    const database = await openDatabase({ dataDir: ctx.tmpDir('quarantine') });
    ctx.onCleanup(() => database.close());
    await migrate(database);
    await seedMetrics(database.db);
    await seedDemo(database.db);
    const cols = (
      await database.query<{ column_name: string }>(
        `select column_name from information_schema.columns where table_name = 'facts' order by ordinal_position`,
      )
    ).map((c) => c.column_name);
    const pick = (c: string) =>
      c === 'id'
        ? `md5(f.id || g::text) || md5(g::text || f.id)`
        : c === 'concept'
          ? `f.concept || 'Synthetic' || g::text`
          : c === 'status'
            ? `'quarantined'`
            : c === 'quarantine_reason'
              ? `(array['PERIOD_MISSING','METRIC_UNMAPPED','HEADER_LOST','UNIT_UNKNOWN'])[1 + g % 4]`
              : c === 'chain_key'
                ? `md5(f.id || 'chain' || g::text)`
                : c === 'created_at'
                  ? `now() - (g || ' seconds')::interval`
                  : `f.${c}`;
    await database.query(
      `insert into facts (${cols.join(', ')})
       select ${cols.map(pick).join(', ')}
       from (select * from facts where tenant_id = $1 and status = 'active' limit 1) f cross join generate_series(1, ${QUEUE}) g`,
      [DEMO_TENANT_ID],
    );
    await database.query('analyze facts');
    const total = (await quarantinePage(database.db, DEMO_TENANT_ID, 1)).total;
    const noop = async () => null;
    const runs = Array.from({ length: 20 }, (_, i) => i);
    let bytes = 0;
    const seq = await timeSequential(
      runs,
      async () => {
        const q = await quarantinePage(database.db, DEMO_TENANT_ID, 1);
        bytes = renderToString(createElement(QuarantineQueue, { q, bindFactAction: noop, rejectFactAction: noop })).length;
        return q.rows.length;
      },
      2,
    );
    const row: BenchRow = {
      section: 'quarantine',
      case: `first page, ${total.toLocaleString('en-US')} quarantined`,
      driver: 'pglite',
      n: runs.length,
      p50Ms: seq.summary.p50Ms,
      p95Ms: seq.summary.p95Ms,
      p99Ms: seq.summary.p99Ms,
      throughput: seq.opsPerS,
      target: { metric: 'p95Ms', op: '<=', value: TARGET_MS, met: seq.summary.p95Ms <= TARGET_MS },
      extra: {
        queue: total,
        htmlBytes: bytes,
        summary: `${total.toLocaleString('en-US')} waiting; page of 25 rendered to ${Math.round(bytes / 1024)} KB of HTML`,
      },
    };
    return [row];
  },
};

export default section;
