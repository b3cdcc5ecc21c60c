/**
 * The answer cache: an answer computed once is served again, in this process, to anyone who asks
 * the same question of the same data with the same visibility — and to nobody else.
 *
 * Key: (database handle, tenant, the ACL roles the viewer holds, question, the thread's previous
 * intent, planner version) and the value is kept only while
 *   - the tenant's data version holds (lib/db/data-version.ts: bumped after every ingest, revocation,
 *     ACL/embargo change, calendar change, alias/entity edit and quarantine decision), read once per
 *     question — so several server processes on one database invalidate each other;
 *   - no embargo of the tenant has lapsed since it was computed: visibility also changes by the clock
 *     alone (a source becomes visible at its effective_at), so an entry expires at the tenant's next
 *     embargo lapse, measured on the database clock that the visibility predicate uses;
 *   - and at most `maxAgeMs`, as a bound on anything else.
 * The viewer enters the key as the ACL roles it satisfies (lib/auth/visibility.ts) — visibility is
 * tenant × roles × clock, nothing per user — so an analyst never receives an answer computed for an
 * admin who may see restricted sources, and one tenant never another's.
 *
 * The manifest of a served answer is a new manifest row, not a reference to the first one: a manifest
 * is one ask (asker, thread, time; review verdicts and follow-ups hang on it, and the thread's next
 * question reads its intent), and its evidence — plan, candidates, rejected joins, operands,
 * calculations, answer — is the cached computation's, which is exactly what a recomputation would
 * store, since the data and the visibility are the same. The row's versions name the manifest it was
 * served from (`answerCache`), so the review page can tell a cache hit from a computation.
 *
 * Only deterministic answers are cached: a question asked with a language model (intent proposals,
 * wording) is computed every time. The ontology (lib/ontology) is code: a change is a new deployment,
 * a new process, an empty cache.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { aclRolesFor } from '@/lib/auth/visibility';
import { rowsOf, type Db } from '@/lib/db/client';
import { readDataVersion } from '@/lib/db/data-version';
import type { Role } from '@/lib/db/schema';
import type { Intent, PlanResult } from '@/lib/planner/types';
import type { Trace } from './trace';
import type { AnswerEvent } from './messages';
import { storeManifest } from './store-manifest';
import type { Answer } from './types';

/** What a computation leaves for the next identical question. */
export interface CachedAnswer {
  /** the answer without its manifest id and timing (each ask has its own) */
  answer: Omit<Answer, 'manifestId' | 'timingMs'>;
  plan: PlanResult;
  trace: Trace;
  versions: Record<string, string>;
  /** what the computation told (stages, plan read back, figures), told again when it is served */
  events: AnswerEvent[];
  /** the manifest the computation stored (null when it stored none) */
  manifestId: string | null;
}

export interface AnswerCacheKey {
  db: Db;
  tenantId: string;
  key: string;
  version: number;
  /** Date.now() after which the entry must not be served (next embargo lapse, max age) */
  validUntil: number;
}

interface Entry {
  version: number;
  validUntil: number;
  value: CachedAnswer;
}

export const ANSWER_CACHE_MAX_ENTRIES = 2000;
export const ANSWER_CACHE_MAX_AGE_MS = 5 * 60_000;

const perDb = new WeakMap<Db, Map<string, Entry>>();
/** per database handle and tenant: the next embargo lapse as of a data version */
const lapses = new WeakMap<Db, Map<string, { version: number; at: number }>>();

export interface AnswerCacheKeyOptions {
  db: Db;
  tenantId: string;
  role: Role | null;
  question: string;
  previous: Intent | null;
  /** slots of `previous` the analyst removed from the thread */
  drop?: readonly string[];
  plannerVersion: string;
}

