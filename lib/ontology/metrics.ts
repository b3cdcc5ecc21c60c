/**
 * The metric ontology: what analysts ask for, mapped to ordered concept fallback chains
 * (us-gaap, ifrs-full, ind-as/report labels). Earlier concepts win when several exist for one period.
 */
export type UnitKind = 'monetary' | 'per_share' | 'shares' | 'ratio' | 'count';

export interface MetricDef {
  id: string;
  label: string;
  description: string;
  periodType: 'instant' | 'duration';
  unitKind: UnitKind;
  synonyms: string[];
  concepts: string[];
  constraints?: { nonNegative?: boolean };
}

export const METRICS: MetricDef[] = [
  {
    id: 'revenue',
    label: 'Revenue',
    description: 'Total revenue / net sales / revenue from operations.',
    periodType: 'duration',
    unitKind: 'monetary',
    synonyms: ['revenue', 'revenues', 'total revenue', 'total revenues', 'net revenue', 'net revenues', 'net sales', 'total net sales', 'sales', 'turnover', 'revenue from operations', 'top line', 'total net revenue'],
    concepts: [
      'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax',
      'us-gaap:Revenues',
      'us-gaap:SalesRevenueNet',
      'us-gaap:RevenueFromContractWithCustomerIncludingAssessedTax',
      'us-gaap:SalesRevenueGoodsNet',
      'us-gaap:SalesRevenueServicesNet',
      'ifrs-full:Revenue',
      'ifrs-full:RevenueFromContractsWithCustomers',
      'ind-as:RevenueFromOperations',
    ],
    constraints: { nonNegative: true },
  },
  {
    id: 'total_income',
    label: 'Total income',
    description: 'Revenue from operations plus other income (Ind AS statements).',
    periodType: 'duration',
    unitKind: 'monetary',
    synonyms: ['total income'],
    concepts: ['ind-as:Income', 'ind-as:TotalIncome'],
    constraints: { nonNegative: true },
  },
  {
    id: 'cost_of_revenue',
    label: 'Cost of revenue',
    description: 'Cost of revenue / cost of sales / cost of goods sold.',
    periodType: 'duration',
    unitKind: 'monetary',
    synonyms: ['cost of revenue', 'cost of revenues', 'cost of sales', 'cost of goods sold', 'cogs', 'cost of materials consumed'],
    concepts: [
      'us-gaap:CostOfRevenue',
      'us-gaap:CostOfGoodsAndServicesSold',
      'us-gaap:CostOfGoodsSold',
      'us-gaap:CostOfGoodsAndServiceExcludingDepreciationDepletionAndAmortization',
      'us-gaap:CostOfServices',
      'ifrs-full:CostOfSales',
      'ind-as:CostOfMaterialsConsumed',
    ],
    constraints: { nonNegative: true },
  },
  {
    id: 'gross_profit',
    label: 'Gross profit',
    description: 'Revenue less cost of revenue.',
    periodType: 'duration',
    unitKind: 'monetary',
    synonyms: ['gross profit', 'gross margin dollars', 'gross income'],
    concepts: ['us-gaap:GrossProfit', 'ifrs-full:GrossProfit'],
  },
  {
    id: 'rnd',
    label: 'Research and development',
    description: 'Research and development expense.',
    periodType: 'duration',
    unitKind: 'monetary',
    synonyms: ['research and development', 'research and development expense', 'research and development expenses', 'r&d', 'r&d expense', 'r&d spending', 'r and d', 'research & development'],
    concepts: [
      'us-gaap:ResearchAndDevelopmentExpense',
      'us-gaap:ResearchAndDevelopmentExpenseExcludingAcquiredInProcessCost',
      'ifrs-full:ResearchAndDevelopmentExpense',
    ],
    constraints: { nonNegative: true },
  },
  {
    id: 'sga',
    label: 'Selling, general and administrative',
    description: 'Selling, general and administrative expense.',
    periodType: 'duration',
    unitKind: 'monetary',
    synonyms: ['sg&a', 'selling general and administrative', 'selling, general and administrative', 'selling general and administrative expense', 'sga'],
    concepts: [
      'us-gaap:SellingGeneralAndAdministrativeExpense',
      'ifrs-full:SellingGeneralAndAdministrativeExpense',
    ],
    constraints: { nonNegative: true },
  },
  {
    id: 'operating_income',
    label: 'Operating income',
    description: 'Operating income / income from operations / operating profit (EBIT from operations).',
    periodType: 'duration',
    unitKind: 'monetary',
    synonyms: ['operating income', 'operating profit', 'income from operations', 'operating income (loss)', 'operating loss', 'profit from operations', 'ebit'],
    concepts: ['us-gaap:OperatingIncomeLoss', 'ifrs-full:ProfitLossFromOperatingActivities', 'ind-as:OperatingProfit'],
  },
  {
    id: 'profit_before_tax',
    label: 'Profit before tax',
    description: 'Income before income taxes.',
    periodType: 'duration',
    unitKind: 'monetary',
    synonyms: ['profit before tax', 'pbt', 'income before income taxes', 'pre-tax income', 'pretax income', 'earnings before taxes'],
    concepts: [
      'us-gaap:IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest',
      'us-gaap:IncomeLossFromContinuingOperationsBeforeIncomeTaxesMinorityInterestAndIncomeLossFromEquityMethodInvestments',
      'ifrs-full:ProfitLossBeforeTax',
      'ind-as:ProfitBeforeTax',
    ],
  },
  {
    id: 'net_income',
    label: 'Net income',
    description: 'Net income attributable to the parent / profit for the year.',
    periodType: 'duration',
    unitKind: 'monetary',
    synonyms: ['net income', 'net earnings', 'net profit', 'profit for the year', 'profit for the period', 'net loss', 'net income (loss)', 'profit after tax', 'pat', 'bottom line'],
    concepts: [
      'us-gaap:NetIncomeLoss',
      'us-gaap:NetIncomeLossAvailableToCommonStockholdersBasic',
      'us-gaap:ProfitLoss',
      'ifrs-full:ProfitLossAttributableToOwnersOfParent',
      'ifrs-full:ProfitLoss',
      'ind-as:ProfitLossForPeriod',
    ],
  },
  {
    id: 'eps_basic',
    label: 'EPS (basic)',
    description: 'Basic earnings per share.',
    periodType: 'duration',
    unitKind: 'per_share',
    synonyms: ['basic eps', 'basic earnings per share', 'eps basic', 'earnings per share basic'],
    concepts: ['us-gaap:EarningsPerShareBasic', 'ifrs-full:BasicEarningsLossPerShare', 'ind-as:BasicEarningsLossPerShare'],
  },
  {
    id: 'eps_diluted',
    label: 'EPS (diluted)',
    description: 'Diluted earnings per share.',
    periodType: 'duration',
    unitKind: 'per_share',
    synonyms: ['diluted eps', 'diluted earnings per share', 'eps diluted', 'earnings per share diluted', 'eps (diluted)'],
    concepts: [
      'us-gaap:EarningsPerShareDiluted',
      'us-gaap:EarningsPerShareBasicAndDiluted',
      'ifrs-full:DilutedEarningsLossPerShare',
      'ind-as:DilutedEarningsLossPerShare',
    ],
  },
  {
    id: 'shares_diluted',
    label: 'Diluted weighted average shares',
    description: 'Weighted average number of diluted shares outstanding.',
    periodType: 'duration',
    unitKind: 'shares',
    synonyms: ['diluted shares', 'diluted weighted average shares', 'weighted average diluted shares'],
    concepts: ['us-gaap:WeightedAverageNumberOfDilutedSharesOutstanding', 'ifrs-full:AdjustedWeightedAverageShares'],
    constraints: { nonNegative: true },
  },
  {
    id: 'shares_basic',
    label: 'Basic weighted average shares',
    description: 'Weighted average number of shares outstanding, basic.',
    periodType: 'duration',
    unitKind: 'shares',
    synonyms: ['basic shares', 'basic weighted average shares', 'weighted average shares outstanding', 'weighted average basic shares'],
    concepts: ['us-gaap:WeightedAverageNumberOfSharesOutstandingBasic', 'ifrs-full:WeightedAverageShares'],
    constraints: { nonNegative: true },
  },
  {
    id: 'shares_outstanding',
    label: 'Shares outstanding',
    description: 'Common shares outstanding at a date.',
    periodType: 'instant',
    unitKind: 'shares',
    synonyms: ['shares outstanding', 'common shares outstanding', 'share count'],
    concepts: ['us-gaap:CommonStockSharesOutstanding', 'ifrs-full:NumberOfSharesOutstanding', 'dei:EntityCommonStockSharesOutstanding'],
    constraints: { nonNegative: true },
  },
  {
    id: 'operating_cash_flow',
    label: 'Operating cash flow',
    description: 'Net cash provided by operating activities.',
    periodType: 'duration',
    unitKind: 'monetary',
    synonyms: ['operating cash flow', 'cash from operations', 'cash flow from operations', 'net cash from operating activities', 'net cash provided by operating activities', 'cfo'],
    concepts: [
      'us-gaap:NetCashProvidedByUsedInOperatingActivities',
      'us-gaap:NetCashProvidedByUsedInOperatingActivitiesContinuingOperations',
      'ifrs-full:CashFlowsFromUsedInOperatingActivities',
      'ind-as:CashFlowsFromUsedInOperatingActivities',
      'ifrs-full:CashFlowsFromUsedInOperations',
    ],
  },
  {
    id: 'capex',
    label: 'Capital expenditure',
    description: 'Payments to acquire property, plant and equipment.',
    periodType: 'duration',
    unitKind: 'monetary',
    synonyms: ['capex', 'capital expenditure', 'capital expenditures', 'purchases of property and equipment', 'payments for property plant and equipment'],
    concepts: [
      'us-gaap:PaymentsToAcquirePropertyPlantAndEquipment',
      'us-gaap:PaymentsToAcquireProductiveAssets',
      'ifrs-full:PurchaseOfPropertyPlantAndEquipmentClassifiedAsInvestingActivities',
      'ind-as:PurchaseOfPropertyPlantAndEquipment',
    ],
    constraints: { nonNegative: true },
  },
  {
    id: 'total_assets',
    label: 'Total assets',
    description: 'Total assets at the balance sheet date.',
    periodType: 'instant',
    unitKind: 'monetary',
    synonyms: ['total assets', 'assets'],
    concepts: ['us-gaap:Assets', 'ifrs-full:Assets', 'ind-as:Assets'],
    constraints: { nonNegative: true },
  },
  {
    id: 'total_liabilities',
    label: 'Total liabilities',
    description: 'Total liabilities at the balance sheet date.',
    periodType: 'instant',
    unitKind: 'monetary',
    synonyms: ['total liabilities', 'liabilities'],
    concepts: ['us-gaap:Liabilities', 'ifrs-full:Liabilities', 'ind-as:Liabilities'],
    constraints: { nonNegative: true },
  },
  {
    id: 'total_equity',
    label: "Total shareholders' equity",
    description: "Stockholders' equity attributable to the parent.",
    periodType: 'instant',
    unitKind: 'monetary',
    synonyms: ["shareholders' equity", 'shareholders equity', "stockholders' equity", 'stockholders equity', 'total equity', "total shareholders' equity", "total stockholders' equity", 'net worth', 'book value'],
    concepts: [
      'us-gaap:StockholdersEquity',
      'us-gaap:StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest',
      'ifrs-full:EquityAttributableToOwnersOfParent',
      'ifrs-full:Equity',
      'ind-as:Equity',
    ],
  },
  {
    id: 'cash',
    label: 'Cash and cash equivalents',
    description: 'Cash and cash equivalents at the balance sheet date.',
    periodType: 'instant',
    unitKind: 'monetary',
    synonyms: ['cash and cash equivalents', 'cash', 'cash & equivalents', 'cash and equivalents'],
    concepts: [
      'us-gaap:CashAndCashEquivalentsAtCarryingValue',
      'us-gaap:CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents',
      'us-gaap:Cash',
      'ifrs-full:CashAndCashEquivalents',
      'ind-as:CashAndCashEquivalents',
    ],
    constraints: { nonNegative: true },
  },
  {
    id: 'long_term_debt',
    label: 'Long-term debt',
    description: 'Long-term debt (non-current portion where reported separately).',
    periodType: 'instant',
    unitKind: 'monetary',
    synonyms: ['long-term debt', 'long term debt', 'debt', 'borrowings', 'non-current borrowings', 'total debt'],
    concepts: [
      'us-gaap:LongTermDebtNoncurrent',
      'us-gaap:LongTermDebt',
      'us-gaap:LongTermDebtAndCapitalLeaseObligations',
      'us-gaap:LongTermDebtAndFinanceLeasesNoncurrent',
      'us-gaap:ConvertibleDebtNoncurrent',
      'us-gaap:ConvertibleNotesPayable',
      'ifrs-full:NoncurrentPortionOfNoncurrentBorrowings',
      'ifrs-full:LongtermBorrowings',
      'ifrs-full:Borrowings',
      'ind-as:BorrowingsNoncurrent',
    ],
    constraints: { nonNegative: true },
  },
  {
    id: 'inventories',
    label: 'Inventories',
    description: 'Inventories at the balance sheet date.',
    periodType: 'instant',
    unitKind: 'monetary',
    synonyms: ['inventories', 'inventory'],
    concepts: ['us-gaap:InventoryNet', 'us-gaap:InventoryGross', 'ifrs-full:Inventories', 'ind-as:Inventories'],
    constraints: { nonNegative: true },
  },
  {
    id: 'receivables',
    label: 'Accounts receivable',
    description: 'Trade / accounts receivable, net.',
    periodType: 'instant',
    unitKind: 'monetary',
    synonyms: ['accounts receivable', 'receivables', 'trade receivables', 'trade and other receivables'],
    concepts: [
      'us-gaap:AccountsReceivableNetCurrent',
      'us-gaap:ReceivablesNetCurrent',
      'us-gaap:AccountsReceivableNet',
      'ifrs-full:TradeAndOtherCurrentReceivables',
      'ifrs-full:CurrentTradeReceivables',
      'ind-as:TradeReceivablesCurrent',
    ],
    constraints: { nonNegative: true },
  },
  {
    id: 'other_income',
    label: 'Other income',
    description: 'Other (non-operating) income: interest, dividends, gains (Ind AS statements).',
    periodType: 'duration',
    unitKind: 'monetary',
    synonyms: ['other income', 'non-operating income'],
    concepts: ['ind-as:OtherIncome'],
  },
  {
    id: 'employee_benefits',
    label: 'Employee benefits expense',
    description: 'Salaries, wages and other employee benefits expense.',
    periodType: 'duration',
    unitKind: 'monetary',
    synonyms: ['employee benefits expense', 'employee benefit expense', 'employee costs', 'staff costs', 'personnel expenses'],
    concepts: ['ind-as:EmployeeBenefitExpense'],
    constraints: { nonNegative: true },
  },
  {
    id: 'finance_costs',
    label: 'Finance costs',
    description: 'Finance costs / interest expense.',
    periodType: 'duration',
    unitKind: 'monetary',
    synonyms: ['finance costs', 'finance cost', 'interest expense', 'interest costs'],
    concepts: ['ind-as:FinanceCosts'],
  },
  {
    id: 'depreciation',
    label: 'Depreciation and amortisation',
    description: 'Depreciation, amortisation (and impairment) expense.',
    periodType: 'duration',
    unitKind: 'monetary',
    synonyms: ['depreciation and amortisation', 'depreciation and amortization', 'depreciation', 'd&a'],
    concepts: ['ind-as:DepreciationDepletionAndAmortisationExpense'],
  },
  {
    id: 'other_expenses',
    label: 'Other expenses',
    description: 'Other expenses (Ind AS statement of profit and loss).',
    periodType: 'duration',
    unitKind: 'monetary',
    synonyms: ['other expenses', 'other operating expenses'],
    concepts: ['ind-as:OtherExpenses'],
  },
  {
    id: 'total_expenses',
    label: 'Total expenses',
    description: 'Total expenses (Ind AS statement of profit and loss).',
    periodType: 'duration',
    unitKind: 'monetary',
    synonyms: ['total expenses', 'total costs and expenses'],
    concepts: ['ind-as:Expenses'],
  },
  {
    id: 'tax_expense',
    label: 'Tax expense',
    description: 'Total income tax expense (current and deferred).',
    periodType: 'duration',
    unitKind: 'monetary',
    synonyms: ['tax expense', 'income tax expense', 'provision for income taxes', 'total tax expense'],
    concepts: ['ind-as:TaxExpense'],
  },
  {
    id: 'total_comprehensive_income',
    label: 'Total comprehensive income',
    description: 'Profit plus other comprehensive income for the period.',
    periodType: 'duration',
    unitKind: 'monetary',
    synonyms: ['total comprehensive income', 'comprehensive income'],
    concepts: ['ind-as:ComprehensiveIncome'],
  },
];

