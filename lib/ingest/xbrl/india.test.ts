import { describe, expect, it } from 'vitest';
import { parseXbrlInstance } from './instance';
import { asIndiaDocument, readIndiaResults } from './india';

const ctx = (id: string, start: string, end: string, dims = '') =>
  `<xbrli:context id="${id}"><xbrli:entity><xbrli:identifier scheme="http://www.nseindia.com/NSESymbol">ACMEIND</xbrli:identifier></xbrli:entity><xbrli:period><xbrli:startDate>${start}</xbrli:startDate><xbrli:endDate>${end}</xbrli:endDate></xbrli:period>${dims}</xbrli:context>`;
const XML = `<?xml version="1.0" encoding="UTF-8"?>
<xbrli:xbrl xmlns:xbrli="http://www.xbrl.org/2003/instance" xmlns:iso4217="http://www.xbrl.org/2003/iso4217" xmlns:xbrldi="http://xbrl.org/2006/xbrldi" xmlns:in-bse-fin="http://www.bseindia.com/xbrl/fin/2019-09-30/in-bse-fin">
${ctx('OneD', '2023-07-01', '2023-09-30')}
${ctx('FourD', '2023-07-01', '2023-09-30')}
${ctx('FourOther01D', '2023-07-01', '2023-09-30', '<xbrli:scenario><xbrldi:explicitMember dimension="in-bse-fin:DetailsOfOtherExpensesAxis">in-bse-fin:FourOther01Member</xbrldi:explicitMember></xbrli:scenario>')}
<xbrli:unit id="INR"><xbrli:measure>iso4217:INR</xbrli:measure></xbrli:unit>
<in-bse-fin:NameOfTheCompany contextRef="OneD">Acme India Limited</in-bse-fin:NameOfTheCompany>
<in-bse-fin:ScripCode contextRef="OneD">500001</in-bse-fin:ScripCode>
<in-bse-fin:NatureOfReportStandaloneConsolidated contextRef="OneD">Standalone</in-bse-fin:NatureOfReportStandaloneConsolidated>
<in-bse-fin:DateOfEndOfFinancialYear contextRef="OneD">2024-03-31</in-bse-fin:DateOfEndOfFinancialYear>
<in-bse-fin:DateOfBoardMeetingWhenFinancialResultsWereApproved contextRef="OneD">2023-10-20</in-bse-fin:DateOfBoardMeetingWhenFinancialResultsWereApproved>
<in-bse-fin:DateOfStartOfReportingPeriod contextRef="OneD">2023-07-01</in-bse-fin:DateOfStartOfReportingPeriod>
<in-bse-fin:DateOfEndOfReportingPeriod contextRef="OneD">2023-09-30</in-bse-fin:DateOfEndOfReportingPeriod>
<in-bse-fin:DateOfStartOfReportingPeriod contextRef="FourD">2023-04-01</in-bse-fin:DateOfStartOfReportingPeriod>
<in-bse-fin:DateOfEndOfReportingPeriod contextRef="FourD">2023-09-30</in-bse-fin:DateOfEndOfReportingPeriod>
<in-bse-fin:RevenueFromOperations contextRef="OneD" unitRef="INR" decimals="-5">100</in-bse-fin:RevenueFromOperations>
<in-bse-fin:RevenueFromOperations contextRef="FourD" unitRef="INR" decimals="-5">190</in-bse-fin:RevenueFromOperations>
<in-bse-fin:DescriptionOfOtherExpenses contextRef="FourOther01D" unitRef="INR" decimals="-5">Other expenses</in-bse-fin:DescriptionOfOtherExpenses>
<in-bse-fin:ProfitOrLossAttributableToOwnersOfParent contextRef="FourD" unitRef="INR" decimals="-5">9</in-bse-fin:ProfitOrLossAttributableToOwnersOfParent>
</xbrli:xbrl>`;

describe('NSE/BSE results XBRL', () => {
  it('a text value filed with a unit is skipped and counted; a garbled amount still fails the file', () => {
    const doc = parseXbrlInstance(XML, 'acme.xml');
    expect(doc.skipped).toEqual({ NON_NUMERIC_VALUE: 1 });
    expect(doc.facts.map((f) => f.value)).toEqual(['100', '190', '9']);
    expect(() => parseXbrlInstance(XML.replace('>190<', '>19O<'), 'acme.xml')).toThrow(/non-numeric value "19O"/);
  });

  it('reads the company, scope, calendar and filing date from its facts, and each column with its stated period', () => {
    const doc = parseXbrlInstance(XML, 'acme.xml');
    const r = readIndiaResults(doc)!;
    expect(r).toMatchObject({
      name: 'Acme India Limited',
      symbol: 'ACMEIND',
      scripCode: '500001',
      scope: 'standalone',
      periodEnd: '2023-09-30',
      fiscalYearEnd: '--03-31',
      approvedOn: '2023-10-20',
      contextsRebounded: 2,
    });
    expect(r.contexts.get('OneD')!.period).toEqual({ type: 'duration', start: '2023-07-01', end: '2023-09-30' });
    expect(r.contexts.get('FourD')!.period).toEqual({ type: 'duration', start: '2023-04-01', end: '2023-09-30' });
    // another context of the year-to-date column, declaring the same dates
    expect(r.contexts.get('FourOther01D')!.period).toEqual({ type: 'duration', start: '2023-04-01', end: '2023-09-30' });
    const read = asIndiaDocument(doc, r);
    expect(read.cover).toMatchObject({
      registrantName: 'Acme India Limited',
      documentType: 'NSE results',
      documentPeriodEndDate: '2023-09-30',
      tradingSymbol: 'ACMEIND',
    });
    expect(read.filedOn?.date).toBe('2023-10-20');
    expect(read.facts.map((f) => f.concept)).toEqual([
      'ind-as:RevenueFromOperations',
      'ind-as:RevenueFromOperations',
      'ifrs-full:ProfitLossAttributableToOwnersOfParent',
    ]);
  });

  it('is not applied to other instances', () => {
    const us = XML.replace(/nseindia\.com\/NSESymbol/g, 'www.sec.gov/CIK').replace(
      /<in-bse-fin:(NameOfTheCompany|ScripCode|NatureOfReportStandaloneConsolidated|DateOfStartOfReportingPeriod)[^\n]*\n/g,
      '',
    );
    expect(readIndiaResults(parseXbrlInstance(us, 'us.xml'))).toBeNull();
  });
});
