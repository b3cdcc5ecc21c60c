/**
 * Infers an entity's fiscal calendar from the annual periods it reported: fixed year end vs
 * 52/53-week (weekday, last vs nearest, anchor month), changes of year end over time, the label
 * convention, and where the 53rd week goes.
 */
import type { FiscalCalendar, ISODate, YearEndRule } from '@/lib/domain/types';
import { daysBetween, isISODate, isMonthEnd, weekdayOf, ymd } from './dates';
import { isRoughlyAnnual } from './length-class';
import type { Bounds, Week53Quarter } from './positions';
import { describeRule, labelOfNominal, nominalYearEndingOn, nominalYearStart, sameRule, type LabelBy } from './year-end';

/** Optional hints for {@link inferCalendar}. */
export interface InferCalendarHints {
  /** the fiscal year end as filed, e.g. SEC submissions' "0928", or "09-28" / "--09-28" */
  fiscalYearEndMMDD?: string;
  /** label convention, when known (default: end-year) */
  labelBy?: LabelBy;
  /** (year end, fiscal year the company itself uses) pairs, to infer the label convention */
  labelledYears?: { end: ISODate; fiscalYear: number }[];
  /** quarter-length periods, to see which quarter of a 53-week year has 14 weeks */
  quarterPeriods?: Bounds[];
  /** entity id written into the returned calendars (default '') */
  entityId?: string;
}

/** Result of {@link inferCalendar}. `calendar` is null when there was no usable evidence. */
export interface InferredCalendar {
  calendar: { yearEnd: YearEndRule; labelBy: LabelBy } | null;
  /** effective-dated calendars (more than one when the year end changed) */
  calendars: FiscalCalendar[];
  /** 0..1 */
  confidence: number;
  /** annual periods considered (distinct, 350–380 days long) */
  evidence: number;
  /** annual periods whose end the inferred calendar(s) reproduce exactly */
  matched: number;
  week53Quarter: Week53Quarter | null;
  notes: string[];
}

const MAX_MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function candidateRules(end: ISODate): YearEndRule[] {
  const { month, day } = ymd(end);
  const out: YearEndRule[] = [{ kind: 'fixed', month, day: isMonthEnd(end) ? MAX_MONTH_DAYS[month - 1]! : day }];
  // 28 February of a common year is both "the last day of February" and "28 February"; the periods'
  // starts (a year starting 29 February follows a 28 February year end) tell them apart
  if (isMonthEnd(end) && day < MAX_MONTH_DAYS[month - 1]!) out.push({ kind: 'fixed', month, day });
  const weekday = weekdayOf(end);
  const months = [month];
  if (day <= 3) months.push(month === 1 ? 12 : month - 1);
  for (const m of months) {
    out.push({ kind: 'week', weekday, month: m, rule: 'last' });
    out.push({ kind: 'week', weekday, month: m, rule: 'nearest' });
  }
  return out;
}

function explains(rule: YearEndRule, p: Bounds): { end: boolean; start: boolean } {
  const n = nominalYearEndingOn(rule, p.end);
  if (n === null) return { end: false, start: false };
  return { end: true, start: nominalYearStart(rule, n) === p.start };
}

function parseHint(mmdd: string | undefined): { month: number; day: number } | null {
  if (!mmdd) return null;
  const digits = mmdd.replace(/[^0-9]/g, '');
  if (digits.length !== 4) return null;
  const month = Number(digits.slice(0, 2));
  const day = Number(digits.slice(2));
  return month >= 1 && month <= 12 && day >= 1 && day <= 31 ? { month, day } : null;
}

interface Scored {
  rule: YearEndRule;
  ends: number;
  starts: number;
}

/** Orders candidates: most ends explained, then starts, then the hint, then simpler rules. */
function compareScored(a: Scored, b: Scored, hint: { month: number; day: number } | null, majorityMonth: number): number {
  if (a.ends !== b.ends) return b.ends - a.ends;
  if (a.starts !== b.starts) return b.starts - a.starts;
  const pref = (s: Scored) => {
    let score = 0;
    if (hint && s.rule.month === hint.month) score += 4;
    if (hint && s.rule.kind === 'fixed' && s.rule.day === hint.day) score += 2;
    if (s.rule.month === majorityMonth) score += 2;
    if (s.rule.kind === 'fixed') score += 1;
    else if (s.rule.rule === 'last') score += 0.5;
    return score;
  };
  return pref(b) - pref(a);
}

