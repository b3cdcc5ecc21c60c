import { describe, expect, it } from 'vitest';
import type { AnswerValue } from '@/lib/answer/types';
import { buildPivot, chartGroups } from './pivot-model';

function v(
  id: string,
  entity: string,
  fy: number,
  start: string,
  end: string,
  value: number,
  display: string,
  currency = 'INR',
): AnswerValue {
  return {
    id,
    label: 'Revenue',
    metric: 'revenue',
    value,
    display,
    unit: currency,
    currency,
    period: { type: 'duration', start, end, fiscalYear: fy, fiscalPeriod: 'FY', label: `FY${fy}`, dateRange: `${start} – ${end}` },
    basis: 'reported',
    formula: null,
    factIds: [`f-${id}`],
    citations: [],
    entity: { id: entity, name: entity, ticker: null },
    scope: 'consolidated',
    versionBasis: 'latest',
    otherVersions: false,
    flags: [],
    inputs: [],
  };
}

describe('buildPivot', () => {
  const values = [
    v('v3', 'Northwind', 2025, '2025-02-02', '2026-01-31', 9.0e9, '$9.0 billion', 'USD'),
    v('v1', 'Helios', 2025, '2024-04-01', '2025-03-31', 1.0e10, '₹1,000 crore'),
    v('v2', 'Helios', 2024, '2023-04-01', '2024-03-31', 8.6e9, '₹860 crore'),
  ];
  it('puts companies in columns and fiscal periods in chronological rows, each cell with its own dates', () => {
    const p = buildPivot(values);
    expect(p.columns.map((c) => c.label)).toEqual(['Northwind', 'Helios']);
    expect(p.rows.map((r) => r.label)).toEqual(['FY2024', 'FY2025']);
    expect(p.rows[0]!.cells.map((c) => c?.id ?? null)).toEqual([null, 'v2']);
    expect(p.rows[1]!.cells.map((c) => c?.period.start)).toEqual(['2025-02-02', '2024-04-01']);
  });
  it('never puts two currencies on one chart axis and scales like the text', () => {
    const groups = chartGroups(buildPivot(values));
    expect(groups.map((g) => g.axis)).toEqual(['USD billions', '₹ crore']);
    expect(groups[1]!.data).toEqual([
      { period: 'FY2024', 'Helios|revenue': 860 },
      { period: 'FY2025', 'Helios|revenue': 1000 },
    ]);
    expect(groups[1]!.values.get('FY2025|Helios|revenue')?.id).toBe('v1');
  });
});

import { sentencesBesidePivot } from './pivot-model';

describe('sentencesBesidePivot', () => {
  it('drops the sentences that list pivot numbers and keeps the notes', () => {
    const segs = sentencesBesidePivot(
      [
        { type: 'text', text: 'Revenue by fiscal year: FY2024 ' },
        { type: 'value', valueId: 'v1', text: '₹860 crore' },
        { type: 'text', text: '; FY2025 ' },
        { type: 'value', valueId: 'v2', text: '₹1,000 crore' },
        { type: 'text', text: '. It rose in every year shown. Not available: FY2023 is not reported.' },
      ],
      new Set(['v1', 'v2']),
    );
    expect(segs.map((s) => s.text).join('')).toBe('It rose in every year shown. Not available: FY2023 is not reported.');
  });
});
