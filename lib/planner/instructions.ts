/**
 * Instruction words: the parts of a question that say *how* to answer, not *what* — a statement-scope
 * hint ("Base your judgments on the information provided primarily in the balance sheet", "using the
 * cash flow statement"), a rounding or format instruction ("Round your answer to two decimal places"),
 * a unit instruction ("Answer in USD millions", "in units of percents") and preamble sentences that only
 * announce the question ("We want to calculate a financial metric. Here's the question:").
 *
 * Read as grammar over closed word lists, never by sentence: a clause (text between sentence ends,
 * commas, colons, semicolons and brackets) is an instruction only when every one of its words is a
 * statement name, a format phrase, or a word of the instruction vocabulary. One word outside it — a
 * measure, a period, a segment, "excluding", a company — and the clause is left to the rest of the
 * planner, where an unplaced word blocks the answer as before.
 */
import { isFiller } from './filler';
import { SOURCE_PREPOSITIONS } from './read/discourse-lexicon';
import { tokenize } from './spans';

export type StatementKind = 'income_statement' | 'balance_sheet' | 'cash_flow_statement';

export interface Instructions {
  decimals?: number;
  scale?: 'thousands' | 'millions' | 'billions' | 'trillions';
  /** the answer is wanted as a percent ("in units of percents", "as a percentage"), or a per-share amount in cents ("in cents") */
  unit?: 'percent' | 'cents';
  /** the currency the answer is wanted in ("in USD millions", "in US dollars", "in euros") */
  currency?: 'USD' | 'EUR' | 'GBP' | 'INR' | 'JPY' | 'CNY';
  /** the first statement named as the source of the figures */
  statement?: StatementKind;
  /** every statement named as a source, in question order */
  statements?: StatementKind[];
}

export interface InstructionClaim {
  start: number;
  end: number;
  /** what the span is: "statement scope", "rounding", "scale", "percent", "preamble" */
  detail: string;
}

export interface ReadInstructions {
  instructions: Instructions;
  claims: InstructionClaim[];
}

const STATEMENT_NAMES: { kind: StatementKind; re: RegExp }[] = [
  {
    kind: 'cash_flow_statement',
    re: /\b(?:consolidated\s+)?(?:cash[- ]flows?\s+statements?|statements?\s+of\s+(?:consolidated\s+)?cash[- ]flows?|supplemental\s+cash[- ]flows?\s+(?:information|disclosures?|data))\b/gi,
  },
  {
    kind: 'balance_sheet',
    re: /\b(?:consolidated\s+)?(?:balance\s+sheets?|statements?\s+of\s+(?:consolidated\s+)?financial\s+(?:position|condition))\b/gi,
  },
  {
    kind: 'income_statement',
    re: /\b(?:consolidated\s+)?(?:income\s+statements?|statements?\s+of\s+(?:consolidated\s+)?(?:comprehensive\s+)?(?:income|operations|earnings)|statements?\s+of\s+(?:consolidated\s+)?profit\s+(?:or|and|&)\s+loss(?:\s+and\s+(?:other\s+)?comprehensive\s+income)?|p\s*&\s*l(?:\s+statements?)?|profit\s+(?:and|&)\s+loss(?:\s+(?:statements?|accounts?))?)(?![\w&])/gi,
  },
];

const SCALE_WORDS: Record<string, NonNullable<Instructions['scale']>> = {
  thousands: 'thousands',
  "'000": 'thousands',
  '’000': 'thousands',
  k: 'thousands',
  millions: 'millions',
  mn: 'millions',
  mm: 'millions',
  m: 'millions',
  billions: 'billions',
  bn: 'billions',
  trillions: 'trillions',
  tn: 'trillions',
};

/** The ISO code of a currency word ("dollars", "US$", "euros", "₹"); null for none. */
function currencyOf(word: string | undefined): Instructions['currency'] | null {
  if (!word) return null;
  const w = word.toLowerCase().replace(/\s+/g, ' ');
  if (/dollar|usd|us\$|^\$$/.test(w)) return 'USD';
  if (/euro|eur|€/.test(w)) return 'EUR';
  if (/pound|gbp|£/.test(w)) return 'GBP';
  if (/rupee|inr|₹/.test(w)) return 'INR';
  if (/yen|jpy|¥/.test(w)) return 'JPY';
  if (/yuan|renminbi|rmb|cny/.test(w)) return 'CNY';
  return null;
}

