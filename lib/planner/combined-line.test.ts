/**
 * A combined line asked as its first part including the last ("cash, including restricted cash" is the line
 * "cash and restricted cash"), and a change asked by both its directions ("go up or down").
 */
import { describe, expect, it } from 'vitest';
import { ent } from './__fixtures__/catalog';
import type { CatalogEntity } from './catalog';
import { planQuestion } from './plan';

const catalog: CatalogEntity[] = [ent('initech', 'Initech', 'Initech Inc.', 'INTC9')];
const plan = (q: string) => {
  const r = planQuestion(q, { catalog, measures: {} });
  return r.status === 'planned' ? { id: r.intent.metric?.id, op: r.intent.operation } : r.status;
};

describe('a combined line written with "including"', () => {
  it('is the combined line, as its own balance', () => {
    expect(plan('Initech cash, including restricted cash, at the end of 2022')).toEqual({ id: 'restricted_cash_and_cash', op: 'value' });
    expect(plan('Initech cash inclusive of restricted cash at December 31, 2022')).toEqual({ id: 'restricted_cash_and_cash', op: 'value' });
  });
  it('leaves a part named alone as that part', () => {
    expect(plan('Initech cash and cash equivalents at the end of 2022')).toEqual({ id: 'cash', op: 'value' });
  });
});

describe('a change asked by both its directions', () => {
  it('reads "go up or down" as the change', () => {
    const r = plan('By how much did Initech cash including restricted cash go up or down during 2022?');
    expect(r).toMatchObject({ id: 'restricted_cash_and_cash' });
    expect(plan('How much did Initech total debt move up or down in 2022?')).not.toBe('needs_clarification');
  });
});
