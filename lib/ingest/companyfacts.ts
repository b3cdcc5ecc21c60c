/**
 * SEC companyfacts JSON (data.sec.gov/api/xbrl/companyfacts/CIK##########.json).
 *
 * Every entry keeps its real start/end (or instant), unit, accession, form and filing date. `fy`,
 * `fp` and `frame` describe the filing, not the fact: they are kept only as sighting labels, and the
 * fiscal year/period are derived from the dates and the entity's calendar.
 */
import type { Db } from '@/lib/db/client';
import { writeFacts, type FactInput } from '@/lib/facts/write-facts';
import { isISODate } from '@/lib/fiscal';
import type { Period } from '@/lib/domain/types';
import { buildFactInput, dominantStandard, insertSource } from './build-facts';
import { fiscalLabeler, isAnnualReportForm, relabelEntityFacts, resolveCalendars, type CalendarEvidence } from './calendar';
import { padCik, upsertEntity } from './entity';
import { ingestError, parseJson } from './errors';
import type { FormatHandler, RawFact, WriteContext, WriteResult } from './types';
import { parseUnit } from './units';
import { conceptLabelOf, writeConceptLabels, type ConceptLabel } from './concept-labels';

export const COMPANYFACTS_EXTRACTOR = 'companyfacts/1';

export interface CompanyFacts {
  cik: string;
  entityName: string;
  /** from the file name pattern CIK##########_TICKER_companyfacts.json */
  tickerHint: string | null;
  facts: RawFact[];
  evidence: CalendarEvidence;
  latestFiled: string | null;
  latestPeriodEnd: string | null;
  /** each concept's label (and description) as the filer's data gives it */
  conceptLabels?: ConceptLabel[];
}

const DECIMAL = /^-?\d+(\.\d+)?$/;
const JSON_NUMBER = /^(-)?(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;
/** Digits a stored value may have before and after the point (PostgreSQL's numeric holds far more; no filing needs as many). */
export const MAX_VALUE_DIGITS = 1000;

/**
 * The exact decimal written by a JSON number literal (`1.5E+3` → `1500`, `5e-324` → 324 places), in the
 * form String(number) gives for every number a double holds exactly (no exponent, no trailing fraction
 * zeros, no leading zeros, `-0` → `0`), so facts read before stay the same facts. Null when it is no
 * number literal; `out_of_range` when it needs more than MAX_VALUE_DIGITS digits on either side.
 */
export function decimalFromLiteral(text: string): string | null | 'out_of_range' {
  const m = JSON_NUMBER.exec(text.trim());
  if (!m) return null;
  const [, sign, int, frac = '', expText = '0'] = m;
  const exp = Number(expText);
  if (!Number.isSafeInteger(exp) || Math.abs(exp) > 10 * MAX_VALUE_DIGITS) return 'out_of_range';
  const digits = `${int}${frac}`;
  const point = int!.length + exp; // position of the decimal point within `digits`
  let whole = point <= 0 ? '0' : point >= digits.length ? digits + '0'.repeat(point - digits.length) : digits.slice(0, point);
  let fraction = point <= 0 ? '0'.repeat(-point) + digits : point >= digits.length ? '' : digits.slice(point);
  whole = whole.replace(/^0+(?=\d)/, '');
  fraction = fraction.replace(/0+$/, '');
  if (whole.length > MAX_VALUE_DIGITS || fraction.length > MAX_VALUE_DIGITS) return 'out_of_range';
  const abs = fraction ? `${whole}.${fraction}` : whole;
  return sign && /[1-9]/.test(abs) ? `-${abs}` : abs;
}

/** Marks a number literal of a `val` quoted by `withExactValues` (a JSON string cannot begin with a raw NUL). */
const LITERAL = '\u0000#';

/**
 * companyfacts text with every `"val": <number>` turned into a marked string of its literal, so the exact
 * digits survive JSON.parse (which rounds to a double: 39-digit values and values beyond 2^53 lost digits,
 * 5e-324 became 0). A `"val"` with an unescaped quote before its colon is always a key: inside a string a
 * quote is escaped.
 */
function withExactValues(text: string): string {
  return text.replace(
    /(?<!\\)("val"\s*:\s*)(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)(?=\s*[,}\]])/g,
    (_, key: string, num: string) => `${key}"\\u0000#${num}"`,
  );
}

