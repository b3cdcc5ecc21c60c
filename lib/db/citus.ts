import type { Connection, Database } from './client';

/**
 * The schema on a Citus coordinator. The migrations are the same on every database; on a coordinator (the
 * citus extension is installed) this step runs after them, idempotently, and lays the tables out:
 * - the entity-keyed tables are distributed by `entity_id`, colocated (one company's rows of every one of
 *   them live in one shard group, so a single-company statement is one task on one worker);
 * - the tenant-keyed screen values are distributed by `tenant_id` (a screen reads one shard);
 * - manifests and their verdicts stay on the coordinator (Citus local tables: an answer's write is local);
 * - every other table is a reference table (a copy on every node): the shared and small tables
 *   (tenants, entities, metrics, sources, calendars, ...) that the entity-keyed ones reference and join.
 * A table placed before keeps its place (a cluster laid out before the screen values or the coordinator tables
 * keeps manifests as a reference table).
 * On one PostgreSQL the entity-keyed tables are hash-partitioned by `entity_id` (drizzle/0014); under Citus the
 * shards already are that partitioning, so a partitioned table becomes one plain table before it is distributed.
 */

/** Distributed by entity_id, colocated; listed so that a table comes after the tables it references. */
export const DISTRIBUTED_TABLES = ['source_tables', 'source_cells', 'facts', 'fact_sightings', 'chunks', 'concept_labels'] as const;
export const DISTRIBUTION_COLUMN = 'entity_id';
/**
 * Distributed by tenant_id, in a colocation group of their own: tables read a whole tenant at a time (the screen
 * values, lib/db/screen-values.ts), so that read is one task on one shard rather than one on every shard.
 */
export const TENANT_DISTRIBUTED_TABLES = ['screen_values'] as const;
export const TENANT_DISTRIBUTION_COLUMN = 'tenant_id';
/**
 * Kept on the coordinator alone (Citus local tables): written once per answer, read by id or by tenant, never
 * joined where a shard could not read them through the coordinator. A reference table's write is a two-phase
 * commit on every node (its copies), which was the most of a single-company question's time on the cluster; a
 * coordinator table's write is local. Their references to reference tables hold, and Citus joins them with
 * distributed tables by pulling their rows first (citus.local_table_join_policy).
 */
export const COORDINATOR_TABLES = ['manifests', 'verdicts'] as const;

const citusHandles = new WeakSet<object>();
/** Records that a query handle talks to a Citus coordinator (lib/db/client marks the handles it opens there). */
export function markCitus(handle: object): void {
  citusHandles.add(handle);
}
/** Whether a handle was opened on a Citus coordinator. */
export function isCitusHandle(handle: object): boolean {
  return citusHandles.has(handle);
}

/** Whether this database is a Citus coordinator (the extension is installed in it). */
export async function hasCitus(q: Pick<Database, 'query'>): Promise<boolean> {
  const [row] = await q.query<{ on: boolean }>(`select exists(select 1 from pg_extension where extname = 'citus') as on`);
  return row?.on === true;
}

export interface CitusLayout {
  distributed: string[];
  reference: string[];
  /** tables flattened from hash partitions into one table before distribution (first run only) */
  flattened: string[];
}

/**
 * Lay the migrated schema out on the cluster (no-op on a database without Citus), on the connection that
 * holds the migration lock. Idempotent: tables already placed are left as they are.
 */
