import { z } from 'zod';
import { verdictSchema } from './verdict';
import { CONTEXT_SLOTS } from './read/context';
import type { PeriodSpec } from '@/lib/fiscal';

export const OPERATIONS = ['value', 'growth', 'change', 'ttm', 'series', 'expression', 'cagr', 'average', 'breakdown'] as const;
export type Operation = (typeof OPERATIONS)[number];
export const PATHWAYS = ['detail', 'comparison', 'longitudinal'] as const;
export type Pathway = (typeof PATHWAYS)[number];

export const entityRefSchema = z.object({ id: z.string(), name: z.string(), ticker: z.string().nullable() });
export type EntityRef = z.infer<typeof entityRefSchema>;

export const metricRefSchema = z.object({
  id: z.string(),
  label: z.string(),
  /** base: a stored metric; derived: computed by lib/calc from base metrics */
  kind: z.enum(['base', 'derived']),
  op: z.enum(['margin', 'ratio', 'free_cash_flow']).nullable(),
  numerator: z.string().nullable(),
  denominator: z.string().nullable(),
  periodType: z.enum(['instant', 'duration']),
  /** the ontology formula (lib/ontology/formulas.ts) a derived measure evaluates; absent for stored metrics */
  formulaId: z.string().optional(),
  /** dimension members the figure is restricted to ({ axis: member }); absent or empty = the consolidated total */
  dimensions: z.record(z.string(), z.string()).optional(),
  /** the member as the filing labels it ("iPhone"), for text and the popover */
  memberLabel: z.string().optional(),
  /** a day count the question states for a days measure ("DSO, 365 days"): used in place of the days in the period */
  dayCount: z.number().int().positive().optional(),
  /** the figure as a filing's cover page gives it (dei), dated at the cover's own date: "on the cover of the Q3 10-Q" */
  cover: z.literal(true).optional(),
});
export type MetricRef = z.infer<typeof metricRefSchema>;

/** A period phrase as written; resolved per entity (each entity's own calendar) at execution. */
export const periodRequestSchema = z.object({
  text: z.string(),
  /** calendar-independent meaning (lib/fiscal PeriodSpec) */
  spec: z.custom<PeriodSpec>((v) => typeof v === 'object' && v !== null && typeof (v as { type?: unknown }).type === 'string'),
  /** which metric the period is pinned to ("using FY2025 operating profit"); null = the whole question */
  forMetric: z.string().nullable(),
  /** which entity the period belongs to ("Tesla's Q3 2021 … next to Snowflake's Q3 FY2022"); absent = every entity */
  forEntity: z.string().max(200).nullable().optional(),
});
export type PeriodRequest = z.infer<typeof periodRequestSchema>;

/** A filing named by form and fiscal period ("the 2021 10-K"), found among the entity's filings at execution. */
const filingNameSchema = z.object({
  form: z.enum(['10-K', '10-K/A', '10-Q', '10-Q/A', '20-F', '20-F/A', '40-F', 'annual']),
  fiscalYear: z.union([z.number().int().min(1900).max(2200), z.literal('latest')]),
  fiscalPeriod: z.enum(['FY', 'Q1', 'Q2', 'Q3']),
  text: z.string().max(200),
});

/** Which version of a fact (lib/domain Basis; lib/planner/version-basis reads it from the question). */
export const basisSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('latest'), require: z.enum(['restatement', 'split']).optional() }),
  z.object({ kind: z.literal('original'), require: z.literal('split').optional() }),
  z.object({ kind: z.literal('as_of'), date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
  z.object({ kind: z.literal('pre_split') }),
  z.object({ kind: z.literal('filing'), name: filingNameSchema, require: z.literal('restatement').optional() }),
]);

/**
 * One operand of an explicit calculation: a measure over a period (of the intent's entity). `role`:
 * `average` — the mean of the balances at the opening and the close of the period (a duration);
 * absent — the measure over the period (a balance asked over a duration is its balance at the period's end).
 */
