import { AppError } from '@/lib/errors';

/** A token bucket: `capacity` requests at once, refilled at `capacity / windowS` per second. */
export interface RateRule {
  capacity: number;
  windowS: number;
}

/**
 * Limits per user or per client address. The state lives in the database (lib/server/limits.ts), so every
 * server process on one database shares it.
 */
export const RATE_RULES = {
  /** POST /api/answers: 30 questions, refilled over a minute */
  ask: { capacity: 30, windowS: 60 },
  /** admin uploads: 20 files per 10 minutes */
  upload: { capacity: 20, windowS: 600 },
  /** sign-in attempts per client address (an IPv6 client by its /64), whatever the account (offices share one): 30 per 5 minutes */
  signInAddress: { capacity: 30, windowS: 300 },
  /**
   * sign-in attempts per account from browsers that have not signed in to it before, from all addresses
   * together: 10 an hour (one every 6 minutes once spent) — a guesser spread over many addresses is held to
   * that; the owner's own browser (a known-device cookie) is not counted
   */
  signInAccount: { capacity: 10, windowS: 3600 },
} as const satisfies Record<string, RateRule>;
export type RateRuleName = keyof typeof RATE_RULES;

/** The state of one bucket as stored. */
export interface BucketState {
  tokens: number;
  updatedMs: number;
}

export type TakeResult = { ok: true; remaining: number } | { ok: false; retryAfterS: number };

/**
 * One take from a bucket at `nowMs` (pure: the store runs the same arithmetic atomically in SQL):
 * refill since the last take, then take one token when at least one is there.
 */
export function takeToken(rule: RateRule, state: BucketState | undefined, nowMs: number): { next: BucketState; result: TakeResult } {
  const rate = rule.capacity / (rule.windowS * 1000);
  const refilled = state ? Math.min(rule.capacity, state.tokens + Math.max(0, nowMs - state.updatedMs) * rate) : rule.capacity;
  if (refilled >= 1) return { next: { tokens: refilled - 1, updatedMs: nowMs }, result: { ok: true, remaining: Math.floor(refilled - 1) } };
  return { next: { tokens: refilled, updatedMs: nowMs }, result: { ok: false, retryAfterS: retryAfterS(rule, refilled) } };
}

/** Seconds until a bucket holding `tokens` (< 1) has one again. */
export function retryAfterS(rule: RateRule, tokens: number): number {
  const rate = rule.capacity / (rule.windowS * 1000);
  return Math.max(1, Math.ceil((1 - tokens) / rate / 1000));
}

/** The 429 for an empty bucket. */
export function rateLimitedError(name: string, retryAfter: number): AppError {
  return new AppError(`rate_limited:${name}`, `Too many requests; try again in ${retryAfter} s.`, { details: { retryAfterS: retryAfter } });
}

/**
 * Sign-in back-off per (account, client address) instead of an account lockout (a lockout lets an
 * attacker keep any account locked with a few wrong passwords a minute). The first
 * `freeAttempts` attempts go through at once; after that each attempt waits twice as long as the one before
 * (1 s, 2 s, 4 s … up to `maxDelayS`). A success clears it; a record untouched for `forgetAfterS` starts over.
 * Another address — the account's owner at their desk — is not slowed by it.
 */
export const SIGN_IN_BACKOFF = { freeAttempts: 5, baseDelayS: 1, maxDelayS: 15 * 60, forgetAfterS: 24 * 3600 } as const;
export type BackoffPolicy = typeof SIGN_IN_BACKOFF;

/** How long to wait after the `attempts`-th counted attempt before the next one, in ms. */
export function backoffDelayMs(attempts: number, policy: BackoffPolicy = SIGN_IN_BACKOFF): number {
  if (attempts < policy.freeAttempts) return 0;
  const exp = attempts - policy.freeAttempts;
  return Math.min(policy.maxDelayS, policy.baseDelayS * 2 ** Math.min(exp, 30)) * 1000;
}
