/**
 * Tenant isolation, randomized: two tenants with entities of the same names and tickers, each with its
 * own facts, statement tables, passages and manifests. Nothing of tenant B may appear in tenant A's
 * answers, fact lists, citation popovers (tables), passage searches, manifests or overview — and
 * embargoed, ACL-restricted and revoked sources stay hidden (revoked ones also after re-ingesting the
 * same bytes, re-indexing, or a reset of the revoked flag). The seed is printed; ISOLATION_SEED=n
 * replays a run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerQuestion } from '@/lib/answer/answer-question';
import { revokeSource } from '@/lib/admin/sources';
import type { Database, Db } from '@/lib/db/client';
import { chunks, fiscalCalendars, manifests, sourceCells, sources, sourceTables, tenants } from '@/lib/db/schema';
import { seedMetrics } from '@/lib/db/seed-metrics';
import { testTargets } from '@/tests/support/db';
import { citationTable } from '@/lib/evidence/citation-table';
import { getManifest } from '@/lib/evidence/manifest-detail';
import { listManifests, parseManifestFilters } from '@/lib/evidence/list-manifests';
import { listFacts, parseFactFilters } from '@/lib/facts/list-facts';
import { tenantOverview } from '@/lib/facts/overview';
import { writeFacts, type FactInput } from '@/lib/facts/write-facts';
import { deriveFiscal } from '@/lib/fiscal/derive';
import type { FiscalCalendar, Period } from '@/lib/domain/types';
import { contentId, seededRandom } from '@/lib/ids';
import { ingestBytes } from '@/lib/ingest/ingest-file';
import { upsertEntity } from '@/lib/ingest/entity';
import { retrievePassages } from '@/lib/retrieval/hybrid-passages';
import { indexChunks } from '@/lib/retrieval/index-chunks';
import { lookupFact } from '@/lib/retrieval/lookup-facts';
import { chunkVisible } from './visibility';

const SEED = Number(process.env.ISOLATION_SEED ?? Math.floor(Math.random() * 2 ** 31));

const NAMES: [string, string][] = [
  ['Helios Components', 'HELC'],
  ['Orion Metals', 'ORMT'],
  ['Vega Foods', 'VEGF'],
  ['Atlas Pharma', 'ATPH'],
  ['Nova Cement', 'NOVC'],
];
const YEAR_ENDS = [
  { month: 3, day: 31 },
  { month: 12, day: 31 },
  { month: 6, day: 30 },
];

interface TenantData {
  id: string;
  entities: Map<string, { id: string; calendar: FiscalCalendar; years: Map<number, { factId: string; value: string }> }>;
  factIds: Set<string>;
  sourceIds: Set<string>;
  chunkIds: Set<string>;
  cellTexts: Set<string>;
  manifestIds: Set<string>;
}

function rows<T>(res: unknown): T[] {
  return (res as { rows: T[] }).rows;
}

async function buildTenant(
  db: Db,
  id: string,
  names: [string, string][],
  rand: () => number,
  yearEnd: (name: string) => { month: number; day: number },
): Promise<TenantData> {
  const t: TenantData = {
    id,
    entities: new Map(),
    factIds: new Set(),
    sourceIds: new Set(),
    chunkIds: new Set(),
    cellTexts: new Set(),
    manifestIds: new Set(),
  };
  await db.insert(tenants).values({ id, name: id }).onConflictDoNothing();
  for (const [name, ticker] of names) {
    const { id: entityId } = await upsertEntity(db, { tenantId: id, name, ticker, accountingStandard: 'ind-as', reportingCurrency: 'INR' });
    const ye = yearEnd(name);
    const calendar: FiscalCalendar = {
      entityId,
      effectiveFrom: '2000-01-01',
      effectiveTo: null,
      yearEnd: { kind: 'fixed', ...ye },
      labelBy: 'end-year',
    };
    await db.insert(fiscalCalendars).values({
      id: contentId('cal', entityId),
      tenantId: id,
      entityId,
      effectiveFrom: calendar.effectiveFrom,
      yearEnd: calendar.yearEnd,
      labelBy: 'end-year',
      origin: 'registered',
    });
    const sourceId = contentId('source', id, name);
    await db.insert(sources).values({
      id: sourceId,
      tenantId: id,
      entityId,
      kind: 'manual',
      title: `${name} annual report (${id})`,
      sha256: contentId('sha', id, name),
      byteSize: 1,
      extractorVersion: 'test',
    });
    t.sourceIds.add(sourceId);
    const tableId = contentId('table', sourceId);
    const years = [2019, 2020, 2021, 2022, 2023, 2024].filter(() => rand() < 0.7);
    await db.insert(sourceTables).values({
      id: tableId,
      tenantId: id,
      entityId,
      sourceId,
      ordinal: 0,
      title: `${name} statement`,
      rowCount: 2,
      columnCount: years.length + 1,
    });
    const inputs: FactInput[] = [];
    const ent = { id: entityId, calendar, years: new Map<number, { factId: string; value: string }>() };
    for (const [i, fy] of years.entries()) {
      const value = String(Math.floor(rand() * 9e11) + 1e9);
      const end = `${ye.month === 12 ? fy : fy}-${String(ye.month).padStart(2, '0')}-${String(ye.day).padStart(2, '0')}`;
      const startDate = new Date(Date.parse(`${end}T00:00:00Z`) - 364 * 86_400_000);
      const start = startDate.toISOString().slice(0, 10);
      const fixedStart = ye.month === 12 ? `${fy}-01-01` : ye.month === 3 ? `${fy - 1}-04-01` : `${fy - 1}-07-01`;
      const period: Period = { type: 'duration', start: fixedStart ?? start, end };
      const cellId = contentId('cell', tableId, 1, i + 1);
      const text = `${id}:${name}:${fy}:${value}`;
      t.cellTexts.add(text);
      await db.insert(sourceCells).values({
        id: cellId,
        tenantId: id,
        entityId,
        tableId,
        sourceId,
        rowIndex: 1,
        colIndex: i + 1,
        rowLabel: 'Revenue',
        text,
        numericValue: value,
      });
      const fiscal = deriveFiscal(period, [calendar]);
      inputs.push({
        tenantId: id,
        entityId,
        metricId: 'revenue',
        concept: 'ind-as:RevenueFromOperations',
        value,
        unit: 'INR',
        currency: 'INR',
        scale: 0,
        decimals: 0,
        period,
        fiscalYear: fiscal.fiscalYear,
        fiscalPeriod: fiscal.fiscalPeriod,
        scope: 'consolidated',
        dimensions: {},
        accountingStandard: 'ind-as',
        provenance: { tableId, cellId },
        cellId,
        sighting: { sourceId, accession: `${id}-${ticker}`, form: 'Annual Report', filedAt: `${fy + 1}-05-01`, labels: {} },
      });
      ent.years.set(fiscal.fiscalYear!, { factId: '', value });
    }
    await writeFacts(db, inputs);
    const stored = rows<{ id: string; fiscal_year: number; value: string }>(
      await db.execute(sql`select id, fiscal_year, value::text as value from facts where entity_id = ${entityId}`),
    );
    for (const f of stored) {
      t.factIds.add(f.id);
      ent.years.set(f.fiscal_year, { factId: f.id, value: f.value });
    }
    for (let k = 0; k < 3; k++) {
      const chunkId = contentId('chunk', id, name, k);
      t.chunkIds.add(chunkId);
      await db.insert(chunks).values({
        id: chunkId,
        tenantId: id,
        entityId,
        sourceId,
        fiscalYear: years[0] ?? 2020,
        ordinal: k,
        section: 'MD&A',
        text: `${name} management discussion: revenue outlook and customer concentration, passage ${k} of ${id}.`,
      });
    }
    t.entities.set(name, ent);
  }
  return t;
}

for (const target of testTargets()) {
  describe(`tenant isolation on ${target.name} (seed ${SEED})`, () => {
    let d: Database;
    let A: TenantData;
    let B: TenantData;

    beforeAll(async () => {
      d = await target.open();
      await seedMetrics(d.db);
      const rand = seededRandom(SEED);
      const shuffled = [...NAMES].sort(() => rand() - 0.5);
      // both tenants share at least three names; each may have one of its own
      const shared = shuffled.slice(0, 3);
      const ye = new Map(NAMES.map(([n]) => [n, YEAR_ENDS[Math.floor(rand() * YEAR_ENDS.length)]!]));
      A = await buildTenant(d.db, 'tenant-a', [...shared, shuffled[3]!], rand, (n) => ye.get(n)!);
      B = await buildTenant(d.db, 'tenant-b', [...shared, shuffled[4]!], rand, (n) => ye.get(n)!);
      await indexChunks(d.db);
    });
    afterAll(async () => d?.close());

    it('answers A’s questions only from A’s facts, including for names and years only B has', async () => {
      const names = new Set([...A.entities.keys(), ...B.entities.keys()]);
      for (const name of names) {
        for (const fy of [2019, 2020, 2021, 2022, 2023, 2024]) {
          const answer = await answerQuestion({ db: d.db, tenantId: A.id, userId: null, question: `What was ${name} revenue in FY${fy}?` });
          if (answer.manifestId) A.manifestIds.add(answer.manifestId);
          const own = A.entities.get(name)?.years.get(fy);
          const factIds = answer.values.flatMap((v) => [...v.factIds, ...v.citations.map((c) => c.factId)]);
          const sourceIds = answer.values.flatMap((v) => v.citations.map((c) => c.sourceId));
          for (const f of factIds) expect(A.factIds.has(f), `${name} FY${fy}: fact ${f} is not tenant A's`).toBe(true);
          for (const s of sourceIds) expect(A.sourceIds.has(s), `${name} FY${fy}: source ${s} is not tenant A's`).toBe(true);
          for (const bFact of B.factIds) expect(JSON.stringify(answer)).not.toContain(bFact);
          if (own) {
            expect(answer.status, `${name} FY${fy}`).toBe('answered');
            expect(answer.values[0]!.factIds).toContain(own.factId);
          } else {
            expect(answer.status, `${name} FY${fy}`).not.toBe('answered');
          }
        }
      }
      // B asks too, so both tenants have manifests
      const bAnswer = await answerQuestion({
        db: d.db,
        tenantId: B.id,
        userId: null,
        question: `What was ${[...B.entities.keys()][0]} revenue in FY2024?`,
      });
      B.manifestIds.add(bAnswer.manifestId!);
    });

    it('fact lists, filters and overview of A hold only A’s rows', async () => {
      const { rows: listed, total } = await listFacts({
        db: d.db,
        tenantId: A.id,
        role: 'admin',
        filters: parseFactFilters({ version: 'all', status: 'any', size: '200' }),
      });
      expect(total).toBe(A.factIds.size);
      for (const r of listed) expect(A.factIds.has(r.id)).toBe(true);
      const overview = await tenantOverview(d.db, A.id, 'admin');
      expect(overview.entities).toBe(A.entities.size);
      expect(overview.activeFacts).toBe(A.factIds.size);
      expect(overview.sources).toBe(A.sourceIds.size);
      expect(overview.byEntity.reduce((n, e) => n + e.facts, 0)).toBe(A.factIds.size);
    });

    it('citation popovers (source tables) of A never open B’s facts or show B’s cells', async () => {
      for (const f of B.factIds) expect(await citationTable(d.db, A.id, f, 'admin')).toBeNull();
      for (const f of A.factIds) {
        const table = await citationTable(d.db, A.id, f, 'analyst');
        expect(table).not.toBeNull();
        // empty cells only pad a row to the table's grid (no stored cell behind them)
        for (const row of table!.rows) for (const c of row.cells) expect(c.text === '' || A.cellTexts.has(c.text)).toBe(true);
      }
    });

    it('typed lookups of A cannot reach B’s entities', async () => {
      for (const ent of B.entities.values()) {
        for (const [fy, f] of ent.years) {
          const r = await lookupFact({
            db: d.db,
            tenantId: A.id,
            role: 'admin',
            entityId: ent.id,
            metricId: 'revenue',
            period: { type: 'duration', start: '1900-01-01', end: '1900-12-31' },
            fiscalYear: fy,
            fiscalPeriod: 'FY',
            scope: 'consolidated',
            basis: { kind: 'latest' },
          });
          expect(r.status).toBe('missing');
          expect(r.candidates.map((c) => c.id)).not.toContain(f.factId);
        }
      }
    });

    it('passage searches of A return only A’s chunks', async () => {
      const flat = await retrievePassages({
        db: d.db,
        tenantId: A.id,
        buckets: [],
        query: 'management discussion revenue outlook customer concentration',
        k: 50,
      });
      expect(flat.passages.length).toBeGreaterThan(0);
      for (const p of flat.passages) expect(A.chunkIds.has(p.id)).toBe(true);
      const bEntities = [...B.entities.values()].map((e) => ({ entityId: e.id, fiscalYear: null }));
      const theirs = await retrievePassages({ db: d.db, tenantId: A.id, buckets: bEntities, query: 'revenue outlook', k: 50 });
      expect(theirs.passages).toEqual([]);
    });

    it('manifests and their export are per tenant', async () => {
      const { rows: listed } = await listManifests({ db: d.db, tenantId: A.id, filters: parseManifestFilters({ size: '200' }) });
      expect(listed.length).toBe(A.manifestIds.size);
      for (const m of listed) expect(A.manifestIds.has(m.id)).toBe(true);
      for (const m of B.manifestIds) expect(await getManifest(d.db, { tenantId: A.id, role: 'admin' }, m)).toBeNull();
      const [row] = await d.db
        .select({ tenantId: manifests.tenantId })
        .from(manifests)
        .where(eq(manifests.id, [...B.manifestIds][0]!));
      expect(row!.tenantId).toBe(B.id);
    });

    describe('embargo, ACL and revocation', () => {
      const T = 'tenant-a';
      const someFact = () => [...A.entities.values()].flatMap((e) => [...e.years.values()])[0]!;
      const sourceOf = async (factId: string) =>
        rows<{ source_id: string }>(await d.db.execute(sql`select source_id from facts where id = ${factId}`))[0]!.source_id;
      const visibleIds = async (role: 'analyst' | 'admin' | null) =>
        new Set(
          (
            await listFacts({ db: d.db, tenantId: T, role, filters: parseFactFilters({ version: 'all', status: 'any', size: '200' }) })
          ).rows.map((r) => r.id),
        );

      it('an embargoed source is invisible until its effective date', async () => {
        const f = someFact();
        const src = await sourceOf(f.factId);
        await d.db
          .update(sources)
          .set({ effectiveAt: new Date(Date.now() + 86_400_000) })
          .where(eq(sources.id, src));
        expect((await visibleIds('admin')).has(f.factId)).toBe(false);
        expect(await citationTable(d.db, T, f.factId, 'admin')).toBeNull();
        await d.db
          .update(sources)
          .set({ effectiveAt: new Date(Date.now() - 1000) })
          .where(eq(sources.id, src));
        expect((await visibleIds('admin')).has(f.factId)).toBe(true);
      });

      it('an ACL-restricted source is visible only to the roles it names (and higher)', async () => {
        const f = someFact();
        const src = await sourceOf(f.factId);
        await d.db
          .update(sources)
          .set({ aclRoles: ['admin'] })
          .where(eq(sources.id, src));
        expect((await visibleIds('analyst')).has(f.factId)).toBe(false);
        expect((await visibleIds(null)).has(f.factId)).toBe(false);
        expect((await visibleIds('admin')).has(f.factId)).toBe(true);
        await d.db
          .update(sources)
          .set({ aclRoles: ['reviewer'] })
          .where(eq(sources.id, src));
        expect((await visibleIds('analyst')).has(f.factId)).toBe(false);
        expect((await visibleIds('admin')).has(f.factId)).toBe(true);
        await d.db.update(sources).set({ aclRoles: [] }).where(eq(sources.id, src));
        expect((await visibleIds('analyst')).has(f.factId)).toBe(true);
      });

      it('a revoked source never resurfaces: re-ingest, re-index, flag reset', async () => {
        const file = path.resolve(import.meta.dirname, '../ingest/__fixtures__/CIK0000000042_ACME_companyfacts.json');
        const bytes = fs.readFileSync(file);
        const first = await ingestBytes(bytes, path.basename(file), { db: d.db, tenantId: T, actor: 'test' });
        expect(first.status).toBe('ok');
        const srcId = first.sourceId!;
        const chunkId = contentId('chunk', 'revoked', srcId);
        await d.db.insert(chunks).values({
          id: chunkId,
          tenantId: T,
          entityId: first.entityId!,
          sourceId: srcId,
          ordinal: 0,
          text: 'Acme Widgets revoked passage about revenue outlook.',
        });
        const ownFacts = rows<{ id: string }>(await d.db.execute(sql`select id from facts where source_id = ${srcId}`)).map((r) => r.id);
        expect(ownFacts.length).toBeGreaterThan(0);
        const visibleChunk = async () =>
          rows<{ id: string }>(
            await d.db.execute(
              sql`select c.id from chunks c where c.id = ${chunkId} and ${chunkVisible({ tenantId: T, role: 'admin' }, 'c')}`,
            ),
          ).length > 0;
        expect((await visibleIds('admin')).has(ownFacts[0]!)).toBe(true);
        expect(await visibleChunk()).toBe(true);

        await revokeSource({ db: d.db, tenantId: T, actorId: 'test', sourceId: srcId, reason: 'wrong company' });
        const hidden = async () => {
          const ids = await visibleIds('admin');
          for (const f of ownFacts) expect(ids.has(f)).toBe(false);
          expect(await citationTable(d.db, T, ownFacts[0]!, 'admin')).toBeNull();
          expect(await visibleChunk()).toBe(false);
        };
        await hidden();

        const again = await ingestBytes(bytes, path.basename(file), { db: d.db, tenantId: T, actor: 'test' });
        expect(again.status).toBe('unchanged');
        await hidden();

        await indexChunks(d.db, { tenantId: T });
        await hidden();

        // a restore of an older state, a buggy re-ingest or a manual fix that clears the flag
        await d.db.update(sources).set({ revoked: false, revokedAt: null }).where(eq(sources.id, srcId));
        await hidden();
      });
    });
  });
}
