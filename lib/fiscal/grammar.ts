/**
 * The period grammar, written with the combinators of combinators.ts over the token stream of
 * tokens.ts. Each top-level rule reads one phrase and builds its calendar-independent
 * {@link PeriodSpec}; `phrases.ts` runs the rules at every token and keeps the longest phrases.
 *
 * Building blocks, bottom up: years (FY/fiscal/financial/CY/calendar prefixes, 2- and 4-digit
 * years, apostrophes, spans), positions (ordinals with or without hyphens and "fiscal", codes such
 * as Q3/3Q/1H/9M/6M, "first six months", "first two quarters", YTD forms), dates, month-years,
 * lengths ("three months", "year", "twelve months", "52 weeks"), then the phrases built of them.
 */
import { NUMBER_WORDS } from '@/lib/domain/number-words';
import type { ISODate } from '@/lib/domain/types';
import { daysInMonth, isISODate, makeDate } from './dates';
import type { EndedLength, MonthRef, PeriodSpec, RelativeToWhich, RelativeWhich, YearRef } from './period-spec';
import { invalidDate, over, twoWays } from './readings';
import type { FiscalPosition } from './positions';
import { alt, g, hyphen, map, memo, numberLed, num, opt, punct, pure, seq, tok, where, word, words, type Parser } from './combinators';
import { glued, isAlnum, type Tok } from './tokens';

/** Expands a two-digit year: 00–69 → 2000s, 70–99 → 1900s. */
export function expandYear(digits: string): number {
  const n = Number(digits);
  if (digits.length === 4) return n;
  return n < 70 ? 2000 + n : 1900 + n;
}

type Invalid = { invalid: string };
const isInvalid = (v: unknown): v is Invalid => typeof v === 'object' && v !== null && 'invalid' in v;

// ── small pieces ────────────────────────────────────────────────────────────────────────────────
const the = opt(word('the'));
const apos = punct("'’‘`");
const comma = punct(',');
const openParen = punct('(');

/** A year as written: four digits (1900–2099) or two digits (expanded). */
interface YearNum {
  year: number;
  digits: 2 | 4;
}
const y4: Parser<YearNum> = map(
  num(4, (n) => n >= 1900 && n <= 2099),
  (n) => ({ year: n, digits: 4 as const }),
);
const yy: Parser<YearNum> = map(
  tok((t) => t.kind === 'num' && t.text.length === 2, new Set(['#'])),
  (t) => ({ year: expandYear(t.text), digits: 2 as const }),
);
/** "'24", "’24" */
const aposYY: Parser<YearNum> = map(seq(apos, g(yy)), ([, y]) => y);

/** A four-digit year standing alone: not an amount ($2026, 2,024, 2024.5, 2024%) nor inside a word. */
const bareY4: Parser<number> = memo(
  numberLed((ts, i) => {
    const t = ts[i];
    if (t?.kind !== 'num' || t.text.length !== 4) return [];
    const n = Number(t.text);
    if (n < 1900 || n > 2099) return [];
    const prev = ts[i - 1];
    if (glued(prev, t) && (isAlnum(prev) || ".,€£₹$'’‘".includes(prev!.text))) return [];
    const next = ts[i + 1];
    if (glued(t, next)) {
      if (next!.text === '%') return [];
      if ((next!.text === '.' || next!.text === ',') && ts[i + 2]?.kind === 'num' && glued(next, ts[i + 2])) return [];
    }
    return [{ v: n, i: i + 1 }];
  }),
);

/** The number `n` written in digits or as a word (the counts a period names: bounded by `ns`). */
function count(...ns: number[]): Parser<number> {
  const names = Object.entries(NUMBER_WORDS)
    .filter(([, v]) => ns.includes(v))
    .map(([k]) => k);
  return alt(
    num(undefined, (n) => ns.includes(n)),
    map(word(...names), (t) => NUMBER_WORDS[t.lower]!),
  );
}
/** "fifty-two", "52" */
const weeksCount = (n: number, name: string): Parser<null> =>
  alt(
    map(
      num(2, (v) => v === n),
      () => null,
    ),
    words(name),
  );

const fiscalW = word('fiscal');
const months = word('months', 'month', 'mos', 'mo');
const quarterW = word('quarter', 'qtr');
const quartersW = word('quarters', 'qtrs');
const ytdW = memo(
  alt(
    map(seq(opt(word('fiscal')), word('ytd')), () => null),
    map(seq(opt(word('fiscal')), words('year to date')), () => null),
  ),
);

// ── years ───────────────────────────────────────────────────────────────────────────────────────
/** "FY", "F.Y.", "fiscal", "fiscal year(s)", "fiscal yr", "financial year" */
/** Value: whether the keyword is plural ("fiscal years 2021-2023" is a range, not a span). */
const fyKeyword: Parser<boolean> = alt(
  map(word('fy', 'fys'), (t) => t.lower === 'fys'),
  map(seq(word('f'), g(punct('.')), g(word('y')), opt(g(punct('.')))), () => false),
  map(words('fiscal year|yr'), () => false),
  map(words('fiscal years|yrs'), () => true),
  map(words('fiscal'), () => false),
  map(words('financial year'), () => false),
  map(words('financial years'), () => true),
);

/** `map` that drops the parses for which `f` returns null. */
function mapWhere<T, U>(p: Parser<T>, f: (v: T, ts: readonly Tok[], from: number, to: number) => U | null): Parser<U> {
  return map(
    where(
      map(p, (v, ts, a, b) => ({ u: f(v, ts, a, b) })),
      (x) => x.u !== null,
    ),
    (x) => x.u as U,
  );
}

function spanOf(first: YearNum, second: YearNum, text: string): YearRef | Invalid {
  const end =
    second.digits === 4
      ? second.year
      : Math.floor(first.year / 100) * 100 + (second.year % 100) + (second.year % 100 < first.year % 100 ? 100 : 0);
  if (end !== first.year + 1) return { invalid: `"${text}" spans ${first.year}–${end}, not one fiscal year` };
  return { year: first.year, style: 'span', spanEnd: end };
}

const textOf = (ts: readonly Tok[], from: number, to: number): string =>
  ts
    .slice(from, to)
    .map((t, k) => (k > 0 && t.sp ? ' ' : '') + t.text)
    .join('');

/** "FY2026", "FY26", "FY'24", "FY’24", "FY-25", "FY25A", "fiscal 25", "fiscal '24", "FY2025-26". */
const fyRef: Parser<YearRef | Invalid> = memo(
  alt(
    mapWhere(
      seq(
        fyKeyword,
        opt(
          alt(
            map(seq(hyphen, opt(apos)), () => null),
            map(apos, () => null),
          ),
        ),
        alt(y4, yy),
        opt(g(word('a'))),
        opt(seq(punct('-–/'), alt(y4, yy))),
      ),
      ([_plural, , first, , span], ts, from, to): YearRef | Invalid | null => {
        // "fiscal 10-K", "FY 10-Q" are filings, not fiscal 2010
        if (!span && first.digits === 2 && glued(ts[to - 1], ts[to]) && ts[to]!.text === '-' && /^[kq]s?$/.test(ts[to + 1]?.lower ?? ''))
          return null;
        if (!span) return { year: first.year, style: 'fiscal' };
        const ref = spanOf(first, span[1], textOf(ts, from, to));
        // "fiscal years 2021-2023", "FY2019-2021", "FY24-26", "FY2023-25": a range (its end is read as its own
        // phrase); only two consecutive years are one fiscal year's span ("FY2025-26")
        if (isInvalid(ref)) return null;
        return ref;
      },
    ),
    // "F2025", "F26", "F'26"
    map(seq(word('f'), g(y4)), ([, y]): YearRef => ({ year: y.year, style: 'fiscal' })),
    map(
      seq(
        word('f'),
        alt(
          g(yy),
          map(seq(g(apos), g(yy)), ([, y]) => y),
        ),
      ),
      ([, y]): YearRef => ({ year: y.year, style: 'fiscal' }),
    ),
    // "the 2025 fiscal year", "their 2024 fiscal years" (each company's own)
    map(seq(y4, alt(words('fiscal year'), words('fiscal years'))), ([y]): YearRef => ({ year: y.year, style: 'fiscal' })),
    // "full-year 2021", "full fiscal year 2024"
    map(
      seq(words('full'), opt(hyphen), opt(fiscalW), word('year'), alt(y4, aposYY)),
      ([, , f, , y]): YearRef => ({ year: y.year, style: f ? 'fiscal' : 'bare' }),
    ),
  ),
);

