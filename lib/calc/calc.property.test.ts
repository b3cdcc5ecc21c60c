/**
 * Property tests over random operands: no operation accepts operands whose relation its rule
 * forbids, and TTM (and every sum over time) covers each day of its result exactly once.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Fact, Period } from '@/lib/domain/types';
import { addDays, daysBetween, fromDayNumber, lengthClass, toDayNumber } from '@/lib/fiscal';
import { fact } from './__fixtures__/facts';
import { deriveQ4 } from './derive-q4';
import { growth } from './growth';
import { margin, ratio, share } from './ratio';
import { difference, sum, sumPeriods } from './sum';
import { ttmFromQuarters, ttmFromYtd } from './ttm';
import type { CalcResult, Operand } from './types';

type Duration = Extract<Period, { type: 'duration' }>;

const FIRST_DAY = toDayNumber('2019-01-01');
const LAST_DAY = toDayNumber('2027-12-31');
const LENGTHS = [89, 90, 91, 92, 97, 181, 182, 188, 272, 273, 279, 363, 364, 365, 370];

const dayArb = fc.integer({ min: FIRST_DAY, max: LAST_DAY });
const lengthArb = fc.oneof(fc.constantFrom(...LENGTHS), fc.integer({ min: 0, max: 400 }));
const durationArb: fc.Arbitrary<Duration> = fc
  .tuple(dayArb, lengthArb)
  .map(([s, len]) => ({ type: 'duration', start: fromDayNumber(s), end: fromDayNumber(s + len) }));
const periodArb: fc.Arbitrary<Period> = fc.oneof(
  { weight: 4, arbitrary: durationArb },
  { weight: 1, arbitrary: dayArb.map((d): Period => ({ type: 'instant', date: fromDayNumber(d) })) },
);

interface Attrs {
  entityId: string;
  scope: Fact['scope'];
  dimensions: Record<string, string>;
  unit: string;
  currency: string | null;
  basisTag: string | null;
  metricId: string;
  value: string;
  period: Period;
}

const UNITS: [string, string | null][] = [
  ['INR', 'INR'],
  ['USD', 'USD'],
  ['shares', null],
];
const attrArbs = {
  entityId: fc.constantFrom('helios', 'other'),
  scope: fc.constantFrom<Fact['scope']>('consolidated', 'standalone'),
  dimensions: fc.constantFrom<Record<string, string>>({}, { seg: 'A' }, { seg: 'B' }, { geo: 'IN' }),
  unit: fc.constantFrom(...UNITS),
  basisTag: fc.constantFrom<string | null>(null, 'latest', 'original'),
  metricId: fc.constantFrom('revenue', 'operating_income'),
  value: fc.oneof(
    fc.constant('0'),
    fc.integer({ min: -5000, max: 100000 }).map(String),
    fc.bigInt({ min: 1n, max: 10n ** 24n }).map(String),
  ),
  period: periodArb,
};

const SHARED_KEYS = ['entityId', 'scope', 'dimensions', 'unit', 'basisTag', 'metricId', 'period'] as const;

/** Two attribute sets; each attribute is shared with probability ~3/4 so that valid pairs are common. */
function pairArb(): fc.Arbitrary<[Attrs, Attrs]> {
  const one = fc.record(attrArbs).map(({ unit, ...rest }): Attrs => ({ ...rest, unit: unit[0], currency: unit[1] }));
  const shared = fc.record(
    Object.fromEntries(SHARED_KEYS.map((k) => [k, fc.integer({ min: 0, max: 3 })])) as Record<
      (typeof SHARED_KEYS)[number],
      fc.Arbitrary<number>
    >,
  );
  return fc.tuple(one, one, shared).map(([a, b, dice]) => {
    const out: Attrs = { ...b };
    for (const k of SHARED_KEYS) {
      if (dice[k] === 0) continue; // 1 in 4: keep b's own value
      if (k === 'unit') {
        out.unit = a.unit;
        out.currency = a.currency;
      } else {
        (out as unknown as Record<string, unknown>)[k] = a[k];
      }
    }
    return [a, out];
  });
}

let serial = 0;
function operand(a: Attrs): Operand {
  serial++;
  return { ...fact({ ...a, id: `p${serial}`, concept: `x:${a.metricId}` }), basisTag: a.basisTag };
}

const samePeriod = (a: Period, b: Period) => JSON.stringify(a) === JSON.stringify(b);
const sameDims = (a: Attrs, b: Attrs) => JSON.stringify(a.dimensions) === JSON.stringify(b.dimensions);
const end = (p: Period) => (p.type === 'instant' ? p.date : p.end);

/** Relations every same-period binary operation forbids. */
function samePeriodForbidden(a: Attrs, b: Attrs): boolean {
  return (
    a.entityId !== b.entityId || a.scope !== b.scope || a.basisTag !== b.basisTag || a.unit !== b.unit || !samePeriod(a.period, b.period)
  );
}

