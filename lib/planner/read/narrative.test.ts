import { describe, expect, it } from 'vitest';
import { ent } from '../__fixtures__/catalog';
import { planQuestion } from '../plan';

const catalog = [
  ent('aapl', 'Apple', 'Apple Inc.', 'AAPL'),
  ent('wmt', 'Walmart', 'Walmart Inc.', 'WMT'),
  ent('nvda', 'NVIDIA', 'NVIDIA Corp', 'NVDA'),
  ent('nke', 'Nike', 'NIKE, Inc.', 'NKE'),
];
const plan = (q: string) => planQuestion(q, { catalog });

describe('a question about a topic, not a reported figure', () => {
  it.each([
    ['How reliant is Walmart on its suppliers in China?', 'reliant suppliers china'],
    ["What could go wrong with Nike's wholesale partners?", 'wrong wholesale partners'],
    ['How exposed is Apple to currency swings?', 'exposed currency swings'],
    ["What's driving NVIDIA's gross margin this year?", 'gross margin'],
    ['Does Nike depend on a handful of factories?', 'depend handful factories'],
    ['Who are NVIDIA’s main rivals in AI chips?', 'rivals ai chips'],
    ['What obligations did Apple take on in its bond issuance?', 'obligations take bond issuance'],
  ])('%s → passages on “%s”, from the recent filings', (q, topic) => {
    const p = plan(q);
    expect(p.status).toBe('planned_narrative');
    if (p.status !== 'planned_narrative') return;
    expect(p.narrative.topic).toBe(topic);
    expect(p.narrative.filings?.map((f) => f.recent)).toEqual([true]);
  });

  it('says why a question the numeric readers could not read became a topic', () => {
    for (const [q, words] of [
      ['What is Apple doing with its Vision Pro headset?', 'Vision Pro headset'],
      ["Is Nike's wholesale business recovering?", 'wholesale, recovering'],
    ]) {
      const p = plan(q!);
      expect(p.status === 'planned_narrative' && p.notes.join(' ')).toContain(`no reported figure reads “${words}”`);
    }
  });

  it.each([
    // a figure asked with a period, a measure with an unplaced qualifier, an unknown measure with close known ones
    ['Apple vehicle deliveries FY2024', 'insufficient_evidence'],
    ['NVDA FY2024 revenue as reported at the meeting', 'needs_clarification'],
  ])('%s stays a figure question (%s)', (q, status) => {
    expect(plan(q).status).toBe(status);
  });

  it('leaves figures to the numeric readers', () => {
    expect(plan("What was Apple's revenue in fiscal 2024?").status).toBe('planned');
    expect(plan('How much did Walmart spend on capital expenditures in fiscal 2025?').status).toBe('planned');
  });
});

describe('"since" a filing or year: from it to the latest filing', () => {
  it('adds the latest filing to the one named after "since", as a change', () => {
    for (const q of [
      'Has Walmart’s view of tariffs shifted since the fiscal 2024 10-K?',
      'What has Apple said about tariffs since fiscal 2024?',
    ]) {
      const p = plan(q);
      expect(p.status).toBe('planned_narrative');
      if (p.status !== 'planned_narrative') continue;
      expect(p.narrative.pathway).toBe('longitudinal');
      expect(p.narrative.filings?.at(-1)).toMatchObject({ latest: true, form: null, fiscalYear: null });
    }
  });

  it('leaves a question naming two filings, or none after "since", as it is', () => {
    const two = plan("How did Apple's tariff language change from its fiscal 2024 10-K to its latest 10-Q?");
    expect(two.status === 'planned_narrative' && two.narrative.filings?.length).toBe(2);
    const one = plan("What does Apple's fiscal 2024 10-K say about tariffs?");
    expect(one.status === 'planned_narrative' && [one.narrative.pathway, one.narrative.filings?.length]).toEqual(['detail', 1]);
  });
});