/** "CY2024", "CY21", "calendar 2024", "calendar year 2024" → the calendar year. */
const cyRef: Parser<number> = memo(
  map(
    seq(
      alt(
        map(word('cy'), () => null),
        words('calendar year|years'),
        words('calendar'),
      ),
      opt(alt(hyphen, apos)),
      alt(y4, yy),
    ),
    ([, , y]) => y.year,
  ),
);

// ── positions ───────────────────────────────────────────────────────────────────────────────────
const ORDINALS: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, final: 4 };
const SUFFIX: Record<number, string> = { 1: 'st', 2: 'nd', 3: 'rd', 4: 'th' };
/** first…fourth, 1st…4th, final (= fourth) */
const ordinal: Parser<number> = memo(
  alt(
    map(word('first', 'second', 'third', 'fourth', 'final'), (t) => ORDINALS[t.lower]!),
    map(
      where(
        seq(
          num(1, (n) => n >= 1 && n <= 4),
          g(word('st', 'nd', 'rd', 'th')),
        ),
        ([n, s]) => SUFFIX[n] === s.lower,
      ),
      ([n]) => n,
    ),
  ),
);
const ordinal12 = where(ordinal, (n) => n <= 2);

const Q = (n: number) => `Q${n}` as FiscalPosition;
const qDigit = num(1, (n) => n >= 1 && n <= 4);
const hDigit = num(1, (n) => n === 1 || n === 2);
/** "Q3", "3Q" */
const qCode: Parser<FiscalPosition> = memo(
  alt(
    map(seq(word('q'), g(qDigit)), ([, n]) => Q(n)),
    map(seq(qDigit, g(word('q'))), ([n]) => Q(n)),
  ),
);
/** "H1", "1H" */
const hCode: Parser<FiscalPosition> = memo(
  alt(
    map(seq(word('h'), g(hDigit)), ([, n]) => (n === 1 ? 'H1' : 'H2')),
    map(seq(hDigit, g(word('h'))), ([n]) => (n === 1 ? 'H1' : 'H2')),
  ),
);
/** "9M", "6M" */
const mCode: Parser<FiscalPosition> = memo(
  map(
    seq(
      num(1, (n) => n === 9 || n === 6),
      g(word('m')),
    ),
    ([n]) => (n === 9 ? '9M' : 'H1'),
  ),
);
const code: Parser<FiscalPosition> = memo(alt(qCode, hCode, mCode));

const optFiscal = opt(seq(opt(hyphen), fiscalW));
/** "fourth quarter", "fourth-quarter", "fourth fiscal quarter", "3rd quarter", "final quarter" */
const ordinalQuarter: Parser<FiscalPosition> = map(seq(ordinal, optFiscal, opt(hyphen), quarterW), ([n]) => Q(n));
/** "first half", "second-half", "first half-year", "1st fiscal half" */
const ordinalHalf: Parser<FiscalPosition> = alt(
  map(seq(ordinal12, optFiscal, opt(hyphen), word('half'), opt(seq(opt(hyphen), word('year')))), ([n]) => (n === 1 ? 'H1' : 'H2')),
  // "front half", "back-half" (analysts' words for the first and second half)
  map(seq(word('front', 'back'), opt(hyphen), word('half')), ([w]) => (w.lower === 'front' ? 'H1' : 'H2')),
);
/** "first three months" (Q1), "first six months" (H1), "first nine months" (9M), "first two quarters" (H1), "first three quarters" (9M) */
const firstMonths: Parser<FiscalPosition> = alt(
  map(seq(word('first'), count(3, 6, 9), opt(hyphen), months), ([, n]) => (({ 3: 'Q1', 6: 'H1', 9: '9M' }) as const)[n as 3]),
  map(seq(word('first'), count(2, 3), quartersW), ([, n]) => (n === 2 ? 'H1' : '9M')),
);
/** "nine months", "nine-month YTD", "9-month year-to-date", "9M YTD" */
const nineMonths: Parser<FiscalPosition> = alt(
  map(seq(count(9), opt(hyphen), months, opt(ytdW)), () => '9M' as const),
  // "six-month FY26", "6-month YTD fiscal 2025": the first half (a six-month period with a fiscal year is its YTD)
  map(seq(count(6), opt(hyphen), months, opt(ytdW)), () => 'H1' as const),
  map(seq(mCode, ytdW), ([p]) => p),
);
const THROUGH: Record<string, FiscalPosition> = { Q1: 'Q1', Q2: 'H1', Q3: '9M', Q4: 'FY' };
/** "YTD Q3", "YTD through Q2", "Q3 YTD": the year to date ending with that quarter */
const ytdQuarter: Parser<FiscalPosition> = alt(
  map(seq(ytdW, opt(word('through', 'thru', 'to', 'ending')), the, alt(qCode, ordinalQuarter)), ([, , , q]) => THROUGH[q]!),
  map(seq(alt(qCode), ytdW), ([q]) => THROUGH[q]!),
);

/** Any position within a fiscal year. */
const position: Parser<FiscalPosition> = memo(alt(ytdQuarter, ordinalQuarter, ordinalHalf, firstMonths, nineMonths, code));
/** Positions that may stand without a year (the latest one reported). */
const loosePosition: Parser<FiscalPosition> = memo(
  alt(
    ytdQuarter,
    ordinalQuarter,
    ordinalHalf,
    where(firstMonths, (p) => p !== 'Q1'),
    map(seq(opt(word('first')), count(9), opt(hyphen), months, ytdW), () => '9M' as const),
    map(seq(word('first'), count(9), opt(hyphen), months), () => '9M' as const),
    map(seq(count(9), hyphen, word('month')), () => '9M' as const),
    where(code, () => true),
    // "FQ1", "FQ2" written before a year given once ("FQ1 and FQ2 FY26"): the fiscal quarter
    map(seq(word('f'), g(word('q')), g(qDigit)), ([, , n]) => Q(n)),
  ),
);

/** Between a position and its year: nothing, "-", "/", ",", "of", "of the", "in". */
const posJoin: Parser<null> = alt(
  pure(null),
  map(punct('-–/,'), () => null),
  words('of'),
  words('of the'),
  words('in'),
);

/** The year after a position: FY forms, a bare 4-digit year, "'24", "-24". */
type PosYear = { kind: 'fiscal'; year: YearRef | Invalid } | { kind: 'calendar'; year: number };
const posYear: Parser<PosYear> = memo(
  alt<PosYear>(
    map(fyRef, (year) => ({ kind: 'fiscal', year })),
    map(cyRef, (year) => ({ kind: 'calendar', year })),
    map(bareY4, (y) => ({ kind: 'fiscal', year: { year: y, style: 'bare' } })),
    map(aposYY, (y) => ({ kind: 'fiscal', year: { year: y.year, style: 'bare' } })),
  ),
);
/** A two-digit year right after a position code's "-", "/" or glued: "Q1-25", "3Q24", "1H25" */
const codeYY: Parser<YearRef> = alt<YearRef>(
  // "3Q24" names no fiscal year by itself ("F3Q24", "3QFY24" do): for a company whose fiscal year is not
  // the calendar year it is asked back, like "Q3 2024"
  map(g(yy), (y): YearRef => ({ year: y.year, style: 'bare' })),
  map(seq(g(punct('-/')), g(yy)), ([, y]): YearRef => ({ year: y.year, style: 'bare' })),
);

function fiscalOf(position: FiscalPosition, year: YearRef | Invalid): PeriodSpec {
  if (isInvalid(year)) return { type: 'invalid', reason: year.invalid };
  return { type: 'fiscal', position, year };
}
function posSpec(position: FiscalPosition, y: PosYear): PeriodSpec {
  return y.kind === 'calendar' ? { type: 'calendar', position, year: y.year } : fiscalOf(position, y.year);
}

