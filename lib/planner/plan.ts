import { normalizeAlias } from '@/lib/domain/names';
import { extractPeriodPhrases, phraseRanges, yearRangeSpan, type PeriodPhrase, type PeriodSpec, type YearRangeSpan } from '@/lib/fiscal';
import type { CatalogEntity } from './catalog';
import { cagrSpan } from './cagr';
import { averageSpan } from './average';
import { readDefinitions } from './definitions';
import { readInstructions, withinInstruction, withoutInstructions } from './instructions';
import { type EntityIndex, indexOf } from './entity-index';
import { matchEntities } from './match-entities';
import { closestMeasures, matchMetrics, type MatchContext } from './match-metric';
import { planNarrative } from './narrative';
import { operationWords, type OperationWords } from './operations';
import { SpanMap, type Token } from './spans';
import { ambiguousSharedWord, correctMeasureSpelling, distributeMeasures } from './spelling';
import { readVerdict } from './verdict';
import { readVersionBasis, versionsOnlyForValues, withoutRanges } from './version-basis';

function lowerFirst(t: string): string {
  return /^[A-Z][a-z]/.test(t) ? t[0]!.toLowerCase() + t.slice(1) : t;
}
import type { EntityRef, ExpressionNode, Intent, MetricRef, Operation, PeriodRequest, PlanResult } from './types';

/** Questions about what the filings say, not about a number. */
const NARRATIVE =
  /\b(risk factors?|risks?|md&a|management(?:'s)? discussion|narrative|commentary|describe|explain|why did|what did (?:the company|management) say|outlook|strategy|guidance|disclos\w*|mention\w*|discuss\w*|say about)\b/i;

export interface PlanContext {
  catalog: CatalogEntity[];
  /** the tenant's cached entity index (lib/planner/catalog loadEntityIndex): lookups without a scan */
  index?: EntityIndex;
  /** members (segments, products, geographies) and labelled concepts of the question's companies */
  measures?: MatchContext;
  /** the previous intent of the thread: follow-ups inherit what they leave unsaid */
  previous?: Intent | null;
  /** internal: plan for this one of several measures the question names ("revenue and net income") */
  onlyMetric?: string;
}

/** The question with "attributable to <the company asked about>" written "attributable to the parent". */
function selfAttributed(question: string, ctx: PlanContext): { question: string; name: string } | null {
  if (!/\battributable\s+to\b/i.test(question)) return null;
  const { mentions } = matchEntities(question, ctx.index ?? ctx.catalog);
  for (const m of mentions) {
    if (!/\battributable\s+to\s+(?:the\s+)?$/i.test(question.slice(0, m.start))) continue;
    if (!mentions.some((o) => o !== m && o.start < m.start && o.entityIds[0] === m.entityIds[0])) continue;
    const end = /^['’]s?\b/.test(question.slice(m.end)) ? m.end + question.slice(m.end).match(/^['’]s?/)![0].length : m.end;
    const lead = question.slice(0, m.start).replace(/\bthe\s+$/i, '');
    return { question: `${lead}the parent${question.slice(end)}`, name: m.text };
  }
  return null;
}

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
    // "using FY2025 gross profit and FY2024 revenue": a list of pinned operands
    if (
      !/\b(using|with|from|based on)\s+(the\s+)?(its\s+)?$/.test(before) &&
      !(pins.size > 0 && /\band\s+(the\s+)?(its\s+)?$/.test(before))
    )
      continue;
    const after = question.slice(p.end, p.end + 60);
    const m = matchMetrics(after).mentions[0];
    if (m && m.index <= 3 && m.ref.kind === 'base') pins.set(p, m.ref.id);
  }
  return pins;
}

