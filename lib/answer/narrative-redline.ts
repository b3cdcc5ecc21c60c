/**
 * "What changed" between two filings of one company: the topic's sentences of the earlier and the
 * later filing aligned by heading and sentence similarity (stemmed-token Jaccard), each pair marked
 * unchanged, modified (with a word-level diff) or, when unmatched, removed / added. A topic sentence
 * without a counterpart among the other filing's topic sentences is aligned against every sentence
 * of the other (full) filing, so "removed" means gone from the filing, not merely not retrieved, and
 * a rewritten sentence that moved elsewhere is "modified", not "removed" plus "added".
 */
import { tokenize } from '@/lib/retrieval/embed';

export interface RedlineSentence {
  text: string;
  heading: string | null;
  section: string | null;
  /** the passage that quotes it in the answer */
  passageId: string | null;
  /** its stemmed tokens, when already known (a parsed filing's sentences) */
  stems?: Set<string>;
}

export type DiffOp = { op: 'eq' | 'ins' | 'del'; text: string };

export interface RedlineEntry<S extends RedlineSentence = RedlineSentence> {
  kind: 'added' | 'removed' | 'modified' | 'unchanged';
  heading: string | null;
  before: S | null;
  after: S | null;
  similarity: number;
  diff: DiffOp[] | null;
}

function stems(s: string): Set<string> {
  return new Set(tokenize(s));
}

export function similarity(a: string, b: string): number {
  const x = stems(a);
  const y = stems(b);
  if (!x.size || !y.size) return 0;
  let inter = 0;
  for (const t of x) if (y.has(t)) inter++;
  return inter / (x.size + y.size - inter);
}

const normalise = (s: string) => s.toLowerCase().replace(/[’‘]/g, "'").replace(/[“”]/g, '"').replace(/\s+/g, ' ').trim();
/** normalised texts and headings, memoised (a redline compares each against a whole filing's) */
const normMemo = new Map<string, string>();
const norm = (s: string) => {
  let v = normMemo.get(s);
  if (v === undefined) {
    if (normMemo.size > 50_000) normMemo.clear();
    normMemo.set(s, (v = normalise(s)));
  }
  return v;
};

/** Word-level diff (LCS) of two sentences. */
export function wordDiff(a: string, b: string): DiffOp[] {
  const x = a
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => ({ w, n: norm(w) }));
  const y = b
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => ({ w, n: norm(w) }));
  const n = x.length;
  const m = y.length;
  // L[i][j]: the longest common run of words of x[i..] and y[j..], row by row in one array
  const L = new Int32Array((n + 1) * (m + 1));
  const at = (i: number, j: number) => L[i * (m + 1) + j] ?? 0;
  x.forEach((_, k) => {
    const i = n - 1 - k;
    for (let j = m - 1; j >= 0; j--) L[i * (m + 1) + j] = x[i]?.n === y[j]?.n ? at(i + 1, j + 1) + 1 : Math.max(at(i + 1, j), at(i, j + 1));
  });
  const ops: DiffOp[] = [];
  const push = (op: DiffOp['op'], w = '') => {
    const last = ops[ops.length - 1];
    if (last?.op === op) last.text += ` ${w}`;
    else ops.push({ op, text: w });
  };
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (x[i]?.n === y[j]?.n) {
      push('eq', y[j]?.w);
      i++;
      j++;
    } else if (at(i + 1, j) >= at(i, j + 1)) push('del', x[i++]?.w);
    else push('ins', y[j++]?.w);
  }
  while (i < n) push('del', x[i++]?.w);
  while (j < m) push('ins', y[j++]?.w);
  return ops;
}

export interface RedlineOptions<S extends RedlineSentence = RedlineSentence> {
  /** pairs at or above this similarity are the same sentence, modified */
  match?: number;
  /** the later (earlier) filing's whole text, to tell "not retrieved" from "removed" ("added") */
  afterFullText?: string[];
  beforeFullText?: string[];
  /**
   * every sentence of the later (earlier) filing: a topic sentence without a counterpart among the
   * other filing's topic sentences is aligned against the whole other filing, so "modified" and
   * "unchanged" are found wherever the sentence now sits, and "removed"/"added" mean gone/new
   */
  afterFull?: S[];
  beforeFull?: S[];
}

/** Stemmed tokens per sentence: its own when it carries them, else computed once per text. */
function stemCache() {
  const m = new Map<string, Set<string>>();
  return (x: RedlineSentence) => {
    if (x.stems) return x.stems;
    let v = m.get(x.text);
    if (!v) m.set(x.text, (v = stems(x.text)));
    return v;
  };
}

