import { describe, expect, it } from 'vitest';
import { receivedPhrases } from './received';

describe('income labelled by what it is received for', () => {
  it('is named by the thing and a verb of money coming in, from the label alone', () => {
    expect(receivedPhrases('Rental revenues')).toEqual(expect.arrayContaining(['took in from rents', 'rent did earn', 'rents collected']));
    expect(receivedPhrases('Interest income')).toEqual([]);
    expect(receivedPhrases('Operating lease, lease income')).toEqual([]);
  });
});
