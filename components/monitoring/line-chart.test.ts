import { describe, expect, it } from 'vitest';
import { legendSummary } from './line-chart';

describe('chart legend', () => {
  it('totals a count over the window', () => {
    expect(legendSummary([1, 0, 4], 'count', String)).toBe('5 total');
  });
  it('never sums a latency or a rate: the latest recorded value and the highest', () => {
    expect(legendSummary([120, 300, 0, 180, 0], 'level', String)).toBe('latest 180, highest 300');
    expect(legendSummary([0, 0], 'level', String)).toBe('none recorded');
  });
});
