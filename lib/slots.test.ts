import { describe, expect, it } from 'vitest';
import { KeyedSlots } from './slots';

describe('keyed slots', () => {
  it('holds at most the limit per key and passes a released slot to the first waiter', async () => {
    const s = new KeyedSlots();
    const a = await s.acquire('t', 2);
    const b = await s.acquire('t', 2);
    await s.acquire('other', 2);
    const order: string[] = [];
    const c = s.acquire('t', 2).then((r) => (order.push('c'), r));
    const d = s.acquire('t', 2).then((r) => (order.push('d'), r));
    expect(s.state('t')).toEqual({ active: 2, waiting: 2 });
    a();
    a(); // a release is idempotent: it frees one slot once
    const rc = await c;
    expect(order).toEqual(['c']);
    expect(s.state('t')).toEqual({ active: 2, waiting: 1 });
    b();
    const rd = await d;
    expect(order).toEqual(['c', 'd']);
    rc();
    rd();
    expect(s.state('t')).toEqual({ active: 0, waiting: 0 });
  });

  it('refuses beyond the queue limit at once and a waiter after its wait, with the given error', async () => {
    const s = new KeyedSlots();
    const busy = () => new Error('busy');
    await s.acquire('t', 1);
    await expect(s.acquire('t', 1, { waitMs: 0, busy })).rejects.toThrow('busy');
    const waiting = s.acquire('t', 1, { waitMs: 20, queueLimit: 1, busy });
    await expect(s.acquire('t', 1, { waitMs: 1_000, queueLimit: 1, busy })).rejects.toThrow('busy');
    await expect(waiting).rejects.toThrow('busy');
    expect(s.state('t')).toEqual({ active: 1, waiting: 0 });
  });
});
