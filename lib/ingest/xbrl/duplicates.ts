/**
 * Duplicate facts of one filing (XBRL 2.1 §4.10): the same concept, context (period, dimensions), unit and
 * scope tagged more than once. Inline XBRL filers often tag a figure twice at different precision — "$9.0
 * billion" in the narrative (decimals -8) and 9,037 million in the statement (decimals -6). Such values are
 * consistent when they agree after rounding to the lower precision of each pair: they are one fact, and
 * the most precise value is kept. Values that disagree even then stay as filed (a real conflict the
 * version chain reports, never silently resolved).
 */
import { compare, parseDecimal, round, type Decimal } from '@/lib/calc/decimal';
import { factChainKey } from '@/lib/domain/identity';
import type { FactInput } from '@/lib/facts/write-facts';

/** decimals as precision: null (INF, or not stated) is exact */
const precisionOf = (f: FactInput) => (f.decimals === null ? Number.POSITIVE_INFINITY : f.decimals);

/** Whether two reported values agree after rounding both to the lower of their precisions. */
export function consistentDuplicates(a: { value: Decimal; decimals: number }, b: { value: Decimal; decimals: number }): boolean {
  const d = Math.min(a.decimals, b.decimals);
  if (!Number.isFinite(d)) return compare(a.value, b.value) === 0;
  return compare(round(a.value, d), round(b.value, d)) === 0;
}

/** the version chain the writer would put it in (the same number), and its status */
const keyOf = (f: FactInput) => `${factChainKey(f)}/${f.status ?? 'active'}`;

export interface MergedDuplicates {
  facts: FactInput[];
  /** less precise duplicates dropped in favour of a consistent more precise value */
  merged: number;
  /** groups whose values disagree even at the lower precision (kept as filed) */
  inconsistent: number;
}

/**
 * One filing's fact inputs with consistent duplicates of different precision reduced to the most precise
 * value (every input carrying that value is kept, so its cells and sightings stay). Order is preserved.
 */
export function mergePrecisionDuplicates(inputs: readonly FactInput[]): MergedDuplicates {
  const groups = new Map<string, number[]>();
  inputs.forEach((f, i) => {
    const k = keyOf(f);
    const g = groups.get(k);
    if (g) g.push(i);
    else groups.set(k, [i]);
  });
  const drop = new Set<number>();
  let inconsistent = 0;
  for (const idx of groups.values()) {
    if (idx.length < 2) continue;
    const parsed = idx.map((i) => ({ i, value: parseDecimal(inputs[i]!.value), decimals: precisionOf(inputs[i]!) }));
    if (parsed.some((p) => p.value === null)) continue;
    const vals = parsed as { i: number; value: Decimal; decimals: number }[];
    if (vals.every((v) => compare(v.value, vals[0]!.value) === 0)) continue;
    const ok = vals.every((a, j) => vals.slice(j + 1).every((b) => consistentDuplicates(a, b)));
    if (!ok) {
      inconsistent++;
      continue;
    }
    const best = Math.max(...vals.map((v) => v.decimals));
    const keep = vals.find((v) => v.decimals === best)!.value;
    for (const v of vals) if (compare(v.value, keep) !== 0) drop.add(v.i);
  }
  return { facts: inputs.filter((_, i) => !drop.has(i)), merged: drop.size, inconsistent };
}