export async function distributeOnCitus(conn: Connection): Promise<CitusLayout | null> {
  if (!(await hasCitus(conn))) return null;
  await letRestrictedRoleReachWorkers(conn);
  const placed = new Set(
    (await conn.query<{ rel: string }>(`select logicalrelid::regclass::text as rel from pg_dist_partition`)).map((r) => r.rel),
  );
  const tables = (
    await conn.query<{ rel: string; kind: string }>(
      `select c.relname as rel, c.relkind::text as kind from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition`,
    )
  ).filter((t) => !placed.has(t.rel));
  const distributed = DISTRIBUTED_TABLES.filter((t) => tables.some((x) => x.rel === t));
  const byTenant = TENANT_DISTRIBUTED_TABLES.filter((t) => tables.some((x) => x.rel === t));
  const flattened = distributed.filter((t) => tables.find((x) => x.rel === t)?.kind === 'p');
  const local = COORDINATOR_TABLES.filter((t) => tables.some((x) => x.rel === t));
  const notReference: readonly string[] = [...DISTRIBUTED_TABLES, ...TENANT_DISTRIBUTED_TABLES, ...COORDINATOR_TABLES];
  const reference = referenceOrder(
    tables.map((t) => t.rel).filter((t) => !notReference.includes(t)),
    await foreignKeyEdges(conn),
  );
  if (distributed.length === 0 && reference.length === 0 && byTenant.length === 0 && local.length === 0)
    return { distributed: [...distributed, ...byTenant], reference, flattened };
  const withRows = new Set<string>();
  for (const t of [...reference, ...distributed, ...byTenant])
    if ((await conn.query(`select 1 from only ${ident(t)} limit 1`)).length > 0) withRows.add(t);
  await conn.query('begin');
  try {
    // one connection per worker for the whole step: reference tables written in it are read by the next steps
    await conn.query(`set local citus.multi_shard_modify_mode to 'sequential'`);
    if (flattened.length > 0) await flattenPartitions(conn, flattened);
    await keepOnlyDistributableForeignKeys(conn, distributed);
    await refuseSubqueryPolicies(conn, [...distributed, ...byTenant]);
    for (const t of reference) await conn.query(`select create_reference_table($1)`, [t]);
    // after the reference tables they refer to, each after the one it refers to (manifests, then verdicts)
    for (const t of local) await conn.query(`select citus_add_local_table_to_metadata($1)`, [t]);
    // the references among the entity-keyed tables are set aside while they are distributed one by one (Citus
    // refuses a reference between a distributed and a not yet distributed table), then added back: colocated
    // and keyed by entity_id, Citus checks them shard by shard
    const among = await foreignKeysAmong(conn, distributed);
    for (const f of among) await conn.query(`alter table ${ident(f.table)} drop constraint ${ident(f.name)}`);
    for (const t of distributed) await conn.query(`select create_distributed_table($1, $2)`, [t, DISTRIBUTION_COLUMN]);
    for (const f of among) await conn.query(`alter table ${ident(f.table)} add constraint ${ident(f.name)} ${f.def}`);
    for (const t of byTenant)
      await conn.query(`select create_distributed_table($1, $2, colocate_with => 'none')`, [t, TENANT_DISTRIBUTION_COLUMN]);
    await conn.query('commit');
  } catch (e) {
    await conn.query('rollback');
    throw e;
  }
  // rows that were in the tables before they were distributed were copied into the shards; the local copies go
  for (const t of [...reference, ...distributed, ...byTenant].filter((x) => withRows.has(x)))
    await conn.query(`select truncate_local_data_after_distributing_table($1)`, [t]);
  return { distributed: [...distributed, ...byTenant], reference, flattened };
}

/**
 * Citus opens its connections to the workers as the current role, so inside a tenant scope (SET LOCAL ROLE to
 * the restricted role) the restricted role must be able to log in to the workers; what may reach them is
 * pg_hba.conf's and citus.node_conninfo's business. It stays without BYPASSRLS, superuser or any grant it had not.
 */
async function letRestrictedRoleReachWorkers(conn: Connection): Promise<void> {
  const [r] = await conn.query<{ login: boolean }>(`select rolcanlogin as login from pg_roles where rolname = 'ledgerline_app'`);
  if (r && !r.login) await conn.query('alter role ledgerline_app login');
}

/** The foreign keys between two of `tables` (each once, on its referencing table). */
async function foreignKeysAmong(conn: Connection, tables: string[]): Promise<Array<{ name: string; table: string; def: string }>> {
  return conn.query(
    `select c.conname as name, c.conrelid::regclass::text as table, pg_get_constraintdef(c.oid) as def from pg_constraint c
     where c.contype = 'f' and c.conparentid = 0 and c.conrelid::regclass::text = any($1) and c.confrelid::regclass::text = any($1)`,
    [tables],
  );
}

/** (referencing, referenced) pairs of the public tables' foreign keys. */
async function foreignKeyEdges(conn: Connection): Promise<Array<[string, string]>> {
  const rows = await conn.query<{ from: string; to: string }>(
    `select distinct c.conrelid::regclass::text as from, c.confrelid::regclass::text as to
     from pg_constraint c join pg_class r on r.oid = c.conrelid join pg_namespace n on n.oid = r.relnamespace
     where c.contype = 'f' and n.nspname = 'public' and c.conparentid = 0`,
  );
  return rows.map((r) => [r.from, r.to]);
}

