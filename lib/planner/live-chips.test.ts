import { describe, expect, it } from 'vitest';
import { planQuestion } from './plan';
import { withLiveChips } from './read/live-chips';
import { couldNotPlace } from './read/unplaced';
import type { PlanResult } from './types';
import { ent } from './__fixtures__/catalog';

const CATALOG = [ent('tsla', 'Tesla', 'Tesla, Inc.', 'TSLA'), ent('aapl', 'Apple', 'Apple Inc.', 'AAPL')];
const plan = (q: string) => planQuestion(q, { catalog: CATALOG });

const ask = (options: string[], rewrites: (string | null)[]): PlanResult => ({
  status: 'needs_clarification',
  clarification: { question: '“margin” can mean several measures. Which one?', options, rewrites },
  partial: {},
  notes: [],
});

describe('an ask-back offers only chips that lead somewhere', () => {
  it('keeps the chips whose questions plan, drops those still blocked by unplaced words, in order', () => {
    const planned = { status: 'planned' } as unknown as PlanResult;
    const out = withLiveChips('Apple margin over the zorp in 2023', ask(['a', 'b', 'c'], ['qa', 'qb', 'qc']), (q) =>
      q === 'qb' ? couldNotPlace(['zorp'], {}, []) : planned,
    );
    expect(out.status).toBe('needs_clarification');
    if (out.status !== 'needs_clarification') return;
    expect(out.clarification.options).toEqual(['a', 'c']);
    expect(out.clarification.rewrites).toEqual(['qa', 'qc']);
    expect(out.notes.join(' ')).toMatch(/not offered.*\bb\b/);
  });

  it('a chip that asks again with chips of its own, or an example without a rewrite, stays', () => {
    const again = ask(['x'], ['qx']);
    const out = withLiveChips('q', ask(['a', 'e.g. FY2024'], ['qa', null]), () => again);
    expect(out.status === 'needs_clarification' && out.clarification.options).toEqual(['a', 'e.g. FY2024']);
  });

  it('when no chip is left, the words no choice places are named, as written in the question', () => {
    const out = withLiveChips('Apple margin over the Zorp in 2023', ask(['a', 'b'], ['qa', 'qb']), (q) =>
      couldNotPlace(q === 'qa' ? ['zorp'] : ['zorp', 'glim'], {}, []),
    );
    expect(out.status).toBe('needs_clarification');
    if (out.status !== 'needs_clarification') return;
    expect(out.clarification.options).toEqual([]);
    // “glim” belongs to a chip's rewrite, not to the question asked
    expect(out.clarification.question).toMatch(/could not place “zorp” in this question/);
  });

  it('planned end to end: an ambiguous measure beside a word nothing places asks about that word, with no dead chips', () => {
    const r = plan('How much profit did Tesla tuck away for the blorp holders in 2021?');
    expect(r.status).toBe('needs_clarification');
    if (r.status !== 'needs_clarification') return;
    expect(r.clarification.options).toEqual([]);
    expect(r.clarification.question).toMatch(/could not place .*blorp/);
  });

  it('an ambiguous measure alone keeps every chip', () => {
    const r = plan('Tesla profit in 2021');
    expect(r.status).toBe('needs_clarification');
    if (r.status === 'needs_clarification') expect(r.clarification.options.length).toBeGreaterThanOrEqual(2);
  });
});
