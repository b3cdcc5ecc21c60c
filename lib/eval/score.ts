/**
 * Scoring of answers against golden questions, with the rules of ../shared/eval/README.md:
 * - answered: every expected value matched by a returned value within relative tolerance of `value`
 *   (or of an `accept` alternative), with `period.end` equal and, for durations, `period.start` equal;
 * - insufficient_evidence: the answer abstains (insufficient_evidence or needs_clarification) with no value;
 * - a returned value whose period matches none of the expected periods is a period-mismatch escape.
 * On top: "supported" = the matched values' citations point to facts with those bounds.
 */
import type { Answer, AnswerValue } from '@/lib/answer/types';

export interface GoldenValue {
  value: number;
  start?: string;
  end: string;
  period_type: 'instant' | 'duration';
  tol: number;
  accept?: number[];
}

export interface GoldenItem {
  id: string;
  question: string;
  expect: { status: 'answered' | 'insufficient_evidence' | 'rejected' | 'needs_clarification'; values?: GoldenValue[]; codes?: string[] };
  note?: string;
  /** optional grouping for reports */
  category?: string;
  /** a competent analyst would answer (or refuse) without asking back: a clarification here is an ask-back miss */
  unambiguous?: boolean;
}

export type TemporalFailureClass =
  | 'extraction_mismatch'
  | 'missing_period'
  | 'period_filter_error'
  | 'wrong_rerank'
  | 'header_loss'
  | 'unsupported_cross_period_join'
  | 'citation_mismatch';

export interface ItemScore {
  id: string;
  pathway: string;
  expectedStatus: string;
  status: string;
  answered: boolean;
  correct: boolean;
  supported: boolean;
  escapes: number;
  abstainExpected: boolean;
  correctAbstention: boolean;
  latencyMs: number;
  failure: { finrate: string; temporal: TemporalFailureClass | null; detail: string } | null;
}

/** Fact bounds by id, to check that citations point to facts with the value's bounds. */
export type FactBounds = Map<string, { start: string | null; end: string }>;

function within(x: number, target: number, tol: number): boolean {
  return Math.abs(x - target) <= Math.abs(target) * tol + 1e-12;
}

function periodMatches(v: AnswerValue, g: GoldenValue): boolean {
  if (v.period.end !== g.end) return false;
  if (g.period_type === 'duration') return v.period.type === 'duration' && v.period.start === g.start;
  return v.period.type === 'instant';
}

function valueMatches(v: AnswerValue, g: GoldenValue): boolean {
  return periodMatches(v, g) && [g.value, ...(g.accept ?? [])].some((t) => within(v.value, t, g.tol));
}

/** Every citation of the value (or of each input) names a fact whose bounds equal that figure's period. */
export function citationsSupport(v: AnswerValue, facts: FactBounds): boolean {
  const figures = v.inputs.length ? v.inputs : [v];
  if (v.factIds.length === 0) return false;
  for (const f of figures) {
    if (f.citations.length === 0) return false;
    for (const c of f.citations) {
      const b = facts.get(c.factId);
      if (!b) return false;
      if (b.end !== f.period.end || (f.period.type === 'duration' && b.start !== f.period.start)) {
        // a derived input (FY − 9M) cites facts of its own inputs, which must still lie inside it
        if (f.basis !== 'derived' || b.end > f.period.end) return false;
      }
    }
  }
  return true;
}

/** Typed codes that say the periods were read or combined wrongly (a temporal misunderstanding). */
const TEMPORAL_CODES = new Set([
  'INSTANT_DURATION_MIX',
  'PERIOD_MISMATCH',
  'PERIOD_LENGTH_MISMATCH',
  'FISCAL_POSITION_MISMATCH',
  'OVERLAPPING_INTERVALS',
  'NON_CONTIGUOUS_PERIODS',
  'AMBIGUOUS_PERIOD',
]);
/** Codes of a calculation refused on its numbers. */
const CALC_CODES = new Set([
  'IMPLAUSIBLE_RESULT',
  'NEGATIVE_BASE',
  'DIVIDE_BY_ZERO',
  'SIGN_CONVENTION',
  'MIXED_BASIS',
  'RESTATEMENT_CONFLICT',
  'VERSION_CHAIN_MISMATCH',
]);

/** Why an answerable question was not answered: a rejection on temporal grounds, on the numbers, a question back, or missing evidence. */
function notAnsweredFailure(answer: Answer): NonNullable<ItemScore['failure']> {
  const codes = answer.errors.map((e) => e.code);
  const detail = `answered ${answer.status}${codes.length ? ` [${[...new Set(codes)].join(', ')}]` : ''}: ${answer.text.slice(0, 160)}`;
  if (answer.status === 'rejected' && codes.some((c) => TEMPORAL_CODES.has(c)))
    return { finrate: 'understanding_temporal', temporal: 'period_filter_error', detail };
  if (answer.status === 'rejected' && codes.some((c) => CALC_CODES.has(c)))
    return { finrate: 'reasoning_calculation', temporal: null, detail };
  if (answer.status === 'needs_clarification') return { finrate: 'understanding_query', temporal: null, detail };
  return { finrate: 'retrieval_missing_evidence', temporal: 'missing_period', detail };
}

