import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { windowRule } from '@/lib/calc';
import type { Database } from '@/lib/db/client';
import { ingestBytes } from '@/lib/ingest/ingest-file';
import { noSideFiles } from '@/lib/ingest/side-files';
import { METRICS } from '@/lib/ontology/metrics';
import { testTargets } from '@/tests/support/db';
import { answerQuestion } from '../answer-question';

const TENANT = 't-windows';
const target = testTargets()[0]!;

type Span = 'Q1' | 'Q2' | 'Q3' | 'H1' | '9M' | 'FY';
const BOUNDS: Record<Span, [string, string]> = {
  Q1: ['01-01', '03-31'],
  Q2: ['04-01', '06-30'],
  Q3: ['07-01', '09-30'],
  H1: ['01-01', '06-30'],
  '9M': ['01-01', '09-30'],
  FY: ['01-01', '12-31'],
};

/** One companyfacts entry of a calendar-year filer (filed with the year's 10-Q/10-K). */
function entry(year: number, span: Span, val: number) {
  const [s, e] = BOUNDS[span];
  const annual = span === 'FY';
  const filed = annual
    ? `${year + 1}-02-10`
    : `${year}-${e.slice(0, 2) === '12' ? '12' : String(Number(e.slice(0, 2)) + 1).padStart(2, '0')}-10`;
  return {
    start: `${year}-${s}`,
    end: `${year}-${e}`,
    val,
    accn: `0000000088-${String(year).slice(2)}-${span.replace('9M', 'N9')}`,
    fy: year,
    fp: annual ? 'FY' : span === 'Q1' ? 'Q1' : span === 'Q2' || span === 'H1' ? 'Q2' : 'Q3',
    form: annual ? '10-K' : '10-Q',
    filed,
  };
}

/** Values by year and span: quarters discrete, H1/9M/FY year to date. */
function series(byYear: Record<number, Partial<Record<Span, number>>>) {
  return Object.entries(byYear).flatMap(([y, spans]) => Object.entries(spans).map(([span, v]) => entry(Number(y), span as Span, v!)));
}

/** Quarters q1..q4 of a flow: discrete quarters, H1, 9M and FY (Q4 is never reported on its own). */
function flow(q: Record<number, [number, number, number, number]>) {
  return series(
    Object.fromEntries(
      Object.entries(q).map(([y, [a, b, c, d]]) => [y, { Q1: a, Q2: b, Q3: c, H1: a + b, '9M': a + b + c, FY: a + b + c + d }]),
    ),
  );
}

/** A per-share figure or share count for every span (none of them the sum of its parts). */
function everySpan(base: number) {
  return series({
    2024: { Q1: base, Q2: base + 1, Q3: base + 2, H1: base + 3, '9M': base + 4, FY: base + 5 },
    2025: { Q1: base + 6, Q2: base + 7, Q3: base + 8, H1: base + 9, '9M': base + 10, FY: base + 11 },
  });
}

/** Every duration measure of the ontology that does not add up over periods, with its first us-gaap concept. */
const NON_ADDITIVE = METRICS.filter((m) => m.periodType === 'duration' && windowRule(m.id).kind === 'refuse')
  .map((m) => ({ m, concept: m.concepts.find((c) => c.startsWith('us-gaap:')) }))
  .filter((x): x is { m: (typeof METRICS)[number]; concept: string } => !!x.concept);

function companyfacts(): Buffer {
  const usGaap: Record<string, { label: string; units: Record<string, unknown[]> }> = {
    Revenues: {
      label: 'Revenues',
      units: { USD: flow({ 2023: [90, 95, 100, 115], 2024: [100, 110, 120, 130], 2025: [140, 150, 160, 170] }) },
    },
    GrossProfit: { label: 'Gross Profit', units: { USD: flow({ 2024: [40, 44, 48, 52], 2025: [70, 60, 64, 68] }) } },
    // cash flows are year to date only in 10-Qs
    NetCashProvidedByUsedInOperatingActivities: {
      label: 'Operating cash flow',
      units: { USD: series({ 2024: { Q1: 30, H1: 70, '9M': 100, FY: 150 }, 2025: { Q1: 40, H1: 90, '9M': 130, FY: 190 } }) },
    },
    PaymentsToAcquirePropertyPlantAndEquipment: {
      label: 'Capex',
      units: { USD: series({ 2024: { Q1: 5, H1: 12, '9M': 18, FY: 25 }, 2025: { Q1: 6, H1: 14, '9M': 21, FY: 30 } }) },
    },
  };
  for (const [i, { m, concept }] of NON_ADDITIVE.entries()) {
    const unit = m.unitKind === 'per_share' ? 'USD/shares' : m.unitKind === 'shares' ? 'shares' : 'pure';
    usGaap[concept.slice('us-gaap:'.length)] = { label: m.label, units: { [unit]: everySpan(10 * (i + 1)) } };
  }
  return Buffer.from(JSON.stringify({ cik: 88, entityName: 'Keystone Windows Inc', facts: { 'us-gaap': usGaap } }));
}

