import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectFormat } from '../formats';
import { parseXbrlInstance } from './instance';
import { canonicalPrefix, mmddOf, xbrlDate } from './model';

const dir = path.join(import.meta.dirname, '..', '__fixtures__', 'xbrl');
const read = (n: string) => fs.readFileSync(path.join(dir, n), 'utf8');

describe('parseXbrlInstance', () => {
  const doc = parseXbrlInstance(read('acme-20231231.xml'), 'acme-20231231.xml');

  it('reads contexts with instants, durations, segment and typed scenario dimensions', () => {
    expect(doc.contexts.size).toBe(6);
    expect(doc.contexts.get('FY2023')).toMatchObject({
      identifier: { scheme: 'http://www.sec.gov/CIK', value: '0000000042' },
      period: { type: 'duration', start: '2023-01-01', end: '2023-12-31' },
      dimensions: {},
    });
    expect(doc.contexts.get('I2023')?.period).toEqual({ type: 'instant', date: '2023-12-31' });
    expect(doc.contexts.get('FY2023-widgets')?.dimensions).toEqual({ 'us-gaap:StatementBusinessSegmentsAxis': 'acme:WidgetsMember' });
    expect(doc.contexts.get('I2023-typed')?.dimensions).toEqual({ 'acme:PlantAxis': 'Plant 7' });
  });

  it('reads units, divide units included, and flags unknown ones', () => {
    expect(doc.units.get('usd')).toEqual({ unit: 'USD', currency: 'USD', kind: 'monetary' });
    expect(doc.units.get('usdPerShare')).toEqual({ unit: 'USD/shares', currency: 'USD', kind: 'per_share' });
    expect(doc.units.get('plants')?.kind).toBe('unknown');
  });

  it('reads numeric facts with canonical concept names and decimals; skips nil facts; reads the cover', () => {
    expect(doc.facts.map((f) => [f.concept, f.contextRef, f.unitRef, f.decimals, f.value])).toEqual([
      ['us-gaap:Revenues', 'FY2023', 'usd', '-3', '1300000'],
      ['us-gaap:Revenues', 'FY2022', 'usd', '-3', '1200000'],
      ['us-gaap:Revenues', 'Q4-2023', 'usd', '-3', '390000'],
      ['us-gaap:Revenues', 'FY2023-widgets', 'usd', '-3', '800000'],
      ['us-gaap:EarningsPerShareDiluted', 'FY2023', 'usdPerShare', '2', '1.30'],
      ['us-gaap:Assets', 'I2023', 'usd', 'INF', '7000000'],
      ['us-gaap:Assets', 'I2023-typed', 'usd', '-3', '250000'],
      ['acme:NumberOfPlants', 'I2023', 'plants', 'INF', '9'],
    ]);
    expect(doc.nilFacts).toBe(1);
    expect(doc.cover).toEqual({
      documentType: '10-K',
      documentPeriodEndDate: '2023-12-31',
      fiscalYearFocus: '2023',
      fiscalPeriodFocus: 'FY',
      cik: '0000000042',
      registrantName: 'Acme Widgets Corp',
      tradingSymbol: 'ACME',
      currentFiscalYearEndDate: '--12-31',
    });
  });

  it('names the line of malformed XML and of a non-numeric value', () => {
    expect(() => parseXbrlInstance(read('acme-malformed.xml'), 'acme-malformed.xml')).toThrow(
      /^acme-malformed\.xml \(line \d+, column \d+\): malformed XML/,
    );
    expect(() => parseXbrlInstance(read('acme-badvalue.xml'), 'acme-badvalue.xml')).toThrow(
      /acme-badvalue\.xml \(line 50, column \d+\): us-gaap:Revenues has a non-numeric value "39O000"/,
    );
    expect(() => parseXbrlInstance('<?xml version="1.0"?><html><body/></html>', 'x.xml')).toThrow(/not an XBRL instance/);
  });

  it('is detected from its first bytes', () => {
    expect(detectFormat(Buffer.from(read('acme-20231231.xml')), 'a.xml').format).toBe('xbrl-instance');
    expect(
      detectFormat(Buffer.from('<?xml version="1.0"?>\n<!-- c -->\n<xbrl xmlns="http://www.xbrl.org/2003/instance">'), 'b.xml').format,
    ).toBe('xbrl-instance');
  });
});

describe('XBRL helpers', () => {
  it('canonical prefixes', () => {
    expect(canonicalPrefix('http://fasb.org/us-gaap/2015-01-31', 'usgaap')).toBe('us-gaap');
    expect(canonicalPrefix('http://xbrl.ifrs.org/taxonomy/2023-03-23/ifrs-full', 'ifrs')).toBe('ifrs-full');
    expect(canonicalPrefix('http://xbrl.sec.gov/dei/2014-01-31', 'dei')).toBe('dei');
    expect(canonicalPrefix('http://www.apple.com/20230930', 'aapl')).toBe('aapl');
  });
  it('dates and year ends', () => {
    expect(xbrlDate('2023-09-30', true)).toBe('2023-09-30');
    expect(xbrlDate('2023-10-01T00:00:00', true)).toBe('2023-09-30');
    expect(xbrlDate('2023-10-01T00:00:00', false)).toBe('2023-10-01');
    expect(mmddOf('--09-30')).toBe('0930');
  });
});
