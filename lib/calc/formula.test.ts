import { describe, expect, it } from 'vitest';
import type { Period } from '@/lib/domain/types';
import { FORMULAS, getFormula } from '@/lib/ontology/formulas';
import { getMetric } from '@/lib/ontology/metrics';
import { cagr } from './cagr';
import { evaluateFormula, formulaRequests, operandPeriod, type OperandRequest } from './formula';
import type { Operand } from './types';

const FY: Period = { type: 'duration', start: '2023-10-01', end: '2024-09-28' };
const END: Period = { type: 'instant', date: '2024-09-28' };
const OPEN: Period = { type: 'instant', date: '2023-09-30' };

function key(p: Period): string {
  return p.type === 'instant' ? `@${p.date}` : `${p.start}..${p.end}`;
}

function op(metricId: string, period: Period, value: string, over: Partial<Operand> = {}): Operand {
  const m = getMetric(metricId)!;
  const unit = m.unitKind === 'shares' ? 'shares' : m.unitKind === 'per_share' ? 'USD/shares' : m.unitKind === 'count' ? 'pure' : 'USD';
  return {
    id: `${metricId}${key(period)}`,
    entityId: 'e1',
    metricId,
    concept: m.concepts[0]!,
    value,
    unit,
    currency: unit === 'USD' ? 'USD' : null,
    period,
    scope: 'consolidated',
    dimensions: {},
    basisTag: 'latest',
    ...over,
  };
}

/** Apple FY2024 (10-K, USD millions as base units ×1e6), by hand from the filing. */
const APPLE: Record<string, string> = {
  [`revenue${key(FY)}`]: '391035',
  [`cost_of_revenue${key(FY)}`]: '210352',
  [`gross_profit${key(FY)}`]: '180683',
  [`operating_income${key(FY)}`]: '123216',
  [`net_income${key(FY)}`]: '93736',
  [`tax_expense${key(FY)}`]: '29749',
  [`profit_before_tax${key(FY)}`]: '123485',
  [`depreciation${key(FY)}`]: '11445',
  [`operating_cash_flow${key(FY)}`]: '118254',
  [`capex${key(FY)}`]: '9447',
  [`current_assets${key(END)}`]: '152987',
  [`current_liabilities${key(END)}`]: '176392',
  [`total_equity${key(END)}`]: '56950',
  [`total_equity${key(OPEN)}`]: '62146',
  [`total_assets${key(END)}`]: '364980',
  [`total_assets${key(OPEN)}`]: '352583',
  [`cash${key(END)}`]: '29943',
  [`marketable_securities_current${key(END)}`]: '35228',
  [`receivables${key(END)}`]: '33410',
  [`receivables${key(OPEN)}`]: '29508',
  [`inventories${key(END)}`]: '7286',
  [`inventories${key(OPEN)}`]: '6331',
  [`accounts_payable${key(END)}`]: '68960',
  [`accounts_payable${key(OPEN)}`]: '62611',
  [`long_term_debt_noncurrent${key(END)}`]: '85750',
  [`current_portion_long_term_debt${key(END)}`]: '10912',
  [`short_term_borrowings${key(END)}`]: '9967',
  [`dividends_paid${key(FY)}`]: '15234',
  [`finance_costs${key(FY)}`]: '3933',
  [`shares_diluted${key(FY)}`]: '15408.095',
  [`shares_outstanding${key(END)}`]: '15116.786',
};

function fetcher(values: Record<string, string>, tamper?: (req: OperandRequest, o: Operand) => Operand) {
  const asked: OperandRequest[] = [];
  return {
    asked,
    fetch: async (req: OperandRequest) => {
      asked.push(req);
      const v = values[`${req.measureId}${key(req.period)}`];
      if (v === undefined) return null;
      const o = op(req.measureId, req.period, v);
      return tamper ? tamper(req, o) : o;
    },
  };
}

async function run(
  id: string,
  anchor: Period = getFormula(id)!.periodType === 'instant' ? END : FY,
  values = APPLE,
  tamper?: (req: OperandRequest, o: Operand) => Operand,
) {
  const f = fetcher(values, tamper);
  const r = await evaluateFormula(getFormula(id)!, { anchor, fetch: f.fetch });
  return { r, asked: f.asked };
}

