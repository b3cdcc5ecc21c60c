import { describe, expect, it } from 'vitest';
import { distinguishingMember, memberLabelsFromRow } from './members';

const SEGMENT = 'us-gaap:StatementBusinessSegmentsAxis';

describe('distinguishingMember', () => {
  it('is the one member of a set on one axis, the neutral consolidation item left out', () => {
    expect(
      distinguishingMember({ [SEGMENT]: 'acme:WidgetsMember', 'srt:ConsolidationItemsAxis': 'us-gaap:OperatingSegmentsMember' }),
    ).toEqual({
      axis: SEGMENT,
      member: 'acme:WidgetsMember',
    });
  });

  it('is the product, the subsegment, the place or the sales channel within its segment', () => {
    expect(distinguishingMember({ [SEGMENT]: 'acme:CloudMember', 'srt:ProductOrServiceAxis': 'acme:StorageMember' })?.member).toBe(
      'acme:StorageMember',
    );
    expect(distinguishingMember({ [SEGMENT]: 'acme:BrandMember', 'acme:SubsegmentsAxis': 'acme:EuropeMember' })?.member).toBe(
      'acme:EuropeMember',
    );
    expect(distinguishingMember({ [SEGMENT]: 'acme:InternationalMember', 'srt:StatementGeographicalAxis': 'country:CA' })).toEqual({
      axis: 'srt:StatementGeographicalAxis',
      member: 'country:CA',
    });
    expect(distinguishingMember({ 'srt:MajorCustomersAxis': 'acme:OnlineMember', [SEGMENT]: 'acme:RetailMember' })?.member).toBe(
      'acme:OnlineMember',
    );
    // us-gaap's own sales-channel axis, as Nike tags NIKE Brand sales to wholesale customers
    expect(
      distinguishingMember({
        [SEGMENT]: 'acme:BrandMember',
        'us-gaap:ContractWithCustomerSalesChannelAxis': 'acme:SalesChannelWholesaleMember',
        'srt:ConsolidationItemsAxis': 'us-gaap:OperatingSegmentsMember',
      })?.member,
    ).toBe('acme:SalesChannelWholesaleMember');
  });

  it('is none for two axes it cannot tell apart', () => {
    expect(
      distinguishingMember({ 'srt:ProductOrServiceAxis': 'acme:StorageMember', 'srt:StatementGeographicalAxis': 'country:CA' }),
    ).toBeNull();
    expect(distinguishingMember({ [SEGMENT]: 'acme:CloudMember', 'us-gaap:DebtInstrumentAxis': 'acme:NotesMember' })).toBeNull();
  });
});

describe('memberLabelsFromRow', () => {
  it('gives a name with a parenthesis after it also as the name alone; a measure alone gives nothing', () => {
    expect(memberLabelsFromRow('China (including Hong Kong)')).toEqual(['China (including Hong Kong)', 'China']);
    expect(memberLabelsFromRow('Products (hardware)')).toEqual(['Products (hardware)', 'Products']);
    expect(memberLabelsFromRow('Other (including eliminations)')).toEqual(['Other (including eliminations)']);
    expect(memberLabelsFromRow('Revenue (1)')).toEqual([]);
  });
});
