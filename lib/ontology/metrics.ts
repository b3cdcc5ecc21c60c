/**
 * The metric ontology: what analysts ask for, mapped to ordered concept fallback chains
 * (us-gaap, ifrs-full, ind-as/report labels). Earlier concepts win when several exist for one period.
 */
import { LINE_ITEMS } from './line-items';

export type UnitKind = 'monetary' | 'per_share' | 'shares' | 'ratio' | 'count';

/**
 * How a reported value is signed: `positive` balances and counts; `income`/`expense` amounts shown
 * as positive figures; `outflow`/`inflow` cash-flow lines reported as positive payments/receipts
 * (a negative capex is a sign-convention error, not a refund); `signed` amounts that may be either.
 */
export type SignConvention = 'positive' | 'income' | 'expense' | 'outflow' | 'inflow' | 'signed';

export interface MetricDef {
  id: string;
  label: string;
  description: string;
  periodType: 'instant' | 'duration';
  unitKind: UnitKind;
  /** names that also bind untagged report rows (lib/ingest/report) */
  synonyms: string[];
  /** ask-only phrasings (captions, analyst slang); never bind report rows */
  aliases?: string[];
  concepts: string[];
  sign?: SignConvention;
  /** nonNegative: the one source of truth lib/calc uses for "cannot be negative" */
  constraints?: { nonNegative?: boolean };
}