// Untagged report tables (HTML/PDF annual reports) bind rows to metrics by label; their facts carry
// `report:<metric id>` unless an Ind AS concept exists. Last in each chain: tagged concepts win.
// (The metrics above from other_income on carry only Ind AS and report concepts for now, so that
// SEC ingestion keeps mapping exactly the concepts it did.)
for (const m of METRICS) {
  const concept = `report:${m.id}`;
  if (!m.concepts.includes(concept)) m.concepts.push(concept);
}

/** Derived metrics: computed by lib/calc from ontology metrics, never stored as facts. */
export interface DerivedMetricDef {
  id: string;
  label: string;
  synonyms: string[];
  op: 'margin' | 'ratio' | 'free_cash_flow';
  numerator?: string;
  denominator?: string;
}

export const DERIVED_METRICS: DerivedMetricDef[] = [
  { id: 'gross_margin', label: 'Gross margin', synonyms: ['gross margin', 'gross profit margin'], op: 'margin', numerator: 'gross_profit', denominator: 'revenue' },
  { id: 'operating_margin', label: 'Operating margin', synonyms: ['operating margin', 'operating profit margin', 'ebit margin'], op: 'margin', numerator: 'operating_income', denominator: 'revenue' },
  { id: 'net_margin', label: 'Net margin', synonyms: ['net margin', 'net profit margin', 'profit margin', 'net income margin'], op: 'margin', numerator: 'net_income', denominator: 'revenue' },
  { id: 'rnd_intensity', label: 'R&D as a share of revenue', synonyms: ['r&d intensity', 'r&d as a percentage of revenue', 'r&d to revenue'], op: 'margin', numerator: 'rnd', denominator: 'revenue' },
  { id: 'free_cash_flow', label: 'Free cash flow', synonyms: ['free cash flow', 'fcf'], op: 'free_cash_flow', numerator: 'operating_cash_flow', denominator: 'capex' },
];

const byId = new Map(METRICS.map((m) => [m.id, m]));
const byConcept = new Map<string, string>();
for (const m of METRICS) for (const c of m.concepts) if (!byConcept.has(c)) byConcept.set(c, m.id);

export function getMetric(id: string): MetricDef | undefined {
  return byId.get(id);
}

/** The ontology metric a concept belongs to, if any. */
export function metricForConcept(concept: string): string | null {
  return byConcept.get(concept) ?? null;
}
