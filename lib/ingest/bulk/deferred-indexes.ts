/**
 * Secondary indexes deferred for an initial bulk load (PostgreSQL). Measured on this machine, the
 * seven secondary indexes of `facts` cost ~85 % of the fact merge: each row is inserted into every
 * btree, in random key order. An initial load — a database that is not answering questions yet —
 * drops them first and builds each once at the end, a sorted build that is several times cheaper.
 *
 * Kept through the load: unique indexes and constraints (the merge's `on conflict` arbiter, the
 * sightings key), every index on `chain_key` (the chain re-derivation reads chains by key) and —
 * unless the primary key leads with `entity_id` (facts and fact_sightings: it serves them) — the
 * narrowest index led by `entity_id` (the calendar and relabel reads of one entity), so no
 * statement of the load turns into a scan of the growing table.
 *
 * Crash-safe: the definition (pg_get_indexdef) is recorded in `bulk_deferred_indexes` in the same
 * transaction as the drop, and each rebuild deletes its record in the transaction that creates the
 * index. A load killed mid-archive leaves the records; the next bulk run rebuilds them at its end
 * (or at once, when it does not defer).
 */
import type { Connection } from '@/lib/db/client';

export const DEFERRABLE_TABLES = ['facts', 'fact_sightings'] as const;

/** Serializes drop and rebuild between concurrent bulk runs. */
const LOCK_KEY = 727276;

interface IndexInfo {
  index_name: string;
  table_name: string;
  /** key columns, in order (null for an expression) */
  columns: (string | null)[];
  definition: string;
}

/** The secondary indexes of the deferrable tables, with what decides whether the load needs them. */
async function secondaryIndexes(conn: Connection): Promise<IndexInfo[]> {
  return conn.query<IndexInfo>(
    `select c.relname as index_name, t.relname as table_name,
            array(select a.attname::text from generate_subscripts(i.indkey, 1) k
                    left join pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[k]
                   where k < i.indnkeyatts order by k) as columns,
            pg_get_indexdef(i.indexrelid) as definition
       from pg_index i
       join pg_class c on c.oid = i.indexrelid
       join pg_class t on t.oid = i.indrelid
      where t.relnamespace = current_schema()::regnamespace and t.relname = any($1::text[])
        and not i.indisunique and not i.indisprimary
        and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
      order by c.relname`,
    [[...DEFERRABLE_TABLES]],
  );
}

/**
 * The indexes an initial load can drop (see the file comment for what it keeps). `entityKeyed`: the
 * tables whose primary key leads with `entity_id` — it serves the reads of one entity, so no
 * secondary entity index is kept for them (measured, 300 companies: ~5 % faster load without
 * maintaining facts' (entity_id, fiscal_year) row by row).
 */
export function indexesToDefer(all: IndexInfo[], entityKeyed: ReadonlySet<string> = new Set()): IndexInfo[] {
  const keep = new Set<string>();
  for (const table of DEFERRABLE_TABLES) {
    const own = all.filter((i) => i.table_name === table);
    for (const i of own) if (i.columns.includes('chain_key')) keep.add(i.index_name);
    if (entityKeyed.has(table)) continue;
    const byEntity = own
      .filter((i) => i.columns[0] === 'entity_id')
      .sort((a, b) => a.columns.length - b.columns.length || a.index_name.localeCompare(b.index_name));
    if (byEntity[0]) keep.add(byEntity[0].index_name);
  }
  return all.filter((i) => !keep.has(i.index_name));
}

/** The deferrable tables whose primary key's first column is `entity_id`. */
async function entityKeyedTables(conn: Connection): Promise<Set<string>> {
  const rows = await conn.query<{ table_name: string }>(
    `select t.relname as table_name
       from pg_index i
       join pg_class t on t.oid = i.indrelid
       join pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
      where t.relnamespace = current_schema()::regnamespace and t.relname = any($1::text[]) and i.indisprimary and a.attname = 'entity_id'`,
    [[...DEFERRABLE_TABLES]],
  );
  return new Set(rows.map((r) => r.table_name));
}

