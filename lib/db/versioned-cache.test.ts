import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from './client';
import { nextEmbargoLapse, perEntityCatalog, versionedCache } from './versioned-cache';

/** A handle whose every statement answers the next embargo lapse: `ms` from now on the database's clock (null: none pending). */
function lapseDb(ms: () => number | null): Db & { reads: number } {
  const db = {
    reads: 0,
    async execute() {
      db.reads++;
      return { rows: [{ ms: ms() }] };
    },
  };
  return db as unknown as Db & { reads: number };
}

describe('versionedCache', () => {
  const db = {} as Db;
  it('builds once per version and key, rebuilds when the version moves or the entry is too old', async () => {
    let clock = 0;
    const cache = versionedCache<number>(1000, () => clock);
    let builds = 0;
    const build = async () => ++builds;
    expect(await cache.get(db, 't', 1, 'a', build)).toBe(1);
    expect(await cache.get(db, 't', 1, 'a', build)).toBe(1);
    expect(await cache.get(db, 't', 1, 'b', build)).toBe(2);
    expect(await cache.get(db, 'u', 1, 'a', build)).toBe(3);
    expect(await cache.get(db, 't', 2, 'a', build)).toBe(4);
    clock = 999;
    expect(await cache.get(db, 't', 2, 'a', build)).toBe(4);
    clock = 1000;
    expect(await cache.get(db, 't', 2, 'a', build)).toBe(5);
    // another database handle never sees this one's entries
    expect(await cache.get({} as Db, 't', 2, 'a', build)).toBe(6);
  });
  it('forgets a failed build', async () => {
    const cache = versionedCache<number>();
    await expect(cache.get(db, 't', 1, 'a', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await Promise.resolve();
    expect(await cache.get(db, 't', 1, 'a', async () => 7)).toBe(7);
  });
  it('an entry built with `until` is kept until then, past maxAgeMs', async () => {
    let clock = 0;
    const cache = versionedCache<number>(1000, () => clock);
    let builds = 0;
    const build = async () => ++builds;
    expect(await cache.get(db, 't', 1, 'a', build, 5000)).toBe(1);
    clock = 4999;
    expect(await cache.get(db, 't', 1, 'a', build)).toBe(1);
    clock = 5000;
    expect(await cache.get(db, 't', 1, 'a', build)).toBe(2);
  });
});

describe('nextEmbargoLapse', () => {
  it('is the local time before the read plus what remains on the database clock; kept per version until it passes', async () => {
    let clock = 10_000;
    let remaining: number | null = 3000;
    const d = lapseDb(() => remaining);
    expect(await nextEmbargoLapse(d, 't', 1, () => clock)).toBe(13_000);
    clock = 12_999;
    expect(await nextEmbargoLapse(d, 't', 1, () => clock)).toBe(13_000);
    expect(d.reads).toBe(1);
    // passed: read again (the next one, or none pending)
    clock = 13_000;
    remaining = null;
    expect(await nextEmbargoLapse(d, 't', 1, () => clock)).toBe(Infinity);
    expect(d.reads).toBe(2);
    expect(await nextEmbargoLapse(d, 't', 1, () => clock)).toBe(Infinity);
    expect(d.reads).toBe(2);
    // a new version (a source added or re-dated): read again
    remaining = 500;
    expect(await nextEmbargoLapse(d, 't', 2, () => clock)).toBe(13_500);
    expect(d.reads).toBe(3);
    // per tenant
    expect(await nextEmbargoLapse(d, 'u', 2, () => clock)).toBe(13_500);
    expect(d.reads).toBe(4);
  });
});

describe('perEntityCatalog', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  it('keeps an entity catalogue until the next embargo lapse, and only so long', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
    let remaining: number | null = 60_000;
    const d = lapseDb(() => remaining);
    const cache = versionedCache<string[]>();
    let builds = 0;
    const load = () => perEntityCatalog(cache, { db: d, tenantId: 't', entityIds: ['e'], version: 1 }, async (id) => [`${id}#${++builds}`]);
    expect(await load()).toEqual(['e#1']);
    // past the flat 30 s: still the same (no embargo lapses before 60 s)
    vi.setSystemTime(1_059_999);
    expect(await load()).toEqual(['e#1']);
    // the embargo lapsed: built again, and kept (no other embargo pending)
    remaining = null;
    vi.setSystemTime(1_060_000);
    expect(await load()).toEqual(['e#2']);
    vi.setSystemTime(9_000_000);
    expect(await load()).toEqual(['e#2']);
    // a lapse already due (the database's clock is past it): not kept at all
    const soon = lapseDb(() => -5);
    const c2 = versionedCache<string[]>();
    const load2 = () =>
      perEntityCatalog(c2, { db: soon, tenantId: 't', entityIds: ['e'], version: 1 }, async (id) => [`${id}#${++builds}`]);
    expect(await load2()).toEqual(['e#3']);
    expect(await load2()).toEqual(['e#4']);
  });
});
