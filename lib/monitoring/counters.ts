/**
 * Monitoring counters, computed by SQL over what Ledgerline already stores:
 * - answers (manifests): answers, abstentions, typed error codes and latency per day, grouped by the
 *   ingestion source kind and extractor version of the facts the answer rests on ("none" when it
 *   rests on no fact, e.g. an abstention before any lookup);
 * - ingestion (ingest_runs): runs, failures, facts added/quarantined and the quarantine reasons per
 *   day, format and extractor version;
 * - quarantined facts (facts.quarantine_reason) per reason, source kind and extractor version.
 */
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '@/lib/db/client';
import { factVisible, manifestVisible, type VisibilityScope } from '@/lib/auth/visibility';

/** Monitoring is an admin view: aggregates count what an admin of the tenant may see (no revoked or embargoed sources). */
const adminScope = (tenantId: string): VisibilityScope => ({ tenantId, role: 'admin' });

/** The temporal codes the issue asks to watch. */
export const WATCHED_CODES = [
  'PERIOD_MISMATCH',
  'MISSING_FACT_PERIOD',
  'COLUMN_HEADER_LOST',
  'INSTANT_DURATION_MIX',
  'UNVERIFIED_RESTATEMENT',
] as const;
export type WatchedCode = (typeof WATCHED_CODES)[number];

export interface AnswerCounterRow {
  day: string;
  source: string;
  extractorVersion: string;
  answers: number;
  answered: number;
  abstentions: number;
  rejected: number;
  codes: Record<WatchedCode, number>;
  latencyP50: number | null;
  latencyP95: number | null;
}

export interface IngestCounterRow {
  day: string;
  format: string;
  extractorVersion: string;
  runs: number;
  failed: number;
  factsAdded: number;
  factsQuarantined: number;
  codes: Record<WatchedCode, number>;
  durationP50: number | null;
  durationP95: number | null;
}

export interface QuarantineRow {
  source: string;
  extractorVersion: string;
  reason: string;
  facts: number;
}

export interface CounterWindow {
  /** look back this many days (default 30) */
  days?: number;
  /** the end of the window (default now; tests pin it) */
  until?: Date;
}

function bounds(w: CounterWindow): { from: string; until: string } {
  const until = w.until ?? new Date();
  const from = new Date(until.getTime() - (w.days ?? 30) * 86_400_000);
  return { from: from.toISOString(), until: until.toISOString() };
}

const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Math.round(Number(v)));

/** Answers per day × source kind × extractor version, with abstentions, watched codes and latency. */
export async function answerCounters(db: Db, tenantId: string, w: CounterWindow = {}): Promise<AnswerCounterRow[]> {
  const { from, until } = bounds(w);
  const codeCols = WATCHED_CODES.map((c) => sql`count(*) filter (where ${c} = any(m.error_codes))::int as ${sql.identifier(c)}`);
  const res = await db.execute(sql`
    with win as (
      select m.id, m.created_at, m.status, m.error_codes, m.latency_ms, m.operands
      from manifests m
      where ${manifestVisible(adminScope(tenantId), 'm')} and m.created_at >= ${from} and m.created_at <= ${until}
    ),
    -- each answer's first source among the facts it used: the operands as rows first (each names its fact's
    -- company, the shard key), then one join with the facts
    -- (a scalar subquery over a distributed table cannot be planned on Citus; a joined relation can)
    ops as (
      select w.id as manifest_id, o.op->>'entityId' as entity_id, o.op->>'factId' as fact_id
      from win w, jsonb_array_elements(case when jsonb_typeof(w.operands) = 'array' then w.operands else '[]'::jsonb end) as o(op)
    ),
    src as (
      select ops.manifest_id, min(f.source_id) as source_id
      from ops join facts f on f.entity_id = ops.entity_id and f.id = ops.fact_id and ${factVisible(adminScope(tenantId), 'f')}
      group by ops.manifest_id
    ),
    m as (
      select w.id, to_char(w.created_at at time zone 'UTC', 'YYYY-MM-DD') as day, w.status, w.error_codes, w.latency_ms, src.source_id
      from win w left join src on src.manifest_id = w.id
    )
    select m.day, coalesce(s.kind, 'none') as source, coalesce(s.extractor_version, 'none') as "extractorVersion",
           count(*)::int as answers,
           count(*) filter (where m.status = 'answered')::int as answered,
           count(*) filter (where m.status <> 'answered')::int as abstentions,
           count(*) filter (where m.status = 'rejected')::int as rejected,
           ${sql.join(codeCols, sql`, `)},
           percentile_cont(0.5) within group (order by m.latency_ms) as p50,
           percentile_cont(0.95) within group (order by m.latency_ms) as p95
    from m left join sources s on s.id = m.source_id
    group by 1, 2, 3
    order by 1, 2, 3`);
  return rowsOf<Record<string, unknown>>(res).map((r) => ({
    day: String(r.day),
    source: String(r.source),
    extractorVersion: String(r.extractorVersion),
    answers: num(r.answers),
    answered: num(r.answered),
    abstentions: num(r.abstentions),
    rejected: num(r.rejected),
    codes: Object.fromEntries(WATCHED_CODES.map((c) => [c, num(r[c])])) as Record<WatchedCode, number>,
    latencyP50: numOrNull(r.p50),
    latencyP95: numOrNull(r.p95),
  }));
}

