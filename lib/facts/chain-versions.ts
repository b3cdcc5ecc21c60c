/**
 * The version fields of new chains, computed in memory: what recomputeChains (write-facts.ts) derives
 * in SQL, for chains whose every fact and sighting is at hand (a company new to the tenant, written
 * in one set by the bulk archive writer). Rows are then written once with their final values, instead
 * of written, re-read by chain key and updated.
 *
 * It follows the SQL step by step: per fact its first and last filing date and its first sighting
 * (ordered by filing date, then accession); per chain, versions ordered by (first filed, last filed,
 * id), `latest` = last filed equals the chain's latest, `original` = first filed equals the chain's
 * earliest; each later version labelled `split_adjustment`, `rounding` or `restatement` against the
 * one before. Where the SQL's result could depend on more than exact arithmetic on the stored text —
 * the split ratio within 1e-11 (relative) of a threshold of the test (PostgreSQL rounds the quotient
 * to ≥ 16 significant digits), or two sightings of one fact on one date whose accessions are not
 * EDGAR accession numbers (the order of other text depends on the database collation) or the same one
 * (seen in two sources: the SQL's order leaves the first undefined) — the chain is
 * left to recomputeChains, which the caller runs for the chains returned in `sql`.
 */
import type { FactRow, SightingRow } from './write-facts';

export interface DerivedVersion {
  version: number;
  supersedes: string | null;
  revisionKind: 'split_adjustment' | 'rounding' | 'restatement' | null;
  isLatest: boolean;
  isOriginal: boolean;
  filedAt: string;
  sourceId: string;
  accession: string | null;
  form: string | null;
}

export interface ChainDerivation {
  /** fact id → its derived fields (every fact of the chains derived here) */
  byFact: Map<string, DerivedVersion>;
  /** chains left to recomputeChains */
  sql: string[];
}

/** EDGAR accession numbers (and no accession): their text order is the same under every collation. */
const ACCESSION = /^(\d{10}-\d{2}-\d{6})?$/;

interface Seen {
  row: FactRow;
  firstFiled: string;
  lastFiled: string;
  /** the earliest sighting; null until one is seen */
  first: SightingRow | null;
}

/**
 * Derives the chains `chainKeys` from `rows` (every fact of those chains) and `sightings` (every
 * sighting of those facts).
 */