/** The key of a question, or null for a tenant that does not exist (nothing to cache). One query, two when an embargo lapse has to be looked up. */
export async function answerCacheKey(o: AnswerCacheKeyOptions): Promise<AnswerCacheKey | null> {
  const version = await readDataVersion(o.db, o.tenantId);
  if (version === null) return null;
  const key = createHash('sha256')
    .update(
      JSON.stringify([
        o.tenantId,
        aclRolesFor(o.role).sort(),
        o.question,
        o.previous ?? null,
        o.plannerVersion,
        ...(o.drop?.length ? [o.drop] : []),
      ]),
    )
    .digest('hex');
  const lapse = await nextEmbargoLapse(o.db, o.tenantId, version);
  return { db: o.db, tenantId: o.tenantId, key, version, validUntil: Math.min(lapse, Date.now() + ANSWER_CACHE_MAX_AGE_MS) };
}

/** The cached computation for `k`, a copy the caller may change; null when there is none valid. */
export function cachedAnswer(k: AnswerCacheKey): CachedAnswer | null {
  const map = perDb.get(k.db);
  const e = map?.get(k.key);
  if (!e) return null;
  if (e.version !== k.version || Date.now() >= e.validUntil) {
    map!.delete(k.key);
    return null;
  }
  // least recently used last
  map!.delete(k.key);
  map!.set(k.key, e);
  return structuredClone(e.value);
}

/** Keep a computation for `k` (a copy: what the caller does with its answer afterwards is not cached). */
export function rememberAnswer(k: AnswerCacheKey, value: CachedAnswer): void {
  let copy: CachedAnswer;
  try {
    copy = structuredClone(value);
  } catch {
    return; // not plain data: not cached
  }
  let map = perDb.get(k.db);
  if (!map) perDb.set(k.db, (map = new Map()));
  map.delete(k.key);
  map.set(k.key, { version: k.version, validUntil: k.validUntil, value: copy });
  for (const old of map.keys()) {
    if (map.size <= ANSWER_CACHE_MAX_ENTRIES) break;
    map.delete(old);
  }
}

export interface ServeCachedOptions {
  hit: CachedAnswer;
  tenantId: string;
  userId: string | null;
  threadId: string | null;
  question: string;
  store: boolean;
  startedAt: number;
  onEvent?: (event: AnswerEvent) => void;
}

/** Serve a cached computation as this ask's answer: what it told told again, its evidence stored as this ask's own manifest. */
export async function serveCached(db: Db, o: ServeCachedOptions): Promise<Answer> {
  for (const e of o.hit.events) o.onEvent?.(e);
  const timingMs = Math.round(performance.now() - o.startedAt);
  let manifestId: string | null = null;
  if (o.store) {
    manifestId = await storeManifest({
      db,
      tenantId: o.tenantId,
      userId: o.userId,
      threadId: o.threadId,
      question: o.question,
      answer: { ...o.hit.answer, timingMs, manifestId: null },
      plan: o.hit.plan,
      trace: o.hit.trace,
      latencyMs: timingMs,
      versions: { ...o.hit.versions, answerCache: o.hit.manifestId ?? 'unstored' },
    });
  }
  return { ...o.hit.answer, manifestId, timingMs: Math.round(performance.now() - o.startedAt) };
}

/** Forget every cached answer of a database handle (tests; the data version makes it unnecessary otherwise). */
export function clearAnswerCache(db: Db): void {
  perDb.delete(db);
  lapses.delete(db);
}

/** Date.now() of the tenant's next embargo lapse (Infinity when none is pending), on the database's clock. */
async function nextEmbargoLapse(db: Db, tenantId: string, version: number): Promise<number> {
  let map = lapses.get(db);
  if (!map) lapses.set(db, (map = new Map()));
  const known = map.get(tenantId);
  if (known && known.version === version && Date.now() < known.at) return known.at;
  // a lapse is measured as an interval from the database's now(), which the visibility predicate compares with
  const res = await db.execute(
    sql`select extract(epoch from (min(effective_at) - now())) * 1000 as ms from sources where tenant_id = ${tenantId} and effective_at > now()`,
  );
  const ms = rowsOf<{ ms: string | number | null }>(res)[0]?.ms;
  const at = ms === null || ms === undefined ? Infinity : Date.now() + Math.max(0, Number(ms));
  map.set(tenantId, { version, at });
  return at;
}
