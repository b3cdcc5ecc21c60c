/**
 * companyfacts ingestion over the real SEC files in $SEC_DATA_DIR/sec-companyfacts (all seven
 * companies, ~106k facts), on the embedded database.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@/lib/db/client';
import { migrate } from '@/lib/db/migrate';
import { secDataDir } from '@/lib/data-dir';
import { ingestFile, type IngestOutcome } from './ingest-file';
import { loadEntityIndex } from '@/lib/planner/catalog';
import { matchEntities } from '@/lib/planner/match-entities';
import { createSideFiles } from './side-files';

const dir = path.join(secDataDir(), 'sec-companyfacts');
const files = fs.existsSync(dir)
  ? fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
  : [];
const TENANT = 'data';

interface FactRow {
  id: string;
  concept: string;
  value: string;
  start_date: string | null;
  end_date: string;
  fiscal_year: number | null;
  fiscal_period: string | null;
  metric_id: string | null;
  version: number;
  is_latest: boolean;
  is_original: boolean;
  revision_kind: string | null;
  unit: string;
  currency: string | null;
}

describe.runIf(files.length === 7)('companyfacts on real SEC data', () => {
  let d: Database;
  const outcomes = new Map<string, IngestOutcome>();
  const entity = new Map<string, string>();

  const facts = (ticker: string, where: string, params: unknown[] = []) =>
    d.query<FactRow>(
      `select id, concept, value::text, to_char(start_date, 'YYYY-MM-DD') as start_date, to_char(end_date, 'YYYY-MM-DD') as end_date,
              fiscal_year, fiscal_period, metric_id, version, is_latest, is_original, revision_kind, unit, currency
       from facts where entity_id = $1 and ${where} order by end_date, version`,
      [entity.get(ticker), ...params],
    );

  beforeAll(async () => {
    d = await openDatabase({ dataDir: 'memory' });
    await migrate(d);
    const sideFiles = createSideFiles();
    for (const f of files) {
      sideFiles.addDirFor(path.join(dir, f));
      const o = await ingestFile(path.join(dir, f), { db: d.db, tenantId: TENANT, sideFiles });
      outcomes.set(f, o);
    }
    for (const r of await d.query<{ id: string; ticker: string }>(`select id, ticker from entities where tenant_id = $1`, [TENANT])) {
      entity.set(r.ticker, r.id);
    }
  });
  afterAll(async () => {
    await d?.close();
  });

  it('ingests all seven files, every fact read', () => {
    expect([...outcomes.values()].map((o) => [o.fileName, o.status, o.error])).toEqual(files.map((f) => [f, 'ok', null]));
    const seen = [...outcomes.values()].reduce((n, o) => n + o.factsSeen, 0);
    expect(seen).toBe(106_508);
    expect([...entity.keys()].sort()).toEqual(['AAPL', 'GOOGL', 'LPA', 'MRVL', 'NVDA', 'SNOW', 'TSLA']);
  });

  it('labels every fact with a fiscal year and period, consolidated and without dimensions', async () => {
    const [row] = await d.query<{ unlabelled: number; dimensional: number; other_scope: number }>(
      `select count(*) filter (where fiscal_year is null or fiscal_period is null)::int as unlabelled,
              count(*) filter (where dims_key <> '')::int as dimensional,
              count(*) filter (where scope <> 'consolidated')::int as other_scope
       from facts where tenant_id = $1`,
      [TENANT],
    );
    expect(row).toEqual({ unlabelled: 0, dimensional: 0, other_scope: 0 });
  });

  it('infers each calendar (52/53-week where due) and registers it as inferred', async () => {
    const rows = await d.query<{ ticker: string; year_end: unknown; origin: string }>(
      `select e.ticker, c.year_end, c.origin from fiscal_calendars c join entities e on e.id = c.entity_id
       where e.tenant_id = $1 and c.superseded_at is null order by e.ticker`,
      [TENANT],
    );
    expect(Object.fromEntries(rows.map((r) => [r.ticker, r.year_end]))).toEqual({
      AAPL: { kind: 'week', weekday: 6, month: 9, rule: 'last' },
      GOOGL: { kind: 'fixed', month: 12, day: 31 },
      LPA: { kind: 'fixed', month: 12, day: 31 },
      MRVL: { kind: 'week', weekday: 6, month: 1, rule: 'nearest' },
      NVDA: { kind: 'week', weekday: 0, month: 1, rule: 'last' },
      SNOW: { kind: 'fixed', month: 1, day: 31 },
      TSLA: { kind: 'fixed', month: 12, day: 31 },
    });
    expect(rows.every((r) => r.origin === 'inferred')).toBe(true);
  });

  it('Apple FY2022 revenue is one fact with three sightings', async () => {
    const rows = await facts(
      'AAPL',
      `concept = 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax' and start_date = '2021-09-26' and end_date = '2022-09-24'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      value: '394328000000',
      fiscal_year: 2022,
      fiscal_period: 'FY',
      metric_id: 'revenue',
      version: 1,
      is_latest: true,
    });
    const s = await d.query<{ accession: string; form: string; filed_at: string; labels: { fy: number; frame?: string } }>(
      `select accession, form, to_char(filed_at, 'YYYY-MM-DD') as filed_at, labels from fact_sightings where fact_id = $1 order by filed_at`,
      [rows[0]!.id],
    );
    expect(s.map((x) => [x.accession, x.form, x.filed_at, x.labels.fy, x.labels.frame ?? null])).toEqual([
      ['0000320193-22-000108', '10-K', '2022-10-28', 2022, null],
      ['0000320193-23-000106', '10-K', '2023-11-03', 2023, null],
      ['0000320193-24-000123', '10-K', '2024-11-01', 2024, 'CY2022'],
    ]);
  });

  it('Apple Q3 FY2023 10-Q yields the 90-day quarter and the 279-day year-to-date', async () => {
    const rows = await facts('AAPL', `concept = 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax' and end_date = '2023-07-01'`);
    const byValue = Object.fromEntries(rows.map((r) => [r.value, r]));
    expect(byValue['81797000000']).toMatchObject({ start_date: '2023-04-02', fiscal_year: 2023, fiscal_period: 'Q3' });
    expect(byValue['293787000000']).toMatchObject({ start_date: '2022-09-25', fiscal_year: 2023, fiscal_period: '9M' });
    const days = await d.query<{ value: string; duration_days: number }>(
      `select value::text, duration_days from facts where id = any($1::text[]) order by duration_days`,
      [[byValue['81797000000']!.id, byValue['293787000000']!.id]],
    );
    expect(days).toEqual([
      { value: '81797000000', duration_days: 90 },
      { value: '293787000000', duration_days: 279 },
    ]);
    // the prior-year comparatives in the same filing get their own fiscal labels
    const prior = await facts(
      'AAPL',
      `concept = 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax' and end_date = '2022-06-25'`,
    );
    expect(prior.map((r) => [r.value, r.fiscal_year, r.fiscal_period])).toEqual(
      expect.arrayContaining([
        ['82959000000', 2022, 'Q3'],
        ['304182000000', 2022, '9M'],
      ]),
    );
  });

  it('Apple FY2008 diluted EPS has two versions: 5.36 original, 6.78 latest', async () => {
    const rows = await facts(
      'AAPL',
      `concept = 'us-gaap:EarningsPerShareDiluted' and start_date = '2007-09-30' and end_date = '2008-09-27'`,
    );
    expect(rows.map((r) => [r.value, r.version, r.is_original, r.is_latest, r.revision_kind, r.fiscal_year])).toEqual([
      ['5.36', 1, true, false, null, 2008],
      ['6.78', 2, false, true, 'restatement', 2008],
    ]);
  });

  it('Apple revenue moved across three concepts, all mapped to the revenue metric', async () => {
    const rows = await facts('AAPL', `metric_id = 'revenue' and fiscal_period = 'FY' and duration_days > 350 and is_latest`);
    const concepts = new Map<number, Set<string>>();
    for (const r of rows) (concepts.get(r.fiscal_year!) ?? concepts.set(r.fiscal_year!, new Set()).get(r.fiscal_year!)!).add(r.concept);
    expect([...concepts.get(2009)!]).toEqual(['us-gaap:SalesRevenueNet']);
    expect(concepts.get(2018)).toEqual(new Set(['us-gaap:Revenues', 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax']));
    expect([...concepts.get(2024)!]).toEqual(['us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax']);
  });

  it('Alphabet 2022 total revenue exists only under RevenueFromContractWithCustomerExcludingAssessedTax', async () => {
    const rows = await facts('GOOGL', `metric_id = 'revenue' and start_date = '2022-01-01' and end_date = '2022-12-31'`);
    expect(rows.map((r) => [r.concept, r.value, r.fiscal_year, r.fiscal_period])).toEqual([
      ['us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax', '282836000000', 2022, 'FY'],
    ]);
  });

  it('Alphabet FY2020 diluted EPS keeps the pre-split value and labels the split adjustment', async () => {
    const rows = await facts(
      'GOOGL',
      `concept = 'us-gaap:EarningsPerShareDiluted' and start_date = '2020-01-01' and end_date = '2020-12-31'`,
    );
    expect(rows.map((r) => [r.value, r.version, r.is_latest, r.revision_kind])).toEqual([
      ['58.61', 1, false, null],
      ['2.93', 2, true, 'split_adjustment'],
    ]);
  });

  it('NVIDIA’s early 10-Ks get NVIDIA’s own fiscal year labels despite their fy values', async () => {
    const rows = await facts(
      'NVDA',
      `concept = 'us-gaap:Revenues' and duration_days > 350 and end_date between '2010-01-01' and '2014-12-31'`,
    );
    expect(rows.map((r) => [r.end_date, r.fiscal_year, r.fiscal_period])).toEqual([
      ['2010-01-31', 2010, 'FY'],
      ['2011-01-30', 2011, 'FY'],
      ['2012-01-29', 2012, 'FY'],
      ['2013-01-27', 2013, 'FY'],
      ['2014-01-26', 2014, 'FY'],
      ['2014-01-26', 2014, 'FY'],
    ]);
    const [fy2011] = rows.filter((r) => r.end_date === '2011-01-30');
    const labels = await d.query<{ accession: string; fy: number }>(
      `select accession, (labels->>'fy')::int as fy from fact_sightings where fact_id = $1 order by filed_at`,
      [fy2011!.id],
    );
    expect(labels[0]).toEqual({ accession: '0001045810-11-000015', fy: 2010 });
    // the rounding of FY2014 revenue in a later filing is a labelled version, not an overwrite
    expect(rows.filter((r) => r.end_date === '2014-01-26').map((r) => [r.value, r.version, r.revision_kind])).toEqual([
      ['4130162000', 1, null],
      ['4130000000', 2, 'rounding'],
    ]);
  });

  it('the IFRS filer’s facts keep their currencies', async () => {
    const rows = await d.query<{ currency: string; unit: string; standard: string; n: number }>(
      `select currency, unit, accounting_standard as standard, count(*)::int as n from facts
       where entity_id = $1 and currency is not null and unit not like '%/%' group by 1, 2, 3 order by 1`,
      [entity.get('LPA')],
    );
    expect(rows.map((r) => [r.currency, r.unit, r.standard])).toEqual([
      ['COP', 'COP', 'ifrs'],
      ['CRC', 'CRC', 'ifrs'],
      ['PEN', 'PEN', 'ifrs'],
      ['USD', 'USD', 'ifrs'],
    ]);
  });

  it('answers the shapes of analysts’ questions: Snowflake total assets at the end of FY2024, Tesla FY2021 revenue', async () => {
    const snow = await facts('SNOW', `metric_id = 'total_assets' and fiscal_year = 2024 and fiscal_period = 'FY' and is_latest`);
    expect(snow.map((r) => [r.end_date, r.value])).toEqual([['2024-01-31', '8223383000']]);
    const tsla = await facts('TSLA', `metric_id = 'revenue' and fiscal_year = 2021 and fiscal_period in ('FY', '9M') and is_latest`);
    expect(tsla.map((r) => [r.fiscal_period, r.value])).toEqual(expect.arrayContaining([['FY', '53823000000']]));
  });

  it('records Tesla’s former name and listing from its submissions, Alphabet’s brand and share classes from the curated file', async () => {
    const index = await loadEntityIndex(d.db, TENANT);
    const resolve = (q: string) => matchEntities(q, index).mentions.map((m) => [m.text, index.byId(m.entityIds[0]!)!.ticker]);
    expect(resolve('Tesla Motors revenue 2015')).toEqual([['Tesla Motors', 'TSLA']]);
    expect(resolve('NASDAQ:TSLA revenue 2015')).toEqual([['NASDAQ:TSLA', 'TSLA']]);
    expect(resolve('TSLA UW Equity revenue')).toEqual([['TSLA UW Equity', 'TSLA']]);
    expect(resolve('Google revenue 2024')).toEqual([['Google', 'GOOGL']]);
    expect(resolve('GOOG revenue 2024')).toEqual([['GOOG', 'GOOGL']]);
    expect(resolve('$nvda revenue FY2025')).toEqual([['$nvda', 'NVDA']]);
    expect(resolve('snow revenue FY2024')).toEqual([['snow', 'SNOW']]);
    const tesla = index.byId(entity.get('TSLA')!)!;
    expect(tesla.aliases.map((a) => `${a.kind}:${a.alias}`)).toEqual(
      expect.arrayContaining(['former_name:TESLA MOTORS INC', 'listing:Nasdaq:TSLA']),
    );
  });

  it('re-ingesting a file changes nothing', async () => {
    const before = await d.query<{ n: number }>(`select count(*)::int as n from fact_sightings`);
    const o = await ingestFile(path.join(dir, files[0]!), { db: d.db, tenantId: TENANT });
    expect(o.status).toBe('unchanged');
    expect(await d.query<{ n: number }>(`select count(*)::int as n from fact_sightings`)).toEqual(before);
  });
});
