/**
 * Shared steps of the analyses: a figure an analysis cannot do without (else a typed "not available"
 * naming it), the company's fiscal years counted back from the one asked, and how a verdict opens.
 */
import { formatValue } from '@/lib/calc';
import type { CoverChunk } from '@/lib/retrieval/cover-text';
import type { FactRecord } from '@/lib/retrieval/lookup-facts';
import type { Figure, Target } from '../compute';
import type { AnswerPassage } from '../types';
import { lowerFirst } from '../text';
import { type AnalysisEnv, measureLabel } from './env';

/** A figure an analysis needs is not reported: the answer says which, for which period, and stops. */
export class MissingFigure extends Error {
  override name = 'MissingFigure';
  constructor(
    message: string,
    readonly code: 'MISSING_FACT' | 'NOT_APPLICABLE' = 'MISSING_FACT',
  ) {
    super(message);
  }
}

/** The figure of `id` for `target`, or a MissingFigure naming it. */
export async function need(env: AnalysisEnv, id: string, target: Target): Promise<Figure> {
  const r = await env.figure(id, target);
  if (r.ok) return r.figure;
  throw new MissingFigure(r.failure.message || `${measureLabel(id)} for ${target.label} is not reported`);
}

/** The figure of `id` for `target`, or null when it is not reported. */
export async function maybe(env: AnalysisEnv, id: string, target: Target): Promise<Figure | null> {
  const r = await env.figure(id, target);
  return r.ok ? r.figure : null;
}

/** A calculation an analysis cannot do without. */
export function must(f: Figure | null, what: string): Figure {
  if (!f) throw new MissingFigure(`${what} could not be computed (refused by the calculation service)`);
  return f;
}

/** The year asked and up to `n - 1` fiscal years before it, latest first. */
export function yearsBack(env: AnalysisEnv, from: Target, n: number): Target[] {
  const out = [from];
  while (out.length < n) {
    const last = out.at(-1);
    const p = last ? env.prior(last) : null;
    if (!p) break;
    out.push(p);
  }
  return out;
}

/**
 * Figures of `id` over the years asked, latest first, stopping at the first year not reported (the
 * year asked must be reported).
 */
export async function series(env: AnalysisEnv, id: string, years: Target[]): Promise<Figure[]> {
  const out: Figure[] = [];
  for (const [i, y] of years.entries()) {
    const f = i === 0 ? await need(env, id, y) : await maybe(env, id, y);
    if (!f) break;
    out.push(f);
  }
  return out;
}

/** The ratio or margin the question names (the judgement reader found one for every analysis that needs it). */
export function measureOf(env: AnalysisEnv): string {
  if (!env.plan.measure) throw new MissingFigure('the question names no ratio or margin to analyse');
  return env.plan.measure;
}

/** How a yes/no question's answer opens ("Yes — ", "No — "); other questions open with their finding. */
export function opener(env: AnalysisEnv, yes: boolean): string {
  return env.plan.yesNo ? `${yes ? 'Yes' : 'No'} — ` : '';
}

/** "5.11% of revenue in FY2022, 4.53% in FY2021 and 4.66% in FY2020": each figure with its period, cited (`first`: said after the first figure). */
export function sayEach(env: AnalysisEnv, figures: Figure[], first = ''): void {
  figures.forEach((f, i) => {
    env.say
      .text(i === 0 ? '' : i === figures.length - 1 ? ' and ' : ', ')
      .fig(f)
      .text(`${i === 0 ? first : ''} ${env.say.at(f)}`);
  });
}

/** A figure's display without its value segment (for a sentence that cites it elsewhere). */
export function lowerLabel(id: string): string {
  return lowerFirst(measureLabel(id));
}

/** A fact read from a printed table row as a reported figure, labelled by its printed caption. */
export function reportedFigure(fact: FactRecord): Figure {
  return {
    operand: fact,
    value: Number(fact.value),
    exact: fact.value,
    display: formatValue(fact.value, { unit: fact.unit, currency: fact.currency }),
    unit: fact.unit,
    currency: fact.currency,
    period: fact.period,
    basis: 'reported',
    formula: null,
    factIds: [fact.id],
    citations: [fact.citation],
    inputs: [],
    versionBasis: 'latest',
    otherVersions: false,
    flags: [],
    metricLabel: fact.citation.row ?? fact.concept,
    calculation: null,
  };
}

/**
 * The one passage a judgement quotes: a sentence of a filing's chunk (its offsets inside the chunk mark it in the
 * source viewer; a quote with no offsets is cited to the chunk), and how the answer names that filing.
 */
export function quotedPassage(
  env: AnalysisEnv,
  c: CoverChunk,
  quote: string,
  at: { start: number; end: number } | null,
): { passage: AnswerPassage; filing: string } {
  const passage: AnswerPassage = {
    id: 'p1',
    entity: env.ent.entity,
    fiscalYear: c.fiscalYear,
    section: c.section,
    heading: c.heading,
    quote,
    chunkId: c.id,
    sourceId: c.sourceId,
    sourceTitle: c.sourceTitle,
    page: c.page,
    span: at && c.spanStart !== null ? [c.spanStart + at.start, c.spanStart + at.end] : null,
    form: c.form,
    filedAt: c.filedAt,
    accession: c.accession,
  };
  return { passage, filing: `${c.form ?? 'filing'}${c.filedAt ? ` filed ${c.filedAt}` : ''}` };
}