/** "decimal places", "decimals", and the analyst's shorthand "dp" / "d.p." ("1dp", "2 d.p."), after the count. */
const PLACES = String.raw`(?:\s+decimal(?:\s+places?|s)?\b|\s*d\.?p\.?s?(?![\w.]))`;
const DECIMAL_WORDS: Record<string, number> = { zero: 0, no: 0, one: 1, two: 2, three: 3, four: 4, '0': 0, '1': 1, '2': 2, '3': 3, '4': 4 };

/** "to the nearest <unit>": the display scale and the decimals it leaves. */
const NEAREST: Record<string, { scale?: Instructions['scale']; decimals: number }> = {
  thousand: { scale: 'thousands', decimals: 0 },
  'ten thousand': { scale: 'thousands', decimals: 0 },
  'hundred thousand': { scale: 'millions', decimals: 1 },
  million: { scale: 'millions', decimals: 0 },
  'ten million': { scale: 'millions', decimals: 0 },
  'hundred million': { scale: 'billions', decimals: 1 },
  billion: { scale: 'billions', decimals: 0 },
  'ten billion': { scale: 'billions', decimals: 0 },
  'hundred billion': { scale: 'trillions', decimals: 1 },
  trillion: { scale: 'trillions', decimals: 0 },
  'whole number': { decimals: 0 },
  'whole dollar': { decimals: 0 },
  dollar: { decimals: 0 },
  cent: { decimals: 2 },
  tenth: { decimals: 1 },
  'tenth of a percent': { decimals: 1 },
  'tenth of a percentage point': { decimals: 1 },
  hundredth: { decimals: 2 },
};

