/**
 * Whether a business is cyclical or seasonal is what its filing says of its business, markets, industry or
 * customers' industry; a filing saying both, or neither, gets no verdict.
 */
import { describe, expect, it } from 'vitest';
import { readCharacteristic } from './cyclicality';

describe('a filing on cyclicality and seasonality', () => {
  it('says yes when it calls its business or its customers’ industry cyclical', () => {
    expect(readCharacteristic('cyclical', ['The semiconductor equipment market has historically been highly cyclical.']).verdict).toBe(
      'yes',
    );
    expect(readCharacteristic('cyclical', ['Demand reflects the cyclical nature of the construction industry.']).verdict).toBe('yes');
    expect(readCharacteristic('seasonal', ['Sales of our garden products are seasonal, peaking in spring.']).verdict).toBe('yes');
  });

  it('says no when it says its business is not', () => {
    expect(readCharacteristic('seasonal', ['Our subscription revenue is not seasonal.']).verdict).toBe('no');
    expect(readCharacteristic('cyclical', ['We consider our consumer staples business non-cyclical.']).verdict).toBe('no');
  });

  it('says nothing when the filing says both, or mentions the word only in passing', () => {
    expect(
      readCharacteristic('cyclical', ['The aftermarket is not cyclical.', 'New equipment sales are highly cyclical.']).verdict,
    ).toBeNull();
    expect(readCharacteristic('cyclical', ['We review cyclical maintenance schedules each year.']).verdict).toBeNull();
    expect(readCharacteristic('seasonal', ['Revenue grew 4%.']).verdict).toBeNull();
  });
});
