/**
 * The expression reader: explicit arithmetic the question writes ("add Q1 and Q2 revenue", "net income
 * divided by revenue", "take FY2021 and subtract the first nine months"): operands each with their own
 * measure and period, evaluated by lib/calc, which refuses invalid joins with typed errors.
 */
import type { PeriodPhrase, PeriodSpec, YearRangeSpan } from '@/lib/fiscal';
import { INSTRUCTION_DASH, type OperationWords } from '../operations';
import type { SpanMap } from '../spans';
import type { EntityRef, ExpressionNode, Intent, MetricRef, PeriodRequest, PlanResult } from '../types';
import { versionsOnlyForValues } from '../version-basis';
import { eachCompanysCalculation } from './entity';
import { filerLineOperands } from './filer-label';
import { RESULT_LEFT } from './formula-lexicon';
import { refOf } from './measure';
import { quarterRuns, quarterText, withYear, yearOf } from './period-runs';
import type { Reader } from './types';

interface Clause {
  start: number;
  end: number;
  measures: { ref: MetricRef; start: number; end: number }[];
  periods: PeriodPhrase[];
}

export const expressionReader: Reader = {
  name: 'expression',
  read(r) {
    if (r.prefixW.length === 0 && r.arithW.length === 0) return null;
    // an operand named by the company's own line ("plus store pre-opening costs")
    filerLineOperands(r, { start: 0, end: r.question.length, name: null, marker: null });
    if (r.version.versions)
      return {
        status: 'needs_clarification',
        clarification: versionsOnlyForValues(r.version.versions),
        partial: { entities: r.entities },
        notes: r.notes,
      };
    return planExpression({
      question: r.question,
      spans: r.spans,
      entities: r.entities,
      entityAt: r.entityAt,
      measureAt: r.measureAt,
      phrases: r.phrases,
      rangeSpan: r.rangeSpan,
      ow: r.ow,
      prefixW: r.prefixW,
      arithW: r.arithW,
      methodW: r.methodW,
      basis: r.version.basis,
      instructions: r.instructions,
      notes: r.notes,
      prev: r.prev,
    });
  },
};

interface ExpressionInput {
  question: string;
  spans: SpanMap;
  entities: EntityRef[];
  entityAt: { id: string; start: number; end: number }[];
  measureAt: { ref: MetricRef; start: number; end: number }[];
  phrases: PeriodPhrase[];
  /** a range of years in the question ("FY2023 to FY2025"): added up, it is each of its years */
  rangeSpan: YearRangeSpan | null;
  ow: OperationWords;
  prefixW: OperationWords['prefix'];
  arithW: OperationWords['infix'];
  methodW: OperationWords['method'];
  basis: Intent['basis'];
  instructions: NonNullable<Intent['instructions']>;
  notes: string[];
  prev: Intent | null;
}

const POSITION_LENGTH: Partial<Record<string, 'half' | 'nine_months' | 'year'>> = {
  H1: 'half',
  H2: 'half',
  '9M': 'nine_months',
  FY: 'year',
};

/**
 * The period a calculation stands for, said without its year: "the first-half total" of the December 2024 and March
 * 2025 quarters is the half ending with the last of them, which must be that position (checked on the company's
 * calendar: lib/fiscal); a position beside fiscal quarters takes their year. Anything else as written.
 */
function targetSpec(spec: PeriodSpec, operands: PeriodRequest[]): PeriodSpec {
  if (spec.type !== 'latest_position') return spec;
  const length = POSITION_LENGTH[spec.position];
  const months = operands.map((o) => o.spec);
  if (
    length &&
    months.length > 0 &&
    months.every((m) => m.type === 'named_by_month' && m.length === 'quarter' && m.yearKind === 'calendar')
  ) {
    const last = months
      .map((m) => m as Extract<PeriodSpec, { type: 'named_by_month' }>)
      .reduce((a, b) => (b.year * 12 + b.month > a.year * 12 + a.month ? b : a));
    return { type: 'named_by_month', length, month: last.month, year: last.year, yearKind: 'calendar', position: spec.position };
  }
  return withYear(
    spec,
    months.find((m) => yearOf(m)),
  );
}