export const operandSchema = z.object({
  metric: metricRefSchema,
  period: periodRequestSchema,
  role: z.literal('average').optional(),
});
export type ExpressionOperand = z.infer<typeof operandSchema>;

export const EXPRESSION_OPS = ['sum', 'difference', 'ratio', 'share', 'product'] as const;
export type ExpressionOp = (typeof EXPRESSION_OPS)[number];

/** An explicit calculation the question asks for ("Q1 plus Q2 revenue", "net income divided by revenue", "(A + B) / C"). */
export type ExpressionNode =
  | { kind: 'operand'; operand: ExpressionOperand }
  /** a number the question writes into its formula ("times 365", "minus 1") */
  | { kind: 'const'; value: string; text: string }
  /**
   * `combined`: a sum of one measure over periods taken together ("Q1 and Q2 combined", "together",
   * "in total", "cumulative"): a ratio is computed over the combined span. Without it, a sum adds the
   * figures as written ("plus", "add"), which a ratio refuses.
   * `atEnd`: the formula the user states divides a flow by a balance at the flow's end (or the reverse):
   * "ROE computed as net income over equity at year end", "dividends per share outstanding at year end".
   */
  | { kind: 'op'; op: ExpressionOp; args: ExpressionNode[]; combined?: true; atEnd?: true; unit?: 'times' | 'days' };
export const expressionSchema: z.ZodType<ExpressionNode> = z.lazy(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('operand'), operand: operandSchema }),
    z.object({ kind: z.literal('const'), value: z.string().regex(/^-?\d+(?:\.\d+)?$/), text: z.string().max(40) }),
    z.object({
      kind: z.literal('op'),
      op: z.enum(EXPRESSION_OPS),
      args: z.array(expressionSchema).min(2).max(12),
      combined: z.literal(true).optional(),
      atEnd: z.literal(true).optional(),
      /** a pure quotient said as a multiple ("how many times") or in days ("365 / turnover") */
      unit: z.enum(['times', 'days']).optional(),
    }),
  ]),
);

/** A formula the user states for a measure the library defines otherwise: computed as written, and said. */
export const statedFormulaSchema = z.object({
  /** the measure the formula is stated for ("return on equity") */
  measure: z.string().max(200),
  /** how the library computes it ("net income / average total equity") */
  library: z.string().max(400),
});

/** Output instructions stated in the question ("round to two decimal places", "in USD millions"). */
export const instructionsSchema = z.object({
  decimals: z.number().int().min(0).max(10).optional(),
  scale: z.enum(['thousands', 'millions', 'billions', 'trillions']).optional(),
  /** the answer is wanted as a percent ("as a percentage", "in units of percents"), or a per-share amount in cents ("in cents") */
  unit: z.enum(['percent', 'cents']).optional(),
  /** the currency the answer is wanted in ("in USD millions", "in euros"): Ledgerline never converts, a figure in another currency is refused */
  currency: z.enum(['USD', 'EUR', 'GBP', 'INR', 'JPY', 'CNY']).optional(),
  statement: z.enum(['income_statement', 'balance_sheet', 'cash_flow_statement']).optional(),
  /** a yes/no threshold or a ranking the question asks of its figures (said from them, never instead of them) */
  verdict: verdictSchema.optional(),
});

