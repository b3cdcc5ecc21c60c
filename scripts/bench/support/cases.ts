/** Workloads drawn from a database's own facts: typed lookups and numeric questions. */
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import type { FiscalPeriodCode } from '@/lib/domain/types';
import type { LookupRequest } from '@/lib/retrieval/lookup-facts';

export type LookupCase = Omit<LookupRequest, 'db'>;

interface FactKeyRow {
  entity_id: string;
  metric_id: string;
  period_type: 'instant' | 'duration';
  start_date: string | null;
  end_date: string;
  fiscal_year: number | null;
  fiscal_period: FiscalPeriodCode | null;
}

/**
 * `n` lookups of facts that exist (distinct entity × metric × period, sampled by a hash so every
 * run draws the same ones) plus about 10% for a fiscal year with no facts (the "missing" path).
 */
export async function lookupCases(db: Db, tenantId: string, n: number): Promise<LookupCase[]> {
  const res = await db.execute(sql`
    select distinct on (k) entity_id, metric_id, period_type, start_date::text as start_date, end_date::text as end_date, fiscal_year, fiscal_period
    from (
      select f.*, md5(f.entity_id || f.metric_id || f.end_date::text || coalesce(f.start_date::text, '')) as k
      from facts f
      where f.tenant_id = ${tenantId} and f.status = 'active' and f.metric_id is not null and f.dims_key = ''
        and f.scope = 'consolidated' and f.fiscal_period in ('FY', 'Q1', 'Q2', 'Q3', 'Q4')
    ) x
    order by k
    limit ${n}`);
  const rows = (res as unknown as { rows: FactKeyRow[] }).rows;
  return rows.map((r, i) => {
    const missing = i % 10 === 9;
    const shift = (d: string) => `${Number(d.slice(0, 4)) + 40}${d.slice(4)}`;
    const end = missing ? shift(r.end_date) : r.end_date;
    const start = r.start_date ? (missing ? shift(r.start_date) : r.start_date) : null;
    return {
      tenantId,
      entityId: r.entity_id,
      metricId: r.metric_id,
      period: r.period_type === 'instant' ? { type: 'instant', date: end } : { type: 'duration', start: start!, end },
      fiscalYear: r.fiscal_year === null ? null : r.fiscal_year + (missing ? 40 : 0),
      fiscalPeriod: r.fiscal_period,
      scope: 'consolidated',
      basis: { kind: 'latest' },
    } satisfies LookupCase;
  });
}

/** Question templates in the style of the golden set (reported values, margins, growth, instants). */
const TEMPLATES: { q: (name: string, y: number) => string; needs: string[] }[] = [
  { q: (n, y) => `What was ${n}'s revenue for FY${y}?`, needs: ['revenue'] },
  { q: (n, y) => `What was ${n}'s net income for FY${y}?`, needs: ['net_income'] },
  { q: (n, y) => `What was ${n}'s operating income for FY${y}?`, needs: ['operating_income'] },
  { q: (n, y) => `${n} operating margin FY${y}`, needs: ['operating_income', 'revenue'] },
  { q: (n, y) => `${n} gross margin FY${y}`, needs: ['gross_profit', 'revenue'] },
  { q: (n, y) => `${n} revenue growth FY${y} vs FY${y - 1}`, needs: ['revenue'] },
  { q: (n, y) => `${n} total assets as of the end of FY${y}`, needs: ['total_assets'] },
  { q: (n, y) => `Report ${n}'s fiscal ${y} diluted earnings per share.`, needs: ['eps_diluted'] },
];

/**
 * Numeric questions about the entities of a tenant, for fiscal years where the needed metrics have
 * annual facts; `names` maps entity ids to the name to ask with.
 */
export async function numericQuestions(db: Db, tenantId: string, n: number, names?: Map<string, string>): Promise<string[]> {
  const res = await db.execute(sql`
    select f.entity_id, e.name, array_agg(distinct f.metric_id) as metrics, f.fiscal_year
    from facts f join entities e on e.id = f.entity_id
    where f.tenant_id = ${tenantId} and f.status = 'active' and f.fiscal_period = 'FY' and f.dims_key = ''
      and f.metric_id is not null and f.fiscal_year between 2012 and 2025
    group by f.entity_id, e.name, f.fiscal_year
    order by md5(f.entity_id || f.fiscal_year::text)
    limit ${Math.max(50, n)}`);
  const rows = (res as unknown as { rows: { entity_id: string; name: string; metrics: string[]; fiscal_year: number }[] }).rows;
  const out: string[] = [];
  let t = 0;
  for (let round = 0; out.length < n && round < TEMPLATES.length; round++) {
    for (const r of rows) {
      if (out.length >= n) break;
      const tpl = TEMPLATES[(t++ + round) % TEMPLATES.length]!;
      if (!tpl.needs.every((m) => r.metrics.includes(m))) continue;
      out.push(tpl.q(names?.get(r.entity_id) ?? cleanName(r.name), r.fiscal_year));
    }
  }
  return out;
}

