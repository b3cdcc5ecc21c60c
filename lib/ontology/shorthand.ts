/**
 * Analyst shorthand for measure words (data, not code): abbreviations analysts write inside a
 * measure's name ("cash flow from ops", "int. expense", "SG&A exp", "total revs"). The measure
 * matcher (lib/planner/match-metric) reads a question word listed here as its expansion — in the
 * question and in every ontology phrase alike — so one entry serves every measure that contains the
 * word. A whole measure written as one token ("opex", "CFO", "top line") is an alias of that metric
 * instead (lib/ontology/metrics.ts, line-items.ts).
 *
 * Only single words that, in a question about a reported figure, mean nothing but the expansion:
 * never a word that is also a company suffix ("inc"), a qualifier ("ex" = excluding) or a period
 * word ("yr", "qtr" — lib/fiscal's grammar reads those).
 */
export const MEASURE_ABBREVIATIONS: Readonly<Record<string, string>> = {
  ops: 'operations',
  op: 'operating',
  oper: 'operating',
  opr: 'operating',
  rev: 'revenue',
  revs: 'revenues',
  exp: 'expense',
  exps: 'expenses',
  int: 'interest',
  amort: 'amortization',
  depr: 'depreciation',
  tot: 'total',
  mktg: 'marketing',
  admin: 'administrative',
  acct: 'accounts',
  accts: 'accounts',
  dil: 'diluted',
  wtd: 'weighted',
  shs: 'shares',
  liab: 'liabilities',
  liabs: 'liabilities',
  curr: 'current',
  equiv: 'equivalents',
  equivs: 'equivalents',
};

/**
 * Words that, written right before a measure, name its reported total: "total opex", "total R&D",
 * "overall revenue". The ontology's metrics are the reported (consolidated) totals already, so the
 * word is part of the measure's span and changes nothing. A "total X" that names another measure
 * ("total debt", "total income", "total current liabilities") is its own phrase and wins by length.
 */
export const TOTAL_WORDS: readonly string[] = ['total', 'overall'];

/**
 * Words that, written right after an expense measure (sign convention `expense`), only repeat what
 * it is: "G&A expense", "S&M expenses", "R&D costs", "R&D spend". They belong to the measure's span.
 */
export const EXPENSE_TAIL_WORDS: readonly string[] = ['expense', 'expenses', 'cost', 'costs', 'spend', 'spending', 'charge', 'charges'];
