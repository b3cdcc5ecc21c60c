/**
 * Operation words of a question, with their spans: comparisons (year over year, sequential), change,
 * growth, series, and explicit arithmetic (sum, difference, ratio, share) with the words that split
 * its operands. Pure text analysis: the planner turns these into the intent's operation or expression.
 */
import { numberWord } from '@/lib/domain/number-words';
import { SOURCE_PREPOSITIONS } from './read/discourse-lexicon';

export type ComparisonKind = 'year_over_year' | 'sequential';
export type ArithmeticOp = 'sum' | 'difference' | 'ratio' | 'share';

export interface Mention {
  start: number;
  end: number;
  text: string;
}

export interface OperationWords {
  growth: Mention[];
  change: Mention[];
  /** "in absolute terms", "in dollar terms", "by how many dollars", "in dollars": a change is wanted as an amount, not a rate */
  absolute: Mention[];
  series: Mention[];
  comparison: (Mention & { kind: ComparisonKind; samePeriod?: boolean })[];
  /** verbs before the operands ("add", "divide", "take … and subtract") */
  prefix: (Mention & { op: ArithmeticOp; reversed?: boolean; postfix?: boolean })[];
  /** words between operands ("plus", "minus", "divided by", "over", "as a share of", "and", "to", "with", "by", "from") */
  infix: (Mention & { op: ArithmeticOp | 'join'; reversed?: boolean })[];
  /** method words that name no number ("computed as", "to get a", "into one number", "what do you get") */
  method: Mention[];
  /** compound annual growth ("CAGR", "compound annual growth rate", "compounded annual growth") */
  cagr: Mention[];
  /** a count of years ("3-year", "five year"): the span of a CAGR when one end year is named */
  yearCounts: (Mention & { years: number })[];
  /** a series of the quarters of one year ("quarterly", "by quarter", "each quarter of") */
  quarterly: Mention[];
  /** "yearly", "annual" beside a growth: one rate per year named */
  yearly: Mention[];
}

function find(question: string, re: RegExp): Mention[] {
  const flags = re.flags.includes('g') ? re.flags : `${re.flags}g`;
  return [...question.matchAll(new RegExp(re.source, flags))].map((m) => ({ start: m.index!, end: m.index! + m[0].length, text: m[0] }));
}

const SEQUENTIAL = [
  /\b(?:sequential(?:ly)?|q\/q|qoq|quarter[- ](?:over|on)[- ]quarter)\b(?:\s*\(?%\)?(?!\w))?/i,
  /\b(?:vs\.?|versus|compared\s+(?:to|with)|relative\s+to|against|over|from)\s+(?:the\s+)?(?:immediately\s+)?(?:prior|previous|preceding|last|sequential)\s+(?:fiscal\s+)?quarter\b/i,
  // "vs. the quarter before", "compared with the quarter just before": the same relation said after its noun
  /\b(?:vs\.?|versus|compared\s+(?:to|with)|relative\s+to|against|over|from)\s+(?:the|a)\s+(?:fiscal\s+)?quarter\s+(?:just\s+|immediately\s+)?(?:before|earlier|prior)\b/i,
];
const YOY = [
  // "y/y %", "YoY (%)": the rate of the comparison
  /\b(?:yoy|y\/y|year[- ](?:over|on)[- ]year)\b(?:\s*\(?%\)?(?![\w%]))?/i,
  /\b(?:vs\.?|versus|compared\s+(?:to|with)|relative\s+to|against|from)\s+(?:a\s+year\s+(?:ago|earlier|before)|the\s+(?:comparable\s+|corresponding\s+)?(?:prior|previous|preceding)[- ]year\s+(?:quarter|period)|the\s+year[- ]ago\s+(?:quarter|period)|last\s+year|the\s+(?:fiscal\s+)?year\s+(?:before|earlier|prior))\b/i,
];
/** "compared with the same period of 2021": the base is the same fiscal position in the year named */
const SAME_PERIOD =
  /\b(?:vs\.?|versus|compared\s+(?:to|with)|relative\s+to|against|over)?\s*(?:the\s+)?(?:same|comparable|corresponding|equivalent)\s+(?:period|quarter|months|half(?:[- ]year)?|nine\s+months|six\s+months)\s+(?:of|in|a\s+year\s+(?:ago|earlier)|last\s+year|the\s+(?:prior|previous)\s+year)\b|\b(?:vs\.?|versus|compared\s+(?:to|with)|relative\s+to|against|over)\s+(?:the\s+)?(?:comparable|corresponding)\s+(?:period|quarter)\b(?!\s+(?:of|in)\b)/i;
const GROWTH =
  /(?:\b(?:growth(?:\s+rates?)?|grew|grow|growing|grows|increased?|increases|decreased?|decreases|declined?|declines|rose|rise|rises|fell|fall|falls|dropped|drop|percent(?:age)?\s+(?:change|growth|increase|decrease|decline|rise|drop)|how\s+fast|by\s+what\s+(?:percent(?:age)?|proportion)|by\s+how\s+many\s+percent(?:age\s+points)?|in\s+percent(?:age)?\s+terms)\b|(?<![\w%])%\s*(?:change|chg)\b|\bpct\.?\s+(?:change|chg)\b)(?:\s*\(?%\)?(?!\w))?/i;
