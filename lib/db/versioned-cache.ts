/**
 * Per database handle and tenant, values built from the tenant's data and kept while its data
 * version holds (see data-version.ts) — and, because an embargo lapses by the clock alone, for at
 * most `maxAgeMs`, or (per-entity catalogues) until the tenant's next embargo lapses. What the
 * planner reads per question (the member and concept catalogues) is built once per entity instead of
 * once per question; every fact lookup still applies visibility itself.
 */
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from './client';
import { readDataVersion } from './data-version';

interface Entry<T> {
  version: number;
  /** valid before this instant (this process's clock, ms) */
  until: number;
  value: Promise<T>;
}

export interface VersionedCache<T> {
  /**
   * The value kept for (tenant, key) at `version`, else `build()`'s. `until`: the new entry is valid
   * before this instant (this process's clock, ms) instead of for the cache's `maxAgeMs`.
   */
  get(db: Db, tenantId: string, version: number, key: string, build: () => Promise<T>, until?: number): Promise<T>;
}

interface Lapse {
  version: number;
  /** the next lapse, on this process's clock (Infinity: none pending); recomputed once passed */
  at: Promise<number>;
}

const lapses = new WeakMap<Db, Map<string, Lapse>>();

/**
 * When the tenant's next embargo lapses (a source's `effective_at` still ahead), on this process's
 * clock and never later than the database's: the remaining time is measured against the database's
 * own clock and added to the local time taken before the statement. Kept per data version (a new
 * or re-dated source bumps it) until that instant passes; Infinity when no embargo is pending.
 */
export function nextEmbargoLapse(db: Db, tenantId: string, version: number, now: () => number = Date.now): Promise<number> {
  let map = lapses.get(db);
  if (!map) lapses.set(db, (map = new Map()));
  const hit = map.get(tenantId);
  if (hit && hit.version === version) {
    const m = map;
    return hit.at.then((at) => {
      if (now() < at) return at;
      if (m.get(tenantId) === hit) m.delete(tenantId);
      return nextEmbargoLapse(db, tenantId, version, now);
    });
  }
  const before = now();
  const at = db
    .execute(
      sql`select (extract(epoch from min(effective_at) - clock_timestamp()) * 1000)::float8 as ms from sources where tenant_id = ${tenantId} and effective_at > now()`,
    )
    .then((res) => {
      const ms = rowsOf<{ ms: number | string | null }>(res)[0]?.ms;
      return ms === null || ms === undefined ? Infinity : before + Number(ms);
    });
  const entry: Lapse = { version, at };
  map.set(tenantId, entry);
  const m = map;
  at.catch(() => {
    if (m.get(tenantId) === entry) m.delete(tenantId);
  });
  return at;
}

/**
 * A per-entity, per-role catalogue (`T[]` for each entity) concatenated for `entityIds`, each entity's
 * part kept in `cache`. `version`: the tenant data version the caller already read (the entity index
 * carries it), else it is read here; an unknown tenant has no catalogue.
 */
export async function perEntityCatalog<T>(
  cache: VersionedCache<T[]>,
  o: { db: Db; tenantId: string; entityIds: string[]; role?: string | null; version?: number | null },
  query: (entityId: string) => Promise<T[]>,
): Promise<T[]> {
  if (o.entityIds.length === 0) return [];
  const version = o.version ?? (await readDataVersion(o.db, o.tenantId));
  if (version === null) return [];
  // kept until the tenant's next embargo lapse (read before the catalogue, so a source whose embargo
  // lapses after the catalogue's own read is within it), not for a flat 30 s: a company's catalogue
  // is built once per data version while no embargo is pending
  const until = await nextEmbargoLapse(o.db, o.tenantId, version);
  const parts = await Promise.all(
    [...new Set(o.entityIds)].map((id) => cache.get(o.db, o.tenantId, version, `${o.role ?? ''}|${id}`, () => query(id), until)),
  );
  return stableFlat(parts);
}

/** flattened lists by their first part: the same parts (the same cached arrays) give the same array */
const flats = new WeakMap<readonly unknown[], { parts: readonly unknown[][]; flat: unknown[] }[]>();

/**
 * The parts concatenated — the same array object for the same parts, while they are cached: one part is
 * returned as it is, several are concatenated once. Callers index what they get by identity (the
 * planner's member and concept indexes, lib/planner/match-metric.ts) and must not mutate it.
 */
export function stableFlat<T>(parts: T[][]): T[] {
  if (parts.length === 1) return parts[0]!;
  if (parts.length === 0) return [];
  let list = flats.get(parts[0]!);
  if (!list) flats.set(parts[0]!, (list = []));
  const hit = list.find((x) => x.parts.length === parts.length && x.parts.every((p, i) => p === parts[i]));
  if (hit) return hit.flat as T[];
  const flat = parts.flat();
  list.push({ parts, flat });
  // a first part's combinations stay few (the companies asked about with it); keep the latest
  if (list.length > 16) list.shift();
  return flat;
}

export function versionedCache<T>(maxAgeMs = 30_000, now: () => number = Date.now): VersionedCache<T> {
  const perDb = new WeakMap<Db, Map<string, Entry<T>>>();
  return {
    get(db, tenantId, version, key, build, until) {
      let map = perDb.get(db);
      if (!map) perDb.set(db, (map = new Map()));
      const k = `${tenantId}\u0000${key}`;
      const hit = map.get(k);
      const t = now();
      if (hit && hit.version === version && t < hit.until) return hit.value;
      // a version moved: drop the tenant's older entries so the map does not grow with every ingest
      if (hit && hit.version !== version)
        for (const [kk, e] of map) if (kk.startsWith(`${tenantId}\u0000`) && e.version !== version) map.delete(kk);
      const entry: Entry<T> = { version, until: until ?? t + maxAgeMs, value: build() };
      map.set(k, entry);
      const m = map;
      entry.value.catch(() => {
        if (m.get(k) === entry) m.delete(k);
      });
      return entry.value;
    },
  };
}
