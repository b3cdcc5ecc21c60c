/**
 * Signs: how a statement prints its expenses (in parentheses or not), which lines it deducts, and the
 * rules that turn a printed sign into the sign of the measure — a payment printed as an outflow, an
 * expense printed in parentheses, a deduction, a tax line whose sign only the column's arithmetic says.
 * A negative figure of a measure that cannot be negative is not that measure here.
 */
import { isNonNegativeMetric, type MetricDef } from '@/lib/ontology/metrics';
import { type MetricMatch, twoSidedTax } from '../labels';
import type { StructuredRow } from '../structure';
import { toNoteRow } from './duplicates';
import { conceptLabel } from './metric';
import type { BoundCell, Rule, TableKind } from './types';

/** An expense line whose amount the statement's sign convention sets (tax expense too: its benefit is the negative). */
export function expenseLike(m: MetricDef): boolean {
  return m.sign === 'expense' || m.id === 'tax_expense';
}

/**
 * Whether an income statement prints its expenses in parentheses ("Cost of sales (11,969)"): most of
 * its operating expense lines (those the ontology says cannot be negative) are negative as printed, at
 * least two. Its expense amounts are then stored as the
 * positive expense the ontology means; a statement printing them positive is read as printed.
 */
function printsExpensesNegative(rows: StructuredRow[], matches: Map<number, MetricMatch | null>): boolean {
  let negative = 0;
  let positive = 0;
  for (const r of rows) {
    const m = matches.get(r.index);
    // operating expenses that cannot be negative decide; interest expense is often printed in parentheses
    // under "Other income (expense)" by statements that print their operating expenses positive
    if (m?.metric.sign !== 'expense' || !isNonNegativeMetric(m.metric.id)) continue;
    const first = r.values.find((v) => v.columnKind === 'value' && v.value.kind === 'number');
    if (first?.value.kind !== 'number' || /^-?0*(?:\.0*)?$/.test(first.value.value)) continue;
    if (first.value.value.startsWith('-')) negative++;
    else positive++;
  }
  return negative >= 2 && negative > positive;
}

/** A section whose lines are income positive and expenses in parentheses: "Other income (expense)", "Non-operating income (expense), net". */
const INCOME_POSITIVE_SECTION = /\bincome\s*\(\s*(?:expenses?|loss(?:es)?|deductions?)\s*\)|\bnon-?operating\b/i;
/** a line that may be income as much as expense ("Other (income) expense, net", "Interest expense, net of interest income") */
const INCOME_WORDS = /\b(?:income|gains?|benefits?|credits?|refunds?)\b/i;

/**
 * Expense lines whose parentheses print a deduction, not a negative expense, in a statement that prints
 * its operating expenses positive: a line under "Other income (expense):" (Netflix's "Interest expense
 * (238,204)"), or one between operating income and the next subtotal that the statement subtracts
 * (Oracle's "Operating income 13,093 / Interest expense (3,505 )"). Their amounts are the expense the
 * ontology means (positive); a line that names income too ("Other (income) expense, net") keeps its sign.
 */
function deductedRows(rows: StructuredRow[], matches: Map<number, MetricMatch | null>, kind: TableKind): Set<number> {
  const out = new Set<number>();
  let belowOperating = false;
  for (const r of rows) {
    if (r.kind !== 'data') continue;
    const m = matches.get(r.index);
    if (m?.metric.id === 'operating_income' || m?.metric.id === 'gross_profit') belowOperating = true;
    else if (m && (m.metric.id === 'profit_before_tax' || m.metric.id === 'net_income')) belowOperating = false;
    if (!m || !expenseLike(m.metric) || m.metric.id === 'tax_expense' || INCOME_WORDS.test(r.label)) continue;
    const section = r.sectionPath.some((s) => INCOME_POSITIVE_SECTION.test(s));
    if (section || (belowOperating && (kind === 'profit_loss' || kind === 'results'))) out.add(r.index);
  }
  return out;
}

/** How the table prints its expenses: in parentheses (expensesNegative), and the rows it deducts in parentheses otherwise. */
export function tableSigns(
  rows: StructuredRow[],
  matches: Map<number, MetricMatch | null>,
  kind: TableKind,
): { expensesNegative: boolean; deducted: Set<number> } {
  const expensesNegative = (kind === 'profit_loss' || kind === 'results') && printsExpensesNegative(rows, matches);
  return { expensesNegative, deducted: expensesNegative ? new Set<number>() : deductedRows(rows, matches, kind) };
}

const ZERO = /^-?0*(?:\.0*)?$/;
const NEGATIVE_ZERO = /^-0*(?:\.0*)?$/;

