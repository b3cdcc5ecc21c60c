/**
 * Binding: every numeric cell of a structured table gets a period (from its column headers through
 * the fiscal calendar), a scope, a version label, a unit and scale (unit lines, row labels, glyphs)
 * and a metric (row label through the ontology). A cell for which any of period, unit or metric
 * cannot be established becomes a quarantined fact with a typed reason — never an active guess.
 *
 * The rules live in bind/: what a table is (kind), its periods (period), units (unit), signs (sign),
 * metrics (metric), scope and version (scope), and one fact per figure (duplicates). A cell is bound by
 * a fold over the cell rules in the order of CELL_RULES; the table rules then settle what needs the
 * whole table (a tax line's sign, dimension columns, duplicates).
 */
import type { Period, QuarantineReason } from '@/lib/domain/types';
import { conceptFor, type MetricMatch, unmappedConcept } from './labels';
import type { RawTable } from './model';
import { scopeIn } from './periods';
import type { StructuredRow, StructuredTable, ValueCell } from './structure';
import type { UnitLine } from './units';
import { dimensionColumns, resolveDuplicates } from './bind/duplicates';
import { classifyTable, isPrimaryStatement } from './bind/kind';
import { dimensionColumn, metricOfRow, metricUnitAgrees, rowMatches, shareBesideAmount } from './bind/metric';
import {
  balanceEdgeRow,
  datedBalanceRow,
  futureBucket,
  instantOrDuration,
  ownPeriodRow,
  periodOfColumn,
  type TablePeriods,
  tablePeriods,
} from './bind/period';
import { scopeOfCell, versionOfColumn } from './bind/scope';
import { deductionSign, expenseSign, nonNegativeMeasure, outflowSign, tableSigns, taxSigns } from './bind/sign';
import type { BindContext, Binding, BoundCell, BoundFact, BoundTable, CellInput, RowContext, Rule, Step } from './bind/types';
import { percentsBetween, rowUnitKindOf, type TableUnits, tableUnits, unitOfCell } from './bind/unit';

export { demote, resolveSourceDuplicates, tablePriority } from './bind/duplicates';
export { isPrimaryStatement, tableKind, tableTitle } from './bind/kind';
export { balanceEdge, balanceRowDate, datedBalance } from './bind/period';
export type { BindContext, BoundCell, BoundFact, BoundTable, TableKind } from './bind/types';

/**
 * The cell rules, in the order they decide: the row's metric; the column's period and what the row says
 * of it; whether the column is a dimension; scope and version; unit and scale; the sign conventions of
 * money; and whether the metric still fits what was read.
 */
const CELL_RULES: Rule[] = [
  metricOfRow,
  periodOfColumn,
  futureBucket,
  ownPeriodRow,
  datedBalanceRow,
  balanceEdgeRow,
  instantOrDuration,
  dimensionColumn,
  scopeOfCell,
  versionOfColumn,
  unitOfCell,
  outflowSign,
  expenseSign,
  deductionSign,
  nonNegativeMeasure,
  shareBesideAmount,
  metricUnitAgrees,
];

/** The first reason a quarantined fact carries, by this order. */
const REASON_ORDER: QuarantineReason[] = [
  'COLUMN_HEADER_LOST',
  'MISSING_FACT_PERIOD',
  'UNIT_UNKNOWN',
  'METRIC_UNMAPPED',
  'UNVERIFIED_RESTATEMENT',
];

function applyStep(b: Binding, step: Step | null): Binding {
  if (!step) return b;
  return {
    ...b,
    ...step.set,
    labels: step.labels ? Object.assign({ ...b.labels }, step.labels) : b.labels,
    reasons: step.quarantine?.length ? [...b.reasons, ...step.quarantine] : b.reasons,
  };
}