function cleanName(name: string): string {
  return name.replace(/[,.]?\s+(inc|corp|corporation|co|company|ltd|plc)\.?$/i, '').trim();
}

/** Other phrasings of the templates' questions, as different analysts word the same thing (each a different question string). */
const PHRASINGS: { q: (name: string, y: number) => string; needs: string[] }[] = [
  { q: (n, y) => `${n} revenue FY${y}`, needs: ['revenue'] },
  { q: (n, y) => `How much revenue did ${n} report in fiscal ${y}?`, needs: ['revenue'] },
  { q: (n, y) => `${n} net income FY${y}`, needs: ['net_income'] },
  { q: (n, y) => `${n} net income in fiscal year ${y}`, needs: ['net_income'] },
  { q: (n, y) => `${n} operating income FY${y}`, needs: ['operating_income'] },
  { q: (n, y) => `What was ${n}'s operating margin in fiscal ${y}?`, needs: ['operating_income', 'revenue'] },
  { q: (n, y) => `What was ${n}'s gross margin for FY${y}?`, needs: ['gross_profit', 'revenue'] },
  { q: (n, y) => `How much did ${n}'s revenue grow in FY${y} compared with FY${y - 1}?`, needs: ['revenue'] },
  { q: (n, y) => `What were ${n}'s total assets at the end of fiscal ${y}?`, needs: ['total_assets'] },
  { q: (n, y) => `${n} diluted EPS FY${y}`, needs: ['eps_diluted'] },
];

/**
 * Every distinct numeric question the templates and their other phrasings make for the tenant's entities
 * and fiscal years with the needed annual facts, in a fixed pseudo-random order (the same every run).
 */
export async function questionPool(db: Db, tenantId: string, names?: Map<string, string>): Promise<string[]> {
  const res = await db.execute(sql`
    select f.entity_id, e.name, array_agg(distinct f.metric_id) as metrics, f.fiscal_year
    from facts f join entities e on e.id = f.entity_id
    where f.tenant_id = ${tenantId} and f.status = 'active' and f.fiscal_period = 'FY' and f.dims_key = ''
      and f.metric_id is not null and f.fiscal_year between 2012 and 2025
    group by f.entity_id, e.name, f.fiscal_year`);
  const rows = (res as unknown as { rows: { entity_id: string; name: string; metrics: string[]; fiscal_year: number }[] }).rows;
  const out = new Set<string>();
  for (const r of rows) {
    for (const tpl of [...TEMPLATES, ...PHRASINGS]) {
      if (tpl.needs.every((m) => r.metrics.includes(m))) out.add(tpl.q(names?.get(r.entity_id) ?? cleanName(r.name), r.fiscal_year));
    }
  }
  return [...out].sort((a, b) => hash(a) - hash(b) || a.localeCompare(b));
}

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

export interface QuestionMix {
  /** per client, the questions it asks in order */
  perClient: string[][];
  distinct: number;
  /** requests that repeat a question asked before in the run (an upper bound of the answer cache's hits) */
  repeats: number;
}

/**
 * The load test's questions: `popularShare` of the requests ask one of `popular` questions (the ones a
 * desk asks again and again: suggested questions, the company in the news), the rest walk the long tail of
 * the pool without repeating until it is used up. Deterministic; the same for every run and every build.
 */
export function questionMix(
  pool: string[],
  clients: number,
  perClient: number,
  opts: { popular?: number; popularShare?: number } = {},
): QuestionMix {
  const popular = pool.slice(0, opts.popular ?? 20);
  const tail = pool.slice(popular.length);
  const share = opts.popularShare ?? 0.3;
  let seed = 0x9e3779b9;
  const rand = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  let next = 0;
  const perClientQs: string[][] = Array.from({ length: clients }, () => []);
  // requests are dealt round-robin, as the clients' i-th requests run at about the same time
  for (let i = 0; i < perClient; i++) {
    for (let c = 0; c < clients; c++) {
      const q = rand() < share || tail.length === 0 ? popular[Math.floor(rand() * popular.length)]! : tail[next++ % tail.length]!;
      perClientQs[c]!.push(q);
    }
  }
  const seen = new Set<string>();
  let repeats = 0;
  for (let i = 0; i < perClient; i++)
    for (let c = 0; c < clients; c++) {
      const q = perClientQs[c]![i]!;
      if (seen.has(q)) repeats++;
      else seen.add(q);
    }
  return { perClient: perClientQs, distinct: seen.size, repeats };
}
