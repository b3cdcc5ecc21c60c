/**
 * Calculations over real SEC companyfacts (../shared/data): Apple's 53-week FY2023, TTM and derived
 * Q4 from 10-Q year-to-date facts, and restatements chosen under an explicit basis.
 */
import { describe, expect, it } from 'vitest';
import type { Basis } from '@/lib/domain/types';
import { annualPeriodsFrom10K, loadCompanyFacts, type RawFact } from '@/lib/fiscal/__fixtures__/companyfacts';
import { inferCalendar } from '@/lib/fiscal';
import {
  deriveQ4,
  growth,
  resultAsOperand,
  selectVersion,
  ttmFromQuarters,
  ttmFromYtd,
  type CalcOk,
  type CalcResult,
  type VersionCandidate,
} from './index';

function toCandidate(f: RawFact, entityId: string, metricId: string): VersionCandidate {
  const currency = f.unit.startsWith('USD') ? 'USD' : null;
  return {
    id: `${f.accn}:${f.concept}:${f.start ?? ''}..${f.end}`,
    entityId,
    metricId,
    concept: `${f.taxonomy}:${f.concept}`,
    value: String(f.val),
    unit: f.unit,
    currency,
    period: f.start ? { type: 'duration', start: f.start, end: f.end } : { type: 'instant', date: f.end },
    scope: 'consolidated',
    dimensions: {},
    filedAt: f.filed,
    accession: f.accn,
  };
}

/** Every version of one concept over one period, from 10-K/10-Q filings. */
function versions(ticker: string, concept: string, metricId: string, start: string, end: string): VersionCandidate[] {
  const { facts } = loadCompanyFacts(ticker);
  return facts
    .filter((f) => f.concept === concept && f.start === start && f.end === end && /^10-[KQ]/.test(f.form))
    .map((f) => toCandidate(f, ticker, metricId));
}

function pick(ticker: string, concept: string, metricId: string, start: string, end: string, basis: Basis = { kind: 'latest' }) {
  const r = selectVersion(versions(ticker, concept, metricId, start, end), basis);
  if (!r.ok) throw new Error(`${concept} ${start}..${end}: ${r.errors.map((e) => e.message).join('; ')}`);
  return r.fact;
}

function ok(r: CalcResult): CalcOk {
  if (!r.ok) throw new Error(r.errors.map((e) => `${e.code}: ${e.message}`).join('; '));
  return r;
}

const REVENUE = 'RevenueFromContractWithCustomerExcludingAssessedTax';
const apple = (start: string, end: string) => pick('AAPL', REVENUE, 'revenue', start, end);

describe('Apple revenue around the 53-week FY2023', () => {
  const calendars = inferCalendar(annualPeriodsFrom10K(loadCompanyFacts('AAPL').facts)).calendars;
  const fy2022 = apple('2021-09-26', '2022-09-24');
  const fy2023 = apple('2022-09-25', '2023-09-30');
  const nine2022 = apple('2021-09-26', '2022-06-25');
  const nine2023 = apple('2022-09-25', '2023-07-01');

  it('grows FY2023 over FY2022 by −2.80%, flagged 53 vs 52 weeks', () => {
    const r = ok(growth({ later: fy2023, earlier: fy2022, calendars }));
    expect(r.display).toBe('−2.80%');
    expect(r.flags).toEqual(['WEEKS_53_VS_52']);
    expect(r.formula).toBe('revenue[FY2023] / revenue[FY2022] - 1');
    expect(r.versionBasis).toBe('latest');
  });

  it('derives Q4 FY2023 = FY − 9M YTD = $89.5 billion', () => {
    const r = ok(deriveQ4({ fy: fy2023, nineMonths: nine2023, calendars }));
    expect(r).toMatchObject({
      exact: '89498000000',
      basis: 'derived',
      period: { type: 'duration', start: '2023-07-02', end: '2023-09-30' },
      display: '$89.5 billion',
    });
  });

  it('computes TTM Q3 FY2023 the same way from YTDs and from four quarters', () => {
    const fromYtd = ok(ttmFromYtd({ fy: fy2022, currentYtd: nine2023, priorYtd: nine2022, calendars }));
    expect(fromYtd).toMatchObject({
      exact: '383933000000',
      flags: ['WEEKS_53_VS_52'],
      period: { type: 'duration', start: '2022-06-26', end: '2023-07-01' },
    });

    const q4fy22 = ok(deriveQ4({ fy: fy2022, nineMonths: nine2022, calendars, metricId: 'revenue' }));
    expect(q4fy22.exact).toBe('90146000000');
    const quarters = [
      resultAsOperand(q4fy22),
      apple('2022-09-25', '2022-12-31'),
      apple('2023-01-01', '2023-04-01'),
      apple('2023-04-02', '2023-07-01'),
    ];
    const fromQuarters = ok(ttmFromQuarters({ quarters }));
    expect(fromQuarters.exact).toBe(fromYtd.exact);
    expect(fromQuarters.period).toEqual(fromYtd.period);
    expect(fromQuarters.basis).toBe('derived');
  });

  it('refuses TTM from the overlapping FY2023 and 9M FY2023', () => {
    const r = ttmFromYtd({ fy: fy2023, currentYtd: nine2023, priorYtd: nine2022 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.map((e) => e.code)).toContain('OVERLAPPING_INTERVALS');
  });

  it('sees the same value filed three times as one unrestated fact', () => {
    const r = selectVersion(versions('AAPL', REVENUE, 'revenue', '2021-09-26', '2022-09-24'));
    expect(r).toMatchObject({ ok: true, restated: false, candidates: 3 });
  });
});

describe('restatements under an explicit basis', () => {
  it('Apple FY2008 diluted EPS: 5.36 as first reported, 6.78 after the 10-K/A', () => {
    const all = versions('AAPL', 'EarningsPerShareDiluted', 'eps_diluted', '2007-09-30', '2008-09-27');
    expect(selectVersion(all, { kind: 'original' })).toMatchObject({ ok: true, fact: { value: '5.36' }, restated: true });
    expect(selectVersion(all, { kind: 'latest' })).toMatchObject({ ok: true, fact: { value: '6.78' } });
    expect(selectVersion(all, { kind: 'as_of', date: '2009-12-31' })).toMatchObject({ ok: true, fact: { value: '5.36' }, restated: false });
  });

  it('Alphabet FY2020 diluted EPS: 58.61 before the stock split, 2.93 after', () => {
    const all = versions('GOOGL', 'EarningsPerShareDiluted', 'eps_diluted', '2020-01-01', '2020-12-31');
    expect(selectVersion(all, { kind: 'original' })).toMatchObject({ ok: true, fact: { value: '58.61' } });
    expect(selectVersion(all)).toMatchObject({ ok: true, fact: { value: '2.93' } });
  });

  it('NVIDIA FY2014 revenue was rounded later; mixing bases is refused', () => {
    const original = pick('NVDA', 'Revenues', 'revenue', '2013-01-28', '2014-01-26', { kind: 'original' });
    const latest = pick('NVDA', 'Revenues', 'revenue', '2013-01-28', '2014-01-26');
    expect([original.value, latest.value]).toEqual(['4130162000', '4130000000']);
    const fy2015 = pick('NVDA', 'Revenues', 'revenue', '2014-01-27', '2015-01-25');
    const mixed = growth({ later: fy2015, earlier: original });
    expect(mixed).toMatchObject({ ok: false, errors: [{ code: 'MIXED_BASIS' }] });
    expect(ok(growth({ later: fy2015, earlier: latest })).versionBasis).toBe('latest');
  });
});
