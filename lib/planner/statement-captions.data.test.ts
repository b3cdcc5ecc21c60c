/**
 * Real statement captions: every row label of a table cell tagged (without dimensions) with a
 * concept the ontology maps, in the inline-XBRL 10-Ks and 10-Qs of $SEC_DATA_DIR/filings-ixbrl
 * (Apple, Alphabet, NVIDIA, Nike, P&G, Walmart, Wells Fargo). Asked as a measure, a caption must
 * resolve to a metric whose concept chain holds the concept the filer tagged, or to nothing (the
 * planner then asks or says the measure is unknown) — never to another measure, except the few
 * captions listed below whose words name another line item in an analyst's question.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { secDataDir } from '@/lib/data-dir';
import { parseIxbrl } from '@/lib/ingest/ixbrl/format';
import { METRICS } from '@/lib/ontology/metrics';
import { matchMetrics } from './match-metric';

const DIR = path.join(secDataDir(), 'filings-ixbrl');

/**
 * Captions a filer prints for one line item that, asked on their own, mean another (caption|concept →
 * what the question resolves to). Each is the analyst's usual reading, not the filer's.
 */
const CONTEXTUAL: Record<string, string> = {
  // Apple prints the gross profit amount as "Gross margin"; asked, "gross margin" is the percentage
  'Gross margin|us-gaap:GrossProfit': 'gross_margin',
  // Apple prints the same caption for the current and the non-current balance
  'Marketable securities|us-gaap:MarketableSecuritiesNoncurrent': 'marketable_securities_current',
  'Term debt|us-gaap:LongTermDebtCurrent': 'long_term_debt',
  // balance-sheet deferred tax captions; asked, "deferred income taxes" is the income statement's deferred tax expense
  'Deferred income taxes|us-gaap:DeferredIncomeTaxAssetsNet': 'deferred_tax_expense',
  'Deferred income tax|us-gaap:DeferredIncomeTaxLiabilitiesNet': 'deferred_tax_expense',
  'DEFERRED INCOME TAXES|us-gaap:DeferredIncomeTaxLiabilitiesNet': 'deferred_tax_expense',
  // PP&E notes print the gross amount under the balance sheet's caption; asked, PP&E is the net balance
  'Property and equipment, in service|us-gaap:PropertyPlantAndEquipmentGross': 'ppe_net',
  'TOTAL PROPERTY, PLANT AND EQUIPMENT|us-gaap:PropertyPlantAndEquipmentGross': 'ppe_net',
  'Property and equipment|us-gaap:PropertyPlantAndEquipmentGross': 'ppe_net',
  // a row under "Cash paid for:"; asked, "income taxes" is the tax expense
  'Income taxes|us-gaap:IncomeTaxesPaid': 'tax_expense',
  // Nike's caption of NetIncomeLoss; asked, "available to common" is the basic EPS numerator
  'Net income available to common stockholders|us-gaap:NetIncomeLoss': 'net_income_to_common',
  // P&G's total cost of sales; asked, "cost of products sold" is the products line (Apple, NVIDIA report it apart)
  'Cost of products sold|us-gaap:CostOfGoodsAndServicesSold': 'cost_of_products',
  // Walmart's debt note total (long-term debt only); asked, total debt adds short-term borrowings
  'Total debt|us-gaap:LongTermDebt': 'total_debt',
  // one caption for the current and the non-current balance: asked, the current one
  'Income taxes payable|us-gaap:AccruedIncomeTaxesNoncurrent': 'income_taxes_payable',
  'Income tax payable (1)|us-gaap:AccruedIncomeTaxesNoncurrent': 'income_taxes_payable',
  // lease-note rows captioned with the balance-sheet line they sit in, or the lease total
  'Other non-current liabilities|us-gaap:OperatingLeaseLiabilityNoncurrent': 'other_noncurrent_liabilities',
  'Accrued expenses and other liabilities|us-gaap:OperatingLeaseLiabilityCurrent': 'accrued_liabilities',
  'Operating lease liabilities|us-gaap:OperatingLeaseLiabilityNoncurrent': 'operating_lease_liabilities',
  'Total lease liabilities|us-gaap:FinanceLeaseLiability': 'operating_lease_liabilities',
  // Alphabet's PP&E note: "assets" is total assets when asked
  'Add: assets not yet in service|us-gaap:ConstructionInProgressGross': 'total_assets',
  // Nike's inventories are all finished goods; asked, inventories are the balance-sheet total
  'Inventories|us-gaap:InventoryFinishedGoodsNetOfReserves': 'inventories',
  'Supplemental information: Inventories|us-gaap:InventoryFinishedGoodsNetOfReserves': 'inventories',
  // intangibles notes print the gross amount as the total; asked, intangible assets are the net balance
  'Total intangible assets|us-gaap:FiniteLivedIntangibleAssetsGross': 'intangible_assets',
  'TOTAL INTANGIBLE ASSETS|us-gaap:IntangibleAssetsGrossExcludingGoodwill': 'intangible_assets',
  // P&G's lease note: one caption for the current and the non-current lease liabilities
  'Lease liabilities|us-gaap:OperatingLeaseLiabilityCurrent': 'operating_lease_liabilities',
  'Lease liabilities|us-gaap:OperatingLeaseLiabilityNoncurrent': 'operating_lease_liabilities',
  // a rate row of the tax reconciliation captioned as the amount; asked, the tax expense
  'Tax expense computed at federal statutory rate|us-gaap:EffectiveIncomeTaxRateReconciliationAtFederalStatutoryIncomeTaxRate':
    'tax_expense',
};