/** "<position> <year>" in all its orders and codes. */
const positionYear: Parser<PeriodSpec> = memo(
  alt<PeriodSpec>(
    // "second fiscal quarter 2025", "first fiscal half of 2024": the word fiscal in the position names the year fiscal
    map(seq(ordinal, fiscalW, opt(hyphen), quarterW, posJoin, alt(y4, aposYY)), ([n, , , , , y]) =>
      fiscalOf(Q(n), { year: y.year, style: 'fiscal' }),
    ),
    map(seq(ordinal12, fiscalW, opt(hyphen), word('half'), posJoin, alt(y4, aposYY)), ([n, , , , , y]) =>
      fiscalOf(n === 1 ? 'H1' : 'H2', { year: y.year, style: 'fiscal' }),
    ),
    // Q3 FY2025, fourth-quarter fiscal 2025, Q1 of 2022, Q2-2020, Q3/2022, Q3'24, first half of FY2026, Q3 CY2024
    map(seq(position, posJoin, posYear), ([p, , y]) => posSpec(p, y)),
    map(seq(code, codeYY), ([p, y]) => fiscalOf(p, y)),
    // the last quarter of fiscal 2023
    map(seq(word('last'), quarterW, words('of'), the, posYear), ([, , , , y]) => posSpec('Q4', y)),
    // fiscal second-quarter 2024, fiscal Q2 2025, fiscal 3Q24
    map(seq(fiscalW, opt(hyphen), position, posJoin, alt(y4, aposYY, yy)), ([, , p, , y]) =>
      fiscalOf(p, { year: y.year, style: 'fiscal' }),
    ),
    map(seq(fiscalW, code, g(yy)), ([, p, y]) => fiscalOf(p, { year: y.year, style: 'fiscal' })),
    // 3QFY25, Q2FY26, 1HFY24, 9MFY25
    map(seq(code, g(fyRef)), ([p, y]) => fiscalOf(p, y)),
    // F3Q25, F1Q26, F1H25, FQ1'25, FQ1 2025
    map(seq(word('f'), g(code), alt(g(yy), g(y4), aposYY, y4)), ([, p, y]) => fiscalOf(p, { year: y.year, style: 'fiscal' })),
    map(seq(word('f'), g(word('q')), g(qDigit), opt(alt(hyphen, apos)), alt(y4, yy)), ([, , n, , y]) =>
      fiscalOf(Q(n), { year: y.year, style: 'fiscal' }),
    ),
    // FY2026 Q3, FY26Q3, fiscal 2024 first quarter
    map(seq(fyRef, opt(punct('-')), alt(code, ordinalQuarter, ordinalHalf)), ([y, , p]) => fiscalOf(p, y)),
    // 2020Q3, 2024-Q3, 2024 Q3
    map(seq(bareY4, opt(punct('-')), code), ([y, , p]) => fiscalOf(p, { year: y, style: 'bare' })),
  ),
);

/** "CQ3 2024", "calendar Q3 2024", "CY Q2 2024", "calendar third quarter of 2024" */
const calendarQuarter: Parser<PeriodSpec> = memo(
  alt(
    map(
      seq(word('cq'), g(qDigit), opt(alt(apos, hyphen)), alt(y4, yy)),
      ([, n, , y]): PeriodSpec => ({ type: 'calendar', position: Q(n), year: y.year }),
    ),
    map(
      seq(
        alt(
          words('calendar'),
          map(word('cy'), () => null),
        ),
        position,
        posJoin,
        alt(y4, aposYY, yy),
      ),
      ([, p, , y]): PeriodSpec => ({ type: 'calendar', position: p, year: y.year }),
    ),
  ),
);

// ── dates and months ────────────────────────────────────────────────────────────────────────────
const MONTHS: Record<string, number> = {
  jan: 1,
  january: 1,
  feb: 2,
  february: 2,
  mar: 3,
  march: 3,
  apr: 4,
  april: 4,
  may: 5,
  jun: 6,
  june: 6,
  jul: 7,
  july: 7,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  oct: 10,
  october: 10,
  nov: 11,
  november: 11,
  dec: 12,
  december: 12,
};
/** A month name or abbreviation, with an optional full stop ("Sept.") */
export const monthName: Parser<number> = memo(map(seq(word(...Object.keys(MONTHS)), opt(g(punct('.')))), ([t]) => MONTHS[t.lower]!));
const day: Parser<number> = map(
  seq(
    num([1, 2], (n) => n >= 1 && n <= 31),
    opt(g(word('st', 'nd', 'rd', 'th'))),
  ),
  ([n]) => n,
);
const anyY4 = map(num(4), (n) => n);
const monthQuarter: Parser<PeriodSpec> = map(seq(monthName, opt(hyphen), quarterW), ([m]) => ({ type: 'month_quarter', month: m }));

type DateValue = { date: ISODate } | (Invalid & { either?: [ISODate, ISODate] });
function dateOf(year: number, month: number, d: number, text: string): DateValue {
  if (month < 1 || month > 12 || d < 1 || d > daysInMonth(year, month)) return { invalid: `"${text}" is not a valid date` };
  return { date: makeDate(year, month, d) };
}

/** "31 March 2026", "March 31, 2026", "Mar. 31 2026", "2026-03-31", "1/31/2024", "3/31/22" */
export const date: Parser<DateValue> = memo(
  alt<DateValue>(
    map(seq(day, monthName, opt(comma), anyY4), ([d, m, , y], ts, a, b) => dateOf(y, m, d, textOf(ts, a, b))),
    // "31 Dec 23": day, month name, two-digit year
    map(
      seq(
        day,
        monthName,
        alt(
          map(num(2), (n) => expandYear(String(n).padStart(2, '0'))),
          map(aposYY, (y) => y.year),
        ),
      ),
      ([d, m, y], ts, a, b) => dateOf(y, m, d, textOf(ts, a, b)),
    ),
    map(seq(monthName, day, opt(comma), anyY4), ([m, d, , y], ts, a, b) => dateOf(y, m, d, textOf(ts, a, b))),
    // "31-Dec-2023", "31-Dec-23" (day, month name and year joined by hyphens)
    map(
      seq(
        day,
        g(punct('-')),
        g(monthName),
        g(punct('-')),
        g(
          alt(
            anyY4,
            map(num(2), (n) => expandYear(String(n).padStart(2, '0'))),
          ),
        ),
      ),
      ([d, , m, , y], ts, a, b) => dateOf(y, m, d, textOf(ts, a, b)),
    ),
    map(seq(num(4), g(punct('-')), g(num(2)), g(punct('-')), g(num(2))), ([_y, , _m, , _d], ts, a, b) => {
      const text = textOf(ts, a, b);
      return isISODate(text) ? { date: text } : { invalid: `"${text}" is not a valid date` };
    }),
    // "30.09.2022", "30.09.22": day.month.year as Europe writes it; refused when both parts could be the month
    map(
      seq(
        num([1, 2]),
        g(punct('.')),
        g(num([1, 2])),
        g(punct('.')),
        g(
          alt(
            anyY4,
            map(num(2), (n) => expandYear(String(n).padStart(2, '0'))),
          ),
        ),
      ),
      ([a, , b, , y], ts, from, to) => {
        const text = textOf(ts, from, to);
        if (a <= 12 && b <= 12 && a !== b) return twoWays(text, a, b, y, '.');
        return a > 12 || b <= 12 ? dateOf(y, b, a, text) : dateOf(y, a, b, text);
      },
    ),
    // numeric dates: month/day/year when unambiguous (one part above 12), else refused
    map(
      seq(
        num([1, 2]),
        g(punct('/')),
        g(num([1, 2])),
        g(punct('/')),
        g(
          alt(
            anyY4,
            map(num(2), (n) => expandYear(String(n).padStart(2, '0'))),
          ),
        ),
      ),
      ([a, , b, , y], ts, from, to) => {
        const text = textOf(ts, from, to);
        if (a <= 12 && b <= 12 && a !== b) return twoWays(text, a, b, y, '/');
        return a > 12 ? dateOf(y, b, a, text) : dateOf(y, a, b, text);
      },
    ),
  ),
);

/** "September 2021", "Sept. 2023", "Jan-24", "Jan '25", "January of 2025" */
const monthYear: Parser<MonthRef> = memo(
  alt(
    map(seq(monthName, opt(word('of')), opt(comma), anyY4), ([m, , , y]) => ({ month: m, year: y })),
    map(
      seq(
        monthName,
        alt(
          map(seq(hyphen, opt(apos)), () => null),
          map(apos, () => null),
        ),
        g(yy),
      ),
      ([m, , y]) => ({ month: m, year: y.year }),
    ),
    // "Dec-2023"
    map(seq(monthName, hyphen, g(anyY4)), ([m, , y]) => ({ month: m, year: y })),
  ),
);

