import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { judgeFromEnv, judgeNarrative, JudgeRefusedError, modelFamily } from './judge';

function jsonModel(modelId: string, body: unknown, provider = 'judge') {
  return new MockLanguageModelV3({
    provider,
    modelId,
    doGenerate: async () => ({
      content: [{ type: 'text', text: typeof body === 'string' ? body : JSON.stringify(body) }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 10, text: 10, reasoning: 0 } },
      warnings: [],
    }),
  });
}

const GOOD = {
  verdict: 'partial',
  scores: { coverage: 3, reasoning: 4, factual_consistency: 5, clarity: 4, depth: 2 },
  rationale: 'Cites the FY2026 risk factor but omits FY2025.',
};
const input = {
  question: 'How did Helios describe commodity risk in FY2026?',
  answer: 'Helios says aluminium and copper are about 35% of material cost.',
  passages: [
    {
      quote: 'Aluminium and copper make up about 35% of our material cost.',
      source: 'Annual Report 2025-26',
      section: 'Risk Factors',
      fiscalYear: 2026,
    },
  ],
};

describe('model families', () => {
  it.each([
    ['openai/gpt-4o-mini', 'openai'],
    ['gpt-4.1', 'openai'],
    ['anthropic/claude-3-5-haiku', 'anthropic'],
    ['configured/claude-sonnet-4', 'anthropic'],
    ['judge/gemini-2.0-flash', 'google'],
    ['configured/llama3.1:8b', 'meta'],
    ['ollama/qwen2.5:7b', 'qwen'],
    ['mixtral-8x7b', 'mistral'],
    ['deepseek-chat', 'deepseek'],
    ['configured/acme-model-1', 'acme'],
  ])('%s → %s', (id, fam) => expect(modelFamily(id)).toBe(fam));
});

describe('LLM judge (mock models only)', () => {
  it('returns the verdict, five scores and a rationale from a model of another family', async () => {
    const model = jsonModel('gemini-2.0-flash', GOOD);
    const r = await judgeNarrative({ model, generator: 'configured/llama3.1:8b', ...input });
    expect(r).toMatchObject({
      verdict: 'partial',
      scores: GOOD.scores,
      judge: 'judge/gemini-2.0-flash',
      judgeFamily: 'google',
      generator: 'configured/llama3.1:8b',
    });
    // the rubric, the question and the passages reach the model
    const call = JSON.stringify(model.doGenerateCalls[0]!.prompt);
    expect(call).toContain('factual_consistency');
    expect(call).toContain('Aluminium and copper');
  });

  it('judges deterministic answers (no generator model)', async () => {
    const r = await judgeNarrative({ model: jsonModel('claude-3-5-haiku', GOOD), generator: null, ...input });
    expect(r.verdict).toBe('partial');
  });

  it('refuses when judge and generator share a family, without calling the model', async () => {
    const model = jsonModel('gpt-4o', GOOD);
    await expect(judgeNarrative({ model, generator: 'configured/gpt-4o-mini', ...input })).rejects.toBeInstanceOf(JudgeRefusedError);
    expect(model.doGenerateCalls).toHaveLength(0);
  });

  it('rejects output outside the rubric (scores beyond 1–5, unknown verdicts)', async () => {
    await expect(
      judgeNarrative({ model: jsonModel('gemini', { ...GOOD, scores: { ...GOOD.scores, depth: 7 } }), generator: null, ...input }),
    ).rejects.toThrow();
    await expect(
      judgeNarrative({ model: jsonModel('gemini', { ...GOOD, verdict: 'great' }), generator: null, ...input }),
    ).rejects.toThrow();
  });

  it('is configured by environment only when both base URL and model are set', () => {
    expect(judgeFromEnv({})).toBeNull();
    expect(judgeFromEnv({ JUDGE_MODEL: 'gemini-2.0-flash' })).toBeNull();
    const m = judgeFromEnv({ JUDGE_BASE_URL: 'http://127.0.0.1:9/v1', JUDGE_MODEL: 'gemini-2.0-flash', JUDGE_API_KEY: '' });
    expect(m?.modelId).toBe('gemini-2.0-flash');
  });
});
