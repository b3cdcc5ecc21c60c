import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '@/lib/env';
import { writeFacts, type FactInput } from '@/lib/facts/write-facts';
import { listFacts, parseFactFilters } from '@/lib/facts/list-facts';
import { openDatabase, type Database } from './client';
import { entities, sources, tenants } from './schema';
import { DEMO_COMPANIES, DEMO_TENANT_ID, seedDemo } from '@/lib/demo/seed';
import { countRows } from '@/lib/db/seed-metrics';
import { testTargets } from '@/tests/support/db';

async function schemaSnapshot(d: Database) {
  const columns = await d.query<{
    table_name: string;
    column_name: string;
    data_type: string;
    udt_name: string;
    is_nullable: string;
    column_default: string | null;
    is_generated: string;
  }>(
    `select table_name, column_name, data_type, udt_name, is_nullable, column_default, is_generated
     from information_schema.columns where table_schema = 'public' order by table_name, column_name`,
  );
  const indexes = await d.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes where schemaname = 'public' order by indexname`,
  );
  // not-null constraints appear in pg_constraint only from PostgreSQL 18 (PGlite); nullability is compared via columns.
  // Constraints PostgreSQL derives from a partitioned table's own (a foreign key into a partitioned table
  // gets one per referenced partition) are named by each release its own way: compared by table and definition.
  const constraints = await d.query<{ conname: string; def: string }>(
    `select case when c.conparentid = 0 then conname else '(derived) ' || c.conrelid::regclass::text end as conname, pg_get_constraintdef(c.oid) as def
     from pg_constraint c
     join pg_namespace n on n.oid = c.connamespace
     where n.nspname = 'public' and c.contype <> 'n' order by 1, 2`,
  );
  return { columns, indexes, constraints };
}

function sighting(sourceId: string, accession: string, filedAt: string) {
  return { sourceId, accession, form: '10-K', filedAt, labels: { fy: 2024 } };
}

for (const target of testTargets()) {
  describe(`fact store on ${target.name}`, () => {
    let d: Database;
    beforeAll(async () => {
      d = await target.open();
    });
    afterAll(async () => {
      await d?.close();
    });

    it('migrates with the vector extension, tsvector and HNSW index', async () => {
      const ext = await d.query<{ extname: string }>(`select extname from pg_extension where extname = 'vector'`);
      expect(ext).toHaveLength(1);
      const idx = await d.query<{ indexdef: string }>(`select indexdef from pg_indexes where indexname = 'chunks_embedding_idx'`);
      expect(idx[0]?.indexdef).toMatch(/hnsw/i);
      const snap = await schemaSnapshot(d);
      expect(snap.columns.find((c) => c.table_name === 'chunks' && c.column_name === 'tsv')?.is_generated).toBe('ALWAYS');
    });

    it('seeds the demo tenant idempotently with full provenance', async () => {
      const first = await seedDemo(d.db);
      expect(first.created).toBe(true);
      expect(first.facts).toBeGreaterThan(100);
      const before = await countRows(d.db);
      expect(before.facts).toBe(first.facts);
      expect(before.entities).toBe(3);
      const again = await seedDemo(d.db);
      expect(again).toEqual({ facts: 0, created: false });
      expect(await countRows(d.db)).toEqual(before);
      const helios = DEMO_COMPANIES[0]!.id;
      const { rows } = await listFacts({
        db: d.db,
        tenantId: DEMO_TENANT_ID,
        filters: parseFactFilters({ metric: 'revenue', entity: helios, fp: 'FY', sort: 'end', dir: 'desc', size: '50' }),
      });
      const consolidated = rows.filter((r) => r.scope === 'consolidated');
      expect(consolidated.map((r) => [r.startDate, r.endDate, r.value, r.fiscalYear, r.fiscalPeriod])).toEqual([
        ['2025-04-01', '2026-03-31', '12000000000', 2026, 'FY'],
        ['2024-04-01', '2025-03-31', '10000000000', 2025, 'FY'],
        ['2023-04-01', '2024-03-31', '8600000000', 2024, 'FY'],
      ]);
      // standalone figures are separate facts with their own scope
      const standalone = rows.filter((r) => r.scope === 'standalone' && r.fiscalYear === 2026);
      expect(standalone.map((r) => r.value)).toEqual(['10500000000']);
      expect(consolidated[0]?.provenance).toMatchObject({ page: 112, sourceLabel: 'Year ended 31 March 2026' });
      const cell = await d.query<{ row_label: string; column_path: string[]; page: number; title: string; unit_line: string }>(
        `select c.row_label, c.column_path, c.page, t.title, t.unit_line from source_cells c join facts f on f.entity_id = c.entity_id and f.cell_id = c.id
         join source_tables t on t.entity_id = c.entity_id and t.id = c.table_id where f.id = $1`,
        [consolidated[0]!.id],
      );
      expect(cell[0]).toEqual({
        row_label: 'I. Revenue from operations',
        column_path: ['Year ended 31 March 2026'],
        page: 112,
        title: 'Consolidated Statement of Profit and Loss for the year ended 31 March 2026',
        unit_line: '(₹ in crore)',
      });
      const op = await d.query<{ value: string; row_label: string; fiscal_year: number; concept: string; scale: number; currency: string }>(
        `select f.value::text as value, c.row_label, f.fiscal_year, f.concept, f.scale, f.currency from facts f join source_cells c on c.entity_id = f.entity_id and c.id = f.cell_id
         where f.entity_id = $1 and f.metric_id = 'operating_income' and f.scope = 'consolidated' and f.fiscal_period = 'FY' and f.is_latest
         order by f.fiscal_year desc`,
        [helios],
      );
      expect(op.slice(0, 2)).toEqual([
        {
          value: '1440000000',
          row_label: 'Operating profit',
          fiscal_year: 2026,
          concept: 'ind-as:OperatingProfit',
          scale: 7,
          currency: 'INR',
        },
        {
          value: '1800000000',
          row_label: 'Operating profit',
          fiscal_year: 2025,
          concept: 'ind-as:OperatingProfit',
          scale: 7,
          currency: 'INR',
        },
      ]);
      // the FY2025 reclassification is a version chain: the restated value is the latest
      const emp = await d.query<{ value: string; version: number; is_latest: boolean; revision_kind: string | null }>(
        `select value::text as value, version, is_latest, revision_kind from facts
         where entity_id = $1 and metric_id = 'employee_benefits' and scope = 'consolidated' and start_date = '2024-04-01' and end_date = '2025-03-31'
         order by version`,
        [helios],
      );
      expect(emp).toEqual([
        { value: '1560000000', version: 1, is_latest: false, revision_kind: null },
        { value: '1500000000', version: 2, is_latest: true, revision_kind: 'restatement' },
      ]);
      const quarantined = await d.query<{ reason: string }>(
        `select distinct quarantine_reason as reason from facts where status = 'quarantined' order by 1`,
      );
      expect(quarantined.map((q) => q.reason)).toEqual([
        'COLUMN_HEADER_LOST',
        'MISSING_FACT_PERIOD',
        'UNIT_UNKNOWN',
        'UNVERIFIED_RESTATEMENT',
      ]);
      // rows the ontology's line items name (by label) are bound, not left unmapped
      const bound = await d.query<{ metric_id: string }>(
        `select distinct f.metric_id from facts f join source_cells c on c.entity_id = f.entity_id and c.id = f.cell_id where f.status = 'active' and c.row_label in ('Total current assets', 'Total current liabilities') order by 1`,
      );
      expect(bound.map((b) => b.metric_id)).toEqual(['current_assets', 'current_liabilities']);
      const buckets = await d.query<{ name: string; years: number }>(
        `select e.name, count(distinct c.fiscal_year)::int as years from chunks c join entities e on e.id = c.entity_id group by e.name order by e.name`,
      );
      expect(buckets).toEqual([
        { name: 'Helios Components', years: 2 },
        { name: 'Northwind Outfitters', years: 2 },
        { name: 'Quillon Software', years: 2 },
      ]);
    });

    it('keeps every version of a restated value with sightings, latest and original flags', async () => {
      await d.db.insert(tenants).values({ id: 't-versions', name: 'Versions' });
      await d.db.insert(entities).values({ id: 'e-apple', tenantId: 't-versions', name: 'Apple Inc.' });
      for (const [id, acc, filed] of [
        ['s1', '0001193125-09-214859', '2009-10-27'],
        ['s2', '0001193125-10-012091', '2010-01-25'],
      ] as const) {
        await d.db.insert(sources).values({
          id,
          tenantId: 't-versions',
          entityId: 'e-apple',
          kind: 'companyfacts',
          title: acc,
          accession: acc,
          filedAt: filed,
          sha256: id,
          byteSize: 1,
          extractorVersion: 'test',
        });
      }
      const base: Omit<FactInput, 'value' | 'sighting'> = {
        tenantId: 't-versions',
        entityId: 'e-apple',
        metricId: null,
        concept: 'us-gaap:EarningsPerShareDiluted',
        unit: 'USD/shares',
        currency: 'USD',
        scale: 0,
        decimals: 2,
        period: { type: 'duration', start: '2007-09-30', end: '2008-09-27' },
        fiscalYear: 2008,
        fiscalPeriod: 'FY',
        scope: 'consolidated',
        dimensions: {},
        accountingStandard: 'us-gaap',
        provenance: {},
      };
      // ingest the later filing first: versions must still follow filing dates
      await writeFacts(d.db, [{ ...base, value: '6.78', sighting: sighting('s2', '0001193125-10-012091', '2010-01-25') }]);
      const r1 = await writeFacts(d.db, [{ ...base, value: '5.36', sighting: sighting('s1', '0001193125-09-214859', '2009-10-27') }]);
      expect(r1.inserted).toBe(1);
      const again = await writeFacts(d.db, [{ ...base, value: '5.36', sighting: sighting('s1', '0001193125-09-214859', '2009-10-27') }]);
      expect(again).toMatchObject({ inserted: 0, sightings: 0 });
      const rows = await d.query<{
        value: string;
        version: number;
        is_latest: boolean;
        is_original: boolean;
        accession: string;
        supersedes: string | null;
        id: string;
      }>(
        `select id, value::text, version, is_latest, is_original, accession, supersedes from facts where tenant_id = 't-versions' order by version`,
      );
      expect(rows.map((r) => [r.value, r.version, r.is_latest, r.is_original, r.accession])).toEqual([
        ['5.36', 1, false, true, '0001193125-09-214859'],
        ['6.78', 2, true, false, '0001193125-10-012091'],
      ]);
      expect(rows[1]?.supersedes).toBe(rows[0]?.id);
    });

    it('never shows one tenant’s facts to another', async () => {
      const other = await listFacts({ db: d.db, tenantId: 't-versions', filters: parseFactFilters({ version: 'all' }) });
      expect(other.rows.every((r) => r.entityId === 'e-apple')).toBe(true);
      expect(other.total).toBe(2);
      const demo = await listFacts({ db: d.db, tenantId: DEMO_TENANT_ID, filters: parseFactFilters({ version: 'all' }) });
      expect(demo.rows.some((r) => r.entityId === 'e-apple')).toBe(false);
    });

    it('paginates and sorts in SQL', async () => {
      const filters = { metric: 'operating_income', entity: DEMO_COMPANIES[0]!.id, fp: 'FY', sort: 'value', dir: 'asc' };
      const page1 = await listFacts({ db: d.db, tenantId: DEMO_TENANT_ID, filters: parseFactFilters({ ...filters, size: '5' }) });
      const all = await listFacts({ db: d.db, tenantId: DEMO_TENANT_ID, filters: parseFactFilters({ ...filters, size: '200' }) });
      expect(page1.total).toBe(all.total);
      expect(page1.rows).toHaveLength(5);
      const values = all.rows.map((r) => Number(r.value));
      expect(values).toEqual([...values].sort((a, b) => a - b));
      expect(page1.rows.map((r) => r.id)).toEqual(all.rows.slice(0, 5).map((r) => r.id));
      const fy = await listFacts({ db: d.db, tenantId: DEMO_TENANT_ID, filters: parseFactFilters({ fy: '2025', size: '200' }) });
      expect(fy.rows.every((r) => r.fiscalYear === 2025)).toBe(true);
      expect(fy.total).toBeGreaterThan(10);
    });
  });
}

describe('schema parity', () => {
  const targets = testTargets();
  it.runIf(targets.length === 2)('the same migrations create identical schemas on PGlite and PostgreSQL', async () => {
    const [a, b] = await Promise.all(targets.map((t) => t.open()));
    try {
      const [sa, sb] = await Promise.all([schemaSnapshot(a!), schemaSnapshot(b!)]);
      expect(sa.columns.length).toBeGreaterThan(100);
      expect(sa).toEqual(sb);
    } finally {
      await Promise.all([a!.close(), b!.close()]);
    }
  });
});

describe('bad configuration fails fast with a clear message', () => {
  it('unreachable DATABASE_URL', async () => {
    await expect(openDatabase({ url: 'postgres://nobody@127.0.0.1:1/none' })).rejects.toThrow(ConfigError);
    await expect(openDatabase({ url: 'postgres://nobody@127.0.0.1:1/none' })).rejects.toThrow(/Cannot reach DATABASE_URL/);
  });
  it('unwritable data directory', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'll-')), 'a-file');
    fs.writeFileSync(file, '');
    await expect(openDatabase({ dataDir: path.join(file, 'sub') })).rejects.toThrow(/not a writable folder/);
  });
  it('a data directory already open in another live process', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-lock-'));
    fs.writeFileSync(path.join(dir, 'ledgerline.lock'), String(process.ppid));
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/in use by process/);
  });
  it('a stale lock from a dead process is taken over', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-stale-'));
    fs.writeFileSync(path.join(dir, 'ledgerline.lock'), '999999');
    const d = await openDatabase({ dataDir: dir });
    await d.close();
    expect(fs.existsSync(path.join(dir, 'ledgerline.lock'))).toBe(false);
  });
});
