/**
 * Everything the per-file ingest (`ingestBytes` → `writeCompanyFacts`) writes for a company that is
 * new to the tenant, computed without the database: the entity and its aliases (upsertEntity's
 * create branch), the inferred calendars and their audit entry (resolveCalendars with nothing stored:
 * no registered, previous or stored annual periods exist for an entity that does not exist yet), the
 * source row (version 1: no earlier version can belong to a new entity), the fact and sighting rows
 * (writeFacts' prepareFacts over the same concept-bounded chunks, `newChainsOnly`), the concept
 * labels, the audit entries and the run record, with the same counters and notes.
 *
 * The batch writer (batch-writer.ts) stores many such plans in one transaction. Whether a company is
 * new is decided in that transaction (classifyBatch); a company that is not goes through the
 * per-file path instead. lib/ingest/bulk/bulk.int.test.ts and bulk.data.test.ts compare what both
 * paths store, row for row — a change to writeCompanyFacts must be mirrored here.
 */
import { randomUUID } from 'node:crypto';
import type { auditLog, entities, entityAliases, fiscalCalendars, ingestRuns, sources } from '@/lib/db/schema';
import { normalizeAlias } from '@/lib/domain/names';
import { deriveChains, type DerivedVersion } from '@/lib/facts/chain-versions';
import { prepareFacts, type FactInput, type FactRow, type SightingRow } from '@/lib/facts/write-facts';
import { inferCalendar } from '@/lib/fiscal';
import { contentId } from '@/lib/ids';
import { buildFactInput, dominantStandard } from '../build-facts';
import { fiscalLabeler } from '../calendar';
import { COMPANYFACTS_EXTRACTOR, mostCommonCurrency, type CompanyFacts } from '../companyfacts';
import { entityAliasList, padCik, sicColumns, type EntityFacts } from '../entity';
import type { SideFiles } from '../types';

type Row<T extends { $inferInsert: unknown }> = T['$inferInsert'];

/** A plan's rows as COPY text (see CompanyPlan.encoded), with what the set-wise reference check needs of them. */
export interface EncodedRows {
  facts: Buffer[];
  sightings: Buffer[];
  /** the ontology metrics the facts name */
  metricIds: string[];
  /** the table cells the facts name, as `entity_id|id` */
  cellIds: string[];
}

export interface CompanyPlan {
  cik: string;
  /** normalizeAlias of the entity's name: a CIK-less entity of that name would be adopted (not new) */
  normalizedName: string;
  fileName: string;
  sourceId: string;
  entityId: string;
  entity: Row<typeof entities>;
  aliases: Row<typeof entityAliases>[];
  calendars: Row<typeof fiscalCalendars>[];
  /** entity.create, calendar.infer (when one was inferred), source.ingest — in the per-file order */
  audit: Row<typeof auditLog>[];
  source: Row<typeof sources>;
  facts: FactRow[];
  sightings: SightingRow[];
  /** chains with several values: their versions are derived here (`derived`) … */
  multiValueChains: string[];
  /** … for each of their facts (the rows are written with these values) */
  derived: Map<string, DerivedVersion>;
  /** … except these, which recomputeChains derives after the write (chain-versions.ts says when) */
  sqlChains: string[];
  labels: { concept: string; label: string; description: string | null }[];
  /**
   * PostgreSQL: the fact and sighting rows as COPY text, made as soon as the plan is (batch-writer.ts
   * encodeForCopy); `facts`, `sightings` and `derived` are then emptied, so a batch waiting for its
   * transaction holds bytes instead of row objects.
   */
  encoded?: EncodedRows;
  run: Row<typeof ingestRuns>;
  factsSeen: number;
  factsAdded: number;
  sightingsAdded: number;
  quarantined: number;
  notes: string[];
}

/** Facts per writeFacts call in writeCompanyFacts (WRITE_CHUNK there): the same chunks here. */
const WRITE_CHUNK = 5000;

/**
 * The plan of a new company, or null when its facts cannot be written as one set without changing
 * what the per-file path stores (a version chain split between two of writeCompanyFacts' chunks —
 * two concept keys spelling the same concept — is left to that path).
 */
