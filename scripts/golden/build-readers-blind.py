#!/usr/bin/env python3
"""Builds lib/eval/golden/readers-blind.jsonl: a held-out test of whether questions in ordinary language are
understood (not a list of phrasings), over the seven companyfacts files in ../shared/data/sec-companyfacts
(Apple, Alphabet, NVIDIA, Marvell, Snowflake, Tesla, Logistic Properties of the Americas (IFRS, 20-F)).

Categories (`category` on each line; `note` says what the line tests and, for non-answers, why no number may
be given):
- formula: a formula the user states, computed exactly as written (operators plus/minus/less/times/over/
  divided by, parentheses, "A as a percentage of B" and "ratio of A to B" as fractions, "A net of B" = A - B,
  averages of balances = mean of the opening and closing balance of the fiscal year, per-share over a
  reported share count), including definitions that differ from the usual one;
- instruction: role-play preambles, rounding, "based on FY data", statement hints, "please", units, "Give a
  short answer." around a plain question;
- ordinary-words: everyday verbs and nouns for a reported measure (bought back, paid out, took in, booked,
  owed, left over, beginning of the year = prior year-end balance);
- trap: no number may be given (operands of different periods joined without saying so, a balance added to a
  flow, members/segments companyfacts does not carry, periods beyond the data, companies not in the corpus,
  measures that are not reported);
- mixed: classes 1-3 in one sentence.

Truth is read from the companyfacts JSON only (never from Ledgerline):
- fiscal years: start/end of 350-380-day facts in 10-K/20-F filings (at least 20 facts share the span),
  labelled by the calendar year in which they end; an open fiscal year starts the day after the last one;
- quarters: 80-100-day durations, Q1 starting on the fiscal-year start, Q2/Q3 the day after the quarter before;
  9M = fiscal-year start to Q3 end; Q4 = FY - 9M from one concept, starting the day after Q3 ended;
- values: the latest-filed fact (max filed, ties by accession) for exactly the period and unit; each operand
  names its concept chain (first concept with a fact wins; the others' values within 0.5% go to `accept`,
  and so do results computed from them);
- average balance = (balance at the end of the prior fiscal year + balance at the end of this one) / 2;
- ratios are fractions; money in base units (USD); per-share in USD; share counts as counts;
- periods: a single-period formula carries that period (duration start-end; an instant only its end); a
  balance at the end of a flow's period, or an average balance over it, joins the flow's period; growth and
  change carry the later period; a formula explicitly across two named years carries the later operand's period.

Usage: python3 scripts/golden/build-readers-blind.py  (writes lib/eval/golden/readers-blind.jsonl and prints
per-category counts; SEC_DATA_DIR overrides ../shared/data).  Python 3.11 standard library only."""
import datetime as dt
import functools
import glob
import itertools
import json
import os
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.environ.get('SEC_DATA_DIR', os.path.join(HERE, '..', '..', '..', 'shared', 'data'))
OUT = os.path.join(HERE, '..', '..', 'lib', 'eval', 'golden', 'readers-blind.jsonl')


@functools.lru_cache(maxsize=None)
def load(t):
    f = glob.glob(os.path.join(DATA, 'sec-companyfacts', f'*_{t}_companyfacts*.json'))
    if not f:
        raise SystemExit(f'no companyfacts file for {t}')
    return json.load(open(f[0]))


def day(s):
    return dt.date.fromisoformat(s)


def plus(s, n):
    return (day(s) + dt.timedelta(days=n)).isoformat()


def days(s, e):
    return (day(e) - day(s)).days


@functools.lru_cache(maxsize=None)
def raw(t, qname):
    ns, name = qname.split(':')
    d = load(t)['facts'].get(ns, {}).get(name)
    if not d:
        return ()
    return tuple(dict(x, unit=u) for u, arr in d['units'].items() for x in arr)


def latest(t, qname, start, end, unit):
    c = [x for x in raw(t, qname) if x.get('start') == start and x['end'] == end and x['unit'] == unit]
    return max(c, key=lambda x: (x['filed'], x['accn'])) if c else None


# ---------------------------------------------------------------- fiscal calendars, from the facts' dates
@functools.lru_cache(maxsize=None)
def years(t):
    n = Counter()
    for ns, cs in load(t)['facts'].items():
        for c, v in cs.items():
            for u, arr in v['units'].items():
                for x in arr:
                    if x.get('start') and x['form'] in ('10-K', '20-F', '10-K/A', '20-F/A') and 350 <= days(x['start'], x['end']) <= 380:
                        n[(x['start'], x['end'])] += 1
    return {day(e).year: (s, e) for (s, e), k in n.items() if k >= 20}


@functools.lru_cache(maxsize=None)
def quarter_spans(t):
    qs = set()
    for ns, cs in load(t)['facts'].items():
        for c, v in cs.items():
            for u, arr in v['units'].items():
                for x in arr:
                    if x.get('start') and 80 <= days(x['start'], x['end']) <= 100:
                        qs.add((x['start'], x['end']))
    return qs


def fy(t, y):
    ys = years(t)
    if y in ys:
        return ys[y]
    if y - 1 in ys:
        return (plus(ys[y - 1][1], 1), None)  # open fiscal year
    raise SystemExit(f'no fiscal year {y} for {t}')


def qspan(t, y, n):
    """Quarter n (1-4) of fiscal year y; Q4 = (Q3 end + 1, FY end)."""
    s0, e0 = fy(t, y)
    s = s0
    for i in range(1, n + 1):
        if i == 4:
            assert e0, f'open year {t} {y}'
            return (s, e0)
        hit = sorted(x for x in quarter_spans(t) if x[0] == s)
        if not hit:
            raise SystemExit(f'no Q{i} FY{y} for {t} starting {s}')
        if i == n:
            return hit[0]
        s = plus(hit[0][1], 1)


def ytdspan(t, y, n):
    return (fy(t, y)[0], qspan(t, y, n)[1])


def fyend(t, y):
    return fy(t, y)[1]


# ---------------------------------------------------------------- concept chains
G, I = 'us-gaap:', 'ifrs-full:'
CHAINS = {
    # durations
    'rev': [G + 'RevenueFromContractWithCustomerExcludingAssessedTax', G + 'Revenues', G + 'SalesRevenueNet', I + 'Revenue'],
    'cor': [G + 'CostOfRevenue', G + 'CostOfGoodsAndServicesSold', G + 'CostOfGoodsSold'],
    'gp': [G + 'GrossProfit'],
    'rnd': [G + 'ResearchAndDevelopmentExpense'],
    'sga': [G + 'SellingGeneralAndAdministrativeExpense'],
    'sm': [G + 'SellingAndMarketingExpense'],
    'ga': [G + 'GeneralAndAdministrativeExpense', I + 'AdministrativeExpense'],
    'opex': [G + 'OperatingExpenses'],
    'oi': [G + 'OperatingIncomeLoss', I + 'ProfitLossFromOperatingActivities'],
    'intexp': [G + 'InterestExpense', G + 'InterestExpenseNonoperating'],
    'fincost': [I + 'FinanceCosts'],
    'pbt': [G + 'IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest', I + 'ProfitLossBeforeTax'],
    'tax': [G + 'IncomeTaxExpenseBenefit', I + 'IncomeTaxExpenseContinuingOperations'],
    'ni': [G + 'NetIncomeLoss', I + 'ProfitLossAttributableToOwnersOfParent'],
    'profit': [I + 'ProfitLoss', G + 'ProfitLoss'],
    'eps_d': [G + 'EarningsPerShareDiluted', I + 'DilutedEarningsLossPerShare'],
    'eps_b': [G + 'EarningsPerShareBasic', I + 'BasicEarningsLossPerShare'],
    'sh_d': [G + 'WeightedAverageNumberOfDilutedSharesOutstanding'],
    'sh_b': [G + 'WeightedAverageNumberOfSharesOutstandingBasic'],
    'ocf': [G + 'NetCashProvidedByUsedInOperatingActivities', I + 'CashFlowsFromUsedInOperatingActivities', I + 'CashFlowsFromUsedInOperations'],
    'cfi': [G + 'NetCashProvidedByUsedInInvestingActivities', I + 'CashFlowsFromUsedInInvestingActivities'],
    'cff': [G + 'NetCashProvidedByUsedInFinancingActivities', I + 'CashFlowsFromUsedInFinancingActivities'],
    'capex': [G + 'PaymentsToAcquirePropertyPlantAndEquipment', G + 'PaymentsToAcquireProductiveAssets', I + 'PurchaseOfPropertyPlantAndEquipmentClassifiedAsInvestingActivities'],
    'buyback': [G + 'PaymentsForRepurchaseOfCommonStock'],
    'div': [G + 'PaymentsOfDividends', G + 'PaymentsOfDividendsCommonStock'],
    'dps': [G + 'CommonStockDividendsPerShareDeclared'],
    'sbc': [G + 'ShareBasedCompensation', G + 'AllocatedShareBasedCompensationExpense'],
    'da': [G + 'DepreciationDepletionAndAmortization', G + 'DepreciationAndAmortization'],
    'dep': [G + 'Depreciation', I + 'DepreciationExpense'],
    'taxpaid': [G + 'IncomeTaxesPaidNet', G + 'IncomeTaxesPaid'],
    'intpaid': [G + 'InterestPaidNet'],
    'rental': [I + 'RentalIncome'],
    'propopex': [I + 'DirectOperatingExpenseFromInvestmentProperty'],
    'nci_div': [I + 'DividendsPaidToNoncontrollingInterests'],
    'ipacq': [I + 'AdditionsFromAcquisitionsInvestmentProperty'],
    'borrow_in': [I + 'ProceedsFromBorrowingsClassifiedAsFinancingActivities'],
    'borrow_out': [I + 'RepaymentsOfBorrowingsClassifiedAsFinancingActivities'],
    'debt_repaid': [G + 'RepaymentsOfLongTermDebt', G + 'RepaymentsOfDebt'],
    'tci': [G + 'ComprehensiveIncomeNetOfTax', I + 'ComprehensiveIncomeAttributableToOwnersOfParent'],
    'acq': [G + 'PaymentsToAcquireBusinessesNetOfCashAcquired'],
    'swdev': [G + 'PaymentsToDevelopSoftware'],
    'cashchg': [G + 'CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalentsPeriodIncreaseDecreaseIncludingExchangeRateEffect', I + 'IncreaseDecreaseInCashAndCashEquivalents'],
    'nci_profit': [I + 'ProfitLossAttributableToNoncontrollingInterests', G + 'NetIncomeLossAttributableToNoncontrollingInterest'],
    # instants
    'assets': [G + 'Assets', I + 'Assets'],
    'ca': [G + 'AssetsCurrent', I + 'CurrentAssets'],
    'liab': [G + 'Liabilities', I + 'Liabilities'],
    'cl': [G + 'LiabilitiesCurrent', I + 'CurrentLiabilities'],
    'equity': [G + 'StockholdersEquity', I + 'EquityAttributableToOwnersOfParent'],
    'equity_total': [I + 'Equity', G + 'StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest'],
    'cash': [G + 'CashAndCashEquivalentsAtCarryingValue', I + 'CashAndCashEquivalents', G + 'CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents'],
    'mktsec': [G + 'MarketableSecuritiesCurrent'],
    'inv': [G + 'InventoryNet'],
    'ar': [G + 'AccountsReceivableNetCurrent'],
    'ap': [G + 'AccountsPayableCurrent'],
    'ltd_nc': [G + 'LongTermDebtNoncurrent'],
    'ltd_c': [G + 'LongTermDebtCurrent'],
    'ltd': [G + 'LongTermDebt'],
    'so': [G + 'CommonStockSharesOutstanding'],
    'ppe': [G + 'PropertyPlantAndEquipmentNet'],
    're': [G + 'RetainedEarningsAccumulatedDeficit', I + 'RetainedEarnings'],
    'goodwill': [G + 'Goodwill'],
    'borrowings': [I + 'Borrowings'],
    'invprop': [I + 'InvestmentProperty'],
    'nci': [I + 'NoncontrollingInterests', G + 'MinorityInterest'],
    'deferred_rev': [G + 'ContractWithCustomerLiabilityCurrent'],
}
UNIT = {'eps_d': 'USD/shares', 'eps_b': 'USD/shares', 'dps': 'USD/shares', 'sh_d': 'shares', 'sh_b': 'shares', 'so': 'shares'}
LABEL = {}  # measure key -> concept chain text, for notes


def chain_text(m):
    return ' / '.join(c.split(':')[1] for c in CHAINS[m])


