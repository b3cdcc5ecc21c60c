import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { decimalFromLiteral, jsonNumberToDecimal, MAX_VALUE_DIGITS, parseCompanyFacts, tickerFromFileName } from './companyfacts';
import { shareClasses, shortName } from './entity';
import { detectFormat } from './formats';

const fixtures = path.join(import.meta.dirname, '__fixtures__');
const read = (name: string) => fs.readFileSync(path.join(fixtures, name), 'utf8');

describe('parseCompanyFacts', () => {
  const cf = parseCompanyFacts(read('CIK0000000042_ACME_companyfacts.json'), 'CIK0000000042_ACME_companyfacts.json');

  it('reads entity, ticker from the file name, and every fact with real dates', () => {
    expect(cf).toMatchObject({ cik: '0000000042', entityName: 'Acme Widgets Corp', tickerHint: 'ACME', latestFiled: '2023-08-01' });
    expect(cf.facts).toHaveLength(13);
    const ytd = cf.facts.find((f) => f.value === '610000')!;
    expect(ytd).toMatchObject({
      concept: 'us-gaap:Revenues',
      period: { type: 'duration', start: '2023-01-01', end: '2023-06-30' },
      unit: { unit: 'USD', currency: 'USD' },
      accession: '0000000042-23-000030',
      form: '10-Q',
      filedAt: '2023-08-01',
      dimensions: {},
      labels: { fy: 2023, fp: 'Q2' },
    });
    expect(cf.facts.find((f) => f.concept === 'us-gaap:Assets')?.period).toEqual({ type: 'instant', date: '2021-12-31' });
  });

  it('collects calendar evidence from annual reports only, with the filer’s own year labels', () => {
    expect(cf.evidence.annual).toEqual([
      { start: '2021-01-01', end: '2021-12-31' },
      { start: '2022-01-01', end: '2022-12-31' },
    ]);
    expect(cf.evidence.labelledYears).toEqual(
      expect.arrayContaining([
        { end: '2021-12-31', fiscalYear: 2021 },
        { end: '2022-12-31', fiscalYear: 2022 },
      ]),
    );
  });

  it('names the file, line and column of malformed JSON', () => {
    try {
      parseCompanyFacts(read('CIK0000000042_ACME_truncated.json'), 'CIK0000000042_ACME_truncated.json');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(AppError);
      expect((e as AppError).code).toBe('bad_request:malformed_json');
      expect((e as AppError).message).toMatch(/^CIK0000000042_ACME_truncated\.json \(line \d+, column \d+\): malformed JSON/);
    }
  });

  it('names the JSON path of a bad entry', () => {
    expect(() => parseCompanyFacts(read('CIK0000000043_BADV_companyfacts.json'), 'bad.json')).toThrow(
      /bad\.json \(at facts\.us-gaap\.Assets\.units\.USD\[3\]\): value is not a number/,
    );
  });

  it('refuses JSON that is not companyfacts', () => {
    expect(() => parseCompanyFacts('{"a":1}', 'x.json')).toThrow(/not an SEC companyfacts document/);
  });
});

