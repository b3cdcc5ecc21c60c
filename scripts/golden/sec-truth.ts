/**
 * Ground truth read straight from SEC companyfacts JSON, independently of Ledgerline's ingestion,
 * fiscal, calc and answer code (a golden set must not share the code it grades).
 *
 * Rules (small and checkable by hand):
 * - fiscal years: start/end of annual-duration facts (350–380 days) in 10-K/20-F filings; the label is
 *   the calendar year in which the year ends (true for all seven companies);
 * - quarters: 80–100-day durations, Q1 starting on the fiscal year start, Q2/Q3 starting the day after
 *   the previous quarter; half year: 170–195 days from the year start; nine months: 265–285 days;
 *   Q4 = FY − 9M (derived), starting the day after the nine months end;
 * - a metric is an ordered chain of concepts (copied from lib/ontology/metrics.ts): the first concept
 *   with a fact for exactly the period wins;
 * - basis: latest = the latest-filed fact (max filed, ties by accession); original = the earliest filed
 *   by the period's own report (a filing whose own period — the latest end among the durations it
 *   reported — ends on the fact's end; for an instant also a cover date after it up to the filing date),
 *   none when no such filing is in the file (a later filing's comparative is not the original);
 *   earliest = the earliest filed, whatever filing; as of a date = the latest filed on or before it.
 */
import fs from 'node:fs';
import path from 'node:path';

export const DAY_MS = 86_400_000;
export const dayNum = (d: string): number => Date.parse(`${d}T00:00:00Z`) / DAY_MS;
export const daysBetween = (a: string, b: string): number => dayNum(b) - dayNum(a);
export const addDays = (d: string, n: number): string => new Date((dayNum(d) + n) * DAY_MS).toISOString().slice(0, 10);
export const yearOf = (d: string): number => Number(d.slice(0, 4));

export interface RawEntry {
  start?: string;
  end: string;
  val: number;
  accn: string;
  fy: number | null;
  fp: string | null;
  form: string;
  filed: string;
  frame?: string;
}

export interface SecFact extends RawEntry {
  concept: string;
  unit: string;
}

/** Concept chains copied from lib/ontology/metrics.ts (SEC taxonomies only). */
export const METRIC_DEFS = {
  revenue: {
    type: 'duration',
    unit: 'USD',
    additive: true,
    concepts: [
      'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax',
      'us-gaap:Revenues',
      'us-gaap:SalesRevenueNet',
      'us-gaap:RevenueFromContractWithCustomerIncludingAssessedTax',
      'us-gaap:SalesRevenueGoodsNet',
      'ifrs-full:Revenue',
      'ifrs-full:RevenueFromContractsWithCustomers',
    ],
  },
  cost_of_revenue: {
    type: 'duration',
    unit: 'USD',
    additive: true,
    concepts: [
      'us-gaap:CostOfRevenue',
      'us-gaap:CostOfGoodsAndServicesSold',
      'us-gaap:CostOfGoodsSold',
      'us-gaap:CostOfGoodsAndServiceExcludingDepreciationDepletionAndAmortization',
      'ifrs-full:CostOfSales',
    ],
  },
  gross_profit: { type: 'duration', unit: 'USD', additive: true, concepts: ['us-gaap:GrossProfit', 'ifrs-full:GrossProfit'] },
  rnd: {
    type: 'duration',
    unit: 'USD',
    additive: true,
    concepts: [
      'us-gaap:ResearchAndDevelopmentExpense',
      'us-gaap:ResearchAndDevelopmentExpenseExcludingAcquiredInProcessCost',
      'ifrs-full:ResearchAndDevelopmentExpense',
    ],
  },
  operating_income: {
    type: 'duration',
    unit: 'USD',
    additive: true,
    concepts: ['us-gaap:OperatingIncomeLoss', 'ifrs-full:ProfitLossFromOperatingActivities'],
  },
  net_income: {
    type: 'duration',
    unit: 'USD',
    additive: true,
    concepts: [
      'us-gaap:NetIncomeLoss',
      'us-gaap:NetIncomeLossAvailableToCommonStockholdersBasic',
      'us-gaap:ProfitLoss',
      'ifrs-full:ProfitLossAttributableToOwnersOfParent',
      'ifrs-full:ProfitLoss',
    ],
  },
  eps_diluted: {
    type: 'duration',
    unit: 'USD/shares',
    additive: false,
    concepts: ['us-gaap:EarningsPerShareDiluted', 'us-gaap:EarningsPerShareBasicAndDiluted', 'ifrs-full:DilutedEarningsLossPerShare'],
  },
  operating_cash_flow: {
    type: 'duration',
    unit: 'USD',
    additive: true,
    concepts: [
      'us-gaap:NetCashProvidedByUsedInOperatingActivities',
      'us-gaap:NetCashProvidedByUsedInOperatingActivitiesContinuingOperations',
      'ifrs-full:CashFlowsFromUsedInOperatingActivities',
    ],
  },
  total_assets: { type: 'instant', unit: 'USD', additive: false, concepts: ['us-gaap:Assets', 'ifrs-full:Assets'] },
  total_liabilities: { type: 'instant', unit: 'USD', additive: false, concepts: ['us-gaap:Liabilities', 'ifrs-full:Liabilities'] },
  total_equity: {
    type: 'instant',
    unit: 'USD',
    additive: false,
    concepts: [
      'us-gaap:StockholdersEquity',
      'us-gaap:StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest',
      'ifrs-full:EquityAttributableToOwnersOfParent',
      'ifrs-full:Equity',
    ],
  },
  cash: {
    type: 'instant',
    unit: 'USD',
    additive: false,
    concepts: [
      'us-gaap:CashAndCashEquivalentsAtCarryingValue',
      'us-gaap:CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents',
      'us-gaap:Cash',
      'ifrs-full:CashAndCashEquivalents',
    ],
  },
} as const satisfies Record<string, { type: 'duration' | 'instant'; unit: string; additive: boolean; concepts: readonly string[] }>;

