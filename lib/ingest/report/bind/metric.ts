/**
 * Metrics: the measure a row's label names in its table (through the ontology, with the statement kind
 * and the registrant as context), or the row's own concept when none does — and the rules that keep a
 * cell from being a metric it is not here: a dimension column, a share printed beside its amount, a unit
 * the metric cannot have. A row no label names is quarantined (METRIC_UNMAPPED).
 */
import { getMetric } from '@/lib/ontology/metrics';
import { attributionOf, isPlainNetResult, type MetricMatch, metricForLabel } from '../labels';
import type { StructuredRow } from '../structure';
import { type BindContext, quarantined, type Rule, type TableKind } from './types';

const CASH_FLOW_METRICS = new Set(['operating_cash_flow', 'investing_cash_flow', 'financing_cash_flow', 'capex']);
/**
 * Lines a cash flow statement reports as themselves: its flows, and the non-cash expenses it adds back
 * (depreciation and amortisation, stock-based compensation: the period's expense).
 */
const CASH_FLOW_LINES = new Set([...CASH_FLOW_METRICS, 'dividends_paid', 'share_repurchases', 'depreciation', 'stock_compensation']);

/**
 * The metric of each data row, in its table: the row label through the ontology (with the registrant's
 * name and the statement kind as context), then two corrections that need the whole table:
 * - a result before the noncontrolling interests' share ("Net income" above "Net income attributable
 *   to PepsiCo", or above "… attributable to noncontrolling interests") is net income including
 *   noncontrolling interests, not the parent's net income;
 * - several revenue rows where one is the total ("Net sales", "Membership fees", "Total revenue"):
 *   the total is the revenue, the others are its parts (their own row concepts); likewise a cash flow
 *   total printed twice, before and after taxes paid: the "Net cash …" line is the total.
 */
export function rowMatches(rows: StructuredRow[], kind: TableKind, ctx: BindContext, statement: boolean): Map<number, MetricMatch | null> {
  const lc = { registrant: ctx.registrant ?? null, kind, statement };
  const out = new Map<number, MetricMatch | null>();
  const data = rows.filter((r) => r.kind === 'data');
  for (const row of data) {
    const found = row.label
      ? ((row.inheritedLabel ? metricForLabel(`Total ${row.label}`, row.sectionPath, lc) : null) ??
        metricForLabel(row.label, row.sectionPath, lc))
      : null;
    out.set(row.index, found && allowedIn(found.metric, kind) ? found : null);
  }
  const firstAttributed = data.findIndex((r) => !!r.label && attributionOf(r.label, lc) !== null);
  const includingNci = getMetric('net_income_including_nci');
  if (firstAttributed >= 0 && includingNci && allowedIn(includingNci, kind)) {
    for (const row of data.slice(0, firstAttributed)) {
      const m = out.get(row.index);
      if (m?.metric.id === 'net_income' && !m.parent && isPlainNetResult(row.label))
        out.set(row.index, { metric: includingNci, strength: m.strength });
    }
  }
  // "Cash generated from operating activities" before "Direct taxes paid" and "Net cash generated from
  // operating activities": the net line is the cash flow total, the other a subtotal
  for (const id of ['operating_cash_flow', 'investing_cash_flow', 'financing_cash_flow']) {
    const rowsOf = data.filter((r) => out.get(r.index)?.metric.id === id);
    const net = rowsOf.filter((r) => /^\s*net\b/i.test(r.label));
    if (rowsOf.length > 1 && net.length) for (const r of rowsOf) if (!net.includes(r)) out.set(r.index, null);
  }
  // a balance sheet printing "Current portion of long-term debt" among its current liabilities: its "Long-term debt"
  // is the rest, the non-current part (Microsoft), which long-term debt questions read too (the ontology's chain)
  const noncurrent = getMetric('long_term_debt_noncurrent');
  if (
    kind === 'balance_sheet' &&
    statement &&
    noncurrent &&
    data.some((r) => out.get(r.index)?.metric.id === 'current_portion_long_term_debt')
  )
    for (const r of data) {
      const m = out.get(r.index);
      if (m?.metric.id === 'long_term_debt') out.set(r.index, { ...m, metric: noncurrent });
    }
  const revenueRows = data.filter((r) => out.get(r.index)?.metric.id === 'revenue');
  const totals = revenueRows.filter((r) => /^\s*total\b/i.test(r.label));
  if (revenueRows.length > 1 && totals.length === 1) for (const r of revenueRows) if (r !== totals[0]) out.set(r.index, null);
  return out;
}

