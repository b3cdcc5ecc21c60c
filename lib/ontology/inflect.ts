/**
 * The one rule for the plural and the singular of an English word, as the planner reads a question's
 * measures ("deferred revenues" is the deferred revenue) and the report binder reads a row's caption
 * ("Total provisions for credit losses" is the provision for credit losses). Regular forms only:
 * -y after a consonant ↔ -ies, -x/-ch/-sh/-ss ↔ -es, otherwise -s. A word ending in -ss, -us or -is is
 * taken as singular ("gross", "loss", "status", "basis"), any other word ending in -s as plural; words
 * shorter than four letters, words with anything but lower-case letters and a few invariant words
 * ("series", "news") are left as they are. Input is lower case (normalized captions and questions).
 */

/** Words whose singular and plural are the same. */
const INVARIANT = new Set(['series', 'species', 'news', 'headquarters']);

const WORD = /^[a-z]+$/;

/** The plural of a (singular) word: "revenue" → "revenues", "liability" → "liabilities", "tax" → "taxes", "loss" → "losses", "basis" → "bases"; a word already in the plural is returned as it is. */
export function pluralOf(word: string): string {
  if (word.length < 3 || !WORD.test(word) || INVARIANT.has(word)) return word;
  if (word.endsWith('is')) return `${word.slice(0, -2)}es`;
  if (/(?:ss|us|x|z|ch|sh)$/.test(word)) return `${word}es`;
  if (word.endsWith('s')) return word;
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  return `${word}s`;
}

/** The singular of a (plural) word: "revenues" → "revenue", "liabilities" → "liability", "taxes" → "tax", "losses" → "loss", "expenses" → "expense"; a word already in the singular is returned as it is. */
export function singularOf(word: string): string {
  if (word.length < 4 || !WORD.test(word) || INVARIANT.has(word)) return word;
  if (/(?:ss|us|is)$/.test(word) || !word.endsWith('s')) return word;
  // "liabilities" → "liability"; "ties" is "tie"
  if (word.length > 4 && /[^aeiou]ies$/.test(word)) return `${word.slice(0, -3)}y`;
  // "analyses" → "analysis"
  if (/yses$/.test(word)) return `${word.slice(0, -2)}is`;
  // "taxes", "branches", "businesses"; but "expenses", "purchases"
  if (/(?:x|ch|sh|ss)es$/.test(word)) return word.slice(0, -2);
  return word.slice(0, -1);
}

/** The phrase with its last word changed by `f` ("deferred revenue" → "deferred revenues"), or null when `f` leaves it as it is. */
export function withLastWord(phrase: string, f: (word: string) => string): string | null {
  const i = phrase.search(/\s\S*$/) + 1;
  const w = phrase.slice(i);
  const v = f(w);
  return v === w ? null : phrase.slice(0, i) + v;
}

/** The phrase with its first word changed by `f` ("provisions for credit losses" → "provision for credit losses"), or null when `f` leaves it as it is. */
export function withFirstWord(phrase: string, f: (word: string) => string): string | null {
  const i = phrase.search(/\s|$/);
  const w = phrase.slice(0, i);
  const v = f(w);
  return v === w ? null : v + phrase.slice(i);
}

/** The phrase with its last word in the singular, or null when it is not a plural ("trading liabilities" → "trading liability"). */
export function singularOfLast(phrase: string): string | null {
  return withLastWord(phrase, singularOf);
}

/** The phrase with its last word, then its first word, in the singular, where either is a plural ("provisions for credit losses" → "provisions for credit loss", "provision for credit losses"). */
export function singularForms(phrase: string): string[] {
  const out: string[] = [];
  for (const s of [singularOfLast(phrase), withFirstWord(phrase, singularOf)]) if (s !== null && !out.includes(s)) out.push(s);
  return out;
}

/** Words that open a measure name's postmodifier: the head noun stands before them ("provision for income taxes"). */
const PREPOSITIONS = new Set([
  'of',
  'for',
  'from',
  'by',
  'in',
  'on',
  'to',
  'under',
  'with',
  'at',
  'before',
  'after',
  'over',
  'into',
  'than',
  'per',
]);

/** Adjectives and participles that follow their noun in measure names ("shares outstanding", "net cash provided", "accounts receivable"). */
const POSTPOSITIVE = new Set([
  'outstanding',
  'remaining',
  'issued',
  'authorized',
  'authorised',
  'used',
  'provided',
  'granted',
  'vested',
  'unvested',
  'exercisable',
  'exercised',
  'forfeited',
  'expired',
  'receivable',
  'payable',
  'attributable',
  'available',
  'held',
  'acquired',
  'repurchased',
  'paid',
  'received',
  'incurred',
  'recognized',
  'recognised',
  'reported',
  'owed',
  'due',
  'net',
  'gross',
  'generated',
  'applicable',
  'allocated',
]);

/**
 * The verb a measure's name takes, from its head noun: "were" when the head is a plural ("net sales
 * were", "casino revenues were", "shares outstanding were", "accounts receivable, net were"), else "was"
 * ("revenue was", "diluted EPS was", "provision for income taxes was", "net cash provided by operating
 * activities was"). The head is the last word before the first preposition, once parenthesized asides
 * ("(loss)", "(used in)"), a trailing appositive after a comma (", net", ", end of period") and
 * postpositive modifiers ("outstanding", "provided") are set aside. A rate ("earnings per share") is one
 * amount: "was".
 */
export function copulaFor(name: string): 'was' | 'were' {
  let text = name.replace(/\([^()]*\)/g, ' ');
  // a trailing ", net" or ", end of period" qualifies the whole name; a comma inside a list ("selling, general and administrative expenses") does not
  for (
    let m = /,([^,]*)$/.exec(text);
    m && !/\b(?:and|or)\b/i.test(m[1]!) && /[A-Za-z]/.test(text.slice(0, m.index));
    m = /,([^,]*)$/.exec(text)
  )
    text = text.slice(0, m.index);
  const words = text.split(/[^A-Za-z]+/).filter(Boolean);
  const p = words.findIndex((w, i) => i > 0 && PREPOSITIONS.has(w.toLowerCase()));
  if (p > 0 && words[p]!.toLowerCase() === 'per') return 'was';
  let head = p > 0 ? words.slice(0, p) : words;
  while (head.length > 1 && POSTPOSITIVE.has(head[head.length - 1]!.toLowerCase())) head = head.slice(0, -1);
  const last = head[head.length - 1] ?? '';
  const word = last.toLowerCase();
  // an abbreviation in capitals ("EPS") is not a plural
  if (last !== word && last === last.toUpperCase()) return 'was';
  return singularOf(word) !== word ? 'were' : 'was';
}
