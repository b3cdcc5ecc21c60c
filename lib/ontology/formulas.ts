/**
 * Ratios and derived measures as data: a small formula language over ontology measures, evaluated
 * by one evaluator in lib/calc (`evaluateFormula`). Each operand names a measure (a metric id, or
 * another formula's id) and the role its period plays relative to the figure's own period (the
 * anchor):
 *
 * - `same`: the anchor itself (a flow over the anchor duration, or a balance at an instant anchor);
 * - `end`: the balance at the anchor's end date;
 * - `opening`: the balance at the day before the anchor duration starts (the prior period end);
 * - `{ average: e }`: (e at opening + e at end) / 2 — the average balance over the anchor duration.
 *
 * `relation` declares the temporal relation the operands must satisfy; a test checks that each
 * formula's roles imply exactly that relation, and the evaluator rejects operands whose periods break
 * it (PERIOD_MISMATCH, INSTANT_DURATION_MIX).
 */
export type PeriodRole = 'same' | 'end' | 'opening';

export type Expr =
  | { measure: string; role?: PeriodRole }
  | { average: Expr }
  | { op: 'add' | 'sub' | 'mul' | 'div'; args: [Expr, Expr] }
  /** days in the anchor duration (end − start + 1) */
  | { days: 'period' }
  | { const: string };

export type TemporalRelation =
  /** every operand is a flow over the anchor duration */
  | 'same_duration'
  /** every operand is a balance at the anchor instant */
  | 'same_instant'
  /** flows over the anchor ÷ (or ×) average balances over it */
  | 'flow_over_average_balance'
  /** a balance at the anchor's end ÷ a flow over the anchor (net debt / EBITDA): the only allowed mix */
  | 'instant_over_flow_at_end'
  /** a flow over the anchor ÷ a balance at its end (operating cash flow ratio) */
  | 'flow_over_instant_at_end';

export type FormulaUnit = 'ratio' | 'times' | 'days' | 'monetary' | 'per_share';

export interface FormulaDef {
  id: string;
  label: string;
  description: string;
  /** names that resolve to this formula in questions */
  synonyms: string[];
  /** period type of the figure: the anchor is a duration or an instant */
  periodType: 'duration' | 'instant';
  relation: TemporalRelation;
  unit: FormulaUnit;
  formula: Expr;
  /** further definitions tried in order when an operand of the first is not reported (the manifest shows which) */
  alternatives?: Expr[];
  /** a margin-like quotient: |result| ≤ 100% over a positive denominator, else IMPLAUSIBLE_RESULT */
  bounded?: boolean;
  /** 'derived' labels the result as derived even when every operand is reported for the anchor */
  basis?: 'derived';
  /** the legacy operation class the planner's MetricRef carries */
  op: 'margin' | 'ratio' | 'free_cash_flow';
}

const m = (measure: string, role: PeriodRole = 'same'): Expr => ({ measure, role });
const avg = (e: Expr): Expr => ({ average: e });
const add = (a: Expr, b: Expr): Expr => ({ op: 'add', args: [a, b] });
const sub = (a: Expr, b: Expr): Expr => ({ op: 'sub', args: [a, b] });
const mul = (a: Expr, b: Expr): Expr => ({ op: 'mul', args: [a, b] });
const div = (a: Expr, b: Expr): Expr => ({ op: 'div', args: [a, b] });
const days: Expr = { days: 'period' };

type Def = Omit<FormulaDef, 'description'> & { description?: string };
const margin = (id: string, label: string, numerator: string, synonyms: string[], extra: Partial<Def> = {}): Def => ({
  id,
  label,
  synonyms,
  periodType: 'duration',
  relation: 'same_duration',
  unit: 'ratio',
  formula: div(m(numerator), m('revenue')),
  bounded: true,
  op: 'margin',
  ...extra,
});

