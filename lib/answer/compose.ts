/**
 * The text composer: outcomes of every entity → the answer's values (each with its fact ids,
 * period bounds and inputs), its typed errors, its status and its deterministic text, in which every
 * number is a cited value segment. How one value is said belongs to its operation.
 */
import { formatInstructed, type DisplayInstruction } from '@/lib/format';
import type { Intent } from '@/lib/planner/types';
import { answerPeriod, type Figure } from './compute';
import { operationFor, type Outcome } from './operations';
import type { Stop } from './targets';
import { lowerFirst, periodText, possessive, TextBuilder } from './text';
import type { Answer, AnswerError, AnswerStatus, AnswerValue, PeriodChoice } from './types';
import { calculatedBasisSentence } from './version-note';

export type ComposedAnswer = Omit<Answer, 'timingMs' | 'manifestId'>;

/** The display instruction of an intent (rounding, scale, percent), or undefined when it gives none. */
function displayInstruction(intent: Intent): DisplayInstruction | undefined {
  const i = intent.instructions;
  if (!i || (i.decimals === undefined && !i.scale && !i.unit)) return undefined;
  return {
    ...(i.decimals !== undefined ? { decimals: i.decimals } : {}),
    ...(i.scale ? { scale: i.scale } : {}),
    ...(i.unit ? { unit: i.unit } : {}),
  };
}

/**
 * A figure's display as the question instructed. The answer's own values follow the instruction; an
 * input follows it only when it is measured like the value ("$1,234.57 million = $600.12 million + …"),
 * so the operands of a margin keep their own units. Without an instruction, the calculation's display.
 */
function shown(
  f: { exact: string; display: string; unit: string; currency: string | null },
  ins: DisplayInstruction | undefined,
): { display: string; unit: string } {
  if (!ins) return { display: f.display, unit: f.unit };
  return formatInstructed(f, ins);
}

/** An input's display as instructed (it carries its number as a JS number; exact at the digits shown). */
function inputShown(
  inp: { value: number; unit: string; currency: string | null },
  ins: DisplayInstruction,
): { display: string; unit: string } {
  return formatInstructed({ exact: String(inp.value), unit: inp.unit, currency: inp.currency }, ins);
}

/**
 * What a sum, difference or ratio the question wrote computed: "Change in revenue" (Q2 minus Q1),
 * "Revenue − cost of revenue", "Operating income / revenue" (two measures), the measure itself when one
 * measure is summed over periods. Null for other operations and for a measure the question defines
 * (their operation's label says it).
 */
function expressionLabel(intent: Intent, computed: string): string | null {
  if (intent.operation !== 'expression' || intent.metric.kind === 'derived') return null;
  const root = intent.expression?.kind === 'op' ? intent.expression.op : null;
  return root === 'sum' || root === 'difference' || root === 'ratio' ? computed : null;
}

/**
 * The question's instructions that are conditions, not formats: "in US dollars", "in euros" — a figure
 * measured in another currency is refused (CURRENCY_MISMATCH), never converted or relabelled. Formats
 * (decimals, scale, percent) are applied by `displayInstruction`.
 */
function instructionsMet(intent: Intent, outcomes: Outcome[]): Outcome[] {
  const wanted = intent.instructions?.currency;
  if (!wanted) return outcomes;
  return outcomes.map((o) => {
    const have = o.figure?.currency;
    if (!o.figure || !have || have === wanted) return o;
    const message = `${intent.metric.label} is reported in ${have}, and the question asks for ${wanted}; Ledgerline does not convert currencies`;
    return {
      entity: o.entity,
      ...(o.target ? { target: o.target } : {}),
      failure: { kind: 'rejected', message, errors: [{ code: 'CURRENCY_MISMATCH', message, factIds: o.figure.factIds }] },
    };
  });
}