# ---------------------------------------------------------------- values with alternatives and a period
class V:
    """A number with its alternatives (other concepts of the chains, within 0.5%) and its period."""

    def __init__(self, vals, start, end, uses=(), computed=False, keys=()):
        self.keys = tuple(keys)
        self.vals = list(dict.fromkeys(vals))[:6]
        self.start, self.end = start, end
        self.uses = tuple(uses)
        self.computed = computed

    @property
    def v(self):
        return self.vals[0]

    def _join(self, o, op):
        if not isinstance(o, V):
            o = V([o], self.start, self.end) if not isinstance(o, V) else o
            per = (self.start, self.end)
        else:
            per = join_period(self, o)
        vals = [op(a, b) for a, b in itertools.product(self.vals, o.vals)]
        return V(vals, *per, uses=self.uses + o.uses, computed=True, keys=self.keys + o.keys)

    def __add__(self, o): return self._join(o, lambda a, b: a + b)
    def __sub__(self, o): return self._join(o, lambda a, b: a - b)
    def __mul__(self, o): return self._join(o, lambda a, b: a * b)
    def __truediv__(self, o): return self._join(o, lambda a, b: a / b)
    def __radd__(self, o): return V([o], self.start, self.end) + self
    def __rsub__(self, o): return V([o], self.start, self.end) - self
    def __rmul__(self, o): return V([o], self.start, self.end) * self
    def __rtruediv__(self, o): return V([o], self.start, self.end) / self

    def __neg__(self): return V([-x for x in self.vals], self.start, self.end, self.uses, self.computed, self.keys)


CROSS = [False]  # set while building a formula the user explicitly states across named periods


def join_period(a, b):
    pa, pb = (a.start, a.end), (b.start, b.end)
    if pa == pb:
        return pa
    if a.end == b.end:  # a balance at the end of a flow's period joins the flow's period
        if a.start is None:
            return pb
        if b.start is None:
            return pa
    if CROSS[0]:  # explicit periods: the later operand's period
        la = (a.end, a.start is not None)
        lb = (b.end, b.start is not None)
        return pa if la >= lb else pb
    raise SystemExit(f'operands of different periods joined: {pa} {pb}')


def _chain_vals(t, m, start, end):
    unit = UNIT.get(m, 'USD')
    found = []
    for c in CHAINS[m]:
        f = latest(t, c, start, end, unit)
        if f:
            found.append((c, f['val']))
    return found


def val(t, m, start, end):
    found = _chain_vals(t, m, start, end)
    if not found:
        raise SystemExit(f'missing {t} {m} {start}..{end}')
    v = found[0][1]
    vals = [v] + [x for _, x in found[1:] if abs(x - v) <= abs(v) * 0.005]
    return V(vals, start, end, uses=[f'{t}:{found[0][0]}'], keys=[m])


def FY(t, m, y):
    s, e = fy(t, y)
    return val(t, m, s, e)


def Q(t, m, y, n):
    if n == 4:
        return Q4(t, m, y)
    return val(t, m, *qspan(t, y, n))


def YTD(t, m, y, n):
    return val(t, m, *ytdspan(t, y, n))


def Q4(t, m, y):
    fs, fe = fy(t, y)
    n9 = ytdspan(t, y, 3)[1]
    unit = UNIT.get(m, 'USD')
    for c in CHAINS[m]:
        a, b = latest(t, c, fs, fe, unit), latest(t, c, fs, n9, unit)
        if a and b:
            return V([a['val'] - b['val']], plus(n9, 1), fe, uses=[f'{t}:{c}'], computed=True, keys=[m])
    raise SystemExit(f'no Q4 {t} {m} FY{y}')


def BAL(t, m, end):
    return val(t, m, None, end)


def B(t, m, y, n=None):
    """Balance at the end of fiscal year y (or of its quarter n)."""
    return BAL(t, m, fyend(t, y) if n is None else qspan(t, y, n)[1])


def AVG(t, m, y):
    """Average balance over fiscal year y = (end of y-1 + end of y) / 2; carries FY y's span."""
    a, b = B(t, m, y - 1), B(t, m, y)
    s, e = fy(t, y)
    vals = [(x + z) / 2 for x, z in itertools.product(a.vals, b.vals)]
    return V(vals, s, e, uses=a.uses + b.uses, computed=True, keys=[m])


def cross(fn):
    CROSS[0] = True
    try:
        return fn()
    finally:
        CROSS[0] = False


# ---------------------------------------------------------------- lines
items = []
seen = set()
USED = Counter()  # concepts that supplied a value (ticker:concept), for the summary


def expect_value(x, tol):
    v = x.v
    acc = sorted({a for a in x.vals if abs(a - v) <= abs(v) * 0.005 or a == v})
    g = {'value': v}
    if x.start is not None:
        g['start'] = x.start
    g['end'] = x.end
    g['period_type'] = 'duration' if x.start is not None else 'instant'
    g['tol'] = tol
    if len(acc) > 1 or acc != [v]:
        g['accept'] = acc
    else:
        g['accept'] = [v]
    return g


def emit(id_, q, cat, expect, note, unamb):
    if id_ in seen:
        raise SystemExit(f'duplicate id {id_}')
    seen.add(id_)
    items.append({'id': id_, 'question': q, 'category': cat, 'unambiguous': unamb, 'expect': expect, 'note': note})


def ans(id_, cat, q, vals, note, tol=None, extra_accept=None):
    """An answered line. vals: one V or a list; tol: 0.0005 for a single reported fact, 0.005 when computed."""
    if isinstance(vals, V):
        vals = [vals]
    out = []
    for x in vals:
        tt = tol if tol is not None else (0.005 if x.computed else 0.0005)
        g = expect_value(x, tt)
        if extra_accept:
            g['accept'] = sorted(set(g['accept']) | set(extra_accept))
        out.append(g)
    for x in vals:
        USED.update(set(x.uses))
    keys = list(dict.fromkeys(k for x in vals for k in x.keys))
    note = note + ' | chains: ' + '; '.join(f'{k} = {chain_text(k)}' for k in keys)
    emit(id_, q, cat, {'status': 'answered', 'values': out}, note, True)


def no(id_, q, status, note, unamb=True):
    assert status in ('insufficient_evidence', 'rejected', 'needs_clarification')
    emit(id_, q, 'trap', {'status': status, 'values': []}, note, unamb)


A, N, GO, M, S, T, L = 'AAPL', 'NVDA', 'GOOGL', 'MRVL', 'SNOW', 'TSLA', 'LPA'

# ================================================================ 1. formula (computed exactly as written)
C = 'formula'
# --- free cash flow = operating cash flow less capex, many wordings
ans('rb-f-01', C, "What was Apple's free cash flow for fiscal 2025, defined as operating cash flow less capital expenditures?",
    FY(A, 'ocf', 2025) - FY(A, 'capex', 2025), "formula: FCF stated as 'operating cash flow less capital expenditures'; Apple FY2025 = Sep 29, 2024 - Sep 27, 2025")
ans('rb-f-02', C, "NVIDIA fiscal 2026 free cash flow = cash from operations minus purchases related to property and equipment and intangible assets",
    FY(N, 'ocf', 2026) - FY(N, 'capex', 2026), "formula: 'X = A minus B' with NVIDIA's own capex caption (PaymentsToAcquireProductiveAssets)")
ans('rb-f-03', C, "Compute Alphabet's 2024 FCF as net cash provided by operating activities minus purchases of property and equipment.",
    FY(GO, 'ocf', 2024) - FY(GO, 'capex', 2024), "formula: imperative 'compute ... as A minus B' for a calendar-year filer")
ans('rb-f-04', C, "For Marvell's fiscal year 2026, take cash flow from operations and subtract capex. What do you get?",
    FY(M, 'ocf', 2026) - FY(M, 'capex', 2026), "formula: the subtraction told as two steps ('take ... and subtract ...'); Marvell FY2026 ended Jan 31, 2026")
ans('rb-f-05', C, "Snowflake FY2025: operating cash flow net of purchases of property and equipment, please",
    FY(S, 'ocf', 2025) - FY(S, 'capex', 2025), "formula: 'A net of B' = A - B; Snowflake FY2025 = Feb 1, 2024 - Jan 31, 2025")
ans('rb-f-06', C, "Tesla 2021 free cash flow (CFO − capital expenditures)",
    FY(T, 'ocf', 2021) - FY(T, 'capex', 2021), "formula: parenthesised definition with a typographic minus sign")
ans('rb-f-07', C, "What is LPA's 2023 cash generated from operations less purchases of property, plant and equipment?",
    FY(L, 'ocf', 2023) - FY(L, 'capex', 2023), "formula: IFRS captions; 'A less B' (ifrs-full CashFlowsFromUsedInOperations, PurchaseOfPropertyPlantAndEquipmentClassifiedAsInvestingActivities)")
ans('rb-f-08', C, "Tesla's free cash flow for the nine months ended September 30, 2022, taken as operating cash flow minus capex",
    YTD(T, 'ocf', 2022, 3) - YTD(T, 'capex', 2022, 3), "formula: a nine-month year-to-date period (cash flows are filed year-to-date)")
ans('rb-f-09', C, "Snowflake's first quarter of fiscal 2026: operating cash flow minus capital expenditures",
    Q(S, 'ocf', 2026, 1) - Q(S, 'capex', 2026, 1), "formula: Q1 FY2026 (Feb 1 - Apr 30, 2025), the latest Snowflake period")

# --- interest coverage
ans('rb-f-10', C, "Interest coverage for Apple in fiscal 2023, i.e. operating income divided by interest expense",
    FY(A, 'oi', 2023) / FY(A, 'intexp', 2023), "formula: 'X, i.e. A divided by B'; Apple FY2023 is the 53-week year to Sep 30, 2023 (the last year Apple tagged interest expense)")
ans('rb-f-11', C, "Tesla's 2021 interest coverage ratio: operating income / interest expense",
    FY(T, 'oi', 2021) / FY(T, 'intexp', 2021), "formula: slash operator")
ans('rb-f-12', C, "Times interest earned for Marvell in fiscal 2026 (operating income over interest expense)?",
    FY(M, 'oi', 2026) / FY(M, 'intexp', 2026), "formula: 'over' as division; interest expense for FY2026 is tagged InterestExpenseNonoperating")
ans('rb-f-13', C, "For 2025, how many times did Alphabet's operating income cover its interest expense?",
    FY(GO, 'oi', 2025) / FY(GO, 'intexp', 2025), "formula: 'how many times did A cover B' = A / B")
ans('rb-f-14', C, "LPA 2024 operating profit divided by finance costs",
    FY(L, 'oi', 2024) / FY(L, 'fincost', 2024), "formula: IFRS captions (ProfitLossFromOperatingActivities / FinanceCosts) as the user names them")
ans('rb-f-15', C, "NVIDIA fiscal 2025 interest coverage, where EBIT is income before income taxes plus interest expense, and coverage is EBIT divided by interest expense",
    (FY(N, 'pbt', 2025) + FY(N, 'intexp', 2025)) / FY(N, 'intexp', 2025), "formula: a user-defined EBIT (pre-tax income + interest) that differs from operating income; computed as written")

# --- returns on average balances
ans('rb-f-16', C, "Apple fiscal 2025 return on equity, with equity averaged over the opening and closing balances: net income / that average",
    FY(A, 'ni', 2025) / AVG(A, 'equity', 2025), "formula: averaged equity = (end FY2024 + end FY2025) / 2")
ans('rb-f-17', C, "Return on average stockholders' equity for NVIDIA in fiscal 2025 (net income / average equity)",
    FY(N, 'ni', 2025) / AVG(N, 'equity', 2025), "formula: average of the Jan 28, 2024 and Jan 26, 2025 balances")
ans('rb-f-18', C, "What was Alphabet's 2024 net income as a percentage of average stockholders' equity?",
    FY(GO, 'ni', 2024) / AVG(GO, 'equity', 2024), "formula: 'A as a percentage of average B' as a fraction")
ans('rb-f-19', C, "For LPA in 2023, divide profit attributable to owners of the parent by average equity attributable to owners of the parent",
    FY(L, 'ni', 2023) / AVG(L, 'equity', 2023), "formula: IFRS owners-of-the-parent captions; average of Dec 31, 2022 and Dec 31, 2023")
ans('rb-f-20', C, "Tesla ROA for 2021 using average total assets: net income over the mean of opening and closing total assets",
    FY(T, 'ni', 2021) / AVG(T, 'assets', 2021), "formula: 'mean of opening and closing' = average balance")
ans('rb-f-21', C, "NVIDIA return on average total assets, fiscal 2026",
    FY(N, 'ni', 2026) / AVG(N, 'assets', 2026), "formula: named ratio with the averaging stated (net income / average total assets)")
ans('rb-f-22', C, "Marvell FY2026: net income ÷ average shareholders' equity (beginning and end of year)",
    FY(M, 'ni', 2026) / AVG(M, 'equity', 2026), "formula: ÷ sign")
ans('rb-f-23', C, "Alphabet ROE for 2025, computed simply as 2025 net income over stockholders' equity at December 31, 2025 (no averaging)",
    FY(GO, 'ni', 2025) / B(GO, 'equity', 2025), "formula: the user's ROE uses the closing balance, not the average; computed as written; the year-end balance joins the year's period")

