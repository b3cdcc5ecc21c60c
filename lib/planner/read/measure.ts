/**
 * The measure reader: the measures a question names (lib/planner/match-metric: the ontology's phrases,
 * the filer's concept labels, statement captions), placed in the span map; definitions that agree with
 * the library's formula (lib/planner/definitions) are placed and add nothing; a word with several
 * readings ("margin", "profit") is placed and asked about later, when no measure settles it.
 */
import { readDefinitions } from '../definitions';
import { dimsKeyOf } from '@/lib/retrieval/lookup-facts';
import { withinInstruction, withoutInstructions } from '../instructions';
import { withMember, withoutGlosses } from '../match-member';
import { matchMetrics } from '../match-metric';
import { getFormula } from '@/lib/ontology/formulas';
import { isFiller } from '../filler';
import { restatesMeasure } from '@/lib/ontology/vocabulary/gloss';
import { getMetric, METRICS } from '@/lib/ontology/metrics';
import type { MetricRef } from '../types';
import { FORM_CODE } from '../version-basis';
import { BARE_TURNS, CLASS_VERBS, measureClass, TURNS, VERB_COMPLEMENTS } from './ordinary-words';
import { SOURCE_PREPOSITIONS } from './discourse-lexicon';
import type { MeasureAt, Reader, Reading } from './types';

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

/**
 * A parenthesis after a measure (its period or company may come between) whose words only restate it, in the
 * ontology's words or the filer's own label of the line ("capex (purchases of property, equipment and
 * intangibles)", "dividend payments (including dividend equivalents)"): placed with the measure; a measure
 * matched inside it is the gloss's word, not a second figure.
 */
function placeParentheticalGlosses(r: Reading): void {
  const { question, spans } = r;
  const labels = r.ctx.measures?.labels ?? [];
  for (const m of [...r.measureAt]) {
    const open = question.indexOf('(', m.end);
    const close = open < 0 ? -1 : question.indexOf(')', open);
    if (close < 0 || question.slice(open + 1, close).includes('(')) continue;
    // only placed words (a period, the company) and filler between the measure and the parenthesis
    const between = spans.tokens.filter((t) => t.start >= m.end && t.end <= open);
    if (between.some((t) => !spans.taken(t.start, t.end) && !isFiller(t.lower))) continue;
    if (r.measureAt.some((o) => o !== m && o.start >= m.end && o.end <= open)) continue;
    const own = labels.filter((l) => l.metricId === m.ref.id).map((l) => l.label);
    const inside = (x: { start: number; end: number }) => x.start > open && x.end <= close;
    // a member, a period or another placed word inside is not a gloss
    if (spans.placed().some((e) => inside(e) && e.role !== 'measure' && e.role !== 'filler')) continue;
    if (!restatesMeasure(question.slice(open + 1, close), m.ref.id, own)) continue;
    r.metricMentions = r.metricMentions.filter((x) => !inside(x));
    r.measureAt = r.measureAt.filter((x) => !inside(x));
    for (const t of spans.tokens) if (inside(t) && !spans.taken(t.start, t.end)) spans.claim(t.start, t.end, 'qualifier', 'gloss');
  }
}

/**
 * A measure written around the company's name or a period the question names ("cash income taxes Apple paid",
 * "profit 2024 including non-controlling interests"): read as if the name (and its possessive) or the period
 * were not there, where that reads a mention across it; the mentions it overlaps give way. Across a period only
 * a stored measure is read: a ratio read across one ("R&D as a share of annual revenue") would drop the period
 * one of its operands is asked for.
 */