const DEFS: Def[] = [
  // ── derived amounts ───────────────────────────────────────────────────────────────────────────
  {
    id: 'ebitda',
    label: 'EBITDA',
    synonyms: [
      'ebitda',
      'unadjusted ebitda',
      'earnings before interest taxes depreciation and amortization',
      'earnings before interest, taxes, depreciation and amortization',
      'operating income plus depreciation and amortization',
      'operating income + depreciation and amortization',
    ],
    periodType: 'duration',
    relation: 'same_duration',
    unit: 'monetary',
    formula: add(m('operating_income'), m('depreciation')),
    basis: 'derived',
    op: 'ratio',
    description: 'Operating income + depreciation and amortisation over the same duration (derived).',
  },
  {
    id: 'free_cash_flow',
    label: 'Free cash flow',
    synonyms: ['free cash flow', 'fcf', 'free cashflow', 'unlevered free cash flow'],
    periodType: 'duration',
    relation: 'same_duration',
    unit: 'monetary',
    formula: sub(m('operating_cash_flow'), m('capex')),
    op: 'free_cash_flow',
    description: 'Operating cash flow − capital expenditure (capex as a positive outflow).',
  },
  {
    id: 'ebitda_less_capex',
    label: 'EBITDA less capex',
    synonyms: [
      'ebitda less capex',
      'ebitda minus capex',
      'ebitda - capex',
      'unadjusted ebitda less capex',
      'ebitda less capital expenditure',
    ],
    periodType: 'duration',
    relation: 'same_duration',
    unit: 'monetary',
    formula: sub(m('ebitda'), m('capex')),
    basis: 'derived',
    op: 'ratio',
  },
  {
    id: 'total_debt',
    label: 'Total debt',
    synonyms: ['total debt', 'gross debt', 'total borrowings', 'borrowings', 'debt on balance sheet', 'total debt outstanding'],
    periodType: 'instant',
    relation: 'same_instant',
    unit: 'monetary',
    // the filer's own total where it reports one (IFRS "Borrowings"), else the sum of its parts
    formula: m('borrowings_reported'),
    alternatives: [
      add(add(m('long_term_debt_noncurrent'), m('current_portion_long_term_debt')), m('short_term_borrowings')),
      add(m('long_term_debt_noncurrent'), m('current_portion_long_term_debt')),
    ],
    op: 'ratio',
    description: 'Borrowings as reported, else non-current long-term debt + current portion + short-term borrowings (commercial paper).',
  },
  {
    id: 'net_debt',
    label: 'Net debt',
    synonyms: ['net debt', 'net borrowings', 'net debt position'],
    periodType: 'instant',
    relation: 'same_instant',
    unit: 'monetary',
    formula: sub(m('total_debt'), m('cash')),
    op: 'ratio',
    description: 'Total debt − cash and cash equivalents.',
  },
  {
    id: 'working_capital',
    label: 'Working capital',
    synonyms: ['working capital', 'net working capital', 'nwc'],
    periodType: 'instant',
    relation: 'same_instant',
    unit: 'monetary',
    formula: sub(m('current_assets'), m('current_liabilities')),
    op: 'ratio',
    description: 'Total current assets − total current liabilities.',
  },
  {
    id: 'nopat',
    label: 'NOPAT',
    synonyms: ['nopat', 'net operating profit after tax', 'net operating profit after taxes'],
    periodType: 'duration',
    relation: 'same_duration',
    unit: 'monetary',
    formula: mul(m('operating_income'), sub({ const: '1' }, div(m('tax_expense'), m('profit_before_tax')))),
    basis: 'derived',
    op: 'ratio',
    description: 'Operating income × (1 − effective tax rate).',
  },
  {
    id: 'invested_capital',
    label: 'Invested capital',
    synonyms: ['invested capital'],
    periodType: 'instant',
    relation: 'same_instant',
    unit: 'monetary',
    formula: add(m('total_debt'), m('total_equity')),
    op: 'ratio',
    description: 'Total debt + shareholders’ equity.',
  },

  // ── margins (same duration, ÷ revenue) ───────────────────────────────────────────────────────
  margin(
    'gross_margin',
    'Gross margin',
    'gross_profit',
    [
      'gross margin',
      'gross margins',
      'gross profit margin',
      'gm%',
      'gm %',
      'gross margin %',
      'gross margin percentage',
      'gross margin percent',
    ],
    {
      alternatives: [
        div(sub(m('revenue'), m('cost_of_revenue')), m('revenue')),
        // a statement printing no cost of revenue, only its parts ("Cost of products", "Cost of services": Boeing)
        div(sub(sub(m('revenue'), m('cost_of_products')), m('cost_of_services')), m('revenue')),
      ],
    },
  ),
  margin('operating_margin', 'Operating margin', 'operating_income', [
    'operating margin',
    'operating margins',
    'operating profit margin',
    'ebit margin',
    'op margin',
    'operating income margin',
    'operating income % margin',
    'operating margin %',
    'unadjusted operating income % margin',
    'unadjusted operating margin',
  ]),
  margin('net_margin', 'Net margin', 'net_income', [
    'net margin',
    'net margins',
    'net profit margin',
    'profit margin',
    'net income margin',
    'net profit margin %',
    'net earnings as a percent of sales',
    'net income as a percentage of revenue',
    'net margin %',
  ]),
  margin(
    'ebitda_margin',
    'EBITDA margin',
    'ebitda',
    ['ebitda margin', 'ebitda % margin', 'unadjusted ebitda % margin', 'unadjusted ebitda margin', 'ebitda margin %'],
    { basis: 'derived' },
  ),
  margin('fcf_margin', 'Free cash flow margin', 'free_cash_flow', [
    'free cash flow margin',
    'fcf margin',
    'fcf %',
    'free cash flow as a percentage of revenue',
  ]),
  margin('rnd_intensity', 'R&D as a share of revenue', 'rnd', [
    'r&d intensity',
    'r&d as a percentage of revenue',
    'r&d to revenue',
    'r&d as a share of revenue',
    'r&d as a percent of revenue',
    'r&d % of revenue',
  ]),
  margin('sga_to_revenue', 'SG&A as a share of revenue', 'sga', [
    'sg&a as a percent of net sales',
    'sg&a as a percentage of revenue',
    'sg&a as a share of revenue',
    'sg&a to revenue',
    'sg&a % of revenue',
    'sg&a expense as a percent of net sales',
  ]),
  margin('opex_to_revenue', 'Operating expenses as a share of revenue', 'operating_expenses', [
    'opex as a percentage of revenue',
    'opex to revenue',
    'opex ratio',
    'operating expense ratio',
    'opex % of revenue',
  ]),
  margin('cogs_to_revenue', 'Cost of revenue as a share of revenue', 'cost_of_revenue', [
    'cogs % margin',
    'cogs margin',
    'cogs as a percentage of revenue',
    'cogs as a % of revenue',
    'cost of goods sold as a % of revenue',
    'cost of goods sold as a percentage of revenue',
    'cost of sales as a % of revenue',
    'cost of sales as a percentage of revenue',
    'cogs to revenue',
    'cogs % of revenue',
  ]),
  margin('capex_intensity', 'Capex as a share of revenue', 'capex', [
    'capex intensity',
    'capex as a % of revenue',
    'capex as a percentage of revenue',
    'capex as a percent of revenue',
    'capex to revenue',
    'capital intensity',
    'capital intensive',
    'capital-intensive',
    'capex to sales',
    'capex % of revenue',
  ]),
  margin('da_to_revenue', 'D&A as a share of revenue', 'depreciation', [
    'd&a % margin',
    'depreciation and amortization % margin',
    'd&a margin',
    'd&a as a % of revenue',
    'depreciation and amortization as a % of revenue',
    'd&a to revenue',
  ]),
  margin('pretax_margin', 'Pre-tax margin', 'profit_before_tax', [
    'pre-tax margin',
    'pretax margin',
    'pre-tax profit margin',
    'ebt margin',
  ]),

  // ── tax and payout (same duration) ───────────────────────────────────────────────────────────
  {
    id: 'effective_tax_rate',
    label: 'Effective tax rate',
    synonyms: ['effective tax rate', 'etr', 'effective income tax rate', 'tax rate'],
    periodType: 'duration',
    relation: 'same_duration',
    unit: 'ratio',
    formula: div(m('tax_expense'), m('profit_before_tax')),
    op: 'ratio',
    description: 'Income tax expense ÷ income before income taxes.',
  },
  {
    id: 'tax_burden',
    label: 'Tax burden',
    synonyms: ['tax burden', 'tax burden ratio', 'net income to pretax income', 'net income to profit before tax'],
    periodType: 'duration',
    relation: 'same_duration',
    unit: 'ratio',
    formula: div(m('net_income'), m('profit_before_tax')),
    bounded: true,
    op: 'ratio',
    description: 'Net income ÷ income before income taxes (the DuPont tax factor: the share of pre-tax profit kept after tax).',
  },
  {
    id: 'payout_ratio',
    label: 'Dividend payout ratio',
    synonyms: ['payout ratio', 'dividend payout ratio', 'dividend payout', 'cash dividend payout ratio'],
    periodType: 'duration',
    relation: 'same_duration',
    unit: 'ratio',
    formula: div(m('dividends_paid'), m('net_income')),
    op: 'ratio',
    description: 'Cash dividends paid ÷ net income attributable to shareholders.',
  },
  {
    id: 'retention_ratio',
    label: 'Retention ratio',
    synonyms: ['retention ratio', 'earnings retention ratio', 'plowback ratio'],
    periodType: 'duration',
    relation: 'same_duration',
    unit: 'ratio',
    formula: sub({ const: '1' }, div(m('dividends_paid'), m('net_income'))),
    op: 'ratio',
    description: '1 − dividends paid ÷ net income.',
  },
  {
    id: 'interest_coverage',
    label: 'Interest coverage',
    synonyms: ['interest coverage', 'interest coverage ratio', 'times interest earned', 'ebit to interest', 'interest cover'],
    periodType: 'duration',
    relation: 'same_duration',
    unit: 'times',
    formula: div(m('operating_income'), m('finance_costs')),
    op: 'ratio',
    description: 'Operating income (EBIT) ÷ interest expense.',
  },
  {
    id: 'fcf_conversion',
    label: 'Free cash flow conversion',
    synonyms: ['free cash flow conversion', 'fcf conversion', 'cash conversion', 'free cashflow conversion'],
    periodType: 'duration',
    relation: 'same_duration',
    unit: 'ratio',
    formula: div(m('free_cash_flow'), m('net_income')),
    op: 'ratio',
    description: 'Free cash flow ÷ net income.',
  },

  // ── liquidity and leverage (instants at one date) ────────────────────────────────────────────
  {
    id: 'current_ratio',
    label: 'Current ratio',
    synonyms: ['current ratio', 'working capital ratio'],
    periodType: 'instant',
    relation: 'same_instant',
    unit: 'times',
    formula: div(m('current_assets'), m('current_liabilities')),
    op: 'ratio',
    description: 'Total current assets ÷ total current liabilities.',
  },
  {
    id: 'quick_ratio',
    label: 'Quick ratio',
    synonyms: ['quick ratio', 'acid test ratio', 'acid-test ratio', 'acid test'],
    periodType: 'instant',
    relation: 'same_instant',
    unit: 'times',
    formula: div(add(add(m('cash'), m('marketable_securities_current')), m('receivables')), m('current_liabilities')),
    // a company without current marketable securities: its quick assets are cash and receivables
    alternatives: [
      div(add(m('cash'), m('receivables')), m('current_liabilities')),
      div(sub(m('current_assets'), m('inventories')), m('current_liabilities')),
    ],
    op: 'ratio',
    description: '(Cash + current marketable securities + receivables) ÷ current liabilities.',
  },
  {
    id: 'cash_ratio',
    label: 'Cash ratio',
    synonyms: ['cash ratio'],
    periodType: 'instant',
    relation: 'same_instant',
    unit: 'times',
    formula: div(add(m('cash'), m('marketable_securities_current')), m('current_liabilities')),
    alternatives: [div(m('cash'), m('current_liabilities'))],
    op: 'ratio',
    description: '(Cash + current marketable securities) ÷ current liabilities.',
  },
  {
    id: 'debt_to_equity',
    label: 'Debt to equity',
    synonyms: [
      'debt to equity',
      'debt-to-equity',
      'debt to equity ratio',
      'debt-to-equity ratio',
      'd/e',
      'd/e ratio',
      'gearing',
      'gearing ratio',
    ],
    periodType: 'instant',
    relation: 'same_instant',
    unit: 'times',
    formula: div(m('total_debt'), m('total_equity')),
    op: 'ratio',
    description: 'Total debt ÷ shareholders’ equity.',
  },
  {
    id: 'debt_to_assets',
    label: 'Debt to assets',
    synonyms: ['debt to assets', 'debt-to-assets', 'debt to assets ratio', 'debt ratio'],
    periodType: 'instant',
    relation: 'same_instant',
    unit: 'ratio',
    formula: div(m('total_debt'), m('total_assets')),
    op: 'ratio',
  },
  {
    id: 'liabilities_to_equity',
    label: 'Liabilities to equity',
    synonyms: ['liabilities to equity', 'total liabilities to equity', 'liabilities-to-equity ratio'],
    periodType: 'instant',
    relation: 'same_instant',
    unit: 'times',
    formula: div(m('total_liabilities'), m('total_equity')),
    op: 'ratio',
  },
  {
    id: 'equity_ratio',
    label: 'Equity ratio',
    synonyms: ['equity ratio', 'equity to assets'],
    periodType: 'instant',
    relation: 'same_instant',
    unit: 'ratio',
    formula: div(m('total_equity'), m('total_assets')),
    op: 'ratio',
  },
  {
    id: 'book_value_per_share',
    label: 'Book value per share',
    synonyms: ['book value per share', 'bvps', 'equity per share', 'net asset value per share'],
    periodType: 'instant',
    relation: 'same_instant',
    unit: 'per_share',
    formula: div(m('total_equity'), m('shares_outstanding')),
    op: 'ratio',
    description: 'Shareholders’ equity ÷ shares outstanding at the same date.',
  },
  {
    id: 'net_debt_to_ebitda',
    label: 'Net debt to EBITDA',
    synonyms: ['net debt to ebitda', 'net debt/ebitda', 'net debt / ebitda', 'net leverage', 'net leverage ratio'],
    periodType: 'duration',
    relation: 'instant_over_flow_at_end',
    unit: 'times',
    formula: div(m('net_debt', 'end'), m('ebitda')),
    basis: 'derived',
    op: 'ratio',
    description: 'Net debt at the period end ÷ EBITDA over the period.',
  },
  {
    id: 'debt_to_ebitda',
    label: 'Debt to EBITDA',
    synonyms: ['debt to ebitda', 'debt/ebitda', 'total debt to ebitda', 'gross leverage', 'leverage multiple'],
    periodType: 'duration',
    relation: 'instant_over_flow_at_end',
    unit: 'times',
    formula: div(m('total_debt', 'end'), m('ebitda')),
    basis: 'derived',
    op: 'ratio',
  },
  {
    id: 'operating_cash_flow_ratio',
    label: 'Operating cash flow ratio',
    synonyms: ['operating cash flow ratio', 'cash flow ratio', 'cfo to current liabilities'],
    periodType: 'duration',
    relation: 'flow_over_instant_at_end',
    unit: 'times',
    formula: div(m('operating_cash_flow'), m('current_liabilities', 'end')),
    op: 'ratio',
    description: 'Cash from operations ÷ total current liabilities at the period end.',
  },

  // ── returns and turnover (flow ÷ average of opening and closing balances) ─────────────────────
  {
    id: 'roe',
    label: 'Return on equity',
    synonyms: [
      'return on equity',
      'roe',
      'return on average equity',
      'roae',
      'return on shareholders equity',
      "return on shareholders' equity",
    ],
    periodType: 'duration',
    relation: 'flow_over_average_balance',
    unit: 'ratio',
    formula: div(m('net_income'), avg(m('total_equity'))),
    op: 'ratio',
    description: 'Net income ÷ average shareholders’ equity (opening and closing).',
  },
  {
    id: 'roa',
    label: 'Return on assets',
    synonyms: ['return on assets', 'roa', 'return on average assets', 'roaa', 'return on total assets'],
    periodType: 'duration',
    relation: 'flow_over_average_balance',
    unit: 'ratio',
    formula: div(m('net_income'), avg(m('total_assets'))),
    op: 'ratio',
    description: 'Net income ÷ average total assets (opening and closing).',
  },
  {
    id: 'roic',
    label: 'Return on invested capital',
    synonyms: ['return on invested capital', 'roic', 'return on capital', 'return on capital employed', 'roce'],
    periodType: 'duration',
    relation: 'flow_over_average_balance',
    unit: 'ratio',
    formula: div(m('nopat'), avg(m('invested_capital'))),
    basis: 'derived',
    op: 'ratio',
    description: 'NOPAT ÷ average invested capital (debt + equity, opening and closing).',
  },
  {
    id: 'asset_turnover',
    label: 'Asset turnover',
    synonyms: ['asset turnover', 'asset turnover ratio', 'total asset turnover'],
    periodType: 'duration',
    relation: 'flow_over_average_balance',
    unit: 'times',
    formula: div(m('revenue'), avg(m('total_assets'))),
    op: 'ratio',
  },
  {
    id: 'fixed_asset_turnover',
    label: 'Fixed asset turnover',
    synonyms: ['fixed asset turnover', 'fixed asset turnover ratio', 'pp&e turnover', 'ppe turnover'],
    periodType: 'duration',
    relation: 'flow_over_average_balance',
    unit: 'times',
    formula: div(m('revenue'), avg(m('ppe_net'))),
    op: 'ratio',
    description: 'Revenue ÷ average net PP&E.',
  },
  {
    id: 'inventory_turnover',
    label: 'Inventory turnover',
    synonyms: ['inventory turnover', 'inventory turnover ratio', 'inventory turns', 'stock turnover'],
    periodType: 'duration',
    relation: 'flow_over_average_balance',
    unit: 'times',
    formula: div(m('cost_of_revenue'), avg(m('inventories'))),
    op: 'ratio',
    description: 'Cost of revenue ÷ average inventories.',
  },
  {
    id: 'receivables_turnover',
    label: 'Receivables turnover',
    synonyms: ['receivables turnover', 'receivables turnover ratio', 'accounts receivable turnover', 'ar turnover'],
    periodType: 'duration',
    relation: 'flow_over_average_balance',
    unit: 'times',
    formula: div(m('revenue'), avg(m('receivables'))),
    op: 'ratio',
  },
  {
    id: 'payables_turnover',
    label: 'Payables turnover',
    synonyms: ['payables turnover', 'payables turnover ratio', 'accounts payable turnover', 'ap turnover'],
    periodType: 'duration',
    relation: 'flow_over_average_balance',
    unit: 'times',
    formula: div(m('cost_of_revenue'), avg(m('accounts_payable'))),
    op: 'ratio',
  },
  {
    id: 'dso',
    label: 'Days sales outstanding',
    synonyms: ['days sales outstanding', 'dso', 'receivable days', 'debtor days', 'days receivable'],
    periodType: 'duration',
    relation: 'flow_over_average_balance',
    unit: 'days',
    formula: mul(div(avg(m('receivables')), m('revenue')), days),
    op: 'ratio',
    description: 'Average receivables ÷ revenue × days in the period.',
  },
  {
    id: 'dio',
    label: 'Days inventory outstanding',
    synonyms: ['days inventory outstanding', 'dio', 'inventory days', 'days in inventory', 'days inventory on hand'],
    periodType: 'duration',
    relation: 'flow_over_average_balance',
    unit: 'days',
    formula: mul(div(avg(m('inventories')), m('cost_of_revenue')), days),
    op: 'ratio',
    description: 'Average inventories ÷ cost of revenue × days in the period.',
  },
  {
    id: 'dpo',
    label: 'Days payable outstanding',
    synonyms: ['days payable outstanding', 'dpo', 'payable days', 'creditor days', 'days payable'],
    periodType: 'duration',
    relation: 'flow_over_average_balance',
    unit: 'days',
    formula: mul(div(avg(m('accounts_payable')), m('cost_of_revenue')), days),
    op: 'ratio',
    description: 'Average accounts payable ÷ cost of revenue × days in the period.',
  },
  {
    id: 'cash_conversion_cycle',
    label: 'Cash conversion cycle',
    synonyms: ['cash conversion cycle', 'ccc', 'cash cycle'],
    periodType: 'duration',
    relation: 'flow_over_average_balance',
    unit: 'days',
    formula: sub(add(m('dio'), m('dso')), m('dpo')),
    op: 'ratio',
    description: 'DIO + DSO − DPO.',
  },

  // ── per-share figures (share count of the same period) ───────────────────────────────────────
  {
    id: 'fcf_per_share',
    label: 'Free cash flow per share',
    synonyms: ['free cash flow per share', 'fcf per share'],
    periodType: 'duration',
    relation: 'same_duration',
    unit: 'per_share',
    formula: div(m('free_cash_flow'), m('shares_diluted')),
    op: 'ratio',
    description: 'Free cash flow ÷ diluted weighted average shares of the same period.',
  },
  {
    id: 'revenue_per_share',
    label: 'Revenue per share',
    synonyms: ['revenue per share', 'sales per share'],
    periodType: 'duration',
    relation: 'same_duration',
    unit: 'per_share',
    formula: div(m('revenue'), m('shares_diluted')),
    op: 'ratio',
  },
  {
    id: 'operating_cash_flow_per_share',
    label: 'Operating cash flow per share',
    synonyms: ['operating cash flow per share', 'cash flow per share', 'cfo per share'],
    periodType: 'duration',
    relation: 'same_duration',
    unit: 'per_share',
    formula: div(m('operating_cash_flow'), m('shares_diluted')),
    op: 'ratio',
  },
];