/** Coverage of each day by signed periods: day → Σ weight. */
function coverage(parts: { period: Duration; weight: number }[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const { period, weight } of parts) {
    for (let d = toDayNumber(period.start); d <= toDayNumber(period.end); d++) out.set(d, (out.get(d) ?? 0) + weight);
  }
  return out;
}

function expectExactlyOnce(result: CalcResult, parts: { period: Duration; weight: number }[]) {
  if (!result.ok) return;
  const p = result.period as Duration;
  const lo = toDayNumber(p.start);
  const hi = toDayNumber(p.end);
  const cover = coverage(parts);
  const wrong: string[] = [];
  for (const [day, count] of cover) if (count !== (day >= lo && day <= hi ? 1 : 0)) wrong.push(`${fromDayNumber(day)}×${count}`);
  for (let d = lo; d <= hi; d++) if (!cover.has(d)) wrong.push(`${fromDayNumber(d)}×0`);
  expect(wrong.slice(0, 5)).toEqual([]);
}

describe('operations never accept a forbidden relation', () => {
  it('ratio, margin, share: same entity, scope, basis, unit, exact period (and dimensions)', () => {
    let accepted = 0;
    fc.assert(
      fc.property(pairArb(), ([a, b]) => {
        const x = operand(a);
        const y = operand(b);
        const base = samePeriodForbidden(a, b);
        const r = ratio({ numerator: x, denominator: y });
        const m = margin({ numerator: x, denominator: y });
        if (base || !sameDims(a, b)) {
          expect(r.ok).toBe(false);
          expect(m.ok).toBe(false);
        }
        if (a.period.type === 'instant' || a.currency === null) expect(m.ok).toBe(false);
        const whole = b.dimensions;
        const isPart = Object.entries(whole).every(([k, v]) => a.dimensions[k] === v);
        if (base || !isPart) expect(share({ part: x, whole: y }).ok).toBe(false);
        if (r.ok) {
          accepted++;
          expect(r.period).toEqual(a.period);
          expect(r.operandFactIds).toEqual([x.id, y.id]);
        }
      }),
      { numRuns: 3000 },
    );
    expect(accepted).toBeGreaterThan(50);
  });

  it('sum and difference: same period, no overlap, compatible dimensions', () => {
    let accepted = 0;
    fc.assert(
      fc.property(pairArb(), ([a, b]) => {
        const x = operand(a);
        const y = operand({ ...b, metricId: a.metricId === b.metricId ? `${b.metricId}_other` : b.metricId });
        const s = sum({ components: [x, y] });
        const d = difference({ minuend: x, subtrahend: y });
        if (samePeriodForbidden(a, b)) {
          expect(s.ok).toBe(false);
          expect(d.ok).toBe(false);
        }
        if (Object.keys(a.dimensions).join() !== Object.keys(b.dimensions).join()) expect(s.ok).toBe(false);
        if (s.ok) {
          accepted++;
          expect(s.period).toEqual(a.period);
        }
      }),
      { numRuns: 2000 },
    );
    expect(accepted).toBeGreaterThan(20);
  });

  it('growth: comparable lengths, no overlap, later after earlier, same everything else', () => {
    let accepted = 0;
    fc.assert(
      fc.property(
        pairArb(),
        fc.constantFrom('year_over_year' as const, 'sequential' as const),
        fc.constantFrom('as drawn', 'a year earlier', 'a 53-week year earlier', 'just before'),
        fc.integer({ min: -3, max: 3 }),
        ([a, drawn], relation, placement, wobble) => {
          // place the earlier period relative to the later one, so that valid plans are common
          let b = drawn;
          if (placement !== 'as drawn' && a.period.type === 'duration') {
            const len = daysBetween(a.period.start, a.period.end);
            const shift = placement === 'a year earlier' ? 365 : placement === 'a 53-week year earlier' ? 371 : len + 1;
            const s = toDayNumber(a.period.start) - shift;
            b = { ...drawn, period: { type: 'duration', start: fromDayNumber(s), end: fromDayNumber(s + len + wobble) } };
          }
          const later = operand(a);
          const earlier = operand(b);
          const r = growth({ later, earlier, relation });
          const forbidden =
            a.entityId !== b.entityId ||
            a.scope !== b.scope ||
            a.basisTag !== b.basisTag ||
            a.unit !== b.unit ||
            a.metricId !== b.metricId ||
            !sameDims(a, b) ||
            a.period.type !== b.period.type ||
            end(a.period) <= end(b.period);
          if (forbidden) expect(r.ok).toBe(false);
          if (a.period.type === 'duration' && b.period.type === 'duration') {
            const la = daysBetween(a.period.start, a.period.end);
            const lb = daysBetween(b.period.start, b.period.end);
            const family = (n: number) => lengthClass(n).replace('_14w', '');
            const overlapping = a.period.start <= b.period.end && b.period.start <= a.period.end;
            if (overlapping || family(la) !== family(lb) || Math.abs(la - lb) > 7) expect(r.ok).toBe(false);
            if (relation === 'sequential' && addDays(b.period.end, 1) !== a.period.start) expect(r.ok).toBe(false);
            if (r.ok && Math.abs(la - lb) === 7 && family(la) !== 'other') expect(r.flags).toContain('WEEKS_53_VS_52');
          }
          if (r.ok) {
            accepted++;
            expect(r.period).toEqual(a.period);
          }
        },
      ),
      { numRuns: 4000 },
    );
    expect(accepted).toBeGreaterThan(10);
  });
});