export type MetricKey = keyof typeof METRIC_DEFS;

export interface Span {
  start: string;
  end: string;
}

export type Bounds = { type: 'duration'; start: string; end: string } | { type: 'instant'; end: string };

export type Basis = { kind: 'latest' } | { kind: 'original' } | { kind: 'earliest' } | { kind: 'as_of'; date: string };

export interface Pick {
  value: number;
  concept: string;
  accn: string;
  filed: string;
  /** values an answer may also give: the same figure under another concept of the chain, re-rounded */
  accept: number[];
  /** distinct values ever filed for the period under the winning concept */
  versions: number[];
}

export interface FiscalYear extends Span {
  label: number;
  days: number;
}

/** Relative closeness used to call two filed values "the same figure" (rounding, scale changes). */
export const SAME_FIGURE = 0.005;
export const close = (a: number, b: number, rel = SAME_FIGURE): boolean => Math.abs(a - b) <= Math.abs(b) * rel + 1e-9;

function byFiled(a: SecFact, b: SecFact): number {
  return a.filed.localeCompare(b.filed) || a.accn.localeCompare(b.accn);
}

export class SecCompany {
  readonly key: string;
  readonly file: string;
  readonly entityName: string;
  /** concept|unit|start|end → facts */
  private readonly index = new Map<string, SecFact[]>();
  readonly all: SecFact[] = [];
  fiscalYears: FiscalYear[] = [];
  /** accession → its own period end: the latest end among the durations it reported */
  private readonly ownEnd = new Map<string, string>();