export function scoreItem(item: GoldenItem, answer: Answer, facts: FactBounds): ItemScore {
  const exp = item.expect;
  const abstainExpected = exp.status !== 'answered';
  const answered = answer.status === 'answered' && answer.values.length > 0;
  const golden = exp.values ?? [];
  const escapes = answer.values.filter((v) => !golden.some((g) => periodMatches(v, g))).length;
  let correct = false;
  let supported = false;
  let failure: ItemScore['failure'] = null;
  if (exp.status === 'answered') {
    const matched = golden.map((g) => answer.values.find((v) => valueMatches(v, g)));
    correct = answered && matched.every(Boolean) && escapes === 0;
    supported = correct && matched.every((v) => citationsSupport(v!, facts));
    if (!correct) {
      const periodOnly = golden.map((g) => answer.values.find((v) => periodMatches(v, g)));
      if (escapes > 0)
        failure = {
          finrate: 'understanding_temporal',
          temporal: 'period_filter_error',
          detail: `${escapes} value(s) for periods not asked`,
        };
      else if (!answered) failure = notAnsweredFailure(answer);
      else if (periodOnly.every(Boolean))
        failure = {
          finrate: 'reasoning_calculation',
          temporal: 'extraction_mismatch',
          detail: `values ${answer.values.map((v) => v.value).join(', ')} vs ${golden.map((g) => g.value).join(', ')}`,
        };
      else failure = { finrate: 'generation_incomplete', temporal: 'missing_period', detail: 'an expected value is missing' };
    } else if (!supported) {
      failure = {
        finrate: 'generation_unfaithful',
        temporal: 'citation_mismatch',
        detail: 'citations do not point to facts with the value’s bounds',
      };
    }
  } else {
    const abstained = answer.values.length === 0 && answer.status !== 'answered';
    // an invalid join (shared README): refused, or asked back with a clarification, carrying no number; the
    // project's own sets may also name the typed error codes the refusal must carry (then only a refusal counts)
    const refused =
      answer.values.length === 0 && answer.status === 'rejected' && (exp.codes ?? []).every((c) => answer.errors.some((e) => e.code === c));
    const askedBack =
      !exp.codes?.length &&
      answer.values.length === 0 &&
      answer.status === 'needs_clarification' &&
      Boolean(answer.clarification?.question);
    const wanted = exp.status === 'rejected' ? refused || askedBack : abstained;
    correct = wanted;
    supported = wanted;
    if (!wanted) {
      failure = answer.values.length
        ? {
            finrate: 'understanding_temporal',
            temporal: exp.status === 'rejected' ? 'unsupported_cross_period_join' : 'period_filter_error',
            detail: `answered with ${answer.values.map((v) => `${v.display} ${v.period.label}`).join(', ')} instead of ${exp.status}`,
          }
        : {
            finrate: 'understanding_query',
            temporal: null,
            detail: `${answer.status} instead of ${exp.status}${exp.codes ? ` ${exp.codes.join(',')}` : ''}`,
          };
    }
  }
  return {
    id: item.id,
    pathway: answer.pathway,
    expectedStatus: exp.status,
    status: answer.status,
    answered,
    correct,
    supported,
    escapes: abstainExpected ? answer.values.length : escapes,
    abstainExpected,
    correctAbstention: abstainExpected && correct,
    latencyMs: answer.timingMs,
    failure,
  };
}

/** Wilson score interval (95%) for k successes out of n. */
export function wilson(k: number, n: number, z = 1.96): { rate: number; low: number; high: number; k: number; n: number } {
  if (n === 0) return { rate: 0, low: 0, high: 0, k, n };
  const p = k / n;
  const d = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / d;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return { rate: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half), k, n };
}

export function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

export interface Report {
  n: number;
  answerRate: ReturnType<typeof wilson>;
  correctSupportedRate: ReturnType<typeof wilson>;
  periodMismatchEscapeRate: ReturnType<typeof wilson>;
  correctAbstentionRate: ReturnType<typeof wilson>;
  latencyP50: number;
  latencyP95: number;
}

export function report(scores: ItemScore[]): Report {
  const n = scores.length;
  const abst = scores.filter((s) => s.abstainExpected);
  return {
    n,
    answerRate: wilson(scores.filter((s) => s.answered).length, n),
    correctSupportedRate: wilson(scores.filter((s) => s.supported).length, n),
    periodMismatchEscapeRate: wilson(scores.filter((s) => s.escapes > 0).length, n),
    correctAbstentionRate: wilson(abst.filter((s) => s.correctAbstention).length, abst.length),
    latencyP50: percentile(
      scores.map((s) => s.latencyMs),
      50,
    ),
    latencyP95: percentile(
      scores.map((s) => s.latencyMs),
      95,
    ),
  };
}
