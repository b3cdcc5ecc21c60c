/**
 * The grammar of a stated formula over its lexical items (./formula lexes them):
 *
 *   formula  := relation ["(" operand ")"]                 — "current assets − current liabilities (working capital)"
 *   relation := expr (("cover" | "as a share of") expr)*  — "cash plus securities cover current liabilities"
 *   expr     := term (("+" | "−") term | "," ("×" | "/") term)*
 *   term     := factor (("×" | "/") factor | "per share")*
 *   factor  := "(" expr ")" | operand "(" expr ")"         — "free cash flow (OCF − capex)": the operand defined
 *            | "average" operand | "year-end" operand | operand ["averaged"] | number
 *            | "ratio of" expr "to" expr | "what share of" expr link+ expr
 *            | "what share of" expr link* "left after" term     — (whole − term) as a share of the whole
 *
 * Left-associative, multiplication and division before addition and subtraction; a comma before "×" or "/"
 * applies it to everything before ("A plus B, divided by C" is (A + B) / C); a verb of relation relates
 * everything said on each side ("A less B as a share of C" is (A − B) / C). Words no rule uses are skipped
 * here and stay unplaced in the span map (where they block the answer with their span named).
 */
import type { PeriodPhrase } from '@/lib/fiscal';
import type { ExpressionNode, MetricRef } from '../types';
import type { FormulaOp } from './formula-lexicon';

export type Item =
  | { k: 'operand'; start: number; end: number; metric: MetricRef; periods: PeriodPhrase[]; average: boolean; perShare: boolean }
  | { k: 'period'; start: number; end: number; phrase: PeriodPhrase }
  | { k: 'attached'; start: number; end: number }
  /** `loose`: a verb of relation ("cover", "as a share of") whose sides are everything before and after it */
  | { k: 'op'; start: number; end: number; op: FormulaOp; loose?: true }
  | { k: '(' | ')'; start: number; end: number }
  | { k: 'num'; start: number; end: number; value: string; text: string }
  | { k: 'avg' | 'avg_after' | 'at_end' | 'ratio_of' | 'share_of' | 'to' | 'link' | 'note' | 'word' | 'comma'; start: number; end: number }
  | { k: 'per_share'; start: number; end: number; basis: 'basic' | 'diluted' | 'outstanding' | '' };

export type Tree =
  | { k: 'operand'; item: Extract<Item, { k: 'operand' }> }
  | { k: 'num'; value: string; text: string }
  | { k: 'op'; op: FormulaOp; args: Tree[]; defines?: Extract<Item, { k: 'operand' }> }
  | { k: 'per_share'; basis: 'basic' | 'diluted' | 'outstanding' | ''; args: Tree[] };

type Parsed = { ok: true; tree: Tree } | { ok: false; why: string };

/** Items the grammar reads (the others — question periods, notes, unknown words — are skipped). */
const GRAMMAR = new Set([
  'operand',
  'op',
  '(',
  ')',
  'num',
  'avg',
  'avg_after',
  'at_end',
  'ratio_of',
  'share_of',
  'to',
  'link',
  'per_share',
  'comma',
]);