describe('figures over windows of periods', () => {
  let d: Database;
  const ask = (question: string) => answerQuestion({ db: d.db, tenantId: TENANT, userId: null, question, store: false });
  beforeAll(async () => {
    d = await target.open();
    const o = await ingestBytes(companyfacts(), 'CIK0000000088_KWIN_companyfacts.json', {
      db: d.db,
      tenantId: TENANT,
      actor: 'test',
      sideFiles: noSideFiles,
    });
    expect(o.error).toBeNull();
  });
  afterAll(async () => {
    await d?.close();
  });

  it('a TTM margin is TTM gross profit over TTM revenue, both cited — never the sum of four quarterly margins', async () => {
    const a = await ask('Keystone Windows TTM gross margin as of Q3 FY2025');
    expect(a.status, a.text).toBe('answered');
    const v = a.values[0]!;
    // (52 + 70 + 60 + 64) / (130 + 140 + 150 + 160)
    expect(v.value).toBeCloseTo(246 / 580, 10);
    expect(v.period).toMatchObject({ start: '2024-10-01', end: '2025-09-30' });
    expect(v.inputs.map((i) => [i.metric, i.value, i.period.start, i.period.end])).toEqual([
      ['gross_profit', 246, '2024-10-01', '2025-09-30'],
      ['revenue', 580, '2024-10-01', '2025-09-30'],
    ]);
    expect(v.inputs.every((i) => i.citations.length >= 4)).toBe(true);
    expect(a.text).toMatch(/trailing-twelve-month gross profit/);
  });

  it('a TTM of a formula takes each operand’s own TTM, FY + YTD − prior YTD when quarters are not reported (cash flows)', async () => {
    const a = await ask('Keystone Windows TTM free cash flow as of Q2 FY2025');
    expect(a.status, a.text).toBe('answered');
    // OCF 150 + 90 − 70 = 170; capex 25 + 14 − 12 = 27
    expect(a.values[0]!.value).toBe(143);
    expect(a.values[0]!.period).toMatchObject({ start: '2024-07-01', end: '2025-06-30' });
    expect(a.values[0]!.inputs.map((i) => i.value)).toEqual([170, 27]);
  });

  it('a margin over periods added in words is the margin of the combined period', async () => {
    const a = await ask('Keystone Windows gross margin for Q1 and Q2 FY2025 combined');
    expect(a.status, a.text).toBe('answered');
    expect(a.values[0]!.value).toBeCloseTo(130 / 290, 10);
    expect(a.values[0]!.period).toMatchObject({ start: '2025-01-01', end: '2025-06-30' });
  });

  it('two ratios added as written are refused, offering the ratio of their combined period', async () => {
    for (const q of [
      'Keystone Windows Q1 FY2025 gross margin plus Q2 FY2025 gross margin',
      'Add up Keystone Windows gross margin for Q1 and Q2 FY2025',
    ]) {
      const a = await ask(q);
      expect(a.status, `${q}: ${a.text}`).toBe('rejected');
      expect(a.values).toHaveLength(0);
      expect(a.errors.map((e) => e.code)).toContain('NON_ADDITIVE');
      expect(a.clarification?.options[0]).toBe('Keystone Windows Inc gross margin H1 FY2025');
    }
    // free cash flow is a sum and difference of flows: added as written, it is the combined period's
    const f = await ask('Keystone Windows Q1 FY2025 free cash flow plus Q2 FY2025 free cash flow');
    expect(f.values).toHaveLength(f.status === 'answered' ? 1 : 0);
  });

  it('per-share figures are not added: refused with the reason, offering the figure the filing reports for the window', async () => {
    const a = await ask('Keystone Windows Q1 FY2025 diluted EPS plus Q2 FY2025 diluted EPS');
    expect(a.status, a.text).toBe('rejected');
    expect(a.values).toHaveLength(0);
    expect(a.errors.map((e) => e.code)).toContain('NON_ADDITIVE');
    expect(a.text).toMatch(/weighted share counts differ by period/);
    expect(a.clarification?.options[0]).toMatch(/EPS \(diluted\) H1 FY2025$/);
    // each chip is a whole question: "Q1" of "Q1 and Q2 FY2025" is offered with its year
    const combined = await ask('Keystone Windows Q1 and Q2 FY2025 diluted EPS combined');
    expect(combined.status, combined.text).toBe('rejected');
    expect(combined.clarification?.options).toEqual([
      'Keystone Windows Inc EPS (diluted) H1 FY2025',
      'Keystone Windows Inc EPS (diluted) Q1 FY2025',
      'Keystone Windows Inc EPS (diluted) Q2 FY2025',
    ]);
  });

  it('TTM EPS is the labelled sum of four quarterly EPS, a fourth quarter as FY − 9M, every quarter cited', async () => {
    const i = NON_ADDITIVE.findIndex((x) => x.m.id === 'eps_diluted');
    const b = 10 * (i + 1);
    const ttm = await ask('Keystone Windows TTM diluted EPS as of Q3 FY2025');
    expect(ttm.status, ttm.text).toBe('answered');
    const v = ttm.values[0]!;
    // Q4 FY2024 = FY (b+5) − 9M (b+4) = 1; Q1..Q3 FY2025 = b+6, b+7, b+8
    expect(v.value).toBe(1 + (b + 6) + (b + 7) + (b + 8));
    expect(v).toMatchObject({ basis: 'derived', period: { start: '2024-10-01', end: '2025-09-30' } });
    expect(v.inputs.map((x) => [x.period.fiscalPeriod, x.value])).toEqual([
      ['FY', b + 5],
      ['9M', b + 4],
      ['Q1', b + 6],
      ['Q2', b + 7],
      ['Q3', b + 8],
    ]);
    expect(v.inputs.every((x) => x.citations.length === 1)).toBe(true);
    expect(ttm.text).toMatch(/the sum of four quarterly EPS \(diluted\) \(a derived figure, not one the filings report/);
    expect(ttm.text).toMatch(/Q4 FY2024 as FY2024 .* − 9M FY2024/);
    // the fourth quarter on its own is still not FY − 9M
    const q4 = await ask('Keystone Windows diluted EPS Q4 FY2024');
    expect(q4.values).toHaveLength(0);
  });

  it('Q2 and Q3 of a flow reported only year to date are H1 − Q1 and 9M − H1, both operands cited', async () => {
    const q2 = await ask('Keystone Windows operating cash flow Q2 FY2025');
    expect(q2.status, q2.text).toBe('answered');
    expect(q2.values[0]!).toMatchObject({ value: 50, basis: 'derived', period: { start: '2025-04-01', end: '2025-06-30' } });
    expect(q2.values[0]!.inputs.map((x) => [x.period.fiscalPeriod, x.value])).toEqual([
      ['H1', 90],
      ['Q1', 40],
    ]);
    expect(q2.text).toMatch(/derived as H1 FY2025 .* minus Q1 FY2025/);
    const q3 = await ask('Keystone Windows capex Q3 FY2025');
    expect(q3.values[0]!).toMatchObject({ value: 7, basis: 'derived', period: { start: '2025-07-01', end: '2025-09-30' } });
    // a reported quarter is the reported figure, never a difference
    const rev = await ask('Keystone Windows revenue Q2 FY2025');
    expect(rev.values[0]!).toMatchObject({ value: 150, basis: 'reported' });
  });

  it('no measure that does not add up over periods is ever added, by any path (the ontology walked)', async () => {
    expect(NON_ADDITIVE.map((x) => x.m.id)).toEqual(
      expect.arrayContaining(['eps_basic', 'eps_diluted', 'shares_basic', 'shares_diluted', 'dividends_per_share']),
    );
    const answered: string[] = [];
    const unread: string[] = [];
    const notRefused: string[] = [];
    for (const { m } of NON_ADDITIVE) {
      const words = [...m.synonyms, ...(m.aliases ?? [])][0]!;
      // control: the measure's words and facts are understood for a period it is reported for
      const control = await ask(`Keystone Windows ${words} Q1 FY2025`);
      if (control.values[0]?.metric !== m.id) unread.push(`${m.id} (“${words}”): ${control.status} ${control.text.slice(0, 120)}`);
      const questions = [
        `Keystone Windows TTM ${words} as of Q3 FY2025`,
        `Keystone Windows ${words} for Q1 and Q2 FY2025 combined`,
        `Keystone Windows Q1 FY2025 ${words} plus Q2 FY2025 ${words}`,
        `Keystone Windows ${words} FY2024 plus ${words} FY2025`,
        `Keystone Windows ${words} H2 FY2025`,
        `Keystone Windows ${words} Q4 FY2025`,
        `Keystone Windows ${words} FY2025 minus ${words} 9M FY2025`,
      ];
      for (const [i, q] of questions.entries()) {
        const a = await ask(q);
        // EPS over a TTM is the labelled sum of its four quarters (its own test above); nothing else is added
        const rule = windowRule(m.id);
        const ttmEps = i === 0 && rule.kind === 'refuse' && rule.reason === 'earnings_per_share';
        if (ttmEps) {
          if (a.values[0]?.formula?.startsWith('sum of four quarterly') !== true)
            notRefused.push(`${q} → not the labelled sum: ${a.text.slice(0, 120)}`);
          continue;
        }
        if (a.values.length > 0) answered.push(`${q} → ${a.values.map((v) => v.display).join(', ')}`);
        // the TTM and the written sums reach the calculation and are refused for what they are
        if (i <= 3 && !a.errors.some((e) => e.code === 'NON_ADDITIVE')) notRefused.push(`${q} → ${a.status}: ${a.text.slice(0, 120)}`);
      }
    }
    expect(unread).toEqual([]);
    expect(answered).toEqual([]);
    expect(notRefused).toEqual([]);
  });

  it('a second half is FY − H1 for flows (derived), never for per-share figures', async () => {
    const a = await ask('Keystone Windows H2 FY2025 revenue');
    expect(a.status, a.text).toBe('answered');
    expect(a.values[0]!).toMatchObject({ value: 330, basis: 'derived', period: { start: '2025-07-01', end: '2025-12-31' } });
    const m = await ask('Keystone Windows second-half FY2025 gross margin');
    expect(m.values[0]!.value).toBeCloseTo(132 / 330, 10);
  });

  it('TTM growth is the TTM over the TTM a year earlier, both windows cited', async () => {
    const a = await ask('Keystone Windows TTM revenue growth y/y as of Q3 FY2025');
    expect(a.status, a.text).toBe('answered');
    const v = a.values[0]!;
    // (130 + 140 + 150 + 160) / (115 + 100 + 110 + 120) − 1
    expect(v.value).toBeCloseTo(580 / 445 - 1, 10);
    expect(v.period).toMatchObject({ start: '2024-10-01', end: '2025-09-30' });
    expect(v.inputs.map((i) => [i.period.start, i.period.end, i.value])).toEqual([
      ['2023-10-01', '2024-09-30', 445],
      ['2024-10-01', '2025-09-30', 580],
    ]);
    expect(v.inputs.every((i) => i.citations.length >= 4)).toBe(true);
    expect(a.text).toMatch(/trailing twelve months/);
  });

  it('growth in each of several years is one yearly rate per year named', async () => {
    const a = await ask('Keystone Windows revenue growth in each of FY2024 and FY2025');
    expect(a.status, a.text).toBe('answered');
    expect(a.values.map((v) => [v.period.end, v.value])).toEqual([
      ['2024-12-31', expect.closeTo(460 / 400 - 1, 10)],
      ['2025-12-31', expect.closeTo(620 / 460 - 1, 10)],
    ]);
  });

  it('a quarterly series of one year: the three reported quarters and the derived fourth', async () => {
    const a = await ask('Keystone Windows quarterly revenue for fiscal 2025');
    expect(a.status, a.text).toBe('answered');
    expect(a.values.map((v) => [v.period.label, v.value, v.basis])).toEqual([
      ['Q1 FY2025', 140, 'reported'],
      ['Q2 FY2025', 150, 'reported'],
      ['Q3 FY2025', 160, 'reported'],
      ['Q4 FY2025', 170, 'derived'],
    ]);
  });

  it('added up in words, contiguous flows are one sum over the combined span', async () => {
    const a = await ask('Keystone Windows cumulative revenue FY2024 through FY2025');
    expect(a.status, a.text).toBe('answered');
    expect(a.values[0]!).toMatchObject({ value: 1080, period: { start: '2024-01-01', end: '2025-12-31' } });
    const q = await ask('Sum of the first two quarters of Keystone Windows FY2025 revenue');
    expect(q.values[0]!).toMatchObject({ value: 290, period: { start: '2025-01-01', end: '2025-06-30' } });
  });
});