export function deriveChains(chainKeys: Iterable<string>, rows: readonly FactRow[], sightings: readonly SightingRow[]): ChainDerivation {
  const wanted = new Set(chainKeys);
  const byFact = new Map<string, DerivedVersion>();
  const sqlChains: string[] = [];
  const seen = new Map<string, Seen>();
  const chains = new Map<string, Seen[]>();
  for (const r of rows) {
    if (!wanted.has(r.chainKey)) continue;
    const s: Seen = { row: r, firstFiled: '', lastFiled: '', first: null };
    seen.set(r.id, s);
    const list = chains.get(r.chainKey);
    if (list) list.push(s);
    else chains.set(r.chainKey, [s]);
  }
  const unsure = new Set<string>();
  for (const g of sightings) {
    const s = seen.get(g.fact_id);
    if (!s) continue;
    if (!s.first) {
      s.first = g;
      s.firstFiled = s.lastFiled = g.filed_at;
      continue;
    }
    if (g.filed_at > s.lastFiled) s.lastFiled = g.filed_at;
    if (g.filed_at < s.firstFiled) {
      s.firstFiled = g.filed_at;
      s.first = g;
    } else if (g.filed_at === s.first.filed_at) {
      // the SQL orders by (filed_at, accession): a tie on both (two sources) has no defined first
      if (g.accession === s.first.accession || !ACCESSION.test(g.accession) || !ACCESSION.test(s.first.accession))
        unsure.add(s.row.chainKey);
      else if (g.accession < s.first.accession) s.first = g;
    }
  }
  for (const [key, list] of chains) {
    if (unsure.has(key) || list.some((s) => !s.first)) {
      sqlChains.push(key);
      continue;
    }
    list.sort((a, b) => cmp(a.firstFiled, b.firstFiled) || cmp(a.lastFiled, b.lastFiled) || cmp(a.row.id, b.row.id));
    let maxLast = list[0]!.lastFiled;
    let minFirst = list[0]!.firstFiled;
    for (const s of list) {
      if (s.lastFiled > maxLast) maxLast = s.lastFiled;
      if (s.firstFiled < minFirst) minFirst = s.firstFiled;
    }
    const out: [string, DerivedVersion][] = [];
    let ok = true;
    for (let i = 0; i < list.length; i++) {
      const s = list[i]!;
      const first = s.first;
      if (!first) {
        ok = false;
        break;
      }
      const prev = i > 0 ? list[i - 1]! : null;
      const kind = prev ? revisionKind(s.row.value, prev.row.value, s.row.unit) : null;
      if (kind === 'unsure') {
        ok = false;
        break;
      }
      out.push([
        s.row.id,
        {
          version: i + 1,
          supersedes: prev ? prev.row.id : null,
          revisionKind: kind,
          isLatest: s.lastFiled === maxLast,
          isOriginal: s.firstFiled === minFirst,
          filedAt: s.firstFiled,
          sourceId: first.source_id,
          accession: first.accession === '' ? null : first.accession,
          form: first.form,
        },
      ]);
    }
    if (!ok) {
      sqlChains.push(key);
      continue;
    }
    for (const [id, d] of out) byFact.set(id, d);
  }
  return { byFact, sql: sqlChains };
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A decimal string (normalizeDecimal's form) as an integer and a power of ten: value = int × 10^-scale. */
function decimal(text: string): { int: bigint; scale: number } {
  const dot = text.indexOf('.');
  if (dot < 0) return { int: BigInt(text), scale: 0 };
  return { int: BigInt(text.slice(0, dot) + text.slice(dot + 1)), scale: text.length - dot - 1 };
}

/** The exponent recomputeChains reads from a value's text: minus its fraction digits, else its trailing zeros. */
function textExponent(text: string): number {
  const dot = text.indexOf('.');
  if (dot >= 0) return dot + 1 - text.length;
  let n = 0;
  for (let i = text.length - 1; i >= 0 && text[i] === '0'; i--) n++;
  return n;
}

const abs = (x: bigint) => (x < 0n ? -x : x);
const sign = (x: bigint) => (x > 0n ? 1 : x < 0n ? -1 : 0);
const pow10 = (n: number) => 10n ** BigInt(n);

/** Relative distance under which a split-ratio comparison is left to PostgreSQL: 1e-11 (its quotient carries ≥ 16 significant digits). */
const NEAR = 10n ** 11n;

/**
 * recomputeChains' revision_kind of `value` against the version before it, with exact arithmetic;
 * 'unsure' when the split test's quotient is too close to one of its thresholds to decide without
 * PostgreSQL's rounding.
 */
export function revisionKind(value: string, prevValue: string, unit: string): 'split_adjustment' | 'rounding' | 'restatement' | 'unsure' {
  const v = decimal(value);
  const p = decimal(prevValue);
  const scale = Math.max(v.scale, p.scale);
  const vi = v.int * pow10(scale - v.scale);
  const pi = p.int * pow10(scale - p.scale);
  if ((unit === 'shares' || unit.endsWith('/shares')) && vi !== 0n && pi !== 0n) {
    const [big, small] = abs(vi) > abs(pi) ? [abs(vi), abs(pi)] : [abs(pi), abs(vi)]; // bigints: Math.max takes numbers only
    // R = big / small; is R within NEAR-relative distance of t = tn / td?  |big·td − tn·small|·NEAR ≤ big·td
    const near = (tn: bigint, td: bigint) => abs(big * td - tn * small) * NEAR <= big * td;
    // R ≥ 1.9
    if (near(19n, 10n)) return 'unsure';
    if (big * 10n >= 19n * small) {
      // n = round(R), half up: floor(R + 1/2)
      const fl = big / small;
      if (near(2n * fl + 1n, 2n)) return 'unsure';
      const n = (2n * big + small) / (2n * small);
      // |R − n| ≤ 0.02·n  ⇔  |big − n·small| · 50 ≤ n·small
      const lhs = abs(big - n * small) * 50n;
      const rhs = n * small;
      // the same comparison with R perturbed by R·1e-11: left to PostgreSQL when it could flip
      if (abs(lhs - rhs) * NEAR <= 50n * big) return 'unsure';
      if (lhs <= rhs) return 'split_adjustment';
    }
  }
  // |v − p|·2 ≤ 10^max(e(v), e(p)) and sign(v) = sign(p), all times 10^scale. PostgreSQL's
  // power(10::numeric, e) is exact down to e = −16; below, releases round it differently (15: to 16
  // places, so 0) — such values are left to the database the chain is written to.
  const e = Math.max(textExponent(value), textExponent(prevValue));
  if (e < -16) return 'unsure';
  const lhs = abs(vi - pi) * 2n;
  // e ≥ −scale always (a value's fraction digits are at most the common scale)
  const within = lhs <= pow10(e + scale);
  if (within && sign(vi) === sign(pi)) return 'rounding';
  return 'restatement';
}
