/**
 * Query plans for the scale benches (PostgreSQL):
 *   - captureQueries: the statements an operation sends (through a logging drizzle handle on the same
 *     database), so the plans shown are those of the real query shapes, parameters included;
 *   - explainAnalyze: `EXPLAIN (ANALYZE, BUFFERS)` of one statement, summarised (execution time,
 *     shared buffers hit/read, the scans and indexes used, the partitions actually scanned) with the
 *     plan text kept;
 *   - partitionReport: the shard key — facts, fact_sightings, chunks, source_tables and source_cells
 *     are hash-partitioned by entity_id (drizzle/0014) — and the partitions a single-company lookup,
 *     a two-company comparison and a whole-tenant question actually scan.
 */
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Database, Db } from '@/lib/db/client';
import * as schema from '@/lib/db/schema';
import { PARTITIONS as PARTITION_COUNT } from '@/lib/db/schema';

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

const defaultPartitionOf = (rel: string) => /^(facts|fact_sightings|chunks|source_tables|source_cells)_p\d+$/.exec(rel)?.[1] ?? null;

function walk(n: PlanNode, visit: (n: PlanNode) => void): void {
  visit(n);
  for (const c of n.Plans ?? []) walk(c, visit);
}

/** `EXPLAIN (ANALYZE, BUFFERS)` of a statement; `partitionOf` maps a relation name to its partitioned table (null: not a partition). */
export async function explainAnalyze(
  d: Database,
  label: string,
  s: Statement,
  partitionOf: (relation: string) => string | null = defaultPartitionOf,
): Promise<PlanSummary> {
  const params = s.params.map((p) => (p instanceof Date ? p.toISOString() : p));
  const [row] = await d.query<{
    'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number; 'Planning Time': number; Planning?: { 'Shared Hit Blocks'?: number } }];
  }>(`explain (analyze, buffers, format json) ${s.text}`, params);
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
  const buffers = (n: PlanNode & { 'Shared Hit Blocks'?: number; 'Shared Read Blocks'?: number }) => ({
    hit: n['Shared Hit Blocks'] ?? 0,
    read: n['Shared Read Blocks'] ?? 0,
  });
  const b = buffers(top.Plan as PlanNode & { 'Shared Hit Blocks'?: number; 'Shared Read Blocks'?: number });
  const text = (await d.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers, costs off) ${s.text}`, params)).map(
    (r) => r['QUERY PLAN'],
  );
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

export { PARTITIONS } from '@/lib/db/schema';
const partitionOf = defaultPartitionOf;

/** `EXPLAIN (ANALYZE, BUFFERS)` of each statement with the partitions of the entity-keyed tables it scanned. */
export async function partitionReport(d: Database, statements: { label: string; s: Statement }[]): Promise<PlanSummary[]> {
  const out: PlanSummary[] = [];
  for (const { label, s } of statements) out.push(await explainAnalyze(d, label, s, partitionOf));
  return out;
}

/** The plan summary as one line of notes. */
export function planLine(p: PlanSummary): string {
  const parts = Object.entries(p.partitionsScanned).map(([t, n]) => `${n}/${PARTITION_COUNT} partitions of ${t}`);
  return `${p.executionMs} ms exec (+${p.planningMs} planning), buffers ${p.sharedHit} hit / ${p.sharedRead} read${parts.length ? `, ${parts.join(', ')}` : ''}; ${p.scans.slice(0, 4).join(', ')}`;
}