# --- turnover and days
ans('rb-f-24', C, "Inventory turnover for Apple in fiscal 2024 = cost of sales / average inventory",
    FY(A, 'cor', 2024) / AVG(A, 'inv', 2024), "formula: 'X = A / average B'; cost of sales = CostOfGoodsAndServicesSold")
ans('rb-f-25', C, "Compute NVIDIA's fiscal 2025 inventory turnover as cost of revenue divided by the average of beginning and ending inventory.",
    FY(N, 'cor', 2025) / AVG(N, 'inv', 2025), "formula: averaging spelt out")
ans('rb-f-26', C, "Marvell fiscal 2026 inventory turns: cost of goods sold over average inventory",
    FY(M, 'cor', 2026) / AVG(M, 'inv', 2026), "formula: 'inventory turns' with the definition given")
ans('rb-f-27', C, "Tesla's 2021 days inventory outstanding, calculated as 365 divided by (cost of revenues / average inventory)",
    365 / (FY(T, 'cor', 2021) / AVG(T, 'inv', 2021)), "formula: multi-step with parentheses: 365 / turnover")
ans('rb-f-28', C, "Alphabet 2024 receivables turnover: revenues over average accounts receivable",
    FY(GO, 'rev', 2024) / AVG(GO, 'ar', 2024), "formula: receivables turnover with average AR (Dec 31, 2023 and 2024)")
ans('rb-f-29', C, "Snowflake's DSO for fiscal 2025, using year-end accounts receivable divided by revenue, times 365",
    B(S, 'ar', 2025) / FY(S, 'rev', 2025) * 365, "formula: A / B times 365, left to right; year-end receivables (Jan 31, 2025) join the fiscal year")
ans('rb-f-30', C, "For Apple's fiscal 2025, what is cost of sales divided by average accounts payable?",
    FY(A, 'cor', 2025) / AVG(A, 'ap', 2025), "formula: payables turnover without naming it")

# --- liquidity (instants)
ans('rb-f-31', C, "Apple's current ratio at the end of fiscal 2025 (current assets / current liabilities)",
    B(A, 'ca', 2025) / B(A, 'cl', 2025), "formula: a ratio of two balances carries the instant (Sep 27, 2025)")
ans('rb-f-32', C, "Marvell quick ratio at the end of fiscal 2026, which I define as (cash and cash equivalents + accounts receivable) / current liabilities",
    (B(M, 'cash', 2026) + B(M, 'ar', 2026)) / B(M, 'cl', 2026), "formula: user's own quick ratio (no marketable securities); parentheses")
ans('rb-f-33', C, "LPA current assets over current liabilities at 31 December 2024",
    B(L, 'ca', 2024) / B(L, 'cl', 2024), "formula: IFRS balance sheet; 'over' as division")
ans('rb-f-34', C, "Snowflake's cash and cash equivalents as a percentage of total current liabilities at January 31, 2025",
    B(S, 'cash', 2025) / B(S, 'cl', 2025), "formula: 'A as a percentage of B' as a fraction, at an instant")
ans('rb-f-35', C, "NVIDIA: current assets minus current liabilities as of January 25, 2026 (working capital)",
    B(N, 'ca', 2026) - B(N, 'cl', 2026), "formula: difference of balances at Jan 25, 2026")
ans('rb-f-36', C, "Tesla's working capital (current assets less current liabilities) as of December 31, 2021",
    B(T, 'ca', 2021) - B(T, 'cl', 2021), "formula: 'less'")
ans('rb-f-37', C, "Apple at the end of fiscal 2024: (cash and cash equivalents + current marketable securities + accounts receivable) divided by current liabilities",
    (B(A, 'cash', 2024) + B(A, 'mktsec', 2024) + B(A, 'ar', 2024)) / B(A, 'cl', 2024), "formula: three-term sum in parentheses over a balance (Sep 28, 2024)")

# --- leverage
ans('rb-f-38', C, "Apple's debt-to-equity at the end of fiscal 2025, which I define as total liabilities divided by shareholders' equity",
    B(A, 'liab', 2025) / B(A, 'equity', 2025), "formula: the user's definition (total liabilities, not debt) differs from the usual one; computed as written")
ans('rb-f-39', C, "Marvell: long-term debt including the current portion, divided by stockholders' equity, at the end of fiscal 2026",
    B(M, 'ltd', 2026) / B(M, 'equity', 2026), "formula: total long-term debt (LongTermDebt) over equity")
ans('rb-f-40', C, "LPA loan-to-value at the end of 2024: borrowings over investment property",
    B(L, 'borrowings', 2024) / B(L, 'invprop', 2024), "formula: a real-estate ratio defined by the user (ifrs-full Borrowings / InvestmentProperty)")
ans('rb-f-41', C, "LPA net debt at December 31, 2023 computed as borrowings minus cash and cash equivalents",
    B(L, 'borrowings', 2023) - B(L, 'cash', 2023), "formula: user-defined net debt (the filer's own NetDebt tag means something else); computed as written")
ans('rb-f-42', C, "Alphabet's total liabilities as a share of total assets at the end of 2025",
    B(GO, 'liab', 2025) / B(GO, 'assets', 2025), "formula: 'as a share of' = fraction")
ans('rb-f-43', C, "Tesla equity multiplier at year-end 2021 = total assets / total stockholders' equity",
    B(T, 'assets', 2021) / B(T, 'equity', 2021), "formula: named ratio with definition; StockholdersEquity (parent)")
ans('rb-f-44', C, "Apple net debt at the end of fiscal 2025 = non-current term debt + current term debt − cash and cash equivalents − current marketable securities",
    B(A, 'ltd_nc', 2025) + B(A, 'ltd_c', 2025) - B(A, 'cash', 2025) - B(A, 'mktsec', 2025), "formula: four-term left-to-right sum/difference")

# --- P&L ratios
ans('rb-f-45', C, "Alphabet's 2024 gross margin = (revenues − cost of revenues) / revenues",
    (FY(GO, 'rev', 2024) - FY(GO, 'cor', 2024)) / FY(GO, 'rev', 2024), "formula: Alphabet tags no GrossProfit, so the margin must be built from the two lines")
ans('rb-f-46', C, "Tesla: gross profit as a percentage of total revenues, 2021",
    FY(T, 'gp', 2021) / FY(T, 'rev', 2021), "formula: 'A as a percentage of B'")
ans('rb-f-47', C, "Apple's effective tax rate for fiscal 2024, provision for income taxes divided by income before provision for income taxes",
    FY(A, 'tax', 2024) / FY(A, 'pbt', 2024), "formula: Apple's own captions")
ans('rb-f-48', C, "NVIDIA FY2026 income tax expense over income before income tax",
    FY(N, 'tax', 2026) / FY(N, 'pbt', 2026), "formula: effective tax rate without naming it")
ans('rb-f-49', C, "(R&D + SG&A) / revenue for NVIDIA in fiscal 2024",
    (FY(N, 'rnd', 2024) + FY(N, 'sga', 2024)) / FY(N, 'rev', 2024), "formula: bare parenthesised expression; NVIDIA FY2024 = Jan 30, 2023 - Jan 28, 2024")
ans('rb-f-50', C, "Marvell's research and development as a percentage of net revenue in fiscal 2025",
    FY(M, 'rnd', 2025) / FY(M, 'rev', 2025), "formula: percentage as a fraction; Marvell FY2025 = Feb 4, 2024 - Feb 1, 2025")
ans('rb-f-51', C, "Snowflake fiscal 2024: sales and marketing plus general and administrative, divided by revenue",
    (FY(S, 'sm', 2024) + FY(S, 'ga', 2024)) / FY(S, 'rev', 2024), "formula: 'A plus B, divided by C' - the comma groups A + B")
ans('rb-f-52', C, "Stock-based compensation as a percentage of revenue for Snowflake, FY2025",
    FY(S, 'sbc', 2025) / FY(S, 'rev', 2025), "formula: SBC / revenue")
ans('rb-f-53', C, "Alphabet 2025 capex as a percentage of operating cash flow",
    FY(GO, 'capex', 2025) / FY(GO, 'ocf', 2025), "formula: capex / OCF")
ans('rb-f-54', C, "Ratio of Tesla's 2021 capital expenditures to its revenues",
    FY(T, 'capex', 2021) / FY(T, 'rev', 2021), "formula: 'ratio of A to B' = A / B")
ans('rb-f-55', C, "LPA rental income as a share of total revenue in 2023",
    FY(L, 'rental', 2023) / FY(L, 'rev', 2023), "formula: IFRS RentalIncome / Revenue")
ans('rb-f-56', C, "LPA's 2024 net operating income, which I compute as rental income less direct operating expenses from investment property",
    FY(L, 'rental', 2024) - FY(L, 'propopex', 2024), "formula: user-defined NOI for a property company")
ans('rb-f-57', C, "Apple fiscal 2025 operating margin, which I take as (gross margin − research and development) / net sales",
    (FY(A, 'gp', 2025) - FY(A, 'rnd', 2025)) / FY(A, 'rev', 2025), "formula: the user's margin leaves out SG&A (differs from the usual operating margin); computed as written")
ans('rb-f-58', C, "Marvell fiscal 2026 net income over revenue",
    FY(M, 'ni', 2026) / FY(M, 'rev', 2026), "formula: net margin written as 'A over B'")
ans('rb-f-59', C, "NVIDIA FY2025 net income ÷ revenue",
    FY(N, 'ni', 2025) / FY(N, 'rev', 2025), "formula: ÷")

# --- EBITDA-style sums
ans('rb-f-60', C, "Apple EBITDA for fiscal 2025, calculated as operating income plus depreciation and amortization",
    FY(A, 'oi', 2025) + FY(A, 'da', 2025), "formula: EBITDA defined by the user")
ans('rb-f-61', C, "NVIDIA fiscal 2026 EBITDA computed as income before income tax + interest expense + depreciation and amortization",
    FY(N, 'pbt', 2026) + FY(N, 'intexp', 2026) + FY(N, 'da', 2026), "formula: three-term sum from pre-tax income (differs from OI + D&A); computed as written")
ans('rb-f-62', C, "Snowflake FY2025 operating loss plus depreciation and amortization plus stock-based compensation",
    FY(S, 'oi', 2025) + FY(S, 'da', 2025) + FY(S, 'sbc', 2025), "formula: an adjusted-EBITDA-like sum; the operating 'loss' enters with its sign (negative)")
ans('rb-f-63', C, "Marvell fiscal 2024: operating income (loss) plus depreciation",
    FY(M, 'oi', 2024) + FY(M, 'dep', 2024), "formula: Marvell FY2024 is the 53-week year to Feb 3, 2024; depreciation alone (D&A is not tagged for FY2024)")

# --- payouts
ans('rb-f-64', C, "Apple's dividend payout ratio for fiscal 2025 = dividends paid / net income",
    FY(A, 'div', 2025) / FY(A, 'ni', 2025), "formula: payout ratio with definition")
ans('rb-f-65', C, "Alphabet's total payout ratio for 2025, defined as (dividends paid + repurchases of stock) / net income",
    (FY(GO, 'div', 2025) + FY(GO, 'buyback', 2025)) / FY(GO, 'ni', 2025), "formula: user-defined total payout (differs from the dividend payout ratio)")
ans('rb-f-66', C, "Apple FY2024: (share repurchases + dividends paid) / (operating cash flow − capital expenditures)",
    (FY(A, 'buyback', 2024) + FY(A, 'div', 2024)) / (FY(A, 'ocf', 2024) - FY(A, 'capex', 2024)), "formula: two parenthesised groups")
ans('rb-f-67', C, "NVIDIA share repurchases plus dividends, as a percentage of free cash flow (OCF minus capex), fiscal 2026",
    (FY(N, 'buyback', 2026) + FY(N, 'div', 2026)) / (FY(N, 'ocf', 2026) - FY(N, 'capex', 2026)), "formula: nested definition inside 'as a percentage of'")
ans('rb-f-68', C, "Marvell fiscal 2026 repurchases of common stock plus dividends paid",
    FY(M, 'buyback', 2026) + FY(M, 'div', 2026), "formula: plain sum of two cash-flow lines")
ans('rb-f-69', C, "LPA 2023 dividends paid to non-controlling interests as a percentage of profit for the year",
    FY(L, 'nci_div', 2023) / FY(L, 'profit', 2023), "formula: IFRS DividendsPaidToNoncontrollingInterests / ProfitLoss")

# --- per share over reported counts
ans('rb-f-70', C, "Book value per share for Apple as of the end of fiscal 2024, i.e. total shareholders' equity divided by common shares outstanding",
    B(A, 'equity', 2024) / B(A, 'so', 2024), "formula: per share over the reported count of shares outstanding (CommonStockSharesOutstanding) at Sep 28, 2024, an instant")
