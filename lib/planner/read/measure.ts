/**
 * The measure reader: the measures a question names (lib/planner/match-metric: the ontology's phrases,
 * the filer's concept labels, statement captions), placed in the span map; definitions that agree with
 * the library's formula (lib/planner/definitions) are placed and add nothing; a word with several
 * readings ("margin", "profit") is placed and asked about later, when no measure settles it.
 */
import { readDefinitions } from '../definitions';
import { withinInstruction } from '../instructions';
import { matchMetrics } from '../match-metric';
import type { Reader } from './types';

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

export const measureReader: Reader = {
  name: 'measure',
  read(r) {
    const { question, spans, notes, ctx } = r;
    const instructionClaims = r.instructionsRead.claims;
    const matched = matchMetrics(question, ctx.measures);
    // a measure word inside an instruction is part of a statement's name ("cash flow statement")
    r.metricMentions = matched.mentions.filter((m) => !withinInstruction(instructionClaims, m.start, m.end));
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
      const part: [number, number] | null = spans.taken(m.start, m.end)
        ? spans.untaken(m.start, m.end, ['basis', 'instruction'])
        : [m.start, m.end];
      if (part) spans.claim(part[0], part[1], 'measure', m.ref.id);
    }
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
