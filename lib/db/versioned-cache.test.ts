import { describe, expect, it } from 'vitest';
import type { Db } from './client';
import { versionedCache } from './versioned-cache';

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
});
