/**
 * What no reader claimed: function words pass (lib/planner/filler, a closed list); every other word blocks
 * the numeric answer with its span named. Without a measure, the unplaced words are said to be an unknown
 * measure (with the closest known measures as choices) or a word with several readings is asked about.
 */
import { closestMeasures } from '../match-metric';
import type { Intent, PlanResult } from '../types';
import type { Reading } from './types';

/** The note of a plan blocked by words no reader placed (neither a measure, a period, a company nor an operation). */
export const UNPLACED_NOTE = 'unplaced words';

/** The question with one word replaced (a clarification chip's rewrite). */
export function replaceWord(question: string, word: string | undefined, by: string): string {
  if (!word) return `${question} (${by})`;
  const re = new RegExp(`\\b${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i');
  return re.test(question) ? question.replace(re, by) : `${question} (${by})`;
}

/** Null when every word is placed; else the ask-back naming the words that are not. */
export function unplacedWords(r: Reading): PlanResult | null {
  const { question, spans, entities, notes, metric, ambiguous, prev } = r;
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
      notes: [...notes, `${UNPLACED_NOTE}: ${loose.join(', ')}`],
    };
  }
  if (loose.length > 0) return couldNotPlace(loose, { entities, ...(metric ? { metric } : {}) }, notes);
  return null;
}

/** The ask-back naming words no reader placed, with nothing to choose: the reader rephrases. */
export function couldNotPlace(loose: string[], partial: Partial<Intent>, notes: string[]): PlanResult {
  return {
    status: 'needs_clarification',
    clarification: {
      question: `I could not place ${loose.map((l) => `“${l}”`).join(', ')} in this question, so I will not guess what ${loose.length > 1 ? 'they change' : 'it changes'} (a period, a segment, a measure or a calculation). Please rephrase.`,
      options: [],
    },
    partial,
    notes: [...notes, `${UNPLACED_NOTE}: ${loose.join(', ')}`],
  };
}

/** The words a plan was blocked on (its UNPLACED_NOTE), or null when it was not blocked by unplaced words. */
export function unplacedOf(p: PlanResult): string[] | null {
  if (p.status !== 'needs_clarification' || p.clarification.options.length > 0) return null;
  const note = p.notes.find((n) => n.startsWith(`${UNPLACED_NOTE}: `));
  return note ? note.slice(UNPLACED_NOTE.length + 2).split(', ') : null;
}
