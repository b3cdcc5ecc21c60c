/**
 * Runs the narrative golden set: each question is planned by the narrative classifier
 * (lib/planner/narrative) and answered by lib/answer/answer-narrative; a question the classifier does
 * not read as narrative goes through the whole answerQuestion path. Scored by narrative-set.ts.
 */
import { answerNarrative } from '@/lib/answer/answer-narrative';
import { answerQuestion } from '@/lib/answer/answer-question';
import type { Answer } from '@/lib/answer/types';
import type { Database } from '@/lib/db/client';
import { DEMO_TENANT_ID } from '@/lib/demo/seed';
import { loadEntityCatalog } from '@/lib/planner/catalog';
import { planNarrative } from '@/lib/planner/narrative';
import { citedChunks, scoreNarrative, type NarrativeItem, type NarrativeScore } from './narrative-set';

/** One narrative question, answered the way the planner will once it calls the classifier. */
export async function askNarrative(database: Database, tenantId: string, question: string): Promise<Answer> {
  const t0 = performance.now();
  const catalog = await loadEntityCatalog(database.db, tenantId);
  const plan = planNarrative(question, { catalog });
  const done = (a: Omit<Answer, 'timingMs' | 'manifestId'>): Answer => ({
    ...a,
    manifestId: null,
    timingMs: Math.round(performance.now() - t0),
  });
  if (plan.status === 'planned_narrative') {
    return done(
      await answerNarrative({
        db: database.db,
        tenantId,
        role: 'analyst',
        narrative: plan.narrative,
        trace: { lookups: [], calculations: [] },
        question,
      }),
    );
  }
  if (plan.status === 'not_narrative')
    return answerQuestion({ db: database.db, tenantId, userId: null, role: 'analyst', question, store: false });
  const text = plan.status === 'needs_clarification' ? plan.clarification.question : plan.missing;
  return done({
    status: plan.status,
    pathway: 'detail',
    text,
    segments: [{ type: 'text', text }],
    values: [],
    passages: [],
    clarification: plan.status === 'needs_clarification' ? plan.clarification : null,
    errors: plan.status === 'insufficient_evidence' ? [{ code: 'MISSING_FILING', message: plan.missing, factIds: [] }] : [],
    intent: null,
    table: null,
  });
}

export interface NarrativeRun {
  set: string;
  scores: NarrativeScore[];
  answers: Answer[];
}

export async function runNarrativeSet(
  database: Database,
  name: string,
  items: NarrativeItem[],
  tenantId = DEMO_TENANT_ID,
): Promise<NarrativeRun> {
  const answers: Answer[] = [];
  for (const item of items) answers.push(await askNarrative(database, tenantId, item.question));
  const chunks = await citedChunks(database.db, answers);
  return { set: name, scores: items.map((item, i) => scoreNarrative(item, answers[i]!, chunks)), answers };
}
