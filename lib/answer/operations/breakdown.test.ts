import { describe, expect, it } from 'vitest';
import type { CatalogMember } from '@/lib/retrieval/members';
import { memberName, nestedMembers } from './breakdown';

describe('breakdown parts', () => {
  it('finds the members that are sums of other members (within rounding), largest first', () => {
    const parents = nestedMembers([
      { key: 'products', value: 294866e6 },
      { key: 'services', value: 96169e6 },
      { key: 'iphone', value: 201183e6 },
      { key: 'mac', value: 29984e6 },
      { key: 'ipad', value: 26694e6 },
      { key: 'wearables', value: 37005e6 },
    ]);
    expect(Object.fromEntries(parents)).toEqual({ iphone: 'products', mac: 'products', ipad: 'products', wearables: 'products' });
  });

  it('leaves members that are no sum of others at the top, and gives up past the search bound', () => {
    expect(
      nestedMembers([
        { key: 'a', value: 10e6 },
        { key: 'b', value: 7e6 },
        { key: 'c', value: 5e6 },
      ]).size,
    ).toBe(0);
    const many = Array.from({ length: 20 }, (_, i) => ({ key: `m${i}`, value: (i + 1) * 1e6 }));
    expect(nestedMembers(many).size).toBe(0);
  });

  it('names a member by its own label, not by a row label other members share', () => {
    const seg = 'us-gaap:StatementBusinessSegmentsAxis';
    const a: CatalogMember = {
      entityId: 'e',
      axis: seg,
      member: 'x:GraphicsSegmentMember',
      dimensions: {},
      labels: ['Other segment items', 'Graphics'],
    };
    const b: CatalogMember = {
      entityId: 'e',
      axis: seg,
      member: 'x:ComputeSegmentMember',
      dimensions: {},
      labels: ['Other segment items', 'Compute'],
    };
    const c: CatalogMember = {
      entityId: 'e',
      axis: seg,
      member: 'x:BrandMember',
      dimensions: {},
      labels: ['Brand'],
      display: { Brand: 'X Brand' },
    };
    expect(memberName(a, [a, b, c])).toBe('Graphics');
    expect(memberName(c, [a, b, c])).toBe('X Brand');
  });
});
