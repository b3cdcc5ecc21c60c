/**
 * The measure matcher's text: questions and labels normalized the same way (lower case, one space between
 * words, analyst abbreviations expanded), with each character's offset in the original kept, and a memo
 * for what is derived from cached catalogs.
 */
import { MEASURE_ABBREVIATIONS } from '@/lib/ontology/shorthand';

/** Map of each normalized character back to its UTF-16 offset in the original text. */
export interface Normalized {
  text: string;
  /** offsets[i] = offset in the original of text[i] (for padding spaces: the nearest character) */
  offsets: number[];
}

/** Lower case, unify quotes, everything but [a-z0-9&'%] becomes one space; padded with spaces. */
export function normalizeWithOffsets(original: string): Normalized {
  let text = ' ';
  const offsets: number[] = [0];
  for (let i = 0; i < original.length; i++) {
    let c = original[i]!;
    const lc = c.toLowerCase();
    c = lc.length === 1 ? lc : c;
    if (c === '’' || c === '‘') c = "'";
    const keep = /[a-z0-9&'%]/.test(c);
    if (keep) {
      text += c;
      offsets.push(i);
    } else if (!text.endsWith(' ')) {
      text += ' ';
      offsets.push(i);
    }
  }
  if (!text.endsWith(' ')) {
    text += ' ';
    offsets.push(original.length);
  }
  return expandShorthand({ text, offsets });
}

/**
 * Analyst abbreviations inside measure names ("cash flow from ops", "int expense") read as their
 * expansion (lib/ontology/shorthand.ts). The expansion's characters map back to the abbreviation as
 * written: its first character to the word's start, its last to the word's end.
 */
function expandShorthand(n: Normalized): Normalized {
  let text = ' ';
  const offsets: number[] = [n.offsets[0]!];
  for (const m of n.text.matchAll(/[^ ]+/g)) {
    const s = m.index!;
    const e = s + m[0].length;
    const x = Object.hasOwn(MEASURE_ABBREVIATIONS, m[0]) ? MEASURE_ABBREVIATIONS[m[0]]! : null;
    if (x) {
      text += x;
      for (let k = 0; k < x.length; k++) offsets.push(k === x.length - 1 ? n.offsets[e - 1]! : n.offsets[s]!);
    } else {
      text += m[0];
      for (let k = s; k < e; k++) offsets.push(n.offsets[k]!);
    }
    text += ' ';
    offsets.push(n.offsets[e] ?? n.offsets[e - 1]! + 1);
  }
  return { text, offsets };
}

export function normalizeForMetrics(text: string): string {
  return normalizeWithOffsets(text).text;
}

/**
 * normalizeForMetrics(s).trim(), remembered: the same filer concept and member labels are normalized for
 * every question about their company (hundreds of labels per company, character by character), which was
 * most of the planner's CPU under load. A pure function of the string; the memory is bounded.
 */
const normMemo = new Map<string, string>();
const NORM_MEMO_MAX = 50_000;
export const norm = (s: string) => {
  let v = normMemo.get(s);
  if (v === undefined) {
    v = normalizeForMetrics(s).trim();
    if (normMemo.size >= NORM_MEMO_MAX) normMemo.clear();
    normMemo.set(s, v);
  }
  return v;
};

/**
 * `build(key)` once per key object: the catalogs hand out the same arrays and entries while cached
 * (lib/db/versioned-cache.ts), so what is derived from them is built once per catalog, not per question,
 * and goes with the catalog when it is dropped.
 */
export function weakMemo<K extends object, V>(build: (key: K) => V): (key: K) => V {
  const memo = new WeakMap<K, V>();
  return (key) => {
    let v = memo.get(key);
    if (v === undefined) memo.set(key, (v = build(key)));
    return v;
  };
}