// ── lengths ─────────────────────────────────────────────────────────────────────────────────────
const period = opt(word('period'));
/** What an "… ended <date>" phrase measures. */
const length: Parser<EndedLength> = memo(
  alt<EndedLength>(
    map(seq(opt(alt(fiscalW, word('financial'))), opt(hyphen), word('year')), () => 'year'),
    map(word('fy'), () => 'year'),
    map(seq(count(12), opt(hyphen), months, period), () => 'year'),
    map(seq(alt(weeksCount(52, 'fifty two'), weeksCount(53, 'fifty three')), opt(hyphen), word('weeks', 'week'), period), () => 'year'),
    map(seq(opt(fiscalW), quarterW), () => 'quarter'),
    map(seq(count(3), opt(hyphen), months, period), () => 'quarter'),
    map(
      seq(
        alt(weeksCount(13, 'thirteen'), weeksCount(14, 'fourteen'), weeksCount(12, 'twelve')),
        opt(hyphen),
        word('weeks', 'week'),
        period,
      ),
      () => 'quarter',
    ),
    map(seq(count(6), opt(hyphen), months, period), () => 'half'),
    map(seq(opt(fiscalW), words('half year|yr')), () => 'half'),
    map(seq(weeksCount(26, 'twenty six'), opt(hyphen), word('weeks', 'week'), period), () => 'half'),
    map(seq(count(9), opt(hyphen), months, period), () => 'nine_months'),
    // "the 3 quarters ended June 28, 2025", "two quarters ended …"
    map(seq(count(3), quartersW), () => 'nine_months'),
    map(seq(count(2), quartersW), () => 'half'),
    map(seq(weeksCount(39, 'thirty nine'), opt(hyphen), word('weeks', 'week'), period), () => 'nine_months'),
  ),
);
/** "52 weeks", "fourteen-week period": the length with its stated number of weeks (checked against the period found) */
const weeksOf = (n: number, name: string, len: EndedLength): Parser<{ len: EndedLength; weeks: number }> =>
  map(seq(weeksCount(n, name), opt(hyphen), word('weeks', 'week'), period), () => ({ len, weeks: n }));
const weeksLength: Parser<{ len: EndedLength; weeks: number }> = memo(
  alt(
    weeksOf(52, 'fifty two', 'year'),
    weeksOf(53, 'fifty three', 'year'),
    weeksOf(13, 'thirteen', 'quarter'),
    weeksOf(14, 'fourteen', 'quarter'),
    weeksOf(12, 'twelve', 'quarter'),
    weeksOf(26, 'twenty six', 'half'),
    weeksOf(27, 'twenty seven', 'half'),
    weeksOf(39, 'thirty nine', 'nine_months'),
    weeksOf(40, 'forty', 'nine_months'),
  ),
);
/** "twelve months", "12-month period": a year when a fiscal year ends there, else a TTM */
const twelveMonths: Parser<null> = map(seq(count(12), opt(hyphen), months, period), () => null);
/** "ended", "ending", "that ended in", "ended on", "to", "through" */
const partOfW: Parser<'early' | 'mid' | 'late'> = map(word('early', 'mid', 'late'), (t) => t.lower as 'early' | 'mid' | 'late');
const endWord: Parser<null> = memo(
  alt(
    map(seq(opt(word('that', 'which')), word('ended', 'ending', 'ends'), opt(word('on', 'in'))), () => null),
    map(word('to', 'through', 'thru', 'until'), () => null),
  ),
);

// ── relative phrases ────────────────────────────────────────────────────────────────────────────
const latestW = alt(
  map(word('latest', 'last'), () => null),
  words('most recent'),
  words('most recently'),
);
const rel = (which: RelativeWhich) => (): PeriodSpec => ({ type: 'relative', which });
/** "latest quarter", "most recent reported fiscal quarter", "most recent quarterly <measure>" */
const latestQuarter: Parser<PeriodSpec> = memo(
  map(seq(latestW, opt(word('reported', 'completed', 'full')), opt(fiscalW), alt(quarterW, word('quarterly'))), rel('latest_quarter')),
);

const periodNounW = word('period', 'stretch', 'span', 'window', 'timeframe', 'interval'); // "the same stretch a year earlier"
const relative: Parser<{ spec: PeriodSpec; rule: string }> = alt(
  map(
    alt(
      map(
        seq(
          word('same', 'corresponding'),
          opt(fiscalW),
          quarterW,
          opt(word('of', 'in')),
          alt(
            map(word('last'), () => null),
            map(seq(word('the'), word('prior', 'previous', 'preceding')), () => null),
            map(word('a'), () => null),
          ),
          word('year'),
          opt(word('ago')),
        ),
        () => null,
      ),
      words('year ago quarter'),
      words('prior year quarter'),
    ),
    () => ({ spec: rel('year_ago_quarter')(), rule: 'year_ago_quarter' }),
  ),
  map(
    alt(
      map(seq(latestW, opt(word('full', 'complete', 'completed', 'reported')), alt(fiscalW, word('financial')), word('year')), () => null),
      map(
        seq(
          alt(
            map(word('latest'), () => null),
            words('most recent'),
          ),
          opt(word('full', 'complete', 'completed', 'reported')),
          word('year'),
        ),
        () => null,
      ),
      map(seq(word('last'), word('full', 'complete', 'completed', 'reported'), word('year')), () => null),
    ),
    () => ({ spec: rel('last_fiscal_year')(), rule: 'last_fiscal_year' }),
  ),
  map(latestQuarter, (spec) => ({ spec, rule: 'latest_quarter' })),
  // "the penultimate fiscal year", "second-to-last quarter": the period before the latest of that length
  map(
    seq(
      alt(
        map(word('penultimate'), () => null),
        map(seq(word('second'), opt(hyphen), word('to'), opt(hyphen), word('last')), () => null),
      ),
      opt(word('reported', 'completed', 'full')),
      opt(alt(fiscalW, word('financial'))),
      alt(
        map(word('year'), () => 'prior_year' as const),
        map(quarterW, () => 'prior_quarter' as const),
      ),
    ),
    ([, , , which]) => ({
      spec: {
        type: 'relative_to',
        which,
        ref: { type: 'relative', which: which === 'prior_year' ? 'last_fiscal_year' : 'latest_quarter' },
      } as PeriodSpec,
      rule: 'penultimate',
    }),
  ),
  // "the last three fiscal years", "past 5 years", "most recent four full fiscal years"
  map(
    seq(
      alt(
        map(word('last', 'past', 'latest', 'trailing'), () => null),
        words('most recent'),
      ),
      count(2, 3, 4, 5, 6, 7, 8, 9, 10),
      opt(word('full', 'complete', 'completed', 'reported')),
      opt(alt(fiscalW, word('financial'))),
      word('years', 'yrs'),
    ),
    ([, n]) => ({ spec: { type: 'latest_years', count: n } as PeriodSpec, rule: 'latest_years' }),
  ),
  // "the last 8 quarters", "past three fiscal quarters" (four is the TTM: "last four quarters")
  map(
    seq(
      alt(
        map(word('last', 'past', 'latest'), () => null),
        words('most recent'),
      ),
      count(2, 3, 5, 6, 7, 8, 9, 10, 11, 12),
      opt(word('reported', 'completed', 'full')),
      opt(fiscalW),
      quartersW,
    ),
    ([, n]) => ({ spec: { type: 'latest_quarters', count: n } as PeriodSpec, rule: 'latest_quarters' }),
  ),
  map(seq(word('prior', 'previous', 'preceding', 'sequential'), opt(fiscalW), quarterW), () => ({
    spec: rel('prior_quarter')(),
    rule: 'prior_quarter',
  })),
  map(
    alt(
      map(seq(word('prior', 'previous', 'preceding'), opt(alt(fiscalW, word('financial'))), word('year')), () => null),
      words('last year'),
      map(seq(words('year ago'), opt(word('period'))), () => null),
      words('a year ago'),
      words('a year earlier'),
      words('prior year period'),
      map(
        seq(
          word('same', 'corresponding', 'comparable', 'equivalent'),
          periodNounW,
          alt(
            words('last year'),
            words('a year ago'),
            words('a year earlier'),
            seq(word('of', 'in'), word('the'), word('prior', 'previous', 'preceding'), word('year')),
            words('the year before'),
          ),
        ),
        () => null,
      ),
      map(seq(word('comparable', 'equivalent'), words('prior|previous year'), word('period')), () => null),
    ),
    () => ({ spec: rel('prior_year')(), rule: 'prior_year' }),
  ),
  // "the latest quarter and the one before it", "FY2025 and the one before": the period of the same length just before the one named
  map(
    seq(
      word('the'),
      word('one'),
      alt(words('before it'), words('before that'), words('before'), words('prior to it'), words('preceding it'), words('preceding')),
    ),
    () => ({ spec: rel('prior_same')(), rule: 'prior_same' }),
  ),
  map(seq(alt(latestW, word('current')), ytdW), () => ({ spec: rel('latest_ytd')(), rule: 'ytd' })),
  map(ytdW, () => ({ spec: rel('ytd')(), rule: 'ytd' })),
);

