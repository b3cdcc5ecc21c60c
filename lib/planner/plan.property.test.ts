/**
 * Property tests of the planner's promise: a question generated from the grammar (entity form × period
 * form × measure synonym × operation) is planned for exactly the intended entity, measure and period — or
 * not planned at all; an unknown word inserted next to the period or measure words never yields a plan
 * for another period or measure.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planQuestion } from './plan';
import type { PlanResult } from './types';
import { ent } from './__fixtures__/catalog';

const CATALOG = [ent('tsla', 'Tesla', 'Tesla, Inc.', 'TSLA'), ent('snow', 'Snowflake', 'Snowflake Inc.', 'SNOW')];

const ENTITY_FORMS: [string, string][] = [
  ['Tesla', 'tsla'],
  ["Tesla's", 'tsla'],
  ['Tesla, Inc.', 'tsla'],
  ['TSLA', 'tsla'],
  ['Snowflake', 'snow'],
  ['SNOW', 'snow'],
];
const MEASURES: [string, string][] = [
  ['revenue', 'revenue'],
  ['total revenues', 'total_revenues'],
  ['net income', 'net_income'],
  ['operating income', 'operating_income'],
  ['gross profit', 'gross_profit'],
  ['R&D expense', 'rnd'],
  ['research and development expense', 'rnd'],
];
/** period form → the fiscal position and year it must resolve to */
const PERIODS: ((y: number) => [string, string, number])[] = [
  (y) => [`FY${y}`, 'FY', y],
  (y) => [`fiscal ${y}`, 'FY', y],
  (y) => [`Q1 ${y}`, 'Q1', y],
  (y) => [`Q3 FY${y}`, 'Q3', y],
  (y) => [`the second quarter of fiscal ${y}`, 'Q2', y],
  (y) => [`fourth-quarter fiscal ${y}`, 'Q4', y],
  (y) => [`H1 FY${y}`, 'H1', y],
  (y) => [`3Q${String(y % 100).padStart(2, '0')}`, 'Q3', y],
];
const TEMPLATES = [
  (e: string, m: string, p: string) => `${e} ${m} ${p}`,
  (e: string, m: string, p: string) => `What was ${e} ${m} in ${p}?`,
  (e: string, m: string, p: string) => `${p} ${m} for ${e}`,
  (e: string, m: string, p: string) => `Show me ${e} ${m} for ${p}.`,
];

function plannedFor(r: PlanResult, entity: string, metric: string, position: string, year: number): boolean {
  if (r.status !== 'planned') return false;
  const i = r.intent;
  if (i.entities.map((e) => e.id).join() !== entity || i.metric.id !== metric || i.periods.length !== 1) return false;
  const spec = i.periods[0]!.spec;
  return spec.type === 'fiscal' && spec.position === position && spec.year.year === year;
}

const question = fc.record({
  e: fc.constantFrom(...ENTITY_FORMS),
  m: fc.constantFrom(...MEASURES),
  p: fc.constantFrom(...PERIODS),
  y: fc.integer({ min: 2012, max: 2030 }),
  t: fc.constantFrom(...TEMPLATES),
});

describe('planner properties', () => {
  it('a generated question is planned for exactly its entity, measure and period, or not planned', () => {
    fc.assert(
      fc.property(question, ({ e, m, p, y, t }) => {
        const [ptext, position, year] = p(y);
        const r = planQuestion(t(e[0], m[0], ptext), { catalog: CATALOG });
        if (r.status === 'planned')
          expect(plannedFor(r, e[1], m[1], position, year), JSON.stringify(r.status === 'planned' ? r.intent : r)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('most generated questions are planned (the grammar is not merely refusing)', () => {
    let planned = 0;
    fc.assert(
      fc.property(question, ({ e, m, p, y, t }) => {
        const [ptext] = p(y);
        if (planQuestion(t(e[0], m[0], ptext), { catalog: CATALOG }).status === 'planned') planned++;
      }),
      { numRuns: 200 },
    );
    expect(planned).toBeGreaterThan(150);
  });

  it('an unknown word next to a period or measure word never gives a plan for another period or measure', () => {
    const unknown = fc.constantFrom('blorp', 'adjusted', 'organic', 'pro-forma', 'segment', 'underlying', 'normalized', 'core', 'zorbic');
    fc.assert(
      fc.property(question, unknown, fc.constantFrom('before-measure', 'before-period', 'after-period'), ({ e, m, p, y }, w, where) => {
        const [ptext, position, year] = p(y);
        const mt = where === 'before-measure' ? `${w} ${m[0]}` : m[0];
        const pt = where === 'before-period' ? `${w} ${ptext}` : where === 'after-period' ? `${ptext} ${w}` : ptext;
        const r = planQuestion(`${e[0]} ${mt} ${pt}`, { catalog: CATALOG });
        // either blocked, or (a known qualifier) planned for exactly the same entity, measure and period
        if (r.status === 'planned') expect(plannedFor(r, e[1], m[1], position, year)).toBe(true);
        expect(
          r.status === 'planned' && ['blorp', 'zorbic', 'adjusted', 'pro-forma', 'organic', 'underlying', 'normalized'].includes(w),
        ).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
