/**
 * The thread's context in a follow-up. The previous intent of the thread fills only the slots the follow-up
 * leaves empty (company, measure, period, operation), and the intent says which ones it took (`carried`):
 * - slots the analyst removed from the thread (`PlanContext.drop`) are never carried;
 * - a period relative to the thread ("the year before", "the prior quarter", "a year earlier") is placed
 *   against the thread's period, never against the latest one reported; beside a growth or change word
 *   ("its growth vs the prior year") it names the comparison's base, and the thread's period is the one grown;
 * - a position without a year ("and Q3?") is that position of the thread's fiscal year;
 * - "same for", "the same for" and "as a chart" are the follow-up's own words (a chart over several years is a series);
 * - a period carried to another company is carried as its calendar-independent meaning (lib/fiscal PeriodSpec),
 *   so it is resolved again on that company's own calendar, never as the dates the previous company's period had;
 *   a period pinned to one of the previous companies is not pinned to the new one;
 * - the operation carries when the follow-up names none of its own: a growth or change (with its comparison) per
 *   period, a series, CAGR or average (with its range) only when the follow-up names no period either.
 */
import type { PeriodPhrase, PeriodSpec, RelativeToWhich } from '@/lib/fiscal';
import type { Intent, PeriodRequest, PlanResult } from '../types';
import type { Reader, Reading } from './types';

/** The slots a follow-up may take from the thread. */
export const CONTEXT_SLOTS = ['entities', 'metric', 'periods', 'operation'] as const;
export type ContextSlot = (typeof CONTEXT_SLOTS)[number];

interface ThreadState {
  /** the thread's intent as planned before any slot was dropped */
  thread: Intent;
  /** the periods placed against the thread's period (they count as carried) */
  anchored: PeriodRequest[] | null;
}
const state = new WeakMap<Reading, ThreadState>();

/** Words relative to a period, with the relation they name; the grammar has no reading for them without an anchor. */
const RELATIVE_WORDS: { re: RegExp; which: RelativeToWhich }[] = [
  { re: /\b(?:the|a)\s+(?:fiscal\s+)?year\s+(?:before|earlier|prior)\b/gi, which: 'prior_year' },
  { re: /\b(?:the|a)\s+quarter\s+(?:before|earlier|prior)\b/gi, which: 'prior_quarter' },
  { re: /\bthe\s+(?:fiscal\s+)?year\s+after\b|\bthe\s+following\s+(?:fiscal\s+)?year\b/gi, which: 'next_year' },
  { re: /\bthe\s+quarter\s+after\b|\bthe\s+following\s+quarter\b/gi, which: 'next_quarter' },
];
const SAME_FOR = /\b(?:(?:do|does)\s+)?(?:the\s+)?same(?:\s+thing)?(?=\s+(?:for|with|at|of|in|but)\b)/gi;
const AS_CHART =
  /\b(?:as|in|on)\s+an?\s+(?:chart|graph|plot|line\s+chart|bar\s+chart)\b|\b(?:chart|graph|plot)\s+(?:it|that|this|them)\b/gi;

/** First reader: the thread's intent without the slots the analyst removed. */
export const threadReader: Reader = {
  name: 'discourse',
  read(r) {
    if (!r.prev) return null;
    const drop = new Set(r.ctx.drop ?? []);
    state.set(r, { thread: r.prev, anchored: null });
    if (drop.has('entities') || drop.has('periods'))
      r.prev = {
        ...r.prev,
        ...(drop.has('entities') ? { entities: [] } : {}),
        ...(drop.has('periods') ? { periods: [], range: null } : {}),
      };
    return null;
  },
};

/** After the period reader: the follow-up's own words, and periods placed against the thread's. */
export const followUpReader: Reader = {
  name: 'discourse',
  read(r) {
    const prev = r.prev;
    if (!prev) return null;
    const { question, spans } = r;
    for (const re of [SAME_FOR, AS_CHART])
      for (const m of question.matchAll(re)) if (!spans.taken(m.index, m.index + m[0].length)) claimChart(r, m, re === AS_CHART);
    // another company named: periods pinned to the previous companies are the whole question's again
    if (r.entityAt.length > 0 && prev.periods.some((p) => p.forEntity))
      r.prev = { ...prev, periods: prev.periods.map(({ forEntity: _, ...p }) => p) };
    const base = (r.prev ?? prev).periods;
    // "and Q3?": that quarter of the thread's fiscal year, not the latest Q3 reported
    const year = threadYear(base);
    if (year && r.phrases.every((p) => p.spec.type === 'latest_position'))
      r.phrases = r.phrases.map((p) =>
        p.spec.type === 'latest_position' ? { ...p, spec: { type: 'fiscal', position: p.spec.position, year } } : p,
      );
    const absolute = r.phrases.filter((p) => !isRelative(p.spec));
    if (absolute.length > 0 || base.length === 0) return null;
    const own = relativePhrases(r);
    const relative = [...own, ...r.phrases.filter((p) => isRelative(p.spec))];
    const comparing = r.ow.growth.length > 0 || r.ow.change.length > 0;
    const anchored: PeriodRequest[] = [];
    for (const p of relative) {
      const which = relationOf(p.spec);
      if (!which) continue;
      // (the grammar's own phrases are claimed by the period reader already)
      const claim = (role: 'operation' | 'period', detail: string) => {
        if (!own.includes(p)) return;
        spans.reader = role;
        spans.claim(p.start, p.end, role, detail);
        spans.reader = 'discourse';
      };
      if (comparing && which !== 'next_year' && which !== 'next_quarter') {
        // "its growth vs the prior year": the base of the comparison; the thread's period is the one grown
        r.ow.comparison.push({
          start: p.start,
          end: p.end,
          text: p.text,
          kind: which === 'prior_quarter' ? 'sequential' : 'year_over_year',
        });
        claim('operation', `against ${p.text}`);
      } else {
        for (const b of base)
          anchored.push({ text: `${p.text.trim()} ${b.text}`, spec: { type: 'relative_to', which, ref: b.spec }, forMetric: b.forMetric });
        claim('period', `${p.text}: ${base.map((b) => b.text).join(', ')}`);
      }
    }
    r.phrases = r.phrases.filter((p) => !isRelative(p.spec));
    if (anchored.length > 0) {
      state.get(r)!.anchored = anchored;
      r.phrases = [];
    }
    return null;
  },
};

