import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/client';
import { chunks, entities, sources, tenants } from '@/lib/db/schema';
import { testTargets } from '@/tests/support/db';
import { DEMO_TENANT_ID, seedDemo } from '@/lib/demo/seed';
import { contentId } from '@/lib/ids';
import { embedText, LOCAL_EMBEDDING_MODEL_ID } from './embed';
import { indexChunks } from './index-chunks';
import { PRESELECT, retrievePassages, rrfFuse } from './hybrid-passages';
import { lookupFact } from './lookup-facts';

const T = 'ret-tenant';
const ENTS = { a: 'ent-alpha', b: 'ent-beta' };

const TEXTS: [string, number, string, string][] = [
  [ENTS.a, 2023, 'Risk Factors', 'Customer concentration: our two largest customers accounted for 41% of revenue in fiscal 2023.'],
  [ENTS.a, 2023, 'MD&A', 'Revenue grew on data centre demand; gross margin improved on mix.'],
  [ENTS.a, 2024, 'Risk Factors', 'Major customers: a small number of significant customers account for most of our net sales.'],
  [ENTS.a, 2024, 'MD&A', 'Operating expenses rose with headcount; inventory provisions declined.'],
  [ENTS.b, 2023, 'Risk Factors', 'Customer concentration risk: one distributor represented 22% of revenue.'],
  [ENTS.b, 2023, 'MD&A', 'Subscription revenue grew; remaining performance obligations increased.'],
  [ENTS.b, 2024, 'Risk Factors', 'Cybersecurity incidents could harm our reputation and results.'],
  [ENTS.b, 2024, 'MD&A', 'Customer concentration eased as our largest customer fell to 12% of revenue.'],
];

