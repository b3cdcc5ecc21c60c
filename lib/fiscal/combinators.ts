/**
 * Parser combinators over the token stream (see tokens.ts). A parser returns every way it can
 * match at a position (value + next index), so the caller can take the longest phrase. Each parser
 * also knows its FIRST set (the tokens it can start with) and whether it can match nothing, so
 * alternatives that cannot start at a token are skipped without being tried.
 */
import { glued, type Tok } from './tokens';

export interface Hit<T> {
  v: T;
  i: number;
}
export interface Parser<T> {
  (ts: readonly Tok[], i: number): Hit<T>[];
  /** keys of the tokens it can start with (see {@link tokenKey}); null = any token */
  first?: Set<string> | null;
  /** it can match without consuming a token */
  nullable?: boolean;
}

type ValuesOf<P extends readonly Parser<unknown>[]> = { [K in keyof P]: P[K] extends Parser<infer V> ? V : never };

/** The FIRST-set key of a token: its lowercase word, "#" for any number, or the mark itself. */
export function tokenKey(t: Tok): string {
  return t.kind === 'num' ? '#' : t.lower;
}

/** Every word any `word()` parser accepts. */
export const VOCABULARY = new Set<string>();

function annotate<T>(p: Parser<T>, first: Set<string> | null | undefined, nullable: boolean): Parser<T> {
  p.first = first === undefined ? null : first;
  p.nullable = nullable;
  return p;
}

function union(sets: (Set<string> | null | undefined)[]): Set<string> | null {
  const out = new Set<string>();
  for (const s of sets) {
    if (s === null || s === undefined) return null;
    for (const k of s) out.add(k);
  }
  return out;
}

/** Whether `p` may match at token `t` (false only when it certainly cannot). */
export function admits(p: Parser<unknown>, t: Tok | undefined): boolean {
  if (p.nullable || p.first === null || p.first === undefined) return true;
  return t !== undefined && p.first.has(tokenKey(t));
}

/** A token satisfying `pred`; its value is the token. `first` narrows where it can start. */
export function tok(pred: (t: Tok) => boolean, first: Set<string> | null = null): Parser<Tok> {
  return annotate(
    (ts, i) => {
      const t = ts[i];
      return t && pred(t) ? [{ v: t, i: i + 1 }] : [];
    },
    first,
    false,
  );
}

/** A parser written by hand that starts with a number token. */
export function numberLed<T>(p: (ts: readonly Tok[], i: number) => Hit<T>[]): Parser<T> {
  return annotate(p, new Set(['#']), false);
}

/** A letter token whose lowercase text is one of `words`. */
export function word(...words: string[]): Parser<Tok> {
  const set = new Set(words);
  for (const w of words) VOCABULARY.add(w);
  return tok((t) => t.kind === 'alpha' && set.has(t.lower), set);
}

/** A punctuation token that is one of the characters of `chars`. */
export function punct(chars: string): Parser<Tok> {
  return tok((t) => t.kind === 'punct' && chars.includes(t.text), new Set([...chars]));
}

/** A number token of `digits` digits (any length when omitted) whose value passes `ok`. */
export function num(digits?: number | number[], ok: (n: number) => boolean = () => true): Parser<number> {
  const lens = digits === undefined ? null : Array.isArray(digits) ? digits : [digits];
  return map(
    tok((t) => t.kind === 'num' && (lens === null || lens.includes(t.text.length)) && ok(Number(t.text)), new Set(['#'])),
    (t) => Number(t.text),
  );
}

/** `p` whose first token is glued to the token before it (no whitespace). */
export function g<T>(p: Parser<T>): Parser<T> {
  return annotate((ts, i) => (i > 0 && glued(ts[i - 1], ts[i]) ? p(ts, i) : []), p.first, !!p.nullable);
}

