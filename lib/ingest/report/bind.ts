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
import type { GridCell, RawTable } from './model';
import { shiftDecimal } from './numbers';
import {
  instantAtEnd,
  LENGTH_PHRASE,
  monthsEndingAt,
  readColumnPeriod,
  scopeIn,
  versionIn,
  yearEndingAt,
  type ColumnPeriod,
  type DateOrder,
} from './periods';
import type { StructuredRow, StructuredTable, ValueCell } from './structure';
import { exceptedShareScale, findUnitLine, rowUnitKind, type UnitLine } from './units';

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
  /** the document is a quarterly report or release (10-Q): a bare year names none of its periods */
  quarterly?: boolean;
  scope: Scope | null;
  /** document-wide unit line ("All amounts in ₹ crore unless otherwise stated") */
  unit: UnitLine | null;
  /** placeholder date for quarantined cells without a period (period of report or filing date) */
  fallbackDate: string;
  /** the end of the period the document reports (its cover's), when known: no figure of it is of a later period */
  periodEnd?: string | null;
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

const TITLE_HINT =
  /statement|balance sheet|profit|loss|income|cash flow|results|financial position|operations|earnings|highlights|summary|note\s+\d|schedule/i;

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
const STATEMENT_TITLE =
  /^(?:[^.:;]{1,40}\s[–—-]\s)?(?:condensed\s+)?(?:consolidated\s+)?(?:(?:condensed\s+)?statements?\s+of\s+(?:consolidated\s+)?(?:operations|income|earnings|comprehensive\s+(?:income|loss|earnings)|cash\s+flows?|financial\s+(?:position|condition)|profit\s+(?:and|&)\s+loss|(?:changes\s+in\s+)?(?:total\s+)?(?:(?:shareholders|stockholders|shareowners)['’]?\s+)?(?:equity|deficit))|balance\s+sheets?|(?:comprehensive\s+)?income\s+statements?|cash\s+flows?\s+statements?|(?:(?:shareholders|stockholders|shareowners)['’]?\s+)?equity\s+statements?)\b/i;

/** A statement's title printed in the table's first row, over several columns or alone in it ("CONSOLIDATED STATEMENTS OF INCOME" over the years). */
function spanningTitle(raw: RawTable): string {
  const row = raw.grid[0] ?? [];
  const cells: { cell: GridCell; span: number }[] = [];
  for (const c of row.slice(1)) {
    if (!c?.text.trim()) continue;
    const last = cells[cells.length - 1];
    if (last && last.cell === c) last.span++;
    else cells.push({ cell: c, span: 1 });
  }
  const t = cells.find(
    ({ cell, span }) =>
      (span >= 2 || cells.length === 1) &&
      /^(?:condensed\s+)?(?:consolidated\s+)?(?:statements?\s+of\b|balance\s+sheets?\b)/i.test(cell.text.trim()),
  );
  return t?.cell.text.trim() ?? '';
}

/** Whether a table of a statement kind is the statement itself: one of its title lines (caption, context, heading, header row) is a statement title. */
export function isPrimaryStatement(raw: RawTable, kind: TableKind, headerRows: string[][]): boolean {
  if (kind === 'other' || kind === 'results') return false;
  const context = [raw.caption ?? '', ...raw.context, raw.heading ?? ''];
  // (a sub-group's statements under their own heading — Amcor's "Deed of Cross Guarantee" closed group, an obligor
  // or guarantor group — are not the registrant's)
  if (context.some((l) => SUB_GROUP.test(l))) return false;
  return (
    context.some((l, i) => isStatementTitle(l.replace(/\s+/g, ' ').trim(), context[i - 1])) ||
    (headerRows[0] ?? []).some((l) => isStatementTitle(l.replace(/\s+/g, ' ').trim()))
  );
}

const SUB_GROUP =
  /\b(?:deed of cross guarantee|closed group|obligor group|guarantor (?:group|subsidiaries)|non-guarantor|issuer and guarantors?)\b/i;

/**
 * What may follow a statement's name on its title line: nothing, its period ("for the Year Ended March 31,
 * 2025", "AS AT 31 MARCH 2024"), "(unaudited)", "(continued)", "(Loss)", a unit, or the rest of a combined
 * title ("AND COMPREHENSIVE INCOME", "and Accumulated Losses"). A column heading ("Balance Sheet Location",
 * "Balance Sheet (e)"), an analysis ("… Analysis on pages 16-19"), a guarantor group's statement ("… for
 * Obligor Group") or the rest of a sentence ("Balance Sheets. For further information …", "… as the related
 * hedged item.") is no title.
 */
const TITLE_REST =
  /^(?:\s*\((?:unaudited|continued|audited|loss|deficit|in\b[^)]*|\$[^)]*|amounts?\b[^)]*)\))*(?:\s*[-–—,]?\s*(?:for\s+the\s+|as\s+(?:at|of)\s+|at\s+(?=\d|[a-z]+\s+\d))[^.]*|\s+and\s+(?:comprehensive|retained|accumulated|redeemable|other|changes)\b[^.]*)?(?:\s*\((?:unaudited|continued|in\b[^)]*)\))*\s*$/i;

/** A line that is a statement's title, not the tail of a sentence wrapped onto it ("Consolidated Statements of Cash Flows as follows ($ in millions):"). */
function isStatementTitle(t: string, previous?: string): boolean {
  if (!(t.length > 0 && t.length <= 120) || /:$|\bas follows\b|\bfollowing\b/i.test(t)) return false;
  const m = STATEMENT_TITLE.exec(t);
  if (!m) return false;
  const rest = t.slice(m[0].length);
  if (!TITLE_REST.test(rest) || /\b(?:analysis|reconciliation|location|classification)\b/i.test(rest)) return false;
  // (the end of a heading or sentence wrapped onto the line: "Selected impacts of investment securities on the" /
  // "Consolidated statements of income"; a note's sub-heading: "Note 14 — Supplemental Financial Information" / "Balance Sheet")
  const prev = (previous ?? '').replace(/\s+/g, ' ').trim();
  if (/\b(?:on|in|of|to|the|and|from|by|with|within|our|its)$/i.test(prev) || /^note\s+\d+\b/i.test(prev)) return false;
  return true;
}

export function tableKind(text: string): TableKind {
  const t = text.toLowerCase();
  // ("average balance sheets, interest and rates": averages and rates over periods, not balances at a date)
  if (/balance sheet|financial position|assets and liabilities/.test(t) && !/average (?:consolidated )?balance sheets?/.test(t))
    return 'balance_sheet';
  if (/cash flows?/.test(t)) return 'cash_flow';
  if (
    /changes in (?:shareholders['’]? |stockholders['’]? )?equity|(?:shareholders|stockholders|shareowners)['’]? equity statements?|statements? of (?:consolidated )?(?:changes in )?(?:shareholders['’]?|stockholders['’]?|shareowners['’]?) (?:equity|deficit)/.test(
      t,
    )
  )
    return 'equity';
  if (/financial results|results for the (?:quarter|half|period)|quarterly results|unaudited results/.test(t)) return 'results';
  if (
    /profit and loss|profit & loss|income statement|statements? of (?:consolidated )?(?:income|operations|earnings|comprehensive income)/.test(
      t,
    )
  )
    return 'profit_loss';
  return 'other';
}

