/**
 * The sentences of whole filings, parsed once per source: the redline aligns a topic's sentences
 * against every sentence of both filings, and re-reading and re-splitting two whole filings per
 * longitudinal question cost more than the rest of the answer. Parsed filings are cached per
 * database and tenant, keyed by source and by the filing's stamp (version, extractor, ingest time,
 * chunk count — lib/retrieval/narrative-passages `filingStamps`):
 *   - every call first asks which of the sources the viewer may see now (the tenant/ACL/revocation/
 *     embargo predicate of every chunk read), so a cached filing is never served past an ACL check,
 *     to another tenant or after a revocation;
 *   - a re-ingested filing has another stamp and is parsed again;
 *   - `clearFilingCache` drops entries explicitly (ingest and revocation may call it; the stamp check
 *     makes that an eviction, not a correctness need).
 */
import type { Db } from '@/lib/db/client';
import type { Role } from '@/lib/db/schema';
import { tokenize } from '@/lib/retrieval/embed';
import { filingPassages, filingStamps, type NarrativePassage } from '@/lib/retrieval/narrative-passages';
import { splitSentences } from './narrative-sentences';

export interface FilingSentence {
  /** the whole chunk the sentence sits in */
  p: NarrativePassage;
  text: string;
  /** offsets into the chunk's text */
  start: number;
  end: number;
  stems: Set<string>;
}

export interface ParsedFiling {
  sourceId: string;
  passages: NarrativePassage[];
  /** sentences of five words or more, in reading order */
  sentences: FilingSentence[];
}

interface Entry {
  stamp: string;
  /** the eviction generation of its tenant and source when it was parsed */
  generation: number;
  filing: ParsedFiling;
}

/** filings kept per database (least recently used dropped first) */
const MAX_ENTRIES = 24;
const caches = new WeakMap<Db, Map<string, Entry>>();
const keyOf = (tenantId: string, sourceId: string) => `${tenantId}\u0000${sourceId}`;
/**
 * Evictions that reach every database handle (an admin's revocation runs on another handle than the
 * answers that cached the filing): a bump of the tenant's or the source's generation makes every
 * entry parsed before it a miss.
 */
const generations = new Map<string, number>();
const generationOf = (tenantId: string, sourceId: string) =>
  (generations.get(tenantId) ?? 0) + (generations.get(keyOf(tenantId, sourceId)) ?? 0);

export function parseFiling(sourceId: string, passages: NarrativePassage[]): ParsedFiling {
  const sentences: FilingSentence[] = [];
  for (const p of passages) {
    for (const s of splitSentences(p.text)) {
      if (s.text.split(/\s+/).length < 5) continue;
      sentences.push({ p, text: s.text, start: s.start, end: s.end, stems: new Set(tokenize(s.text)) });
    }
  }
  return { sourceId, passages, sentences };
}

/** Counters for tests and the bench: parses done and cache hits since the process started. */
export const filingCacheStats = { parsed: 0, hits: 0 };

/** The parsed filings the viewer may see now, in the order asked (invisible ones left out). */
export async function parsedFilings(db: Db, tenantId: string, role: Role | null, sourceIds: string[]): Promise<ParsedFiling[]> {
  const ids = [...new Set(sourceIds)];
  if (!ids.length) return [];
  const stamps = await filingStamps(db, tenantId, role, ids);
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const out = new Map<string, ParsedFiling>();
  const load: string[] = [];
  for (const id of ids) {
    const stamp = stamps.get(id);
    if (stamp === undefined) continue;
    const key = keyOf(tenantId, id);
    const e = cache.get(key);
    if (e && e.stamp === stamp && e.generation === generationOf(tenantId, id)) {
      cache.delete(key);
      cache.set(key, e);
      out.set(id, e.filing);
      filingCacheStats.hits++;
    } else load.push(id);
  }
  if (load.length) {
    const ps = await filingPassages(db, tenantId, role, load);
    for (const id of load) {
      const filing = parseFiling(
        id,
        ps.filter((p) => p.sourceId === id),
      );
      filingCacheStats.parsed++;
      out.set(id, filing);
      cache.set(keyOf(tenantId, id), { stamp: stamps.get(id)!, generation: generationOf(tenantId, id), filing });
      while (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    }
  }
  return ids.filter((id) => out.has(id)).map((id) => out.get(id)!);
}

/**
 * Drops cached filings: all of a database, one tenant's, or one source of a tenant. With `db` null the
 * tenant's (or its source's) entries are dropped from every database handle of the process — what
 * an admin's revocation, access change or replacement of a source calls.
 */
export function clearFilingCache(db: Db | null, tenantId?: string, sourceId?: string): void {
  if (db === null) {
    if (!tenantId) return;
    const key = sourceId ? keyOf(tenantId, sourceId) : tenantId;
    generations.set(key, (generations.get(key) ?? 0) + 1);
    return;
  }
  const cache = caches.get(db);
  if (!cache) return;
  if (!tenantId) {
    cache.clear();
    return;
  }
  for (const k of [...cache.keys()]) if (sourceId ? k === keyOf(tenantId, sourceId) : k.startsWith(`${tenantId}\u0000`)) cache.delete(k);
}
