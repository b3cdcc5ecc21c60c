/**
 * Misspelt measure words ("reveune", "opertaing income", "total liabilites"): a word the planner
 * could not place is read as a measure word only when exactly one word of the measure vocabulary
 * lies one edit away (two for long words), so the reading is unique; the answer says what it read.
 * Company names, periods and ordinary words are never corrected.
 */
import { COMMON_WORDS } from './common-words';
import { levenshtein } from './match-entities';
import { knownMeasurePhrases, MEASURE_QUALIFIER_WORDS } from './match-metric';

let vocabulary: string[] | null = null;

function measureWords(): string[] {
  if (!vocabulary) {
    const words = new Set<string>();
    for (const { phrase } of knownMeasurePhrases()) for (const w of phrase.split(/[^a-z&]+/)) if (w.length >= 4) words.add(w);
    for (const q of MEASURE_QUALIFIER_WORDS) for (const w of q.split(/[^a-z]+/)) if (w.length >= 4) words.add(w);
    vocabulary = [...words];
  }
  return vocabulary;
}

/** Abbreviations written with or without their full stop that stand for one word only ("incl.", "excl."). */
const WRITTEN_OUT: Readonly<Record<string, string>> = { incl: 'including', excl: 'excluding' };

export interface SpellingCorrection {
  from: string;
  to: string;
}

/**
 * The question with its misspelt measure words corrected, or null when there is none (or a word
 * has no unique reading). `protectedRanges`: offsets never corrected (company names).
 */
export function correctMeasureSpelling(
  question: string,
  protectedRanges: readonly { start: number; end: number }[] = [],
): { question: string; corrections: SpellingCorrection[] } | null {
  const corrections: SpellingCorrection[] = [];
  let out = '';
  let last = 0;
  for (const m of question.matchAll(/[A-Za-z]+/g)) {
    const word = m[0];
    const start = m.index!;
    const lower = word.toLowerCase();
    if (protectedRanges.some((r) => start < r.end && start + word.length > r.start)) continue;
    // an abbreviation read as its word, its full stop with it
    const full = WRITTEN_OUT[lower];
    if (full) {
      const written = question[start + word.length] === '.' ? `${word}.` : word;
      corrections.push({ from: written, to: full });
      out += question.slice(last, start) + full;
      last = start + written.length;
      continue;
    }
    if (lower.length < 4 || COMMON_WORDS.has(lower)) continue;
    // a capitalised word other than the first is a name more often than a measure
    if (/^[A-Z]/.test(word) && start > 0) continue;
    const vocab = measureWords();
    if (vocab.includes(lower)) continue;
    // a plural or singular of a known word ("years", "quarters") is that word, not a misspelling
    const stems = [lower.replace(/ies$/, 'y'), lower.replace(/es$/, ''), lower.replace(/s$/, ''), `${lower}s`];
    if (stems.some((w) => w !== lower && (COMMON_WORDS.has(w) || vocab.includes(w)))) continue;
    const allowed = lower.length >= 9 ? 2 : 1;
    let best = allowed + 1;
    let hits: string[] = [];
    for (const v of vocab) {
      if (Math.abs(lower.length - v.length) > allowed) continue;
      const dist = levenshtein(lower, v);
      if (dist < best) [best, hits] = [dist, [v]];
      else if (dist === best) hits.push(v);
    }
    if (best > allowed || hits.length !== 1) continue;
    corrections.push({ from: word, to: hits[0]! });
    out += question.slice(last, start) + hits[0]!;
    last = start + word.length;
  }
  if (corrections.length === 0) return null;
  return { question: out + question.slice(last), corrections };
}

let phraseSet: Set<string> | null = null;
function isMeasurePhrase(words: string): boolean {
  phraseSet ??= new Set(knownMeasurePhrases().map((p) => p.phrase));
  return phraseSet.has(words.toLowerCase().replace(/\s+/g, ' '));
}

/**
 * Two measures written with a shared word ("diluted and basic EPS", "gross and operating margin", "current
 * assets and liabilities"): each written out in full, only when both readings are measures the planner knows.
 */
export function distributeMeasures(question: string): { question: string; expanded: string[] } | null {
  const expanded: string[] = [];
  let out = question;
  // a shared head: "<a> and <b> <head>" → "<a> <head> and <b> <head>"
  out = out.replace(
    /\b([A-Za-z&-]+)\s+(and|&|or)\s+([A-Za-z&-]+)\s+([A-Za-z&-]+(?:\s+[A-Za-z&-]+)?)\b/g,
    (all, a: string, join: string, b: string, head: string) => {
      for (const h of [head, head.split(/\s+/)[0]!]) {
        if (
          isMeasurePhrase(`${a} ${h}`) &&
          isMeasurePhrase(`${b} ${h}`) &&
          !isMeasurePhrase(b) &&
          !isMeasurePhrase(`${b} ${head}`.split(/\s+/).slice(0, 1).join(' '))
        ) {
          expanded.push(all);
          return `${a} ${h} ${join} ${b} ${h}${h === head ? '' : head.slice(h.length)}`;
        }
      }
      return all;
    },
  );
  // a shared modifier: "<mod> <a> and <b>" → "<mod> <a> and <mod> <b>" ("current assets and liabilities")
  out = out.replace(
    /\b([A-Za-z&-]+)\s+([A-Za-z&-]+)\s+(and|&)\s+([A-Za-z&-]+)\b/g,
    (all, mod: string, a: string, join: string, b: string) => {
      if (isMeasurePhrase(`${mod} ${a}`) && isMeasurePhrase(`${mod} ${b}`) && !isMeasurePhrase(b)) {
        expanded.push(all);
        return `${mod} ${a} ${join} ${mod} ${b}`;
      }
      return all;
    },
  );
  return expanded.length ? { question: out, expanded } : null;
}

/**
 * "current assets and liabilities" when "liabilities" is a measure of its own: the shared word may or may not
 * carry over ("current liabilities" or "total liabilities"), so the question is asked back with both readings.
 */
export function ambiguousSharedWord(question: string): { phrase: string; readings: [string, string] } | null {
  for (const m of question.matchAll(/\b([A-Za-z&-]+)\s+([A-Za-z&-]+)\s+(?:and|&)\s+([A-Za-z&-]+)\b/g)) {
    const [all, mod = '', a = '', b = ''] = m;
    if (isMeasurePhrase(`${mod} ${a}`) && isMeasurePhrase(`${mod} ${b}`) && isMeasurePhrase(b)) {
      return {
        phrase: all,
        readings: [question.replace(all, `${mod} ${a} and ${mod} ${b}`), question.replace(all, `${mod} ${a} and total ${b}`)],
      };
    }
  }
  return null;
}
