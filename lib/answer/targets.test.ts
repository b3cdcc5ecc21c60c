import { describe, expect, it } from 'vitest';
import { APPLE, CALENDAR_YEAR, NVIDIA } from '@/lib/fiscal/__fixtures__/calendars';
import { parsePeriodPhrase } from '@/lib/fiscal';
import type { PeriodRequest } from '@/lib/planner/types';
import type { EntityContext } from './compute';
import { resolveAllFor } from './targets';

const ent: EntityContext = {
  entity: { id: 'alphabet', name: 'Alphabet Inc.', ticker: 'GOOGL' },
  calendars: [CALENDAR_YEAR],
  latestPeriodEnd: '2026-03-31',
  reportingCurrency: 'USD',
};
const q3: PeriodRequest = {
  text: 'Q3 2024',
  spec: { type: 'fiscal', position: 'Q3', year: { year: 2024, style: 'bare' } },
  forMetric: null,
};
const rel = (which: 'prior_quarter' | 'prior_year' | 'year_ago_quarter'): PeriodRequest => ({
  text: which,
  spec: { type: 'relative', which },
  forMetric: null,
});
const bounds = (reqs: PeriodRequest[]) =>
  resolveAllFor(ent, reqs, 'duration').map((r) =>
    r.ok && r.target.period.type === 'duration' ? `${r.target.period.start}..${r.target.period.end}` : 'stop',
  );

describe('periods named next to another period', () => {
  it('“Q3 2024 … the prior quarter” is Q2 2024, not the quarter before the latest report', () => {
    expect(bounds([q3, rel('prior_quarter')])).toEqual(['2024-07-01..2024-09-30', '2024-04-01..2024-06-30']);
  });
  it('the named period anchors the phrase whichever comes first', () => {
    expect(bounds([rel('year_ago_quarter'), q3])).toEqual(['2023-07-01..2023-09-30', '2024-07-01..2024-09-30']);
    expect(bounds([q3, rel('prior_year')])).toEqual(['2024-07-01..2024-09-30', '2023-07-01..2023-09-30']);
  });
  it('alone, the phrase is read against the latest report', () => {
    expect(bounds([rel('prior_quarter')])).toEqual(['2025-10-01..2025-12-31']);
  });
});

describe('a written end date', () => {
  it('makes the period end exact (a fact of the same fiscal position ending another day is not it)', () => {
    const ended: PeriodRequest = {
      text: 'quarter ended September 30, 2024',
      spec: { type: 'ended', length: 'quarter', date: '2024-09-30' },
      forMetric: null,
    };
    const [r] = resolveAllFor(ent, [ended], 'duration');
    expect(r?.ok && r.target).toMatchObject({ exactEnd: true, period: { start: '2024-07-01', end: '2024-09-30' } });
    const [plain] = resolveAllFor(ent, [q3], 'duration');
    expect(plain?.ok && plain.target.exactEnd).toBeUndefined();
  });
});

describe('"the one before it"', () => {
  const one: PeriodRequest = { text: 'the one before it', spec: { type: 'relative', which: 'prior_same' }, forMetric: null };
  it('is the quarter before a quarter, the year before a year, and nothing alone', () => {
    expect(bounds([q3, one])).toEqual(['2024-07-01..2024-09-30', '2024-04-01..2024-06-30']);
    const fy: PeriodRequest = {
      text: 'FY2024',
      spec: { type: 'fiscal', position: 'FY', year: { year: 2024, style: 'fiscal' } },
      forMetric: null,
    };
    expect(bounds([fy, one])).toEqual(['2024-01-01..2024-12-31', '2023-01-01..2023-12-31']);
    expect(bounds([one])).toEqual(['stop']);
  });
});

describe('a period asked back: every option carries a typed choice that resolves to the dates offered', () => {
  const apple: EntityContext = {
    entity: { id: 'apple', name: 'Apple Inc.', ticker: 'AAPL' },
    calendars: [APPLE],
    latestPeriodEnd: '2025-12-27',
    reportingCurrency: 'USD',
  };
  const nvidia: EntityContext = {
    entity: { id: 'nvidia', name: 'NVIDIA CORP', ticker: 'NVDA' },
    calendars: [NVIDIA],
    latestPeriodEnd: '2025-10-26',
    reportingCurrency: 'USD',
  };
  it.each([
    [apple, 'year end 2025', 'instant'],
    [apple, '2024', 'duration'],
    [apple, 'Q1 2025', 'duration'],
    [nvidia, 'TTM as of 1Q26', 'duration'],
    [apple, '12 months ended December 31, 2025', 'duration'],
  ] as const)('%#: %s', (ctx, text, type) => {
    const spec = parsePeriodPhrase(text);
    expect(spec).not.toBeNull();
    const [r] = resolveAllFor(ctx, [{ text, spec: spec!, forMetric: null }], type);
    expect(r?.ok).toBe(false);
    if (r?.ok !== false) return;
    expect(r.status).toBe('needs_clarification');
    expect(r.options?.length).toBeGreaterThan(0);
    expect(r.choices?.every(Boolean)).toBe(true);
    for (const [i, choice] of (r.choices ?? []).entries()) {
      const [again] = resolveAllFor(ctx, [{ text, spec: choice!.spec, forMetric: null }], type);
      // a reading with nothing reported under it says so (a calendar quarter no fiscal TTM ends with); never asks again
      if (!again?.ok) {
        expect(again?.status, `${r.options?.[i]} → ${JSON.stringify(choice!.spec)}`).not.toBe('needs_clarification');
        continue;
      }
      if (!again.resolved) continue;
      // the same dates (an instant may be said by its date); trailing twelve months end with the quarter offered
      const dates = (s: string) => /\(([^()]*)\)$/.exec(s)?.[1] ?? s;
      const offered = dates(r.options?.[i] ?? '');
      if (text.startsWith('TTM')) expect(again.resolved.dateRange.split(' – ').at(-1)).toBe(offered.split(' – ').at(-1));
      else expect(again.resolved.dateRange).toBe(offered);
    }
  });
});
