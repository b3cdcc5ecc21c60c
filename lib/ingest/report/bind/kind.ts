/**
 * What a table is: its title, its kind (income statement, balance sheet, cash flows, changes in equity,
 * results, other) and whether it is a primary statement by its own printed title.
 */
import type { GridCell, RawTable } from '../model';
import type { TableKind } from './types';
import { findUnitLineOnly } from './unit';

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
export function isStatementTitle(t: string, previous?: string): boolean {
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

/**
 * The table's title and kind. A statement's own title line decides first ("CONSOLIDATED STATEMENTS OF CASH
 * FLOWS" over a continuation whose section line reads "Changes in operating assets and liabilities"); then
 * the title, context and heading together; then a statement title printed inside the column heading
 * ("CONSOLIDATED STATEMENTS OF OPERATIONS" over the years).
 */
export function classifyTable(raw: RawTable): { title: string | null; titleText: string; kind: TableKind } {
  const title = tableTitle(raw);
  const titleText = [title ?? '', raw.heading ?? '', raw.section ?? ''].join(' ');
  // (a title over the columns, not a column's own heading: "Balance Sheet / Date Fair / Value" heads one column)
  const headingTitle = spanningTitle(raw);
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
  return { title, titleText, kind };
}
