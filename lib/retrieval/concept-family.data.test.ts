/**
 * Concept families over every shared companyfacts filer ($SEC_DATA_DIR/sec-companyfacts): for each
 * family alternative a filer reports, whether its own filings show it to be the same line as the
 * measure's chain (every period both are reported agrees; at least one such period) is read from the raw
 * file, and the lookup answers the measure from the alternative exactly where the chain has no fact for
 * the period and the filer is proven — never at a filer that is not.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secDataDir } from '@/lib/data-dir';
import { openDatabase, rowsOf, type Database } from '@/lib/db/client';
import { migrate } from '@/lib/db/migrate';
import { ingestFile } from '@/lib/ingest/ingest-file';
import { createSideFiles } from '@/lib/ingest/side-files';
import { CONCEPT_FAMILIES, FAMILY_TOLERANCE } from '@/lib/ontology/families';
import { getMetric } from '@/lib/ontology/metrics';
import { sql } from 'drizzle-orm';
import { lookupFact } from './lookup-facts';

const TENANT = 'family-data';
const dir = path.join(secDataDir(), 'sec-companyfacts');
const files = fs.existsSync(dir)
  ? fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
  : [];

interface Entry {
  start?: string;
  end: string;
  val: number;
  filed: string;
}
type Facts = Record<string, Record<string, { units: Record<string, Entry[]> }>>;

/** Latest-filed value per (unit, start, end) of one concept in a companyfacts file. */
function latest(facts: Facts, concept: string): Map<string, number> {
  const [ns, local] = concept.split(':') as [string, string];
  const out = new Map<string, { val: number; filed: string }>();
  for (const [unit, list] of Object.entries(facts[ns]?.[local]?.units ?? {}))
    for (const e of list) {
      const k = `${unit}|${e.start ?? ''}|${e.end}`;
      const prev = out.get(k);
      if (!prev || e.filed > prev.filed) out.set(k, { val: e.val, filed: e.filed });
    }
  return new Map([...out].map(([k, v]) => [k, v.val]));
}

interface Finding {
  file: string;
  metricId: string;
  alternative: string;
  proven: boolean;
  /** periods only the alternative reports (where the lookup may answer from it) */
  onlyAlternative: { key: string; value: number }[];
}

/** Per filer and family alternative: proven or not, read from the raw file alone. */
function findings(): Finding[] {
  const out: Finding[] = [];
  for (const file of files) {
    const facts = (JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as { facts: Facts }).facts;
    for (const fam of CONCEPT_FAMILIES) {
      const chain = getMetric(fam.metricId)?.concepts ?? [];
      const main = new Map<string, number>();
      for (const c of chain) for (const [k, v] of latest(facts, c)) if (!main.has(k)) main.set(k, v);
      for (const alt of fam.alternatives) {
        const values = latest(facts, alt);
        if (values.size === 0) continue;
        const both = [...values].filter(([k]) => main.has(k));
        const proven = both.length > 0 && both.every(([k, v]) => Math.abs(v - main.get(k)!) <= Math.abs(main.get(k)!) * FAMILY_TOLERANCE);
        const onlyAlternative = [...values].filter(([k]) => !main.has(k)).map(([key, value]) => ({ key, value }));
        out.push({ file, metricId: fam.metricId, alternative: alt, proven, onlyAlternative });
      }
    }
  }
  return out;
}

describe.runIf(files.length > 0)('concept families over the shared companyfacts filers', () => {
  let d: Database;
  const found = findings();
  const entityOf = new Map<string, string>();

  beforeAll(async () => {
    d = await openDatabase({ dataDir: 'memory' });
    await migrate(d);
    const sideFiles = createSideFiles();
    // only the filers that report an alternative: the others' lookups cannot meet one
    for (const file of new Set(found.map((f) => f.file))) {
      const o = await ingestFile(path.join(dir, file), { db: d.db, tenantId: TENANT, sideFiles });
      expect([file, o.status, o.error]).toEqual([file, 'ok', null]);
      const [row] = rowsOf<{ entity_id: string }>(
        await d.db.execute(sql`select entity_id from sources where tenant_id = ${TENANT} and file_name = ${file} limit 1`),
      );
      if (row) entityOf.set(file, row.entity_id);
    }
  }, 1_800_000);
  afterAll(async () => {
    await d?.close();
  });

  it('finds Marvell’s D&A under OtherDepreciationAndAmortization, proven by the periods both concepts report', () => {
    const mrvl = found.find((f) => f.file.includes('MRVL') && f.alternative === 'us-gaap:OtherDepreciationAndAmortization');
    expect(mrvl?.proven).toBe(true);
    expect(mrvl?.onlyAlternative.length).toBeGreaterThanOrEqual(3);
  });

  it('answers a measure from a proven alternative where the chain has no fact, and never from an unproven one', async () => {
    const failures: string[] = [];
    let answered = 0;
    for (const f of found) {
      const entityId = entityOf.get(f.file);
      if (!entityId) continue;
      for (const { key, value } of f.onlyAlternative) {
        const [unit, start, end] = key.split('|') as [string, string, string];
        const res = await lookupFact({
          db: d.db,
          tenantId: TENANT,
          entityId,
          metricId: f.metricId,
          period: start ? { type: 'duration', start, end } : { type: 'instant', date: end },
          fiscalYear: null,
          fiscalPeriod: null,
          scope: 'consolidated',
          basis: { kind: 'latest' },
          reportingCurrency: unit,
        });
        const got = res.status === 'found' ? Number(res.fact.value) : null;
        if (f.proven && got !== value) failures.push(`${f.file} ${f.metricId} ${key}: ${got} ≠ ${value} (proven)`);
        if (!f.proven && got !== null && res.status === 'found' && res.fact.concept === f.alternative)
          failures.push(`${f.file} ${f.metricId} ${key}: answered from unproven ${f.alternative}`);
        if (got !== null) answered++;
      }
    }
    expect(failures).toEqual([]);
    expect(answered).toBeGreaterThanOrEqual(3);
  });
});
