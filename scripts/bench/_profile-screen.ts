/**
 * Developer tool (not a bench section): the universe screens of the bench (support/screens.ts) on databases kept by
 * `npm run bench -- --scale universe --keep` (PostgreSQL, Citus or a PGlite folder), and whether they give the
 * same answers.
 *   npx tsx scripts/bench/_profile-screen.ts [--tenant T] [--explain] [--year Y] [--from auto|facts|both] [--migrate] <url or PGlite dir>...
 * Per database and screen case: p50/p95 over the case's inputs, and a digest of every answer (companies, ranks,
 * values, fact ids); the digests must agree across the databases. `--explain` prints `EXPLAIN ANALYZE` of the
 * screen's read (with Citus's task count). `--from facts` computes every company from its facts (the path before the
 * screen values), `--from both` times both paths on each database and compares their answers too; `--migrate` runs
 * the migrations first (a database kept before the screen values came gets them built).
 */
import { createHash } from 'node:crypto';
import { openDatabase } from '@/lib/db/client';
import { migrate } from '@/lib/db/migrate';
import { runScreen, type ScreenResult } from '@/lib/screens/run-screen';
import { screenCases } from './support/screens';
import { timeSequential } from './support/timing';
import { UNIVERSE_TENANT } from './universe';

function digest(r: ScreenResult): string {
  const rows = r.rows.map((x) => [
    x.rank,
    x.entity.id,
    x.fiscalYear,
    x.period,
    Object.entries(x.cells).map(([k, c]) => [k, c.value, c.factIds]),
  ]);
  return createHash('sha256')
    .update(JSON.stringify([r.periodNote, r.considered, r.matched, r.excluded, rows]))
    .digest('hex')
    .slice(0, 12);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const opt = (name: string) => {
    const i = args.indexOf(name);
    if (i < 0) return undefined;
    const v = args[i + 1];
    args.splice(i, 2);
    return v;
  };
  const tenantId = opt('--tenant') ?? UNIVERSE_TENANT;
  const year = opt('--year');
  const from = opt('--from') ?? 'auto';
  const paths: Array<'auto' | 'facts'> = from === 'both' ? ['facts', 'auto'] : [from === 'facts' ? 'facts' : 'auto'];
  const explain = args.includes('--explain');
  const doMigrate = args.includes('--migrate');
  const targets = args.filter((a) => !a.startsWith('--'));
  const digests = new Map<string, Map<string, string>>();
  for (const t of targets) {
    const d = await openDatabase(/^postgres(ql)?:/.test(t) ? { url: t } : { dataDir: t });
    try {
      if (doMigrate) {
        const t0 = performance.now();
        await migrate(d);
        console.log(`${t.replace(/\?.*$/, '')}\tmigrated in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      }
      const cases = await screenCases(d, tenantId);
      for (const path of paths)
        for (const c of cases) {
          const inputs = year ? c.inputs.filter((i) => i.year === Number(year)) : c.inputs;
          const timed = await timeSequential(inputs, (input) => runScreen({ db: d.db, tenantId, input, from: path }), 3);
          const ds = timed.results.map(digest).join(',');
          const key = c.label;
          if (!digests.has(key)) digests.set(key, new Map());
          digests.get(key)?.set(`${t}${paths.length > 1 ? ` (${path})` : ''}`, createHash('sha256').update(ds).digest('hex').slice(0, 12));
          const last = timed.results.at(-1);
          console.log(
            `${t.replace(/\?.*$/, '')}\t${path}\t${c.label}\tp50 ${timed.summary.p50Ms.toFixed(1)} p95 ${timed.summary.p95Ms.toFixed(1)} ms\t${last?.considered} considered, ${last?.matched} matched`,
          );
        }
      if (explain && 'query' in d) {
        const y = Number(year ?? 2023);
        const plan = await d.query<{ 'QUERY PLAN': string }>(
          `explain (analyze, buffers) select f.id, f.value from facts f join sources s on s.id = f.source_id
            where f.tenant_id = $1 and f.status = 'active' and f.dims_key = '' and f.scope = 'consolidated' and f.fiscal_period = 'FY'
              and f.fiscal_year = any($2::int[]) and (f.metric_id = any($3::text[]) or f.concept = any($4::text[]))
              and s.tenant_id = $1 and s.revoked = false and s.content_revoked = false`,
          [tenantId, [y], ['revenue'], ['Revenues', 'RevenueFromContractWithCustomerExcludingAssessedTax', 'SalesRevenueNet']],
        );
        console.log(plan.map((r) => r['QUERY PLAN']).join('\n'));
      }
    } finally {
      await d.close();
    }
  }
  let same = true;
  for (const [label, byTarget] of digests) {
    const values = new Set(byTarget.values());
    if (values.size > 1) same = false;
    console.log(
      `${values.size === 1 ? 'same' : 'DIFFERENT'}\t${label}\t${[...byTarget].map(([t, v]) => `${t.replace(/\?[^ ]*/, '')}=${v}`).join(' ')}`,
    );
  }
  if (targets.length > 1 || paths.length > 1) console.log(same ? 'answers identical across the databases' : 'answers DIFFER');
  process.exitCode = same ? 0 : 1;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