export function planNewCompany(
  cf: CompanyFacts,
  o: { tenantId: string; actor: string; fileName: string; sha256: string; byteSize: number; sideFiles: SideFiles; startedAt: number },
): CompanyPlan | null {
  const { tenantId, actor, fileName } = o;
  const sourceId = contentId('source', tenantId, o.sha256);
  const submissions = o.sideFiles.submissions(cf.cik);
  const standard = dominantStandard(new Set(cf.facts.map((f) => f.concept)));
  const e: EntityFacts = {
    tenantId,
    name: submissions?.name || cf.entityName,
    cik: cf.cik,
    ticker: cf.tickerHint ?? submissions?.tickers[0] ?? null,
    otherNames: [cf.entityName],
    submissions,
    accountingStandard: standard,
    reportingCurrency: mostCommonCurrency(cf.facts),
    actor,
  };
  // upsertEntity, create branch
  const cik = padCik(e.cik!);
  const entityId = contentId('entity', tenantId, `cik:${cik}`);
  const entity = {
    id: entityId,
    tenantId,
    name: e.name,
    legalName: e.name,
    ticker: (e.ticker ?? e.submissions?.tickers[0])?.toUpperCase() ?? null,
    cik,
    country: e.country ?? null,
    reportingCurrency: e.reportingCurrency ?? null,
    accountingStandard: e.accountingStandard ?? null,
    ...sicColumns(submissions),
  };
  const audit: Row<typeof auditLog>[] = [
    { tenantId, actor, action: 'entity.create', targetType: 'entity', targetId: entityId, after: entity, reason: 'ingest' },
  ];
  const aliases = entityAliasList(e, cik).map((a) => ({
    tenantId,
    entityId,
    alias: a.alias,
    normalized: normalizeAlias(a.alias),
    kind: a.kind,
  }));

  // resolveCalendars with no registered, previous or stored calendar evidence
  const inferred = inferCalendar([...cf.evidence.annual], {
    entityId,
    fiscalYearEndMMDD: submissions?.fiscalYearEnd ?? undefined,
    labelledYears: cf.evidence.labelledYears,
    quarterPeriods: cf.evidence.quarters,
  });
  const hasCalendar = !!inferred.calendar && inferred.calendars.length > 0;
  const calendarList = hasCalendar ? inferred.calendars : [];
  const origin = hasCalendar ? 'inferred' : 'none';
  const confidence = hasCalendar ? inferred.confidence : null;
  const calendarRows = hasCalendar ? inferredCalendarRows(tenantId, entityId, inferred) : [];
  if (hasCalendar) {
    const reason = inferred.notes.join('; ');
    audit.push({
      tenantId,
      actor,
      action: 'calendar.infer',
      targetType: 'entity',
      targetId: entityId,
      before: null,
      after: { calendars: inferred.calendars, confidence: inferred.confidence, evidence: inferred.evidence },
      reason,
    });
  }

  const source = {
    id: sourceId,
    tenantId,
    entityId,
    kind: 'companyfacts' as const,
    title: `${cf.entityName} — SEC XBRL company facts`,
    fileName,
    form: null,
    accession: null,
    filedAt: cf.latestFiled,
    periodOfReport: cf.latestPeriodEnd,
    sha256: o.sha256,
    byteSize: o.byteSize,
    extractorVersion: COMPANYFACTS_EXTRACTOR,
    metadata: { cik: cf.cik, entityName: cf.entityName, facts: cf.facts.length, calendarOrigin: origin },
    version: 1,
    supersedes: null,
  };

  // writeCompanyFacts' fact loop, chunk for chunk
  const label = fiscalLabeler(calendarList);
  const build = { tenantId, entityId, sourceId, label, standard };
  const facts: FactRow[] = [];
  const sightings: SightingRow[] = [];
  const multiValueChains: string[] = [];
  const earlierChains = new Set<string>();
  let quarantined = 0;
  let unlabelled = 0;
  const unknownUnits = new Map<string, string>();
  const total = cf.facts.length;
  for (let start = 0; start < total; ) {
    let end = Math.min(start + WRITE_CHUNK, total);
    while (end < total && cf.facts[end - 1]!.concept === cf.facts[end]!.concept) end++;
    const inputs: FactInput[] = [];
    for (let i = start; i < end; i++) {
      const r = cf.facts[i]!;
      const input = buildFactInput(r, build);
      if (input.status === 'quarantined') {
        quarantined++;
        if (!unknownUnits.has(r.unit.unit)) unknownUnits.set(r.unit.unit, `facts.${r.concept.replace(':', '.')}.units.${r.unit.unit}`);
      }
      if (input.fiscalYear === null) unlabelled++;
      inputs.push(input);
    }
    const p = prepareFacts(inputs);
    if (start > 0 || end < total) {
      // a chain in two chunks is written differently per file (the second chunk's facts meet stored ones)
      for (const k of p.chainKeys) if (earlierChains.has(k)) return null;
      for (const k of p.chainKeys) earlierChains.add(k);
    }
    for (const r of p.rows) facts.push(r);
    for (const s of p.sightings) sightings.push(s);
    for (const k of p.multiValueChains) multiValueChains.push(k);
    start = end;
  }
  const chains = deriveChains(multiValueChains, facts, sightings);
  const labels = cf.conceptLabels ?? [];
  const notes = [`calendar: ${origin}${confidence !== null ? ` (confidence ${confidence})` : ''}`];
  if (quarantined) {
    const where = [...unknownUnits]
      .slice(0, 5)
      .map(([u, at]) => `${u} at ${at}`)
      .join('; ');
    notes.push(
      `quarantined ${quarantined} fact(s) in units other than a currency, shares or pure (UNIT_UNKNOWN): ${where}${unknownUnits.size > 5 ? '; …' : ''}`,
    );
  }
  if (unlabelled) notes.push(`${unlabelled} fact(s) without fiscal labels (no calendar)`);
  const counters = {
    facts: total,
    factsAdded: facts.length,
    sightingsAdded: sightings.length,
    quarantined,
    unlabelled,
    relabelled: 0,
    conceptLabels: labels.length,
    entityCreated: 1,
    calendarChanged: hasCalendar ? 1 : 0,
  };
  audit.push({
    tenantId,
    actor,
    action: 'source.ingest',
    targetType: 'source',
    targetId: sourceId,
    after: { fileName, format: 'companyfacts', sha256: o.sha256, ...counters },
    reason: `ingest ${fileName}`,
  });
  const run = {
    id: randomUUID(),
    tenantId,
    sourceId,
    fileName,
    format: 'companyfacts',
    extractorVersion: COMPANYFACTS_EXTRACTOR,
    status: 'ok' as const,
    factsAdded: facts.length,
    factsQuarantined: quarantined,
    chunksAdded: 0,
    errorCode: null,
    errorMessage: null,
    counters,
    durationMs: Math.round(performance.now() - o.startedAt),
  };
  return {
    cik,
    normalizedName: normalizeAlias(e.name),
    fileName,
    sourceId,
    entityId,
    entity,
    aliases,
    calendars: calendarRows,
    audit,
    source,
    facts,
    sightings,
    multiValueChains,
    derived: chains.byFact,
    sqlChains: chains.sql,
    labels,
    run,
    factsSeen: total,
    factsAdded: facts.length,
    sightingsAdded: sightings.length,
    quarantined,
    notes,
  };
}

/** The inferred calendars as rows, by id: per file, a repeated id is an upsert of the same values (the last one stands). */
function inferredCalendarRows(
  tenantId: string,
  entityId: string,
  inferred: ReturnType<typeof inferCalendar>,
): Row<typeof fiscalCalendars>[] {
  const rows = new Map<string, Row<typeof fiscalCalendars>>();
  const reason = inferred.notes.join('; ');
  for (const c of inferred.calendars) {
    const id = contentId('calendar', entityId, 'inferred', c.effectiveFrom, c.effectiveTo, c.yearEnd, c.labelBy);
    rows.set(id, {
      id,
      tenantId,
      entityId,
      effectiveFrom: c.effectiveFrom,
      effectiveTo: c.effectiveTo,
      yearEnd: c.yearEnd,
      labelBy: c.labelBy,
      origin: 'inferred',
      confidence: inferred.confidence,
      reason,
    });
  }
  return [...rows.values()];
}
