/**
 * Restatement basis policy: which version of a fact a calculation uses.
 * - latest (default): the version filed last
 * - original: the version first reported by the period's own report — the filing whose own period ends on
 *   the fact's period end (a 10-K for its fiscal year, a 10-Q for its quarter and year to date). A later
 *   filing's comparative is never the original: when no held filing reports the period as its own, nothing
 *   is chosen and the error says so (a split-adjusted or restated comparative would be mislabelled)
 * - as_of(date): the latest version filed on or before the date
 * - pre_split: the version in force just before the chain's stock-split adjustment
 * - filing: the version a named filing reported (a candidate's `sightings` are the filings that reported it)
 * `latest`/`original` may require the chain to show a restatement or a split adjustment ("as restated",
 * "split-adjusted", "as originally reported (pre-split)"): when it shows none, nothing is chosen and the
 * error says so — the plain figure is never given in its place.
 * The chosen fact is tagged with the basis so that one calculation never mixes bases. When the policy
 * cannot choose (two versions filed the same day with different values) → RESTATEMENT_CONFLICT.
 */
import type { Basis, FactStatus, FilingName, ISODate } from '@/lib/domain/types';
import { compare, parseDecimal } from './decimal';
import { factChainKey } from '@/lib/domain/identity';
import { error } from './checks';
import type { Operand, TypedError } from './types';

/** Why a version differs from the one before it in its chain (lib/facts recomputeChains). */
export type RevisionKind = 'restatement' | 'split_adjustment' | 'rounding';

/** A version of a fact: an operand with its filing date (and optionally its chain and status). */
export type VersionCandidate = Operand & {
  filedAt: ISODate;
  chainKey?: string;
  version?: number;
  accession?: string | null;
  form?: string | null;
  status?: FactStatus;
  /** why this version differs from the one before it (null/absent for the first) */
  revisionKind?: RevisionKind | string | null;
  /** accessions of every filing that reported this value (read for the filing basis) */
  sightings?: readonly string[];
  /**
   * Whether a held filing that reported this value covers its period as its own (the filing's own period
   * ends on the fact's period end): true/false when the reporting filings are known, absent when not
   * (read for the original basis)
   */
  ownReport?: boolean;
};

/** One version of the chain a choice was made in, oldest first (for the answer's version note). */
export interface ChainVersion {
  id: string;
  value: string;
  filedAt: ISODate;
  accession: string | null;
  form: string | null;
  revisionKind: string | null;
}

/** The chosen version tagged with its basis, or typed errors. */
export type SelectVersionResult<T extends VersionCandidate> =
  | { ok: true; fact: T & { basisTag: string }; basisTag: string; restated: boolean; candidates: number; chain: ChainVersion[] }
  | { ok: false; errors: TypedError[] };

/** Stable tag of a basis: `latest`, `original`, `as_of:2024-01-31`, `pre_split`, `filing:<accession>`. */
export function basisTag(basis: Basis): string {
  if (basis.kind === 'as_of') return `as_of:${basis.date}`;
  if (basis.kind === 'filing') return `filing:${basis.filing?.accessions.join('+') ?? filingNameText(basis.name)}`;
  return basis.kind;
}

/** "the 10-K for FY2021", "the latest 10-Q", "the annual report for FY2023". */
export function filingNameText(name: FilingName): string {
  const form = name.form === 'annual' ? 'annual report' : name.form;
  if (name.fiscalYear === 'latest') return `the latest ${form}`;
  return name.fiscalPeriod === 'FY' ? `the ${form} for FY${name.fiscalYear}` : `the ${form} for ${name.fiscalPeriod} FY${name.fiscalYear}`;
}

/** Human label of a basis, e.g. "as filed on or before 31 Jan 2024". */
export function describeBasis(basis: Basis): string {
  if (basis.kind === 'latest')
    return basis.require === 'split'
      ? 'split-adjusted (latest filed) values'
      : basis.require === 'restatement'
        ? 'restated (latest filed) values'
        : 'latest filed values';
  if (basis.kind === 'original') return basis.require === 'split' ? 'originally reported (pre-split) values' : 'originally reported values';
  if (basis.kind === 'pre_split') return 'values as reported before the stock split';
  if (basis.kind === 'filing') return `values as reported in ${basis.filing?.label ?? filingNameText(basis.name)}`;
  return `values filed on or before ${basis.date}`;
}

/**
 * Version-chain identity ("the same number"): the stored chain key, else the domain's chain key computed
 * from entity, concept, unit, period, scope and dimensions (candidates of one call share a tenant).
 */