function pairScore(a: RedlineSentence, b: RedlineSentence, st: (x: RedlineSentence) => Set<string>): number {
  const x = st(a);
  const y = st(b);
  let s = 0;
  if (x.size && y.size) {
    let inter = 0;
    for (const t of x) if (y.has(t)) inter++;
    s = inter / (x.size + y.size - inter);
  }
  // the same words: the same sentence when the text is the same (normalised), else a rewording
  if ((s === 1 || (!x.size && !y.size)) && norm(a.text) === norm(b.text)) return 1;
  if (a.heading && b.heading && norm(a.heading) === norm(b.heading)) s = Math.min(0.999, s + 0.08);
  return s;
}

/** The best counterpart of a sentence in a whole filing (at or above the threshold), else null. */
function bestIn<S extends RedlineSentence>(
  x: S,
  full: S[] | undefined,
  threshold: number,
  st: (x: RedlineSentence) => Set<string>,
  taken: Set<S>,
): { s: S; score: number } | null {
  if (!full?.length) return null;
  let best: { s: S; score: number } | null = null;
  for (const y of full) {
    if (taken.has(y)) continue;
    const v = pairScore(x, y, st);
    if (v >= threshold && (!best || v > best.score)) best = { s: y, score: v };
    if (v === 1) break;
  }
  return best;
}

/** Aligns the earlier and later filing's sentences on a topic. Pure. */
export function redline<S extends RedlineSentence>(before: S[], after: S[], o: RedlineOptions<S> = {}): RedlineEntry<S>[] {
  const threshold = o.match ?? 0.45;
  const st = stemCache();
  const pairs: { i: number; j: number; s: number }[] = [];
  before.forEach((b, i) =>
    after.forEach((a, j) => {
      const s = pairScore(a, b, st);
      if (s >= threshold) pairs.push({ i, j, s });
    }),
  );
  pairs.sort((p, q) => q.s - p.s || p.i - q.i || p.j - q.j);
  const bUsed = new Map<number, { j: number; s: number }>();
  const aUsed = new Set<number>();
  for (const p of pairs) {
    if (bUsed.has(p.i) || aUsed.has(p.j)) continue;
    bUsed.set(p.i, { j: p.j, s: p.s });
    aUsed.add(p.j);
  }
  const inFull = (text: string, full?: string[]) => {
    if (!full?.length) return false;
    const t = norm(text);
    return full.some((f) => norm(f).includes(t));
  };
  const entries: RedlineEntry<S>[] = [];
  // counterparts found in the whole other filing are not offered twice
  const takenAfter = new Set<S>(after);
  const takenBefore = new Set<S>(before);
  // walk the later filing in order; removed sentences go where their earlier neighbour was matched
  const removedAfter = new Map<number, number[]>();
  before.forEach((_, i) => {
    if (bUsed.has(i)) return;
    let anchor = -1;
    for (let k = i - 1; k >= 0; k--) {
      const m = bUsed.get(k);
      if (m) {
        anchor = m.j;
        break;
      }
    }
    removedAfter.set(anchor, [...(removedAfter.get(anchor) ?? []), i]);
  });
  const emitRemoved = (anchor: number) => {
    for (const i of removedAfter.get(anchor) ?? []) {
      const b = before[i]!;
      const found = bestIn(b, o.afterFull, threshold, st, takenAfter);
      if (found) {
        takenAfter.add(found.s);
        const same = found.score === 1;
        entries.push({
          kind: same ? 'unchanged' : 'modified',
          heading: found.s.heading ?? b.heading,
          before: b,
          after: found.s,
          similarity: found.score,
          diff: same ? null : wordDiff(b.text, found.s.text),
        });
        continue;
      }
      const kept = inFull(b.text, o.afterFullText);
      entries.push({
        kind: kept ? 'unchanged' : 'removed',
        heading: b.heading,
        before: b,
        after: null,
        similarity: kept ? 1 : 0,
        diff: null,
      });
    }
  };
  emitRemoved(-1);
  after.forEach((a, j) => {
    const i = [...bUsed.entries()].find(([, v]) => v.j === j)?.[0];
    if (i === undefined) {
      const found = bestIn(a, o.beforeFull, threshold, st, takenBefore);
      if (found) {
        takenBefore.add(found.s);
        const same = found.score === 1;
        entries.push({
          kind: same ? 'unchanged' : 'modified',
          heading: a.heading ?? found.s.heading,
          before: found.s,
          after: a,
          similarity: found.score,
          diff: same ? null : wordDiff(found.s.text, a.text),
        });
      } else {
        const existed = inFull(a.text, o.beforeFullText);
        entries.push({
          kind: existed ? 'unchanged' : 'added',
          heading: a.heading,
          before: null,
          after: a,
          similarity: existed ? 1 : 0,
          diff: null,
        });
      }
    } else {
      const b = before[i]!;
      const same = norm(a.text) === norm(b.text);
      entries.push({
        kind: same ? 'unchanged' : 'modified',
        heading: a.heading ?? b.heading,
        before: b,
        after: a,
        similarity: bUsed.get(i)!.s,
        diff: same ? null : wordDiff(b.text, a.text),
      });
    }
    emitRemoved(j);
  });
  return entries;
}

