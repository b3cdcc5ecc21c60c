/** Helpers of the planner's tests: a question's planned result, and an expression written as text. */
import { expect } from 'vitest';
import type { CatalogEntity } from '../catalog';
import { planQuestion } from '../plan';
import type { ExpressionNode } from '../types';

/** The planned result of `q` (the test fails, showing the clarification or the result, when it does not plan). */
export function plannedResult(q: string, catalog: CatalogEntity[]) {
  const r = planQuestion(q, { catalog });
  expect(r.status, JSON.stringify(r.status === 'needs_clarification' ? r.clarification : r)).toBe('planned');
  if (r.status !== 'planned') throw new Error('not planned');
  return r;
}

/** The expression as text: operands by measure id (avg(...) for averages), operators as symbols. */
export function expressionShape(n: ExpressionNode | undefined): string {
  if (!n) return '';
  if (n.kind === 'const') return n.value;
  if (n.kind === 'operand') return n.operand.role === 'average' ? `avg(${n.operand.metric.id})` : n.operand.metric.id;
  const sym = { sum: '+', difference: '-', ratio: '/', share: '%', product: '*' }[n.op];
  return `(${n.args.map(expressionShape).join(` ${sym} `)})`;
}
