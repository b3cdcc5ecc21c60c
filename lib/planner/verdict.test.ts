import { describe, expect, it } from 'vitest';
import { readVerdict } from './verdict';

describe('verdicts a question asks of its figures', () => {
  it('reads a threshold with its unit and scale, never a bare number', () => {
    expect(readVerdict('Did Apple revenue exceed $400bn in FY2025?', 1).verdict).toEqual({
      kind: 'threshold',
      op: '>',
      amount: 400e9,
      unit: 'money',
      text: '$400bn',
    });
    expect(readVerdict("Did Alphabet's 2025 revenue grow more than 10%?", 1).verdict).toEqual({
      kind: 'threshold',
      op: '>',
      amount: 0.1,
      unit: 'percent',
      text: '10%',
    });
    expect(readVerdict('Was NVDA FY2026 net income below 100 billion?', 1).verdict).toMatchObject({ op: '<', amount: 100e9 });
    expect(readVerdict('Apple revenue growth over 2024', 1).verdict).toBeNull();
    // two thresholds: not one verdict
    expect(readVerdict('Was revenue above $1bn and below $2bn in FY2025?', 1).verdict).toBeNull();
  });
  it('ranks only across several companies, in the direction asked', () => {
    expect(readVerdict('Which of Apple, NVIDIA and Alphabet had the highest net margin in fiscal 2025?', 3).verdict).toEqual({
      kind: 'rank',
      order: 'desc',
    });
    expect(readVerdict('Which had the lowest R&D in FY2025, Apple or NVIDIA?', 2).verdict).toEqual({ kind: 'rank', order: 'asc' });
    expect(readVerdict('Rank Apple, Alphabet and NVDA by FY2025 R&D', 3).claims.map((c) => c.detail)).toEqual(['rank', 'rank']);
    expect(readVerdict('Apple highest revenue quarter', 1).verdict).toBeNull();
  });
});
