/**
 * Property tests over every calendar rule and random periods: fiscal labels round-trip
 * (period → label → period) over 1990–2040, years tile the timeline, derivation is consistent,
 * inference recovers the rule, extraction finds the phrases it is given.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FiscalCalendar, Period, YearEndRule } from '@/lib/domain/types';
import { cal } from './__fixtures__/calendars';
import { addDays, daysBetween, fromDayNumber, toDayNumber, weekdayOf } from './dates';
import { deriveFiscal } from './derive';
import { inferCalendar } from './infer-calendar';
import { formatFiscalLabel, parseFiscalLabel } from './label';
import { extractPeriodPhrases } from './phrases';
import { FISCAL_POSITIONS, fiscalPeriodBounds, type FiscalOptions } from './positions';
import { resolvePeriod } from './resolve-period';
import { fiscalSpanContaining, fiscalYearBounds, type CalendarInput } from './timeline';

const YEARS = { min: 1990, max: 2040 };

const ALL_RULES: YearEndRule[] = [];
for (let month = 1; month <= 12; month++) {
  for (let day = 1; day <= 31; day++) ALL_RULES.push({ kind: 'fixed', month, day });
  for (let weekday = 0; weekday <= 6; weekday++) {
    ALL_RULES.push({ kind: 'week', weekday, month, rule: 'last' });
    ALL_RULES.push({ kind: 'week', weekday, month, rule: 'nearest' });
  }
}

const ruleArb: fc.Arbitrary<YearEndRule> = fc.oneof(
  fc.record({ kind: fc.constant('fixed' as const), month: fc.integer({ min: 1, max: 12 }), day: fc.integer({ min: 1, max: 31 }) }),
  fc.record({
    kind: fc.constant('week' as const),
    weekday: fc.integer({ min: 0, max: 6 }),
    month: fc.integer({ min: 1, max: 12 }),
    rule: fc.constantFrom('last' as const, 'nearest' as const),
  }),
);
const labelByArb = fc.constantFrom<FiscalCalendar['labelBy']>('end-year', 'start-year');
const optionsArb = fc.constantFrom<FiscalOptions>({}, { week53Quarter: 'Q1' }, { week53Quarter: 'Q4' });

function key(p: Period): string {
  return p.type === 'instant' ? p.date : `${p.start}..${p.end}`;
}

/** period → derived label → parsed label → period; returns a description of the first failure. */
function roundTrip(calendar: CalendarInput, options: FiscalOptions, years = YEARS): string | null {
  for (let fy = years.min; fy <= years.max; fy++) {
    for (const position of FISCAL_POSITIONS) {
      const b = fiscalPeriodBounds(calendar, fy, position, options);
      if (!b) return `no bounds for ${position} ${fy}`;
      const period: Period = { type: 'duration', start: b.start, end: b.end };
      const derived = deriveFiscal(period, calendar, options);
      if (derived.fiscalYear !== fy || derived.fiscalPeriod !== position || !derived.exact) {
        return `${key(period)} (${position} FY${fy}) derived as ${derived.label}`;
      }
      const parsed = parseFiscalLabel(derived.label);
      if (!parsed || parsed.fiscalPeriod === 'TRANSITION') return `label ${derived.label} does not parse`;
      const back = fiscalPeriodBounds(calendar, parsed.fiscalYear, parsed.fiscalPeriod, options);
      if (!back || back.start !== b.start || back.end !== b.end) return `${derived.label} came back as ${JSON.stringify(back)}`;
    }
  }
  return null;
}

