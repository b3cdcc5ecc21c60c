/**
 * Numeric dates either of whose parts could be the month ("2/3/24"): both readings are kept on the invalid spec, so
 * the entity's own period ends decide between them when the phrase is resolved (see resolve-period's readingsResult).
 */
import type { ISODate } from '@/lib/domain/types';
import { makeDate } from './dates';
import type { PeriodSpec } from './period-spec';

/** "2/3/24" (sep "/"), "2.3.24" (sep "."): why it is refused as written, and its two readings. */
export function twoWays(text: string, a: number, b: number, y: number, sep: string): { invalid: string; either: [ISODate, ISODate] } {
  return {
    invalid: `"${text}" could be ${a}${sep}${b} or ${b}${sep}${a}: write the month as a word`,
    either: [makeDate(y, a, b), makeDate(y, b, a)],
  };
}

/** The invalid spec of a refused date, with each reading built into the spec the phrase names when it has two. */
export function invalidDate(d: { invalid: string; either?: [ISODate, ISODate] }, build: (date: ISODate) => PeriodSpec): PeriodSpec {
  return { type: 'invalid', reason: d.invalid, ...(d.either ? { readings: d.either.map((date) => ({ date, spec: build(date) })) } : {}) };
}

/** A spec built over another; an invalid one stays invalid, its readings (an ambiguous numeric date's) built over too. */
export function over(ref: PeriodSpec, build: (ref: PeriodSpec) => PeriodSpec): PeriodSpec {
  if (ref.type !== 'invalid') return build(ref);
  return ref.readings ? { ...ref, readings: ref.readings.map((r) => ({ date: r.date, spec: build(r.spec) })) } : ref;
}
