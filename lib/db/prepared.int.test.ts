import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Database } from './client';
import { executePrepared, statementName } from './prepared';
import { inTenantScope } from './tenant-scope';
import { testTargets } from '@/tests/support/db';

describe('statementName', () => {
  it('is a function of the SQL text only: another text, another name', () => {
    expect(statementName('select $1::int as n')).toBe(statementName('select $1::int as n'));
    expect(statementName('select $1::int as n')).not.toBe(statementName('select $1::int as m'));
    expect(statementName('select $1::int as n').length).toBeLessThan(64); // NAMEDATALEN
  });
});

for (const target of testTargets()) {
  describe(`named statements on ${target.name}`, () => {
    let d: Database;
    beforeAll(async () => {
      d = await target.open();
    });
    afterAll(async () => {
      await d?.close();
    });

    const q = (n: number) => sql`select ${n}::int * 2 as v, current_setting('plan_cache_mode') as mode`;

    it('returns what db.execute returns, outside and inside a transaction, and leaves plan_cache_mode as it was', async () => {
      for (let i = 0; i < 8; i++) {
        const plain = rowsOf<{ v: number }>(await d.db.execute(q(i)))[0]!;
        const named = rowsOf<{ v: number; mode: string }>(await executePrepared(d.db, q(i)))[0]!;
        expect(named.v).toBe(plain.v);
        // on a Citus coordinator the statement runs unnamed with its parameters bound (custom plan, distributable)
        if (d.driver === 'postgres') expect(named.mode).toBe(d.citus ? 'auto' : 'force_generic_plan');
      }
      const mode = rowsOf<{ m: string }>(await d.db.execute(sql`select current_setting('plan_cache_mode') as m`))[0]!.m;
      expect(mode).toBe('auto');
      await d.db.transaction(async (tx) => {
        expect(rowsOf<{ v: number }>(await executePrepared(tx, q(21)))[0]!.v).toBe(42);
        expect(rowsOf<{ m: string }>(await tx.execute(sql`select current_setting('plan_cache_mode') as m`))[0]!.m).toBe('auto');
      });
    });

    it('a failing statement leaves the transaction to roll back and the connection usable', async () => {
      await expect(d.db.transaction(async (tx) => executePrepared(tx, sql`select 1 / ${0}::int as boom`))).rejects.toThrow();
      await expect(executePrepared(d.db, sql`select 1 / ${0}::int as boom`)).rejects.toThrow();
      expect(rowsOf<{ v: number }>(await executePrepared(d.db, q(5)))[0]!.v).toBe(10);
      const modes = new Set<string>();
      for (let i = 0; i < Math.max(2, d.connections); i++)
        modes.add(rowsOf<{ m: string }>(await d.db.execute(sql`select current_setting('plan_cache_mode') as m`))[0]!.m);
      expect([...modes]).toEqual(['auto']);
    });

    it('the tenant of the transaction is read at execution: a reused plan never shows another tenant', async () => {
      if (d.driver !== 'postgres') return;
      const seen: string[] = [];
      for (const tenant of ['t-a', 't-b', 't-a', 't-b', 't-a', 't-b', 't-a', 't-b']) {
        await inTenantScope(d.db, tenant, async (tx) => {
          seen.push(
            rowsOf<{ t: string }>(
              await executePrepared(tx, sql`select current_setting('ledgerline.tenant_id', true) as t, ${1}::int as one`),
            )[0]!.t,
          );
        });
      }
      expect(seen).toEqual(['t-a', 't-b', 't-a', 't-b', 't-a', 't-b', 't-a', 't-b']);
    });
  });
}
