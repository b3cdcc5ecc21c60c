/**
 * FinanceBench statement values through the app's answer path: the held PDFs (10-Ks, 10-Qs, an
 * earnings release) ingested once into a fresh embedded database, each value read by hand from the
 * statements (financebench-values.ts, with its page) asked as a typed question, the answer's number and
 * period bounds (the fiscal year, or the quarter, half-year or balance date asked) compared with it.
 * Never a wrong number; a value the binder does not bind yet abstains (listed with its reason), and a
 * value answered wrongly today is a listed todo: each list entry fails the run once it is answered
 * right, so the lists say exactly what is left.
 * Every held PDF is ingested, as the FinanceBench eval does, so that the two read the same database: with
 * LEDGERLINE_FINANCEBENCH_DB_DIR naming a folder a finished `npm run eval -- --set financebench --db-dir`
 * built (CI: the eval runs first, beside e2e), that database is reused instead of ingesting the PDFs again.
 * Fails, rather than passing empty, when the data folder is missing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerQuestion } from '@/lib/answer/answer-question';
import { secDataDir } from '@/lib/data-dir';
import type { Database } from '@/lib/db/client';
import { FINANCEBENCH_TENANT, loadFinanceBench, prepareFinanceBench } from './financebench';
import { judge, questionFor, STATEMENT_VALUES } from './financebench-values';

const dir = path.join(secDataDir(), 'financebench', 'pdfs');
const pdfs = STATEMENT_VALUES.map((c) => path.join(dir, `${c.doc}.pdf`));

describe('FinanceBench statement values, asked through the answer path', () => {
  const missing = pdfs.filter((f) => !fs.existsSync(f));
  if (missing.length) throw new Error(`missing real data: ${missing.join(', ')} (set SEC_DATA_DIR)`);
  let database: Database | undefined;
  beforeAll(async () => {
    const built = process.env.LEDGERLINE_FINANCEBENCH_DB_DIR || undefined;
    const all = loadFinanceBench(path.dirname(dir)).pdfs;
    database = (await prepareFinanceBench(all, { dataDir: built, reuse: !!built })).database;
  }, 3_600_000);
  afterAll(async () => {
    await database?.close();
  });

  it('checks at least 15 values per company, from its income statement, balance sheet and cash flow statement', () => {
    for (const c of STATEMENT_VALUES) {
      const checked = c.values.filter((v) => !v.wrongToday);
      expect(checked.length, c.doc).toBeGreaterThanOrEqual(15);
      expect(new Set(checked.map((v) => v.statement)), c.doc).toEqual(new Set(['income', 'balance', 'cash_flow']));
    }
  });

  for (const c of STATEMENT_VALUES) {
    for (const v of c.values) {
      const title = `${c.doc} ${v.statement} ${v.measure} ${v.printed} (page ${v.page})`;
      const ask = async () =>
        judge(
          c,
          v,
          await answerQuestion({
            db: database!.db,
            tenantId: FINANCEBENCH_TENANT,
            userId: null,
            role: 'analyst',
            question: questionFor(c, v),
            store: false,
          }),
        );
      if (v.wrongToday) {
        // a visible todo that fails once its cause is fixed, so that the list never outlives it
        it(`${title} — answered wrong today: ${v.wrongToday}`, async () => {
          const { verdict, detail } = await ask();
          expect(verdict, `now ${verdict}: ${detail} — take it off WRONG_TODAY`).toBe('wrong');
        }, 60_000);
        continue;
      }
      it(`${title}${v.abstain ? ` — abstains today: ${v.abstain}` : ''}`, async () => {
        const { verdict, detail } = await ask();
        expect(verdict, detail).not.toBe('wrong');
        if (!v.abstain) expect(verdict, detail).toBe('correct');
        // a listed abstention that is answered now is taken off the list (it is then held to be correct)
        else expect(verdict, `now ${verdict}: ${detail} — take it off ABSTAINS_TODAY`).toBe('abstained');
      }, 60_000);
    }
  }
});