const CORE: MetricDef[] = [
  {
    id: 'revenue',
    label: 'Revenue',
    description: 'Total revenue / net sales / revenue from operations.',
    periodType: 'duration',
    unitKind: 'monetary',
    synonyms: [
      'revenue',
      'revenues',
      'net revenue',
      'net revenues',
      'net sales',
      'total net sales',
      'sales',
      'turnover',
      'revenue from operations',
      'top line',
    ],
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
    synonyms: [
      'research and development',
      'research and development expense',
      'research and development expenses',
      'r&d',
      'r&d expense',
      'r&d spending',
      'r and d',
      'research & development',
    ],
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
    synonyms: [
      'sg&a',
      'selling general and administrative',
      'selling, general and administrative',
      'selling general and administrative expense',
      'sga',
    ],
    concepts: ['us-gaap:SellingGeneralAndAdministrativeExpense', 'ifrs-full:SellingGeneralAndAdministrativeExpense'],
    constraints: { nonNegative: true },
  },
  {
    id: 'operating_income',
    label: 'Operating income',
    description: 'Operating income / income from operations / operating profit (EBIT from operations).',
    periodType: 'duration',
    unitKind: 'monetary',
    synonyms: [
      'operating income',
      'operating profit',
      'income from operations',
      'operating income (loss)',
      'operating loss',
      'profit from operations',
      'ebit',
    ],
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
    synonyms: [
      'net income',
      'net earnings',
      'net profit',
      'net loss',
      'net income (loss)',
      'bottom line',
      'net income attributable to the parent',
      'net earnings attributable to the parent',
      'consolidated net income attributable to the parent',
      'net income attributable to parent',
      'net income attributable to shareholders',
      'net income attributable to common stockholders',
      'net income attributable to common shareholders',
      'net earnings attributable to common shareholders',
    ],
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
    synonyms: [
      'operating cash flow',
      'cash from operations',
      'cash flow from operations',
      'net cash from operating activities',
      'net cash provided by operating activities',
      'cfo',
    ],
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
    // "Capital spending" is a filer's own caption of the line (PepsiCo's cash flow statement), so it binds rows too
    synonyms: [
      'capex',
      'capital expenditure',
      'capital expenditures',
      'capital spending',
      'purchases of property and equipment',
      'payments for property plant and equipment',
    ],
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
    synonyms: [
      "shareholders' equity",
      'shareholders equity',
      "stockholders' equity",
      'stockholders equity',
      "total shareholders' equity",
      "total stockholders' equity",
      'net worth',
      'book value',
    ],
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
    // "borrowings" alone are all of them, current and non-current (total_debt): never the long-term part
    synonyms: ['long-term debt', 'long term debt', 'non-current borrowings'],
    aliases: ['lt debt', 'term debt', 'long-term borrowings'],
    concepts: [
      'us-gaap:LongTermDebtNoncurrent',
      'us-gaap:LongTermDebt',
      'us-gaap:LongTermDebtAndCapitalLeaseObligations',
      'us-gaap:LongTermDebtAndFinanceLeasesNoncurrent',
      'us-gaap:ConvertibleDebtNoncurrent',
      'us-gaap:ConvertibleNotesPayable',
      'ifrs-full:NoncurrentPortionOfNoncurrentBorrowings',
      'ifrs-full:LongtermBorrowings',
      'ind-as:BorrowingsNoncurrent',
      // a report's balance-sheet "Long-term debt" printed beside its current portion (lib/ingest/report/bind/metric.ts)
      'report:long_term_debt_noncurrent',
    ],
    constraints: { nonNegative: true },
  },
  {
    id: 'long_term_debt_with_current',
    label: 'Long-term debt including current portion',
    sign: 'positive',
    description: 'Long-term debt with the part due within a year included (us-gaap LongTermDebt = current + non-current).',
    periodType: 'instant',
    unitKind: 'monetary',
    synonyms: [],
    aliases: [
      'long-term debt including current portion',
      'long-term debt including current maturities',
      'long-term debt including its current portion',
      'total long-term debt including current portion',
      'term debt including current portion',
    ],
    concepts: ['us-gaap:LongTermDebt', 'us-gaap:LongTermDebtAndCapitalLeaseObligationsIncludingCurrentMaturities'],
    constraints: { nonNegative: true },
  },
  {
    // the first definition of total debt (formulas.ts), asked as "borrowings" or "total debt", never as the long-term part
    id: 'borrowings_reported',
    label: 'Total borrowings (reported)',
    sign: 'positive',
    description: "The filer's own total of its borrowings, current and non-current (IFRS Borrowings).",
    periodType: 'instant',
    unitKind: 'monetary',
    synonyms: [],
    concepts: ['ifrs-full:Borrowings'],
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
    concepts: ['ind-as:OtherIncome', 'us-gaap:OtherNonoperatingIncomeExpense', 'ifrs-full:OtherIncome'],
    aliases: ['other income net', 'other nonoperating income', 'other non-operating income expense'],
  },
  {
    id: 'employee_benefits',
    label: 'Employee benefits expense',
    description: 'Salaries, wages and other employee benefits expense.',
    periodType: 'duration',
    unitKind: 'monetary',
    synonyms: ['employee benefits expense', 'employee benefit expense', 'employee costs', 'staff costs', 'personnel expenses'],
    concepts: ['ind-as:EmployeeBenefitExpense', 'ifrs-full:EmployeeBenefitsExpense', 'us-gaap:LaborAndRelatedExpense'],
    aliases: ['wages and salaries', 'salaries and wages', 'wages expense', 'compensation and benefits', 'labor and related expense'],
    constraints: { nonNegative: true },
  },
  {
    id: 'finance_costs',
    label: 'Finance costs',
    description: 'Finance costs / interest expense.',
    periodType: 'duration',
    unitKind: 'monetary',
    synonyms: ['finance costs', 'finance cost', 'interest expense', 'interest costs'],
    concepts: [
      'ind-as:FinanceCosts',
      'us-gaap:InterestExpense',
      'us-gaap:InterestExpenseNonoperating',
      'us-gaap:InterestExpenseDebt',
      'us-gaap:InterestAndDebtExpense',
      'ifrs-full:FinanceCosts',
      'ifrs-full:InterestExpense',
    ],
    aliases: ['interest expense net', 'interest and debt expense', 'interest charges', 'annual interest expense'],
  },
  {
    id: 'depreciation',
    label: 'Depreciation and amortisation',
    description: 'Depreciation, amortisation (and impairment) expense.',
    periodType: 'duration',
    unitKind: 'monetary',
    // depreciation alone (us-gaap:Depreciation) is its own line item: it never stands for D&A, nor the reverse
    synonyms: ['depreciation and amortisation', 'depreciation and amortization', 'd&a'],
    concepts: [
      'ind-as:DepreciationDepletionAndAmortisationExpense',
      'us-gaap:DepreciationDepletionAndAmortization',
      'us-gaap:DepreciationAmortizationAndAccretionNet',
      'us-gaap:DepreciationAndAmortization',
      'ifrs-full:DepreciationAndAmortisationExpense',
      'ifrs-full:DepreciationAmortisationAndImpairmentLossReversalOfImpairmentLossRecognisedInProfitOrLoss',
    ],
    aliases: ['depreciation & amortization', 'depreciation and amortization expense', 'depreciation amortization', 'dna', 'd and a'],
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
    // the US filer's "Total costs and expenses" (Alphabet) is this line; the Ind AS concept first
    concepts: ['ind-as:Expenses', 'us-gaap:CostsAndExpenses'],
  },
  {
    id: 'tax_expense',
    label: 'Tax expense',
    description: 'Total income tax expense (current and deferred).',
    periodType: 'duration',
    unitKind: 'monetary',
    synonyms: ['tax expense', 'income tax expense', 'provision for income taxes', 'total tax expense'],
    concepts: ['ind-as:TaxExpense', 'us-gaap:IncomeTaxExpenseBenefit', 'ifrs-full:IncomeTaxExpenseContinuingOperations'],
    aliases: [
      'income taxes',
      'income tax',
      'provision for taxes',
      'tax provision',
      'taxes',
      'income tax provision',
      'provision for income tax',
      'income tax expense (benefit)',
    ],
  },
  {
    id: 'total_comprehensive_income',
    label: 'Total comprehensive income',
    // the statement's total line, non-controlling interests included (Tesla's "Comprehensive income" before
    // "Less: … attributable to noncontrolling interests"); a filer without NCI tags only the parent's line
    description: 'Profit plus other comprehensive income for the period, including noncontrolling interests.',
    periodType: 'duration',
    unitKind: 'monetary',
    synonyms: ['total comprehensive income', 'comprehensive income'],
    concepts: [
      'ind-as:ComprehensiveIncome',
      'us-gaap:ComprehensiveIncomeNetOfTaxIncludingPortionAttributableToNoncontrollingInterest',
      'ifrs-full:ComprehensiveIncome',
      'us-gaap:ComprehensiveIncomeNetOfTax',
    ],
  },
];

