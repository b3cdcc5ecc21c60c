/**
 * One figure, one fact: cells of one table or one document that would state the same metric, period,
 * scope and unit — dimension columns of one period, a sub-total and a total of one caption, a note
 * repeating a statement's line. The primary statement's value wins; the others keep their own row
 * concept or are quarantined (METRIC_UNMAPPED, with the conflict in their labels).
 */
import { unmappedConcept } from '../labels';
import { periodKey } from './period';
import type { BoundCell, BoundFact, BoundTable, TableKind } from './types';

/**
 * Several value columns of one period, scope, unit and version ("June 30, 2023" › "Level 1 | Level 2 |
 * Total", "Year ended" › "Flexibles | Rigid | Total", "Reported | Adjusted"): the columns are
 * dimensions of the row, so no cell of them is the entity-wide metric; each column keeps its own row
 * concept.
 */
export function dimensionColumns(cells: BoundCell[], prefix: string[]): void {
  const columnsOf = new Map<string, Set<number>>();
  const keyOf = (f: BoundFact) =>
    `${periodKey(f.period)}|${f.scope}|${f.unit}|${f.labels.restated ? 'r' : ''}${f.labels.previouslyReported ? 'p' : ''}`;
  for (const c of cells) {
    const f = c.fact;
    // (an opening or closing balance row's period comes from its label, not from its column's heading)
    if (!f || f.labels.periodPlaceholder || f.labels.dimension || f.labels.balanceEdge) continue;
    const k = keyOf(f);
    const set = columnsOf.get(k) ?? new Set<number>();
    set.add(c.colIndex);
    columnsOf.set(k, set);
  }
  const dimensional = new Set<number>();
  for (const cols of columnsOf.values()) if (cols.size >= 2) for (const c of cols) dimensional.add(c);
  for (const c of cells) {
    const f = c.fact;
    if (!f || f.labels.periodPlaceholder || f.labels.dimension) continue;
    // an opening or closing balance is a dimension when its column is one
    if (f.labels.balanceEdge ? !dimensional.has(c.colIndex) : (columnsOf.get(keyOf(f))?.size ?? 0) < 2) continue;
    const column = c.columnPath.join(' ') || `column ${c.colIndex}`;
    f.labels = { ...f.labels, ...(f.metricId ? { candidateMetric: f.metricId } : {}), dimension: column };
    f.metricId = null;
    f.concept = unmappedConcept(c.rowLabel, [...prefix, ...c.sectionPath], column);
  }
}

/**
 * One metric, period, scope and unit with different values in one table (a sub-total and a total
 * both labelled "Borrowings"): only the first row keeps the metric, the others are quarantined.
 */
export function resolveDuplicates(cells: BoundCell[], _kind: TableKind): void {
  const seen = new Map<string, string>();
  const firstRow = new Map<string, BoundCell>();
  // rows that print their label win over unlabelled totals named after their section
  const ordered = [...cells.filter((c) => !c.fact?.labels.inheritedLabel), ...cells.filter((c) => c.fact?.labels.inheritedLabel)];
  for (const c of ordered) {
    const f = c.fact;
    if (f?.status !== 'active') continue;
    const key = `${f.metricId ?? f.concept}|${periodKey(f.period)}|${f.scope}|${f.unit}`;
    const prev = seen.get(key);
    if (prev === undefined) {
      seen.set(key, f.value);
      firstRow.set(key, c);
      continue;
    }
    if (prev === f.value) continue;
    // the same caption in another section of the table ("Deferred revenue" under current and again under
    // long-term liabilities): another line — its own row concept, still active, never the measure
    const first = firstRow.get(key);
    if (f.metricId && first && first.sectionPath.join('|') !== c.sectionPath.join('|') && c.sectionPath.length > 0) {
      const detail = `another row of this table, in another section, reports ${f.metricId} for this period`;
      f.labels = { ...f.labels, candidateMetric: f.metricId, conflict: detail };
      f.metricId = null;
      f.concept = unmappedConcept(c.rowLabel, c.sectionPath);
      continue;
    }
    demote(c, `another row of this table already reports ${f.metricId ?? f.concept} for this period`);
  }
}

