/**
 * The discourse reader: the words that say how to answer, not what about — output instructions
 * (lib/planner/instructions: rounding, scale, currency, percent), statement and filing sources ("using the
 * cash flow statement"), preambles, and pronouns that are only the object of a request ("tell us").
 */
import { readInstructions } from '../instructions';
import type { Reader } from './types';

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
    const read = readInstructions(question);
    r.instructionsRead = read;
    r.instructions = read.instructions;
    for (const c of read.claims) spans.claim(c.start, c.end, 'instruction', c.detail);
    return null;
  },
};