/** Ask-only phrasings of the core metrics: statement captions and analyst slang (data). */
const CORE_ALIASES: Record<string, string[]> = {
  revenue: [
    'topline',
    'net revenues',
    'sales revenue',
    'total net revenues',
    'revenues net',
    'net sales revenue',
    'gross revenue',
    'total sales',
  ],
  cost_of_revenue: [
    'cost of revenue total',
    'total cost of revenue',
    'total cost of sales',
    'cost of net revenues',
    'cost of goods and services sold',
  ],
  gross_profit: ['gross margin amount', 'gross margin in dollars'],
  rnd: ['r&d expenses', 'research and development costs', 'r&d costs', 'research and development spending', 'technology and development'],
  sga: [
    'sales general and administrative',
    'sales, general and administrative expenses',
    'selling and administrative expense',
    'selling and administrative expenses',
    'sg&a expense',
    'sg&a expenses',
    'selling general & administrative',
    'selling, general and administrative expenses',
    'selling general and administrative expenses',
  ],
  operating_income: [
    'operating inc',
    'unadjusted operating income',
    'gaap operating income',
    'operating earnings',
    'op income',
    'reported operating income',
    'operating profit (loss)',
    'income (loss) from operations',
  ],
  profit_before_tax: [
    'ebt',
    'income before taxes',
    'pre-tax profit',
    'pretax profit',
    'earnings before income taxes',
    'income before provision for income taxes',
    'income before income tax',
    'pre tax income',
  ],
  // "attributable to common stockholders" is the filer's caption of us-gaap:NetIncomeLoss (after
  // noncontrolling interests); "available to common" (after preferred dividends and participating
  // securities, the EPS numerator) is its own line item, net_income_to_common
  net_income: [
    'reported net income',
    'net inc',
    'net profit attributable to shareholders',
    'net profit attributable to owners of the parent',
    'net profit attributable to equity holders',
    'net income attributable to shareholders',
    'net income attributable to common stockholders',
    'net income attributable to common shareholders',
    'net earnings attributable to shareholders',
    'profit attributable to owners of the parent',
    'profit attributable to shareholders',
    'net income attributable to parent',
    'gaap net income',
    'unadjusted net income',
    'net loss attributable to common stockholders',
    'net income attributable to owners of the parent',
    'net loss attributable to owners of the parent',
    'profit attributable to owners of the parent company',
    'profit (loss) attributable to owners of the parent',
    'loss attributable to owners of the parent',
    'net income attributable to owners',
  ],
  eps_basic: [
    'basic net income per share',
    'net income per share basic',
    'basic earnings per common share',
    'net income per basic share',
    'earnings per basic share',
  ],
  // "GAAP EPS" is, by analyst convention, the headline per-share figure a filer reports: diluted EPS
  // under GAAP (basic EPS is asked as "basic"). A bare "EPS" stays ambiguous and is asked back.
  eps_diluted: [
    'earnings per diluted share',
    'net income per diluted share',
    'net earnings per diluted share',
    'diluted net income per share',
    'net income per share diluted',
    'diluted earnings per common share',
    'gaap diluted eps',
    'gaap eps',
    'eps gaap',
    'gaap earnings per share',
    'diluted gaap eps',
    'gaap diluted earnings per share',
  ],
  shares_diluted: [
    'fully diluted shares',
    'fully diluted share count',
    'diluted share count',
    'weighted average diluted shares outstanding',
    'diluted weighted average shares outstanding',
    'weighted diluted share count',
    'weighted average diluted share count',
    'weighted diluted shares',
    'weighted-average diluted shares',
  ],
  shares_basic: ['basic share count', 'weighted average basic shares outstanding'],
  shares_outstanding: [
    'outstanding shares',
    'number of shares outstanding',
    'shares of common stock outstanding',
    'common stock shares outstanding',
  ],
  operating_cash_flow: [
    'operating cash flows',
    'cash flows from operations',
    'net operating cash flow',
    'cash generated from operations',
    'cash generated by operations',
    'cash generated from operating activities',
    'cash flow from operating activities',
    'cash flows from operating activities',
    'cash from operating activities',
    'operating cashflow',
    'ocf',
    'cash provided by operations',
    'cash provided by operating activities',
    'net cash provided by operating activities',
    'net cash from operations',
  ],
  capex: [
    'capital spend',
    'capex spend',
    'capex spending',
    'capital outlays',
    'capital investment',
    'capital investments',
    'purchases of property plant and equipment',
    'purchases of pp&e',
    'purchase of property and equipment',
    'capital expenditure amount',
    'payments for acquisition of property plant and equipment',
    'purchases of property, plant and equipment',
  ],
  total_assets: ['balance sheet total', 'total asset'],
  total_liabilities: ['total liability'],
  total_equity: [
    'shareholders funds',
    "shareholders' funds",
    'total stockholders equity',
    'total shareholders equity',
    'equity attributable to owners',
    'equity attributable to owners of the parent',
    'equity attributable to owners of the parent company',
    "equity attributable to the company's shareholders",
    'common equity',
    'book equity',
  ],
  cash: ['cash balance', 'cash on hand', 'cash position', 'cash & cash equivalents', 'cash and cash equivalent'],
  long_term_debt: [],
  inventories: ['merchandise inventories', 'merchandise inventory', 'total inventories', 'inventory balance', 'inventories net'],
  receivables: [
    'net ar',
    'a/r',
    'accounts receivable net',
    'net accounts receivable',
    'trade receivables net',
    'trade accounts receivable',
    'net receivables',
  ],
  depreciation: [],
  total_expenses: [],
  total_comprehensive_income: [],
};
/** Sign conventions of the core metrics (line items declare their own). */
const CORE_SIGNS: Record<string, SignConvention> = {
  revenue: 'income',
  total_income: 'income',
  cost_of_revenue: 'expense',
  rnd: 'expense',
  sga: 'expense',
  capex: 'outflow',
  employee_benefits: 'expense',
  depreciation: 'expense',
  finance_costs: 'expense',
  other_expenses: 'expense',
  total_expenses: 'expense',
  shares_basic: 'positive',
  shares_diluted: 'positive',
  shares_outstanding: 'positive',
  total_assets: 'positive',
  total_liabilities: 'positive',
  cash: 'positive',
  long_term_debt: 'positive',
  inventories: 'positive',
  receivables: 'positive',
};
for (const m of CORE) {
  m.aliases = [...new Set([...(m.aliases ?? []), ...(CORE_ALIASES[m.id] ?? [])])];
  m.sign = m.sign ?? CORE_SIGNS[m.id] ?? 'signed';
}

