/**
 * A measure named with its place written after it, or in another form of the place: the measure whose own
 * name puts the place first ("U.S. income before income taxes"), read only where the ontology or the filer
 * names one so; a place no measure is named with still blocks.
 */
import { describe, expect, it } from 'vitest';
import { ent } from './__fixtures__/catalog';
import type { CatalogEntity } from './catalog';
import { planQuestion } from './plan';

const catalog: CatalogEntity[] = [ent('globex', 'Globex', 'Globex Corporation', 'GBX')];
const plan = (q: string) => {
  const r = planQuestion(q, { catalog, measures: {} });
  return r.status === 'planned' ? r.intent.metric?.id : r.status;
};

describe('a place written after the measure it qualifies', () => {
  it('reads the measure named with the place first, in any form of the place', () => {
    expect(plan('Globex earnings before income taxes within the USA, fiscal 2023')).toBe('pretax_income_domestic');
    expect(plan('What was Globex income before taxes from the United States in 2022?')).toBe('pretax_income_domestic');
    expect(plan('Globex pretax income earned outside of the U.S. in 2022')).toBe('pretax_income_foreign');
    expect(plan('Globex pretax income outside of the U.S. in 2022')).toBe('pretax_income_foreign');
  });
  it('reads a form of the place put before the measure', () => {
    expect(plan('Globex United States pre-tax income for 2021')).toBe('pretax_income_domestic');
  });
  it('leaves the measure as written without a place, and blocks on a place no measure is named with', () => {
    expect(plan('Globex pre-tax income in 2021')).toBe('profit_before_tax');
    expect(plan('Globex net income in the United States in 2021')).toBe('needs_clarification');
    expect(plan('Globex pre-tax income in Freedonia in 2021')).toBe('needs_clarification');
  });
});
