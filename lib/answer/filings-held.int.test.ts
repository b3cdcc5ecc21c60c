import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/client';
import { ingestBytes } from '@/lib/ingest/ingest-file';
import { testTargets } from '@/tests/support/db';
import { answerQuestion } from './answer-question';

const TENANT = 't-filings-held';
const target = testTargets()[0]!;

const REPORT = `<!doctype html><html><head><title>Wren Tools Ltd — Annual Report 2025-26</title>
<meta name="ledgerline:entity" content="Wren Tools"><meta name="ledgerline:legal-name" content="Wren Tools Ltd">
<meta name="ledgerline:currency" content="INR"><meta name="ledgerline:document-type" content="Annual Report">
<meta name="ledgerline:filing-date" content="2026-05-15"></head><body>
<div data-page="40"><p>Consolidated Statement of Profit and Loss for the year ended 31 March 2026</p><p>(₹ in crore)</p>
<table><tr><th>Particulars</th><th>Year ended 31 March 2026</th><th>Year ended 31 March 2025</th></tr>
<tr><td>Revenue from operations</td><td>10,000.00</td><td>8,500.00</td></tr>
<tr><td>Profit before tax</td><td>1,200.00</td><td>1,000.00</td></tr></table></div></body></html>`;

describe('a period no held filing covers', () => {
  let d: Database;
  const ask = (question: string) => answerQuestion({ db: d.db, tenantId: TENANT, userId: null, question, store: false, cache: false });
  beforeAll(async () => {
    d = await target.open();
    const o = await ingestBytes(Buffer.from(REPORT), 'wren-ar-fy2026.html', { db: d.db, tenantId: TENANT });
    expect(o.error).toBeNull();
  }, 180_000);
  afterAll(async () => {
    await d?.close();
  });

  it('says the filings for that period are not in this workspace and names the ones it holds', async () => {
    const a = await ask('What was Wren Tools’ revenue in FY2021?');
    expect(a.status).toBe('insufficient_evidence');
    expect(a.values).toHaveLength(0);
    expect(a.text).toMatch(
      /Wren Tools Ltd’s filings for FY2021 are not in this workspace; it holds Annual Report[^(]*\(1 Apr 2024 – 31 Mar 2026\)/,
    );
  });

  it('says it for a judgement question too', async () => {
    const a = await ask('Is Wren Tools a capital-intensive business based on FY2021 data?');
    expect(a.status).toBe('insufficient_evidence');
    expect(a.text).toMatch(/Wren Tools Ltd’s filings for FY2021 are not in this workspace; it holds /);
  });

  it('adds nothing when a held filing covers the period and does not report the figure', async () => {
    const a = await ask('What were Wren Tools’ inventories at the end of FY2026?');
    expect(a.values).toHaveLength(0);
    expect(a.text).not.toMatch(/not in this workspace/);
  });
});