ans('rb-f-71', C, "Marvell's stockholders' equity per share outstanding at the end of fiscal 2026",
    B(M, 'equity', 2026) / B(M, 'so', 2026), "formula: 'A per share' = A / reported shares outstanding")
ans('rb-f-72', C, "NVIDIA cash and cash equivalents per share outstanding at January 25, 2026",
    B(N, 'cash', 2026) / B(N, 'so', 2026), "formula: per-share of a balance at the fiscal year-end")
ans('rb-f-73', C, "Alphabet 2025 free cash flow per diluted share = (operating cash flow − capex) / weighted-average diluted shares",
    (FY(GO, 'ocf', 2025) - FY(GO, 'capex', 2025)) / FY(GO, 'sh_d', 2025), "formula: per diluted share over the reported weighted-average count")
ans('rb-f-74', C, "Apple operating cash flow per diluted share for fiscal 2025",
    FY(A, 'ocf', 2025) / FY(A, 'sh_d', 2025), "formula: OCF / weighted diluted shares")
ans('rb-f-75', C, "NVIDIA fiscal 2025 dividends paid divided by basic weighted average shares",
    FY(N, 'div', 2025) / FY(N, 'sh_b', 2025), "formula: cash dividends per basic weighted share (a per-share from a count, not the declared DPS)")

# --- times a number
ans('rb-f-76', C, "Marvell's revenue for the first quarter of fiscal 2027 times 4",
    Q(M, 'rev', 2027, 1) * 4, "formula: annualising a quarter by 'times 4'; the result carries the quarter (Feb 1 - May 2, 2026)")
ans('rb-f-77', C, "Snowflake Q1 fiscal 2026 revenue multiplied by four",
    Q(S, 'rev', 2026, 1) * 4, "formula: 'multiplied by four' spelt out")
ans('rb-f-78', C, "What is two times Apple's fiscal 2024 dividends paid?",
    2 * FY(A, 'div', 2024), "formula: 'two times A'")
ans('rb-f-79', C, "Tesla's net income for the quarter ended September 30, 2022, times 4",
    Q(T, 'ni', 2022, 3) * 4, "formula: quarter times 4 (Jul 1 - Sep 30, 2022)")

# --- explicitly across named periods (carry the later operand's period)
ans('rb-f-80', C, "Take NVIDIA's fiscal 2025 net income and divide it by its fiscal 2024 revenue.",
    cross(lambda: FY(N, 'ni', 2025) / FY(N, 'rev', 2024)), "formula: both periods named, so the join is what the user asked; carries the later operand (FY2025)")
ans('rb-f-81', C, "Apple fiscal 2025 operating cash flow divided by total liabilities at the end of fiscal 2024",
    cross(lambda: FY(A, 'ocf', 2025) / B(A, 'liab', 2024)), "formula: flow over the prior year-end balance, both named; carries FY2025")
ans('rb-f-82', C, "Marvell: (fiscal 2026 revenue − fiscal 2025 revenue) / fiscal 2025 revenue",
    cross(lambda: (FY(M, 'rev', 2026) - FY(M, 'rev', 2025)) / FY(M, 'rev', 2025)), "formula: growth written out; carries FY2026")
ans('rb-f-83', C, "Alphabet 2025 capex minus 2024 capex",
    cross(lambda: FY(GO, 'capex', 2025) - FY(GO, 'capex', 2024)), "formula: a change between named years carries the later year")
ans('rb-f-84', C, "Snowflake cash and cash equivalents at the end of fiscal 2025 less cash and cash equivalents at the end of fiscal 2024",
    cross(lambda: B(S, 'cash', 2025) - B(S, 'cash', 2024)), "formula: change of a balance carries the later instant (Jan 31, 2025)")
ans('rb-f-85', C, "Tesla 2021 operating income over 2020 operating income",
    cross(lambda: FY(T, 'oi', 2021) / FY(T, 'oi', 2020)), "formula: ratio of two years, carries 2021")
ans('rb-f-86', C, "LPA: 2024 rental income divided by 2023 rental income, minus 1",
    cross(lambda: FY(L, 'rental', 2024) / FY(L, 'rental', 2023) - 1), "formula: precedence - the division binds before 'minus 1'; growth carries 2024")
ans('rb-f-87', C, "Apple fiscal 2025 R&D expense over fiscal 2023 R&D expense",
    cross(lambda: FY(A, 'rnd', 2025) / FY(A, 'rnd', 2023)), "formula: two-year ratio, carries FY2025")

# --- quarters
ans('rb-f-88', C, "Tesla's gross profit over total revenues for the three months ended September 30, 2022",
    Q(T, 'gp', 2022, 3) / Q(T, 'rev', 2022, 3), "formula: discrete Q3 2022")
ans('rb-f-89', C, "NVIDIA operating income divided by revenue for the first quarter of fiscal 2027",
    Q(N, 'oi', 2027, 1) / Q(N, 'rev', 2027, 1), "formula: Q1 FY2027 = Jan 26 - Apr 26, 2026 (latest NVIDIA quarter)")
ans('rb-f-90', C, "Alphabet Q1 2026: (revenues − cost of revenues − research and development) / revenues",
    (Q(GO, 'rev', 2026, 1) - Q(GO, 'cor', 2026, 1) - Q(GO, 'rnd', 2026, 1)) / Q(GO, 'rev', 2026, 1), "formula: three-term numerator in parentheses, quarter ended Mar 31, 2026")
ans('rb-f-91', C, "Apple's fourth quarter of fiscal 2025: gross margin divided by net sales",
    Q(A, 'gp', 2025, 4) / Q(A, 'rev', 2025, 4), "formula: both operands derived as FY2025 - 9M (Jun 29 - Sep 27, 2025)")
ans('rb-f-92', C, "Marvell R&D plus SG&A for the third quarter of fiscal 2026",
    Q(M, 'rnd', 2026, 3) + Q(M, 'sga', 2026, 3), "formula: sum of two expense lines for Aug 3 - Nov 1, 2025")
ans('rb-f-93', C, "Apple Q1 fiscal 2026 net income / weighted-average diluted shares",
    Q(A, 'ni', 2026, 1) / Q(A, 'sh_d', 2026, 1), "formula: EPS recomputed from the two reported lines (not the reported EPS); quarter ended Dec 27, 2025")
ans('rb-f-94', C, "Snowflake net loss divided by revenue, first quarter of fiscal 2026",
    Q(S, 'ni', 2026, 1) / Q(S, 'rev', 2026, 1), "formula: net loss enters with its sign (negative margin)")
ans('rb-f-95', C, "NVIDIA operating cash flow minus capex for the nine months ended October 26, 2025",
    YTD(N, 'ocf', 2026, 3) - YTD(N, 'capex', 2026, 3), "formula: nine-month YTD of fiscal 2026")
ans('rb-f-96', C, "Revenue minus cost of revenue minus operating expenses, NVIDIA, fiscal 2026",
    FY(N, 'rev', 2026) - FY(N, 'cor', 2026) - FY(N, 'opex', 2026), "formula: left-to-right subtraction of three terms without parentheses")
ans('rb-f-97', C, "Apple fiscal 2025 net income plus depreciation and amortization plus share-based compensation minus capital expenditures",
    FY(A, 'ni', 2025) + FY(A, 'da', 2025) + FY(A, 'sbc', 2025) - FY(A, 'capex', 2025), "formula: a user-defined cash earnings measure (differs from OCF - capex); computed as written")
ans('rb-f-98', C, "Alphabet 2024 sales and marketing plus general and administrative",
    FY(GO, 'sm', 2024) + FY(GO, 'ga', 2024), "formula: sum of two lines Alphabet reports separately")

# ================================================================ 2. instruction words around a plain question
C = 'instruction'
ans('rb-i-01', C, "Assume you are an equity analyst. Answer the following question using the cash flow statement: what were Apple's payments for acquisition of property, plant and equipment in fiscal 2024?",
    FY(A, 'capex', 2024), "instruction: role-play preamble + statement hint around a plain capex question")
ans('rb-i-02', C, "Round to two decimals. What was NVIDIA's diluted earnings per share for fiscal 2025?",
    FY(N, 'eps_d', 2025), "instruction: leading rounding instruction (reported 2.94, split-adjusted)", tol=0.01)
ans('rb-i-03', C, "Based on FY2021 data, what was Tesla's total revenue?",
    FY(T, 'rev', 2021), "instruction: 'based on FY data' names the period")
ans('rb-i-04', C, "According to the details in the P&L, what was Marvell's operating loss in fiscal 2025?",
    FY(M, 'oi', 2025), "instruction: 'according to the details in the P&L'; an operating loss (reported negative; the magnitude is also accepted)", extra_accept=[abs(FY(M, 'oi', 2025).v)])
ans('rb-i-05', C, "According to the income statement, what was Alphabet's total cost of revenues for 2023?",
    FY(GO, 'cor', 2023), "instruction: statement hint")
ans('rb-i-06', C, "Using the balance sheet, what were Snowflake's total assets as of January 31, 2025?",
    B(S, 'assets', 2025), "instruction: balance sheet hint, instant at fiscal year-end FY2025")
ans('rb-i-07', C, "What is a reasonable approximation of LPA's total revenue for 2024, in USD millions?",
    FY(L, 'rev', 2024), "instruction: 'reasonable approximation' + unit; the reported figure (value in USD, approximate tolerance)", tol=0.01)
ans('rb-i-08', C, "Please tell me Apple's net sales for fiscal year 2023.",
    FY(A, 'rev', 2023), "instruction: 'please tell me'; FY2023 is the 53-week year to Sep 30, 2023")
ans('rb-i-09', C, "In USD millions, what were NVIDIA's research and development expenses in fiscal 2026?",
    FY(N, 'rnd', 2026), "instruction: leading unit clause (value scored in USD)")
ans('rb-i-10', C, "Give a short answer. Marvell's net revenue, fiscal 2026?",
    FY(M, 'rev', 2026), "instruction: 'Give a short answer.' before a fragment")
ans('rb-i-11', C, "Using the line items clearly shown in the statement of cash flows, what was Alphabet's net cash used in investing activities in 2025?",
    FY(GO, 'cfi', 2025), "instruction: FinanceBench-style statement clause; cash used is reported negative (magnitude accepted)", extra_accept=[abs(FY(GO, 'cfi', 2025).v)])
ans('rb-i-12', C, "What is the FY2020 capital expenditure amount (in USD millions) for Tesla? Respond to the question by assuming the perspective of an investment analyst who can only use the details shown within the statement of cash flows.",
    FY(T, 'capex', 2020), "instruction: FinanceBench template (question first, role afterwards)")
ans('rb-i-13', C, "Taking into account only the income statement, what was Snowflake's net loss attributable to Snowflake Inc. in fiscal 2024?",
    FY(S, 'ni', 2024), "instruction: 'taking into account only'; net loss attributable to the parent (NetIncomeLoss, negative; magnitude accepted)", extra_accept=[abs(FY(S, 'ni', 2024).v)])
ans('rb-i-14', C, "Considering the quarter ended September 30, 2022, what was Tesla's income from operations?",
    Q(T, 'oi', 2022, 3), "instruction: 'considering the quarter ended' names a discrete quarter")
ans('rb-i-15', C, "From the balance sheet, how much inventory did NVIDIA report at the end of fiscal 2025? Answer in billions.",
    B(N, 'inv', 2025), "instruction: trailing unit instruction; instant Jan 26, 2025")
ans('rb-i-16', C, "Answer as a portfolio manager would: what was Alphabet's diluted EPS in 2024?",
    FY(GO, 'eps_d', 2024), "instruction: role-play clause")
ans('rb-i-17', C, "Based on the consolidated statements of operations, what was Apple's provision for income taxes in FY2022?",
    FY(A, 'tax', 2022), "instruction: names the statement by its caption")
ans('rb-i-18', C, "Act as a credit analyst. Using the balance sheet, what was Marvell's long-term debt, non-current portion, at the end of fiscal 2026?",
    B(M, 'ltd_nc', 2026), "instruction: role + statement hint; LongTermDebtNoncurrent at Jan 31, 2026")
ans('rb-i-19', C, "Referring only to the statement of profit or loss, what was LPA's profit before tax in 2022?",
    FY(L, 'pbt', 2022), "instruction: IFRS statement name")
ans('rb-i-20', C, "I need a quick number, please: Snowflake revenue for Q1 of fiscal 2026.",
    Q(S, 'rev', 2026, 1), "instruction: conversational preamble; Q1 FY2026 = Feb 1 - Apr 30, 2025")
ans('rb-i-21', C, "Round to the nearest million. What was Apple's share-based compensation expense in fiscal 2025?",
    FY(A, 'sbc', 2025), "instruction: rounding to the nearest million", tol=0.01)
