import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { composeNarrativeWithLlm, gateSentence, parseDraft } from './narrative-llm';
import type { Answer, AnswerPassage } from './types';

/** A mock model answering the generator call first, then the auditor call. */
function twoStep(draft: string, audit: string) {
  let call = 0;
  return new MockLanguageModelV3({
    provider: 'mock',
    modelId: 'mock-narrative',
    doGenerate: async () => ({
      content: [{ type: 'text', text: call++ === 0 ? draft : audit }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 10, text: 10, reasoning: 0 } },
      warnings: [],
    }),
  });
}

const passage = (id: string, entity: string, quote: string): AnswerPassage => ({
  id,
  entity: { id: entity.toLowerCase(), name: entity, ticker: entity.toUpperCase().slice(0, 4) },
  fiscalYear: 2025,
  section: 'Item 1A',
  heading: null,
  quote,
  chunkId: `c-${id}`,
  sourceId: 's',
  sourceTitle: 't',
  page: null,
  span: null,
  form: '10-K',
});
const answer: Answer = {
  status: 'answered',
  pathway: 'comparison',
  text: 'deterministic text',
  segments: [{ type: 'text', text: 'deterministic text' }],
  values: [],
  passages: [
    passage('p1', 'NVIDIA', 'Sales to direct Customers A, B and C represented 12%, 11% and 11% of total revenue.'),
    passage('p2', 'Walmart', 'Risks associated with our suppliers could materially adversely affect our financial performance.'),
  ],
  clarification: null,
  errors: [],
  manifestId: null,
  timingMs: 0,
  intent: null,
  table: null,
};

describe('narrative generator + adversarial auditor (mock models)', () => {
  it('keeps audited sentences that cite quotes and use only their numbers', async () => {
    const model = twoStep(
      'NVIDIA’s three largest direct customers were 12%, 11% and 11% of revenue [p1]\nWalmart flags supplier risk as material [p2]\nNVIDIA’s customers were 40% of revenue [p1]\nWalmart will lose 5% of sales [p2]\nApple depends on China [p2]',
      '1: KEEP\n2: KEEP\n3: STRIKE not supported\n4: KEEP\n5: KEEP',
    );
    const r = await composeNarrativeWithLlm(answer, 'Compare customer and supplier risks', model, ['Apple']);
    expect(r.used).toBe('llm-audited');
    expect(r.audit.struckByAuditor).toBe(1);
    expect(r.audit.struckByGate.map((s) => s.reason)).toEqual([
      'numbers not in the cited quotes: 5',
      'names Apple without citing its filing',
    ]);
    expect(r.answer.text).toContain('12%, 11% and 11%');
    expect(r.answer.text).not.toContain('40%');
    expect(r.answer.segments.filter((s) => s.type === 'passage').map((s) => (s.type === 'passage' ? s.passageId : ''))).toEqual([
      'p1',
      'p2',
    ]);
  });

  it('falls back to the deterministic text when nothing survives or the model fails', async () => {
    const struck = await composeNarrativeWithLlm(answer, 'q', twoStep('Uncited claim.', '1: KEEP'));
    expect(struck.used).toBe('deterministic');
    expect(struck.answer.text).toBe('deterministic text');
    const failing = new MockLanguageModelV3({
      doGenerate: async () => {
        throw new Error('down');
      },
    });
    const f = await composeNarrativeWithLlm(answer, 'q', failing);
    expect([f.used, f.audit.problems[0]]).toEqual(['deterministic', 'the language model failed: down']);
    expect((await composeNarrativeWithLlm(answer, 'q', null)).used).toBe('deterministic');
  });

  it('parses line and JSON drafts; the gate needs a citation', () => {
    expect(parseDraft('- A claim [p1][p2]\n2. Another [p3]')).toEqual([
      { text: 'A claim', cites: ['p1', 'p2'] },
      { text: 'Another', cites: ['p3'] },
    ]);
    expect(parseDraft('{"sentences":[{"text":"X","cites":["p1"]}]}')).toEqual([{ text: 'X', cites: ['p1'] }]);
    expect(gateSentence({ text: 'No citation', cites: [] }, answer.passages, [])).toBe('cites no quote of the answer');
    expect(gateSentence({ text: 'Ghost', cites: ['p9'] }, answer.passages, [])).toBe('cites a quote that is not in the answer');
  });
});
