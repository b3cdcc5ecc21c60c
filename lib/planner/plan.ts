import { extractPeriodPhrases, parseDateText, type PeriodPhrase, type PeriodSpec } from '@/lib/fiscal';
import type { CatalogEntity } from './catalog';
import { matchEntities } from './match-entities';
import { matchMetrics, normalizeForMetrics } from './match-metric';
import type { EntityRef, Intent, MetricRef, Operation, PeriodRequest, PlanResult } from './types';

/** Questions about what the filings say, not about a number. */
const NARRATIVE = /\b(risk factors?|risks?|md&a|management(?:'s)? discussion|narrative|commentary|describe|explain|why did|what did (?:the company|management) say|outlook|strategy|guidance|disclos\w*|mention\w*|discuss\w*|say about)\b/i;

export interface PlanContext {
  catalog: CatalogEntity[];
  /** the previous intent of the thread: follow-ups inherit what they leave unsaid */
  previous?: Intent | null;
}

const GROWTH = /\b(growth|grew|grow|growing|increase|increased|decrease|decreased|decline|declined|yoy|year[- ]over[- ]year|y\/y|% change|percent(?:age)? change)\b/;
const CHANGE = /\b(change|changed|difference|delta)\b/;
const SERIES = /\b(by (?:fiscal )?year|each year|every year|per year|annual(?:ly)? (?:series|history)|trend|history|over time|over the (?:last|past) \d+ (?:fiscal )?years|series)\b/;
const RANGE_JOIN = /^\s*(?:-|–|—|to|through|thru|until|and)\s*$/i;

function ref(e: CatalogEntity): EntityRef {
  return { id: e.id, name: e.name, ticker: e.ticker };
}

/** Position words written apart from their year ("nine-month YTD revenue FY2021", "Q3 revenue FY2025"). */
function loosePosition(q: string): 'Q1' | 'Q2' | 'Q3' | 'Q4' | 'H1' | 'H2' | '9M' | null {
  const n = q.toLowerCase();
  if (/\b(nine|9)[- ]months?\b|\b9m\b/.test(n)) return '9M';
  const quarter = /\b(?:q([1-4])|([1-4])q|(first|second|third|fourth) (?:fiscal )?quarter)\b/.exec(n);
  if (quarter) {
    const w = { first: 1, second: 2, third: 3, fourth: 4 } as const;
    const num = quarter[1] ?? quarter[2] ?? String(w[quarter[3] as keyof typeof w]);
    return `Q${num}` as 'Q1';
  }
  const half = /\b(?:h([12])|(first|second) half)\b/.exec(n);
  if (half) return half[1] === '2' || half[2] === 'second' ? 'H2' : 'H1';
  return null;
}

/** Merge phrases the grammar found separately: "TTM … Q3 FY2025", "nine-month YTD … FY2021". */
function combinePhrases(question: string, phrases: PeriodPhrase[]): PeriodPhrase[] {
  const out = [...phrases];
  const ttmAt = out.findIndex((p) => p.spec.type === 'ttm' && p.spec.ref === null);
  if (ttmAt >= 0) {
    const anchor = out.find((p, i) => i !== ttmAt && (p.spec.type === 'fiscal' || p.spec.type === 'instant' || p.spec.type === 'ended' || p.spec.type === 'boundary'));
    if (anchor) {
      const merged: PeriodPhrase = { ...out[ttmAt]!, text: `${out[ttmAt]!.text} as of ${anchor.text}`, spec: { type: 'ttm', ref: anchor.spec } };
      return [merged, ...out.filter((p, i) => i !== ttmAt && p !== anchor)];
    }
  }
  // "year to date through Q2 FY2024": the YTD ending with that quarter (Q1, H1, 9M, FY)
  const ytdIdx = out.findIndex((p) => p.spec.type === 'relative' && p.spec.which === 'ytd');
  const quarterAt = out.findIndex((p) => p.spec.type === 'fiscal' && /^Q[1-4]$/.test(p.spec.position));
  if (ytdIdx >= 0 && quarterAt >= 0) {
    const q = out[quarterAt]!;
    const spec = q.spec as Extract<PeriodSpec, { type: 'fiscal' }>;
    const through = ({ Q1: 'Q1', Q2: 'H1', Q3: '9M', Q4: 'FY' } as const)[spec.position as 'Q1'];
    const merged: PeriodPhrase = { ...q, text: `YTD through ${q.text}`, spec: { ...spec, position: through } };
    return out.filter((_, i) => i !== ytdIdx && i !== quarterAt).concat(merged).sort((a, b) => a.start - b.start);
  }
  const position = loosePosition(question);
  const ytdAt = out.findIndex((p) => p.spec.type === 'relative' && p.spec.which === 'ytd');
  const fyPhrases = out.filter((p) => p.spec.type === 'fiscal' && p.spec.position === 'FY');
  if (position && fyPhrases.length > 0 && out.every((p) => !(p.spec.type === 'fiscal' && p.spec.position !== 'FY'))) {
    return out
      .filter((_, i) => i !== ytdAt)
      .map((p) =>
        p.spec.type === 'fiscal' && p.spec.position === 'FY'
          ? { ...p, text: `${position} ${p.text}`, spec: { ...p.spec, position } }
          : p,
      );
  }
  return out;
}

/** "FY2018-FY2021", "from FY2022 to FY2024": an inclusive range of fiscal years. */
function yearRange(question: string, phrases: PeriodPhrase[]): { from: number; to: number } | null {
  const years = phrases.filter((p): p is PeriodPhrase & { spec: Extract<PeriodSpec, { type: 'fiscal' }> } => p.spec.type === 'fiscal' && p.spec.position === 'FY');
  if (years.length !== 2) return null;
  const [a, b] = years as [(typeof years)[0], (typeof years)[0]];
  const between = question.slice(a.end, b.start);
  if (!RANGE_JOIN.test(between) && !/^\s*(?:to|through)\s*$/i.test(between)) return null;
  const from = Math.min(a.spec.year.year, b.spec.year.year);
  const to = Math.max(a.spec.year.year, b.spec.year.year);
  if (/^\s*and\s*$/i.test(between) && !/\bbetween\b/i.test(question.slice(0, a.start))) return null;
  return to - from <= 30 ? { from, to } : null;
}

const AS_OF_BASIS = /\bas (?:known|reported|filed) (?:on|as of|at)\s+(.+?)(?=[?.,;]|$)/i;

/** The question without its "as reported on <date>" basis phrase, so that date is not read as a period. */
function withoutBasisPhrase(question: string): string {
  const m = AS_OF_BASIS.exec(question);
  return m ? question.slice(0, m.index) + ' '.repeat(m[0].length) + question.slice(m.index + m[0].length) : question;
}

function detectBasis(question: string): Intent['basis'] {
  const q = question.toLowerCase();
  if (/\b(as )?originally reported\b|\boriginal (?:figure|value|basis|filing)\b|\bas first reported\b/.test(q)) return { kind: 'original' };
  const asOf = AS_OF_BASIS.exec(question);
  if (asOf) {
    const date = parseDateText(asOf[1]!);
    if (date) return { kind: 'as_of', date };
  }
  return { kind: 'latest' };
}

/** "consolidated operating profit and standalone revenue": a scope pinned to each operand. */
function scopePins(question: string): Record<string, 'consolidated' | 'standalone'> {
  const pins: Record<string, 'consolidated' | 'standalone'> = {};
  for (const m of question.matchAll(/\b(consolidated|standalone)\s+/gi)) {
    const after = question.slice(m.index! + m[0].length, m.index! + m[0].length + 60);
    const hit = matchMetrics(after).mentions[0];
    if (hit && hit.index <= 2 && hit.ref.kind === 'base') pins[hit.ref.id] = m[1]!.toLowerCase() as 'consolidated' | 'standalone';
  }
  return pins;
}

/** "using FY2025 operating profit": a period pinned to one operand of a derived metric. */
function pinnedPeriods(question: string, phrases: PeriodPhrase[]): Map<PeriodPhrase, string> {
  const pins = new Map<PeriodPhrase, string>();
  for (const p of phrases) {
    const before = question.slice(Math.max(0, p.start - 30), p.start).toLowerCase();
    if (!/\b(using|with|from|based on)\s+(the\s+)?$/.test(before)) continue;
    const after = question.slice(p.end, p.end + 60);
    const m = matchMetrics(after).mentions[0];
    if (m && m.index <= 3 && m.ref.kind === 'base') pins.set(p, m.ref.id);
  }
  return pins;
}

/** The question without its period phrases and company names: what the passages must be about. */
function topicOf(question: string, phrases: PeriodPhrase[], names: string[]): string {
  let q = question;
  for (const p of [...phrases].sort((a, b) => b.start - a.start)) q = q.slice(0, p.start) + ' ' + q.slice(p.end);
  let norm = q.toLowerCase();
  for (const n of names) norm = norm.replace(new RegExp(`\\b${n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:['’]s)?\\b`, 'gi'), ' ');
  return norm.replace(/\b(how|did|does|do|what|the|from|to|between|in|of|on|change|changed|say|said|about|and|vs|versus)\b/g, ' ').replace(/[^a-z0-9&\s-]/g, ' ').replace(/\s+/g, ' ').trim() || question;
}

/**
 * Deterministic planner: question → typed intent, or a clarification, or what is missing.
 * Never guesses an entity, a metric or a period.
 */
export function planQuestion(question: string, ctx: PlanContext): PlanResult {
  const notes: string[] = [];
  const prev = ctx.previous ?? null;
  const { mentions, unknownNames } = matchEntities(question, ctx.catalog);
  const byId = new Map(ctx.catalog.map((e) => [e.id, e]));

  // entities
  const ambiguousMention = mentions.find((m) => m.entityIds.length > 1);
  if (ambiguousMention) {
    return {
      status: 'needs_clarification',
      clarification: {
        question: `“${ambiguousMention.text}” matches several companies. Which one do you mean?`,
        options: ambiguousMention.entityIds.map((id) => byId.get(id)!.legalName ?? byId.get(id)!.name),
      },
      partial: {},
      notes,
    };
  }
  let entities = [...new Set(mentions.map((m) => m.entityIds[0]!))].map((id) => ref(byId.get(id)!));
  for (const m of mentions.filter((m) => m.via === 'fuzzy')) notes.push(`read “${m.text}” as ${byId.get(m.entityIds[0]!)!.name}`);
  if (entities.length === 0 && unknownNames.length > 0) {
    return {
      status: 'insufficient_evidence',
      missing: `No company named ${unknownNames.map((n) => `“${n}”`).join(' or ')} is in this workspace.`,
      partial: {},
      notes,
    };
  }
  if (entities.length === 0 && prev) {
    entities = prev.entities;
    notes.push('company carried over from the previous question');
  }
  if (entities.length === 0) {
    return {
      status: 'needs_clarification',
      clarification: { question: 'Which company do you mean?', options: ctx.catalog.slice(0, 8).map((e) => e.name) },
      partial: {},
      notes,
    };
  }

  // periods
  const periodText = withoutBasisPhrase(question);
  const rawPhrases = extractPeriodPhrases(periodText);
  const phrases = combinePhrases(periodText, rawPhrases);
  const pins = pinnedPeriods(question, phrases);
  const range = yearRange(question, phrases);

  // metric
  const { mentions: metricMentions, ambiguous } = matchMetrics(question);
  const pinnedMetricIds = new Set(pins.values());
  const candidates = metricMentions.filter((m) => !(pinnedMetricIds.has(m.ref.id) && metricMentions.length > 1));
  let metric: MetricRef | null = candidates[0]?.ref ?? null;
  if (!metric && NARRATIVE.test(question)) {
    const narrativePeriods: PeriodRequest[] = phrases.map((p) => ({ text: p.text, spec: p.spec, forMetric: null }));
    if (narrativePeriods.length === 0) {
      return {
        status: 'needs_clarification',
        clarification: { question: 'Which fiscal year(s) should the filings come from?', options: ['the latest fiscal year', 'the last two fiscal years'] },
        partial: { entities },
        notes,
      };
    }
    const topic = topicOf(question, rawPhrases, mentions.map((m) => m.text));
    return {
      status: 'planned_narrative',
      narrative: { entities, topic, periods: narrativePeriods, pathway: entities.length > 1 ? 'comparison' : narrativePeriods.length > 1 || range ? 'longitudinal' : 'detail' },
      notes,
    };
  }
  if (!metric && ambiguous) {
    return {
      status: 'needs_clarification',
      clarification: { question: `“${ambiguous.phrase}” can mean several measures. Which one?`, options: ambiguous.options },
      partial: { entities },
      notes,
    };
  }
  if (!metric && prev) {
    metric = prev.metric;
    notes.push('measure carried over from the previous question');
  }
  if (!metric) {
    return {
      status: 'needs_clarification',
      clarification: {
        question: 'Which figure do you want?',
        options: ['revenue', 'operating income', 'net income', 'operating margin', 'total assets'],
      },
      partial: { entities },
      notes,
    };
  }
  if (metric.kind === 'base' && pins.size > 0) {
    notes.push('a period was pinned to a measure that is not part of a calculation; it is treated as the question period');
    pins.clear();
  }

  // operation
  const nq = normalizeForMetrics(question);
  let operation: Operation = 'value';
  if (phrases.some((p) => p.spec.type === 'ttm')) operation = 'ttm';
  else if (SERIES.test(nq)) operation = 'series';
  else if (GROWTH.test(nq) && !/\bmargin\b/.test(nq)) operation = 'growth';
  else if (CHANGE.test(nq) || (GROWTH.test(nq) && /\bmargin\b/.test(nq))) operation = 'change';
  else if (range) operation = 'series';

  let periods: PeriodRequest[] = phrases.map((p) => ({ text: p.text, spec: p.spec, forMetric: pins.get(p) ?? null }));
  if (periods.length === 0 && prev) {
    periods = prev.periods;
    notes.push('period carried over from the previous question');
  }
  if (periods.length === 0 && operation !== 'series') {
    return {
      status: 'needs_clarification',
      clarification: {
        question: 'Which period? Ledgerline never assumes one.',
        options: ['the latest fiscal year', 'the latest quarter', 'a specific fiscal year, e.g. FY2024'],
      },
      partial: { entities, metric },
      notes,
    };
  }
  if (operation === 'series' && !range && periods.length === 0) {
    return {
      status: 'needs_clarification',
      clarification: { question: 'Over which fiscal years?', options: ['the last 3 fiscal years', 'the last 5 fiscal years'] },
      partial: { entities, metric },
      notes,
    };
  }
  const STANDALONE = /\bstandalone\b(?!\s+(?:quarter|three[- ]months?|3[- ]months?|period|basis quarter))/i;
  const scope = STANDALONE.test(question) ? 'standalone' : /\bconsolidated\b/i.test(question) ? 'consolidated' : (prev && entities === prev.entities ? prev.scope : 'consolidated');
  const operandScopes = metric.kind === 'derived' ? scopePins(question) : {};
  const pathway = entities.length > 1 ? 'comparison' : operation === 'series' ? 'longitudinal' : 'detail';
  const intent: Intent = {
    entities,
    metric,
    operation,
    periods,
    range,
    scope,
    basis: detectBasis(question),
    pathway,
    ...(Object.keys(operandScopes).length ? { operandScopes } : {}),
  };
  return { status: 'planned', intent, notes };
}