function readAround(
  question: string,
  entityAt: readonly { start: number; end: number }[],
  periodAt: readonly { start: number; end: number }[],
  matched: ReturnType<typeof matchMetrics>,
  ctx: Reading['ctx'],
): ReturnType<typeof matchMetrics> {
  if (entityAt.length === 0 && periodAt.length === 0) return matched;
  let blanked = question;
  for (const e of entityAt) {
    const end = e.end + (/^['’]s?\b/.exec(question.slice(e.end))?.[0].length ?? 0);
    blanked = blanked.slice(0, e.start) + ' '.repeat(end - e.start) + blanked.slice(end);
  }
  for (const p of periodAt) blanked = blanked.slice(0, p.start) + ' '.repeat(p.end - p.start) + blanked.slice(p.end);
  const inside = (m: { start: number; end: number }, gaps: readonly { start: number; end: number }[]) =>
    gaps.some((e) => m.start < e.start && e.end < m.end);
  const across = matchMetrics(blanked, ctx.measures).mentions.filter(
    (m) => inside(m, entityAt) || (inside(m, periodAt) && m.ref.kind === 'base' && !m.ref.formulaId),
  );
  if (across.length === 0) return matched;
  const kept = matched.mentions.filter((m) => !across.some((a) => m.start < a.end && a.start < m.end));
  return { ...matched, mentions: [...kept, ...across].sort((a, b) => a.start - b.start) };
}

/**
 * "Did Google Cloud make money in 2022? Give its operating income": a question answered by the sign of a
 * figure ("make money", "turn a profit": the bottom line) followed by an instruction that names the figure to
 * judge by — that figure answers it, and the bottom line is not asked beside it.
 */
function judgedBy(r: Reading): void {
  const { question, spans } = r;
  const sign = r.measureAt.filter((m) => /\b(?:money|profit)\b/i.test(question.slice(m.start, m.end)));
  const instructions = spans.placed().filter((e) => e.role === 'instruction');
  const named = r.measureAt.filter(
    (m) =>
      !sign.includes(m) &&
      sign.some((s) => s.end <= m.start) &&
      instructions.some((i) => i.end <= m.start && /^\s*(?:(?:its|their|the)\s+)?$/i.test(question.slice(i.end, m.start))),
  );
  if (sign.length !== 1 || named.length !== 1) return;
  const [s] = sign;
  r.metricMentions = r.metricMentions.filter((m) => !(s && m.start === s.start));
  r.measureAt = r.measureAt.filter((m) => m !== s);
  r.notes.push(`the sign of ${named[0]?.ref.label.toLowerCase()} answers “${s ? question.slice(s.start, s.end) : ''}”`);
}

/**
 * A filing's cover page ("on the cover of", "per the 10-K cover page", "as of the cover date of its 10-Q", "on the
 * front page of the annual report"), with the words that lead to it ("according to", "per", "as of").
 */
const COVER = new RegExp(
  String.raw`(?:\b(?:according\s+to|going\s+by|based\s+on|as\s+(?:of|at|on)|per|on|from|in|at)\s+(?:the\s+|its\s+|their\s+)?(?:${FORM_CODE}\s+)?)?\b(?:(?:front\s+)?cover(?:\s+(?:page|sheet|date))?|front\s+page)\b`,
  'gi',
);
/** A verb of a filing giving a figure, beside a cover page's words ("as disclosed on", "did it state on"). */
const COVER_VERB = /\b(?:as\s+)?(?:disclos(?:e|es|ed|ing)|state[sd]?|stating|show(?:s|n|ed)?|give[sn]?|gave|print(?:s|ed)?)\b/gi;
/** "(as of) the date on / of (the FY2024 10-K) cover": the words naming the cover's own date, up to the filing's name. */
const COVER_DATE =
  /\b(?:(?:as\s+(?:of|at|on)|at|on)\s+)?(?:the\s+)?date\s+(?:on|of|shown\s+on|printed\s+on|given\s+on)\s+(?:the\s+|its\s+|their\s+)?(?=(?:[\w'’-]+\s+){0,3}?(?:front\s+)?cover\b|front\s+page\b)/gi;
/** The form of the filing whose cover it is. */
const FORM = new RegExp(String.raw`(?<![\w-])${FORM_CODE}(?![\w-])`, 'gi');

/**
 * A figure the cover page of a filing gives (the shares outstanding at the cover date, the public float):
 * the one measure asked, one of whose concepts is a cover (dei) concept, is marked to be read from the cover
 * of the filing for the period named (its own date, not the period end's balance); the cover and form words
 * are placed with it.
 */
function readCover(r: Reading): void {
  const { question, spans } = r;
  const covers = [...question.matchAll(COVER)];
  const [only, ...more] = r.metricMentions;
  if (!only || more.length > 0 || only.ref.cover) return;
  const metric = getMetric(only.ref.id);
  if (metric?.periodType !== 'instant' || !metric.concepts.some((c) => c.startsWith('dei:'))) return;
  // a figure only a cover gives (the public float) is the cover's wherever it is asked
  if (covers.length === 0 && !metric.concepts.every((c) => c.startsWith('dei:') || c.startsWith('report:'))) return;
  for (const m of [...covers, ...question.matchAll(FORM)]) {
    const start = m.index ?? 0;
    // "per its 20-F cover" where "per its 20-F" names the filing: the cover words after it
    const end = start + m[0].length;
    const part: [number, number] | null = spans.taken(start, end) ? spans.untaken(start, end, ['basis']) : [start, end];
    if (part) spans.claim(part[0], part[1], 'qualifier', 'cover');
  }
  // "as disclosed on its 10-K cover", "what … did it state on the cover": a verb of the cover giving the figure
  if (covers.length > 0)
    for (const m of question.matchAll(COVER_VERB)) {
      const start = m.index ?? 0;
      if (!spans.taken(start, start + m[0].length)) spans.claim(start, start + m[0].length, 'qualifier', 'cover');
    }
  // "as of the date on the FY2024 10-K cover", "at the date shown on its cover page": the cover's own date
  for (const m of question.matchAll(COVER_DATE)) spans.claimWords(m.index ?? 0, (m.index ?? 0) + m[0].length, 'qualifier', 'cover date');
  // "(cover) dated 14 October 2024": the date is the cover's
  for (const m of question.matchAll(/\bdated(?=\s+)/gi)) {
    const start = m.index ?? 0;
    const next = /^\s+/.exec(question.slice(start + m[0].length))?.[0].length ?? 0;
    const at = start + m[0].length + next;
    const dated = spans.placed().some((e) => e.role === 'period' && e.start === at);
    if (dated && !spans.taken(start, start + m[0].length)) spans.claim(start, start + m[0].length, 'qualifier', 'cover date');
  }
  // "(March 2025)": a cover is dated on a day, so a month names the cover dated in it, never a reported period
  r.phrases = r.phrases.map((p) => (p.spec.type === 'month' ? { ...p, spec: monthDays(p.spec.year, p.spec.month) } : p));
  const ref = { ...only.ref, cover: true as const };
  only.ref = ref;
  r.measureAt = r.measureAt.map((m) => (m.start === only.start ? { ...m, ref } : m));
  r.notes.push(
    covers.length
      ? `read “${covers.map((c) => c[0]).join('”, “')}” as the ${metric.label.toLowerCase()} the cover page gives, at its own date`
      : `the ${metric.label.toLowerCase()} is a cover page's, at its own date`,
  );
}

/** The days of a calendar month, as a span of dates. */
function monthDays(year: number, month: number): { type: 'date_range'; start: string; end: string } {
  const mm = String(month).padStart(2, '0');
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { type: 'date_range', start: `${year}-${mm}-01`, end: `${year}-${mm}-${String(last).padStart(2, '0')}` };
}

/** Instruction claims that only ask for an answer (lib/planner/instructions, ./discourse-lexicon): they name no figure. */
const ASKING_CLAUSES = new Set(['task', 'preamble', 'answer form', 'role', 'what the asker is doing']);

export const measureReader: Reader = {
  name: 'measure',
  read(r) {
    const { question, spans, notes, ctx } = r;
    const instructionClaims = r.instructionsRead.claims;
    // the company's name and a period named inside a measure's words ("profit 2024 including …") are read around
    const periodAt = r.phrases.filter((p) => spans.placed().some((x) => x.role === 'period' && x.start <= p.start && p.end <= x.end));
    const around = [...r.entityAt, ...periodAt];
    // a task verb or a clause asking for the answer names no measure nor member ("…, compute (R&D + SG&A) / revenue"
    // beside a "Compute" product line)
    const text = withoutInstructions(
      question,
      instructionClaims.filter((c) => ASKING_CLAUSES.has(c.detail)),
    );
    const matched = readAround(text, r.entityAt, periodAt, matchMetrics(text, ctx.measures), ctx);
    // a measure word inside an instruction is part of a statement's name ("cash flow statement")
    const read = withoutGlosses(
      question,
      matched.mentions.filter((m) => !withinInstruction(instructionClaims, m.start, m.end)),
    );
    r.metricMentions = read.mentions;
    for (const g of read.glosses) spans.claim(g.start, g.end, 'measure', g.id);
    // the word with several readings ("margin", "profit"), as written in the question
    r.ambiguous = matched.ambiguous
      ? {
          ...matched.ambiguous,
          phrase: matched.ambiguous.phrase ?? /\b(margins?|profits?|earnings|eps|earnings per share)\b/i.exec(question)?.[1],
        }
      : null;
    const normMap = metricNormMap(question);
    r.measureAt = r.metricMentions.map((m) => {
      const [s, e] = metricSpan(question, m, normMap);
      return { ref: m.ref, start: s, end: e };
    });
    for (const m of r.measureAt) {
      // a measure written around the company's name or the period: its words on either side
      if (around.some((e) => m.start < e.start && e.end < m.end)) {
        spans.claimWords(m.start, m.end, 'measure', m.ref.id);
        continue;
      }
      const part: [number, number] | null = spans.taken(m.start, m.end)
        ? spans.untaken(m.start, m.end, ['basis', 'instruction'])
        : [m.start, m.end];
      if (part) spans.claim(part[0], part[1], 'measure', m.ref.id);
    }
    claimNetAppositive(r);
    claimContinuingOperations(r);
    placeParentheticalGlosses(r);
    judgedBy(r);
    readCover(r);
    // definitions that agree with the ontology's formula are placed and add nothing (lib/planner/definitions)
    const defs = readDefinitions(
      question,
      r.measureAt.map((m, i) => ({
        id: m.ref.id,
        start: m.start,
        end: m.end,
        extra: (r.metricMentions[i]!.qualifiers ?? []).map((q) => ({ start: q.start, end: q.end })),
      })),
      r.phrases,
      (s, e) => withinInstruction(instructionClaims, s, e),
    );
    if (defs.claims.length > 0) {
      for (const c of defs.claims) spans.claim(c.start, c.end, 'operation', c.detail);
      // a day count stated for a days measure ("365 days") replaces the days in its period
      for (const [i, dayCount] of defs.dayCounts) {
        const m = r.metricMentions[i];
        if (!m) continue;
        m.ref = { ...m.ref, dayCount };
        r.measureAt = r.measureAt.map((x) => (x.start === m.start && x.ref.id === m.ref.id ? { ...x, ref: m.ref } : x));
      }
      r.metricMentions = r.metricMentions.filter((_, i) => !defs.mentions.has(i));
      r.measureAt = r.measureAt.filter((_, i) => !defs.mentions.has(i));
      r.phrases = r.phrases.filter((p) => !defs.phrases.has(p));
      for (const p of defs.phrases) r.pins.delete(p);
      const rs = r.rangeSpan;
      if (rs && defs.claims.some((c) => c.start <= rs.start && rs.end <= c.end)) {
        r.rangeSpan = null;
        r.range = null;
      }
      notes.push(...defs.claims.map((c) => `read “${question.slice(c.start, c.end).trim()}” as the ${c.detail}`));
    }
    return null;
  },
};

/**
 * "income taxes paid, net": the caption's own appositive ", net" after a measure whose reported figure is the net
 * one (the first concept of its chain is a …Net concept, or the filer's concept is) adds nothing; after any other
 * measure it stays unplaced ("property and equipment, net" is its own caption, matched whole).
 */
function claimNetAppositive(r: Reading): void {
  for (const m of r.measureAt) {
    const net = /^\s*,\s*net\b(?!\s+(?:of|income|loss|sales|revenues?|cash|debt|change|increase|decrease)\b)/i.exec(
      r.question.slice(m.end),
    );
    if (!net) continue;
    const first = firstConcept(m.ref);
    if (!first || !/Net$/.test(first)) continue;
    const s = m.end + net[0].length - 3;
    if (!r.spans.taken(s, s + 3)) r.spans.claim(s, s + 3, 'qualifier', "the caption's “, net”");
  }
}

/** The first concept of a measure's chain (the filer's own for a filer concept). */
function firstConcept(ref: MetricRef): string | undefined {
  return ref.id.startsWith('concept:') ? ref.id.slice('concept:'.length) : getMetric(ref.id)?.concepts[0];
}

/**
 * "considering continuing operations", "from continuing operations": the words say what a measure already is when
 * the first concept of its chain is the continuing operations' one ("income before income taxes"); beside any other
 * measure ("net income") they change it, and stay unplaced.
 */
function claimContinuingOperations(r: Reading): void {
  const continuing = r.measureAt.some((m) => /ContinuingOperations/.test(firstConcept(m.ref) ?? ''));
  if (!continuing) return;
  const re = new RegExp(
    String.raw`\b(?:(?:${SOURCE_PREPOSITIONS}|for|from|of|in)\s+)?(?:the\s+|its\s+|their\s+)?continuing\s+operations(?:\s+only)?\b`,
    'gi',
  );
  for (const m of r.question.matchAll(re)) {
    const s = m.index ?? 0;
    if (!r.spans.taken(s, s + m[0].length)) r.spans.claim(s, s + m[0].length, 'qualifier', 'the measure’s continuing operations');
  }
}

/** After the members are read: the word with several readings is placed (asked about when no measure settles it), and the question's measure chosen. */
export const measureChoiceReader: Reader = {
  name: 'measure',
  read(r) {
    const { question, spans, ctx } = r;
    const ambiguous = r.ambiguous;
    if (ambiguous?.phrase) {
      const m = new RegExp(`\\b${ambiguous.phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i').exec(question);
      if (m && !spans.taken(m.index, m.index + m[0].length)) spans.claim(m.index, m.index + m[0].length, 'measure', 'ambiguous');
    }
    const pinnedMetricIds = new Set(r.pins.values());
    r.candidates = r.metricMentions.filter(
      (m) => !(pinnedMetricIds.has(m.ref.id) && r.metricMentions.length > 1) && (!ctx.onlyMetric || m.ref.id === ctx.onlyMetric),
    );
    r.metric = r.candidates[0]?.ref ?? null;
    return null;
  },
};

/** Sentences of the question (a verb and the measure it governs sit in one). */
function sentenceOf(question: string, at: number): [number, number] {
  const before = question.slice(0, at).search(/[.?!;:](?=\s)[^.?!;:]*$/);
  const start = before < 0 ? 0 : before + 1;
  const after = /[.?!;:](?=\s|$)/.exec(question.slice(at));
  return [start, after ? at + after.index : question.length];
}

/** The library measure `id` as a base reference (null when the ontology has none). */
/** The measure a verb turns `from` into, restricted to the member `from` was read with ("Class C shares … outstanding"). */
function turnedRef(from: MetricRef, to: MetricRef): MetricRef {
  if (!from.dimensions || !from.memberLabel) return to;
  return { ...to, label: withMember(from.memberLabel, to.label), dimensions: from.dimensions, memberLabel: from.memberLabel };
}

export function refOf(id: string): MetricRef | null {
  const m = getMetric(id);
  return m ? { id: m.id, label: m.label, kind: 'base', op: null, numerator: null, denominator: null, periodType: m.periodType } : null;
}

/**
 * The verbs around the measures (./ordinary-words): a verb that turns a measure into another ("pay" with
 * income taxes), a verb that only says what the measure is ("spend on R&D", "carry goodwill") and its
 * complements ("on its books", "to shareholders"); "cash" written as the money of a flow ("how much cash did
 * it spend on …", "pay … in cash") is no second measure. A verb that fits no measure stays unplaced.
 */
export const measureVerbReader: Reader = {
  name: 'measure',
  read(r) {
    const { question, spans } = r;
    const inSentence = (at: number, m: { start: number }) => {
      const [a, b] = sentenceOf(question, at);
      return m.start >= a && m.start < b;
    };
    const isCashWord = (m: MeasureAt) => m.ref.id === 'cash' && /^cash$/i.test(question.slice(m.start, m.end));
    turnBareWords(r, inSentence, isCashWord);
    memberOwnFlow(r);
    parentShare(r);
    // a cover figure the verb made ("how many shares … outstanding according to the cover page")
    readCover(r);
    // a filing named by its form alone, read as the cover's only for a cover figure: else which filing is asked
    if (r.coverForm && !r.metricMentions.some((m) => m.ref.cover))
      return { status: 'needs_clarification', clarification: r.coverForm, partial: { entities: r.entities }, notes: r.notes };
    // "cash" as the money a flow is paid or received in
    const flows = r.measureAt.filter((m) => m.ref.periodType === 'duration');
    const cash = r.measureAt.filter((m) => isCashWord(m) && flows.some((f) => inSentence(m.start, f)));
    if (cash.length) {
      for (const c of cash) spans.claim(c.start, c.end, 'qualifier', 'the cash of the flow');
      r.metricMentions = r.metricMentions.filter((m) => !cash.some((c) => c.start === m.start));
      r.measureAt = r.measureAt.filter((m) => !cash.includes(m));
    }
    for (const { re, fits, unless } of CLASS_VERBS) {
      if (unless?.test(question)) continue;
      for (const v of question.matchAll(re)) {
        const s = v.index ?? 0;
        // the verb with its particles, or the verb alone when a particle belongs to a measure ("lose at the operating line")
        let e = s + v[0].trimEnd().length;
        if (spans.taken(s, e)) e = s + (/^\S+(?:\s+(?:out|back|in|on|through)(?=\s|$))?/.exec(v[0])?.[0].length ?? 0);
        if (spans.taken(s, e)) e = s + (/^\S+/.exec(v[0])?.[0].length ?? 0);
        if (spans.taken(s, e)) continue;
        const near = r.measureAt.filter((m) => inSentence(s, m));
        const turn = near.map((m) => ({ m, t: TURNS.find((t) => t.from.test(m.ref.id) && t.verb.test(v[0])) })).find((x) => x.t);
        const to = turn?.t ? refOf(turn.t.to) : null;
        if (turn && to) {
          for (const list of [r.measureAt, r.metricMentions])
            for (const x of list) if (x.start === turn.m.start) x.ref = turnedRef(x.ref, to);
          spans.claim(s, e, 'qualifier', `verb: ${to.id}`);
          continue;
        }
        if (near.some((m) => measureClass(m.ref.id, m.ref.periodType).includes(fits))) spans.claim(s, e, 'qualifier', 'verb');
      }
    }
    // "on average, how many diluted shares": the measure is itself a weighted average
    for (const a of question.matchAll(/\b(?:on\s+(?:an?\s+)?average|average)\b/gi)) {
      const s = a.index ?? 0;
      const e = s + a[0].length;
      // "how many days of inventory did it hold on average": a ratio over an average balance is an average too
      // (the adverb "on average" only, never "average" before a balance: "ROE on average total assets" names an operand)
      const adverb = /^on\b/i.test(a[0]) && !/^\s*[\p{L}]/u.test(question.slice(e).replace(/^\s*(?:in|for|during|over|across)\b/i, ' ,'));
      const averaged = r.measureAt.some(
        (m) =>
          inSentence(s, m) &&
          (/weighted[- ]average/i.test(m.ref.label) || (adverb && getFormula(m.ref.id)?.relation === 'flow_over_average_balance')),
      );
      if (averaged && !spans.taken(s, e)) spans.claim(s, e, 'qualifier', 'the measure is an average');
    }
    for (const { re, fits } of VERB_COMPLEMENTS)
      for (const c of question.matchAll(re)) {
        const s = c.index ?? 0;
        const e = s + c[0].length;
        const fitting = r.measureAt.some((m) => inSentence(s, m) && measureClass(m.ref.id, m.ref.periodType).includes(fits));
        // the complement without the particle its verb already took ("hand back | to shareholders through") or the
        // company it names ("sitting on | Marvell's | books")
        const part: [number, number] | null = fitting ? (spans.taken(s, e) ? spans.untaken(s, e, ['qualifier', 'entity']) : [s, e]) : null;
        if (part) spans.claim(part[0], part[1], 'qualifier', 'verb complement');
      }
    return null;
  },
};

/**
 * A bare word a verb makes a measure: "how much interest did it pay (in cash)", "how much debt did it pay
 * back", "how much term debt did it repay" (the word inside a measure's name the turn allows). The word read
 * alone as a measure ("shares") becomes the one the verb makes; a "cash" word is no other measure here.
 */
function turnBareWords(r: Reading, inSentence: (at: number, m: { start: number }) => boolean, isCashWord: (m: MeasureAt) => boolean): void {
  const { question, spans } = r;
  for (const b of BARE_TURNS) {
    for (const w of question.matchAll(b.word)) {
      const s = w.index ?? 0;
      const e = s + w[0].length;
      const [a, z] = sentenceOf(question, s);
      const to = refOf(b.to);
      const verb = b.verb.exec(question.slice(a, z));
      if (!to || !verb) continue;
      const same = r.measureAt.find((m) => (m.start === s && m.end === e) || (!!b.within?.test(m.ref.id) && m.start <= s && e <= m.end));
      // a shorter caption inside the word the verb turns ("common stock" in "shares of common stock … outstanding"): the longer reading wins
      const inner = same ? [] : r.measureAt.filter((m) => s <= m.start && m.end <= e && (m.start > s || m.end < e));
      if (inner.length) {
        r.measureAt = r.measureAt.filter((m) => !inner.includes(m));
        r.metricMentions = r.metricMentions.filter((m) => !inner.some((x) => x.start === m.start));
      }
      if (same) {
        for (const list of [r.measureAt, r.metricMentions]) for (const x of list) if (x.start === same.start) x.ref = turnedRef(x.ref, to);
      } else {
        const [first, last] = [inner[0], inner.at(-1)];
        const placedInside = !!first && !!last && !spans.taken(s, first.start) && !spans.taken(last.end, e);
        // another measure in the sentence leaves the word alone, unless the verb is the word's own ("the interest it paid")
        const own = /^\s+(?:(?:it|they|that|which|the\s+company)\s+)?(?:(?:had|has|have|did|does|was|were)\s+)?(?:to\s+)?$/i.test(
          question.slice(e, a + verb.index),
        );
        if ((spans.taken(s, e) && !placedInside) || (!own && r.measureAt.some((m) => inSentence(s, m) && !isCashWord(m)))) continue;
        // the member read before any measure was named is this measure's ("how many Class C shares … outstanding")
        const pending = r.pendingMember;
        const ref = pending ? turnedRef({ ...to, dimensions: pending.dimensions, memberLabel: pending.label }, to) : to;
        r.pendingMember = undefined;
        r.measureAt.push({ ref, start: s, end: e });
        r.metricMentions.push({ ref, phrase: w[0].toLowerCase(), index: s, start: s, end: e, qualifiers: [] });
        spans.claim(s, e, 'measure', to.id);
      }
      const [vs, ve] = [a + verb.index, a + verb.index + verb[0].length];
      if (!spans.taken(vs, ve)) spans.claim(vs, ve, 'qualifier', `verb: ${to.id}`);
      if (r.ambiguous?.phrase && new RegExp(`^${r.ambiguous.phrase}$`, 'i').test(w[0])) r.ambiguous = null;
    }
  }
}

/** A verb of money coming in from somewhere ("make from", "earned from", "generate from"). */
const MADE_FROM = /\b(?:make|makes|made|making|earn|earns|earned|earning|generate[ds]?|generating)\s+(?:in\s+)?from\b/gi;

/**
 * "How much did Alphabet make from YouTube ads": no measure named, a member read, and a verb of money coming in from
 * it. When the one measure the filer reports for that member (its own vocabulary) is money coming in (revenue), that
 * is the figure; a member reported with several measures (a segment's revenue and profit) stays asked.
 */
function memberOwnFlow(r: Reading): void {
  const pending = r.pendingMember;
  if (!pending || r.metricMentions.length > 0) return;
  const ids = new Set(r.entities.map((e) => e.id));
  const sets = (r.ctx.measures?.members ?? []).filter(
    (m) => (!m.entityId || ids.has(m.entityId)) && dimsKeyOf(m.dimensions ?? { [m.axis]: m.member }) === dimsKeyOf(pending.dimensions),
  );
  const measures = new Set(sets.flatMap((m) => m.measures ?? []));
  const [id] = measures;
  const base = measures.size === 1 && id ? refOf(id) : null;
  if (!base || !measureClass(base.id, base.periodType).includes('income')) return;
  const verb = [...r.question.matchAll(MADE_FROM)].find((v) => !r.spans.taken(v.index ?? 0, (v.index ?? 0) + v[0].length));
  if (!verb) return;
  const [s, e] = [verb.index ?? 0, (verb.index ?? 0) + verb[0].length];
  const ref = { ...base, label: withMember(pending.label, base.label), dimensions: pending.dimensions, memberLabel: pending.label };
  r.pendingMember = undefined;
  r.measureAt.push({ ref, start: s, end: e });
  r.metricMentions.push({ ref, phrase: verb[0].toLowerCase(), index: s, start: s, end: e, qualifiers: [] });
  r.spans.claim(s, e, 'measure', base.id);
  r.notes.push(`“${verb[0]}” ${pending.label}: the one figure the filer reports for it, ${base.label.toLowerCase()}`);
}

/** "for its own shareholders", "belonged to Tesla's own stockholders": the owners of the parent. */
const OWN_HOLDERS =
  /\b(?:(?:kept\s+for|keep\s+for|keeps\s+for|for|to|belong(?:s|ed|ing)?\s+to|attributable\s+to|available\s+to)\s+)?(?:its|their|the\s+company['’]s|\S+['’]s?)\s+own\s+(?:shareholders|stockholders|owners|equity\s+holders)\b/gi;
/** "after the minority partners' share", "leaving out non-controlling interests": what the parent's figure leaves out. */
const WITHOUT_MINORITY =
  /\b(?:after|excluding|leaving\s+out|net\s+of|without|less|not\s+counting)\s+(?:the\s+)?(?:non-?\s?controlling|minority)\s+(?:interests?|partners|shareholders|stockholders|owners|holders|stakes?)(?:['’]s?)?(?:\s+(?:share|portion|stake|part|cut))?/gi;
/** A measure the ontology describes as the parent's figure ("Net income attributable to the parent"). */
const isParentFigure = (id: string) => /attributable to the parent/i.test(getMetric(id)?.description ?? '');

/**
 * Words that say a figure is the parent's — its own shareholders', after the minority partners' share — placed with a
 * measure that is the parent's figure (net income, shareholders' equity); where a word with several readings was
 * asked ("profit", "equity"), they choose the one reading that is the parent's figure. With any other measure they
 * stay unplaced and block (revenue has no minority share to leave out).
 */
function parentShare(r: Reading): void {
  const { question, spans } = r;
  const spanOf = (m: RegExpMatchArray) => ({ start: m.index ?? 0, end: (m.index ?? 0) + m[0].length });
  // the minority interests named as what the figure leaves out are no figure asked
  const left = [...question.matchAll(WITHOUT_MINORITY)].map(spanOf);
  const said = [...[...question.matchAll(OWN_HOLDERS)].map(spanOf), ...left]
    // the company's name inside ("Tesla's own stockholders") is placed already; the other words must not be
    .filter((m) => spans.tokens.some((t) => m.start <= t.start && t.end <= m.end && !spans.taken(t.start, t.end)));
  if (said.length === 0) return;
  const inLeft = (m: { start: number; end: number }) => left.some((l) => l.start <= m.start && m.end <= l.end);
  const rest = r.measureAt.filter((m) => !inLeft(m));
  if (rest.some((m) => !isParentFigure(m.ref.id))) return;
  r.measureAt = rest;
  r.metricMentions = r.metricMentions.filter((m) => !inLeft(m));
  if (r.measureAt.length === 0) {
    // the word with several readings, read as the one that is the parent's figure
    const word = /\b(profits?|earnings|equity)\b/i.exec(question);
    const options = word
      ? METRICS.filter((m) => isParentFigure(m.id) && [m.label, ...m.synonyms].some((x) => new RegExp(`\\b${word[1]}\\b`, 'i').test(x)))
      : [];
    const ref = options.length === 1 && options[0] ? refOf(options[0].id) : null;
    if (!word || !ref || spans.taken(word.index, word.index + word[0].length)) return;
    const [start, end] = [word.index, word.index + word[0].length];
    r.measureAt.push({ ref, start, end });
    r.metricMentions.push({ ref, phrase: word[0].toLowerCase(), index: start, start, end, qualifiers: [] });
    spans.claim(start, end, 'measure', ref.id);
    r.ambiguous = null;
  }
  if (r.measureAt.length !== 1 || !r.measureAt.every((m) => isParentFigure(m.ref.id))) return;
  for (const m of said) spans.claimWords(m.start, m.end, 'qualifier', "the parent's share");
}
