/**
 * The measure phrasing table: statement captions (as printed in 10-K/20-F/annual-report statements)
 * and analyst slang, each with the stored metric or ontology formula it must resolve to. Ambiguous
 * or broader readings are listed as what they must NOT resolve to.
 */
import { describe, expect, it } from 'vitest';
import { closestMeasures, matchMetrics, MEASURE_QUALIFIER_WORDS, unplacedQualifierWords, type MemberEntry } from './match-metric';
import { planQuestion } from './plan';

const TABLE: [string, string][] = [
  // revenue
  ['revenue', 'revenue'],
  ['revenues', 'revenue'],
  ['total revenue', 'total_revenues'],
  ['total revenues', 'total_revenues'],
  ['net revenue', 'revenue'],
  ['net revenues', 'revenue'],
  ['net sales', 'revenue'],
  ['total net sales', 'revenue'],
  ['sales', 'revenue'],
  ['turnover', 'revenue'],
  ['revenue from operations', 'revenue'],
  ['top line', 'revenue'],
  ['topline', 'revenue'],
  ['total net revenue', 'total_revenues'],
  ['sales revenue', 'revenue'],
  ['total sales', 'revenue'],
  // cost of revenue, gross profit
  ['cost of revenue', 'cost_of_revenue'],
  ['cost of revenues', 'cost_of_revenue'],
  ['cost of sales', 'cost_of_revenue'],
  ['cost of goods sold', 'cost_of_revenue'],
  ['COGS', 'cost_of_revenue'],
  ['total cost of sales', 'cost_of_revenue'],
  ['total cost of revenue', 'cost_of_revenue'],
  ['cost of products sold', 'cost_of_products'],
  ['gross profit', 'gross_profit'],
  ['gross income', 'gross_profit'],
  // opex lines
  ['research and development', 'rnd'],
  ['R&D', 'rnd'],
  ['R&D expense', 'rnd'],
  ['research and development expense', 'rnd'],
  ['R&D spending', 'rnd'],
  ['research & development', 'rnd'],
  ['SG&A', 'sga'],
  ['selling, general and administrative expenses', 'sga'],
  ['selling general and administrative', 'sga'],
  ['SG&A expense', 'sga'],
  ['sales and marketing', 'selling_marketing'],
  ['selling and marketing expense', 'selling_marketing'],
  ['general and administrative', 'general_admin'],
  ['G&A', 'general_admin'],
  ['operating expenses', 'operating_expenses'],
  ['total operating expenses', 'operating_expenses'],
  ['opex', 'operating_expenses'],
  ['operating costs', 'operating_expenses'],
  ['total costs and expenses', 'total_expenses'],
  ['stock-based compensation', 'stock_compensation'],
  ['share-based compensation expense', 'stock_compensation'],
  ['SBC', 'stock_compensation'],
  ['restructuring charges', 'restructuring'],
  ['restructuring costs', 'restructuring'],
  ['goodwill impairment', 'goodwill_impairment'],
  ['amortization of intangible assets', 'amortization_intangibles'],
  ['depreciation and amortization', 'depreciation'],
  ['D&A', 'depreciation'],
  ['depreciation', 'depreciation_only'],
  ['depreciation expense', 'depreciation_only'],
  ['depreciation and amortisation', 'depreciation'],
  ['employee benefits expense', 'employee_benefits'],
  ['staff costs', 'employee_benefits'],
  ['wages and salaries', 'employee_benefits'],
  // operating income and below
  ['operating income', 'operating_income'],
  ['operating profit', 'operating_income'],
  ['income from operations', 'operating_income'],
  ['operating income (loss)', 'operating_income'],
  ['EBIT', 'operating_income'],
  ['unadjusted operating income', 'operating_income'],
  ['op income', 'operating_income'],
  ['operating earnings', 'operating_income'],
  ['interest expense', 'finance_costs'],
  ['finance costs', 'finance_costs'],
  ['interest income', 'interest_income'],
  ['net interest income', 'net_interest_income'],
  ['other income', 'other_income'],
  ['non-operating income', 'other_income'],
  ['total other income (expense)', 'nonoperating_income'],
  ['other income (expense), net', 'nonoperating_income'],
  ['income before income taxes', 'profit_before_tax'],
  ['profit before tax', 'profit_before_tax'],
  ['pre-tax income', 'profit_before_tax'],
  ['pretax income', 'profit_before_tax'],
  ['earnings before taxes', 'profit_before_tax'],
  ['EBT', 'profit_before_tax'],
  ['income before provision for income taxes', 'profit_before_tax'],
  ['PBT', 'profit_before_tax'],
  ['provision for income taxes', 'tax_expense'],
  ['income tax expense', 'tax_expense'],
  ['tax expense', 'tax_expense'],
  ['income taxes', 'tax_expense'],
  ['tax provision', 'tax_expense'],
  ['deferred income taxes', 'deferred_tax_expense'],
  ['current income tax expense', 'income_tax_current'],
  ['net income', 'net_income'],
  ['net earnings', 'net_income'],
  ['net profit', 'net_income'],
  ['net loss', 'net_income'],
  ['bottom line', 'net_income'],
  ['net income attributable to shareholders', 'net_income'],
  ['net income attributable to common stockholders', 'net_income'],
  ['net income including noncontrolling interest', 'net_income_including_nci'],
  ['net income attributable to noncontrolling interests', 'net_income_nci'],
  ['income from continuing operations', 'income_continuing_ops'],
  ['total comprehensive income', 'total_comprehensive_income'],
  ['other comprehensive income', 'other_comprehensive_income'],
  ['earn', 'net_income'],
  // per share and shares
  ['diluted EPS', 'eps_diluted'],
  ['diluted earnings per share', 'eps_diluted'],
  ['earnings per diluted share', 'eps_diluted'],
  ['EPS (diluted)', 'eps_diluted'],
  ['basic EPS', 'eps_basic'],
  ['basic earnings per share', 'eps_basic'],
  ['dividends per share', 'dividends_per_share'],
  ['DPS', 'dividends_per_share'],
  ['dividends declared per share', 'dividends_per_share'],
  ['diluted shares', 'shares_diluted'],
  ['weighted average diluted shares', 'shares_diluted'],
  ['basic weighted average shares', 'shares_basic'],
  ['shares outstanding', 'shares_outstanding'],
  ['share count', 'shares_outstanding'],
  ['number of shares outstanding', 'shares_outstanding'],
  ['shares repurchased', 'shares_repurchased'],
  // cash flow
  ['operating cash flow', 'operating_cash_flow'],
  ['cash from operations', 'operating_cash_flow'],
  ['cash flow from operations', 'operating_cash_flow'],
  ['CFO', 'operating_cash_flow'],
  ['net cash provided by operating activities', 'operating_cash_flow'],
  ['cash generated from operations', 'operating_cash_flow'],
  ['cash flow from operating activities', 'operating_cash_flow'],
  ['net cash from operating activities', 'operating_cash_flow'],
  ['OCF', 'operating_cash_flow'],
  ['cash generated by operations', 'operating_cash_flow'],
  ['capex', 'capex'],
  ['capital expenditure', 'capex'],
  ['capital expenditures', 'capex'],
  ['capital spending', 'capex'],
  ['purchases of property and equipment', 'capex'],
  ['purchases of property, plant and equipment', 'capex'],
  ['payments for property plant and equipment', 'capex'],
  ['capital expenditure amount', 'capex'],
  ['investing cash flow', 'investing_cash_flow'],
  ['net cash used in investing activities', 'investing_cash_flow'],
  ['cash from investing activities', 'investing_cash_flow'],
  ['financing cash flow', 'financing_cash_flow'],
  ['net cash used in financing activities', 'financing_cash_flow'],
  ['cash flow from financing activities', 'financing_cash_flow'],
  ['dividends paid', 'dividends_paid'],
  ['cash dividends paid', 'dividends_paid'],
  ['payments of dividends', 'dividends_paid'],
  ['cash dividends', 'dividends_paid'],
  ['share repurchases', 'share_repurchases'],
  ['buybacks', 'share_repurchases'],
  ['stock buybacks', 'share_repurchases'],
  ['repurchases of common stock', 'share_repurchases'],
  ['payments for repurchase of common stock', 'share_repurchases'],
  ['acquisitions, net of cash acquired', 'acquisitions'],
  ['income taxes paid', 'income_taxes_paid'],
  ['cash paid for interest', 'interest_paid'],
  ['proceeds from issuance of long-term debt', 'debt_issued'],
  ['repayments of long-term debt', 'debt_repaid'],
  ['change in working capital', 'working_capital_change'],
  ['free cash flow', 'free_cash_flow'],
  ['FCF', 'free_cash_flow'],
  ['free cashflow', 'free_cash_flow'],
  ['EBITDA less capex', 'ebitda_less_capex'],
  // balance sheet
  ['total assets', 'total_assets'],
  ['total current assets', 'current_assets'],
  ['current assets', 'current_assets'],
  ['total non-current assets', 'noncurrent_assets'],
  ['total liabilities', 'total_liabilities'],
  ['total current liabilities', 'current_liabilities'],
  ['current liabilities', 'current_liabilities'],
  ['total non-current liabilities', 'noncurrent_liabilities'],
  ["total liabilities and shareholders' equity", 'liabilities_and_equity'],
  ['total liabilities and equity', 'liabilities_and_equity'],
  ["shareholders' equity", 'total_equity'],
  ["total stockholders' equity", 'total_equity'],
  ['book value', 'total_equity'],
  ['net worth', 'total_equity'],
  ['total equity including noncontrolling interests', 'total_equity_including_nci'],
  ['total equity', 'total_equity_including_nci'],
  ['profit for the year', 'net_income_including_nci'],
  ['profit after tax', 'net_income_including_nci'],
  ['PAT', 'net_income_including_nci'],
  ['noncontrolling interests', 'noncontrolling_interest'],
  ['noncontrolling interests in subsidiaries', 'noncontrolling_interest'],
  ['profit attributable to non-controlling interests', 'net_income_nci'],
  ['fair value gain on investment property', 'investment_property_fair_value_gain'],
  ['net income incl. NCI', 'net_income_including_nci'],
  ['minority interest', 'noncontrolling_interest'],
  ['cash and cash equivalents', 'cash'],
  ['cash', 'cash'],
  ['cash & equivalents', 'cash'],
  ['cash balance', 'cash'],
  ['cash on hand', 'cash'],
  ['cash, cash equivalents and restricted cash', 'restricted_cash_and_cash'],
  ['marketable securities', 'marketable_securities_current'],
  ['short-term investments', 'marketable_securities_current'],
  ['non-current marketable securities', 'marketable_securities_noncurrent'],
  ['long-term investments', 'marketable_securities_noncurrent'],
  ['accounts receivable', 'receivables'],
  ['receivables', 'receivables'],
  ['trade receivables', 'receivables'],
  ['net AR', 'receivables'],
  ['accounts receivable, net', 'receivables'],
  ['vendor non-trade receivables', 'other_receivables'],
  ['inventories', 'inventories'],
  ['inventory', 'inventories'],
  ['merchandise inventories', 'inventories'],
  ['total inventories', 'inventories'],
  ['other current assets', 'other_current_assets'],
  ['other non-current assets', 'other_noncurrent_assets'],
  ['property, plant and equipment, net', 'ppe_net'],
  ['net PP&E', 'ppe_net'],
  ['PP&E', 'ppe_net'],
  ['net PPNE', 'ppe_net'],
  ['fixed assets', 'ppe_net'],
  ['property and equipment, net', 'ppe_net'],
  ['gross PP&E', 'ppe_gross'],
  ['accumulated depreciation', 'accumulated_depreciation'],
  ['goodwill', 'goodwill'],
  ['intangible assets', 'intangible_assets'],
  ['intangible assets, net', 'intangible_assets'],
  ['operating lease right-of-use assets', 'operating_lease_assets'],
  ['operating lease liabilities', 'operating_lease_liabilities'],
  ['deferred tax assets', 'deferred_tax_assets'],
  ['deferred tax liabilities', 'deferred_tax_liabilities'],
  ['accounts payable', 'accounts_payable'],
  ['payables', 'accounts_payable'],
  ['trade payables', 'accounts_payable'],
  ['accrued liabilities', 'accrued_liabilities'],
  ['accrued expenses', 'accrued_liabilities'],
  ['other current liabilities', 'other_current_liabilities'],
  ['other non-current liabilities', 'other_noncurrent_liabilities'],
  ['deferred revenue', 'deferred_revenue'],
  ['unearned revenue', 'deferred_revenue'],
  ['contract liabilities', 'deferred_revenue'],
  ['commercial paper', 'short_term_borrowings'],
  ['short-term debt', 'short_term_borrowings'],
  ['short-term borrowings', 'short_term_borrowings'],
  ['current portion of long-term debt', 'current_portion_long_term_debt'],
  ['term debt, current', 'current_portion_long_term_debt'],
  ['non-current term debt', 'long_term_debt_noncurrent'],
  ['long-term debt', 'long_term_debt'],
  ['long term debt', 'long_term_debt'],
  ['non-current borrowings', 'long_term_debt'],
  ['borrowings', 'total_debt'],
  ['long-term borrowings', 'long_term_debt'],
  ['long-term debt including its current portion', 'long_term_debt_with_current'],
  ['long-term debt incl. current maturities', 'long_term_debt_with_current'],
  ['term debt presented as current', 'current_portion_long_term_debt'],
  ['long term debt recorded as noncurrent', 'long_term_debt_noncurrent'],
  ['total debt', 'total_debt'],
  ['gross debt', 'total_debt'],
  ['net debt', 'net_debt'],
  ['working capital', 'working_capital'],
  ['net working capital', 'working_capital'],
  ['retained earnings', 'retained_earnings'],
  ['accumulated deficit', 'retained_earnings'],
  ['accumulated other comprehensive income', 'aoci'],
  ['additional paid-in capital', 'paid_in_capital'],
  ['treasury stock', 'treasury_stock'],
  ['net loans', 'loans_net'],
  ['total deposits', 'deposits'],
  ['allowance for credit losses', 'allowance_credit_losses'],
  // cover page and counts
  ['employees', 'employees'],
  ['number of employees', 'employees'],
  ['headcount', 'employees'],
  ['full-time employees', 'employees'],
  ['number of stores', 'stores'],
  ['store count', 'stores'],
  ['public float', 'public_float'],
  // margins and ratios
  ['gross margin', 'gross_margin'],
  ['gross profit margin', 'gross_margin'],
  ['GM%', 'gross_margin'],
  ['gross margin percentage', 'gross_margin'],
  ['operating margin', 'operating_margin'],
  ['op margin', 'operating_margin'],
  ['EBIT margin', 'operating_margin'],
  ['operating profit margin', 'operating_margin'],
  ['unadjusted operating income % margin', 'operating_margin'],
  ['net margin', 'net_margin'],
  ['net profit margin', 'net_margin'],
  ['profit margin', 'net_margin'],
  ['net income margin', 'net_margin'],
  ['net earnings as a percent of sales', 'net_margin'],
  ['EBITDA', 'ebitda'],
  ['unadjusted EBITDA', 'ebitda'],
  ['EBITDA margin', 'ebitda_margin'],
  ['unadjusted EBITDA % margin', 'ebitda_margin'],
  ['FCF margin', 'fcf_margin'],
  ['free cash flow margin', 'fcf_margin'],
  ['pre-tax margin', 'pretax_margin'],
  ['R&D as a percentage of revenue', 'rnd_intensity'],
  ['R&D intensity', 'rnd_intensity'],
  ['SG&A as a percent of net sales', 'sga_to_revenue'],
  ['COGS % margin', 'cogs_to_revenue'],
  ['capex as a % of revenue', 'capex_intensity'],
  ['capex intensity', 'capex_intensity'],
  ['capital intensity', 'capex_intensity'],
  ['opex ratio', 'opex_to_revenue'],
  ['effective tax rate', 'effective_tax_rate'],
  ['ETR', 'effective_tax_rate'],
  ['tax rate', 'effective_tax_rate'],
  ['payout ratio', 'payout_ratio'],
  ['dividend payout ratio', 'payout_ratio'],
  ['retention ratio', 'retention_ratio'],
  ['interest coverage ratio', 'interest_coverage'],
  ['times interest earned', 'interest_coverage'],
  ['free cash flow conversion', 'fcf_conversion'],
  ['FCF conversion', 'fcf_conversion'],
  ['current ratio', 'current_ratio'],
  ['working capital ratio', 'current_ratio'],
  ['quick ratio', 'quick_ratio'],
  ['acid-test ratio', 'quick_ratio'],
  ['cash ratio', 'cash_ratio'],
  ['debt to equity', 'debt_to_equity'],
  ['debt-to-equity ratio', 'debt_to_equity'],
  ['D/E', 'debt_to_equity'],
  ['gearing', 'debt_to_equity'],
  ['debt to assets', 'debt_to_assets'],
  ['liabilities to equity', 'liabilities_to_equity'],
  ['equity ratio', 'equity_ratio'],
  ['book value per share', 'book_value_per_share'],
  ['BVPS', 'book_value_per_share'],
  ['net debt to EBITDA', 'net_debt_to_ebitda'],
  ['net debt/EBITDA', 'net_debt_to_ebitda'],
  ['net leverage', 'net_debt_to_ebitda'],
  ['debt to EBITDA', 'debt_to_ebitda'],
  ['debt/EBITDA', 'debt_to_ebitda'],
  ['operating cash flow ratio', 'operating_cash_flow_ratio'],
  ['return on equity', 'roe'],
  ['ROE', 'roe'],
  ['return on average equity', 'roe'],
  ['return on assets', 'roa'],
  ['ROA', 'roa'],
  ['return on invested capital', 'roic'],
  ['ROIC', 'roic'],
  ['ROCE', 'roic'],
  ['NOPAT', 'nopat'],
  ['invested capital', 'invested_capital'],
  ['asset turnover', 'asset_turnover'],
  ['fixed asset turnover ratio', 'fixed_asset_turnover'],
  ['inventory turnover', 'inventory_turnover'],
  ['inventory turnover ratio', 'inventory_turnover'],
  ['inventory turns', 'inventory_turnover'],
  ['receivables turnover', 'receivables_turnover'],
  ['accounts payable turnover', 'payables_turnover'],
  ['days sales outstanding', 'dso'],
  ['DSO', 'dso'],
  ['days inventory outstanding', 'dio'],
  ['DIO', 'dio'],
  ['days payable outstanding', 'dpo'],
  ['DPO', 'dpo'],
  ['cash conversion cycle', 'cash_conversion_cycle'],
  ['CCC', 'cash_conversion_cycle'],
  ['depreciation and amortization (D&A from cash flow statement) % margin', 'da_to_revenue'],
  ['operating income (GAAP) % margin', 'operating_margin'],
  ['research and development as a percentage of net sales', 'rnd_intensity'],
  ['cost of goods sold as a % of revenue', 'cogs_to_revenue'],
  ['gross margins', 'gross_margin'],
  ['free cash flow per share', 'fcf_per_share'],
  ['revenue per share', 'revenue_per_share'],
  ['operating cash flow per share', 'operating_cash_flow_per_share'],
  // analyst shorthand: a total word before any measure, abbreviations inside a measure's name (lib/ontology/shorthand.ts)
  ['total opex', 'operating_expenses'],
  ['total R&D', 'rnd'],
  ['total SG&A', 'sga'],
  ['overall revenue', 'revenue'],
  ['total capex', 'capex'],
  ['total D&A', 'depreciation'],
  ['cash flow from ops', 'operating_cash_flow'],
  ['cash from ops', 'operating_cash_flow'],
  ['income from ops', 'operating_income'],
  ['total revs', 'total_revenues'],
  ['rev', 'revenue'],
  ['int expense', 'finance_costs'],
  ['SG&A exp', 'sga'],
  ['R&D exps', 'rnd'],
  ['G&A exp', 'general_admin'],
  ['S&M exp', 'selling_marketing'],
  ['op. income', 'operating_income'],
  ['total curr liabilities', 'current_liabilities'],
  ['accts receivable', 'receivables'],
  ['dil EPS', 'eps_diluted'],
  ['wtd average diluted shares', 'shares_diluted'],
  ['fully diluted shares', 'shares_diluted'],
  ['capital spend', 'capex'],
  ['stock comp', 'stock_compensation'],
  ['operating cash flows', 'operating_cash_flow'],
  // GAAP EPS = diluted EPS under GAAP (analyst convention); bare EPS stays ambiguous (below)
  ['GAAP EPS', 'eps_diluted'],
  ['GAAP earnings per share', 'eps_diluted'],
  ['diluted GAAP EPS', 'eps_diluted'],
  // attributable to common (the caption of NetIncomeLoss) vs available to common (the basic EPS numerator)
  ['net income available to common stockholders', 'net_income_to_common'],
  ['income available to common shareholders', 'net_income_to_common'],
  ['reported net income', 'net_income'],
  ['net income to common', 'net_income_to_common'],
  ['net inc', 'net_income'],
  ['op inc', 'operating_income'],
  ['net profit attributable to shareholders', 'net_income'],
  // statement captions as filers print them (lib/ontology/shorthand CAPTION_PATTERNS; real filings: statement-captions.data.test.ts)
  ['cash generated by operating activities', 'operating_cash_flow'],
  ['cash provided (used) by operations', 'operating_cash_flow'],
  ['net cash provided by (used in) operating activities', 'operating_cash_flow'],
  ['cash generated by/(used in) investing activities', 'investing_cash_flow'],
  ['net cash provided by (used in) investing activities', 'investing_cash_flow'],
  ['cash used in financing activities', 'financing_cash_flow'],
  ['cash provided (used) by financing activities', 'financing_cash_flow'],
  ['total operating activities', 'operating_cash_flow'],
  ['total investing activities', 'investing_cash_flow'],
  ['weighted average common shares outstanding', 'shares_basic'],
  ['weighted-average common shares outstanding, basic', 'shares_basic'],
  ['diluted weighted average common shares outstanding', 'shares_diluted'],
  ['weighted-average common shares outstanding, diluted', 'shares_diluted'],
  ['basic weighted average common shares outstanding', 'shares_basic'],
  ['basic net income per common share', 'eps_basic'],
  ['diluted net income per common share', 'eps_diluted'],
  ['net income per share, diluted', 'eps_diluted'],
  ['diluted earnings per common share', 'eps_diluted'],
  ['dividends declared per common share', 'dividends_per_share'],
  ['dividends and dividend equivalents declared per share', 'dividends_per_share'],
  ['additions to property, plant and equipment', 'capex'],
  ['payments for property and equipment', 'capex'],
  ['purchases related to property and equipment and intangible assets', 'capex'],
  ['total income before income taxes', 'profit_before_tax'],
  ['total income from operations', 'operating_income'],
  ['total income tax expense', 'tax_expense'],
  ['current portion of term debt', 'current_portion_long_term_debt'],
  ['total non-current portion of term debt', 'long_term_debt_noncurrent'],
  ['long-term debt due within one year', 'current_portion_long_term_debt'],
  ["total liabilities, redeemable noncontrolling interest, and shareholders' equity", 'liabilities_and_equity'],
  ['cash payments for income taxes', 'income_taxes_paid'],
  ['cash payments for interest', 'interest_paid'],
  ['treasury stock purchases', 'share_repurchases'],
  ['purchase of company stock', 'share_repurchases'],
  ['repurchases of stock', 'share_repurchases'],
  ['additions to long-term debt', 'debt_issued'],
  ['reductions in long-term debt', 'debt_repaid'],
  ['repayment of debt', 'debt_repaid'],
  ['capital in excess of par value', 'paid_in_capital'],
  ['sales, general and administrative', 'sga'],
  ['total selling and administrative expense', 'sga'],
  ['accrued and other liabilities', 'accrued_liabilities'],
  ['other long-term assets', 'other_noncurrent_assets'],
  ['prepaid expenses and other', 'other_current_assets'],
  ['other comprehensive loss, net of income taxes', 'other_comprehensive_income'],
  ['net earnings attributable to noncontrolling interests', 'net_income_nci'],
  ['net (income) loss attributable to noncontrolling interest', 'net_income_nci'],
  ['total property and equipment, gross', 'ppe_gross'],
  ['total current tax provision', 'income_tax_current'],
  ['intangible asset amortization', 'amortization_intangibles'],
  ['total share-based expense', 'stock_compensation'],
  ['other (income) expense, net', 'nonoperating_income'],
  // more line items: income statement and tax notes
  ['advertising expense', 'advertising_expense'],
  ['advertising costs', 'advertising_expense'],
  ['cost of services', 'cost_of_services'],
  ['income from discontinued operations', 'income_discontinued_ops'],
  ['loss from discontinued operations', 'income_discontinued_ops'],
  ['domestic income before income taxes', 'pretax_income_domestic'],
  ['foreign pre-tax income', 'pretax_income_foreign'],
  ['impairment of long-lived assets', 'asset_impairment'],
  ['asset impairment charges', 'asset_impairment'],
  ['gains on investments', 'gain_on_investments'],
  ['foreign exchange gains (losses)', 'fx_gain_loss'],
  ['gain on sale of property and equipment', 'gain_on_asset_sales'],
  ['operating lease cost', 'operating_lease_cost'],
  ['rent expense', 'operating_lease_cost'],
  ['product warranty expense', 'warranty_expense'],
  ['preferred stock dividends', 'preferred_dividends'],
  ['noninterest income', 'noninterest_income'],
  ['non-interest expense', 'noninterest_expense'],
  ['provision for credit losses', 'provision_credit_losses'],
  ['loan loss provision', 'provision_credit_losses'],
  ['federal statutory tax rate', 'statutory_tax_rate'],
  ['unrecognized tax benefits', 'unrecognized_tax_benefits'],
  ['uncertain tax positions', 'unrecognized_tax_benefits'],
  ['valuation allowance', 'valuation_allowance'],
  ['remaining performance obligations', 'remaining_performance_obligations'],
  ['RPO', 'remaining_performance_obligations'],
  // more cash flow lines
  ['net increase (decrease) in cash and cash equivalents', 'net_change_in_cash'],
  ['net change in cash', 'net_change_in_cash'],
  ['effect of exchange rate changes on cash', 'fx_effect_on_cash'],
  ['purchases of marketable securities', 'securities_purchased'],
  ['proceeds from maturities of marketable securities', 'securities_matured'],
  ['proceeds from sales of marketable securities', 'securities_sold'],
  ['proceeds from issuance of common stock', 'stock_issued_proceeds'],
  ['taxes paid related to net share settlement of equity awards', 'share_settlement_taxes'],
  ['proceeds from sale of property and equipment', 'ppe_sale_proceeds'],
  ['proceeds from (repayments of) commercial paper, net', 'commercial_paper_net'],
  ['principal payments on finance leases', 'finance_lease_payments'],
  ['cash paid for operating leases', 'operating_lease_payments'],
  // more balance sheet lines
  ['restricted cash', 'restricted_cash'],
  ['cash and short-term investments', 'cash_and_short_term_investments'],
  ['prepaid expenses', 'prepaid_expenses'],
  ['raw materials', 'inventory_raw_materials'],
  ['work in process', 'inventory_work_in_process'],
  ['finished goods', 'inventory_finished_goods'],
  ['equity method investments', 'equity_method_investments'],
  ['investments in associates', 'equity_method_investments'],
  ['investment property', 'investment_property'],
  ['construction in progress', 'construction_in_progress'],
  ['gross intangible assets', 'intangible_assets_gross'],
  ['current operating lease liabilities', 'operating_lease_liabilities_current'],
  ['long-term operating lease liabilities', 'operating_lease_liabilities_noncurrent'],
  ['finance lease liabilities', 'finance_lease_liabilities'],
  ['accrued compensation', 'accrued_compensation'],
  ['employee-related liabilities', 'accrued_compensation'],
  ['income taxes payable', 'income_taxes_payable'],
  ['long-term income taxes payable', 'income_taxes_payable_noncurrent'],
  ['common stock value', 'common_stock_value'],
  ['preferred stock', 'preferred_stock_value'],
  ['shares issued', 'shares_issued'],
  ['shares authorized', 'shares_authorized'],
  ['fair value of long-term debt', 'debt_fair_value'],
  ['remaining share repurchase authorization', 'repurchase_authorization_remaining'],
];

