/**
 * Word keys for matching a question's words against the filer's vocabulary: the same key for the
 * inflected forms of one word ("repurchases", "repurchased", "repurchasing" → "repurchas"; "paid" →
 * "pay"), computed the same way on both sides, so a key only has to agree with itself, not be a
 * dictionary word. Irregular verbs and nouns an analyst uses of money are a table; everything else is
 * the plural rule of ../inflect.ts and the -ing / -ed / final -e endings.
 *
 * A library lemmatizer (wink-lemmatizer) was measured and not kept: it loads a 13 MB WordNet lexicon
 * (about 2 s and 20 MB of heap per process on this machine) for what a key that agrees with itself needs.
 */
import { singularOf } from '../inflect';

/** Irregular forms → base form (past tenses and participles of verbs used of money, irregular plurals). */
const IRREGULAR: Readonly<Record<string, string>> = {
  paid: 'pay',
  used: 'use',
  spent: 'spend',
  bought: 'buy',
  brought: 'bring',
  sold: 'sell',
  held: 'hold',
  made: 'make',
  lost: 'lose',
  took: 'take',
  taken: 'take',
  gave: 'give',
  given: 'give',
  grew: 'grow',
  grown: 'grow',
  won: 'win',
  got: 'get',
  gotten: 'get',
  kept: 'keep',
  built: 'build',
  dealt: 'deal',
  led: 'lead',
  rose: 'rise',
  risen: 'rise',
  fell: 'fall',
  fallen: 'fall',
  owed: 'owe',
  ran: 'run',
  drew: 'draw',
  drawn: 'draw',
  wrote: 'write',
  written: 'write',
  men: 'man',
  women: 'woman',
  children: 'child',
  people: 'person',
  indices: 'index',
  matrices: 'matrix',
  criteria: 'criterion',
  data: 'data',
};

/** Words whose ending is not an inflection ("business", "gross", "basis", "news", "series", "goods"). */
const KEEP = new Set([
  'business',
  'gross',
  'loss',
  'basis',
  'news',
  'series',
  'goods',
  'plus',
  'bonus',
  'status',
  'various',
  'previous',
  'thus',
]);

const LETTERS = /^[a-z]+$/;

/** The matching key of one lower-case word (see the module comment); words with digits or symbols are their own key. */
export function lemma(word: string): string {
  const w = word.toLowerCase().replace(/[’']/g, "'").replace(/'s$/, '');
  const irregular = Object.hasOwn(IRREGULAR, w) ? IRREGULAR[w] : undefined;
  if (irregular) return irregular;
  if (!LETTERS.test(w) || w.length < 4 || KEEP.has(w)) return w;
  let s = singularOf(w);
  if (s.length >= 6 && s.endsWith('ing')) s = s.slice(0, -3);
  else if (s.length >= 5 && s.endsWith('ied')) s = `${s.slice(0, -3)}y`;
  else if (s.length >= 5 && s.endsWith('ed') && !s.endsWith('eed')) s = s.slice(0, -2);
  // "repurchase" / "repurchas(ed)": a final e is dropped on both sides; a doubled consonant of "-tting" too
  if (s.length >= 4 && s.endsWith('e')) s = s.slice(0, -1);
  if (/([bdfglmnprt])\1$/.test(s) && s.length >= 5) s = s.slice(0, -1);
  return s;
}

/** Lower-case words of a text ("R&D", "U.S.", "10-K" kept whole; other punctuation separates words). */
export function wordsOf(text: string): { word: string; start: number; end: number }[] {
  const out: { word: string; start: number; end: number }[] = [];
  // abbreviations with dots (U.S., U.K.), words joined by & or / (R&D, A/R, P&G), and plain words with digits and apostrophes
  // a lone "&" is the word "and" ("Fabric & Home Care" is "Fabric and Home Care")
  const re = /(?:[A-Za-z]\.){2,}|[A-Za-z0-9]+(?:[&/][A-Za-z0-9]+)+|[A-Za-z0-9]+(?:['’][A-Za-z]+)?|&/g;
  for (const m of text.matchAll(re)) {
    const word = m[0] === '&' ? 'and' : m[0].toLowerCase().replace(/\.$/, '').replace(/\./g, '');
    const start = m.index ?? 0;
    out.push({ word: word.replace(/['’]s$/, ''), start, end: start + m[0].length });
  }
  return out;
}