/**
 * Statements bind only their own kind of line: a cash flow statement's "Inventories" is a change in
 * working capital, not the balance; a balance sheet holds no flows.
 */
function allowedIn(metric: { id: string; periodType: string }, kind: TableKind): boolean {
  if (kind === 'cash_flow') return CASH_FLOW_LINES.has(metric.id);
  if (kind === 'balance_sheet') return metric.periodType === 'instant';
  if (kind === 'profit_loss' || kind === 'results') return metric.periodType === 'duration' && !CASH_FLOW_METRICS.has(metric.id);
  if (kind === 'equity') return false;
  return true;
}

/** A label that names a row: words, or the year a schedule's row is due in ("2024", "2028 - 2032", "Fiscal 2025"). */
export function conceptLabel(label: string): boolean {
  // (or an abbreviation with its points: "U.S." under "Interest-bearing deposits", "U.K.")
  return (
    !!label &&
    (/[A-Za-z]{3}/.test(label) ||
      /^(?:(?:fiscal|FY)\s*)?(?:19|20)\d{2}(?:\s*[-–]\s*(?:19|20)?\d{2,4})?$/i.test(label.trim()) ||
      /^(?:[A-Z]\.){2,3}$/.test(label.trim()))
  );
}

/** The row's metric, or its own row concept for a labelled row no metric names; an unlabelled row no metric names is quarantined. */
export const metricOfRow: Rule = ({ row }, b) => {
  // a labelled row no metric names is still bound, to its own row concept (no metric: the planner never reads it as one)
  const rowConcept = !b.metric && conceptLabel(row.label);
  if (b.metric || rowConcept) return { set: { rowConcept } };
  return quarantined('METRIC_UNMAPPED', row.label ? `no metric for the row "${row.label}"` : 'the row has no label', { rowConcept });
};

/** A cell of a dimension column is its row's own concept per column, never the metric (the metric is kept as a candidate). */
export const dimensionColumn: Rule = ({ row }, b) => {
  if (b.dimension === null) return null;
  const rowConcept = conceptLabel(row.label);
  const labels = { ...(b.metric ? { candidateMetric: b.metric.id } : {}), dimension: b.dimension };
  if (rowConcept || b.reasons.some((r) => r.reason === 'METRIC_UNMAPPED')) return { set: { metric: null, rowConcept }, labels };
  return { ...quarantined('METRIC_UNMAPPED', 'the row has no label', { metric: null, rowConcept }), labels };
};

/**
 * A measure's line printed as a percentage beside its amount ("Gross profit  $ 1,234  37.6 %" of an earnings
 * release): the percentage is the line's share, a row concept of its own, never the measure.
 */
export const shareBesideAmount: Rule = ({ row, num }, b) =>
  b.metric && b.metric.unitKind === 'monetary' && b.unit === 'pure' && num.percent && !b.reasons.length && conceptLabel(row.label)
    ? {
        set: { metric: null, rowConcept: true, dimension: b.dimension ?? 'percent' },
        labels: { candidateMetric: b.metric.id, dimension: 'percent' },
      }
    : null;

/** A monetary metric in another unit, a per-share metric not per share: the row is not that metric here. */
export const metricUnitAgrees: Rule = ({ row }, b) => {
  const quarantine = [];
  if (b.metric && b.metric.unitKind === 'monetary' && b.unit !== b.currency)
    quarantine.push({ reason: 'METRIC_UNMAPPED' as const, detail: `"${row.label}" is not a monetary amount here (${b.unit})` });
  if (b.metric && b.metric.unitKind === 'per_share' && !b.unit.endsWith('/shares'))
    quarantine.push({ reason: 'METRIC_UNMAPPED' as const, detail: `"${row.label}" is not a per-share amount here` });
  return quarantine.length ? { quarantine } : null;
};
