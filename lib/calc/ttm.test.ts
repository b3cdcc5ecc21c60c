import { describe, expect, it } from 'vitest';
import { APPLE_CALENDAR, HELIOS_CALENDAR, crore, dur, fact, inst } from './__fixtures__/facts';
import { ttm, ttmFromQuarters, ttmFromYtd } from './ttm';
import type { CalcResult } from './types';

const codes = (r: CalcResult) => (r.ok ? [] : r.errors.map((e) => e.code));
const q = (start: string, end: string, value: string, over = {}) => fact({ value: crore(value), period: dur(start, end), ...over });

const fy25 = q('2024-04-01', '2025-03-31', '1000');
const h1fy25 = q('2024-04-01', '2024-09-30', '480');
const h1fy26 = q('2025-04-01', '2025-09-30', '600');

describe('TTM from FY + current YTD − prior YTD', () => {
  it('computes TTM H1 FY2026 = FY2025 + H1 FY2026 − H1 FY2025', () => {
    const r = ttmFromYtd({ fy: fy25, currentYtd: h1fy26, priorYtd: h1fy25, calendars: HELIOS_CALENDAR });
    expect(r).toMatchObject({
      ok: true,
      exact: crore('1120'),
      period: dur('2024-10-01', '2025-09-30'),
      basis: 'derived',
      display: '₹1,120 crore',
      operandFactIds: [fy25.id, h1fy26.id, h1fy25.id],
    });
  });

  it('rejects a current YTD that overlaps the fiscal year', () => {
    const overlapping = q('2024-10-01', '2025-09-30', '1100');
    expect(codes(ttmFromYtd({ fy: fy25, currentYtd: overlapping, priorYtd: h1fy25 }))).toEqual(['OVERLAPPING_INTERVALS']);
  });

  it('rejects a gap after the fiscal year', () => {
    expect(codes(ttmFromYtd({ fy: fy25, currentYtd: q('2025-05-01', '2025-09-30', '500'), priorYtd: h1fy25 }))).toContain(
      'NON_CONTIGUOUS_PERIODS',
    );
  });

  it('rejects a prior YTD that does not start on the FY start or is the whole year', () => {
    expect(codes(ttmFromYtd({ fy: fy25, currentYtd: h1fy26, priorYtd: q('2024-07-01', '2024-09-30', '250') }))).toContain(
      'PERIOD_MISMATCH',
    );
    expect(
      codes(ttmFromYtd({ fy: fy25, currentYtd: q('2025-04-01', '2026-03-31', '1200'), priorYtd: { ...fy25, id: 'fy-copy' } })),
    ).toContain('PERIOD_MISMATCH');
  });

  it('rejects YTDs of different lengths or positions', () => {
    const nineMonths = q('2024-04-01', '2024-12-31', '750');
    expect(codes(ttmFromYtd({ fy: fy25, currentYtd: h1fy26, priorYtd: nineMonths }))).toEqual(['PERIOD_LENGTH_MISMATCH']);
  });

  it('rejects a "fiscal year" that is not a year, and mixed bases', () => {
    expect(codes(ttmFromYtd({ fy: q('2024-04-01', '2025-06-30', '1'), currentYtd: h1fy26, priorYtd: h1fy25 }))).toContain(
      'PERIOD_LENGTH_MISMATCH',
    );
    expect(
      codes(
        ttmFromYtd({
          fy: { ...fy25, basisTag: 'original' },
          currentYtd: { ...h1fy26, basisTag: 'latest' },
          priorYtd: { ...h1fy25, basisTag: 'latest' },
        }),
      ),
    ).toEqual(['MIXED_BASIS']);
  });

  it('flags a 53-week YTD against a 52-week one (Apple 9M FY2023 vs 9M FY2022)', () => {
    const usd = { unit: 'USD', currency: 'USD', entityId: 'apple' };
    const fy22 = fact({ ...usd, value: '394328000000', period: dur('2021-09-26', '2022-09-24') });
    const nine22 = fact({ ...usd, value: '304182000000', period: dur('2021-09-26', '2022-06-25') });
    const nine23 = fact({ ...usd, value: '293787000000', period: dur('2022-09-25', '2023-07-01') });
    const r = ttmFromYtd({ fy: fy22, currentYtd: nine23, priorYtd: nine22, calendars: APPLE_CALENDAR });
    expect(r).toMatchObject({ ok: true, exact: '383933000000', flags: ['WEEKS_53_VS_52'], period: dur('2022-06-26', '2023-07-01') });
  });
});

describe('TTM from four quarters', () => {
  const quarters = [
    q('2024-10-01', '2024-12-31', '270'),
    q('2025-01-01', '2025-03-31', '250'),
    q('2025-04-01', '2025-06-30', '290'),
    q('2025-07-01', '2025-09-30', '310'),
  ];

  it('adds four contiguous quarters in any order', () => {
    const r = ttmFromQuarters({ quarters: [quarters[2]!, quarters[0]!, quarters[3]!, quarters[1]!] });
    expect(r).toMatchObject({ ok: true, exact: crore('1120'), period: dur('2024-10-01', '2025-09-30'), basis: 'derived' });
    if (r.ok) expect(r.formula.split(' + ')).toHaveLength(4);
    expect(ttm({ quarters })).toMatchObject({ ok: true, exact: crore('1120') });
  });

  it('needs exactly four quarter-length, contiguous, non-overlapping periods', () => {
    expect(codes(ttmFromQuarters({ quarters: quarters.slice(0, 3) }))).toEqual(['MISSING_FACT']);
    const withHalf = [quarters[0]!, quarters[1]!, q('2025-04-01', '2025-09-30', '600'), quarters[3]!];
    expect(codes(ttmFromQuarters({ quarters: withHalf }))).toEqual(['PERIOD_LENGTH_MISMATCH']);
    const gap = [quarters[0]!, quarters[1]!, quarters[3]!, q('2025-10-01', '2025-12-31', '1')];
    expect(codes(ttmFromQuarters({ quarters: gap }))).toEqual(['NON_CONTIGUOUS_PERIODS']);
    const overlap = [quarters[0]!, quarters[1]!, quarters[2]!, q('2025-06-01', '2025-08-31', '1')];
    expect(codes(ttmFromQuarters({ quarters: overlap }))).toEqual(['OVERLAPPING_INTERVALS']);
  });

  it('rejects balances and mixed dimensions', () => {
    const instants = quarters.map((x, i) => ({ ...x, period: inst(`2025-0${i + 1}-01`) }));
    expect(codes(ttmFromQuarters({ quarters: instants }))).toEqual(['WRONG_PERIOD_TYPE']);
    const mixed = [...quarters.slice(0, 3), { ...quarters[3]!, dimensions: { a: 'b' } }];
    expect(codes(ttmFromQuarters({ quarters: mixed }))).toEqual(['DIMENSION_MISMATCH']);
  });

  it('rejects a negative TTM revenue', () => {
    const negative = quarters.map((x) => ({ ...x, value: `-${x.value}` }));
    expect(codes(ttmFromQuarters({ quarters: negative }))).toEqual(['IMPLAUSIBLE_RESULT']);
  });
});
