/**
 * Optional LLM intent proposal. The model proposes (companies, measure, periods, operation) as a zod
 * object; the deterministic validator has the last word: companies must be in the catalog, the
 * measure in the ontology, every period a phrase that occurs in the question and parses — the model
 * can never introduce a period the user did not ask for.
 */
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { generateObject } from 'ai';
import { z } from 'zod';
import { normalizeAlias } from '@/lib/domain/names';
import { parsePeriodPhrase } from '@/lib/fiscal';
import { DERIVED_METRICS, METRICS } from '@/lib/ontology/metrics';
import type { CatalogEntity } from './catalog';
import { matchMetrics } from './match-metric';
import { OPERATIONS, type Intent, type PlanResult } from './types';
import { readVersionBasis } from './version-basis';

export const intentProposalSchema = z.object({
  companies: z.array(z.string()).min(1).max(6),
  measure: z.string(),
  periods: z.array(z.string()).min(1).max(12),
  operation: z.enum(OPERATIONS),
  scope: z.enum(['consolidated', 'standalone']).default('consolidated'),
});
export type IntentProposal = z.infer<typeof intentProposalSchema>;

export type Validation = { ok: true; intent: Intent; notes: string[] } | { ok: false; problems: string[] };

/** Check a proposal against the catalog, the ontology and the question's own words. */
export function validateProposal(question: string, p: IntentProposal, catalog: CatalogEntity[]): Validation {
  const problems: string[] = [];
  const entities = p.companies.map((name) => {
    const n = normalizeAlias(name);
    const hits = catalog.filter(
      (e) =>
        normalizeAlias(e.name) === n ||
        normalizeAlias(e.legalName ?? '') === n ||
        e.ticker?.toLowerCase() === name.toLowerCase() ||
        e.aliases.some((a) => a.normalized === n),
    );
    if (hits.length !== 1) problems.push(hits.length ? `“${name}” matches several companies` : `“${name}” is not a known company`);
    return hits[0];
  });
  const metricHit =
    METRICS.find((m) => m.id === p.measure) ?? DERIVED_METRICS.find((m) => m.id === p.measure) ?? matchMetrics(p.measure).mentions[0]?.ref;
  const metricRef = metricHit ? ('kind' in metricHit ? metricHit : (matchMetrics(metricHit.label).mentions[0]?.ref ?? null)) : null;
  if (!metricRef) problems.push(`“${p.measure}” is not a known measure`);
  const lower = question.toLowerCase();
  const periods = p.periods.map((text) => {
    if (!lower.includes(text.toLowerCase())) problems.push(`period “${text}” does not occur in the question`);
    const spec = parsePeriodPhrase(text);
    if (!spec) problems.push(`“${text}” is not a period`);
    return { text, spec: spec!, forMetric: null };
  });
  // the version the question names is read by the same rules as the deterministic planner's (never dropped)
  const version = readVersionBasis(question);
  if (version.clarification) problems.push(`the version words need a clarification: ${version.clarification.question}`);
  if (problems.length) return { ok: false, problems };
  const ents = entities.map((e) => ({ id: e!.id, name: e!.name, ticker: e!.ticker }));
  return {
    ok: true,
    intent: {
      entities: ents,
      metric: metricRef!,
      operation: p.operation,
      periods,
      range: null,
      scope: p.scope,
      basis: version.basis,
      pathway: ents.length > 1 ? 'comparison' : p.operation === 'series' ? 'longitudinal' : 'detail',
    },
    notes: ['intent proposed by the language model and validated against the catalog, ontology and question'],
  };
}

/** Ask the model for an intent when the deterministic planner could not settle one; validate it. */
export async function proposeIntent(
  question: string,
  catalog: CatalogEntity[],
  model: LanguageModelV3,
  fallback: PlanResult,
): Promise<PlanResult> {
  try {
    const { object } = await generateObject({
      model,
      schema: intentProposalSchema,
      temperature: 0,
      system:
        'Extract the companies, the financial measure (an id from the list), the period phrases exactly as written in the question, ' +
        'and the operation. Never invent a period that is not in the question.',
      prompt: JSON.stringify({
        question,
        companies: catalog.map((e) => e.name),
        measures: [...METRICS.map((m) => m.id), ...DERIVED_METRICS.map((m) => m.id)],
      }),
    });
    const v = validateProposal(question, object, catalog);
    if (!v.ok) return { ...fallback, notes: [...fallback.notes, `language-model proposal rejected: ${v.problems.join('; ')}`] };
    return { status: 'planned', intent: v.intent, notes: v.notes };
  } catch (e) {
    return { ...fallback, notes: [...fallback.notes, `language model unavailable: ${(e as Error).message}`] };
  }
}