  constructor(key: string, file: string) {
    this.key = key;
    this.file = file;
    const doc = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      entityName: string;
      facts: Record<string, Record<string, { units: Record<string, RawEntry[]> }>>;
    };
    this.entityName = doc.entityName;
    for (const tax of Object.keys(doc.facts).sort()) {
      const concepts = doc.facts[tax]!;
      for (const name of Object.keys(concepts).sort()) {
        const concept = `${tax}:${name}`;
        for (const unit of Object.keys(concepts[name]!.units).sort()) {
          for (const e of concepts[name]!.units[unit]!) {
            if (typeof e.val !== 'number' || !Number.isFinite(e.val)) continue;
            const f: SecFact = { ...e, concept, unit };
            this.all.push(f);
            const k = `${concept}|${unit}|${e.start ?? ''}|${e.end}`;
            const list = this.index.get(k);
            if (list) list.push(f);
            else this.index.set(k, [f]);
          }
        }
      }
    }
    for (const list of this.index.values()) list.sort(byFiled);
    for (const f of this.all) {
      if (!f.start) continue;
      const e = this.ownEnd.get(f.accn);
      if (!e || f.end > e) this.ownEnd.set(f.accn, f.end);
    }
    this.fiscalYears = this.deriveFiscalYears();
  }

  /** Whether the filing that reported `f` covers its period as its own (dates, not the `fy` field). */
  ownReport(f: SecFact): boolean {
    const own = this.ownEnd.get(f.accn);
    if (!own) return false;
    return f.end === own || (!f.start && own < f.end && f.end <= f.filed);
  }

  facts(concept: string, unit: string, b: Bounds): SecFact[] {
    return this.index.get(`${concept}|${unit}|${b.type === 'duration' ? b.start : ''}|${b.end}`) ?? [];
  }

  /** Annual durations reported in 10-K/20-F filings by the income-statement concepts, one per end year. */
  private deriveFiscalYears(): FiscalYear[] {
    const core = new Set<string>([
      ...METRIC_DEFS.revenue.concepts,
      ...METRIC_DEFS.net_income.concepts,
      ...METRIC_DEFS.operating_income.concepts,
    ]);
    const counts = new Map<string, number>();
    for (const f of this.all) {
      if (!f.start || !core.has(f.concept) || !/^(10-K|20-F)/.test(f.form)) continue;
      const d = daysBetween(f.start, f.end);
      if (d < 350 || d > 380) continue;
      const k = `${f.start}|${f.end}`;
      counts.set(k, (counts.get(k) ?? 0) + 1);
    }
    const byLabel = new Map<number, { span: Span; n: number }[]>();
    for (const [k, n] of counts) {
      const [start, end] = k.split('|') as [string, string];
      const label = yearOf(end);
      byLabel.set(label, [...(byLabel.get(label) ?? []), { span: { start, end }, n }]);
    }
    const out: FiscalYear[] = [];
    for (const label of [...byLabel.keys()].sort()) {
      const c = byLabel.get(label)!.sort((a, b) => b.n - a.n || a.span.start.localeCompare(b.span.start));
      const best = c[0]!.span;
      out.push({ ...best, label, days: daysBetween(best.start, best.end) });
    }
    // keep only years that chain (start = previous end + 1) or open the series
    return out.filter((y, i) => i === 0 || out[i - 1]!.label !== y.label - 1 || addDays(out[i - 1]!.end, 1) === y.start);
  }

  fy(label: number): FiscalYear | undefined {
    return this.fiscalYears.find((y) => y.label === label);
  }

  /** Durations of a given length class starting on `start`, the most frequently reported first. */
  private spansFrom(start: string, minDays: number, maxDays: number): Span[] {
    const core = new Set<string>([...METRIC_DEFS.revenue.concepts, ...METRIC_DEFS.net_income.concepts]);
    const counts = new Map<string, number>();
    for (const f of this.all) {
      if (f.start !== start || !core.has(f.concept)) continue;
      const d = daysBetween(f.start, f.end);
      if (d < minDays || d > maxDays) continue;
      counts.set(f.end, (counts.get(f.end) ?? 0) + 1);
    }
    return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([end]) => ({ start, end }));
  }

  /** Discrete quarters Q1–Q3 of a fiscal year as reported (Q1 from the year start, then contiguous). */
  quarters(label: number): Span[] {
    const fy = this.fy(label);
    if (!fy) return [];
    const out: Span[] = [];
    let start = fy.start;
    for (let q = 0; q < 3; q++) {
      const s = this.spansFrom(start, 80, 100).filter((x) => x.end < fy.end)[0];
      if (!s) break;
      out.push(s);
      start = addDays(s.end, 1);
    }
    return out;
  }

  halfYear(label: number): Span | undefined {
    const fy = this.fy(label);
    if (!fy) return undefined;
    const h = this.spansFrom(fy.start, 170, 195)[0];
    const q = this.quarters(label);
    // the half year must end where the second quarter ends
    return h && q[1] && q[1].end === h.end ? h : undefined;
  }

  nineMonths(label: number): Span | undefined {
    const fy = this.fy(label);
    if (!fy) return undefined;
    const n = this.spansFrom(fy.start, 265, 285)[0];
    const q = this.quarters(label);
    return n && q[2] && q[2].end === n.end ? n : undefined;
  }

  /** Q4 bounds: the day after the nine months end, to the year end. */
  q4(label: number): Span | undefined {
    const fy = this.fy(label);
    const n = this.nineMonths(label);
    return fy && n ? { start: addDays(n.end, 1), end: fy.end } : undefined;
  }

  private chooseIn(list: SecFact[], basis: Basis): SecFact[] | null {
    let pool = list;
    if (basis.kind === 'as_of') pool = list.filter((f) => f.filed <= basis.date);
    if (basis.kind === 'original') pool = list.filter((f) => this.ownReport(f));
    if (pool.length === 0) return null;
    const target = basis.kind === 'original' || basis.kind === 'earliest' ? pool[0]! : pool[pool.length - 1]!;
    // every fact of the chosen filing for this period (one filing may repeat a figure)
    const same = pool.filter((f) => f.accn === target.accn && f.filed === target.filed);
    return same;
  }

  /**
   * The value of a metric for exactly these bounds under a basis, or null when the truth is not
   * clear-cut (no fact; one filing with two different values; concepts of the chain disagreeing on
   * the original / as-of figure).
   */
  pick(metric: MetricKey, b: Bounds, basis: Basis = { kind: 'latest' }): Pick | null {
    const def = METRIC_DEFS[metric];
    if (def.type !== b.type) return null;
    let winner: { concept: string; chosen: SecFact; list: SecFact[] } | null = null;
    const others: { concept: string; chosen: SecFact }[] = [];
    for (const concept of def.concepts) {
      const list = this.facts(concept, def.unit, b);
      if (list.length === 0) continue;
      const chosen = this.chooseIn(list, basis);
      if (!winner) {
        if (!chosen) return null; // the winning concept has no fact under this basis: ambiguous
        if (new Set(chosen.map((f) => f.val)).size > 1) return null;
        winner = { concept, chosen: chosen[0]!, list };
      } else if (chosen) {
        others.push({ concept, chosen: chosen[0]! });
      }
    }
    if (!winner) return null;
    const value = winner.chosen.val;
    if (basis.kind !== 'latest') {
      // the original/as-of figure must not depend on which concept is read first
      for (const o of others) {
        if ((basis.kind === 'original' || basis.kind === 'earliest') && o.chosen.filed < winner.chosen.filed && !close(o.chosen.val, value))
          return null;
        if (basis.kind === 'as_of' && o.chosen.filed > winner.chosen.filed && !close(o.chosen.val, value)) return null;
      }
    }
    const accept = [...new Set([value, ...others.map((o) => o.chosen.val).filter((v) => close(v, value))])];
    const versions = [...new Set(winner.list.map((f) => f.val))];
    return { value, concept: winner.concept, accn: winner.chosen.accn, filed: winner.chosen.filed, accept, versions };
  }

  /** Every filed fact of the winning concept for the bounds (for restatement questions). */
  history(metric: MetricKey, b: Bounds): SecFact[] {
    const def = METRIC_DEFS[metric];
    for (const concept of def.concepts) {
      const list = this.facts(concept, def.unit, b);
      if (list.length) return list;
    }
    return [];
  }

  /** Latest fact end date of any annual or quarterly duration (the data horizon). */
  lastYear(): number {
    return this.fiscalYears[this.fiscalYears.length - 1]?.label ?? 0;
  }
}

export function loadCompanies(dir: string, keys: string[]): Map<string, SecCompany> {
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  const out = new Map<string, SecCompany>();
  for (const key of keys) {
    const file = files.find((f) => f.includes(`_${key}_`));
    if (!file) throw new Error(`no companyfacts file for ${key} in ${dir}`);
    out.set(key, new SecCompany(key, path.join(dir, file)));
  }
  return out;
}

export const duration = (s: Span): Bounds => ({ type: 'duration', start: s.start, end: s.end });
export const instant = (end: string): Bounds => ({ type: 'instant', end });
