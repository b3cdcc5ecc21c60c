/**
 * Copy every table of one database into another of the same schema (the same migrations), table by table with
 * `COPY … TO STDOUT` piped into `COPY … FROM STDIN`, parents before the tables that refer to them. The universe
 * bench loads a Citus cluster this way from the PostgreSQL universe of the same run: the same rows, so the same
 * answers, in minutes instead of the hours a second ingestion through the coordinator takes. Secondary indexes
 * of the large tables are dropped during the copy and rebuilt after it (Citus builds them on every shard).
 */
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';

/** Tables whose secondary indexes are rebuilt after the copy instead of maintained row by row. */
const REBUILD = ['facts', 'fact_sightings', 'sources', 'entities'];

export interface CopySummary {
  rows: number;
  seconds: number;
  indexSeconds: number;
  tables: { name: string; rows: number }[];
}

/** Tables of the public schema (partitioned parents, not their partitions), each after the tables it refers to. */
async function tablesInOrder(src: pg.Client): Promise<string[]> {
  const names = (
    await src.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by 1`,
    )
  ).rows.map((r) => r.name);
  const refs = (
    await src.query<{ child: string; parent: string }>(
      `select distinct c.relname as child, p.relname as parent from pg_constraint k
         join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
         join pg_namespace n on n.oid = c.relnamespace
        where k.contype = 'f' and n.nspname = 'public' and c.oid <> p.oid and not c.relispartition and not p.relispartition`,
    )
  ).rows;
  const out: string[] = [];
  const seen = new Set<string>();
  const visit = (t: string, path: Set<string>) => {
    if (seen.has(t) || path.has(t)) return;
    path.add(t);
    for (const r of refs) if (r.child === t && names.includes(r.parent)) visit(r.parent, path);
    path.delete(t);
    seen.add(t);
    out.push(t);
  };
  for (const t of names) visit(t, new Set());
  return out;
}

async function columns(c: pg.Client, table: string): Promise<string[]> {
  return (
    await c.query<{ name: string }>(
      `select attname as name from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
      [`public."${table}"`],
    )
  ).rows.map((r) => r.name);
}

/** Secondary (non-constraint) indexes of `tables` on the destination: dropped now, their definitions returned. */
async function dropSecondaryIndexes(dst: pg.Client, tables: string[]): Promise<string[]> {
  const idx = (
    await dst.query<{ name: string; def: string }>(
      `select i.relname as name, pg_get_indexdef(x.indexrelid) as def from pg_index x
         join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid join pg_namespace n on n.oid = t.relnamespace
        where n.nspname = 'public' and t.relname = any($1) and not exists (select 1 from pg_constraint k where k.conindid = x.indexrelid)`,
      [tables],
    )
  ).rows;
  for (const i of idx) await dst.query(`drop index public."${i.name}"`);
  return idx.map((i) => i.def);
}

/** `only`: copy these tables alone (e.g. what a screen reads: tenants, entities, screen_values), the others stay empty. */
export async function copyTables(fromUrl: string, toUrl: string, log: (s: string) => void, only?: string[]): Promise<CopySummary> {
  const src = new pg.Client({ connectionString: fromUrl });
  const dst = new pg.Client({ connectionString: toUrl });
  await src.connect();
  await dst.connect();
  const t0 = performance.now();
  const tables: CopySummary['tables'] = [];
  try {
    const order = await tablesInOrder(src);
    const present = new Set(
      (await dst.query<{ name: string }>(`select tablename as name from pg_tables where schemaname = 'public'`)).rows.map((r) => r.name),
    );
    const copied = order.filter((t) => present.has(t) && (!only || only.includes(t)));
    // what the destination's migrations seeded comes again from the source
    await dst.query(`truncate ${copied.map((t) => `public."${t}"`).join(', ')} cascade`);
    const defs = await dropSecondaryIndexes(
      dst,
      REBUILD.filter((t) => copied.includes(t)),
    );
    for (const t of copied) {
      const [{ n } = { n: 0 }] = (await src.query<{ n: number }>(`select count(*)::int as n from public."${t}"`)).rows;
      if (n === 0) continue;
      const dstCols = new Set(await columns(dst, t));
      const cols = (await columns(src, t)).filter((c) => dstCols.has(c)).map((c) => `"${c}"`);
      const t1 = performance.now();
      await pipeline(
        src.query(copyTo(`copy (select ${cols.join(', ')} from public."${t}") to stdout`)),
        dst.query(copyFrom(`copy public."${t}" (${cols.join(', ')}) from stdin`)),
      );
      tables.push({ name: t, rows: n });
      log(`     copied ${t}: ${n.toLocaleString('en-US')} rows in ${((performance.now() - t1) / 1000).toFixed(1)} s`);
    }
    // a source from before the screen values: its tenants have none yet (migrate() on the destination builds them)
    if (present.has('screen_values') && !order.includes('screen_values')) await dst.query('update tenants set screen_values_version = 0');
    const t2 = performance.now();
    for (const def of defs) await dst.query(def);
    const indexSeconds = (performance.now() - t2) / 1000;
    log(`     ${defs.length} secondary indexes rebuilt in ${indexSeconds.toFixed(1)} s`);
    // serial columns continue after the copied rows
    const serials = (
      await dst.query<{ t: string; c: string }>(
        `select table_name as t, column_name as c from information_schema.columns where table_schema = 'public' and column_default like 'nextval(%'`,
      )
    ).rows;
    for (const s of serials)
      await dst.query(
        `select setval(pg_get_serial_sequence($1, $2), coalesce((select max("${s.c}") from public."${s.t}"), 0) + 1, false)`,
        [`public."${s.t}"`, s.c],
      );
    return { rows: tables.reduce((a, t) => a + t.rows, 0), seconds: (performance.now() - t0) / 1000, indexSeconds, tables };
  } finally {
    await src.end();
    await dst.end();
  }
}
