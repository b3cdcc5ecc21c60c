/** XBRL instance documents from $SEC_DATA_DIR/xbrl-instances (Apple, Microsoft, Tesla). */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@/lib/db/client';
import { migrate } from '@/lib/db/migrate';
import { secDataDir } from '@/lib/data-dir';
import { ingestFile, type IngestOutcome } from '../ingest-file';
import { createSideFiles } from '../side-files';

const dir = path.join(secDataDir(), 'xbrl-instances');
const files = fs.existsSync(dir)
  ? fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.xml'))
      .sort()
  : [];

describe.runIf(files.length >= 5)('XBRL instances on real filings', () => {
  let d: Database;
  const outcomes = new Map<string, IngestOutcome>();
  const rows = (where: string) =>
    d.query<{
      concept: string;
      value: string;
      start: string | null;
      end: string;
      fiscal_year: number;
      fiscal_period: string;
      duration_days: number;
      accession: string;
    }>(
      `select concept, value::text, to_char(start_date, 'YYYY-MM-DD') as start, to_char(end_date, 'YYYY-MM-DD') as "end",
              fiscal_year, fiscal_period, duration_days, accession
       from facts where dims_key = '' and ${where} order by end_date, start_date`,
    );

  beforeAll(async () => {
    d = await openDatabase({ dataDir: 'memory' });
    await migrate(d);
    const sideFiles = createSideFiles();
    for (const f of files) {
      sideFiles.addDirFor(path.join(dir, f));
      outcomes.set(f, await ingestFile(path.join(dir, f), { db: d.db, tenantId: 'data', sideFiles }));
    }
  });
  afterAll(async () => {
    await d?.close();
  });

  it('ingests every instance', () => {
    expect([...outcomes.values()].map((o) => [o.fileName, o.status, o.error])).toEqual(files.map((f) => [f, 'ok', null]));
  });

  it('Apple Q3 FY2023 10-Q: the 90-day quarter and the 279-day year-to-date, correctly classified', async () => {
    const r = await rows(`concept = 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax' and end_date = '2023-07-01'`);
    expect(r.map((x) => [x.start, x.value, x.duration_days, x.fiscal_year, x.fiscal_period, x.accession])).toEqual([
      ['2022-09-25', '293787000000', 279, 2023, '9M', '0000320193-23-000077'],
      ['2023-04-02', '81797000000', 90, 2023, 'Q3', '0000320193-23-000077'],
    ]);
  });

  it('Apple FY2023 10-K: the 53-week year', async () => {
    const r = await rows(
      `concept = 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax' and start_date = '2022-09-25' and end_date = '2023-09-30'`,
    );
    expect(r.map((x) => [x.value, x.duration_days, x.fiscal_year, x.fiscal_period])).toEqual([['383285000000', 370, 2023, 'FY']]);
  });

  it('Microsoft FY2015 10-K: annual and Q4 facts labelled by Microsoft’s June year end', async () => {
    const sales = await rows(`concept = 'us-gaap:SalesRevenueNet' and start_date = '2014-07-01' and end_date = '2015-06-30'`);
    expect(sales.map((x) => [x.value, x.fiscal_year, x.fiscal_period])).toEqual([['93580000000', 2015, 'FY']]);
    const ni = await rows(`concept = 'us-gaap:NetIncomeLoss' and end_date = '2015-06-30'`);
    expect(ni.map((x) => [x.start, x.value, x.fiscal_year, x.fiscal_period])).toEqual([
      ['2014-07-01', '12193000000', 2015, 'FY'],
      ['2015-04-01', '-3195000000', 2015, 'Q4'],
    ]);
  });

  it('Microsoft Q1 FY2016 10-Q: the quarter ended 30 September 2015 is Q1 FY2016', async () => {
    const r = await rows(`concept = 'us-gaap:SalesRevenueNet' and start_date = '2015-07-01' and end_date = '2015-09-30'`);
    expect(r.map((x) => [x.fiscal_year, x.fiscal_period])).toEqual([[2016, 'Q1']]);
  });

  it('Tesla Q2 2024 10-Q: 3-month and 6-month year-to-date', async () => {
    const r = await rows(`concept = 'us-gaap:Revenues' and end_date = '2024-06-30'`);
    expect(r.map((x) => [x.start, x.fiscal_year, x.fiscal_period])).toEqual([
      ['2024-01-01', 2024, 'H1'],
      ['2024-04-01', 2024, 'Q2'],
    ]);
  });

  it('segment facts carry their dimensions', async () => {
    const [row] = await d.query<{ n: number }>(
      `select count(*)::int as n from facts where dims_key like '%us-gaap:StatementBusinessSegmentsAxis%' and metric_id = 'revenue'`,
    );
    expect(row!.n).toBeGreaterThan(0);
  });
});
