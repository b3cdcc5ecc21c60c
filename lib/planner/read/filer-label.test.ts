/** An operand of a stated formula named by the company's own line: its label (or caption) read, never a near line guessed. */
import { describe, expect, it } from 'vitest';
import { ent } from '../__fixtures__/catalog';
import { expressionShape } from '../__fixtures__/plan-helpers';
import type { CatalogEntity } from '../catalog';
import type { MatchContext } from '../match-metric';
import { planQuestion } from '../plan';

const CATALOG: CatalogEntity[] = [
  ent('orbit', 'Orbit Retail', 'Orbit Retail Holdings', 'ORBT'),
  ent('zeta', 'Zeta Foods', 'Zeta Foods Corporation', 'ZETA'),
];
const MEASURES: MatchContext = {
  // the filer's own caption of a line the ontology maps: that line, not the first concept of the measure's chain
  labels: [
    {
      metricId: 'capex',
      label: 'Additions to property and equipment and capitalized software',
      concept: 'us-gaap:PaymentsToAcquireProductiveAssets',
    },
  ],
  // lines outside the ontology
  concepts: [
    { concept: 'orbt:StorePreopeningCosts', label: 'Store opening and pre-opening costs', periodType: 'duration' },
    { concept: 'orbt:OccupancyCostsStores', label: 'Store occupancy costs', periodType: 'duration' },
    { concept: 'orbt:OccupancyCostsDistribution', label: 'Distribution center occupancy costs', periodType: 'duration' },
  ],
};
const plan = (q: string) => planQuestion(q, { catalog: CATALOG, measures: MEASURES });
const shape = (q: string) => {
  const r = plan(q);
  expect(r.status, JSON.stringify(r)).toBe('planned');
  return r.status === 'planned' ? expressionShape(r.intent.expression) : '';
};

describe("an operand named by the company's own line", () => {
  it('reads the words as the one line whose label holds them (the measure words inside give way)', () => {
    expect(shape('Reinvestment rate = additions to property, equipment and software / operating cash flow. Orbit Retail, FY2024?')).toBe(
      '(concept:us-gaap:PaymentsToAcquireProductiveAssets / operating_cash_flow)',
    );
    expect(shape('Orbit Retail FY2023 operating income plus store pre-opening costs')).toBe(
      '(operating_income + concept:orbt:StorePreopeningCosts)',
    );
  });

  it('asks back, naming the words, when several lines hold them and none says exactly them', () => {
    const r = plan('Orbit Retail FY2023 operating income minus occupancy costs');
    expect(r.status).toBe('needs_clarification');
    if (r.status === 'needs_clarification') expect(r.clarification.question).toContain('occupancy');
  });

  it('asks back, naming the words, when no line holds them', () => {
    const r = plan('Orbit Retail FY2023 operating income minus franchise rebates');
    expect(r.status).toBe('needs_clarification');
    if (r.status === 'needs_clarification') expect(r.clarification.question).toContain('franchise rebates');
  });

  it('reads no line for words beside several companies (each company has its own lines)', () => {
    const r = plan('Orbit Retail and Zeta Foods FY2023 operating income plus store pre-opening costs');
    expect(r.status).not.toBe('planned');
  });
});
