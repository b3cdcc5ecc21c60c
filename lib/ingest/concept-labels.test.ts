import { describe, expect, it } from 'vitest';
import { conceptLabelOf, labelFromConceptName } from './concept-labels';

describe('concept labels', () => {
  it('a standard element without a label in the data is labelled by its name read as words', () => {
    expect(labelFromConceptName('ifrs-full:RentalIncome')).toBe('Rental income');
    expect(labelFromConceptName('us-gaap:EBITDA')).toBe('EBITDA');
    expect(labelFromConceptName('ifrs-full:GainsLossesOnFairValueAdjustmentInvestmentProperty')).toBe(
      'Gains losses on fair value adjustment investment property',
    );
    // a company's own extension keeps no invented label
    expect(labelFromConceptName('lpa:RentalIncomeNet')).toBeNull();
    expect(conceptLabelOf('ifrs-full:RentalIncome', { label: null })).toEqual({
      concept: 'ifrs-full:RentalIncome',
      label: 'Rental income',
      description: null,
    });
    expect(conceptLabelOf('ifrs-full:RentalIncome', { label: 'Rental revenue' })?.label).toBe('Rental revenue');
  });
});