for (const target of testTargets()) {
  describe(`retrieval on ${target.name}`, () => {
    let d: Database;
    beforeAll(async () => {
      d = await target.open();
      await d.db.insert(tenants).values({ id: T, name: 'Retrieval' });
      await d.db.insert(entities).values([
        { id: ENTS.a, tenantId: T, name: 'Alpha Semis' },
        { id: ENTS.b, tenantId: T, name: 'Beta Cloud' },
      ]);
      for (const e of Object.values(ENTS)) {
        await d.db.insert(sources).values({
          id: `src-${e}`,
          tenantId: T,
          entityId: e,
          kind: 'html-report',
          title: `${e} report`,
          sha256: e,
          byteSize: 1,
          extractorVersion: 'test',
        });
      }
      await d.db.insert(chunks).values(
        TEXTS.map(([e, fy, section, text], i) => ({
          id: contentId('chunk', i),
          tenantId: T,
          entityId: e,
          sourceId: `src-${e}`,
          fiscalYear: fy,
          section,
          heading: section,
          ordinal: i,
          text,
        })),
      );
      expect(await indexChunks(d.db)).toBe(TEXTS.length);
      expect(await indexChunks(d.db)).toBe(0);
    });
    afterAll(async () => {
      await d?.close();
    });

    it('a comparison never returns one company’s passage for another, and each bucket gets its share', async () => {
      const buckets = [
        { entityId: ENTS.a, fiscalYear: 2023 },
        { entityId: ENTS.b, fiscalYear: 2023 },
      ];
      const res = await retrievePassages({ db: d.db, tenantId: T, buckets, query: 'customer concentration risk', k: 4 });
      expect(res.passages).toHaveLength(4);
      for (const p of res.passages) expect(buckets.some((b) => b.entityId === p.entityId && b.fiscalYear === p.fiscalYear)).toBe(true);
      expect(res.passages.filter((p) => p.entityId === ENTS.a)).toHaveLength(2);
      expect(res.passages.filter((p) => p.entityId === ENTS.b)).toHaveLength(2);
      expect(res.passages[0]!.text).toMatch(/largest customers/);
      expect(res.passages[2]!.text).toMatch(/distributor/);
    });

    it('a longitudinal question gets evidence from every year, expanding synonyms when a year uses other words', async () => {
      const res = await retrievePassages({
        db: d.db,
        tenantId: T,
        buckets: [
          { entityId: ENTS.a, fiscalYear: 2023 },
          { entityId: ENTS.a, fiscalYear: 2024 },
        ],
        query: 'concentration',
        k: 2,
      });
      expect(res.passages.map((p) => p.fiscalYear)).toEqual([2023, 2024]);
      expect(res.passages[1]!.text).toMatch(/significant customers/);
      expect(res.buckets.find((b) => b.fiscalYear === 2024)?.expanded).toBe(true);
    });

    it('is deterministic', async () => {
      const args = { db: d.db, tenantId: T, buckets: [{ entityId: ENTS.b, fiscalYear: 2024 }], query: 'customer revenue', k: 2 };
      const a = await retrievePassages(args);
      const b = await retrievePassages(args);
      expect(a.passages.map((p) => p.id)).toEqual(b.passages.map((p) => p.id));
    });

    it('another tenant sees none of these passages', async () => {
      const res = await retrievePassages({ db: d.db, tenantId: 'someone-else', buckets: [], query: 'customer concentration', k: 10 });
      expect(res.passages).toHaveLength(0);
    });

    it('whole tenant: passages the viewer may not see never push the visible ones out of the ranking', async () => {
      const T2 = 'ret-tenant-acl';
      await d.db.insert(tenants).values({ id: T2, name: 'Retrieval ACL' });
      await d.db.insert(entities).values({ id: 'ent-acl', tenantId: T2, name: 'Gamma Tools' });
      await d.db.insert(sources).values([
        {
          id: 'src-open',
          tenantId: T2,
          entityId: 'ent-acl',
          kind: 'html-report',
          title: 'open',
          sha256: 'open',
          byteSize: 1,
          extractorVersion: 'test',
        },
        {
          id: 'src-admin',
          tenantId: T2,
          entityId: 'ent-acl',
          kind: 'html-report',
          title: 'admin only',
          sha256: 'admin',
          byteSize: 1,
          extractorVersion: 'test',
          aclRoles: ['admin'],
        },
        {
          id: 'src-later',
          tenantId: T2,
          entityId: 'ent-acl',
          kind: 'html-report',
          title: 'embargoed',
          sha256: 'later',
          byteSize: 1,
          extractorVersion: 'test',
          effectiveAt: new Date(Date.now() + 86_400_000),
        },
      ]);
      // 150 restricted and 150 embargoed passages rank above the three open ones (more mentions): more than
      // the candidates the whole-tenant rank takes before it checks visibility
      const rows = [
        ...Array.from({ length: 150 }, (_, i) => ({
          src: 'src-admin',
          text: `Tariffs on imports, tariffs on steel and retaliatory tariffs (${i}).`,
        })),
        ...Array.from({ length: 150 }, (_, i) => ({ src: 'src-later', text: `Tariffs, tariffs and more tariffs on components (${i}).` })),
        ...Array.from({ length: 3 }, (_, i) => ({
          src: 'src-open',
          text: `New tariffs could raise our costs in region ${i}; we monitor trade policy.`,
        })),
      ];
      await d.db.insert(chunks).values(
        rows.map((r, i) => ({
          id: contentId('acl-chunk', i),
          tenantId: T2,
          entityId: 'ent-acl',
          sourceId: r.src,
          fiscalYear: 2024,
          section: 'Risk Factors',
          heading: null,
          ordinal: i,
          text: r.text,
        })),
      );
      const open = await retrievePassages({ db: d.db, tenantId: T2, buckets: [], query: 'tariffs', k: 10, mode: 'fts' });
      expect(open.passages.map((p) => p.sourceId)).toEqual(['src-open', 'src-open', 'src-open']);
      const admin = await retrievePassages({ db: d.db, tenantId: T2, role: 'admin', buckets: [], query: 'tariffs', k: 10, mode: 'fts' });
      expect(admin.passages).toHaveLength(10);
      expect(admin.passages.every((p) => p.sourceId === 'src-admin')).toBe(true);
      // the same ten as ranking every visible match (a tier of two words, bounded, against the exact order)
      const all = await d.query<{ id: string }>(
        `select c.id from chunks c join sources s on s.id = c.source_id, websearch_to_tsquery('english', 'tariffs') q
         where c.tenant_id = $1 and c.tsv @@ q and s.effective_at is null order by ts_rank_cd(c.tsv, q) desc, c.id limit 10`,
        [T2],
      );
      expect(admin.passages.map((p) => p.id)).toEqual(all.map((r) => r.id));
    });

    it('each passage keeps its tsvector in the row (STORAGE MAIN), on every partition', async () => {
      if (d.citus) {
        // on a Citus cluster the rows live in the shards on the workers: each shard table is asked
        const shards = await d.query<{ success: boolean; result: string }>(
          `select success, result from run_command_on_shards('chunks', $cmd$select attstorage from pg_attribute where attrelid = '%s'::regclass and attname = 'tsv'$cmd$)`,
        );
        expect(shards.length).toBeGreaterThan(1);
        expect(shards.filter((r) => !r.success || r.result !== 'm')).toEqual([]);
        return;
      }
      const rows = await d.query<{ rel: string; storage: string }>(
        `select a.attrelid::regclass::text as rel, a.attstorage as storage from pg_attribute a
          where a.attname = 'tsv' and (a.attrelid = 'chunks'::regclass or a.attrelid in (select inhrelid from pg_inherits where inhparent = 'chunks'::regclass))`,
      );
      expect(rows.length).toBeGreaterThan(1);
      expect(rows.filter((r) => r.storage !== 'm')).toEqual([]);
    });

    it('whole tenant: a tier of more than PRESELECT matches ranks the passages where the words stand together first', async () => {
      const T3 = 'ret-tenant-preselect';
      await d.db.insert(tenants).values({ id: T3, name: 'Retrieval preselect' });
      await d.db.insert(entities).values({ id: 'ent-pre', tenantId: T3, name: 'Delta Freight' });
      await d.db.insert(sources).values({
        id: 'src-pre',
        tenantId: T3,
        entityId: 'ent-pre',
        kind: 'html-report',
        title: 'report',
        sha256: 'pre',
        byteSize: 1,
        extractorVersion: 'test',
      });
      // PRESELECT + 100 passages mention both words far apart (filler between them); twelve say "fuel
      // surcharge" together, four of them twice: by cover density those rank first, the four first of all
      const filler = (n: number) => Array.from({ length: n }, (_, j) => `lane${j}`).join(' ');
      const weak = Array.from(
        { length: PRESELECT + 100 },
        (_, i) => `Fuel costs in region ${i} ${filler(5 + (i % 40))} and a surcharge on some lanes.`,
      );
      const strong = Array.from({ length: 12 }, (_, i) =>
        i % 3 === 0 ? `The fuel surcharge (${i}) and a second fuel surcharge.` : `A fuel surcharge applies in zone ${i} ${filler(i)}.`,
      );
      const texts = [...weak, ...strong];
      for (let i = 0; i < texts.length; i += 500) {
        await d.db.insert(chunks).values(
          texts.slice(i, i + 500).map((text, j) => ({
            id: contentId('pre-chunk', i + j),
            tenantId: T3,
            entityId: 'ent-pre',
            sourceId: 'src-pre',
            fiscalYear: 2024,
            section: 'MD&A',
            heading: null,
            ordinal: i + j,
            text,
          })),
        );
      }
      const got = await retrievePassages({ db: d.db, tenantId: T3, buckets: [], query: 'fuel surcharge', k: 10, mode: 'fts' });
      // the exact order: every all-words match ranked by cover density
      const exact = await d.query<{ id: string }>(
        `select c.id from chunks c, websearch_to_tsquery('english', 'fuel surcharge') q
         where c.tenant_id = $1 and c.tsv @@ q order by ts_rank_cd(c.tsv, q) desc, c.id limit 10`,
        [T3],
      );
      expect(got.passages.map((p) => p.id)).toEqual(exact.map((r) => r.id));
      expect(got.passages.every((p) => /fuel surcharge/i.test(p.text))).toBe(true);
      expect(got.passages.slice(0, 4).every((p) => /second fuel surcharge/.test(p.text))).toBe(true);
    });

    it('a period filter admits no comparative-column fact from another year', async () => {
      await seedDemo(d.db);
      const rows = await d.query<{ entity_id: string }>(`select id as entity_id from entities where tenant_id = $1`, [DEMO_TENANT_ID]);
      const entityId = rows[0]!.entity_id;
      const fy26 = await lookupFact({
        db: d.db,
        tenantId: DEMO_TENANT_ID,
        entityId,
        metricId: 'operating_income',
        period: { type: 'duration', start: '2025-04-01', end: '2026-03-31' },
        fiscalYear: 2026,
        fiscalPeriod: 'FY',
        scope: 'consolidated',
        basis: { kind: 'latest' },
      });
      expect(fy26.status).toBe('found');
      if (fy26.status !== 'found') return;
      expect(fy26.fact.period).toEqual({ type: 'duration', start: '2025-04-01', end: '2026-03-31' });
      expect(fy26.candidates.every((c) => c.period.type === 'duration' && c.period.end === '2026-03-31')).toBe(true);
      const fy27 = await lookupFact({
        db: d.db,
        tenantId: DEMO_TENANT_ID,
        entityId,
        metricId: 'operating_income',
        period: { type: 'duration', start: '2026-04-01', end: '2027-03-31' },
        fiscalYear: 2027,
        fiscalPeriod: 'FY',
        scope: 'consolidated',
        basis: { kind: 'latest' },
      });
      expect(fy27.status).toBe('missing');
    });
  });
}

describe('embedder and fusion', () => {
  it('the local embedder is deterministic, unit length and versioned', () => {
    const a = embedText('Customer concentration risk');
    expect(a).toEqual(embedText('Customer concentration risk'));
    expect(Math.abs(Math.hypot(...a) - 1)).toBeLessThan(1e-3);
    expect(LOCAL_EMBEDDING_MODEL_ID).toMatch(/-v\d+$/);
  });
  it('related texts are closer than unrelated ones', () => {
    const cos = (x: number[], y: number[]) => x.reduce((s, v, i) => s + v * y[i]!, 0);
    const q = embedText('customers concentration');
    expect(cos(q, embedText('our largest customer accounted for most revenue'))).toBeGreaterThan(
      cos(q, embedText('the weather in the harbour was calm')),
    );
  });
  it('RRF uses k = 60 with deterministic tie-breaks', () => {
    const fused = rrfFuse([
      [{ id: 'b' }, { id: 'a' }],
      [{ id: 'a' }, { id: 'b' }],
    ]);
    expect(fused.map((f) => f.item.id)).toEqual(['a', 'b']);
    expect(fused[0]!.score).toBeCloseTo(1 / 61 + 1 / 62);
  });
});
