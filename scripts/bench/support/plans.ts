/**
 * Query plans for the scale benches (PostgreSQL):
 *   - captureQueries: the statements an operation sends (through a logging drizzle handle on the same
 *     database), so the plans shown are those of the real query shapes, parameters included;
 *   - explainAnalyze: `EXPLAIN (ANALYZE, BUFFERS)` of one statement, summarised (execution time,
 *     shared buffers hit/read, the scans and indexes used, the partitions actually scanned) with the
 *     plan text kept;
 *   - partitionProof: the shard key on the same data — facts and chunks copied into tables
 *     `partition by hash (entity_id)` (16 partitions, primary key (entity_id, id), the same secondary
 *     indexes) — and the partitions a single-company lookup, a two-company comparison and a
 *     whole-tenant question touch, next to the unpartitioned plan.
 */
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Database, Db } from '@/lib/db/client';
import * as schema from '@/lib/db/schema';

export interface Statement {
  text: string;
  params: unknown[];
}

/** Run `fn` on a drizzle handle over `url` that records every statement; the pool is closed afterwards. */
export async function captureQueries<T>(url: string, fn: (db: Db) => Promise<T>): Promise<{ statements: Statement[]; result: T }> {
  const statements: Statement[] = [];
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  try {
    const db = drizzle(pool, { schema, logger: { logQuery: (text, params) => statements.push({ text, params }) } }) as unknown as Db;
    const result = await fn(db);
    return { statements, result };
  } finally {
    await pool.end();
  }
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Loops'?: number;
  'Subplans Removed'?: number;
  Plans?: PlanNode[];
}

export interface PlanSummary {
  label: string;
  executionMs: number;
  planningMs: number;
  sharedHit: number;
  sharedRead: number;
  /** "Index Scan on facts_lookup_idx", "Seq Scan on sources", … (nodes that ran) */
  scans: string[];
  /** partitions of a partitioned table that were scanned (loops > 0), by table */
  partitionsScanned: Record<string, number>;
  /** the plan as PostgreSQL prints it (ANALYZE, BUFFERS, costs off) */
  text: string[];
}

function walk(n: PlanNode, visit: (n: PlanNode) => void): void {
  visit(n);
  for (const c of n.Plans ?? []) walk(c, visit);
}

