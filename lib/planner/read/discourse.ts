/**
 * The discourse reader: the words that say how to answer or who asks, not what about — output
 * instructions (lib/planner/instructions: rounding, scale, currency, percent; statement sources such as
 * "using the cash flow statement"), role-play and answer-form clauses, task verbs, politeness
 * (./discourse-lexicon), and pronouns that are only the object of a request ("tell us"). A second pass,
 * after the content readers, places the source words around what they placed ("based on FY2021 data").
 */
import { type InstructionClaim, type ReadInstructions, readInstructions } from '../instructions';
import { isFiller } from '../filler';
import { readDiscourseClauses, readGlosses, readSourcePhrases } from './discourse-lexicon';
import type { Reader } from './types';

/**
 * Instructions and discourse of a question with the spans they cover: what the narrative router blanks
 * and the period and measure readers leave alone (a measure word in "an equity analyst" is no measure).
 */
export function readDiscourse(question: string): ReadInstructions {
  const read = readInstructions(question);
  const overlaps = (s: number, e: number) => read.claims.some((c) => s < c.end && c.start < e);
  const more: InstructionClaim[] = readDiscourseClauses(question, overlaps).filter((c) => !overlaps(c.start, c.end));
  return { instructions: read.instructions, claims: [...read.claims, ...more].sort((a, b) => a.start - b.start) };
}

export const discourseReader: Reader = {
  name: 'discourse',
  read(r) {
    const { question, spans } = r;
    // "us" is a pronoun only as the object of a request ("tell us", "show us", "give us"); elsewhere — "US
    // revenue", "revenue in the US" — it is a place the planner must place or the answer is blocked
    for (const m of question.matchAll(/\b(?:tell|show|give|let|help|send|get|find|pull|provide|remind|walk)\s+(us)\b/g)) {
      const s = m.index! + m[0].length - 2;
      if (!spans.taken(s, s + 2)) spans.claim(s, s + 2, 'filler');
    }
    // "how big was …", "how large a buyback …": the question word of a figure, as "how much" is; the figure is the
    // measure named (without one, the measure reader asks which)
    for (const m of question.matchAll(/\bhow\s+(big|large|high|sizable|sizeable)(?=\s+(?:was|were|is|are|has|had|a|an)\b)/gi)) {
      const s = m.index + m[0].length - (m[1]?.length ?? 0);
      if (!spans.taken(s, m.index + m[0].length)) spans.claim(s, m.index + m[0].length, 'filler');
    }
    const read = readDiscourse(question);
    r.instructionsRead = read;
    r.instructions = read.instructions;
    for (const c of read.claims) spans.claim(c.start, c.end, 'instruction', c.detail);
    return null;
  },
};

/** After the content readers: "based on <period> data", "considering <period>", "a reasonable approximation of". */
export const sourceReader: Reader = {
  name: 'discourse',
  read(r) {
    const { question, spans } = r;
    // sources are periods, companies, statements and filings; "using <measure>" is a definition's or a pin's word
    const placed = spans.placed().filter((e) => ['period', 'entity', 'instruction', 'basis', 'scope'].includes(e.role));
    for (const c of readSourcePhrases(question, placed, (s, e) => !spans.taken(s, e))) spans.claim(c.start, c.end, 'instruction', c.detail);
    const all = spans.placed().filter((e) => e.role !== 'filler');
    for (const c of readGlosses(question, all, (s, e) => !spans.taken(s, e), spans.tokens, isFiller))
      spans.claim(c.start, c.end, 'instruction', c.detail);
    return null;
  },
};
