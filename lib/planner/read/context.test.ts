import { describe, expect, it } from 'vitest';
import { ent } from '../__fixtures__/catalog';
import { planQuestion, type PlanContext } from '../plan';
import type { Intent } from '../types';

const CATALOG = [
  ent('aapl', 'Apple', 'Apple Inc.', 'AAPL'),
  ent('nvda', 'NVIDIA', 'NVIDIA Corporation', 'NVDA'),
  ent('googl', 'Alphabet', 'Alphabet Inc.', 'GOOGL'),
];

/** Plans a thread: each question a follow-up of the last planned one (an asked-back turn keeps the context). */
function thread(questions: string[], extra: Partial<PlanContext>[] = []): (Intent | string)[] {
  let previous: Intent | null = null;
  return questions.map((q, i) => {
    const r = planQuestion(q, { catalog: CATALOG, previous, ...extra[i] });
    if (r.status !== 'planned') return r.status;
    previous = r.intent;
    return r.intent;
  });
}
const planned = (x: Intent | string | undefined): Intent => {
  if (!x || typeof x === 'string') throw new Error(`expected a plan, got ${x}`);
  return x;
};
const fy = (year: number) => ({ type: 'fiscal', position: 'FY', year: { year, style: 'fiscal' } });

describe('a follow-up takes from the thread only what it leaves unsaid', () => {
  it('a growth "vs the prior year" grows the thread’s period, not the latest one reported', () => {
    const [, nvda, growth] = thread(['Apple revenue FY2023', 'How about NVIDIA?', 'and its growth vs the prior year?']).map(planned);
    expect(nvda!.entities.map((e) => e.id)).toEqual(['nvda']);
    expect(nvda!.periods[0]!.spec).toEqual(fy(2023));
    expect(nvda!.carried).toEqual(['metric', 'periods']);
    expect(growth!.operation).toBe('growth');
    expect(growth!.comparison).toBe('year_over_year');
    expect(growth!.periods.map((p) => p.spec)).toEqual([fy(2023)]);
    expect(growth!.carried).toEqual(['entities', 'metric', 'periods']);
  });

  it('"the year before" is placed against the thread’s period; the thread’s growth carries', () => {
    const turns = thread(['NVIDIA revenue growth FY2023', 'and the year before?']).map(planned);
    expect(turns[1]!.operation).toBe('growth');
    expect(turns[1]!.periods[0]!.spec).toEqual({ type: 'relative_to', which: 'prior_year', ref: fy(2023) });
    expect(turns[1]!.carried).toEqual(['entities', 'metric', 'periods', 'operation']);
  });

  it('"same for <company> in <year>" keeps the measure; "as a chart for the last 5 years" is the yearly series', () => {
    const [, same, chart] = thread(['Apple revenue FY2023', 'same for Alphabet in 2024', 'show that as a chart for the last 5 years']).map(
      planned,
    );
    expect(same!.entities.map((e) => e.id)).toEqual(['googl']);
    expect(same!.metric.id).toBe('revenue');
    expect(same!.periods[0]!.spec).toEqual({ type: 'bare_year', year: 2024 });
    expect(chart!.operation).toBe('series');
    expect(chart!.entities.map((e) => e.id)).toEqual(['googl']);
    expect(chart!.periods).toHaveLength(5);
  });

  it('"and Q3?" is the third quarter of the thread’s fiscal year', () => {
    const [, q3] = thread(['Apple revenue FY2023', 'and Q3?']).map(planned);
    expect(q3!.periods[0]!.spec).toEqual({ type: 'fiscal', position: 'Q3', year: { year: 2023, style: 'fiscal' } });
  });

  it('a series carries its window to another company; a single year named is a single figure', () => {
    const [, nvda, one] = thread(['Apple revenue FY2019 to FY2023', 'and NVIDIA?', 'and FY2022?']).map(planned);
    expect(nvda!.operation).toBe('series');
    expect(nvda!.range).toEqual({ from: 2019, to: 2023 });
    expect(one!.operation).toBe('value');
    expect(one!.periods.map((p) => p.spec)).toEqual([fy(2022)]);
  });

  it('a measure of another kind does not take a growth rate from the thread', () => {
    const [, margin] = thread(['Apple revenue growth FY2024', 'what about net margin?']).map(planned);
    expect(margin!.operation).toBe('value');
    expect(margin!.carried).toEqual(['entities', 'periods']);
  });

  it('a slot the analyst removed is not carried: the follow-up asks for it', () => {
    const turns = thread(['Apple revenue FY2023', 'and NVIDIA?'], [{}, { drop: ['periods'] }]);
    expect(turns[1]).toBe('needs_clarification');
    const again = thread(['Apple revenue FY2023', 'what about FY2022?'], [{}, { drop: ['entities'] }]);
    expect(again[1]).toBe('needs_clarification');
    const measure = thread(['Apple revenue FY2023', 'and FY2022?'], [{}, { drop: ['metric'] }]);
    expect(measure[1]).toBe('needs_clarification');
  });

  it('a period pinned to the previous company is not pinned to the next one', () => {
    const [first, next] = thread(["Apple's FY2023 revenue next to NVIDIA's FY2024 revenue", 'and Alphabet?']);
    expect(planned(first).periods.every((p) => p.forEntity)).toBe(true);
    expect(planned(next).periods.every((p) => !p.forEntity)).toBe(true);
  });

  it('without a thread the relative words are not placed against anything', () => {
    expect(thread(['Apple revenue the year before'])[0]).not.toMatchObject({ periods: [{ spec: { type: 'relative_to' } }] });
  });
});
