import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import { isCitusHandle } from './citus';
import { rowsOf, type Db } from './client';

/** The database role tenant-scoped work runs as: no BYPASSRLS, subject to the tenant_scope policies (drizzle/0009_row_level_security.sql). */
export const APP_ROLE = 'ledgerline_app';

export interface TenantScopeOptions {
  /**
   * The ACL roles the viewer holds (lib/auth/visibility.ts aclRolesFor): the sources it may not see (ACL,
   * embargo, revocation) are hidden by row-level security too. Omitted: no role, only unrestricted sources.
   */
  aclRoles?: readonly string[];
  /**
   * PostgreSQL: each statement inside may run at most this long (`SET LOCAL statement_timeout`, this
   * transaction only); a longer one is cancelled with SQLSTATE 57014. PGlite accepts and ignores it (no
   * timers in its WASM backend) — lib/db/deadline.ts bounds the work there.
   */
  statementTimeoutMs?: number;
}

/**
 * Row-level security as a second wall: run `fn` in one transaction as APP_ROLE with the tenant set for that
 * transaction only (`set_config(…, true)` = SET LOCAL), so every query inside — including one that forgets
 * the tenant/ACL predicate — sees and writes only this tenant's rows of the tenant tables. Opt-in per call
 * site (the lib/server wrappers' `tenantScope` option, the answers route); the predicate stays the first wall.
 */
export async function inTenantScope<T>(db: Db, tenantId: string, fn: (tx: Db) => Promise<T>, options: TenantScopeOptions = {}): Promise<T> {
  const timeout = options.statementTimeoutMs;
  if (timeout !== undefined && !(Number.isInteger(timeout) && timeout > 0))
    throw new Error(`statementTimeoutMs must be a positive whole number, got ${timeout}`);
  const root = rootOf.get(db) ?? db;
  const citus = isCitusHandle(root);
  // PostgreSQL: the transaction runs on the restricted login's pool when one is registered (lib/server/db-wall.ts);
  // it stays the scope of `root` for the handles that join it
  const on = restrictedOf.get(root) ?? db;
  const roles = `{${(options.aclRoles ?? []).map((r) => r.replace(/[^a-z_]/g, '')).join(',')}}`;
  // Citus: the hidden sources are read before the transaction. Inside it, the function's read of sources would
  // open the worker connections as the function's owner, and Citus keeps using a connection that touched a
  // shard for the rest of the transaction, whatever role is set later: the policies would not apply
  const citusHidden = citus
    ? (rowsOf<{ h: string }>(await on.execute(sql`select ledgerline_hidden_sources(${tenantId}, ${roles}::text[]) as h`))[0]?.h ?? '{}')
    : null;
  return on.transaction(async (tx) => {
    // on Citus the settings must reach the workers, where the policies of the distributed tables run: Citus
    // sends a transaction's SET LOCAL statements to every worker connection it opens (set_config() stays local)
    if (citusHidden !== null) await tx.execute(sql.raw(citusScopeStatements(tenantId, timeout, citusHidden)));
    // one statement for the settings (was three round trips per request): set_config(…, true) is SET LOCAL,
    // for the role too; the role comes last, after the settings the session makes. The sources this viewer
    // may not see are listed once, for the visibility policies (drizzle/0020_database_wall.sql)
    const hidden = citusHidden ?? sql`ledgerline_hidden_sources(${tenantId}, ${roles}::text[])`;
    const statementTimeout = timeout === undefined ? sql`` : sql`, set_config('statement_timeout', ${String(timeout)}, true)`;
    // and the tenant's data version in the same round trip: every answer reads it first (the caches' key)
    const res = await tx.execute(
      sql`select set_config('ledgerline.tenant_id', ${tenantId}, true), set_config('ledgerline.hidden_sources', ${hidden}, true)${statementTimeout}, set_config('role', ${APP_ROLE}, true), (select data_version from tenants where id = ${tenantId}) as data_version`,
    );
    const v = rowsOf<{ data_version: string | number | null }>(res)[0]?.data_version;
    return openScope.run({ root, tx, tenantId, dataVersion: v === null || v === undefined ? null : Number(v) }, () => fn(tx));
  });
}

