/**
 * Whole sentences out of passages: a splitter that never cuts inside a number ("11.4%"), an
 * abbreviation ("U.S.", "Inc.", "e.g.") or a parenthesis, and a scorer that ranks sentences by the
 * question's topic words, the topic's expansion and the heading they sit under.
 */
import { stem, tokenize } from '@/lib/retrieval/embed';
import { phraseHits } from '@/lib/retrieval/narrative-passages';

export interface Sentence {
  text: string;
  /** offsets into the passage text */
  start: number;
  end: number;
}

const ABBREVIATIONS = new Set(
  'u.s u.k u.n e.u inc co corp ltd llc plc no nos vs v e.g i.e etc mr mrs ms dr st jr sr approx dept gov est fig figs jan feb mar apr jun jul aug sep sept oct nov dec a.m p.m s.a n.v ag l.p lp cf al'.split(' '),
);

/** Sentence boundaries: terminal punctuation followed by space and a capital/quote/bullet/digit, or a newline. */
export function splitSentences(text: string): Sentence[] {
  const out: Sentence[] = [];
  let start = 0;
  let depth = 0;
  const push = (end: number) => {
    const raw = text.slice(start, end);
    const lead = raw.length - raw.trimStart().length;
    const t = raw.trim();
    if (t) out.push({ text: t, start: start + lead, end: start + lead + t.length });
    start = end;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '(') depth++;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    if (ch === '\n') {
      push(i);
      start = i + 1;
      depth = 0;
      continue;
    }
    if (ch !== '.' && ch !== '!' && ch !== '?') continue;
    // closing quotes/brackets that belong to the sentence
    let j = i + 1;
    while (j < text.length && /["”’)\]]/.test(text[j]!)) j++;
    if (j >= text.length) continue;
    if (!/\s/.test(text[j]!)) continue; // "11.4", "U.S.-based", "e.g.,"
    let k = j;
    while (k < text.length && /[ \t]/.test(text[k]!)) k++;
    const next = text[k] ?? '';
    if (!/[A-Z“"‘'(•\d]/.test(next)) continue;
    if (ch === '.') {
      const word = /([A-Za-z][A-Za-z.]*)$/.exec(text.slice(Math.max(0, i - 12), i))?.[1]?.toLowerCase() ?? '';
      if (ABBREVIATIONS.has(word.replace(/\.$/, ''))) {
        // "U.S. Department", "Inc. and": an abbreviation, unless the next word starts a sentence ("U.S. The …")
        if (!/^(The|This|These|In|As|We|Our|It|For|On|If|However|Additionally|Such|Any|Each|A|An)\b/.test(text.slice(k))) continue;
      }
      if (/\b(?:No|Nos|Item|Note|Section|Part)\.?$/i.test(text.slice(Math.max(0, i - 8), i)) && /\d/.test(next)) continue;
    }
    if (depth > 0 && /[a-z0-9,;]/.test(text[i - 1] ?? '') && !/\)/.test(text.slice(i, k))) {
      // a full stop inside an open parenthesis is not the end of the sentence unless the parenthesis is unbalanced for long
      const close = text.indexOf(')', k);
      if (close >= 0 && close - k < 200) continue;
    }
    push(j);
    depth = 0;
  }
  push(text.length);
  return out;
}

export interface TopicScorer {
  core: Set<string>;
  terms: string[];
}

export function topicScorer(topic: string, terms: string[]): TopicScorer {
  return { core: new Set(tokenize(topic)), terms: terms.map((t) => t.toLowerCase()) };
}

/** Score of one sentence for the topic (0 = off topic). */
export function scoreSentence(s: string, heading: string | null, sc: TopicScorer): number {
  const lower = s.toLowerCase();
  const stems = new Set(tokenize(s));
  const coreHits = [...sc.core].filter((c) => stems.has(c)).length;
  const termHits = phraseHits(lower, stems, sc.terms);
  if (coreHits === 0 && termHits === 0) return 0;
  const headStems = new Set(tokenize(heading ?? ''));
  const headHit = [...sc.core].some((c) => headStems.has(c)) || phraseHits((heading ?? '').toLowerCase(), headStems, sc.terms.slice(0, 8)) > 0;
  const words = s.split(/\s+/).length;
  let score = coreHits * 2 + Math.min(termHits, 4) * 0.8 + (headHit ? 1 : 0);
  if (words < 7) score -= 1.5;
  if (words > 110) score -= 1;
  if (/\b(see|refer to)\b.*\b(item|note|part)\s+\d|incorporated (?:herein )?by reference|forward-looking statements?/i.test(s)) score -= 1.5;
  if (/^\(?\d+\)|^table of contents/i.test(s)) score -= 1;
  return score;
}

export { stem };
