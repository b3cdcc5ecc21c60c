import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/client';
import { chunks, entities, fiscalCalendars, sources, tenants } from '@/lib/db/schema';
import { DEMO_TENANT_ID, seedDemo } from '@/lib/demo/seed';
import { testTargets } from '@/tests/support/db';
import { indexChunks } from '@/lib/retrieval/index-chunks';
import { answerQuestion } from './answer-question';
import type { AnswerEvent } from './messages';

const target = testTargets()[0]!;

describe('answers on the demo corpus', () => {
  let d: Database;
  const ask = (question: string, previous?: Parameters<typeof answerQuestion>[0]['previous']) =>
    answerQuestion({ db: d.db, tenantId: DEMO_TENANT_ID, userId: 'demo-analyst', question, previous });
  beforeAll(async () => {
    d = await target.open();
    await seedDemo(d.db);
  });
  afterAll(async () => {
    await d?.close();
  });

  it('the seed incident: FY2026 margin is 12.0% from FY2026 operands, cited cell by cell', async () => {
    const a = await ask('What was Helios Components’ operating margin in FY2026?');
    expect(a.status).toBe('answered');
    expect(a.values).toHaveLength(1);
    const v = a.values[0]!;
    expect(v.value).toBeCloseTo(0.12, 10);
    expect(v.display).toBe('12.00%');
    expect(v.period).toMatchObject({ type: 'duration', start: '2025-04-01', end: '2026-03-31', fiscalYear: 2026, fiscalPeriod: 'FY' });
    expect(v.inputs.map((i) => [i.display, i.period.start, i.period.end])).toEqual([
      ['₹144 crore', '2025-04-01', '2026-03-31'],
      ['₹1,200 crore', '2025-04-01', '2026-03-31'],
    ]);
    const rows = v.citations.map((c) => c.row ?? '');
    expect(rows[0]).toMatch(/Operating profit/);
    expect(rows[1]).toMatch(/Revenue from operations/);
    expect(a.text).toContain('For FY2026 (1 Apr 2025 – 31 Mar 2026)');
    expect(a.manifestId).toMatch(/^[0-9a-f]{64}$/);
    const [m] = await d.query<{ status: string; operands: unknown[] }>('select status, operands from manifests where id = $1', [
      a.manifestId,
    ]);
    expect(m?.status).toBe('answered');
    expect(m?.operands).toHaveLength(2);
  });

  it('tells each stage once, in order, as it starts: a margin computes, a clarification skips to composing', async () => {
    const told = async (question: string) => {
      const stages: string[] = [];
      await answerQuestion({
        db: d.db,
        tenantId: DEMO_TENANT_ID,
        userId: 'demo-analyst',
        question,
        store: false,
        onEvent: (e) => e.type === 'stage' && stages.push(e.stage),
      });
      return stages;
    };
    expect(await told('What was Helios Components’ operating margin in FY2026?')).toEqual([
      'planning',
      'looking_up',
      'computing',
      'composing',
    ]);
    expect(await told('Compare Helios and Northwind operating margin FY2025')).toEqual([
      'planning',
      'looking_up',
      'computing',
      'composing',
    ]);
    expect(await told('What was the operating margin in FY2026?')).toEqual(['planning', 'composing']);
  });

  it('reads the plan back before any lookup and tells each figure as it is computed, before composing', async () => {
    const events: AnswerEvent[] = [];
    const answer = await answerQuestion({
      db: d.db,
      tenantId: DEMO_TENANT_ID,
      userId: 'demo-analyst',
      question: 'Compare Helios and Northwind operating margin FY2025',
      store: false,
      cache: false,
      onEvent: (e) => events.push(e),
    });
    const kinds = events.map((e) => (e.type === 'stage' ? e.stage : e.type));
    expect(kinds).toEqual(['planning', 'plan', 'looking_up', 'computing', 'figure', 'figure', 'composing']);
    const plan = events.find((e) => e.type === 'plan')!;
    expect(plan.type === 'plan' && plan.plan).toMatchObject({ measure: 'Operating margin', periods: ['FY2025'], operation: 'value' });
    expect(plan.type === 'plan' && plan.plan.entities).toHaveLength(2);
    const figures = events.flatMap((e) => (e.type === 'figure' ? [e.figure] : []));
    // the figures told are the answer's values, in order, each with its company's own period
    expect(figures.map((f) => [f.seq, f.display])).toEqual(answer.values.map((v, i) => [i + 1, v.display]));
    expect(figures.every((f) => f.period.startsWith('FY2025'))).toBe(true);
  });

  it('a mixed question is one answer with its parts: the figure cited, the text quoted, one part asked back leaves the other answered', async () => {
    const events: AnswerEvent[] = [];
    const a = await answerQuestion({
      db: d.db,
      tenantId: DEMO_TENANT_ID,
      userId: 'demo-analyst',
      question: 'What was Helios Components’ operating profit in FY2026, and why did it fall?',
      store: false,
      cache: false,
      onEvent: (e) => events.push(e),
    });
    expect(a.status).toBe('answered');
    expect(a.parts?.map((p) => [p.kind, p.status])).toEqual([
      ['figures', 'answered'],
      ['narrative', 'answered'],
    ]);
    expect(a.values.map((v) => [v.display, v.period.label])).toEqual([['₹144 crore', 'FY2026']]);
    expect(a.passages.length).toBeGreaterThan(0);
    expect(a.segments.filter((s) => s.type === 'value')).toHaveLength(1);
    expect(a.intent?.metric.id).toBe('operating_income');
    // one plan read back with both parts, each stage told once
    const plan = events.find((e) => e.type === 'plan');
    expect(plan?.type === 'plan' && plan.plan.operation).toBe('value, and what the filings say');
    const stages = events.flatMap((e) => (e.type === 'stage' ? [e.stage] : []));
    expect(stages).toEqual([...new Set(stages)]);
    // the figure part asks which period; the text part is still answered beside it
    const asked = await answerQuestion({
      db: d.db,
      tenantId: DEMO_TENANT_ID,
      userId: 'demo-analyst',
      question: 'What was Helios Components’ operating profit, and why did it fall in FY2026?',
      store: false,
      cache: false,
    });
    expect(asked.parts?.map((p) => [p.kind, p.status])).toEqual([
      ['figures', 'needs_clarification'],
      ['narrative', 'answered'],
    ]);
    expect(asked.status).toBe('answered');
    expect(asked.values).toHaveLength(0);
    expect(asked.passages.length).toBeGreaterThan(0);
    expect(asked.clarification?.question).toBeTruthy();
  });

  it('refuses FY2026 revenue with FY2025 operating profit as PERIOD_MISMATCH, with no number', async () => {
    const a = await ask('What was Helios Components’ operating margin in FY2026 using FY2025 operating profit?');
    expect(a.status).toBe('rejected');
    expect(a.values).toHaveLength(0);
    expect(a.errors.map((e) => e.code)).toContain('PERIOD_MISMATCH');
    const [m] = await d.query<{ error_codes: string[]; rejected: { kind: string }[] }>(
      'select error_codes, rejected from manifests where id = $1',
      [a.manifestId],
    );
    expect(m?.error_codes).toContain('PERIOD_MISMATCH');
    expect(m?.rejected.some((r) => r.kind === 'join')).toBe(true);
  });

  it('FY2025 margin is 18.0% and the change is −6.0 pp, carried on the later period', async () => {
    const fy25 = await ask('Helios operating margin FY2025');
    expect(fy25.values[0]?.display).toBe('18.00%');
    const change = await ask('How did Helios operating margin change from FY2025 to FY2026?');
    expect(change.status).toBe('answered');
    expect(change.values[0]).toMatchObject({ display: '−6.00 pp', unit: 'ratio' });
    expect(change.values[0]!.value).toBeCloseTo(-0.06, 10);
    expect(change.values[0]!.period).toMatchObject({ start: '2025-04-01', end: '2026-03-31' });
  });

  it('revenue growth uses the prior fiscal year when only one is named', async () => {
    const a = await ask('Helios revenue growth FY2026');
    expect(a.values[0]?.value).toBeCloseTo(0.2, 10);
    expect(a.values[0]!.inputs.map((i) => i.period.end)).toEqual(['2025-03-31', '2026-03-31']);
  });

  it('never borrows a nearby year, never guesses a company, a period or a measure', async () => {
    const future = await ask('Helios revenue FY2027');
    expect(future.status).toBe('insufficient_evidence');
    expect(future.values).toHaveLength(0);
    const unknown = await ask('What was Acme Corp’s revenue in FY2026?');
    expect(unknown.status).toBe('insufficient_evidence');
    const noPeriod = await ask('What was Helios revenue?');
    expect(noPeriod.status).toBe('needs_clarification');
    const eps = await ask('Helios EPS FY2026');
    expect(eps.status).toBe('needs_clarification');
    expect(eps.clarification?.options).toEqual(['diluted EPS', 'basic EPS']);
    const instant = await ask('Helios revenue as of 31 March 2026');
    expect(instant.status).toBe('rejected');
    expect(instant.errors[0]?.code).toBe('INSTANT_DURATION_MIX');
  });

  it('several measures are each answered, values numbered in order and cited; a misspelt measure word is said', async () => {
    const a = await ask('Helios revenue and operating profit FY2026');
    expect(a.status).toBe('answered');
    expect(a.values.map((v) => [v.id, v.display])).toEqual([
      ['v1', '₹1,200 crore'],
      ['v2', '₹144 crore'],
    ]);
    expect(a.segments.filter((s) => s.type === 'value').map((s) => (s as { valueId: string }).valueId)).toEqual(['v1', 'v2']);
    const typo = await ask('Helios reveune FY2026');
    expect(typo.text).toMatch(/^Read “reveune” as “revenue”\./);
    expect(typo.values.map((v) => v.display)).toEqual(['₹1,200 crore']);
  });

  it('a follow-up inherits company and measure from the previous intent', async () => {
    const first = await ask('Helios revenue FY2026');
    const next = await ask('and FY2025?', first.intent);
    expect(next.values[0]).toMatchObject({ display: '₹1,000 crore' });
    expect(next.values[0]!.period.end).toBe('2025-03-31');
  });

  it('a series states the direction only as the numbers show it', async () => {
    const a = await ask('Helios revenue by fiscal year FY2025-FY2026');
    expect(a.pathway).toBe('longitudinal');
    expect(a.values.map((v) => v.period.end)).toEqual(['2025-03-31', '2026-03-31']);
    expect(a.text).toContain('rose in every year shown');
  });
});

