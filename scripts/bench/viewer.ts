/**
 * Source viewer: the first open of a filing renders it on the request path (the filing's bytes, its cell
 * and passage markers inserted at their offsets, sanitized, its XBRL contexts read) before the per-process
 * cache holds it. Apart from the two reads this work is synchronous, so its time is time the server's
 * event loop serves no one else. Timed here for every inline-XBRL filing of the real data, each rendered
 * `rounds` times uncached (PGlite: the reads are a small part), largest filing reported apart.
 * Issue 19 §4 (no synchronous work on the request path that blocks the event loop: measure it) and
 * issue 18 §4 (bounded work per request). There was no row before the marker insertion became one pass:
 * Apple's 0.9 MB 10-Q then took ~50 s (1,589 markers spliced one by one).
 */
import { DEMO_TENANT_ID } from '@/lib/demo/identity';
import { renderHtmlSource } from '@/lib/workspace/source-view';
import { summarizeLatencies as summarize } from '@/lib/bench/metrics';
import type { BenchRow, BenchSection } from './support/types';

const section: BenchSection = {
  name: 'viewer',
  description: 'source viewer: the uncached render of each inline-XBRL filing (markers, sanitizing, contexts), PGlite',
  async run(ctx) {
    const rounds = ctx.scale === 'full' ? 5 : 2;
    const database = await ctx.realDatabase('pglite');
    const sources = await database.query<{ id: string; title: string | null; bytes: number }>(
      `select s.id, s.title, octet_length(d.content)::int as bytes
         from sources s join source_documents d on d.source_id = s.id
        where s.tenant_id = $1 and s.kind = 'ixbrl' order by s.id`,
      [DEMO_TENANT_ID],
    );
    if (!sources.length) throw new Error('no inline-XBRL filing in the real-data database');
    const scope = { tenantId: DEMO_TENANT_ID, role: 'admin' as const };
    const times: number[] = [];
    let largest = { title: '', bytes: 0, ms: [] as number[], chars: 0 };
    for (const s of sources) {
      const ms: number[] = [];
      let chars = 0;
      for (let r = 0; r < rounds; r++) {
        const t0 = performance.now();
        const out = await renderHtmlSource(database.db, scope, s.id);
        ms.push(performance.now() - t0);
        chars = out?.html.length ?? 0;
      }
      times.push(...ms);
      if (s.bytes > largest.bytes) largest = { title: s.title ?? s.id, bytes: s.bytes, ms, chars };
    }
    const all = summarize(times);
    const big = summarize(largest.ms);
    const mb = (b: number) => `${(b / 1e6).toFixed(1)} MB`;
    return [
      {
        section: 'viewer',
        case: `first open of a filing, ${sources.length} inline-XBRL filings × ${rounds}`,
        driver: 'pglite',
        n: times.length,
        p50Ms: all.p50Ms,
        p95Ms: all.p95Ms,
        p99Ms: all.p99Ms,
        extra: { filings: sources.length, summary: `uncached render (markers, sanitizing, XBRL contexts); largest filing ${largest.title} (${mb(largest.bytes)}): p50 ${big.p50Ms.toFixed(0)} ms` },
      },
    ] satisfies BenchRow[];
  },
};

export default section;
