/**
 * The pure middle of report ingestion: an extracted document plus the entity's calendar → bound
 * tables (every numeric cell with its fact, active or quarantined), narrative chunks and counters.
 * No database; the data tests and the benchmark call it directly.
 */
import type { FactInput } from '@/lib/facts/write-facts';
import type { QuarantineReason, Scope } from '@/lib/domain/types';
import type { CalendarInput } from '@/lib/fiscal';
import { bindTable, resolveSourceDuplicates, tableTitle, type BoundTable } from './bind';
import { registrantPattern } from './labels';
import { chunkBlocks, type NarrativeChunk } from './chunk';
import type { ReportDocument } from './model';
import { scopeIn, yearEndEvidence, type DateOrder } from './periods';
import { structureTable } from './structure';
import { findUnitLine, parseUnitLine, type UnitLine } from './units';

export interface AnalyzeOptions {
  calendars: CalendarInput | null;
  standard: string;
  currency: string | null;
  /** overrides the date order guessed from the currency (INR → day first, USD → month first) */
  order?: DateOrder;
  /** an SEC filing (it has a cover page): amounts need a unit line for their scale */
  secFiling?: boolean;
  /**
   * the registrant's names (the cover's, the entity record's): rows attributing a result to it ("Net
   * income attributable to PepsiCo") are the parent's share. The document's entity metadata is added.
   */
  registrant?: (string | null | undefined)[];
}

export interface ReportCounters {
  tables: number;
  numericCells: number;
  bound: number;
  quarantined: number;
  nil: number;
  noteCells: number;
  derivedCells: number;
  byReason: Partial<Record<QuarantineReason, number>>;
  /** the same counts over the primary statements only (BoundTable.statement) */
  statementCells: number;
  statementBound: number;
  statementByReason: Partial<Record<QuarantineReason, number>>;
  chunks: number;
}

export interface AnalyzedReport {
  tables: BoundTable[];
  chunks: NarrativeChunk[];
  counters: ReportCounters;
  /** the document-wide unit line, if one was found */
  unit: UnitLine | null;
  scope: Scope | null;
  annual: boolean;
}

/** Texts that may name periods and year ends: table titles, contexts, header rows, headings. */
export function periodTexts(doc: ReportDocument): string[] {
  const out: string[] = [];
  if (doc.title) out.push(doc.title);
  for (const t of doc.tables) {
    if (t.caption) out.push(t.caption);
    out.push(...t.context);
    // a column's stacked heading read as one phrase ("52 Weeks Ended" over "August 29, 2021")
    const width = Math.max(0, ...t.grid.slice(0, 5).map((r) => r.length));
    for (let c = 1; c < width; c++) {
      const parts: string[] = [];
      for (const row of t.grid.slice(0, 5)) {
        const cell = row[c];
        if (cell?.text && parts[parts.length - 1] !== cell.text) parts.push(cell.text);
      }
      if (parts.length > 1) out.push(parts.join(' '));
    }
    for (const row of t.grid.slice(0, 6)) {
      const seen = new Set<number>();
      const texts: string[] = [];
      for (const c of row)
        if (c && !seen.has(c.id)) {
          seen.add(c.id);
          texts.push(c.text);
        }
      out.push(...texts.filter(Boolean));
    }
  }
  for (const b of doc.blocks) if (b.kind === 'heading' || b.text.length < 200) out.push(b.text);
  return out;
}

/** The document's default unit line: the first "All amounts in ₹ crore …"-style block. */
export function documentUnit(doc: ReportDocument): UnitLine | null {
  for (const b of doc.blocks) {
    if (b.text.length > 300) continue;
    if (
      !/\b(?:all\s+amounts?|amounts?\s+(?:are\s+)?in|figures\s+(?:are\s+)?in|unless\s+otherwise\s+stated|in\s+(?:₹|rs\.?|inr|\$|usd)\s*(?:crores?|lakhs?|millions?|thousands?|billions?))/i.test(
        b.text,
      )
    )
      continue;
    const u = findUnitLine(b.text);
    if (u) return u;
  }
  // "Unless otherwise noted, tabular dollars are presented in millions, except per share amounts."
  for (const b of doc.blocks) {
    if (!/\btabular\b|\bunless otherwise (?:noted|stated|indicated)\b/i.test(b.text)) continue;
    for (const sentence of b.text.split(/(?<=\.)\s+(?=[A-Z])/)) {
      if (
        !/\b(?:tabular\s+(?:dollars|amounts)|unless otherwise (?:noted|stated|indicated))\b[^.]*\b(?:millions|thousands|billions)\b/i.test(
          sentence,
        )
      )
        continue;
      const u = parseUnitLine(sentence.replace(/^.*?\b(?=tabular|unless)/i, ''));
      if (u) return u;
    }
  }
  return null;
}

