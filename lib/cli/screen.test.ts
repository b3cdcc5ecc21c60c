import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { formatScreen, parseScreenArgs } from './screen';

describe('screen command arguments', () => {
  it('keeps the columns in command-line order, ids defaulting to the measure', () => {
    const a = parseScreenArgs([
      '--year',
      '2024',
      '--growth',
      'g=revenue',
      '--measure',
      'revenue',
      '--ratio',
      'margin=operating_income/revenue',
      '--where',
      'g>0.2',
      '--where',
      'margin <= -0.5',
      '--sort',
      'margin:asc',
      '--limit',
      '10',
      '--sic',
      '3674, 367',
      '--calendar',
      '--json',
    ]);
    expect(a.input).toEqual({
      year: 2024,
      yearBasis: 'calendar',
      columns: [
        { kind: 'growth', id: 'g', metric: 'revenue' },
        { kind: 'measure', id: 'revenue', metric: 'revenue' },
        { kind: 'ratio', id: 'margin', numerator: 'operating_income', denominator: 'revenue' },
      ],
      filters: [
        { column: 'g', op: '>', value: 0.2 },
        { column: 'margin', op: '<=', value: -0.5 },
      ],
      sort: { column: 'margin', direction: 'asc' },
      limit: 10,
      sic: ['3674', '367'],
    });
    expect(a.json).toBe(true);
  });

  it.each([
    [['--measure', 'revenue'], '--year is required'],
    [['--year', '2024'], 'at least one column'],
    [['--year', '24', '--measure', 'revenue'], 'expected a year'],
    [['--year', '2024', '--ratio', 'operating_income/revenue'], 'ID=NUMERATOR/DENOMINATOR'],
    [['--year', '2024', '--ratio', 'm=a/b/c'], 'ID=NUMERATOR/DENOMINATOR'],
    [['--year', '2024', '--measure', 'revenue', '--where', 'revenue == 3'], 'expected ID>N'],
    [['--year', '2024', '--measure', 'revenue', '--sort', 'revenue:up'], 'ID:asc'],
  ])('refuses %j with a typed error', (args, message) => {
    expect(() => parseScreenArgs(args)).toThrow(AppError);
    expect(() => parseScreenArgs(args)).toThrow(message);
  });

  it('prints the periods used, the counts and one aligned line per company', () => {
    const text = formatScreen({
      spec: { year: 2024, yearBasis: 'calendar', columns: [{ kind: 'measure', id: 'revenue', metric: 'revenue' }], filters: [], limit: 25 },
      periodNote: "each company's fiscal year ending in calendar 2024",
      considered: 3,
      matched: 2,
      excluded: { MISSING_FACT: 1 },
      rows: [
        {
          rank: 1,
          entity: { id: 'e1', name: 'Apple Inc.', ticker: 'AAPL', sic: '3571', sicDescription: null },
          fiscalYear: 2024,
          period: { type: 'duration', start: '2023-10-01', end: '2024-09-28' },
          cells: { revenue: { value: 391035000000, display: null, unit: 'USD', factIds: ['f1'], formula: 'revenue', error: null } },
        },
      ],
    });
    expect(text.split('\n')).toEqual([
      "Periods: each company's fiscal year ending in calendar 2024. 2 of 3 companies match (set aside: MISSING_FACT 1); showing 1.",
      '#  company            fiscal year             revenue',
      '1  Apple Inc. (AAPL)  FY2024 (to 2024-09-28)  391,035,000,000 USD',
    ]);
  });
});
