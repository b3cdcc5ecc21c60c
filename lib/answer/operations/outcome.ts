import type { CalcResult } from '@/lib/calc';
import { fromCalc, type EntityContext, type Figure, type Target } from '../compute';
import type { Outcome } from './types';

/** A calculation's result as an outcome: the figure with its parts, or the refusal with its typed errors. */
export function calcOutcome(res: CalcResult, label: string, parts: Figure[], ent: EntityContext, target: Target): Outcome {
  if (!res.ok)
    return { failure: { kind: 'rejected', message: res.errors.map((e) => e.message).join('; '), errors: res.errors }, entity: ent, target };
  return { entity: ent, target, figure: fromCalc(res, label, parts, ent) };
}