const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;

/** Drops the deferrable indexes, recording each definition; returns their names. Outside a transaction. */
export async function deferIndexes(conn: Connection): Promise<string[]> {
  await conn.query('select pg_advisory_lock($1)', [LOCK_KEY]);
  try {
    const drop = indexesToDefer(await secondaryIndexes(conn), await entityKeyedTables(conn));
    for (const i of drop) {
      await conn.query('begin');
      try {
        await conn.query(
          `insert into bulk_deferred_indexes (index_name, table_name, definition) values ($1, $2, $3)
           on conflict (index_name) do update set table_name = excluded.table_name, definition = excluded.definition, deferred_at = excluded.deferred_at`,
          [i.index_name, i.table_name, i.definition],
        );
        await conn.query(`drop index ${ident(i.index_name)}`);
        await conn.query('commit');
      } catch (e) {
        await conn.query('rollback').catch(() => undefined);
        throw e;
      }
    }
    return drop.map((i) => i.index_name);
  } finally {
    await conn.query('select pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => undefined);
  }
}

/** Indexes dropped by a load and not rebuilt yet. */
export async function pendingIndexes(conn: Connection): Promise<{ index_name: string; table_name: string; definition: string }[]> {
  return conn.query(`select index_name, table_name, definition from bulk_deferred_indexes order by index_name`);
}

/** Key columns of an index definition (`… USING btree (a, b, c) WHERE …` → 3). */
export function keyWidth(definition: string): number {
  const m = /USING \w+ \(([^)]*)\)/.exec(definition);
  return m ? m[1]!.split(',').length : 1;
}

/**
 * Work that runs beside the index builds on the same connections (the closing ANALYZE of a load): it
 * takes a lock on `table` that a build of that table conflicts with (ANALYZE's SHARE UPDATE EXCLUSIVE
 * against CREATE INDEX's SHARE), so it never runs beside a build of its table — nor another task of
 * its table — while builds and tasks of other tables run side by side.
 */
export interface AlongsideTask {
  table: string;
  label: string;
  run(conn: Connection): Promise<void>;
}

/**
 * Builds every recorded index (one transaction each, its record deleted with it) and runs the
 * `alongside` tasks; returns the seconds until the last build and until the last task finished
 * (both from the start: they overlap). An index that exists meanwhile is not built twice. Outside a
 * transaction. `helpers`: more connections (outside a transaction) that take work of the list at the
 * same time — each build takes a SHARE lock on its table, which another build's does not block, so two
 * cores build two indexes at once, or analyze one table while building the indexes of another.
 * Tasks go in the order given (the longest first: it bounds the rest), then the builds.
 */
