/**
 * Per database handle and tenant, values built from the tenant's data and kept while its data
 * version holds (see data-version.ts) — and, because an embargo lapses by the clock alone, for at
 * most `maxAgeMs`. What the planner reads per question (the member and concept catalogues) is built
 * once per entity instead of once per question; every fact lookup still applies visibility itself.
 */
import type { Db } from './client';

interface Entry<T> {
  version: number;
  at: number;
  value: Promise<T>;
}

export interface VersionedCache<T> {
  get(db: Db, tenantId: string, version: number, key: string, build: () => Promise<T>): Promise<T>;
}

export function versionedCache<T>(maxAgeMs = 30_000, now: () => number = Date.now): VersionedCache<T> {
  const perDb = new WeakMap<Db, Map<string, Entry<T>>>();
  return {
    get(db, tenantId, version, key, build) {
      let map = perDb.get(db);
      if (!map) perDb.set(db, (map = new Map()));
      const k = `${tenantId}\u0000${key}`;
      const hit = map.get(k);
      const t = now();
      if (hit && hit.version === version && t - hit.at < maxAgeMs) return hit.value;
      // a version moved: drop the tenant's older entries so the map does not grow with every ingest
      if (hit && hit.version !== version) for (const [kk, e] of map) if (kk.startsWith(`${tenantId}\u0000`) && e.version !== version) map.delete(kk);
      const entry: Entry<T> = { version, at: t, value: build() };
      map.set(k, entry);
      const m = map;
      entry.value.catch(() => {
        if (m.get(k) === entry) m.delete(k);
      });
      return entry.value;
    },
  };
}