/** A JSON number (or numeric string) as an exact decimal string; null when it is not a finite number; `out_of_range` beyond MAX_VALUE_DIGITS. */
export function jsonNumberToDecimal(v: unknown): string | null | 'out_of_range' {
  if (typeof v === 'string' && v.startsWith(LITERAL)) return decimalFromLiteral(v.slice(LITERAL.length));
  if (typeof v === 'string') return DECIMAL.test(v.trim()) ? v.trim() : null;
  if (typeof v !== 'number' || !Number.isFinite(v)) return null;
  return decimalFromLiteral(String(v));
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Ticker from `CIK0000320193_AAPL_companyfacts.json`-style names. */
export function tickerFromFileName(fileName: string): string | null {
  const m = /CIK\d{10}_([A-Za-z][A-Za-z0-9.-]{0,9})_companyfacts/i.exec(fileName);
  return m ? m[1]!.toUpperCase() : null;
}

function dayDiff(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000);
}

/** Parses and validates a companyfacts document; errors name the JSON path of the bad entry. */
export function parseCompanyFacts(text: string, fileName: string): CompanyFacts {
  let doc: unknown;
  try {
    doc = JSON.parse(withExactValues(text));
  } catch {
    doc = parseJson(text, fileName); // the typed error, with the line and column of the text as given
  }
  if (!isObject(doc) || !isObject(doc.facts) || (doc.cik === undefined && doc.entityName === undefined)) {
    throw ingestError('unsupported:format', fileName, 'not an SEC companyfacts document (expected {cik, entityName, facts})');
  }
  const cikDigits = String(doc.cik ?? '').replace(/\D/g, '');
  if (!cikDigits) throw ingestError('bad_request:malformed_companyfacts', fileName, 'missing cik', { path: 'cik' });
  const entityName = typeof doc.entityName === 'string' && doc.entityName.trim() ? doc.entityName.trim() : `CIK ${padCik(cikDigits)}`;
  const facts: RawFact[] = [];
  const conceptLabels: ConceptLabel[] = [];
  const annual: CalendarEvidence['annual'] = [];
  const quarters: NonNullable<CalendarEvidence['quarters']> = [];
  const labelled = new Map<string, { end: string; fiscalYear: number }>();
  let latestFiled: string | null = null;
  let latestPeriodEnd: string | null = null;

  for (const [taxonomy, concepts] of Object.entries(doc.facts)) {
    if (!isObject(concepts))
      throw ingestError('bad_request:malformed_companyfacts', fileName, 'expected an object of concepts', { path: `facts.${taxonomy}` });
    for (const [name, def] of Object.entries(concepts)) {
      const path = `facts.${taxonomy}.${name}`;
      if (!isObject(def) || !isObject(def.units))
        throw ingestError('bad_request:malformed_companyfacts', fileName, 'expected {label, units}', { path });
      const concept = `${taxonomy}:${name}`;
      const cl = conceptLabelOf(concept, def);
      if (cl) conceptLabels.push(cl);
      for (const [unitKey, entries] of Object.entries(def.units)) {
        if (!Array.isArray(entries))
          throw ingestError('bad_request:malformed_companyfacts', fileName, 'expected an array of facts', {
            path: `${path}.units.${unitKey}`,
          });
        const unit = parseUnit(unitKey);
        for (let i = 0; i < entries.length; i++) {
          const e = entries[i] as Record<string, unknown>;
          const at = `${path}.units.${unitKey}[${i}]`;
          if (!isObject(e)) throw ingestError('bad_request:malformed_companyfacts', fileName, 'expected a fact object', { path: at });
          const end = e.end;
          const start = e.start;
          if (typeof end !== 'string' || !isISODate(end))
            throw ingestError('bad_request:malformed_companyfacts', fileName, `bad or missing end date ${JSON.stringify(end)}`, {
              path: at,
            });
          if (start !== undefined && start !== null && (typeof start !== 'string' || !isISODate(start) || start > end)) {
            throw ingestError('bad_request:malformed_companyfacts', fileName, `bad start date ${JSON.stringify(start)}`, { path: at });
          }
          const value = jsonNumberToDecimal(e.val);
          const shown =
            typeof e.val === 'string' && e.val.startsWith(LITERAL)
              ? e.val.slice(LITERAL.length, LITERAL.length + 40)
              : JSON.stringify(e.val);
          if (value === null)
            throw ingestError('bad_request:malformed_companyfacts', fileName, `value is not a number: ${shown}`, { path: at });
          // never rounded to fit: a value that cannot be stored exactly refuses the file, naming it
          if (value === 'out_of_range')
            throw ingestError(
              'bad_request:value_out_of_range',
              fileName,
              `value ${shown}… needs more than ${MAX_VALUE_DIGITS} digits before or after the point; it cannot be stored exactly`,
              { path: at },
            );
          const filed = e.filed;
          if (typeof filed !== 'string' || !isISODate(filed))
            throw ingestError('bad_request:malformed_companyfacts', fileName, `bad or missing filed date ${JSON.stringify(filed)}`, {
              path: at,
            });
          const accession = typeof e.accn === 'string' && e.accn ? e.accn : null;
          const form = typeof e.form === 'string' && e.form ? e.form : null;
          const period: Period = typeof start === 'string' ? { type: 'duration', start, end } : { type: 'instant', date: end };
          const labels: Record<string, unknown> = { fy: e.fy ?? null, fp: e.fp ?? null };
          if (e.frame) labels.frame = e.frame;
          facts.push({
            concept,
            value,
            unit,
            decimals: null,
            scale: 0,
            period,
            dimensions: {},
            accession,
            form,
            filedAt: filed,
            labels,
            provenance: {},
          });
          if (!latestFiled || filed > latestFiled) latestFiled = filed;
          if (period.type === 'duration' && (form?.startsWith('10-') || form?.startsWith('20-') || form?.startsWith('40-'))) {
            if (!latestPeriodEnd || end > latestPeriodEnd) latestPeriodEnd = end;
          }
          if (period.type === 'duration' && isAnnualReportForm(form)) {
            const days = dayDiff(period.start, end);
            if (days >= 350 && days <= 380) {
              annual.push({ start: period.start, end });
              if (accession && typeof e.fy === 'number') {
                const cur = labelled.get(accession);
                if (!cur || cur.end < end) labelled.set(accession, { end, fiscalYear: e.fy });
              }
            } else if (days >= 85 && days <= 100 && quarters.length < 2000) {
              quarters.push({ start: period.start, end });
            }
          }
        }
      }
    }
  }
  return {
    cik: padCik(cikDigits),
    entityName,
    tickerHint: tickerFromFileName(fileName),
    facts,
    evidence: { annual: dedupe(annual), quarters: dedupe(quarters), labelledYears: [...labelled.values()] },
    conceptLabels,
    latestFiled,
    latestPeriodEnd,
  };
}

