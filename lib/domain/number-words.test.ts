import { describe, expect, it } from 'vitest';
import { numberWord } from './number-words';
import { numberFromWords } from '@/lib/ingest/ixbrl/transform';
import { operationWords } from '@/lib/planner/operations';

describe('number words: one table', () => {
  it('reads a number word whatever its case, and nothing that is not one', () => {
    expect([numberWord('Twelve'), numberWord('ninety'), numberWord('zero')]).toEqual([12, 90, 0]);
    // an object's own keys only: a prototype name is no number
    expect([numberWord('constructor'), numberWord('hundred'), numberWord('twice')]).toEqual([undefined, undefined, undefined]);
  });

  it('each reader keeps its own bound over it', () => {
    // inline XBRL's words: "no" and "none" are zero there, and compound numbers add up
    expect([numberFromWords('twenty-one'), numberFromWords('none'), numberFromWords('one hundred five')]).toEqual([21, 0, 105]);
    // the planner's counts of years: the words it lists
    expect(operationWords('revenue CAGR over the last fifteen years').yearCounts.map((y) => y.years)).toEqual([15]);
    expect(operationWords('revenue over the last eleven years').yearCounts).toEqual([]);
  });
});
