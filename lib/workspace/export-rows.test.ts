import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Answer, AnswerInput, AnswerValue } from '@/lib/answer/types';
import { answerExportRows, citedText, toCsv } from './export-rows';
import { toXlsx } from './xlsx';

const period = {
  type: 'duration' as const,
  start: '2025-04-01',
  end: '2026-03-31',
  fiscalYear: 2026,
  fiscalPeriod: 'FY' as const,
  label: 'FY2026',
  dateRange: '1 Apr 2025 – 31 Mar 2026',
};
const citation = (factId: string, row: string) => ({
  factId,
  sourceId: 'src1',
  sourceTitle: 'Helios — Annual Report 2025-26',
  accession: 'HELIOS-AR-FY2026',
  form: 'Annual Report',
  filedAt: '2026-05-20',
  tableId: 't',
  table: 'Statement of Profit and Loss',
  cellId: 'c',
  row,
  column: 'Year ended 31 March 2026',
  columnPath: ['Year ended 31 March 2026'],
  page: 112,
  span: null,
});
const input = (id: string, label: string, value: number, display: string, factId: string): AnswerInput => ({
  id,
  label,
  metric: label.toLowerCase(),
  value,
  display,
  unit: 'INR',
  currency: 'INR',
  period,
  basis: 'reported',
  formula: null,
  factIds: [factId],
  citations: [citation(factId, label)],
});
const margin: AnswerValue = {
  ...input('v1', 'Operating margin', 0.12, '12.0%', 'x'),
  metric: 'operating_margin',
  unit: 'ratio',
  currency: null,
  formula: 'operating_income / revenue',
  factIds: ['fa', 'fb'],
  citations: [citation('fa', 'Operating profit'), citation('fb', 'Revenue')],
  entity: { id: 'e', name: 'Helios Components', ticker: 'HELIOS' },
  scope: 'consolidated',
  versionBasis: 'latest',
  otherVersions: false,
  flags: [],
  inputs: [input('v1.in1', 'Operating income', 1.44e9, '₹144 crore', 'fa'), input('v1.in2', 'Revenue', 1.2e10, '₹1,200 crore', 'fb')],
};
const answer = {
  status: 'answered',
  pathway: 'detail',
  text: 'x',
  values: [margin],
  passages: [],
  clarification: null,
  errors: [],
  manifestId: 'm1',
  timingMs: 1,
  intent: null,
  table: null,
  segments: [
    { type: 'text', text: 'Operating margin was ' },
    { type: 'value', valueId: 'v1', text: '12.0%' },
    { type: 'text', text: ', from revenue ' },
    { type: 'value', valueId: 'v1.in2', text: '₹1,200 crore' },
    { type: 'text', text: '.' },
  ],
} as Answer;

describe('answer export', () => {
  it('lists each value and its operands with entity, period bounds, unit, scale, filing and fact id', () => {
    const rows = answerExportRows(answer);
    expect(rows.map((r) => r.ref)).toEqual(['v1', 'v1.in1', 'v1.in2']);
    expect(rows[2]).toMatchObject({
      entity: 'Helios Components',
      measure: 'Revenue',
      value: '12000000000',
      unit: 'INR',
      scale: 'crore',
      periodStart: '2025-04-01',
      periodEnd: '2026-03-31',
      sourceAccession: 'HELIOS-AR-FY2026',
      factIds: 'fb',
    });
    expect(rows[0]).toMatchObject({ scale: 'percent', factIds: 'fa; fb', formula: 'operating_income / revenue' });
  });
  it('writes CSV that quotes commas and defuses formulas', () => {
    const csv = toCsv(answerExportRows(answer));
    expect(csv.split('\r\n')[0]).toMatch(/^Ref,Entity,Ticker,Measure/);
    expect(csv).toContain('"₹1,200 crore"');
    expect(csv).toContain(',2025-04-01,2026-03-31,');
    const evil = toCsv([{ ...answerExportRows(answer)[0]!, entity: '=HYPERLINK("x")', value: '-5' }]);
    expect(evil).toContain(`"'=HYPERLINK(""x"")"`);
    expect(evil).toContain(',-5,');
  });
  it('copies the text with numbered citations', () => {
    const text = citedText(answer, 'What was the margin?');
    expect(text).toContain('Operating margin was 12.0% [1], from revenue ₹1,200 crore [3].');
    expect(text).toContain(
      '[3] Helios Components — Revenue, FY2026 (2025-04-01 to 2026-03-31): ₹1,200 crore (INR, crore). Annual Report HELIOS-AR-FY2026 filed 2026-05-20',
    );
    expect(text).toContain('Fact fb.');
  });
  it('writes an XLSX whose cells are typed numbers and dates', async () => {
    const buf = await toXlsx(answerExportRows(answer), { title: 'Answer m1', question: 'q' });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Numbers')!;
    expect(ws.getRow(1).getCell(1).value).toBe('Ref');
    const revenue = ws.getRow(4);
    expect(revenue.getCell(6).value).toBe(12000000000);
    expect((revenue.getCell(12).value as Date).toISOString().slice(0, 10)).toBe('2025-04-01');
    expect(revenue.getCell(24).value).toBe('fb');
    expect(wb.getWorksheet('About')!.getRow(2).getCell(2).value).toBe('q');
  });
});