describe('measure phrasing table', () => {
  it(`has 300+ phrasings`, () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(300);
  });
  for (const [phrase, id] of TABLE) {
    it(`“${phrase}” → ${id}`, () => {
      for (const q of [`What was Acme's ${phrase} in FY2024?`, `${phrase} FY2024`]) {
        const { mentions } = matchMetrics(q);
        expect(mentions.length, q).toBeGreaterThan(0);
        expect(mentions[0]!.ref.id, q).toBe(id);
        // the span covers the phrase as written in the original question
        expect(q.slice(mentions[0]!.start, mentions[0]!.end).toLowerCase()).toBe(phrase.toLowerCase().replace(/[^a-z0-9&%]+$/, ''));
      }
    });
  }
});

describe('most specific phrase wins; a broader measure never replaces the one asked', () => {
  const never: [string, string, string][] = [
    ['What were total current liabilities at FY2024 year end?', 'current_liabilities', 'total_liabilities'],
    ['Apple debt to equity ratio FY2024', 'debt_to_equity', 'long_term_debt'],
    ['What is the cash generated from operations in FY2023?', 'operating_cash_flow', 'cash'],
    ['total current assets at the end of FY2019', 'current_assets', 'total_assets'],
    ['operating cash flow ratio for FY2017', 'operating_cash_flow_ratio', 'operating_cash_flow'],
    ['net debt at FY2024', 'net_debt', 'total_debt'],
    ['dividends per share FY2024', 'dividends_per_share', 'dividends_paid'],
    ['EBITDA margin FY2022', 'ebitda_margin', 'ebitda'],
    ['net income attributable to noncontrolling interests FY2022', 'net_income_nci', 'net_income'],
    ['What was the fixed asset turnover ratio in FY2019?', 'fixed_asset_turnover', 'asset_turnover'],
    ['cash ratio at FY2024', 'cash_ratio', 'cash'],
    ['return on average assets', 'roa', 'total_assets'],
    ['net income available to common stockholders FY2021', 'net_income_to_common', 'net_income'],
    ['net income attributable to common stockholders FY2021', 'net_income', 'net_income_to_common'],
    ['GAAP EPS FY2025', 'eps_diluted', 'eps_basic'],
    ['total current liabilities FY2024', 'current_liabilities', 'total_liabilities'],
    ['total debt FY2024', 'total_debt', 'long_term_debt'],
    // a caption is never read as a shorter measure inside it
    ['Cash generated by operating activities FY2024', 'operating_cash_flow', 'cash'],
    ['Net cash provided by (used in) investing activities FY2025', 'investing_cash_flow', 'cash'],
    ['Weighted average common shares outstanding FY2025', 'shares_basic', 'shares_outstanding'],
    ['Additions to property, plant and equipment FY2025', 'capex', 'ppe_net'],
    ['Total income before income taxes FY2025', 'profit_before_tax', 'total_income'],
    ['Dividends declared per common share FY2025', 'dividends_per_share', 'dividends_declared'],
    ['Cash payments for interest FY2025', 'interest_paid', 'cash'],
    ['Treasury stock purchases FY2025', 'share_repurchases', 'treasury_stock'],
    ['Total non-current portion of term debt FY2024', 'long_term_debt_noncurrent', 'current_portion_long_term_debt'],
    // a classification said after the name is that classification's measure, never the unclassified one
    ['Acme long-term debt as current at FY2024 year end', 'current_portion_long_term_debt', 'long_term_debt'],
    ['Acme term debt listed as non-current at FY2024 year end', 'long_term_debt_noncurrent', 'long_term_debt'],
    // borrowings alone are all of them; the long-term ones are the long-term part; the part due within a year included is its own total
    ['Acme borrowings at the end of 2023', 'total_debt', 'long_term_debt'],
    ['Acme long-term borrowings at the end of 2023', 'long_term_debt', 'total_debt'],
    ['Acme long-term debt including the current portion at the end of 2023', 'long_term_debt_with_current', 'long_term_debt'],
  ];
  for (const [q, want, not] of never) {
    it(q, () => {
      const ids = matchMetrics(q).mentions.map((m) => m.ref.id);
      expect(ids[0]).toBe(want);
      expect(ids).not.toContain(not);
    });
  }
});