/** Turns an active fact into a METRIC_UNMAPPED quarantined one (ambiguous row). */
export function demote(c: BoundCell, detail: string): void {
  const f = c.fact;
  if (!f) return;
  f.labels = { ...f.labels, ...(f.metricId ? { candidateMetric: f.metricId } : {}), conflict: detail };
  f.metricId = null;
  f.concept = unmappedConcept(c.rowLabel, c.sectionPath);
  f.status = 'quarantined';
  f.reason = 'METRIC_UNMAPPED';
  f.detail = detail;
}

/** An active metric fact of a notes table that disagrees with the statements: the table's own row concept, still active. */
export function toNoteRow(c: BoundCell, title: string | null, detail: string): void {
  const f = c.fact;
  if (!f?.metricId) return;
  f.labels = { ...f.labels, candidateMetric: f.metricId, conflict: detail };
  f.metricId = null;
  f.concept = unmappedConcept(c.rowLabel, title ? [title, ...c.sectionPath] : c.sectionPath);
}

/** Ranking of tables when the same metric/period/scope appears in several: primary statements first. */
export function tablePriority(kind: TableKind): number {
  return { profit_loss: 0, balance_sheet: 0, cash_flow: 0, results: 1, equity: 3, other: 2 }[kind];
}

/** Cross-table duplicates of one source: the primary statement's value wins; others are demoted. */
export function resolveSourceDuplicates(tables: BoundTable[]): number {
  const best = new Map<string, { value: string; rank: number }>();
  // the consolidated statement over a sub-group's (obligor group, guarantors, parent only) or an untitled summary
  const titleRank = (t: BoundTable) =>
    /\b(?:obligor|guarantor|issuer|parent(?: company)?(?: only)?|condensed consolidating|non-guarantor)\b/i.test(t.title ?? '')
      ? 1
      : /\bconsolidated\b/i.test(t.title ?? '')
        ? 0
        : 0.5;
  // (a primary statement by its own title first: Microsoft's "BALANCE SHEETS" over a note "… included in our
  // consolidated balance sheets" that names the allowance "Accounts receivable, net of allowance …")
  const rankOf = (t: BoundTable) => (t.statement ? -1 : 0) + tablePriority(t.kind) + titleRank(t);
  const ordered = [...tables].sort((a, b) => rankOf(a) - rankOf(b) || a.ordinal - b.ordinal);
  let demoted = 0;
  for (const t of ordered) {
    const rank = rankOf(t);
    for (const c of t.cells) {
      const f = c.fact;
      if (f?.status !== 'active') continue;
      const key = `${f.metricId ?? f.concept}|${periodKey(f.period)}|${f.scope}|${f.unit}`;
      const prev = best.get(key);
      if (!prev) best.set(key, { value: f.value, rank });
      else if (prev.value !== f.value && !f.metricId) {
        // a row concept of another table (a "Total Equities" row of the international plans' assets, after the
        // U.S. plans'): the same printed row of a different table is another row — it keeps its own concept
        f.concept = `${f.concept}/table-${t.ordinal}`;
        f.labels = { ...f.labels, sameRowElsewhere: true };
      } else if (prev.value !== f.value && (t.kind === 'other' || !t.statement) && f.metricId) {
        // a note's or the MD&A's line of another amount ("Research, development and related expenses" of
        // a restructuring note, a segment's "Total noninterest expense" under "Selected income statement
        // data"): a part or another measure, kept as the table's own row, never the metric
        toNoteRow(c, t.title, `${f.metricId} for this period is the primary statement's; this table reports another amount`);
      } else if (prev.value !== f.value) {
        demote(c, `${t.title ?? 'another table'} disagrees with an earlier statement for ${f.metricId ?? f.concept}`);
        demoted++;
      }
    }
  }
  return demoted;
}
