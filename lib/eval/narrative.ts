/**
 * Narrative answers are scored by reviewers, not by numbers: a four-tier verdict (correct / partial /
 * incorrect / failure) and five 1–5 dimensions (coverage, reasoning, factual consistency, clarity,
 * depth). This module aggregates stored reviewer verdicts (table `verdicts`, joined to `manifests`)
 * per pathway and overall, with 95% intervals: Wilson for tier rates, Student t for dimension means.
 */
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '@/lib/db/client';
import { VERDICTS } from '@/lib/db/schema/answers';
import { wilson } from './score';

export const NARRATIVE_DIMENSIONS = ['coverage', 'reasoning', 'factual_consistency', 'clarity', 'depth'] as const;
export type NarrativeDimension = (typeof NARRATIVE_DIMENSIONS)[number];
export type VerdictTier = (typeof VERDICTS)[number];
/** Most severe first: ties between reviewers resolve to the more severe tier. */
const SEVERITY: VerdictTier[] = ['failure', 'incorrect', 'partial', 'correct'];

/** One stored reviewer verdict with what the report groups by. */
export interface VerdictRow {
  verdictId: string;
  manifestId: string;
  reviewerId: string | null;
  verdict: VerdictTier;
  failureClass: string | null;
  scores: Record<string, unknown>;
  createdAt: string;
  pathway: string | null;
  /** the manifest answered from passages (a narrative question) */
  narrative: boolean;
}

export type Interval = ReturnType<typeof wilson>;

export interface DimensionStat {
  n: number;
  mean: number;
  low: number;
  high: number;
}

export interface NarrativeReport {
  /** manifests with at least one verdict */
  manifests: number;
  /** verdicts counted (the latest per manifest and reviewer) */
  verdicts: number;
  tiers: Record<VerdictTier, Interval>;
  /** correct or partial */
  acceptable: Interval;
  dimensions: Record<NarrativeDimension, DimensionStat>;
  failureClasses: Record<string, number>;
  /** share of manifests with two or more reviewers on which all reviewers gave the same tier */
  agreement: Interval;
}

/** Two-sided 95% Student t quantiles by degrees of freedom (1.96 beyond 30). */
const T95: Record<number, number> = {
  1: 12.706,
  2: 4.303,
  3: 3.182,
  4: 2.776,
  5: 2.571,
  6: 2.447,
  7: 2.365,
  8: 2.306,
  9: 2.262,
  10: 2.228,
  11: 2.201,
  12: 2.179,
  13: 2.16,
  14: 2.145,
  15: 2.131,
  16: 2.12,
  17: 2.11,
  18: 2.101,
  19: 2.093,
  20: 2.086,
  21: 2.08,
  22: 2.074,
  23: 2.069,
  24: 2.064,
  25: 2.06,
  26: 2.056,
  27: 2.052,
  28: 2.048,
  29: 2.045,
  30: 2.042,
};

/** Mean with a 95% t interval, clipped to the 1–5 scale. */
export function meanInterval(xs: number[]): DimensionStat {
  const n = xs.length;
  if (n === 0) return { n, mean: 0, low: 0, high: 0 };
  const mean = xs.reduce((a, x) => a + x, 0) / n;
  if (n === 1) return { n, mean, low: mean, high: mean };
  const sd = Math.sqrt(xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (n - 1));
  const half = (T95[n - 1] ?? 1.96) * (sd / Math.sqrt(n));
  return { n, mean, low: Math.max(1, mean - half), high: Math.min(5, mean + half) };
}

/** A 1–5 integer score, or null when absent or out of range. */
export function validScore(v: unknown): number | null {
  const x = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof x === 'number' && Number.isInteger(x) && x >= 1 && x <= 5 ? x : null;
}

interface ManifestVerdict {
  manifestId: string;
  pathway: string;
  tier: VerdictTier;
  unanimous: boolean;
  reviewers: number;
  scores: Partial<Record<NarrativeDimension, number>>;
  failureClasses: string[];
}

/** The latest verdict per (manifest, reviewer); anonymous verdicts each count once. */
function latestPerReviewer(rows: VerdictRow[]): VerdictRow[] {
  const byKey = new Map<string, VerdictRow>();
  for (const r of [...rows].sort(
    (a, b) => String(a.createdAt).localeCompare(String(b.createdAt)) || a.verdictId.localeCompare(b.verdictId),
  )) {
    byKey.set(`${r.manifestId}|${r.reviewerId ?? `anon:${r.verdictId}`}`, r);
  }
  return [...byKey.values()];
}

/** One consensus per manifest: the majority tier (ties: the more severe), mean scores across reviewers. */
export function consolidate(rows: VerdictRow[]): ManifestVerdict[] {
  const groups = new Map<string, VerdictRow[]>();
  for (const r of latestPerReviewer(rows)) groups.set(r.manifestId, [...(groups.get(r.manifestId) ?? []), r]);
  const out: ManifestVerdict[] = [];
  for (const [manifestId, rs] of [...groups.entries()].sort((a, b) => a[0].localeCompare(b[0]))) {
    const counts = new Map<VerdictTier, number>();
    for (const r of rs) counts.set(r.verdict, (counts.get(r.verdict) ?? 0) + 1);
    const top = Math.max(...counts.values());
    const tier = SEVERITY.find((t) => counts.get(t) === top)!;
    const scores: ManifestVerdict['scores'] = {};
    for (const d of NARRATIVE_DIMENSIONS) {
      const xs = rs.map((r) => validScore(r.scores[d])).filter((x): x is number => x !== null);
      if (xs.length) scores[d] = xs.reduce((a, x) => a + x, 0) / xs.length;
    }
    out.push({
      manifestId,
      pathway: rs[0]!.pathway ?? 'detail',
      tier,
      unanimous: counts.size === 1,
      reviewers: rs.length,
      scores,
      failureClasses: [...new Set(rs.map((r) => r.failureClass).filter((c): c is string => !!c))],
    });
  }
  return out;
}

