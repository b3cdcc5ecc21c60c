import 'server-only';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/lib/db/client';
import { rateLimitBuckets, signInBackoff } from '@/lib/db/schema';
import { readEnv } from '@/lib/env';
import {
  backoffDelayMs,
  RATE_RULES,
  rateLimitedError,
  retryAfterS,
  SIGN_IN_BACKOFF,
  type BackoffPolicy,
  type RateRule,
  type RateRuleName,
  type TakeResult,
} from '@/lib/http/rate-limit';
import { clientAddressFrom, parseTrustedProxies, type TrustedProxies } from '@/lib/http/client-address';

/**
 * Rate limits and sign-in back-off kept in the database, so several server processes on one
 * database share them: each take is one atomic upsert (the row lock of ON CONFLICT DO UPDATE orders
 * concurrent takes of one key, in one process or many). Keys are stored as SHA-256 digests, never as the
 * email or address itself.
 */

const digest = (s: string) => createHash('sha256').update(s).digest('hex');

let clock: () => number = Date.now;

/**
 * The limiters' clock (ms): Date.now, or the one a test sets, so that what a bucket refills between two takes is
 * the test's to say and not the machine's speed (null: Date.now again).
 */
export function setLimiterClock(now: (() => number) | null): void {
  clock = now ?? Date.now;
}

/** Now, by the limiters' clock. */
export function limiterNow(): number {
  return clock();
}

/** Take one token of `rule` for `key` at `nowMs` (the arithmetic of takeToken in lib/http, in SQL). */
export async function takeFromBucket(db: Db, name: string, rule: RateRule, key: string, nowMs = limiterNow()): Promise<TakeResult> {
  const rate = rule.capacity / (rule.windowS * 1000);
  const refilled = sql`least(${rule.capacity}::float8, ${rateLimitBuckets.tokens} + greatest(0::float8, ${nowMs}::float8 - ${rateLimitBuckets.updatedMs}) * ${rate}::float8)`;
  const rows = rowsOf<{ tokens: number; granted: boolean }>(
    await db.execute(sql`
      insert into ${rateLimitBuckets} (key, tokens, updated_ms, granted)
      values (${digest(`${name}:${key}`)}, ${rule.capacity - 1}::float8, ${nowMs}::float8, true)
      on conflict (key) do update set
        tokens = case when ${refilled} >= 1 then ${refilled} - 1 else ${refilled} end,
        granted = ${refilled} >= 1,
        updated_ms = ${nowMs}::float8
      returning tokens, granted`),
  );
  const row = rows[0]!;
  const tokens = Number(row.tokens);
  return row.granted ? { ok: true, remaining: Math.floor(tokens) } : { ok: false, retryAfterS: retryAfterS(rule, tokens) };
}

/** Throws rate_limited (HTTP 429, with the wait in details) when `key` has used up its `name` bucket. */
export async function enforceRateLimit(db: Db, name: RateRuleName, key: string, nowMs = limiterNow()): Promise<void> {
  const r = await takeFromBucket(db, name, RATE_RULES[name], key, nowMs);
  // now and then, drop rows nobody needs any more so the tables stay small (no scheduler needed)
  if (Math.random() < 1 / 500) await pruneLimits(db, nowMs);
  if (!r.ok) throw rateLimitedError(name, r.retryAfterS);
}

export type AttemptClaim = { ok: true } | { ok: false; retryAfterS: number };

const backoffKey = (email: string, address: string) => digest(`sign-in:${email} ${address}`);

/**
 * Claim one sign-in attempt for (email, address): refused while the back-off of earlier attempts runs;
 * otherwise the attempt is counted up front (so parallel guesses cannot all slip through one open
 * moment) and the next one is pushed out by backoffDelayMs. A success calls clearSignInFailures.
 */
export async function claimSignInAttempt(
  db: Db,
  email: string,
  address: string,
  nowMs = limiterNow(),
  policy: BackoffPolicy = SIGN_IN_BACKOFF,
): Promise<AttemptClaim> {
  const key = backoffKey(email, address);
  const stale = nowMs - policy.forgetAfterS * 1000;
  // the delay after the n-th attempt, in SQL: 0 below freeAttempts, then base · 2^(n − free), capped
  const delayAfter = (n: ReturnType<typeof sql>) =>
    sql`case when ${n} < ${policy.freeAttempts} then 0::float8 else least(${policy.maxDelayS}::float8, ${policy.baseDelayS}::float8 * power(2::float8, least(${n} - ${policy.freeAttempts}, 30))) * 1000 end`;
  const failures = sql`case when ${signInBackoff.updatedMs} < ${stale}::float8 then 1 else ${signInBackoff.failures} + 1 end`;
  const rows = rowsOf<{ failures: number }>(
    await db.execute(sql`
      insert into ${signInBackoff} (key, failures, next_allowed_ms, updated_ms)
      values (${key}, 1, ${nowMs}::float8 + ${backoffDelayMs(1, policy)}::float8, ${nowMs}::float8)
      on conflict (key) do update set
        failures = ${failures},
        next_allowed_ms = ${nowMs}::float8 + ${delayAfter(failures)},
        updated_ms = ${nowMs}::float8
      where ${signInBackoff.nextAllowedMs} <= ${nowMs}::float8 or ${signInBackoff.updatedMs} < ${stale}::float8
      returning failures`),
  );
  if (rows.length > 0) return { ok: true };
  const [held] = rowsOf<{ next: number }>(await db.execute(sql`select next_allowed_ms as next from ${signInBackoff} where key = ${key}`));
  return { ok: false, retryAfterS: Math.max(1, Math.ceil((Number(held?.next ?? nowMs) - nowMs) / 1000)) };
}

/** A successful sign-in forgets the failures of this (email, address). */
export async function clearSignInFailures(db: Db, email: string, address: string): Promise<void> {
  await db.execute(sql`delete from ${signInBackoff} where key = ${backoffKey(email, address)}`);
}

/** Drop state nobody needs any more (buckets full again, back-off forgotten); called now and then. */
export async function pruneLimits(db: Db, nowMs = limiterNow()): Promise<void> {
  const longestWindowMs = Math.max(...Object.values(RATE_RULES).map((r) => r.windowS)) * 1000;
  await db.execute(sql`delete from ${rateLimitBuckets} where updated_ms < ${nowMs - longestWindowMs}::float8`);
  await db.execute(sql`delete from ${signInBackoff} where updated_ms < ${nowMs - SIGN_IN_BACKOFF.forgetAfterS * 1000}::float8`);
}

/** Forget every limit (tests). */
export async function resetRateLimits(db: Db): Promise<void> {
  await db.execute(sql`delete from ${rateLimitBuckets}`);
  await db.execute(sql`delete from ${signInBackoff}`);
}

let trusted: { spec: string | undefined; list: TrustedProxies } | null = null;

/** The client address of a request, believing X-Forwarded-For only from LEDGERLINE_TRUSTED_PROXIES. */
export function clientAddress(h: Headers): string {
  const spec = readEnv().LEDGERLINE_TRUSTED_PROXIES;
  if (!trusted || trusted.spec !== spec) trusted = { spec, list: parseTrustedProxies(spec) };
  return clientAddressFrom(h.get('x-forwarded-for'), trusted.list);
}
