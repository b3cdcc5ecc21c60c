import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/client';
import { readDataVersion } from '@/lib/db/data-version';
import { loadEntityIndex } from '@/lib/planner/catalog';
import { matchEntities } from '@/lib/planner/match-entities';
import { testTargets } from '@/tests/support/db';
import { ingestBytes, ingestFile } from './ingest-file';
import { createSideFiles, noSideFiles } from './side-files';

const FIXTURE = path.join(import.meta.dirname, '__fixtures__', 'CIK0000000042_ACME_companyfacts.json');
const TENANT = 't-aliases';

/** An EDGAR submissions document for the fixture's CIK: two share classes on NYSE, one former name. */
const SUBMISSIONS = {
  cik: '42',
  name: 'Acme Widgets Corp',
  tickers: ['ACME', 'ACME-B', 42],
  exchanges: ['NYSE', 'NYSE', 'OTC'],
  formerNames: [
    { name: 'ACME GADGETS INC', from: '2001-01-01T00:00:00.000Z', to: '2015-06-30T00:00:00.000Z' },
    { name: '', from: null, to: null },
  ],
  fiscalYearEnd: '1231',
  sic: '3674',
  sicDescription: 'Semiconductors & Related Devices',
  filings: { recent: { accessionNumber: [], form: [], filingDate: [], reportDate: [], primaryDocument: [] } },
};

for (const target of testTargets()) {
  describe(`entity aliases from SEC side files on ${target.name}`, () => {
    let d: Database;
    let dir: string;
    beforeAll(async () => {
      d = await target.open();
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-subs-'));
      fs.writeFileSync(path.join(dir, 'CIK0000000042_submissions.json'), JSON.stringify(SUBMISSIONS));
    });
    afterAll(async () => {
      await d?.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('records former names, every ticker and its listing from the submissions beside the companyfacts', async () => {
      const o = await ingestFile(FIXTURE, { db: d.db, tenantId: TENANT, actor: 'test', sideFiles: createSideFiles({ dirs: [dir] }) });
      expect(o.status).toBe('ok');
      const aliases = await d.query<{ alias: string; kind: string }>(
        `select a.alias, a.kind from entity_aliases a join entities e on e.id = a.entity_id where e.tenant_id = $1 order by a.kind, a.alias`,
        [TENANT],
      );
      const got = aliases.map((a) => `${a.kind}:${a.alias}`);
      expect(got).toEqual(
        expect.arrayContaining([
          'former_name:ACME GADGETS INC',
          'ticker:ACME',
          'ticker:ACME-B',
          'listing:NYSE:ACME',
          'listing:NYSE:ACME-B',
          'name:Acme Widgets Corp',
        ]),
      );
      // a malformed ticker (a number) is dropped together with its exchange; an empty former name too
      expect(got.some((a) => a.includes('OTC') || a === 'former_name:')).toBe(false);
      expect(await readDataVersion(d.db, TENANT)).toBeGreaterThan(0);
      // the industry comes from the same submissions (screens filter on it)
      expect(await d.query(`select sic, sic_description from entities where tenant_id = $1`, [TENANT])).toEqual([
        { sic: '3674', sic_description: 'Semiconductors & Related Devices' },
      ]);
    });

    it('a later submissions file moves the company to its new SIC code; one without a code leaves it', async () => {
      const ingestSubs = (doc: object, name: string) =>
        ingestBytes(Buffer.from(JSON.stringify(doc)), name, { db: d.db, tenantId: TENANT, actor: 'test', sideFiles: noSideFiles });
      expect((await ingestSubs({ ...SUBMISSIONS, sic: '367', sicDescription: 'Electronic Components' }, 'subs-a.json')).status).toBe('ok');
      expect((await ingestSubs({ ...SUBMISSIONS, name: 'Acme Widgets Corp.', sic: '' }, 'subs-b.json')).status).toBe('ok');
      expect(await d.query(`select sic, sic_description from entities where tenant_id = $1`, [TENANT])).toEqual([
        { sic: '0367', sic_description: 'Electronic Components' },
      ]);
    });

    it('the next question resolves the former name, the share class and the exchange code', async () => {
      const index = await loadEntityIndex(d.db, TENANT);
      const id = index.entities[0]!.id;
      for (const q of ['Acme Gadgets revenue FY2022', 'ACME-B revenue FY2022', 'NYSE: ACME revenue FY2022', 'acme-b revenue FY2022']) {
        const { mentions } = matchEntities(q, index);
        expect(
          mentions.map((m) => m.entityIds),
          q,
        ).toEqual([[id]]);
      }
      expect(matchEntities('Acme Gadgets, Inc. revenue', index).mentions[0]!.text).toBe('Acme Gadgets, Inc.');
    });

    it("a filing's registrant name gives its short name (no state tag, legal form or generic tail) and its share classes", async () => {
      const T2 = 't-aliases-ixbrl';
      const html = fs
        .readFileSync(path.join(import.meta.dirname, '__fixtures__', 'ixbrl', 'acme-10-k-2024-02-10.htm'), 'utf8')
        .replace('>Acme Widgets Corp</ix:nonNumeric>', '>ACME WIDGETS HOLDINGS &amp; COMPANY/DE</ix:nonNumeric>')
        .replace(
          '<div>Fiscal year focus',
          '<div><ix:nonNumeric name="dei:Security12bTitle" contextRef="FY2023">Class&#160;A Common Stock, $0.01 par value</ix:nonNumeric> <ix:nonNumeric name="dei:TradingSymbol" contextRef="FY2023">ACMW</ix:nonNumeric></div><div>Fiscal year focus',
        );
      const o = await ingestBytes(Buffer.from(html), 'acme-10-k-2024-02-10.htm', {
        db: d.db,
        tenantId: T2,
        actor: 'test',
        sideFiles: noSideFiles,
      });
      expect(o.status).toBe('ok');
      const index = await loadEntityIndex(d.db, T2);
      expect(index.entities.map((e) => e.name)).toEqual(['ACME WIDGETS HOLDINGS & COMPANY/DE']);
      const id = index.entities[0]!.id;
      expect(index.entities[0]!.aliases.map((a) => `${a.kind}:${a.alias}`)).toEqual(
        expect.arrayContaining([
          'legal_name:ACME WIDGETS HOLDINGS & COMPANY',
          'abbreviation:Acme Widgets',
          'abbreviation:Acme Widgets Class A',
        ]),
      );
      for (const q of [
        'Acme Widgets revenue FY2023',
        'Acme Widgets Holdings & Company net loss 2023',
        'Acme Widgets Class A (ACMW) revenue 2023',
      ]) {
        const { mentions } = matchEntities(q, index);
        expect([...new Set(mentions.flatMap((m) => m.entityIds))], q).toEqual([id]);
      }
      expect(matchEntities('Acme Widgets Class A (ACMW) revenue 2023', index).mentions[0]!.text).toBe('Acme Widgets Class A');
    });

    it('re-ingesting the same bytes keeps the index: the data version does not move', async () => {
      const before = await readDataVersion(d.db, TENANT);
      const first = await loadEntityIndex(d.db, TENANT);
      const o = await ingestFile(FIXTURE, { db: d.db, tenantId: TENANT, actor: 'test', sideFiles: createSideFiles({ dirs: [dir] }) });
      expect(o.status).toBe('unchanged');
      expect(await readDataVersion(d.db, TENANT)).toBe(before);
      expect(await loadEntityIndex(d.db, TENANT)).toBe(first);
    });
  });
}