/**
 * Explicit arithmetic ("add Q1 and Q2 revenue", "net income divided by revenue", "take FY2021 and
 * subtract the first nine months"): operands each with their own measure and period, evaluated by
 * lib/calc, which refuses invalid joins with typed errors.
 */
/** A clause whose one period phrase stands for several periods, as one clause per period (the measure stays with the first). */
function spreadWindow(c: Clause, range: YearRangeSpan | null, spans: SpanMap): Clause[] {
  let specs: { text: string; spec: PeriodSpec }[] | null = null;
  const [a, b] = c.periods;
  // "Q1-Q3 2025 combined", "Q1 through Q3 FY2026 in total": every quarter of the run (its joining word placed), never its two ends
  const run = a && b && c.periods.length === 2 ? quarterRuns(spans.question, c.periods).get(a) : undefined;
  if (run && a && b) {
    specs = run.map((p) => ({ text: p.text, spec: p.spec }));
    if (!spans.taken(a.end, b.start)) spans.claim(a.end, b.start, 'period', 'run of quarters');
  } else if (range && c.periods.length === 2 && a!.start >= range.start && b!.end <= range.end) {
    const years = Array.from({ length: range.to - range.from + 1 }, (_, k) => range.from + k);
    const s = a!.spec;
    specs = years.map((y) =>
      s.type === 'fiscal'
        ? { text: `FY${y}`, spec: { ...s, year: { ...s.year, year: y } } }
        : { text: String(y), spec: { type: 'bare_year' as const, year: y } },
    );
  } else if (
    c.periods.length === 1 &&
    a!.spec.type === 'fiscal' &&
    (a!.spec.position === 'H1' || a!.spec.position === '9M') &&
    /\bquarters\b/i.test(a!.text)
  ) {
    const s = a!.spec;
    specs = (s.position === 'H1' ? (['Q1', 'Q2'] as const) : (['Q1', 'Q2', 'Q3'] as const)).map((q) => ({
      text: quarterText(q, s.year),
      spec: { ...s, position: q },
    }));
  }
  if (!specs) return [c];
  const first = c.periods[0]!;
  return specs.map((p, i) => ({
    start: c.start,
    end: c.end,
    measures: i === 0 ? c.measures : [],
    periods: [{ text: p.text, start: first.start, end: first.end, rule: 'spread', spec: p.spec }],
  }));
}

/** Where the operands are: after a prefix verb or a method divider; before "to get"; the rest names the target. */
function operandRegion(x: ExpressionInput): { region: [number, number]; target: [number, number] | null } {
  const { question } = x;
  let region: [number, number] = [0, question.length];
  let target: [number, number] | null = null;
  // the divider nearest before the first operator: a preamble's colon ("Assume you are an analyst: …") comes
  // before the name the calculation defines, not between it and its operands
  const dividers = [
    ...x.methodW,
    ...[...question.matchAll(/\s=\s|:\s/g)].map((m) => ({ start: m.index!, end: m.index! + m[0].length, text: m[0] })),
  ]
    .filter((m) => /^(?:computed|calculated|defined|taken|worked\s+out|derived|measured|take|\s*[=:])/i.test(m.text.trim() || m.text))
    // ": what is the first-half total?" asks for the result after the operands: no divider before them
    .filter((m) => !/^\s*:/.test(m.text) || !((RESULT_LEAD.lastIndex = m.start), RESULT_LEAD.test(question)))
    .sort((a, b) => a.start - b.start);
  const firstOp = Math.min(...[...x.arithW, ...x.prefixW].map((w) => w.start));
  const divider = dividers.filter((d) => d.end <= firstOp).pop() ?? dividers[0];
  const toGet = x.methodW.find((m) => /^to\s+get/i.test(m.text));
  const prefix = [...x.prefixW].sort((a, b) => a.start - b.start)[0];
  if (divider) {
    target = [0, divider.start];
    region = [divider.end, question.length];
  } else if (prefix?.postfix) {
    // "combined", "in total" close the operands: everything before them; what follows ("in fiscal 2025")
    // is the period the sum stands for
    region = [0, prefix.start];
    if (prefix.end < question.length) target = [prefix.end, question.length];
  } else if (prefix) {
    target = [0, prefix.start];
    region = [prefix.end, question.length];
  }
  if (!divider && !prefix) {
    const apposed = appositiveFormula(x);
    if (apposed) [target, region] = apposed;
  }
  if (toGet && toGet.start >= region[0]) {
    target = [toGet.end, question.length];
    region = [region[0], toGet.start];
  }
  // "Add up … the December 2024 and March 2025 quarters — what's the first-half total?": the clause asking for the
  // result names what the calculation stands for
  const asked = resultClause(x, region);
  if (asked) {
    target = [asked.start, region[1]];
    region = [region[0], asked.start];
  }
  // a spaced dash opening an instruction after the last operator (and before a clause asking for the result) ends the operands ("… as a % of revenue in
  // fiscal 2025 - use the cash flow statement's line"): what follows says how, not what
  const brk = new RegExp(INSTRUCTION_DASH, 'gi');
  brk.lastIndex = Math.max(region[0], ...x.arithW.map((w) => w.end));
  const cut = brk.exec(question);
  if (cut && cut.index < region[1]) region = [region[0], cut.index];
  return { region, target };
}