describe('TTM never double counts a day', () => {
  const base = {
    entityId: 'helios',
    scope: 'consolidated' as const,
    dimensions: {},
    unit: 'INR',
    currency: 'INR',
    basisTag: null,
    metricId: 'operating_income',
  };
  const withPeriod = (period: Duration, value = '100') => operand({ ...base, value, period });

  /** Periods near a valid TTM structure, perturbed so that invalid ones are common too. */
  const jitter = fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: -40, max: 40 }) });

  it('from four quarters', () => {
    let accepted = 0;
    fc.assert(
      fc.property(
        dayArb,
        fc.array(fc.tuple(fc.constantFrom(89, 90, 91, 92, 97), jitter, jitter), { minLength: 4, maxLength: 4 }),
        (start, shape) => {
          let cursor = start;
          const quarters = shape.map(([len, js, je]) => {
            const s = cursor + js;
            const e = Math.max(s, cursor + len + je);
            cursor = cursor + len + 1;
            return { type: 'duration' as const, start: fromDayNumber(s), end: fromDayNumber(e) };
          });
          const r = ttmFromQuarters({ quarters: quarters.map((q) => withPeriod(q)) });
          expectExactlyOnce(
            r,
            quarters.map((period) => ({ period, weight: 1 })),
          );
          if (r.ok) accepted++;
        },
      ),
      { numRuns: 1500 },
    );
    expect(accepted).toBeGreaterThan(30);
  });

  it('from FY + current YTD − prior YTD', () => {
    let accepted = 0;
    fc.assert(
      fc.property(
        dayArb,
        fc.constantFrom(363, 364, 365, 370),
        fc.constantFrom(90, 181, 272, 279),
        jitter,
        jitter,
        jitter,
        jitter,
        (fyStart, fyLen, ytdLen, j1, j2, j3, j4) => {
          const fy: Duration = { type: 'duration', start: fromDayNumber(fyStart), end: fromDayNumber(fyStart + fyLen) };
          const prior: Duration = { type: 'duration', start: fromDayNumber(fyStart + j1), end: fromDayNumber(fyStart + ytdLen + j2) };
          const curStart = fyStart + fyLen + 1 + j3;
          const current: Duration = {
            type: 'duration',
            start: fromDayNumber(curStart),
            end: fromDayNumber(Math.max(curStart, fyStart + fyLen + 1 + ytdLen + j4)),
          };
          const r = ttmFromYtd({ fy: withPeriod(fy), currentYtd: withPeriod(current), priorYtd: withPeriod(prior) });
          expectExactlyOnce(r, [
            { period: fy, weight: 1 },
            { period: current, weight: 1 },
            { period: prior, weight: -1 },
          ]);
          if (r.ok) accepted++;
        },
      ),
      { numRuns: 1500 },
    );
    expect(accepted).toBeGreaterThan(100);
  });

  it('nor does a derived Q4 or a sum over time', () => {
    fc.assert(
      fc.property(
        dayArb,
        fc.constantFrom(363, 364, 365, 370),
        fc.constantFrom(272, 273, 279),
        jitter,
        jitter,
        (fyStart, fyLen, nineLen, j1, j2) => {
          const fy: Duration = { type: 'duration', start: fromDayNumber(fyStart), end: fromDayNumber(fyStart + fyLen) };
          const nine: Duration = { type: 'duration', start: fromDayNumber(fyStart + j1), end: fromDayNumber(fyStart + nineLen + j2) };
          const r = deriveQ4({ fy: withPeriod(fy), nineMonths: withPeriod(nine, '60') });
          expectExactlyOnce(r, [
            { period: fy, weight: 1 },
            { period: nine, weight: -1 },
          ]);
          const parts = [nine, { type: 'duration' as const, start: addDays(nine.end, 1 + j2), end: fy.end }].filter(
            (p) => p.start <= p.end,
          );
          const s = sumPeriods({ parts: parts.map((p) => withPeriod(p)) });
          expectExactlyOnce(
            s,
            parts.map((period) => ({ period, weight: 1 })),
          );
        },
      ),
      { numRuns: 1000 },
    );
  });
});
