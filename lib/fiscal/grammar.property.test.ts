/**
 * Property tests of the period grammar: phrases generated from its forms × years × separators
 * resolve to exactly the intended dates on five calendars; an unknown word inserted inside a phrase
 * never yields a different period unless a temporal word is left uncovered (the planner then asks).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ISODate } from '@/lib/domain/types';
import { APPLE, CALENDAR_YEAR, HELIOS, NVIDIA, SNOWFLAKE } from './__fixtures__/calendars';
import { ymd } from './dates';
import { extractPeriodPhrases } from './phrases';
import { fiscalPeriodBounds, type FiscalPosition } from './positions';
import { resolveSpec } from './resolve-period';
import { temporalWordSpans } from './temporal-words';
import type { CalendarInput } from './timeline';

const CALENDARS: [string, CalendarInput][] = [
  ['december', CALENDAR_YEAR],
  ['january', SNOWFLAKE],
  ['apple', APPLE],
  ['march', HELIOS],
  ['nvidia', NVIDIA],
];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];
const ORD = ['first', 'second', 'third', 'fourth'];
const ORD_N = ['1st', '2nd', '3rd', '4th'];

interface Case {
  text: string;
  /** the intended period: a fiscal position of a fiscal year, or dates computed from them */
  fy: number;
  position: FiscalPosition;
}

const yy = (y: number) => String(y % 100).padStart(2, '0');

/**
 * Fiscal-year forms (always marked fiscal, so they are never the ambiguous bare year). Codes with a
 * bare two-digit year ("3Q24", "1H25", "9M22") are asked back for non-calendar companies: see
 * resolve-period.test.ts.
 */
const fiscalYearForm = (y: number): fc.Arbitrary<string> =>
  fc.constantFrom<string>(
    `FY${y}`,
    `FY${yy(y)}`,
    `FY'${yy(y)}`,
    `FY’${yy(y)}`,
    `FY-${yy(y)}`,
    `FY-${y}`,
    `FY ${y}`,
    `fiscal ${y}`,
    `fiscal '${yy(y)}`,
    `fiscal year ${y}`,
    `fiscal-year ${y}`,
    `fy ${y}`,
  );

function positionForms(position: FiscalPosition): string[] {
  const n = Number(position.slice(1));
  if (/^Q[1-4]$/.test(position))
    return [`Q${n}`, `${n}Q`, `${ORD[n - 1]} quarter`, `${ORD[n - 1]}-quarter`, `${ORD_N[n - 1]} quarter`, `${ORD[n - 1]} fiscal quarter`];
  if (position === 'H1' || position === 'H2') return [`H${n}`, `${n}H`, `${ORD[n - 1]} half`, `${ORD[n - 1]}-half`];
  if (position === '9M') return ['9M', 'nine months', 'nine-month YTD', 'first nine months'];
  return [];
}

const caseArb: fc.Arbitrary<Case> = fc
  .record({
    fy: fc.integer({ min: 2005, max: 2035 }),
    position: fc.constantFrom<FiscalPosition>('FY', 'Q1', 'Q2', 'Q3', 'Q4', 'H1', 'H2', '9M'),
  })
  .chain(({ fy, position }): fc.Arbitrary<Case> => {
    const year = fiscalYearForm(fy);
    if (position === 'FY') return year.map((text) => ({ text, fy, position }));
    const n = Number(position.slice(1));
    const generic = fc
      .tuple(fc.constantFrom(...positionForms(position)), fc.constantFrom(' ', ' of ', ' of ', '-', ', '), year)
      .map(([p, sep, y]) => `${p}${sep}${y}`);
    const reverse = year.map((y) => `${y} ${positionForms(position)[0]}`);
    const codes: fc.Arbitrary<string>[] = [generic, reverse];
    if (/^Q/.test(position)) {
      codes.push(
        fc.constantFrom(
          `${n}QFY${yy(fy)}`,
          `Q${n}FY${yy(fy)}`,
          `F${n}Q${yy(fy)}`,
          `FQ${n}'${yy(fy)}`,
          `fiscal ${n}Q${yy(fy)}`,
          `fiscal ${ORD[n - 1]}-quarter ${fy}`,
          `fiscal Q${n} ${fy}`,
        ),
      );
    }
    if (/^H/.test(position)) codes.push(fc.constantFrom(`F${n}H${yy(fy)}`, `${n}HFY${yy(fy)}`, `H${n}FY${yy(fy)}`));
    if (position === '9M') codes.push(fc.constantFrom(`9MFY${yy(fy)}`, `YTD Q3 FY${yy(fy)}`));
    if (position === 'H1') codes.push(fc.constantFrom(`first six months of fiscal ${fy}`, `first two quarters of FY${fy}`));
    return fc.oneof(...codes).map((text) => ({ text, fy, position }));
  });

