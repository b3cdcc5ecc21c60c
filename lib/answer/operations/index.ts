/** The answer room's operations, by the intent operation each evaluates. */
import type { Intent } from '@/lib/planner/types';
import { averageOperation } from './average';
import { breakdownOperation } from './breakdown';
import { cagrOperation } from './cagr';
import { expressionOperation } from './expression';
import { growthOperation } from './growth';
import { seriesOperation } from './series';
import { ttmOperation } from './ttm';
import type { Operation } from './types';
import { valueOperation } from './value';

export type { Operation, OperationInput, Outcome, SayValue } from './types';

const OPERATIONS: readonly Operation[] = [
  valueOperation,
  seriesOperation,
  growthOperation,
  ttmOperation,
  expressionOperation,
  cagrOperation,
  averageOperation,
  breakdownOperation,
];

/** The module that evaluates and says the intent's operation (an expression intent without a tree is a plain value). */
export function operationFor(intent: Intent): Operation {
  if (intent.operation === 'expression' && !intent.expression) return valueOperation;
  const op = OPERATIONS.find((o) => o.handles.includes(intent.operation));
  if (!op) throw new Error(`no answer operation handles “${intent.operation}”`);
  return op;
}

/** Every operation the planner can produce has a module (checked by the tests). */
export const HANDLED_OPERATIONS: readonly Intent['operation'][] = OPERATIONS.flatMap((o) => o.handles);