/**
 * The unit the notes declare once for all their tables, on the heading that opens them ("Notes to the
 * Consolidated Financial Statements … (Dollars in millions, except per share data)"), with the page it
 * is printed on: tables from there on that print no unit line of their own are in it. Tables before
 * the notes (the business section's counts of units delivered, say) are not.
 */
export function notesUnit(doc: ReportDocument): { unit: UnitLine; page: number } | null {
  for (const b of doc.blocks) {
    if (b.page === null || b.text.length > 400) continue;
    if (!/\bnotes\s+to\s+(?:the\s+)?(?:condensed\s+)?(?:consolidated\s+)?financial\s+statements\b/i.test(b.text)) continue;
    const u = findUnitLine(b.text);
    if (u && u.scale > 0) return { unit: u, page: b.page };
  }
  return null;
}

/**
 * Scales the footnotes right under a table give some of its figures ("(a) In thousands, disclosed at
 * target.", "(b) In billions."): the text after the table's last cell on its page, before the next
 * table. Keyed by table ordinal.
 */
export function footnoteScales(doc: ReportDocument): Map<number, number[]> {
  const out = new Map<number, number[]>();
  const extent = doc.tables.map((t) => {
    let start = Infinity;
    let end = -Infinity;
    for (const row of t.grid)
      for (const c of row)
        if (c && c.spanStart !== null && c.spanEnd !== null) {
          start = Math.min(start, c.spanStart);
          end = Math.max(end, c.spanEnd);
        }
    return { t, start, end };
  });
  for (const [i, e] of extent.entries()) {
    if (!Number.isFinite(e.end)) continue;
    const next = extent.slice(i + 1).find((x) => Number.isFinite(x.start))?.start ?? Infinity;
    const scales = new Set<number>();
    for (const b of doc.blocks) {
      if (b.page !== e.t.page || b.spanStart < e.end || b.spanStart >= next) continue;
      for (const m of b.text.matchAll(
        /(?:^|\s)(?:\([a-z0-9]{1,2}\)|[*†‡])\s*(?:amounts?\s+|dollars\s+)?in\s+(thousands|millions|billions)\b/gi,
      ))
        scales.add({ thousands: 3, millions: 6, billions: 9 }[m[1]!.toLowerCase() as 'thousands' | 'millions' | 'billions']);
    }
    if (scales.size) out.set(e.t.ordinal, [...scales]);
  }
  return out;
}

/**
 * Whether any table is described as consolidated (title, caption, context, heading, header rows).
 * A document whose tables never are, and whose text speaks of standalone figures, reports standalone.
 */
export function tablesSayConsolidated(doc: ReportDocument): boolean {
  const re = /\bconsolidated\b/i;
  if (re.test(doc.title ?? '')) return true;
  // (a sentence above a table that merely says the word — "fees paid by the listed entity and its
  // subsidiaries, on a consolidated basis" in a standalone report — is no consolidated table)
  const statementLine =
    /\bconsolidated\s+(?:(?:condensed\s+)?(?:financial|statements?|balance|profit|income|cash|results|segment|accounts)\b)|^\s*consolidated\b/i;
  return doc.tables.some(
    (t) =>
      re.test(t.caption ?? '') ||
      t.context.some((c) => statementLine.test(c) || (re.test(c) && c.length <= 60)) ||
      re.test(t.heading ?? '') ||
      re.test(t.section ?? '') ||
      t.grid.slice(0, 4).some((r) => r.some((c) => !!c && re.test(c.text))),
  );
}

export function isAnnualDocument(doc: ReportDocument): boolean {
  const t = `${doc.meta.form ?? ''} ${doc.title ?? ''}`;
  return /\bannual\b|\b10-K\b|\b20-F\b|\b40-F\b|\bintegrated report\b/i.test(t);
}

/** A quarterly report or release: a 10-Q, an interim report, an earnings release. */
export function isQuarterlyDocument(doc: ReportDocument): boolean {
  const t = `${doc.meta.form ?? ''} ${doc.title ?? ''}`;
  return !isAnnualDocument(doc) && /\b10-Q\b|\bquarterly report\b|\binterim\b|\bearnings release\b/i.test(t);
}