describe('spans, qualifiers and members', () => {
  const apple: MemberEntry[] = [
    { axis: 'srt:ProductOrServiceAxis', member: 'us-gaap:IPhoneMember', labels: ['iPhone', 'I Phone'] },
    {
      axis: 'srt:ProductOrServiceAxis',
      member: 'aapl:WearablesHomeandAccessoriesMember',
      labels: ['Wearables, Home and Accessories', 'Wearables'],
    },
    { axis: 'srt:ProductOrServiceAxis', member: 'us-gaap:ServiceMember', labels: ['Services', 'Service'] },
    { axis: 'us-gaap:StatementBusinessSegmentsAxis', member: 'aapl:AmericasSegmentMember', labels: ['Americas'] },
    { axis: 'us-gaap:StatementBusinessSegmentsAxis', member: 'goog:GoogleCloudMember', labels: ['Google Cloud'] },
    { axis: 'srt:ProductOrServiceAxis', member: 'nvda:DataCenterMember', labels: ['Data Center'] },
    {
      axis: 'us-gaap:StatementBusinessSegmentsAxis',
      member: 'nvda:ComputeAndNetworkingMember',
      labels: ['Compute & Networking', 'Compute and Networking'],
    },
  ];

  it('offsets are UTF-16 positions in the original question, end exclusive (curly quotes, dashes, double spaces)', () => {
    const q = 'Apple’s  “total  current liabilities” — FY2024';
    const [m] = matchMetrics(q).mentions;
    expect(q.slice(m!.start, m!.end)).toBe('total  current liabilities');
    const q2 = 'Débt—to—equity for NVIDIA? no: debt-to-equity ratio';
    const m2 = matchMetrics(q2).mentions.find((x) => x.ref.id === 'debt_to_equity')!;
    expect(q2.slice(m2.start, m2.end)).toBe('debt-to-equity ratio');
  });

  it('a member named before or after the measure restricts it to that member (filing labels)', () => {
    const cases: [string, string, string][] = [
      ['Apple iPhone net sales FY2024', 'us-gaap:IPhoneMember', 'iPhone'],
      ['What were net sales from Wearables in FY2024?', 'aapl:WearablesHomeandAccessoriesMember', 'Wearables'],
      ['Alphabet Google Cloud revenue 2024', 'goog:GoogleCloudMember', 'Google Cloud'],
      ['NVIDIA Data Center revenue fiscal 2025', 'nvda:DataCenterMember', 'Data Center'],
      ['NVIDIA Compute & Networking segment revenue FY2025', 'nvda:ComputeAndNetworkingMember', 'Compute & Networking'],
      ['revenue of the Compute and Networking segment', 'nvda:ComputeAndNetworkingMember', 'Compute and Networking'],
      ['Americas net sales', 'aapl:AmericasSegmentMember', 'Americas'],
    ];
    for (const [q, member, text] of cases) {
      const [m] = matchMetrics(q, { members: apple }).mentions;
      const mq = m!.qualifiers.find((x) => x.kind === 'member');
      expect(mq?.member?.member, q).toBe(member);
      expect(q.slice(mq!.start, mq!.end).replace(/ segment$/, ''), q).toBe(text);
      expect(Object.values(m!.ref.dimensions ?? {})).toEqual([member]);
      expect(m!.ref.id).toBe('revenue');
    }
  });

  it('segment mix with the member named alone: the member is the share’s own measure, restricted to it', () => {
    for (const q of ["iPhone as a percentage of Apple's total net sales in FY2024", 'Data Center as a share of revenue FY2025']) {
      const ms = matchMetrics(q, { members: apple }).mentions;
      expect(
        ms.map((m) => [m.ref.id, q.slice(m.start, m.end), Object.values(m.ref.dimensions ?? {})]),
        q,
      ).toEqual([
        [
          'revenue',
          q.startsWith('iPhone') ? 'iPhone' : 'Data Center',
          [q.startsWith('iPhone') ? 'us-gaap:IPhoneMember' : 'nvda:DataCenterMember'],
        ],
        ['revenue', q.startsWith('iPhone') ? 'total net sales' : 'revenue', []],
      ]);
    }
    const catalog = [
      {
        id: 'aapl',
        name: 'Apple',
        legalName: 'Apple Inc.',
        ticker: 'AAPL',
        cik: null,
        aliases: [{ alias: 'Apple', kind: 'name', normalized: 'apple' }],
      },
    ];
    const r = planQuestion("iPhone as a percentage of Apple's total net sales in FY2024", { catalog, measures: { members: apple } });
    expect(r.status).toBe('planned');
    if (r.status !== 'planned') return;
    expect(r.intent.expression).toMatchObject({
      op: 'share',
      args: [{ operand: { metric: { id: 'revenue', memberLabel: 'iPhone' } } }, { operand: { metric: { id: 'revenue' } } }],
    });
    // a word that names no member gives no share of a total
    expect(matchMetrics('Apple automotive as a share of revenue FY2024', { members: apple }).mentions.map((m) => m.ref.dimensions)).toEqual(
      [undefined],
    );
  });

  it('an unknown segment is reported as an unknown qualifier, never dropped', () => {
    for (const q of ['Apple automotive segment revenue FY2024', 'revenue of the automotive segment in FY2024']) {
      const [m] = matchMetrics(q, { members: apple }).mentions;
      const mq = m!.qualifiers.find((x) => x.kind === 'member');
      expect(mq, q).toMatchObject({ understood: false, member: null });
      expect(q.slice(mq!.start, mq!.end)).toMatch(/automotive/);
      expect(m!.ref.dimensions).toBeUndefined();
    }
  });

  it('GAAP / non-GAAP, basic / diluted and scope qualifiers', () => {
    expect(matchMetrics('adjusted EBITDA FY2023').mentions[0]!.qualifiers).toEqual([
      expect.objectContaining({ kind: 'gaap', value: 'non_gaap', understood: false, text: 'adjusted' }),
    ]);
    expect(matchMetrics('non-GAAP operating income FY2023').mentions[0]!.qualifiers).toEqual([
      expect.objectContaining({ kind: 'gaap', value: 'non_gaap', understood: false, text: 'non-GAAP' }),
    ]);
    expect(matchMetrics('unadjusted operating income FY2023').mentions[0]!.qualifiers).toEqual([
      expect.objectContaining({ kind: 'gaap', value: 'gaap', understood: true }),
    ]);
    expect(matchMetrics('diluted EPS FY2023').mentions[0]!.qualifiers).toEqual([
      expect.objectContaining({ kind: 'eps_basis', value: 'diluted' }),
    ]);
    expect(matchMetrics('consolidated revenue FY2023').mentions[0]!.qualifiers).toEqual([
      expect.objectContaining({ kind: 'scope', value: 'consolidated' }),
    ]);
  });

  it('qualifier words left outside the consumed spans are listed for the planner to block on', () => {
    const q = 'What was Apple organic revenue growth excluding FX in FY2024?';
    const spans = matchMetrics(q).mentions.map((m) => ({ start: m.start, end: m.end }));
    expect(unplacedQualifierWords(q, spans).map((w) => w.text)).toEqual(['organic', 'excluding']);
    expect(unplacedQualifierWords('revenue per employee FY2024', []).map((w) => w.text)).toEqual(['per employee']);
    expect(MEASURE_QUALIFIER_WORDS).toContain('segment');
  });

  it('ambiguous words ask; unknown measures get the closest known ones', () => {
    expect(matchMetrics('What was the debt in FY2024?').ambiguous?.options).toEqual(['total debt', 'long-term debt', 'net debt']);
    expect(matchMetrics('Apple earnings FY2024').ambiguous?.options).toContain('net income');
    expect(closestMeasures('inventory days').map((m) => m.id)).toContain('dio');
    expect(closestMeasures('operating cash').map((m) => m.id)).toContain('operating_cash_flow');
    expect(closestMeasures('EBITDAR').map((m) => m.id)[0]).toBe('ebitda');
    expect(closestMeasures('tangible book value').map((m) => m.id)).toEqual(
      expect.arrayContaining(['total_equity', 'book_value_per_share']),
    );
    // one shared generic word is no choice: the measure is said to be unknown
    for (const w of ['customer acquisition cost', 'backlog', 'vehicle deliveries', 'annual recurring revenue'])
      expect(closestMeasures(w), w).toEqual([]);
  });

  it('the planner says an unknown measure is unknown and offers the closest known ones as choices, or none', () => {
    const catalog = [
      {
        id: 'aapl',
        name: 'Apple',
        legalName: 'Apple Inc.',
        ticker: 'AAPL',
        cik: null,
        aliases: [{ alias: 'Apple', kind: 'name', normalized: 'apple' }],
      },
    ];
    const r = planQuestion('Apple EBITDAR FY2024', { catalog });
    expect(r.status).toBe('needs_clarification');
    if (r.status !== 'needs_clarification') return;
    expect(r.clarification.question).toMatch(/does not know a measure called “EBITDAR”/);
    expect(r.clarification.options[0]).toBe('EBITDA');
    expect(r.clarification.rewrites?.[0]).toBe('Apple ebitda FY2024');
    const none = planQuestion('Apple vehicle deliveries FY2024', { catalog });
    expect(none).toMatchObject({ status: 'insufficient_evidence', missing: expect.stringMatching(/vehicle deliveries/) });
  });

  it('a total word is part of the measure span; abbreviations keep offsets into the question as written', () => {
    const q = 'Snowflake total opex fiscal 2025';
    const [m] = matchMetrics(q).mentions;
    expect([m!.ref.id, q.slice(m!.start, m!.end)]).toEqual(['operating_expenses', 'total opex']);
    const q2 = 'Snowflake cash flow from ops FY2024';
    const [m2] = matchMetrics(q2).mentions;
    expect([m2!.ref.id, q2.slice(m2!.start, m2!.end)]).toEqual(['operating_cash_flow', 'cash flow from ops']);
    // "the total of" is arithmetic, not a total word; "total" before a member is not swallowed into another measure
    expect(matchMetrics('the total of Q1 and Q2 revenue').mentions.map((x) => x.phrase)).toEqual(['revenue']);
    // words that only look like abbreviations stay as written
    expect(matchMetrics('Apple Inc. revenue FY2024').mentions.map((x) => x.ref.id)).toEqual(['revenue']);
  });

  it('GAAP EPS is diluted; EPS alone asks basic or diluted; non-GAAP EPS is an unplaceable qualifier', () => {
    expect(matchMetrics('Snowflake EPS fiscal 2025').ambiguous?.options).toEqual(['diluted EPS', 'basic EPS']);
    const [m] = matchMetrics('Snowflake non-GAAP EPS fiscal 2025').mentions;
    expect(m!.qualifiers).toEqual([expect.objectContaining({ kind: 'gaap', value: 'non_gaap', understood: false })]);
  });

  it('verbs such as "earn" resolve only when nothing else names a measure', () => {
    expect(matchMetrics('How much did Apple earn in FY2024?').mentions.map((m) => m.ref.id)).toEqual(['net_income']);
    expect(matchMetrics('How much revenue did Apple earn in FY2024?').mentions.map((m) => m.ref.id)).toEqual(['revenue']);
    // the money a business brings or takes in is its sales; what its operations bring in is operating cash flow
    for (const q of [
      'How much did Tesla bring in during FY2023?',
      'What did Walmart take in last year?',
      'How much money did NVIDIA rake in?',
    ])
      expect(
        matchMetrics(q).mentions.map((m) => m.ref.id),
        q,
      ).toEqual(['revenue']);
    expect(matchMetrics('How much did its operations bring in during FY2023?').mentions.map((m) => m.ref.id)).toEqual([
      'operating_cash_flow',
    ]);
    expect(matchMetrics('How much net income did Tesla bring in during FY2023?').mentions.map((m) => m.ref.id)).toEqual(['net_income']);
  });
});