// ── filings ─────────────────────────────────────────────────────────────────────────────────────
const form: Parser<'10-K' | '10-Q' | 'annual'> = memo(
  alt(
    map(
      seq(
        num(2, (n) => n === 10),
        opt(hyphen),
        word('k', 'ks'),
        opt(g(word('s'))),
      ),
      () => '10-K' as const,
    ),
    map(
      seq(
        num(2, (n) => n === 10),
        opt(hyphen),
        word('q', 'qs'),
        opt(g(word('s'))),
      ),
      () => '10-Q' as const,
    ),
    map(seq(word('annual'), word('report', 'reports', 'filing', 'filings')), () => 'annual' as const),
    map(seq(word('quarterly'), word('report', 'reports', 'filing', 'filings')), () => '10-Q' as const),
  ),
);
const filing: Parser<PeriodSpec> = alt<PeriodSpec>(
  map(seq(latestW, opt(word('filed', 'published')), form), ([, , f]) => ({ type: 'filing', form: f, which: 'latest' })),
  map(
    seq(
      alt(
        map(fyRef, (y) => (isInvalid(y) ? null : y.year)),
        bareY4,
      ),
      form,
    ),
    ([y, f]) => (y === null ? { type: 'invalid', reason: 'not a fiscal year' } : { type: 'filing', form: f, which: y }),
  ),
  map(
    seq(
      form,
      word('for'),
      the,
      alt(
        map(fyRef, (y) => (isInvalid(y) ? null : y.year)),
        bareY4,
      ),
    ),
    ([f, , , y]) => (y === null ? { type: 'invalid', reason: 'not a fiscal year' } : { type: 'filing', form: f, which: y }),
  ),
);

// ── phrases ─────────────────────────────────────────────────────────────────────────────────────
function dateSpec(d: DateValue, build: (date: ISODate) => PeriodSpec): PeriodSpec {
  return isInvalid(d) ? invalidDate(d, build) : build(d.date);
}

/** The word or dash between the two dates of a range. */
/** "from", "between", "the period from" before the first date of a range. */
const rangeLead = opt(seq(opt(word('period')), word('from', 'between')));
const rangeJoin = alt(
  hyphen,
  map(word('to', 'through', 'thru', 'until', 'and'), () => null),
);

/** Two dates as one duration, first day to last day; a range that runs backwards is refused. */
function dateRangeSpec(a: DateValue, b: DateValue): PeriodSpec {
  if (isInvalid(a)) return { type: 'invalid', reason: a.invalid };
  if (isInvalid(b)) return { type: 'invalid', reason: b.invalid };
  if (b.date <= a.date) return { type: 'invalid', reason: `the range ends (${b.date}) before it starts (${a.date})` };
  return { type: 'date_range', start: a.date, end: b.date };
}

const fiscalYearSpec: Parser<PeriodSpec> = memo(map(fyRef, (y) => fiscalOf('FY', y)));
/** A reference a boundary or a TTM can be anchored on. */
const anchorRef: Parser<PeriodSpec> = memo(
  alt<PeriodSpec>(
    positionYear,
    calendarQuarter,
    fiscalYearSpec,
    map(cyRef, (y) => ({ type: 'calendar', position: 'FY', year: y })),
  ),
);

/** The period an edge is of: a named or relative period, or a bare year ("the end of 2024"). */
const edgeRef: Parser<PeriodSpec> = alt(
  anchorRef,
  map(bareY4, (y): PeriodSpec => ({ type: 'bare_year', year: y })),
);
/** "as of", "as at", "at" */
const asOf = alt(
  words('as of'),
  words('as at'),
  map(word('at'), () => null),
);
const ttmWord: Parser<null> = memo(
  map(
    seq(
      alt(
        map(word('ttm', 'ltm'), () => null),
        map(
          seq(
            word('trailing', 'last', 'past', 'rolling', 'latest'),
            opt(hyphen),
            count(12),
            opt(hyphen),
            alt(
              months,
              map(g(word('m')), () => null),
            ),
          ),
          () => null,
        ),
        map(seq(word('trailing', 'last', 'past', 'rolling', 'latest'), opt(hyphen), count(4), quartersW), () => null),
        // "trailing 4-quarter revenue", "rolling four-quarter EPS": the four quarters said as one compound word
        map(seq(word('trailing', 'rolling'), opt(hyphen), count(4), hyphen, quarterW), () => null),
      ),
      opt(word('basis', 'period')),
    ),
    () => null,
  ),
);
const ttmConnector: Parser<null> = alt(
  words('as of'),
  words('as at'),
  map(seq(word('ended', 'ending'), opt(word('on', 'in'))), () => null),
  map(word('through', 'thru', 'to', 'at', 'for', 'in', 'until'), () => null),
);
const ttmRef: Parser<PeriodSpec> = memo(
  alt<PeriodSpec>(
    anchorRef,
    map(date, (d) => dateSpec(d, (iso) => ({ type: 'instant', date: iso }))),
    map(monthYear, (m) => ({ type: 'named_by_month', length: 'quarter', month: m.month, year: m.year, yearKind: 'calendar' })),
    latestQuarter,
  ),
);

