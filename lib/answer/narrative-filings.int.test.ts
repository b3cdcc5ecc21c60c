import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/client';
import { chunks, entities, sources, tenants } from '@/lib/db/schema';
import { contentId } from '@/lib/ids';
import { testTargets } from '@/tests/support/db';
import { clearFilingCache, filingCacheStats, parsedFilings } from './narrative-filings';

/** The redline's parsed whole filings: parsed once, never served past an ACL check, to another tenant or after a revocation or re-ingest. */
const T = 'filings-cache';
const OTHER = 'filings-cache-other';
const TEXT =
  'Export controls restrict our sales to China. We recorded a charge of $4.5 billion in the first quarter.\nOur suppliers are located in Taiwan and we depend on them.';

for (const target of testTargets()) {
  describe(`parsed filings cache on ${target.name}`, () => {
    let d: Database;
    beforeAll(async () => {
      d = await target.open();
      await d.db.insert(tenants).values([
        { id: T, name: 'Cache' },
        { id: OTHER, name: 'Other' },
      ]);
      await d.db.insert(entities).values({ id: 'ent-c', tenantId: T, name: 'Cache Co' });
      await d.db.insert(sources).values([
        {
          id: 'src-open',
          tenantId: T,
          entityId: 'ent-c',
          kind: 'ixbrl',
          title: '10-K',
          form: '10-K',
          sha256: 'open',
          byteSize: 1,
          extractorVersion: 'test',
        },
        {
          id: 'src-acl',
          tenantId: T,
          entityId: 'ent-c',
          kind: 'ixbrl',
          title: '10-Q',
          form: '10-Q',
          sha256: 'acl',
          byteSize: 1,
          extractorVersion: 'test',
          aclRoles: ['admin'],
        },
      ]);
      await d.db.insert(chunks).values(
        ['src-open', 'src-acl'].flatMap((s) =>
          [0, 1].map((o) => ({
            id: contentId('chunk', s, o),
            tenantId: T,
            entityId: 'ent-c',
            sourceId: s,
            fiscalYear: 2025,
            section: 'Item 1A',
            heading: 'Risk',
            ordinal: o,
            text: TEXT,
          })),
        ),
      );
    });
    afterAll(async () => {
      await d?.close();
    });

    it('parses a filing once and serves it again while its stamp holds', async () => {
      clearFilingCache(d.db);
      const before = { ...filingCacheStats };
      const [f] = await parsedFilings(d.db, T, 'analyst', ['src-open']);
      expect(f!.sentences.map((s) => s.text)).toEqual(
        expect.arrayContaining(['We recorded a charge of $4.5 billion in the first quarter.']),
      );
      expect(f!.sentences).toHaveLength(6);
      // offsets are into the chunk's text
      for (const s of f!.sentences) expect(s.p.text.slice(s.start, s.end)).toBe(s.text);
      const [again] = await parsedFilings(d.db, T, 'analyst', ['src-open']);
      expect(again).toBe(f);
      expect(filingCacheStats.parsed - before.parsed).toBe(1);
      expect(filingCacheStats.hits - before.hits).toBe(1);
    });

    it('checks visibility on every call: ACL roles, other tenants and revocation', async () => {
      await parsedFilings(d.db, T, 'admin', ['src-acl']);
      expect(await parsedFilings(d.db, T, 'analyst', ['src-acl'])).toEqual([]);
      expect(await parsedFilings(d.db, OTHER, 'admin', ['src-open', 'src-acl'])).toEqual([]);
      await d.db.update(sources).set({ revoked: true, revokedAt: new Date() }).where(eq(sources.id, 'src-open'));
      expect(await parsedFilings(d.db, T, 'analyst', ['src-open'])).toEqual([]);
      await d.db.update(sources).set({ revoked: false, revokedAt: null }).where(eq(sources.id, 'src-open'));
    });

    it('drops a source from every handle when an admin changes it (clearFilingCache(null, …))', async () => {
      const [f] = await parsedFilings(d.db, T, 'analyst', ['src-open']);
      const [hit] = await parsedFilings(d.db, T, 'analyst', ['src-open']);
      expect(hit).toBe(f);
      clearFilingCache(null, T, 'src-other');
      expect((await parsedFilings(d.db, T, 'analyst', ['src-open']))[0]).toBe(f);
      clearFilingCache(null, T, 'src-open');
      const [again] = await parsedFilings(d.db, T, 'analyst', ['src-open']);
      expect(again).not.toBe(f);
      expect(again!.sentences).toEqual(f!.sentences.map((s) => expect.objectContaining({ text: s.text })));
      clearFilingCache(null, T);
      expect((await parsedFilings(d.db, T, 'analyst', ['src-open']))[0]).not.toBe(again);
    });

    it('parses a re-ingested filing again', async () => {
      const [f] = await parsedFilings(d.db, T, 'analyst', ['src-open']);
      await d.db.delete(chunks).where(eq(chunks.sourceId, 'src-open'));
      await d.db.insert(chunks).values({
        id: contentId('chunk', 'src-open', 0),
        tenantId: T,
        entityId: 'ent-c',
        sourceId: 'src-open',
        fiscalYear: 2025,
        section: 'Item 1A',
        heading: 'Risk',
        ordinal: 0,
        text: 'Export controls now also cover our newest accelerator products.',
      });
      await d.db.update(sources).set({ version: 2 }).where(eq(sources.id, 'src-open'));
      const [g] = await parsedFilings(d.db, T, 'analyst', ['src-open']);
      expect(g).not.toBe(f);
      expect(g!.sentences.map((s) => s.text)).toEqual(['Export controls now also cover our newest accelerator products.']);
    });
  });
}