describe('narrative answers', () => {
  let d: Database;
  beforeAll(async () => {
    d = await target.open();
    await d.db.insert(tenants).values({ id: 'nar', name: 'Narrative' });
    await d.db.insert(entities).values({ id: 'e-orbit', tenantId: 'nar', name: 'Orbit Retail' });
    await d.db.insert(fiscalCalendars).values({
      id: 'cal-orbit',
      tenantId: 'nar',
      entityId: 'e-orbit',
      effectiveFrom: '2000-01-01',
      yearEnd: { kind: 'fixed', month: 12, day: 31 },
      labelBy: 'end-year',
      origin: 'registered',
    });
    await d.db.insert(sources).values({
      id: 's-orbit',
      tenantId: 'nar',
      entityId: 'e-orbit',
      kind: 'html-report',
      title: 'Orbit Retail annual reports',
      sha256: 'x',
      byteSize: 1,
      extractorVersion: 'test',
    });
    await d.db.insert(chunks).values([
      {
        id: 'c22',
        tenantId: 'nar',
        entityId: 'e-orbit',
        sourceId: 's-orbit',
        fiscalYear: 2022,
        section: 'Item 1A',
        ordinal: 0,
        spanStart: 1000,
        text: 'We depend on suppliers in Asia. Customer concentration is high: our top customer was 30% of sales.',
      },
      {
        id: 'c24',
        tenantId: 'nar',
        entityId: 'e-orbit',
        sourceId: 's-orbit',
        fiscalYear: 2024,
        section: 'Item 1A',
        ordinal: 1,
        spanStart: 5000,
        text: 'Customer concentration declined; no customer exceeded 10% of sales. Freight costs rose.',
      },
    ]);
    await indexChunks(d.db);
  });
  afterAll(async () => {
    await d?.close();
  });

  it('quotes one cited sentence per requested year and never fills a missing year from another', async () => {
    const a = await answerQuestion({
      db: d.db,
      tenantId: 'nar',
      userId: null,
      question: 'How did the risk factors on customer concentration at Orbit Retail change from FY2022 to FY2024?',
    });
    expect(a.status).toBe('answered');
    // (changes come most relevant first, whichever year they belong to)
    const byYear = [...a.passages].sort((x, y) => (x.fiscalYear ?? 0) - (y.fiscalYear ?? 0));
    expect(byYear.map((p) => [p.fiscalYear, p.chunkId])).toEqual([
      [2022, 'c22'],
      [2024, 'c24'],
    ]);
    expect(byYear[0]!.quote).toContain('top customer was 30%');
    expect(byYear[0]!.span?.[0]).toBeGreaterThanOrEqual(1000);
    const gap = await answerQuestion({
      db: d.db,
      tenantId: 'nar',
      userId: null,
      question: 'What did Orbit Retail say about customer concentration in its FY2023 risk factors?',
    });
    expect(gap.status).toBe('insufficient_evidence');
    expect(gap.passages).toHaveLength(0);
  });
});
