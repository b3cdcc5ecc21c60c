/**
 * Optional LLM judge that pre-scores narrative answers with the reviewer rubric (four-tier verdict,
 * five 1–5 dimensions, a rationale). Never required: configured only by JUDGE_BASE_URL + JUDGE_MODEL
 * (an OpenAI-compatible endpoint, JUDGE_API_KEY optional) or by passing a model in. It refuses to
 * judge an answer written by a model of its own family (self-preference bias). Pre-scores are
 * returned to the caller, never written as reviewer verdicts.
 */
import { generateObject } from 'ai';
import { readEnv } from '@/lib/env';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, rowsOf } from '@/lib/db/client';
import { VERDICTS } from '@/lib/db/schema/answers';
import { NARRATIVE_DIMENSIONS } from './narrative';

const score = z.number().int().min(1).max(5);
export const judgeOutputSchema = z.object({
  verdict: z.enum(VERDICTS),
  scores: z.object({ coverage: score, reasoning: score, factual_consistency: score, clarity: score, depth: score }),
  rationale: z.string().min(1).max(4000),
});
export type JudgeOutput = z.infer<typeof judgeOutputSchema>;

export interface JudgeResult extends JudgeOutput {
  judge: string;
  judgeFamily: string;
  generator: string | null;
}

/** Model families by id pattern; the first match wins. */
const FAMILIES: [RegExp, string][] = [
  [/\b(gpt|chatgpt|davinci|o[134](?:-mini)?)\b|openai/, 'openai'],
  [/claude|anthropic/, 'anthropic'],
  [/gemini|gemma|palm|bison|google/, 'google'],
  [/llama|meta/, 'meta'],
  [/mistral|mixtral|codestral|ministral|magistral|pixtral/, 'mistral'],
  [/qwen|qwq/, 'qwen'],
  [/deepseek/, 'deepseek'],
  [/\bphi[- ]?\d/, 'microsoft'],
  [/command|cohere|aya/, 'cohere'],
  [/grok|xai/, 'xai'],
  [/nemotron/, 'nvidia'],
  [/granite/, 'ibm'],
  [/\byi[- ]/, '01ai'],
  [/glm|chatglm/, 'zhipu'],
  [/kimi|moonshot/, 'moonshot'],
];

/**
 * The family of a model id ("openai/gpt-4o-mini", "claude-3-5-haiku", "configured/llama3.1:8b"):
 * a known family by pattern, else the id's first word.
 */
export function modelFamily(id: string): string {
  const s = id.toLowerCase();
  // the model part decides; a provider prefix (a gateway or "configured") only when nothing else matches
  const model = s.includes('/') ? s.slice(s.lastIndexOf('/') + 1) : s;
  for (const [re, fam] of FAMILIES) if (re.test(model)) return fam;
  for (const [re, fam] of FAMILIES) if (re.test(s)) return fam;
  return model.split(/[-:_.\s]/)[0] || s;
}

export class JudgeRefusedError extends Error {
  override name = 'JudgeRefusedError';
  readonly code = 'judge:same_family';
}

/** The judge configured by environment, or null (no judge: reviewers only). */
export function judgeFromEnv(source?: Record<string, string | undefined>): LanguageModelV3 | null {
  const e = readEnv(source);
  if (!e.JUDGE_BASE_URL || !e.JUDGE_MODEL) return null;
  const provider = createOpenAICompatible({ name: 'judge', baseURL: e.JUDGE_BASE_URL, apiKey: e.JUDGE_API_KEY });
  return provider.chatModel(e.JUDGE_MODEL);
}

const modelId = (m: LanguageModelV3) => `${m.provider}/${m.modelId}`;

export const JUDGE_RUBRIC = [
  'You grade an answer to an analyst question about a company’s filings. Judge only against the quoted passages given;',
  'anything the passages do not support counts against factual consistency.',
  'Verdict: "correct" = answers the question fully and faithfully; "partial" = right but incomplete or imprecise;',
  '"incorrect" = wrong or unsupported claims, or the wrong company or period; "failure" = no usable answer.',
  'Scores 1 (poor) to 5 (excellent): coverage (all parts of the question), reasoning (sound inferences, periods kept apart),',
  'factual_consistency (every claim supported by a passage), clarity, depth (specific, non-generic content).',
  'Reply with the JSON object only.',
].join(' ');

export interface JudgeInput {
  model: LanguageModelV3;
  /** the model that wrote the answer ("provider/model"), null when the text is deterministic */
  generator: string | null;
  question: string;
  answer: string;
  passages: { quote: string; source?: string | null; section?: string | null; fiscalYear?: number | null }[];
  /** a reference answer, when one exists */
  reference?: string | null;
}

/** Pre-score one narrative answer; throws JudgeRefusedError when judge and generator share a family. */
export async function judgeNarrative(i: JudgeInput): Promise<JudgeResult> {
  const judge = modelId(i.model);
  const judgeFamily = modelFamily(judge);
  if (i.generator && modelFamily(i.generator) === judgeFamily) {
    throw new JudgeRefusedError(
      `the judge (${judge}) and the generator (${i.generator}) are both ${judgeFamily} models; use a judge of another family`,
    );
  }
  const { object } = await generateObject({
    model: i.model,
    schema: judgeOutputSchema,
    temperature: 0,
    system: JUDGE_RUBRIC,
    prompt: JSON.stringify({
      question: i.question,
      answer: i.answer,
      passages: i.passages,
      reference: i.reference ?? null,
      dimensions: NARRATIVE_DIMENSIONS,
    }),
  });
  return { ...object, judge, judgeFamily, generator: i.generator };
}

export interface Prescore {
  manifestId: string;
  question: string;
  result: JudgeResult | null;
  /** why no result: refused (same family) or the model failed */
  skipped: string | null;
}

/**
 * Pre-score the tenant's narrative answers that no reviewer has judged yet (newest first). The
 * generator of each answer is read from its manifest (versions.languageModel), else `generator`.
 */
export async function prescoreNarratives(
  db: Db,
  tenantId: string,
  model: LanguageModelV3,
  o: { limit?: number; generator?: string | null } = {},
): Promise<Prescore[]> {
  const res = await db.execute(sql`
    select m.id, m.question, m.answer, m.versions
    from manifests m
    where m.tenant_id = ${tenantId} and m.intent->>'plan' = 'planned_narrative'
      and not exists (select 1 from verdicts v where v.manifest_id = m.id)
    order by m.created_at desc, m.id
    limit ${o.limit ?? 50}`);
  type StoredPassage = { quote: string; sourceTitle?: string | null; section?: string | null; fiscalYear?: number | null };
  const rows = rowsOf<{
    id: string;
    question: string;
    answer: { text?: string; passages?: StoredPassage[] } | null;
    versions: Record<string, string> | null;
  }>(res);
  const out: Prescore[] = [];
  for (const r of rows) {
    const generator = r.versions?.languageModel ?? o.generator ?? null;
    try {
      const result = await judgeNarrative({
        model,
        generator,
        question: r.question,
        answer: r.answer?.text ?? '',
        passages: (r.answer?.passages ?? []).map((p) => ({
          quote: p.quote,
          source: p.sourceTitle ?? null,
          section: p.section ?? null,
          fiscalYear: p.fiscalYear ?? null,
        })),
      });
      out.push({ manifestId: r.id, question: r.question, result, skipped: null });
    } catch (e) {
      out.push({
        manifestId: r.id,
        question: r.question,
        result: null,
        skipped: e instanceof JudgeRefusedError ? e.message : `judge failed: ${(e as Error).message}`,
      });
    }
  }
  return out;
}