function unitCandidates(raw: RawTable, table: StructuredTable): string[] {
  return [
    raw.caption ?? '',
    ...table.headerRows.flat(),
    ...[...raw.context].reverse(),
    ...table.rows
      .filter((r) => r.kind === 'text' || r.kind === 'section')
      .slice(0, 3)
      .map((r) => r.label),
  ];
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

/** "000's", "'000s": thousands, printed as a label's or a column's unit */
const THOUSANDS_MARK = "(?:000['’]?s|['’]000s?)";
const LABEL_THOUSANDS = new RegExp(String.raw`\((?:in\s+)?${THOUSANDS_MARK}\)`, 'i');
const COLUMN_THOUSANDS = new RegExp(String.raw`^\(?${THOUSANDS_MARK}\)?$`, 'i');

function labelUnit(label: string): UnitLine | null {
  const m = /\(([^()]*(?:₹|\$|rs\.?|inr|usd|crore|lakh|million|thousand|billion|[JH]\b)[^()]*)\)/i.exec(label);
  const u = m ? findUnitLine(m[1]!) : null;
  if (u) return u;
  // "Shares used in calculation (000's)": thousands
  if (LABEL_THOUSANDS.test(label)) return { text: '(000s)', scale: 3, currency: null, exceptPerShare: false };
  // "Average proprietary basic Card Member spending (dollars)": whole dollars, whatever the table's scale
  if (/\((?:in\s+)?(?:us\s+)?dollars\)/i.test(label)) return { text: '(dollars)', scale: 0, currency: 'USD', exceptPerShare: false };
  return null;
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

/**
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
  const title = tableTitle(raw);
  const titleText = [title ?? '', raw.heading ?? '', raw.section ?? ''].join(' ');
  // a statement whose title is printed inside its column heading ("CONSOLIDATED STATEMENTS OF OPERATIONS" over the years)
  // (a title over the columns, not a column's own heading: "Balance Sheet / Date Fair / Value" heads one column)
  const headingTitle = spanningTitle(raw);
  // a statement's own title line decides first ("CONSOLIDATED STATEMENTS OF CASH FLOWS" over a continuation
  // whose section line reads "Changes in operating assets and liabilities")
  const titleLines = [raw.caption ?? '', ...raw.context, raw.heading ?? ''].map((l) => l.replace(/\s+/g, ' ').trim());
  // (the caption, else the nearest context line: context lines are nearest last, and a page of short statements
  // keeps the titles of those above it — Oracle's cash flows under the operations' and comprehensive income's)
  const order = [0, ...raw.context.map((_, i) => raw.context.length - i), titleLines.length - 1];
  const at = order.find((i) => isStatementTitle(titleLines[i]!, titleLines[i - 1]) && tableKind(titleLines[i]!) !== 'other');
  const titleLine = at === undefined ? undefined : titleLines[at];
  const kind = titleLine
    ? tableKind(titleLine)
    : tableKind([title ?? '', ...raw.context, raw.heading ?? ''].join(' ')) === 'other' && headingTitle
      ? tableKind(headingTitle)
      : tableKind([title ?? '', ...raw.context, raw.heading ?? ''].join(' '));
  const ownUnitLine = unitFor(raw, table);
  const unit = ownUnitLine ?? ctx.unit ?? inheritedUnit;
  // the table's unit line read from the heading of some value columns only ("Aggregate purchase price …
  // (in millions)" beside "Total number of shares purchased"): those columns' scale, not the other columns'
  // share counts
  // (each value column once: its heading path is the same on every row)
  const headPaths = [
    ...new Map(
      table.rows.flatMap((r) => r.values.filter((v) => v.columnKind === 'value').map((v) => [v.path.join('\u0001'), v.path] as const)),
    ).values(),
  ];
  const namesUnit = (path: string[]) => !!ownUnitLine && path.some((p) => findUnitLine(p)?.text === ownUnitLine.text);
  const unitOfSomeColumns = !!ownUnitLine && headPaths.some(namesUnit) && !headPaths.every(namesUnit);
  const shareUnit = shareUnitFor(raw, table);
  const glyphCurrency = dominantGlyph(table.rows);
  const tableScope = scopeIn(title ?? '') ?? scopeIn(raw.context.join(' ')) ?? scopeIn(raw.heading ?? '') ?? scopeIn(raw.section ?? '');
  const titleReading = title ? readPeriodCached([title], ctx, null) : { status: 'none' as const };
  const titlePeriod = titleReading.status === 'ok' ? titleReading.value : null;
  const annualTable = ctx.annual || /\b(?:year|annual)\b/i.test(titleText);
  // the one length phrase printed above the table, over lines ("As of or for the three months" / "ended
  // June 30,"): the length of its bare-year columns
  const lengths = new Set(
    [title ?? '', ...raw.context.slice(-3)]
      .join(' ')
      .replace(/\s+/g, ' ')
      .match(new RegExp(LENGTH_PHRASE.source, 'gi'))
      ?.map((m) => m.toLowerCase().replace(/,$/, '')) ?? [],
  );
  // (or a length and an end printed on separate short lines, other columns' text between them in a two-column
  // page: "As of or for the three months" … "ended June 30,")
  const shortLines = [title ?? '', ...raw.context.slice(-4)].filter((l) => l && l.length <= 60);
  const lengthWords = new Set(
    shortLines.flatMap((l) => [...l.matchAll(/\b(?:three|six|nine|twelve) months\b/gi)].map((m) => m[0].toLowerCase())),
  );
  const endDays = new Set(
    shortLines.flatMap((l) =>
      [...l.matchAll(/\bended\s+((?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2})\b(?!,?\s*(?:19|20)\d{2})/gi)].map(
        (m) => m[1]!.toLowerCase(),
      ),
    ),
  );
  const lengthHint =
    lengths.size === 1
      ? [...lengths][0]!
      : lengths.size === 0 && lengthWords.size === 1 && endDays.size === 1
        ? `${[...lengthWords][0]} ended ${[...endDays][0]}`
        : null;
  const countTable =
    /\bunit counts?\b|\bstore counts?\b|\bnumber of (?:stores|units|clubs|warehouses|locations|restaurants|retail units|facilities)\b/i.test(
      [title ?? '', ...raw.context.slice(-3)].join(' '),
    );
  const quarterTable = /\bquarters? ended\b|\bthree months ended\b/i.test(
    [...table.headerRows.map((r) => r[0] ?? ''), title ?? ''].join(' '),
  );
  // balances the sentence or heading over the table dates ("… balances at the end of 2021 and 2020:", "as of
  // May 31,"): its year columns are the balances at those years' ends, not flows over them
  const instantHint =
    !lengthHint &&
    INSTANT_WORDS.test([title ?? '', ...raw.context.slice(-2)].join(' ')) &&
    !/\b(?:activity|changes?|roll[- ]?forward|reconciliation|movements?)\b/i.test([title ?? '', ...raw.context.slice(-2)].join(' '));
  const valueColumns = new Set<number>();
  // a column heading that is only the upper part of another column's ("Weighted-Average Fair" beside
  // "Weighted-Average Fair › Value per Share"): its own heading ("Shares") was lost
  const paths = new Set(
    table.rows.flatMap((r) => r.values.filter((v) => v.columnKind === 'value' && v.path.length).map((v) => v.path.join('\u0001'))),
  );
  const truncated = new Set([...paths].filter((p) => [...paths].some((q) => q.length > p.length && q.startsWith(`${p}\u0001`))));
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
  const contextPeriod =
    periodColumns === 0 ? (titlePeriod && valueColumns.size > 1 ? titlePeriod : !titlePeriod ? headingPeriod(raw, ctx) : null) : null;
  // a period printed for the rows (the header block's stub, a date line between blocks of rows)
  const rowHint = (row: StructuredRow): ColumnPeriod | null => {
    if (!row.periodHint) return null;
    const r = readPeriodCached([row.periodHint], ctx, null);
    // (a year alone heading a block of a quarterly report: a quarter, a half or a balance date — not said)
    if (r.status === 'ok' && ctx.quarterly && /^bare_year/.test(r.value.how)) return null;
    return r.status === 'ok' ? r.value : null;
  };
  // (a fiscal year heading a block — "Fiscal 2022" over segment columns "Digital Media | Digital Experience |
  // Total" — is the period of every column, when none is a quarter or a day within that year)
  const dayColumns =
    quarterTable ||
    [...paths].some((p) =>
      /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\b|\bquarters?\b|\bmonths\b|\bQ[1-4]\b/i.test(p),
    );
  const hintPeriod = (row: StructuredRow): ColumnPeriod | null =>
    periodColumns === 0 && (row.periodHintFrom !== 'block' || !dayColumns) ? rowHint(row) : null;
  // a statement of changes in equity names its periods in its rows ("Balance at December 31, 2021")
  // (also "Consolidated Statements of Equity", "… of Total Equity": their rows, not their kind, matter here)
  // — and so does any roll-forward whose columns are its components ("Currency Translation Adjustment |
  // Cash Flow Hedges | … | Total" between "Balance as of December 28, 2019" rows): periods found in its rows
  const rowPeriods = periodColumns === 0 && !titlePeriod && ctx.calendars ? equityRowPeriods(table.rows, ctx) : null;

  const statement = isPrimaryStatement(raw, kind, table.headerRows);
  const matches = rowMatches(table.rows, kind, ctx, statement);
  const expensesNegative = (kind === 'profit_loss' || kind === 'results') && printsExpensesNegative(table.rows, matches);
  const deducted = expensesNegative ? new Set<number>() : deductedRows(table.rows, matches, kind);

  const percentBetween = percentsBetween(table.rows);
  const cells: BoundCell[] = [];
  const labelCells: BoundTable['labelCells'] = [];
  for (const row of table.rows) {
    if (row.kind !== 'data') continue;
    labelCells.push({ rowIndex: row.index, label: row.label, page: row.page, span: row.labelSpan });
    const match = matches.get(row.index) ?? null;
    // an income statement's "Gross margin" is the amount (gross profit), not a percentage
    // ("Diluted" under "Average common shares outstanding" counts shares: a bare label takes its section's unit)
    const bare =
      /^(?:basic|diluted|basic and diluted)$/i.test(row.label.trim()) && row.sectionPath.length
        ? rowUnitKind(row.sectionPath[row.sectionPath.length - 1]!)
        : null;
    // (a line of a "Credit ratios" / "Financial ratios" section is a ratio, "%" printed or not; a line under
    // "Number of units" counts units, under "% of total criticized to total" (a wrapped label) is a percentage)
    const section = row.sectionPath[row.sectionPath.length - 1] ?? '';
    const sectionKind = rowUnitKind(section);
    // (a section "Market and per common share data" gives its prices per share, not "Market capitalization")
    const ratioSection = !match
      ? /\bratios\b/i.test(section)
        ? ('percent' as const)
        : sectionKind && sectionKind !== 'years' && !(sectionKind === 'per_share' && /\bcapitali[sz]ation\b/i.test(row.label))
          ? sectionKind
          : null
      : null;
    const unitKind =
      match && kind === 'profit_loss' && match.metric.unitKind === 'monetary' && !/%|percent/i.test(row.label)
        ? null
        : (bare ?? rowUnitKind(row.label) ?? ratioSection);
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
      cells.push({
        ...base,
        printed: v.value.value,
        fact: bindValue(
          row,
          v,
          {
            match,
            unitKind,
            unit,
            shareUnit,
            glyphCurrency,
            tableScope,
            titlePeriod,
            annualTable,
            kind,
            single: valueColumns.size === 1,
            tableSlug: title,
            expensesNegative,
            deducted: deducted.has(row.index),
            contextPeriod: rowPeriods?.get(row.index) ?? hintPeriod(row) ?? contextPeriod,
            rowPeriod: row.periodHintFrom === 'row' ? rowHint(row) : null,
            footnoteScales,
            ownUnitLine: !!ownUnitLine,
            unitOfSomeColumns,
            lengthHint,
            instantHint,
            blockYear: row.periodHintFrom === 'block' ? rowHint(row) : null,
            quarterTable,
            countTable,
            percentBetween: percentBetween.has(`${row.index}:${v.col}`),
            truncatedHeading: truncated.has(v.path.join('\u0001')),
          },
          ctx,
        ),
        skipped: null,
      });
    }
  }
  taxSigns(cells, expensesNegative);
  dimensionColumns(cells, kind === 'other' && title ? [title] : []);
  resolveDuplicates(cells, kind);
  return {
    ordinal: raw.ordinal,
    title,
    kind,
    statement,
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
function rowMatches(rows: StructuredRow[], kind: TableKind, ctx: BindContext, statement: boolean): Map<number, MetricMatch | null> {
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
  for (const r of rows)
    for (const v of r.values)
      if (v.value.kind === 'number' && v.value.currency) counts.set(v.value.currency, (counts.get(v.value.currency) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

/**
 * Figures printed bare between two percentages of their column in one section ("Organic sales 1.0 %" /
 * "Translation (4.2)" / "Total sales change (3.2 %)"): the "%" is printed on the first and the total line
 * only, as "$" is. Keys "row:col".
 */
function percentsBetween(rows: StructuredRow[]): Set<string> {
  const out = new Set<string>();
  const byCol = new Map<number, { row: StructuredRow; percent: boolean; money: boolean }[]>();
  for (const row of rows) {
    if (row.kind !== 'data') continue;
    for (const v of row.values) {
      if (v.columnKind !== 'value' || v.value.kind !== 'number') continue;
      const list = byCol.get(v.col) ?? [];
      list.push({ row, percent: v.value.percent, money: !!v.value.currency });
      byCol.set(v.col, list);
    }
  }
  const section = (r: StructuredRow) => r.sectionPath.join(' › ');
  for (const [col, list] of byCol) {
    let last = -1;
    for (let i = 0; i < list.length; i++) {
      if (!list[i]!.percent) continue;
      if (last >= 0 && i - last > 1 && section(list[last]!.row) === section(list[i]!.row)) {
        const between = list.slice(last + 1, i);
        if (between.every((x) => !x.money && section(x.row) === section(list[i]!.row)))
          for (const x of between) out.add(`${x.row.index}:${col}`);
      }
      last = i;
    }
  }
  return out;
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
  /** the line is an expense the statement deducts in parentheses (deductedRows) */
  deducted?: boolean;
  /** the one period a short heading line above the table names, when no column heading names one */
  contextPeriod: ColumnPeriod | null;
  /** the period printed for the row's block (stub or date line), to check a column's own period against */
  rowPeriod: ColumnPeriod | null;
  /** scales the table's footnotes give some of its figures */
  footnoteScales: number[];
  /** the table prints a unit line of its own (not the document's or the notes' default) */
  ownUnitLine: boolean;
  /** the table's unit line is the heading of some value columns only, not of all */
  unitOfSomeColumns?: boolean;
  /** the one length phrase above the table ("three months ended June 30"), for its bare-year columns */
  lengthHint: string | null;
  /** the table's title or headings date balances ("as of", "at the end of"): its year columns are year ends */
  instantHint: boolean;
  /** the figure is printed bare between two percentages of its column (percentsBetween) */
  percentBetween?: boolean;
  /** the fiscal year a block heading ("Fiscal Year 2016") gives the rows below it */
  blockYear: ColumnPeriod | null;
  /** the header's stub or the title says the columns are quarters ("Quarter Ended" left of "September 30 | …") */
  quarterTable: boolean;
  /** the sentence or title over the table says it counts things ("unit counts … are summarized by format") */
  countTable: boolean;
  /** the column's heading is only the upper part of another column's: its own heading was lost */
  truncatedHeading?: boolean;
}

/**
 * The period of a short heading line just above a table ("Year Ended June 30, 2023", "June 30, 2023",
 * "Fiscal 2022"): the nearest such line, up to three lines up, skipping unit lines. Prose ("… as
 * follows:"), a line naming several periods, or none: no period.
 */
function headingPeriod(raw: RawTable, ctx: BindContext): ColumnPeriod | null {
  const lines = [...raw.context].reverse().slice(0, 3);
  for (const [i, line] of lines.entries()) {
    const t = line.replace(/\s+/g, ' ').trim();
    if (!t || findUnitLineOnlyText(t)) continue;
    if (/:$/.test(t)) return leadInPeriod(lines.slice(i).reverse(), ctx);
    if (t.length > 60 || /[.;]$/.test(t)) return null;
    const r = readPeriodCached([t], ctx, null);
    if (r.status === 'ok') return r.value;
    if (r.status === 'unresolved') return null;
  }
  return null;
}

/**
 * The date a balance row prints ("Outstanding at December 25, 2021", "Balance, May 31, 2023", "Balances
 * as of May 31, 2020", "Expected to vest as of December 31, 2022", "Nonvested at January 1, 2022"), as
 * YYYY-MM-DD; null for any other row (a note "due December 31, 2025" is no balance row).
 */
export function datedBalance(label: string): string | null {
  const m =
    /^(?:(?:beginning |ending |opening |closing )?balances?|(?:options |shares |units |awards |rsus? )?outstanding|exercisable|(?:non|un)?vested|expected to vest|options exercisable)\b.{0,40}?\b([a-z]{3,9})\.?\s+(\d{1,2}),?\s+((?:19|20)\d{2})\s*[:,]?$/i.exec(
      label.replace(/\s+/g, ' ').trim(),
    );
  if (!m) return null;
  const month = MONTH_NAMES.findIndex((x) => x.startsWith(m[1]!.toLowerCase().slice(0, 3)));
  const day = Number(m[2]);
  if (month < 0 || day < 1 || day > 31) return null;
  return `${m[3]}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * A column of a quarterly table under a fiscal year heading its block: "Quarter Ended › September 30" is the
 * quarter ending on the September 30 within the year, "Total" / "Year" is the year itself. Null otherwise.
 */
function inFiscalYear(path: string[], year: ColumnPeriod, ctx: BindContext): ColumnPeriod | null {
  if (year.period.type !== 'duration' || year.fiscalPeriod !== 'FY') return null;
  const text = path.join(' ').replace(/\s+/g, ' ').trim();
  if (/^(?:quarters? ended\s+)?(?:total|year|full year|fiscal year)$/i.test(text)) return year;
  const m =
    /\b(?:quarters?|three months)\s+ended\b.*?\b((?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*)\.?\s+(\d{1,2})\b(?!,?\s*(?:19|20)\d{2})/i.exec(
      text,
    );
  if (!m) return null;
  const { start, end } = year.period;
  for (const y of new Set([start.slice(0, 4), end.slice(0, 4)])) {
    const r = readPeriodCached([`three months ended ${m[1]} ${m[2]}, ${y}`], ctx, null);
    if (r.status === 'ok' && r.value.period.type === 'duration' && r.value.period.end >= start && r.value.period.end <= end) return r.value;
  }
  return null;
}

/** Rows that count what happened over a period, never a balance on a day: charge-offs and recoveries. */
const FLOW_ROW = /\bcharge-?offs?\b|\brecoveries\b/i;

/** A heading over the years loans were originated in (their vintage), not periods of the figures. */
const VINTAGE_HEADING = /\b(?:by\s+)?(?:origination|vintage)\s+years?\b|\byears?\s+of\s+origination\b|\bby\s+vintage\b/i;

/** A row label that names a quarter ("First Quarter", "Fourth quarter of fiscal 2023", "Q2"). */
const QUARTER_LABEL = /^\s*(?:(?:first|second|third|fourth|1st|2nd|3rd|4th)\s+(?:fiscal\s+)?quarter\b|Q[1-4]\b)/i;

/** A row label that is a span of dates ("April 1, 2023—April 30, 2023", "March 1 - March 31, 2023"). */
const DATE_RANGE_LABEL =
  /^\s*(?:[a-z]+\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:,?\s+(?:19|20)\d{2})?\s*(?:[-–—]|to|through)\s*(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2},?\s+(?:19|20)\d{2}\b/i;

/** A row label that is a date alone ("December 31, 2022", "As of June 30, 2023"). */
const LONE_DATE_LABEL =
  /^(?:(?:as\s+)?(?:of|at)\s+)?((?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2},?\s+(?:19|20)\d{2})\s*[:,]?$/i;

function dateOf(text: string): string | null {
  const m = /^([a-z]{3,9})\.?\s+(\d{1,2}),?\s+((?:19|20)\d{2})$/i.exec(text.trim());
  if (!m) return null;
  const month = MONTH_NAMES.findIndex((x) => x.startsWith(m[1]!.toLowerCase().slice(0, 3)));
  return month < 0 ? null : `${m[3]}-${String(month + 1).padStart(2, '0')}-${m[2]!.padStart(2, '0')}`;
}

const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** "Balance, beginning of period", "… at beginning of year", "Opening balance" → start; "… at end of year", "Ending balance" → end. */
export function balanceEdge(label: string, column?: Period | null): 'start' | 'end' | null {
  const l = label.replace(/\s+/g, ' ').trim().toLowerCase();
  // "Balance at June 30" under "Six months ended June 30, 2023": the day the column's period ends (or opens after)
  // (also "Outstanding at December 31" of a stock option activity table, "Balance at January 1" opening it)
  const day =
    /^(?:(?:beginning |ending )?balances?|outstanding|(?:options |shares )?outstanding)(?:\s*[-–—]\s*|,?\s+(?:at|as of)\s+)([a-z]+)\.?\s+(\d{1,2})\s*,?$/.exec(
      l,
    );
  if (day && column?.type === 'duration') {
    const month = MONTH_NAMES.findIndex((m) => m.startsWith(day[1]!.slice(0, 3)));
    const mmdd = month >= 0 ? `${String(month + 1).padStart(2, '0')}-${day[2]!.padStart(2, '0')}` : null;
    if (mmdd && column.end.slice(5) === mmdd) return 'end';
    if (mmdd && (dayBefore(column.start).slice(5) === mmdd || column.start.slice(5) === mmdd)) return 'start';
    return null;
  }
  if (
    /\b(?:at|as of)?\s*(?:the\s+)?beginning[- ]of[- ](?:the\s+)?(?:fiscal\s+)?(?:year|period|quarter)\b|^(?:beginning|opening) balances?\b|^balances?,? (?:at )?(?:the )?beginning\b/.test(
      l,
    )
  )
    return 'start';
  if (
    /\b(?:at|as of)?\s*(?:the\s+)?end[- ]of[- ](?:the\s+)?(?:fiscal\s+)?(?:year|period|quarter)\b|^(?:ending|closing) balances?\b|^balances?,? (?:at )?(?:the )?end\b/.test(
      l,
    )
  )
    return 'end';
  return null;
}

/** The fiscal year, quarter, half or nine months ending on a date, as the instant at its end (a balance on that date). */
function periodEndingAt(date: string, calendars: CalendarInput): ColumnPeriod | null {
  const p =
    yearEndingAt(date, calendars) ??
    monthsEndingAt(date, 3, calendars) ??
    monthsEndingAt(date, 6, calendars) ??
    monthsEndingAt(date, 9, calendars);
  return p ? instantAtEnd(p) : null;
}

/**
 * The one period the sentence introducing a table names ("Cash, cash equivalents and short-term
 * investments consisted of the following as of December 3, 2021:", "… for the year ended June 30,
 * 2023 (in millions):"), read from the paragraph's last sentence. A date it states without "as of" /
 * "ended" (a "since January 1, 2022"), several periods, or none: no period.
 */
function leadInPeriod(lines: string[], ctx: BindContext): ColumnPeriod | null {
  const paragraph = lines.join(' ').replace(/\s+/g, ' ').trim();
  const sentence = paragraph.split(/(?<=[a-z0-9)][.;])\s+(?=[A-Z])/).at(-1) ?? paragraph;
  if (sentence.length > 300) return null;
  const r = readPeriodCached([sentence.replace(/:$/, '')], ctx, null);
  return r.status === 'ok' && !r.value.dateOnly ? r.value : null;
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
    // a date before the calendar the filing gave us ("Balances, January 1, 2022" of a 10-Q): the balance
    // that day (a period's first day stands for the end of the day before)
    const d = date.endsWith('-01') ? dayBefore(date) : date;
    return { period: { type: 'instant', date: d }, fiscalYear: null, fiscalPeriod: null, how: 'row', dateOnly: false, notes: [] };
  };
  data.forEach((r, i) => {
    const date = balanceRowDate(r.label ?? '');
    if (!date) return;
    const reading = readPeriodCached([date], ctx, null);
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
    const span =
      months === 12
        ? yearEndingAt(to, calendars)
        : months === 3 || months === 6 || months === 9
          ? monthsEndingAt(to, months, calendars)
          : null;
    if (span?.period.type !== 'duration' || dayBefore(span.period.start) !== from) continue;
    for (let i = b.at + 1; i < next.at; i++) out.set(data[i]!.index, span);
  }
  return out;
}

/**
 * The date a roll-forward's balance row prints: "Balance at December 31, 2021", "Balances, April 1, 2023",
 * and any balance named by what it counts — "Goodwill - January 1, 2018", "Reserve balance as of May 26,
 * 2019", "Outstanding as of December 31, 2017", "Nonvested as of May 31, 2021", "Liability balance at June
 * 30, 2022", "Balance at December 31, 2019, net of tax:". A row that dates something else — an instrument
 * ("Indenture, dated as of …", "Notes due May 1, 2023"), a span ("Year Ended June 30, 2023", "January 1 -
 * March 31, 2022") — or prints a date alone is no balance row. Null for those.
 */
export function balanceRowDate(label: string): string | null {
  const l = label
    .replace(/\s*\((?:[a-z]|\d{1,2})\)\s*$/i, '')
    .replace(/\s+/g, ' ')
    .trim();
  const balance = /^balances?\b[\s,:-]*(?:(?:as\s+)?(?:of|at)\s+)?(.*\d{4})\s*[,:]?$/i.exec(l);
  if (balance) return balance[1]!;
  const named = NAMED_BALANCE.exec(l);
  if (!named) return null;
  // (what precedes the date must name a balance, not date an instrument or a span)
  if (
    /\b(?:dated|due|expir\w*|matur\w*|ended|ending|through|effective|since|from|to|for|during|issued|signed|amended|agreement|indenture|notes?|plan)\b/i.test(
      named[1]!,
    )
  )
    return null;
  return named[2]!;
}

const NAMED_BALANCE =
  /^([A-Za-z][A-Za-z0-9 ,'’/&()-]{1,60}?)(?:\s+[-–—]\s+|,\s*|\s+(?:as\s+(?:of|at)|at)\s+)((?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2},?\s+(?:19|20)\d{2})(?:,?\s*net\s+of\s+tax)?\s*[,:]?$/i;

/** Measures printed in tables that are not money: floor space, land, staff (a count of stores is a row unit of its own). */
const FLOOR_SPACE = /\bsquare\s+(?:feet|footage|foot|meters)\b|\bsq\.?\s*ft\b|\bacres\b/i;
// (a column "Employees as of December 31" beside "Property, Plant and Equipment - net as of" counts people)
const NOT_MONEY = new RegExp(
  `${FLOOR_SPACE.source}|\\bheadcount\\b|\\bnumber of (?:employees|stores|locations|customers|warehouses)\\b|\\bemployees\\s+(?:as\\s+of|at)\\b`,
  'i',
);

/** A column counting shares, units, options or accounts ("Number of RSUs (in thousands)", "Total Number of Shares Repurchased", "Shares Available for Grant"). */
// (also the third column of an SEC filing's equity compensation plan information, whose "Number of securities
// remaining available for" may sit above the table: "… future issuance under equity compensation plans
// (excluding securities reflected in column (a))")
const COUNT_COLUMN =
  /\b(?:total\s+)?number\s+of\b|\b(?:securities|shares)\s+reflected\s+in\s+column\b|\bremaining\s+available\s+for\s+(?:future\s+)?issuance\b|\b(?:shares|units|rsus?|psus?|options|awards)\s+(?:outstanding|available|repurchased|purchased|granted|\(in|in\s+thousands)|^\s*(?:shares|units|rsus?|options)\s*$/i;
/** A column heading naming an amount of money ("equity compensation plans" name none). */
const MONEY_COLUMN = /\b(?:amount|value|price|cost|dollars?|proceeds|paid|(?<!equity\s)compensation|expense)\b|\$/i;

/** Words dating balances rather than flows: "as of", "as at", "at the end of", "balances at", "at May 31". */
const INSTANT_WORDS =
  /\bas (?:of|at)\b|\bat (?:the )?end of\b|\bbalances? at\b|\bat (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2}\b/i;

/** A column of amounts per share, unit or option ("Weighted-Average Exercise Price", "Fair Value Per RSU"). */
const AGGREGATE_PRICE = /\b(?:aggregate|total)\b[^›]*\bprice\b|\bprice\s+(?:allocation|consideration)\b/i;
const PER_SHARE_COLUMN =
  /\b(?:exercise|grant[- ]date|purchase|strike|option)\s+price\b|\bprice\s+per\b|\bper\s+(?:share|unit|rsu|psu|option|award)\b/i;

/**
 * A column of rates: a heading that is a percentage or a rate and nothing else ("Average › Yield" beside
 * "Average › Balance" of an average balance sheet; "Percentage" beside amounts; "% of Net Sales"; "% Change").
 */
const PERCENT_HEADING =
  /^(?:%|\(%\)|percent(?:age)?s?|(?:average\s+)?(?:yield|rate)s?|%\s+(?:of\s+(?:total|revenues?|net\s+(?:sales|revenues?)|sales)|change)|(?:percent(?:age)?|%)\s+(?:of\s+(?:total|revenues?|net\s+(?:sales|revenues?)|sales)|change)|change\s+(?:%|percent))$/i;
function percentColumn(path: string[]): boolean {
  // (the last heading line, and not the end of "Exchange / Rate": Amazon's "Exchange Rate Effect" columns are dollars)
  const leaf = (path[path.length - 1] ?? '').replace(/\s+/g, ' ').trim();
  return PERCENT_HEADING.test(leaf) && !/\b(?:exchange|conversion|currency)$/i.test((path[path.length - 2] ?? '').trim());
}

/** A column of lengths of time ("Contractual Life Remaining (years)", "Weighted-Average Remaining Term (in years)"). */
const YEARS_COLUMN = /\((?:in\s+)?years\)|\bin years\b/i;

/** A unit line that sets share counts apart ("except share data", "except number of shares"), unlike "except per share amounts". */
const SHARES_EXCEPTED = /\bexcept\b[^)]*?(?<!per[- ])\b(?:number of shares|shares\b|share (?:data|amounts|counts))/i;

/** A column of share counts ("Common Stock › Shares", "Shares (000's)"), not of amounts per share or of shareholders' equity. */
function shareColumn(path: string[]): boolean {
  const leaf = path[path.length - 1] ?? '';
  // (also a "Shares" heading over its dates: "Shares › December 31, 2022" beside "Carrying value › …")
  // (not an "Amount" under it: "Common Stock › Shares (000's) | Amount" merged into "Shares › Amount")
  if (path.slice(0, -1).some((p) => /^(?:number\s+of\s+)?shares(?:\s+outstanding)?$/i.test(p.trim())) && !MONEY_COLUMN.test(leaf))
    return true;
  return (
    /^(?:number\s+of\s+)?shares\b/i.test(leaf.trim()) ||
    (path.length > 1 &&
      /^\(?(?:000['’]?s|in\s+thousands|thousands)\)?$/i.test(leaf.trim()) &&
      /^shares\b/i.test((path[path.length - 2] ?? '').trim()))
  );
}

function findUnitLineOnlyText(line: string): boolean {
  const u = findUnitLine(line);
  return !!u && u.text.length >= line.length - 4;
}

/** A label that names a row: words, or the year a schedule's row is due in ("2024", "2028 - 2032", "Fiscal 2025"). */
function conceptLabel(label: string): boolean {
  // (or an abbreviation with its points: "U.S." under "Interest-bearing deposits", "U.K.")
  return (
    !!label &&
    (/[A-Za-z]{3}/.test(label) ||
      /^(?:(?:fiscal|FY)\s*)?(?:19|20)\d{2}(?:\s*[-–]\s*(?:19|20)?\d{2,4})?$/i.test(label.trim()) ||
      /^(?:[A-Z]\.){2,3}$/.test(label.trim()))
  );
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
  let rowConcept = !metric && conceptLabel(row.label);
  if (!metric && !rowConcept)
    reasons.push({ reason: 'METRIC_UNMAPPED', detail: row.label ? `no metric for the row "${row.label}"` : 'the row has no label' });
  const statementType =
    rc.kind === 'balance_sheet'
      ? 'instant'
      : rc.kind === 'profit_loss' || rc.kind === 'cash_flow' || rc.kind === 'results'
        ? 'duration'
        : null;
  // a row concept outside the primary statements keeps the period its column header names
  const wantInstant = metric ? metric.periodType === 'instant' : statementType ? statementType === 'instant' : null;

  // period
  let cp: ColumnPeriod | null = null;
  if (v.path.length === 0) {
    if (rc.single && rc.titlePeriod) cp = rc.titlePeriod;
    else reasons.push({ reason: 'COLUMN_HEADER_LOST', detail: 'the column has no header' });
  } else {
    // (a year under "Term loans by origination year" / "Year of origination" is the loans' vintage, a dimension
    // of the balance: the period is what the headings above it name — "June 30, 2023")
    const vintage = v.path.findIndex((p) => VINTAGE_HEADING.test(p));
    let reading = readPeriodCached(vintage >= 0 ? v.path.slice(0, vintage) : v.path, ctx, rc.titlePeriod);
    if (vintage >= 0 && reading.status === 'ok') dimension = v.path.join(' ');
    if (reading.status === 'ok' && reading.value.how === 'bare_year' && rc.lengthHint) {
      const again = readPeriodCached([rc.lengthHint, ...v.path], ctx, rc.titlePeriod);
      if (again.status === 'ok') reading = again;
    }
    if (reading.status === 'ok' && rc.rowPeriod && endOf(rc.rowPeriod.period) !== endOf(reading.value.period)) {
      // rows headed "December 31, 2022" under a column headed by another date: which one is unknown
      reasons.push({
        reason: 'MISSING_FACT_PERIOD',
        detail: `the rows are headed by ${endOf(rc.rowPeriod.period)} but the column "${v.path.join(' › ')}" by another date`,
      });
    } else if (reading.status === 'ok' && reading.value.how === 'bare_year' && ctx.quarterly) {
      // "2023" alone in a quarterly report: a quarter, a half, nine months or a balance date — not said
      reasons.push({ reason: 'MISSING_FACT_PERIOD', detail: `"${v.path.join(' › ')}" names only a year in a quarterly report` });
    } else if (reading.status === 'ok') cp = reading.value;
    else if (rc.blockYear && (cp = inFiscalYear(rc.quarterTable ? ['quarter ended', ...v.path] : v.path, rc.blockYear, ctx))) {
      // "Quarter Ended › September 30" under "Fiscal Year 2016": the quarter ending that day within the year
    } else if (reading.status === 'none' && rc.single && rc.titlePeriod) cp = rc.titlePeriod;
    else if (reading.status === 'none' && rc.contextPeriod && rc.truncatedHeading) {
      // the dimension is named by the column's heading: one that lost its own line names none
      reasons.push({
        reason: 'COLUMN_HEADER_LOST',
        detail: `the heading "${v.path.join(' › ')}" is only the upper part of another column's`,
      });
    } else if (reading.status === 'none' && rc.contextPeriod) {
      // a dimension column: its own row concept per column, never a metric of the entity as a whole
      cp = rc.contextPeriod;
      dimension = v.path.join(' ');
      // (a row that is a date and nothing else — "December 31, 2022" opening a roll-forward whose stub or title
      // names "June 30, 2023" — is the balance on its own date, not on the table's)
      const own = LONE_DATE_LABEL.exec(row.label.replace(/\s+/g, ' ').trim());
      if (own && cp.period.type === 'instant' && own[1] && dateOf(own[1]) !== cp.period.date) {
        reasons.push({ reason: 'MISSING_FACT_PERIOD', detail: `the row is dated ${own[1]} but the table's period is ${cp.period.date}` });
        cp = null;
      }
    } else
      reasons.push({
        reason: 'MISSING_FACT_PERIOD',
        detail: reading.status === 'none' ? `no period in the header "${v.path.join(' › ')}"` : reading.reason,
      });
  }
  // a roll-forward's opening and closing rows ("Balance, beginning of period", "Benefit obligation at end
  // of year") are balances at the edges of the column's period, not flows over it
  // (in a statement of changes in equity, its "Total stockholders' equity" row is the closing balance too)
  // a column of a later period than the document reports ("2024", "2025 – 2026" of a table of payments due)
  // is a bucket of what falls due then, as of the balance sheet date — not the period of the figure
  // (a plan measured on the calendar month end just after a 52/53-week year end is no bucket: a month's slack)
  if (cp && ctx.periodEnd && Date.parse(endOf(cp.period)) > Date.parse(ctx.periodEnd) + 31 * 86_400_000) {
    reasons.push({
      reason: 'MISSING_FACT_PERIOD',
      detail: `"${v.path.join(' › ')}" is after the period the document reports (${ctx.periodEnd}): a future bucket, not the figure's period`,
    });
    cp = null;
  }
  // a row that names its own period ("April 1, 2023—April 30, 2023" of a repurchase table, "First Quarter" under
  // a fiscal year's columns) is not the column's
  if (
    cp &&
    (DATE_RANGE_LABEL.test(row.label) || (QUARTER_LABEL.test(row.label) && cp.fiscalPeriod === 'FY' && cp.period.type === 'duration'))
  ) {
    reasons.push({ reason: 'MISSING_FACT_PERIOD', detail: `the row "${row.label}" names its own period` });
    cp = null;
  }
  const balanceRow = !metric || metric.periodType === 'instant';
  // a balance row that prints its own date ("Outstanding at December 25, 2021", "Balance, May 31, 2023")
  // under a column of the period it opens or closes is the balance on that date
  const dated = balanceRow && cp ? datedBalance(row.label) : null;
  if (cp && dated) {
    const p = cp.period;
    // (an instant column a statement of equity dates by the day before "Balances, April 1, 2023" agrees with it)
    const within = p.type === 'duration' ? dated >= dayBefore(p.start) && dated <= p.end : p.date === dated || p.date === dayBefore(dated);
    if (!within) {
      reasons.push({
        reason: 'MISSING_FACT_PERIOD',
        detail: `the row is dated ${dated} but its column "${v.path.join(' › ')}" names another period`,
      });
      cp = null;
    } else if (p.type === 'duration') {
      const at = ctx.calendars ? periodEndingAt(dated, ctx.calendars) : null;
      cp =
        at && at.period.type === 'instant' && at.period.date === dated
          ? { ...at, how: `${cp.how}:row-date` }
          : {
              period: { type: 'instant', date: dated },
              fiscalYear: null,
              fiscalPeriod: null,
              how: `${cp.how}:row-date`,
              dateOnly: false,
              notes: [],
            };
    }
    labels.balanceEdge = 'dated';
  }
  // (or a column of them: "Balance, Beginning 2021" | "Acquisitions" | … | "Balance, End of 2021")
  const edge =
    balanceRow && !dated
      ? (balanceEdge(row.label, cp?.period) ??
        (rc.kind === 'equity' && /^total\b.*\b(?:equity|deficit)\b/i.test(row.label) ? 'end' : null) ??
        balanceEdge(
          v.path
            .join(' ')
            .replace(/\b(?:19|20)\d{2}\b/g, '')
            .trim(),
          cp?.period,
        ))
      : null;
  if (cp && edge && cp.period.type === 'duration') {
    if (edge === 'end') cp = { ...instantAtEnd(cp), how: `${cp.how}:closing` };
    else {
      // the balance the period opens with is the one of the day before it starts (the previous period's end)
      const before = dayBefore(cp.period.start);
      const at = ctx.calendars ? periodEndingAt(before, ctx.calendars) : null;
      cp = at
        ? { ...at, how: `${cp.how}:opening` }
        : {
            period: { type: 'instant', date: before },
            fiscalYear: null,
            fiscalPeriod: null,
            how: `${cp.how}:opening`,
            dateOnly: false,
            notes: [],
          };
    }
    labels.balanceEdge = edge;
  }
  if (cp && (edge || dated)) {
    // the row decided: an instant
  } else if (cp) {
    // (not the rows of a section naming a flow: "Net sales › U.S." of a table titled "Net sales for 2022 … and
    // long-lived assets as of September 24, 2022 …" is the year's sales)
    if (
      wantInstant === null &&
      rc.instantHint &&
      cp.period.type === 'duration' &&
      cp.fiscalPeriod === 'FY' &&
      /^bare_year|^fiscal|^span/.test(cp.how) &&
      !row.sectionPath.some((sec) => metricForLabel(sec)?.metric.periodType === 'duration')
    ) {
      cp = instantAtEnd(cp);
    } else if (wantInstant === null && cp.period.type === 'instant' && FLOW_ROW.test(row.label)) {
      // "Gross charge-offs" under "June 30, 2023" of a credit-quality table: the year to date's charge-offs, not a balance that day
      reasons.push({ reason: 'MISSING_FACT_PERIOD', detail: `"${row.label}" is a flow under an instant header "${v.path.join(' › ')}"` });
      cp = null;
    } else if (wantInstant === null) {
      // the header decides
    } else if (wantInstant && !metric && cp.period.type === 'duration' && /^ended/.test(cp.how) && cp.fiscalPeriod !== 'FY') {
      // "Three months ended June 30, 2023" over a row concept of a table taken for a balance sheet by the prose
      // above it ("… risks associated with certain specified assets and liabilities."): no balance sheet heads
      // its columns with a quarter's or a half's length, the header decides
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
    rowConcept = conceptLabel(row.label);
    if (!rowConcept && !reasons.some((r) => r.reason === 'METRIC_UNMAPPED'))
      reasons.push({ reason: 'METRIC_UNMAPPED', detail: 'the row has no label' });
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
  // (a bare "Basic" / "Diluted" under "Shares used in calculation (000's)": the section's unit is the row's)
  const ownUnit =
    labelUnit(row.label) ??
    (/^(?:basic|diluted|basic and diluted)$/i.test(row.label.trim()) && row.sectionPath.length
      ? labelUnit(row.sectionPath[row.sectionPath.length - 1]!)
      : null);
  const tableUnit = ownUnit ?? colUnit ?? rc.unit;
  if (rc.unitKind === 'years' || YEARS_COLUMN.test(colText)) {
    // "Weighted-average remaining lease term (years)", a "Contractual Life Remaining (years)" column: a length of time
    unit = 'years';
    value = num.value;
    decimals = num.fractionDigits;
  } else if (
    num.percent ||
    rc.unitKind === 'percent' ||
    (!rc.unitKind && !num.currency && (percentColumn(v.path) || !!rc.percentBetween))
  ) {
    unit = 'pure';
    value = shiftDecimal(num.value, -2);
    decimals = num.fractionDigits + 2;
    if (!num.percent && rc.unitKind === 'percent' && !/%|percent/i.test(`${row.label} ${colText} ${row.sectionPath.join(' ')}`)) {
      // "ratio" / "times" rows: the number is the ratio itself (not under "Year-over-year Percentage Growth:",
      // whose later rows drop the "%" the first one prints)
      value = num.value;
      decimals = num.fractionDigits;
    }
  } else if (!rc.unitKind && COUNT_COLUMN.test(colText) && MONEY_COLUMN.test(colText)) {
    // "Treasury Shares › Number of › Amount": headings of a count and of an amount over one column
    unit = 'unknown';
    value = num.value;
    decimals = num.fractionDigits;
    reasons.push({ reason: 'UNIT_UNKNOWN', detail: `the heading "${colText}" names both a count and an amount` });
  } else if (!rc.unitKind && !PER_SHARE_COLUMN.test(colText) && (shareColumn(v.path) || COUNT_COLUMN.test(colText))) {
    // a "Shares" column (a statement of equity's share counts), "Number of RSUs (in thousands)", "Number
    // of Accounts": only its own heading or a unit line naming no currency ("(In thousands)") says its
    // scale; "$ in millions" speaks of the amounts
    unit = shareColumn(v.path) || /\b(?:shares|units|rsus?|psus?|options|awards)\b/i.test(colText) ? 'shares' : 'count';
    const tableShares = rc.unit && !rc.unitOfSomeColumns ? rc.unit : null;
    const scaleUnit =
      colUnit ??
      rc.shareUnit ??
      (tableShares && ((!tableShares.currency && !tableShares.exceptPerShare) || /\bshares\s+in\b|\band\s+shares\b/i.test(tableShares.text))
        ? tableShares
        : null);
    // ("Shares › (000's)": the column's own heading says thousands)
    const thousands = v.path.some((p) => COLUMN_THOUSANDS.test(p.trim()));
    // ("In millions and shares in thousands": the share counts' own scale)
    scale = thousands ? 3 : ((scaleUnit && scaleUnit === tableShares ? exceptedShareScale(scaleUnit.text) : null) ?? scaleUnit?.scale ?? 0);
    // (beside columns whose own headings carry the table's scale — "Aggregate purchase price … (in millions)" —
    // a count column with none prints its counts in full: 21,995,253 shares)
    if (!scaleUnit && !thousands && !rc.unitOfSomeColumns)
      reasons.push({ reason: 'UNIT_UNKNOWN', detail: `no unit line for the share counts of "${colText}"` });
    value = shiftDecimal(num.value, scale);
    decimals = num.fractionDigits - scale;
  } else if (
    !rc.unitKind &&
    rc.countTable &&
    ctx.glyphIsNotScale &&
    !num.currency &&
    !rc.glyphCurrency &&
    !ownUnit &&
    !colUnit &&
    !rc.ownUnitLine &&
    !metric
  ) {
    // "… unit counts for Walmart U.S. and Sam's Club are summarized by format for each state": a table of counts
    unit = 'count';
    value = num.value;
    decimals = num.fractionDigits;
    if (FLOOR_SPACE.test(colText)) reasons.push({ reason: 'UNIT_UNKNOWN', detail: `"${colText}" measures floor space` });
  } else if (rc.unitKind === 'shares' || rc.unitKind === 'count') {
    unit = rc.unitKind === 'shares' ? 'shares' : 'count';
    // "(in millions, except per share data)" scales the share counts too; "(… except share data)" does not
    const sharesTableUnit = tableUnit && !(tableUnit === rc.unit && rc.unitOfSomeColumns) ? tableUnit : null;
    scale =
      ownUnit?.scale ??
      rc.shareUnit?.scale ??
      (sharesTableUnit
        ? (exceptedShareScale(sharesTableUnit.text) ?? (!SHARES_EXCEPTED.test(sharesTableUnit.text) ? sharesTableUnit.scale : 0))
        : 0);
    if (rc.unitKind === 'count') scale = ownUnit?.scale ?? 0;
    // "Physical stores" under "Leased Square Footage": floor space, not a count of stores
    if (FLOOR_SPACE.test(colText)) reasons.push({ reason: 'UNIT_UNKNOWN', detail: `"${colText}" measures floor space` });
    value = shiftDecimal(num.value, scale);
    decimals = num.fractionDigits - scale;
  } else {
    currency =
      num.currency ?? ownUnit?.currency ?? colUnit?.currency ?? rc.unit?.currency ?? rc.glyphCurrency ?? ctx.unit?.currency ?? ctx.currency;
    // ("Weighted-Average Exercise Price", "Grant Date Fair Value Per RSU": an amount per share, unscaled)
    // (not "Aggregate purchase price of common stock repurchases (in millions)" nor "Fair value purchase price
    // allocation": a total, or a column printing its own scale, is no price per share)
    // ("Average price paid per share" says it, whatever heading is stacked above it)
    const perShareColumn =
      PER_SHARE_COLUMN.test(colText) &&
      (/\bper\s+share\b/i.test(colText) || (!AGGREGATE_PRICE.test(colText) && !(colUnit && colUnit.scale > 0)));
    const perShare = rc.unitKind === 'per_share' || metric?.unitKind === 'per_share' || perShareColumn;
    if (perShare) {
      // per-share amounts are printed in the currency itself ("in millions, except per share data")
      scale = ownUnit?.scale ?? 0;
      unit = currency ? `${currency}/shares` : 'unknown/shares';
    } else {
      unit = currency ?? 'unknown';
      if (tableUnit) scale = tableUnit.scale;
      else if (!num.currency || ctx.glyphIsNotScale)
        reasons.push({ reason: 'UNIT_UNKNOWN', detail: 'no unit line for the table or the document' });
      // "(a) In thousands" under a table whose other amounts are in millions: which figures it marks is not kept
      if (!ownUnit && rc.footnoteScales.some((f) => f !== scale))
        reasons.push({
          reason: 'UNIT_UNKNOWN',
          detail: `a footnote gives some of the table's amounts in another scale (10^${rc.footnoteScales.find((f) => f !== scale)})`,
        });
    }
    if (!currency) reasons.push({ reason: 'UNIT_UNKNOWN', detail: 'no currency for a monetary amount' });
    // an SEC filing's table that prints no currency anywhere — no "$" on any figure, a unit line naming
    // none ("(in thousands)" of square footage) — says nothing of money: its figures are not read as amounts
    else if (ctx.glyphIsNotScale && !metric && !num.currency && !rc.glyphCurrency && !ownUnit && !colUnit && !rc.ownUnitLine)
      reasons.push({
        reason: 'UNIT_UNKNOWN',
        detail: 'the table prints neither a currency nor a unit line of its own: its figures may not be amounts of money',
      });
    // ("(Square feet in millions)" over a table of facilities: its scale is of floor space, not of money)
    else if (tableUnit && FLOOR_SPACE.test(tableUnit.text))
      reasons.push({ reason: 'UNIT_UNKNOWN', detail: `the unit line "${tableUnit.text}" measures floor space` });
    else if (NOT_MONEY.test(`${row.label} ${colText}`))
      reasons.push({ reason: 'UNIT_UNKNOWN', detail: `"${row.label}" under "${colText}" counts no money` });
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
    // "Other income (expense): Interest expense (238,204)": an expense of 238,204, deducted
    if (metric && rc.deducted && value.startsWith('-') && !/^-0*(?:\.0*)?$/.test(value)) {
      value = value.slice(1);
      labels.printedAsDeduction = true;
    }
    // a measure that cannot be negative printed negative (a tax reconciliation's "Stock-based compensation
    // (850)", a note's dividends in parentheses) is not that measure here: the row keeps its own concept
    if (metric && isNonNegativeMetric(metric.id) && value.startsWith('-') && !/^-0*(?:\.0*)?$/.test(value)) {
      labels.candidateMetric = metric.id;
      labels.negativeOfNonNegative = true;
      metric = null;
      rowConcept = conceptLabel(row.label);
    }
  }
  if (metric && metric.unitKind === 'monetary' && unit === 'pure' && num.percent && !reasons.length && conceptLabel(row.label)) {
    // a measure's line printed as a percentage beside its amount ("Gross profit  $ 1,234  37.6 %" of an earnings
    // release): the percentage is the line's share, a row concept of its own, never the measure
    labels.candidateMetric = metric.id;
    labels.dimension = 'percent';
    metric = null;
    rowConcept = true;
    dimension = dimension ?? 'percent';
  }
  if (metric && metric.unitKind === 'monetary' && unit !== currency)
    reasons.push({ reason: 'METRIC_UNMAPPED', detail: `"${row.label}" is not a monetary amount here (${unit})` });
  if (metric && metric.unitKind === 'per_share' && !unit.endsWith('/shares'))
    reasons.push({ reason: 'METRIC_UNMAPPED', detail: `"${row.label}" is not a per-share amount here` });

  const order: QuarantineReason[] = [
    'COLUMN_HEADER_LOST',
    'MISSING_FACT_PERIOD',
    'UNIT_UNKNOWN',
    'METRIC_UNMAPPED',
    'UNVERIFIED_RESTATEMENT',
  ];
  reasons.sort((a, b) => order.indexOf(a.reason) - order.indexOf(b.reason));
  const first = reasons[0] ?? null;
  const period: Period = cp?.period ?? { type: 'instant', date: ctx.fallbackDate };
  if (!cp) labels.periodPlaceholder = true;
  const active = !first && (metric !== null || rowConcept) && cp !== null;
  return {
    metricId: active && metric ? metric.id : null,
    concept:
      active && metric
        ? conceptFor(metric, ctx.standard)
        : unmappedConcept(row.label, rc.kind === 'other' && rc.tableSlug ? [rc.tableSlug, ...row.sectionPath] : row.sectionPath, dimension),
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
 * The sign of a tax line from the column's own arithmetic: "Income before income taxes 1,916",
 * "Provision for income taxes (287)", "Net income 1,629" prints the expense as a deduction (an expense
 * of 287); 1,916 + 287 = 2,203 would be a benefit. A tax line printed negative whose column does not say
 * which, in a table that does not print its expenses in parentheses, is not read as the tax measure
 * (it keeps its row concept): a benefit and a deducted expense read alike.
 */
function taxSigns(cells: BoundCell[], expensesNegative: boolean): void {
  const byColumn = new Map<number, BoundCell[]>();
  for (const c of cells) if (c.fact) byColumn.set(c.colIndex, [...(byColumn.get(c.colIndex) ?? []), c]);
  for (const col of byColumn.values())
    for (const tax of col) {
      if (tax.fact!.status !== 'active' || tax.fact!.metricId !== 'tax_expense') continue;
      const f = tax.fact!;
      if (f.labels.printedAsExpense) continue; // the statement's own sign convention decided
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
      if (t < 0 && !expensesNegative)
        toNoteRow(tax, null, 'a tax line printed negative: a benefit or a deducted expense, and the column does not say which');
    }
}

/**
 * Several value columns of one period, scope, unit and version ("June 30, 2023" › "Level 1 | Level 2 |
 * Total", "Year ended" › "Flexibles | Rigid | Total", "Reported | Adjusted"): the columns are
 * dimensions of the row, so no cell of them is the entity-wide metric; each column keeps its own row
 * concept.
 */
function dimensionColumns(cells: BoundCell[], prefix: string[]): void {
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
function resolveDuplicates(cells: BoundCell[], _kind: TableKind): void {
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
function toNoteRow(c: BoundCell, title: string | null, detail: string): void {
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
