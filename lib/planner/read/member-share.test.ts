import { describe, expect, it } from 'vitest';
import { ent } from '../__fixtures__/catalog';
import type { CatalogEntity } from '../catalog';
import type { MemberEntry } from '../match-metric';
import { planQuestion } from '../plan';

const catalog: CatalogEntity[] = [ent('lark', 'Lark', 'Lark Stores Inc.', 'LARK'), ent('fern', 'Fern', 'Fern Foods plc', 'FERN')];
const SEG = 'us-gaap:StatementBusinessSegmentsAxis';
const PROD = 'srt:ProductOrServiceAxis';
const members: MemberEntry[] = [
  // Lark: a segment with its own net sales, and its product lines reported within it
  { entityId: 'lark', axis: SEG, member: 'lark:DomesticMember', labels: ['Domestic'], measures: ['revenue', 'operating_income'] },
  { entityId: 'lark', axis: SEG, member: 'lark:AbroadMember', labels: ['Abroad'], measures: ['revenue'] },
  {
    entityId: 'lark',
    axis: PROD,
    member: 'lark:HardwareMember',
    labels: ['Hardware'],
    measures: ['revenue'],
    dimensions: { [SEG]: 'lark:DomesticMember', [PROD]: 'lark:HardwareMember' },
  },
  // Fern: a product line reported within a segment whose own net sales the filing does not report
  { entityId: 'fern', axis: SEG, member: 'fern:ChilledMember', labels: ['Chilled'], measures: ['operating_income'] },
  {
    entityId: 'fern',
    axis: PROD,
    member: 'fern:DairyMember',
    labels: ['Dairy'],
    measures: ['revenue'],
    dimensions: { [SEG]: 'fern:ChilledMember', [PROD]: 'fern:DairyMember' },
  },
  { entityId: 'fern', axis: PROD, member: 'fern:BakeryMember', labels: ['Bakery'], measures: ['revenue'] },
];
const plan = (q: string) => planQuestion(q, { catalog, measures: { members } });
type Operand = [string, Record<string, string> | null];
/** the share's two operands as [measure, dimensions], in a fixed order (the answer says which is the part), or the status */
const share = (q: string): Operand[] | string => {
  const r = plan(q);
  if (r.status !== 'planned') return r.status;
  const e = r.intent.expression;
  if (e?.kind !== 'op' || e.op !== 'share') return `planned ${r.intent.operation}`;
  return e.args
    .map((a): Operand => (a.kind === 'operand' ? [a.operand.metric.id, a.operand.metric.dimensions ?? null] : [a.kind, null]))
    .sort((a, b) => Object.keys(b[1] ?? {}).length - Object.keys(a[1] ?? {}).length);
};

describe('the share of a whole a member makes up', () => {
  it('reads the member named before the measure as the whole, where the slice after it is reported within it', () => {
    expect(share('What proportion of the Lark Domestic segment’s net sales for fiscal 2024 was hardware?')).toEqual([
      ['revenue', { [SEG]: 'lark:DomesticMember', [PROD]: 'lark:HardwareMember' }],
      ['revenue', { [SEG]: 'lark:DomesticMember' }],
    ]);
  });
  it('reads the company’s total as the whole where no member is named before the measure', () => {
    expect(share('What share of Lark’s fiscal 2024 net sales came from the Abroad segment?')).toEqual([
      ['revenue', { [SEG]: 'lark:AbroadMember' }],
      ['revenue', null],
    ]);
  });
  it('asks the share that "how much of … , as a percentage" asks, and answers the amount without it', () => {
    expect(share('How much of Fern’s 2024 revenue came from Bakery, as a percentage?')).toEqual([
      ['revenue', { [PROD]: 'fern:BakeryMember' }],
      ['revenue', null],
    ]);
    expect(share('How much of Fern’s 2024 revenue came from Bakery?')).toBe('planned value');
  });
  it('never makes a whole of a member the filing reports no such figure for', () => {
    // Fern reports no net sales of its Chilled segment: the share of that segment is not taken of the company's total
    const r = share('What percentage of Fern Chilled fiscal 2024 revenue was dairy?');
    expect(r).not.toEqual([
      ['revenue', { [SEG]: 'fern:ChilledMember', [PROD]: 'fern:DairyMember' }],
      ['revenue', null],
    ]);
    expect(Array.isArray(r) && r.some(([, d]) => d?.[SEG] === 'fern:ChilledMember' && !d[PROD])).toBe(false);
  });
});