const FORMAT: { detail: string; re: RegExp; apply: (m: RegExpExecArray, i: Instructions) => boolean }[] = [
  {
    detail: 'rounding',
    re: new RegExp(
      String.raw`\b(?:round(?:ed)?|rounding)\s+(?:(?:it|off|(?:the|your)\s+(?:final\s+)?(?:answer|result)|answers?|results?)\s+)?(?:to|at)\s+(?:the\s+nearest\s+)?(\w+?)${PLACES}`,
      'gi',
    ),
    apply: (m, i) => {
      const n = DECIMAL_WORDS[m[1]!.toLowerCase()];
      if (n === undefined) return false;
      i.decimals = n;
      return true;
    },
  },
  {
    // "to two decimals", "with one decimal", "to 2 decimal places" (without "round")
    detail: 'rounding',
    re: new RegExp(String.raw`\b(?:to|with|at|using)\s+(zero|no|one|two|three|four|[0-4])${PLACES}`, 'gi'),
    apply: (m, i) => {
      const n = DECIMAL_WORDS[(m[1] ?? '').toLowerCase()];
      if (n === undefined) return false;
      i.decimals = n;
      return true;
    },
  },
  {
    // "round to the nearest million", "rounded to the nearest hundred thousand dollars", "to the nearest billion"
    detail: 'rounding',
    re: /\b(?:(?:round(?:ed)?|rounding)\s+(?:(?:it|off|(?:the|your)\s+(?:final\s+)?(?:answer|result|figure)|answers?|results?)\s+)?)?to\s+the\s+nearest\s+(thousand|ten\s+thousand|hundred\s+thousand|million|ten\s+million|hundred\s+million|billion|ten\s+billion|hundred\s+billion|trillion|whole\s+(?:number|dollar)|dollar|cent|tenth(?:\s+of\s+a\s+percent(?:age\s+point)?)?|hundredth)(?:\s+(?:(?:us\s+)?dollars?|usd))?\b/gi,
    apply: (m, i) => {
      const unit = (m[1] ?? '').toLowerCase().replace(/\s+/g, ' ');
      const r = NEAREST[unit];
      if (!r) return false;
      if (r.scale) i.scale = r.scale;
      i.decimals = r.decimals;
      return true;
    },
  },
  {
    // "to the cent", "to the penny": two decimals
    detail: 'rounding',
    re: /\bto\s+the\s+(?:cent|penny)\b/gi,
    apply: (_m, i) => {
      i.decimals = 2;
      return true;
    },
  },
  {
    detail: 'scale',
    // "in USD millions", "in millions of dollars", "in $bn", "in bn", "in $m", "in mn"
    re: /(?:\b(?:in|expressed\s+in|in\s+units\s+of)\s+|\bin\s+(?=[$€£₹¥]))(usd|us\$|\$|dollars?|eur|euros?|€|gbp|£|inr|₹|rupees?|jpy|¥|yen|cny|rmb|yuan)\s*(thousands|millions|billions|trillions|bn|tn|mn|mm|m|k)(?![\w$])|\b(?:in|expressed\s+in|in\s+units\s+of)\s+(thousands|millions|billions|trillions|bn|tn|mn)(?:\s+of\s+((?:us\s+|u\.s\.\s+)?dollars|euros|rupees|yen|yuan|pounds(?:\s+sterling)?))?(?![\w$])/gi,
    apply: (m, i) => {
      i.scale = SCALE_WORDS[(m[2] ?? m[3])!.toLowerCase()]!;
      const c = currencyOf(m[1] ?? m[4]);
      if (c) i.currency = c;
      return true;
    },
  },
  {
    // "in US dollars", "in euros", "in USD" — not "in dollar terms" (an absolute change) nor "in dollars per share"
    detail: 'currency',
    re: /\b(?:in|expressed\s+in|in\s+units\s+of)\s+((?:us\s+|u\.s\.\s+)?dollars|usd|us\$|euros?|eur|pounds\s+sterling|gbp|indian\s+rupees|rupees|inr|yen|jpy|yuan|renminbi|rmb|cny)\b(?!\s*(?:thousands|millions|billions|terms|per\b))/gi,
    apply: (m, i) => {
      const c = currencyOf(m[1]);
      if (!c) return false;
      i.currency = c;
      return true;
    },
  },
  {
    // "in thousands of dollars as the 10-K presents it", "in millions, as presented in the filing": the scale the
    // filing's own tables use — words that only explain the scale asked, naming no filing or version of a figure
    detail: 'format',
    re: /(?<=\b(?:thousands|millions|billions|['’]000)(?:\s+of\s+(?:(?:us|u\.s\.)\s+)?dollars)?\s*,?\s*)(?:as|like)\s+(?:(?:the|its|their)\s+(?:10-?K|10-?Q|20-?F|40-?F|filing|report|annual\s+report|(?:financial\s+)?statements)\s+(?:presents?|shows?|reports?|states?|gives?)\s+(?:it|them|its\s+figures|the\s+figures|figures|amounts)|(?:presented|shown|reported|stated)(?:\s+(?:in|by)\s+(?:the|its|their)\s+(?:10-?K|10-?Q|20-?F|40-?F|filing|report|annual\s+report|(?:financial\s+)?statements))?)(?![\w-])/gi,
    apply: () => true,
  },
  {
    // "(USD m)", "(US$ bn)", "USD thousands", "$m": a scale with its currency, no "in"
    detail: 'scale',
    re: /\(\s*(usd|us\$|\$|eur|€|gbp|£|inr|₹)\s*(thousands|millions|billions|bn|mn|mm|m|k|['’]000)\s*\)|\b(usd|us\$|eur|gbp|inr)\s+(thousands|millions|billions|['’]000)(?![\w'’])/gi,
    apply: (m, i) => {
      i.scale = SCALE_WORDS[(m[2] ?? m[4])!.toLowerCase()]!;
      const c = currencyOf(m[1] ?? m[3]);
      if (c) i.currency = c;
      return true;
    },
  },
  {
    // "in $", "(in $)": the answer in dollars
    detail: 'currency',
    re: /\(?\bin\s+\$\)?(?![\w$])/gi,
    apply: (_m, i) => {
      i.currency = 'USD';
      return true;
    },
  },
  {
    // "in cents", "expressed in US cents": a per-share amount shown in hundredths of its currency
    detail: 'cents',
    re: /\b(?:(?:expressed|shown|given|stated)\s+)?in\s+(?:(?:us|u\.s\.)\s+)?cents\b(?!\s+per\b)/gi,
    apply: (_m, i) => {
      i.unit = 'cents';
      return true;
    },
  },
  {
    // "(%)", "in %", "as a %": the answer as a percent ("as a % of revenue" is a share, the expression reader's)
    detail: 'percent',
    re: /\(\s*%\s*\)|\b(?:in|as\s+an?)\s+%(?!\s*of\b)(?!\w)/gi,
    apply: (_m, i) => {
      i.unit = 'percent';
      return true;
    },
  },
  {
    detail: 'percent',
    re: /\b(?:(?:expressed|shown|given|stated|written|presented)\s+)?(?:in\s+(?:units\s+of\s+)?|as\s+(?:a\s+)?)(?:percents?|percentages?)\b(?!\s+(?:of|change|terms|points)\b)/gi,
    apply: (_m, i) => {
      i.unit = 'percent';
      return true;
    },
  },
  {
    // "give me a percentage", "show it as a percent": a verb of answering with the unit it wants
    detail: 'percent',
    re: /\b(?:give|show|express|report|state|return|provide)\s+(?:(?:me|us)\s+)?(?:(?:it|that|this|the\s+(?:answer|result|figure|ratio))\s+)?(?:as\s+|in\s+)?an?\s+(?:percent|percentage)(?:\s+(?:figure|value|number))?\b(?!\s+(?:of|change|terms|points?)\b)/gi,
    apply: (_m, i) => {
      i.unit = 'percent';
      return true;
    },
  },
  {
    // ", in times", "(times)", "expressed as times": a multiple shown as a number of times (the calculation's own unit)
    detail: 'format',
    re: /(?<=[,;:(]\s*)(?:(?:expressed|shown|given|stated)\s+)?(?:(?:in|as)\s+)?(?:times|a\s+multiple)(?=\s*(?:[,;.)?!]|$))/gi,
    apply: () => true,
  },
  {
    // "; a negative number means net cash": how to read the result's sign, a clause of its own beside the question
    detail: 'format',
    re: /(?<=(?:^|[,;:(.])\s*)(?:(?:note\s+(?:that\s+)?)?an?\s+)?(?:negative|positive)\s+(?:number|figure|value|result|answer|amount)\s+(?:means|indicates|implies|signals|shows|would\s+mean)\s+(?:an?\s+)?[a-z-]+(?:\s+[a-z-]+){0,2}(?=\s*(?:[,;.)?!]|$))/gi,
    apply: () => true,
  },
  {
    // ", percent, one decimal": a list of format words, each its own clause
    detail: 'percent',
    re: /(?<=[,;:(]\s*)(?:in\s+)?(?:percent|percentage|%)(?=\s*(?:[,;.)?!]|$))/gi,
    apply: (_m, i) => {
      i.unit = 'percent';
      return true;
    },
  },
  {
    detail: 'rounding',
    re: new RegExp(String.raw`(?<=[,;:(]\s*)(zero|no|one|two|three|four|[0-4])${PLACES}(?=\s*(?:[,;.)?!]|$))`, 'gi'),
    apply: (m, i) => {
      const n = DECIMAL_WORDS[(m[1] ?? '').toLowerCase()];
      if (n === undefined) return false;
      i.decimals = n;
      return true;
    },
  },
  {
    // "as a decimal fraction", "as a decimal", "in decimal form": a rate shown as a fraction of one; the value is
    // the same (a rate is a fraction inside), only its display — never "as a fraction of revenue" (a share)
    detail: 'format',
    re: /\b(?:(?:expressed|shown|given|stated|written|presented)\s+)?(?:as\s+an?\s+(?:decimal(?:\s+(?:fraction|number|value))?|fraction)|in\s+decimal\s+(?:form|terms))\b(?!\s+of\b)/gi,
    apply: () => true,
  },
];

/**
 * Words that, beside a statement name, only say where the figures come from or how to respond
 * ("Respond to the question by assuming the perspective of an investment analyst who can only use
 * the details shown within …"). Scope-limiting words ("only", "primarily", "within") are here because
 * they limit the *source*; outside a clause that names a statement they are not instruction words.
 */
const SOURCE_WORDS = new Set(
  `information info details detail data line items item figures numbers amounts shown stated provided presented reported disclosed
  contained included listed found given clearly explicitly only solely primarily mainly mostly exclusively purely strictly
  within in inside from on off of using use utilizing utilize utilising utilise relying rely referencing reference referring refer
  basing base based drawing draw conclusions conclusion judgments judgements judgment judgement response respond responses answer answers
  answering question questions asked ask perspective investment analyst analysts financial assuming assume who which can
  following taking take into account considering consider looking look at regarding reference its their judging going
  calculate calculating calculation compute computing help want when while according per through by via your our us we please
  provide give state consolidated statement statements and or as the a an what was is`
    .split(/\s+/)
    .filter(Boolean),
);

/** Words of a clause that only announces the question or asks for an answer ("Here's the question", "Answer"). */
const PREAMBLE_WORDS = new Set(
  `we want wants would like to calculate compute computing calculating a financial metric please help us it answer answers respond
  response question here here's is the following your our give provide state express round rounded and`
    .split(/\s+/)
    .filter(Boolean),
);
/** A preamble clause names one of these (a clause of only "the" and "is" is not an instruction). */
const PREAMBLE_STRONG = /\b(?:question|answer|respond|response|calculate|compute|metric|express)\b/i;

/** Text between sentence ends, commas, colons, semicolons and brackets. */
function clauses(question: string): [number, number][] {
  const out: [number, number][] = [];
  let start = 0;
  const cut = /[.?!;:](?=\s|$)|[,()[\]]/g;
  for (const m of question.matchAll(cut)) {
    if (m.index! > start) out.push([start, m.index!]);
    start = m.index! + m[0].length;
  }
  if (start < question.length) out.push([start, question.length]);
  return out;
}

function inside(s: number, e: number, spans: { start: number; end: number }[]): boolean {
  return spans.some((x) => x.start <= s && e <= x.end);
}

/**
 * The instructions of a question and the spans they cover. Statement names outside an instruction
 * clause are claimed only after a source preposition ("… depreciation and amortization from the cash
 * flow statement", "based on the income statement"); elsewhere they stay unplaced.
 */
export function readInstructions(question: string): ReadInstructions {
  const instructions: Instructions = {};
  const claims: InstructionClaim[] = [];
  const format: { start: number; end: number; detail: string }[] = [];
  for (const f of FORMAT) {
    for (const m of question.matchAll(f.re)) {
      if (f.apply(m as RegExpExecArray, instructions)) format.push({ start: m.index!, end: m.index! + m[0].length, detail: f.detail });
    }
  }
  const statements: { start: number; end: number; kind: StatementKind }[] = [];
  for (const s of STATEMENT_NAMES) {
    for (const m of question.matchAll(s.re)) {
      if (!statements.some((x) => m.index! < x.end && x.start < m.index! + m[0].length))
        statements.push({ start: m.index!, end: m.index! + m[0].length, kind: s.kind });
    }
  }
  statements.sort((a, b) => a.start - b.start);
  claims.push(...format);
  const used = new Set<(typeof statements)[number]>();

  for (const [cs, ce] of clauses(question)) {
    const tokens = tokenize(question.slice(cs, ce)).map((t) => ({ ...t, start: t.start + cs, end: t.end + cs }));
    if (tokens.length === 0) continue;
    const named = statements.filter((s) => s.start >= cs && s.end <= ce);
    const rest = tokens.filter((t) => !inside(t.start, t.end, named) && !inside(t.start, t.end, format));
    if (named.length > 0) {
      if (rest.every((t) => SOURCE_WORDS.has(t.lower) || isFiller(t.lower))) {
        claims.push({ start: tokens[0]!.start, end: tokens[tokens.length - 1]!.end, detail: 'statement scope' });
        for (const s of named) used.add(s);
      }
      continue;
    }
    const formatHere = format.some((f) => f.start >= cs && f.end <= ce);
    if (rest.length === 0) continue;
    // "(cash flow)", "(per the balance sheet)": a bracket holding only a statement's short name says where the
    // figure is read, as the statement's full name would (outside brackets "cash flow" is a measure's word)
    const short = question[cs - 1] === '(' && question[ce] === ')' ? BRACKETED_STATEMENT.exec(question.slice(cs, ce)) : null;
    const first = tokens[0];
    const last = tokens.at(-1);
    if (short && first && last) {
      const name = short[1] ?? '';
      const kind: StatementKind = /cash/i.test(name) ? 'cash_flow_statement' : /balance/i.test(name) ? 'balance_sheet' : 'income_statement';
      const at = { start: first.start, end: last.end, kind };
      claims.push({ start: at.start, end: at.end, detail: 'statement scope' });
      statements.push(at);
      used.add(at);
      continue;
    }
    if (rest.every((t) => PREAMBLE_WORDS.has(t.lower)) && (formatHere || PREAMBLE_STRONG.test(rest.map((t) => t.text).join(' ')))) {
      claims.push({ start: rest[0]!.start, end: rest[rest.length - 1]!.end, detail: formatHere ? 'format' : 'preamble' });
    }
  }
  // "… from the cash flow statement", "based on the income statement": a source pinned inside a clause
  for (const s of statements) {
    if (used.has(s)) continue;
    const before = question.slice(Math.max(0, s.start - 90), s.start);
    const lead = STATEMENT_LEAD.exec(before);
    if (lead) {
      claims.push({ start: s.start - lead[0].length, end: s.end, detail: 'statement scope' });
      used.add(s);
      continue;
    }
    // "From Tesla's Q3 2022 income statement": the statement of a period, whose words stay the period reader's
    const dated = DATED_STATEMENT_LEAD.exec(before);
    if (!dated?.[1]) continue;
    const from = s.start - dated[0].length;
    claims.push({ start: from, end: from + dated[0].length - dated[1].length, detail: 'statement scope' });
    claims.push({ start: s.start, end: s.end, detail: 'statement scope' });
    used.add(s);
  }
  const kinds = statements.filter((s) => used.has(s)).map((s) => s.kind);
  if (kinds.length) {
    instructions.statement = kinds[0]!;
    instructions.statements = [...new Set(kinds)];
  }
  return { instructions, claims: claims.sort((a, b) => a.start - b.start) };
}

/** A statement's short name alone in brackets, after an optional source word: "(cash flow)", "(per the P&L)". */
const BRACKETED_STATEMENT =
  /^\s*(?:(?:per|from|on|in|using|via|see)\s+)?(?:the\s+)?(cash[- ]flows?|balance[- ]sheet|income|p\s*&\s*l)\s*$/i;

/** A source preposition before a statement's name: "based on the", "from NVIDIA's", "taking into account only the". */
const STATEMENT_LEAD = new RegExp(
  String.raw`\b(?:${SOURCE_PREPOSITIONS}|from|per|in|on)\s+(?:(?:only|solely|just|primarily|mainly|exclusively)\s+)?(?:the\s+)?(?:its\s+|their\s+|[\p{L}\p{N}.&-]+['’]s?\s+)?$`,
  'iu',
);

/** The same lead with a period's words between it and the statement ("from Apple's fiscal 2024", "in the Q3 FY25"). */
const DATED_STATEMENT_LEAD = new RegExp(
  String.raw`\b(?:${SOURCE_PREPOSITIONS}|from|per|in|on)\s+(?:(?:only|solely|just|primarily|mainly|exclusively)\s+)?(?:the\s+)?(?:its\s+|their\s+|[\p{L}\p{N}.&-]+['’]s?\s+)?((?:(?:q[1-4]|[1-4]q|f?y?q[1-4]|fy|fiscal|year|quarter|quarterly|annual|full|half|first|second|third|fourth|h[12]|fy'?\d{2,4}|'\d{2}|\d{4}|\d{1,2})(?:[\s-]+|(?=\s*$)))+)\s*$`,
  'iu',
);

/** Whether [start, end) lies inside an instruction claim (a measure word there is part of a statement's name). */
export function withinInstruction(claims: InstructionClaim[], start: number, end: number): boolean {
  return claims.some((c) => c.start <= start && end <= c.end);
}

/** The question with its instruction spans blanked out (same length and offsets). */
export function withoutInstructions(question: string, claims: InstructionClaim[]): string {
  let q = question;
  for (const c of claims) q = q.slice(0, c.start) + ' '.repeat(c.end - c.start) + q.slice(c.end);
  return q;
}