/** Before any rule: the row's metric match, the printed number as is. */
function unbound({ row, v, num, rc, ctx }: CellInput): Binding {
  const labels: Record<string, unknown> = { table: null, row: row.label, column: v.path.join(' › ') || null };
  if (row.inheritedLabel) labels.inheritedLabel = true;
  return {
    metric: rc.match?.metric ?? null,
    rowConcept: false,
    cp: null,
    dimension: null,
    rowDate: null,
    edge: null,
    scope: ctx.scope ?? 'consolidated',
    unit: 'unknown',
    currency: null,
    scale: 0,
    value: num.value,
    decimals: num.fractionDigits,
    money: false,
    labels,
    reasons: [],
  };
}

/** The fact the rules decided: active when no rule quarantined it and it has a metric or row concept and a period. */
function factOf({ row, rc, ctx }: CellInput, b: Binding): BoundFact {
  const reasons = [...b.reasons].sort((x, y) => REASON_ORDER.indexOf(x.reason) - REASON_ORDER.indexOf(y.reason));
  const first = reasons[0] ?? null;
  const { metric, cp } = b;
  const period: Period = cp?.period ?? { type: 'instant', date: ctx.fallbackDate };
  const labels = cp ? b.labels : { ...b.labels, periodPlaceholder: true };
  const active = !first && (metric !== null || b.rowConcept) && cp !== null;
  return {
    metricId: active && metric ? metric.id : null,
    concept:
      active && metric
        ? conceptFor(metric, ctx.standard)
        : unmappedConcept(
            row.label,
            rc.kind === 'other' && rc.tableSlug ? [rc.tableSlug, ...row.sectionPath] : row.sectionPath,
            b.dimension,
          ),
    value: b.value,
    unit: b.unit,
    currency: b.currency,
    scale: b.scale,
    decimals: b.decimals,
    period,
    fiscalYear: cp?.fiscalYear ?? null,
    fiscalPeriod: cp?.fiscalPeriod ?? null,
    scope: b.scope,
    status: active ? 'active' : 'quarantined',
    reason: active ? null : (first?.reason ?? 'METRIC_UNMAPPED'),
    detail: first?.detail ?? null,
    labels: { ...labels, ...(metric && !active ? { candidateMetric: metric.id } : {}), ...(cp ? { periodHow: cp.how } : {}) },
  };
}

/** Binds one numeric cell: the fold of the cell rules over it. */
function bindValue(row: StructuredRow, v: ValueCell, rc: RowContext, ctx: BindContext): BoundFact {
  if (v.value.kind !== 'number') throw new Error('bindValue needs a number');
  const cell: CellInput = { row, v, num: v.value, rc, ctx, colText: v.path.join(' ') };
  const decided = CELL_RULES.reduce((b, rule) => applyStep(b, rule(cell, b)), unbound(cell));
  return factOf(cell, decided);
}

/** What every row of a table shares when its cells are bound. */
interface TableFacts {
  title: string | null;
  kind: BoundTable['kind'];
  units: TableUnits;
  periods: TablePeriods;
  tableScope: ReturnType<typeof scopeIn>;
  expensesNegative: boolean;
  deducted: Set<number>;
  percentBetween: Set<string>;
  footnoteScales: number[];
}

/** The context a cell of a row is bound in. */
function rowContext(
  t: TableFacts,
  row: StructuredRow,
  v: ValueCell,
  match: MetricMatch | null,
  unitKind: RowContext['unitKind'],
): RowContext {
  const { units, periods } = t;
  return {
    match,
    unitKind,
    unit: units.unit,
    shareUnit: units.shareUnit,
    glyphCurrency: units.glyphCurrency,
    tableScope: t.tableScope,
    titlePeriod: periods.titlePeriod,
    annualTable: periods.annualTable,
    kind: t.kind,
    single: periods.single,
    tableSlug: t.title,
    expensesNegative: t.expensesNegative,
    deducted: t.deducted.has(row.index),
    ...periods.rowPeriods(row),
    footnoteScales: t.footnoteScales,
    ownUnitLine: !!units.ownUnitLine,
    unitOfSomeColumns: units.unitOfSomeColumns,
    lengthHint: periods.lengthHint,
    instantHint: periods.instantHint,
    quarterTable: periods.quarterTable,
    countTable: units.countTable,
    percentBetween: t.percentBetween.has(`${row.index}:${v.col}`),
    truncatedHeading: periods.truncated.has(v.path.join('\u0001')),
  };
}

