/**
 * Words that only ask for the answer or point back at what the question already named: a task verb that is also a
 * product line's name, an answer verb before a named filing, "for the year" after one year, "the same" before a
 * period with its own year, "the quarter before" / "the year before" as the base of a comparison, a period's end
 * restated in brackets, each company's own year end, a measure in the plural asked of several companies.
 */
import { describe, expect, it } from 'vitest';
import { ent } from '../__fixtures__/catalog';
import type { CatalogEntity } from '../catalog';
import type { MemberEntry } from '../match-metric';
import { planQuestion } from '../plan';

const catalog: CatalogEntity[] = [
  ent('orbit', 'Orbit Retail', 'Orbit Retail Holdings', 'ORBT'),
  ent('keel', 'Keel Marine', 'Keel Marine Corporation', 'KEEL'),
];
const members: MemberEntry[] = [
  { entityId: 'orbit', axis: 'srt:ProductOrServiceAxis', member: 'orbt:ComputeMember', labels: ['Compute'], measures: ['revenue'] },
  { entityId: 'orbit', axis: 'srt:ProductOrServiceAxis', member: 'orbt:ApparelMember', labels: ['Apparel'], measures: ['revenue'] },
];
const plan = (q: string) => planQuestion(q, { catalog, measures: { members } });
const planned = (q: string) => {
  const r = plan(q);
  expect(r.status, `${q}: ${JSON.stringify(r.status === 'needs_clarification' ? r.clarification : r.status)}`).toBe('planned');
  if (r.status !== 'planned') throw new Error('not planned');
  return r;
};

describe('words that only ask, or point back', () => {
  it('a task verb after a comma names no member, even one spelt the same ("…, compute (A + B) / C")', () => {
    const r = planned('For Orbit Retail FY2024, compute (R&D + SG&A) / revenue.');
    const dims = JSON.stringify(r.intent.expression);
    expect(dims).not.toContain('ComputeMember');
    expect(r.intent.operation).toBe('expression');
    // the member named as the figure's own words still restricts it
    const m = planned('Orbit Retail Compute revenue in FY2024');
    expect(Object.values(m.intent.metric.dimensions ?? {})).toEqual(['orbt:ComputeMember']);
  });

  it('"Express …" opens a request; the answer verb before a named filing is the source', () => {
    expect(planned('Express Orbit Retail FY2024 gross margin as a percentage, to one decimal place.').intent.metric.id).toBe(
      'gross_margin',
    );
    const r = planned('Answer solely from the FY2023 10-K: what was Orbit Retail apparel revenue for the year?');
    expect(r.intent.periods.map((p) => p.text)).toEqual(['the FY2023 10-K']);
    expect(Object.values(r.intent.metric.dimensions ?? {})).toEqual(['orbt:ApparelMember']);
  });

  it('"for the fiscal year" after one named year is that year; with no year it is not placed', () => {
    const r = planned('Going by the FY2022 10-K, what was Orbit Retail net income for the fiscal year?');
    expect(r.intent.metric.id).toBe('net_income');
    expect(r.status).toBe('planned');
    expect(plan('What was Orbit Retail net income for the fiscal year?').status).not.toBe('planned');
  });

  it('"the same" before a period naming its own year adds nothing', () => {
    const r = planned('Orbit Retail revenue growth, first nine months of FY2024 versus the same nine months of FY2023');
    expect(r.intent.operation).toBe('growth');
    expect(r.intent.periods.map((p) => p.text).sort()).toEqual(['first nine months of FY2024', 'nine months of FY2023'].sort());
  });

  it('"vs. the quarter before" is a sequential comparison, "compared with the year before" a yearly one', () => {
    const q = planned('Sequential revenue growth for Orbit Retail in Q2 FY2024 (vs. the quarter before)?');
    expect(q.intent.comparison).toBe('sequential');
    const y = planned('Orbit Retail revenue growth in FY2024 compared with the year before');
    expect(y.intent.operation).toBe('growth');
  });

  it('a period end restated in brackets after a nine-month or quarter period is a check on it, not a second period', () => {
    for (const q of [
      "Orbit Retail's operating cash flow for the nine months of fiscal 2025 (through June 28, 2025)",
      "Orbit Retail's operating cash flow for the nine months of fiscal 2025 (ended June 28, 2025)",
    ]) {
      const r = planned(q);
      expect(r.intent.periods.length, q).toBe(1);
      const spec = JSON.stringify(r.intent.periods[0]?.spec);
      expect(spec, q).toContain('"endsIn":{"month":6');
      expect(spec, q).toContain('"day":28');
    }
  });

  it('"at the end of their respective fiscal 2025 years" is the end of each company\'s own year', () => {
    const r = planned('Total assets of Orbit Retail and Keel Marine at the end of their respective fiscal 2025 years');
    expect(r.intent.entities.map((e) => e.id).sort()).toEqual(['keel', 'orbit']);
    expect(r.intent.metric.id).toBe('total_assets');
  });

  it('"net incomes" of several companies is net income', () => {
    const r = planned("What were Orbit Retail's and Keel Marine's net incomes in fiscal 2024?");
    expect(r.intent.metric.id).toBe('net_income');
  });
});