describe('evaluateFormula — Apple FY2024 by hand', () => {
  const cases: [string, number][] = [
    ['gross_margin', 180683 / 391035],
    ['operating_margin', 123216 / 391035],
    ['net_margin', 93736 / 391035],
    ['effective_tax_rate', 29749 / 123485],
    ['ebitda', 123216 + 11445],
    ['ebitda_margin', (123216 + 11445) / 391035],
    ['free_cash_flow', 118254 - 9447],
    ['fcf_margin', (118254 - 9447) / 391035],
    ['current_ratio', 152987 / 176392],
    ['quick_ratio', (29943 + 35228 + 33410) / 176392],
    ['cash_ratio', (29943 + 35228) / 176392],
    ['total_debt', 85750 + 10912 + 9967],
    ['net_debt', 85750 + 10912 + 9967 - 29943],
    ['debt_to_equity', (85750 + 10912 + 9967) / 56950],
    ['net_debt_to_ebitda', (85750 + 10912 + 9967 - 29943) / (123216 + 11445)],
    ['roe', 93736 / ((62146 + 56950) / 2)],
    ['roa', 93736 / ((352583 + 364980) / 2)],
    ['asset_turnover', 391035 / ((352583 + 364980) / 2)],
    ['inventory_turnover', 210352 / ((6331 + 7286) / 2)],
    ['receivables_turnover', 391035 / ((29508 + 33410) / 2)],
    ['payables_turnover', 210352 / ((62611 + 68960) / 2)],
    ['dso', ((29508 + 33410) / 2 / 391035) * 364],
    ['dio', ((6331 + 7286) / 2 / 210352) * 364],
    ['dpo', ((62611 + 68960) / 2 / 210352) * 364],
    [
      'cash_conversion_cycle',
      ((6331 + 7286) / 2 / 210352) * 364 + ((29508 + 33410) / 2 / 391035) * 364 - ((62611 + 68960) / 2 / 210352) * 364,
    ],
    ['interest_coverage', 123216 / 3933],
    ['payout_ratio', 15234 / 93736],
    ['capex_intensity', 9447 / 391035],
    ['working_capital', 152987 - 176392],
    ['operating_cash_flow_ratio', 118254 / 176392],
    ['book_value_per_share', 56950 / 15116.786],
    ['fcf_per_share', (118254 - 9447) / 15408.095],
  ];
  for (const [id, want] of cases) {
    it(`${id}`, async () => {
      const { r } = await run(id);
      expect(r.ok, JSON.stringify(r)).toBe(true);
      if (!r.ok) return;
      expect(r.value).toBeCloseTo(want, 9);
      expect(r.formula.startsWith(`${id} = `)).toBe(true);
      expect(r.period).toEqual(getFormula(id)!.periodType === 'instant' ? END : FY);
    });
  }

  it('ROE shows each operand with its period: flow over FY2024, equity at both ends', async () => {
    const { r, asked } = await run('roe');
    expect(r.ok && r.formula).toBe(
      'roe = net_income[2023-10-01..2024-09-28] / average(total_equity[@2023-09-30], total_equity[@2024-09-28])',
    );
    expect(asked.map((a) => [a.measureId, a.role, key(a.period)])).toEqual([
      ['net_income', 'same', key(FY)],
      ['total_equity', 'opening', key(OPEN)],
      ['total_equity', 'end', key(END)],
    ]);
    expect(r.ok && r.basis).toBe('derived');
    expect(r.ok && r.operandFactIds).toHaveLength(3);
  });

  it('a stated day count replaces the days in the period, in every nested days formula', async () => {
    const f = fetcher(APPLE);
    const dso = await evaluateFormula(getFormula('dso')!, { anchor: FY, fetch: f.fetch, dayCount: 365 });
    expect(dso.ok && dso.value).toBeCloseTo(((29508 + 33410) / 2 / 391035) * 365, 9);
    expect(dso.ok && dso.formula).toContain('* 365 days (as stated)');
    const ccc = await evaluateFormula(getFormula('cash_conversion_cycle')!, { anchor: FY, fetch: f.fetch, dayCount: 365 });
    const want = ((6331 + 7286) / 2 / 210352 + (29508 + 33410) / 2 / 391035 - (62611 + 68960) / 2 / 210352) * 365;
    expect(ccc.ok && ccc.value).toBeCloseTo(want, 9);
  });

  it('EBITDA is labelled derived; a same-period margin is reported', async () => {
    expect((await run('ebitda')).r).toMatchObject({ ok: true, basis: 'derived', unit: 'USD' });
    expect((await run('operating_margin')).r).toMatchObject({ ok: true, basis: 'reported', unit: 'ratio' });
    expect((await run('current_ratio')).r).toMatchObject({ ok: true, unit: 'times', display: '0.87×' });
  });

  it('falls back to a declared alternative only when an operand is not reported, and says which', async () => {
    const noGp = { ...APPLE };
    delete noGp[`gross_profit${key(FY)}`];
    const { r } = await run('gross_margin', FY, noGp);
    expect(r).toMatchObject({ ok: true, definition: 1 });
    expect(r.ok && r.formula).toContain('(revenue[');
    expect(r.ok && r.value).toBeCloseTo((391035 - 210352) / 391035, 9);
  });

  it('a missing operand is MISSING_FACT naming the measure and period', async () => {
    const none = { ...APPLE };
    delete none[`tax_expense${key(FY)}`];
    const { r } = await run('effective_tax_rate', FY, none);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errors[0]!.code).toBe('MISSING_FACT');
    expect(r.missing?.[0]).toMatchObject({ measureId: 'tax_expense', role: 'same' });
  });
});

