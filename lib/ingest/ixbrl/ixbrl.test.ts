import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectFormat } from '../formats';
import { coverDate, mmddOf } from '../xbrl/model';
import { parseIxbrl } from './format';
import { cellNumber } from './tables';
import { applyFormat, nonFractionValue, numberFromWords, shiftDecimal } from './transform';

const dir = path.join(import.meta.dirname, '..', '__fixtures__', 'ixbrl');
const read = (n: string) => fs.readFileSync(path.join(dir, n), 'utf8');

describe('inline XBRL transforms', () => {
  it('formats, scale and sign', () => {
    expect(applyFormat('1,234.5', 'ixt:num-dot-decimal')).toBe('1234.5');
    expect(applyFormat('1.234,5', 'ixt:num-comma-decimal')).toBe('1234.5');
    expect(applyFormat('—', 'ixt:fixed-zero')).toBe('0');
    expect(applyFormat('three', 'ixt-sec:numwordsen')).toBe('3');
    expect(applyFormat('no', 'ixt-sec:numwordsen')).toBe('0');
    expect(applyFormat('n/a', 'ixt:num-dot-decimal')).toBeNull();
    expect(shiftDecimal('294866', 6)).toBe('294866000000');
    expect(shiftDecimal('1.5', 3)).toBe('1500');
    expect(shiftDecimal('45.5', -2)).toBe('0.455');
    expect(shiftDecimal('0.03', 0)).toBe('0.03');
    expect(nonFractionValue('25', { scale: '3', sign: '-' })).toBe('-25000');
    expect(nonFractionValue('—', { format: 'ixt:fixed-zero', sign: '-' })).toBe('0');
    expect(numberFromWords('twenty-one')).toBe(21);
    expect(numberFromWords('one hundred five')).toBe(105);
  });

  it('cell numbers and cover dates', () => {
    expect(cellNumber('$ 1,234')).toBe('1234');
    expect(cellNumber('(56.7)')).toBe('-56.7');
    expect(cellNumber('12 %')).toBe('12');
    expect(cellNumber('—')).toBeNull();
    expect(cellNumber('September 28, 2024')).toBeNull();
    expect(coverDate('September 28, 2024')).toBe('2024-09-28');
    expect(coverDate('2023-12-31')).toBe('2023-12-31');
    expect(coverDate('31 March 2025')).toBe('2025-03-31');
    expect(mmddOf('January 26')).toBe('0126');
  });
});

describe('parseIxbrl', () => {
  const p = parseIxbrl(read('acme-10-k-2024-02-10.htm'), 'acme-10-k-2024-02-10.htm');

  it('reads facts: visible and hidden, with scale, sign, format, decimals; contexts and units from ix:resources', () => {
    expect(p.doc.inline).toBe(true);
    expect(p.doc.contexts.size).toBe(4);
    expect(p.doc.units.get('usdPerShare')?.unit).toBe('USD/shares');
    expect(p.doc.facts.map((f) => [f.concept, f.contextRef, f.value, f.decimals, f.hidden])).toEqual([
      ['us-gaap:CommonStockSharesOutstanding', 'I2023', '1000000', 'INF', true],
      ['us-gaap:Revenues', 'FY2023-widgets', '800000', '-3', false],
      ['us-gaap:Revenues', 'FY2023', '1300000', '-3', false],
      ['us-gaap:Revenues', 'FY2022', '1200000', '-3', false],
      ['us-gaap:NetIncomeLoss', 'FY2023', '-25000', '-3', false],
      ['us-gaap:NetIncomeLoss', 'FY2022', '0', '-3', false],
      ['us-gaap:EarningsPerShareDiluted', 'FY2023', '-0.03', '2', false],
      ['us-gaap:EarningsPerShareDiluted', 'FY2022', '0', '2', false],
    ]);
    expect(p.doc.cover).toMatchObject({
      cik: '0000000042',
      documentType: '10-K',
      documentPeriodEndDate: 'December 31, 2023',
      registrantName: 'Acme Widgets Corp',
      fiscalYearFocus: '2023',
    });
  });

  it('keeps the statement as a table whose tagged cells carry row and column headers', () => {
    const t = p.tables.find((x) => x.title === 'CONSOLIDATED STATEMENTS OF OPERATIONS')!;
    expect(t).toMatchObject({ unitLine: '(In thousands, except per-share amounts)', scale: 3, currency: 'USD' });
    expect(t.headerRows).toEqual([
      ['', 'Years ended December 31,'],
      ['', '2023', '2022'],
    ]);
    const tagged = t.cells.filter((c) => c.facts.length).map((c) => [c.rowLabel, c.columnPath, c.text, p.doc.facts[c.facts[0]!]!.value]);
    expect(tagged).toEqual([
      ['Net sales: Widgets', ['Years ended December 31,', '2023'], '800', '800000'],
      ['Total net sales', ['Years ended December 31,', '2023'], '1,300', '1300000'],
      ['Total net sales', ['Years ended December 31,', '2022'], '1,200', '1200000'],
      ['Net loss', ['Years ended December 31,', '2023'], '(25)', '-25000'],
      ['Net loss', ['Years ended December 31,', '2022'], '—', '0'],
      ['Diluted earnings per share', ['Years ended December 31,', '2023'], '(0.03)', '-0.03'],
      ['Diluted earnings per share', ['Years ended December 31,', '2022'], '—', '0'],
    ]);
    const cell = t.cells.find((c) => c.text === '1,300')!;
    expect(read('acme-10-k-2024-02-10.htm').slice(cell.start, cell.end)).toMatch(
      /^<td><ix:nonFraction[^>]*>1,300<\/ix:nonFraction><\/td>$/,
    );
  });

  it('splits the narrative into items (not the table of contents, not mentions) and chunks it', () => {
    expect(p.sections.map((s) => s.id)).toEqual(['Item 1', 'Item 1A', 'Item 7', 'Item 8']);
    expect(p.sections[2]!.title).toBe("Item 7. Management's Discussion and Analysis of Financial Condition and Results of Operations");
    const risk = p.chunks.find((c) => c.section === 'Item 1A')!;
    // the paragraph split by a page break is one paragraph again
    expect(risk.text).toBe('Widget demand is cyclical. Demand fell in prior downturns by a third.');
    expect(p.chunks.some((c) => /Form 10-K \| \d+/.test(c.text))).toBe(false);
    const mdna = p.chunks.find((c) => c.section === 'Item 7')!;
    expect(mdna.heading).toBe('Results of Operations');
    expect(read('acme-10-k-2024-02-10.htm').slice(mdna.spanStart, mdna.spanEnd)).toContain('Revenue grew to $1.3 million');
  });

  it('names the line of malformed XHTML and of a number that is not one', () => {
    expect(() => parseIxbrl(read('acme-malformed.htm'), 'acme-malformed.htm')).toThrow(
      /^acme-malformed\.htm \(line \d+, column \d+\): malformed XHTML/,
    );
    expect(() => parseIxbrl(read('acme-badnumber.htm'), 'acme-badnumber.htm')).toThrow(
      /acme-badnumber\.htm \(line 62, column \d+\): us-gaap:Revenues shows "1\.3OO"/,
    );
  });

  it('is detected as inline XBRL', () => {
    expect(detectFormat(Buffer.from(read('acme-10-k-2024-02-10.htm')), 'a.htm').format).toBe('ixbrl');
  });
});