ans('rb-i-22', C, "You are a financial analyst. Based on FY2024 data, what was NVIDIA's gross profit?",
    FY(N, 'gp', 2024), "instruction: role + 'based on FY2024 data' (NVIDIA FY2024 ended Jan 28, 2024)")
ans('rb-i-23', C, "Without commentary, state Alphabet's total stockholders' equity at December 31, 2023.",
    B(GO, 'equity', 2023), "instruction: 'without commentary, state ...'")
ans('rb-i-24', C, "According to the cash flow statement, how much stock-based compensation did Tesla add back in 2021?",
    FY(T, 'sbc', 2021), "instruction: statement hint; ShareBasedCompensation add-back")
ans('rb-i-25', C, "In USD thousands, what were Snowflake's research and development expenses for fiscal 2023?",
    FY(S, 'rnd', 2023), "instruction: thousands as the display unit (value scored in USD)")
ans('rb-i-26', C, "Please answer using the statement of financial position: LPA's total equity at 31 December 2023.",
    B(L, 'equity_total', 2023), "instruction: IFRS statement name; total equity incl. non-controlling interests (ifrs-full Equity)")
ans('rb-i-27', C, "Considering continuing operations as reported, what was Marvell's income before income taxes in fiscal 2026?",
    FY(M, 'pbt', 2026), "instruction: 'considering ... as reported'")
ans('rb-i-28', C, "What was Apple's FY2021 net income? Provide the answer in billions of US dollars, rounded to one decimal.",
    FY(A, 'ni', 2021), "instruction: trailing unit and rounding", tol=0.01)
ans('rb-i-29', C, "Give me NVIDIA's total liabilities as of January 25, 2026, please.",
    B(N, 'liab', 2026), "instruction: 'give me ... please' with a date")
ans('rb-i-30', C, "Assume the role of a sell-side analyst covering semiconductors. What did Marvell report as gross profit for fiscal 2024?",
    FY(M, 'gp', 2024), "instruction: long role preamble; Marvell FY2024 is the 53-week year to Feb 3, 2024")
ans('rb-i-31', C, "Based on the income statement for the nine months ended September 30, 2022, what were Tesla's total revenues?",
    YTD(T, 'rev', 2022, 3), "instruction: statement hint + nine-month period")
ans('rb-i-32', C, "Using the statement of cash flows, what was Snowflake's net cash provided by operating activities in fiscal 2023?",
    FY(S, 'ocf', 2023), "instruction: statement hint; FY2023 = Feb 1, 2022 - Jan 31, 2023")
ans('rb-i-33', C, "Please report, in USD millions with one decimal, Marvell's research and development expense for fiscal 2023.",
    FY(M, 'rnd', 2023), "instruction: display unit and precision", tol=0.001)
ans('rb-i-34', C, "Answer briefly: Alphabet's net income for the first quarter of 2026.",
    Q(GO, 'ni', 2026, 1), "instruction: 'answer briefly'; quarter ended Mar 31, 2026")
ans('rb-i-35', C, "Assume you work in investor relations at Apple. What were total current liabilities on the balance sheet at the end of fiscal 2023?",
    B(A, 'cl', 2023), "instruction: IR role; instant Sep 30, 2023")
ans('rb-i-36', C, "Based on NVIDIA's statement of income, what was operating income in the first quarter of fiscal 2027?",
    Q(N, 'oi', 2027, 1), "instruction: statement hint; Q1 FY2027 ended Apr 26, 2026")
ans('rb-i-37', C, "Answer the following using the P&L only: what was LPA's rental income in 2021?",
    FY(L, 'rental', 2021), "instruction: 'using the P&L only'")
ans('rb-i-38', C, "What was Tesla's cash and cash equivalents balance at the end of 2020, according to the balance sheet?",
    B(T, 'cash', 2020), "instruction: trailing statement clause")
ans('rb-i-39', C, "Quick one: Marvell's diluted EPS for fiscal 2026, to the cent.",
    FY(M, 'eps_d', 2026), "instruction: 'to the cent'", tol=0.01)
ans('rb-i-40', C, "Please use the consolidated balance sheet. How much goodwill did Alphabet carry at the end of 2025?",
    B(GO, 'goodwill', 2025), "instruction: separate instruction sentence before the question")
ans('rb-i-41', C, "Take the perspective of a bond investor. What was Apple's term debt classified as non-current at the end of FY2024?",
    B(A, 'ltd_nc', 2024), "instruction: role; Apple's caption 'term debt' (LongTermDebtNoncurrent)")
ans('rb-i-42', C, "Based on Snowflake's FY2025 annual report data, what was its general and administrative expense?",
    FY(S, 'ga', 2025), "instruction: 'based on FY2025 annual report data'")
ans('rb-i-43', C, "Respond in one line: NVIDIA's income tax expense for fiscal 2026.",
    FY(N, 'tax', 2026), "instruction: 'respond in one line'")
ans('rb-i-44', C, "According to the cash flow statement, what were Alphabet's repurchases of stock in 2023?",
    FY(GO, 'buyback', 2023), "instruction: statement hint with Alphabet's caption")
ans('rb-i-45', C, "As a buy-side analyst, using FY2023 figures, what was Marvell's net cash provided by operating activities?",
    FY(M, 'ocf', 2023), "instruction: role + 'using FY2023 figures' (Marvell FY2023 ended Jan 28, 2023)")
ans('rb-i-46', C, "Please round to the nearest hundred thousand dollars: LPA's finance costs in 2023.",
    FY(L, 'fincost', 2023), "instruction: unusual rounding unit", tol=0.01)
ans('rb-i-47', C, "Using the income statement, what was Apple's total gross margin in dollars for the fiscal year that ended September 28, 2024?",
    FY(A, 'gp', 2024), "instruction: Apple's caption 'total gross margin' in dollars = GrossProfit; fiscal year named by its end date")
ans('rb-i-48', C, "Considering the 53-week fiscal year 2024, what was Marvell's net revenue?",
    FY(M, 'rev', 2024), "instruction: the week count confirms Marvell FY2024 (Jan 29, 2023 - Feb 3, 2024)")
ans('rb-i-49', C, "Based on data for the three months ended April 30, 2025, what was Snowflake's operating loss?",
    Q(S, 'oi', 2026, 1), "instruction: quarter by its end date; an operating loss (negative; magnitude accepted)", extra_accept=[abs(Q(S, 'oi', 2026, 1).v)])
ans('rb-i-50', C, "Please give Tesla's total stockholders' equity at December 31, 2019, as shown on the balance sheet.",
    B(T, 'equity', 2019), "instruction: 'as shown on the balance sheet'")
ans('rb-i-51', C, "In billions, to two decimals: NVIDIA's cash and cash equivalents at the end of fiscal 2024.",
    B(N, 'cash', 2024), "instruction: unit + rounding; instant Jan 28, 2024", tol=0.01)
ans('rb-i-52', C, "Assume you are preparing a comps table. What was Alphabet's operating income for 2022?",
    FY(GO, 'oi', 2022), "instruction: task preamble")
ans('rb-i-53', C, "Based on FY2022 data, what were Apple's total assets?",
    B(A, 'assets', 2022), "instruction: 'based on FY2022 data' for a balance = the FY2022 year-end (Sep 24, 2022)")
ans('rb-i-54', C, "From the cash flow statement, what dividends did Marvell pay in fiscal 2025?",
    FY(M, 'div', 2025), "instruction: statement hint")
ans('rb-i-55', C, "Give a short answer in USD: LPA's diluted earnings per share for 2023.",
    FY(L, 'eps_d', 2023), "instruction: short answer + currency; IFRS DilutedEarningsLossPerShare")
ans('rb-i-56', C, "Please, using only the statement of operations, what were Snowflake's total operating expenses in fiscal 2025?",
    FY(S, 'opex', 2025), "instruction: 'please, using only'")
ans('rb-i-57', C, "Using data from the quarter ended March 31, 2022, what was Tesla's net income attributable to common stockholders?",
    Q(T, 'ni', 2022, 1), "instruction: quarter by its end date; NetIncomeLoss (attributable to common stockholders)")
ans('rb-i-58', C, "Assume you are an equity analyst. Based on the income statement for Apple's first quarter of fiscal 2026, what were net sales?",
    Q(A, 'rev', 2026, 1), "instruction: role + statement; Q1 FY2026 = Sep 28 - Dec 27, 2025")
ans('rb-i-59', C, "Respond with just the figure: Marvell total assets at the end of fiscal 2025.",
    B(M, 'assets', 2025), "instruction: 'respond with just the figure'; instant Feb 1, 2025")
ans('rb-i-60', C, "Using the balance sheet as of January 31, 2024, what were Snowflake's total current liabilities?",
    BAL(S, 'cl', '2024-01-31'), "instruction: balance sheet date in the preamble")
ans('rb-i-61', C, "What was NVIDIA's depreciation and amortization in fiscal 2025, according to the cash flow statement?",
    FY(N, 'da', 2025), "instruction: trailing statement clause")
ans('rb-i-62', C, "Using the supplemental cash flow disclosures, what were Alphabet's income taxes paid, net, in 2024?",
    FY(GO, 'taxpaid', 2024), "instruction: names the supplemental disclosure; IncomeTaxesPaidNet")
ans('rb-i-63', C, "Please state LPA's cash and cash equivalents at the end of 2022.",
    B(L, 'cash', 2022), "instruction: 'please state'")
ans('rb-i-64', C, "Considering the fiscal year ended January 31, 2023, what was Snowflake's gross profit?",
    FY(S, 'gp', 2023), "instruction: fiscal year named by its end date")
ans('rb-i-65', C, "Round to one decimal place, in billions: Tesla's 2019 cost of revenues.",
    FY(T, 'cor', 2019), "instruction: rounding + unit before a fragment", tol=0.01)
ans('rb-i-66', C, "As a student reading Apple's annual report, what were total operating expenses in fiscal 2020?",
    FY(A, 'opex', 2020), "instruction: student framing")
ans('rb-i-67', C, "Based on the statement of cash flows in Marvell's FY2026 annual report, what were purchases of property and equipment?",
    FY(M, 'capex', 2026), "instruction: statement + filing in the preamble")
ans('rb-i-68', C, "Kindly provide Alphabet's research and development expenses for 2021.",
    FY(GO, 'rnd', 2021), "instruction: 'kindly provide'")
ans('rb-i-69', C, "Give a short answer. NVIDIA net income, Q3 fiscal 2026?",
    Q(N, 'ni', 2026, 3), "instruction: short answer; Q3 FY2026 = Jul 28 - Oct 26, 2025")
ans('rb-i-70', C, "Considering the balance sheet at the end of Q1 fiscal 2026, what was Snowflake's cash and cash equivalents?",
    B(S, 'cash', 2026, 1), "instruction: quarter-end balance (Apr 30, 2025)")
ans('rb-i-71', C, "Using FY2023 data from the statement of cash flows, how much term debt did Apple repay?",
    FY(A, 'debt_repaid', 2023), "instruction: RepaymentsOfLongTermDebt ('repayments of term debt')")
ans('rb-i-72', C, "In USD, what was LPA's income tax expense for 2024?",
    FY(L, 'tax', 2024), "instruction: currency clause; IFRS IncomeTaxExpenseContinuingOperations")

# ================================================================ 3. ordinary words for a reported measure
C = 'ordinary-words'


def loss(x):
    """A loss asked with 'lose'/'burn': the reported (negative) figure; its magnitude is also accepted."""
    return dict(extra_accept=[abs(x.v)])


ans('rb-o-01', C, "How much did Apple spend buying back its own shares in fiscal 2023?",
    FY(A, 'buyback', 2023), "ordinary-words: 'spend buying back its own shares' = repurchases of common stock (cash flow)")
ans('rb-o-02', C, "What did NVIDIA pay out in dividends during fiscal 2026?",
    FY(N, 'div', 2026), "ordinary-words: 'pay out in dividends' = dividends paid (cash flow), not the per-share amount")
ans('rb-o-03', C, "How much cash and cash equivalents did Marvell have at the beginning of fiscal 2026?",
    B(M, 'cash', 2025), "ordinary-words: beginning of fiscal 2026 = balance at the end of fiscal 2025 (Feb 1, 2025), an instant")
ans('rb-o-04', C, "How many shares of common stock did Apple have outstanding at the end of fiscal 2023?",
    B(A, 'so', 2023), "ordinary-words: share count at year-end (CommonStockSharesOutstanding at Sep 30, 2023), a count")
ans('rb-o-05', C, "How much money did Snowflake take in from customers in fiscal 2024?",
    FY(S, 'rev', 2024), "ordinary-words: 'take in from customers' = revenue")
ans('rb-o-06', C, "How much did Alphabet invest in property and equipment in 2023?",
    FY(GO, 'capex', 2023), "ordinary-words: 'invest in property and equipment' = purchases of property and equipment (capex)")
ans('rb-o-07', C, "For NVIDIA in fiscal 2024, what was left over after cost of revenue?",
    FY(N, 'gp', 2024), "ordinary-words: 'left over after cost of revenue' = gross profit")