// "in $" beside a change: the change as an amount ("in $m", "in $ millions" are scales, read as instructions)
const ABSOLUTE =
  /\b(?:in\s+(?:absolute|dollar|nominal|monetary|currency)\s+terms|in\s+absolute\s+(?:dollars|amounts?|numbers|values?)|(?:by\s+)?how\s+many\s+(?:us\s+)?dollars|in\s+(?:us\s+)?dollars|in\s+usd)\b(?!\s*(?:thousands|millions|billions|per\b))|\bin\s+(?:us)?\$(?![\w$])(?!\s*(?:thousands|millions|billions|mm?\b|bn\b|b\b|k\b|per\b))/i;
// "how much did the gross margin expand / contract", "up how much from …", "go up or down": a change said by its direction
// "how much more revenue … than in FY2024", "how much lower was …", "by how much did … exceed": the difference
// between two figures, asked by a comparative (the comparative alone is no operation: "higher margin")
const CHANGE =
  /\b(?:change[sd]?|changing|(?:go|goes|went|gone|going|move[sd]?|moving)\s+(?:up\s+or\s+down|down\s+or\s+up)|difference|delta|incremental|expand(?:ed|s)?|expansion|contract(?:ed|s)?|contraction|compress(?:ed|es)?|compression|how\s+much\s+(?:more|less|higher|lower|bigger|larger|smaller|greater)|by\s+how\s+much|(?:up|down)\s+(?:by\s+)?how\s+much|how\s+much\s+(?:(?:was|were|is|are)\s+(?:it|they)\s+)?(?:up|down)(?=\s+(?:from|on|over|versus|vs|compared|against|year)\b))\b|(?<=\bby\s+how\s+much\b[^?.!;]*)\bexceed(?:ed|s)?\b/i;
const SERIES =
  /\b(?:(?:year|quarter)[- ]by[- ](?:year|quarter)|by\s+(?:fiscal\s+)?year|for\s+each\s+(?:fiscal\s+)?year|each\s+(?:fiscal\s+)?year|every\s+(?:fiscal\s+)?year|per\s+year|annual(?:ly)?\s+(?:series|history)|trend|history|over\s+time|series)\b/i;

const PREFIX: { re: RegExp; op: ArithmeticOp; reversed?: boolean; postfix?: boolean }[] = [
  {
    re: /\b(?:add(?:ing)?(?!\s+back\b)(?:\s+up)?|sum(?:ming)?(?:\s+up)?|the\s+sum\s+of|(?:the\s+)?total\s+of|combine|combining|aggregate|cumulative(?!\s*[?.!]?\s*$))\b/i,
    op: 'sum',
  },
  { re: /(?<!\bafter\s+)\b(?:subtract|subtracting|deduct|deducting)\b/i, op: 'difference', reversed: true },
  { re: /\b(?:divide|dividing)\b/i, op: 'ratio' },
  // written after the operands: "2023 and 2024 revenue combined", "Q1 and Q2 revenue in total"
  { re: /\b(?:combined|together|cumulative(?:ly)?|in\s+total|in\s+aggregate)\s*[?.!]?\s*$/i, op: 'sum', postfix: true },
];
/**
 * A spaced hyphen or en dash is a minus only between two operands: followed by an instruction or a clause of its
 * own ("… in fiscal 2025 - use the cash flow statement's line", "– please round", "- i.e. …") it is punctuation.
 */
export const CLAUSE_AFTER_DASH = String.raw`\s+(?:(?:${SOURCE_PREPOSITIONS}|please|kindly|round(?:ed|ing)?|give|show|report|express|present|answer|respond|reply|state|provide|note|assume|remember|just|only|i|we|you|that|this|which|what|how|why|when|where|is|are|was|were|and|or|but|so|not|no|if)\b|e\.g\.|i\.e\.)`;
/** A spaced dash that opens such a clause: where a calculation's operands and a stated formula's sentence end. */
export const INSTRUCTION_DASH = String.raw`\s[–—-](?=${CLAUSE_AFTER_DASH})`;

/**
 * What remains of one amount after another: "left (over) after", "remaining after", "after deducting", and
 * "after" before "paying (for)" or "covering", whose verb the measure-verb reader places with its measure.
 */