/** A payment printed as an outflow "(95.00)" in a cash flow statement is a payment of 95. */
export const outflowSign: Rule = ({ rc }, b) =>
  b.money && (b.metric?.id === 'capex' || (b.metric?.sign === 'outflow' && rc.kind === 'cash_flow')) && b.value.startsWith('-')
    ? { set: { value: b.value.slice(1) }, labels: { printedAsOutflow: true } }
    : null;

/**
 * "Cost of sales (11,969)" in a statement that prints its expenses in parentheses: an expense of 11,969
 * (a line printed positive there is a credit: a negative expense).
 */
export const expenseSign: Rule = ({ rc }, b) =>
  b.money && b.metric && rc.expensesNegative && expenseLike(b.metric) && !ZERO.test(b.value)
    ? { set: { value: b.value.startsWith('-') ? b.value.slice(1) : `-${b.value}` }, labels: { printedAsExpense: true } }
    : null;

/** "Other income (expense): Interest expense (238,204)": an expense of 238,204, deducted. */
export const deductionSign: Rule = ({ rc }, b) =>
  b.money && b.metric && rc.deducted && b.value.startsWith('-') && !NEGATIVE_ZERO.test(b.value)
    ? { set: { value: b.value.slice(1) }, labels: { printedAsDeduction: true } }
    : null;

/**
 * A measure that cannot be negative printed negative (a tax reconciliation's "Stock-based compensation
 * (850)", a note's dividends in parentheses) is not that measure here: the row keeps its own concept.
 */
export const nonNegativeMeasure: Rule = ({ row }, b) =>
  b.money && b.metric && isNonNegativeMetric(b.metric.id) && b.value.startsWith('-') && !NEGATIVE_ZERO.test(b.value)
    ? { set: { metric: null, rowConcept: conceptLabel(row.label) }, labels: { candidateMetric: b.metric.id, negativeOfNonNegative: true } }
    : null;

/**
 * The sign of a tax line from the column's own arithmetic: "Income before income taxes 1,916",
 * "Provision for income taxes (287)", "Net income 1,629" prints the expense as a deduction (an expense
 * of 287); 1,916 + 287 = 2,203 would be a benefit. A tax line printed negative whose column does not say
 * which, in a table that does not print its expenses in parentheses, is not read as the tax measure
 * (it keeps its row concept): a benefit and a deducted expense read alike.
 */
export function taxSigns(cells: BoundCell[], expensesNegative: boolean): void {
  const byColumn = new Map<number, BoundCell[]>();
  for (const c of cells) if (c.fact) byColumn.set(c.colIndex, [...(byColumn.get(c.colIndex) ?? []), c]);
  for (const col of byColumn.values())
    for (const tax of col) {
      if (tax.fact!.status !== 'active' || tax.fact!.metricId !== 'tax_expense') continue;
      const f = tax.fact!;
      // a caption naming both signs ("Income tax (expense)/benefit") is read only where the column's arithmetic confirms it
      const twoSided = twoSidedTax(tax.rowLabel);
      if (f.labels.printedAsExpense && !twoSided) continue; // the statement's own sign convention decided
      const same = (c: BoundCell) => c.fact!.status === 'active' && JSON.stringify(c.fact!.period) === JSON.stringify(f.period);
      const pbt = col.filter((c) => c.fact!.metricId === 'profit_before_tax' && same(c) && c.rowIndex < tax.rowIndex).at(-1);
      const ni = col.find(
        (c) =>
          (c.fact!.metricId === 'net_income_including_nci' || c.fact!.metricId === 'net_income') && same(c) && c.rowIndex > tax.rowIndex,
      );
      const t = Number(f.value);
      if (pbt && ni) {
        // the tax that reconciles the column: before − tax + lines between (equity-method results) = after
        const between = col
          .filter((c) => c.rowIndex > tax.rowIndex && c.rowIndex < ni.rowIndex)
          .reduce((n, c) => n + Number(c.fact!.value), 0);
        const reconciling = Number(pbt.fact!.value) + between - Number(ni.fact!.value);
        // (a line between them the table does not let us read — "(14)" of equity-method results — may leave
        // a small remainder: a tenth of the tax; an expense and a benefit are twice the tax apart)
        const tol = Math.max(2 * 10 ** f.scale, Math.abs(t) * 0.1);
        if (Math.abs(reconciling - t) <= tol) continue;
        if (Math.abs(reconciling + t) <= tol) {
          f.value = t < 0 ? f.value.slice(1) : `-${f.value}`;
          f.labels = { ...f.labels, [t < 0 ? 'printedAsExpense' : 'printedAsBenefit']: true, signFrom: 'arithmetic' };
          continue;
        }
      }
      if (twoSided) toNoteRow(tax, null, 'a tax caption naming both signs, and the column does not say which');
      else if (t < 0 && !expensesNegative)
        toNoteRow(tax, null, 'a tax line printed negative: a benefit or a deducted expense, and the column does not say which');
    }
}