ans('rb-o-08', C, "How much income tax did Apple book for fiscal 2025?",
    FY(A, 'tax', 2025), "ordinary-words: 'book' = the provision for income taxes (not cash taxes paid)")
ans('rb-o-09', C, "How much did Marvell owe in long-term debt, not counting the current portion, at the end of fiscal 2024?",
    B(M, 'ltd_nc', 2024), "ordinary-words: 'owe in long-term debt' at a year-end (Feb 3, 2024); non-current portion")
ans('rb-o-10', C, "How much did Tesla lose in 2019?",
    FY(T, 'ni', 2019), "ordinary-words: 'lose' = net loss (reported negative; magnitude accepted)", **loss(FY(T, 'ni', 2019)))
ans('rb-o-11', C, "How much cash did Alphabet's operations bring in during 2022?",
    FY(GO, 'ocf', 2022), "ordinary-words: 'cash operations brought in' = net cash provided by operating activities")
ans('rb-o-12', C, "How much did Snowflake spend on research and development in fiscal 2025?",
    FY(S, 'rnd', 2025), "ordinary-words: 'spend on R&D' = R&D expense")
ans('rb-o-13', C, "What did Apple earn per share, on a diluted basis, in fiscal 2022?",
    FY(A, 'eps_d', 2022), "ordinary-words: 'earn per share on a diluted basis' = diluted EPS")
ans('rb-o-14', C, "How much tax did NVIDIA actually pay in cash in fiscal 2025?",
    FY(N, 'taxpaid', 2025), "ordinary-words: 'actually pay in cash' = income taxes paid, net (not the provision)")
ans('rb-o-15', C, "How much did LPA collect in rent in 2024?",
    FY(L, 'rental', 2024), "ordinary-words: 'collect in rent' = rental income (IFRS RentalIncome)")
ans('rb-o-16', C, "How much did Marvell make, or lose, at the bottom line in fiscal 2024?",
    FY(M, 'ni', 2024), "ordinary-words: 'bottom line' = net income (a loss in FY2024; magnitude accepted)", **loss(FY(M, 'ni', 2024)))
ans('rb-o-17', C, "What did Alphabet hand back to shareholders through buybacks in 2025?",
    FY(GO, 'buyback', 2025), "ordinary-words: 'hand back through buybacks' = repurchases of stock")
ans('rb-o-18', C, "How much cash and cash equivalents did Apple have when fiscal 2025 began?",
    B(A, 'cash', 2024), "ordinary-words: 'when fiscal 2025 began' = balance at the end of FY2024 (Sep 28, 2024)")
ans('rb-o-19', C, "What was NVIDIA's cash pile, meaning cash and cash equivalents, at the start of fiscal 2025?",
    B(N, 'cash', 2024), "ordinary-words: 'cash pile' + 'start of fiscal 2025' = end of FY2024 (Jan 28, 2024)")
ans('rb-o-20', C, "How much did Snowflake's stock-based pay cost it in fiscal 2024?",
    FY(S, 'sbc', 2024), "ordinary-words: 'stock-based pay' = stock-based compensation")
ans('rb-o-21', C, "How much inventory was Tesla sitting on at the end of 2021?",
    B(T, 'inv', 2021), "ordinary-words: 'sitting on' = inventory balance at Dec 31, 2021")
ans('rb-o-22', C, "What did customers owe Alphabet at the end of 2024?",
    B(GO, 'ar', 2024), "ordinary-words: 'what customers owe' = accounts receivable, net")
ans('rb-o-23', C, "What did Apple owe its suppliers at the end of fiscal 2025?",
    B(A, 'ap', 2025), "ordinary-words: 'owe its suppliers' = accounts payable")
ans('rb-o-24', C, "How much did NVIDIA pour into research and development in fiscal 2023?",
    FY(N, 'rnd', 2023), "ordinary-words: 'pour into' = spend; NVIDIA FY2023 ended Jan 29, 2023")
ans('rb-o-25', C, "How much profit did LPA keep for its own shareholders in 2022, after the minority partners' share?",
    FY(L, 'ni', 2022), "ordinary-words: profit attributable to owners of the parent (after non-controlling interests)")
ans('rb-o-26', C, "How much interest did Marvell pay in cash during fiscal 2025?",
    FY(M, 'intpaid', 2025), "ordinary-words: cash interest paid (InterestPaidNet), not interest expense")
ans('rb-o-27', C, "How much did Tesla spend on factories, equipment and other property in 2020?",
    FY(T, 'capex', 2020), "ordinary-words: capital expenditures in plain words")
ans('rb-o-28', C, "What were Alphabet's total sales in 2021?",
    FY(GO, 'rev', 2021), "ordinary-words: 'total sales' = revenues")
ans('rb-o-29', C, "How much did it cost NVIDIA to make what it sold in fiscal 2026?",
    FY(N, 'cor', 2026), "ordinary-words: 'cost to make what it sold' = cost of revenue")
ans('rb-o-30', C, "How much did Apple spend on selling, general and administrative costs in fiscal 2021?",
    FY(A, 'sga', 2021), "ordinary-words: SG&A spelt out")
ans('rb-o-31', C, "How much did Snowflake lose at the operating line in fiscal 2023?",
    FY(S, 'oi', 2023), "ordinary-words: 'lose at the operating line' = operating loss (negative; magnitude accepted)", **loss(FY(S, 'oi', 2023)))
ans('rb-o-32', C, "How big was Marvell's balance sheet, in total assets, when fiscal 2023 ended?",
    B(M, 'assets', 2023), "ordinary-words: 'how big was the balance sheet' = total assets at Jan 28, 2023")
ans('rb-o-33', C, "How many Marvell shares were outstanding at the end of fiscal 2025?",
    B(M, 'so', 2025), "ordinary-words: share count at Feb 1, 2025")
ans('rb-o-34', C, "How much did Alphabet set aside for income taxes in 2025?",
    FY(GO, 'tax', 2025), "ordinary-words: 'set aside for income taxes' = provision for income taxes")
ans('rb-o-35', C, "What did Apple make before taxes in fiscal 2023?",
    FY(A, 'pbt', 2023), "ordinary-words: 'make before taxes' = income before provision for income taxes")
ans('rb-o-36', C, "How much cash went out the door for Apple's dividends in fiscal 2022?",
    FY(A, 'div', 2022), "ordinary-words: 'cash went out the door for dividends' = dividends paid")
ans('rb-o-37', C, "How much did NVIDIA spend repurchasing its stock in fiscal 2025?",
    FY(N, 'buyback', 2025), "ordinary-words: 'spend repurchasing its stock'")
ans('rb-o-38', C, "What was Tesla's shareholders' stake, in stockholders' equity, at the end of 2021?",
    B(T, 'equity', 2021), "ordinary-words: 'shareholders' stake' = total stockholders' equity (parent)")
ans('rb-o-39', C, "What was Snowflake's cash and cash equivalents position at the beginning of fiscal 2025?",
    B(S, 'cash', 2024), "ordinary-words: beginning of FY2025 = end of FY2024 (Jan 31, 2024)")
ans('rb-o-40', C, "How much did LPA borrow during 2023?",
    FY(L, 'borrow_in', 2023), "ordinary-words: 'borrow' = proceeds from borrowings (financing cash flow)")
ans('rb-o-41', C, "How much debt did LPA pay back in 2023?",
    FY(L, 'borrow_out', 2023), "ordinary-words: 'pay back debt' = repayments of borrowings")
ans('rb-o-42', C, "What did Alphabet spend on sales and marketing in 2024?",
    FY(GO, 'sm', 2024), "ordinary-words: S&M expense")
ans('rb-o-43', C, "How much stock-based compensation did Marvell run through its results in fiscal 2026?",
    FY(M, 'sbc', 2026), "ordinary-words: 'run through its results' = SBC expense")
ans('rb-o-44', C, "On average, how many diluted shares did Apple have during fiscal 2025?",
    FY(A, 'sh_d', 2025), "ordinary-words: 'on average ... during' = weighted-average diluted shares (a count over the year)")
ans('rb-o-45', C, "What did NVIDIA own in total at the end of fiscal 2026?",
    B(N, 'assets', 2026), "ordinary-words: 'own in total' = total assets at Jan 25, 2026")
ans('rb-o-46', C, "What did Alphabet's total liabilities come to at the close of 2022?",
    B(GO, 'liab', 2022), "ordinary-words: 'come to at the close of'")
ans('rb-o-47', C, "How much did Tesla bring in from selling cars, energy products and services, all together, in 2020?",
    FY(T, 'rev', 2020), "ordinary-words: total revenues described by what is sold; 'all together' = the total, not a segment")
ans('rb-o-48', C, "How much did Apple keep as profit in fiscal 2020?",
    FY(A, 'ni', 2020), "ordinary-words: 'keep as profit' = net income")
ans('rb-o-49', C, "How much had Snowflake's customers paid in advance, shown as current deferred revenue, at the end of fiscal 2025?",
    B(S, 'deferred_rev', 2025), "ordinary-words: 'paid in advance' = current deferred revenue (ContractWithCustomerLiabilityCurrent)")
ans('rb-o-50', C, "What were LPA's investment properties worth on the books at the end of 2024?",
    B(L, 'invprop', 2024), "ordinary-words: 'worth on the books' = carrying amount of investment property")
ans('rb-o-51', C, "How much cash did Marvell spend buying other companies in fiscal 2022?",
    FY(M, 'acq', 2022), "ordinary-words: 'buying other companies' = payments to acquire businesses, net of cash acquired")
ans('rb-o-52', C, "How much did NVIDIA pay for acquisitions, net of cash acquired, in fiscal 2026?",
    FY(N, 'acq', 2026), "ordinary-words: acquisitions paid for")
ans('rb-o-53', C, "How much cash and cash equivalents did Alphabet start 2025 with?",
    B(GO, 'cash', 2024), "ordinary-words: 'start 2025 with' = Dec 31, 2024 balance")
ans('rb-o-54', C, "By how much did Tesla's cash, including restricted cash, go up or down in 2021?",
    FY(T, 'cashchg', 2021), "ordinary-words: 'go up or down' = net change in cash, cash equivalents and restricted cash (a decrease, negative)")
ans('rb-o-55', C, "How much did Alphabet pay its shareholders in dividends in 2024?",
    FY(GO, 'div', 2024), "ordinary-words: Alphabet's first dividend year")
ans('rb-o-56', C, "How much of its own stock did Snowflake buy back in fiscal 2025?",
    FY(S, 'buyback', 2025), "ordinary-words: 'buy back its own stock' in dollars")
ans('rb-o-57', C, "How much did Apple owe in total at the end of fiscal 2021?",
    B(A, 'liab', 2021), "ordinary-words: 'owe in total' = total liabilities")
ans('rb-o-58', C, "What did NVIDIA earn per share, basic, in fiscal 2026?",
    FY(N, 'eps_b', 2026), "ordinary-words: basic EPS")
ans('rb-o-59', C, "How much did Marvell's sales bring in during the third quarter of fiscal 2026?",
    Q(M, 'rev', 2026, 3), "ordinary-words: sales in a discrete quarter (Aug 3 - Nov 1, 2025)")
ans('rb-o-60', C, "How much did Tesla earn in the second quarter of 2022?",
    Q(T, 'ni', 2022, 2), "ordinary-words: 'earn' = net income; Q2 2022")
ans('rb-o-61', C, "What was left for Apple after all operating costs in fiscal 2024?",
    FY(A, 'oi', 2024), "ordinary-words: 'left after all operating costs' = operating income")
ans('rb-o-62', C, "How much did LPA spend on administration in 2024?",
    FY(L, 'ga', 2024), "ordinary-words: administrative expense (IFRS AdministrativeExpense / GeneralAndAdministrativeExpense, equal)")
ans('rb-o-63', C, "How many NVIDIA shares were outstanding at the end of fiscal 2025?",
    B(N, 'so', 2025), "ordinary-words: share count at Jan 26, 2025 (post 2024 split)")
ans('rb-o-64', C, "Did Snowflake's investing activities bring in or use cash in fiscal 2024, and how much?",
    FY(S, 'cfi', 2024), "ordinary-words: net cash from investing activities (an inflow in FY2024)")
ans('rb-o-65', C, "What did Alphabet end 2025 with in cash and cash equivalents?",
    B(GO, 'cash', 2025), "ordinary-words: 'end 2025 with'")
ans('rb-o-66', C, "How much goodwill was sitting on Marvell's books at the end of fiscal 2026?",
    B(M, 'goodwill', 2026), "ordinary-words: 'sitting on its books'")
ans('rb-o-67', C, "What did Tesla spend on research and development in 2018?",
    FY(T, 'rnd', 2018), "ordinary-words: R&D spend")
