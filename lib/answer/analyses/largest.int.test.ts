import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/client';
import { ingestBytes } from '@/lib/ingest/ingest-file';
import { testTargets } from '@/tests/support/db';
import { answerQuestion } from '../answer-question';

const TENANT = 't-largest-line';
const target = testTargets()[0]!;

const REPORT = `<!doctype html><html><head><title>Keel Bank Ltd — Annual Report 2025-26</title>
<meta name="ledgerline:entity" content="Keel Bank"><meta name="ledgerline:legal-name" content="Keel Bank Ltd">
<meta name="ledgerline:currency" content="INR"><meta name="ledgerline:document-type" content="Annual Report">
<meta name="ledgerline:filing-date" content="2026-05-15"></head><body>
<div data-page="40"><p>Consolidated Balance Sheet as at 31 March 2026</p><p>(₹ in crore)</p>
<table><tr><th>Particulars</th><th>As at 31 March 2026</th><th>As at 31 March 2025</th></tr>
<tr><td>Cash and cash equivalents</td><td>1,000.00</td><td>900.00</td></tr>
<tr><td>Loans</td><td>8,000.00</td><td>7,000.00</td></tr>
<tr><td>Total assets</td><td>9,000.00</td><td>7,900.00</td></tr>
<tr><td>Customer deposits</td><td>5,500.00</td><td>4,000.00</td></tr>
<tr><td>Borrowings</td><td>2,000.00</td><td>2,500.00</td></tr>
<tr><td>Total liabilities</td><td>7,500.00</td><td>6,500.00</td></tr>
<tr><td>Total equity</td><td>1,500.00</td><td>1,400.00</td></tr></table></div></body></html>`;

describe('the largest line of a balance-sheet section', () => {
  let d: Database;
  const ask = (question: string) => answerQuestion({ db: d.db, tenantId: TENANT, userId: null, question, store: false, cache: false });
  beforeAll(async () => {
    d = await target.open();
    const o = await ingestBytes(Buffer.from(REPORT), 'keel-ar-fy2026.html', { db: d.db, tenantId: TENANT });
    expect(o.error).toBeNull();
  }, 180_000);
  afterAll(async () => {
    await d?.close();
  });

  it('ranks the section’s printed lines, subtotals left out, each cited, against the section total', async () => {
    const a = await ask('What was the largest liability in Keel Bank’s balance sheet in FY2026?');
    expect(a.status).toBe('answered');
    expect(a.text).toMatch(/^Customer deposits was the largest liability on Keel Bank/);
    expect(a.text).toMatch(/73\.33% of total liabilities/);
    expect(a.text).toMatch(/Next: Borrowings/);
    expect(a.values.every((v) => v.citations.length > 0 || v.inputs.length > 0)).toBe(true);
    const assets = await ask('What was the biggest asset on Keel Bank’s balance sheet at the end of FY2025?');
    expect(assets.text).toMatch(/^Loans was the largest asset/);
  });
});