function expected(cal: CalendarInput, c: Case): { start: ISODate; end: ISODate } {
  return fiscalPeriodBounds(cal, c.fy, c.position)!;
}

function resolveAll(text: string, cal: CalendarInput) {
  return extractPeriodPhrases(text).map((p) => ({ p, r: resolveSpec(p.spec, { calendars: cal }, p.text) }));
}

describe('grammar properties', () => {
  it('every generated phrase is one phrase that resolves to exactly the intended dates', () => {
    fc.assert(
      fc.property(caseArb, fc.constantFrom(...CALENDARS), (c, [, cal]) => {
        const found = resolveAll(c.text, cal);
        expect(
          found.map((f) => f.p.text),
          c.text,
        ).toEqual([c.text]);
        const { r } = found[0]!;
        expect(r.status, `${c.text}: ${'reason' in r ? r.reason : ''}`).toBe('resolved');
        if (r.status === 'resolved') expect(r.period).toEqual({ type: 'duration', ...expected(cal, c) });
      }),
      { numRuns: 1500 },
    );
  }, 30_000);

  it('quarters named by the month they end in resolve to that quarter of the calendar', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2005, max: 2035 }),
        fc.constantFrom<FiscalPosition>('Q1', 'Q2', 'Q3', 'Q4'),
        fc.constantFrom(...CALENDARS),
        fc.nat(3),
        (fy, position, [, cal], form) => {
          const b = fiscalPeriodBounds(cal, fy, position)!;
          const { year: endYear, month: endMonth, day } = ymd(b.end);
          // a 52/53-week quarter ending in the first days of a month is named by the month before
          const early = day <= 7;
          const month = early ? (endMonth === 1 ? 12 : endMonth - 1) : endMonth;
          const year = early && endMonth === 1 ? endYear - 1 : endYear;
          const text = [
            `the ${MONTHS[month - 1]} quarter of ${year}`,
            `${SHORT[month - 1]}-quarter ${year}`,
            `the three months to ${MONTHS[month - 1]} ${year}`,
            `three months ended ${MONTHS[endMonth - 1]} ${day}, ${endYear}`,
          ][form]!;
          const found = resolveAll(text, cal);
          expect(found).toHaveLength(1);
          const { r } = found[0]!;
          expect(r.status, text).toBe('resolved');
          if (r.status === 'resolved') expect(r.period, text).toEqual({ type: 'duration', ...b });
        },
      ),
      { numRuns: 600 },
    );
  }, 30_000);

  it('an unknown word inside a phrase never yields another period with every temporal word covered', () => {
    const withWord = caseArb.chain((c) => {
      const gaps = [...c.text.matchAll(/[\s-]/g)].map((m) => m.index);
      if (gaps.length === 0) return fc.constant(null);
      return fc
        .tuple(fc.constantFrom(...gaps), fc.constantFrom('blah', 'zork', 'reported', 'net', 'its', 'adjusted'))
        .map(([at, w]) => ({ ...c, text: `${c.text.slice(0, at)} ${w} ${c.text.slice(at + 1)}` }));
    });
    fc.assert(
      fc.property(withWord, fc.constantFrom(...CALENDARS), (c, [, cal]) => {
        if (!c) return;
        const found = resolveAll(c.text, cal);
        const covered = found.flatMap(({ p }) => p.parts ?? [[p.start, p.end] as [number, number]]);
        const uncovered = temporalWordSpans(c.text).filter((w) => !covered.some(([a, b]) => a <= w.start && w.end <= b));
        if (uncovered.length > 0) return; // the planner asks about these words
        expect(found, c.text).toHaveLength(1);
        const { r } = found[0]!;
        expect(r.status, c.text).toBe('resolved');
        if (r.status === 'resolved') expect(r.period, c.text).toEqual({ type: 'duration', ...expected(cal, c) });
      }),
      { numRuns: 1500 },
    );
  }, 30_000);
});
