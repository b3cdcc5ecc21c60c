/**
 * Cells for the rule tests: a printed number in a row and column, with the table's and document's
 * context defaulting to a US filer's annual report on a December year end, and a binding as the rules
 * before the one under test would leave it.
 */
import type { FiscalCalendar } from '@/lib/domain/types';
import { getMetric } from '@/lib/ontology/metrics';
import { metricForLabel } from '../../labels';
import { parseCellValue } from '../../numbers';
import { readColumnPeriod } from '../../periods';
import type { StructuredRow, ValueCell } from '../../structure';
import type { BindContext, Binding, CellInput, RowContext } from '../types';

export const DECEMBER: FiscalCalendar[] = [
  { entityId: 'e', effectiveFrom: '2000-01-01', effectiveTo: null, yearEnd: { kind: 'fixed', month: 12, day: 31 }, labelBy: 'end-year' },
];

export const CONTEXT: BindContext = {
  calendars: DECEMBER,
  standard: 'us-gaap',
  currency: 'USD',
  order: 'mdy',
  annual: true,
  scope: null,
  unit: null,
  fallbackDate: '2022-12-31',
  periodEnd: '2022-12-31',
  glyphIsNotScale: true,
};

const ROW_CONTEXT: RowContext = {
  match: null,
  unitKind: null,
  unit: null,
  shareUnit: null,
  glyphCurrency: null,
  tableScope: null,
  titlePeriod: null,
  annualTable: true,
  kind: 'other',
  single: false,
  tableSlug: null,
  expensesNegative: false,
  contextPeriod: null,
  rowPeriod: null,
  footnoteScales: [],
  ownUnitLine: false,
  lengthHint: null,
  instantHint: false,
  blockYear: null,
  quarterTable: false,
  countTable: false,
};

export interface CellSpec {
  /** the row's label */
  label: string;
  /** the column's heading lines, outermost first */
  path?: string[];
  /** the cell as printed */
  text: string;
  sectionPath?: string[];
  /** the row's metric id (default: what the label names through the ontology) */
  metric?: string | null;
  rc?: Partial<RowContext>;
  ctx?: Partial<BindContext>;
}

export function cellOf(spec: CellSpec): CellInput {
  const value = parseCellValue(spec.text);
  if (value.kind !== 'number') throw new Error(`not a number: ${spec.text}`);
  const path = spec.path ?? [];
  const metric = spec.metric ? getMetric(spec.metric) : null;
  if (spec.metric && !metric) throw new Error(`no metric ${spec.metric}`);
  const match =
    spec.metric === undefined ? metricForLabel(spec.label, spec.sectionPath ?? []) : metric ? { metric, strength: 2 as const } : null;
  const v: ValueCell = { col: 1, text: spec.text, value, path, columnKind: 'value', page: null, spanStart: null, spanEnd: null };
  const row: StructuredRow = {
    index: 0,
    label: spec.label,
    sectionPath: spec.sectionPath ?? [],
    kind: 'data',
    values: [v],
    page: null,
    labelSpan: null,
  };
  return { row, v, num: value, rc: { ...ROW_CONTEXT, match, ...spec.rc }, ctx: { ...CONTEXT, ...spec.ctx }, colText: path.join(' ') };
}

/** The binding the earlier rules leave: the row's metric, the given values, no reasons. */
export function bindingOf(cell: CellInput, set: Partial<Binding> = {}): Binding {
  return {
    metric: cell.rc.match?.metric ?? null,
    rowConcept: false,
    cp: null,
    dimension: null,
    rowDate: null,
    edge: null,
    scope: 'consolidated',
    unit: 'unknown',
    currency: null,
    scale: 0,
    value: cell.num.value,
    decimals: cell.num.fractionDigits,
    money: false,
    labels: {},
    reasons: [],
    ...set,
  };
}

/** A column's period as the period rule reads it from headings. */
export function periodOf(path: string[], ctx: BindContext = CONTEXT) {
  const r = readColumnPeriod(path, ctx.calendars, { order: ctx.order });
  if (r.status !== 'ok') throw new Error(`no period in ${path.join(' › ')}`);
  return r.value;
}
