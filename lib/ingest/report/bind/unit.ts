/**
 * Units and scales: the table's unit line (its own, the document's, the notes' heading), a column's or a
 * row's own unit, glyphs and percent signs — and the rule that reads a cell's unit, currency and scale
 * from them. A figure whose unit or scale is not printed is quarantined (UNIT_UNKNOWN), never guessed.
 */
import type { MetricMatch } from '../labels';
import type { RawTable } from '../model';
import { shiftDecimal } from '../numbers';
import type { StructuredRow, StructuredTable } from '../structure';
import { exceptedShareScale, findUnitLine, type RowUnitKind, rowUnitKind, type UnitLine } from '../units';
import type { BindContext, Binding, CellInput, Quarantine, Rule, Step, TableKind } from './types';

/** A line that is a unit line and little else ("(in millions)", "₹ crore"). */
export function findUnitLineOnly(line: string): boolean {
  const u = findUnitLine(line);
  return !!u && u.text.length >= line.replace(/\s+/g, ' ').trim().length - 4;
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

export function pathUnit(path: string[]): UnitLine | null {
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

export function labelUnit(label: string): UnitLine | null {
  const m = /\(([^()]*(?:₹|\$|rs\.?|inr|usd|crore|lakh|million|thousand|billion|[JH]\b)[^()]*)\)/i.exec(label);
  const u = m ? findUnitLine(m[1]!) : null;
  if (u) return u;
  // "Shares used in calculation (000's)": thousands
  if (LABEL_THOUSANDS.test(label)) return { text: '(000s)', scale: 3, currency: null, exceptPerShare: false };
  // "Average proprietary basic Card Member spending (dollars)": whole dollars, whatever the table's scale
  if (/\((?:in\s+)?(?:us\s+)?dollars\)/i.test(label)) return { text: '(dollars)', scale: 0, currency: 'USD', exceptPerShare: false };
  return null;
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
export function percentsBetween(rows: StructuredRow[]): Set<string> {
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

/** Measures printed in tables that are not money: floor space, land, staff (a count of stores is a row unit of its own). */
export const FLOOR_SPACE = /\bsquare\s+(?:feet|footage|foot|meters)\b|\bsq\.?\s*ft\b|\bacres\b/i;
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
export function percentColumn(path: string[]): boolean {
  // (the last heading line, and not the end of "Exchange / Rate": Amazon's "Exchange Rate Effect" columns are dollars)
  const leaf = (path[path.length - 1] ?? '').replace(/\s+/g, ' ').trim();
  return PERCENT_HEADING.test(leaf) && !/\b(?:exchange|conversion|currency)$/i.test((path[path.length - 2] ?? '').trim());
}

/** A column of lengths of time ("Contractual Life Remaining (years)", "Weighted-Average Remaining Term (in years)"). */
const YEARS_COLUMN = /\((?:in\s+)?years\)|\bin years\b/i;

/** A unit line that sets share counts apart ("except share data", "except number of shares"), unlike "except per share amounts". */
const SHARES_EXCEPTED = /\bexcept\b[^)]*?(?<!per[- ])\b(?:number of shares|shares\b|share (?:data|amounts|counts))/i;

/** A column of share counts ("Common Stock › Shares", "Shares (000's)"), not of amounts per share or of shareholders' equity. */
export function shareColumn(path: string[]): boolean {
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

/** The units a table declares for its cells. */
export interface TableUnits {
  /** the table prints a unit line of its own */
  ownUnitLine: UnitLine | null;
  /** its own, else the document's, else the one its section declares for all its tables */
  unit: UnitLine | null;
  /** the table's unit line is the heading of some value columns only */
  unitOfSomeColumns: boolean;
  /** "(shares in 000's)": the scale of share counts only */
  shareUnit: UnitLine | null;
  /** the currency glyph most figures print */
  glyphCurrency: string | null;
  /** the sentence or title over the table says it counts things */
  countTable: boolean;
}

/** `inheritedUnit`: the unit the section the table sits in declares for all its tables (the notes' heading). */
export function tableUnits(
  raw: RawTable,
  table: StructuredTable,
  ctx: BindContext,
  inheritedUnit: UnitLine | null,
  title: string | null,
): TableUnits {
  const ownUnitLine = unitFor(raw, table);
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
  const countTable =
    /\bunit counts?\b|\bstore counts?\b|\bnumber of (?:stores|units|clubs|warehouses|locations|restaurants|retail units|facilities)\b/i.test(
      [title ?? '', ...raw.context.slice(-3)].join(' '),
    );
  return {
    ownUnitLine,
    unit: ownUnitLine ?? ctx.unit ?? inheritedUnit,
    unitOfSomeColumns: !!ownUnitLine && headPaths.some(namesUnit) && !headPaths.every(namesUnit),
    shareUnit: shareUnitFor(raw, table),
    glyphCurrency: dominantGlyph(table.rows),
    countTable,
  };
}

/** What a data row's figures count, from its label and its section. */
export function rowUnitKindOf(row: StructuredRow, match: MetricMatch | null, kind: TableKind): RowUnitKind {
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
  return match && kind === 'profit_loss' && match.metric.unitKind === 'monetary' && !/%|percent/i.test(row.label)
    ? null
    : (bare ?? rowUnitKind(row.label) ?? ratioSection);
}

/** The units a cell may take its own from: its column's heading, its row's label. */
interface CellUnits {
  colUnit: UnitLine | null;
  /** the row's own unit (a bare "Basic" / "Diluted" takes its section's) */
  ownUnit: UnitLine | null;
  tableUnit: UnitLine | null;
}

type UnitReading = (cell: CellInput, b: Readonly<Binding>, u: CellUnits) => Step | null;

/** A reading of the printed number in a unit, at a scale. */
function measured(unit: string, value: string, decimals: number | null, extra: { scale?: number; currency?: string | null } = {}) {
  return { unit, value, decimals, scale: extra.scale ?? 0, currency: extra.currency ?? null, money: false };
}

const unitUnknown = (detail: string): Quarantine => ({ reason: 'UNIT_UNKNOWN', detail });

/** "Weighted-average remaining lease term (years)", a "Contractual Life Remaining (years)" column: a length of time. */
const lengthOfTime: UnitReading = ({ rc, num, colText }) =>
  rc.unitKind === 'years' || YEARS_COLUMN.test(colText) ? { set: measured('years', num.value, num.fractionDigits) } : null;

/** A percentage: printed with "%", on a percent row, or bare in a percent column or between two percentages. */
const percentage: UnitReading = ({ rc, num, v, row, colText }) => {
  if (!(num.percent || rc.unitKind === 'percent' || (!rc.unitKind && !num.currency && (percentColumn(v.path) || !!rc.percentBetween))))
    return null;
  // "ratio" / "times" rows: the number is the ratio itself (not under "Year-over-year Percentage Growth:",
  // whose later rows drop the "%" the first one prints)
  if (!num.percent && rc.unitKind === 'percent' && !/%|percent/i.test(`${row.label} ${colText} ${row.sectionPath.join(' ')}`))
    return { set: measured('pure', num.value, num.fractionDigits) };
  return { set: measured('pure', shiftDecimal(num.value, -2), num.fractionDigits + 2) };
};

/** "Treasury Shares › Number of › Amount": headings of a count and of an amount over one column. */
const countAndAmount: UnitReading = ({ rc, num, colText }) =>
  !rc.unitKind && COUNT_COLUMN.test(colText) && MONEY_COLUMN.test(colText)
    ? {
        set: measured('unknown', num.value, num.fractionDigits),
        quarantine: [unitUnknown(`the heading "${colText}" names both a count and an amount`)],
      }
    : null;

/**
 * A "Shares" column (a statement of equity's share counts), "Number of RSUs (in thousands)", "Number of
 * Accounts": only its own heading or a unit line naming no currency ("(In thousands)") says its scale;
 * "$ in millions" speaks of the amounts.
 */
const countColumn: UnitReading = ({ rc, num, v, colText }, _b, { colUnit }) => {
  if (rc.unitKind || PER_SHARE_COLUMN.test(colText) || !(shareColumn(v.path) || COUNT_COLUMN.test(colText))) return null;
  const unit = shareColumn(v.path) || /\b(?:shares|units|rsus?|psus?|options|awards)\b/i.test(colText) ? 'shares' : 'count';
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
  const scale = thousands
    ? 3
    : ((scaleUnit && scaleUnit === tableShares ? exceptedShareScale(scaleUnit.text) : null) ?? scaleUnit?.scale ?? 0);
  // (beside columns whose own headings carry the table's scale — "Aggregate purchase price … (in millions)" —
  // a count column with none prints its counts in full: 21,995,253 shares)
  const unscaled = !scaleUnit && !thousands && !rc.unitOfSomeColumns;
  return {
    set: measured(unit, shiftDecimal(num.value, scale), num.fractionDigits - scale, { scale }),
    quarantine: unscaled ? [unitUnknown(`no unit line for the share counts of "${colText}"`)] : undefined,
  };
};

/** "… unit counts for Walmart U.S. and Sam's Club are summarized by format for each state": a table of counts. */
const countsTable: UnitReading = ({ rc, ctx, num, colText }, b, { ownUnit, colUnit }) => {
  if (
    rc.unitKind ||
    !rc.countTable ||
    !ctx.glyphIsNotScale ||
    num.currency ||
    rc.glyphCurrency ||
    ownUnit ||
    colUnit ||
    rc.ownUnitLine ||
    b.metric
  )
    return null;
  return {
    set: measured('count', num.value, num.fractionDigits),
    quarantine: FLOOR_SPACE.test(colText) ? [unitUnknown(`"${colText}" measures floor space`)] : undefined,
  };
};

/** A row of share counts or of other counts. */
const sharesOrCountRow: UnitReading = ({ rc, num, colText }, _b, { ownUnit, tableUnit }) => {
  if (rc.unitKind !== 'shares' && rc.unitKind !== 'count') return null;
  // "(in millions, except per share data)" scales the share counts too; "(… except share data)" does not
  const sharesTableUnit = tableUnit && !(tableUnit === rc.unit && rc.unitOfSomeColumns) ? tableUnit : null;
  const sharesScale =
    ownUnit?.scale ??
    rc.shareUnit?.scale ??
    (sharesTableUnit
      ? (exceptedShareScale(sharesTableUnit.text) ?? (!SHARES_EXCEPTED.test(sharesTableUnit.text) ? sharesTableUnit.scale : 0))
      : 0);
  const scale = rc.unitKind === 'count' ? (ownUnit?.scale ?? 0) : sharesScale;
  return {
    set: measured(rc.unitKind, shiftDecimal(num.value, scale), num.fractionDigits - scale, { scale }),
    // "Physical stores" under "Leased Square Footage": floor space, not a count of stores
    quarantine: FLOOR_SPACE.test(colText) ? [unitUnknown(`"${colText}" measures floor space`)] : undefined,
  };
};

/** An amount of money, or of money per share: the currency and scale the cell, its row, column, table or document print. */
const money: UnitReading = ({ rc, ctx, num, row, colText }, b, { colUnit, ownUnit, tableUnit }) => {
  const reasons: Quarantine[] = [];
  const currency =
    num.currency ?? ownUnit?.currency ?? colUnit?.currency ?? rc.unit?.currency ?? rc.glyphCurrency ?? ctx.unit?.currency ?? ctx.currency;
  // ("Weighted-Average Exercise Price", "Grant Date Fair Value Per RSU": an amount per share, unscaled)
  // (not "Aggregate purchase price of common stock repurchases (in millions)" nor "Fair value purchase price
  // allocation": a total, or a column printing its own scale, is no price per share)
  // ("Average price paid per share" says it, whatever heading is stacked above it)
  const perShareColumn =
    PER_SHARE_COLUMN.test(colText) &&
    (/\bper\s+share\b/i.test(colText) || (!AGGREGATE_PRICE.test(colText) && !(colUnit && colUnit.scale > 0)));
  const perShare = rc.unitKind === 'per_share' || b.metric?.unitKind === 'per_share' || perShareColumn;
  let scale = 0;
  let unit: string;
  if (perShare) {
    // per-share amounts are printed in the currency itself ("in millions, except per share data")
    scale = ownUnit?.scale ?? 0;
    unit = currency ? `${currency}/shares` : 'unknown/shares';
  } else {
    unit = currency ?? 'unknown';
    if (tableUnit) scale = tableUnit.scale;
    else if (!num.currency || ctx.glyphIsNotScale) reasons.push(unitUnknown('no unit line for the table or the document'));
    // "(a) In thousands" under a table whose other amounts are in millions: which figures it marks is not kept
    if (!ownUnit && rc.footnoteScales.some((f) => f !== scale))
      reasons.push(
        unitUnknown(`a footnote gives some of the table's amounts in another scale (10^${rc.footnoteScales.find((f) => f !== scale)})`),
      );
  }
  if (!currency) reasons.push(unitUnknown('no currency for a monetary amount'));
  // an SEC filing's table that prints no currency anywhere — no "$" on any figure, a unit line naming
  // none ("(in thousands)" of square footage) — says nothing of money: its figures are not read as amounts
  else if (ctx.glyphIsNotScale && !b.metric && !num.currency && !rc.glyphCurrency && !ownUnit && !colUnit && !rc.ownUnitLine)
    reasons.push(unitUnknown('the table prints neither a currency nor a unit line of its own: its figures may not be amounts of money'));
  // ("(Square feet in millions)" over a table of facilities: its scale is of floor space, not of money)
  else if (tableUnit && FLOOR_SPACE.test(tableUnit.text))
    reasons.push(unitUnknown(`the unit line "${tableUnit.text}" measures floor space`));
  else if (NOT_MONEY.test(`${row.label} ${colText}`)) reasons.push(unitUnknown(`"${row.label}" under "${colText}" counts no money`));
  return {
    set: { ...measured(unit, shiftDecimal(num.value, scale), num.fractionDigits - scale, { scale, currency }), money: true },
    quarantine: reasons,
  };
};

/** The readings in order: the first that applies decides the cell's unit (money when no other does). */
const UNIT_READINGS: UnitReading[] = [lengthOfTime, percentage, countAndAmount, countColumn, countsTable, sharesOrCountRow, money];

/** The unit, currency and scale of a cell, and its value in base units. */
export const unitOfCell: Rule = (cell, b) => {
  const { row, v, rc } = cell;
  const colUnit = pathUnit(v.path);
  // (a bare "Basic" / "Diluted" under "Shares used in calculation (000's)": the section's unit is the row's)
  const ownUnit =
    labelUnit(row.label) ??
    (/^(?:basic|diluted|basic and diluted)$/i.test(row.label.trim()) && row.sectionPath.length
      ? labelUnit(row.sectionPath[row.sectionPath.length - 1]!)
      : null);
  const units: CellUnits = { colUnit, ownUnit, tableUnit: ownUnit ?? colUnit ?? rc.unit };
  for (const read of UNIT_READINGS) {
    const step = read(cell, b, units);
    if (step) return step;
  }
  return null;
};