export function dateOrderFor(currency: string | null, country: string | null | undefined): DateOrder {
  if (country && /^(?:US|USA|United States)$/i.test(country)) return 'mdy';
  return currency === 'USD' ? 'mdy' : 'dmy';
}

export function analyzeReport(doc: ReportDocument, opts: AnalyzeOptions): AnalyzedReport {
  const unit = documentUnit(doc);
  const currency = opts.currency ?? doc.meta.currency ?? unit?.currency ?? null;
  const order = opts.order ?? dateOrderFor(currency, doc.meta.country);
  const annual = isAnnualDocument(doc);
  const scope =
    doc.meta.scope ??
    scopeIn(doc.title ?? '') ??
    (!tablesSayConsolidated(doc) && doc.blocks.some((b) => /\bstand[- ]?alone\b/i.test(b.text)) ? 'standalone' : null);
  const evidence = yearEndEvidence(periodTexts(doc), order);
  const fallbackDate =
    doc.meta.periodEnd ??
    evidence
      .flatMap((e) => e.dates)
      .sort()
      .at(-1) ??
    doc.meta.filedAt ??
    '1970-01-01';
  const tables: BoundTable[] = [];
  const registrant = registrantPattern([...(opts.registrant ?? []), doc.meta.entityName, doc.meta.legalName]);
  const ctx = {
    calendars: opts.calendars,
    standard: opts.standard,
    currency,
    order,
    annual,
    quarterly: isQuarterlyDocument(doc),
    scope,
    unit,
    fallbackDate,
    periodEnd: doc.meta.periodEnd ?? null,
    glyphIsNotScale: !!opts.secFiling,
    registrant,
  };
  const notes = notesUnit(doc);
  const footnotes = footnoteScales(doc);
  for (const raw of doc.tables) {
    const structured = structureTable(raw);
    const bound = bindTable(
      raw,
      structured,
      ctx,
      notes && raw.page !== null && raw.page >= notes.page ? notes.unit : null,
      footnotes.get(raw.ordinal) ?? [],
    );
    if (bound.cells.length || bound.labelCells.length) tables.push(bound);
  }
  resolveSourceDuplicates(tables);
  const chunks = chunkBlocks(doc.blocks);
  const counters: ReportCounters = {
    tables: tables.length,
    numericCells: 0,
    bound: 0,
    quarantined: 0,
    nil: 0,
    noteCells: 0,
    derivedCells: 0,
    byReason: {},
    statementCells: 0,
    statementBound: 0,
    statementByReason: {},
    chunks: chunks.length,
  };
  for (const t of tables) {
    for (const c of t.cells) {
      if (c.skipped === 'nil') counters.nil++;
      else if (c.skipped === 'note') counters.noteCells++;
      else if (c.skipped === 'derived') counters.derivedCells++;
      if (!c.fact) continue;
      counters.numericCells++;
      if (t.statement) counters.statementCells++;
      if (c.fact.status === 'active') {
        counters.bound++;
        if (t.statement) counters.statementBound++;
      } else {
        counters.quarantined++;
        const r = c.fact.reason ?? 'METRIC_UNMAPPED';
        counters.byReason[r] = (counters.byReason[r] ?? 0) + 1;
        if (t.statement) counters.statementByReason[r] = (counters.statementByReason[r] ?? 0) + 1;
      }
    }
  }
  return { tables, chunks, counters, unit, scope, annual };
}

/** Active facts of an analysis as plain rows (tests, reports): metric, scope, period, value. */
export function activeFacts(a: AnalyzedReport): {
  metricId: string;
  scope: Scope;
  period: FactInput['period'];
  value: string;
  unit: string;
  row: string;
  column: string;
  table: string | null;
  page: number | null;
}[] {
  const out = [];
  for (const t of a.tables) {
    for (const c of t.cells) {
      const f = c.fact;
      if (f?.status !== 'active' || !f.metricId) continue;
      out.push({
        metricId: f.metricId,
        scope: f.scope,
        period: f.period,
        value: f.value,
        unit: f.unit,
        row: c.rowLabel,
        column: c.columnPath.join(' › '),
        table: t.title,
        page: c.page,
      });
    }
  }
  return out;
}

export { tableTitle };