describe('evaluateFormula — every formula rejects operands that break its relation', () => {
  /** operand values: 100 for everything, 50 for shares, so every formula can be evaluated */
  const anyValues = new Proxy({} as Record<string, string>, { get: (_t, k: string) => (/shares/.test(k) ? '50' : '100') });
  const shifted = (p: Period): Period =>
    p.type === 'instant'
      ? { type: 'instant', date: p.date.replace(/^\d{4}/, (y) => String(Number(y) - 1)) }
      : {
          type: 'duration',
          start: p.start.replace(/^\d{4}/, (y) => String(Number(y) - 1)),
          end: p.end.replace(/^\d{4}/, (y) => String(Number(y) - 1)),
        };
  const swapType = (p: Period): Period =>
    p.type === 'instant'
      ? { type: 'duration', start: `${Number(p.date.slice(0, 4)) - 1}${p.date.slice(4)}`, end: p.date }
      : { type: 'instant', date: p.end };

  for (const f of FORMULAS) {
    const anchor = f.periodType === 'instant' ? END : FY;
    it(`${f.id}: a year-shifted operand → PERIOD_MISMATCH; the other period type → INSTANT_DURATION_MIX`, async () => {
      const ok = await run(f.id, anchor, anyValues);
      expect(ok.r.ok || ok.r.errors.every((e) => e.code === 'IMPLAUSIBLE_RESULT'), JSON.stringify(ok.r)).toBe(true);
      // every operand the evaluation read (the first definition whose operands are all reported)
      const reqs = ok.asked;
      expect(reqs.length).toBeGreaterThan(0);
      const all = formulaRequests(f, anchor).map((r) => `${r.measureId}${key(r.period)}`);
      for (const r of reqs) expect(all).toContain(`${r.measureId}${key(r.period)}`);
      for (const target of reqs) {
        const bad = await run(f.id, anchor, anyValues, (req, o) =>
          req.measureId === target.measureId && key(req.period) === key(target.period) ? { ...o, period: shifted(o.period) } : o,
        );
        expect(bad.r.ok, `${f.id}: ${target.measureId}${key(target.period)} shifted`).toBe(false);
        expect(!bad.r.ok && bad.r.errors.map((e) => e.code)).toContain('PERIOD_MISMATCH');
        const mixed = await run(f.id, anchor, anyValues, (req, o) =>
          req.measureId === target.measureId && key(req.period) === key(target.period) ? { ...o, period: swapType(o.period) } : o,
        );
        expect(!mixed.r.ok && mixed.r.errors.map((e) => e.code)).toContain('INSTANT_DURATION_MIX');
      }
    });
  }

  it('refuses a figure asked for the wrong kind of period (a balance ratio over a duration, a return at one date)', async () => {
    expect((await run('current_ratio', FY)).r).toMatchObject({ ok: false, errors: [{ code: 'WRONG_PERIOD_TYPE' }] });
    expect((await run('roe', END)).r).toMatchObject({ ok: false, errors: [{ code: 'WRONG_PERIOD_TYPE' }] });
  });

  it('refuses mixed entities, scopes and dimensions, negative non-negative measures and negative capex', async () => {
    const other = await run('current_ratio', END, APPLE, (req, o) =>
      req.measureId === 'current_liabilities' ? { ...o, entityId: 'e2' } : o,
    );
    expect(!other.r.ok && other.r.errors.map((e) => e.code)).toContain('ENTITY_MISMATCH');
    const scope = await run('current_ratio', END, APPLE, (req, o) =>
      req.measureId === 'current_liabilities' ? { ...o, scope: 'standalone' } : o,
    );
    expect(!scope.r.ok && scope.r.errors.map((e) => e.code)).toContain('INCOMPARABLE_SCOPE');
    const dims = await run('operating_margin', FY, APPLE, (req, o) =>
      req.measureId === 'revenue' ? { ...o, dimensions: { 'srt:ProductOrServiceAxis': 'aapl:IPhoneMember' } } : o,
    );
    expect(!dims.r.ok && dims.r.errors.map((e) => e.code)).toContain('DIMENSION_MISMATCH');
    const negRev = await run('operating_margin', FY, { ...APPLE, [`revenue${key(FY)}`]: '-5' });
    expect(!negRev.r.ok && negRev.r.errors[0]!.code).toBe('IMPLAUSIBLE_RESULT');
    const negCapex = await run('free_cash_flow', FY, { ...APPLE, [`capex${key(FY)}`]: '-9447' });
    expect(!negCapex.r.ok && negCapex.r.errors[0]!.code).toBe('SIGN_CONVENTION');
    const zero = await run('current_ratio', END, { ...APPLE, [`current_liabilities${key(END)}`]: '0' });
    expect(!zero.r.ok && zero.r.errors[0]!.code).toBe('DIVIDE_BY_ZERO');
    const margin = await run('operating_margin', FY, { ...APPLE, [`operating_income${key(FY)}`]: '400000' });
    expect(!margin.r.ok && margin.r.errors[0]!.code).toBe('IMPLAUSIBLE_RESULT');
  });

  it('roles: opening is the day before the duration, end its last day; no opening at an instant', () => {
    expect(operandPeriod('opening', FY)).toEqual(OPEN);
    expect(operandPeriod('end', FY)).toEqual(END);
    expect(operandPeriod('same', END)).toEqual(END);
    expect(operandPeriod('opening', END)).toBeNull();
  });
});

