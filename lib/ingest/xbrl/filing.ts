/**
 * Writes one XBRL filing (instance or inline): resolves the company and the filing (accession,
 * form, filing date), the calendar, the source row, then the facts with their contexts' periods and
 * dimensions. Inline XBRL hooks in to store tables/cells before the facts and chunks after them.
 */
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '@/lib/db/client';
import type { SourceKind } from '@/lib/db/schema';
import { writeFacts, type FactInput } from '@/lib/facts/write-facts';
import { daysBetween } from '@/lib/fiscal';
import { metricForConcept } from '@/lib/ontology/metrics';
import { buildFactInput, dominantStandard, insertSource } from '../build-facts';
import { fiscalLabeler, isAnnualReportForm, relabelEntityFacts, resolveCalendars, type CalendarEvidence } from '../calendar';
import { emptyResult } from '../companyfacts';
import { padCik, upsertEntity } from '../entity';
import { ingestError, lineColumn } from '../errors';
import type { RawFact, WriteContext, WriteResult } from '../types';
import { labelFromConceptName, writeConceptLabels, type ConceptLabel } from '../concept-labels';
import { mergePrecisionDuplicates } from './duplicates';
import { asIndiaDocument, indiaIdentifiers, readIndiaResults, sameNamedMetric } from './india';
import { coverDate, mmddOf, parseDecimals, type XbrlContext } from './model';
import type { XbrlDocument } from './instance';

export interface FilingInfo {
  accession: string | null;
  filedAt: string;
  /** false when no side file, submissions index or stored sighting told the filing date */
  filedAtKnown: boolean;
  form: string | null;
  periodOfReport: string | null;
  how: string;
}

export interface FilingHooks {
  kind: SourceKind;
  extractorVersion: string;
  /** full text, for line numbers in errors (inline XBRL passes it) */
  text?: string;
  /** after the source row, before the facts: store tables/cells; may set cellId/provenance on inputs */
  beforeFacts?(args: {
    ctx: WriteContext;
    entityId: string;
    inputs: (FactInput | null)[];
    fiscalYear: number | null;
    filing: FilingInfo;
  }): Promise<{ tablesAdded: number }>;
  /** after the facts: narrative chunks */
  afterFacts?(args: {
    ctx: WriteContext;
    entityId: string;
    fiscalYear: number | null;
    filing: FilingInfo;
  }): Promise<{ chunksAdded: number }>;
}

function cikOf(doc: XbrlDocument): string | null {
  if (doc.cover.cik && /\d/.test(doc.cover.cik)) return padCik(doc.cover.cik);
  for (const c of doc.contexts.values()) {
    if (c.identifier && /sec\.gov\/cik/i.test(c.identifier.scheme) && /\d/.test(c.identifier.value)) return padCik(c.identifier.value);
  }
  return null;
}