export const LEFT_AFTER = String.raw`(?:left(?:\s+over)?|remaining)\s+after(?:\s+(?:deducting|subtracting))?|after\s+(?:deducting|subtracting)|(?:(?:left(?:\s+over)?|remaining)\s+)?after(?=\s+(?:paying|covering)\b)`;
const INFIX: { re: RegExp; op: ArithmeticOp | 'join'; reversed?: boolean }[] = [
  { re: /\b(?:plus|added\s+to)\b|\+/i, op: 'sum' },
  { re: new RegExp(String.raw`\b(?:minus|less|net\s+of)\b|\s[−–-](?=\s)(?!${CLAUSE_AFTER_DASH})`, 'i'), op: 'difference' },
  // "revenue left over after cost of sales", "operating cash flow after paying for capex": what remains of the first
  { re: new RegExp(`\\b(?:${LEFT_AFTER})\\b`, 'i'), op: 'difference' },
  { re: /\band\s+(?:then\s+)?subtract(?:ing)?\b/i, op: 'difference' },
  { re: /\b(?:divided\s+by|over)\b|\s\/\s|÷/i, op: 'ratio' },
  {
    re: /\bas\s+an?\s+(?:share|percentage|percent|%|proportion|fraction|portion)\s+of\b|\bas\s+a\s+%\s+of\b|\bas\s+%\s+of\b/i,
    op: 'share',
  },
  // "R&D in fiscal 2024 and what percentage of revenue did they represent"
  { re: /\b(?:and\s+)?what\s+(?:share|percentage|percent|%|proportion|fraction|portion)\s+of\b/i, op: 'share' },
  // the same asked without "what": the share word opens the question ("Percentage of X's revenue generated in …"),
  // or "what was the share of"
  {
    re: /^\s*(?:the\s+)?(?:share|percentage|percent|proportion|fraction|portion)\s+of\b|\bwhat\s+(?:is|was|were|are)\s+the\s+(?:share|percentage|percent|proportion|fraction|portion)\s+of\b/i,
    op: 'share',
  },
  // "Greater China's share of revenue": the part named before the possessive, the whole after "of"
  { re: /(?<=\w(?:['’]s|s['’])\s+)(?:share|percentage|percent|proportion|fraction|portion)\s+of\b/i, op: 'share' },
  { re: /\b(?:and|with|to|by|from)\b|,|;/i, op: 'join' },
];
const METHOD =
  /\b(?:(?:did|do|does)\s+(?:they|it|this|that|these|those)\s+(?:represent|make\s+up|account\s+for|constitute)|(?:computed|calculated|defined|taken|worked\s+out|derived|measured)\s+as|work\s+out|compute\s+it|calculate\s+it|to\s+get(?:\s+an?)?|into\s+one\s+number|what(?:'s|’s|\s+is)?\s+the\s+combined\s+figure|the\s+combined\s+figure|combined\s+figure|what\s+do\s+you\s+get|take|you\s+get|result|left(?:\s+over)?(?=\s+(?:from|out\s+of)\b))\b/i;

const QUARTERLY =
  /\b(?:quarterly|quarter[- ]by[- ]quarter|by\s+(?:fiscal\s+)?quarter|(?:(?:for|in)\s+)?(?:each|every)\s+(?:fiscal\s+)?quarter(?:\s+(?:of|in))?|per\s+quarter)\b/i;
const YEARLY = /\b(?:yearly|annual)\b/i;

const CAGR =
  /\b(?:cagrs?|compound(?:ed)?\s+annual(?:i[sz]ed)?\s+(?:growth(?:\s+rates?)?|rates?\s+of\s+growth|rates?)|compound(?:ed)?\s+growth(?:\s+rates?)?|annuali[sz]ed\s+growth(?:\s+rates?)?)\b/i;
/** "three-year", "5 fiscal years": the counts of years a question names (its words bound the number-word table) */
const YEAR_COUNT = /\b(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty)[- ](?:fiscal[- ])?(?:years?|yrs?)\b/i;

export function operationWords(question: string): OperationWords {
  const comparison: OperationWords['comparison'] = [
    ...SEQUENTIAL.flatMap((re) => find(question, re).map((m) => ({ ...m, kind: 'sequential' as const }))),
    ...YOY.flatMap((re) => find(question, re).map((m) => ({ ...m, kind: 'year_over_year' as const }))),
    ...find(question, SAME_PERIOD).map((m) => {
      const lead = /^\s*/.exec(m.text)![0].length;
      return { ...m, start: m.start + lead, text: m.text.slice(lead), kind: 'year_over_year' as const, samePeriod: true };
    }),
  ];
  return {
    growth: find(question, GROWTH),
    change: find(question, CHANGE),
    absolute: find(question, ABSOLUTE),
    series: find(question, SERIES),
    comparison,
    prefix: PREFIX.flatMap((p) =>
      find(question, p.re).map((m) => ({
        ...m,
        op: p.op,
        ...(p.reversed ? { reversed: true } : {}),
        ...(p.postfix ? { postfix: true } : {}),
      })),
    ),
    infix: INFIX.flatMap((p) => find(question, p.re).map((m) => ({ ...m, op: p.op, ...(p.reversed ? { reversed: true } : {}) }))),
    method: find(question, METHOD),
    cagr: find(question, CAGR),
    quarterly: find(question, QUARTERLY),
    yearly: find(question, YEARLY),
    yearCounts: find(question, YEAR_COUNT).map((m) => {
      const w = YEAR_COUNT.exec(m.text)![1]!.toLowerCase();
      return { ...m, years: /^\d+$/.test(w) ? Number(w) : numberWord(w)! };
    }),
  };
}
