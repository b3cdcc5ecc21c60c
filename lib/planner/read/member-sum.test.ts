/** Members added up in words: each member its own figure, summed, only when the question asks for the sum. */
import { describe, expect, it } from 'vitest';
import { ent } from '../__fixtures__/catalog';
import type { CatalogEntity } from '../catalog';
import type { MemberEntry } from '../match-metric';
import { planQuestion } from '../plan';

const catalog: CatalogEntity[] = [ent('orbit', 'Orbit Retail', 'Orbit Retail Holdings', 'ORBT')];
const PRODUCT = 'srt:ProductOrServiceAxis';
const REGION = 'srt:StatementGeographicalAxis';
const members: MemberEntry[] = [
  { entityId: 'orbit', axis: PRODUCT, member: 'orbt:ApparelMember', labels: ['Apparel'], measures: ['revenue'] },
  { entityId: 'orbit', axis: PRODUCT, member: 'orbt:FootwearMember', labels: ['Footwear'], measures: ['revenue'] },
  { entityId: 'orbit', axis: PRODUCT, member: 'orbt:HomeGoodsMember', labels: ['Home goods'], measures: ['revenue'] },
  { entityId: 'orbit', axis: REGION, member: 'orbt:EuropeMember', labels: ['Europe'], measures: ['revenue'] },
];
const plan = (q: string) => planQuestion(q, { catalog, measures: { members } });
const operands = (q: string) => {
  const r = plan(q);
  expect(r.status, JSON.stringify(r)).toBe('planned');
  if (r.status !== 'planned') return [];
  const e = r.intent.expression;
  expect(e?.kind === 'op' && e.op).toBe('sum');
  return e?.kind === 'op'
    ? e.args.map((a) =>
        a.kind === 'operand'
          ? `${a.operand.metric.id}[${Object.values(a.operand.metric.dimensions ?? {}).join()}] ${a.operand.period.text}`
          : '',
      )
    : [];
};

describe('members added up in words', () => {
  it('sums the measure of each member listed, for the one period named', () => {
    expect(operands("What did Orbit Retail's apparel, footwear and home goods revenue come to, taken together, in FY2024?")).toEqual([
      'revenue[orbt:ApparelMember] FY2024',
      'revenue[orbt:FootwearMember] FY2024',
      'revenue[orbt:HomeGoodsMember] FY2024',
    ]);
    expect(operands('Orbit Retail apparel plus footwear revenue for FY2023')).toEqual([
      'revenue[orbt:ApparelMember] FY2023',
      'revenue[orbt:FootwearMember] FY2023',
    ]);
  });

  it('without a sum word, the list makes no reported figure and is not answered', () => {
    expect(plan('Orbit Retail apparel and footwear revenue for FY2023').status).toBe('insufficient_evidence');
  });

  it('members of different axes are no list to add up', () => {
    expect(plan('Orbit Retail Europe and footwear revenue combined for FY2023').status).not.toBe('planned');
  });
});
