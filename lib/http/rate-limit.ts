import { AppError } from '@/lib/errors';

/** A token bucket: `capacity` requests at once, refilled at `capacity / windowS` per second. */
export interface RateRule {
  capacity: number;
  windowS: number;
}

/** Per-user limits (per process; a multi-process deployment would move these to Redis or PostgreSQL). */
export const RATE_RULES = {
  /** POST /api/answers: 30 questions, refilled over a minute */
  ask: { capacity: 30, windowS: 60 },
  /** admin uploads: 20 files per 10 minutes */
  upload: { capacity: 20, windowS: 600 },
  /** sign-in attempts per email: 10 per 5 minutes */
  signInEmail: { capacity: 10, windowS: 300 },
  /** sign-in attempts per client address (offices share one): 30 per 5 minutes */
  signInAddress: { capacity: 30, windowS: 300 },
} as const satisfies Record<string, RateRule>;
export type RateRuleName = keyof typeof RATE_RULES;

interface Bucket {
  tokens: number;
  updated: number;
}

export class RateLimiter {
  private buckets = new Map<string, Bucket>();

  constructor(
    private readonly rule: RateRule,
    private readonly now: () => number = () => Date.now(),
    private readonly maxKeys = 50_000,
  ) {}

  /** Take one token for `key`: ok, or how many seconds until one is available. */
  take(key: string): { ok: true; remaining: number } | { ok: false; retryAfterS: number } {
    const t = this.now();
    const rate = this.rule.capacity / (this.rule.windowS * 1000);
    const b = this.buckets.get(key) ?? { tokens: this.rule.capacity, updated: t };
    b.tokens = Math.min(this.rule.capacity, b.tokens + (t - b.updated) * rate);
    b.updated = t;
    this.buckets.delete(key);
    this.buckets.set(key, b); // most recently used last
    if (this.buckets.size > this.maxKeys) this.buckets.delete(this.buckets.keys().next().value!);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return { ok: true, remaining: Math.floor(b.tokens) };
    }
    return { ok: false, retryAfterS: Math.max(1, Math.ceil((1 - b.tokens) / rate / 1000)) };
  }

  reset(): void {
    this.buckets.clear();
  }
}

const globalKey = Symbol.for('ledgerline.rate-limiters');
type Holder = { [globalKey]?: Map<RateRuleName, RateLimiter> };

export function limiter(name: RateRuleName): RateLimiter {
  const holder = globalThis as Holder;
  const all = (holder[globalKey] ??= new Map());
  let l = all.get(name);
  if (!l) all.set(name, (l = new RateLimiter(RATE_RULES[name])));
  return l;
}

/** Throws rate_limited (HTTP 429, with the wait in details) when `key` has used up its bucket. */
export function enforceRateLimit(name: RateRuleName, key: string): void {
  const r = limiter(name).take(key);
  if (!r.ok) {
    throw new AppError(`rate_limited:${name}`, `Too many requests; try again in ${r.retryAfterS} s.`, { details: { retryAfterS: r.retryAfterS } });
  }
}

/** Forget all buckets (tests). */
export function resetRateLimits(): void {
  for (const l of ((globalThis as Holder)[globalKey] ?? new Map()).values()) l.reset();
}