export async function rebuildIndexes(
  conn: Connection,
  log?: (line: string) => void,
  helpers: Connection[] = [],
  alongside: AlongsideTask[] = [],
): Promise<{ rebuilt: string[]; seconds: number; alongsideSeconds: number }> {
  const t0 = performance.now();
  const rebuilt: string[] = [];
  let buildsDone = t0;
  let tasksDone = t0;
  await conn.query('select pg_advisory_lock($1)', [LOCK_KEY]);
  try {
    type Work =
      | { kind: 'build'; table: string; p: { index_name: string; table_name: string; definition: string } }
      | { kind: 'task'; table: string; task: AlongsideTask };
    // the widest keys first (the longest sorts: measured, the 3- to 5-column text keys of facts take 3-5×
    // the single-column ones), so the connections finish together instead of one building the last long one alone
    const builds = (await pendingIndexes(conn)).sort(
      (a, b) => keyWidth(b.definition) - keyWidth(a.definition) || a.index_name.localeCompare(b.index_name),
    );
    const work: Work[] = [
      ...alongside.map((task): Work => ({ kind: 'task', table: task.table, task })),
      ...builds.map((p): Work => ({ kind: 'build', table: p.table_name, p })),
    ];
    if (!work.length) return { rebuilt, seconds: 0, alongsideSeconds: 0 };
    /** per table: builds running, and whether a task runs */
    const building = new Map<string, number>();
    const tasking = new Set<string>();
    let failed = false;
    let wake: () => void = () => undefined;
    let changed = new Promise<void>((r) => (wake = r));
    const signal = () => {
      const w = wake;
      changed = new Promise<void>((r) => (wake = r));
      w();
    };
    /**
     * builds running per table and key columns: two indexes of a partitioned table on the same columns
     * (facts_dims_entity_idx and facts_split_idx) get the same generated name on each partition, and two
     * builds at once would both pick it (`duplicate key … pg_class_relname_nsp_index`): one at a time
     */
    const namesakes = new Set<string>();
    const namesake = (w: Work) =>
      w.kind === 'build' ? `${w.table}|${/USING \w+ \(([^)]*)\)/.exec(w.p.definition)?.[1] ?? w.p.index_name}` : '';
    const runnable = (w: Work) => !tasking.has(w.table) && (w.kind === 'build' ? !namesakes.has(namesake(w)) : !building.get(w.table));
    const worker = async (c: Connection) => {
      let prepared = false;
      try {
        for (;;) {
          if (failed) return;
          const i = work.findIndex((w) => runnable(w));
          if (i < 0) {
            if (!work.length) return;
            await changed;
            continue;
          }
          const w = work.splice(i, 1)[0]!;
          const t = performance.now();
          if (w.kind === 'task') {
            tasking.add(w.table);
            try {
              await w.task.run(c);
            } finally {
              tasking.delete(w.table);
              signal();
            }
            tasksDone = Math.max(tasksDone, performance.now());
            log?.(`${w.task.label} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
            continue;
          }
          const p = w.p;
          // claimed before the first await: another connection picks its next work meanwhile
          building.set(w.table, (building.get(w.table) ?? 0) + 1);
          namesakes.add(namesake(w));
          try {
            if (!prepared) {
              prepared = true;
              await c.query(`set maintenance_work_mem = '512MB'`).catch(() => undefined);
              // no parallel workers: the builds run side by side already, and a worker's CPU is not the
              // session's (the summary counts the sessions' CPU)
              await c.query('set max_parallel_maintenance_workers = 0').catch(() => undefined);
            }
            await c.query('begin');
            try {
              const exists = await c.query(`select 1 from pg_class where relname = $1 and relnamespace = current_schema()::regnamespace`, [
                p.index_name,
              ]);
              // a partitioned table's index reads `ON ONLY`: built that way it would cover no partition
              if (!exists.length) await c.query(p.definition.replace(/ ON ONLY /, ' ON '));
              await c.query('delete from bulk_deferred_indexes where index_name = $1', [p.index_name]);
              await c.query('commit');
            } catch (e) {
              await c.query('rollback').catch(() => undefined);
              throw e;
            }
          } finally {
            building.set(w.table, building.get(w.table)! - 1);
            namesakes.delete(namesake(w));
            signal();
          }
          buildsDone = Math.max(buildsDone, performance.now());
          rebuilt.push(p.index_name);
          log?.(`rebuilt ${p.index_name} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
        }
      } catch (e) {
        failed = true;
        work.length = 0;
        signal();
        throw e;
      } finally {
        if (prepared) {
          await c.query('reset maintenance_work_mem').catch(() => undefined);
          await c.query('reset max_parallel_maintenance_workers').catch(() => undefined);
        }
      }
    };
    // every worker finishes (or fails) before the lock is released
    const results = await Promise.allSettled([conn, ...helpers].map(worker));
    const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failure) throw failure.reason;
  } finally {
    await conn.query('select pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => undefined);
  }
  return { rebuilt, seconds: (buildsDone - t0) / 1000, alongsideSeconds: (tasksDone - t0) / 1000 };
}
