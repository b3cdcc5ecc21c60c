/**
 * Indian listed companies' results in XBRL (NSE/BSE "financial results" taxonomy, `in-bse-fin`, Ind AS and
 * banking formats). The files carry no SEC identifier: the company is named by its own facts (NSE symbol
 * in the context identifier and `Symbol`, BSE `ScripCode`, `ISIN`, `NameOfTheCompany` / `NameOfBank`).
 *
 * Traps of the format, handled here:
 * - a results column is a context whose declared dates may not be its period: `FourD` (the year to date
 *   column) declares the quarter's dates but holds the half year. Each column states its real bounds in
 *   `DateOfStartOfReportingPeriod` / `DateOfEndOfReportingPeriod`; those win over the declared dates, for
 *   the column's context and for every other context of the same column (same leading column word,
 *   "FourOperatingExpenses01D") that declares the same dates;
 * - standalone or consolidated: `NatureOfReportStandaloneConsolidated`;
 * - the fiscal year: `DateOfStartOfFinancialYear` / `DateOfEndOfFinancialYear` (April–March);
 * - the results are filed with the exchange on the day the board approves them
 *   (`DateOfBoardMeetingWhenFinancialResultsWereApproved`).
 */
import { isISODate } from '@/lib/fiscal';
import type { Period, Scope } from '@/lib/domain/types';
import type { XbrlDocument } from './instance';
import type { XbrlContext } from './model';

/** the exchanges' results taxonomy (namespace bseindia.com/xbrl/fin) is read under the Ind AS prefix (./model canonicalPrefix) */
const TAXONOMY = 'ind-as:';
const IDENTIFYING = new Set(
  ['ScripCode', 'Symbol', 'NatureOfReportStandaloneConsolidated', 'DateOfStartOfReportingPeriod'].map((x) => `${TAXONOMY}${x}`),
);

export interface IndiaResults {
  name: string;
  /** NSE symbol (the context identifier or `Symbol`), when listed there */
  symbol: string | null;
  /** BSE scrip code */
  scripCode: string | null;
  isin: string | null;
  scope: Scope;
  /** the first column's end (the quarter or period reported) */
  periodEnd: string | null;
  /** `--MM-DD` of the fiscal year end */
  fiscalYearEnd: string | null;
  /** the date the board approved the results (their filing date with the exchange) */
  approvedOn: string | null;
  currency: string | null;
  /** the contexts with each results column's real bounds */
  contexts: Map<string, XbrlContext>;
  /** contexts whose declared dates were replaced by their column's stated reporting period */
  contextsRebounded: number;
}

const COLUMN = /^(One|Two|Three|Four|Five|Six|Seven|Eight|Nine|Ten)(?=[A-Z]|$)/;

/** Whether the document is an NSE/BSE results filing (its facts use the exchanges' results taxonomy). */
export function isIndiaResults(doc: XbrlDocument): boolean {
  if ((doc.textFacts ?? []).some((f) => IDENTIFYING.has(f.concept))) return true;
  for (const c of doc.contexts.values()) if (c.identifier && /(nseindia|bseindia)\.com/i.test(c.identifier.scheme)) return true;
  return false;
}

/** The company, scope, calendar and real column bounds of an NSE/BSE results filing; null when it is not one or names no company. */
export function readIndiaResults(doc: XbrlDocument): IndiaResults | null {
  if (!isIndiaResults(doc)) return null;
  const text = doc.textFacts ?? [];
  const first = (local: string, contextRef?: string) =>
    text.find((f) => f.concept === `${TAXONOMY}${local}` && (!contextRef || f.contextRef === contextRef))?.value.trim() || null;
  let symbol = first('Symbol');
  for (const c of doc.contexts.values()) {
    if (!symbol && c.identifier && /nseindia\.com/i.test(c.identifier.scheme) && c.identifier.value.trim())
      symbol = c.identifier.value.trim();
  }
  const scripCode = first('ScripCode');
  const name =
    first('NameOfTheCompany') ?? first('NameOfBank') ?? first('NameOfCompany') ?? symbol ?? (scripCode ? `BSE ${scripCode}` : null);
  if (!name) return null;
  const nature = first('NatureOfReportStandaloneConsolidated');
  const scope: Scope = nature && /standalone/i.test(nature) ? 'standalone' : 'consolidated';

  // each column's stated bounds
  const stated = new Map<string, { start?: string; end?: string }>();
  for (const f of text) {
    const which =
      f.concept === `${TAXONOMY}DateOfStartOfReportingPeriod`
        ? 'start'
        : f.concept === `${TAXONOMY}DateOfEndOfReportingPeriod`
          ? 'end'
          : null;
    if (!which || !isISODate(f.value.trim())) continue;
    const s = stated.get(f.contextRef) ?? {};
    s[which] = f.value.trim();
    stated.set(f.contextRef, s);
  }
  const bounds = new Map<string, { declared: Period; real: Period }>();
  for (const [id, s] of stated) {
    const c = doc.contexts.get(id);
    if (c?.period?.type !== 'duration' || !s.start || !s.end || s.start > s.end) continue;
    bounds.set(id, { declared: c.period, real: { type: 'duration', start: s.start, end: s.end } });
  }
  const contexts = new Map<string, XbrlContext>();
  let contextsRebounded = 0;
  const same = (a: Period, b: Period) => a.type === 'duration' && b.type === 'duration' && a.start === b.start && a.end === b.end;
  for (const [id, c] of doc.contexts) {
    let own = bounds.get(id);
    if (!own) {
      // another context of the same column ("FourOperatingExpenses01D" of "FourD") declaring the same dates
      const col = COLUMN.exec(id)?.[1];
      const base = col ? [...bounds.entries()].find(([bid]) => COLUMN.exec(bid)?.[1] === col) : undefined;
      if (base && c.period && same(c.period, base[1].declared)) own = base[1];
    }
    if (own && c.period && !same(c.period, own.real) && c.period.type === 'duration') {
      contexts.set(id, { ...c, period: own.real });
      contextsRebounded++;
    } else contexts.set(id, c);
  }
  const firstColumn = bounds.get('OneD') ?? [...bounds.values()][0];
  const fyEnd = first('DateOfEndOfFinancialYear');
  const approved = first('DateOfBoardMeetingWhenFinancialResultsWereApproved') ?? first('DateOfStartOfBoardMeeting');
  const currency = first('DescriptionOfPresentationCurrency');
  return {
    name,
    symbol,
    scripCode,
    isin: first('ISIN'),
    scope,
    periodEnd: firstColumn?.real.type === 'duration' ? firstColumn.real.end : null,
    fiscalYearEnd: fyEnd && isISODate(fyEnd) ? `--${fyEnd.slice(5)}` : null,
    approvedOn: approved && isISODate(approved) ? approved : null,
    currency: currency && /^[A-Z]{3}$/.test(currency) ? currency : null,
    contexts,
    contextsRebounded,
  };
}