/** A reference table's referenced tables become reference tables first (Citus requires it). */
export function referenceOrder(tables: string[], edges: Array<[string, string]>): string[] {
  const pending = new Set(tables);
  const out: string[] = [];
  while (pending.size > 0) {
    const ready = [...pending].filter((t) => !edges.some(([from, to]) => from === t && to !== t && pending.has(to))).sort();
    if (ready.length === 0) throw new Error(`foreign keys form a cycle among ${[...pending].join(', ')}`);
    for (const t of ready) {
      pending.delete(t);
      out.push(t);
    }
  }
  return out;
}

interface TableDefinition {
  table: string;
  /** constraints of the table itself: primary key, unique, check, and its foreign keys */
  constraints: Array<{ name: string; def: string; table: string }>;
  /** foreign keys of other tables that reference this one */
  referencing: Array<{ name: string; def: string; table: string }>;
  indexes: string[];
  policies: string[];
  rowSecurity: { enabled: boolean; forced: boolean };
  grants: string[];
}

/**
 * Each hash-partitioned table becomes one plain table with the same columns, defaults, storage, keys,
 * indexes (by their names), references, row-level security and grants, and the same rows.
 */
async function flattenPartitions(conn: Connection, tables: string[]): Promise<void> {
  const defs: TableDefinition[] = [];
  for (const t of tables) defs.push(await tableDefinition(conn, t));
  for (const d of defs) {
    const old = `${d.table}__partitioned`;
    await conn.query(`alter table ${ident(d.table)} rename to ${ident(old)}`);
    await conn.query(
      `create table ${ident(d.table)} (like ${ident(old)} including defaults including generated including storage including compression including identity including comments)`,
    );
    const cols = (
      await conn.query<{ name: string }>(
        `select attname as name from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
        [old],
      )
    ).map((c) => ident(c.name));
    await conn.query(`insert into ${ident(d.table)} (${cols.join(', ')}) select ${cols.join(', ')} from ${ident(old)}`);
  }
  for (const d of defs) await conn.query(`drop table ${ident(`${d.table}__partitioned`)} cascade`);
  const restore = [
    ...defs.flatMap((d) => d.constraints.filter((c) => !c.def.startsWith('FOREIGN KEY'))),
    ...defs.flatMap((d) => [...d.constraints.filter((c) => c.def.startsWith('FOREIGN KEY')), ...d.referencing]),
  ];
  const seen = new Set<string>();
  for (const c of restore) {
    if (seen.has(`${c.table}.${c.name}`)) continue;
    seen.add(`${c.table}.${c.name}`);
    await conn.query(`alter table ${ident(c.table)} add constraint ${ident(c.name)} ${c.def}`);
  }
  for (const d of defs) {
    for (const i of d.indexes) await conn.query(i);
    if (d.rowSecurity.enabled) await conn.query(`alter table ${ident(d.table)} enable row level security`);
    if (d.rowSecurity.forced) await conn.query(`alter table ${ident(d.table)} force row level security`);
    for (const p of d.policies) await conn.query(p);
    for (const g of d.grants) await conn.query(g);
  }
}

async function tableDefinition(conn: Connection, table: string): Promise<TableDefinition> {
  const constraints = await conn.query<{ name: string; def: string; table: string }>(
    `select conname as name, pg_get_constraintdef(oid) as def, conrelid::regclass::text as table
     from pg_constraint where conrelid = $1::regclass and contype in ('p', 'u', 'c', 'f') and conparentid = 0
     order by contype = 'f', conname`,
    [table],
  );
  const referencing = await conn.query<{ name: string; def: string; table: string }>(
    `select conname as name, pg_get_constraintdef(oid) as def, conrelid::regclass::text as table
     from pg_constraint where confrelid = $1::regclass and contype = 'f' and conparentid = 0 and conrelid <> $1::regclass`,
    [table],
  );
  const indexes = (
    await conn.query<{ def: string }>(
      `select pg_get_indexdef(i.indexrelid) as def from pg_index i
       where i.indrelid = $1::regclass and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid and c.conrelid = i.indrelid)`,
      [table],
    )
  ).map((r) => r.def.replace(/ ON ONLY /, ' ON '));
  const policies = (
    await conn.query<{ name: string; permissive: string; roles: string[]; cmd: string; qual: string | null; check: string | null }>(
      `select policyname as name, permissive, roles::text[] as roles, cmd, qual, with_check as check
       from pg_policies where schemaname = 'public' and tablename = $1`,
      [table],
    )
  ).map(
    (p) =>
      `create policy ${ident(p.name)} on ${ident(table)} as ${p.permissive} for ${p.cmd} to ${p.roles.map(roleName).join(', ')}` +
      `${p.qual ? ` using (${p.qual})` : ''}${p.check ? ` with check (${p.check})` : ''}`,
  );
  const [rls] = await conn.query<{ enabled: boolean; forced: boolean }>(
    `select relrowsecurity as enabled, relforcerowsecurity as forced from pg_class where oid = $1::regclass`,
    [table],
  );
  const grants = (
    await conn.query<{ grantee: string; privileges: string }>(
      `select case when a.grantee = 0 then 'public' else quote_ident(r.rolname) end as grantee, string_agg(a.privilege_type, ', ') as privileges
       from pg_class c, aclexplode(c.relacl) a left join pg_roles r on r.oid = a.grantee
       where c.oid = $1::regclass and a.grantee <> c.relowner group by 1`,
      [table],
    )
  ).map((g) => `grant ${g.privileges} on ${ident(table)} to ${g.grantee}`);
  return { table, constraints, referencing, indexes, policies, rowSecurity: rls ?? { enabled: false, forced: false }, grants };
}

/**
 * Citus cannot set the distribution column to null when a referenced row goes, so a foreign key that includes
 * entity_id and sets columns null (or to their defaults) on delete checks the reference instead (no action).
 * The rows it guards (table cells) are only ever deleted with their source, whose facts go first.
 */
async function keepOnlyDistributableForeignKeys(conn: Connection, tables: string[]): Promise<void> {
  const rows = await conn.query<{ name: string; table: string; def: string }>(
    `select c.conname as name, c.conrelid::regclass::text as table, pg_get_constraintdef(c.oid) as def
     from pg_constraint c
     where c.contype = 'f' and c.conrelid::regclass::text = any($1) and c.confdeltype in ('n', 'd')
       and exists (select 1 from pg_attribute a where a.attrelid = c.conrelid and a.attnum = any(c.conkey) and a.attname = $2)`,
    [tables, DISTRIBUTION_COLUMN],
  );
  for (const r of rows) {
    const def = r.def.replace(/ON DELETE SET (NULL|DEFAULT)( \([^)]*\))?/, 'ON DELETE NO ACTION');
    await conn.query(`alter table ${ident(r.table)} drop constraint ${ident(r.name)}`);
    await conn.query(`alter table ${ident(r.table)} add constraint ${ident(r.name)} ${def}`);
  }
}

/** Citus evaluates a distributed table's policies on the shards, where a policy may not run a subquery. */
async function refuseSubqueryPolicies(conn: Connection, tables: string[]): Promise<void> {
  const rows = await conn.query<{ table: string; name: string }>(
    `select tablename as table, policyname as name from pg_policies
     where schemaname = 'public' and tablename = any($1) and (qual ~* '\\mselect\\M' or with_check ~* '\\mselect\\M')`,
    [tables],
  );
  if (rows.length > 0)
    throw new Error(
      `Citus cannot distribute tables whose row-level security policies run subqueries: ${rows.map((r) => `${r.table}.${r.name}`).join(', ')}. ` +
        'A policy on an entity-keyed table must test the row itself (its tenant_id).',
    );
}

function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function roleName(role: string): string {
  return role === 'public' ? 'public' : ident(role);
}

/**
 * Whether a database error says a Citus node could not be reached (a worker stopped or cut off): SQLSTATE
 * class 08 (connection exception) raised about a remote node, anywhere in the error's cause chain. The statement
 * failed as a whole — a distributed read returns every shard's rows or an error, never some of them.
 */
export function isNodeUnreachable(e: unknown): boolean {
  for (let cur: unknown = e, depth = 0; cur && typeof cur === 'object' && depth < 5; cur = (cur as { cause?: unknown }).cause, depth++) {
    const { code, message } = cur as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && code.startsWith('08') && typeof message === 'string' && /remote node/i.test(message)) return true;
  }
  return false;
}
