/**
 * The comparison reader: a yes/no threshold or a ranking the question asks of its figures
 * (lib/planner/verdict: "did it exceed $400bn", "which had the highest …"), said from the figures,
 * never instead of them; and a difference across companies, which Ledgerline does not combine.
 */
import { readVerdict } from '../verdict';
import type { PlanResult } from '../types';
import type { Reader, Reading } from './types';

export const comparisonReader: Reader = {
  name: 'comparison',
  read(r) {
    const judged = readVerdict(r.question, r.entities.length);
    r.verdictRead = judged;
    for (const c of judged.claims) if (!r.spans.taken(c.start, c.end)) r.spans.claim(c.start, c.end, 'instruction', c.detail);
    if (judged.verdict) r.instructions.verdict = judged.verdict;
    return null;
  },
};

const ACROSS =
  'A difference between companies is a calculation across companies, which Ledgerline does not combine. Ask for the companies side by side (each figure cited), or for each company’s own change between two periods.';

/**
 * "the difference between Apple's and NVIDIA's revenue", "how much bigger was Apple's revenue than
 * NVIDIA's": one number across companies, which Ledgerline does not combine (each company's own change
 * over time is another question). Asked back; null when the question is no such difference.
 */
export function acrossCompanies(r: Reading): PlanResult | null {
  const { question, entities, metric, notes } = r;
  if (entities.length < 2) return null;
  const partial = { entities, ...(metric ? { metric } : {}) };
  const comparative = /\bhow\s+much\s+(?:more|less|higher|lower|bigger|larger|smaller|greater)\b[^.?!;]*\bthan\b/i.exec(question);
  if (comparative) return { status: 'needs_clarification', clarification: { question: ACROSS, options: [] }, partial, notes };
  const between = /\b(?:difference|gap|delta|spread)\b[^.?!;]*?\bbetween\b/i.exec(question);
  if (!between) return null;
  const after = between.index + between[0].length;
  const firstEntity = r.entityAt.filter((e) => e.start >= after).sort((a, b) => a.start - b.start)[0];
  const firstPeriod = r.phrases.filter((p) => p.start >= after).sort((a, b) => a.start - b.start)[0];
  if (firstEntity && (!firstPeriod || firstEntity.start < firstPeriod.start))
    return { status: 'needs_clarification', clarification: { question: ACROSS, options: [] }, partial, notes };
  return null;
}
