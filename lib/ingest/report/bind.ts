/**
 * Binding: every numeric cell of a structured table gets a period (from its column headers through
 * the fiscal calendar), a scope, a version label, a unit and scale (unit lines, row labels, glyphs)
 * and a metric (row label through the ontology). A cell for which any of period, unit or metric
 * cannot be established becomes a quarantined fact with a typed reason — never an active guess.
 */
import type { FiscalPeriodCode, Period, QuarantineReason, Scope } from '@/lib/domain/types';
import type { CalendarInput } from '@/lib/fiscal';
import { getMetric, isNonNegativeMetric, type MetricDef } from '@/lib/ontology/metrics';
import { attributionOf, conceptFor, isPlainNetResult, metricForLabel, unmappedConcept, type MetricMatch } from './labels';
import type { RawTable } from './model';
import { shiftDecimal } from './numbers';
import { instantAtEnd, monthsEndingAt, readColumnPeriod, scopeIn, versionIn, yearEndingAt, type ColumnPeriod, type DateOrder } from './periods';
import type { StructuredRow, StructuredTable, ValueCell } from './structure';
import { findUnitLine, rowUnitKind, type UnitLine } from './units';

export type TableKind = 'balance_sheet' | 'profit_loss' | 'cash_flow' | 'results' | 'equity' | 'other';

export interface BindContext {
  calendars: CalendarInput | null;
  /** accounting standard of the entity (concept choice) */
  standard: string;
  /** reporting currency when a unit line names none */
  currency: string | null;
  order: DateOrder;
  /** the document is an annual report: a bare date over a duration row means the year ended then */
  annual: boolean;
  scope: Scope | null;
  /** document-wide unit line ("All amounts in ₹ crore unless otherwise stated") */
  unit: UnitLine | null;
  /** placeholder date for quarantined cells without a period (period of report or filing date) */
  fallbackDate: string;
  /** SEC filings print statements in thousands or millions: a "$" alone does not say the scale */
  glyphIsNotScale?: boolean;
  /** the registrant as row labels name it ("Net income attributable to PepsiCo"), labels.registrantPattern */
  registrant?: RegExp | null;
}

export interface BoundCell {
  rowIndex: number;
  colIndex: number;
  rowLabel: string;
  sectionPath: string[];
  columnPath: string[];
  text: string;
  page: number | null;
  spanStart: number | null;
  spanEnd: number | null;
  /** normalized decimal as printed (sign applied) */
  printed: string;
  fact: BoundFact | null;
  /** why no fact: nil (dash), note or derived column */
  skipped: 'nil' | 'note' | 'derived' | null;
}

export interface BoundFact {
  metricId: string | null;
  concept: string;
  /** base units */
  value: string;
  unit: string;
  currency: string | null;
  scale: number;
  decimals: number | null;
  period: Period;
  fiscalYear: number | null;
  fiscalPeriod: FiscalPeriodCode | null;
  scope: Scope;
  status: 'active' | 'quarantined';
  reason: QuarantineReason | null;
  /** why, in words (kept in source labels for the review queue) */
  detail: string | null;
  labels: Record<string, unknown>;
}

export interface BoundTable {
  ordinal: number;
  title: string | null;
  kind: TableKind;
  /**
   * A primary statement (income statement and comprehensive income, balance sheet, cash flows, changes
   * in equity) by its own printed title, not a note or an MD&A table that merely mentions one
   * (`isPrimaryStatement`): the extraction statistics report these cells apart.
   */
  statement: boolean;
  section: string | null;
  page: number | null;
  unitLine: string | null;
  scale: number | null;
  currency: string | null;
  headerRows: string[][];
  rowCount: number;
  columnCount: number;
  labelCells: { rowIndex: number; label: string; page: number | null; span: [number, number] | null }[];
  cells: BoundCell[];
}

const TITLE_HINT = /statement|balance sheet|profit|loss|income|cash flow|results|financial position|operations|earnings|highlights|summary|note\s+\d|schedule/i;

/** The table's title: its caption, else the nearest context line that reads like one. */
export function tableTitle(raw: RawTable): string | null {
  if (raw.caption) return raw.caption;
  const ctx = [...raw.context].reverse().filter((l) => !findUnitLineOnly(l));
  const titled = ctx.find((l) => TITLE_HINT.test(l) && l.length <= 200);
  const short = ctx.find((l) => l.length <= 100 && !/[.:;]$/.test(l));
  return titled ?? short ?? raw.heading ?? null;
}

function findUnitLineOnly(line: string): boolean {
  const u = findUnitLine(line);
  return !!u && u.text.length >= line.replace(/\s+/g, ' ').trim().length - 4;
}

/**
 * A statement's own title: "Consolidated Statements of Operations", "CONDENSED CONSOLIDATED BALANCE
 * SHEETS (Unaudited)", "Consolidated Statements of Financial Position", "PARENT COMPANY – CONDENSED
 * STATEMENTS OF CASH FLOWS", "Consolidated Statement of Changes in Equity". It opens the line (after a
 * short "<name> –" prefix at most); a sentence that names a statement ("… included in our Consolidated
 * Statements of Income") is not a title.
 */
