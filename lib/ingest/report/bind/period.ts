/**
 * Periods: what a column's headings, the title, a heading line above the table, a block heading or the
 * row itself say a cell's period is, through the entity's fiscal calendar — and the rules that decide
 * a cell's period from them. A cell whose period is not printed, or printed twice in disagreement, is
 * quarantined (MISSING_FACT_PERIOD, COLUMN_HEADER_LOST), never given a nearby one.
 */
import type { Period } from '@/lib/domain/types';
import type { CalendarInput } from '@/lib/fiscal';
import { metricForLabel } from '../labels';
import type { RawTable } from '../model';
import { type ColumnPeriod, instantAtEnd, LENGTH_PHRASE, monthsEndingAt, readColumnPeriod, yearEndingAt } from '../periods';
import type { StructuredRow, StructuredTable } from '../structure';
import { type BindContext, type Binding, type CellInput, quarantined, type Rule, type Step } from './types';
import { findUnitLineOnly } from './unit';

export function endOf(p: Period): string {
  return p.type === 'instant' ? p.date : p.end;
}

export function periodKey(p: Period): string {
  return p.type === 'instant' ? `I:${p.date}` : `D:${p.start}..${p.end}`;
}

const periodMemo = new WeakMap<BindContext, Map<string, ReturnType<typeof readColumnPeriod>>>();

