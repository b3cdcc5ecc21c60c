/**
 * Every tagged member of the shared inline-XBRL filings ($SEC_DATA_DIR/filings-ixbrl) is askable by each
 * of its names — the captions printed beside its values and its QName read as words — and the member's
 * own dimension set then returns the tagged value for the tagged period (the lexicon reads the name, the
 * typed lookup selects by exactly those dimensions). A name several members carry is asked back with
 * them listed; a slice never answers for its member.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secDataDir } from '@/lib/data-dir';
import { openDatabase, rowsOf, type Database } from '@/lib/db/client';
import { migrate } from '@/lib/db/migrate';
import { dimensionKey } from '@/lib/domain/identity';
import type { Period } from '@/lib/domain/types';
import { ingestFile } from '@/lib/ingest/ingest-file';
import { createSideFiles } from '@/lib/ingest/side-files';
import { withoutNeutral } from '@/lib/ontology/members';
import { wordsOf } from '@/lib/ontology/vocabulary/lemma';
import { readVocabulary } from '@/lib/ontology/vocabulary/read';
import { sql } from 'drizzle-orm';
import { lookupFact } from './lookup-facts';
import { loadMemberCatalog, type CatalogMember } from './members';
import { lexiconOf } from './vocabulary';

const TENANT = 'vocabulary-data';
const dir = path.join(secDataDir(), 'filings-ixbrl');
const files = fs.existsSync(dir)
  ? fs
      .readdirSync(dir)
      .filter((f) => /\.html?$/i.test(f))
      .sort()
  : [];

interface MemberFact {
  id: string;
  concept: string;
  value: string;
  period_type: 'instant' | 'duration';
  start_date: string | null;
  end_date: string;
  scope: 'consolidated' | 'standalone';
  dimensions: Record<string, string>;
}

describe('every tagged member of the shared inline-XBRL filings, asked by its names', () => {
  let d: Database;
  const catalogs = new Map<string, CatalogMember[]>();

  beforeAll(async () => {
    // no filings is a failure, never an empty pass: the suite is the check that every member is askable
    expect(files.length, `no inline-XBRL filings under ${dir} (set SEC_DATA_DIR)`).toBeGreaterThanOrEqual(7);
    d = await openDatabase({ dataDir: 'memory' });
    await migrate(d);
    const sideFiles = createSideFiles();
    for (const f of files) {
      const o = await ingestFile(path.join(dir, f), { db: d.db, tenantId: TENANT, sideFiles });
      expect([f, o.status, o.error]).toEqual([f, 'ok', null]);
    }
    const ids = rowsOf<{ entity_id: string }>(
      await d.db.execute(sql`select distinct entity_id from facts where tenant_id = ${TENANT} and dims_key <> ''`),
    ).map((r) => r.entity_id);
    for (const id of ids) catalogs.set(id, await loadMemberCatalog(d.db, TENANT, [id]));
  }, 1_800_000);
  afterAll(async () => {
    await d?.close();
  });

  it('reads each member by each of its names: its own dimension set, or a question back listing it', () => {
    const failures: string[] = [];
    let names = 0;
    let asked = 0;
    for (const [entityId, members] of catalogs) {
      const lexicon = lexiconOf([], members);
      const named = new Set<string>();
      for (const e of lexicon.entries) {
        if (e.target.kind !== 'member') continue;
        const t = e.target;
        named.add(`${t.axis}|${t.member}`);
        names++;
        const r = readVocabulary(lexicon, wordsOf(e.phrase));
        if (r.dimensions?.[t.axis] === t.member) continue;
        if (r.memberCandidates.some((c) => c.dimensions[t.axis] === t.member)) {
          asked++;
          continue;
        }
        const got = r.dimensions ? Object.values(r.dimensions).join('+') : `none (${r.memberCandidates.length} candidates)`;
        failures.push(`${entityId}: “${e.phrase}” (${e.source}) → ${got}, not ${t.member}`);
      }
      // every member has a name (its QName's words at least)
      for (const m of members) if (!named.has(`${m.axis}|${m.member}`)) failures.push(`${entityId}: ${m.member} has no name`);
    }
    expect(catalogs.size).toBeGreaterThanOrEqual(7);
    expect(names).toBeGreaterThan(300);
    expect(failures).toEqual([]);
    // a name several members share is asked back, never taken as one of them; most names are one member's
    expect(asked).toBeLessThan(names / 4);
  });

  it('reads a slice by the names of both its members, and never by one of them', () => {
    const failures: string[] = [];
    let slices = 0;
    for (const [entityId, members] of catalogs) {
      const lexicon = lexiconOf([], members);
      const nameOf = new Map<string, string>();
      for (const e of lexicon.entries)
        if (e.target.kind === 'member' && e.source === 'qname' && !nameOf.has(`${e.target.axis}|${e.target.member}`))
          nameOf.set(`${e.target.axis}|${e.target.member}`, e.phrase);
      for (const m of members) {
        const parts = Object.entries(m.dimensions);
        if (parts.length !== 2) continue;
        const names = parts.map(([a, v]) => nameOf.get(`${a}|${v}`));
        if (names.some((n) => !n)) continue;
        slices++;
        const r = readVocabulary(lexicon, wordsOf(names.join(' ')));
        if (r.dimensions && dimensionKey(r.dimensions) === dimensionKey(m.dimensions)) continue;
        if (r.memberCandidates.some((c) => dimensionKey(c.dimensions) === dimensionKey(m.dimensions))) continue;
        failures.push(`${entityId}: “${names.join(' ')}” → ${r.dimensions ? Object.values(r.dimensions).join('+') : 'none'}`);
      }
    }
    expect(failures).toEqual([]);
    expect(slices).toBeGreaterThanOrEqual(5);
  });

  it('returns the tagged value for the tagged period through the member read by its first name', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const [entityId, members] of catalogs) {
      const lexicon = lexiconOf([], members);
      for (const m of members) {
        // the member by its QName's words (a slice by both its members' names is the test above)
        const name = lexicon.entries.find(
          (e) => e.target.kind === 'member' && e.source === 'qname' && dimensionKey(e.target.dimensions) === dimensionKey(m.dimensions),
        )?.phrase;
        const r = name ? readVocabulary(lexicon, wordsOf(name)) : null;
        if (!r?.dimensions || dimensionKey(r.dimensions) !== dimensionKey(m.dimensions)) continue;
        // every concept tagged for exactly this member: its latest period, latest version
        const rows = rowsOf<MemberFact>(
          await d.db.execute(sql`
            select distinct on (f.concept) f.id, f.concept, f.value::text as value, f.period_type,
                   f.start_date::text as start_date, f.end_date::text as end_date, f.scope, f.dimensions
            from facts f
            where f.tenant_id = ${TENANT} and f.entity_id = ${entityId} and f.status = 'active' and f.is_latest
              and f.dims_key <> '' and f.dimensions @> ${JSON.stringify(m.dimensions)}::jsonb
            order by f.concept, f.end_date desc, f.start_date asc nulls first, f.id`),
        ).filter((f) => dimensionKey(withoutNeutral(f.dimensions)) === dimensionKey(m.dimensions));
        for (const f of rows) {
          const period: Period =
            f.period_type === 'instant'
              ? { type: 'instant', date: f.end_date }
              : { type: 'duration', start: f.start_date ?? '', end: f.end_date };
          const res = await lookupFact({
            db: d.db,
            tenantId: TENANT,
            entityId,
            metricId: `concept:${f.concept}`,
            period,
            fiscalYear: null,
            fiscalPeriod: null,
            scope: f.scope,
            basis: { kind: 'latest' },
            dimensions: r.dimensions,
          });
          checked++;
          if (res.status !== 'found') failures.push(`${entityId} ${name} ${f.concept} ${f.end_date}: ${res.status} (${res.reason})`);
          else if (res.fact.value !== f.value)
            failures.push(`${entityId} ${name} ${f.concept} ${f.end_date}: ${res.fact.value} ≠ ${f.value}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(300);
    expect(failures).toEqual([]);
  });
});
