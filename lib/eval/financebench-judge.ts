/**
 * The optional LLM judge of the FinanceBench eval: given the question, the gold answer and the first
 * 300 words of Ledgerline's answer, it says whether the answer is correct, incorrect or an abstention
 * (the FinanceBench paper's three grades). Configured like the narrative judge (JUDGE_BASE_URL +
 * JUDGE_MODEL); it refuses to judge answers written by a model of its own family. Its grade is
 * reported next to the key-fact scorer's, never instead of it.
 */
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { generateObject } from 'ai';
import { z } from 'zod';
import { firstWords, READ_WORDS } from './financebench-keyfacts';
import { JudgeRefusedError, modelFamily } from './judge';

export const financeBenchGradeSchema = z.object({
  grade: z.enum(['correct', 'incorrect', 'abstained']),
  rationale: z.string().min(1).max(2000),
});
export type FinanceBenchGrade = z.infer<typeof financeBenchGradeSchema> & { judge: string };

export const FINANCEBENCH_JUDGE_RUBRIC = [
  'You grade an answer to a question about a company filing against the gold answer.',
  '"correct": the answer states the gold answer’s decisive facts (numbers within rounding, the same yes/no verdict, the same named items);',
  'extra correct detail is fine, and a figure computed under another common definition is fine when the verdict agrees.',
  '"incorrect": it contradicts the gold (another number, the opposite verdict, other items) or misses its decisive fact while claiming an answer.',
  '"abstained": it declines to answer, asks to rephrase or says the information is not available.',
  'Reply with the JSON object only.',
].join(' ');

export interface GradeInput {
  model: LanguageModelV3;
  /** the model that wrote the answer ("provider/model"), null when the text is deterministic */
  generator: string | null;
  question: string;
  gold: string;
  answer: string;
}

/** Grade one answer; throws JudgeRefusedError when the judge and the answer's writer share a family. */
export async function gradeFinanceBench(i: GradeInput): Promise<FinanceBenchGrade> {
  const judge = `${i.model.provider}/${i.model.modelId}`;
  if (i.generator && modelFamily(i.generator) === modelFamily(judge))
    throw new JudgeRefusedError(
      `the judge (${judge}) and the generator (${i.generator}) are the same family; use a judge of another family`,
    );
  const { object } = await generateObject({
    model: i.model,
    schema: financeBenchGradeSchema,
    temperature: 0,
    system: FINANCEBENCH_JUDGE_RUBRIC,
    prompt: JSON.stringify({ question: i.question, gold_answer: i.gold, answer: firstWords(i.answer, READ_WORDS) }),
  });
  return { ...object, judge };
}
