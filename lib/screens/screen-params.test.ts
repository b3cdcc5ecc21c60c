import { describe, expect, it } from 'vitest';
import { readScreenParams, screenHref, screenInputOf } from './screen-params';

describe('screen page parameters', () => {
  it('shows only the form until a year and a measure are named', () => {
    expect(screenInputOf(readScreenParams({}))).toBeNull();
    expect(screenInputOf(readScreenParams({ year: '2024' }))).toBeNull();
    expect(screenInputOf(readScreenParams({ year: '24', metric: 'revenue' }))).toBeNull();
  });

  it('a growth floor adds the growth column and its filter (percent to a fraction); the sort defaults to the last column', () => {
    const input = screenInputOf(
      readScreenParams({
        year: '2024',
        basis: 'calendar',
        metric: 'revenue',
        minGrowth: '20',
        num: 'operating_income',
        den: 'revenue',
        sic: '3674, 367',
      }),
    );
    expect(input).toEqual({
      year: 2024,
      yearBasis: 'calendar',
      columns: [
        { kind: 'measure', id: 'value', metric: 'revenue' },
        { kind: 'growth', id: 'growth', metric: 'revenue' },
        { kind: 'ratio', id: 'ratio', numerator: 'operating_income', denominator: 'revenue' },
      ],
      filters: [{ column: 'growth', op: '>', value: 0.2 }],
      sort: { column: 'ratio', direction: 'desc' },
      limit: 25,
      sic: ['3674', '367'],
    });
  });

  it('a sort on a column the screen does not have falls back; a limit out of bounds is the default', () => {
    const input = screenInputOf(readScreenParams({ year: '2023', metric: 'revenue', sort: 'ratio', dir: 'asc', limit: '5000' }));
    expect(input?.sort).toEqual({ column: 'value', direction: 'asc' });
    expect(input?.limit).toBe(25);
  });

  it('links keep every value and change only what is asked', () => {
    const p = readScreenParams({ year: '2024', metric: 'revenue', growth: '1' });
    expect(screenHref(p, { sort: 'growth', dir: 'asc' })).toBe(
      '/screens?year=2024&basis=fiscal&metric=revenue&growth=1&sort=growth&dir=asc',
    );
  });
});
