import { describe, expect, it } from 'vitest';
import { displayName, readCover, signatureDate, withCover } from './cover';
import type { ReportDocument } from './model';

const doc = (text: string): ReportDocument => ({
  format: 'pdf',
  title: null,
  meta: {},
  tables: [],
  blocks: [],
  pages: 1,
  problems: [],
  text,
});

const TENK = `UNITED STATES
SECURITIES AND EXCHANGE COMMISSION
Washington, D.C. 20549
FORM 10-K
☒ ANNUAL REPORT PURSUANT TO SECTION 13 OR 15(d) OF THE SECURITIES EXCHANGE ACT OF 1934
For the fiscal year ended December 2, 2022
or
Commission File Number: 0-15175
ADOBE INC.
(Exact name of registrant as specified in its charter)
Delaware 77-0019522
(State or other jurisdiction of (I.R.S. Employer
Securities registered pursuant to Section 12(b) of the Act:
Title of Each Class Trading Symbol Name of Each Exchange on Which Registered
Common Stock, $0.0001 par value per share ADBE NASDAQ
Securities registered pursuant to Section 12(g) of the Act: None
The number of shares outstanding of the registrant's common stock as of January 13, 2023 was 459,182,437.
\fAudit report dated January 20, 2023`;

const TENQ = `UNITED STATES
SECURITIES AND EXCHANGE COMMISSION
FORM 10-Q
Quarterly report pursuant to Section 13 or 15(d) of
For the quarterly period ended Commission file
June 30, 2023 number 1-5805
JPMorgan Chase & Co.
(Exact name of registrant as specified in its charter)
Delaware 13-2624428
Securities registered pursuant to Section 12(b) of the Act:
Common stock JPM The New York Stock Exchange
Number of shares of common stock outstanding as of June 30, 2023: 2,906,085,273`;

describe('cover page', () => {
  it('reads a 10-K cover: registrant, ticker, file number, state, fiscal year end', () => {
    const c = readCover(doc(TENK));
    expect(c).toMatchObject({
      kind: 'filing',
      form: '10-K',
      periodKind: 'annual',
      periodEnd: '2022-12-02',
      fiscalYearEnd: '1202',
      registrantName: 'ADOBE INC.',
      tickers: ['ADBE'],
      commissionFileNumber: '0-15175',
      state: 'Delaware',
      irsNumber: '77-0019522',
    });
    expect(displayName(c.registrantName!)).toBe('Adobe Inc.');
  });
  it('reads a 10-Q cover whose date sits on the next line; a quarter end is not a fiscal year end', () => {
    const c = readCover(doc(TENQ));
    expect(c).toMatchObject({
      form: '10-Q',
      periodKind: 'quarterly',
      periodEnd: '2023-06-30',
      fiscalYearEnd: null,
      registrantName: 'JPMorgan Chase & Co.',
      tickers: ['JPM'],
      commissionFileNumber: '1-5805',
    });
    expect(c.sharesOutstanding).toEqual({ shares: '2906085273', date: '2023-06-30' });
  });
  it('reads the dateline of an earnings release; a form only mentioned in the text is not the form', () => {
    const c = readCover(
      doc(
        'PepsiCo Reports First-Quarter 2023 Results\nPURCHASE, N.Y. - April 25, 2023 - PepsiCo, Inc. (NASDAQ: PEP) today reported results.\nPlease refer to the Quarterly Report on Form 10-Q',
      ),
    );
    expect(c).toMatchObject({ kind: 'release', form: 'Earnings Release', registrantName: 'PepsiCo, Inc.', tickers: ['PEP'] });
  });
  it('reads an 8-K cover: the registrant, and the date of report as the date it was filed', () => {
    const text = `UNITED STATES
SECURITIES AND EXCHANGE COMMISSION
Washington, D.C. 20549
FORM 8-K
CURRENT REPORT
Pursuant to Section 13 or 15(d) of the Securities Exchange Act of 1934
Date of Report (Date of earliest event reported): April 26, 2022
AMCOR PLC
(Exact name of registrant as specified in its charter)
Jersey 001-38932 98-1455367
Securities registered pursuant to Section 12(b) of the Act:
Ordinary Shares, par value $0.01 per share AMCR New York Stock Exchange
Item 8.01 Other Events.`;
    const c = readCover(doc(text));
    expect(c).toMatchObject({
      kind: 'filing',
      form: '8-K',
      reportDate: '2022-04-26',
      registrantName: 'AMCOR PLC',
      tickers: ['AMCR'],
      periodEnd: null,
    });
    expect(withCover(doc(text)).doc.meta).toMatchObject({ form: '8-K', filedAt: '2022-04-26' });
    expect(withCover(doc(text)).doc.meta.periodEnd ?? null).toBeNull();
    const before = text.replace(
      'Date of Report (Date of earliest event reported): April 26, 2022',
      'April 26, 2022\nDate of Report (Date of earliest event reported)',
    );
    expect(readCover(doc(before)).reportDate).toBe('2022-04-26');
  });
  it('reads a release on letterhead (no exchange and ticker) and its dateline date', () => {
    const c = readCover(
      doc(
        'ULTA BEAUTY, INC.\nBOLINGBROOK, Ill., March 9, 2023 — Ulta Beauty announces fourth quarter and fiscal 2022 results\nNet sales increased',
      ),
    );
    expect(c).toMatchObject({ kind: 'release', form: 'Earnings Release', registrantName: 'ULTA BEAUTY, INC.', reportDate: '2023-03-09' });
  });
  it('finds the SEC cover after an annual report’s own pages', () => {
    const wrapped = `Annual Report 2022\nDear shareholders\f${'Our year in review\f'.repeat(3)}${TENK}`;
    expect(readCover(doc(wrapped))).toMatchObject({ kind: 'filing', form: '10-K', registrantName: 'ADOBE INC.', periodEnd: '2022-12-02' });
  });
  it('finds nothing in a document without a cover', () => {
    expect(readCover(doc('Annual Report 2024-25\nHelios Components Ltd'))).toMatchObject({
      kind: 'none',
      registrantName: null,
      tickers: [],
    });
  });
});

describe('signature date (when the filing was published)', () => {
  it('is the signatures page date after the period end, not the period end', () => {
    const text = `${TENK}\fSIGNATURES\nPursuant to the requirements … thereunto duly authorized, as of January 20, 2023.\nDate: January 20, 2023\nDate: January 20, 2023\nDated: December 2, 2022`;
    expect(signatureDate(doc(text), '2022-12-02')).toBe('2023-01-20');
    expect(withCover(doc(text)).doc.meta.filedAt).toBe('2023-01-20');
  });

  it('ignores dates before the period end or more than 400 days after it, and explicit metadata wins', () => {
    expect(signatureDate(doc('Date: March 1, 2021\nDate: June 1, 2025'), '2022-12-02')).toBeNull();
    const d = { ...doc(`${TENK}\nDate: January 20, 2023`), meta: { filedAt: '2023-01-23' } };
    expect(withCover(d).doc.meta.filedAt).toBe('2023-01-23');
  });
});
