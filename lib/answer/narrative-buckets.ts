/**
 * The filings a narrative answer reads: one bucket per (entity, fiscal year) or per named filing
 * ("latest 10-K", "the June 2025 10-Q"). A period or filing that is not held is reported as missing —
 * never filled from another year or company. A fiscal year held by exactly one filing is that filing,
 * so "its 10-Q" and "the July 2025 quarter" naming the same report read it once.
 */
import type { Db } from '@/lib/db/client';
import type { Role } from '@/lib/db/schema';
import { resolveSpec } from '@/lib/fiscal';
import type { FilingRef } from '@/lib/planner/narrative';
import type { EntityRef, NarrativeIntent } from '@/lib/planner/types';
import { type FilingRow, listFilings, type NarrativeBucket } from '@/lib/retrieval/narrative-passages';
import { entityContext } from './entity-context';
import type { AnswerError } from './types';

export interface Bucket extends NarrativeBucket {
  entity: EntityRef;
  /** "10-K FY2024, filed 2024-11-01" */
  label: string;
  form: string | null;
  filedAt: string | null;
  /** chronological order key */
  order: string;
}

export interface Buckets {
  buckets: Bucket[];
  missing: { entity: EntityRef; label: string }[];
  errors: AnswerError[];
}

export function filingLabel(f: { form: string | null; fiscalYear: number | null; filedAt: string | null }): string {
  return `${f.form ?? 'filing'}${f.fiscalYear !== null ? ` FY${f.fiscalYear}` : ''}${f.filedAt ? `, filed ${f.filedAt}` : ''}`;
}

/** Whether a report's period ends in the month named ("2025-06"), or in the first week after it (a 52/53-week quarter "June 2022" may end on 2 July). */
export function endsInMonth(periodOfReport: string | null, month: string): boolean {
  if (!periodOfReport) return false;
  if (periodOfReport.startsWith(month)) return true;
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = new Date(Date.UTC(y, m, 1));
  const end = Date.parse(periodOfReport);
  return end >= next.getTime() && end < next.getTime() + 7 * 86_400_000;
}

type Period = NarrativeIntent['periods'][number];

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** The months a period phrase names with their year ("September 2024 to June 2025" → 2024-09, 2025-06). Pure. */
export function monthsNamed(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\b([A-Za-z]+)\.?\s+(?:\d{1,2},\s+)?((?:19|20)\d{2})\b/g)) {
    const word = (m[1] ?? '').toLowerCase();
    const i = word.length >= 3 ? MONTHS.findIndex((x) => x.startsWith(word)) : -1;
    if (i >= 0) out.push(`${m[2]}-${String(i + 1).padStart(2, '0')}`);
  }
  return out;
}

/** A period phrase that names a filing ("latest 10-K", "FY2024 10-K", lib/fiscal's `filing` spec) is a filing reference. */
function asFilingRef(p: Period): FilingRef | null {
  const spec = p.spec as { type: string; form?: string; which?: number | 'latest' };
  if (spec.type !== 'filing') return null;
  const form =
    spec.form === '10-Q' ? '10-Q' : spec.form === '20-F' ? '20-F' : spec.form === '10-K' || spec.form === 'annual' ? '10-K' : null;
  return {
    text: p.text,
    start: 0,
    end: 0,
    form,
    latest: spec.which === 'latest',
    fiscalYear: typeof spec.which === 'number' ? spec.which : null,
  };
}

function bucketOf(entity: EntityRef, f: FilingRow): Bucket {
  return {
    entityId: entity.id,
    fiscalYear: f.fiscalYear,
    entity,
    sourceId: f.sourceId,
    form: f.form,
    filedAt: f.filedAt,
    label: filingLabel(f),
    order: `${f.fiscalYear ?? ''}|${f.filedAt ?? ''}`,
  };
}

const formOf = (f: FilingRow) => (f.form ?? '').toUpperCase().replace(/\/A$/, '');

/**
 * A company's recent filings read as one: its latest annual report and the quarterly reports filed after
 * it (newest first; only the latest quarterly report when no annual one is held). Null when it has none.
 */
export function recentBucket(entity: EntityRef, filings: FilingRow[]): Bucket | null {
  const annual = filings.find((x) => formOf(x) === '10-K' || formOf(x) === '20-F');
  const later = filings.filter((x) => formOf(x) === '10-Q' && (!annual || (x.filedAt ?? '') > (annual.filedAt ?? '')));
  const chosen = annual ? [...later, annual] : later.slice(0, 1);
  const [newest] = chosen;
  if (!newest) return null;
  return {
    entityId: entity.id,
    fiscalYear: annual?.fiscalYear ?? newest.fiscalYear,
    sourceIds: chosen.map((x) => x.sourceId),
    entity,
    sourceId: null,
    form: annual?.form ?? newest.form,
    filedAt: newest.filedAt,
    label: chosen.map((x) => `${x.form ?? 'filing'}${x.fiscalYear !== null ? ` FY${x.fiscalYear}` : ''}`).join(' and '),
    order: `${newest.fiscalYear ?? ''}|${newest.filedAt ?? ''}`,
  };
}