const STATEMENT_TITLE = /^(?:[^.:;]{1,40}\s[–—-]\s)?(?:condensed\s+)?(?:consolidated\s+)?(?:(?:condensed\s+)?statements?\s+of\s+(?:consolidated\s+)?(?:operations|income|earnings|comprehensive\s+(?:income|loss|earnings)|cash\s+flows?|financial\s+(?:position|condition)|profit\s+(?:and|&)\s+loss|(?:changes\s+in\s+)?(?:total\s+)?(?:(?:shareholders|stockholders|shareowners)['’]?\s+)?(?:equity|deficit))|balance\s+sheets?|(?:comprehensive\s+)?income\s+statements?|cash\s+flows?\s+statements?|(?:(?:shareholders|stockholders|shareowners)['’]?\s+)?equity\s+statements?)\b/i;

/** Whether a table of a statement kind is the statement itself: one of its title lines (caption, context, heading, header row) is a statement title. */
export function isPrimaryStatement(raw: RawTable, kind: TableKind, headerRows: string[][]): boolean {
  if (kind === 'other' || kind === 'results') return false;
  const lines = [raw.caption ?? '', ...raw.context, raw.heading ?? '', ...(headerRows[0] ?? [])];
  return lines.some((l) => {
    const t = l.replace(/\s+/g, ' ').trim();
    return t.length > 0 && t.length <= 120 && STATEMENT_TITLE.test(t);
  });
}

const EQUITY_TITLE = /statements? of (?:consolidated )?(?:changes in )?(?:total )?(?:(?:shareholders['’]?|stockholders['’]?|shareowners['’]?) )?(?:equity|deficit)\b/i;

export function tableKind(text: string): TableKind {
  const t = text.toLowerCase();
  if (/balance sheet|financial position|assets and liabilities/.test(t)) return 'balance_sheet';
  if (/cash flows?/.test(t)) return 'cash_flow';
  if (/changes in (?:shareholders['’]? |stockholders['’]? )?equity|(?:shareholders|stockholders|shareowners)['’]? equity statements?|statements? of (?:consolidated )?(?:changes in )?(?:shareholders['’]?|stockholders['’]?|shareowners['’]?) (?:equity|deficit)/.test(t)) return 'equity';
  if (/financial results|results for the (?:quarter|half|period)|quarterly results|unaudited results/.test(t)) return 'results';
  if (/profit and loss|profit & loss|income statement|statements? of (?:consolidated )?(?:income|operations|earnings|comprehensive income)/.test(t)) return 'profit_loss';
  return 'other';
}

function unitCandidates(raw: RawTable, table: StructuredTable): string[] {
  return [raw.caption ?? '', ...table.headerRows.flat(), ...[...raw.context].reverse(), ...table.rows.filter((r) => r.kind === 'text' || r.kind === 'section').slice(0, 3).map((r) => r.label)];
}

/** The table's unit line; a line that only scales share counts ("(shares in 000's)") is not it. */
function unitFor(raw: RawTable, table: StructuredTable): UnitLine | null {
  for (const c of unitCandidates(raw, table)) {
    if (!c) continue;
    const u = findUnitLine(c);
    if (u && !u.sharesOnly) return u;
  }
  return null;
}

/** A unit line that scales the table's share counts only ("(shares in 000's)"). */
function shareUnitFor(raw: RawTable, table: StructuredTable): UnitLine | null {
  for (const c of unitCandidates(raw, table)) {
    const u = c ? findUnitLine(c) : null;
    if (u?.sharesOnly) return u;
  }
  return null;
}

function pathUnit(path: string[]): UnitLine | null {
  for (const p of path) {
    const u = findUnitLine(p);
    if (u) return u;
  }
  return null;
}

function labelUnit(label: string): UnitLine | null {
  const m = /\(([^()]*(?:₹|\$|rs\.?|inr|usd|crore|lakh|million|thousand|billion|[JH]\b)[^()]*)\)/i.exec(label);
  return m ? findUnitLine(m[1]!) : null;
}

function endOf(p: Period): string {
  return p.type === 'instant' ? p.date : p.end;
}

function periodKey(p: Period): string {
  return p.type === 'instant' ? `I:${p.date}` : `D:${p.start}..${p.end}`;
}

/** Binds one structured table. */
const periodMemo = new WeakMap<BindContext, Map<string, ReturnType<typeof readColumnPeriod>>>();

/** readColumnPeriod memoized per binding context (headers repeat on every row). */
function readPeriodCached(path: string[], ctx: BindContext, titlePeriod: ColumnPeriod | null): ReturnType<typeof readColumnPeriod> {
  let memo = periodMemo.get(ctx);
  if (!memo) {
    memo = new Map();
    periodMemo.set(ctx, memo);
  }
  const key = `${titlePeriod ? JSON.stringify(titlePeriod.period) : ''}|${path.join('\u0001')}`;
  let hit = memo.get(key);
  if (!hit) {
    hit = readColumnPeriod(path, ctx.calendars, { order: ctx.order, titlePeriod });
    memo.set(key, hit);
  }
  return hit;
}

/** `inheritedUnit`: the unit the section the table sits in declares for all its tables (the notes' heading). */
export function bindTable(raw: RawTable, table: StructuredTable, ctx: BindContext, inheritedUnit: UnitLine | null = null): BoundTable {
  const title = tableTitle(raw);
  const titleText = [title ?? '', raw.heading ?? '', raw.section ?? ''].join(' ');
  // a statement whose title is printed inside its column heading ("CONSOLIDATED STATEMENTS OF OPERATIONS" over the years)
  const headingTitle = (table.headerRows[0] ?? []).find((c) => /^(?:condensed\s+)?(?:consolidated\s+)?(?:statements?\s+of\b|balance\s+sheets?\b)/i.test(c.trim())) ?? '';
  const kind = tableKind([title ?? '', ...raw.context, raw.heading ?? ''].join(' ')) === 'other' && headingTitle ? tableKind(headingTitle) : tableKind([title ?? '', ...raw.context, raw.heading ?? ''].join(' '));
  const unit = unitFor(raw, table) ?? ctx.unit ?? inheritedUnit;
  const shareUnit = shareUnitFor(raw, table);
  const glyphCurrency = dominantGlyph(table.rows);
  const tableScope = scopeIn(title ?? '') ?? scopeIn(raw.context.join(' ')) ?? scopeIn(raw.heading ?? '') ?? scopeIn(raw.section ?? '');
  const titleReading = title ? readPeriodCached([title], ctx, null) : { status: 'none' as const };
  const titlePeriod = titleReading.status === 'ok' ? titleReading.value : null;
  const annualTable = ctx.annual || /\b(?:year|annual)\b/i.test(titleText);
  const valueColumns = new Set<number>();
  let periodColumns = 0;
  for (const r of table.rows) {
    for (const v of r.values) {
      if (v.columnKind !== 'value' || v.value.kind !== 'number') continue;
      valueColumns.add(v.col);
      if (v.path.length && readPeriodCached(v.path, ctx, titlePeriod).status !== 'none') periodColumns++;
    }
  }
  // columns that are dimensions ("Flexibles | Rigid Packaging | Total", "Level 1 | Level 2") under one
  // period heading above the table ("Year Ended June 30, 2023", "December 31, 2022")
  // (a title that names one period heads several such columns the same way)
  const contextPeriod = periodColumns === 0 ? (titlePeriod && valueColumns.size > 1 ? titlePeriod : !titlePeriod ? headingPeriod(raw, ctx) : null) : null;
  // a period printed for the rows (the header block's stub, a date line between blocks of rows)
  const rowHint = (row: StructuredRow): ColumnPeriod | null => {
    if (!row.periodHint) return null;
    const r = readPeriodCached([row.periodHint], ctx, null);
    return r.status === 'ok' ? r.value : null;
  };
  const hintPeriod = (row: StructuredRow): ColumnPeriod | null => (periodColumns === 0 ? rowHint(row) : null);
  // a statement of changes in equity names its periods in its rows ("Balance at December 31, 2021")
  // (also "Consolidated Statements of Equity", "… of Total Equity": their rows, not their kind, matter here)
  const equityLike = kind === 'equity' || (kind === 'other' && EQUITY_TITLE.test([title ?? '', ...raw.context].join(' ')));
  const rowPeriods = equityLike && periodColumns === 0 && !titlePeriod && ctx.calendars ? equityRowPeriods(table.rows, ctx) : null;

  const matches = rowMatches(table.rows, kind, ctx);
  const expensesNegative = (kind === 'profit_loss' || kind === 'results') && printsExpensesNegative(table.rows, matches);

  const cells: BoundCell[] = [];
  const labelCells: BoundTable['labelCells'] = [];
  for (const row of table.rows) {
    if (row.kind !== 'data') continue;
    labelCells.push({ rowIndex: row.index, label: row.label, page: row.page, span: row.labelSpan });
    const match = matches.get(row.index) ?? null;
    // an income statement's "Gross margin" is the amount (gross profit), not a percentage
    const unitKind = match && kind === 'profit_loss' && match.metric.unitKind === 'monetary' && !/%|percent/i.test(row.label) ? null : rowUnitKind(row.label);
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
      if (v.columnKind !== 'value') {
        cells.push({ ...base, printed: v.value.kind === 'number' ? v.value.value : '', fact: null, skipped: v.columnKind });
        continue;
      }
      if (v.value.kind === 'nil') {
        cells.push({ ...base, printed: '', fact: null, skipped: 'nil' });
        continue;
      }
      if (v.value.kind !== 'number') continue;
      cells.push({ ...base, printed: v.value.value, fact: bindValue(row, v, { match, unitKind, unit, shareUnit, glyphCurrency, tableScope, titlePeriod, annualTable, kind, single: valueColumns.size === 1, tableSlug: title, expensesNegative, contextPeriod: rowPeriods?.get(row.index) ?? hintPeriod(row) ?? contextPeriod, rowPeriod: row.periodHintFrom === 'row' ? rowHint(row) : null }, ctx), skipped: null });
    }
  }
  dimensionColumns(cells, kind === 'other' && title ? [title] : []);
  resolveDuplicates(cells, kind);
  return {
    ordinal: raw.ordinal,
    title,
    kind,
    statement: isPrimaryStatement(raw, kind, table.headerRows),
    section: raw.section,
    page: raw.page,
    unitLine: unit?.text ?? null,
    scale: unit?.scale ?? null,
    currency: unit?.currency ?? glyphCurrency ?? null,
    headerRows: table.headerRows,
    rowCount: table.rowCount,
    columnCount: table.columnCount,
    labelCells,
    cells,
  };
}

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
function rowMatches(rows: StructuredRow[], kind: TableKind, ctx: BindContext): Map<number, MetricMatch | null> {
  const lc = { registrant: ctx.registrant ?? null, kind };
  const out = new Map<number, MetricMatch | null>();
  const data = rows.filter((r) => r.kind === 'data');
  for (const row of data) {
    const found = row.label ? ((row.inheritedLabel ? metricForLabel(`Total ${row.label}`, row.sectionPath, lc) : null) ?? metricForLabel(row.label, row.sectionPath, lc)) : null;
    out.set(row.index, found && allowedIn(found.metric, kind) ? found : null);
  }
  const firstAttributed = data.findIndex((r) => !!r.label && attributionOf(r.label, lc) !== null);
  const includingNci = getMetric('net_income_including_nci');
  if (firstAttributed >= 0 && includingNci && allowedIn(includingNci, kind)) {
    for (const row of data.slice(0, firstAttributed)) {
      const m = out.get(row.index);
      if (m?.metric.id === 'net_income' && !m.parent && isPlainNetResult(row.label)) out.set(row.index, { metric: includingNci, strength: m.strength });
    }
  }
  // "Cash generated from operating activities" before "Direct taxes paid" and "Net cash generated from
  // operating activities": the net line is the cash flow total, the other a subtotal
  for (const id of ['operating_cash_flow', 'investing_cash_flow', 'financing_cash_flow']) {
    const rowsOf = data.filter((r) => out.get(r.index)?.metric.id === id);
    const net = rowsOf.filter((r) => /^\s*net\b/i.test(r.label));
    if (rowsOf.length > 1 && net.length) for (const r of rowsOf) if (!net.includes(r)) out.set(r.index, null);
  }
  const revenueRows = data.filter((r) => out.get(r.index)?.metric.id === 'revenue');
  const totals = revenueRows.filter((r) => /^\s*total\b/i.test(r.label));
  if (revenueRows.length > 1 && totals.length === 1) for (const r of revenueRows) if (r !== totals[0]) out.set(r.index, null);
  return out;
}

/** An expense line whose amount the statement's sign convention sets (tax expense too: its benefit is the negative). */
function expenseLike(m: MetricDef): boolean {
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
    if (!m || m.metric.sign !== 'expense' || !isNonNegativeMetric(m.metric.id)) continue;
    const first = r.values.find((v) => v.columnKind === 'value' && v.value.kind === 'number');
    if (!first || first.value.kind !== 'number' || /^-?0*(?:\.0*)?$/.test(first.value.value)) continue;
    if (first.value.value.startsWith('-')) negative++;
    else positive++;
  }
  return negative >= 2 && negative > positive;
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

function dominantGlyph(rows: StructuredRow[]): string | null {
  const counts = new Map<string, number>();
  for (const r of rows) for (const v of r.values) if (v.value.kind === 'number' && v.value.currency) counts.set(v.value.currency, (counts.get(v.value.currency) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

interface RowContext {
  match: ReturnType<typeof metricForLabel>;
  unitKind: ReturnType<typeof rowUnitKind>;
  unit: UnitLine | null;
  /** "(shares in 000's)": the scale of share counts only */
  shareUnit: UnitLine | null;
  glyphCurrency: string | null;
  tableScope: Scope | null;
  titlePeriod: ColumnPeriod | null;
  annualTable: boolean;
  kind: TableKind;
  single: boolean;
  /** notes tables: the title, so that rows of different notes are different concepts */
  tableSlug: string | null;
  /** the statement prints its expenses in parentheses */
  expensesNegative: boolean;
  /** the one period a short heading line above the table names, when no column heading names one */
  contextPeriod: ColumnPeriod | null;
  /** the period printed for the row's block (stub or date line), to check a column's own period against */
  rowPeriod: ColumnPeriod | null;
}

/**
 * The period of a short heading line just above a table ("Year Ended June 30, 2023", "June 30, 2023",
 * "Fiscal 2022"): the nearest such line, up to three lines up, skipping unit lines. Prose ("… as
 * follows:"), a line naming several periods, or none: no period.
 */
function headingPeriod(raw: RawTable, ctx: BindContext): ColumnPeriod | null {
  const lines = [...raw.context].reverse().slice(0, 3);
  for (const line of lines) {
    const t = line.replace(/\s+/g, ' ').trim();
    if (!t || findUnitLineOnlyText(t)) continue;
    if (t.length > 60 || /[.;:]$/.test(t)) return null;
    const r = readPeriodCached([t], ctx, null);
    if (r.status === 'ok') return r.value;
    if (r.status === 'unresolved') return null;
  }
  return null;
}

const MONTH_NAMES = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** "Balance, beginning of period", "… at beginning of year", "Opening balance" → start; "… at end of year", "Ending balance" → end. */
export function balanceEdge(label: string, column?: Period | null): 'start' | 'end' | null {
  const l = label.replace(/\s+/g, ' ').trim().toLowerCase();
  // "Balance at June 30" under "Six months ended June 30, 2023": the day the column's period ends (or opens after)
  // (also "Outstanding at December 31" of a stock option activity table, "Balance at January 1" opening it)
  const day = /^(?:(?:beginning |ending )?balances?|outstanding|(?:options |shares )?outstanding)(?:\s*[-–—]\s*|,?\s+(?:at|as of)\s+)([a-z]+)\.?\s+(\d{1,2})\s*,?$/.exec(l);
  if (day && column?.type === 'duration') {
    const month = MONTH_NAMES.findIndex((m) => m.startsWith(day[1]!.slice(0, 3)));
    const mmdd = month >= 0 ? `${String(month + 1).padStart(2, '0')}-${day[2]!.padStart(2, '0')}` : null;
    if (mmdd && column.end.slice(5) === mmdd) return 'end';
    if (mmdd && (dayBefore(column.start).slice(5) === mmdd || column.start.slice(5) === mmdd)) return 'start';
    return null;
  }
  if (/\b(?:at|as of)?\s*(?:the\s+)?beginning of (?:the\s+)?(?:fiscal\s+)?(?:year|period|quarter)\b|^(?:beginning|opening) balances?\b|^balances?,? (?:at )?(?:the )?beginning\b/.test(l)) return 'start';
  if (/\b(?:at|as of)?\s*(?:the\s+)?end of (?:the\s+)?(?:fiscal\s+)?(?:year|period|quarter)\b|^(?:ending|closing) balances?\b|^balances?,? (?:at )?(?:the )?end\b/.test(l)) return 'end';
  return null;
}

/** The fiscal year, quarter, half or nine months ending on a date, as the instant at its end (a balance on that date). */
function periodEndingAt(date: string, calendars: CalendarInput): ColumnPeriod | null {
  const p = yearEndingAt(date, calendars) ?? monthsEndingAt(date, 3, calendars) ?? monthsEndingAt(date, 6, calendars) ?? monthsEndingAt(date, 9, calendars);
  return p ? instantAtEnd(p) : null;
}

function dayBefore(d: string): string {
  const t = new Date(`${d}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() - 1);
  return t.toISOString().slice(0, 10);
}

/**
 * The periods of a statement of changes in equity, read from its rows: a balance row ("Balance at
 * December 31, 2021", "Balances, April 1, 2023") is the balance at a fiscal year or quarter end (a
 * period's first day stands for the end before it); the rows between two balance rows are the
 * movements of the fiscal year, or of the quarter, half or nine months, that runs from the first
 * balance to the second, when the entity's calendar has exactly that period. Rows outside such a pair,
 * or a pair that is no fiscal period apart, get no period (their cells are quarantined as before).
 */
function equityRowPeriods(rows: StructuredRow[], ctx: BindContext): Map<number, ColumnPeriod> {
  const out = new Map<number, ColumnPeriod>();
  const calendars = ctx.calendars!;
  const data = rows.filter((r) => r.kind === 'data' || r.kind === 'section' || r.kind === 'text');
  const balances: { at: number; period: ColumnPeriod }[] = [];
  const balanceAt = (date: string): ColumnPeriod | null => {
    for (const d of [date, dayBefore(date)]) {
      const p = yearEndingAt(d, calendars) ?? monthsEndingAt(d, 3, calendars);
      if (p) return instantAtEnd(p);
    }
    return null;
  };
  data.forEach((r, i) => {
    const m = /^\s*balances?\b[\s,:-]*(?:(?:as\s+)?(?:of|at)\s+)?(.*\d{4})\s*[,:]?\s*$/i.exec(r.label ?? '');
    if (!m) return;
    const reading = readPeriodCached([m[1]!], ctx, null);
    if (reading.status !== 'ok' || reading.value.period.type !== 'instant') return;
    const period = balanceAt(reading.value.period.date);
    if (period) balances.push({ at: i, period });
  });
  for (let k = 0; k < balances.length; k++) {
    const b = balances[k]!;
    out.set(data[b.at]!.index, b.period);
    const next = balances[k + 1];
    if (!next || b.period.period.type !== 'instant' || next.period.period.type !== 'instant') continue;
    const from = b.period.period.date;
    const to = next.period.period.date;
    const months = Math.round((Date.parse(to) - Date.parse(from)) / (30.44 * 86_400_000));
    const span = months === 12 ? yearEndingAt(to, calendars) : months === 3 || months === 6 || months === 9 ? monthsEndingAt(to, months, calendars) : null;
    if (!span || span.period.type !== 'duration' || dayBefore(span.period.start) !== from) continue;
    for (let i = b.at + 1; i < next.at; i++) out.set(data[i]!.index, span);
  }
  return out;
}

/** A unit line that sets share counts apart ("except share data", "except number of shares"), unlike "except per share amounts". */
const SHARES_EXCEPTED = /\bexcept\b[^)]*?(?<!per[- ])\b(?:number of shares|shares\b|share (?:data|amounts|counts))/i;

/** A column of share counts ("Common Stock › Shares", "Shares (000's)"), not of amounts per share or of shareholders' equity. */
function shareColumn(path: string[]): boolean {
  const leaf = path[path.length - 1] ?? '';
  return /^(?:number\s+of\s+)?shares\b/i.test(leaf.trim()) || (path.length > 1 && /^\(?(?:000['’]?s|in\s+thousands|thousands)\)?$/i.test(leaf.trim()) && /^shares\b/i.test((path[path.length - 2] ?? '').trim()));
}

function findUnitLineOnlyText(line: string): boolean {
  const u = findUnitLine(line);
  return !!u && u.text.length >= line.length - 4;
}

function bindValue(row: StructuredRow, v: ValueCell, rc: RowContext, ctx: BindContext): BoundFact {
  if (v.value.kind !== 'number') throw new Error('bindValue needs a number');
  const num = v.value;
  const reasons: { reason: QuarantineReason; detail: string }[] = [];
  const labels: Record<string, unknown> = { table: null, row: row.label, column: v.path.join(' › ') || null };
  if (row.inheritedLabel) labels.inheritedLabel = true;
  let dimension: string | null = null;
  let metric = rc.match?.metric ?? null;
  // a labelled row no metric names is still bound, to its own row concept (no metric: the planner never reads it as one)
  let rowConcept = !metric && !!row.label && /[A-Za-z]{3}/.test(row.label);
  if (!metric && !rowConcept) reasons.push({ reason: 'METRIC_UNMAPPED', detail: row.label ? `no metric for the row "${row.label}"` : 'the row has no label' });
  const statementType = rc.kind === 'balance_sheet' ? 'instant' : rc.kind === 'profit_loss' || rc.kind === 'cash_flow' || rc.kind === 'results' ? 'duration' : null;
  // a row concept outside the primary statements keeps the period its column header names
  const wantInstant = metric ? metric.periodType === 'instant' : statementType ? statementType === 'instant' : null;

  // period
  let cp: ColumnPeriod | null = null;
  if (v.path.length === 0) {
    if (rc.single && rc.titlePeriod) cp = rc.titlePeriod;
    else reasons.push({ reason: 'COLUMN_HEADER_LOST', detail: 'the column has no header' });
  } else {
    const reading = readPeriodCached(v.path, ctx, rc.titlePeriod);
    if (reading.status === 'ok' && rc.rowPeriod && endOf(rc.rowPeriod.period) !== endOf(reading.value.period)) {
      // rows headed "December 31, 2022" under a column headed by another date: which one is unknown
      reasons.push({ reason: 'MISSING_FACT_PERIOD', detail: `the rows are headed by ${endOf(rc.rowPeriod.period)} but the column "${v.path.join(' › ')}" by another date` });
    } else if (reading.status === 'ok') cp = reading.value;
    else if (reading.status === 'none' && rc.single && rc.titlePeriod) cp = rc.titlePeriod;
    else if (reading.status === 'none' && rc.contextPeriod) {
      // a dimension column: its own row concept per column, never a metric of the entity as a whole
      cp = rc.contextPeriod;
      dimension = v.path.join(' ');
    }
    else reasons.push({ reason: 'MISSING_FACT_PERIOD', detail: reading.status === 'none' ? `no period in the header "${v.path.join(' › ')}"` : reading.reason });
  }
  // a roll-forward's opening and closing rows ("Balance, beginning of period", "Benefit obligation at end
  // of year") are balances at the edges of the column's period, not flows over it
  // (in a statement of changes in equity, its "Total stockholders' equity" row is the closing balance too)
  const edge = !metric || metric.periodType === 'instant' ? (balanceEdge(row.label, cp?.period) ?? (rc.kind === 'equity' && /^total\b.*\b(?:equity|deficit)\b/i.test(row.label) ? 'end' : null)) : null;
  if (cp && edge && cp.period.type === 'duration') {
    if (edge === 'end') cp = { ...instantAtEnd(cp), how: `${cp.how}:closing` };
    else {
      // the balance the period opens with is the one of the day before it starts (the previous period's end)
      const before = dayBefore(cp.period.start);
      const at = ctx.calendars ? periodEndingAt(before, ctx.calendars) : null;
      cp = at ? { ...at, how: `${cp.how}:opening` } : { period: { type: 'instant', date: before }, fiscalYear: null, fiscalPeriod: null, how: `${cp.how}:opening`, dateOnly: false, notes: [] };
    }
    labels.balanceEdge = edge;
  }
  if (cp && edge) {
    // the edge decided: an instant
  } else if (cp) {
    if (wantInstant === null) {
      // the header decides
    } else if (wantInstant && cp.period.type === 'duration') {
      if (cp.fiscalPeriod && cp.fiscalPeriod !== 'OTHER') cp = instantAtEnd(cp);
      else {
        reasons.push({ reason: 'MISSING_FACT_PERIOD', detail: 'a balance at a date under a period that is not a fiscal period' });
        cp = null;
      }
    } else if (!wantInstant && cp.period.type === 'instant') {
      const end = ctx.calendars && cp.dateOnly && rc.annualTable ? yearEndingAt(cp.period.date, ctx.calendars) : null;
      if (end) cp = end;
      else {
        reasons.push({ reason: 'MISSING_FACT_PERIOD', detail: `a flow under an instant header "${v.path.join(' › ')}"` });
        cp = null;
      }
    }
  }

  if (dimension !== null) {
    if (metric) labels.candidateMetric = metric.id;
    metric = null;
    rowConcept = !!row.label && /[A-Za-z]{3}/.test(row.label);
    if (!rowConcept && !reasons.some((r) => r.reason === 'METRIC_UNMAPPED')) reasons.push({ reason: 'METRIC_UNMAPPED', detail: 'the row has no label' });
    labels.dimension = dimension;
  }

  // scope and version
  const colText = v.path.join(' ');
  const scope = scopeIn(colText) ?? scopeIn(row.sectionPath.join(' ')) ?? rc.tableScope ?? ctx.scope ?? 'consolidated';
  const version = versionIn(colText);
  if (version === 'restated') labels.restated = true;
  if (version === 'previously_reported') {
    labels.previouslyReported = true;
    reasons.push({ reason: 'UNVERIFIED_RESTATEMENT', detail: 'an "as previously reported" figure, superseded in this document' });
  }

  // unit and scale
  let unit: string;
  let currency: string | null = null;
  let scale = 0;
  let value: string;
  let decimals: number | null;
  const colUnit = pathUnit(v.path);
  const ownUnit = labelUnit(row.label);
  const tableUnit = ownUnit ?? colUnit ?? rc.unit;
  if (num.percent || rc.unitKind === 'percent') {
    unit = 'pure';
    value = shiftDecimal(num.value, -2);
    decimals = num.fractionDigits + 2;
    if (!num.percent && rc.unitKind === 'percent' && !/%|percent/i.test(row.label + colText)) {
      // "ratio" / "times" rows: the number is the ratio itself
      value = num.value;
      decimals = num.fractionDigits;
    }
  } else if (!rc.unitKind && shareColumn(v.path)) {
    // a "Shares" column (a statement of equity's share counts): only its own heading or a unit line
    // naming no currency ("(In thousands)") says its scale; "$ in millions" speaks of the amounts
    unit = 'shares';
    const scaleUnit = colUnit ?? rc.shareUnit ?? (rc.unit && ((!rc.unit.currency && !rc.unit.exceptPerShare) || /\bshares\s+in\b|\band\s+shares\b/i.test(rc.unit.text)) ? rc.unit : null);
    scale = scaleUnit?.scale ?? 0;
    if (!scaleUnit) reasons.push({ reason: 'UNIT_UNKNOWN', detail: `no unit line for the share counts of "${colText}"` });
    value = shiftDecimal(num.value, scale);
    decimals = num.fractionDigits - scale;
  } else if (rc.unitKind === 'shares' || rc.unitKind === 'count') {
    unit = rc.unitKind === 'shares' ? 'shares' : 'count';
    // "(in millions, except per share data)" scales the share counts too; "(… except share data)" does not
    scale = ownUnit?.scale ?? rc.shareUnit?.scale ?? (tableUnit && !SHARES_EXCEPTED.test(tableUnit.text) ? tableUnit.scale : 0);
    if (rc.unitKind === 'count') scale = ownUnit?.scale ?? 0;
    value = shiftDecimal(num.value, scale);
    decimals = num.fractionDigits - scale;
  } else {
    currency = num.currency ?? ownUnit?.currency ?? colUnit?.currency ?? rc.unit?.currency ?? rc.glyphCurrency ?? ctx.unit?.currency ?? ctx.currency;
    const perShare = rc.unitKind === 'per_share' || metric?.unitKind === 'per_share';
    if (perShare) {
      // per-share amounts are printed in the currency itself ("in millions, except per share data")
      scale = ownUnit?.scale ?? 0;
      unit = currency ? `${currency}/shares` : 'unknown/shares';
    } else {
      unit = currency ?? 'unknown';
      if (tableUnit) scale = tableUnit.scale;
      else if (!num.currency || ctx.glyphIsNotScale) reasons.push({ reason: 'UNIT_UNKNOWN', detail: 'no unit line for the table or the document' });
    }
    if (!currency) reasons.push({ reason: 'UNIT_UNKNOWN', detail: 'no currency for a monetary amount' });
    value = shiftDecimal(num.value, scale);
    decimals = num.fractionDigits - scale;
    // a payment printed as an outflow "(95.00)" in a cash flow statement is a payment of 95
    if ((metric?.id === 'capex' || (metric?.sign === 'outflow' && rc.kind === 'cash_flow')) && value.startsWith('-')) {
      value = value.slice(1);
      labels.printedAsOutflow = true;
    }
    // "Cost of sales (11,969)" in a statement that prints its expenses in parentheses: an expense of 11,969
    // (a line printed positive there is a credit: a negative expense)
    if (metric && rc.expensesNegative && expenseLike(metric) && !/^-?0*(?:\.0*)?$/.test(value)) {
      value = value.startsWith('-') ? value.slice(1) : `-${value}`;
      labels.printedAsExpense = true;
    }
    // a measure that cannot be negative printed negative (a tax reconciliation's "Stock-based compensation
    // (850)", a note's dividends in parentheses) is not that measure here: the row keeps its own concept
    if (metric && isNonNegativeMetric(metric.id) && value.startsWith('-') && !/^-0*(?:\.0*)?$/.test(value)) {
      labels.candidateMetric = metric.id;
      labels.negativeOfNonNegative = true;
      metric = null;
      rowConcept = !!row.label && /[A-Za-z]{3}/.test(row.label);
    }
  }
  if (metric && metric.unitKind === 'monetary' && unit !== currency) reasons.push({ reason: 'METRIC_UNMAPPED', detail: `"${row.label}" is not a monetary amount here (${unit})` });
  if (metric && metric.unitKind === 'per_share' && !unit.endsWith('/shares')) reasons.push({ reason: 'METRIC_UNMAPPED', detail: `"${row.label}" is not a per-share amount here` });

  const order: QuarantineReason[] = ['COLUMN_HEADER_LOST', 'MISSING_FACT_PERIOD', 'UNIT_UNKNOWN', 'METRIC_UNMAPPED', 'UNVERIFIED_RESTATEMENT'];
  reasons.sort((a, b) => order.indexOf(a.reason) - order.indexOf(b.reason));
  const first = reasons[0] ?? null;
  const period: Period = cp?.period ?? { type: 'instant', date: ctx.fallbackDate };
  if (!cp) labels.periodPlaceholder = true;
  const active = !first && (metric !== null || rowConcept) && cp !== null;
  return {
    metricId: active && metric ? metric.id : null,
    concept: active && metric ? conceptFor(metric, ctx.standard) : unmappedConcept(row.label, rc.kind === 'other' && rc.tableSlug ? [rc.tableSlug, ...row.sectionPath] : row.sectionPath, dimension),
    value,
    unit,
    currency,
    scale,
    decimals,
    period,
    fiscalYear: cp?.fiscalYear ?? null,
    fiscalPeriod: cp?.fiscalPeriod ?? null,
    scope,
    status: active ? 'active' : 'quarantined',
    reason: active ? null : (first?.reason ?? 'METRIC_UNMAPPED'),
    detail: first?.detail ?? null,
    labels: { ...labels, ...(metric && !active ? { candidateMetric: metric.id } : {}), ...(cp ? { periodHow: cp.how } : {}) },
  };
}

/**
 * Several value columns of one period, scope, unit and version ("June 30, 2023" › "Level 1 | Level 2 |
 * Total", "Year ended" › "Flexibles | Rigid | Total", "Reported | Adjusted"): the columns are
 * dimensions of the row, so no cell of them is the entity-wide metric; each column keeps its own row
 * concept.
 */
function dimensionColumns(cells: BoundCell[], prefix: string[]): void {
  const columnsOf = new Map<string, Set<number>>();
  const keyOf = (f: BoundFact) => `${periodKey(f.period)}|${f.scope}|${f.unit}|${f.labels.restated ? 'r' : ''}${f.labels.previouslyReported ? 'p' : ''}`;
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
function resolveDuplicates(cells: BoundCell[], _kind: TableKind): void {
  const seen = new Map<string, string>();
  // rows that print their label win over unlabelled totals named after their section
  const ordered = [...cells.filter((c) => !c.fact?.labels.inheritedLabel), ...cells.filter((c) => c.fact?.labels.inheritedLabel)];
  for (const c of ordered) {
    const f = c.fact;
    if (!f || f.status !== 'active') continue;
    const key = `${f.metricId ?? f.concept}|${periodKey(f.period)}|${f.scope}|${f.unit}`;
    const prev = seen.get(key);
    if (prev === undefined) {
      seen.set(key, f.value);
      continue;
    }
    if (prev === f.value) continue;
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
function toNoteRow(c: BoundCell, title: string | null, detail: string): void {
  const f = c.fact;
  if (!f || !f.metricId) return;
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
  const titleRank = (t: BoundTable) => (/\b(?:obligor|guarantor|issuer|parent(?: company)?(?: only)?|condensed consolidating|non-guarantor)\b/i.test(t.title ?? '') ? 1 : /\bconsolidated\b/i.test(t.title ?? '') ? 0 : 0.5);
  const rankOf = (t: BoundTable) => tablePriority(t.kind) + titleRank(t);
  const ordered = [...tables].sort((a, b) => rankOf(a) - rankOf(b) || a.ordinal - b.ordinal);
  let demoted = 0;
  for (const t of ordered) {
    const rank = rankOf(t);
    for (const c of t.cells) {
      const f = c.fact;
      if (!f || f.status !== 'active') continue;
      const key = `${f.metricId ?? f.concept}|${periodKey(f.period)}|${f.scope}|${f.unit}`;
      const prev = best.get(key);
      if (!prev) best.set(key, { value: f.value, rank });
      else if (prev.value !== f.value && t.kind === 'other' && f.metricId) {
        // a note's or the MD&A's line of another amount ("Research, development and related expenses" of
        // a restructuring note): a part or another measure, kept as the note's own row, never the metric
        toNoteRow(c, t.title, `${f.metricId} for this period is the primary statement's; this table reports another amount`);
      } else if (prev.value !== f.value) {
        demote(c, `${t.title ?? 'another table'} disagrees with an earlier statement for ${f.metricId ?? f.concept}`);
        demoted++;
      }
    }
  }
  return demoted;
}
