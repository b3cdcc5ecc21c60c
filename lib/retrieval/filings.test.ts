import { describe, expect, it } from 'vitest';
import type { FilingName } from '@/lib/domain/types';
import { findFiling, type StoredFiling } from './filings';

const annual = (accession: string, form: string, filedAt: string, year: number): StoredFiling => ({
  accession,
  form,
  filedAt,
  annualYear: year,
  quarterYear: year,
  quarter: 'Q4',
});
const quarterly = (accession: string, filedAt: string, year: number, quarter: 'Q1' | 'Q2' | 'Q3'): StoredFiling => ({
  accession,
  form: '10-Q',
  filedAt,
  annualYear: year - 1,
  quarterYear: year,
  quarter,
});
const name = (over: Partial<FilingName>): FilingName => ({
  form: '10-K',
  fiscalYear: 2021,
  fiscalPeriod: 'FY',
  text: 'the 2021 10-K',
  ...over,
});

// NVIDIA-like: fiscal years end in late January, so the FY2024 10-K is filed in February 2024 (companyfacts
// `fy` would say 2024 for its prior-year comparatives too: the period comes from the facts' own dates)
const NVDA: StoredFiling[] = [
  annual('K23', '10-K', '2023-02-24', 2023),
  quarterly('Q24-1', '2023-05-26', 2024, 'Q1'),
  quarterly('Q24-2', '2023-08-28', 2024, 'Q2'),
  quarterly('Q24-3', '2023-11-21', 2024, 'Q3'),
  annual('K24', '10-K', '2024-02-21', 2024),
  annual('K24A', '10-K/A', '2024-03-01', 2024),
  annual('K25', '10-K', '2025-02-26', 2025),
  { accession: '8K', form: '8-K', filedAt: '2024-05-22', annualYear: 2024, quarterYear: 2025, quarter: 'Q1' },
];

describe('findFiling', () => {
  it('finds a 10-K by the fiscal year of its own reporting period', () => {
    expect(findFiling(NVDA, name({ fiscalYear: 2024 }))).toEqual({
      ok: true,
      filing: { accessions: ['K24'], form: '10-K', filedAt: '2024-02-21', label: 'the 10-K for FY2024' },
    });
    // the amendment only when named
    expect(findFiling(NVDA, name({ form: '10-K/A', fiscalYear: 2024 }))).toMatchObject({ ok: true, filing: { accessions: ['K24A'] } });
    expect(findFiling(NVDA, name({ form: 'annual', fiscalYear: 2025 }))).toMatchObject({ ok: true, filing: { accessions: ['K25'] } });
  });

  it('finds a 10-Q by its fiscal quarter, and the latest filing of a form', () => {
    expect(findFiling(NVDA, name({ form: '10-Q', fiscalYear: 2024, fiscalPeriod: 'Q2' }))).toMatchObject({
      ok: true,
      filing: { accessions: ['Q24-2'], label: 'the 10-Q for Q2 FY2024' },
    });
    expect(findFiling(NVDA, name({ fiscalYear: 'latest' }))).toMatchObject({ ok: true, filing: { accessions: ['K25'] } });
    expect(findFiling(NVDA, name({ form: '10-Q', fiscalYear: 'latest' }))).toMatchObject({ ok: true, filing: { accessions: ['Q24-3'] } });
  });

  it('says which filings there are when the named one is not stored — never another one instead', () => {
    expect(findFiling(NVDA, name({ fiscalYear: 2021 }))).toEqual({
      ok: false,
      message: 'no 10-K for FY2021 is among its filings (its 10-K filings report FY2023–FY2025)',
    });
    expect(findFiling(NVDA, name({ form: '10-Q', fiscalYear: 2025, fiscalPeriod: 'Q1' }))).toMatchObject({
      ok: false,
      message: expect.stringContaining('no 10-Q for Q1 FY2025'),
    });
    expect(findFiling(NVDA, name({ form: '20-F', fiscalYear: 2024 }))).toMatchObject({
      ok: false,
      message: 'no 20-F is among its filings (it files 10-K, 10-Q, 10-K/A, 8-K)',
    });
    // only the named form was read: the forms the entity files are passed for the message
    expect(findFiling([], name({ form: '10-K', fiscalYear: 2023 }), ['20-F'])).toEqual({
      ok: false,
      message: 'no 10-K is among its filings (it files 20-F)',
    });
  });

  it('an annual report is a 20-F for a foreign filer', () => {
    const lpa = [
      annual('F23', '20-F', '2024-04-26', 2023),
      annual('F24', '20-F', '2025-04-02', 2024),
      { ...annual('F24A', '20-F/A', '2025-04-07', 2024), annualYear: null },
    ];
    expect(findFiling(lpa, name({ form: 'annual', fiscalYear: 2023 }))).toMatchObject({
      ok: true,
      filing: { accessions: ['F23'], form: '20-F', label: 'the 20-F for FY2023' },
    });
    expect(findFiling(lpa, name({ form: '20-F', fiscalYear: 2024 }))).toMatchObject({ ok: true, filing: { accessions: ['F24'] } });
  });
});