/** The cells of one data row: value cells bound, note and derived columns and nil cells kept as skipped. */
function bindRow(t: TableFacts, row: StructuredRow, match: MetricMatch | null, ctx: BindContext): BoundCell[] {
  const unitKind = rowUnitKindOf(row, match, t.kind);
  const cells: BoundCell[] = [];
  for (const v of row.values) {
    const base: Omit<BoundCell, 'fact' | 'skipped' | 'printed'> = {
      rowIndex: row.index,
      colIndex: v.col,
      rowLabel: row.label,
      sectionPath: row.sectionPath,
      columnPath: v.path,
      text: v.text,
      page: v.page ?? row.page,
      spanStart: v.spanStart,
      spanEnd: v.spanEnd,
    };
    if (v.columnKind !== 'value')
      cells.push({ ...base, printed: v.value.kind === 'number' ? v.value.value : '', fact: null, skipped: v.columnKind });
    else if (v.value.kind === 'nil') cells.push({ ...base, printed: '', fact: null, skipped: 'nil' });
    else if (v.value.kind === 'number')
      cells.push({ ...base, printed: v.value.value, fact: bindValue(row, v, rowContext(t, row, v, match, unitKind), ctx), skipped: null });
  }
  return cells;
}

/**
 * Binds one structured table.
 * `inheritedUnit`: the unit the section the table sits in declares for all its tables (the notes' heading).
 * `footnoteScales`: scales its footnotes give some of its figures ("(a) In thousands, disclosed at target.").
 */
export function bindTable(
  raw: RawTable,
  table: StructuredTable,
  ctx: BindContext,
  inheritedUnit: UnitLine | null = null,
  footnoteScales: number[] = [],
): BoundTable {
  const { title, titleText, kind } = classifyTable(raw);
  const units = tableUnits(raw, table, ctx, inheritedUnit, title);
  const statement = isPrimaryStatement(raw, kind, table.headerRows);
  const matches = rowMatches(table.rows, kind, ctx, statement);
  const t: TableFacts = {
    title,
    kind,
    units,
    periods: tablePeriods(raw, table, ctx, title, titleText),
    tableScope: scopeIn(title ?? '') ?? scopeIn(raw.context.join(' ')) ?? scopeIn(raw.heading ?? '') ?? scopeIn(raw.section ?? ''),
    ...tableSigns(table.rows, matches, kind),
    percentBetween: percentsBetween(table.rows),
    footnoteScales,
  };
  const cells: BoundCell[] = [];
  const labelCells: BoundTable['labelCells'] = [];
  for (const row of table.rows) {
    if (row.kind !== 'data') continue;
    labelCells.push({ rowIndex: row.index, label: row.label, page: row.page, span: row.labelSpan });
    cells.push(...bindRow(t, row, matches.get(row.index) ?? null, ctx));
  }
  taxSigns(cells, t.expensesNegative);
  dimensionColumns(cells, kind === 'other' && title ? [title] : []);
  resolveDuplicates(cells, kind);
  return {
    ordinal: raw.ordinal,
    title,
    kind,
    statement,
    section: raw.section,
    page: raw.page,
    unitLine: units.unit?.text ?? null,
    scale: units.unit?.scale ?? null,
    currency: units.unit?.currency ?? units.glyphCurrency ?? null,
    headerRows: table.headerRows,
    rowCount: table.rowCount,
    columnCount: table.columnCount,
    labelCells,
    cells,
  };
}