export function chainIdentity(f: VersionCandidate & { tenantId?: string }): string {
  return (
    f.chainKey ||
    factChainKey({
      tenantId: f.tenantId ?? '',
      entityId: f.entityId,
      concept: f.concept,
      unit: f.unit,
      period: f.period,
      scope: f.scope,
      dimensions: f.dimensions,
    })
  );
}

function sameValue(a: VersionCandidate, b: VersionCandidate): boolean {
  const x = parseDecimal(a.value);
  const y = parseDecimal(b.value);
  return x !== null && y !== null ? compare(x, y) === 0 : a.value === b.value;
}

/** Oldest first: by first filing, then version number. */
function byFiling<T extends VersionCandidate>(xs: readonly T[]): T[] {
  return [...xs].sort((a, b) => (a.filedAt < b.filedAt ? -1 : a.filedAt > b.filedAt ? 1 : (a.version ?? 0) - (b.version ?? 0)));
}

const RESTATED: readonly string[] = ['restatement', 'split_adjustment'];

/** The candidates the basis looks at, or an error saying why none can be (the version asked for does not exist). */
function eligible<T extends VersionCandidate>(
  active: T[],
  basis: Basis,
): { ok: true; pool: T[]; pick: 'first' | 'last' } | { ok: false; errors: TypedError[] } {
  const chain = byFiling(active);
  const splits = chain.filter((c) => c.revisionKind === 'split_adjustment');
  const when = (c: VersionCandidate) => `${c.form ? `${c.form} ` : ''}filed ${c.filedAt}`;
  switch (basis.kind) {
    case 'latest':
      if (basis.require === 'split' && splits.length === 0) {
        return {
          ok: false,
          errors: [
            error(
              'MISSING_FACT',
              `no split-adjusted version exists: no version of this figure differs from another by a stock-split ratio${chain.length > 1 ? '' : ` (one version, ${when(chain[0]!)})`}`,
              ...active,
            ),
          ],
        };
      }
      if (basis.require === 'restatement' && !chain.some((c) => RESTATED.includes(c.revisionKind ?? ''))) {
        return {
          ok: false,
          errors: [
            error(
              'MISSING_FACT',
              `it has not been restated: every filing that reports it gives the same value${chain.length > 1 ? ' (later versions differ only by rounding)' : ''}, first ${when(chain[0]!)}`,
              ...active,
            ),
          ],
        };
      }
      return { ok: true, pool: active, pick: 'last' };
    case 'original': {
      // the period's own report: a version known to come only from later filings' comparatives is not it
      const own = chain.filter((c) => c.ownReport !== false);
      if (own.length === 0) {
        const held = chain.map((c) => `${c.value} in the ${when(c)}`).join('; ');
        return {
          ok: false,
          errors: [
            error(
              'MISSING_FACT',
              `the original is not held: no held filing reports this period as its own (the ${chain.length > 1 ? 'held versions are comparatives in later filings' : "held version is a later filing's comparative"}: ${held})`,
              ...active,
            ),
          ],
        };
      }
      if (basis.require === 'split' && splits.length === 0) {
        return {
          ok: false,
          errors: [
            error(
              'MISSING_FACT',
              `no pre-split version exists: no later version differs from the one first reported (${when(own[0]!)}) by a stock-split ratio`,
              ...active,
            ),
          ],
        };
      }
      return { ok: true, pool: own, pick: 'first' };
    }
    case 'as_of': {
      const visible = active.filter((c) => c.filedAt <= basis.date);
      if (visible.length === 0)
        return { ok: false, errors: [error('MISSING_FACT', `no version was filed on or before ${basis.date}`, ...active)] };
      return { ok: true, pool: visible, pick: 'last' };
    }
    case 'pre_split': {
      if (splits.length === 0) {
        return {
          ok: false,
          errors: [
            error(
              'MISSING_FACT',
              `no pre-split version exists: no version of this figure differs from another by a stock-split ratio`,
              ...active,
            ),
          ],
        };
      }
      const adjustedOn = [...new Set(splits.map((s) => s.filedAt))];
      if (adjustedOn.length > 1) {
        return {
          ok: false,
          errors: [
            error(
              'RESTATEMENT_CONFLICT',
              `its versions were adjusted for ${adjustedOn.length} stock splits (filed ${adjustedOn.join(', ')}), so "pre-split" does not say which version; name the filing (e.g. "as reported in the FY2021 10-K")`,
              ...splits,
            ),
          ],
        };
      }
      const before = active.filter((c) => c.filedAt < adjustedOn[0]!);
      return before.length
        ? { ok: true, pool: before, pick: 'last' }
        : { ok: false, errors: [error('MISSING_FACT', 'no version was filed before the split adjustment', ...active)] };
    }
    case 'filing': {
      const filing = basis.filing;
      if (!filing)
        return { ok: false, errors: [error('MISSING_FACT', `${filingNameText(basis.name)} was not found among the filings`, ...active)] };
      if (active.some((c) => c.sightings === undefined)) {
        return { ok: false, errors: [error('MISSING_FACT', 'the filings that reported each version are not known', ...active)] };
      }
      const inFiling = active.filter((c) => c.sightings!.some((a) => filing.accessions.includes(a)));
      if (inFiling.length === 0)
        return { ok: false, errors: [error('MISSING_FACT', `${filing.label} (filed ${filing.filedAt}) does not report it`, ...active)] };
      const distinct = inFiling.filter((c, i) => inFiling.findIndex((d) => sameValue(c, d)) === i);
      if (distinct.length > 1) {
        return {
          ok: false,
          errors: [
            error(
              'RESTATEMENT_CONFLICT',
              `${filing.label} reports ${distinct.length} different values (${distinct.map((d) => d.value).join(' vs ')})`,
              ...inFiling,
            ),
          ],
        };
      }
      // "as restated in the FY2025 10-K": that filing's value must differ from the first one reported
      if (basis.require === 'restatement' && sameValue(distinct[0]!, chain[0]!)) {
        return {
          ok: false,
          errors: [
            error(
              'MISSING_FACT',
              `${filing.label} (filed ${filing.filedAt}) did not restate it: it reports the value first reported (${when(chain[0]!)})`,
              ...inFiling,
            ),
          ],
        };
      }
      return { ok: true, pool: inFiling, pick: 'last' };
    }
  }
}

