/**
 * The formula reader: a formula the user states, read as a typed expression — "(R&D + SG&A) / revenue",
 * "free cash flow (operating cash flow less capex)", "ROE, i.e. net income over average equity",
 * "365 divided by (cost of revenues / average inventory)", "revenue times 4", "dividends per share
 * outstanding", "ratio of capex to revenue", "what share of revenue went into R&D". Operators have their
 * usual precedence, parentheses group; each operand is a measure the measure reader placed, with its own
 * period when the question gives it one, else the question's period. The tree is evaluated node by node by
 * lib/calc, each node checking its temporal relation. A formula stated for a measure the library computes
 * otherwise is computed as written and the answer says so.
 */
import type { PeriodPhrase } from '@/lib/fiscal';
import { getFormula } from '@/lib/ontology/formulas';
import { isFiller } from '../filler';
import type { ExpressionNode, Intent, MetricRef, PeriodRequest, PlanResult } from '../types';
import {
  AT_END,
  AVERAGED_BALANCE,
  AVERAGE_AFTER,
  AVERAGE_BEFORE,
  COMPUTE_AS,
  COMPUTE_IT,
  COMPUTE_MARKER,
  COVER,
  DEFINITION_MARKER,
  DIVIDE,
  DIVIDE_BY,
  QUOTIENT_WORDS,
  EXCEED,
  HOW_MUCH,
  type FormulaOp,
  HOW_MANY_TIMES,
  LEFT_FROM,
  NO_AVERAGE,
  NUMBER,
  NUMBER_WORDS,
  OPERATORS,
  PER_SHARE,
  RATIO_OF,
  RESULT_LEFT,
  SHARE_LINK,
  SHARE_OF,
  STEP_OPERATORS,
  STEP_START,
} from './formula-lexicon';
import { formulaText, type Item, parseFormula } from './formula-parse';
import { definedAfterVerb, gluedRatio, instructionOnly, nameSaidAgain, type Region, readTurnover, sentenceEnd } from './formula-forms';
import { eachCompanysCalculation } from './entity';
import { filerLineOperands } from './filer-label';
import { refOf } from './measure';
import type { Reader, Reading } from './types';

/**
 * The definition marker after a measure: right after it, or after words other readers placed beside it (its
 * period, its company: "free cash flow for fiscal 2025, defined as …"). Null when an unplaced content word
 * comes first.
 */
function markerAfter(r: Reading, from: number): { start: number; end: number } | null {
  const { question, spans } = r;
  const limit = sentenceEnd(question, from);
  // "Compute X's operating margin for fiscal 2025 as …": after a compute verb, "as" or a dash opens the formula
  const computed = COMPUTE_AS.test(question.slice(0, from));
  let at = from;
  while (at < limit) {
    DEFINITION_MARKER.lastIndex = at;
    COMPUTE_MARKER.lastIndex = at;
    const marker = DEFINITION_MARKER.exec(question) ?? (computed ? COMPUTE_MARKER.exec(question) : null);
    if (marker?.[0].trim()) return { start: at, end: at + marker[0].length };
    const word = /[\s,]*([^\s,]+)/y;
    word.lastIndex = at;
    const w = word.exec(question);
    if (!w) return null;
    const ws = at + w[0].length - (w[1]?.length ?? 0);
    const placed = spans.placed().some((e) => e.role !== 'measure' && e.start <= ws && ws < e.end);
    if (!placed && !isFiller(w[1] ?? '')) return null;
    at += w[0].length;
  }
  return null;
}

/**
 * The name a formula defines, read back from `end` (its definition marker, or the measure that ends it): the
 * words other readers placed right before the marker (its period, "at year-end 2021") are passed over, then
 * the run of words no reader placed and measure words ("equity multiplier", "net cash", "loan-to-value"),
 * up to the company, a verb's function word or a punctuation mark. Null when the run holds no unplaced word.
 */