describe('cagr', () => {
  const y = (year: number, v: string) =>
    op('revenue', { type: 'duration', start: `${year - 1}-10-01`, end: `${year}-09-30` }, v, { id: `r${year}` });
  it('(later / earlier)^(1/N) − 1 over N fiscal years', () => {
    const r = cagr({ later: y(2024, '391035'), earlier: y(2021, '365817'), years: 3 });
    expect(r.ok).toBe(true);
    expect(r.ok && r.value).toBeCloseTo((391035 / 365817) ** (1 / 3) - 1, 12);
    expect(r.ok && r.basis).toBe('derived');
  });
  it('rejects a pair that is not N years apart, a negative start and mixed period lengths', () => {
    expect(cagr({ later: y(2024, '10'), earlier: y(2022, '5'), years: 3 })).toMatchObject({
      ok: false,
      errors: [{ code: 'PERIOD_MISMATCH' }],
    });
    expect(cagr({ later: y(2024, '10'), earlier: y(2021, '-5'), years: 3 })).toMatchObject({
      ok: false,
      errors: [{ code: 'NEGATIVE_BASE' }],
    });
    const q = op('revenue', { type: 'duration', start: '2021-07-01', end: '2021-09-30' }, '5', { id: 'q' });
    expect(cagr({ later: y(2024, '10'), earlier: q, years: 3 }).ok).toBe(false);
    expect(cagr({ later: y(2024, '10'), earlier: y(2021, '5'), years: 0 }).ok).toBe(false);
    expect(cagr({ later: y(2024, '0'), earlier: y(2021, '5'), years: 3 })).toMatchObject({
      ok: false,
      errors: [{ code: 'NEGATIVE_BASE' }],
    });
  });
  it('refuses to compound a ratio (a margin, a multiple): its change is the answer', () => {
    const m = (year: number, v: string) => ({
      ...op('revenue', { type: 'duration', start: `${year - 1}-10-01`, end: `${year}-09-30` }, v, {
        id: `m${year}`,
        metricId: 'gross_margin',
        unit: 'ratio',
        currency: null,
      }),
    });
    expect(cagr({ later: m(2024, '0.46'), earlier: m(2021, '0.42'), years: 3 })).toMatchObject({
      ok: false,
      errors: [{ code: 'INVALID_VALUE' }],
    });
  });
});
