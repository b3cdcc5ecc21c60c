/**
 * Restatement basis policy: which version of a fact a calculation uses.
 * - latest (default): the version filed last
 * - original: the version filed first
 * - as_of(date): the latest version filed on or before the date
 * The chosen fact is tagged with the basis so that one calculation never mixes bases. When the policy
 * cannot choose (two versions filed the same day with different values) → RESTATEMENT_CONFLICT.
 */
import type { Basis, FactStatus, ISODate } from '@/lib/domain/types';
import { compare, parseDecimal } from './decimal';
import { factChainKey } from '@/lib/domain/identity';
import { error } from './checks';
import type { Operand, TypedError } from './types';

/** A version of a fact: an operand with its filing date (and optionally its chain and status). */
export type VersionCandidate = Operand & {
  filedAt: ISODate;
  chainKey?: string;
  version?: number;
  accession?: string | null;
  status?: FactStatus;
};

/** The chosen version tagged with its basis, or typed errors. */
export type SelectVersionResult<T extends VersionCandidate> =
  | { ok: true; fact: T & { basisTag: string }; basisTag: string; restated: boolean; candidates: number }
  | { ok: false; errors: TypedError[] };

/** Stable tag of a basis: `latest`, `original`, `as_of:2024-01-31`. */
export function basisTag(basis: Basis): string {
  return basis.kind === 'as_of' ? `as_of:${basis.date}` : basis.kind;
}

/** Human label of a basis, e.g. "as filed on or before 31 Jan 2024". */
export function describeBasis(basis: Basis): string {
  if (basis.kind === 'latest') return 'latest filed values';
  if (basis.kind === 'original') return 'originally reported values';
  return `values filed on or before ${basis.date}`;
}

/**
 * Version-chain identity ("the same number"): the stored chain key, else the domain's chain key computed
 * from entity, concept, unit, period, scope and dimensions (candidates of one call share a tenant).
 */
export function chainIdentity(f: VersionCandidate & { tenantId?: string }): string {
  return f.chainKey || factChainKey({ tenantId: f.tenantId ?? '', entityId: f.entityId, concept: f.concept, unit: f.unit, period: f.period, scope: f.scope, dimensions: f.dimensions });
}

function sameValue(a: VersionCandidate, b: VersionCandidate): boolean {
  const x = parseDecimal(a.value);
  const y = parseDecimal(b.value);
  return x !== null && y !== null ? compare(x, y) === 0 : a.value === b.value;
}

/** Picks the version of one fact that `basis` designates, tagged with the basis. */
export function selectVersion<T extends VersionCandidate>(
  candidates: readonly T[],
  basis: Basis = { kind: 'latest' },
): SelectVersionResult<T> {
  const active = candidates.filter((c) => (c.status ?? 'active') === 'active');
  if (active.length === 0) {
    return { ok: false, errors: [{ code: 'MISSING_FACT', message: 'no active version to choose from', factIds: candidates.map((c) => c.id) }] };
  }
  const chains = new Set(active.map(chainIdentity));
  if (chains.size > 1) {
    return {
      ok: false,
      errors: [error('VERSION_CHAIN_MISMATCH', `candidates are not versions of one fact (${chains.size} different chains)`, ...active)],
    };
  }
  const visible = basis.kind === 'as_of' ? active.filter((c) => c.filedAt <= basis.date) : active;
  if (visible.length === 0) {
    return {
      ok: false,
      errors: [error('MISSING_FACT', `no version was filed on or before ${basis.kind === 'as_of' ? basis.date : ''}`, ...active)],
    };
  }
  const dates = visible.map((c) => c.filedAt).sort();
  const target = basis.kind === 'original' ? dates[0]! : dates[dates.length - 1]!;
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
  return {
    ok: true,
    fact: { ...chosen, basisTag: tag },
    basisTag: tag,
    restated: visible.some((c) => !sameValue(c, chosen)),
    candidates: visible.length,
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