export function seq<P extends readonly Parser<unknown>[]>(...ps: P): Parser<ValuesOf<P>> {
  const lead: Parser<unknown>[] = [];
  for (const p of ps) {
    lead.push(p);
    if (!p.nullable) break;
  }
  return annotate(
    (ts, i) => {
      // values are kept as a chain back to the first parser and turned into tuples at the end
      type Link = { v: unknown; prev: Link | null; i: number };
      let states: Link[] = [{ v: undefined, prev: null, i }];
      for (const p of ps) {
        const next: Link[] = [];
        for (const s of states) {
          if (!admits(p, ts[s.i])) continue;
          for (const h of p(ts, s.i)) next.push({ v: h.v, prev: s, i: h.i });
        }
        if (next.length === 0) return [];
        states = next;
      }
      return states.map((s) => {
        const v = new Array<unknown>(ps.length);
        let link: Link | null = s;
        for (let k = ps.length - 1; k >= 0; k--) {
          v[k] = link!.v;
          link = link!.prev;
        }
        return { v: v as ValuesOf<P>, i: s.i };
      });
    },
    union(lead.map((p) => p.first)),
    ps.every((p) => p.nullable),
  );
}

export function alt<T>(...ps: Parser<T>[]): Parser<T> {
  return annotate(
    (ts, i) => {
      const out: Hit<T>[] = [];
      const t = ts[i];
      for (const p of ps) if (admits(p, t)) for (const h of p(ts, i)) out.push(h);
      return out;
    },
    union(ps.map((p) => p.first)),
    ps.some((p) => p.nullable),
  );
}

export function opt<T>(p: Parser<T>): Parser<T | null> {
  return annotate((ts, i) => [{ v: null, i }, ...(admits(p, ts[i]) ? p(ts, i) : [])], p.first, true);
}

export function map<T, U>(p: Parser<T>, f: (v: T, ts: readonly Tok[], from: number, to: number) => U): Parser<U> {
  return annotate((ts, i) => p(ts, i).map((h) => ({ v: f(h.v, ts, i, h.i), i: h.i })), p.first, !!p.nullable);
}

/** `p` only where `keep` accepts its value. */
export function where<T>(p: Parser<T>, keep: (v: T) => boolean): Parser<T> {
  return annotate((ts, i) => p(ts, i).filter((h) => keep(h.v)), p.first, !!p.nullable);
}

/** A value without consuming anything. */
export function pure<T>(v: T): Parser<T> {
  return annotate((_ts, i) => [{ v, i }], new Set(), true);
}

const HYPHEN = punct('-‐‑–—');

/**
 * Words written with spaces or hyphens between them: `words('year to date')` reads "year to date",
 * "year-to-date" and "year - to - date"; `|` separates alternatives for one word.
 */
export function words(text: string): Parser<null> {
  const parts = text.split(' ').map((w) => word(...w.split('|')));
  return annotate(
    (ts, i) => {
      let states = [i];
      parts.forEach((p, k) => {
        const next: number[] = [];
        for (const s of states) {
          const starts = k === 0 ? [s] : [s, ...HYPHEN(ts, s).map((h) => h.i)];
          for (const at of starts) for (const h of p(ts, at)) next.push(h.i);
        }
        states = next;
      });
      return states.map((j) => ({ v: null, i: j }));
    },
    parts[0]!.first,
    false,
  );
}

/** A hyphen (or en/em dash) between words. */
export const hyphen = HYPHEN;

/**
 * Packrat memo: results of `p` per token array and index, so rules sharing sub-parsers (years,
 * positions, dates) parse each position once per question.
 */
export function memo<T>(p: Parser<T>): Parser<T> {
  const cache = new WeakMap<readonly Tok[], Map<number, Hit<T>[]>>();
  return annotate(
    (ts, i) => {
      let m = cache.get(ts);
      if (!m) {
        m = new Map();
        cache.set(ts, m);
      }
      let r = m.get(i);
      if (!r) {
        r = p(ts, i);
        m.set(i, r);
      }
      return r;
    },
    p.first,
    !!p.nullable,
  );
}
