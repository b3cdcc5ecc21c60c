/**
 * The unit rule, one table of filers' examples: what a cell's row, column, table and document print
 * decides its unit, currency and scale — or leaves them unknown (quarantined, UNIT_UNKNOWN).
 */
import { describe, expect, it } from 'vitest';
import { findUnitLine } from '../units';
import { bindingOf, type CellSpec, cellOf } from './__fixtures__/cell';
import { unitOfCell } from './unit';

const line = (text: string) => {
  const u = findUnitLine(text);
  if (!u) throw new Error(`no unit line in ${text}`);
  return u;
};
const MILLIONS = line('(in millions, except per share amounts)');

/** unit / scale / value in base units, or the quarantine reason after them */
function read(spec: CellSpec): string {
  const cell = cellOf(spec);
  const step = unitOfCell(cell, bindingOf(cell));
  const s = step?.set ?? {};
  const reason = step?.quarantine?.[0]?.reason;
  return `${s.unit} ×10^${s.scale} ${s.value}${reason ? ` ${reason}` : ''}`;
}

describe('unitOfCell', () => {
  it.each<[string, CellSpec, string]>([
    [
      'an amount under "(in millions …)"',
      { label: 'Net sales', text: '$ 1,234', rc: { unit: MILLIONS, ownUnitLine: true } },
      'USD ×10^6 1234000000',
    ],
    [
      'a per-share amount is printed in the currency itself ("except per share amounts")',
      { label: 'Diluted earnings per share', text: '$ 6.42', rc: { unit: MILLIONS, ownUnitLine: true, unitKind: 'per_share' } },
      'USD/shares ×10^0 6.42',
    ],
    ['a percentage', { label: 'Gross margin', text: '37.6 %', metric: null }, 'pure ×10^0 0.376'],
    [
      'a ratio row with no "%" anywhere is the ratio itself',
      { label: 'Interest coverage', text: '4.5', metric: null, rc: { unitKind: 'percent' } },
      'pure ×10^0 4.5',
    ],
    [
      '"Weighted-average remaining lease term (years)": a length of time',
      { label: 'Weighted-average remaining lease term', path: ['(years)'], text: '7.2', metric: null },
      'years ×10^0 7.2',
    ],
    [
      '"Treasury Shares › Number of › Amount": a count and an amount over one column',
      { label: 'Balance', path: ['Treasury Shares', 'Number of', 'Amount'], text: '1,234', metric: null, rc: { unit: MILLIONS } },
      'unknown ×10^0 1234 UNIT_UNKNOWN',
    ],
    [
      '"Shares › (000\'s)": the column’s own heading says thousands',
      { label: 'Balance', path: ['Shares', "(000's)"], text: '1,234', metric: null, rc: { unit: MILLIONS } },
      'shares ×10^3 1234000',
    ],
    [
      'a share count column under "$ in millions" alone has no scale of its own',
      { label: 'Granted', path: ['Number of Shares'], text: '1,234', metric: null, rc: { unit: line('($ in millions)') } },
      'shares ×10^0 1234 UNIT_UNKNOWN',
    ],
    [
      'Walmart: "… unit counts … are summarized by format": a table of counts',
      { label: 'Alabama', path: ['Supercenters'], text: '101', metric: null, rc: { countTable: true } },
      'count ×10^0 101',
    ],
    [
      'an SEC table printing no currency and no unit line of its own says nothing of money',
      { label: 'Retail', path: ['2022'], text: '1,234', metric: null },
      'USD ×10^0 1234 UNIT_UNKNOWN',
    ],
    [
      '"Leased Square Footage" measures floor space, not money',
      { label: 'Physical stores', path: ['Leased Square Footage'], text: '1,234', metric: null, rc: { unitKind: 'count' } },
      'count ×10^0 1234 UNIT_UNKNOWN',
    ],
    [
      'a footnote giving some of the table’s amounts in another scale',
      { label: 'Awards', path: ['2022'], text: '$ 12', metric: null, rc: { unit: MILLIONS, ownUnitLine: true, footnoteScales: [3] } },
      'USD ×10^6 12000000 UNIT_UNKNOWN',
    ],
  ])('%s', (_name, spec, want) => {
    expect(read(spec)).toBe(want);
  });
});