/** Picks the version of one fact that `basis` designates, tagged with the basis. */
export function selectVersion<T extends VersionCandidate>(
  candidates: readonly T[],
  basis: Basis = { kind: 'latest' },
): SelectVersionResult<T> {
  const active = candidates.filter((c) => (c.status ?? 'active') === 'active');
  if (active.length === 0) {
    return {
      ok: false,
      errors: [{ code: 'MISSING_FACT', message: 'no active version to choose from', factIds: candidates.map((c) => c.id) }],
    };
  }
  const chains = new Set(active.map(chainIdentity));
  if (chains.size > 1) {
    return {
      ok: false,
      errors: [error('VERSION_CHAIN_MISMATCH', `candidates are not versions of one fact (${chains.size} different chains)`, ...active)],
    };
  }
  const el = eligible(active, basis);
  if (!el.ok) return el;
  const visible = el.pool;
  const dates = visible.map((c) => c.filedAt).sort();
  const target = el.pick === 'first' ? dates[0]! : dates[dates.length - 1]!;
  const tied = visible.filter((c) => c.filedAt === target);
  const distinct = tied.filter((c, i) => tied.findIndex((d) => sameValue(c, d)) === i);
  if (distinct.length > 1) {
    return {
      ok: false,
      errors: [
        error(
          'RESTATEMENT_CONFLICT',
          `${distinct.length} versions filed on ${target} disagree (${distinct.map((d) => d.value).join(' vs ')}); the ${basisTag(basis)} basis cannot choose`,
          ...tied,
        ),
      ],
    };
  }
  const chosen = [...tied].sort((a, b) => (b.version ?? 0) - (a.version ?? 0))[0]!;
  const tag = basisTag(basis);
  // other versions: any active version of the chain with another value (a named filing or a cut-off date
  // does not hide that the figure was later restated)
  const others = basis.kind === 'as_of' ? visible : active;
  return {
    ok: true,
    fact: { ...chosen, basisTag: tag },
    basisTag: tag,
    restated: others.some((c) => !sameValue(c, chosen)),
    candidates: visible.length,
    chain: byFiling(active).map((c) => ({
      id: c.id,
      value: c.value,
      filedAt: c.filedAt,
      accession: c.accession ?? null,
      form: c.form ?? null,
      revisionKind: c.revisionKind ?? null,
    })),
  };
}

