import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/client';
import { DEMO_TENANT_ID, seedDemo } from '@/lib/demo/seed';
import { AppError } from '@/lib/errors';
import { lookupFact } from '@/lib/retrieval/lookup-facts';
import { testTargets } from '@/tests/support/db';
import { parseScreenArgs, screenOnDatabase } from '@/lib/cli/screen';
import { runScreen, type ScreenResult } from './run-screen';

/** Measures with an annual value for at least two demo companies in one fiscal year, with the year before too. */
async function screenable(d: Database): Promise<Array<{ metric: string; year: number; companies: number }>> {
  return d.query(
    `select f.metric_id as metric, f.fiscal_year as year, count(distinct f.entity_id)::int as companies
     from facts f where f.tenant_id = $1 and f.fiscal_period = 'FY' and f.status = 'active' and f.dims_key = '' and f.metric_id is not null
       and exists (select 1 from facts p where p.tenant_id = f.tenant_id and p.entity_id = f.entity_id and p.metric_id = f.metric_id
                   and p.fiscal_period = 'FY' and p.fiscal_year = f.fiscal_year - 1 and p.status = 'active' and p.dims_key = '')
     group by 1, 2 having count(distinct f.entity_id) >= 2 order by 3 desc, 1, 2 desc`,
    [DEMO_TENANT_ID],
  );
}

for (const target of testTargets()) {
  describe(`universe screens (${target.name})`, () => {
    let d: Database;
    let cases: Awaited<ReturnType<typeof screenable>>;
    beforeAll(async () => {
      d = await target.open();
      await seedDemo(d.db);
      cases = await screenable(d);
    }, 300_000); // the demo seed ingests three filings: minutes on a loaded 2-core machine
    afterAll(async () => {
      await d?.close();
    });

    it('a one-measure screen gives each company the value the typed lookup gives for its own fiscal year', async () => {
      expect(cases.length).toBeGreaterThan(0);
      const { metric, year, companies } = cases[0]!;
      const r = await runScreen({ db: d.db, tenantId: DEMO_TENANT_ID, input: { year, columns: [{ kind: 'measure', id: 'm', metric }] } });
      expect(r.considered).toBe(companies);
      expect(r.rows).toHaveLength(companies);
      expect(r.periodNote).toContain(`fiscal year ${year}`);
      for (const row of r.rows) {
        expect(row.fiscalYear).toBe(year);
        const cell = row.cells.m!;
        const found = await lookupFact({
          db: d.db,
          tenantId: DEMO_TENANT_ID,
          entityId: row.entity.id,
          metricId: metric,
          period: row.period,
          fiscalYear: year,
          fiscalPeriod: 'FY',
          scope: 'consolidated',
          basis: { kind: 'latest' },
        });
        expect(found.status, row.entity.name).toBe('found');
        if (found.status === 'found') {
          expect(cell.factIds).toEqual([found.fact.id]);
          expect(cell.value).toBe(Number(found.fact.value));
        }
      }
      // ranked high to low by default
      const values = r.rows.map((x) => x.cells.m!.value!);
      expect(values).toEqual([...values].sort((a, b) => b - a));
    });

    it('growth is computed against the company’s previous fiscal year by lib/calc, and a threshold keeps only the companies above it', async () => {
      const { metric, year } = cases[0]!;
      const all = await runScreen({
        db: d.db,
        tenantId: DEMO_TENANT_ID,
        input: { year, columns: [{ kind: 'growth', id: 'g', metric }], sort: { column: 'g', direction: 'asc' } },
      });
      const grown = all.rows.filter((x) => x.cells.g!.value !== null);
      expect(grown.length).toBeGreaterThan(0);
      for (const row of grown) {
        expect(row.cells.g!.factIds).toHaveLength(2);
        expect(row.cells.g!.error).toBeNull();
      }
      const values = grown.map((x) => x.cells.g!.value!);
      expect(values).toEqual([...values].sort((a, b) => a - b));
      const cut = values[Math.floor(values.length / 2)]!;
      const above = await runScreen({
        db: d.db,
        tenantId: DEMO_TENANT_ID,
        input: { year, columns: [{ kind: 'growth', id: 'g', metric }], filters: [{ column: 'g', op: '>', value: cut }] },
      });
      expect(above.rows.map((x) => x.entity.id).sort()).toEqual(
        grown
          .filter((x) => x.cells.g!.value! > cut)
          .map((x) => x.entity.id)
          .sort(),
      );
    });

    it('a ratio of two measures uses operands of exactly the same period; top-N cuts the ranking', async () => {
      const pair = cases.find((c) => c.metric !== cases[0]!.metric && c.year === cases[0]!.year);
      if (!pair) throw new Error('the demo data has one screenable measure only');
      const r = await runScreen({
        db: d.db,
        tenantId: DEMO_TENANT_ID,
        input: {
          year: pair.year,
          columns: [{ kind: 'ratio', id: 'r', numerator: pair.metric, denominator: cases[0]!.metric }],
          limit: 1,
        },
      });
      expect(r.rows.length).toBeLessThanOrEqual(1);
      expect(r.matched).toBeGreaterThanOrEqual(r.rows.length);
      for (const row of r.rows) {
        expect(row.cells.r!.factIds).toHaveLength(2);
        expect(row.cells.r!.formula).toContain('/');
      }
    });

    it('the CLI prints the same ranking, with the periods it used', async () => {
      const { metric, year } = cases[0]!;
      const direct = await runScreen({
        db: d.db,
        tenantId: DEMO_TENANT_ID,
        input: { year, columns: [{ kind: 'measure', id: 'm', metric }] },
      });
      let text = '';
      const out = { write: (s: string) => ((text += s), true) } as NodeJS.WritableStream;
      const args = parseScreenArgs(['--year', String(year), '--measure', `m=${metric}`, '--json']);
      expect(await screenOnDatabase(d, args, out)).toBe(0);
      const printed = JSON.parse(text) as ScreenResult;
      expect(printed.rows.map((r) => [r.entity.id, r.cells.m!.factIds])).toEqual(direct.rows.map((r) => [r.entity.id, r.cells.m!.factIds]));
      text = '';
      await screenOnDatabase(d, { ...args, json: false }, out);
      const lines = text.trim().split('\n');
      expect(lines[0]).toContain(`each company's own fiscal year ${year}`);
      expect(lines).toHaveLength(direct.rows.length + 2);
      expect(lines[2]).toContain(direct.rows[0]!.entity.name);
    });

    it('another tenant screens nothing of this one; bad input is a typed error', async () => {
      const { metric, year } = cases[0]!;
      const other = await runScreen({
        db: d.db,
        tenantId: 'no-such-tenant',
        input: { year, columns: [{ kind: 'measure', id: 'm', metric }] },
      });
      expect(other.rows).toEqual([]);
      await expect(runScreen({ db: d.db, tenantId: DEMO_TENANT_ID, input: { year, columns: [] } })).rejects.toBeInstanceOf(AppError);
      await expect(
        runScreen({
          db: d.db,
          tenantId: DEMO_TENANT_ID,
          input: { year, columns: [{ kind: 'measure', id: 'm', metric: 'no_such_measure' }] },
        }),
      ).rejects.toMatchObject({ code: 'bad_request:screen_metric' });
    });
  });
}