ans('rb-o-68', C, "How much did Apple earn from operations in the December 2025 quarter?",
    Q(A, 'oi', 2026, 1), "ordinary-words: 'earn from operations' = operating income; December 2025 quarter = Q1 FY2026 (ended Dec 27, 2025)")
ans('rb-o-69', C, "How much did NVIDIA sell in the quarter ended October 26, 2025?",
    Q(N, 'rev', 2026, 3), "ordinary-words: 'how much did it sell' = revenue")
ans('rb-o-70', C, "How much equity belonged to LPA's own shareholders, leaving out non-controlling interests, at the end of 2024?",
    B(L, 'equity', 2024), "ordinary-words: equity attributable to owners of the parent")
ans('rb-o-71', C, "How much did Marvell pay in income taxes, in cash, in fiscal 2026?",
    FY(M, 'taxpaid', 2026), "ordinary-words: cash taxes paid")
ans('rb-o-72', C, "What did Apple pay its people in stock in fiscal 2024?",
    FY(A, 'sbc', 2024), "ordinary-words: 'pay its people in stock' = share-based compensation")

# ================================================================ 4. traps: no number may be given
# a balance added to a flow
no('rb-t-01', "Add Apple's fiscal 2025 net income to its total assets at the end of fiscal 2025.", 'rejected',
   "trap: a flow (net income over FY2025) added to a balance (total assets at Sep 27, 2025) has no meaning; reject rather than add")
no('rb-t-02', "What is NVIDIA's fiscal 2026 revenue plus its cash and cash equivalents?", 'rejected',
   "trap: revenue (a flow over the year) plus cash (a balance at an instant) is not a valid sum")
no('rb-t-03', "Sum Marvell's fiscal 2025 operating cash flow and its inventory.", 'rejected',
   "trap: operating cash flow (flow) plus inventory (balance) cannot be added; no number")
no('rb-t-04', "LPA 2024 rental income plus investment property", 'rejected',
   "trap: rental income (flow for 2024) plus the investment-property balance (instant) is a category error")
no('rb-t-05', "Give me Tesla's 2021 capital expenditures added to its net property, plant and equipment at year-end 2021.", 'rejected',
   "trap: a cash outflow for the year added to a year-end balance (which already reflects it) is not a valid measure")
no('rb-t-06', "Snowflake fiscal 2025 net loss plus total stockholders' equity", 'rejected',
   "trap: a flow plus a balance; no number may be given")
# summing balances over time
no('rb-t-07', "Add up Alphabet's total assets at the end of each quarter of 2025 to get total assets for the year.", 'rejected',
   "trap: balances at four instants cannot be summed into an annual total; total assets is a point-in-time amount")
no('rb-t-08', "What is Apple's cash and cash equivalents for fiscal 2025, summed across its four quarter-ends?", 'rejected',
   "trap: summing a balance across quarter-ends double counts; not a valid measure")
# overlapping periods
no('rb-t-09', "Add Tesla's Q3 2022 revenue to its revenue for the nine months ended September 30, 2022.", 'rejected',
   "trap: the nine months already contain Q3; adding them double counts Jul-Sep 2022")
no('rb-t-10', "Apple's fiscal 2025 revenue plus its fourth-quarter fiscal 2025 revenue: what's the total?", 'rejected',
   "trap: the fourth quarter is part of the fiscal year; the sum double counts it")
no('rb-t-11', "Combine NVIDIA's fiscal 2026 revenue with its first-half fiscal 2026 revenue to get a trailing figure.", 'rejected',
   "trap: overlapping periods (H1 is inside the year); a 'trailing' figure built this way is invalid")
# operands of different periods joined without saying which
no('rb-t-12', "What is NVIDIA's net income over revenue for fiscal 2026, with net income for the quarter and revenue for the year?", 'needs_clarification',
   "trap: 'the quarter' names no quarter of fiscal 2026 and a quarter's income over a year's revenue mixes periods; ask which quarter and whether that join is meant", unamb=False)
no('rb-t-13', "Marvell: quarterly R&D as a share of annual revenue, fiscal 2025", 'needs_clarification',
   "trap: which quarter's R&D is meant is not said, and a quarter over a year is a mixed-period ratio; a clarification is needed", unamb=False)
no('rb-t-14', "Alphabet's operating income divided by revenue, using this quarter's income and last year's revenue", 'needs_clarification',
   "trap: 'this quarter' and 'last year' are relative and the operands cover different periods; no number without clarification", unamb=False)
no('rb-t-63', "Apple's third-quarter net income over full-year revenue, fiscal 2024", 'needs_clarification',
   "trap: one period phrase (fiscal 2024) with a quarter operand and a year operand; a quarter's income over a year's revenue is not a margin, so ask what is meant before giving a number", unamb=False)
# ambiguous period or measure
no('rb-t-15', "What was Snowflake's revenue in calendar 2024?", 'needs_clarification',
   "trap: Snowflake's fiscal years end Jan 31; no reported period covers Jan-Dec 2024 (FY2025 runs Feb 2024 - Jan 2025); ask which fiscal year", unamb=False)
no('rb-t-16', "What was Snowflake's revenue in the first half of 2024?", 'needs_clarification',
   "trap: calendar H1 2024 (Jan-Jun) matches no Snowflake period (H1 FY2025 is Feb-Jul 2024); clarification needed", unamb=False)
no('rb-t-17', "What was Marvell's margin in fiscal 2026?", 'needs_clarification',
   "trap: margin type (gross, operating, net) not stated", unamb=False)
no('rb-t-18', "How did Apple do in fiscal 2024?", 'needs_clarification',
   "trap: no measure named", unamb=False)
no('rb-t-19', "What was Tesla's cash flow?", 'needs_clarification',
   "trap: neither the cash-flow measure (operating, free, net change) nor the period is named", unamb=False)
no('rb-t-20', "What was Alphabet's return in 2024?", 'needs_clarification',
   "trap: 'return' on what (equity, assets, invested capital, share price) is not said", unamb=False)
# periods beyond the data
no('rb-t-21', "What was Tesla's total revenue for fiscal year 2022?", 'insufficient_evidence',
   "trap: Tesla's facts end with Q3 2022 (Sep 30, 2022); FY2022 is not closed in the corpus")
no('rb-t-22', "Tesla free cash flow (operating cash flow less capex) for Q4 2022", 'insufficient_evidence',
   "trap: Q4 2022 needs FY2022, which the corpus does not have")
no('rb-t-23', "Snowflake revenue for fiscal 2026", 'insufficient_evidence',
   "trap: Snowflake's facts end with Q1 FY2026 (Apr 30, 2025); the full fiscal 2026 is not reported")
no('rb-t-24', "How much cash did Snowflake's operations generate in the second quarter of fiscal 2026?", 'insufficient_evidence',
   "trap: beyond the data (last Snowflake period is Q1 FY2026)")
no('rb-t-25', "Apple's net sales for fiscal 2027", 'insufficient_evidence',
   "trap: a future fiscal year; Apple's latest period is Q1 FY2026")
no('rb-t-26', "What did Apple report for revenue in the March 2026 quarter?", 'insufficient_evidence',
   "trap: the quarter ending March 2026 (Q2 FY2026) is after Apple's latest filed quarter (ended Dec 27, 2025)")
no('rb-t-27', "NVIDIA revenue for the second quarter of fiscal 2027", 'insufficient_evidence',
   "trap: NVIDIA's latest period is Q1 FY2027 (ended Apr 26, 2026)")
no('rb-t-28', "LPA rental income for 2025", 'insufficient_evidence',
   "trap: LPA's facts end with FY2024")
no('rb-t-29', "What was LPA's revenue for the first half of 2024?", 'insufficient_evidence',
   "trap: LPA files annual 20-F data only; no half-year period is reported and none can be derived")
no('rb-t-30', "Alphabet's net income for the full year 2026", 'insufficient_evidence',
   "trap: only Q1 2026 is reported")
no('rb-t-31', "Marvell revenue for fiscal 2019", 'insufficient_evidence',
   "trap: the corpus (Marvell Technology, Inc., CIK 1835632) starts with fiscal 2020; fiscal 2019 is before the data")
no('rb-t-32', "Tesla's return on average equity for 2022", 'insufficient_evidence',
   "trap: needs FY2022 net income and the Dec 31, 2022 balance, both beyond the data")
no('rb-t-33', "Marvell's interest coverage (operating income / interest expense) for the second quarter of fiscal 2027", 'insufficient_evidence',
   "trap: beyond the data (Marvell's latest quarter is Q1 FY2027)")
no('rb-t-34', "NVIDIA inventory turnover for fiscal 2027 using average inventory", 'insufficient_evidence',
   "trap: fiscal 2027 is not closed (only Q1 FY2027 is reported)")
# companies not in the corpus
no('rb-t-35', "Microsoft's free cash flow for fiscal 2024, operating cash flow minus capex", 'insufficient_evidence',
   "trap: Microsoft is not in the corpus")
no('rb-t-36', "How much did Amazon spend buying back stock in 2023?", 'insufficient_evidence',
   "trap: Amazon is not in the corpus")
no('rb-t-37', "AMD's inventory turnover for 2024, cost of sales over average inventory", 'insufficient_evidence',
   "trap: AMD is not in the corpus")
no('rb-t-38', "What was Intel's gross margin in 2023?", 'insufficient_evidence',
   "trap: Intel is not in the corpus")
no('rb-t-39', "Meta Platforms 2024 capex as a percentage of revenue", 'insufficient_evidence',
   "trap: Meta is not in the corpus")
no('rb-t-40', "Broadcom net revenue, fiscal 2024", 'insufficient_evidence',
   "trap: Broadcom is not in the corpus (a semiconductor peer of NVIDIA and Marvell)")
# members and qualifiers companyfacts does not carry
no('rb-t-41', "Apple's iPhone net sales in fiscal 2024", 'insufficient_evidence',
   "trap: product-line revenue is dimensional (member) data; companyfacts carries only undimensioned totals")
no('rb-t-42', "NVIDIA revenue excluding the Gaming segment, fiscal 2025", 'insufficient_evidence',
   "trap: no segment data in companyfacts, so 'excluding Gaming' cannot be computed; the total must not be given instead")
no('rb-t-43', "Alphabet's Google Cloud operating income for 2024", 'insufficient_evidence',
   "trap: segment operating income is not in companyfacts")
no('rb-t-44', "How much revenue did Apple earn in Antarctica in fiscal 2025?", 'insufficient_evidence',
   "trap: no such geographic member; companyfacts has no geographic breakdown")
no('rb-t-45', "Tesla's energy generation and storage revenue for 2021", 'insufficient_evidence',
   "trap: segment revenue is dimensional; not reported undimensioned for 2021")
no('rb-t-46', "Marvell data center end-market revenue in fiscal 2026", 'insufficient_evidence',
   "trap: end-market revenue is not in companyfacts")
no('rb-t-47', "Snowflake product revenue for fiscal 2025", 'insufficient_evidence',
   "trap: product vs professional-services revenue is dimensional; only total revenue is in companyfacts")
no('rb-t-48', "How much rent did LPA collect from its Colombian properties in 2023?", 'insufficient_evidence',
   "trap: country breakdown not reported in companyfacts")
no('rb-t-49', "Apple's net sales in Greater China for fiscal 2024", 'insufficient_evidence',
   "trap: geographic segment member not in companyfacts")
no('rb-t-50', "Alphabet's YouTube ads revenue in 2025", 'insufficient_evidence',
   "trap: revenue by type is dimensional; not in companyfacts")
# measures that are not reported
no('rb-t-51', "How many employees did Apple have at the end of fiscal 2024?", 'insufficient_evidence',
   "trap: headcount is not an XBRL fact in companyfacts")
no('rb-t-52', "NVIDIA's price-to-earnings ratio at the end of fiscal 2026", 'insufficient_evidence',
   "trap: needs a share price, which is not in the data")
no('rb-t-53', "Alphabet's market capitalization at December 31, 2025", 'insufficient_evidence',
   "trap: needs a share price; the public float on the 10-K cover (a different measure at a different date) must not be given as market cap")
no('rb-t-54', "Marvell's dividend yield for fiscal 2026", 'insufficient_evidence',
   "trap: dividend yield needs a share price, not reported")
no('rb-t-55', "How many vehicles did Tesla deliver in 2021?", 'insufficient_evidence',
   "trap: deliveries are an operating metric, not a companyfacts fact")
no('rb-t-56', "Snowflake's net revenue retention rate for fiscal 2025", 'insufficient_evidence',
   "trap: a company KPI not in XBRL")
no('rb-t-57', "Apple's interest coverage, operating income divided by interest expense, for fiscal 2025", 'insufficient_evidence',
   "trap: Apple stopped tagging interest expense after FY2023; the denominator is not in the data, so no ratio may be given")
no('rb-t-58', "What was Alphabet's inventory at the end of 2024?", 'insufficient_evidence',
   "trap: Alphabet reports no inventory line after 2022 (InventoryNet ends Dec 31, 2022)")