/** The SET LOCAL statements of a tenant scope on Citus (propagated to the workers), the tenant as a quoted literal. */
export function citusScopeStatements(tenantId: string, timeoutMs?: number, hiddenSources = '{}'): string {
  const literal = `'${tenantId.replace(/'/g, "''")}'`;
  return [
    `set local citus.propagate_set_commands = 'local'`,
    `set local ledgerline.tenant_id = ${literal}`,
    `set local ledgerline.hidden_sources = '${hiddenSources.replace(/'/g, "''")}'`,
    ...(timeoutMs === undefined ? [] : [`set local statement_timeout = ${Math.trunc(timeoutMs)}`]),
    `set local role ${APP_ROLE}`,
  ].join('; ');
}

/**
 * The transaction of the tenant scope the current async work runs in, with the handle it was opened on,
 * its tenant and that tenant's data version as read when the scope opened (undefined once it was bumped
 * inside the scope: then it is read again).
 */
const openScope = new AsyncLocalStorage<{ root: Db; tx: Db; tenantId: string; dataVersion: number | null | undefined }>();

/**
 * The data version of `tenantId` read when the open tenant scope began, when `db` works in that scope
 * (its scoped handle or its transaction) for that tenant and no bump happened in it since; else undefined.
 */
export function scopeDataVersion(db: Db, tenantId: string): number | null | undefined {
  const open = openScope.getStore();
  if (!open || open.tenantId !== tenantId) return undefined;
  if (db !== open.tx && (rootOf.get(db) ?? db) !== open.root) return undefined;
  return open.dataVersion;
}

/** After a bump of `tenantId`'s data version inside its scope: the next read goes to the database. */
export function forgetScopeDataVersion(tenantId: string): void {
  const open = openScope.getStore();
  if (open && open.tenantId === tenantId) open.dataVersion = undefined;
}
const scopedOf = new WeakMap<Db, Db>();
const rootOf = new WeakMap<Db, Db>();
const restrictedOf = new WeakMap<Db, Db>();

/**
 * Tenant scopes opened on `root` run their transaction on `restricted` instead: a pool logged in as a role
 * that is not a superuser and cannot leave the restricted role (lib/server/db-wall.ts). Null unregisters.
 */
export function registerRestrictedHandle(root: Db, restricted: Db | null): void {
  const base = rootOf.get(root) ?? root;
  if (restricted) restrictedOf.set(base, restricted);
  else restrictedOf.delete(base);
}

/**
 * One long-lived handle per database for tenant-scoped work: each call goes to the transaction of the
 * scope the caller runs in (AsyncLocalStorage), else to `root`. Work inside a scope that reaches the
 * database through it — a helper that was handed no transaction, a nested `transaction()` (a savepoint) —
 * stays in the scope's transaction and under its row-level security: on PostgreSQL it takes no second
 * pool connection outside the policies, on PGlite it does not wait for the one connection its own
 * transaction holds (a deadlock). Its identity is stable, so the per-handle caches (the planner's entity
 * index, the member and concept catalogues) keep working across requests: one cache for scoped work,
 * another for the unscoped root, so a scope never waits on a build queued behind its own transaction.
 */
export function scopedHandle(root: Db): Db {
  const base = rootOf.get(root) ?? root;
  let handle = scopedOf.get(base);
  if (!handle) {
    handle = new Proxy(base, {
      get(target, prop) {
        const open = openScope.getStore();
        const to = open && open.root === target ? open.tx : target;
        const v = Reflect.get(to, prop, to) as unknown;
        return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(to) : v;
      },
    });
    scopedOf.set(base, handle);
    rootOf.set(handle, base);
  }
  return handle;
}

/** The handle for `root` here: the scoped handle inside a tenant scope opened on it, else `root` itself. */
export function currentHandle(root: Db): Db {
  const base = rootOf.get(root) ?? root;
  return openScope.getStore()?.root === base ? scopedHandle(base) : base;
}

/** PostgreSQL's "canceling statement due to statement timeout" (SQLSTATE 57014), also when wrapped by drizzle. */
export function isStatementTimeout(e: unknown): boolean {
  for (let cur: unknown = e, depth = 0; cur && typeof cur === 'object' && depth < 5; cur = (cur as { cause?: unknown }).cause, depth++) {
    if ((cur as { code?: unknown }).code === '57014') return true;
  }
  return false;
}
