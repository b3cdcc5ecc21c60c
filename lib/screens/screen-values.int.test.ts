/**
 * The screen values (lib/db/screen-values.ts) against the computation they replace: every screen read from the
 * maintained rows equals the same screen computed from the facts, on the demo filings and the companyfacts
 * fixtures, and stays equal after a restatement is ingested, a source is revoked (its company's value goes from
 * every screen) and a source's access is restricted (computed per viewer). The rows kept in step by the writes
 * equal the rows a rebuild from scratch gives.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeSource, setSourceAccess } from '@/lib/admin/sources';
import type { Database } from '@/lib/db/client';
import { rebuildScreenValues, refreshScreenValues } from '@/lib/db/screen-values';
import { DEMO_TENANT_ID, seedDemo } from '@/lib/demo/seed';
import { ingestBytes } from '@/lib/ingest/ingest-file';
import { noSideFiles } from '@/lib/ingest/side-files';
import { testTargets } from '@/tests/support/db';
import { runScreen, type RunScreenOptions, type ScreenResult } from './run-screen';
import type { ScreenInput } from './screen-input';

const FIXTURES = path.join(import.meta.dirname, '../ingest/__fixtures__');
const T = DEMO_TENANT_ID;

/** Every stored row of the tenant, in key order (what a comparison of two builds reads). */
async function snapshot(d: Database): Promise<unknown[]> {
  return d.query(
    `select entity_id, metric_id, fiscal_year, mixed, end_years::text, error_code, error_message, error_fact_ids::text, fact_id,
            fact_metric_id, concept, value::text, unit, currency, period_type, start_date::text, end_date::text, chain_key, version,
            filed_at::text, revision_kind, accession, form, source_id
     from screen_values where tenant_id = $1 order by metric_id, fiscal_year, entity_id`,
    [T],
  );
}

