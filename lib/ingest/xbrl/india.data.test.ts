/**
 * NSE/BSE results XBRL from $SEC_DATA_DIR/india-nse-xbrl (ICICI Bank standalone, banking format; Asian
 * Paints consolidated, Ind AS format): no SEC identifier, text facts filed with a unit, and the year-to-date
 * column ('FourD') declaring the quarter's dates while holding the half year.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@/lib/db/client';
import { migrate } from '@/lib/db/migrate';
import { secDataDir } from '@/lib/data-dir';
import { ingestFile, type IngestOutcome } from '../ingest-file';
import { noSideFiles } from '../side-files';

const dir = path.join(secDataDir(), 'india-nse-xbrl');
const files = fs.existsSync(dir)
  ? fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.xml'))
      .sort()
  : [];
const ICICI = 'BANKING_ICICIBANK.xml';
const ASIAN = files.find((f) => f.includes('ASIANPAINT'));

describe.runIf(files.includes(ICICI) && ASIAN)('NSE results XBRL on real filings', () => {
  let d: Database;
  const outcomes = new Map<string, IngestOutcome>();
  const fact = async (entityId: string, concept: string, start: string | null, end: string) =>
    d.query<{ value: string; scope: string; fiscal_year: number; fiscal_period: string; metric_id: string | null }>(
      `select value::text, scope, fiscal_year, fiscal_period, metric_id from facts
       where entity_id = $1 and concept = $2 and dims_key = '' and end_date = $3 and ${start ? `start_date = '${start}'` : 'start_date is null'}`,
      [entityId, concept, end],
    );

  beforeAll(async () => {
    d = await openDatabase({ dataDir: 'memory' });
    await migrate(d);
    for (const f of files) outcomes.set(f, await ingestFile(path.join(dir, f), { db: d.db, tenantId: 'data', sideFiles: noSideFiles }));
  });
  afterAll(async () => {
    await d?.close();
  });

  it('ingests both files: text facts filed with a unit are skipped and counted, never a failed file', () => {
    expect([...outcomes.values()].map((o) => [o.fileName, o.status, o.error])).toEqual(files.map((f) => [f, 'ok', null]));
    const icici = outcomes.get(ICICI)!;
    // DescriptionOfOperatingExpenses ×2, DescriptionOfReportableSegment ×24
    expect(icici.notes.join(' ')).toContain('skipped (not numbers): 26 NON_NUMERIC_VALUE');
    expect(icici.notes.join(' ')).toContain('NSE results (standalone)');
  });

  it('names each company from its own facts: name, NSE symbol, BSE scrip code, ISIN; Indian, in rupees', async () => {
    const ents = await d.query<{ name: string; ticker: string; country: string; reporting_currency: string; aliases: string[] }>(
      `select e.name, e.ticker, e.country, e.reporting_currency, array_agg(a.alias order by a.alias) as aliases
       from entities e join entity_aliases a on a.entity_id = e.id where e.tenant_id = 'data' group by e.id order by e.name`,
    );
    expect(ents.map((e) => [e.name, e.ticker, e.country, e.reporting_currency])).toEqual([
      ['Asian Paints Limited', 'ASIANPAINT', 'IN', 'INR'],
      ['ICICI Bank Limited', 'ICICIBANK', 'IN', 'INR'],
    ]);
    expect(ents[1]!.aliases).toEqual(expect.arrayContaining(['ICICIBANK', 'NSE:ICICIBANK', '532174', 'BSE:532174', 'INE090A01021']));
    const [src] = await d.query<{ form: string; filed: string; por: string }>(
      `select form, to_char(filed_at, 'YYYY-MM-DD') as filed, to_char(period_of_report, 'YYYY-MM-DD') as por from sources where id = $1`,
      [outcomes.get(ICICI)!.sourceId],
    );
    expect(src).toEqual({ form: 'NSE results', filed: '2023-10-21', por: '2023-09-30' });
  });

  it('the year-to-date column holds the half year (its stated reporting period), the first column the quarter', async () => {
    const asian = outcomes.get(ASIAN!)!.entityId!;
    expect(await fact(asian, 'ind-as:RevenueFromOperations', '2023-07-01', '2023-09-30')).toEqual([
      { value: '84785700000', scope: 'consolidated', fiscal_year: 2024, fiscal_period: 'Q2', metric_id: 'revenue' },
    ]);
    expect(await fact(asian, 'ind-as:RevenueFromOperations', '2023-04-01', '2023-09-30')).toEqual([
      { value: '176608800000', scope: 'consolidated', fiscal_year: 2024, fiscal_period: 'H1', metric_id: 'revenue' },
    ]);
    // the parent's share of profit is read as the IFRS element, ranked before the total including NCI
    expect((await fact(asian, 'ifrs-full:ProfitLossAttributableToOwnersOfParent', '2023-04-01', '2023-09-30')).map((r) => r.value)).toEqual(
      ['27557900000'],
    );
    expect((await fact(asian, 'ind-as:ProfitLossForPeriod', '2023-04-01', '2023-09-30')).map((r) => r.value)).toEqual(['28072300000']);
    expect((await fact(asian, 'ifrs-full:EquityAttributableToOwnersOfParent', null, '2023-09-30')).map((r) => r.value)).toEqual([
      '165619500000',
    ]);
    // nothing keeps the declared (quarter) dates with a half-year value
    expect(await fact(asian, 'ind-as:RevenueFromOperations', '2023-07-01', '2023-09-30')).toHaveLength(1);
  });

  it('a standalone results filing is stored standalone; a same-named standard element gives the measure', async () => {
    const icici = outcomes.get(ICICI)!.entityId!;
    expect(await fact(icici, 'ifrs-full:ProfitLoss', '2023-07-01', '2023-09-30')).toEqual([
      { value: '102610000000', scope: 'standalone', fiscal_year: 2024, fiscal_period: 'Q2', metric_id: 'net_income' },
    ]);
    expect((await fact(icici, 'ifrs-full:ProfitLoss', '2023-04-01', '2023-09-30')).map((r) => [r.value, r.fiscal_period])).toEqual([
      ['199092000000', 'H1'],
    ]);
    const [deposits] = await fact(icici, 'ind-as:Deposits', null, '2023-09-30');
    expect(deposits).toMatchObject({ value: '12947417200000', scope: 'standalone' });
    expect(deposits!.metric_id).not.toBeNull();
  });
});