/** `EXPLAIN (ANALYZE, BUFFERS)` of a statement; `partitionOf` maps a relation name to its partitioned table (null: not a partition). */
export async function explainAnalyze(d: Database, label: string, s: Statement, partitionOf: (relation: string) => string | null = () => null): Promise<PlanSummary> {
  const params = s.params.map((p) => (p instanceof Date ? p.toISOString() : p));
  const [row] = await d.query<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number; 'Planning Time': number; Planning?: { 'Shared Hit Blocks'?: number } }] }>(
    `explain (analyze, buffers, format json) ${s.text}`,
    params,
  );
  const top = row!['QUERY PLAN'][0];
  const scans: string[] = [];
  const parts: Record<string, Set<string>> = {};
  walk(top.Plan, (n) => {
    if (!n['Relation Name'] || (n['Actual Loops'] ?? 1) === 0) return;
    const scan = `${n['Node Type']} on ${n['Index Name'] ?? n['Relation Name']}`;
    if (!scans.includes(scan)) scans.push(scan);
    const parent = partitionOf(n['Relation Name']);
    if (parent) (parts[parent] ??= new Set()).add(n['Relation Name']);
  });
  const buffers = (n: PlanNode & { 'Shared Hit Blocks'?: number; 'Shared Read Blocks'?: number }) => ({ hit: n['Shared Hit Blocks'] ?? 0, read: n['Shared Read Blocks'] ?? 0 });
  const b = buffers(top.Plan as PlanNode & { 'Shared Hit Blocks'?: number; 'Shared Read Blocks'?: number });
  const text = (await d.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers, costs off) ${s.text}`, params)).map((r) => r['QUERY PLAN']);
  return {
    label,
    executionMs: Math.round(top['Execution Time'] * 100) / 100,
    planningMs: Math.round(top['Planning Time'] * 100) / 100,
    sharedHit: b.hit,
    sharedRead: b.read,
    scans,
    partitionsScanned: Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, v.size])),
    text,
  };
}

export const PARTITIONS = 16;
const partitionOf = (rel: string) => /^(p_facts|p_chunks)_\d+$/.exec(rel)?.[1] ?? null;

/**
 * Copy facts and chunks into hash-partitioned shadow tables and plan the same statements on both.
 * `statements`: label → a statement over `facts f` / `chunks c` (rewritten to the shadow tables).
 * The shadow tables are dropped at the end.
 */
export async function partitionProof(d: Database, statements: { label: string; s: Statement }[], log: (s: string) => void): Promise<{ plain: PlanSummary; partitioned: PlanSummary }[]> {
  const t0 = performance.now();
  const remainders = Array.from({ length: PARTITIONS }, (_, r) => r);
  await d.query('drop table if exists p_facts, p_chunks cascade');
  await d.query('create table p_facts (like facts including defaults) partition by hash (entity_id)');
  await d.query('create table p_chunks (like chunks including defaults including generated) partition by hash (entity_id)');
  for (const t of ['p_facts', 'p_chunks']) for (const r of remainders) await d.query(`create table ${t}_${r} partition of ${t} for values with (modulus ${PARTITIONS}, remainder ${r})`);
  await d.query('insert into p_facts select * from facts');
  const cols = (await d.query<{ c: string }>(`select column_name as c from information_schema.columns where table_name = 'chunks' and column_name <> 'tsv' order by ordinal_position`)).map((r) => r.c).join(', ');
  await d.query(`insert into p_chunks (${cols}) select ${cols} from chunks`);
  // the keys a partitioned table needs: every unique index contains the partition key
  await d.query('alter table p_facts add primary key (entity_id, id)');
  await d.query('alter table p_chunks add primary key (entity_id, id)');
  await d.query('create index on p_facts (tenant_id, entity_id, metric_id, end_date)');
  await d.query('create index on p_facts (entity_id, concept, end_date)');
  await d.query('create index on p_facts (entity_id, fiscal_year)');
  await d.query('create index on p_chunks (tenant_id, entity_id, fiscal_year)');
  await d.query('create index on p_chunks using gin (tsv)');
  await d.query('analyze p_facts');
  await d.query('analyze p_chunks');
  log(`   partition proof: facts and chunks copied into ${PARTITIONS} hash partitions each in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const out: { plain: PlanSummary; partitioned: PlanSummary }[] = [];
  try {
    for (const { label, s } of statements) {
      const shadow = { text: s.text.replace(/\bfrom facts f\b/g, 'from p_facts f').replace(/\bfrom chunks c\b/g, 'from p_chunks c'), params: s.params };
      if (shadow.text === s.text) throw new Error(`partition proof: "${label}" reads neither facts f nor chunks c`);
      const plain = await explainAnalyze(d, label, s, partitionOf);
      const partitioned = await explainAnalyze(d, label, shadow, partitionOf);
      out.push({ plain, partitioned });
    }
  } finally {
    await d.query('drop table if exists p_facts, p_chunks cascade');
  }
  return out;
}

/** The plan summary as one line of notes. */
export function planLine(p: PlanSummary): string {
  const parts = Object.entries(p.partitionsScanned).map(([t, n]) => `${n}/${PARTITIONS} partitions of ${t}`);
  return `${p.executionMs} ms exec (+${p.planningMs} planning), buffers ${p.sharedHit} hit / ${p.sharedRead} read${parts.length ? `, ${parts.join(', ')}` : ''}; ${p.scans.slice(0, 4).join(', ')}`;
}
