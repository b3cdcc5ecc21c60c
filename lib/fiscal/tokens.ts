/**
 * The token stream the period grammar runs over. A question becomes words, numbers and single
 * punctuation marks, each with its UTF-16 offsets into the original text and whether whitespace
 * came before it. Alphanumeric codes ("3QFY25", "Q3", "1H25", "FY2025", "9M22", "1st") are split
 * into glued morphemes ("3" "q" "fy" "25") so the grammar, not a regular expression, reads them.
 */

export type TokKind = 'alpha' | 'num' | 'punct';

/** One token: `text` = `source.slice(start, end)`. */
export interface Tok {
  kind: TokKind;
  text: string;
  lower: string;
  start: number;
  end: number;
  /** whitespace between this token and the one before (true for the first token) */
  sp: boolean;
  /** index of the alphanumeric word this token was split from (same for all its morphemes) */
  word: number;
}

/** Letter morphemes a code may be built of, longest first. */
const MORPHEMES = ['fye', 'fy', 'cy', 'cq', 'st', 'nd', 'rd', 'th', 'q', 'h', 'm', 'f', 'a', 'k', 's'];

function splitLetters(run: string): string[] | null {
  const lower = run.toLowerCase();
  const out: string[] = [];
  let i = 0;
  outer: while (i < lower.length) {
    for (const m of MORPHEMES) {
      if (lower.startsWith(m, i)) {
        out.push(run.slice(i, i + m.length));
        i += m.length;
        continue outer;
      }
    }
    return null;
  }
  return out;
}

const ALNUM = /[A-Za-z0-9]/;
const SPACE = /\s/;

/** Tokens of `text`. */
export function tokenize(text: string): Tok[] {
  const toks: Tok[] = [];
  let i = 0;
  let sp = true;
  let word = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (SPACE.test(c)) {
      sp = true;
      i++;
      continue;
    }
    if (ALNUM.test(c)) {
      let j = i;
      while (j < text.length && ALNUM.test(text[j]!)) j++;
      const raw = text.slice(i, j);
      const runs = raw.match(/[A-Za-z]+|[0-9]+/g)!;
      const mixed = runs.length > 1;
      let at = i;
      let first = true;
      for (const run of runs) {
        const pieces = mixed && /[A-Za-z]/.test(run) ? (splitLetters(run) ?? [run]) : [run];
        for (const piece of pieces) {
          toks.push({
            kind: /\d/.test(piece) ? 'num' : 'alpha',
            text: piece,
            lower: piece.toLowerCase(),
            start: at,
            end: at + piece.length,
            sp: first ? sp : false,
            word,
          });
          at += piece.length;
          first = false;
        }
      }
      word++;
      sp = false;
      i = j;
      continue;
    }
    // one punctuation mark (a surrogate pair stays whole)
    const code = text.codePointAt(i)!;
    const len = code > 0xffff ? 2 : 1;
    toks.push({ kind: 'punct', text: text.slice(i, i + len), lower: text.slice(i, i + len), start: i, end: i + len, sp, word: word++ });
    sp = false;
    i += len;
  }
  return toks;
}

/** True when `b` directly follows `a` with no whitespace between. */
export function glued(a: Tok | undefined, b: Tok | undefined): boolean {
  return !!a && !!b && !b.sp && a.end === b.start;
}

/** True when token `t` is a letter or digit token. */
export function isAlnum(t: Tok | undefined): boolean {
  return !!t && t.kind !== 'punct';
}