/** readColumnPeriod memoized per binding context (headers repeat on every row). */
export function readPeriodCached(path: string[], ctx: BindContext, titlePeriod: ColumnPeriod | null): ReturnType<typeof readColumnPeriod> {
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
 * The period of a short heading line just above a table ("Year Ended June 30, 2023", "June 30, 2023",
 * "Fiscal 2022"): the nearest such line, up to three lines up, skipping unit lines. Prose ("… as
 * follows:"), a line naming several periods, or none: no period.
 */
function headingPeriod(raw: RawTable, ctx: BindContext): ColumnPeriod | null {
  const lines = [...raw.context].reverse().slice(0, 3);
  for (const [i, line] of lines.entries()) {
    const t = line.replace(/\s+/g, ' ').trim();
    if (!t || findUnitLineOnly(t)) continue;
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

/** Words dating balances rather than flows: "as of", "as at", "at the end of", "balances at", "at May 31". */
const INSTANT_WORDS =
  /\bas (?:of|at)\b|\bat (?:the )?end of\b|\bbalances? at\b|\bat (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2}\b/i;

/** What the table as a whole says about its cells' periods. */
export interface TablePeriods {
  /** the one period the title names */
  titlePeriod: ColumnPeriod | null;
  /** the document or the title is annual: a bare date over a flow row means the year ended then */
  annualTable: boolean;
  /** the one length phrase above the table ("three months ended June 30"), for its bare-year columns */
  lengthHint: string | null;
  /** the header's stub or the title says the columns are quarters */
  quarterTable: boolean;
  /** the title or headings date balances ("as of", "at the end of"): its year columns are year ends */
  instantHint: boolean;
  /** the table has one value column */
  single: boolean;
  /** heading paths that are only the upper part of another column's (joined by U+0001) */
  truncated: Set<string>;
  /** the periods a row's cells take when their columns name none: rows of a roll-forward, a block's hint, the heading above */
  rowPeriods(row: StructuredRow): { contextPeriod: ColumnPeriod | null; rowPeriod: ColumnPeriod | null; blockYear: ColumnPeriod | null };
}

/**
 * The one length phrase printed above the table, over lines ("As of or for the three months" / "ended
 * June 30,"): the length of its bare-year columns.
 */
function lengthHintOf(raw: RawTable, title: string | null): string | null {
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
  if (lengths.size === 1) return [...lengths][0]!;
  return lengths.size === 0 && lengthWords.size === 1 && endDays.size === 1 ? `${[...lengthWords][0]} ended ${[...endDays][0]}` : null;
}

/** The value columns of a table: how many, how many name a period, and headings that lost their own line. */
function valueColumnsOf(table: StructuredTable, ctx: BindContext, titlePeriod: ColumnPeriod | null) {
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
  return { count: valueColumns.size, paths, truncated, periodColumns };
}

export function tablePeriods(
  raw: RawTable,
  table: StructuredTable,
  ctx: BindContext,
  title: string | null,
  titleText: string,
): TablePeriods {
  const titleReading = title ? readPeriodCached([title], ctx, null) : { status: 'none' as const };
  const titlePeriod = titleReading.status === 'ok' ? titleReading.value : null;
  const lengthHint = lengthHintOf(raw, title);
  const quarterTable = /\bquarters? ended\b|\bthree months ended\b/i.test(
    [...table.headerRows.map((r) => r[0] ?? ''), title ?? ''].join(' '),
  );
  // balances the sentence or heading over the table dates ("… balances at the end of 2021 and 2020:", "as of
  // May 31,"): its year columns are the balances at those years' ends, not flows over them
  const above = [title ?? '', ...raw.context.slice(-2)].join(' ');
  const instantHint =
    !lengthHint && INSTANT_WORDS.test(above) && !/\b(?:activity|changes?|roll[- ]?forward|reconciliation|movements?)\b/i.test(above);
  const columns = valueColumnsOf(table, ctx, titlePeriod);
  // columns that are dimensions ("Flexibles | Rigid Packaging | Total", "Level 1 | Level 2") under one
  // period heading above the table ("Year Ended June 30, 2023", "December 31, 2022")
  // (a title that names one period heads several such columns the same way)
  const contextPeriod =
    columns.periodColumns === 0 ? (titlePeriod && columns.count > 1 ? titlePeriod : !titlePeriod ? headingPeriod(raw, ctx) : null) : null;
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
    [...columns.paths].some((p) =>
      /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\b|\bquarters?\b|\bmonths\b|\bQ[1-4]\b/i.test(p),
    );
  const hintPeriod = (row: StructuredRow): ColumnPeriod | null =>
    columns.periodColumns === 0 && (row.periodHintFrom !== 'block' || !dayColumns) ? rowHint(row) : null;
  // a statement of changes in equity names its periods in its rows ("Balance at December 31, 2021")
  // (also "Consolidated Statements of Equity", "… of Total Equity": their rows, not their kind, matter here)
  // — and so does any roll-forward whose columns are its components ("Currency Translation Adjustment |
  // Cash Flow Hedges | … | Total" between "Balance as of December 28, 2019" rows): periods found in its rows
  const equityRows = columns.periodColumns === 0 && !titlePeriod && ctx.calendars ? equityRowPeriods(table.rows, ctx) : null;
  return {
    titlePeriod,
    annualTable: ctx.annual || /\b(?:year|annual)\b/i.test(titleText),
    lengthHint,
    quarterTable,
    instantHint,
    single: columns.count === 1,
    truncated: columns.truncated,
    rowPeriods: (row) => ({
      contextPeriod: equityRows?.get(row.index) ?? hintPeriod(row) ?? contextPeriod,
      rowPeriod: row.periodHintFrom === 'row' ? rowHint(row) : null,
      blockYear: row.periodHintFrom === 'block' ? rowHint(row) : null,
    }),
  };
}

const missingPeriod = (detail: string, set?: Step['set']) => quarantined('MISSING_FACT_PERIOD', detail, set);

/**
 * The period a row of a dimension column takes from the one period the table names for its columns
 * (a heading above it, its title, its row block): the column is a dimension of the row, its own row
 * concept per column, never a metric of the entity as a whole.
 */
function dimensionColumnPeriod({ row, v }: CellInput, contextPeriod: ColumnPeriod): Step {
  const dimension = v.path.join(' ');
  // (a row that is a date and nothing else — "December 31, 2022" opening a roll-forward whose stub or title
  // names "June 30, 2023" — is the balance on its own date, not on the table's)
  const own = LONE_DATE_LABEL.exec(row.label.replace(/\s+/g, ' ').trim());
  if (own && contextPeriod.period.type === 'instant' && own[1] && dateOf(own[1]) !== contextPeriod.period.date)
    return missingPeriod(`the row is dated ${own[1]} but the table's period is ${contextPeriod.period.date}`, { cp: null, dimension });
  return { set: { cp: contextPeriod, dimension } };
}

/** The period the column's headings name (or the title, a block's fiscal year, the table's one period for dimension columns). */
export const periodOfColumn: Rule = (cell) => {
  const { v, rc, ctx } = cell;
  const heading = v.path.join(' › ');
  if (v.path.length === 0)
    return rc.single && rc.titlePeriod ? { set: { cp: rc.titlePeriod } } : quarantined('COLUMN_HEADER_LOST', 'the column has no header');
  // (a year under "Term loans by origination year" / "Year of origination" is the loans' vintage, a dimension
  // of the balance: the period is what the headings above it name — "June 30, 2023")
  const vintage = v.path.findIndex((p) => VINTAGE_HEADING.test(p));
  let reading = readPeriodCached(vintage >= 0 ? v.path.slice(0, vintage) : v.path, ctx, rc.titlePeriod);
  const dimension = vintage >= 0 && reading.status === 'ok' ? v.path.join(' ') : null;
  if (reading.status === 'ok' && reading.value.how === 'bare_year' && rc.lengthHint) {
    const again = readPeriodCached([rc.lengthHint, ...v.path], ctx, rc.titlePeriod);
    if (again.status === 'ok') reading = again;
  }
  if (reading.status === 'ok') {
    // rows headed "December 31, 2022" under a column headed by another date: which one is unknown
    if (rc.rowPeriod && endOf(rc.rowPeriod.period) !== endOf(reading.value.period))
      return missingPeriod(`the rows are headed by ${endOf(rc.rowPeriod.period)} but the column "${heading}" by another date`, {
        dimension,
      });
    // "2023" alone in a quarterly report: a quarter, a half, nine months or a balance date — not said
    if (reading.value.how === 'bare_year' && ctx.quarterly)
      return missingPeriod(`"${heading}" names only a year in a quarterly report`, { dimension });
    return { set: { cp: reading.value, dimension } };
  }
  // "Quarter Ended › September 30" under "Fiscal Year 2016": the quarter ending that day within the year
  const inYear = rc.blockYear ? inFiscalYear(rc.quarterTable ? ['quarter ended', ...v.path] : v.path, rc.blockYear, ctx) : null;
  if (inYear) return { set: { cp: inYear } };
  if (reading.status === 'none' && rc.single && rc.titlePeriod) return { set: { cp: rc.titlePeriod } };
  // the dimension is named by the column's heading: one that lost its own line names none
  if (reading.status === 'none' && rc.contextPeriod && rc.truncatedHeading)
    return quarantined('COLUMN_HEADER_LOST', `the heading "${heading}" is only the upper part of another column's`);
  if (reading.status === 'none' && rc.contextPeriod) return dimensionColumnPeriod(cell, rc.contextPeriod);
  return missingPeriod(reading.status === 'none' ? `no period in the header "${heading}"` : reading.reason);
};

/**
 * A column of a later period than the document reports ("2024", "2025 – 2026" of a table of payments due)
 * is a bucket of what falls due then, as of the balance sheet date — not the period of the figure (a plan
 * measured on the calendar month end just after a 52/53-week year end is no bucket: a month's slack).
 */
export const futureBucket: Rule = ({ v, ctx }, { cp }) =>
  cp && ctx.periodEnd && Date.parse(endOf(cp.period)) > Date.parse(ctx.periodEnd) + 31 * 86_400_000
    ? missingPeriod(
        `"${v.path.join(' › ')}" is after the period the document reports (${ctx.periodEnd}): a future bucket, not the figure's period`,
        { cp: null },
      )
    : null;

/**
 * A row that names its own period ("April 1, 2023—April 30, 2023" of a repurchase table, "First Quarter"
 * under a fiscal year's columns) is not the column's.
 */
export const ownPeriodRow: Rule = ({ row }, { cp }) =>
  cp && (DATE_RANGE_LABEL.test(row.label) || (QUARTER_LABEL.test(row.label) && cp.fiscalPeriod === 'FY' && cp.period.type === 'duration'))
    ? missingPeriod(`the row "${row.label}" names its own period`, { cp: null })
    : null;

/** A row that holds a balance: no metric, or a metric of balances. */
const balanceRow = (b: Readonly<Binding>) => !b.metric || b.metric.periodType === 'instant';

/** The instant at a date: the period of the calendar ending on it, else the date alone. */
function instantOn(date: string, how: string, ctx: BindContext): ColumnPeriod {
  const at = ctx.calendars ? periodEndingAt(date, ctx.calendars) : null;
  return at && at.period.type === 'instant' && at.period.date === date
    ? { ...at, how }
    : { period: { type: 'instant', date }, fiscalYear: null, fiscalPeriod: null, how, dateOnly: false, notes: [] };
}

/**
 * A balance row that prints its own date ("Outstanding at December 25, 2021", "Balance, May 31, 2023")
 * under a column of the period it opens or closes is the balance on that date; under a column of another
 * period, which one is meant is unknown.
 */
export const datedBalanceRow: Rule = ({ row, v, ctx }, b) => {
  const rowDate = balanceRow(b) && b.cp ? datedBalance(row.label) : null;
  if (!b.cp || !rowDate) return { set: { rowDate } };
  const p = b.cp.period;
  // (an instant column a statement of equity dates by the day before "Balances, April 1, 2023" agrees with it)
  const within =
    p.type === 'duration' ? rowDate >= dayBefore(p.start) && rowDate <= p.end : p.date === rowDate || p.date === dayBefore(rowDate);
  if (!within)
    return {
      ...missingPeriod(`the row is dated ${rowDate} but its column "${v.path.join(' › ')}" names another period`, { cp: null, rowDate }),
      labels: { balanceEdge: 'dated' },
    };
  const cp = p.type === 'duration' ? instantOn(rowDate, `${b.cp.how}:row-date`, ctx) : b.cp;
  return { set: { cp, rowDate }, labels: { balanceEdge: 'dated' } };
};

/**
 * A roll-forward's opening and closing rows ("Balance, beginning of period", "Benefit obligation at end of
 * year") are balances at the edges of the column's period, not flows over it (in a statement of changes in
 * equity, its "Total stockholders' equity" row is the closing balance too; or a column of them: "Balance,
 * Beginning 2021" | "Acquisitions" | … | "Balance, End of 2021").
 */
export const balanceEdgeRow: Rule = ({ row, v, rc, ctx }, b) => {
  const edge =
    balanceRow(b) && !b.rowDate
      ? (balanceEdge(row.label, b.cp?.period) ??
        (rc.kind === 'equity' && /^total\b.*\b(?:equity|deficit)\b/i.test(row.label) ? 'end' : null) ??
        balanceEdge(
          v.path
            .join(' ')
            .replace(/\b(?:19|20)\d{2}\b/g, '')
            .trim(),
          b.cp?.period,
        ))
      : null;
  if (!b.cp || !edge || b.cp.period.type !== 'duration') return { set: { edge } };
  if (edge === 'end') return { set: { edge, cp: { ...instantAtEnd(b.cp), how: `${b.cp.how}:closing` } }, labels: { balanceEdge: edge } };
  // the balance the period opens with is the one of the day before it starts (the previous period's end)
  const before = dayBefore(b.cp.period.start);
  const at = ctx.calendars ? periodEndingAt(before, ctx.calendars) : null;
  const how = `${b.cp.how}:opening`;
  const cp: ColumnPeriod = at
    ? { ...at, how }
    : { period: { type: 'instant', date: before }, fiscalYear: null, fiscalPeriod: null, how, dateOnly: false, notes: [] };
  return { set: { edge, cp }, labels: { balanceEdge: edge } };
};

/**
 * A balance under a duration column is the balance at its end, when the column is a fiscal period; a flow
 * under an instant column is the year ended that day in an annual table — else the period is not said.
 * The metric says which the row is; a row concept outside the primary statements keeps the period its
 * column header names.
 */
export const instantOrDuration: Rule = ({ row, v, rc, ctx }, b) => {
  const cp = b.cp;
  // (a row whose date or edge decided its period is an instant already)
  if (!cp || b.edge || b.rowDate) return null;
  const statementType =
    rc.kind === 'balance_sheet'
      ? 'instant'
      : rc.kind === 'profit_loss' || rc.kind === 'cash_flow' || rc.kind === 'results'
        ? 'duration'
        : null;
  const wantInstant = b.metric ? b.metric.periodType === 'instant' : statementType ? statementType === 'instant' : null;
  if (wantInstant === null) {
    // (not the rows of a section naming a flow: "Net sales › U.S." of a table titled "Net sales for 2022 … and
    // long-lived assets as of September 24, 2022 …" is the year's sales)
    if (
      rc.instantHint &&
      cp.period.type === 'duration' &&
      cp.fiscalPeriod === 'FY' &&
      /^bare_year|^fiscal|^span/.test(cp.how) &&
      !row.sectionPath.some((sec) => metricForLabel(sec)?.metric.periodType === 'duration')
    )
      return { set: { cp: instantAtEnd(cp) } };
    // "Gross charge-offs" under "June 30, 2023" of a credit-quality table: the year to date's charge-offs, not a balance that day
    if (cp.period.type === 'instant' && FLOW_ROW.test(row.label))
      return missingPeriod(`"${row.label}" is a flow under an instant header "${v.path.join(' › ')}"`, { cp: null });
    return null; // the header decides
  }
  if (wantInstant && cp.period.type === 'duration') {
    // "Three months ended June 30, 2023" over a row concept of a table taken for a balance sheet by the prose
    // above it ("… risks associated with certain specified assets and liabilities."): no balance sheet heads
    // its columns with a quarter's or a half's length, the header decides
    if (!b.metric && /^ended/.test(cp.how) && cp.fiscalPeriod !== 'FY') return null;
    if (cp.fiscalPeriod && cp.fiscalPeriod !== 'OTHER') return { set: { cp: instantAtEnd(cp) } };
    return missingPeriod('a balance at a date under a period that is not a fiscal period', { cp: null });
  }
  if (!wantInstant && cp.period.type === 'instant') {
    const end = ctx.calendars && cp.dateOnly && rc.annualTable ? yearEndingAt(cp.period.date, ctx.calendars) : null;
    return end ? { set: { cp: end } } : missingPeriod(`a flow under an instant header "${v.path.join(' › ')}"`, { cp: null });
  }
  return null;
};
