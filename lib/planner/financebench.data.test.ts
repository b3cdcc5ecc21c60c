/**
 * Every line item named in the FinanceBench open-source questions ($SEC_DATA_DIR/financebench):
 * the metrics questions resolve to the measure asked (the primary mention; where the question writes the
 * measure out as a formula and names it — "operating income + D&A (EBITDA)" — the plan's measure, computed as
 * written), and a question whose
 * measure is not in the ontology says so (no mention, or an ambiguity to ask about) instead of
 * borrowing a broader measure. The statement hints in these questions ("based on the cash flow
 * statement") are never read as the cash balance.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { secDataDir } from '@/lib/data-dir';
import { ent } from './__fixtures__/catalog';
import { matchMetrics } from './match-metric';
import { planQuestion } from './plan';

const FILE = path.join(secDataDir(), 'financebench', 'financebench_open_source.jsonl');

/** The measure each metrics question asks for (by hand from the question text). */
const EXPECTED: Record<string, string> = {
  financebench_id_03029: 'capex',
  financebench_id_04672: 'ppe_net',
  financebench_id_02987: 'fixed_asset_turnover',
  financebench_id_07966: 'capex_intensity',
  financebench_id_04735: 'operating_cash_flow_ratio',
  financebench_id_07507: 'operating_income',
  financebench_id_03856: 'operating_cash_flow_ratio',
  financebench_id_10420: 'roa',
  financebench_id_06655: 'dpo',
  financebench_id_08135: 'revenue',
  financebench_id_08286: 'net_income',
  financebench_id_03882: 'receivables',
  financebench_id_03069: 'da_to_revenue',
  financebench_id_05718: 'dividends_paid',
  financebench_id_04254: 'ebitda',
  financebench_id_02608: 'net_margin',
  financebench_id_04417: 'inventories',
  financebench_id_04660: 'current_ratio',
  financebench_id_03838: 'total_revenues',
  financebench_id_07661: 'operating_cash_flow',
  financebench_id_10285: 'ppe_net',
  financebench_id_03473: 'roa',
  financebench_id_09724: 'cogs_to_revenue',
  financebench_id_06272: 'payout_ratio',
  financebench_id_10130: 'dpo',
  financebench_id_02981: 'operating_margin',
  financebench_id_04209: 'total_assets',
  financebench_id_05915: 'fixed_asset_turnover',
  financebench_id_04103: 'cash_conversion_cycle',
  financebench_id_03471: 'current_ratio',
  financebench_id_04854: 'free_cash_flow',
  financebench_id_10136: 'retention_ratio',
  financebench_id_10499: 'inventory_turnover',
  financebench_id_04412: 'asset_turnover',
  financebench_id_03031: 'working_capital',
  financebench_id_03718: 'total_revenues',
  financebench_id_04171: 'accounts_payable',
  financebench_id_03849: 'capex_intensity',
  financebench_id_04700: 'cost_of_revenue',
  financebench_id_04458: 'ebitda_margin',
  financebench_id_03282: 'current_liabilities',
  financebench_id_04302: 'cogs_to_revenue',
  financebench_id_03531: 'current_assets',
  financebench_id_04080: 'inventory_turnover',
  financebench_id_04980: 'capex',
  financebench_id_03620: 'ebitda_less_capex',
  financebench_id_04481: 'ebitda_margin',
  financebench_id_06247: 'dpo',
  financebench_id_04784: 'operating_margin',
  financebench_id_06741: 'ebitda_margin',
};

interface Question {
  financebench_id: string;
  company: string;
  question_type: string;
  question: string;
}

describe('FinanceBench line items', () => {
  if (!fs.existsSync(FILE)) throw new Error(`missing real data: ${FILE} (set SEC_DATA_DIR)`);
  const questions: Question[] = fs
    .readFileSync(FILE, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Question);

  it('covers every metrics question of the file', () => {
    const metrics = questions
      .filter((q) => q.question_type === 'metrics-generated')
      .map((q) => q.financebench_id)
      .sort();
    expect(metrics).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const q of questions.filter((x) => x.question_type === 'metrics-generated')) {
    it(`${q.financebench_id}: ${EXPECTED[q.financebench_id]}`, () => {
      const { mentions } = matchMetrics(q.question);
      if (mentions[0]?.ref.id !== EXPECTED[q.financebench_id]) {
        // a formula the question writes out is its operands' to match; the plan computes it as written, as the
        // measure it names
        const plan = planQuestion(q.question, { catalog: [ent('co', q.company, q.company, 'XCO')] });
        const named = plan.status === 'planned' && plan.intent.operation === 'expression' ? plan.intent.metric.id : undefined;
        expect(named ?? mentions[0]?.ref.id, q.question).toBe(EXPECTED[q.financebench_id]);
      }
      // a statement hint is not the cash balance
      if (
        /cash flows? statement|statement of cash flows?/i.test(q.question) &&
        !/\bcash (?:and|&) cash equivalents\b|\bcash balance\b/i.test(q.question)
      ) {
        expect(
          mentions.map((m) => m.ref.id),
          q.question,
        ).not.toContain('cash');
      }
    });
  }

  it('every other question names a known measure, asks which one, or names none (a qualitative question) — never a broader stand-in', () => {
    const unplaced: string[] = [];
    for (const q of questions.filter((x) => x.question_type !== 'metrics-generated')) {
      const { mentions, ambiguous } = matchMetrics(q.question);
      for (const m of mentions) {
        // an adjusted / non-GAAP request is flagged, never silently answered with the GAAP figure
        if (/\badjusted\b|\bnon[- ]gaap\b/i.test(q.question.slice(Math.max(0, m.start - 25), m.start))) {
          expect(
            m.qualifiers.some((x) => x.kind === 'gaap' && !x.understood),
            q.question,
          ).toBe(true);
        }
      }
      if (mentions.length === 0 && !ambiguous) unplaced.push(q.question);
    }
    // qualitative questions (drivers, legal matters, agenda, industry, customers, guidance): no number to resolve
    for (const u of unplaced) expect(u, u).toMatch(/\b(what|which|who|is|are|does|did|has|was|were|how|as of|among|by how much|at the)\b/i);
  });
});