/** Ingestion runs per day × format × extractor version, with the quarantine reasons they counted. */
export async function ingestCounters(db: Db, tenantId: string, w: CounterWindow = {}): Promise<IngestCounterRow[]> {
  const { from, until } = bounds(w);
  // report ingestion counts reasons as q_<CODE>; other formats may name the code directly
  const codeCols = WATCHED_CODES.map(
    (c) =>
      sql`coalesce(sum(coalesce((r.counters->>${`q_${c}`})::int, 0) + coalesce((r.counters->>${c})::int, 0)), 0)::int as ${sql.identifier(c)}`,
  );
  const res = await db.execute(sql`
    select to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD') as day, coalesce(r.format, 'unknown') as format,
           coalesce(r.extractor_version, 'unknown') as "extractorVersion",
           count(*)::int as runs,
           count(*) filter (where r.status = 'failed')::int as failed,
           coalesce(sum(r.facts_added), 0)::int as "factsAdded",
           coalesce(sum(r.facts_quarantined), 0)::int as "factsQuarantined",
           ${sql.join(codeCols, sql`, `)},
           percentile_cont(0.5) within group (order by r.duration_ms) as p50,
           percentile_cont(0.95) within group (order by r.duration_ms) as p95
    from ingest_runs r
    where r.tenant_id = ${tenantId} and r.created_at >= ${from} and r.created_at <= ${until}
    group by 1, 2, 3
    order by 1, 2, 3`);
  return rowsOf<Record<string, unknown>>(res).map((r) => ({
    day: String(r.day),
    format: String(r.format),
    extractorVersion: String(r.extractorVersion),
    runs: num(r.runs),
    failed: num(r.failed),
    factsAdded: num(r.factsAdded),
    factsQuarantined: num(r.factsQuarantined),
    codes: Object.fromEntries(WATCHED_CODES.map((c) => [c, num(r[c])])) as Record<WatchedCode, number>,
    durationP50: numOrNull(r.p50),
    durationP95: numOrNull(r.p95),
  }));
}

/** Facts held back from answers, by reason, source kind and extractor version (all time). */
export async function quarantineCounters(db: Db, tenantId: string): Promise<QuarantineRow[]> {
  const res = await db.execute(sql`
    select s.kind as source, s.extractor_version as "extractorVersion", coalesce(f.quarantine_reason, 'UNSPECIFIED') as reason, count(*)::int as facts
    from facts f join sources s on s.id = f.source_id
    where ${factVisible(adminScope(tenantId), 'f')} and f.status = 'quarantined'
    group by 1, 2, 3
    order by 4 desc, 1, 2, 3`);
  return rowsOf<Record<string, unknown>>(res).map((r) => ({
    source: String(r.source),
    extractorVersion: String(r.extractorVersion),
    reason: String(r.reason),
    facts: num(r.facts),
  }));
}

export interface DailySeries {
  days: string[];
  series: Record<string, number[]>;
}

/** Every day of the window, oldest first (so charts have gaps where nothing happened). */
export function dayRange(w: CounterWindow = {}): string[] {
  const until = w.until ?? new Date();
  const n = w.days ?? 30;
  const out: string[] = [];
  for (let i = n - 1; i >= 0; i--) out.push(new Date(until.getTime() - i * 86_400_000).toISOString().slice(0, 10));
  return out;
}

/** Sum rows into one value per day and series key (e.g. per code, or answers vs abstentions). */
export function toDaily<R extends { day: string }>(rows: R[], days: string[], pick: (r: R) => Record<string, number>): DailySeries {
  const series: Record<string, number[]> = {};
  const at = new Map(days.map((d, i) => [d, i]));
  for (const r of rows) {
    const i = at.get(r.day);
    if (i === undefined) continue;
    for (const [k, v] of Object.entries(pick(r))) {
      series[k] ??= days.map(() => 0);
      series[k]![i]! += v;
    }
  }
  return { days, series };
}

/** Latency per day across groups: the maximum of the group p95s, and the answer-weighted mean of p50s. */
export function dailyLatency(rows: AnswerCounterRow[], days: string[]): DailySeries {
  const p50 = days.map(() => 0);
  const p95 = days.map(() => 0);
  const weight = days.map(() => 0);
  const at = new Map(days.map((d, i) => [d, i]));
  for (const r of rows) {
    const i = at.get(r.day);
    if (i === undefined || r.latencyP50 === null || r.latencyP95 === null) continue;
    p50[i]! += r.latencyP50 * r.answers;
    weight[i]! += r.answers;
    p95[i] = Math.max(p95[i]!, r.latencyP95);
  }
  return { days, series: { p50: p50.map((x, i) => (weight[i] ? Math.round(x / weight[i]!) : 0)), p95 } };
}

export interface GroupTotal {
  key: string;
  answers: number;
  abstentions: number;
  codes: Record<WatchedCode, number>;
  latencyP95: number | null;
}

/** Totals per (source kind, extractor version) over the window. */
export function totalsBySource(rows: AnswerCounterRow[]): GroupTotal[] {
  const by = new Map<string, GroupTotal>();
  for (const r of rows) {
    const key = `${r.source} · ${r.extractorVersion}`;
    const g = by.get(key) ?? {
      key,
      answers: 0,
      abstentions: 0,
      codes: Object.fromEntries(WATCHED_CODES.map((c) => [c, 0])) as Record<WatchedCode, number>,
      latencyP95: null,
    };
    g.answers += r.answers;
    g.abstentions += r.abstentions;
    for (const c of WATCHED_CODES) g.codes[c] += r.codes[c];
    if (r.latencyP95 !== null) g.latencyP95 = Math.max(g.latencyP95 ?? 0, r.latencyP95);
    by.set(key, g);
  }
  return [...by.values()].sort((a, b) => b.answers - a.answers || a.key.localeCompare(b.key));
}
