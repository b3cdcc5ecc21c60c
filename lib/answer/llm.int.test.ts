import { MockLanguageModelV3 } from 'ai/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/client';
import { DEMO_TENANT_ID, seedDemo } from '@/lib/demo/seed';
import { testTargets } from '@/tests/support/db';
import { answerQuestion } from './answer-question';
import { numbersIn, verifyNumbers } from './verify-numbers';

function textModel(text: string) {
  return new MockLanguageModelV3({
    provider: 'mock',
    modelId: 'mock-writer',
    doGenerate: async () => ({
      content: [{ type: 'text', text }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 10, text: 10, reasoning: 0 } },
      warnings: [],
    }),
  });
}

describe('optional language model (mock models only)', () => {
  let d: Database;
  beforeAll(async () => {
    d = await testTargets()[0]!.open();
    await seedDemo(d.db);
  });
  afterAll(async () => {
    await d?.close();
  });
  const ask = (question: string, model: MockLanguageModelV3 | null) =>
    answerQuestion({ db: d.db, tenantId: DEMO_TENANT_ID, userId: null, question, languageModel: model });

  it('uses the model’s wording when every number is a cited manifest value', async () => {
    const model = textModel(
      'Helios Components earned an operating margin of 12.0% [v1] in FY2026 (1 Apr 2025 – 31 Mar 2026): operating profit ₹144 crore [v1.in1] on revenue of ₹1,200 crore [v1.in2].',
    );
    const a = await ask('What was Helios Components’ operating margin in FY2026?', model);
    expect(a.text).toBe(
      'Helios Components earned an operating margin of 12.0% in FY2026 (1 Apr 2025 – 31 Mar 2026): operating profit ₹144 crore on revenue of ₹1,200 crore.',
    );
    expect(a.segments.filter((s) => s.type === 'value').map((s) => (s.type === 'value' ? s.valueId : ''))).toEqual([
      'v1',
      'v1.in1',
      'v1.in2',
    ]);
    const [m] = await d.query<{ versions: Record<string, string> }>('select versions from manifests where id = $1', [a.manifestId]);
    expect(m?.versions.phrasing).toBe('llm');
  });

  it('falls back to the deterministic text when the model invents or mis-cites a number', async () => {
    for (const bad of [
      'Helios Components’ operating margin was 15.0% [v1] in FY2026.',
      'Helios Components’ operating margin was 12.0% in FY2026, up from 18.0% the year before.',
      'Helios Components’ operating margin was 12.0% [v1.in2] in FY2026.',
    ]) {
      const a = await ask('What was Helios Components’ operating margin in FY2026?', textModel(bad));
      expect(a.text).toMatch(/^For FY2026 \(1 Apr 2025 – 31 Mar 2026\), Helios Components’ operating margin was 12\.00%/);
      const [m] = await d.query<{ versions: Record<string, string>; intent: { notes: string[] } }>(
        'select versions, intent from manifests where id = $1',
        [a.manifestId],
      );
      expect(m?.versions.phrasing).toBe('deterministic');
      expect(m?.intent.notes.join(' ')).toContain('LLM wording rejected');
    }
  });

  it('accepts a model-proposed intent only when the validator grounds it; never an invented period', async () => {
    const propose = (object: unknown) => textModel(JSON.stringify(object));
    const ok = await ask(
      'What did the Indian components maker book as revenue from operations in FY2026?',
      propose({ companies: ['Helios Components'], measure: 'revenue', periods: ['FY2026'], operation: 'value', scope: 'consolidated' }),
    );
    expect(ok.status).toBe('answered');
    expect(ok.values[0]?.display).toBe('₹1,200 crore');
    const invented = await ask(
      'What did the Indian components maker book as revenue from operations?',
      propose({ companies: ['Helios Components'], measure: 'revenue', periods: ['FY2025'], operation: 'value', scope: 'consolidated' }),
    );
    expect(invented.status).not.toBe('answered');
    expect(invented.values).toHaveLength(0);
    const unknown = await ask(
      'What did the Indian components maker book as revenue from operations in FY2026?',
      propose({ companies: ['Vishnu Castings'], measure: 'revenue', periods: ['FY2026'], operation: 'value', scope: 'consolidated' }),
    );
    expect(unknown.status).not.toBe('answered');
    expect(unknown.values).toHaveLength(0);
  });
});

describe('number check', () => {
  it('reads numbers as analysts write them and ignores years and fiscal labels', () => {
    expect(numbersIn('FY2026 revenue was ₹1,200 crore, margin 12.0%, EPS −0.98 on 31 Mar 2026').map((n) => n.value)).toEqual([
      12_000_000_000, 12, -0.98,
    ]);
  });
  it('treats a value without any manifest match as a problem', () => {
    const answer = { values: [] } as unknown as Parameters<typeof verifyNumbers>[1];
    expect(verifyNumbers('Revenue was $5 billion [v1].', answer).ok).toBe(false);
  });
});