export function compose(intent: Intent, computed: Outcome[], stop: Stop[]): ComposedAnswer {
  const outcomes = instructionsMet(intent, computed);
  const operation = operationFor(intent);
  const tb = new TextBuilder();
  const values: AnswerValue[] = [];
  const errors: AnswerError[] = [];
  const label = operation.label(intent);
  const metricWords = lowerFirst(intent.metric.label);
  const base = (status: AnswerStatus, clarification: Answer['clarification']): ComposedAnswer => {
    const text = tb.toString().replace(/\s+/g, ' ').trim();
    return {
      status,
      pathway: intent.pathway,
      text,
      segments: tb.segments,
      values,
      passages: [],
      clarification,
      errors,
      intent,
      table: null,
    };
  };

  const asking = stop.filter((s) => s.status === 'needs_clarification');
  if (asking.length > 0 && outcomes.every((o) => !o.figure)) {
    // every company asked about at once (a comparison or ranking answers once each one's period is chosen)
    const message = asking.map((s) => s.message).join(' ');
    tb.text(message);
    return base('needs_clarification', { question: message, ...stopChips(asking) });
  }

  const instruction = displayInstruction(intent);
  let n = 0;
  /** values produced by another operation than the intent's (said by it) */
  const sayer = new Map<string, typeof operation>();
  /** the calculation behind each value (a change, a derived Q4, a sum), read by its sayer */
  const calculationOf = new Map<string, Figure['calculation']>();
  for (const o of outcomes) {
    if (!o.figure) continue;
    const f = o.figure;
    const id = `v${++n}`;
    const ent = o.entity;
    const via = o.via && o.via !== operation ? o.via : null;
    if (via) sayer.set(id, via);
    calculationOf.set(id, f.calculation);
    const opName = via ? via.handles[0]! : intent.operation;
    const own = shown(f, instruction);
    values.push({
      id,
      // a calculation's figure names what it computed ("Change in revenue" for Q2 minus Q1), not only the measure asked
      label: o.label ?? (via ? via.label(intent) : (expressionLabel(intent, f.metricLabel) ?? label)),
      entity: ent.entity,
      metric:
        opName === 'value' || opName === 'series' || o.part?.role === 'member' || o.part?.role === 'total'
          ? intent.metric.id
          : `${intent.metric.id}_${opName}`,
      value: f.unit === 'pp' ? f.value / 100 : f.value,
      display: own.display,
      unit: own.unit === 'pp' ? 'ratio' : own.unit,
      currency: f.currency,
      period: answerPeriod(f.period, ent.calendars),
      basis: f.basis,
      formula: f.formula,
      factIds: f.factIds,
      citations: f.citations,
      scope: intent.scope,
      versionBasis: f.versionBasis,
      otherVersions: f.otherVersions,
      ...(f.version ? { version: f.version } : {}),
      flags: f.flags,
      ...(o.part ? { part: o.part } : {}),
      inputs: f.inputs.map((inp) => ({
        ...inp,
        ...(instruction && inp.unit === f.unit && inp.currency === f.currency ? inputShown(inp, instruction) : {}),
        id: `${id}.${inp.id}`,
      })),
    });
  }

  for (const o of outcomes) {
    if (o.failure)
      for (const e of o.failure.errors) errors.push({ code: e.code, message: `${o.entity.entity.name}: ${e.message}`, factIds: e.factIds });
  }
  for (const s of stop)
    errors.push({
      code: s.status === 'rejected' ? 'INSTANT_DURATION_MIX' : s.status === 'needs_clarification' ? 'AMBIGUOUS_PERIOD' : 'MISSING_FACT',
      message: s.message,
      factIds: [],
    });

  if (intent.pathway === 'comparison' && values.length > 0) {
    tb.text(
      `${intent.metric.label}${intent.operation === 'value' ? '' : ` (${intent.operation})`}, each company on its own fiscal calendar: `,
    );
    values.forEach((v, i) => {
      tb.text(`${i ? '; ' : ''}${v.entity.name} `)
        .value(v.id, v.display)
        .text(` for ${periodText(v.period)}`);
    });
    tb.text('.');
  } else if (!operation.sayAll?.(tb, values, intent)) {
    for (const v of values) {
      (sayer.get(v.id) ?? operation).say({
        tb,
        v,
        intent,
        name: possessive(v.entity.name),
        metricWords,
        calculation: calculationOf.get(v.id) ?? null,
      });
      tb.text(' ');
    }
  }
  // a stored value says its own version when its operation says it (lib/answer/operations/value); otherwise once here
  tb.text(calculatedBasisSentence(values, intent.basis, intent.pathway !== 'comparison' && intent.operation === 'value'));
  const missing = outcomes.filter((o) => o.failure);
  for (const o of missing) {
    const code = o.failure!.errors[0]?.code;
    if (o.failure!.kind === 'rejected') tb.text(` Refused for ${o.entity.entity.name} [${code}]: ${o.failure!.message}.`);
    else tb.text(` Not available for ${o.entity.entity.name}: ${o.failure!.message}. Ledgerline does not substitute another period.`);
  }
  for (const s of stop) tb.text(` ${s.message}`);

  const rejectedAny = missing.some((o) => o.failure!.kind === 'rejected') || stop.some((s) => s.status === 'rejected');
  const status: AnswerStatus =
    values.length > 0
      ? 'answered'
      : rejectedAny
        ? 'rejected'
        : stop.some((s) => s.status === 'needs_clarification')
          ? 'needs_clarification'
          : 'insufficient_evidence';
  const table = operation.table
    ? values.length > 0
      ? operation.table(values, intent)
      : null
    : intent.pathway !== 'detail' && values.length > 0
      ? {
          columns: ['Company', 'Period', 'Dates', label],
          rows: values.map((v) => ({ valueId: v.id, cells: [v.entity.name, v.period.label, v.period.dateRange, v.display] })),
        }
      : null;
  const chips = asking.some((s) => s.options?.length) ? { question: 'Choose the period for each company:', ...stopChips(asking) } : null;
  return { ...base(status, chips ?? alternativesOf(missing, operation.alternatives?.(intent, status) ?? null)), table };
}

/** The chips of the companies asked about: each option with its typed choice, named by company when several are asked. */
function stopChips(asking: Stop[]): { options: string[]; choices?: (PeriodChoice | null)[] } {
  const several = asking.length > 1;
  const options = asking.flatMap((s) =>
    (s.options ?? []).map((o, i) => (several && s.choices?.[i] ? `${s.choices[i]!.entityName}: ${o}` : o)),
  );
  const choices = asking.flatMap((s) => (s.options ?? []).map((_, i) => s.choices?.[i] ?? null));
  return choices.some(Boolean) ? { options, choices } : { options };
}

/**
 * The chips of an answer: what a refusal offers in its own right (the figure the filing reports for
 * a window that was refused, lib/answer/compute refuseWindow) first, then the operation's.
 */
function alternativesOf(failed: Outcome[], fromOperation: Answer['clarification']): Answer['clarification'] {
  const own = [...new Set(failed.flatMap((o) => o.failure?.alternatives ?? []))];
  if (own.length === 0) return fromOperation;
  const options = [...new Set([...own, ...(fromOperation?.options ?? [])])];
  return { question: fromOperation?.question ?? 'Ask for a valid figure instead:', options, rewrites: options };
}
