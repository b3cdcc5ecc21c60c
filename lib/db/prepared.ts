import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { isCitusHandle } from './citus';
import type { Db } from './client';

/** A node-postgres client or pool, as far as this module uses them. */
interface PgClientLike {
  query(text: string): Promise<unknown>;
  connect?: () => Promise<PgClientLike & { release(err?: Error): void }>;
}

/** The drizzle internals a named statement goes through (PgDatabase keeps them private). */
interface Internals {
  dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } };
  session: {
    /** node-postgres: the pool (outside a transaction) or the transaction's connection; PGlite: its instance */
    client: unknown;
    prepareQuery(
      q: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      arrayMode: boolean,
    ): { client: unknown; execute(): Promise<unknown> };
  };
}

/** Names of the texts seen lately (the hot statements are a handful of texts, hashed once each). */
const NAMES_KEPT = 512;
const names = new Map<string, string>();

/** The statement name of a SQL text: a hash of the text, so one name never stands for two texts. */
export function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `ll_${createHash('sha256').update(text).digest('base64url').slice(0, 40)}`;
    if (names.size >= NAMES_KEPT) names.clear();
    names.set(text, name);
  }
  return name;
}

/** node-postgres: a pool (holds connections: `totalCount`) or one of its checked-out connections (`release`); PGlite is neither. */
function pgPool(client: unknown): (PgClientLike & { connect: NonNullable<PgClientLike['connect']> }) | null {
  const c = client as { totalCount?: unknown; connect?: unknown } | null;
  return c && typeof c.totalCount === 'number' && typeof c.connect === 'function'
    ? (client as PgClientLike & { connect: NonNullable<PgClientLike['connect']> })
    : null;
}
function pgConnection(client: unknown): PgClientLike | null {
  const c = client as { release?: unknown; query?: unknown } | null;
  return c && typeof c.release === 'function' && typeof c.query === 'function' ? (client as PgClientLike) : null;
}

type ExecuteResult = Awaited<ReturnType<Db['execute']>>;

/**
 * The drizzle internals of `db`, checked at run time rather than cast: PgDatabase keeps its dialect and
 * session private, so a drizzle upgrade that renames them fails here, loudly, instead of later.
 */
function internalsOf(db: Db): Internals {
  const d: object = db;
  const dialect: unknown = Reflect.get(d, 'dialect');
  const session: unknown = Reflect.get(d, 'session');
  const hasFn = (o: unknown, name: string) => typeof o === 'object' && o !== null && typeof Reflect.get(o, name) === 'function';
  if (!hasFn(dialect, 'sqlToQuery') || !hasFn(session, 'prepareQuery')) {
    throw new Error('executePrepared: this drizzle version has no dialect.sqlToQuery / session.prepareQuery');
  }
  return { dialect, session } as Internals;
}

/**
 * `db.execute(query)` as a named (server-side prepared) statement with a generic plan, on PostgreSQL.
 * node-postgres parses it once per pool connection, on that connection's first use, and afterwards only
 * binds and executes it; the name is a hash of the SQL text (parameters are bound, never in the text), so
 * a different text gets a different statement. For the hot per-question lookups, planning is most of the
 * database's time: with `plan_cache_mode = force_generic_plan` at bind time the plan is made once per
 * connection and reused. (Left to `auto`, PostgreSQL keeps making custom plans: the generic plan of a
 * statement over the entity-partitioned tables is costed over all partitions, though it prunes to the
 * entity's partition at execution start, so it never looks cheaper.) The setting is made for this one
 * bind and reset after it, on the same connection (a pool connection is held for the three steps; inside
 * a transaction its own connection, where a rollback also undoes the setting). Row-level security still
 * applies: the server replans for another role and reads current_setting at execution.
 * PGlite: the same statement, executed unnamed (no plan cache to win there). Same result as `db.execute`.
 */
export async function executePrepared(db: Db, query: SQL): Promise<ExecuteResult> {
  const { dialect, session } = internalsOf(db);
  const q = dialect.sqlToQuery(query);
  const named = session.prepareQuery(q, undefined, statementName(q.sql), false);
  const pool = pgPool(session.client);
  const own = pool ? null : pgConnection(session.client);
  if (!pool && !own) return (await named.execute()) as ExecuteResult;
  // a Citus coordinator distributes a statement only with its parameters bound: a generic plan of a read that
  // joins distributed and reference tables cannot be distributed ("could not create distributed plan")
  if (isCitusHandle((pool ?? own)!)) return db.execute(query);
  const pinned = pool ? await pool.connect() : null;
  const conn = (pinned ?? own)!;
  try {
    named.client = conn;
    await conn.query('set plan_cache_mode = force_generic_plan');
    try {
      return (await named.execute()) as ExecuteResult;
    } finally {
      // in a failed transaction this fails too, and the rollback undoes the setting
      await conn.query('reset plan_cache_mode').catch(() => undefined);
    }
  } finally {
    pinned?.release();
  }
}