function reportOf(ms: ManifestVerdict[], verdicts: number): NarrativeReport {
  const n = ms.length;
  const tiers = Object.fromEntries(VERDICTS.map((t) => [t, wilson(ms.filter((m) => m.tier === t).length, n)])) as Record<
    VerdictTier,
    Interval
  >;
  const dimensions = Object.fromEntries(
    NARRATIVE_DIMENSIONS.map((d) => [d, meanInterval(ms.map((m) => m.scores[d]).filter((x): x is number => x !== undefined))]),
  ) as Record<NarrativeDimension, DimensionStat>;
  const failureClasses: Record<string, number> = {};
  for (const m of ms) for (const c of m.failureClasses) failureClasses[c] = (failureClasses[c] ?? 0) + 1;
  const multi = ms.filter((m) => m.reviewers > 1);
  return {
    manifests: n,
    verdicts,
    tiers,
    acceptable: wilson(ms.filter((m) => m.tier === 'correct' || m.tier === 'partial').length, n),
    dimensions,
    failureClasses,
    agreement: wilson(multi.filter((m) => m.unanimous).length, multi.length),
  };
}

export interface NarrativeEval {
  overall: NarrativeReport;
  byPathway: Record<string, NarrativeReport>;
}

/** Aggregate verdict rows (already filtered to what should count) per pathway and overall. */
export function aggregateVerdicts(rows: VerdictRow[]): NarrativeEval {
  const latest = latestPerReviewer(rows);
  const ms = consolidate(rows);
  const pathways = [...new Set(ms.map((m) => m.pathway))].sort();
  const verdictsOf = (ids: Set<string>) => latest.filter((r) => ids.has(r.manifestId)).length;
  return {
    overall: reportOf(ms, latest.length),
    byPathway: Object.fromEntries(
      pathways.map((p) => {
        const sub = ms.filter((m) => m.pathway === p);
        return [p, reportOf(sub, verdictsOf(new Set(sub.map((m) => m.manifestId))))];
      }),
    ),
  };
}

export interface LoadVerdictOptions {
  /** only answers planned as narrative (passages, not numbers); default true */
  narrativeOnly?: boolean;
  /** verdicts on or after this instant */
  since?: Date;
}

/** Reviewer verdicts of a tenant's manifests, with the manifest's pathway and kind. */
export async function loadVerdicts(db: Db, tenantId: string, o: LoadVerdictOptions = {}): Promise<VerdictRow[]> {
  const narrativeOnly = o.narrativeOnly ?? true;
  const res = await db.execute(sql`
    select v.id as "verdictId", v.manifest_id as "manifestId", v.reviewer_id as "reviewerId", v.verdict,
           v.failure_class as "failureClass", v.scores, v.created_at::text as "createdAt", m.pathway,
           coalesce(m.intent->>'plan' = 'planned_narrative', false)
             or coalesce(jsonb_array_length(case when jsonb_typeof(m.answer->'passages') = 'array' then m.answer->'passages' end), 0) > 0 as narrative
    from verdicts v
    join manifests m on m.id = v.manifest_id
    where m.tenant_id = ${tenantId}
      ${o.since ? sql`and v.created_at >= ${o.since.toISOString()}` : sql``}
    order by v.created_at, v.id`);
  const rows = rowsOf<VerdictRow>(res).map((r) => ({
    ...r,
    scores: (r.scores ?? {}) as Record<string, unknown>,
    narrative: Boolean(r.narrative),
  }));
  return narrativeOnly ? rows.filter((r) => r.narrative) : rows;
}

function pct(r: Interval): string {
  return `${(r.rate * 100).toFixed(1)}% [${(r.low * 100).toFixed(1)}–${(r.high * 100).toFixed(1)}] (${r.k}/${r.n})`;
}

/** Plain-text report (CLI, eval output). */
export function formatNarrative(e: NarrativeEval): string {
  const lines = ['== narrative (reviewer verdicts)'];
  const row = (name: string, r: NarrativeReport) => {
    const dims = NARRATIVE_DIMENSIONS.map(
      (d) =>
        `${d} ${r.dimensions[d].n ? `${r.dimensions[d].mean.toFixed(2)} [${r.dimensions[d].low.toFixed(2)}–${r.dimensions[d].high.toFixed(2)}]` : '–'}`,
    ).join(', ');
    return `${name.padEnd(13)} n=${String(r.manifests).padEnd(4)} correct ${pct(r.tiers.correct)} | partial ${pct(r.tiers.partial)} | incorrect ${pct(r.tiers.incorrect)} | failure ${pct(r.tiers.failure)} | ${dims}`;
  };
  if (e.overall.manifests === 0) return `${lines[0]}\n(no reviewer verdicts yet)`;
  lines.push(row('overall', e.overall));
  for (const [p, r] of Object.entries(e.byPathway)) lines.push(row(p, r));
  const classes = Object.entries(e.overall.failureClasses).sort((a, b) => b[1] - a[1]);
  if (classes.length) lines.push(`  failure classes: ${classes.map(([c, n]) => `${c} ${n}`).join(', ')}`);
  return lines.join('\n');
}