function bestRule(periods: Bounds[], hint: { month: number; day: number } | null): { best: Scored; ties: number } | null {
  const candidates: YearEndRule[] = [];
  for (const p of periods) for (const r of candidateRules(p.end)) if (!candidates.some((c) => sameRule(c, r))) candidates.push(r);
  if (candidates.length === 0) return null;
  const monthCounts = new Map<number, number>();
  for (const p of periods) monthCounts.set(ymd(p.end).month, (monthCounts.get(ymd(p.end).month) ?? 0) + 1);
  const majorityMonth = [...monthCounts].sort((a, b) => b[1] - a[1])[0]![0];
  const scored = candidates.map((rule) => {
    let ends = 0;
    let starts = 0;
    for (const p of periods) {
      const e = explains(rule, p);
      if (e.end) ends++;
      if (e.start) starts++;
    }
    return { rule, ends, starts };
  });
  scored.sort((a, b) => compareScored(a, b, hint, majorityMonth));
  const best = scored[0]!;
  const ties = scored.filter((s) => s.ends === best.ends && s.starts === best.starts).length - 1;
  return { best, ties };
}

/** Splits end-sorted periods into maximal runs that one rule explains. */
function segment(periods: Bounds[], hint: { month: number; day: number } | null): { periods: Bounds[]; rule: Scored }[] {
  const runs: Bounds[][] = [];
  let current: Bounds[] = [];
  let shared: YearEndRule[] = [];
  for (const p of periods) {
    const rules = candidateRules(p.end).filter((r) => explains(r, p).end);
    const next = current.length === 0 ? rules : shared.filter((r) => rules.some((x) => sameRule(x, r)));
    if (current.length > 0 && next.length === 0) {
      runs.push(current);
      current = [p];
      shared = rules;
    } else {
      current.push(p);
      shared = next;
    }
  }
  if (current.length > 0) runs.push(current);
  return runs.map((run) => ({ periods: run, rule: bestRule(run, hint)!.best }));
}

function inferLabelBy(rule: YearEndRule, hints: InferCalendarHints, notes: string[]): LabelBy {
  if (hints.labelBy) return hints.labelBy;
  const pairs = hints.labelledYears ?? [];
  let endVotes = 0;
  let startVotes = 0;
  for (const { end, fiscalYear } of pairs) {
    const n = nominalYearEndingOn(rule, end);
    if (n === null) continue;
    if (labelOfNominal(rule, 'end-year', n) === fiscalYear) endVotes++;
    if (labelOfNominal(rule, 'start-year', n) === fiscalYear) startVotes++;
  }
  if (startVotes > endVotes) {
    notes.push(`label convention: start year (${startVotes} of ${pairs.length} labelled years)`);
    return 'start-year';
  }
  notes.push('label convention: fiscal year named by the calendar year in which it ends');
  return 'end-year';
}

function inferWeek53Quarter(annual: Bounds[], quarters: Bounds[] | undefined): Week53Quarter | null {
  if (!quarters || quarters.length === 0) return null;
  let q1 = 0;
  let q4 = 0;
  for (const year of annual) {
    if (daysBetween(year.start, year.end) < 369) continue;
    const first = quarters.find((q) => q.start === year.start && daysBetween(q.start, q.end) < 100);
    if (!first) continue;
    if (daysBetween(first.start, first.end) >= 96) q1++;
    else q4++;
  }
  if (q1 === 0 && q4 === 0) return null;
  return q1 > q4 ? 'Q1' : 'Q4';
}

/**
 * Infers the fiscal calendar from annual periods (e.g. the 350–380-day durations of 10-K facts).
 * Detects a fixed year end or a 52/53-week rule (weekday, last vs nearest, anchor month), splits
 * into effective-dated calendars when the year end changed, and labels years by end year unless
 * hints say otherwise (NVIDIA FY2025 = 2024-01-29..2025-01-26).
 */
