import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/client';
import { fiscalCalendars } from '@/lib/db/schema';
import { testTargets } from '@/tests/support/db';
import { contentId } from '@/lib/ids';
import { relabelEntityFacts } from './calendar';
import { ingestBytes, ingestFile } from './ingest-file';
import { noSideFiles } from './side-files';

const fixtures = path.join(import.meta.dirname, '__fixtures__');
const fx = (name: string) => path.join(fixtures, name);
const TENANT = 't-ingest';

for (const target of testTargets()) {
  describe(`companyfacts ingestion on ${target.name}`, () => {
    let d: Database;
    const ingest = (file: string, extra: Partial<Parameters<typeof ingestFile>[1]> = {}) =>
      ingestFile(file, { db: d.db, tenantId: TENANT, actor: 'test', sideFiles: noSideFiles, ...extra });
    const count = async (sql: string, params: unknown[] = []) => Number((await d.query<{ n: number }>(sql, params))[0]!.n);

    beforeAll(async () => {
      d = await target.open();
    });
    afterAll(async () => {
      await d?.close();
    });

    it('creates the entity, infers and registers its calendar, and labels every fact from dates', async () => {
      const o = await ingest(fx('CIK0000000042_ACME_companyfacts.json'));
      expect(o).toMatchObject({
        status: 'ok',
        format: 'companyfacts',
        factsSeen: 13,
        factsAdded: 12,
        sightingsAdded: 13,
        quarantined: 1,
        error: null,
      });
      const [entity] = await d.query<{
        id: string;
        name: string;
        ticker: string;
        cik: string;
        accounting_standard: string;
        reporting_currency: string;
      }>(`select id, name, ticker, cik, accounting_standard, reporting_currency from entities where tenant_id = $1`, [TENANT]);
      expect(entity).toMatchObject({
        name: 'Acme Widgets Corp',
        ticker: 'ACME',
        cik: '0000000042',
        accounting_standard: 'us-gaap',
        reporting_currency: 'USD',
      });
      const aliases = await d.query<{ alias: string; kind: string }>(
        `select alias, kind from entity_aliases where entity_id = $1 order by alias`,
        [entity!.id],
      );
      expect(aliases.map((a) => a.alias)).toEqual(expect.arrayContaining(['Acme Widgets Corp', 'ACME', '0000000042', '42']));
      const cal = await d.query<{ origin: string; year_end: unknown; confidence: number }>(
        `select origin, year_end, confidence from fiscal_calendars where entity_id = $1`,
        [entity!.id],
      );
      expect(cal).toHaveLength(1);
      expect(cal[0]).toMatchObject({ origin: 'inferred', year_end: { kind: 'fixed', month: 12, day: 31 } });
      expect(cal[0]!.confidence).toBeGreaterThan(0.5);

      const rows = await d.query<{
        value: string;
        start_date: string | null;
        end_date: string;
        fiscal_year: number;
        fiscal_period: string;
        metric_id: string;
        scope: string;
        dimensions: object;
      }>(
        `select value::text, to_char(start_date, 'YYYY-MM-DD') as start_date, to_char(end_date, 'YYYY-MM-DD') as end_date,
                fiscal_year, fiscal_period, metric_id, scope, dimensions
         from facts where entity_id = $1 and concept = 'us-gaap:Revenues' order by end_date, start_date desc`,
        [entity!.id],
      );
      expect(rows.map((r) => [r.start_date, r.end_date, r.value, r.fiscal_year, r.fiscal_period])).toEqual([
        ['2021-01-01', '2021-12-31', '1000000', 2021, 'FY'],
        ['2022-01-01', '2022-12-31', '1200000', 2022, 'FY'],
        ['2023-01-01', '2023-03-31', '300000', 2023, 'Q1'],
        ['2023-04-01', '2023-06-30', '310000', 2023, 'Q2'],
        ['2023-01-01', '2023-06-30', '610000', 2023, 'H1'],
      ]);
      expect(rows.every((r) => r.metric_id === 'revenue' && r.scope === 'consolidated' && Object.keys(r.dimensions).length === 0)).toBe(
        true,
      );

      const sightings = await d.query<{ accession: string; form: string; labels: Record<string, unknown> }>(
        `select s.accession, s.form, s.labels from fact_sightings s join facts f on f.entity_id = s.entity_id and f.id = s.fact_id
         where f.entity_id = $1 and f.concept = 'us-gaap:Revenues' and f.end_date = '2021-12-31' order by s.filed_at`,
        [entity!.id],
      );
      expect(sightings.map((s) => [s.accession, s.labels.fy])).toEqual([
        ['0000000042-22-000010', 2021],
        ['0000000042-23-000010', 2022],
      ]);

      const stores = await d.query<{ status: string; quarantine_reason: string; unit: string; metric_id: string | null }>(
        `select status, quarantine_reason, unit, metric_id from facts where entity_id = $1 and concept = 'us-gaap:NumberOfStores'`,
        [entity!.id],
      );
      expect(stores).toEqual([{ status: 'quarantined', quarantine_reason: 'UNIT_UNKNOWN', unit: 'Store', metric_id: null }]);
      const eps = await d.query<{ unit: string; currency: string; metric_id: string }>(
        `select unit, currency, metric_id from facts where entity_id = $1 and concept = 'us-gaap:EarningsPerShareDiluted' limit 1`,
        [entity!.id],
      );
      expect(eps[0]).toEqual({ unit: 'USD/shares', currency: 'USD', metric_id: 'eps_diluted' });

      const runs = await d.query<{ status: string; facts_added: number; source_id: string }>(
        `select status, facts_added, source_id from ingest_runs where id = $1`,
        [o.runId],
      );
      expect(runs).toEqual([{ status: 'ok', facts_added: 12, source_id: o.sourceId }]);
      expect(await count(`select count(*)::int as n from audit_log where action = 'source.ingest' and target_id = $1`, [o.sourceId])).toBe(
        1,
      );
      expect(await count(`select count(*)::int as n from audit_log where action = 'calendar.infer' and target_id = $1`, [entity!.id])).toBe(
        1,
      );
    });

    it('keeps every version with labels: restatement, split adjustment', async () => {
      const versions = await d.query<{
        concept: string;
        value: string;
        version: number;
        is_latest: boolean;
        is_original: boolean;
        revision_kind: string | null;
      }>(
        `select concept, value::text, version, is_latest, is_original, revision_kind from facts
         where tenant_id = $1 and concept in ('us-gaap:EarningsPerShareDiluted', 'us-gaap:Assets') and end_date = '2021-12-31'
         order by concept, version`,
        [TENANT],
      );
      expect(versions.map((v) => [v.concept, v.value, v.version, v.is_latest, v.is_original, v.revision_kind])).toEqual([
        ['us-gaap:Assets', '5123456', 1, false, true, null],
        ['us-gaap:Assets', '4990000', 2, true, false, 'restatement'],
        ['us-gaap:EarningsPerShareDiluted', '2.5', 1, false, true, null],
        ['us-gaap:EarningsPerShareDiluted', '1.25', 2, true, false, 'split_adjustment'],
      ]);
    });

    it('re-ingesting the same bytes changes nothing', async () => {
      const before = await count(`select count(*)::int as n from facts`);
      const sightingsBefore = await count(`select count(*)::int as n from fact_sightings`);
      const o = await ingest(fx('CIK0000000042_ACME_companyfacts.json'));
      expect(o).toMatchObject({ status: 'unchanged', factsAdded: 0 });
      expect(await count(`select count(*)::int as n from facts`)).toBe(before);
      expect(await count(`select count(*)::int as n from fact_sightings`)).toBe(sightingsBefore);
      expect(await count(`select count(*)::int as n from ingest_runs where status = 'unchanged'`)).toBe(1);
    });

    it('a newer file adds versions and sightings and becomes the next source version', async () => {
      const o = await ingest(fx('v2/CIK0000000042_ACME_companyfacts.json'));
      expect(o).toMatchObject({ status: 'ok', factsAdded: 3 });
      const src = await d.query<{ version: number; supersedes: string | null }>(`select version, supersedes from sources where id = $1`, [
        o.sourceId,
      ]);
      expect(src[0]?.version).toBe(2);
      expect(src[0]?.supersedes).not.toBeNull();
      const assets = await d.query<{ value: string; version: number; is_latest: boolean; revision_kind: string | null }>(
        `select value::text, version, is_latest, revision_kind from facts where tenant_id = $1 and concept = 'us-gaap:Assets' and end_date = '2022-12-31' order by version`,
        [TENANT],
      );
      expect(assets.map((a) => [a.value, a.version, a.is_latest, a.revision_kind])).toEqual([
        ['6012345', 1, false, null],
        ['6012000', 2, true, 'rounding'],
      ]);
      const accessions = await d.query<{ accession: string }>(
        `select distinct s.accession from fact_sightings s join facts f on f.entity_id = s.entity_id and f.id = s.fact_id
         where f.tenant_id = $1 and f.concept = 'us-gaap:Revenues' and f.end_date = '2022-12-31' and f.start_date = '2022-01-01' order by 1`,
        [TENANT],
      );
      expect(accessions.map((a) => a.accession)).toEqual(['0000000042-23-000010', '0000000042-24-000010']);
      // the fact still dates from its first filing
      const [rev] = await d.query<{ filed_at: string; accession: string }>(
        `select to_char(filed_at, 'YYYY-MM-DD') as filed_at, accession from facts where tenant_id = $1 and concept = 'us-gaap:Revenues' and end_date = '2022-12-31' and start_date = '2022-01-01'`,
        [TENANT],
      );
      expect(rev).toEqual({ filed_at: '2023-02-10', accession: '0000000042-23-000010' });
    });

    it('a malformed file writes nothing and is recorded as failed', async () => {
      const before = await count(`select count(*)::int as n from facts`);
      const sources = await count(`select count(*)::int as n from sources`);
      const o = await ingest(fx('CIK0000000042_ACME_truncated.json'));
      expect(o.status).toBe('failed');
      expect(o.error?.code).toBe('bad_request:malformed_json');
      expect(o.error?.message).toMatch(/CIK0000000042_ACME_truncated\.json \(line \d+, column \d+\)/);
      const bad = await ingest(fx('CIK0000000043_BADV_companyfacts.json'));
      expect(bad.error?.code).toBe('bad_request:malformed_companyfacts');
      expect(bad.error?.message).toMatch(/facts\.us-gaap\.Assets\.units\.USD\[3\]/);
      expect(await count(`select count(*)::int as n from facts`)).toBe(before);
      expect(await count(`select count(*)::int as n from sources`)).toBe(sources);
      expect(await count(`select count(*)::int as n from entities where cik = '0000000043'`)).toBe(0);
      const runs = await d.query<{ status: string; error_code: string; error_message: string }>(
        `select status, error_code, error_message from ingest_runs where file_name = 'CIK0000000042_ACME_truncated.json'`,
      );
      expect(runs).toEqual([{ status: 'failed', error_code: 'bad_request:malformed_json', error_message: o.error!.message }]);
    });

    it('a crash in the middle of the transaction leaves nothing half-written', async () => {
      const bytes = fs.readFileSync(fx('CIK0000000043_BADV_companyfacts.json'), 'utf8').replace('"n/a"', '1');
      const tables = ['entities', 'entity_aliases', 'fiscal_calendars', 'sources', 'facts', 'fact_sightings', 'audit_log'];
      const counts = async () => Promise.all(tables.map((t) => count(`select count(*)::int as n from ${t}`)));
      const before = await counts();
      const o = await ingestBytes(Buffer.from(bytes), 'CIK0000000043_BADV_companyfacts.json', {
        db: d.db,
        tenantId: TENANT,
        sideFiles: noSideFiles,
        progress: (done) => {
          if (done > 0) throw new Error('simulated crash after the facts were written');
        },
      });
      expect(o.status).toBe('failed');
      // an unexpected error is reported without its text (it may be the database's); nothing was stored
      expect(o.error?.message).toMatch(/the ingest failed; nothing was stored/);
      expect(await counts()).toEqual(before);
    });

    it('refuses other formats and oversize files with a clear error', async () => {
      const other = await ingest(fx('not-a-filing.json'));
      expect(other.error).toMatchObject({ code: 'unsupported:format' });
      expect(other.error?.message).toMatch(/^not-a-filing\.json: cannot ingest JSON that is neither/);
      const big = await ingest(fx('CIK0000000042_ACME_companyfacts.json'), { maxBytes: 100 });
      expect(big.error).toMatchObject({ code: 'payload_too_large:file' });
    });

    it('never overwrites a registered calendar; labels follow it', async () => {
      const entityId = contentId('entity', TENANT, 'cik:0000000044');
      await d.query(`insert into entities (id, tenant_id, name, cik) values ($1, $2, 'Startyear Retail', '0000000044')`, [
        entityId,
        TENANT,
      ]);
      await d.db.insert(fiscalCalendars).values({
        id: 'cal-registered-44',
        tenantId: TENANT,
        entityId,
        effectiveFrom: '1900-01-01',
        yearEnd: { kind: 'fixed', month: 12, day: 31 },
        labelBy: 'start-year',
        origin: 'registered',
        reason: 'admin',
      });
      const text = fs.readFileSync(fx('CIK0000000042_ACME_companyfacts.json'), 'utf8').replace('"cik": 42', '"cik": 44');
      const o = await ingestBytes(Buffer.from(text), 'CIK0000000044_SYR_companyfacts.json', {
        db: d.db,
        tenantId: TENANT,
        sideFiles: noSideFiles,
      });
      expect(o.status).toBe('ok');
      expect(o.entityId).toBe(entityId);
      const cals = await d.query<{ origin: string }>(`select origin from fiscal_calendars where entity_id = $1`, [entityId]);
      expect(cals).toEqual([{ origin: 'registered' }]);
      const fy = await d.query<{ fiscal_year: number }>(
        `select distinct fiscal_year from facts where entity_id = $1 and concept = 'us-gaap:Revenues' and start_date = '2022-01-01' and end_date = '2022-12-31'`,
        [entityId],
      );
      expect(fy).toEqual([{ fiscal_year: 2022 }]); // 31 December year end: start-year and end-year labels agree
      // an admin change of calendar relabels stored facts
      await d.query(`update fiscal_calendars set year_end = '{"kind":"fixed","month":6,"day":30}'::jsonb where id = 'cal-registered-44'`);
      const changed = await relabelEntityFacts(d.db, entityId, [
        { entityId, effectiveFrom: '1900-01-01', effectiveTo: null, yearEnd: { kind: 'fixed', month: 6, day: 30 }, labelBy: 'end-year' },
      ]);
      expect(changed).toBeGreaterThan(0);
      const q = await d.query<{ fiscal_year: number; fiscal_period: string }>(
        `select fiscal_year, fiscal_period from facts where entity_id = $1 and concept = 'us-gaap:Revenues' and start_date = '2023-01-01' and end_date = '2023-03-31'`,
        [entityId],
      );
      expect(q).toEqual([{ fiscal_year: 2023, fiscal_period: 'Q3' }]);
    });
  });
}
