import { describe, expect, it } from 'vitest';
import { weekRuleDates } from './year-end';

describe('52/53-week year ends', () => {
  it('keeps the dates of the rule the cover year end follows (last Saturday of December)', () => {
    const named = ['2018-01-01', '2019-01-01', '2008-12-31', '2020-12-26', '2021-12-25', '2021-01-02', '2022-12-31'];
    expect(weekRuleDates('2022-12-31', named)).toEqual(['2020-12-26', '2021-12-25', '2022-12-31']);
  });

  it('a year end in the first days of a month follows the month before (Saturday nearest 31 January)', () => {
    expect(weekRuleDates('2024-02-03', ['2023-01-28', '2022-01-29', '2023-01-31', '2024-02-03'])).toEqual(['2022-01-29', '2023-01-28', '2024-02-03']);
  });
});