interface Caption {
  caption: string;
  concept: string;
  file: string;
}

function harvest(): Caption[] {
  const files = fs.existsSync(DIR) ? fs.readdirSync(DIR).filter((f) => /-10-[kq]-.*\.html?$/i.test(f)) : [];
  if (files.length < 7) throw new Error(`missing real data: inline-XBRL 10-K/10-Q filings in ${DIR} (set SEC_DATA_DIR)`);
  const mapped = new Set(METRICS.flatMap((m) => m.concepts));
  const out = new Map<string, Caption>();
  for (const file of files.sort()) {
    const p = parseIxbrl(fs.readFileSync(path.join(DIR, file), 'utf8'), file);
    for (const t of p.tables) {
      for (const c of t.cells) {
        if (!c.rowLabel) continue;
        for (const i of c.facts) {
          const fact = p.doc.facts[i]!;
          const ctx = p.doc.contexts.get(fact.contextRef);
          if (!ctx || Object.keys(ctx.dimensions).length > 0 || !mapped.has(fact.concept)) continue;
          const key = `${c.rowLabel}|${fact.concept}`;
          if (!out.has(key)) out.set(key, { caption: c.rowLabel, concept: fact.concept, file });
        }
      }
    }
  }
  return [...out.values()];
}

describe('statement captions of real filings resolve to the line item tagged', () => {
  const captions = harvest();
  const chains = new Map(METRICS.map((m) => [m.id, new Set(m.concepts)]));
  const results = captions.map((c) => {
    const { mentions } = matchMetrics(`What was it for ${c.caption} in FY2024?`);
    return { ...c, id: mentions[0]?.ref.id ?? null };
  });

  it('harvests 450+ distinct caption–concept pairs from the statements and notes', () => {
    expect(captions.length).toBeGreaterThanOrEqual(450);
  });

  it('350+ of them resolve to a metric whose chain holds the tagged concept', () => {
    const ok = results.filter((r) => r.id !== null && chains.get(r.id)?.has(r.concept));
    expect(ok.length).toBeGreaterThanOrEqual(350);
  });

  it('none resolves to another measure, except the listed contextual captions', () => {
    const wrong = results
      .filter((r) => r.id !== null && !chains.get(r.id)?.has(r.concept))
      .filter((r) => CONTEXTUAL[`${r.caption}|${r.concept}`] !== r.id)
      .map((r) => `${r.file}: “${r.caption}” (${r.concept}) → ${r.id}`);
    expect(wrong).toEqual([]);
  });

  it('every listed contextual caption is still printed in the filings', () => {
    const seen = new Set(results.map((r) => `${r.caption}|${r.concept}`));
    expect(Object.keys(CONTEXTUAL).filter((k) => !seen.has(k))).toEqual([]);
  });

  it('cash-flow subtotals are never the cash balance; weighted share counts never the shares outstanding', () => {
    for (const r of results) {
      if (/activities|by operations/i.test(r.caption) && /NetCashProvidedByUsedIn/.test(r.concept))
        expect(r.id, r.caption).not.toBe('cash');
      if (/weighted/i.test(r.caption)) expect(r.id, r.caption).not.toBe('shares_outstanding');
    }
  });
});