// ── periods placed against another one ──────────────────────────────────────────────────────────
// "the quarter before Q3 FY2024", "the prior-year quarter of Q1 FY2025", "the year after FY2022",
// "the same quarter a year earlier than Q1 FY2025": one period, placed by its relation to the period
// named after it (which is not itself asked for)
const yearLater: Parser<null> = alt(
  words('a year earlier'),
  words('a year ago'),
  words('one year earlier'),
  words('last year'),
  map(
    seq(word('of', 'in'), word('the'), word('prior', 'previous', 'preceding'), opt(alt(fiscalW, word('financial'))), word('year')),
    () => null,
  ),
);
const sameW = word('same', 'corresponding', 'comparable', 'equivalent');
const priorW = word('prior', 'previous', 'preceding');
const relToLink = alt(
  map(word('of', 'to', 'for', 'than', 'before', 'preceding'), () => null),
  words('prior to'),
  words('relative to'),
  words('ahead of'),
);
/** "four quarters before", "two fiscal years before", "3 quarters earlier than": a count of steps back */
const relToSteps: Parser<{ which: RelativeToWhich; steps: number }> = alt<{ which: RelativeToWhich; steps: number }>(
  map(
    seq(
      count(2, 3, 4, 5, 6, 7, 8),
      opt(fiscalW),
      quartersW,
      alt(
        map(word('before', 'preceding'), () => null),
        map(seq(word('earlier'), opt(word('than'))), () => null),
        words('prior to'),
      ),
    ),
    ([n]) => ({ which: 'prior_quarter' as const, steps: n }),
  ),
  map(
    seq(
      count(2, 3, 4, 5, 6, 7, 8, 9, 10),
      opt(alt(fiscalW, word('financial'))),
      word('years'),
      alt(
        map(word('before', 'preceding'), () => null),
        map(seq(word('earlier'), opt(word('than'))), () => null),
        words('prior to'),
      ),
    ),
    ([n]) => ({ which: 'prior_year' as const, steps: n }),
  ),
);
const relToHead: Parser<RelativeToWhich> = alt<RelativeToWhich>(
  // a noun with its own preposition
  map(
    seq(
      opt(fiscalW),
      quarterW,
      alt(
        map(word('before', 'preceding'), () => null),
        words('prior to'),
        words('ahead of'),
      ),
    ),
    () => 'prior_quarter',
  ),
  map(seq(opt(fiscalW), quarterW, word('after', 'following')), () => 'next_quarter'),
  map(
    seq(
      opt(alt(fiscalW, word('financial'))),
      word('year'),
      alt(
        map(word('before', 'preceding'), () => null),
        words('prior to'),
      ),
    ),
    () => 'prior_year',
  ),
  map(seq(opt(alt(fiscalW, word('financial'))), word('year'), word('after', 'following')), () => 'next_year'),
  map(
    seq(
      word('a', 'one'),
      word('year'),
      alt(
        map(seq(word('earlier'), opt(word('than'))), () => null),
        map(word('before'), () => null),
        words('prior to'),
      ),
    ),
    () => 'prior_year',
  ),
  map(
    seq(
      word('a', 'one'),
      quarterW,
      alt(
        map(seq(word('earlier'), opt(word('than'))), () => null),
        map(word('before'), () => null),
        words('prior to'),
      ),
    ),
    () => 'prior_quarter',
  ),
  // an adjective and its noun, then a linking word
  map(seq(alt(priorW, word('sequential')), opt(fiscalW), quarterW, relToLink), () => 'prior_quarter'),
  map(
    seq(
      word('next', 'following', 'subsequent', 'succeeding'),
      opt(fiscalW),
      quarterW,
      alt(
        relToLink,
        map(word('after'), () => null),
      ),
    ),
    () => 'next_quarter',
  ),
  map(seq(priorW, opt(alt(fiscalW, word('financial'))), word('year'), relToLink), () => 'prior_year'),
  map(
    seq(
      word('next', 'following', 'subsequent', 'succeeding'),
      opt(alt(fiscalW, word('financial'))),
      word('year'),
      alt(
        relToLink,
        map(word('after'), () => null),
      ),
    ),
    () => 'next_year',
  ),
  map(
    seq(
      alt(
        words('year ago'),
        map(seq(opt(sameW), words('prior|previous|preceding year')), () => null),
      ),
      opt(fiscalW),
      quarterW,
      relToLink,
    ),
    () => 'year_ago_quarter',
  ),
  map(seq(sameW, opt(fiscalW), quarterW, yearLater, opt(relToLink)), () => 'year_ago_quarter'),
  map(
    seq(
      alt(
        words('year ago'),
        words('prior|previous|preceding year'),
        map(seq(sameW, words('prior|previous|preceding year')), () => null),
      ),
      word('period'),
      relToLink,
    ),
    () => 'prior_year',
  ),
  map(seq(sameW, word('period'), yearLater, opt(relToLink)), () => 'prior_year'),
);
/** "the latest", "its latest reported": the latest period of the kind the head counts in (a quarter or a fiscal year) */
const latestAlone: Parser<null> = map(
  seq(
    opt(word('its', 'their')),
    latestW,
    opt(word('reported', 'completed', 'full')),
    opt(alt(fiscalW, word('financial'))),
    opt(word('one', 'year')),
  ),
  () => null,
);
const relToAnchor: Parser<PeriodSpec | 'latest'> = alt<PeriodSpec | 'latest'>(
  anchorRef,
  map(bareY4, (y): PeriodSpec => ({ type: 'bare_year', year: y })),
  map(seq(opt(word('its', 'their')), latestQuarter), ([, q]) => q),
  map(latestAlone, () => 'latest' as const),
);
const QUARTERLY_RELATION: ReadonlySet<RelativeToWhich> = new Set(['prior_quarter', 'next_quarter', 'year_ago_quarter']);
const relativeTo: Parser<PeriodSpec> = memo(
  map(
    seq(
      the,
      alt(
        map(relToSteps, (x) => x),
        map(relToHead, (which) => ({ which, steps: 1 })),
      ),
      the,
      relToAnchor,
    ),
    ([, head, , anchor]): PeriodSpec => {
      const ref: PeriodSpec =
        anchor === 'latest'
          ? QUARTERLY_RELATION.has(head.which)
            ? { type: 'relative', which: 'latest_quarter' }
            : { type: 'relative', which: 'last_fiscal_year' }
          : anchor;
      return over(ref, (ref) => ({ type: 'relative_to', which: head.which, ref, ...(head.steps > 1 ? { steps: head.steps } : {}) }));
    },
  ),
);

/** Verbs of a period's edges: "when fiscal 2025 began", "start 2025 with", "ended FY2024 with". */
const BEGAN = new Set('began begun started opened'.split(' '));
const BEGIN_VERBS = 'start starts started starting begin begins began beginning enter enters entered entering'.split(' ');
const END_VERBS = 'end ends ended finish finishes finished close closes closed exit exits exited'.split(' ');

export interface RuleHit {
  spec: PeriodSpec;
  rule: string;
}
const rule = (name: string, p: Parser<PeriodSpec>): Parser<RuleHit> => map(p, (spec) => ({ spec, rule: name }));