/** A number of a sentence: its text as written, its value in base units and what it counts. */
export interface Quantity {
  text: string;
  value: number;
  unit: string;
  /** the words just before it ("quarterly cash dividend was"), lower case */
  before: string;
}

const SCALE: Record<string, number> = { thousand: 1e3, million: 1e6, billion: 1e9, trillion: 1e12 };
/** "$4.5 billion", "€14.2 billion", "23%", "310 million shares", "1,200"; not years, dates or ordinals */
const QUANTITY =
  /(?:([$€£¥])\s?)?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(\s?%|\s(?:thousand|million|billion|trillion)\b)?(\s(?:shares|employees|basis points|bps|stores|countries)\b)?/g;
const MONTH_BEFORE = /(?:january|february|march|april|may|june|july|august|september|october|november|december)\s*$/i;

/** The numbers a sentence states (amounts, percentages, counts), in order. Pure. */
export function quantities(s: string): Quantity[] {
  const out: Quantity[] = [];
  for (const m of s.matchAll(QUANTITY)) {
    const [whole, cur, num, scale, what] = m;
    const at = m.index ?? 0;
    const prefix = s.slice(Math.max(0, at - 40), at);
    const bare = !cur && !scale && !what;
    // a year, a day of a date, "fiscal year 2026", "Item 1A", "Note 10", a footnote: not a quantity
    if (
      bare &&
      (/^(?:19|20)\d{2}$/.test(num!) || MONTH_BEFORE.test(prefix) || /(?:item|note|part|section|rule|form|article)\s*$/i.test(prefix))
    )
      continue;
    if (bare && /^[\d.]+$/.test(num!) && Number(num) < 10 && !/\.\d/.test(num!)) continue;
    if (/[A-Za-z-]$/.test(prefix) || /^[A-Za-z]/.test(s.slice(at + whole.length))) continue;
    const scaleWord = scale?.trim().toLowerCase() ?? '';
    const value = Number(num!.replace(/,/g, '')) * (SCALE[scaleWord] ?? 1);
    const unit = scaleWord === '%' ? '%' : `${cur ?? ''}${what ? what.trim().toLowerCase() : ''}` || 'count';
    const words = prefix.toLowerCase().match(/[a-z][a-z'-]*/g) ?? [];
    out.push({ text: whole.trim(), value, unit, before: words.slice(-4).join(' ') });
  }
  return out;
}

export interface NumberChange {
  before: string;
  after: string;
  change: 'up' | 'down' | 'same';
}

/**
 * The numbers of a reworded sentence compared as numbers: each number of the later wording against
 * the earlier wording's number of the same kind (currency, percent, shares) whose leading words are
 * most alike, in order; numbers without a counterpart are not compared. Pure.
 */
export function compareNumbers(before: string, after: string): NumberChange[] {
  const b = quantities(before);
  const a = quantities(after);
  const used = new Set<number>();
  const out: NumberChange[] = [];
  const near = (x: Quantity, y: Quantity) => {
    const xs = new Set(x.before.split(' '));
    return y.before.split(' ').filter((w) => w && xs.has(w)).length;
  };
  for (const y of a) {
    let best = -1;
    let bestScore = -1;
    b.forEach((x, i) => {
      if (used.has(i) || x.unit !== y.unit) return;
      const s = near(x, y) * 2 - Math.abs(i - a.indexOf(y)) * 0.1;
      if (s > bestScore) (best = i), (bestScore = s);
    });
    if (best < 0) continue;
    used.add(best);
    const x = b[best];
    if (!x) continue;
    if (x.text === y.text) continue;
    out.push({ before: x.text, after: y.text, change: y.value > x.value ? 'up' : y.value < x.value ? 'down' : 'same' });
  }
  return out;
}