/** Groups facts into version chains and selects one version per chain. */
export function selectVersions<T extends VersionCandidate>(
  facts: readonly T[],
  basis: Basis = { kind: 'latest' },
): { selected: (T & { basisTag: string })[]; errors: TypedError[] } {
  const chains = new Map<string, T[]>();
  for (const f of facts) {
    const key = chainIdentity(f);
    const list = chains.get(key);
    if (list) list.push(f);
    else chains.set(key, [f]);
  }
  const selected: (T & { basisTag: string })[] = [];
  const errors: TypedError[] = [];
  for (const list of chains.values()) {
    const r = selectVersion(list, basis);
    if (r.ok) selected.push(r.fact);
    else errors.push(...r.errors);
  }
  return { selected, errors };
}

/**
 * A stock split of an entity, as its version chains show it: the first filing in which several
 * per-share or share figures were restated by the same whole ratio (lib/retrieval splitEvents).
 */
export interface SplitEvent {
  /** 10 for a 10-for-1 split (and for a 1-for-10 reverse split) */
  ratio: number;
  reverse: boolean;
  /** the first filing on the new share basis */
  firstFiled: ISODate;
}

/** "10-for-1 stock split", "1-for-10 reverse stock split". */
export function splitText(e: SplitEvent): string {
  return e.reverse ? `1-for-${e.ratio} reverse stock split` : `${e.ratio}-for-1 stock split`;
}

/**
 * The splits a per-share or share figure does not reflect: those first adjusted in a filing after the
 * one that reported it (`filedAt`). Two such figures are on one share basis when these are the same.
 */
export function splitsAfter(filedAt: ISODate, events: readonly SplitEvent[]): SplitEvent[] {
  return events.filter((e) => e.firstFiled > filedAt).sort((a, b) => (a.firstFiled < b.firstFiled ? -1 : 1));
}

/** Whether two figures' unreflected splits differ (they are on different share bases). */
export function shareBasesDiffer(a: readonly SplitEvent[], b: readonly SplitEvent[]): boolean {
  const key = (xs: readonly SplitEvent[]) => xs.map((e) => `${e.ratio}${e.reverse ? 'r' : ''}@${e.firstFiled}`).join('|');
  return key(a) !== key(b);
}

/** Half a unit of the last written digit of a decimal string ("0.17" → 0.005, "24643000000" → 0.5). */
function halfUlp(value: string): number {
  const dot = value.indexOf('.');
  const decimals = dot < 0 ? 0 : value.length - dot - 1;
  return 0.5 * 10 ** -decimals;
}

/** Whether `next` is `prev` restated by a split of `ratio`, up to the rounding of either written value. */
export function restatedBySplit(prev: string, next: string, ratio: number): boolean {
  const a = Math.abs(Number(prev));
  const b = Math.abs(Number(next));
  if (!(a > 0 && b > 0) || Math.sign(Number(prev)) !== Math.sign(Number(next))) return false;
  const [big, small, bigText, smallText] = a >= b ? [a, b, prev, next] : [b, a, next, prev];
  return Math.abs(big - small * ratio) <= ratio * halfUlp(smallText.trim()) + halfUlp(bigText.trim()) + 1e-12 * big;
}

/** How long after a split's first adjusted filing older periods keep being restated by it (comparatives). */
const SPLIT_RESTATES_FOR_DAYS = 3 * 366;

/**
 * Versions labelled `restatement` that are a known split of the entity once the rounding of per-share
 * values is allowed for (NVIDIA FY2023 diluted EPS 1.74 → 0.17 is the 10-for-1 split of 0.174, though
 * 1.74 / 0.17 is 10.24): relabelled `split_adjustment`. Only splits the entity's chains show
 * (splitEvents), within the years comparatives are restated after them. Other versions unchanged.
 */
export function relabelSplitVersions<T extends VersionCandidate>(candidates: readonly T[], events: readonly SplitEvent[]): T[] {
  if (events.length === 0) return [...candidates];
  const ordered = byFiling(candidates);
  return candidates.map((c) => {
    if (c.revisionKind !== 'restatement') return c;
    const i = ordered.indexOf(c);
    const prev = ordered
      .slice(0, i)
      .reverse()
      .find((p) => chainIdentity(p) === chainIdentity(c));
    if (!prev) return c;
    const days = (e: SplitEvent) => (Date.parse(`${c.filedAt}T00:00:00Z`) - Date.parse(`${e.firstFiled}T00:00:00Z`)) / 86_400_000;
    const split = events.find(
      (e) =>
        days(e) >= 0 && days(e) <= SPLIT_RESTATES_FOR_DAYS && prev.filedAt < e.firstFiled && restatedBySplit(prev.value, c.value, e.ratio),
    );
    return split ? { ...c, revisionKind: 'split_adjustment' } : c;
  });
}