export const FORMULAS: FormulaDef[] = DEFS.map((d) => ({ description: d.label, ...d }));

const formulaById = new Map(FORMULAS.map((f) => [f.id, f]));

export function getFormula(id: string): FormulaDef | undefined {
  return formulaById.get(id);
}

/** The base measures (metric ids) an expression reads, expanding nested formulas. */
export function leafMeasures(e: Expr, seen: Set<string> = new Set()): string[] {
  if ('measure' in e) {
    const f = formulaById.get(e.measure);
    if (!f) return [e.measure];
    if (seen.has(f.id)) throw new Error(`formula ${f.id} refers to itself`);
    return leafMeasures(f.formula, new Set([...seen, f.id]));
  }
  if ('average' in e) return leafMeasures(e.average, seen);
  if ('op' in e) return [...leafMeasures(e.args[0], seen), ...leafMeasures(e.args[1], seen)];
  return [];
}

/** Legacy shape the planner's MetricRef still carries: a simple numerator / denominator when there is one. */
export interface DerivedMetricDef {
  id: string;
  label: string;
  synonyms: string[];
  op: 'margin' | 'ratio' | 'free_cash_flow';
  numerator?: string;
  denominator?: string;
  periodType: 'duration' | 'instant';
}

function simpleParts(f: FormulaDef): { numerator?: string; denominator?: string } {
  const e = f.formula;
  if ('op' in e && (e.op === 'div' || e.op === 'sub') && 'measure' in e.args[0] && 'measure' in e.args[1]) {
    return { numerator: e.args[0].measure, denominator: e.args[1].measure };
  }
  if ('op' in e && e.op === 'div' && 'measure' in e.args[0] && 'average' in e.args[1] && 'measure' in e.args[1].average) {
    return { numerator: e.args[0].measure, denominator: e.args[1].average.measure };
  }
  return {};
}

export const DERIVED_METRICS: DerivedMetricDef[] = FORMULAS.map((f) => ({
  id: f.id,
  label: f.label,
  synonyms: f.synonyms,
  op: f.op,
  periodType: f.periodType,
  ...simpleParts(f),
}));
