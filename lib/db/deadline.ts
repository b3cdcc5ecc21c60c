import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from 'drizzle-orm/logger';
import { AppError } from '@/lib/errors';

/**
 * A per-request deadline for database work, the same on both drivers: `withDeadline(ms, fn)`
 * marks the async work of `fn`, and every drizzle query it issues — on the pool, a transaction or a
 * savepoint — first checks the clock (the clients are opened with `deadlineLogger`, whose `logQuery`
 * drizzle calls before it sends a statement). Past the deadline the query is not sent and a typed
 * `unavailable:deadline` (503) ends the request. PGlite has no statement_timeout (no timers in its single
 * WASM backend), so this is its bound; on PostgreSQL `SET LOCAL statement_timeout` bounds each statement
 * as well (lib/db/tenant-scope.ts). Transaction control (begin, commit, rollback, savepoints) is never
 * refused, so a transaction cut short still rolls back and its connection returns to the pool clean.
 */
interface Deadline {
  at: number;
  ms: number;
}

const store = new AsyncLocalStorage<Deadline>();

/** Run `fn` with a deadline of `ms` from now; an enclosing, earlier deadline stays in force. */
export function withDeadline<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  if (!Number.isFinite(ms) || ms <= 0) throw new Error(`withDeadline needs a positive, finite ms, got ${ms}`);
  const outer = store.getStore();
  const at = performance.now() + ms;
  const next = outer && outer.at <= at ? outer : { at, ms };
  return store.run(next, fn);
}

/** Milliseconds left of the current deadline (Infinity outside one). */
export function remainingMs(): number {
  const d = store.getStore();
  return d ? d.at - performance.now() : Number.POSITIVE_INFINITY;
}

export function deadlineError(ms: number): AppError {
  return new AppError(
    'unavailable:deadline',
    `The request needed more than ${ms} ms of database work and was stopped; try a narrower question.`,
    { details: { retryAfterS: 1 } },
  );
}

/** Throws the typed deadline error when the current deadline has passed. */
export function checkDeadline(): void {
  const d = store.getStore();
  if (d && performance.now() > d.at) throw deadlineError(d.ms);
}

const TRANSACTION_CONTROL = /^\s*(begin|start transaction|commit|end|rollback|savepoint|release)\b/i;

/** drizzle's query hook: refuses a statement past the deadline (never transaction control). */
export const deadlineLogger: Logger = {
  logQuery(query: string): void {
    if (TRANSACTION_CONTROL.test(query)) return;
    checkDeadline();
  },
};