describe('fiscal labels round-trip over 1990–2040', () => {
  it.each(Array.from({ length: 12 }, (_, i) => i + 1))('for every year-end rule anchored on month %i (end-year labels)', (month) => {
    const failures = ALL_RULES.filter((r) => r.month === month)
      .map((rule) => roundTrip(cal(rule), {}))
      .filter((f) => f !== null);
    expect(failures).toEqual([]);
  });

  it('for the real calendars with start-year labels and with the 53rd week in Q1', () => {
    const rules: YearEndRule[] = [
      { kind: 'fixed', month: 3, day: 31 },
      { kind: 'fixed', month: 12, day: 31 },
      { kind: 'fixed', month: 1, day: 31 },
      { kind: 'week', weekday: 6, month: 9, rule: 'last' },
      { kind: 'week', weekday: 0, month: 1, rule: 'last' },
      { kind: 'week', weekday: 6, month: 1, rule: 'nearest' },
      { kind: 'week', weekday: 6, month: 12, rule: 'nearest' },
    ];
    const failures = rules
      .flatMap((rule) => [roundTrip(cal(rule, 'start-year'), {}), roundTrip(cal(rule), { week53Quarter: 'Q1' })])
      .filter((f) => f !== null);
    expect(failures).toEqual([]);
  });

  it('for random rules, label conventions and layouts through the text resolver', () => {
    fc.assert(
      fc.property(
        ruleArb,
        labelByArb,
        optionsArb,
        fc.integer(YEARS),
        fc.constantFrom(...FISCAL_POSITIONS),
        (rule, labelBy, options, fy, position) => {
          const calendar = cal(rule, labelBy);
          const b = fiscalPeriodBounds(calendar, fy, position, options)!;
          const derived = deriveFiscal({ type: 'duration', ...b }, calendar, options);
          const r = resolvePeriod(derived.label, { calendars: calendar, options });
          expect(r.status).toBe('resolved');
          if (r.status === 'resolved') {
            expect(r.period).toEqual({ type: 'duration', start: b.start, end: b.end });
            expect(r.label).toBe(formatFiscalLabel(fy, position));
          }
        },
      ),
      { numRuns: 3000 },
    );
  }, 30_000);

  it('across a change of year end, including the transition period', () => {
    fc.assert(
      fc.property(ruleArb, ruleArb, fc.integer({ min: 2000, max: 2030 }), (a, b, switchYear) => {
        const first: FiscalCalendar = { ...cal(a), effectiveTo: `${switchYear}-06-30` };
        const second: FiscalCalendar = { ...cal(b), effectiveFrom: `${switchYear}-07-01` };
        const calendars = [first, second];
        // walk the timeline: every day belongs to exactly one year or transition, in label order
        let date = '1995-01-01';
        let prevEnd: string | null = null;
        let prevYear = -Infinity;
        while (date < '2040-01-01') {
          const span = fiscalSpanContaining(calendars, date);
          expect(span.start <= date && date <= span.end).toBe(true);
          if (prevEnd) expect(span.start).toBe(addDays(prevEnd, 1));
          if (span.kind === 'year') {
            expect(span.fiscalYear).toBeGreaterThan(prevYear);
            prevYear = span.fiscalYear;
            expect(fiscalYearBounds(calendars, span.fiscalYear)).toMatchObject({ start: span.start, end: span.end });
            const d = deriveFiscal({ type: 'duration', start: span.start, end: span.end }, calendars);
            expect(d).toMatchObject({ fiscalYear: span.fiscalYear, fiscalPeriod: 'FY' });
          } else {
            const d = deriveFiscal({ type: 'duration', start: span.start, end: span.end }, calendars);
            expect(d.fiscalPeriod).toBe('TRANSITION');
            const r = resolvePeriod(d.label, { calendars });
            expect(r.status === 'resolved' && key(r.period)).toBe(`${span.start}..${span.end}`);
          }
          prevEnd = span.end;
          date = addDays(span.end, 1);
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe('fiscal years', () => {
  it('tile time: each starts the day after the previous ends, 52/53 weeks or twelve months long', () => {
    fc.assert(
      fc.property(ruleArb, fc.integer(YEARS), (rule, fy) => {
        const calendar = cal(rule);
        const y = fiscalYearBounds(calendar, fy)!;
        const next = fiscalYearBounds(calendar, fy + 1)!;
        expect(next.start).toBe(addDays(y.end, 1));
        if (rule.kind === 'week') {
          expect([363, 370]).toContain(y.days);
          expect(weekdayOf(y.end)).toBe(rule.weekday);
          expect(y.weeks).toBe(y.days === 370 ? 53 : 52);
        } else {
          expect([364, 365]).toContain(y.days);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('contain every date derived into them', () => {
    fc.assert(
      fc.property(ruleArb, fc.integer({ min: toDayNumber('1990-01-01'), max: toDayNumber('2040-12-31') }), (rule, day) => {
        const calendar = cal(rule);
        const date = fromDayNumber(day);
        const d = deriveFiscal({ type: 'instant', date }, calendar);
        const y = fiscalYearBounds(calendar, d.fiscalYear)!;
        expect(y.start <= date && date <= y.end).toBe(true);
        expect(d.fiscalPeriod === 'FY').toBe(date === y.end);
      }),
      { numRuns: 1000 },
    );
  });

  it('classify random durations only as positions they match', () => {
    fc.assert(
      fc.property(
        ruleArb,
        fc.integer({ min: toDayNumber('1991-01-01'), max: toDayNumber('2039-12-31') }),
        fc.integer({ min: 0, max: 400 }),
        (rule, start, length) => {
          const calendar = cal(rule);
          const period: Period = { type: 'duration', start: fromDayNumber(start), end: fromDayNumber(start + length) };
          const d = deriveFiscal(period, calendar);
          if (d.fiscalPeriod === 'OTHER' || d.fiscalPeriod === 'TRANSITION') return;
          const layouts = [
            fiscalPeriodBounds(calendar, d.fiscalYear, d.fiscalPeriod)!,
            fiscalPeriodBounds(calendar, d.fiscalYear, d.fiscalPeriod, { week53Quarter: 'Q1' })!,
          ];
          const drift = Math.min(
            ...layouts.map((b) => Math.abs(daysBetween(b.start, period.start)) + Math.abs(daysBetween(b.end, period.end))),
          );
          expect(drift).toBeLessThanOrEqual(14);
          expect(d.exact).toBe(drift === 0);
        },
      ),
      { numRuns: 3000 },
    );
  }, 30_000);
});

describe('inferCalendar', () => {
  it('reproduces every annual period it was given', () => {
    fc.assert(
      fc.property(ruleArb, fc.integer({ min: 1990, max: 2030 }), fc.integer({ min: 3, max: 12 }), (rule, from, count) => {
        const source = cal(rule);
        const years = Array.from({ length: count }, (_, i) => fiscalYearBounds(source, from + i)!);
        const r = inferCalendar(years.map((y) => ({ start: y.start, end: y.end })));
        expect(r.matched).toBe(count);
        expect(r.calendars).toHaveLength(1);
        for (const y of years) expect(fiscalYearBounds(r.calendars, y.fiscalYear)).toMatchObject({ start: y.start, end: y.end });
      }),
      { numRuns: 400 },
    );
  });
});

describe('extractPeriodPhrases', () => {
  it('finds labels embedded in text at their exact spans', () => {
    const filler = fc.constantFrom('revenue in', 'and', 'compared with', 'what was the margin for', 'vs.', ';');
    fc.assert(
      fc.property(
        fc.array(fc.tuple(filler, fc.integer(YEARS), fc.constantFrom(...FISCAL_POSITIONS)), { minLength: 1, maxLength: 4 }),
        (parts) => {
          let text = '';
          const expected: string[] = [];
          for (const [words, fy, position] of parts) {
            const label = formatFiscalLabel(fy, position);
            text += `${words} ${label} `;
            expected.push(label);
          }
          const found = extractPeriodPhrases(text);
          expect(found.map((p) => p.text)).toEqual(expected);
          for (const p of found) expect(text.slice(p.start, p.end)).toBe(p.text);
        },
      ),
      { numRuns: 500 },
    );
  });
});