export function inferCalendar(annualPeriods: readonly Bounds[], hints: InferCalendarHints = {}): InferredCalendar {
  const notes: string[] = [];
  const hint = parseHint(hints.fiscalYearEndMMDD);
  const seen = new Set<string>();
  const periods: Bounds[] = [];
  let dropped = 0;
  for (const p of annualPeriods) {
    if (!isISODate(p.start) || !isISODate(p.end) || !isRoughlyAnnual(daysBetween(p.start, p.end))) {
      dropped++;
      continue;
    }
    const key = `${p.start}..${p.end}`;
    if (seen.has(key)) continue;
    seen.add(key);
    periods.push({ start: p.start, end: p.end });
  }
  periods.sort((a, b) => (a.end < b.end ? -1 : a.end > b.end ? 1 : 0));
  if (dropped > 0) notes.push(`${dropped} period(s) ignored: not annual-length (350–380 days) or malformed`);
  const entityId = hints.entityId ?? '';

  if (periods.length === 0) {
    if (hint) {
      const rule: YearEndRule = { kind: 'fixed', month: hint.month, day: hint.day };
      notes.push(`no annual periods; fixed year end ${describeRule(rule)} taken from the hint alone`);
      const labelBy = hints.labelBy ?? 'end-year';
      return {
        calendar: { yearEnd: rule, labelBy },
        calendars: [{ entityId, effectiveFrom: '1900-01-01', effectiveTo: null, yearEnd: rule, labelBy }],
        confidence: 0.2,
        evidence: 0,
        matched: 0,
        week53Quarter: null,
        notes,
      };
    }
    notes.push('no annual periods to infer a calendar from');
    return { calendar: null, calendars: [], confidence: 0, evidence: 0, matched: 0, week53Quarter: null, notes };
  }

  const overall = bestRule(periods, hint)!;
  let segments = [{ periods, rule: overall.best }];
  if (overall.best.ends < periods.length) {
    segments = segment(periods, hint);
    // a lone period between two runs of the same rule is an outlier, not a change of year end
    for (let i = 1; i < segments.length - 1; i++) {
      const [a, x, b] = [segments[i - 1]!, segments[i]!, segments[i + 1]!];
      if (x.periods.length === 1 && sameRule(a.rule.rule, b.rule.rule)) {
        notes.push(`ignored outlier annual period ${x.periods[0]!.start}..${x.periods[0]!.end}`);
        segments.splice(i - 1, 3, { periods: [...a.periods, ...b.periods], rule: bestRule([...a.periods, ...b.periods], hint)!.best });
        i--;
      }
    }
  }

  const latest = segments[segments.length - 1]!.rule.rule;
  const labelBy = inferLabelBy(latest, hints, notes);
  const calendars: FiscalCalendar[] = segments.map((s, i) => ({
    entityId,
    effectiveFrom: i === 0 ? '1900-01-01' : s.periods[0]!.start,
    effectiveTo: i === segments.length - 1 ? null : s.periods[s.periods.length - 1]!.end,
    yearEnd: s.rule.rule,
    labelBy,
  }));
  const matched = segments.reduce((n, s) => n + s.rule.ends, 0);
  for (const s of segments) {
    const kind = s.rule.rule.kind === 'week' ? '52/53-week year ending on the' : 'fixed year end';
    notes.push(
      `${kind} ${describeRule(s.rule.rule)}: ${s.rule.ends} of ${s.periods.length} annual period(s) ` +
        `(${s.periods[0]!.end} … ${s.periods[s.periods.length - 1]!.end})`,
    );
  }
  if (segments.length > 1) notes.push(`year end changed ${segments.length - 1} time(s)`);
  if (overall.ties > 0 && segments.length === 1) notes.push(`${overall.ties} other rule(s) fit the evidence equally well`);

  const fit = matched / periods.length;
  const volume = 1 - 0.5 ** periods.length;
  const tiePenalty = overall.ties > 0 && segments.length === 1 ? 0.8 : 1;
  const changePenalty = segments.length > 1 ? 0.9 : 1;
  return {
    calendar: { yearEnd: latest, labelBy },
    calendars,
    confidence: Math.round(fit * volume * tiePenalty * changePenalty * 1000) / 1000,
    evidence: periods.length,
    matched,
    week53Quarter: inferWeek53Quarter(periods, hints.quarterPeriods),
    notes,
  };
}
