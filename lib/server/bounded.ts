import 'server-only';
import type { Database, Db } from '@/lib/db/client';
import { withDeadline } from '@/lib/db/deadline';
import { isNodeUnreachable } from '@/lib/db/citus';
import { inTenantScope, isStatementTimeout, scopedHandle } from '@/lib/db/tenant-scope';
import { readEnv } from '@/lib/env';
import { AppError } from '@/lib/errors';
import { aclRolesFor } from '@/lib/auth/visibility';
import type { Role } from '@/lib/db/schema';
import { KeyedSlots } from '@/lib/slots';
import { asInteractive } from './priority';

/**
 * Bounded work per request: no request may hold more than its share of connections or time. One request of six with 2,000 entities exhausted the
 * 10-connection pool and made other users wait 12 s. Tenant-scoped work — every answer, streamed or not,
 * and the `tenantScope` route handlers and pages — now runs through `boundedTenantWork`:
 * - a **per-tenant share of the connections**: at most `LEDGERLINE_TENANT_MAX_CONCURRENT` requests of one
 *   tenant hold a connection at once (default: the pool less two on PostgreSQL, 2 on PGlite's single
 *   connection, so another tenant's request waits behind at most two); the next ones wait their turn in a
 *   FIFO queue for at most `LEDGERLINE_TENANT_QUEUE_MS` (and at most QUEUE_LIMIT of them), then get a typed
 *   503 `unavailable:tenant_busy` with Retry-After;
 * - **one connection per request**: the work is one transaction (under row-level security for the
 *   viewer's tenant), so a request's parallel queries queue on its own connection instead of taking more;
 * - **a statement timeout** (`SET LOCAL statement_timeout`, PostgreSQL) and **a deadline for the whole
 *   work** (checked before every query, both drivers; lib/db/deadline.ts) — a typed 503
 *   (`unavailable:statement_timeout`, `unavailable:deadline`) with Retry-After, the transaction rolled back.
 */
export interface BoundedWorkLimits {
  /** requests of one tenant holding a connection at once */
  perTenant: number;
  /** how long one more waits for a slot, ms */
  queueMs: number;
  statementTimeoutMs: number;
  deadlineMs: number;
}

/** Waiting requests per tenant beyond which the next is refused at once (the queue's memory is bounded too). */
export const QUEUE_LIMIT = 200;

export function boundedWorkLimits(database: Pick<Database, 'driver' | 'connections'>): BoundedWorkLimits {
  const env = readEnv();
  const derived = database.driver === 'pglite' ? 2 : Math.max(1, database.connections - 2);
  return {
    perTenant: env.LEDGERLINE_TENANT_MAX_CONCURRENT ?? derived,
    queueMs: env.LEDGERLINE_TENANT_QUEUE_MS,
    statementTimeoutMs: env.LEDGERLINE_STATEMENT_TIMEOUT_MS,
    deadlineMs: env.LEDGERLINE_REQUEST_DEADLINE_MS,
  };
}

/** Per-tenant slots: KeyedSlots with the tenant queue's bounds and its typed 503. */
export class TenantSlots {
  private readonly slots = new KeyedSlots();

  /** Take a slot of `key` (at most `limit` held at once), waiting at most `waitMs`; returns its release. */
  acquire(key: string, limit: number, waitMs: number): Promise<() => void> {
    return this.slots.acquire(key, limit, { waitMs, queueLimit: QUEUE_LIMIT, busy: busyError });
  }

  /** Slots held and requests waiting for `key` (tests, monitoring). */
  state(key: string): { active: number; waiting: number } {
    return this.slots.state(key);
  }
}

function busyError(): AppError {
  return new AppError(
    'unavailable:tenant_busy',
    'Too many requests of your organisation are being answered at once; try again in a moment.',
    { details: { retryAfterS: 2 } },
  );
}

const slotsKey = Symbol.for('ledgerline.tenantSlots');
/** The process-wide slots (kept across dev hot reloads, like the database). */
export function tenantSlots(): TenantSlots {
  const holder = globalThis as { [slotsKey]?: TenantSlots };
  return (holder[slotsKey] ??= new TenantSlots());
}

/**
 * Run `fn` as bounded tenant work: a slot of the tenant's share, one transaction under row-level security
 * with the statement timeout, the deadline over `fn`'s queries. Errors of the bounds come out typed.
 */
export async function boundedTenantWork<T>(
  database: Pick<Database, 'db' | 'driver' | 'connections'>,
  who: string | { tenantId: string; role?: Role | null },
  fn: (db: Db) => Promise<T>,
  limits: BoundedWorkLimits = boundedWorkLimits(database),
): Promise<T> {
  // a bare tenant id: no role, so row-level security shows only sources without an ACL
  const { tenantId, role } = typeof who === 'string' ? { tenantId: who, role: null } : who;
  // interactive work: background chunks (exports) wait while it runs (lib/server/priority.ts)
  return asInteractive(() => boundedWork(database, tenantId, role ?? null, fn, limits));
}

async function boundedWork<T>(
  database: Pick<Database, 'db' | 'driver' | 'connections'>,
  tenantId: string,
  role: Role | null,
  fn: (db: Db) => Promise<T>,
  limits: BoundedWorkLimits,
): Promise<T> {
  const release = await tenantSlots().acquire(tenantId, limits.perTenant, limits.queueMs);
  try {
    // the deadline starts inside the transaction: waiting for PGlite's one connection is not work. `fn`
    // gets the stable scoped handle (its queries go to this transaction; the per-handle caches hold)
    return await inTenantScope(database.db, tenantId, () => withDeadline(limits.deadlineMs, () => fn(scopedHandle(database.db))), {
      statementTimeoutMs: limits.statementTimeoutMs,
      aclRoles: aclRolesFor(role),
    });
  } catch (e) {
    throw typedBoundError(e, limits) ?? e;
  } finally {
    release();
  }
}

/** The typed error for a bound that ended the work (statement timeout, pool exhausted), else null. */
export function typedBoundError(e: unknown, limits?: Pick<BoundedWorkLimits, 'statementTimeoutMs' | 'deadlineMs'>): AppError | null {
  if (e instanceof AppError) return null;
  // the database handle's own typed refusal (the embedded database stopped on a full disk), under drizzle's wrapper
  for (let cur = (e as { cause?: unknown })?.cause, depth = 0; cur && depth < 5; cur = (cur as { cause?: unknown }).cause, depth++)
    if (cur instanceof AppError) return cur;
  if (isStatementTimeout(e)) {
    return new AppError(
      'unavailable:statement_timeout',
      `A database statement ran longer than ${limits?.statementTimeoutMs ?? readEnv().LEDGERLINE_STATEMENT_TIMEOUT_MS} ms and was cancelled; try a narrower question.`,
      { cause: e, details: { retryAfterS: 1 } },
    );
  }
  if (isNodeUnreachable(e)) {
    return new AppError('unavailable:database_node', 'A database node is unreachable; try again in a moment.', {
      cause: e,
      details: { retryAfterS: 5 },
    });
  }
  // pg.Pool's connectionTimeoutMillis: every connection stayed busy
  if (e instanceof Error && /timeout exceeded when trying to connect/i.test(e.message)) {
    return new AppError('unavailable:database_busy', 'The database is busy; try again in a moment.', {
      cause: e,
      details: { retryAfterS: 2 },
    });
  }
  return null;
}