describe('helpers', () => {
  it('turns JSON numbers into exact decimal strings', () => {
    expect(jsonNumberToDecimal(394328000000)).toBe('394328000000');
    expect(jsonNumberToDecimal(5.36)).toBe('5.36');
    expect(jsonNumberToDecimal(-0.5)).toBe('-0.5');
    expect(jsonNumberToDecimal(1e21)).toBe('1000000000000000000000');
    expect(jsonNumberToDecimal(1e-7)).toBe('0.0000001');
    expect(jsonNumberToDecimal('12.5')).toBe('12.5');
    expect(jsonNumberToDecimal('n/a')).toBeNull();
    expect(jsonNumberToDecimal(null)).toBeNull();
  });

  it('reads number literals exactly, in the form String(number) gives for exact doubles', () => {
    expect(decimalFromLiteral('5e-324')).toBe(`0.${'0'.repeat(323)}5`);
    expect(decimalFromLiteral('123456789012345678901234567890123456789')).toBe('123456789012345678901234567890123456789');
    expect(decimalFromLiteral('9007199254740993')).toBe('9007199254740993'); // 2^53 + 1: a double says …992
    expect(decimalFromLiteral('1.5E+3')).toBe('1500');
    expect(decimalFromLiteral('-1.25e-2')).toBe('-0.0125');
    expect(decimalFromLiteral('1234.5600')).toBe('1234.56');
    expect(decimalFromLiteral('-0.000')).toBe('0');
    expect(decimalFromLiteral('0.1000000000000000055511151231257827')).toBe('0.1000000000000000055511151231257827');
    expect(decimalFromLiteral(`1e${MAX_VALUE_DIGITS}`)).toBe('out_of_range');
    expect(decimalFromLiteral(`1e-${MAX_VALUE_DIGITS + 1}`)).toBe('out_of_range');
    expect(decimalFromLiteral('1e99999999999999999999')).toBe('out_of_range');
    expect(decimalFromLiteral('abc')).toBeNull();
    // every double the old path read exactly reads the same (facts stay the same facts)
    for (const v of [0, 1, -1, 0.1, 5.36, 394328000000, 1e21, 1e-7, 123.456, 2 ** 53, -0.5, 1 / 3]) {
      const old = /e/i.test(String(v)) ? v.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 }) : String(v);
      expect(decimalFromLiteral(String(v)), String(v)).toBe(old);
    }
  });

  it('keeps the digits of companyfacts values JSON.parse would round, and refuses one it cannot store', () => {
    const doc = (val: string, label = 'Revenues') =>
      `{"cik": 42, "entityName": "Exact Co", "facts": {"us-gaap": {"Revenues": {"label": ${JSON.stringify(label)}, "units": {"USD": [{"end": "2024-12-31", "start": "2024-01-01", "val": ${val}, "filed": "2025-01-31", "form": "10-K", "accn": "0000000042-25-000001", "fy": 2024, "fp": "FY"}]}}}}}`;
    const value = (val: string, label?: string) =>
      parseCompanyFacts(doc(val, label), 'CIK0000000042_EXACT_companyfacts.json').facts[0]!.value;
    expect(value('123456789012345678901234567890123456789')).toBe('123456789012345678901234567890123456789');
    expect(value('9007199254740993')).toBe('9007199254740993');
    expect(value('5e-324')).toBe(`0.${'0'.repeat(323)}5`);
    expect(value('-12.50')).toBe('-12.5');
    // a label that spells `"val": 1` inside a string is text, not a value
    expect(value('42', 'Revenues "val": 1 (restated)')).toBe('42');
    let err: unknown;
    try {
      value('1e5000');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('bad_request:value_out_of_range');
    expect((err as AppError).message).toMatch(/1e5000/);
    // malformed JSON still names the line and column of the text as given
    expect(() => parseCompanyFacts('{"cik": 42, "facts": {"us-gaap": {"val": 1,,}}}', 'x.json')).toThrow(/malformed JSON/);
  });

  it('reads tickers from companyfacts file names', () => {
    expect(tickerFromFileName('CIK0000320193_AAPL_companyfacts.json')).toBe('AAPL');
    expect(tickerFromFileName('CIK0001997711_LPA_companyfacts_ifrs.json')).toBe('LPA');
    expect(tickerFromFileName('CIK0000320193.json')).toBeNull();
  });

  it('derives safe short names', () => {
    expect(shortName('MARVELL TECHNOLOGY, INC')).toBe('Marvell');
    expect(shortName('Apple Inc.')).toBeNull();
    expect(shortName('Logistic Properties of the Americas')).toBeNull();
    // a stem of several words, EDGAR's state tag, '& Company', a generic tail
    expect(shortName('WELLS FARGO & COMPANY/MN')).toBe('Wells Fargo');
    expect(shortName('GOLDMAN SACHS GROUP INC')).toBe('Goldman Sachs');
    expect(shortName('BANK OF AMERICA CORP /DE/')).toBe('Bank of America');
    expect(shortName('JPMorgan Chase & Co.')).toBe('JPMorgan Chase');
    expect(shortName('Costco Wholesale Corp /NEW')).toBe('Costco Wholesale');
    // one common word is not a name; a one-word name without a generic tail is its own name
    expect(shortName('General Motors Co')).toBeNull();
    expect(shortName('NVIDIA CORP')).toBeNull();
    expect(shortName('Johnson & Johnson')).toBeNull();
    expect(
      shareClasses([
        'Class A Common Stock, $0.001 par value',
        'Class C Capital Stock, $0.001 par value',
        '1.375% Notes due 2024',
        'Class A Common Stock',
      ]),
    ).toEqual(['A', 'C']);
  });

  it('detects formats from the first bytes', () => {
    expect(detectFormat(Buffer.from(read('CIK0000000042_ACME_companyfacts.json')), 'a.json').format).toBe('companyfacts');
    expect(detectFormat(Buffer.from('{"cik":"0000000042","name":"Acme","tickers":["ACME"],"filings":{}}'), 's.json').format).toBe(
      'sec-submissions',
    );
    expect(() => detectFormat(Buffer.from(''), 'empty.json')).toThrow(/empty\.json: cannot ingest an empty file/);
    expect(() => detectFormat(Buffer.from(read('not-a-filing.json')), 'not-a-filing.json')).toThrow(/neither SEC companyfacts/);
  });
});