/** The question without its period phrases and company names: what the passages must be about. */
function topicOf(question: string, phrases: PeriodPhrase[], names: string[]): string {
  let q = question;
  for (const p of [...phrases].sort((a, b) => b.start - a.start)) q = `${q.slice(0, p.start)} ${q.slice(p.end)}`;
  let norm = q.toLowerCase();
  for (const n of names) norm = norm.replace(new RegExp(`\\b${n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:['’]s)?\\b`, 'gi'), ' ');
  return (
    norm
      .replace(/\b(how|did|does|do|what|the|from|to|between|in|of|on|change|changed|say|said|about|and|vs|versus)\b/g, ' ')
      .replace(/[^a-z0-9&\s-]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim() || question
  );
}

// ── spans of entity and measure mentions in the original question ───────────────────────────────

/** Original-text offsets of a position in ` ${normalizeForMetrics(q)} `. */
function metricNormMap(question: string): number[] {
  const map: number[] = [-1];
  let last = ' ';
  for (let i = 0; i < question.length; i++) {
    const c = question[i]!.toLowerCase().replace(/[’‘]/g, "'");
    if (/[a-z0-9&'%]/.test(c)) {
      map.push(i);
      last = c;
    } else if (last !== ' ' && map.length > 1) {
      map.push(i);
      last = ' ';
    }
  }
  return map;
}

function metricSpan(question: string, m: { index: number; phrase: string; start?: number; end?: number }, map: number[]): [number, number] {
  if (typeof m.start === 'number' && typeof m.end === 'number') {
    // the words of the phrase as written from its start (a matcher's end may run past them)
    const words = m.phrase.split(/\s+/).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    const exact = new RegExp(`^${words.join("[\\s\\-,.'’&]+")}`, 'i').exec(question.slice(m.start));
    return exact ? [m.start, m.start + exact[0].length] : [m.start, m.end];
  }
  const s = map[m.index] ?? 0;
  const e = (map[m.index + m.phrase.length - 1] ?? s) + 1;
  return [s, e];
}

function entitySpans(
  question: string,
  tokens: Token[],
  m: { text: string; via: string; start?: number; end?: number },
  taken: (s: number, e: number) => boolean,
): [number, number] | null {
  if (typeof m.start === 'number' && typeof m.end === 'number') return [m.start, m.end];
  if (m.via === 'ticker' || m.via === 'cik') {
    const t = m.text.replace(/^CIK\s*/i, '');
    const re = new RegExp(`(?<![\\w$])\\$?(?:CIK\\s*0*)?${t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w])`, 'gi');
    for (const x of question.matchAll(re)) if (!taken(x.index!, x.index! + x[0].length)) return [x.index!, x.index! + x[0].length];
    return null;
  }
  for (let i = 0; i < tokens.length; i++) {
    for (let j = i; j < Math.min(tokens.length, i + 8); j++) {
      const s = tokens[i]!.start;
      let e = tokens[j]!.end;
      if (normalizeAlias(question.slice(s, e)) !== m.text || taken(s, e)) continue;
      // legal suffixes and punctuation that normalize away belong to the name ("Tesla Motors, Inc.")
      for (let k = j + 1; k < tokens.length && normalizeAlias(question.slice(s, tokens[k]!.end)) === m.text; k++) e = tokens[k]!.end;
      if (question[e] === '.' && /^(inc|corp|co|ltd|plc|llc)$/i.test(question.slice(s, e).split(/\W+/).pop() ?? '')) e++;
      return [s, e];
    }
  }
  return null;
}

/** The year reference of a fiscal spec, or null. */
function yearOf(spec: PeriodSpec): Extract<PeriodSpec, { type: 'fiscal' }>['year'] | null {
  if (spec.type === 'fiscal') return spec.year;
  if (spec.type === 'bare_year') return { year: spec.year, style: 'bare' };
  return null;
}

/** A position written without its year ("Q1" in "Q1 and Q2 2022") takes the year of a sibling period. */
function withYear(spec: PeriodSpec, sibling: PeriodSpec | undefined): PeriodSpec {
  if (spec.type !== 'latest_position' || !sibling) return spec;
  const year = yearOf(sibling);
  return year ? { type: 'fiscal', position: spec.position, year } : spec;
}

/** "(ended September)", ", which ended in late January 2026", "(FYE June 2025)" right after a fiscal year. */
const YEAR_END_CHECK_BODY = String.raw`(?:ended|ending|ends|closed|fye)\s+(?:in\s+|on\s+)?(?:(early|mid|late)[-\s]+)?(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?(?:\s+(\d{1,2})(?!\d)(?:st|nd|rd|th)?)?(?:\s*,?\s+(\d{4}))?\s*\)?`;
/** right after the fiscal year: "fiscal 2024 (ended September)", "FY2026, which ended in late January 2026" */
const YEAR_END_CHECK = new RegExp(String.raw`^\s*[,(]?\s*(?:(?:which|that)\s+)?` + YEAR_END_CHECK_BODY, 'i');
/** later in the question, as an aside: "fiscal 2025 revenue (ended September 2025)", "…, which ended in late January" */
const YEAR_END_ASIDE = new RegExp(String.raw`(?:\(\s*|,?\s*(?:which|that)\s+)` + YEAR_END_CHECK_BODY, 'i');
const MONTH_INDEX: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};
const FULL_YEAR = /\bfull[- ]year\b|\bfull\s+fiscal\s+year\b|\bwhole\s+year\b/gi;
const POSITION_WORDS =
  /\b(?:the\s+)?(?:first|1st)\s+(?:nine|9|six|6|three|3)\s+months\b|\b(?:the\s+)?(?:first|second)\s+half\b|\b(?:the\s+)?(?:first|second|third|fourth)\s+quarter\b/gi;

interface Clause {
  start: number;
  end: number;
  measures: { ref: MetricRef; start: number; end: number }[];
  periods: PeriodPhrase[];
}

/**
 * Deterministic planner: question → typed intent, or a clarification, or what is missing.
 * Every word is placed (entity, measure, period, operation, basis, scope, instruction, filler) or the
 * answer is blocked: it never falls back to the year, the total or the nearest measure.
 */
export function planQuestion(question: string, ctx: PlanContext): PlanResult {
  // "net income attributable to Walmart" asked of Walmart: the parent's share (the caption's own words), not a second company
  const own = selfAttributed(question, ctx);
  if (own) {
    const r = planQuestion(own.question, ctx);
    return { ...r, notes: [...r.notes, `“attributable to ${own.name}” is the parent's share`] } as PlanResult;
  }
  // what the filings say goes to passages, even when it names a measure; a mixed question answers both parts
  // instruction clauses ("Base your judgments on … the balance sheet") say how to answer, not what about
  const n = planNarrative(withoutInstructions(question, readInstructions(question).claims), {
    catalog: ctx.catalog,
    ...(ctx.index ? { index: ctx.index } : {}),
  });
  if (n.status !== 'not_narrative') {
    const notes = [...n.notes, ...n.classification.reasons];
    if (n.status === 'planned_narrative') {
      const numericQuestion = n.classification.kind === 'mixed' ? n.classification.numericPart : undefined;
      return { status: 'planned_narrative', narrative: n.narrative, notes, ...(numericQuestion ? { numericQuestion } : {}) };
    }
    if (n.status === 'needs_clarification') return { status: 'needs_clarification', clarification: n.clarification, partial: {}, notes };
    return { status: 'insufficient_evidence', missing: n.missing, partial: {}, notes };
  }
  const spans = new SpanMap(question);
  const result = planWithSpans(question, ctx, spans);
  if (result.status === 'needs_clarification' || result.status === 'insufficient_evidence') {
    // a misspelt measure word with exactly one reading ("reveune", "opertaing"): planned as corrected, said in
    // the answer; company names are never corrected, and a correction that still does not plan is not used
    const names = matchEntities(question, ctx.index ?? ctx.catalog).mentions;
    const fixed = correctMeasureSpelling(question, names);
    if (fixed) {
      const again = planWithSpans(fixed.question, ctx, new SpanMap(fixed.question));
      if (again.status === 'planned')
        return {
          ...again,
          notes: [...again.notes, ...fixed.corrections.map((c) => `spelling: read “${c.from}” as “${c.to}”`)],
          corrections: fixed.corrections,
        };
    }
    // "diluted and basic EPS", "current assets and liabilities": two measures sharing a word, each written out
    const spread = distributeMeasures(fixed?.question ?? question);
    if (spread) {
      const again = planWithSpans(spread.question, ctx, new SpanMap(spread.question));
      if (again.status === 'planned')
        return {
          ...again,
          notes: [...again.notes, `measures sharing a word: ${spread.expanded.join('; ')}`],
          ...(fixed ? { corrections: fixed.corrections } : {}),
        };
    }
  }
  return { ...result, spans: spans.map() };
}

function planWithSpans(question: string, ctx: PlanContext, spans: SpanMap): PlanResult {
  const notes: string[] = [];
  const prev = ctx.previous ?? null;
  const { mentions, unknownNames } = matchEntities(question, ctx.catalog);
  // the cached per-tenant index when given (a question never rebuilds the catalog), else a map of the list
  // the cached per-tenant index, or the one kept for this catalog array: never a per-question rebuild
  const index = ctx.index ?? indexOf(ctx.catalog);

  // entities
  const ambiguousMention = mentions.find((m) => m.entityIds.length > 1);
  if (ambiguousMention) {
    const options = ambiguousMention.entityIds.map((id) => index.byId(id)!.legalName ?? index.byId(id)!.name);
    return {
      status: 'needs_clarification',
      clarification: {
        question: `“${ambiguousMention.text}” matches several companies. Which one do you mean?`,
        options,
        rewrites: ambiguousMention.entityIds.map((id) =>
          replaceMention(question, spans.tokens, ambiguousMention, index.byId(id)!.legalName ?? index.byId(id)!.name),
        ),
      },
      partial: {},
      notes,
    };
  }
  const entityAt: { id: string; start: number; end: number }[] = [];
  for (const m of mentions) {
    const sp = entitySpans(question, spans.tokens, m as typeof m & { start?: number; end?: number }, (s, e) => spans.taken(s, e));
    if (sp) {
      spans.claim(sp[0], sp[1], 'entity', m.entityIds[0]);
      entityAt.push({ id: m.entityIds[0]!, start: sp[0], end: sp[1] });
    }
  }
  let entities = [...new Set(mentions.map((m) => m.entityIds[0]!))].map((id) => ref(index.byId(id)!));
  for (const m of mentions.filter((m) => m.via === 'fuzzy')) notes.push(`read “${m.text}” as ${index.byId(m.entityIds[0]!)!.name}`);
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

  // basis (the version of the figure: lib/planner/version-basis), scope and instructions
  const version = readVersionBasis(question);
  if (version.clarification) return { status: 'needs_clarification', clarification: version.clarification, partial: { entities }, notes };
  const basis = version.basis;
  for (const c of version.claims) spans.claim(c.start, c.end, 'basis', c.detail);
  // "the standalone quarter Q3": a discrete quarter (not the YTD), not a scope
  for (const m of question.matchAll(/\b(?:standalone|discrete|stand-alone)\s+(?:quarter|three[- ]months?|3[- ]months?|period)\b/gi))
    spans.claim(m.index!, m.index! + m[0].length, 'period', 'discrete quarter');
  // "consolidated net income" is a caption of its own (the line before noncontrolling interests), not a scope word
  for (const m of question.matchAll(/\b(consolidated|standalone)\b(?!\s+net\s+(?:income|earnings)\b)/gi))
    if (!spans.taken(m.index!, m.index! + m[0].length)) spans.claim(m.index!, m.index! + m[0].length, 'scope', m[1]!.toLowerCase());
  // "GAAP", "U.S. GAAP", "(GAAP)", "as reported under GAAP": the filed figures are the GAAP ones; "non-GAAP" is not
  // placed here (it stays a word the planner cannot answer)
  for (const m of question.matchAll(
    /(?<![-\w]\s?)(?<!non[-\s]?)\b(?:(?:U\.?S\.?|US)\s+)?GAAP\b(?!\s*[-–]?\s*(?:adjusted|basis\s+adjusted))/gi,
  )) {
    if (!spans.taken(m.index!, m.index! + m[0].length)) spans.claim(m.index!, m.index! + m[0].length, 'qualifier', 'gaap');
  }
  // "us" is a pronoun only as the object of a request ("tell us", "show us", "give us"); elsewhere — "US
  // revenue", "revenue in the US" — it is a place the planner must place or the answer is blocked
  for (const m of question.matchAll(/\b(?:tell|show|give|let|help|send|get|find|pull|provide|remind|walk)\s+(us)\b/g)) {
    const s = m.index! + m[0].length - 2;
    if (!spans.taken(s, s + 2)) spans.claim(s, s + 2, 'filler');
  }
  // instruction words: statement scope, rounding, units, preamble (lib/planner/instructions)
  const read = readInstructions(question);
  const instructions: NonNullable<Intent['instructions']> = read.instructions;
  for (const c of read.claims) spans.claim(c.start, c.end, 'instruction', c.detail);
  // "did it exceed $400bn", "grow more than 10%", "which had the highest …", "rank … by": a verdict said from the figures
  const judged = readVerdict(question, entities.length);
  for (const c of judged.claims) if (!spans.taken(c.start, c.end)) spans.claim(c.start, c.end, 'instruction', c.detail);
  if (judged.verdict) instructions.verdict = judged.verdict;

  // periods (the basis phrase's date and a named filing are not periods); one grammar in lib/fiscal, positions apart from their year folded in
  const periodText = withoutRanges(question, version.hidden);
  const rawPhrases = extractPeriodPhrases(periodText).filter(
    (p) => !withinInstruction(read.claims, p.start, p.end) && !withinInstruction(judged.claims, p.start, p.end),
  );
  // "Alphabet diluted EPS as reported in the 2021 10-K": a named filing without another period is its own period
  if (rawPhrases.length === 0 && version.filingPeriod) rawPhrases.push(version.filingPeriod);
  // operation words that name a comparison base ("versus the prior quarter"); a period the grammar reads wins
  const ow = operationWords(question);
  ow.comparison = ow.comparison.filter((c) => !rawPhrases.some((p) => p.spec.type !== 'relative' && p.start < c.end && c.start < p.end));
  for (const c of ow.comparison) spans.claim(c.start, c.end, 'operation', c.kind);
  let phrases = rawPhrases.filter((p) => !(p.spec.type === 'relative' && ow.comparison.some((c) => p.start < c.end && c.start < p.end)));
  // "(fiscal years)", "(fiscal)", "(in fiscal terms)" after bare years or codes: the question's years are fiscal
  const fiscalMark = /\(\s*(?:in\s+)?fiscal(?:\s+years?|\s+terms|\s+basis)?\s*\)/i.exec(question);
  const bareYear = (p: PeriodPhrase) => p.spec.type === 'bare_year' || (p.spec.type === 'fiscal' && p.spec.year.style === 'bare');
  if (fiscalMark && phrases.some(bareYear) && phrases.every((p) => p.spec.type === 'bare_year' || p.spec.type === 'fiscal')) {
    spans.claim(fiscalMark.index, fiscalMark.index + fiscalMark[0].length, 'period', 'fiscal');
    phrases = phrases.map((p): PeriodPhrase => {
      if (p.spec.type === 'bare_year')
        return { ...p, spec: { type: 'fiscal', position: 'FY', year: { year: p.spec.year, style: 'fiscal' } } };
      if (p.spec.type === 'fiscal' && p.spec.year.style === 'bare')
        return { ...p, spec: { ...p.spec, year: { ...p.spec.year, style: 'fiscal' } } };
      return p;
    });
  }
  // "fiscal 2025 (ended September 2025)", "fiscal year 2026, which ended in late January 2026": the year end the
  // question states for a fiscal year is a check on it (a mismatch blocks the answer), never a second period
  const checked: [number, number][] = [];
  phrases = phrases.map((p): PeriodPhrase => {
    if (p.spec.type !== 'fiscal' || p.spec.position !== 'FY' || p.spec.year.style === 'span') return p;
    const rest = question.slice(p.end);
    // an aside further on belongs to this year only when the question names no other fiscal year
    const only = phrases.filter((q) => q.spec.type === 'fiscal' && q.spec.position === 'FY').length === 1;
    const m = YEAR_END_CHECK.exec(rest) ?? (only ? YEAR_END_ASIDE.exec(rest) : null);
    const month = m ? MONTH_INDEX[m[2]!.toLowerCase().slice(0, 3)] : undefined;
    if (!m || !month) return p;
    const start = p.end + m.index + m[0].length - m[0].trimStart().length;
    const end = p.end + m.index + m[0].replace(/\s+$/, '').length;
    checked.push([start, end]);
    const endsIn = {
      month,
      ...(m[4] ? { year: Number(m[4]) } : {}),
      ...(m[3] ? { day: Number(m[3]) } : {}),
      ...(m[1] ? { part: m[1].toLowerCase() as 'early' | 'mid' | 'late' } : {}),
    };
    return { ...p, spec: { ...p.spec, endsIn } };
  });
  // the stated end's own words ("September 2025") are not another period
  phrases = phrases.filter((p) => !checked.some(([a, b]) => p.start >= a && p.end <= b));
  for (const [a, b] of checked) spans.claim(a, b, 'period', 'stated year end');
  for (const p of phrases) for (const [s, e] of phraseRanges(p)) spans.claim(s, e, 'period', p.text);
  for (const m of question.matchAll(FULL_YEAR)) {
    const near = phrases.some(
      (p) => Math.abs(p.start - (m.index! + m[0].length)) <= 2 && (p.spec.type === 'fiscal' || p.spec.type === 'bare_year'),
    );
    if (near) spans.claim(m.index!, m.index! + m[0].length, 'period', 'FY');
  }
  // "annual revenue FY2024", "average annual revenue FY2022-FY2024", "yearly net income for the last three
  // years": the word says the periods are fiscal years, which they are — placed only when every period is one
  const yearLike = (p: PeriodPhrase) =>
    (p.spec.type === 'fiscal' && p.spec.position === 'FY') ||
    p.spec.type === 'bare_year' ||
    (p.spec.type === 'calendar' && p.spec.position === 'FY') ||
    p.spec.type === 'latest_years' ||
    (p.spec.type === 'relative' && p.spec.which === 'last_fiscal_year');
  if (
    phrases.length > 0 &&
    phrases.every(yearLike) &&
    ow.growth.length === 0 &&
    ow.change.length === 0 &&
    ow.comparison.length === 0 &&
    ow.cagr.length === 0
  ) {
    for (const m of question.matchAll(/\b(?:annual|yearly)\b/gi))
      if (!spans.taken(m.index!, m.index! + m[0].length)) spans.claim(m.index!, m.index! + m[0].length, 'period', 'FY');
  }
  let rangeSpan = yearRangeSpan(periodText, phrases);
  if (rangeSpan) spans.claim(rangeSpan.start, rangeSpan.end, 'period', `FY${rangeSpan.from}–FY${rangeSpan.to}`);
  const pins = pinnedPeriods(question, phrases);
  let range = rangeSpan ? { from: rangeSpan.from, to: rangeSpan.to } : null;

  // measures
  const matchedMetrics = matchMetrics(question, ctx.measures);
  // a measure word inside an instruction is part of a statement's name ("cash flow statement")
  let metricMentions = matchedMetrics.mentions.filter((m) => {
    const at = m as typeof m & { start?: number; end?: number };
    return !(typeof at.start === 'number' && typeof at.end === 'number' && withinInstruction(read.claims, at.start, at.end));
  });
  // the word with several readings ("margin", "profit"), as written in the question
  const ambiguous = matchedMetrics.ambiguous
    ? {
        ...matchedMetrics.ambiguous,
        phrase: matchedMetrics.ambiguous.phrase ?? /\b(margins?|profits?|earnings|eps|earnings per share)\b/i.exec(question)?.[1],
      }
    : null;
  const normMap = metricNormMap(question);
  let measureAt = metricMentions.map((m) => {
    const [s, e] = metricSpan(question, m as typeof m & { start?: number; end?: number }, normMap);
    return { ref: m.ref, start: s, end: e };
  });
  for (const m of measureAt) {
    const part: [number, number] | null = spans.taken(m.start, m.end)
      ? spans.untaken(m.start, m.end, ['basis', 'instruction'])
      : [m.start, m.end];
    if (part) spans.claim(part[0], part[1], 'measure', m.ref.id);
  }
  // definitions that agree with the ontology's formula are placed and add nothing (lib/planner/definitions)
  const defs = readDefinitions(
    question,
    measureAt.map((m, i) => ({
      id: m.ref.id,
      start: m.start,
      end: m.end,
      extra: (metricMentions[i]!.qualifiers ?? []).map((q) => ({ start: q.start, end: q.end })),
    })),
    phrases,
    (s, e) => withinInstruction(read.claims, s, e),
  );
  if (defs.claims.length > 0) {
    for (const c of defs.claims) spans.claim(c.start, c.end, 'operation', c.detail);
    metricMentions = metricMentions.filter((_, i) => !defs.mentions.has(i));
    measureAt = measureAt.filter((_, i) => !defs.mentions.has(i));
    phrases = phrases.filter((p) => !defs.phrases.has(p));
    for (const p of defs.phrases) pins.delete(p);
    const rs = rangeSpan;
    if (rs && defs.claims.some((c) => c.start <= rs.start && rs.end <= c.end)) {
      rangeSpan = null;
      range = null;
    }
    notes.push(...defs.claims.map((c) => `read “${question.slice(c.start, c.end).trim()}” as the ${c.detail}`));
  }
  // qualifiers of a measure (a segment or product, basic/diluted, GAAP): applied when understood, else the answer is blocked
  for (const m of metricMentions) {
    for (const q of m.qualifiers ?? []) {
      if (q.understood) {
        if (!spans.taken(q.start, q.end)) spans.claim(q.start, q.end, 'qualifier', q.value ?? q.text);
        continue;
      }
      const what =
        q.kind === 'member' ? `“${q.text}” (no reported ${lowerFirst(m.ref.label)} for that segment, product or region)` : `“${q.text}”`;
      if (q.kind === 'member') {
        return {
          status: 'insufficient_evidence',
          missing: `${m.ref.label} for ${what} is not reported; Ledgerline does not answer with the total instead.`,
          partial: { entities },
          notes,
        };
      }
      return {
        status: 'needs_clarification',
        clarification: {
          question: `Ledgerline reports figures as filed and cannot apply ${what} to ${lowerFirst(m.ref.label)}. Ask for the reported figure instead?`,
          options: [],
        },
        partial: { entities },
        notes,
      };
    }
  }
  // a measure word with several readings ("earnings per share", "margin") is placed; the planner asks which
  if (ambiguous?.phrase) {
    const m = new RegExp(`\\b${ambiguous.phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i').exec(question);
    if (m && !spans.taken(m.index, m.index + m[0].length)) spans.claim(m.index, m.index + m[0].length, 'measure', 'ambiguous');
  }

  // narrative questions: passages, not numbers
  const pinnedMetricIds = new Set(pins.values());
  const candidates = metricMentions.filter(
    (m) => !(pinnedMetricIds.has(m.ref.id) && metricMentions.length > 1) && (!ctx.onlyMetric || m.ref.id === ctx.onlyMetric),
  );
  let metric: MetricRef | null = candidates[0]?.ref ?? null;
  if (!metric && NARRATIVE.test(question)) {
    const narrativePeriods: PeriodRequest[] = phrases.map((p) => ({ text: p.text, spec: p.spec, forMetric: null }));
    if (narrativePeriods.length === 0) {
      return {
        status: 'needs_clarification',
        clarification: {
          question: 'Which fiscal year(s) should the filings come from?',
          options: ['the latest fiscal year', 'the last two fiscal years'],
        },
        partial: { entities },
        notes,
      };
    }
    const topic = topicOf(
      question,
      rawPhrases,
      mentions.map((m) => m.text),
    );
    return {
      status: 'planned_narrative',
      narrative: {
        entities,
        topic,
        periods: narrativePeriods,
        pathway: entities.length > 1 ? 'comparison' : narrativePeriods.length > 1 || range ? 'longitudinal' : 'detail',
      },
      notes,
    };
  }

  // operation words outside every claimed span
  const free = <T extends { start: number; end: number }>(xs: T[]) => xs.filter((x) => !spans.taken(x.start, x.end));
  // "CAGR", "compound annual growth rate": one operation (its growth words are not a yearly growth)
  const cagrW = free(ow.cagr);
  // "R&D growth from FY2022 to FY2024, annualized": one growth word and its "annualized" are one CAGR
  const annualized = free(
    [...question.matchAll(/\bannuali[sz]ed\b/gi)].map((m) => ({ start: m.index!, end: m.index! + m[0].length, text: m[0] })),
  );
  if (cagrW.length === 0 && annualized.length === 1 && free(ow.growth).length === 1) cagrW.push(annualized[0]!, free(ow.growth)[0]!);
  for (const w of cagrW) spans.claim(w.start, w.end, 'operation', 'cagr');
  const growthW = free(ow.growth);
  const changeW = free(ow.change);
  // "in absolute terms", "in dollars" beside a growth or change: the change as an amount (a currency
  // instruction's span may hold it already); standing alone they are not an operation
  if (ow.absolute.length > 0 && (growthW.length > 0 || changeW.length > 0 || ow.comparison.length > 0))
    for (const w of free(ow.absolute)) spans.claim(w.start, w.end, 'operation', 'change');
  // "the difference between Apple's and NVIDIA's revenue": one number across companies, which
  // Ledgerline does not combine (each company's own change over time is another question)
  // "how much bigger was Apple's revenue than NVIDIA's": the same, asked by a comparative
  const comparativeAcross = /\bhow\s+much\s+(?:more|less|higher|lower|bigger|larger|smaller|greater)\b[^.?!;]*\bthan\b/i.exec(question);
  if (comparativeAcross && entities.length > 1) {
    return {
      status: 'needs_clarification',
      clarification: {
        question:
          'A difference between companies is a calculation across companies, which Ledgerline does not combine. Ask for the companies side by side (each figure cited), or for each company’s own change between two periods.',
        options: [],
      },
      partial: { entities, ...(metric ? { metric } : {}) },
      notes,
    };
  }
  const acrossCompanies = /\b(?:difference|gap|delta|spread)\b[^.?!;]*?\bbetween\b/i.exec(question);
  if (acrossCompanies && entities.length > 1) {
    const after = acrossCompanies.index + acrossCompanies[0].length;
    const firstEntity = entityAt.filter((e) => e.start >= after).sort((a, b) => a.start - b.start)[0];
    const firstPeriod = phrases.filter((p) => p.start >= after).sort((a, b) => a.start - b.start)[0];
    if (firstEntity && (!firstPeriod || firstEntity.start < firstPeriod.start)) {
      return {
        status: 'needs_clarification',
        clarification: {
          question:
            'A difference between companies is a calculation across companies, which Ledgerline does not combine. Ask for the companies side by side (each figure cited), or for each company’s own change between two periods.',
          options: [],
        },
        partial: { entities, ...(metric ? { metric } : {}) },
        notes,
      };
    }
  }
  const seriesW = free(ow.series);
  const comparing = growthW.length > 0 || changeW.length > 0 || ow.comparison.length > 0;
  const prefixW = free(ow.prefix);
  // "over" divides only between two measures ("2021 operating income over 2020 revenue"), not "over the last four quarters"
  const between = (w: { start: number; end: number }) => measureAt.some((m) => m.end <= w.start) && measureAt.some((m) => m.start >= w.end);
  const arithW = free(ow.infix).filter(
    (x) => x.op !== 'join' && !(comparing && /^(over|from)$/i.test(x.text.trim())) && !(/^over$/i.test(x.text.trim()) && !between(x)),
  );
  const methodW = free(ow.method);

  if (prefixW.length > 0 || arithW.length > 0) {
    if (version.versions)
      return { status: 'needs_clarification', clarification: versionsOnlyForValues(version.versions), partial: { entities }, notes };
    return planExpression({
      question,
      spans,
      entities,
      entityAt,
      measureAt,
      phrases,
      rangeSpan,
      ow,
      prefixW,
      arithW,
      methodW,
      basis,
      instructions,
      notes,
      prev,
    });
  }

  for (const w of [...growthW, ...changeW, ...seriesW, ...methodW]) spans.claim(w.start, w.end, 'operation', w.text.toLowerCase());
  // "quarterly revenue for fiscal 2025", "revenue by quarter, 2025", "each quarter of FY2026": the quarters of one year
  const yearPhrases = phrases.filter((p) => (p.spec.type === 'fiscal' && p.spec.position === 'FY') || p.spec.type === 'bare_year');
  const quarterlyW = phrases.length === 1 && yearPhrases.length === 1 ? free(ow.quarterly) : [];
  for (const w of quarterlyW) spans.claim(w.start, w.end, 'operation', 'quarterly');
  // "yearly growth rates for FY24 and FY25": one rate per year named; "annual revenue growth, Q3 FY2025": year over year
  const yearlyW = comparing && phrases.length + (rangeSpan ? 1 : 0) >= 2 ? free(ow.yearly) : [];
  for (const w of yearlyW) spans.claim(w.start, w.end, 'operation', 'each');
  if (comparing && phrases.length === 1 && !rangeSpan)
    for (const w of free(ow.yearly)) spans.claim(w.start, w.end, 'operation', 'year_over_year');
  let eachW = false;
  // comparison connectors ("2021 over 2020", "Q3 next to Q3") and words joining two periods ("2017 through 2021")
  if (comparing)
    for (const w of free(ow.infix))
      if (/^(over|from|to|against)$/i.test(w.text.trim())) spans.claim(w.start, w.end, 'operation', 'comparison');
  for (const m of question.matchAll(/\b(?:next\s+to|side\s+by\s+side)\b/gi)) spans.claim(m.index!, m.index! + m[0].length, 'filler');
  // "for each of fiscal 2022, 2023 and 2024", "in each of the last three fiscal years": one figure per period
  // named — only when the periods that follow are several (a single period has no "each")
  for (const m of question.matchAll(/\b(?:(?:for|in)\s+)?each(?:\s+of(?:\s+the)?)?\b/gi)) {
    if (spans.taken(m.index!, m.index! + m[0].length)) continue;
    const after = phrases.filter((p) => p.start >= m.index! + m[0].length);
    const rangeAfter = rangeSpan && rangeSpan.start >= m.index! + m[0].length;
    if (after.length >= 2 || rangeAfter || after.some((p) => p.spec.type === 'latest_years')) {
      spans.claim(m.index!, m.index! + m[0].length, 'filler');
      eachW = true;
    }
  }
  claimPeriodJoiners(question, spans);
  // "TTM revenue growth y/y as of FQ1'27": the TTM ends with the period its anchor word names (one period, not two)
  const ttmFold = ttmAnchor(question, phrases);
  if (ttmFold?.joiner && !spans.taken(ttmFold.joiner.start, ttmFold.joiner.end))
    spans.claim(ttmFold.joiner.start, ttmFold.joiner.end, 'period', 'TTM end');
  const cagr = cagrW.length > 0 ? cagrSpan(question, phrases, rangeSpan, free(ow.yearCounts)) : null;
  if (cagr?.ok) for (const c of cagr.claims) spans.claim(c.start, c.end, 'operation', 'cagr');
  if (cagr && !cagr.ok && metric)
    return {
      status: 'needs_clarification',
      clarification: { question: cagr.question, options: cagr.options },
      partial: { entities, metric },
      notes,
    };
  // "FY2018 - FY2020 3 year average EBITDA margin": an average over fiscal years (its own span rule)
  const average = !cagr && metric ? averageSpan(question, phrases, rangeSpan, free(ow.yearCounts), (st, en) => spans.taken(st, en)) : null;
  if (average && !average.ok)
    return {
      status: 'needs_clarification',
      clarification: { question: average.question, options: average.options },
      partial: { entities, ...(metric ? { metric } : {}) },
      notes,
    };
  if (average?.ok) for (const c of average.claims) spans.claim(c.start, c.end, 'operation', 'average');
  // "using FY2025 operating profit and FY2024 revenue": the words joining pinned operands
  for (const w of free(ow.infix)) {
    if (w.op === 'join' && pins.size > 0 && /^(and|with|from)$/i.test(w.text.trim())) spans.claim(w.start, w.end, 'operand_pin');
  }
  for (const m of question.matchAll(/\b(?:using|based\s+on|(?:computed|calculated|derived|worked\s+out)\s+(?:with|from|using|on))\b/gi))
    if (pins.size > 0) spans.claim(m.index!, m.index! + m[0].length, 'operand_pin');

  // a capitalised name beside a known company is a company that is not in the workspace ("Apple and Hooli")
  const unknownCompanies: string[] = [];
  if (entityAt.length > 0) {
    for (const t of spans.unplaced()) {
      if (!/^[A-Z][a-z]+$/.test(t.text) || t.start === spans.tokens[0]?.start) continue;
      const before = question.slice(0, t.start);
      const after = question.slice(t.end);
      if (/(?:\b(?:and|or|vs\.?|versus|with)|,)\s*$/i.test(before) || /^\s*(?:,|\band\b|\bor\b|\bvs\.?|\bversus\b)/i.test(after)) {
        spans.claim(t.start, t.end, 'entity', 'unknown');
        unknownCompanies.push(t.text);
      }
    }
  }
  if (unknownCompanies.length) notes.push(`No company named ${unknownCompanies.map((n) => `“${n}”`).join(' or ')} is in this workspace.`);

  // every word placed, or the answer is blocked
  const loose = spans.unplacedPhrases();
  if (!metric && ambiguous) {
    return {
      status: 'needs_clarification',
      clarification: {
        question: ambiguous.phrase ? `“${ambiguous.phrase}” can mean several measures. Which one?` : 'Which measure do you mean?',
        options: ambiguous.options,
        rewrites: ambiguous.options.map((o) => replaceWord(question, ambiguous.phrase, o)),
      },
      partial: { entities },
      notes,
    };
  }
  if (!metric && loose.length > 0 && !prev) {
    // an unknown measure is said to be unknown; the closest known measures are offered as choices
    const close = closestMeasures(loose.join(' '), 4);
    if (close.length > 0) {
      const what = loose.map((l) => `“${l}”`).join(', ');
      return {
        status: 'needs_clarification',
        clarification: {
          question: `Ledgerline does not know a measure called ${what}. The closest measures it knows are listed; which one do you mean?`,
          options: close.map((c) => c.label),
          rewrites: close.map((c) => replaceWord(question, loose.length === 1 ? loose[0] : undefined, c.label.toLowerCase())),
        },
        partial: { entities },
        notes: [...notes, `unknown measure: ${loose.join(', ')}`],
      };
    }
    return {
      status: 'insufficient_evidence',
      missing: `No reported measure matches ${loose.map((l) => `“${l}”`).join(', ')}.`,
      partial: { entities },
      notes,
    };
  }
  if (loose.length > 0) {
    return {
      status: 'needs_clarification',
      clarification: {
        question: `I could not place ${loose.map((l) => `“${l}”`).join(', ')} in this question, so I will not guess what ${loose.length > 1 ? 'they change' : 'it changes'} (a period, a segment, a measure or a calculation). Please rephrase.`,
        options: [],
      },
      partial: { entities, ...(metric ? { metric } : {}) },
      notes: [...notes, `unplaced words: ${loose.join(', ')}`],
    };
  }
  // several measures and no calculation joining them ("R&D or SG&A", "current assets and current
  // liabilities"): each is a question of its own; answering the first would drop the others
  const named = [...new Map(candidates.map((c) => [c.ref.id, c.ref])).values()];
  // "revenue and net income, FY2025", "diluted and basic EPS": each measure is answered the same way, one after
  // the other — planned one at a time, so each gets every check a question of its own gets; any that does not
  // plan is said instead (never the first alone)
  const shared = named.length > 1 && !ctx.onlyMetric ? ambiguousSharedWord(question) : null;
  if (shared) {
    return {
      status: 'needs_clarification',
      clarification: {
        question: `In “${shared.phrase}”, does the first word carry over to the second measure?`,
        options: shared.readings,
        rewrites: shared.readings,
      },
      partial: { entities },
      notes: [...notes, `shared word unclear: ${shared.phrase}`],
    };
  }
  // a measure named with its own operands ("margin from consolidated operating profit and standalone revenue") is one calculation, not several measures
  const operandIds = new Set(named.flatMap((m) => [m.numerator, m.denominator].filter((x): x is string => !!x)));
  if (
    named.length > 1 &&
    named.length <= 4 &&
    !ctx.onlyMetric &&
    !named.some((m) => operandIds.has(m.id)) &&
    Object.keys(scopePins(question)).length === 0
  ) {
    const each = named.map((m) => planWithSpans(question, { ...ctx, onlyMetric: m.id }, new SpanMap(question)));
    const blocked = each.find((r) => r.status !== 'planned');
    if (!blocked) {
      const [first, ...rest] = each as Extract<PlanResult, { status: 'planned' }>[];
      return {
        ...first!,
        notes: [...first!.notes, `several measures, each answered: ${named.map((m) => m.id).join(', ')}`],
        also: rest.map((r) => r.intent),
      };
    }
    if (blocked.status !== 'planned_narrative') return blocked;
  }
  if (named.length > 1) {
    return {
      status: 'needs_clarification',
      clarification: {
        question: `This names ${named.length} measures (${named.map((m) => lowerFirst(m.label)).join(', ')}) without a calculation joining them. Ask for one at a time, or say how to combine them (e.g. “${lowerFirst(named[0]!.label)} divided by ${lowerFirst(named[1]!.label)}”).`,
        options: named.map((m) => m.label),
      },
      partial: { entities },
      notes: [...notes, `several measures: ${named.map((m) => m.id).join(', ')}`],
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

  // operation ("the last three fiscal years" is a series of its years)
  const latestYears = phrases.find((p) => p.spec.type === 'latest_years');
  const rateAsked =
    growthW.some((w) => /%|percent|pct|growth|grew|grow|rate|how\s+fast/i.test(w.text)) || ow.comparison.some((c) => /%/.test(c.text));
  let operation: Operation = 'value';
  if (cagr?.ok) operation = 'cagr';
  else if (average?.ok) operation = 'average';
  // a growth or change word is never dropped: "TTM revenue growth" is the growth of the TTM, "revenue growth by year" yearly rates
  else if (phrases.some((p) => p.spec.type === 'ttm') && !comparing) operation = 'ttm';
  else if ((seriesW.length > 0 || quarterlyW.length > 0) && !comparing) operation = 'series';
  // a balance's rise or fall is said as an amount unless the question asks for a rate ("% change",
  // "growth rate", "grew by what percent" of shareholders' equity is a rate, like a flow's)
  else if (
    (growthW.length > 0 || ow.comparison.length > 0) &&
    ow.absolute.length === 0 &&
    (metric.periodType !== 'instant' || rateAsked) &&
    !/\bmargin\b/i.test(metric.label) &&
    metric.op !== 'margin'
  )
    operation = 'growth';
  else if (changeW.length > 0 || growthW.length > 0 || ow.comparison.length > 0) operation = 'change';
  else if (range || latestYears) operation = 'series';
  // one rate per period named ("in each of FY2024, FY2025 and FY2026", "by year", "for each quarter of 2025", "yearly … rates")
  const each =
    (operation === 'growth' || operation === 'change') && (eachW || seriesW.length > 0 || quarterlyW.length > 0 || yearlyW.length > 0);
  const comparison = ow.comparison.find((c) => !c.samePeriod)?.kind ?? (ow.comparison.length ? 'year_over_year' : undefined);

  // "growth over the last three years": yearly rates, the change across the window or a CAGR — asked, never picked
  if (latestYears && operation !== 'series' && !each) {
    // only a TTM, a growth rate or a change gets here (a CAGR over such a window is asked back by cagrSpan)
    const what = operation === 'change' ? 'a change' : operation === 'ttm' ? 'a TTM' : 'a growth rate';
    return {
      status: 'needs_clarification',
      clarification: {
        question: `“${latestYears.text}” with ${what} can mean several calculations. Name the first and last fiscal year (e.g. “from FY2022 to FY2025”), or ask for the yearly figures.`,
        options: [],
      },
      partial: { entities, metric },
      notes,
    };
  }
  // "the last three fiscal years": one request per year, oldest first, each counted back from the entity's last fiscal year
  // "Q1-Q3 2025", "Q1 through Q3", "Q3 2024-Q2 2025": a run of quarters is every quarter in it, never its two ends
  const runs = operation === 'value' || operation === 'series' ? quarterRuns(question, phrases) : new Map<PeriodPhrase, PeriodRequest[]>();
  let periods: PeriodRequest[] = phrases.flatMap((p): PeriodRequest[] => {
    const { spec } = p;
    const forMetric = pins.get(p) ?? null;
    const run = runs.get(p);
    if (run) return run;
    if (ttmFold && p === ttmFold.ttm)
      return [{ text: `${p.text} … ${ttmFold.anchor.text}`, spec: { type: 'ttm', ref: ttmFold.anchor.spec }, forMetric }];
    if (ttmFold && p === ttmFold.anchor) return [];
    // "quarterly revenue for fiscal 2025": the year's four fiscal quarters, in order
    if (quarterlyW.length > 0) return quartersOf(p);
    // "the last 8 quarters": one request per quarter, oldest first, counted back from the latest one reported
    if (spec.type === 'latest_quarters')
      return Array.from({ length: spec.count }, (_, k) => ({
        text: p.text,
        spec: { type: 'quarter_back' as const, back: spec.count - 1 - k },
        forMetric,
      }));
    if (spec.type !== 'latest_years') return [{ text: p.text, spec, forMetric }];
    return Array.from({ length: spec.count }, (_, k) => ({
      text: p.text,
      spec: { type: 'fiscal_year_back' as const, back: spec.count - 1 - k },
      forMetric,
    }));
  });
  // comparisons name their base in the operation words ("vs the prior quarter"): relative phrases are not periods
  if (comparison)
    periods = periods.filter(
      (p) => !(p.spec.type === 'relative' && ['prior_quarter', 'prior_year', 'year_ago_quarter'].includes(p.spec.which)),
    );
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
  // several companies, each with its own period ("Tesla's Q3 2021 revenue next to Snowflake's Q3 FY2022")
  if (entities.length > 1 && periods.length === entities.length && operation === 'value') {
    const order = [...entityAt].sort((a, b) => a.start - b.start);
    const owner = phrases.map((p) => [...order].reverse().find((e) => e.start <= p.start)?.id ?? null);
    if (owner.every(Boolean) && new Set(owner).size === entities.length) periods = periods.map((p, i) => ({ ...p, forEntity: owner[i] }));
  }
  const STANDALONE = /\bstandalone\b(?!\s+(?:quarter|three[- ]months?|3[- ]months?|period|basis quarter))/i;
  const scope = STANDALONE.test(question)
    ? 'standalone'
    : /\bconsolidated\b/i.test(question)
      ? 'consolidated'
      : prev && entities === prev.entities
        ? prev.scope
        : 'consolidated';
  const operandScopes = metric.kind === 'derived' ? scopePins(question) : {};
  const pathway = entities.length > 1 ? 'comparison' : operation === 'series' || each ? 'longitudinal' : 'detail';
  // two versions side by side: of one company's figure, for the periods named (not a calculation across them)
  if (version.versions && (operation !== 'value' || entities.length > 1))
    return { status: 'needs_clarification', clarification: versionsOnlyForValues(version.versions), partial: { entities, metric }, notes };
  const intent: Intent = {
    entities,
    metric,
    operation,
    ...(comparison && (operation === 'growth' || operation === 'change') ? { comparison } : {}),
    ...(each && (periods.length >= 2 || range) ? { each: true as const } : {}),
    periods,
    range: cagr?.ok ? cagr.range : average?.ok ? average.range : range,
    scope,
    basis,
    ...(version.versions ? { versions: version.versions } : {}),
    pathway,
    ...(Object.keys(instructions).length ? { instructions } : {}),
    ...(Object.keys(operandScopes).length ? { operandScopes } : {}),
    ...(unknownCompanies.length ? { unknownEntities: unknownCompanies } : {}),
  };
  return { status: 'planned', intent, notes };
}

interface ExpressionInput {
  question: string;
  spans: SpanMap;
  entities: EntityRef[];
  entityAt: { id: string; start: number; end: number }[];
  measureAt: { ref: MetricRef; start: number; end: number }[];
  phrases: PeriodPhrase[];
  /** a range of years in the question ("FY2023 to FY2025"): added up, it is each of its years */
  rangeSpan: YearRangeSpan | null;
  ow: OperationWords;
  prefixW: OperationWords['prefix'];
  arithW: OperationWords['infix'];
  methodW: OperationWords['method'];
  basis: Intent['basis'];
  instructions: NonNullable<Intent['instructions']>;
  notes: string[];
  prev: Intent | null;
}

/**
 * Explicit arithmetic ("add Q1 and Q2 revenue", "net income divided by revenue", "take FY2021 and
 * subtract the first nine months"): operands each with their own measure and period, evaluated by
 * lib/calc, which refuses invalid joins with typed errors.
 */
/** A clause whose one period phrase stands for several periods, as one clause per period (the measure stays with the first). */
function spreadWindow(c: Clause, range: YearRangeSpan | null): Clause[] {
  let specs: { text: string; spec: PeriodSpec }[] | null = null;
  const [a, b] = c.periods;
  if (range && c.periods.length === 2 && a!.start >= range.start && b!.end <= range.end) {
    const years = Array.from({ length: range.to - range.from + 1 }, (_, k) => range.from + k);
    const s = a!.spec;
    specs = years.map((y) =>
      s.type === 'fiscal'
        ? { text: `FY${y}`, spec: { ...s, year: { ...s.year, year: y } } }
        : { text: String(y), spec: { type: 'bare_year' as const, year: y } },
    );
  } else if (
    c.periods.length === 1 &&
    a!.spec.type === 'fiscal' &&
    (a!.spec.position === 'H1' || a!.spec.position === '9M') &&
    /\bquarters\b/i.test(a!.text)
  ) {
    const s = a!.spec;
    specs = (s.position === 'H1' ? (['Q1', 'Q2'] as const) : (['Q1', 'Q2', 'Q3'] as const)).map((q) => ({
      text: quarterText(q, s.year),
      spec: { ...s, position: q },
    }));
  }
  if (!specs) return [c];
  const first = c.periods[0]!;
  return specs.map((p, i) => ({
    start: c.start,
    end: c.end,
    measures: i === 0 ? c.measures : [],
    periods: [{ text: p.text, start: first.start, end: first.end, rule: 'spread', spec: p.spec }],
  }));
}

function planExpression(x: ExpressionInput): PlanResult {
  const { question, spans, notes } = x;
  const ops = new Set<string>([...x.prefixW.map((p) => p.op), ...x.arithW.map((a) => a.op)]);
  if (ops.size > 1) {
    return {
      status: 'needs_clarification',
      clarification: {
        question: `This asks for more than one kind of calculation (${[...ops].join(', ')}). Ask for one at a time.`,
        options: [],
      },
      partial: { entities: x.entities },
      notes,
    };
  }
  const op = [...ops][0] as 'sum' | 'difference' | 'ratio' | 'share';
  if (x.entities.length > 1) {
    return {
      status: 'needs_clarification',
      clarification: {
        question: 'A calculation across several companies is not something Ledgerline combines; ask for each company, or compare them.',
        options: [],
      },
      partial: { entities: x.entities },
      notes,
    };
  }
  for (const w of [...x.prefixW, ...x.arithW]) spans.claim(w.start, w.end, 'operation', w.op);

  // where the operands are: after a prefix verb or a method divider; before "to get"; the rest names the target
  let region: [number, number] = [0, question.length];
  let target: [number, number] | null = null;
  const divider = [
    ...x.methodW,
    ...[...question.matchAll(/\s=\s|:\s/g)].map((m) => ({ start: m.index!, end: m.index! + m[0].length, text: m[0] })),
  ]
    .filter((m) => /^(?:computed|calculated|defined|take|\s*[=:])/i.test(m.text.trim() || m.text))
    .sort((a, b) => a.start - b.start)[0];
  const toGet = x.methodW.find((m) => /^to\s+get/i.test(m.text));
  const prefix = [...x.prefixW].sort((a, b) => a.start - b.start)[0];
  if (divider) {
    target = [0, divider.start];
    region = [divider.end, question.length];
  } else if (prefix?.postfix) {
    // "combined", "in total" close the operands: everything before them
    region = [0, prefix.start];
  } else if (prefix) {
    target = [0, prefix.start];
    region = [prefix.end, question.length];
  }
  if (toGet && toGet.start >= region[0]) {
    target = [toGet.end, question.length];
    region = [region[0], toGet.start];
  }
  for (const m of x.methodW) spans.claim(m.start, m.end, 'operation', 'method');

  const inRange = (r: [number, number]) => (s: { start: number; end: number }) => s.start >= r[0] && s.end <= r[1];
  const targetMeasure = target ? (x.measureAt.find(inRange(target)) ?? null) : null;
  const targetPeriod = target ? (x.phrases.find(inRange(target)) ?? null) : null;

  // split the operand region at the operators and joining words
  const splits = [...x.arithW, ...x.ow.infix.filter((j) => j.op === 'join' && !spans.taken(j.start, j.end))]
    .filter(inRange(region))
    .sort((a, b) => a.start - b.start || b.end - a.end)
    .filter((s, i, all) => !all.slice(0, i).some((p) => s.start < p.end));
  const reversed = x.prefixW.some((p) => p.reversed) && splits.some((s) => /^from$/i.test(s.text.trim()));
  const bounds: [number, number][] = [];
  let cur = region[0];
  for (const s of splits) {
    bounds.push([cur, s.start]);
    cur = s.end;
    if (s.op === 'join') spans.claim(s.start, s.end, 'operation', 'join');
  }
  bounds.push([cur, region[1]]);
  const written: Clause[] = bounds
    .map(([s, e]) => ({ start: s, end: e, measures: x.measureAt.filter(inRange([s, e])), periods: x.phrases.filter(inRange([s, e])) }))
    .filter((c) => c.measures.length > 0 || c.periods.length > 0 || POSITION_WORDS.test(question.slice(c.start, c.end)));
  // added up, a range of years is each of its years ("aggregate revenue FY2023 to FY2025", "cumulative
  // net income 2023 through 2025") and a run of quarters is each of its quarters ("the sum of the first
  // two quarters of 2025"): one operand per period, so a sum checks each of them (and refuses what does not add)
  const clauses: Clause[] = op === 'sum' ? written.flatMap((c) => spreadWindow(c, x.rangeSpan)) : written;
  // position words without a year ("the first nine months") read from the clause text
  for (const c of clauses) {
    POSITION_WORDS.lastIndex = 0;
    if (c.periods.length > 0) continue;
    const m = POSITION_WORDS.exec(question.slice(c.start, c.end));
    const pos = m ? loosePosition(m[0]) : null;
    if (m && pos) {
      const s = c.start + m.index;
      spans.claim(s, s + m[0].length, 'period', pos);
      c.periods.push({
        text: m[0],
        start: s,
        end: s + m[0].length,
        rule: 'position_words',
        spec: { type: 'latest_position', position: pos },
      });
    }
  }
  if (clauses.length < 2) {
    return {
      status: 'needs_clarification',
      clarification: { question: 'Which figures should be combined? Name each operand with its measure and period.', options: [] },
      partial: { entities: x.entities },
      notes,
    };
  }
  const measureClauses = clauses.filter((c) => c.measures.length > 0);
  const allPeriods = clauses.flatMap((c) => c.periods);
  let operands: { metric: MetricRef; period: PeriodPhrase | null }[] = [];
  if (measureClauses.length >= 2) {
    const shared = clauses.filter((c) => c.measures.length === 0 && c.periods.length === 1).map((c) => c.periods[0]!);
    for (const c of measureClauses) {
      if (c.measures.length > 1 || c.periods.length > 1) {
        return {
          status: 'needs_clarification',
          clarification: {
            question: `I could not tell which period goes with which figure in “${question.slice(c.start, c.end).trim()}”.`,
            options: [],
          },
          partial: { entities: x.entities },
          notes,
        };
      }
      const own =
        c.periods[0] ?? (shared.length === 1 ? shared[0]! : null) ?? targetPeriod ?? (allPeriods.length === 1 ? allPeriods[0]! : null);
      operands.push({ metric: c.measures[0]!.ref, period: own });
    }
  } else {
    const measure = measureClauses[0]?.measures[0]?.ref ?? targetMeasure?.ref ?? null;
    if (!measure || measureClauses.some((c) => c.measures.length > 1)) {
      return {
        status: 'needs_clarification',
        clarification: { question: 'Which measure should the calculation use?', options: [] },
        partial: { entities: x.entities },
        notes,
      };
    }
    const periodClauses = clauses.filter((c) => c.periods.length > 0);
    if (periodClauses.some((c) => c.periods.length > 1)) {
      return {
        status: 'needs_clarification',
        clarification: { question: 'I could not tell the operands of this calculation apart; name each period once.', options: [] },
        partial: { entities: x.entities },
        notes,
      };
    }
    operands = periodClauses.map((c) => ({ metric: measure, period: c.periods[0]! }));
  }
  if (operands.length < 2 || operands.some((o) => !o.period)) {
    return {
      status: 'needs_clarification',
      clarification: { question: 'Which period does each figure of the calculation cover? Ledgerline never assumes one.', options: [] },
      partial: { entities: x.entities },
      notes,
    };
  }
  // a position without its year takes the year of a sibling ("Q1 and Q2 2022")
  const specs = operands.map((o) => o.period!.spec);
  const sibling = specs.find((s) => yearOf(s));
  const ordered = reversed ? [...operands].reverse() : operands;
  if ((op === 'difference' || op === 'ratio' || op === 'share') && ordered.length !== 2) {
    return {
      status: 'needs_clarification',
      clarification: { question: `A ${op} takes exactly two figures; this names ${ordered.length}.`, options: [] },
      partial: { entities: x.entities },
      notes,
    };
  }
  const requests: PeriodRequest[] = ordered.map((o) => ({
    text: o.period!.text,
    spec: withYear(o.period!.spec, sibling),
    forMetric: null,
  }));
  if (requests.some((r) => r.spec.type === 'latest_position')) {
    return {
      status: 'needs_clarification',
      clarification: { question: 'Which year do the periods of this calculation belong to?', options: [] },
      partial: { entities: x.entities },
      notes,
    };
  }
  // the target names the measure and period the calculation stands for ("operating margin", "Q4 2021 gross profit")
  for (const w of x.ow.growth.concat(x.ow.change))
    if (!spans.taken(w.start, w.end) && target && inRange(target)(w)) spans.claim(w.start, w.end, 'operation', w.text);
  const loose = spans.unplacedPhrases();
  if (loose.length > 0) {
    return {
      status: 'needs_clarification',
      clarification: {
        question: `I could not place ${loose.map((l) => `“${l}”`).join(', ')} in this calculation, so I will not guess. Please rephrase.`,
        options: [],
      },
      partial: { entities: x.entities },
      notes: [...notes, `unplaced words: ${loose.join(', ')}`],
    };
  }
  // "combined", "together", "in total", "aggregate", "cumulative": the periods taken together (a ratio over
  // their combined span); "plus", "add", "sum of": the figures added as written (a ratio refuses that)
  const combined =
    op === 'sum' &&
    [...x.prefixW, ...x.arithW].every((w) =>
      /^(?:combined|together|cumulative(?:ly)?|in\s+total|in\s+aggregate|combin(?:e|ing)|aggregate)\b/i.test(w.text.trim()),
    );
  const expression: ExpressionNode = {
    kind: 'op',
    op,
    args: ordered.map((o, i) => ({ kind: 'operand', operand: { metric: o.metric, period: requests[i]! } })),
    ...(combined ? { combined: true as const } : {}),
  };
  const metric = targetMeasure?.ref ?? ordered[0]!.metric;
  const targetRequest: PeriodRequest[] = targetPeriod
    ? [{ text: targetPeriod.text, spec: targetPeriod.spec, forMetric: '__target__' }]
    : [];
  const intent: Intent = {
    entities: x.entities,
    metric,
    operation: 'expression',
    expression,
    periods: [...requests, ...targetRequest],
    range: null,
    scope: 'consolidated',
    basis: x.basis,
    pathway: 'detail',
    ...(Object.keys(x.instructions).length ? { instructions: x.instructions } : {}),
  };
  return { status: 'planned', intent, notes };
}

/**
 * Words that join or qualify period phrases: "2017 through 2021", "YTD through September 30, 2022",
 * "fiscal Q2 2025", "on a trailing 12-month basis", "FY24 year-end".
 */
function claimPeriodJoiners(question: string, spans: SpanMap): void {
  const periods = spans
    .map()
    .filter((e) => e.role === 'period')
    .sort((a, b) => a.start - b.start);
  for (let i = 1; i < periods.length; i++) {
    const gap = question.slice(periods[i - 1]!.end, periods[i]!.start);
    const m = /^\s*(?:,\s*)?(through|thru|to|until|till|ending|ended|as\s+of|at)\s*$/i.exec(gap);
    if (m) spans.claim(periods[i - 1]!.end, periods[i]!.start, 'period', m[1]!.toLowerCase());
  }
  for (const p of periods) {
    // "through the first three quarters of fiscal 2025": the year to date, so "through" leads it
    const lead =
      /\b(?:over|during|across|throughout|within)\s+(?:the\s+)?$/i.exec(question.slice(Math.max(0, p.start - 16), p.start)) ??
      (/^(?:the\s+)?first\b/i.test(question.slice(p.start, p.end))
        ? /\b(?:through|thru)\s+(?:the\s+)?$/i.exec(question.slice(Math.max(0, p.start - 16), p.start))
        : null);
    if (lead) spans.claim(p.start - lead[0].length, p.start, 'period', lead[0].trim());
    const before = /(?:\bfiscal\s*)$/i.exec(question.slice(Math.max(0, p.start - 8), p.start));
    if (before) spans.claim(p.start - before[0].length, p.start, 'period', 'fiscal');
    const after = /^\s*(?:basis\b|year[- ]ends?\b|period[- ]end\b)/i.exec(question.slice(p.end, p.end + 14));
    if (after) spans.claim(p.end, p.end + after[0].length, 'period', after[0].trim());
  }
}

const QUARTER_RUN_JOIN = /^\s*(?:-|–|—|to|through|thru|until)\s*$/i;
const QUARTERS = ['Q1', 'Q2', 'Q3', 'Q4'] as const;

/**
 * Runs of quarters written as a range ("Q1-Q3 2025", "Q1 through Q3 FY2026", "1Q25-3Q25", "Q3 2024-Q2
 * 2025"): the first phrase of each run maps to the request of every quarter from its start to its end, in
 * order; the last phrase maps to nothing. Only fiscal quarters (or calendar quarters) of one kind, at most
 * twelve, and only a range that runs forward.
 */
function quarterRuns(question: string, phrases: PeriodPhrase[]): Map<PeriodPhrase, PeriodRequest[]> {
  const out = new Map<PeriodPhrase, PeriodRequest[]>();
  const sorted = [...phrases].sort((a, b) => a.start - b.start);
  const quarterOf = (p: PeriodPhrase) =>
    (p.spec.type === 'fiscal' || p.spec.type === 'calendar') && (QUARTERS as readonly string[]).includes(p.spec.position) ? p.spec : null;
  for (let i = 0; i + 1 < sorted.length; i++) {
    const a = sorted[i]!;
    const b = sorted[i + 1]!;
    const qa = quarterOf(a);
    const qb = quarterOf(b);
    if (!qa || !qb || qa.type !== qb.type || !QUARTER_RUN_JOIN.test(question.slice(a.end, b.start))) continue;
    const ya = qa.type === 'fiscal' ? qa.year.year : qa.year;
    const yb = qb.type === 'fiscal' ? qb.year.year : qb.year;
    const from = ya * 4 + QUARTERS.indexOf(qa.position as (typeof QUARTERS)[number]);
    const to = yb * 4 + QUARTERS.indexOf(qb.position as (typeof QUARTERS)[number]);
    if (to <= from || to - from >= 12) continue;
    const requests: PeriodRequest[] = [];
    for (let k = from; k <= to; k++) {
      const year = Math.floor(k / 4);
      const position = QUARTERS[k % 4]!;
      const spec: PeriodSpec =
        qb.type === 'fiscal'
          ? {
              type: 'fiscal',
              position,
              year: { ...(year === yb ? qb.year : qa.type === 'fiscal' && year === ya ? qa.year : { year, style: qb.year.style }), year },
            }
          : { type: 'calendar', position, year };
      requests.push({ text: `${position} ${year}`, spec, forMetric: null });
    }
    out.set(a, requests);
    out.set(b, []);
    i++;
  }
  return out;
}

/** The question with one word replaced (a clarification chip's rewrite). */
function replaceWord(question: string, word: string | undefined, by: string): string {
  if (!word) return `${question} (${by})`;
  const re = new RegExp(`\\b${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i');
  return re.test(question) ? question.replace(re, by) : `${question} (${by})`;
}

function replaceMention(question: string, tokens: Token[], m: { text: string; via: string }, by: string): string {
  const sp = entitySpans(question, tokens, m, () => false);
  return sp ? question.slice(0, sp[0]) + by + question.slice(sp[1]) : `${question} (${by})`;
}

/** The four fiscal quarters of a year phrase ("fiscal 2025", "2025"), written with the phrase's own year. */
function quartersOf(p: PeriodPhrase): PeriodRequest[] {
  const year = yearOf(p.spec);
  if (!year) return [{ text: p.text, spec: p.spec, forMetric: null }];
  return (['Q1', 'Q2', 'Q3', 'Q4'] as const).map((q) => ({
    text: quarterText(q, year),
    spec: { type: 'fiscal' as const, position: q, year },
    forMetric: null,
  }));
}

/** "Q1 FY2025" (a fiscal year written as such) or "Q1 2025" (a bare year, read as the question wrote it). */
function quarterText(q: string, year: Extract<PeriodSpec, { type: 'fiscal' }>['year']): string {
  return year.style === 'fiscal' ? `${q} FY${year.year}` : `${q} ${year.year}`;
}

/**
 * A TTM written apart from the period it ends with ("TTM revenue growth y/y as of FQ1'27"): the TTM
 * phrase without its own end, and exactly one other period, introduced by an end word (as of,
 * through, to, ending, ended, until, at). Null when the question is anything else.
 */
function ttmAnchor(
  question: string,
  phrases: PeriodPhrase[],
): { ttm: PeriodPhrase; anchor: PeriodPhrase; joiner: { start: number; end: number } | null } | null {
  const ttm = phrases.find((p) => p.spec.type === 'ttm' && p.spec.ref === null);
  const others = phrases.filter((p) => p !== ttm);
  if (!ttm || others.length !== 1) return null;
  const anchor = others[0]!;
  if (anchor.start < ttm.end || !['fiscal', 'instant', 'latest_position', 'named_by_month', 'relative'].includes(anchor.spec.type))
    return null;
  const from = Math.max(ttm.end, anchor.start - 12);
  const lead = /\b(?:as\s+of|through|thru|to|ending|ended|until|till|at)\s*$/i.exec(question.slice(from, anchor.start));
  if (!lead) return null;
  const start = from + lead.index;
  return { ttm, anchor, joiner: { start, end: start + lead[0].trimEnd().length } };
}