for (const target of testTargets()) {
  describe(`screen values (${target.name})`, () => {
    let d: Database;
    /** (measure, fiscal year) keys held, most companies first */
    let keys: Array<{ metric: string; year: number; n: number }>;

    /** the screen read from the maintained rows, and the same screen computed from the facts: both, once they agree */
    async function both(input: ScreenInput, extra: Partial<RunScreenOptions> = {}): Promise<ScreenResult> {
      const fast = await runScreen({ db: d.db, tenantId: T, input, ...extra });
      const slow = await runScreen({ db: d.db, tenantId: T, input, from: 'facts', ...extra });
      expect(fast).toEqual(slow);
      return fast;
    }

    beforeAll(async () => {
      d = await target.open();
      await seedDemo(d.db);
      for (const f of ['CIK0000000042_ACME_companyfacts.json', 'CIK0000000043_BADV_companyfacts.json']) {
        const bytes = fs.readFileSync(path.join(FIXTURES, f));
        await ingestBytes(bytes, f, { db: d.db, tenantId: T, actor: 'test', sideFiles: noSideFiles });
      }
      keys = await d.query(
        `select metric_id as metric, fiscal_year as year, count(*)::int as n from screen_values where tenant_id = $1 and fact_id is not null
         group by 1, 2 order by 3 desc, 1, 2 desc`,
        [T],
      );
    }, 300_000);
    afterAll(async () => {
      await d?.close();
    });

    it('the rows kept by the writes are the rows a rebuild from scratch gives', async () => {
      expect(keys.length).toBeGreaterThan(5);
      const kept = await snapshot(d);
      await d.query('delete from screen_values where tenant_id = $1', [T]);
      // screens read the rows (not the facts): without them a screen finds nobody
      const top = keys[0]!;
      const empty = await runScreen({
        db: d.db,
        tenantId: T,
        input: { year: top.year, columns: [{ kind: 'measure', id: 'v', metric: top.metric }] },
      });
      expect(empty.considered).toBe(0);
      await rebuildScreenValues(d.db, T);
      expect(await snapshot(d)).toEqual(kept);
    });

    it('every measure and year held screens as the facts compute it: values, growth, ratios, both year bases', async () => {
      const metrics = [...new Set(keys.map((k) => k.metric))];
      for (const { metric, year } of keys.slice(0, 40)) {
        const all = await both({ year, columns: [{ kind: 'measure', id: 'v', metric }], limit: 1000 });
        // a one-measure screen is ranked by the database: its cut, its direction, its thresholds (one at a company's
        // own value, so both sides of the comparison's equality are taken) give what the computation gives
        const middle = all.rows[Math.floor(all.rows.length / 2)]?.cells.v?.value ?? 0;
        await both({ year, columns: [{ kind: 'measure', id: 'v', metric }], limit: 2 });
        await both({ year, columns: [{ kind: 'measure', id: 'v', metric }], sort: { column: 'v', direction: 'asc' }, limit: 3 });
        await both({ year, columns: [{ kind: 'measure', id: 'v', metric }], filters: [{ column: 'v', op: '>', value: middle }], limit: 2 });
        await both({
          year,
          columns: [{ kind: 'measure', id: 'v', metric }],
          filters: [
            { column: 'v', op: '<=', value: middle },
            { column: 'v', op: '>=', value: -1e15 },
          ],
          sort: { column: 'v', direction: 'asc' },
          limit: 1,
        });
        await both({
          year,
          yearBasis: 'calendar',
          columns: [{ kind: 'measure', id: 'v', metric }],
          filters: [{ column: 'v', op: '<', value: middle }],
          limit: 2,
        });
        await both({ year, columns: [{ kind: 'growth', id: 'g', metric }], filters: [{ column: 'g', op: '>', value: 0 }], limit: 1000 });
        await both({ year, yearBasis: 'calendar', columns: [{ kind: 'measure', id: 'v', metric }], limit: 1000 });
      }
      const top = keys[0]!;
      for (const other of metrics.slice(0, 12)) {
        if (other === top.metric) continue;
        await both({
          year: top.year,
          columns: [
            { kind: 'ratio', id: 'r', numerator: other, denominator: top.metric },
            { kind: 'measure', id: 'v', metric: top.metric },
          ],
          sort: { column: 'r', direction: 'asc' },
          limit: 1000,
        });
      }
      // a year nobody reports, and an industry filter
      await both({ year: 1901, columns: [{ kind: 'measure', id: 'v', metric: top.metric }] });
      await both({ year: top.year, columns: [{ kind: 'measure', id: 'v', metric: top.metric }], sic: ['35', '3674', '99'] });
    });

    it('a restatement ingested later is the value screens show, as the facts give it', async () => {
      const before = await d.query<{ fact_id: string; value: string; entity_id: string; fiscal_year: number }>(
        `select v.fact_id, v.value::text as value, v.entity_id, v.fiscal_year from screen_values v join entities e on e.id = v.entity_id
         where v.tenant_id = $1 and e.cik = '0000000042' and v.metric_id = 'revenue' and v.fact_id is not null order by v.fiscal_year desc limit 1`,
        [T],
      );
      expect(before).toHaveLength(1);
      const old = before[0]!;
      // the same company's file, filed later, with that year's revenue restated
      const doc = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'CIK0000000042_ACME_companyfacts.json'), 'utf8'));
      let restated = 0;
      for (const unit of Object.values<Array<Record<string, unknown>>>(doc.facts['us-gaap'].Revenues?.units ?? {}))
        for (const e of unit)
          if (e.fp === 'FY' && e.form === '10-K' && String(e.value ?? e.val) === old.value) {
            e.val = Number(e.val) + 1_000_000;
            e.filed = '2031-03-01';
            e.accn = '0000000042-31-000001';
            restated++;
          }
      if (restated === 0) {
        // the fixture's shape differs from what this test expects: say so rather than pass without a restatement
        throw new Error('no FY revenue entry to restate in the ACME fixture');
      }
      await ingestBytes(Buffer.from(JSON.stringify(doc)), 'CIK0000000042_ACME_restated.json', {
        db: d.db,
        tenantId: T,
        actor: 'test',
        sideFiles: noSideFiles,
      });
      const [after] = await d.query<{ fact_id: string; value: string }>(
        `select fact_id, value::text as value from screen_values where tenant_id = $1 and entity_id = $2 and metric_id = 'revenue' and fiscal_year = $3`,
        [T, old.entity_id, old.fiscal_year],
      );
      expect(after!.fact_id).not.toBe(old.fact_id);
      expect(Number(after!.value)).toBe(Number(old.value) + 1_000_000);
      const r = await both({ year: old.fiscal_year, columns: [{ kind: 'measure', id: 'v', metric: 'revenue' }], limit: 1000 });
      expect(r.rows.find((x) => x.entity.id === old.entity_id)?.cells.v?.factIds).toEqual([after!.fact_id]);
    });

    it('a revoked source leaves every screen in the same transaction; a restricted one is computed per viewer', async () => {
      const top = keys[0]!;
      const [chosen] = await d.query<{ source_id: string; entity_id: string }>(
        `select source_id, entity_id from screen_values where tenant_id = $1 and metric_id = $2 and fiscal_year = $3 and fact_id is not null
         order by entity_id limit 1`,
        [T, top.metric, top.year],
      );
      const input: ScreenInput = { year: top.year, columns: [{ kind: 'measure', id: 'v', metric: top.metric }], limit: 1000 };
      const shown = await both(input);
      const cell = shown.rows.find((r) => r.entity.id === chosen!.entity_id)?.cells.v;
      expect(cell?.value).not.toBeNull();

      // restricted to admins: analysts and admins each get what the facts give them
      await setSourceAccess({
        db: d.db,
        tenantId: T,
        actorId: 'test',
        sourceId: chosen!.source_id,
        aclRoles: ['admin'],
        effectiveAt: null,
        reason: 'test',
      });
      const mixed = await d.query<{ n: number }>(
        `select count(*)::int as n from screen_values where tenant_id = $1 and mixed and entity_id = $2`,
        [T, chosen!.entity_id],
      );
      expect(mixed[0]!.n).toBeGreaterThan(0);
      const asAnalyst = await both(input, { role: 'analyst' });
      // a cut and a threshold beside the company computed from its facts
      await both({ ...input, limit: 1 }, { role: 'analyst' });
      await both({ ...input, limit: 1, sort: { column: 'v', direction: 'asc' } }, { role: 'admin' });
      await both({ ...input, limit: 2, filters: [{ column: 'v', op: '>', value: 0 }] }, { role: 'analyst' });
      const asAdmin = await both(input, { role: 'admin' });
      expect(asAdmin.rows.find((r) => r.entity.id === chosen!.entity_id)?.cells.v?.factIds).toEqual(cell?.factIds);
      expect(asAnalyst.rows.find((r) => r.entity.id === chosen!.entity_id)?.cells.v?.factIds ?? []).not.toEqual(cell?.factIds);
      await setSourceAccess({
        db: d.db,
        tenantId: T,
        actorId: 'test',
        sourceId: chosen!.source_id,
        aclRoles: [],
        effectiveAt: null,
        reason: 'test',
      });
      expect(await both(input)).toEqual(shown);

      await revokeSource({ db: d.db, tenantId: T, actorId: 'test', sourceId: chosen!.source_id, reason: 'test' });
      const held = await d.query<{ n: number }>(`select count(*)::int as n from screen_values where tenant_id = $1 and source_id = $2`, [
        T,
        chosen!.source_id,
      ]);
      expect(held[0]!.n).toBe(0);
      const after = await both(input, { role: 'admin' });
      expect(after.rows.find((r) => r.entity.id === chosen!.entity_id)?.cells.v?.factIds ?? []).not.toEqual(cell?.factIds);
      // and a rebuild agrees with what the revocation left
      const kept = await snapshot(d);
      await refreshScreenValues(d.db, T, [chosen!.entity_id]);
      expect(await snapshot(d)).toEqual(kept);
    });
  });
}
