/** Every operation returns a result for any input shape: rejections are results, never exceptions. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Period } from '@/lib/domain/types';
import { fact } from './__fixtures__/facts';
import {
  averageBalance,
  change,
  convertCurrency,
  deriveQ4,
  difference,
  freeCashFlow,
  growth,
  margin,
  perShare,
  ratio,
  share,
  sum,
  sumPeriods,
  ttmFromQuarters,
  ttmFromYtd,
  type CalcResult,
  type Operand,
} from './index';

const junkDate = fc.constantFrom('2025-02-30', '2025-13-01', '', 'yesterday', '2025-04-01', '2026-03-31', '2024-12-31');
const junkPeriod: fc.Arbitrary<Period> = fc.oneof(
  junkDate.map((date) => ({ type: 'instant' as const, date })),
  fc.tuple(junkDate, junkDate).map(([start, end]) => ({ type: 'duration' as const, start, end })),
);
const junkValue = fc.constantFrom('1', '-1', '0', '1e3', 'abc', '', '1,000', 'NaN', '12.5');
const junkOperand: fc.Arbitrary<Operand> = fc
  .tuple(junkPeriod, junkValue, fc.constantFrom('INR', 'USD', 'shares', 'ratio', 'USD/INR'))
  .map(([period, value, unit]) => fact({ period, value, unit, currency: unit === 'INR' || unit === 'USD' ? unit : null }));

function isResult(r: CalcResult): boolean {
  return r.ok
    ? typeof r.value === 'number' && typeof r.exact === 'string'
    : r.errors.length > 0 && r.errors.every((e) => typeof e.code === 'string');
}

describe('robustness', () => {
  it('malformed dates and values are INVALID_VALUE results', () => {
    const good = fact({ value: '1', period: { type: 'duration', start: '2025-04-01', end: '2026-03-31' } });
    const bad = fact({ value: '1', period: { type: 'duration', start: '2025-04-01', end: '2025-02-30' } });
    expect(growth({ later: good, earlier: bad })).toMatchObject({ ok: false, errors: [{ code: 'INVALID_VALUE' }] });
    const inverted = fact({ value: '1', period: { type: 'duration', start: '2026-04-01', end: '2025-04-01' } });
    expect(margin({ numerator: good, denominator: inverted })).toMatchObject({ ok: false, errors: [{ code: 'INVALID_VALUE' }] });
    const numeric = { ...good, id: 'n', value: 5 as unknown as string };
    expect(sum({ components: [good, numeric] })).toMatchObject({ ok: false, errors: [{ code: 'INVALID_VALUE' }] });
  });

  it('no operation throws on arbitrary operands', () => {
    fc.assert(
      fc.property(fc.array(junkOperand, { minLength: 4, maxLength: 4 }), ([a, b, c, d]) => {
        const results: CalcResult[] = [
          ratio({ numerator: a!, denominator: b! }),
          margin({ numerator: a!, denominator: b! }),
          share({ part: a!, whole: b! }),
          sum({ components: [a!, b!, c!] }),
          difference({ minuend: a!, subtrahend: b! }),
          sumPeriods({ parts: [a!, b!] }),
          growth({ later: a!, earlier: b! }),
          change({ later: a!, earlier: b!, relation: 'sequential' }),
          ttmFromQuarters({ quarters: [a!, b!, c!, d!] }),
          ttmFromYtd({ fy: a!, currentYtd: b!, priorYtd: c! }),
          deriveQ4({ fy: a!, nineMonths: b! }),
          averageBalance({ opening: a!, closing: b! }),
          perShare({ amount: a!, shares: b! }),
          freeCashFlow({ operatingCashFlow: a!, capex: b! }),
          convertCurrency({ amount: a!, rate: b! }),
        ];
        for (const r of results) expect(isResult(r)).toBe(true);
      }),
      { numRuns: 800 },
    );
  });
});
