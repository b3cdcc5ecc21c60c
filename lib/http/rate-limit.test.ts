import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit';

describe('token bucket', () => {
  it('allows a burst of `capacity`, then refills continuously', () => {
    let now = 0;
    const l = new RateLimiter({ capacity: 3, windowS: 60 }, () => now);
    expect([1, 2, 3].map(() => l.take('u').ok)).toEqual([true, true, true]);
    const denied = l.take('u');
    expect(denied).toEqual({ ok: false, retryAfterS: 20 });
    now += 19_000;
    expect(l.take('u').ok).toBe(false);
    now += 1_000;
    expect(l.take('u').ok).toBe(true);
    now += 10 * 60_000;
    expect([1, 2, 3, 4].map(() => l.take('u').ok)).toEqual([true, true, true, false]);
  });

  it('keeps users apart and bounds its memory', () => {
    const l = new RateLimiter({ capacity: 1, windowS: 60 }, () => 0, 2);
    expect(l.take('a').ok).toBe(true);
    expect(l.take('a').ok).toBe(false);
    expect(l.take('b').ok).toBe(true);
    l.take('c'); // evicts the least recently used key ('a')
    expect(l.take('a').ok).toBe(true);
  });
});
