import { describe, expect, it } from 'vitest';
import { locateCell, type PageItem } from './pdf-locate';

/** An item of `str` at x, baseline y, 6 units per character, 10 high. */
const item = (str: string, x: number, y: number): PageItem => ({ str, x, y, width: str.length * 6, height: 10 });

// a small statement: two columns (2024, 2023), the same figure printed twice
const page: PageItem[] = [
  item('Year ended December 31,', 200, 700),
  item('2024', 220, 688),
  item('2023', 300, 688),
  item('Revenue', 50, 660),
  item('$', 210, 660),
  item('1,234', 220, 660),
  item('$', 290, 660),
  item('1,100', 300, 660),
  item('Operating income', 50, 640),
  item('(1', 220, 640),
  item(',100)', 232, 640),
  item('1,234', 300, 640),
  item('Total 11,234,567', 50, 620),
];

describe('locating a cited cell on a PDF page', () => {
  it('finds a number split over several items and boxes all of it', () => {
    const box = locateCell(page, { text: '(1,100)', rowLabel: 'Operating income', columnPath: ['2024'] });
    expect(box).toEqual({ x0: 220, x1: 262, y: 640, height: 10 });
  });

  it('picks the occurrence on the row label’s line and under the column heading', () => {
    expect(locateCell(page, { text: '1,234', rowLabel: 'Revenue', columnPath: ['Year ended December 31,', '2024'] })).toMatchObject({
      x0: 220,
      y: 660,
    });
    expect(locateCell(page, { text: '1,234', rowLabel: 'Operating income', columnPath: ['2023'] })).toMatchObject({ x0: 300, y: 640 });
  });

  it('ignores currency signs and spacing, never a part of a longer number, and says null when it is not printed', () => {
    expect(locateCell(page, { text: '$ 1,100', rowLabel: 'Revenue', columnPath: ['2023'] })).toMatchObject({ x0: 300, y: 660 });
    expect(locateCell(page, { text: '234', rowLabel: null, columnPath: [] })).toBeNull();
    expect(locateCell(page, { text: '11,234', rowLabel: null, columnPath: [] })).toBeNull();
    expect(locateCell(page, { text: '9,999', rowLabel: 'Revenue', columnPath: [] })).toBeNull();
  });

  it('reads space items between figures as separators (pdf.js emits them edge to edge)', () => {
    const row = [item('Revenue', 50, 500), item('310.00', 200, 500), item(' ', 236, 500), item('290.00', 242, 500)];
    expect(locateCell(row, { text: '310.00', rowLabel: 'Revenue', columnPath: [] })).toMatchObject({ x0: 200, x1: 236 });
    expect(locateCell(row, { text: '290.00', rowLabel: 'Revenue', columnPath: [] })).toMatchObject({ x0: 242 });
    expect(locateCell(row, { text: '0.00', rowLabel: 'Revenue', columnPath: [] })).toBeNull();
  });
});