/** Every top-level rule, in priority order (earlier wins a tie in length). */
export const RULES: Parser<RuleHit>[] = [
  rule(
    'ttm',
    map(seq(ttmWord, opt(seq(opt(alt(openParen, comma)), opt(ttmConnector), the, ttmRef, opt(punct(')'))))), ([, ref]): PeriodSpec => {
      if (!ref) return { type: 'ttm', ref: null };
      return over(ref[3], (r) => ({ type: 'ttm', ref: r }));
    }),
  ),
  rule(
    'boundary',
    alt<PeriodSpec>(
      map(seq(opt(asOf), the, word('end', 'close', 'beginning', 'start'), alt(word('of'), hyphen), the, edgeRef), ([, , edge, , , ref]) =>
        over(ref, (ref) => ({ type: 'boundary', edge: edge.lower === 'end' || edge.lower === 'close' ? 'end' : 'start', ref })),
      ),
      // when fiscal 2025 began, as 2024 ended: the edge of the period a clause says began or ended
      map(seq(word('when', 'as'), edgeRef, word('began', 'begun', 'started', 'opened', 'ended', 'closed', 'finished')), ([, ref, edge]) =>
        over(ref, (ref) => ({ type: 'boundary', edge: BEGAN.has(edge.lower) ? 'start' : 'end', ref })),
      ),
      // start 2025 with, entered fiscal 2025 with, ended FY2024 with: the edge of the period the verb names
      map(seq(word(...BEGIN_VERBS, ...END_VERBS), edgeRef, word('with')), ([edge, ref]) =>
        over(ref, (ref) => ({ type: 'boundary', edge: BEGIN_VERBS.includes(edge.lower) ? 'start' : 'end', ref })),
      ),
      // the last day of fiscal 2024, the first day of FY2025
      map(seq(opt(asOf), the, word('last', 'first'), word('day'), word('of'), the, edgeRef), ([, , edge, , , , ref]) =>
        over(ref, (ref) => ({ type: 'boundary', edge: edge.lower === 'last' ? 'end' : 'start', ref })),
      ),
      // fiscal year-end 2024, the fiscal year end of 2023: the end of that fiscal year
      map(
        seq(opt(asOf), the, fiscalW, word('year'), opt(hyphen), word('end'), opt(word('of')), bareY4),
        ([, , , , , , , y]): PeriodSpec => ({
          type: 'boundary',
          edge: 'end',
          ref: { type: 'fiscal', position: 'FY', year: { year: y, style: 'fiscal' } },
        }),
      ),
      // period-end Q2 2022, year-end FY24
      map(seq(opt(asOf), the, word('period', 'quarter', 'year'), opt(hyphen), word('end'), opt(word('of')), edgeRef), ([, , , , , , ref]) =>
        over(ref, (ref) => ({ type: 'boundary', edge: 'end', ref })),
      ),
      // the end of the December 2025 quarter
      map(
        seq(
          opt(asOf),
          the,
          word('end', 'close'),
          word('of'),
          the,
          monthName,
          opt(
            alt(
              comma,
              map(hyphen, () => null),
            ),
          ),
          alt(
            anyY4,
            map(aposYY, (y) => y.year),
          ),
          opt(hyphen),
          quarterW,
        ),
        ([, , , , , m, , y]): PeriodSpec => ({
          type: 'boundary',
          edge: 'end',
          ref: { type: 'named_by_month', length: 'quarter', month: m, year: y, yearKind: 'calendar' },
        }),
      ),
      // the end of the latest fiscal year, their latest fiscal year-end(s), its last fiscal year end
      map(
        seq(
          opt(asOf),
          the,
          word('end', 'close'),
          word('of'),
          the,
          opt(word('their', 'its')),
          latestW,
          opt(word('reported', 'completed', 'full')),
          opt(alt(fiscalW, word('financial'))),
          word('year'),
        ),
        (): PeriodSpec => ({ type: 'boundary', edge: 'end', ref: { type: 'relative', which: 'last_fiscal_year' } }),
      ),
      map(
        seq(
          opt(asOf),
          the,
          opt(word('their', 'its')),
          latestW,
          opt(alt(fiscalW, word('financial'))),
          word('year'),
          opt(hyphen),
          word('end', 'ends'),
        ),
        (): PeriodSpec => ({ type: 'boundary', edge: 'end', ref: { type: 'relative', which: 'last_fiscal_year' } }),
      ),
      // their fiscal year-ends in January 2025, fiscal year-ends in 2025: the end of the fiscal year ending then
      map(
        seq(opt(asOf), the, opt(word('their', 'its')), opt(fiscalW), word('year'), opt(hyphen), word('end', 'ends'), word('in'), monthYear),
        ([, , , , , , , , m]): PeriodSpec => ({
          type: 'boundary',
          edge: 'end',
          ref: { type: 'named_by_month', length: 'year', month: m.month, year: m.year, yearKind: 'calendar' },
        }),
      ),
      map(
        seq(opt(asOf), the, opt(word('their', 'its')), fiscalW, word('year'), opt(hyphen), word('end', 'ends'), word('in'), y4),
        ([, , , , , , , , y]): PeriodSpec => ({ type: 'boundary', edge: 'end', ref: { type: 'fiscal_year_ending_in', year: y.year } }),
      ),
      // the latest quarter-end, their latest quarter-ends, the most recent quarter end
      map(
        seq(opt(asOf), the, opt(word('their', 'its')), latestW, opt(fiscalW), word('quarter'), opt(hyphen), word('end', 'ends')),
        (): PeriodSpec => ({ type: 'boundary', edge: 'end', ref: { type: 'relative', which: 'latest_quarter' } }),
      ),
      // YE2024, YE25, YE 2024: the year end of that (bare) year
      map(
        seq(opt(asOf), the, word('ye'), alt(g(y4), y4, g(yy))),
        ([, , , y]): PeriodSpec => ({ type: 'boundary', edge: 'end', ref: { type: 'bare_year', year: y.year } }),
      ),
      // at the end of June 2025, as of the end of April 2026, end of May 2025: the balance date of the reported
      // period that ends in that month (a 52/53-week quarter ending on its last weekend too); a month no period
      // of the company ends in is refused with the months its periods end in, never the nearest one borrowed
      map(
        seq(opt(asOf), the, word('end', 'close'), word('of'), the, monthYear),
        ([, , , , , m]): PeriodSpec => ({
          type: 'boundary',
          edge: 'end',
          ref: { type: 'named_by_month', length: 'quarter', month: m.month, year: m.year, yearKind: 'calendar', monthEnd: true },
        }),
      ),
      // quarter-end Dec 2025, at quarter-end, Dec-2025: the end of the quarter that ends in that month
      map(
        seq(opt(asOf), the, word('quarter', 'qtr'), opt(hyphen), word('end'), opt(comma), monthYear),
        ([, , , , , , m]): PeriodSpec => ({
          type: 'boundary',
          edge: 'end',
          ref: { type: 'named_by_month', length: 'quarter', month: m.month, year: m.year, yearKind: 'calendar' },
        }),
      ),
      // FY24 year-end, fiscal 2021 year-ends, Q3 FY25 quarter end, 2020 year end
      map(seq(edgeRef, word('year', 'quarter', 'period'), opt(hyphen), word('end', 'ends')), ([ref]) =>
        over(ref, (ref) => ({ type: 'boundary', edge: 'end', ref })),
      ),
    ),
  ),
  rule(
    'ended',
    alt<PeriodSpec>(
      map(seq(twelveMonths, endWord, the, date), ([, , , d]) =>
        dateSpec(d, (iso) => ({ type: 'ended', length: 'year', date: iso, months12: true })),
      ),
      map(
        seq(twelveMonths, endWord, monthYear),
        ([, , m]): PeriodSpec => ({
          type: 'named_by_month',
          length: 'year',
          month: m.month,
          year: m.year,
          yearKind: 'calendar',
          months12: true,
        }),
      ),
      map(seq(weeksLength, endWord, the, date), ([w, , , d]) =>
        dateSpec(d, (iso) => ({ type: 'ended', length: w.len, date: iso, weeks: w.weeks })),
      ),
      map(seq(length, endWord, the, date), ([len, , , d]) => dateSpec(d, (iso) => ({ type: 'ended', length: len, date: iso }))),
      map(seq(length, endWord, monthYear), ([len, , m]) => ({
        type: 'named_by_month',
        length: len,
        month: m.month,
        year: m.year,
        yearKind: 'calendar',
      })),
      // "the quarter ended in early August 2025": within that part of the month
      map(
        seq(length, endWord, partOfW, opt(hyphen), monthYear),
        ([len, , part, , m]): PeriodSpec => ({
          type: 'named_by_month',
          length: len,
          month: m.month,
          year: m.year,
          yearKind: 'calendar',
          part,
        }),
      ),
      // "the fiscal year(s) ended in 2024", "fiscal years ended in early 2025": the fiscal year ending then
      map(
        seq(opt(fiscalW), word('year', 'years'), endWord, opt(partOfW), y4),
        ([, , , part, y]): PeriodSpec => ({ type: 'fiscal_year_ending_in', year: y.year, ...(part ? { part } : {}) }),
      ),
      map(seq(word('fye'), opt(punct(':')), date), ([, , d]) => dateSpec(d, (iso) => ({ type: 'ended', length: 'year', date: iso }))),
      // "FYE2025", "FYE 2025", "FYE25": the fiscal year ending in that year (its end, for a balance)
      map(
        seq(word('fye'), alt(g(y4), y4, g(yy))),
        ([, y]): PeriodSpec => ({ type: 'fiscal', position: 'FY', year: { year: y.year, style: 'fiscal' } }),
      ),
      map(seq(word('fye'), opt(punct(':')), monthYear), ([, , m]) => ({
        type: 'named_by_month',
        length: 'year',
        month: m.month,
        year: m.year,
        yearKind: 'calendar',
      })),
    ),
  ),
  rule(
    'month_named',
    // the March quarter of 2025, June-quarter 2024, September quarter of fiscal 2023, the December half of 2024
    map(
      seq(
        monthName,
        opt(hyphen),
        alt(
          map(quarterW, () => 'quarter' as const),
          map(word('half'), () => 'half' as const),
        ),
        alt(
          words('of'),
          words('in'),
          pure(null),
          map(comma, () => null),
        ),
        alt<PosYear>(
          map(fyRef, (year) => ({ kind: 'fiscal', year })),
          map(bareY4, (y) => ({ kind: 'calendar', year: y })),
          map(aposYY, (y) => ({ kind: 'calendar', year: y.year })),
        ),
      ),
      ([m, , len, , y]): PeriodSpec => {
        if (y.kind === 'fiscal') {
          if (isInvalid(y.year)) return { type: 'invalid', reason: y.year.invalid };
          return { type: 'named_by_month', length: len, month: m, year: y.year.year, yearKind: 'fiscal' };
        }
        return { type: 'named_by_month', length: len, month: m, year: y.year, yearKind: 'calendar' };
      },
    ),
  ),
  rule(
    'month_named',
    // the December 2025 quarter, the June 2024 quarter, the September-2023 half: the calendar month and year it ends in
    map(
      seq(
        monthName,
        opt(
          alt(
            comma,
            map(hyphen, () => null),
          ),
        ),
        alt(
          anyY4,
          map(aposYY, (y) => y.year),
        ),
        opt(hyphen),
        alt(
          map(quarterW, () => 'quarter' as const),
          map(word('half'), () => 'half' as const),
        ),
      ),
      ([m, , year, , len]): PeriodSpec => ({ type: 'named_by_month', length: len, month: m, year, yearKind: 'calendar' }),
    ),
  ),
  rule('month_named', monthQuarter), // the January quarter: the fiscal quarter ending in that month, its year named elsewhere or asked
  rule(
    'date_range',
    alt<PeriodSpec>(
      // "from July 1, 2024 to September 30, 2024", "2024-07-01 to 2024-09-30", "between 1 July 2024 and 30 September 2024"
      map(seq(rangeLead, date, rangeJoin, date), ([, a, , b]) => dateRangeSpec(a, b)),
      // "from July 1 to September 30, 2024": the year written once, at the end
      map(seq(rangeLead, monthName, day, rangeJoin, monthName, day, opt(comma), anyY4), ([, m1, d1, , m2, d2, , y], ts, a, b) =>
        dateRangeSpec(dateOf(m1 <= m2 ? y : y - 1, m1, d1, textOf(ts, a, b)), dateOf(y, m2, d2, textOf(ts, a, b))),
      ),
      // "1 July to 30 September 2024"
      map(seq(rangeLead, day, monthName, rangeJoin, day, monthName, opt(comma), anyY4), ([, d1, m1, , d2, m2, , y], ts, a, b) =>
        dateRangeSpec(dateOf(m1 <= m2 ? y : y - 1, m1, d1, textOf(ts, a, b)), dateOf(y, m2, d2, textOf(ts, a, b))),
      ),
    ),
  ),
  rule(
    'month_range',
    alt<PeriodSpec>(
      // "the April–June 2025 quarter": said of a quarter, only the fiscal quarter covering those months
      map(
        seq(monthName, alt(hyphen, word('to', 'through', 'thru')), monthName, opt(comma), anyY4, opt(seq(opt(hyphen), quarterW))),
        ([a, , b, , y, q]) => ({
          type: 'month_range',
          from: { month: a, year: a <= b ? y : y - 1 },
          to: { month: b, year: y },
          ...(q ? { length: 'quarter' as const } : {}),
        }),
      ),
      map(seq(monthYear, alt(hyphen, word('to', 'through', 'thru')), monthYear), ([a, , b]) => ({ type: 'month_range', from: a, to: b })),
    ),
  ),
  rule(
    'ytd_through',
    map(
      seq(
        ytdW,
        opt(alt(word('through', 'thru', 'to', 'ending', 'ended', 'at'), words('as of'))),
        the,
        alt(
          map(date, (d) => dateSpec(d, (iso): PeriodSpec => ({ type: 'instant', date: iso }))),
          map(seq(monthYear, opt(seq(opt(hyphen), quarterW))), ([m]): PeriodSpec => ({ type: 'month', month: m.month, year: m.year })),
        ),
      ),
      ([, , , ref]): PeriodSpec => over(ref, (ref) => ({ type: 'ytd_through', ref })),
    ),
  ),
  rule(
    'as_of',
    map(
      seq(
        alt(
          asOf,
          map(word('on'), () => null),
        ),
        the,
        date,
      ),
      ([, , d]) => dateSpec(d, (iso) => ({ type: 'instant', date: iso })),
    ),
  ),
  rule('filing', filing),
  rule(
    'calendar_position',
    map(seq(position, posJoin, cyRef), ([p, , y]): PeriodSpec => ({ type: 'calendar', position: p, year: y })),
  ),
  rule('calendar_quarter', calendarQuarter),
  rule('fiscal_position', positionYear),
  // "the standalone quarter Q3 FY2023", "discrete quarter Q2 2024": the three-month quarter, not the YTD
  rule(
    'fiscal_position',
    map(
      where(
        seq(word('standalone', 'discrete'), quarterW, opt(comma), positionYear),
        ([, , , sp]) => (sp.type === 'fiscal' || sp.type === 'calendar') && /^Q[1-4]$/.test(sp.position),
      ),
      ([, , , sp]) => sp,
    ),
  ),
  rule('fiscal_year', fiscalYearSpec),
  // "the 14-week first quarter of fiscal 2023", "53-week fiscal 2023": a fiscal period with its stated length in weeks
  rule(
    'fiscal_position',
    map(seq(the, weeksLength, alt(positionYear, fiscalYearSpec)), ([, w, sp]): PeriodSpec => {
      if (sp.type !== 'fiscal') return sp;
      const len = sp.position === 'FY' ? 'year' : /^Q/.test(sp.position) ? 'quarter' : sp.position === '9M' ? 'nine_months' : 'half';
      return len === w.len ? { ...sp, weeks: w.weeks } : { type: 'invalid', reason: `a ${w.weeks}-week period is not a ${sp.position}` };
    }),
  ),
  rule(
    'calendar_year',
    map(cyRef, (y): PeriodSpec => ({ type: 'calendar', position: 'FY', year: y })),
  ),
  rule(
    'transition',
    map(seq(word('transition'), word('period'), y4), ([, , y]): PeriodSpec => ({ type: 'transition', year: y.year })),
  ),
  rule('relative_to', relativeTo),
  rule(
    'same_period',
    map(
      seq(
        word('same', 'corresponding'),
        alt(periodNounW, word('quarter', 'half')),
        word('of', 'in'),
        alt(
          map(fyRef, (y) => y),
          map(bareY4, (y): YearRef => ({ year: y, style: 'bare' })),
        ),
      ),
      ([, , , y]): PeriodSpec => (isInvalid(y) ? { type: 'invalid', reason: y.invalid } : { type: 'same_period', year: y }),
    ),
  ),
  relative,
  rule(
    'position_only',
    map(loosePosition, (p): PeriodSpec => ({ type: 'latest_position', position: p })),
  ),
  rule(
    'date',
    map(date, (d) => dateSpec(d, (iso) => ({ type: 'instant', date: iso }))),
  ),
  rule(
    'month',
    map(monthYear, (m): PeriodSpec => ({ type: 'month', month: m.month, year: m.year })),
  ),
  rule(
    'bare_year',
    map(bareY4, (y): PeriodSpec => ({ type: 'bare_year', year: y })),
  ),
  // "2022, '23 and '24": a year written with an apostrophe and two digits is that year, as a bare year is
  rule(
    'bare_year',
    numberLed((ts, i) => {
      const [a, n] = [ts[i - 1], ts[i]!];
      // the phrase starts at the digits (a phrase never starts on punctuation); the apostrophe must open the
      // year, not close a word ("Apple's 24")
      if (!a || !"'’‘`".includes(a.text) || !glued(a, n) || (glued(ts[i - 2], a) && isAlnum(ts[i - 2]))) return [];
      if (n.kind !== 'num' || n.text.length !== 2) return [];
      return [{ v: { type: 'bare_year', year: expandYear(n.text) } as PeriodSpec, i: i + 1 }];
    }),
  ),
  // "2019-21", "2019–2021": the end of a range of bare years
  rule(
    'range_end',
    numberLed((ts, i) => {
      const [a, dash, b] = [ts[i - 2], ts[i - 1], ts[i]];
      // "FY24-26": a two-digit first year written with its FY keyword
      const fyTwoDigits = a?.kind === 'num' && a.text.length === 2 && /^(?:fy|f)$/.test(ts[i - 3]?.lower ?? '') && glued(ts[i - 3], a);
      if (!a || !dash || !b || a.kind !== 'num' || (a.text.length !== 4 && !fyTwoDigits) || !'-–—'.includes(dash.text) || b.kind !== 'num')
        return [];
      if (b.text.length !== 2 && b.text.length !== 4) return [];
      const first = a.text.length === 4 ? Number(a.text) : expandYear(a.text);
      const end = b.text.length === 4 ? Number(b.text) : Math.floor(first / 100) * 100 + Number(b.text);
      if (end <= first || end - first > 30 || (b.text.length === 4 && bareY4(ts, i).length === 0)) return [];
      if (glued(b, ts[i + 1]) && isAlnum(ts[i + 1])) return [];
      return [{ v: { type: 'bare_year', year: end } as PeriodSpec, i: i + 1 }];
    }),
  ),
];