/**
 * Results-taxonomy elements that are an IFRS element under another name: the parent's and the
 * non-controlling interests' shares of profit, comprehensive income and equity. Read as that element, so
 * a measure of the parent (net income, shareholders' equity) ranks them before the totals including
 * non-controlling interests (`ProfitLossForPeriod`, `Equity`) in its concept chain — never the total in
 * their place.
 */
const IFRS_EQUIVALENT: Record<string, string> = {
  ProfitOrLossAttributableToOwnersOfParent: 'ifrs-full:ProfitLossAttributableToOwnersOfParent',
  ProfitOrLossAttributableToNonControllingInterests: 'ifrs-full:ProfitLossAttributableToNoncontrollingInterests',
  ComprehensiveIncomeForThePeriodAttributableToOwnersOfParent: 'ifrs-full:ComprehensiveIncomeAttributableToOwnersOfParent',
  ComprehensiveIncomeForThePeriodAttributableToOwnersOfParentNonControllingInterests:
    'ifrs-full:ComprehensiveIncomeAttributableToNoncontrollingInterests',
  EquityAttributableToOwnersOfParent: 'ifrs-full:EquityAttributableToOwnersOfParent',
  NonControllingInterest: 'ifrs-full:NoncontrollingInterests',
  // banking format: profit after tax, and after minority interest and associates (the owners' share)
  ProfitLossForThePeriod: 'ifrs-full:ProfitLoss',
  ProfitLossAfterTaxesMinorityInterestAndShareOfProfitLossOfAssociates: 'ifrs-full:ProfitLossAttributableToOwnersOfParent',
};

/** The concept a results-taxonomy fact is read as (its IFRS equivalent, else itself). */
export function indiaConcept(concept: string): string {
  return concept.startsWith(TAXONOMY) ? (IFRS_EQUIVALENT[concept.slice(TAXONOMY.length)] ?? concept) : concept;
}

/** The document as the generic XBRL writer reads it: the columns' real bounds, and a cover from the results' own facts. */
export function asIndiaDocument(doc: XbrlDocument, r: IndiaResults): XbrlDocument {
  const listed = r.symbol ? 'NSE' : 'BSE';
  return {
    ...doc,
    facts: doc.facts.map((f) => ({ ...f, concept: indiaConcept(f.concept) })),
    contexts: r.contexts,
    cover: {
      ...doc.cover,
      registrantName: doc.cover.registrantName ?? r.name,
      tradingSymbol: doc.cover.tradingSymbol ?? r.symbol ?? undefined,
      documentType: doc.cover.documentType ?? `${listed} results`,
      documentPeriodEndDate: doc.cover.documentPeriodEndDate ?? r.periodEnd ?? undefined,
      currentFiscalYearEndDate: doc.cover.currentFiscalYearEndDate ?? r.fiscalYearEnd ?? undefined,
    },
    filedOn:
      doc.filedOn ??
      (r.approvedOn ? { date: r.approvedOn, how: 'board approval date of the results (filed with the exchange that day)' } : undefined),
  };
}

/** Identifiers an analyst may name the company by: NSE symbol and listing, BSE scrip code and listing, ISIN. */
export function indiaIdentifiers(r: IndiaResults): { alias: string; kind: 'ticker' | 'listing' | 'abbreviation' }[] {
  const out: { alias: string; kind: 'ticker' | 'listing' | 'abbreviation' }[] = [];
  if (r.symbol) out.push({ alias: r.symbol, kind: 'ticker' }, { alias: `NSE:${r.symbol}`, kind: 'listing' });
  if (r.scripCode) out.push({ alias: r.scripCode, kind: 'abbreviation' }, { alias: `BSE:${r.scripCode}`, kind: 'listing' });
  if (r.isin) out.push({ alias: r.isin, kind: 'abbreviation' });
  return out;
}

/**
 * The ontology measure of a results-taxonomy element the ontology does not list, by the standard
 * element of the same name ("Deposits" is us-gaap:Deposits, "Goodwill" us-gaap:Goodwill): the results
 * taxonomy names its elements after the standard taxonomies'. Null when none has that name.
 */
export function sameNamedMetric(concept: string, metricForConcept: (c: string) => string | null): string | null {
  if (!concept.startsWith(TAXONOMY)) return null;
  const local = concept.slice(TAXONOMY.length);
  return metricForConcept(`ifrs-full:${local}`) ?? metricForConcept(`us-gaap:${local}`);
}