export const METRICS: MetricDef[] = [...CORE, ...LINE_ITEMS];

// Untagged report tables (HTML/PDF annual reports) bind rows to metrics by label; their facts carry
// `report:<metric id>` unless an Ind AS concept exists. Last in each chain: tagged concepts win.
// (The metrics above from other_income on carry only Ind AS and report concepts for now, so that
// SEC ingestion keeps mapping exactly the concepts it did.)
for (const m of METRICS) {
  const concept = `report:${m.id}`;
  if (!m.concepts.includes(concept)) m.concepts.push(concept);
}

const byId = new Map(METRICS.map((m) => [m.id, m]));
const byConcept = new Map<string, string>();
for (const m of METRICS) for (const c of m.concepts) if (!byConcept.has(c)) byConcept.set(c, m.id);

export function getMetric(id: string): MetricDef | undefined {
  return byId.get(id);
}

/**
 * The ontology metric a concept is stored under, if any (the first metric whose chain lists it).
 * A concept may appear in several chains (us-gaap:ProfitLoss is net income's fallback and "net income
 * including noncontrolling interests" itself): lookups go by the chain, not by this id.
 */
export function metricForConcept(concept: string): string | null {
  return byConcept.get(concept) ?? null;
}

/** Whether a metric's values cannot be negative (the ontology's constraint; unknown metrics: false). */
export function isNonNegativeMetric(id: string | null | undefined): boolean {
  return id ? byId.get(id)?.constraints?.nonNegative === true : false;
}

export { DERIVED_METRICS, type DerivedMetricDef } from './formulas';
