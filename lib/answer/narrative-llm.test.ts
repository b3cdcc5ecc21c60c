import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { auditSentence, composeNarrativeWithLlm } from './narrative-llm';
import type { Answer, AnswerPassage } from './types';

/** A mock model that answers each call with the next JSON object given. */
function mock(...replies: unknown[]) {
  let call = 0;
  return new MockLanguageModelV3({
    provider: 'mock',
    modelId: 'mock-narrative',
    doGenerate: async () => ({
      content: [{ type: 'text', text: JSON.stringify(replies[Math.min(call++, replies.length - 1)]) }],
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
  text: 'extractive text',
  segments: [{ type: 'text', text: 'extractive text' }],
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
const good = {
  sentences: [
    { text: 'Three direct customers each took 11% or more of NVIDIA’s revenue (12%, 11% and 11%).', passageIds: ['p1'] },
    { text: 'Walmart warns that supplier risks could hurt its financial performance.', passageIds: ['p2'] },
  ],
};

describe('narrative generator + auditor (AI SDK mock models)', () => {
  it('rewrites the cited sentences into prose, each sentence cited by its passages', async () => {
    const r = await composeNarrativeWithLlm(answer, 'Compare customer and supplier risks', mock(good));
    expect(r.used).toBe('llm-audited');
    expect(r.answer.text).toBe(
      'Three direct customers each took 11% or more of NVIDIA’s revenue (12%, 11% and 11%). [1] Walmart warns that supplier risks could hurt its financial performance. [2]',
    );
    expect(r.answer.segments.filter((s) => s.type === 'passage').map((s) => (s.type === 'passage' ? s.passageId : ''))).toEqual([
      'p1',
      'p2',
    ]);
  });

  it('rejects a draft that invents a number and falls back to the extractive answer', async () => {
    const invented = { sentences: [good.sentences[0], { text: 'Walmart expects supplier costs to rise 40%.', passageIds: ['p2'] }] };
    const r = await composeNarrativeWithLlm(answer, 'q', mock(invented));
    expect(r.used).toBe('deterministic');
    expect(r.answer.text).toBe('extractive text');
    expect(r.audit.rejected).toEqual([
      { sentence: 'Walmart expects supplier costs to rise 40%.', reason: 'numbers not in the cited passages: 40' },
    ]);
  });

  it('rejects a sentence the auditor model finds unsupported, and falls back when the model fails', async () => {
    const auditor = mock({
      verdicts: [
        { sentence: 1, supported: true },
        { sentence: 2, supported: false, reason: '“hurt” overstates' },
      ],
    });
    const struck = await composeNarrativeWithLlm(answer, 'q', mock(good), { auditor });
    expect([struck.used, struck.audit.rejected.map((x) => x.reason)]).toEqual(['deterministic', ['auditor: “hurt” overstates']]);
    const failing = new MockLanguageModelV3({
      doGenerate: async () => {
        throw new Error('down');
      },
    });
    const f = await composeNarrativeWithLlm(answer, 'q', failing);
    expect([f.used, f.audit.problems[0]]).toEqual(['deterministic', 'the language model failed: down']);
    expect((await composeNarrativeWithLlm(answer, 'q', null)).used).toBe('deterministic');
  });

  it('audits names and dates against the cited passages, and companies against whose filing is cited', () => {
    const ps = answer.passages;
    expect(auditSentence({ text: 'A claim.', passageIds: ['p9'] }, ps, [])).toBe('cites a passage that is not in the answer');
    expect(auditSentence({ text: 'In March, suppliers failed.', passageIds: ['p2'] }, ps, [])).toBe(
      'dates not in the cited passages: March',
    );
    expect(auditSentence({ text: 'Walmart relies on Foxconn for supply.', passageIds: ['p2'] }, ps, [])).toBe(
      'names not in the cited passages: Foxconn',
    );
    expect(auditSentence({ text: 'Supplier risk also weighs on NVIDIA.', passageIds: ['p2'] }, ps, ['NVIDIA', 'Walmart'])).toBe(
      'names NVIDIA without citing its filing',
    );
    expect(auditSentence(good.sentences[1]!, ps, ['NVIDIA', 'Walmart'])).toBeNull();
  });
});
