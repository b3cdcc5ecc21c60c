import { boolean, doublePrecision, integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Rate-limit state shared by every server process on this database (per-process limits would let
 * two processes accept 61 of a 30/min limit). Keys are SHA-256 digests of `rule:key` — no email address or
 * client address is stored in the clear. Global tables (no tenant): a sign-in attempt has no tenant yet.
 */
export const rateLimitBuckets = pgTable('rate_limit_buckets', {
  /** sha256(rule + ':' + key), hex */
  key: text('key').primaryKey(),
  /** tokens left after the last take (refilled continuously at capacity / window) */
  tokens: doublePrecision('tokens').notNull(),
  /** when `tokens` was computed, ms since the epoch */
  updatedMs: doublePrecision('updated_ms').notNull(),
  /** whether the last take got a token (what the atomic upsert reports back) */
  granted: boolean('granted').notNull(),
});

/** Failed sign-ins per (account, client address): exponential back-off instead of an account lockout. */
export const signInBackoff = pgTable('sign_in_backoff', {
  /** sha256('sign-in:' + email + ' ' + address), hex */
  key: text('key').primaryKey(),
  /** attempts counted since the last success (or since the record went stale) */
  failures: integer('failures').notNull(),
  /** the next attempt is refused before this time, ms since the epoch */
  nextAllowedMs: doublePrecision('next_allowed_ms').notNull(),
  updatedMs: doublePrecision('updated_ms').notNull(),
});