function dedupe(list: { start: string; end: string }[]): { start: string; end: string }[] {
  const seen = new Map<string, { start: string; end: string }>();
  for (const p of list) seen.set(`${p.start}/${p.end}`, p);
  return [...seen.values()];
}

export function mostCommonCurrency(facts: RawFact[]): string | null {
  const counts = new Map<string, number>();
  for (const f of facts)
    if (f.unit.kind === 'monetary' && f.unit.currency) counts.set(f.unit.currency, (counts.get(f.unit.currency) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

/** Facts of one concept stay in one batch (all its units: two unit keys may name one stored unit). */
function sameGroup(a: RawFact, b: RawFact): boolean {
  return a.concept === b.concept;
}

/** Facts per writeFacts call: bounds statement size and lets the progress bar move. */
const WRITE_CHUNK = 5000;

export async function writeCompanyFacts(ctx: WriteContext, cf: CompanyFacts): Promise<WriteResult> {
  const tx: Db = ctx.tx;
  const submissions = ctx.sideFiles.submissions(cf.cik);
  const standard = dominantStandard(new Set(cf.facts.map((f) => f.concept)));
  const entity = await upsertEntity(tx, {
    tenantId: ctx.tenantId,
    name: submissions?.name || cf.entityName,
    cik: cf.cik,
    ticker: cf.tickerHint ?? submissions?.tickers[0] ?? null,
    otherNames: [cf.entityName],
    submissions,
    accountingStandard: standard,
    reportingCurrency: mostCommonCurrency(cf.facts),
    actor: ctx.actor,
  });
  const calendars = await resolveCalendars(tx, {
    tenantId: ctx.tenantId,
    entityId: entity.id,
    evidence: { ...cf.evidence, fiscalYearEndMMDD: submissions?.fiscalYearEnd ?? null },
    actor: ctx.actor,
  });
  const stored = await insertSource(tx, {
    id: ctx.sourceId,
    tenantId: ctx.tenantId,
    entityId: entity.id,
    kind: 'companyfacts',
    title: `${cf.entityName} — SEC XBRL company facts`,
    fileName: ctx.fileName,
    form: null,
    accession: null,
    filedAt: cf.latestFiled,
    periodOfReport: cf.latestPeriodEnd,
    sha256: ctx.sha256,
    byteSize: ctx.byteSize,
    extractorVersion: COMPANYFACTS_EXTRACTOR,
    metadata: { cik: cf.cik, entityName: cf.entityName, facts: cf.facts.length, calendarOrigin: calendars.origin },
  });
  if (!stored) return emptyResult(entity.id);

  const label = fiscalLabeler(calendars.calendars);
  const build = { tenantId: ctx.tenantId, entityId: entity.id, sourceId: ctx.sourceId, label, standard };
  let factsAdded = 0;
  let sightingsAdded = 0;
  let quarantined = 0;
  let unlabelled = 0;
  const unknownUnits = new Map<string, string>();
  const total = cf.facts.length;
  ctx.progress(0, total);
  // batches end at concept boundaries, so no version chain is split between two writes; a new
  // company's chains then need no lookup of stored facts
  const newChainsOnly = entity.created;
  let start = 0;
  while (start < total) {
    let end = Math.min(start + WRITE_CHUNK, total);
    while (end < total && sameGroup(cf.facts[end - 1]!, cf.facts[end]!)) end++;
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
    const res = await writeFacts(tx, inputs, { newChainsOnly, inserter: ctx.factInserter });
    factsAdded += res.inserted;
    sightingsAdded += res.sightings;
    start = end;
    ctx.progress(end, total);
  }
  const labelsStored = cf.conceptLabels?.length
    ? await writeConceptLabels(tx, { tenantId: ctx.tenantId, entityId: entity.id, sourceId: ctx.sourceId }, cf.conceptLabels)
    : 0;
  let relabelled = 0;
  if (calendars.relabel) relabelled = await relabelEntityFacts(tx, entity.id, calendars.calendars);
  const notes = [`calendar: ${calendars.origin}${calendars.confidence !== null ? ` (confidence ${calendars.confidence})` : ''}`];
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
  return {
    entityId: entity.id,
    sourceId: ctx.sourceId,
    factsSeen: total,
    factsAdded,
    sightingsAdded,
    quarantined,
    chunksAdded: 0,
    tablesAdded: 0,
    counters: {
      facts: total,
      factsAdded,
      sightingsAdded,
      quarantined,
      unlabelled,
      relabelled,
      conceptLabels: labelsStored,
      entityCreated: entity.created ? 1 : 0,
      calendarChanged: calendars.changed ? 1 : 0,
    },
    notes,
  };
}

export function emptyResult(entityId: string | null): WriteResult {
  return {
    unchanged: true,
    entityId,
    sourceId: null,
    factsSeen: 0,
    factsAdded: 0,
    sightingsAdded: 0,
    quarantined: 0,
    chunksAdded: 0,
    tablesAdded: 0,
    counters: {},
    notes: ['already stored'],
  };
}

export const companyFactsFormat: FormatHandler<CompanyFacts> = {
  format: 'companyfacts',
  sourceKind: 'companyfacts',
  extractorVersion: COMPANYFACTS_EXTRACTOR,
  detect(head) {
    return /^\s*\{/.test(head) && /"facts"\s*:/.test(head) && /"(cik|entityName)"\s*:/.test(head);
  },
  parse: parseCompanyFacts,
  write: writeCompanyFacts,
};
