/**
 * What a derivation module (discrete-quarter.ts, ttm-per-share.ts) needs from the figure engine in
 * compute.ts, handed to it by the engine: the stored figure for a target (same measure, scope and
 * member), targets on the entity's calendar, the trace of calculations and the figure of a result.
 * Passed in rather than imported, so the modules and the engine do not import each other.
 */
import type { CalcOk, CalcResult } from '@/lib/calc';
import type { Period } from '@/lib/domain/types';
import type { Figure, FigureResult, Target } from './compute';

export interface FigureKit {
  /** the stored figure of the measure for one target */
  fetch: (target: Target) => Promise<FigureResult>;
  /** a target on the entity's calendar */
  targetFor: (period: Period) => Target;
  /** records a calculation in the trace */
  record: (r: CalcResult) => void;
  /** the figure of an accepted calculation, its parts cited */
  figure: (r: CalcOk, label: string, parts: Figure[]) => Figure;
}
