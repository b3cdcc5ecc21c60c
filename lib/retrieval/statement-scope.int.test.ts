import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerQuestion } from '@/lib/answer/answer-question';
import type { Database } from '@/lib/db/client';
import { ingestBytes } from '@/lib/ingest/ingest-file';
import { testTargets } from '@/tests/support/db';

const TENANT = 't-statement-scope';
const target = testTargets()[0]!;

/** An annual report whose MD&A prints revenue before the statement does, and whose notes alone print employee costs. */
const REPORT = `<!doctype html><html><head><title>Orion Valves Ltd — Annual Report 2025-26</title>
<meta name="ledgerline:entity" content="Orion Valves"><meta name="ledgerline:legal-name" content="Orion Valves Ltd">
<meta name="ledgerline:currency" content="INR"><meta name="ledgerline:document-type" content="Annual Report">
<meta name="ledgerline:filing-date" content="2026-05-15"></head><body>
<div data-page="4"><h2>Management Discussion and Analysis</h2><p>Financial highlights (₹ in crore)</p>
<table><tr><th>Particulars</th><th>Year ended 31 March 2026</th><th>Year ended 31 March 2025</th></tr>
<tr><td>Revenue from operations</td><td>9,000.00</td><td>8,000.00</td></tr></table></div>
<div data-page="60"><p>Consolidated Statement of Profit and Loss for the year ended 31 March 2026</p><p>(₹ in crore)</p>
<table><tr><th>Particulars</th><th>Note</th><th>Year ended 31 March 2026</th><th>Year ended 31 March 2025</th></tr>
<tr><td>Revenue from operations</td><td>21</td><td>9,000.00</td><td>8,000.00</td></tr>
<tr><td>Profit for the year</td><td></td><td>900.00</td><td>800.00</td></tr></table></div>
<div data-page="80"><p>Note 25 — Employee benefits expense (₹ in crore)</p>
<table><tr><th>Particulars</th><th>Year ended 31 March 2026</th><th>Year ended 31 March 2025</th></tr>
<tr><td>Employee benefits expense</td><td>1,100.00</td><td>1,000.00</td></tr></table></div></body></html>`;

describe('statement-scoped questions', () => {
  let d: Database;
  const ask = (question: string) => answerQuestion({ db: d.db, tenantId: TENANT, userId: null, question, store: false, cache: false });
  beforeAll(async () => {
    d = await target.open();
    const o = await ingestBytes(Buffer.from(REPORT), 'orion-ar-fy2026.html', { db: d.db, tenantId: TENANT });
    expect(o.error).toBeNull();
  }, 180_000);
  afterAll(async () => {
    await d?.close();
  });

  it('a figure printed on a statement and in the MD&A is the statement’s: its cell and its recorded statement', async () => {
    const rows = await d.query<{ page: number; statement: string | null }>(
      `select c.page, f.provenance->>'statement' as statement from facts f join source_cells c on c.entity_id = f.entity_id and c.id = f.cell_id
       where f.tenant_id = $1 and f.metric_id = 'revenue' and f.end_date = '2026-03-31'`,
      [TENANT],
    );
    expect(rows).toEqual([{ page: 60, statement: 'income_statement' }]);
  });

  it('takes a named statement’s figure, and says so when the statement does not show the measure', async () => {
    const rev = await ask('Using only the income statement, what was Orion Valves revenue in FY2026?');
    expect(rev.status).toBe('answered');
    expect(rev.values[0]?.citations[0]?.table).toMatch(/Statement of Profit and Loss/);
    const staff = await ask('Using only the income statement, what was Orion Valves employee benefits expense in FY2026?');
    expect(staff.status).not.toBe('answered');
    expect(staff.values).toHaveLength(0);
    expect(staff.text).toMatch(/not shown in the income statement/);
    const unscoped = await ask('What was Orion Valves employee benefits expense in FY2026?');
    expect(unscoped.status).toBe('answered');
  });
});
