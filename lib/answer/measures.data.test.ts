/**
 * Segment, product and geography members and the ratio library on real inline-XBRL 10-Ks
 * ($SEC_DATA_DIR/filings-ixbrl): each figure equal to the filing (values by hand from the HTML), a
 * member resolved from the filing's own labels, and a member whose fact is removed never answered
 * with the total; breakdowns by member: Apple's FY2024 net sales by product (Products = iPhone + Mac + iPad +
 * Wearables, Home and Accessories, and Services, adding up to the total) and by segment, NVIDIA's FY2025
 * revenue by segment, and an operating income whose segments do not add up (the difference said, no shares).
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secDataDir } from '@/lib/data-dir';
import { openDatabase, type Database } from '@/lib/db/client';
import { migrate } from '@/lib/db/migrate';
import { fiscalPeriodBounds } from '@/lib/fiscal';
import { ingestFile } from '@/lib/ingest/ingest-file';
import { createSideFiles } from '@/lib/ingest/side-files';
import { matchMetrics } from '@/lib/planner/match-metric';
import { loadMemberCatalog, type CatalogMember } from '@/lib/retrieval/members';
import { answerQuestion } from './answer-question';
import type { Answer } from './types';
import { computeFigure, targetFor, type EntityContext, type ExecContext } from './compute';
import type { Trace } from './trace';
import { entityContext } from './entity-context';
import { stageReporter } from './stage-reporter';

const data = secDataDir();
const FILES = {
  AAPL: 'filings-ixbrl/aapl-10-k-2024-11-01.html',
  NVDA: 'filings-ixbrl/nvda-10-k-2025-02-26.html',
  GOOGL: 'filings-ixbrl/googl-10-k-2025-02-05.html',
} as const;
const TENANT = 'measures';

describe('members and ratios on real inline-XBRL 10-Ks', () => {
  let d: Database;
  const ents = new Map<string, EntityContext>();
  const members = new Map<string, CatalogMember[]>();

  beforeAll(async () => {
    for (const f of Object.values(FILES)) {
      if (!fs.existsSync(path.join(data, f))) throw new Error(`missing real data: ${path.join(data, f)} (set SEC_DATA_DIR)`);
    }
    d = await openDatabase({ dataDir: 'memory' });
    await migrate(d);
    const sideFiles = createSideFiles();
    for (const [ticker, f] of Object.entries(FILES)) {
      const o = await ingestFile(path.join(data, f), { db: d.db, tenantId: TENANT, sideFiles });
      expect(o.error, f).toBeNull();
      const res = await d.db.execute(sql`select id, name, ticker from entities where tenant_id = ${TENANT} and id = ${o.entityId}`);
      const e = (res as unknown as { rows: { id: string; name: string; ticker: string | null }[] }).rows[0]!;
      ents.set(ticker, await entityContext(d.db, TENANT, e));
      members.set(ticker, await loadMemberCatalog(d.db, TENANT, [e.id]));
    }
  });
  afterAll(async () => {
    await d?.close();
  });

  function exec(): ExecContext {
    const trace: Trace = { lookups: [], calculations: [] };
    return { db: d.db, tenantId: TENANT, role: null, scope: 'consolidated', basis: { kind: 'latest' }, trace, report: stageReporter() };
  }

  function fy(ticker: string, year: number, type: 'duration' | 'instant' = 'duration') {
    const ent = ents.get(ticker)!;
    const b = fiscalPeriodBounds(ent.calendars, year, 'FY')!;
    return targetFor(
      type === 'instant' ? { type: 'instant', date: b.end } : { type: 'duration', start: b.start, end: b.end },
      ent.calendars,
    );
  }

  async function ask(ticker: string, question: string, year: number) {
    const [m] = matchMetrics(question, { members: members.get(ticker)! }).mentions;
    expect(m, question).toBeDefined();
    const ent = ents.get(ticker)!;
    const r = await computeFigure(exec(), ent, m!.ref, fy(ticker, year, m!.ref.periodType));
    return { m: m!, r };
  }

  const memberCases: [string, string, number, string, number][] = [
    ['AAPL', 'Apple iPhone net sales FY2024', 2024, 'iPhone', 201_183e6],
    ['AAPL', 'Apple Mac net sales FY2024', 2024, 'Mac', 29_984e6],
    ['AAPL', 'What were iPad net sales in fiscal 2024?', 2024, 'iPad', 26_694e6],
    ['AAPL', 'Wearables net sales FY2024', 2024, 'Wearables', 37_005e6],
    ['AAPL', 'Apple Services net sales FY2024', 2024, 'Services', 96_169e6],
    ['AAPL', 'Apple Americas net sales FY2024', 2024, 'Americas', 167_045e6],
    ['NVDA', 'NVIDIA Compute & Networking segment revenue FY2025', 2025, 'Compute & Networking', 116_193e6],
    ['NVDA', 'NVIDIA Graphics segment revenue FY2025', 2025, 'Graphics', 14_304e6],
    ['NVDA', 'NVIDIA Data Center revenue fiscal 2025', 2025, 'Data Center', 115_186e6],
    ['GOOGL', 'Alphabet Google Cloud revenue 2024', 2024, 'Google Cloud', 43_229e6],
  ];
  for (const [ticker, q, year, label, want] of memberCases) {
    it(`${q} = the filing`, async () => {
      const { m, r } = await ask(ticker, q, year);
      expect(m.ref.id).toBe('revenue');
      expect(
        m.ref.memberLabel
          ?.toLowerCase()
          .replace(/&/g, 'and')
          .replace(/[^a-z]/g, ''),
      ).toContain(
        label
          .toLowerCase()
          .replace(/&/g, 'and')
          .replace(/[^a-z]/g, ''),
      );
      expect(r.ok, JSON.stringify(!r.ok && r.failure)).toBe(true);
      if (!r.ok) return;
      expect(r.figure.value).toBe(want);
      expect(Object.keys(r.figure.operand.dimensions).length).toBeGreaterThan(0);
      expect(r.figure.metricLabel.toLowerCase()).toContain(m.ref.memberLabel!.toLowerCase());
    });
  }

  it('a total stays a total: net sales without a member is the consolidated figure', async () => {
    const { m, r } = await ask('AAPL', 'Apple net sales FY2024', 2024);
    expect(m.ref.dimensions).toBeUndefined();
    expect(r.ok && r.figure.value).toBe(391_035e6);
    expect(r.ok && r.figure.operand.dimensions).toEqual({});
  });

  it('a member whose fact is removed is missing, naming the member — never the total', async () => {
    for (const [ticker, q, year, label] of memberCases
      .filter(([t]) => t === 'AAPL')
      .slice(0, 2)
      .concat(memberCases.filter(([t]) => t === 'NVDA').slice(2, 3))) {
      const [m] = matchMetrics(q, { members: members.get(ticker)! }).mentions;
      const key = JSON.stringify(Object.entries(m!.ref.dimensions!).sort());
      await d.db.execute(sql`update facts set status = 'rejected' where tenant_id = ${TENANT} and dims_key = ${key}`);
      const r = await computeFigure(exec(), ents.get(ticker)!, m!.ref, fy(ticker, year));
      expect(r.ok, q).toBe(false);
      if (r.ok) continue;
      expect(r.failure.kind).toBe('missing');
      expect(r.failure.message.toLowerCase()).toContain(label.toLowerCase());
      expect(r.failure.message).toMatch(/total is not used/);
      await d.db.execute(sql`update facts set status = 'active' where tenant_id = ${TENANT} and dims_key = ${key} and status = 'rejected'`);
    }
  });

  it('line items beyond the basics resolve by their captions to the figure in the filing', async () => {
    const cases: [string, string, number][] = [
      ['Apple taxes paid related to net share settlement of equity awards FY2024', 'share_settlement_taxes', 5_441e6],
      ['Apple proceeds from (repayments of) commercial paper, net FY2024', 'commercial_paper_net', 3_960e6],
      ['Apple net increase (decrease) in cash, cash equivalents and restricted cash FY2024', 'net_change_in_cash', -794e6],
      ['Apple federal statutory tax rate FY2024', 'statutory_tax_rate', 0.21],
    ];
    for (const [q, id, want] of cases) {
      const { m, r } = await ask('AAPL', q, 2024);
      expect(m.ref.id, q).toBe(id);
      expect(r.ok, JSON.stringify(!r.ok && r.failure)).toBe(true);
      if (r.ok) expect(r.figure.value, q).toBeCloseTo(want, 6);
    }
  });

  it('a measure the filing does not tag (employees: no dei or us-gaap fact) is missing with the reason, never another figure', async () => {
    const { m, r } = await ask('AAPL', 'How many employees did Apple have at the end of FY2024?', 2024);
    expect(m.ref.id).toBe('employees');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.failure.kind).toBe('missing');
    expect(r.failure.message).toMatch(/Number of employees .*is not reported/);
  });

  describe('Apple FY2024 ratios, by hand from the 10-K', () => {
    const cases: [string, number, RegExp][] = [
      ['Apple current ratio at the end of FY2024', 152_987 / 176_392, /^current_ratio = current_assets\[.*\] \/ current_liabilities\[/],
      [
        'Apple return on equity FY2024',
        93_736 / ((62_146 + 56_950) / 2),
        /average\(total_equity\[.*FY2023.*\], total_equity\[.*FY2024.*\]\)/,
      ],
      ['Apple effective tax rate FY2024', 29_749 / 123_485, /tax_expense\[.*\] \/ profit_before_tax\[/],
      ['Apple EBITDA FY2024', (123_216 + 11_445) * 1e6, /operating_income\[.*\] \+ depreciation\[/],
    ];
    for (const [q, want, formula] of cases) {
      it(q, async () => {
        const { m, r } = await ask('AAPL', q, 2024);
        expect(m.ref.kind).toBe('derived');
        expect(r.ok, JSON.stringify(!r.ok && r.failure)).toBe(true);
        if (!r.ok) return;
        expect(r.figure.value).toBeCloseTo(want, 9);
        expect(r.figure.formula).toMatch(formula);
        expect(r.figure.inputs.length).toBeGreaterThanOrEqual(2);
        for (const i of r.figure.inputs) expect(i.citations.length).toBeGreaterThan(0);
      });
    }
    it('EBITDA is labelled derived', async () => {
      const { r } = await ask('AAPL', 'Apple EBITDA FY2024', 2024);
      expect(r.ok && r.figure.basis).toBe('derived');
    });
  });

  // breakdowns by member (lib/answer/operations/breakdown), values by hand from the filings
  const askAll = (question: string) =>
    answerQuestion({ db: d.db, tenantId: TENANT, userId: null, question, store: false, languageModel: null });
  /** member → value in millions, parent member, share shown */
  const rows = (a: Answer) =>
    a.values
      .filter((v) => v.part?.role === 'member' || v.part?.role === 'total')
      .map((v) => [v.part?.member ?? 'Total', Math.round(v.value / 1e6), v.part?.parent ?? null] as const);

  it('Apple FY2024 net sales by product: products with their parts, services, the total, adding up', async () => {
    const a = await askAll('Apple net sales by product for fiscal 2024');
    expect(a.status).toBe('answered');
    expect(a.intent?.operation).toBe('breakdown');
    expect(rows(a)).toEqual([
      ['Products', 294866, null],
      ['iPhone', 201183, 'Products'],
      ['Wearables, Home and Accessories', 37005, 'Products'],
      ['Mac', 29984, 'Products'],
      ['iPad', 26694, 'Products'],
      ['Services', 96169, null],
      ['Total', 391035, null],
    ]);
    expect(a.values.find((v) => v.part?.role === 'sum')).toBeDefined();
    expect(a.text).toMatch(/The members add up to the total/);
    const shares = a.values.filter((v) => v.part?.role === 'share').map((v) => [v.part?.member, v.display]);
    expect(shares).toEqual([
      ['Products', '75.41%'],
      ['Services', '24.59%'],
    ]);
    // every member figure is the filing's own fact, cited, on the fiscal year's dates
    for (const v of a.values.filter((x) => x.part?.role === 'member')) {
      expect(v.factIds.length).toBeGreaterThan(0);
      expect(v.citations.length).toBeGreaterThan(0);
      expect(v.period.start).toBe('2023-10-01');
      expect(v.period.end).toBe('2024-09-28');
    }
    expect(a.table?.rows).toHaveLength(7);
  });

  it('Apple FY2024 net sales by reportable segment and NVIDIA FY2025 revenue by segment', async () => {
    const seg = await askAll('Break down Apple’s FY2024 net sales by reportable segment');
    expect(rows(seg).map((r) => r[0])).toEqual(['Americas', 'Europe', 'Greater China', 'Rest Of Asia Pacific', 'Japan', 'Total']);
    expect(rows(seg).at(-1)?.[1]).toBe(391035);
    const nv = await askAll('What were NVIDIA’s revenues by segment in fiscal 2025?');
    expect(rows(nv)).toEqual([
      ['Compute And Networking', 116193, null],
      ['Graphics', 14304, null],
      ['Total', 130497, null],
    ]);
  });

  it('says what the segments do not cover when they do not add up to the total, and gives no shares', async () => {
    const a = await askAll('NVIDIA operating income by segment, fiscal 2025');
    expect(a.status).toBe('answered');
    expect(a.values.some((v) => v.part?.role === 'share')).toBe(false);
    const gap = a.values.find((v) => v.part?.role === 'gap');
    expect(gap).toBeDefined();
    const total = a.values.find((v) => v.part?.role === 'total')!;
    const members = a.values.filter((v) => v.part?.role === 'member').reduce((s, v) => s + v.value, 0);
    expect(gap!.value).toBeCloseTo(total.value - members, -3);
    expect(a.text).toMatch(/is not assigned to a member by segment in the filing/);
  });

  it('a figure the company does not report by the axis asked is said missing, never the total alone', async () => {
    const a = await askAll('Apple net income by segment FY2024');
    expect(a.status).toBe('insufficient_evidence');
    expect(a.values).toHaveLength(0);
  });
});
