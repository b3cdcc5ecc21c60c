/**
 * Runs the narrative golden set: each question goes through the whole answer path an analyst's takes
 * (answerQuestion: the planner routes it to lib/answer/answer-narrative or the numeric path). Scored by
 * narrative-set.ts.
 */
import { answerQuestion } from '@/lib/answer/answer-question';
import type { Answer } from '@/lib/answer/types';
import type { Database } from '@/lib/db/client';
import { DEMO_TENANT_ID } from '@/lib/demo/seed';
import { citedChunks, scoreNarrative, type NarrativeItem, type NarrativeScore } from './narrative-set';

/** One narrative question, answered the way an analyst's is: the whole answer path (planner, narrative or numeric answer). */
export function askNarrative(database: Database, tenantId: string, question: string): Promise<Answer> {
  return answerQuestion({ db: database.db, tenantId, userId: null, role: 'analyst', question, store: false });
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