const RESULT_LEAD =
  /\s*(?:[—–:;]|[.?!](?=\s))\s*(?:(?:so|and)\s+)?(?:what(?:['’]s|\s+is|\s+was|\s+would\s+be)|give\s+(?:me\s+)?|that\s+gives)\s+(?:the\s+|a\s+|their\s+|its\s+)?/gy;
const RESULT_NOUN = /\b(?:total|sum|combined\s+figure|aggregate)\b[\s?.!]*$/i;

/** A clause after the operands that asks for their result ("— what's the first-half total?"); its words are placed. */
function resultClause(x: ExpressionInput, region: [number, number]): { start: number } | null {
  const { question, spans } = x;
  for (let at = region[0]; at < region[1]; at++) {
    RESULT_LEAD.lastIndex = at;
    const lead = RESULT_LEAD.exec(question);
    if (!lead || !/[—–:;.?!]/.test(lead[0])) continue;
    const rest = question.slice(at + lead[0].length, region[1]);
    const noun = RESULT_NOUN.exec(rest);
    if (!noun) return null;
    const lead0 = at + lead[0].length - lead[0].trimStart().length;
    spans.claim(lead0, at + lead[0].length, 'operation', 'the result asked');
    const n = at + lead[0].length + noun.index;
    spans.claim(n, n + noun[0].trimEnd().replace(/[?.!]+$/, '').length, 'operation', 'the result asked');
    return { start: at };
  }
  return null;
}

/**
 * "Alphabet's cash change over 2025, year-end 2025 minus year-end 2024": the clause before a comma names what
 * the calculation stands for when the clause after it writes the whole calculation — a measure or period on
 * each side of its first operator. Null when the operator begins the clause ("revenue in FY2025, minus …").
 */
function appositiveFormula(x: ExpressionInput): [[number, number], [number, number]] | null {
  const { question } = x;
  const op = [...x.arithW].sort((a, b) => a.start - b.start)[0];
  if (!op) return null;
  const comma = [...question.slice(0, op.start).matchAll(/,\s*/g)].pop();
  if (!comma) return null;
  const at = comma.index + comma[0].length;
  const named = (a: number, b: number) => [...x.measureAt, ...x.phrases].some((s) => s.start >= a && s.end <= b);
  if (!named(0, comma.index) || !named(at, op.start) || !named(op.end, question.length)) return null;
  return [
    [0, comma.index],
    [at, question.length],
  ];
}

/**
 * The measures and periods written between `start` and `end`: a period belongs to the clause it starts in
 * ("Q2 revenue, fiscal 2024" is one phrase, Q2 of fiscal 2024, beginning in the clause of revenue).
 */
function clauseOf(x: ExpressionInput, start: number, end: number): Clause {
  return {
    start,
    end,
    measures: x.measureAt.filter((m) => m.start >= start && m.end <= end),
    periods: x.phrases.filter((p) => p.start >= start && p.start < end),
  };
}

/** "change over 2025", "during fiscal 2025": the preposition of the period a calculation stands for is part of it. */
function claimPreposition(spans: SpanMap, period: PeriodPhrase): void {
  const over = /\b(?:over|during|across|throughout)\s+$/i.exec(spans.question.slice(0, period.start));
  const end = over ? over.index + over[0].trimEnd().length : 0;
  if (over && !spans.taken(over.index, end)) spans.claim(over.index, end, 'period', 'the target period');
}

type Operands = { metric: MetricRef; period: PeriodPhrase | null }[];

/** Each operand's measure and period: one per clause, a shared period or the target's where a clause names none. */
function pairOperands(
  x: ExpressionInput,
  clauses: Clause[],
  targetMeasure: { ref: MetricRef } | null,
  targetPeriod: PeriodPhrase | null,
): Operands | PlanResult {
  const { question, notes } = x;
  const measureClauses = clauses.filter((c) => c.measures.length > 0);
  const allPeriods = clauses.flatMap((c) => c.periods);
  // the one period of the operands applies to an operand without its own only when the question names no other
  const onlyPeriod = x.phrases.every((p) => allPeriods.includes(p) || (targetPeriod && p === targetPeriod));
  let operands: Operands = [];
  if (measureClauses.length >= 2) {
    const shared = clauses.filter((c) => c.measures.length === 0 && c.periods.length === 1).map((c) => c.periods[0]!);
    for (const c of measureClauses) {
      if (c.measures.length > 1 || c.periods.length > 1) {
        return {
          status: 'needs_clarification',
          clarification: {
            question: `I could not tell which period goes with which figure in “${question.slice(c.start, c.end).trim()}”.`,
            options: [],
          },
          partial: { entities: x.entities },
          notes,
        };
      }
      const own =
        c.periods[0] ??
        (shared.length === 1 ? shared[0]! : null) ??
        targetPeriod ??
        (allPeriods.length === 1 && onlyPeriod ? allPeriods[0]! : null);
      operands.push({ metric: c.measures[0]!.ref, period: own });
    }
  } else {
    const measure = measureClauses[0]?.measures[0]?.ref ?? targetMeasure?.ref ?? null;
    if (!measure || measureClauses.some((c) => c.measures.length > 1)) {
      return {
        status: 'needs_clarification',
        clarification: { question: 'Which measure should the calculation use?', options: [] },
        partial: { entities: x.entities },
        notes,
      };
    }
    const periodClauses = clauses.filter((c) => c.periods.length > 0);
    if (periodClauses.some((c) => c.periods.length > 1)) {
      return {
        status: 'needs_clarification',
        clarification: { question: 'I could not tell the operands of this calculation apart; name each period once.', options: [] },
        partial: { entities: x.entities },
        notes,
      };
    }
    operands = periodClauses.map((c) => ({ metric: measure, period: c.periods[0]! }));
  }
  return operands;
}

/**
 * "gross margin divided by net sales": a margin written over its own denominator is the amount the filer captions
 * so (Apple's "gross margin" line), not the margin divided again. Any other operand stays as named.
 */
function marginAmount(op: string, { metric }: { metric: MetricRef }, i: number, operands: { metric: MetricRef }[]): MetricRef {
  const over = operands[1]?.metric;
  if (i !== 0 || (op !== 'ratio' && op !== 'share') || metric.kind !== 'derived' || metric.op !== 'margin' || !metric.numerator)
    return metric;
  if (!over || over.id !== metric.denominator) return metric;
  return refOf(metric.numerator) ?? metric;
}

/** "… minus cost of revenue — what's left?": the question word of the difference's result, after its operator. */
function claimResultLeft(x: ExpressionInput): void {
  const re = new RegExp(String.raw`(?<!\w)(?:${RESULT_LEFT.source})`, 'gi');
  re.lastIndex = Math.max(0, ...x.arithW.map((w) => w.end));
  const m = re.exec(x.question);
  if (m && !x.spans.taken(m.index, m.index + m[0].length)) x.spans.claim(m.index, m.index + m[0].length, 'operation', 'the result asked');
}

/** A calculation joining figures of several companies: asked back, never combined. */
function acrossAsk(x: ExpressionInput): PlanResult {
  return {
    status: 'needs_clarification',
    clarification: {
      question: 'A calculation across several companies is not something Ledgerline combines; ask for each company, or compare them.',
      options: [],
    },
    partial: { entities: x.entities },
    notes: x.notes,
  };
}

/** The words no reader placed, named back: the calculation is not answered with them guessed. */
function unplacedAsk(x: ExpressionInput, loose: string[]): PlanResult {
  return {
    status: 'needs_clarification',
    clarification: {
      question: `I could not place ${loose.map((l) => `“${l}”`).join(', ')} in this calculation, so I will not guess. Please rephrase.`,
      options: [],
    },
    partial: { entities: x.entities },
    notes: [...x.notes, `unplaced words: ${loose.join(', ')}`],
  };
}

function planExpression(x: ExpressionInput): PlanResult {
  const { spans, notes } = x;
  const ops = new Set<string>([...x.prefixW.map((p) => p.op), ...x.arithW.map((a) => a.op)]);
  // a word naming no figure is what stops the calculation: it is named, whatever else the question asks
  const unknown = () => {
    for (const w of [...x.prefixW, ...x.arithW]) if (!spans.taken(w.start, w.end)) spans.claim(w.start, w.end, 'operation', w.op);
    const loose = spans.unplacedPhrases();
    return loose.length === 0 ? null : unplacedAsk(x, loose);
  };
  if (ops.size > 1) {
    const named = unknown();
    if (named) return named;
    return {
      status: 'needs_clarification',
      clarification: {
        question: `This asks for more than one kind of calculation (${[...ops].join(', ')}). Ask for one at a time.`,
        options: [],
      },
      partial: { entities: x.entities },
      notes,
    };
  }
  const op = [...ops][0] as 'sum' | 'difference' | 'ratio' | 'share';
  // several companies: a calculation only with operators between its operands ("R&D plus SG&A for Acme and Zeta"); a
  // sum word alone ("combined", "in total") may add up the companies, which Ledgerline does not
  if (x.entities.length > 1 && x.prefixW.length > 0) return acrossAsk(x);
  for (const w of [...x.prefixW, ...x.arithW]) spans.claim(w.start, w.end, 'operation', w.op);

  const { region, target } = operandRegion(x);
  for (const m of x.methodW) spans.claim(m.start, m.end, 'operation', 'method');

  const inRange = (r: [number, number]) => (s: { start: number; end: number }) => s.start >= r[0] && s.end <= r[1];
  const targetMeasure = target ? (x.measureAt.find(inRange(target)) ?? null) : null;
  const targetPeriod = target ? (x.phrases.find(inRange(target)) ?? null) : null;

  // split the operand region at the operators and joining words
  const splits = [...x.arithW, ...x.ow.infix.filter((j) => j.op === 'join' && !spans.taken(j.start, j.end))]
    .filter(inRange(region))
    .sort((a, b) => a.start - b.start || b.end - a.end)
    .filter((s, i, all) => !all.slice(0, i).some((p) => s.start < p.end));
  const reversed = x.prefixW.some((p) => p.reversed) && splits.some((s) => /^from$/i.test(s.text.trim()));
  const bounds: [number, number][] = [];
  let cur = region[0];
  for (const s of splits) {
    bounds.push([cur, s.start]);
    cur = s.end;
    if (s.op === 'join') spans.claim(s.start, s.end, 'operation', 'join');
  }
  bounds.push([cur, region[1]]);
  const written: Clause[] = bounds.map(([s, e]) => clauseOf(x, s, e)).filter((c) => c.measures.length > 0 || c.periods.length > 0);
  // added up, a range of years is each of its years ("aggregate revenue FY2023 to FY2025", "cumulative
  // net income 2023 through 2025") and a run of quarters is each of its quarters ("the sum of the first
  // two quarters of 2025"): one operand per period, so a sum checks each of them (and refuses what does not add)
  const clauses: Clause[] = op === 'sum' ? written.flatMap((c) => spreadWindow(c, x.rangeSpan, spans)) : written;
  if (clauses.length < 2) {
    const named = unknown();
    if (named) return named;
    return {
      status: 'needs_clarification',
      clarification: { question: 'Which figures should be combined? Name each operand with its measure and period.', options: [] },
      partial: { entities: x.entities },
      notes,
    };
  }
  // each company's own calculation when the companies are named together, none among the operands
  // the operands: the measures when two are named ("A minus B"), else the periods of the one measure ("Q1 plus Q2")
  const measured = clauses.filter((c) => c.measures.length > 0).length >= 2;
  const named = clauses.flatMap((c) => (measured ? c.measures : [...c.measures, ...c.periods]));
  const from = Math.min(...named.map((n) => n.start));
  const to = Math.max(...named.map((n) => n.end));
  if (x.entities.length > 1 && !eachCompanysCalculation(x, from, to)) return acrossAsk(x);
  const paired = pairOperands(x, clauses, targetMeasure, targetPeriod);
  if ('status' in paired) return unknown() ?? paired;
  const operands = paired;
  if (operands.length < 2 || operands.some((o) => !o.period)) {
    const named = unknown();
    if (named) return named;
    return {
      status: 'needs_clarification',
      clarification: { question: 'Which period does each figure of the calculation cover? Ledgerline never assumes one.', options: [] },
      partial: { entities: x.entities },
      notes,
    };
  }
  // a position without its year takes the year of a sibling ("Q1 and Q2 2022")
  // (or of the period the calculation stands for: "fiscal 2025 fourth-quarter net income, the full year minus the first nine months")
  const specs = operands.map((o) => o.period!.spec);
  const sibling = specs.find((s) => yearOf(s)) ?? (targetPeriod && yearOf(targetPeriod.spec) ? targetPeriod.spec : undefined);
  const ordered = reversed ? [...operands].reverse() : operands;
  if ((op === 'difference' || op === 'ratio' || op === 'share') && ordered.length !== 2) {
    return {
      status: 'needs_clarification',
      clarification: { question: `A ${op} takes exactly two figures; this names ${ordered.length}.`, options: [] },
      partial: { entities: x.entities },
      notes,
    };
  }
  const requests: PeriodRequest[] = ordered.map((o) => ({
    text: o.period!.text,
    spec: withYear(o.period!.spec, sibling),
    forMetric: null,
  }));
  if (requests.some((r) => r.spec.type === 'latest_position')) {
    return {
      status: 'needs_clarification',
      clarification: { question: 'Which year do the periods of this calculation belong to?', options: [] },
      partial: { entities: x.entities },
      notes,
    };
  }
  // the target names the measure and period the calculation stands for ("operating margin", "Q4 2021 gross profit")
  for (const w of x.ow.growth.concat(x.ow.change))
    if (!spans.taken(w.start, w.end) && target && inRange(target)(w)) spans.claim(w.start, w.end, 'operation', w.text);
  if (targetPeriod) claimPreposition(spans, targetPeriod);
  if (op === 'difference') claimResultLeft(x);
  const loose = spans.unplacedPhrases();
  if (loose.length > 0) return unplacedAsk(x, loose);
  // "combined", "together", "in total", "aggregate", "cumulative": the periods taken together (a ratio over
  // their combined span); "plus", "add", "sum of": the figures added as written (a ratio refuses that)
  const combined =
    op === 'sum' &&
    [...x.prefixW, ...x.arithW].every((w) =>
      /^(?:combined|together|cumulative(?:ly)?|in\s+total|in\s+aggregate|combin(?:e|ing)|aggregate)\b/i.test(w.text.trim()),
    );
  const expression: ExpressionNode = {
    kind: 'op',
    op,
    args: ordered.map((o, i) => ({ kind: 'operand', operand: { metric: marginAmount(op, o, i, ordered), period: requests[i]! } })),
    ...(combined ? { combined: true as const } : {}),
  };
  const metric = targetMeasure?.ref ?? ordered[0]!.metric;
  const targetRequest: PeriodRequest[] = targetPeriod
    ? [{ text: targetPeriod.text, spec: targetSpec(targetPeriod.spec, requests), forMetric: '__target__' }]
    : [];
  const intent: Intent = {
    entities: x.entities,
    metric,
    operation: 'expression',
    expression,
    periods: [...requests, ...targetRequest],
    range: null,
    scope: 'consolidated',
    basis: x.basis,
    pathway: x.entities.length > 1 ? 'comparison' : 'detail',
    ...(Object.keys(x.instructions).length ? { instructions: x.instructions } : {}),
  };
  return { status: 'planned', intent, notes };
}
