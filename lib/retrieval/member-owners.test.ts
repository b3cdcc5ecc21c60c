import { describe, expect, it } from 'vitest';
import { ownedMember } from './member-owners';
import type { CatalogMember } from './members';

const SEG = 'us-gaap:StatementBusinessSegmentsAxis';
const member = (entityId: string, qname: string, labels: string[]): CatalogMember => ({
  entityId,
  axis: SEG,
  member: qname,
  dimensions: { [SEG]: qname },
  labels,
});

// a retailer with a plain "Other" line and a warehouse-club segment; a holding company with a "Moonshot Ventures" segment
const RETAILER = [member('shop', 'shop:OtherMember', ['Other']), member('shop', 'shop:PriceClubMember', ["Price's Club", 'Price Club'])];
const HOLDING = [member('hold', 'hold:MoonshotVenturesMember', ['Moonshot Ventures']), member('hold', 'hold:OtherMember', ['Other'])];

describe('the company whose member a question names by a proper name', () => {
  it('a member that is the whole name as written owns it', () => {
    const q = 'What did Moonshot Ventures lose in 2023?';
    expect(ownedMember(q, ['Moonshot Ventures'], HOLDING)).toEqual({ text: 'Moonshot Ventures', label: 'Moonshot Ventures' });
    expect(ownedMember("Price's Club revenue for fiscal 2023", ['Price', 'Club'], RETAILER)?.label).toBe("Price's Club");
  });

  it('a member sharing only one word of the name owns nothing ("Other" is not "Other Ventures")', () => {
    expect(ownedMember('Operating loss of Other Ventures in 2023', ['Operating', 'Other Ventures'], RETAILER)).toBeNull();
    expect(ownedMember('Operating loss of Other Ventures in 2023', ['Operating', 'Other Ventures'], HOLDING)).toBeNull();
  });

  it('the one-word member still owns a one-word name', () => {
    expect(ownedMember('Revenue of Other in 2023', ['Other'], RETAILER)?.label).toBe('Other');
  });

  it('a name joined by "&" is one name, its first word too at the start of the question', () => {
    // a chip maker with a "Render & Fabric" segment and a search company with a "Fabric" product line
    const CHIPS = [member('chip', 'chip:RenderAndFabricSegmentMember', ['Render And Fabric', 'Render & Fabric'])];
    const SEARCH = [member('srch', 'srch:FabricMember', ['Fabric'])];
    const q = 'Render & Fabric segment operating income for fiscal 2024';
    expect(ownedMember(q, ['Fabric'], CHIPS)?.text).toBe('Render & Fabric segment');
    expect(ownedMember(q, ['Fabric'], SEARCH)).toBeNull();
    expect(ownedMember('Fabric revenue for fiscal 2024', ['Fabric'], SEARCH)?.label).toBe('Fabric');
  });

  it('a name opening with one lower-case letter before a capital is a proper name ("eWidget"); a lower-case word is not', () => {
    const GADGETS = [member('gadg', 'gadg:EWidgetMember', ['eWidget']), member('gadg', 'gadg:WidgetsMember', ['widgets'])];
    expect(ownedMember('eWidget net sales in the three months ended August 31, 2025', ['eWidget'], GADGETS)?.label).toBe('eWidget');
    expect(ownedMember('widgets net sales for fiscal 2025', ['widgets'], GADGETS)).toBeNull();
  });
});
