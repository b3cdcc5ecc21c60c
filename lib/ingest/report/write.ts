/**
 * Writes one analysed report inside the ingestion transaction: entity (matched by name/alias or
 * created), fiscal calendar (registered wins; else inferred from the year ends the document names),
 * source row, tables and cells, facts (active and quarantined, each linked to its cell) through
 * writeFacts, and narrative chunks bucketed by the document's fiscal year.
 */
import { and, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { chunks, entities, entityAliases, sourceCells, sourceTables } from '@/lib/db/schema';
import { normalizeAlias } from '@/lib/domain/names';
import type { AccountingStandard, FiscalCalendar, Scope, StatementKind } from '@/lib/domain/types';
import { writeFacts, type FactInput } from '@/lib/facts/write-facts';
import { daysBetween } from '@/lib/fiscal';
import { contentId } from '@/lib/ids';
import { insertSource } from '../build-facts';
import { writeConceptLabels, type ConceptLabel } from '../concept-labels';
import { currentCalendars, fiscalLabeler, relabelEntityFacts, resolveCalendars, type CalendarEvidence } from '../calendar';
import { emptyResult } from '../companyfacts';
import { padCik, upsertEntity } from '../entity';
import { ingestError } from '../errors';
import type { WriteContext, WriteResult } from '../types';
import { analyzeReport, dateOrderFor, periodTexts, type AnalyzedReport } from './analyze';
import type { BoundTable } from './bind';
import { displayName, withCover, type CoverPage } from './cover';
import type { ReportDocument } from './model';
import { twelveMonthsEnding, yearEndEvidence } from './periods';
import { documentLabelledYears, documentYearEnds } from './year-end';

const COMPANY =
  /\b((?:[A-Z][A-Za-z0-9&'’.-]*\s){0,5}?(?:[A-Z][A-Za-z0-9&'’.-]*)\s*,?\s(?:Limited|Ltd\.?|Inc\.?|Incorporated|Corporation|Corp\.?|plc|PLC|N\.V\.|S\.A\.|AG|LLC|Company))(?![A-Za-z])/g;

/** The company a document is about: its metadata, else the legal name it repeats most. */
export function companyOf(doc: ReportDocument): { name: string; legalName: string | null } | null {
  if (doc.meta.entityName || doc.meta.legalName)
    return { name: (doc.meta.entityName ?? doc.meta.legalName)!, legalName: doc.meta.legalName ?? null };
  const counts = new Map<string, number>();
  const texts = [doc.title ?? '', ...doc.blocks.slice(0, 400).map((b) => b.text), ...doc.tables.flatMap((t) => t.context)];
  for (const t of texts) {
    for (const m of t.matchAll(COMPANY)) {
      const name = m[1]!
        .replace(/\s+/g, ' ')
        .replace(/^(?:The|For|Of|And|By|To|In)\s+/, '')
        .trim();
      if (/^(?:The|Our|This|Such|Each|Any|A|An)\s/i.test(name) || name.split(' ').length < 2) continue;
      counts.set(name, (counts.get(name) ?? 0) + (t === doc.title ? 5 : 1));
    }
  }
  const best = [...counts].sort((a, b) => b[1] - a[1])[0];
  return best ? { name: best[0], legalName: best[0] } : null;
}

/**
 * The entity a report is about. A filing's cover fixes it: CIK, then ticker, then the registrant's
 * exact name (one entity of the tenant only) — a name seen elsewhere in the text never matches an
 * existing entity. Documents without a cover (annual reports of other markets) fall back to their
 * metadata or the legal name they repeat most. An entity that cannot be identified refuses the
 * document with a typed error (no facts are filed under a guess).
 */
async function findOrCreateEntity(
  tx: Db,
  ctx: WriteContext,
  doc: ReportDocument,
  cover: CoverPage,
): Promise<{ id: string; name: string | null; standard: string | null; currency: string | null; country: string | null }> {
  const cik = doc.meta.cik ?? cover.cik;
  const ticker = doc.meta.ticker ?? cover.tickers[0] ?? null;
  const coverName = cover.registrantName ? displayName(cover.registrantName) : null;
  const company =
    doc.meta.entityName || doc.meta.legalName
      ? companyOf(doc)
      : coverName
        ? { name: coverName, legalName: coverName }
        : cover.kind === 'none'
          ? companyOf(doc)
          : null;
  if (!company && !cik && !ticker)
    throw ingestError(
      'bad_request:report_entity',
      ctx.fileName,
      'cannot tell which company this report is about (no cover page, no entity metadata and no legal name in the text)',
    );
  const select = {
    id: entities.id,
    name: entities.name,
    standard: entities.accountingStandard,
    currency: entities.reportingCurrency,
    country: entities.country,
  };
  if (cik) {
    const rows = await tx
      .select(select)
      .from(entities)
      .where(and(eq(entities.tenantId, ctx.tenantId), eq(entities.cik, padCik(cik))))
      .limit(2);
    if (rows.length === 1) return rows[0]!;
  }
  if (ticker) {
    const rows = await tx
      .select(select)
      .from(entities)
      .where(and(eq(entities.tenantId, ctx.tenantId), eq(entities.ticker, ticker.toUpperCase())))
      .limit(2);
    if (rows.length === 1) return rows[0]!;
  }
  const names = [company?.name, company?.legalName, ...(cover.kind === 'none' && ticker ? [ticker] : [])].filter((x): x is string => !!x);
  for (const n of names) {
    const norm = normalizeAlias(n);
    if (!norm) continue;
    const rows = await tx
      .selectDistinct(select)
      .from(entityAliases)
      .innerJoin(entities, eq(entities.id, entityAliases.entityId))
      // a cover names its registrant exactly: an entity of another CIK is another company
      .where(
        and(
          eq(entities.tenantId, ctx.tenantId),
          eq(entityAliases.normalized, norm),
          ...(cik ? [isNull(entities.cik)] : []),
          ...(ticker && cover.kind !== 'none' ? [or(isNull(entities.ticker), eq(entities.ticker, ticker.toUpperCase()))] : []),
        ),
      )
      .limit(2);
    if (rows.length === 1) return rows[0]!;
  }
  if (!company)
    throw ingestError(
      'bad_request:report_entity',
      ctx.fileName,
      `no entity of this tenant has ${cik ? `CIK ${cik}` : `ticker ${ticker}`}, and the document names no registrant to create one from`,
    );
  const standard =
    (doc.meta.accountingStandard as AccountingStandard | undefined) ??
    (cover.kind === 'filing' && !/20-F|40-F/.test(cover.form ?? '') ? 'us-gaap' : null);
  const created = await upsertEntity(tx, {
    tenantId: ctx.tenantId,
    name: company.legalName ?? company.name,
    cik: cik ?? null,
    ticker,
    accountingStandard: standard,
    reportingCurrency: doc.meta.currency ?? (cover.kind !== 'none' ? 'USD' : null),
    country: doc.meta.country ?? (cover.kind !== 'none' && cover.state && US_STATES.test(cover.state) ? 'US' : null),
    actor: ctx.actor,
  });
  const [row] = await tx
    .select({ standard: entities.accountingStandard, currency: entities.reportingCurrency, country: entities.country })
    .from(entities)
    .where(eq(entities.id, created.id));
  return {
    id: created.id,
    name: company.legalName ?? company.name,
    standard: row?.standard ?? standard,
    currency: row?.currency ?? null,
    country: row?.country ?? null,
  };
}

const US_STATES =
  /^(?:alabama|alaska|arizona|arkansas|california|colorado|connecticut|delaware|florida|georgia|hawaii|idaho|illinois|indiana|iowa|kansas|kentucky|louisiana|maine|maryland|massachusetts|michigan|minnesota|mississippi|missouri|montana|nebraska|nevada|new hampshire|new jersey|new mexico|new york|north carolina|north dakota|ohio|oklahoma|oregon|pennsylvania|rhode island|south carolina|south dakota|tennessee|texas|utah|vermont|virginia|washington|west virginia|wisconsin|wyoming|district of columbia|[A-Z]{2})$/i;

/** Evidence for a provisional calendar from the year ends the document names (anchored on its cover). */
export function calendarEvidence(doc: ReportDocument, cover: CoverPage, order: 'dmy' | 'mdy'): CalendarEvidence {
  const ye = documentYearEnds(doc, cover, order);
  const dates = ye.dates;
  const annual: CalendarEvidence['annual'] = [];
  for (let i = 1; i < dates.length; i++) {
    const d = daysBetween(dates[i - 1]!, dates[i]!);
    if (d >= 357 && d <= 373) annual.push({ start: addDay(dates[i - 1]!), end: dates[i]! });
  }
  if (!annual.length && !ye.weekBased) for (const d of dates.slice(-2)) annual.push(twelveMonthsEnding(d));
  const mmdd = doc.meta.fiscalYearEnd?.replace(/\D/g, '') || ye.mmdd;
  return { annual, labelledYears: documentLabelledYears(doc, cover, ye), fiscalYearEndMMDD: mmdd };
}

function addDay(d: string): string {
  const t = new Date(`${d}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + 1);
  return t.toISOString().slice(0, 10);
}

const BATCH = 1000;

export interface ReportWriteHooks {
  kind: 'html-report' | 'pdf-report';
  extractorVersion: string;
}

export async function writeReport(ctx: WriteContext, original: ReportDocument, hooks: ReportWriteHooks): Promise<WriteResult> {
  const tx = ctx.tx;
  const { doc, cover } = withCover(original);
  const entity = await findOrCreateEntity(tx, ctx, doc, cover);
  const standard =
    entity.standard ?? doc.meta.accountingStandard ?? (doc.meta.currency === 'INR' || entity.currency === 'INR' ? 'ind-as' : 'other');
  const currency = doc.meta.currency ?? entity.currency ?? null;
  const order = dateOrderFor(currency, doc.meta.country ?? entity.country);

  const { registered, inferred } = await currentCalendars(tx, entity.id);
  let calendars: FiscalCalendar[] = registered.length ? registered : inferred;
  let relabel = false;
  const calendarNotes: string[] = [];
  if (!registered.length) {
    const resolved = await resolveCalendars(tx, {
      tenantId: ctx.tenantId,
      entityId: entity.id,
      evidence: calendarEvidence(doc, cover, order),
      actor: ctx.actor,
    });
    calendars = resolved.calendars;
    relabel = resolved.relabel;
    calendarNotes.push(`calendar: ${resolved.origin}`, ...resolved.notes.slice(0, 2));
  } else calendarNotes.push('calendar: registered');

  const analysis = analyzeReport(doc, {
    calendars: calendars.length ? calendars : null,
    standard,
    currency,
    order,
    secFiling: cover.kind === 'filing',
    registrant: [cover.registrantName, entity.name],
  });
  const label = fiscalLabeler(calendars.length ? calendars : null);
  const active = analysis.tables.flatMap((t) => t.cells.map((c) => c.fact)).filter((f) => f && f.status === 'active');
  const latestEnd =
    active
      .map((f) => (f!.period.type === 'instant' ? f!.period.date : f!.period.end))
      .sort()
      .at(-1) ?? null;
  const evidenceDates = yearEndEvidence(periodTexts(doc), order)
    .flatMap((e) => e.dates)
    .sort();
  const periodOfReport = doc.meta.periodEnd ?? latestEnd ?? evidenceDates.at(-1) ?? cover.reportDate ?? null; // an 8-K: its event's date
  const filedAt = doc.meta.filedAt ?? periodOfReport;
  if (!filedAt)
    throw ingestError(
      'bad_request:report_date',
      ctx.fileName,
      'cannot tell when this report was published (no filing date, and no period could be read from its tables)',
    );
  const docFiscal = periodOfReport ? label({ type: 'instant', date: periodOfReport }) : null;
  const company = cover.registrantName ? { name: displayName(cover.registrantName) } : (companyOf(doc) ?? { name: ctx.fileName });
  const form = doc.meta.form ?? (cover.kind === 'release' ? 'Earnings Release' : analysis.annual ? 'Annual Report' : 'Report');
  const title = doc.title ?? `${company.name} ${form}${periodOfReport ? ` for the period ended ${periodOfReport}` : ''}`;

  const stored = await insertSource(tx, {
    id: ctx.sourceId,
    tenantId: ctx.tenantId,
    entityId: entity.id,
    kind: hooks.kind,
    title,
    fileName: ctx.fileName,
    form,
    accession: doc.meta.documentId ?? null,
    filedAt,
    periodOfReport,
    sha256: ctx.sha256,
    byteSize: ctx.byteSize,
    extractorVersion: hooks.extractorVersion,
    metadata: {
      pages: doc.pages,
      spanBasis: doc.format === 'html' ? 'html-text' : 'pdf-text',
      filedAtKnown: !!doc.meta.filedAt,
      unitLine: analysis.unit?.text ?? null,
      counters: analysis.counters,
      cover: cover.kind === 'none' ? null : cover,
      problems: doc.problems.slice(0, 20),
    },
  });
  if (!stored) return emptyResult(entity.id);

  const { tablesAdded, inputs } = await writeTables(tx, ctx, entity.id, analysis, {
    filedAt,
    form,
    accession: doc.meta.documentId ?? null,
    standard,
    label,
  });
  const rowLabels = statementRowLabels(analysis);
  if (rowLabels.length) await writeConceptLabels(tx, { tenantId: ctx.tenantId, entityId: entity.id, sourceId: ctx.sourceId }, rowLabels);
  let factsAdded = 0;
  let sightingsAdded = 0;
  ctx.progress(0, inputs.length);
  for (let i = 0; i < inputs.length; i += 5000) {
    const res = await writeFacts(tx, inputs.slice(i, i + 5000));
    factsAdded += res.inserted;
    sightingsAdded += res.sightings;
    ctx.progress(Math.min(i + 5000, inputs.length), inputs.length);
  }
  let relabelled = 0;
  if (relabel && calendars.length) relabelled = await relabelEntityFacts(tx, entity.id, calendars);

  const chunkRows = analysis.chunks.map((c) => ({
    id: contentId('chunk', ctx.sourceId, c.ordinal),
    tenantId: ctx.tenantId,
    entityId: entity.id,
    sourceId: ctx.sourceId,
    fiscalYear: docFiscal?.fiscalYear ?? null,
    section: c.section,
    heading: c.heading,
    ordinal: c.ordinal,
    text: c.text,
    page: c.page,
    spanStart: c.spanStart,
    spanEnd: c.spanEnd,
  }));
  for (let i = 0; i < chunkRows.length; i += BATCH)
    await tx
      .insert(chunks)
      .values(chunkRows.slice(i, i + BATCH))
      .onConflictDoNothing();

  const quarantined = inputs.filter((i) => i.status === 'quarantined').length;
  const c = analysis.counters;
  const notes = [
    `${c.bound} numeric cell(s) bound, ${c.quarantined} quarantined${
      Object.keys(c.byReason).length
        ? ` (${Object.entries(c.byReason)
            .map(([k, v]) => `${k} ${v}`)
            .join(', ')})`
        : ''
    }`,
    ...calendarNotes,
  ];
  if (!doc.meta.filedAt) notes.push(`publication date unknown: dated ${filedAt} (end of the period reported)`);
  return {
    entityId: entity.id,
    sourceId: ctx.sourceId,
    factsSeen: inputs.length,
    factsAdded,
    sightingsAdded,
    quarantined,
    chunksAdded: chunkRows.length,
    tablesAdded,
    counters: {
      facts: inputs.length,
      factsAdded,
      sightingsAdded,
      quarantined,
      bound: c.bound,
      nil: c.nil,
      noteCells: c.noteCells,
      derivedCells: c.derivedCells,
      tablesAdded,
      chunksAdded: chunkRows.length,
      relabelled,
      ...Object.fromEntries(Object.entries(c.byReason).map(([k, v]) => [`q_${k}`, v])),
    },
    notes,
  };
}

/** A statement section that names the family of its lines ("Revenues:" over "Casino", "Rooms"), by the noun its lines take. */
const FAMILY_SECTION: [RegExp, string][] = [
  [/^(?:total )?(?:net )?(?:operating )?(?:revenues?|sales)(?: and other income)?:?$/i, 'revenues'],
  [/^(?:total )?(?:operating |other )?(?:costs and )?expenses:?$/i, 'expenses'],
];

/**
 * The askable labels of a primary statement's lines that map to no measure of the ontology (a casino
 * operator's "Casino" revenues, a bank's "Trading assets", "Investment banking fees"): the line's caption as
 * printed, less a leading "Total"; a one-word caption takes its section's noun ("Casino" under "Revenues" is
 * "Casino revenues"). The planner offers them by these labels (lib/retrieval/concepts.ts); a caption of one
 * word under no such section, or one the statement prints for two different lines, is left unlabelled.
 */
export function statementRowLabels(analysis: AnalyzedReport): ConceptLabel[] {
  const byConcept = new Map<string, string | null>();
  for (const t of analysis.tables) {
    if (!t.statement) continue;
    for (const c of t.cells) {
      const f = c.fact;
      if (f?.status !== 'active' || f.metricId || !f.concept.startsWith('report:row/') || !f.currency) continue;
      const bare = c.rowLabel
        .replace(/\s+/g, ' ')
        .replace(/^total\s+/i, '')
        .replace(/[:\s]+$/, '')
        .trim();
      const caption = bare.charAt(0).toUpperCase() + bare.slice(1);
      if (!/[a-z]{3}/i.test(caption) || caption.length > 120) continue;
      let label: string | null = caption;
      if (caption.split(' ').length < 2) {
        const section = c.sectionPath.at(-1)?.trim() ?? '';
        const noun = FAMILY_SECTION.find(([re]) => re.test(section))?.[1];
        label = noun ? `${caption} ${noun}` : null;
      }
      const prev = byConcept.get(f.concept);
      byConcept.set(f.concept, prev === undefined || prev === label ? label : null);
    }
  }
  return [...byConcept]
    .filter((e): e is [string, string] => e[1] !== null)
    .map(([concept, label]) => ({ concept, label, description: 'a line of the primary statements' }));
}

async function writeTables(
  tx: Db,
  ctx: WriteContext,
  entityId: string,
  analysis: AnalyzedReport,
  src: { filedAt: string; form: string; accession: string | null; standard: string; label: ReturnType<typeof fiscalLabeler> },
): Promise<{ tablesAdded: number; inputs: FactInput[] }> {
  const tableRows: (typeof sourceTables.$inferInsert)[] = [];
  const cellRows: (typeof sourceCells.$inferInsert)[] = [];
  const inputs: FactInput[] = [];
  const onStatement: FactInput[] = [];
  for (const t of analysis.tables) {
    const tableId = contentId('table', ctx.sourceId, t.ordinal);
    const statement = t.statement ? (STATEMENT_OF_KIND[t.kind] ?? null) : null;
    tableRows.push({
      id: tableId,
      tenantId: ctx.tenantId,
      entityId,
      sourceId: ctx.sourceId,
      ordinal: t.ordinal,
      title: t.title,
      section: t.section,
      page: t.page,
      unitLine: t.unitLine,
      scale: t.scale,
      currency: t.currency,
      headerRows: t.headerRows,
      rowCount: t.rowCount,
      columnCount: t.columnCount,
    });
    for (const l of t.labelCells) {
      cellRows.push({
        id: contentId('cell', tableId, l.rowIndex, 0),
        tenantId: ctx.tenantId,
        entityId,
        tableId,
        sourceId: ctx.sourceId,
        rowIndex: l.rowIndex,
        colIndex: 0,
        rowLabel: l.label,
        columnPath: [],
        text: l.label,
        page: l.page,
        spanStart: l.span?.[0] ?? null,
        spanEnd: l.span?.[1] ?? null,
      });
    }
    for (const c of t.cells) {
      const cellId = contentId('cell', tableId, c.rowIndex, c.colIndex);
      cellRows.push({
        id: cellId,
        tenantId: ctx.tenantId,
        entityId,
        tableId,
        sourceId: ctx.sourceId,
        rowIndex: c.rowIndex,
        colIndex: c.colIndex,
        rowLabel: c.rowLabel,
        columnPath: c.columnPath,
        text: c.text,
        numericValue: c.printed || null,
        page: c.page,
        spanStart: c.spanStart,
        spanEnd: c.spanEnd,
      });
      const f = c.fact;
      if (!f) continue;
      const fiscal = f.status === 'active' || !f.labels.periodPlaceholder ? src.label(f.period) : null;
      const column = c.columnPath.join(' › ');
      const labels: Record<string, unknown> = { ...f.labels, table: t.title, page: c.page };
      if (f.detail) labels.quarantineDetail = f.detail;
      (statement && f.status === 'active' ? onStatement : inputs).push({
        tenantId: ctx.tenantId,
        entityId,
        metricId: f.metricId,
        concept: f.concept,
        value: f.value,
        unit: f.unit,
        currency: f.currency,
        scale: f.scale,
        decimals: f.decimals,
        period: f.period,
        fiscalYear: fiscal?.fiscalYear ?? f.fiscalYear,
        fiscalPeriod: fiscal?.fiscalPeriod ?? f.fiscalPeriod,
        scope: f.scope as Scope,
        dimensions: {},
        accountingStandard: (['us-gaap', 'ifrs', 'ind-as'].includes(src.standard) ? src.standard : 'other') as AccountingStandard,
        provenance: {
          tableId,
          cellId,
          page: c.page,
          span: c.spanStart !== null && c.spanEnd !== null ? [c.spanStart, c.spanEnd] : null,
          sourceLabel: column || null,
          statement,
        },
        cellId,
        status: f.status,
        quarantineReason: f.reason,
        sighting: { sourceId: ctx.sourceId, accession: src.accession, form: src.form, filedAt: src.filedAt, labels },
      });
    }
  }
  for (let i = 0; i < tableRows.length; i += BATCH)
    await tx
      .insert(sourceTables)
      .values(tableRows.slice(i, i + BATCH))
      .onConflictDoNothing();
  for (let i = 0; i < cellRows.length; i += BATCH)
    await tx
      .insert(sourceCells)
      .values(cellRows.slice(i, i + BATCH))
      .onConflictDoNothing();
  // a figure printed on a primary statement and again in the MD&A or a note is the statement's: its cell is the one cited
  return { tablesAdded: tableRows.length, inputs: [...onStatement, ...inputs] };
}

/** The statement a primary statement table is, by its kind (changes in equity: none a question scopes to). */
const STATEMENT_OF_KIND: Partial<Record<BoundTable['kind'], StatementKind>> = {
  profit_loss: 'income_statement',
  balance_sheet: 'balance_sheet',
  cash_flow: 'cash_flow_statement',
};