export function parseFormula(all: Item[], _question: string): Parsed {
  const items = all.filter((x) => GRAMMAR.has(x.k));
  let i = 0;
  const peek = () => items[i];
  const fail = (why: string): never => {
    throw new ParseError(why);
  };
  const factor = (): Tree => {
    const x = peek();
    if (!x) return fail('a figure is missing');
    if (x.k === '(') {
      i++;
      const e = relation();
      if (peek()?.k !== ')') fail('a parenthesis is not closed');
      i++;
      return e;
    }
    if (x.k === 'avg' || x.k === 'at_end') {
      i++;
      const o = peek();
      if (o?.k !== 'operand') return fail(`“${x.k === 'avg' ? 'average' : 'year-end'}” names no balance`);
      i++;
      if (x.k === 'avg') o.average = true;
      // "average equity (beginning and end of year)": the same average said twice
      if (x.k === 'avg' && peek()?.k === 'avg_after') i++;
      return { k: 'operand', item: o };
    }
    if (x.k === 'ratio_of') {
      i++;
      const a = term();
      if (peek()?.k !== 'to') fail('“ratio of” without “to”');
      i++;
      return { k: 'op', op: 'div', args: [a, term()] };
    }
    if (x.k === 'share_of') {
      i++;
      const whole = factor();
      if (peek()?.k !== 'link') fail('“share of” without the part it goes to');
      while (peek()?.k === 'link') i++;
      // "what share of revenue was left after cost of sales": what remains of the whole is the part
      const left = peek();
      if (left?.k === 'op' && left.op === 'sub') {
        i++;
        return { k: 'op', op: 'share', args: [{ k: 'op', op: 'sub', args: [whole, term()] }, whole] };
      }
      return { k: 'op', op: 'share', args: [factor(), whole] };
    }
    if (x.k === 'num') {
      i++;
      return { k: 'num', value: x.value, text: x.text };
    }
    if (x.k === 'operand') {
      i++;
      if (peek()?.k === 'avg_after') {
        i++;
        x.average = true;
      }
      // "free cash flow (operating cash flow less capex)": the operand as the user defines it
      if (peek()?.k === '(' && items.slice(i + 1).some((y) => y.k === 'op' || y.k === 'avg')) {
        const back = i;
        i++;
        try {
          const e = expr();
          if (peek()?.k === ')' && e.k === 'op') {
            i++;
            return { ...e, defines: x };
          }
        } catch (err) {
          if (!(err instanceof ParseError)) throw err;
        }
        i = back;
      }
      return { k: 'operand', item: x };
    }
    return fail(`unexpected “${x.k}”`);
  };
  const term = (): Tree => {
    let left = factor();
    for (;;) {
      const x = peek();
      if (x?.k === 'per_share') {
        i++;
        left = { k: 'per_share', basis: x.basis, args: [left] };
        continue;
      }
      if (x?.k !== 'op' || x.loose || (x.op !== 'mul' && x.op !== 'div' && x.op !== 'share')) return left;
      i++;
      left = { k: 'op', op: x.op, args: [left, factor()] };
    }
  };
  const expr = (): Tree => {
    let left = term();
    for (;;) {
      const x = peek();
      // "A plus B, divided by C": the comma closes what comes before it
      const grouped = x?.k === 'comma' ? items[i + 1] : null;
      if (grouped?.k === 'op') {
        i += 2;
        left = { k: 'op', op: grouped.op, args: [left, term()] };
        continue;
      }
      if (x?.k === 'comma') {
        i++;
        continue;
      }
      if (x?.k !== 'op' || (x.op !== 'add' && x.op !== 'sub')) return left;
      i++;
      left = { k: 'op', op: x.op, args: [left, term()] };
    }
  };
  const relation = (): Tree => {
    let left = expr();
    for (let x = peek(); x?.k === 'op' && x.loose; x = peek()) {
      i++;
      left = { k: 'op', op: x.op, args: [left, expr()] };
    }
    return left;
  };
  try {
    let tree = relation();
    // "current assets minus current liabilities (working capital)": the name after the formula
    const [open, named, close] = items.slice(i, i + 3);
    if (open?.k === '(' && named?.k === 'operand' && close?.k === ')' && tree.k === 'op') {
      tree = { ...tree, defines: named };
      i += 3;
    }
    // "… went to R&D for Zeta in FY2022": the words linking a share's part to the question's company and period
    while (tree.k === 'op' && tree.op === 'share' && items[i]?.k === 'link') i++;
    if (i < items.length) return { ok: false, why: `“${items[i]!.k}” is left over` };
    if (tree.k === 'operand' || tree.k === 'num') return { ok: false, why: 'no calculation' };
    return { ok: true, tree };
  } catch (e) {
    if (e instanceof ParseError) return { ok: false, why: e.message };
    throw e;
  }
}

class ParseError extends Error {}

/** The expression as text ("Research and development + Selling, general and administrative / Revenue"). */
export function formulaText(node: ExpressionNode): string {
  if (node.kind === 'const') return node.text;
  if (node.kind === 'operand') return `${node.operand.role === 'average' ? 'average ' : ''}${node.operand.metric.label.toLowerCase()}`;
  const sym = { sum: ' + ', difference: ' − ', ratio: ' / ', share: ' as a share of ', product: ' × ' }[node.op];
  return node.args.map((a) => (a.kind === 'op' ? `(${formulaText(a)})` : formulaText(a))).join(sym);
}
