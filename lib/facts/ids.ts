import { canonicalJson, contentId } from '@/lib/ids';
import type { Period, Scope } from '@/lib/domain/types';

export interface FactIdentity {
  tenantId: string;
  entityId: string;
  concept: string;
  unit: string;
  period: Period;
  scope: Scope;
  dimensions: Record<string, string>;
}

function periodKey(p: Period): string {
  return p.type === 'instant' ? `I:${p.date}` : `D:${p.start}..${p.end}`;
}

/** Version chain key: everything that identifies "the same number" except its value. */
export function factChainKey(f: FactIdentity): string {
  return contentId('chain', f.tenantId, f.entityId, f.concept, f.unit, periodKey(f.period), f.scope, canonicalJson(f.dimensions));
}

/** Fact id: the chain key plus the normalized value. */
export function factId(f: FactIdentity & { value: string }): string {
  return contentId('fact', factChainKey(f), normalizeDecimal(f.value));
}

/** Normalize a decimal string: no leading +, no leading zeros, no trailing fractional zeros, -0 → 0. */
export function normalizeDecimal(value: string): string {
  const m = /^\s*([+-])?(\d*)(?:\.(\d*))?\s*$/.exec(value);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) throw new Error(`not a decimal: ${JSON.stringify(value)}`);
  const int = (m[2] ?? '').replace(/^0+(?=\d)/, '') || '0';
  const frac = (m[3] ?? '').replace(/0+$/, '');
  const body = frac ? `${int}.${frac}` : int;
  const negative = m[1] === '-' && body !== '0';
  return negative ? `-${body}` : body;
}
