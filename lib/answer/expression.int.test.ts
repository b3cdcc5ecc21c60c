import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/client';
import { DEMO_TENANT_ID, seedDemo } from '@/lib/demo/seed';
import { testTargets } from '@/tests/support/db';
import { answerQuestion } from './answer-question';
import { clarifiedQuestion, previousIntentFor } from './follow-up';

const target = testTargets()[0]!;

describe('explicit calculations, clarifications and follow-ups on the demo corpus', () => {
  let d: Database;
  const ask = (question: string, threadId: string | null = null) =>
    answerQuestion({ db: d.db, tenantId: DEMO_TENANT_ID, userId: 'demo-analyst', question, threadId });
  beforeAll(async () => {
    d = await target.open();
    await seedDemo(d.db);
  });
  afterAll(async () => {
    await d?.close();
  });

  it('a later year minus an earlier one is a change carrying the later period', async () => {
    const a = await ask('Helios Components revenue FY2026 minus FY2025 revenue');
    expect(a.status, a.text).toBe('answered');
    expect(a.values).toHaveLength(1);
    expect(a.values[0]!.period).toMatchObject({ start: '2025-04-01', end: '2026-03-31' });
    expect(a.values[0]!.inputs).toHaveLength(2);
    // said as the change between the two years, never as "revenue for FY2026"
    expect(a.values[0]!.label).toBe('Change in revenue');
    expect(a.text).toMatch(/change in revenue from FY2025 \(.*\) to FY2026 \(/);
    expect(a.text).not.toMatch(/revenue for FY2026 \([^)]*\) is/);
  });

  it('a change inside a written-out growth formula is a derived input, each of its facts cited on its own bounds', async () => {
    const a = await ask('Helios Components: (revenue for FY2026 less revenue for FY2025) divided by revenue for FY2025');
    expect(a.status, a.text).toBe('answered');
    const [change, base] = a.values[0]!.inputs;
    expect(change).toMatchObject({ basis: 'derived', period: { start: '2025-04-01', end: '2026-03-31' } });
    expect(base).toMatchObject({ period: { start: '2024-04-01', end: '2025-03-31' } });
  });

  it('“twelve months ended” a quarter end is the TTM there, and the fiscal year where a year ends', async () => {
    const ttm = await ask('Helios Components revenue for the twelve months ended 30 September 2025');
    expect(ttm.status, ttm.text).toBe('answered');
    expect(ttm.values).toHaveLength(1);
    expect(ttm.values[0]!).toMatchObject({ metric: 'revenue_ttm', period: { start: '2024-10-01', end: '2025-09-30' } });
    expect(ttm.values[0]!.inputs.length).toBeGreaterThanOrEqual(3);
    expect(ttm.text).toMatch(/trailing-twelve-month/);
    const fy = await ask('Helios Components revenue for the twelve months ended 31 March 2026');
    expect(fy.values.map((v) => [v.metric, v.period.start, v.period.end])).toEqual([['revenue', '2025-04-01', '2026-03-31']]);
  });

  it('“the last two fiscal years” is each fiscal year counted back from the last one reported', async () => {
    const a = await ask('Helios Components revenue for the last two fiscal years');
    expect(a.status, a.text).toBe('answered');
    expect(a.values.map((v) => v.period.label)).toEqual(['FY2025', 'FY2026']);
  });

  it('a balance added to a flow is refused with a typed code and no number', async () => {
    const a = await ask('Helios Components total assets at the end of FY2026 plus its FY2026 revenue');
    expect(a.status, a.text).toBe('rejected');
    expect(a.values).toHaveLength(0);
    expect(a.errors.map((e) => e.code)).toContain('INSTANT_DURATION_MIX');
    expect(a.clarification?.options.length).toBeGreaterThan(0);
  });

  it('a margin over operands of two years is refused (PERIOD_MISMATCH)', async () => {
    const a = await ask('Helios Components operating margin computed as FY2026 operating profit over FY2025 revenue');
    expect(a.status, a.text).toBe('rejected');
    expect(a.values).toHaveLength(0);
    expect(a.errors.map((e) => e.code)).toContain('PERIOD_MISMATCH');
  });

  it('a TTM-pinned margin operand is a typed answer, not a crash', async () => {
    const a = await ask('What was Helios Components’ operating margin using TTM operating profit?');
    expect(['needs_clarification', 'rejected', 'insufficient_evidence']).toContain(a.status);
    expect(a.values).toHaveLength(0);
  });

  it('a clarification choice is answered through the stored manifest, bound to its rewrite', async () => {
    const a = await ask('Helios Components profit FY2026');
    expect(a.status).toBe('needs_clarification');
    expect(a.clarification?.rewrites?.length).toBe(a.clarification?.options.length);
    const i = a.clarification!.options.indexOf('operating income');
    expect(i).toBeGreaterThanOrEqual(0);
    const chosen = await clarifiedQuestion({
      db: d.db,
      tenantId: DEMO_TENANT_ID,
      userId: 'demo-analyst',
      manifestId: a.manifestId!,
      choice: i,
    });
    const b = await ask(chosen.question);
    expect(b.status).toBe('answered');
    expect(b.values[0]!.metric).toBe('operating_income');
    // another tenant's viewer, or a choice out of range, gets a typed error
    await expect(
      clarifiedQuestion({ db: d.db, tenantId: 'other', userId: 'demo-analyst', manifestId: a.manifestId!, choice: i }),
    ).rejects.toMatchObject({ code: 'not_found:manifest' });
    await expect(
      clarifiedQuestion({ db: d.db, tenantId: DEMO_TENANT_ID, userId: 'demo-analyst', manifestId: a.manifestId!, choice: 40 }),
    ).rejects.toMatchObject({ code: 'bad_request:clarification' });
  });

  it('a chip of "which measure?" answers its measure alone, planned on the same words (never a dead end)', async () => {
    const a = await ask('Helios operating margin FY2026 from consolidated operating profit and standalone revenue');
    expect(a.status).toBe('needs_clarification');
    const i = a.clarification?.options.indexOf('Operating margin') ?? -1;
    expect(i, a.clarification?.options.join(' | ')).toBeGreaterThanOrEqual(0);
    expect(a.clarification?.intents?.[i]?.metric.id).toBe('operating_margin');
    const chosen = await clarifiedQuestion({
      db: d.db,
      tenantId: DEMO_TENANT_ID,
      userId: 'demo-analyst',
      manifestId: a.manifestId!,
      choice: i,
    });
    expect(chosen.intent?.metric.id).toBe('operating_margin');
    const b = await answerQuestion({
      db: d.db,
      tenantId: DEMO_TENANT_ID,
      userId: 'demo-analyst',
      question: chosen.question,
      intent: chosen.intent,
    });
    // the margin of consolidated profit over standalone revenue is refused, typed: the chip led to an answer
    expect(b.status, b.text).toBe('rejected');
    expect(b.errors.map((e) => e.code)).toContain('INCOMPARABLE_SCOPE');
  });

  it('the previous intent of a thread comes from its stored manifest', async () => {
    await ask('Helios Components revenue FY2026', 'thread-1');
    const prev = await previousIntentFor({ db: d.db, tenantId: DEMO_TENANT_ID, userId: 'demo-analyst', threadId: 'thread-1' });
    expect(prev?.metric.id).toBe('revenue');
    expect(await previousIntentFor({ db: d.db, tenantId: 'other', userId: 'demo-analyst', threadId: 'thread-1' })).toBeNull();
    const follow = await answerQuestion({
      db: d.db,
      tenantId: DEMO_TENANT_ID,
      userId: 'demo-analyst',
      question: 'and FY2025?',
      previous: prev,
      threadId: 'thread-1',
    });
    expect(follow.status).toBe('answered');
    expect(follow.values[0]!.period.end).toBe('2025-03-31');
  });

  it('a turn that could not be placed keeps the thread; "the year before" is the year before the thread’s; removed slots are asked for', async () => {
    const owner = { db: d.db, tenantId: DEMO_TENANT_ID, userId: 'demo-analyst', threadId: 'thread-2' };
    const turn = async (question: string, drop?: ('entities' | 'periods')[]) =>
      answerQuestion({ ...owner, question, previous: await previousIntentFor(owner), drop });
    await turn('Helios Components revenue FY2026');
    expect((await turn('and its frobnication?')).status).toBe('needs_clarification');
    const before = await turn('and the year before?');
    expect(before.status, before.text).toBe('answered');
    expect(before.values[0]!.period).toMatchObject({ start: '2024-04-01', end: '2025-03-31' });
    expect(before.intent?.carried).toEqual(['entities', 'metric', 'periods']);
    expect((await turn('and FY2024?', ['entities'])).status).toBe('needs_clarification');
  });

  it('a period chip is a typed choice: it re-runs the clarified intent for that company; a comparison asks each company in turn', async () => {
    const owner = { db: d.db, tenantId: DEMO_TENANT_ID, userId: 'demo-analyst' };
    const choose = async (a: Awaited<ReturnType<typeof ask>>, label: RegExp) => {
      const choice = a.clarification!.options.findIndex((o) => label.test(o));
      expect(choice, a.clarification!.options.join(' | ')).toBeGreaterThanOrEqual(0);
      const chosen = await clarifiedQuestion({ ...owner, manifestId: a.manifestId!, choice });
      expect(chosen.intent).toBeDefined();
      return answerQuestion({ ...owner, question: chosen.question, intent: chosen.intent });
    };
    const asked = await ask('Northwind revenue 2024', 'thread-3');
    expect(asked.status).toBe('needs_clarification');
    const fy = await choose(asked, /^FY2024/);
    expect(fy.status, fy.text).toBe('answered');
    expect(fy.values[0]!.period).toMatchObject({ start: '2024-02-04', end: '2025-02-01' });

    const both = await ask('Compare Helios and Northwind revenue 2024', 'thread-4');
    expect(both.clarification!.options).toHaveLength(4);
    const one = await choose(both, /^Northwind Outfitters: FY2024/);
    expect(one.values.map((v) => v.entity.name)).toEqual(['Northwind Outfitters']);
    expect(one.clarification!.options.every((o) => !o.includes('Northwind'))).toBe(true);
    const all = await choose(one, /^FY2024/);
    expect(all.status, all.text).toBe('answered');
    expect(all.values.map((v) => [v.entity.name, v.period.end])).toEqual(
      expect.arrayContaining([
        ['Helios Components', '2024-03-31'],
        ['Northwind Outfitters', '2025-02-01'],
      ]),
    );
  });
});