/** The typed intent of a question: what the validator accepts from the deterministic planner or an LLM. */
export const intentSchema = z.object({
  entities: z.array(entityRefSchema).min(1).max(20),
  metric: metricRefSchema,
  operation: z.enum(OPERATIONS),
  /** growth/change: against the same position a year earlier (default) or the period just before */
  comparison: z.enum(['year_over_year', 'sequential']).optional(),
  /** growth/change: one rate per period named ("growth in each of FY2024, FY2025 and FY2026"), each against its own comparable prior — never one rate from the first to the last */
  each: z.literal(true).optional(),
  /** growth/change: the measure's value is asked too ("fiscal 2025 revenue and its percentage change from fiscal 2024"): the later period's figure is given beside the rate */
  withValue: z.literal(true).optional(),
  /** operation 'expression': the calculation as asked, each operand with its own period */
  expression: expressionSchema.optional(),
  /** operation 'breakdown': the axis whose members break the figure down ("revenue by product"), as named and as filed */
  breakdown: z.object({ label: z.string().max(200), axes: z.array(z.string().max(300)).min(1).max(20) }).optional(),
  /** operation 'expression': the formula is stated for a measure the library computes otherwise (said in the answer) */
  statedFormula: statedFormulaSchema.optional(),
  instructions: instructionsSchema.optional(),
  /** the requested periods, in the order asked (growth: later last is fine; the executor orders them) */
  periods: z.array(periodRequestSchema).min(1).max(40),
  /** a year range for series ("FY2018–FY2021"), inclusive, as fiscal years; for a CAGR or an average its first and last fiscal year */
  range: z.object({ from: z.number().int(), to: z.number().int() }).nullable(),
  /** operation 'average' over one fiscal year's quarters ("average quarterly revenue in 2025"), not over fiscal years */
  averagePer: z.literal('quarter').optional(),
  scope: z.enum(['consolidated', 'standalone']),
  basis: basisSchema,
  /** two versions of the figure side by side ("originally reported vs restated"); `basis` is the first */
  versions: z.array(basisSchema).min(2).max(2).optional(),
  pathway: z.enum(PATHWAYS),
  /** scopes pinned to operands of a derived measure ("consolidated profit / standalone revenue") */
  operandScopes: z.record(z.string(), z.enum(['consolidated', 'standalone'])).optional(),
  /** a follow-up: the slots taken from the thread's previous intent (shown to the analyst, who may remove them) */
  carried: z.array(z.enum(CONTEXT_SLOTS)).max(CONTEXT_SLOTS.length).optional(),
});
export type Intent = z.infer<typeof intentSchema>;

export interface Clarification {
  question: string;
  /** chip labels */
  options: string[];
  /** per option, the question it stands for (re-asked on the server when the chip is chosen) */
  rewrites?: (string | null)[];
  /** per option, the intent it stands for, planned with the choice made (answered as it is when the chip is chosen) */
  intents?: (Intent | null)[];
}

/** A question about what filings say (risk factors, MD&A) rather than a number. */
export const narrativeIntentSchema = z.object({
  entities: z.array(entityRefSchema).min(1),
  topic: z.string().min(1),
  periods: z.array(periodRequestSchema),
  pathway: z.enum(PATHWAYS),
});
export type NarrativeIntent = z.infer<typeof narrativeIntentSchema>;

import type { FilingRef } from './narrative';
import type { SpanEntry } from './spans';
import type { ReaderName } from './read/types';

/**
 * The parts of a mixed question ("What was NVIDIA's revenue in fiscal 2025 and what drove its growth?"): the
 * clauses asking for figures, planned as a figure question of their own, and the clauses asking what the
 * filings say. Each part is answered by its own pathway into one answer; a part asked back leaves the other
 * answered.
 */
export interface QuestionParts {
  figures: { text: string; plan: PlanResult };
  narrative: { text: string };
}

/** Every plan carries the span map: which words became which role. */
export type PlanResult = (
  | {
      status: 'planned';
      intent: Intent;
      notes: string[] /** misspelt measure words read as the measure words shown */;
      corrections?: { from: string; to: string }[] /** the other measures the question names, each answered as `intent` is */;
      also?: Intent[];
    }
  | {
      status: 'planned_narrative';
      narrative: NarrativeIntent & { filings?: FilingRef[]; topicTerms?: string[]; topics?: string[] };
      notes: string[];
      /** a mixed question: the parts it asks, each planned on its own words (the narrative part is `narrative`) */
      parts?: QuestionParts;
    }
  | { status: 'needs_clarification'; clarification: Clarification; partial: Partial<Intent>; notes: string[]; askedBy?: ReaderName }
  | { status: 'insufficient_evidence'; missing: string; partial: Partial<Intent>; notes: string[]; askedBy?: ReaderName }
) & { spans?: SpanEntry[] };