no('rb-t-59', "What was Alphabet's revenue per employee in 2025?", 'insufficient_evidence',
   "trap: employee count not in the data")
no('rb-t-60', "Apple's diluted EPS for the fourth quarter of fiscal 2025", 'insufficient_evidence',
   "trap: no Q4 EPS is filed and EPS cannot be derived as FY - 9M (share counts differ by period)")
no('rb-t-61', "Marvell's net income growth in fiscal 2026 over fiscal 2025, as a percentage", 'rejected',
   "trap: growth from a negative base (a FY2025 net loss) is not meaningful; no percentage may be given")
no('rb-t-62', "Tesla's trailing twelve-month diluted EPS to September 2022", 'insufficient_evidence',
   "trap: EPS is not additive over periods (and Tesla's 2022 3-for-1 split changes the share basis); no figure may be given")

# ================================================================ 5. mixed: formula + instruction + ordinary words
C = 'mixed'
ans('rb-m-01', C, "Assume you are an equity analyst. Using the cash flow statement, how much did Apple hand back to shareholders through buybacks plus dividends in fiscal 2024, as a percentage of operating cash flow? Round to two decimals.",
    (FY(A, 'buyback', 2024) + FY(A, 'div', 2024)) / FY(A, 'ocf', 2024), "mixed: role + statement + ordinary words + formula + rounding", tol=0.01)
ans('rb-m-02', C, "What is Apple's FY2024 return on assets? ROA is defined as FY2024 net income divided by the average of total assets at the end of FY2023 and FY2024. Round your answer to two decimal places.",
    FY(A, 'ni', 2024) / AVG(A, 'assets', 2024), "mixed: FinanceBench-style definition + rounding", tol=0.01)
ans('rb-m-03', C, "Please compute, in USD millions, how much NVIDIA had left from its operating cash after paying for capex in fiscal 2025.",
    FY(N, 'ocf', 2025) - FY(N, 'capex', 2025), "mixed: 'please' + unit + 'left after paying for capex' = OCF - capex")
ans('rb-m-04', C, "Based on FY2024 data, what share of Marvell's revenue went into research and development? Give a short answer.",
    FY(M, 'rnd', 2024) / FY(M, 'rev', 2024), "mixed: 'based on FY data' + 'share of revenue went into' + short answer")
ans('rb-m-05', C, "As a credit analyst, using the balance sheet at the end of fiscal 2025, how many times could NVIDIA's cash and cash equivalents plus current marketable securities cover its current liabilities? Round to two decimals.",
    (B(N, 'cash', 2025) + B(N, 'mktsec', 2025)) / B(N, 'cl', 2025), "mixed: role + 'how many times could A cover B' + rounding (a balance ratio at Jan 26, 2025)", tol=0.01)
ans('rb-m-06', C, "Taking into account only the income statement, what fraction of Alphabet's 2025 pre-tax income went to income taxes?",
    FY(GO, 'tax', 2025) / FY(GO, 'pbt', 2025), "mixed: statement hint + 'what fraction went to' = effective tax rate")
ans('rb-m-07', C, "Using the statement of cash flows, how much did Tesla spend on capex in 2021 relative to what its operations brought in? Give it as a ratio.",
    FY(T, 'capex', 2021) / FY(T, 'ocf', 2021), "mixed: ordinary words for OCF + 'relative to' as a ratio")
ans('rb-m-08', C, "Please give LPA's 2024 rental income left over after direct operating expenses of its investment property, as a share of rental income.",
    (FY(L, 'rental', 2024) - FY(L, 'propopex', 2024)) / FY(L, 'rental', 2024), "mixed: 'left over after' + 'as a share of' (NOI margin)")
ans('rb-m-09', C, "How much did NVIDIA spend buying back stock in fiscal 2026, as a percentage of its net income? Round to two decimals.",
    FY(N, 'buyback', 2026) / FY(N, 'ni', 2026), "mixed: ordinary words + percentage + rounding", tol=0.01)
ans('rb-m-10', C, "In USD millions, what was Apple's cash and cash equivalents at the beginning of fiscal 2025 plus its current marketable securities at that date?",
    B(A, 'cash', 2024) + B(A, 'mktsec', 2024), "mixed: unit + 'beginning of fiscal 2025' (= Sep 28, 2024 balances) + sum")
ans('rb-m-11', C, "Assume you are a student analysing Marvell. Using FY2026 figures, how many times did operating income cover the interest it paid in cash?",
    FY(M, 'oi', 2026) / FY(M, 'intpaid', 2026), "mixed: role + user-defined coverage on cash interest paid (differs from interest expense)")
ans('rb-m-12', C, "What did Alphabet pay out in dividends in 2025 per share outstanding at year end? Round to the cent.",
    FY(GO, 'div', 2025) / B(GO, 'so', 2025), "mixed: ordinary words + per share over the reported year-end count (all classes) + rounding", tol=0.01)
ans('rb-m-13', C, "Considering the balance sheet, by how much did Apple's current liabilities exceed its current assets at the end of fiscal 2025?",
    B(A, 'cl', 2025) - B(A, 'ca', 2025), "mixed: statement hint + 'by how much did A exceed B' = A - B")
ans('rb-m-14', C, "Give a short answer: Snowflake's fiscal 2025 stock-based compensation per weighted-average diluted share.",
    FY(S, 'sbc', 2025) / FY(S, 'sh_d', 2025), "mixed: short answer + per share over the reported weighted count")
ans('rb-m-15', C, "As an analyst, based on FY2020 data, what was Tesla's gross margin, meaning what was left over after cost of revenues as a share of revenues?",
    (FY(T, 'rev', 2020) - FY(T, 'cor', 2020)) / FY(T, 'rev', 2020), "mixed: role + 'left over after' + 'as a share of'")
ans('rb-m-16', C, "Using the P&L, what percentage of its fiscal 2026 revenue did NVIDIA keep as net income? Round to one decimal place.",
    FY(N, 'ni', 2026) / FY(N, 'rev', 2026), "mixed: statement hint + 'keep as net income' + rounding", tol=0.01)
ans('rb-m-17', C, "In the quarter ended September 30, 2022, how much did Tesla earn at the operating line per dollar of revenue?",
    Q(T, 'oi', 2022, 3) / Q(T, 'rev', 2022, 3), "mixed: 'per dollar of revenue' = operating margin for Q3 2022")
ans('rb-m-18', C, "How many days of inventory did Apple hold on average in fiscal 2025, i.e. average inventory divided by cost of sales, times 365? Round to one decimal.",
    AVG(A, 'inv', 2025) / FY(A, 'cor', 2025) * 365, "mixed: ordinary words + formula with left-to-right precedence + rounding", tol=0.01)
ans('rb-m-19', C, "Based on FY2023 data, what fraction of LPA's profit for the year went to non-controlling interests?",
    FY(L, 'nci_profit', 2023) / FY(L, 'profit', 2023), "mixed: 'based on FY data' + 'what fraction went to'")
ans('rb-m-20', C, "Answer as an equity analyst: Alphabet's 2024 purchases of property and equipment over its depreciation.",
    FY(GO, 'capex', 2024) / FY(GO, 'dep', 2024), "mixed: role + capex / depreciation")
ans('rb-m-21', C, "Using only the statement of cash flows, what was Snowflake's fiscal 2025 free cash flow, taken as cash from operations less purchases of property and equipment less capitalized internal-use software?",
    FY(S, 'ocf', 2025) - FY(S, 'capex', 2025) - FY(S, 'swdev', 2025), "mixed: statement hint + a three-term user definition (differs from OCF - capex)")
ans('rb-m-22', C, "How much did Apple pay out in dividends and buybacks combined in fiscal 2025, in billions?",
    FY(A, 'div', 2025) + FY(A, 'buyback', 2025), "mixed: ordinary words + sum + unit")
ans('rb-m-23', C, "Please, using the balance sheet, what was NVIDIA's net cash at the end of fiscal 2025, computed as cash and cash equivalents plus current marketable securities minus total long-term debt?",
    B(N, 'cash', 2025) + B(N, 'mktsec', 2025) - B(N, 'ltd', 2025), "mixed: please + statement + three-term formula (LongTermDebt incl. current)")
ans('rb-m-24', C, "What did Marvell take in from customers in Q3 fiscal 2026 compared with Q3 fiscal 2025? Give the growth rate, rounded to two decimals.",
    cross(lambda: Q(M, 'rev', 2026, 3) / Q(M, 'rev', 2025, 3) - 1), "mixed: ordinary words + growth (carries Q3 FY2026) + rounding", tol=0.01)
ans('rb-m-25', C, "Considering the first quarter of fiscal 2027, how much of each revenue dollar did NVIDIA turn into operating cash flow?",
    Q(N, 'ocf', 2027, 1) / Q(N, 'rev', 2027, 1), "mixed: 'considering' + 'of each revenue dollar' = OCF / revenue for Q1 FY2027")
ans('rb-m-26', C, "Give a short answer. How much did Alphabet's cash and cash equivalents change over 2025, year-end 2025 minus year-end 2024?",
    cross(lambda: B(GO, 'cash', 2025) - B(GO, 'cash', 2024)), "mixed: short answer + change of a balance (carries Dec 31, 2025)")
ans('rb-m-27', C, "Using FY2022 data, what was Apple's net income per basic weighted-average share, to two decimals?",
    FY(A, 'ni', 2022) / FY(A, 'sh_b', 2022), "mixed: FY data + per share recomputed from the count + rounding", tol=0.01)
ans('rb-m-28', C, "As a bond analyst, using the cash flow statement and the income statement, what was LPA's 2023 net cash from operating activities divided by finance costs?",
    FY(L, 'ocf', 2023) / FY(L, 'fincost', 2023), "mixed: role + two statements + ratio (IFRS)")
ans('rb-m-29', C, "Please compute Tesla's 2021 return on average stockholders' equity, in percent, rounded to one decimal.",
    FY(T, 'ni', 2021) / AVG(T, 'equity', 2021), "mixed: please + average balance + rounding (value as a fraction)", tol=0.01)
ans('rb-m-30', C, "How much did Marvell's total long-term debt, including the current portion, exceed its cash and cash equivalents at the end of fiscal 2025, in USD millions?",
    B(M, 'ltd', 2025) - B(M, 'cash', 2025), "mixed: 'how much did A exceed B' + unit (Feb 1, 2025)")
ans('rb-m-31', C, "Based on the income statement, what did Snowflake spend on sales and marketing per dollar of revenue in fiscal 2023?",
    FY(S, 'sm', 2023) / FY(S, 'rev', 2023), "mixed: statement hint + 'spend per dollar of revenue'")
ans('rb-m-32', C, "Assume you are an equity analyst: what was Apple's fiscal 2025 fourth-quarter net income, worked out as the full year minus the first nine months?",
    Q(A, 'ni', 2025, 4), "mixed: role + derived Q4 stated as FY - 9M (Jun 29 - Sep 27, 2025)")


# ================================================================ checks and output
def check():
    qs = Counter(it['question'].strip().lower() for it in items)
    dup = [q for q, n in qs.items() if n > 1]
    if dup:
        raise SystemExit(f'duplicate questions: {dup}')
    for it in items:
        e = it['expect']
        if e['status'] == 'answered':
            assert e['values'], it['id']
            assert it['unambiguous'] is True, it['id']
            for v in e['values']:
                assert isinstance(v['value'], (int, float)) and v['value'] == v['value'], it['id']
                assert v['end'], it['id']
                if v['period_type'] == 'duration':
                    assert v['start'] and v['start'] < v['end'], it['id']
                else:
                    assert 'start' not in v, it['id']
                assert v['tol'] in (0.0005, 0.001, 0.005, 0.01), it['id']
        else:
            assert it['category'] == 'trap' and not e['values'], it['id']
            assert it['note'].startswith('trap:'), it['id']
            assert it['unambiguous'] == (e['status'] != 'needs_clarification'), it['id']
        assert it['note'].split(':', 1)[0] == it['category'], it['id']


def main():
    check()
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, 'w') as f:
        for it in items:
            f.write(json.dumps(it, ensure_ascii=False) + '\n')
    by = Counter(it['category'] for it in items)
    st = Counter((it['category'], it['expect']['status']) for it in items)
    print(f'{len(items)} questions -> {os.path.relpath(OUT)}', file=sys.stderr)
    for c in ('formula', 'instruction', 'ordinary-words', 'trap', 'mixed'):
        detail = ', '.join(f'{s} {n}' for (cc, s), n in sorted(st.items()) if cc == c)
        print(f'  {c:15s} {by[c]:4d}  ({detail})', file=sys.stderr)
    if '-v' in sys.argv:
        for k, n in sorted(USED.items()):
            print(f'    {n:3d}  {k}', file=sys.stderr)
    return 0


if __name__ == '__main__':
    sys.exit(main())