/** "same for" is the follow-up's own word; "as a chart" over several years asks for the series. */
function claimChart(r: Reading, m: RegExpMatchArray, chart: boolean) {
  const start = m.index!;
  const end = start + m[0].length;
  r.spans.claim(start, end, chart ? 'instruction' : 'filler', chart ? 'as a chart' : 'same as before');
  if (chart) r.ow.series.push({ start, end, text: m[0] });
}

/** "the year before", "a quarter earlier": phrases the grammar leaves to the thread. */
function relativePhrases(r: Reading): PeriodPhrase[] {
  const out: PeriodPhrase[] = [];
  for (const { re, which } of RELATIVE_WORDS)
    for (const m of r.question.matchAll(re)) {
      if (r.spans.taken(m.index, m.index + m[0].length)) continue;
      const spec: PeriodSpec = { type: 'relative_to', which, ref: { type: 'relative', which: 'last_fiscal_year' } };
      out.push({ text: m[0], start: m.index, end: m.index + m[0].length, spec } as PeriodPhrase);
    }
  return out;
}

/** A relation to another period the phrase names without saying which ("the prior year", "the one before"). */
function isRelative(spec: PeriodSpec): boolean {
  return spec.type === 'relative' && ['prior_year', 'prior_quarter', 'year_ago_quarter', 'prior_same'].includes(spec.which);
}

function relationOf(spec: PeriodSpec): RelativeToWhich | null {
  if (spec.type === 'relative_to') return spec.which;
  if (spec.type !== 'relative') return null;
  if (spec.which === 'prior_year' || spec.which === 'prior_same') return 'prior_year';
  if (spec.which === 'prior_quarter') return 'prior_quarter';
  if (spec.which === 'year_ago_quarter') return 'year_ago_quarter';
  return null;
}

/** The one fiscal year the thread's periods name, if they name exactly one. */
function threadYear(periods: PeriodRequest[]) {
  const years = periods.flatMap((p) =>
    p.spec.type === 'fiscal' ? [p.spec.year] : p.spec.type === 'bare_year' ? [{ year: p.spec.year, style: 'bare' as const }] : [],
  );
  if (years.length !== periods.length || new Set(years.map((y) => `${y.year}:${y.style}`)).size !== 1) return null;
  return years[0]!;
}

/**
 * A planned follow-up with the slots it took from the thread named (`carried`), the anchored periods in place
 * of the thread's, and the thread's operation when the follow-up names none.
 */
export function inThread(result: PlanResult, r: Reading): PlanResult {
  const s = state.get(r);
  if (result.status !== 'planned' || !s || !r.prev) return result;
  const drop = new Set(r.ctx.drop ?? []);
  let intent: Intent = result.intent;
  const carried: ContextSlot[] = [];
  if (r.entityAt.length === 0 && intent.entities === r.prev.entities) carried.push('entities');
  if (intent.metric === s.thread.metric && !drop.has('metric')) carried.push('metric');
  if (s.anchored) intent = { ...intent, periods: s.anchored };
  if (s.anchored || intent.periods === r.prev.periods) carried.push('periods');
  const thread = s.thread;
  const ownOperation =
    r.growthW.length + r.changeW.length + r.seriesW.length + r.cagrW.length + r.quarterlyW.length + r.yearlyW.length + r.arithW.length >
      0 ||
    r.ow.comparison.length > 0 ||
    !!r.cagr ||
    !!r.average ||
    intent.operation !== 'value';
  const namesPeriod = !carried.includes('periods');
  // a breakdown carries to the same company only (another company's axes are its own, read from its filings)
  const periodLocal =
    thread.operation === 'growth' ||
    thread.operation === 'change' ||
    thread.operation === 'ttm' ||
    (thread.operation === 'breakdown' && carried.includes('entities'));
  const windowed = (thread.operation === 'series' || thread.operation === 'cagr' || thread.operation === 'average') && !namesPeriod;
  // a growth of a margin is asked as a change in points: the thread's operation carries only to a measure of its kind
  const sameKind =
    intent.metric.periodType === thread.metric.periodType && (intent.metric.op === 'margin') === (thread.metric.op === 'margin');
  if (!ownOperation && !drop.has('operation') && (periodLocal || windowed) && sameKind) {
    intent = {
      ...intent,
      operation: thread.operation,
      ...(thread.comparison ? { comparison: thread.comparison } : {}),
      ...(thread.each ? { each: true as const } : {}),
      ...(thread.breakdown ? { breakdown: thread.breakdown } : {}),
      range: windowed ? thread.range : intent.range,
      pathway:
        thread.operation === 'breakdown'
          ? 'detail'
          : intent.entities.length > 1
            ? 'comparison'
            : thread.operation === 'series' || thread.each
              ? 'longitudinal'
              : 'detail',
    };
    carried.push('operation');
  }
  const notes = carried.length ? [...result.notes, `taken from the thread: ${carried.join(', ')}`] : result.notes;
  return { ...result, intent: carried.length ? { ...intent, carried } : intent, notes };
}
