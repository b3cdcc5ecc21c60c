import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/client';
import { ingestBytes } from '@/lib/ingest/ingest-file';
import { testTargets } from '@/tests/support/db';
import { answerQuestion } from '../answer-question';

const TENANT = 't-composition';
const target = testTargets()[0]!;

const REPORT = `<!doctype html><html><head><title>Heron Aero Ltd — Annual Report 2025-26</title>
<meta name="ledgerline:entity" content="Heron Aero"><meta name="ledgerline:legal-name" content="Heron Aero Ltd">
<meta name="ledgerline:currency" content="INR"><meta name="ledgerline:document-type" content="Annual Report">
<meta name="ledgerline:filing-date" content="2026-05-15"></head><body>
<div data-page="40"><p>Consolidated Statement of Profit and Loss for the year ended 31 March 2026</p><p>(₹ in crore)</p>
<table><tr><th>Particulars</th><th>Year ended 31 March 2026</th><th>Year ended 31 March 2025</th></tr>
<tr><td>Sale of products</td><td>8,400.00</td><td>7,000.00</td></tr>
<tr><td>Sale of services</td><td>1,600.00</td><td>1,500.00</td></tr>
<tr><td>Revenue from operations</td><td>10,000.00</td><td>8,500.00</td></tr>
<tr><td>Profit before tax</td><td>1,200.00</td><td>1,000.00</td></tr></table></div>
<div data-page="41"><p>Consolidated Balance Sheet as at 31 March 2026</p><p>(₹ in crore)</p>
<table><tr><th>Particulars</th><th>As at 31 March 2026</th><th>As at 31 March 2025</th></tr>
<tr><td>Short-term investments</td><td>500.00</td><td>400.00</td></tr>
<tr><td>Total assets</td><td>20,000.00</td><td>18,000.00</td></tr></table></div>
<div data-page="60"><p>Note 30: Segment information — revenue by segment</p><p>(₹ in crore)</p>
<table><tr><th>Segment</th><th>Year ended 31 March 2026</th><th>Year ended 31 March 2025</th></tr>
<tr><td>Commercial aircraft</td><td>4,100.00</td><td>3,900.00</td></tr>
<tr><td>Defence systems</td><td>3,500.00</td><td>2,800.00</td></tr>
<tr><td>Global services</td><td>2,500.00</td><td>1,900.00</td></tr>
<tr><td>Eliminations</td><td>(100.00)</td><td>(100.00)</td></tr>
<tr><td>Total revenue from operations</td><td>10,000.00</td><td>8,500.00</td></tr></table></div>
<div data-page="62"><p>Note 12: Short-term investments</p><p>(₹ in crore)</p>
<table><tr><th>Particulars</th><th>As at 31 March 2026</th><th>As at 31 March 2025</th></tr>
<tr><td>Corporate bonds</td><td>410.00</td><td>300.00</td></tr>
<tr><td>Commercial paper</td><td>60.00</td><td>70.00</td></tr>
<tr><td>Government securities</td><td>30.00</td><td>30.00</td></tr>
<tr><td>Total short-term investments</td><td>500.00</td><td>400.00</td></tr></table></div></body></html>`;

describe('the parts of a reported total', () => {
  let d: Database;
  const ask = (question: string) => answerQuestion({ db: d.db, tenantId: TENANT, userId: null, question, store: false, cache: false });
  beforeAll(async () => {
    d = await target.open();
    const o = await ingestBytes(Buffer.from(REPORT), 'heron-ar-fy2026.html', { db: d.db, tenantId: TENANT });
    expect(o.error).toBeNull();
  }, 180_000);
  afterAll(async () => {
    await d?.close();
  });

  it('finds every printed breakdown that adds up to the total and the parts over a stated share, each cited', async () => {
    const a = await ask('Are there any segments that represent more than 20% of Heron Aero’s revenue for FY2026?');
    expect(a.status).toBe('answered');
    expect(a.text).toMatch(/^Yes — 3 of the 4 lines of Heron Aero Ltd’s revenue/);
    expect(a.text).toMatch(/Commercial aircraft [^;]*41(\.0+)?%/);
    expect(a.text).toMatch(/Defence systems [^;]*35(\.0+)?%/);
    expect(a.text).toMatch(/Global services [^;]*25(\.0+)?%/);
    // the statement's own split (products and services) is a second breakdown; only products clears 20%
    expect(a.text).toMatch(/Sale of products [^;]*84(\.0+)?%/);
    expect(a.text).not.toMatch(/Sale of services/);
    expect(a.values.every((v) => v.citations.length > 0 || v.inputs.length > 0)).toBe(true);
    const none = await ask('Are there any segments that represent more than 90% of Heron Aero’s revenue for FY2026?');
    expect(none.text).toMatch(/^No — no line of Heron Aero Ltd’s revenue in FY2026 exceeds 90% of it/);
  });

  it('names the largest part of a total, and the other ways the filing breaks it down', async () => {
    const a = await ask('What was the biggest part of Heron Aero’s revenue in FY2026?');
    expect(a.status).toBe('answered');
    expect(a.text).toMatch(/^Commercial aircraft was the largest part of Heron Aero Ltd’s revenue in FY2026: /);
    expect(a.text).toMatch(/Next: Defence systems [^;]*; Global services/);
    expect(a.text).toMatch(/Printed another way \(“[^”]*Profit and Loss[^”]*”\): Sale of products [^;]*84(\.0+)?%/);
  });
});