/** Accession and filing date: metadata side file → submissions index → stored sightings → period end. */
async function resolveFiling(ctx: WriteContext, doc: XbrlDocument, cik: string | null, entityId: string): Promise<FilingInfo> {
  const form = doc.cover.documentType ?? null;
  const periodOfReport = coverDate(doc.cover.documentPeriodEndDate);
  const meta = ctx.filePath ? (ctx.sideFiles.filingMetadata?.(ctx.filePath) ?? null) : null;
  if (meta?.filingDate && (!meta.cik || !cik || padCik(meta.cik) === cik)) {
    return {
      accession: meta.accession,
      filedAt: meta.filingDate,
      filedAtKnown: true,
      form: form ?? meta.form,
      periodOfReport,
      how: 'filing metadata',
    };
  }
  const subs = cik ? ctx.sideFiles.submissions(cik) : null;
  if (subs) {
    const stem = ctx.fileName.replace(/(_htm)?\.(xml|xbrl|html?|xhtml)$/i, '').toLowerCase();
    for (const [acc, f] of subs.filings) {
      const doc1 = f.primaryDocument?.toLowerCase().replace(/\.html?$/, '') ?? '';
      if (doc1 && doc1 === stem)
        return {
          accession: acc,
          filedAt: f.filingDate,
          filedAtKnown: true,
          form: form ?? f.form,
          periodOfReport,
          how: 'submissions index (primary document)',
        };
    }
    for (const [acc, f] of subs.filings) {
      if (form && periodOfReport && f.form === form && f.reportDate === periodOfReport) {
        return {
          accession: acc,
          filedAt: f.filingDate,
          filedAtKnown: true,
          form,
          periodOfReport,
          how: 'submissions index (form and report date)',
        };
      }
    }
  }
  if (form && periodOfReport) {
    // the companyfacts sightings of the same company know the filing: the first filing of this form
    // whose facts end on the period of report
    const res = await ctx.tx.execute(sql`
      select s.accession, to_char(min(s.filed_at), 'YYYY-MM-DD') as filed
      from fact_sightings s join facts f on f.entity_id = s.entity_id and f.id = s.fact_id
      where f.entity_id = ${entityId} and f.end_date = ${periodOfReport} and s.form = ${form} and s.accession <> ''
      group by s.accession order by min(s.filed_at) limit 1`);
    const [hit] = rowsOf<{ accession: string; filed: string }>(res);
    if (hit)
      return {
        accession: hit.accession,
        filedAt: hit.filed,
        filedAtKnown: true,
        form,
        periodOfReport,
        how: 'stored sightings of the company',
      };
  }
  if (doc.filedOn) return { accession: null, filedAt: doc.filedOn.date, filedAtKnown: true, form, periodOfReport, how: doc.filedOn.how };
  const fromName = /(\d{4}-\d{2}-\d{2})\.(html?|xhtml|xml)$/i.exec(ctx.fileName)?.[1];
  if (fromName) return { accession: null, filedAt: fromName, filedAtKnown: false, form, periodOfReport, how: 'date in the file name' };
  if (periodOfReport)
    return { accession: null, filedAt: periodOfReport, filedAtKnown: false, form, periodOfReport, how: 'period end (filing date unknown)' };
  throw ingestError(
    'bad_request:xbrl_filing',
    ctx.fileName,
    'cannot tell when this filing was filed (no dei:DocumentPeriodEndDate, metadata or submissions entry)',
  );
}