/** The buckets of a narrative intent, each entity's requested fiscal years and filings, deduplicated. */
/** Words of a topic that looks ahead: a forecast, an expectation, guidance, a plan. */
export const LOOKS_AHEAD =
  /\b(?:forecast\w*|expect\w*|outlook|guidance|guid(?:e|ed|ing)|anticipat\w*|projected|projections?|plan(?:s|ned|ning)?)\b/i;

/** The report of the year before `fiscalYear` that looks ahead to it: its annual report, else its latest report. */
export function aheadOf<F extends { fiscalYear: number | null; form: string | null }>(filings: F[], fiscalYear: number): F | null {
  const before = filings.filter((f) => f.fiscalYear === fiscalYear - 1);
  return before.find((f) => /^(?:10-K|20-F)/i.test(f.form ?? '')) ?? before[0] ?? null;
}

export async function resolveBuckets(
  db: Db,
  tenantId: string,
  role: Role | null,
  narrative: NarrativeIntent & { filings?: FilingRef[] },
): Promise<Buckets> {
  const out: Buckets = { buckets: [], missing: [], errors: [] };
  const contexts = await Promise.all(narrative.entities.map((e) => entityContext(db, tenantId, e, role)));
  for (const ent of contexts) {
    const filings = await listFilings(db, tenantId, role, ent.entity.id);
    const refs: FilingRef[] = [...(narrative.filings ?? [])];
    const periods: Period[] = [];
    for (const p of narrative.periods) {
      const ref = asFilingRef(p);
      if (!ref) periods.push(p);
      else if (!refs.some((f) => f.text === p.text)) refs.push(ref);
    }
    for (const p of periods) {
      const r = ent.calendars.length
        ? resolveSpec(p.spec, { calendars: ent.calendars, latestPeriodEnd: ent.latestPeriodEnd }, p.text)
        : null;
      if (r?.status !== 'resolved' || r.fiscalYear === null) {
        // a span between two months ("from September 2024 to June 2025") names the reports on the
        // periods that end in them: each month one filing, or the span is not read at all
        const months = monthsNamed(p.text);
        const named = months.flatMap((m) => filings.filter((f) => endsInMonth(f.periodOfReport, m)).slice(0, 1));
        if (months.length && named.length === months.length) {
          for (const f of named) out.buckets.push(bucketOf(ent.entity, f));
          continue;
        }
        out.errors.push({
          code: 'AMBIGUOUS_PERIOD',
          message: `${ent.entity.name}: “${p.text}” does not name one fiscal year`,
          factIds: [],
        });
        out.missing.push({ entity: ent.entity, label: p.text });
        continue;
      }
      const inYear = filings.filter((f) => f.fiscalYear === r.fiscalYear);
      const [only] = inYear;
      // a year the question looks ahead to ("what is it forecasting for FY2023") is read in the reports of
      // the year before it, when none of its own is held: that is where a forecast for it is written
      const ahead = inYear.length === 0 && LOOKS_AHEAD.test(narrative.topic) ? aheadOf(filings, r.fiscalYear) : null;
      if (ahead) out.buckets.push(bucketOf(ent.entity, ahead));
      else if (only && inYear.length === 1) out.buckets.push(bucketOf(ent.entity, only));
      else
        out.buckets.push({
          entityId: ent.entity.id,
          fiscalYear: r.fiscalYear,
          entity: ent.entity,
          form: null,
          filedAt: null,
          sourceId: null,
          label: `FY${r.fiscalYear}`,
          order: `${r.fiscalYear}|`,
        });
    }
    for (const f of refs) {
      if (f.recent) {
        const pooled = recentBucket(ent.entity, filings);
        if (pooled) out.buckets.push(pooled);
        else {
          out.errors.push({ code: 'MISSING_FILING', message: `${ent.entity.name}: no annual or quarterly report is held`, factIds: [] });
          out.missing.push({ entity: ent.entity, label: 'annual or quarterly report' });
        }
        continue;
      }
      const forms = f.form ? [f.form] : ['10-K', '10-Q', '20-F'];
      const chosen = filings.find(
        (x) =>
          forms.includes((x.form ?? '').toUpperCase().replace(/\/A$/, '')) &&
          (f.fiscalYear === null || x.fiscalYear === f.fiscalYear) &&
          (!f.periodMonth || endsInMonth(x.periodOfReport, f.periodMonth)),
      );
      if (chosen) {
        out.buckets.push(bucketOf(ent.entity, chosen));
        continue;
      }
      const want = `${f.form ?? 'filing'}${f.fiscalYear !== null ? ` for FY${f.fiscalYear}` : f.periodMonth ? ` for the period ending in ${f.periodMonth}` : f.latest ? ' (latest)' : ''}`;
      out.errors.push({ code: 'MISSING_FILING', message: `${ent.entity.name}: no ${want} is held`, factIds: [] });
      out.missing.push({ entity: ent.entity, label: want });
    }
  }
  out.buckets = out.buckets.filter(
    (b, i) =>
      out.buckets.findIndex(
        (x) =>
          x.entityId === b.entityId &&
          x.fiscalYear === b.fiscalYear &&
          (x.sourceId ?? null) === (b.sourceId ?? null) &&
          (x.sourceIds ?? []).join() === (b.sourceIds ?? []).join(),
      ) === i,
  );
  return out;
}