describe('measures named in the plural, and statement lines outside the ontology', () => {
  it('reads the plural of a measure as the measure', () => {
    const id = (q: string) => matchMetrics(q).mentions[0]?.ref.id ?? null;
    expect(id("What were Oracle's deferred revenues at the end of FY2023?")).toBe('deferred_revenue');
    expect(id('What was deferred revenue in FY2023?')).toBe('deferred_revenue');
    // "equities" are shares held, not equity
    expect(id('What were total equities in FY2023?')).not.toBe('total_equity');
  });

  it('a statement line labelled "Casino revenues" is asked as casino revenue; a one-word caption alone is no phrase', () => {
    const concepts = [
      { concept: 'report:row/revenues/casino', label: 'Casino revenues', periodType: 'duration' as const },
      { concept: 'report:row/assets/trading-assets', label: 'Trading assets', periodType: 'instant' as const },
    ];
    const id = (q: string) => matchMetrics(q, { concepts }).mentions[0]?.ref.id ?? null;
    expect(id("What was MGM's casino revenue in Q2 2023?")).toBe('concept:report:row/revenues/casino');
    expect(id("What were JPMorgan's trading assets as of June 30, 2023?")).toBe('concept:report:row/assets/trading-assets');
    expect(id("What was JPMorgan's trading asset balance?")).toBe('concept:report:row/assets/trading-assets');
  });

  it('a filer label is asked without the other sign it names in parentheses; its head only when the words after the comma only word it again', () => {
    const concepts = [
      {
        concept: 'us-gaap:CurrentStateAndLocalTaxExpenseBenefit',
        label: 'Current State and Local Tax Expense (Benefit)',
        periodType: 'duration' as const,
      },
      { concept: 'x:GainLossOnHedges', label: 'Hedging Gain (Loss), Net of Tax', periodType: 'duration' as const },
      { concept: 'x:OtherIncomeForeign', label: 'Royalty Income (Loss), Foreign', periodType: 'duration' as const },
    ];
    const id = (q: string) => matchMetrics(q, { concepts }).mentions[0]?.ref.id ?? null;
    expect(id('What was the current state and local tax expense in FY2022?')).toBe('concept:us-gaap:CurrentStateAndLocalTaxExpenseBenefit');
    expect(id('hedging gain for FY2022')).toBe('concept:x:GainLossOnHedges');
    // the foreign part is never read as the whole royalty income
    expect(id('royalty income for FY2022')).not.toBe('concept:x:OtherIncomeForeign');
    expect(id('royalty income foreign for FY2022')).toBe('concept:x:OtherIncomeForeign');
  });

  it('a caption ending in -ies or -es is asked in the singular by the one rule of lib/ontology/inflect ("trading liability", "impairment of business")', () => {
    const concepts = [
      { concept: 'report:row/liabilities/trading-liabilities', label: 'Trading liabilities', periodType: 'instant' as const },
      { concept: 'report:row/expenses/impairment-of-businesses', label: 'Impairment of businesses', periodType: 'duration' as const },
    ];
    const id = (q: string) => matchMetrics(q, { concepts }).mentions[0]?.ref.id ?? null;
    expect(id("What were JPMorgan's trading liabilities as of June 30, 2023?")).toBe('concept:report:row/liabilities/trading-liabilities');
    expect(id("What was JPMorgan's trading liability balance?")).toBe('concept:report:row/liabilities/trading-liabilities');
    expect(id('What was the impairment of business in FY2023?')).toBe('concept:report:row/expenses/impairment-of-businesses');
  });

  it('a caption is asked with its head noun in the other number before its postmodifier, and with "non" written apart', () => {
    const concepts = [
      { concept: 'x:DirectCostFromFranchiseOperations', label: 'Direct cost from franchise operations', periodType: 'duration' as const },
      {
        concept: 'x:DistributionsToNoncontrollingPartners',
        label: 'Distributions to noncontrolling partners',
        periodType: 'duration' as const,
      },
    ];
    const id = (q: string) => matchMetrics(q, { concepts }).mentions[0]?.ref.id ?? null;
    expect(id('What were the direct costs from franchise operations in 2022?')).toBe('concept:x:DirectCostFromFranchiseOperations');
    expect(id('How much went in distributions to non-controlling partners in 2022?')).toBe(
      'concept:x:DistributionsToNoncontrollingPartners',
    );
    expect(id('How much went in distribution to non-controlling partners in 2022?')).toBe(
      'concept:x:DistributionsToNoncontrollingPartners',
    );
    // a different head is no variant
    expect(id('What were the direct fees from franchise operations in 2022?')).toBeNull();
  });
});