function definedName(r: Reading, end: number): { start: number; end: number } | null {
  const { question, spans } = r;
  const owner = (t: { start: number; end: number }) =>
    spans.placed().find((e) => e.role !== 'filler' && t.start < e.end && e.start < t.end);
  const tokens = spans.tokens.filter((t) => t.end <= end);
  let k = tokens.length - 1;
  // the name's own period or scope, said between it and the marker
  for (let t = tokens[k]; t; t = tokens[k]) {
    const o = owner(t);
    if (o ? o.role === 'measure' : !isFiller(t.lower) || question.charAt(t.start - 1) === '-') break;
    k--;
  }
  let first: number | null = null;
  let last: number | null = null;
  let loose = false;
  for (let n = 0, t = tokens[k]; t && n < 6; n++, t = tokens[--k]) {
    const next = tokens[k + 1];
    if (last !== null && next && !/^[\s'’-]*$/.test(question.slice(t.end, next.start))) break;
    const o = owner(t);
    if (o && o.role !== 'measure') break;
    // a function word inside a hyphenated name ("loan-to-value", "debt-to-equity") is part of it
    const glued = question.charAt(t.start - 1) === '-' && (!next || last === null || question.slice(t.end, next.start) === '-');
    if (!o && isFiller(t.lower) && !glued) break;
    loose ||= !o;
    first = t.start;
    last ??= t.end;
  }
  return loose && first !== null && last !== null ? { start: first, end: last } : null;
}

/** The formula's region: after a definition marker (the name it defines before it), or the whole question. */
function formulaRegion(r: Reading): Region {
  const { question, measureAt } = r;
  const defined = definedAfterVerb(r);
  if (defined) return defined;
  for (const m of measureAt) {
    const marker = markerAfter(r, m.end);
    // "Apple's effective tax rate for fiscal 2024, provision for income taxes divided by …": a ratio the library
    // names, then its formula after a comma
    const apposition = m.ref.kind === 'derived' ? /^[^,.;:?!()]{0,40},\s*/.exec(question.slice(m.end)) : null;
    const after = apposition ? question.slice(m.end + apposition[0].length, sentenceEnd(question, m.end)) : '';
    const appositive = apposition && OPERATORS.some((o) => new RegExp(`\\b(?:${o.re.source})`, 'i').test(after));
    const start = marker ? marker.end : appositive ? m.end + (apposition?.[0].length ?? 0) : -1;
    if (start < 0) continue;
    // "net cash, computed as …", "adjusted operating income, defined as …": words no reader placed before the
    // measure are part of the name the formula defines, which is then the user's own (not the library's measure)
    const run = definedName(r, m.end);
    const name = run && run.start < m.start ? { start: run.start, end: m.end, measure: null } : { start: m.start, end: m.end, measure: m };
    return { start, end: sentenceEnd(question, start), name, marker: marker ?? null };
  }
  // a name the library does not know, defined by the formula that follows ("LPA's net operating income, which I compute as …");
  // of several markers before the first operand ("Zeta Foods: markup spread defined as (revenue …"), the last
  let found: { at: number; marker: string } | null = null;
  for (let at = 0; at < question.length; at++) {
    DEFINITION_MARKER.lastIndex = at;
    const marker = DEFINITION_MARKER.exec(question);
    if (!marker || !/[=:]|[a-z]{3}|\bi\.\s?e\b/i.test(marker[0]) || measureAt.some((m) => m.start < at && m.end > at)) continue;
    const after = found ? found.at + found.marker.length : 0;
    if (found && measureAt.some((m) => m.start >= after && m.start < at)) break;
    found = { at, marker: marker[0] };
    at += marker[0].length - 1;
  }
  if (found) {
    const { at } = found;
    const start = at + found.marker.length;
    const name = definedName(r, at);
    return {
      start,
      end: sentenceEnd(question, start),
      name: name ? { ...name, measure: null } : null,
      marker: { start: at, end: start },
    };
  }
  return { start: 0, end: question.length, name: null, marker: null };
}

/** Whether the question states a formula the list-form expression reader cannot read. */
function formulaSignals(r: Reading): boolean {
  const q = r.question;
  const ops = new Set<FormulaOp>();
  // the operator of a ratio the measure reader read whole from its written-out terms ("cost of revenue as a share of revenue")
  const writtenRatio = (i: number) =>
    r.measureAt.some((m) => m.ref.kind === 'derived' && m.ref.numerator && m.ref.denominator && m.start < i && i < m.end);
  for (let i = 0; i < q.length; i++) {
    for (const o of OPERATORS) {
      o.re.lastIndex = i;
      if (o.re.test(q) && /(?:^|[\s(])$/.test(q.slice(0, i)) && (!r.spans.taken(i, i + 1) || writtenRatio(i))) ops.add(o.op);
    }
  }
  if (DIVIDE_BY.test(q)) ops.add('div');
  // "take A, subtract B, then add C": steps after a measure; with another step or operator ("A less B, then subtract
  // C") they are a formula
  const operators = ops.size;
  let steps = 0;
  for (const t of r.spans.tokens) {
    if (r.spans.taken(t.start, t.end) || !r.measureAt.some((m) => m.end <= t.start)) continue;
    const step = stepAt(q, t.start);
    if (step) ops.add(step.op);
    if (step && ++steps + operators >= 2) return true;
    // "start with A, then deduct B": one step after the first operand is a formula of its own
    const first = r.measureAt[0]?.start ?? 0;
    if (step && [...q.slice(0, first).matchAll(/\b[a-z]/gi)].some((w) => ((STEP_START.lastIndex = w.index ?? 0), STEP_START.test(q))))
      return true;
  }
  // words that only ever state a quotient ("per dollar of revenue", "relative to", "as a multiple of")
  if (QUOTIENT_WORDS.test(q)) return true;
  // "by how much did X exceed Y": a difference of two measures (one measure over two periods is a change)
  if (HOW_MUCH.test(q) && new RegExp(`\\b(?:${EXCEED.source})`, 'i').test(q) && new Set(r.measureAt.map((m) => m.ref.id)).size >= 2)
    return true;
  const has = (re: RegExp) => new RegExp(re.source, 'i').test(q);
  return (
    ops.size >= 2 ||
    ops.has('mul') ||
    (ops.size >= 1 &&
      (/[()]/.test(q) ||
        has(DEFINITION_MARKER) ||
        /\baverage\b|\bmean\b/i.test(q) ||
        r.measureAt.some((m) => markerAfter(r, m.end)) ||
        !!definedAfterVerb(r))) ||
    has(PER_SHARE) ||
    has(RATIO_OF) ||
    has(SHARE_OF) ||
    (HOW_MANY_TIMES.test(q) && has(COVER)) ||
    (ops.size === 1 && r.measureAt.length >= 3 && !r.prefixW.length)
  );
}

/** The formula's items in question order: operands (measures with their own periods), operators, numbers, parentheses. */
function lexFormula(r: Reading, region: Region): { items: Item[]; claims: { start: number; end: number; detail: string }[] } | null {
  const { question, spans } = r;
  const items: Item[] = [];
  const claims: { start: number; end: number; detail: string }[] = [];
  const measures = r.measureAt.filter((m) => m.start >= region.start && m.end <= region.end);
  const periods = r.phrases.filter((p) => p.start >= region.start && p.end <= region.end);
  let i = region.start;
  const at = (re: RegExp) => {
    re.lastIndex = i;
    return re.exec(question);
  };
  while (i < region.end) {
    const ch = question.charAt(i);
    if (
      ch === ',' &&
      OPERATORS.some((o) => ((o.re.lastIndex = i + 1 + (/^\s*/.exec(question.slice(i + 1))?.[0].length ?? 0)), o.re.test(question)))
    ) {
      items.push({ k: 'comma', start: i, end: i + 1 });
      i++;
      continue;
    }
    if (/\s|[,;'’]/.test(ch)) {
      i++;
      continue;
    }
    const measure = measures.find((m) => m.start === i);
    const parts = measure ? gluedRatio(r, measure, region) : null;
    if (measure && parts) {
      items.push(...parts);
      i = measure.end;
      continue;
    }
    if (measure) {
      // "long-term debt (incl. current portion)": a measure read with the bracket it opens ends after that bracket
      const text = question.slice(measure.start, measure.end);
      const closing = /^\s*\)/.exec(question.slice(measure.end));
      const end = closing && text.split('(').length > text.split(')').length ? measure.end + closing[0].length : measure.end;
      items.push({ k: 'operand', start: measure.start, end, metric: measure.ref, periods: [], average: false, perShare: false });
      if (end > measure.end) claims.push({ start: end - 1, end, detail: measure.ref.id });
      i = end;
      continue;
    }
    const period = periods.find((p) => p.start === i);
    if (period) {
      items.push({ k: 'period', start: period.start, end: period.end, phrase: period });
      i = period.end;
      continue;
    }
    const claimed = spans.placed().find((e) => e.start <= i && i < e.end && e.role !== 'filler' && e.reader !== 'operation');
    if (claimed) {
      i = Math.max(i + 1, claimed.end);
      continue;
    }
    const step = lexWord(r, i, at, items, claims);
    if (step <= i) return null;
    i = step;
  }
  return { items, claims };
}

/** One lexical item at `i` (an operator, a number, an average, "per share"); returns the position after it. */
function lexWord(
  r: Reading,
  i: number,
  at: (re: RegExp) => RegExpExecArray | null,
  items: Item[],
  claims: { start: number; end: number; detail: string }[],
): number {
  const { question } = r;
  const push = (item: Item, detail: string) => {
    items.push(item);
    claims.push({ start: item.start, end: item.end, detail });
    return item.end;
  };
  const ch = question.charAt(i);
  const noAvg = at(NO_AVERAGE);
  if (noAvg && /averag/i.test(noAvg[0])) return push({ k: 'note', start: i, end: i + noAvg[0].length }, 'no average');
  const after = at(AVERAGE_AFTER);
  if (after?.[0].trim() && /averag|begin|open|start/i.test(after[0]) && (ch !== '(' || /\)\s*$/.test(after[0])))
    return push({ k: 'avg_after', start: i, end: i + after[0].length }, 'average');
  // "(times)", "(in %)": a bracket around words other readers placed (an instruction) groups nothing of the formula
  const close = ch === '(' ? question.indexOf(')', i) : -1;
  if (close > i + 1 && !/[()]/.test(question.slice(i + 1, close)) && instructionOnly(r, i + 1, close)) {
    claims.push({ start: i, end: i + 1, detail: 'group' }, { start: close, end: close + 1, detail: 'group' });
    return close + 1;
  }
  if (ch === '(' || ch === ')') return push({ k: ch, start: i, end: i + 1 }, 'group');
  const wordStart = i === 0 || !/[\p{L}\p{N}]/u.test(question.charAt(i - 1));
  if (wordStart) {
    const end = at(AT_END);
    if (end) return push({ k: 'at_end', start: i, end: i + end[0].length }, 'year-end balance');
    const exceed = HOW_MUCH.test(question) ? at(EXCEED) : null;
    if (exceed) return push({ k: 'op', start: i, end: i + exceed[0].length, op: 'sub' }, 'difference');
    const left = at(LEFT_FROM);
    if (left) return push({ k: 'note', start: i, end: i + left[0].length }, 'what remains');
    const share = at(SHARE_OF);
    if (share) return push({ k: 'share_of', start: i, end: i + share[0].length }, 'share of');
    const ratio = at(RATIO_OF);
    if (ratio) return push({ k: 'ratio_of', start: i, end: i + ratio[0].length }, 'ratio of');
    const avg = at(AVERAGE_BEFORE);
    if (avg) return push({ k: 'avg', start: i, end: i + avg[0].trimEnd().length }, 'average');
    const per = at(PER_SHARE);
    if (per) {
      const basis = (per[1] ?? per[2] ?? per[4] ?? (per[3] ? 'outstanding' : '')).toLowerCase();
      return push(
        { k: 'per_share', start: i, end: i + per[0].length, basis: basis as 'basic' | 'diluted' | 'outstanding' | '' },
        'per share',
      );
    }
  }
  // "take A, subtract B, then divide by C": a step after an operand applies to the result so far
  const step = wordStart && items.some((x) => x.k === 'operand') ? stepAt(question, i) : null;
  if (step) {
    if ((step.op === 'mul' || step.op === 'div') && items.at(-1)?.k !== 'comma') items.push({ k: 'comma', start: i, end: i });
    return push({ k: 'op', start: i, end: i + step.length, op: step.op }, 'step');
  }
  if (wordStart && !items.some((x) => x.k === 'operand' || x.k === 'op')) {
    const start = at(STEP_START);
    if (start && stepsFollow(question, i + start[0].length)) return push({ k: 'note', start: i, end: i + start[0].length }, 'first step');
  }
  // "R&D plus SG&A combined", "revenue minus cost of sales — what's left?": the result of the operators said again
  const ops = items.filter((x): x is Extract<Item, { k: 'op' }> => x.k === 'op').map((x) => x.op);
  const said = !wordStart ? null : ops.includes('add') ? at(RESULT_SAID) : ops.includes('sub') ? at(RESULT_LEFT) : null;
  if (said) return push({ k: 'note', start: i, end: i + said[0].length }, 'the result');
  // "how many times did X cover Y": the question's words, not a product
  if (wordStart && /^times\b/i.test(question.slice(i)) && /\bhow\s+many\s+$/i.test(question.slice(0, i)))
    return push({ k: 'note', start: i, end: i + 5 }, 'how many times');
  for (const o of OPERATORS) {
    const m = at(o.re);
    if (m && (wordStart || !/^[a-z]/i.test(m[0])))
      return push({ k: 'op', start: i, end: i + m[0].length, op: o.op, ...(o.op === 'share' ? { loose: true as const } : {}) }, o.op);
  }
  if (wordStart) {
    const cover = at(COVER);
    if (cover && HOW_MANY_TIMES.test(question))
      return push({ k: 'op', start: i, end: i + cover[0].length, op: 'div', loose: true }, 'cover');
    const n = at(NUMBER);
    const value = n ? (n[1] ?? NUMBER_WORDS[(n[2] ?? '').toLowerCase()]) : undefined;
    if (n && value) return push({ k: 'num', start: i, end: i + n[0].length, value, text: n[0] }, 'number');
    // "divide X by Y"
    if (at(DIVIDE)) return push({ k: 'note', start: i, end: i + 6 }, 'divide');
    const by = /by\b/iy;
    by.lastIndex = i;
    if (by.test(question) && items.some((x) => x.k === 'note' && /^divide$/i.test(question.slice(x.start, x.end))))
      return push({ k: 'op', start: i, end: i + 2, op: 'div' }, 'div');
    const to = /to\b/iy;
    to.lastIndex = i;
    // "what share of Y went to X": "to" links the part; "ratio of X to Y": it separates the terms
    const linking = items.some((x) => x.k === 'share_of') && !items.some((x) => x.k === 'ratio_of');
    if (to.test(question)) return push({ k: linking ? 'link' : 'to', start: i, end: i + 2 }, linking ? 'share of' : 'to');
  }
  const word = /[\p{L}\p{N}&%$.-]+/uy;
  word.lastIndex = i;
  const w = word.exec(question);
  if (!w) return i + 1;
  // "average equity", "average assets": the balance the average is of, said by its short name
  const balance = items.at(-1)?.k === 'avg' ? AVERAGED_BALANCE[w[0].toLowerCase()] : undefined;
  const metric = balance ? refOf(balance) : null;
  if (metric) {
    items.push({ k: 'operand', start: i, end: i + w[0].length, metric, periods: [], average: false, perShare: false });
    claims.push({ start: i, end: i + w[0].length, detail: metric.id });
    return i + w[0].length;
  }
  if (SHARE_LINK.has(w[0].toLowerCase()) && items.some((x) => x.k === 'share_of'))
    return push({ k: 'link', start: i, end: i + w[0].length }, 'share of');
  if (!isFiller(w[0])) items.push({ k: 'word', start: i, end: i + w[0].length });
  return i + w[0].length;
}

/** The result of a sum said after it ("combined", "in total"). */
const RESULT_SAID = /combined|all\s+together|altogether|together|in\s+total/iy;

/** A step operator at `i` ("subtract", "then add", "and divide the result by"): its operator and length. */
function stepAt(question: string, i: number): { op: FormulaOp; length: number } | null {
  for (const o of STEP_OPERATORS) {
    o.re.lastIndex = i;
    const m = o.re.exec(question);
    if (m) return { op: o.op, length: m[0].length };
  }
  return null;
}

/** Whether a step operator follows `from` in the same sentence (what makes "take"/"start with" the first step). */
function stepsFollow(question: string, from: number): boolean {
  const end = sentenceEnd(question, from);
  for (const w of question.slice(from, end).matchAll(/\b[a-z]/gi)) if (stepAt(question, from + (w.index ?? 0))) return true;
  return false;
}

/** Periods written beside an operand ("fiscal 2025 revenue", "revenue for fiscal 2024") go with it when the question names several. */
function attachPeriods(items: Item[], question: string, several: boolean): void {
  if (!several) return;
  for (const [k, p] of items.entries()) {
    if (p.k !== 'period') continue;
    const next = items[k + 1];
    const prev = items[k - 1];
    const gap = (a: number, b: number) => /^[\s,'’]*(?:(?:for|in|of|at|during|as\s+of|the|its|their)\s+)*$/i.test(question.slice(a, b));
    const host =
      next?.k === 'operand' && gap(p.end, next.start) && next.periods.length === 0
        ? next
        : prev?.k === 'operand' && gap(prev.end, p.start)
          ? prev
          : null;
    if (host) {
      host.periods.push(p.phrase);
      items[k] = { k: 'attached', start: p.start, end: p.end };
    }
  }
}

/**
 * "the average of FY2024 and FY2025 year-end inventories", "average inventories at the end of FY2024 and FY2025":
 * every period said within an average (between its word and its balance, or joined by "and" after the balance's own)
 * is one of the balances it averages, never the question's period for the other figures (the year ends are then
 * checked to be one year apart).
 */
function averagedPeriods(items: Item[], question: string): void {
  const dated = (x: Item | undefined) => x?.k === 'period' || x?.k === 'attached';
  for (const [k, a] of items.entries()) {
    if (a.k !== 'avg') continue;
    let j = k + 1;
    const run: number[] = [];
    while (dated(items[j])) run.push(j++);
    const host = items[j];
    if (host?.k !== 'operand') continue;
    for (j++; dated(items[j]) && /^[\s,]*(?:and\s+)?$/i.test(question.slice(items[j - 1]!.end, items[j]!.start)); j++) run.push(j);
    for (const i of run) {
      const p = items[i];
      if (p?.k !== 'period') continue;
      host.periods.push(p.phrase);
      items[i] = { k: 'attached', start: p.start, end: p.end };
    }
  }
}

/** The question's own periods: those no operand took. */
function questionPeriods(r: Reading, items: Item[]): PeriodPhrase[] {
  const attached = new Set(items.flatMap((x) => (x.k === 'operand' ? x.periods : [])));
  return r.phrases.filter((p) => !attached.has(p));
}

export const formulaReader: Reader = {
  name: 'expression',
  read(r) {
    if (readTurnover(r)) return null;
    if (!formulaSignals(r)) return null;
    // an operand named by the company's own line ("purchases of property, equipment and intangible assets"): the
    // region is read again with it
    const first = formulaRegion(r);
    const region = filerLineOperands(r, first) ? formulaRegion(r) : first;
    const lexed = lexFormula(r, region);
    if (!lexed) return null;
    const distinct = new Set(r.phrases.map((p) => JSON.stringify(p.spec)));
    attachPeriods(lexed.items, r.question, distinct.size > 1);
    averagedPeriods(lexed.items, r.question);
    profitShareParts(lexed.items);
    const parsed = parseFormula(lexed.items, r.question);
    if (!parsed.ok) return null;
    if (r.entities.length > 1 && !eachCompanys(r, region, operandsOf(parsed.tree))) return null;
    if (readEarningsPerShare(r, parsed.tree)) return null;
    return planFormula(r, region, lexed, parsed.tree);
  },
};

/**
 * A formula stated once for several companies ("Compare Nike and P&G: gross margin defined as …", "(R&D + SG&A) /
 * revenue for Nike and P&G") is each company's own, on its own calendar, when the companies are named together and none
 * stands among its operands (one that does joins companies: "Nike revenue divided by P&G revenue" is not read here); the
 * name a parenthesis defines ("gross margin Nike FY24 vs P&G FY24 (gross profit / revenue)") is no operand.
 */
function eachCompanys(r: Reading, region: Region, operands: Extract<Item, { k: 'operand' }>[]): boolean {
  const first = operands[0]?.start ?? region.start;
  const last = operands.at(-1)?.end ?? region.end;
  return eachCompanysCalculation(r, first, last);
}

/** The holders of a part of the profit, by the balance that names them: the profit that goes to them. */
const PROFIT_HOLDERS: Record<string, string> = { noncontrolling_interest: 'net_income_nci' };
const PROFIT = /^(?:net_income|net_income_including_nci)$/;

/**
 * "what fraction of its profit for the year went to non-controlling interests": in a share of a profit, the holders
 * named by their balance take the part of that profit that is theirs (the profit attributable to them), not the
 * balance (a balance over a flow is no share).
 */
function profitShareParts(items: Item[]): void {
  if (!items.some((x) => x.k === 'share_of')) return;
  const operands = items.filter((x): x is Extract<Item, { k: 'operand' }> => x.k === 'operand');
  if (!operands.some((o) => PROFIT.test(o.metric.id) && o.metric.periodType === 'duration')) return;
  for (const o of operands) {
    const to = PROFIT_HOLDERS[o.metric.id];
    const ref = to ? refOf(to) : null;
    if (ref) o.metric = ref;
  }
}

const EPS: Record<string, string> = { basic: 'eps_basic', diluted: 'eps_diluted' };

/**
 * Net income per basic or diluted share is the reported EPS of that basis ("what did it earn per share, on a
 * diluted basis"): the measure becomes the EPS, the per-share words its qualifier, and the plan is a value.
 */
function readEarningsPerShare(r: Reading, tree: ExpressionTree): boolean {
  const [amount] = tree.k === 'per_share' ? tree.args : [];
  const eps = tree.k === 'per_share' ? refOf(EPS[tree.basis] ?? '') : null;
  if (amount?.k !== 'operand' || amount.item.metric.id !== 'net_income' || amount.item.average || !eps) return false;
  const ref: MetricRef = {
    id: eps.id,
    label: eps.label,
    kind: 'base',
    op: null,
    numerator: null,
    denominator: null,
    periodType: eps.periodType,
  };
  for (const list of [r.measureAt, r.metricMentions]) for (const m of list) if (m.start === amount.item.start) m.ref = ref;
  if (r.metric?.id === 'net_income') r.metric = ref;
  const per = PER_SHARE_AT.exec(r.question.slice(amount.item.end));
  if (per) {
    const s = amount.item.end + per.index;
    if (!r.spans.taken(s, s + per[0].length)) r.spans.claim(s, s + per[0].length, 'qualifier', eps.id);
  }
  return true;
}

const PER_SHARE_AT = new RegExp(PER_SHARE.source, 'i');

/** The intent of a parsed formula: each operand on its own period or the question's; the name it defines, said. */
function planFormula(r: Reading, region: Region, lexed: NonNullable<ReturnType<typeof lexFormula>>, tree: ExpressionTree): PlanResult {
  const { spans, notes, entities } = r;
  const own = questionPeriods(r, lexed.items);
  const shared = [...new Map(own.map((p) => [JSON.stringify(p.spec), p])).values()];
  const needsShared = operandsOf(tree).some((o) => o.periods.length === 0);
  if (needsShared && shared.length !== 1) {
    const question =
      shared.length === 0
        ? 'Which period does the calculation cover? Ledgerline never assumes one.'
        : `I could not tell which of ${shared.map((p) => `“${p.text}”`).join(' and ')} goes with each figure of the calculation.`;
    return { status: 'needs_clarification', clarification: { question, options: [] }, partial: { entities }, notes };
  }
  // the name the formula defines: before a definition marker, or the operand a parenthesis defines ("FCF (OCF − capex)")
  const defined = tree.k === 'op' ? tree.defines : undefined;
  const name: Region['name'] =
    region.name ??
    (defined ? { start: defined.start, end: defined.end, measure: { ref: defined.metric, start: defined.start, end: defined.end } } : null);
  const built = toExpression(tree, shared[0] ?? null, !!name);
  if ('ask' in built)
    return { status: 'needs_clarification', clarification: { question: built.ask, options: [] }, partial: { entities }, notes };
  spans.reader = 'expression';
  for (const c of lexed.claims) {
    // a word another reader glossed at the edge of the formula's words ("share" of "per diluted share") stays its
    const free: [number, number] | null = spans.taken(c.start, c.end) ? spans.untaken(c.start, c.end, ['qualifier']) : [c.start, c.end];
    if (free) spans.claim(free[0], free[1], 'operation', c.detail);
  }
  if (name && !name.measure) spans.claim(name.start, name.end, 'operation', 'name of the formula');
  if (name) nameSaidAgain(r, name, region);
  // "Define X as …; work it out for Acme in FY2022": the verb asking for the defined formula's result
  if (region.marker || region.lead)
    for (const m of r.question.matchAll(COMPUTE_IT))
      if (!spans.taken(m.index, m.index + m[0].length)) spans.claim(m.index, m.index + m[0].length, 'operation', 'the result asked');
  if (region.lead && !spans.taken(region.lead.start, region.lead.end))
    spans.claim(region.lead.start, region.lead.end, 'operation', 'definition');
  // the words between the name and its formula ("i.e.", "defined as", "which I compute as", "=")
  if (region.marker && !spans.taken(region.marker.start, region.marker.end))
    spans.claim(region.marker.start, region.marker.end, 'operation', 'definition');
  else if (name && region.start > name.end && !spans.taken(name.end, region.start))
    spans.claim(name.end, region.start, 'operation', 'definition');
  // every word placed, or the calculation is not answered (the unplaced words are named)
  const loose = spans.unplacedPhrases();
  if (loose.length > 0)
    return {
      status: 'needs_clarification',
      clarification: {
        question: `I could not place ${loose.map((l) => `“${l}”`).join(', ')} in this calculation, so I will not guess. Please rephrase.`,
        options: [],
      },
      partial: { entities },
      notes: [...notes, `unplaced words: ${loose.join(', ')}`],
    };
  const metric = formulaMetric(r, name, built.node, tree);
  const unit = pureUnit(r, name?.measure?.ref ?? null, built.node);
  if (unit && built.node.kind === 'op') built.node = { ...built.node, unit };
  const stated = statedFormula(name?.measure?.ref ?? null, built.node);
  if (stated) notes.push(`formula stated for ${stated.measure}: computed as written (the library's is ${stated.library})`);
  const periods: PeriodRequest[] = operandsOf(tree)
    .flatMap((o) => (o.periods.length ? o.periods : shared))
    .map((p) => ({ text: p.text, spec: p.spec, forMetric: null }));
  const intent: Intent = {
    entities,
    metric,
    operation: 'expression',
    expression: built.node,
    ...(stated ? { statedFormula: stated } : {}),
    periods: [...new Map(periods.map((p) => [JSON.stringify(p.spec), p])).values()],
    range: null,
    scope: 'consolidated',
    basis: r.version.basis,
    pathway: entities.length > 1 ? 'comparison' : 'detail',
    ...(Object.keys(r.instructions).length ? { instructions: r.instructions } : {}),
  };
  return { status: 'planned', intent, notes };
}

type ExpressionTree = import('./formula-parse').Tree;

function operandsOf(t: ExpressionTree): Extract<Item, { k: 'operand' }>[] {
  if (t.k === 'operand') return [t.item];
  if (t.k === 'num') return [];
  return t.args.flatMap(operandsOf);
}

/**
 * A margin named as an operand of a formula is the amount the filer captions so ("gross margin − R&D", Apple's
 * "gross margin" line): its numerator, a reported amount. Other measures stay as named.
 */
function amountOf(metric: MetricRef): MetricRef {
  if (metric.kind !== 'derived' || metric.op !== 'margin' || !metric.numerator) return metric;
  return refOf(metric.numerator) ?? metric;
}

/** "the average of total assets at the end of FY2023 and FY2024": two year ends one year apart → the later fiscal year. */
function averagedYear(periods: PeriodPhrase[]): number | null {
  const yearOf = (s: PeriodPhrase['spec']): number | null =>
    s.type === 'boundary' && s.edge === 'end'
      ? yearOf(s.ref)
      : s.type === 'fiscal' && s.position === 'FY'
        ? s.year.year
        : s.type === 'bare_year'
          ? s.year
          : null;
  const years = periods.map((p) => yearOf(p.spec));
  if (years.some((y) => y === null)) return null;
  const [a = 0, b = 0] = (years as number[]).sort((x, y) => x - y);
  return years.length === 2 && b - a === 1 ? b : null;
}

const SHARE_MEASURE: Record<string, string> = { basic: 'shares_basic', diluted: 'shares_diluted', outstanding: 'shares_outstanding' };

/** The parsed tree as the intent's expression; `atEnd` where the user's own definition relates a flow to a balance. */
function toExpression(t: ExpressionTree, shared: PeriodPhrase | null, definesName: boolean): { node: ExpressionNode } | { ask: string } {
  const request = (ps: PeriodPhrase[]) => {
    const p = ps[0] ?? shared!;
    return { text: p.text, spec: p.spec, forMetric: null };
  };
  if (t.k === 'num') return { node: { kind: 'const', value: t.value, text: t.text } };
  if (t.k === 'operand') {
    const o = t.item;
    const metric = amountOf(o.metric);
    if (o.average && metric.periodType !== 'instant')
      return { ask: `“average ${metric.label}” averages balances; ${metric.label} is a flow over a period. Which figure do you mean?` };
    if (o.average && o.periods.length === 2) {
      const year = averagedYear(o.periods);
      if (!year)
        return {
          ask: `Which fiscal year should the average of ${metric.label.toLowerCase()} run over? Name its opening and closing year ends, one year apart.`,
        };
      const period = {
        text: `FY${year}`,
        spec: { type: 'fiscal' as const, position: 'FY' as const, year: { year, style: 'fiscal' as const } },
        forMetric: null,
      };
      return { node: { kind: 'operand', operand: { metric, period, role: 'average' } } };
    }
    return {
      node: { kind: 'operand', operand: { metric, period: request(o.periods), ...(o.average ? { role: 'average' as const } : {}) } },
    };
  }
  if (t.k === 'per_share') {
    const inner = toExpression(t.args[0]!, shared, definesName);
    if ('ask' in inner) return inner;
    const amount = operandsOf(t.args[0]!)[0];
    const basis = t.basis || (amount?.metric.periodType === 'instant' ? 'outstanding' : '');
    if (!basis)
      return { ask: 'Per share of which count: basic or diluted weighted-average shares, or the shares outstanding at the period end?' };
    const shares = refOf(SHARE_MEASURE[basis] ?? '');
    if (!shares)
      return { ask: 'Per share of which count: basic or diluted weighted-average shares, or the shares outstanding at the period end?' };
    const periods = amount?.periods.length ? amount.periods : [];
    const node: ExpressionNode = {
      kind: 'op',
      op: 'ratio',
      args: [inner.node, { kind: 'operand', operand: { metric: shares, period: request(periods) } }],
      ...(basis === 'outstanding' ? { atEnd: true as const } : {}),
    };
    return { node };
  }
  const args: ExpressionNode[] = [];
  for (const a of t.args) {
    const x = toExpression(a, shared, definesName);
    if ('ask' in x) return x;
    args.push(x.node);
  }
  const op = ({ add: 'sum', sub: 'difference', mul: 'product', div: 'ratio', share: 'share' } as const)[t.op];
  return { node: { kind: 'op', op, args, ...(definesName && (op === 'ratio' || op === 'share') ? { atEnd: true as const } : {}) } };
}

/** The unit a pure result is said in: the named measure's (turnover in times, DSO in days), "how many times", or days from 365. */
function pureUnit(r: Reading, measure: MetricRef | null, node: ExpressionNode): 'times' | 'days' | null {
  const def = measure ? getFormula(measure.formulaId ?? measure.id) : null;
  if (def?.unit === 'times' || def?.unit === 'days') return def.unit;
  if (HOW_MANY_TIMES.test(r.question) || r.instructionsRead.claims.some((c) => /\btimes$/i.test(r.question.slice(c.start, c.end))))
    return 'times';
  if (
    node.kind === 'op' &&
    (node.op === 'ratio' || node.op === 'product') &&
    node.args.some((a) => a.kind === 'const' && /^36[056]$/.test(a.value))
  )
    return 'days';
  return null;
}

/** The measure the intent stands for: the name the formula defines, else the calculation itself. */
function formulaMetric(r: Reading, name: Region['name'], node: ExpressionNode, tree: ExpressionTree): MetricRef {
  if (name?.measure) return name.measure.ref;
  const periodType = operandsOf(tree).every((o) => o.metric.periodType === 'instant' && !o.average) ? 'instant' : 'duration';
  const label = name ? r.question.slice(name.start, name.end).trim() : formulaText(node);
  const id = `formula:${label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .slice(0, 60)}`;
  return {
    id,
    label: label.charAt(0).toUpperCase() + label.slice(1),
    kind: 'derived',
    op: null,
    numerator: null,
    denominator: null,
    periodType,
  };
}

/** The library's formula for a measure the user defines otherwise, said in the answer; null when none (or the same). */
function statedFormula(measure: MetricRef | null, node: ExpressionNode): Intent['statedFormula'] | null {
  const def = measure ? getFormula(measure.formulaId ?? measure.id) : null;
  if (!def || !measure) return null;
  const mine = canonUser(node);
  if ([def.formula, ...(def.alternatives ?? [])].some((e) => canonLibrary(e) === mine)) return null;
  return { measure: measure.label, library: def.description || def.label };
}

const OP_CANON = { sum: 'add', difference: 'sub', ratio: 'div', share: 'div', product: 'mul' } as const;

/** A formula as text of measure ids and operators, the same for the user's tree and the library's. */
function canonUser(n: ExpressionNode): string {
  if (n.kind === 'const') return n.value;
  if (n.kind === 'operand') return n.operand.role === 'average' ? `avg(${n.operand.metric.id})` : n.operand.metric.id;
  return `(${n.args.map(canonUser).join(` ${OP_CANON[n.op]} `)})`;
}

function canonLibrary(e: import('@/lib/ontology/formulas').Expr): string {
  if ('measure' in e) return e.measure;
  if ('const' in e) return e.const;
  if ('days' in e) return 'days';
  if ('average' in e) return `avg(${canonLibrary(e.average)})`;
  return `(${e.args.map(canonLibrary).join(` ${e.op} `)})`;
}
