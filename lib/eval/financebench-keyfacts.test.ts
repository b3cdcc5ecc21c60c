import path from 'node:path';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { gradeFinanceBench } from './financebench-judge';
import { firstWords, type KeyFact, loadKeyFacts, numberMentions, openingVerdict, scoreKeyFacts } from './financebench-keyfacts';
import { JudgeRefusedError } from './judge';

const answered = (text: string, hasValues = false) => ({ answered: true, text, hasValues });
const num = (value: number, extra: Partial<Extract<KeyFact, { kind: 'number' }>> = {}): KeyFact => ({
  kind: 'number',
  value,
  unit: 'USD millions',
  tol: 0.01,
  required: true,
  ...extra,
});

describe('reading numbers', () => {
  it('reads each number as written, times its scale word, and as a fraction after % or percent', () => {
    const m = numberMentions(firstWords('Revenue was $1,824 million, up 5.1% (or 12 percent) to $9.1bn.', 300));
    expect(m.map((x) => x.readings)).toEqual([
      [1824, 1.824e9],
      [5.1, 0.051],
      [12, 0.12],
      [9.1, 9.1e9],
    ]);
  });
  it('skips digits glued to a name (MMM26, FY2022) and sees signs', () => {
    const m = numberMentions('MMM26 and FY2022: a loss of 5.3 and (4.2) and -1.5');
    expect(m.map((x) => x.readings[0])).toEqual([5.3, 4.2, 1.5]);
    expect(m.every((x) => x.negative)).toBe(true);
  });
  it('drops thousands separators but keeps list commas', () => {
    expect(firstWords('1,234,567 and 1, 2', 300)).toBe('1234567 and 1, 2');
  });
});

describe('key facts', () => {
  it('matches a number in another scale and within its tolerance', () => {
    const f = [num(1577, { alternatives: [1577e6] })];
    expect(scoreKeyFacts(f, answered('Capex was $1.577 billion in FY2018.')).verdict).toBe('correct');
    expect(scoreKeyFacts(f, answered('Capex was $1.7 billion in FY2018.', true)).verdict).toBe('wrong');
    expect(scoreKeyFacts(f, answered('Capex was $1.7 billion in FY2018.')).verdict).toBe('incomplete');
  });
  it('needs a sign shown for a negative gold', () => {
    const f = [num(-0.9, { unit: 'percent', tol: 0.03 })];
    expect(scoreKeyFacts(f, answered('Consumer organic sales were 0.9% in 2022.')).verdict).toBe('incomplete');
    expect(scoreKeyFacts(f, answered('Consumer organic sales declined 0.9% in 2022.')).verdict).toBe('correct');
  });
  it('gives each number fact its own number', () => {
    const f = [num(20.0, { unit: 'percent', tol: 0.002 }), num(20.1, { unit: 'percent', tol: 0.002 })];
    expect(scoreKeyFacts(f, answered('Margins were 20.0% and 20.0%.')).requiredFound).toBe(1);
    expect(scoreKeyFacts(f, answered('Margins were 20.0% and 20.1%.')).verdict).toBe('correct');
  });
  it('reads the yes/no verdict at the opening only; the opposite verdict is wrong', () => {
    const f: KeyFact[] = [{ kind: 'yesno', value: 'no', required: true }];
    expect(openingVerdict(' "No, it is not."')).toBe('no');
    expect(openingVerdict('No reported measure matches “able”.')).toBeNull();
    expect(openingVerdict('Yes it is.')).toBe('yes');
    expect(scoreKeyFacts(f, answered('No — capex was 5.1% of revenue.')).verdict).toBe('correct');
    expect(scoreKeyFacts(f, answered('It depends. No.')).verdict).toBe('incomplete');
    expect(scoreKeyFacts(f, answered('Yes, it is.')).verdict).toBe('wrong');
    expect(scoreKeyFacts(f, { answered: false, text: 'No figure found.', hasValues: false }).verdict).toBe('abstained');
  });
  it('matches items case-insensitively after removing the `not` strings, and `lead` facts in the first 40 words', () => {
    const corp: KeyFact = { kind: 'item', any: ['Corporate'], not: ['Corporate & Investment Bank'], required: true, lead: true };
    expect(scoreKeyFacts([corp], answered('The Corporate & Investment Bank grew most.')).verdict).toBe('incomplete');
    expect(scoreKeyFacts([corp], answered('corporate grew most.')).verdict).toBe('correct');
    const late = `${'word '.repeat(45)}Corporate`;
    expect(scoreKeyFacts([corp], answered(late)).verdict).toBe('incomplete');
  });
  it('reads 300 words only; optional facts are reported, not required', () => {
    const f: KeyFact[] = [
      { kind: 'phrase', any: ['packaging'], required: true },
      { kind: 'number', value: 5.1, unit: 'percent', tol: 0.03, required: false },
    ];
    const s = scoreKeyFacts(f, answered(`${'word '.repeat(300)} packaging`));
    expect(s.verdict).toBe('incomplete');
    const t = scoreKeyFacts(f, answered('A packaging company.'));
    expect([t.verdict, t.optionalFound, t.optional]).toEqual(['correct', 0, 1]);
  });
  it('accepts or_phrases for a number, and variants only when lenient', () => {
    const zero = num(0, { or_phrases: ['not separately'] });
    expect(scoreKeyFacts([zero], answered('Restructuring is not separately outlined.')).verdict).toBe('correct');
    const quick = num(0.96, { unit: 'ratio', variants: [{ value: 0.85, basis: 'cash-based' }] });
    const s = scoreKeyFacts([quick], answered('The quick ratio was 0.85.'));
    expect([s.verdict, s.lenientCorrect]).toEqual(['incomplete', true]);
  });
  it('the key-fact file holds 150 questions, 50 on the shared PDFs', () => {
    const all = loadKeyFacts(path.resolve('lib/eval/golden/financebench-keyfacts.jsonl'));
    expect(all.size).toBe(150);
    expect([...all.values()].filter((q) => q.on_shared_pdf)).toHaveLength(50);
  });
});

function gradeModel(modelId: string, body: unknown) {
  return new MockLanguageModelV3({
    provider: 'judge',
    modelId,
    doGenerate: async () => ({
      content: [{ type: 'text', text: JSON.stringify(body) }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 10, text: 10, reasoning: 0 } },
      warnings: [],
    }),
  });
}

describe('the FinanceBench LLM judge', () => {
  const input = { question: 'Is 3M capital-intensive?', gold: 'No, capex is 5.1% of revenue.', answer: 'No. Capex was 5.1% of revenue.' };
  it('returns the grade with its judge', async () => {
    const g = await gradeFinanceBench({
      model: gradeModel('qwen2.5', { grade: 'correct', rationale: 'same verdict' }),
      generator: null,
      ...input,
    });
    expect(g).toEqual({ grade: 'correct', rationale: 'same verdict', judge: 'judge/qwen2.5' });
  });
  it('refuses an answer written by its own family and a malformed grade', async () => {
    const model = gradeModel('gpt-4o', { grade: 'correct', rationale: 'x' });
    await expect(gradeFinanceBench({ model, generator: 'openai/gpt-4o-mini', ...input })).rejects.toBeInstanceOf(JudgeRefusedError);
    const bad = gradeModel('qwen2.5', { grade: 'maybe', rationale: 'x' });
    await expect(gradeFinanceBench({ model: bad, generator: null, ...input })).rejects.toThrow();
  });
});