function evidenceOf(doc: XbrlDocument, form: string | null): CalendarEvidence {
  const annual: CalendarEvidence['annual'] = [];
  const quarters: NonNullable<CalendarEvidence['quarters']> = [];
  const seen = new Set<string>();
  const annualReport = isAnnualReportForm(form);
  for (const c of doc.contexts.values()) {
    if (c.period?.type !== 'duration' || Object.keys(c.dimensions).length) continue;
    const key = `${c.period.start}/${c.period.end}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const days = daysBetween(c.period.start, c.period.end);
    if (annualReport && days >= 350 && days <= 380) annual.push({ start: c.period.start, end: c.period.end });
    else if (days >= 85 && days <= 100) quarters.push({ start: c.period.start, end: c.period.end });
  }
  const labelledYears: CalendarEvidence['labelledYears'] = [];
  const fy = Number(doc.cover.fiscalYearFocus);
  if (annualReport && Number.isInteger(fy) && annual.length) {
    const end = annual
      .map((a) => a.end)
      .sort()
      .at(-1)!;
    labelledYears.push({ end, fiscalYear: fy });
  }
  return { annual, quarters, labelledYears };
}

/** Raw facts of a document; facts whose context has no usable period are counted, not stored. */
export function rawFactsOf(
  doc: XbrlDocument,
  filing: FilingInfo,
  fileName: string,
  text?: string,
): { raw: (RawFact | null)[]; noPeriod: number } {
  const raw: (RawFact | null)[] = [];
  let noPeriod = 0;
  const place = (offset: number) => (text ? lineColumn(text, offset) : { offset });
  for (const f of doc.facts) {
    const context: XbrlContext | undefined = doc.contexts.get(f.contextRef);
    if (!context)
      throw ingestError(
        'bad_request:malformed_xbrl',
        fileName,
        `${f.concept} refers to a missing context '${f.contextRef}'`,
        place(f.offset),
      );
    const unit = doc.units.get(f.unitRef);
    if (!unit)
      throw ingestError('bad_request:malformed_xbrl', fileName, `${f.concept} refers to a missing unit '${f.unitRef}'`, place(f.offset));
    if (!context.period) {
      noPeriod++;
      raw.push(null);
      continue;
    }
    const decimals = parseDecimals(f.decimals);
    const labels: Record<string, unknown> = {
      contextRef: f.contextRef,
      fy: doc.cover.fiscalYearFocus ?? null,
      fp: doc.cover.fiscalPeriodFocus ?? null,
    };
    if (f.id) labels.factId = f.id;
    if (f.hidden) labels.hidden = true;
    raw.push({
      concept: f.concept,
      value: f.value,
      unit,
      decimals,
      scale: f.scale ?? (decimals !== null && decimals < 0 ? -decimals : 0),
      period: context.period,
      dimensions: context.dimensions,
      accession: filing.accession,
      form: filing.form,
      filedAt: filing.filedAt,
      labels,
      provenance: { sourceLabel: f.contextRef },
    });
  }
  return { raw, noPeriod };
}

const WRITE_CHUNK = 5000;

export async function writeXbrlFiling(ctx: WriteContext, filed: XbrlDocument, hooks: FilingHooks): Promise<WriteResult> {
  const tx: Db = ctx.tx;
  // NSE/BSE results: no SEC identifier; the company, its columns' real bounds and scope are in its own facts
  const india = readIndiaResults(filed);
  const doc = india ? asIndiaDocument(filed, india) : filed;
  const cik = cikOf(doc);
  const meta = ctx.filePath ? (ctx.sideFiles.filingMetadata?.(ctx.filePath) ?? null) : null;
  const subs = cik ? ctx.sideFiles.submissions(cik) : null;
  const name = doc.cover.registrantName ?? subs?.name ?? meta?.company ?? (cik ? `CIK ${cik}` : null);
  if (!name)
    throw ingestError(
      'bad_request:xbrl_entity',
      ctx.fileName,
      'cannot tell which company filed this (no dei:EntityCentralIndexKey, dei:EntityRegistrantName or CIK identifier)',
    );
  const standard = dominantStandard(doc.facts.map((f) => f.concept));
  const entity = await upsertEntity(tx, {
    tenantId: ctx.tenantId,
    name,
    cik,
    ticker: doc.cover.tradingSymbol ?? subs?.tickers[0] ?? null,
    securityTitles: doc.cover.securityTitles,
    identifiers: india ? indiaIdentifiers(india) : undefined,
    country: india ? 'IN' : undefined,
    reportingCurrency: india?.currency ?? undefined,
    submissions: subs,
    accountingStandard: standard,
    actor: ctx.actor,
  });
  const filing = await resolveFiling(ctx, doc, cik, entity.id);
  const evidence = evidenceOf(doc, filing.form);
  const calendars = await resolveCalendars(tx, {
    tenantId: ctx.tenantId,
    entityId: entity.id,
    evidence: { ...evidence, fiscalYearEndMMDD: mmddOf(doc.cover.currentFiscalYearEndDate) ?? subs?.fiscalYearEnd ?? null },
    actor: ctx.actor,
  });
  const label = fiscalLabeler(calendars.calendars);
  const docFiscalYear = filing.periodOfReport ? (label({ type: 'instant', date: filing.periodOfReport })?.fiscalYear ?? null) : null;
  const title = `${name} ${filing.form ?? 'filing'}${filing.periodOfReport ? ` for the period ended ${filing.periodOfReport}` : ''}`;
  const stored = await insertSource(tx, {
    id: ctx.sourceId,
    tenantId: ctx.tenantId,
    entityId: entity.id,
    kind: hooks.kind,
    title,
    fileName: ctx.fileName,
    form: filing.form,
    accession: filing.accession,
    filedAt: filing.filedAt,
    periodOfReport: filing.periodOfReport,
    sha256: ctx.sha256,
    byteSize: ctx.byteSize,
    extractorVersion: hooks.extractorVersion,
    metadata: {
      cik,
      cover: doc.cover,
      contexts: doc.contexts.size,
      units: doc.units.size,
      filingFrom: filing.how,
      filedAtKnown: filing.filedAtKnown,
    },
  });
  if (!stored) return emptyResult(entity.id);

  const { raw, noPeriod } = rawFactsOf(doc, filing, ctx.fileName, hooks.text);
  const build = { tenantId: ctx.tenantId, entityId: entity.id, sourceId: ctx.sourceId, label, standard };
  // a results filing says whether its figures are standalone or consolidated
  const inputs: (FactInput | null)[] = raw.map((r) => {
    if (!r) return null;
    const input = buildFactInput(r, build);
    if (!india) return input;
    return {
      ...input,
      scope: india.scope,
      metricId: input.metricId ?? (input.status === 'quarantined' ? null : sameNamedMetric(input.concept, metricForConcept)),
    };
  });
  const { tablesAdded } = hooks.beforeFacts
    ? await hooks.beforeFacts({ ctx, entityId: entity.id, inputs, fiscalYear: docFiscalYear, filing })
    : { tablesAdded: 0 };

  // one filing's same fact tagged twice at different precision ("$9.0 billion" and 9,037m) is one fact
  const dup = mergePrecisionDuplicates(inputs.filter((i): i is FactInput => i !== null));
  const list = dup.facts;
  let factsAdded = 0;
  let sightingsAdded = 0;
  ctx.progress(0, list.length);
  for (let i = 0; i < list.length; i += WRITE_CHUNK) {
    const res = await writeFacts(tx, list.slice(i, i + WRITE_CHUNK));
    factsAdded += res.inserted;
    sightingsAdded += res.sightings;
    ctx.progress(Math.min(i + WRITE_CHUNK, list.length), list.length);
  }
  // the results taxonomy's elements outside the ontology are asked for by their names ("Deposits")
  if (india) {
    const labels = [...new Set(list.filter((i) => i.metricId === null && i.status !== 'quarantined').map((i) => i.concept))].flatMap(
      (concept): ConceptLabel[] => {
        const label = labelFromConceptName(concept);
        return label ? [{ concept, label, description: null }] : [];
      },
    );
    await writeConceptLabels(tx, { tenantId: ctx.tenantId, entityId: entity.id, sourceId: ctx.sourceId }, labels);
  }
  let relabelled = 0;
  if (calendars.relabel) relabelled = await relabelEntityFacts(tx, entity.id, calendars.calendars);
  const { chunksAdded } = hooks.afterFacts
    ? await hooks.afterFacts({ ctx, entityId: entity.id, fiscalYear: docFiscalYear, filing })
    : { chunksAdded: 0 };

  const quarantined = list.filter((i) => i.status === 'quarantined').length;
  const dimensional = list.filter((i) => Object.keys(i.dimensions).length > 0).length;
  const unknownUnits = [...new Set(list.filter((i) => i.quarantineReason === 'UNIT_UNKNOWN').map((i) => i.unit))];
  const notes = [
    `filing ${filing.accession ?? '(accession unknown)'} filed ${filing.filedAt} (${filing.how})`,
    `calendar: ${calendars.origin}`,
  ];
  if (quarantined)
    notes.push(
      `quarantined ${quarantined} fact(s) in units other than a currency, shares or pure (UNIT_UNKNOWN): ${unknownUnits.slice(0, 5).join(', ')}`,
    );
  if (india)
    notes.push(
      `${india.symbol ? 'NSE' : 'BSE'} results (${india.scope}): ${india.contextsRebounded} context(s) read with their column's stated reporting period`,
    );
  const skipped = Object.entries(doc.skipped ?? {}).filter(([, n]) => n);
  if (skipped.length) notes.push(`skipped (not numbers): ${skipped.map(([why, n]) => `${n} ${why}`).join(', ')}`);
  if (dup.merged) notes.push(`${dup.merged} duplicate fact(s) of lower precision merged into the filing's more precise value`);
  if (dup.inconsistent)
    notes.push(`${dup.inconsistent} fact(s) tagged with values that disagree even at the lower precision (kept as filed)`);
  if (noPeriod) notes.push(`${noPeriod} fact(s) without a usable period skipped`);
  if (doc.nilFacts) notes.push(`${doc.nilFacts} nil fact(s) skipped`);
  if (doc.problems.length) notes.push(...doc.problems.slice(0, 5));
  return {
    entityId: entity.id,
    sourceId: ctx.sourceId,
    factsSeen: list.length,
    factsAdded,
    sightingsAdded,
    quarantined,
    chunksAdded,
    tablesAdded,
    counters: {
      facts: list.length,
      factsAdded,
      sightingsAdded,
      quarantined,
      dimensional,
      noPeriod,
      nil: doc.nilFacts,
      duplicatesMerged: dup.merged,
      duplicatesInconsistent: dup.inconsistent,
      nonNumericSkipped: doc.skipped?.NON_NUMERIC_VALUE ?? 0,
      contextsRebounded: india?.contextsRebounded ?? 0,
      contexts: doc.contexts.size,
      relabelled,
      tablesAdded,
      chunksAdded,
    },
    notes,
  };
}
