#!/usr/bin/env python3
"""Builds lib/eval/golden/analyst-blind.jsonl: a blind test of question understanding in the 16 analyst
categories of ../shared/eval/golden-analyst-dev.jsonl, over all seven companyfacts files (Apple, NVIDIA,
Alphabet, Marvell, Logistic Properties of the Americas (IFRS, 20-F), lightly Tesla and Snowflake), worded
the way sell-side/buy-side notes, newswires, terminals and IR decks write — phrasings no other set uses.

Truth is read straight from the companyfacts JSON, independently of Ledgerline's code:
- fiscal years: start/end of 350–380-day facts of the company's net-income concept in 10-K/20-F filings,
  named by the calendar year in which they end (each company's own 52/53-week calendar);
- quarters: 80–100-day durations, Q1 starting on the fiscal-year start, Q2/Q3 the day after the quarter
  before; H1 = FY start to Q2 end; 9M = FY start to Q3 end; Q4 = FY − 9M (derived, from one concept),
  starting the day after Q3 ended; H2 = FY − H1;
- TTM ending at a Q1–Q3 quarter = FY(prior) + YTD(current) − YTD(prior), starting the day after the
  prior-year quarter ended;
- values: the latest-filed fact (max filed, ties by accession) for exactly the period, unless a question
  asks for the original (earliest filed) or a named filing; each question names its concept chain (first
  concept with a fact for the period wins; other concepts of the chain within 0.5% go to `accept`);
- growth = later / earlier − 1 and changes carry the later period; ratios carry the period of both operands.
Non-answers: `insufficient_evidence` (any abstention without a value is right), `needs_clarification`
(scored the same way) and `rejected` (invalid arithmetic; the shared rules accept a rejection or a
clarification). `note` = "<category>: what it tests (and why the answer is what it is)".

Usage: python3 scripts/golden/build-analyst-blind.py > lib/eval/golden/analyst-blind.jsonl
(SEC_DATA_DIR overrides ../shared/data). Score CLI answers by the shared rules:
  jq -r .question lib/eval/golden/analyst-blind.jsonl > /tmp/q.txt
  npm run --silent cli -- ask --json --batch /tmp/q.txt > /tmp/a.jsonl
  python3 scripts/golden/build-analyst-blind.py --score /tmp/a.jsonl"""
import datetime as dt
import functools
import glob
import json
import os
import sys

DATA = os.environ.get('SEC_DATA_DIR', os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', '..', 'shared', 'data'))


@functools.lru_cache(maxsize=None)
def load(t):
    f = glob.glob(os.path.join(DATA, 'sec-companyfacts', f'*_{t}_companyfacts*.json'))
    if not f:
        raise SystemExit(f'no companyfacts file for {t}')
    return json.load(open(f[0]))


def day(s):
    return dt.date.fromisoformat(s)


def iso(d):
    return d.isoformat()


def plus(s, n):
    return iso(day(s) + dt.timedelta(days=n))


def days(s, e):
    return (day(e) - day(s)).days


def raw(t, qname):
    """All facts of one concept 'ns:Name' (every unit), as dicts with unit."""
    ns, name = qname.split(':')
    d = load(t)['facts'].get(ns, {}).get(name)
    if not d:
        return []
    return [dict(x, unit=u) for u, arr in d['units'].items() for x in arr]


# ---------------------------------------------------------------- concept chains (chosen per measure)
G = 'us-gaap:'
F = 'ifrs-full:'
CHAINS = {
    'rev': [G + 'RevenueFromContractWithCustomerExcludingAssessedTax', G + 'Revenues', G + 'SalesRevenueNet', F + 'Revenue'],
    'cor': [G + 'CostOfRevenue', G + 'CostOfGoodsAndServicesSold'],
    'gp': [G + 'GrossProfit'],
    'rnd': [G + 'ResearchAndDevelopmentExpense'],
    'sga': [G + 'SellingGeneralAndAdministrativeExpense'],
    'opex': [G + 'OperatingExpenses'],
    'oi': [G + 'OperatingIncomeLoss', F + 'ProfitLossFromOperatingActivities'],
    'pbt': [G + 'IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest', F + 'ProfitLossBeforeTax'],
    'tax': [G + 'IncomeTaxExpenseBenefit', F + 'IncomeTaxExpenseContinuingOperations'],
    'ni': [G + 'NetIncomeLoss', F + 'ProfitLossAttributableToOwnersOfParent'],
    'profit_total': [F + 'ProfitLoss'],
    'eps_d': [G + 'EarningsPerShareDiluted', F + 'DilutedEarningsLossPerShare'],
    'eps_b': [G + 'EarningsPerShareBasic', F + 'BasicEarningsLossPerShare'],
    'sh_d': [G + 'WeightedAverageNumberOfDilutedSharesOutstanding', F + 'AdjustedWeightedAverageShares'],
    'sh_b': [G + 'WeightedAverageNumberOfSharesOutstandingBasic', F + 'WeightedAverageShares'],
    'ocf': [G + 'NetCashProvidedByUsedInOperatingActivities'],
    'capex': [G + 'PaymentsToAcquirePropertyPlantAndEquipment', G + 'PaymentsToAcquireProductiveAssets', F + 'PurchaseOfPropertyPlantAndEquipmentClassifiedAsInvestingActivities'],
    'sbc': [G + 'ShareBasedCompensation', G + 'AllocatedShareBasedCompensationExpense'],
    'buyback': [G + 'PaymentsForRepurchaseOfCommonStock'],
    'divpaid': [G + 'PaymentsOfDividends', G + 'PaymentsOfDividendsCommonStock'],
    'dps': [G + 'CommonStockDividendsPerShareDeclared'],
    'rental': [F + 'RentalIncome'],
    'finance_costs': [F + 'FinanceCosts'],
    'nci_profit': [F + 'ProfitLossAttributableToNoncontrollingInterests'],
    'tci': [F + 'ComprehensiveIncome'],
    'fv_gain': [F + 'GainsLossesOnFairValueAdjustmentInvestmentProperty'],
    'profit_incl_nci': [G + 'ProfitLoss'],
    'tci_incl_nci': [G + 'ComprehensiveIncomeNetOfTaxIncludingPortionAttributableToNoncontrollingInterest', F + 'ComprehensiveIncome'],
    'tci_parent': [G + 'ComprehensiveIncomeNetOfTax', F + 'ComprehensiveIncomeAttributableToOwnersOfParent'],
    'nci_ni': [G + 'NetIncomeLossAttributableToNoncontrollingInterest', F + 'ProfitLossAttributableToNoncontrollingInterests'],
    'da': [G + 'DepreciationDepletionAndAmortization', G + 'DepreciationAndAmortization'],
    'dep': [G + 'Depreciation'],
    'pbt_dom': [G + 'IncomeLossFromContinuingOperationsBeforeIncomeTaxesDomestic'],
    'pbt_for': [G + 'IncomeLossFromContinuingOperationsBeforeIncomeTaxesForeign'],
    'fed_tax': [G + 'FederalIncomeTaxExpenseBenefitContinuingOperations'],
    # instants
    'assets': [G + 'Assets', F + 'Assets'],
    'liab': [G + 'Liabilities', F + 'Liabilities'],
    'cl': [G + 'LiabilitiesCurrent', F + 'CurrentLiabilities'],
    'ca': [G + 'AssetsCurrent', F + 'CurrentAssets'],
    'equity': [G + 'StockholdersEquity', F + 'EquityAttributableToOwnersOfParent'],
    'equity_total': [F + 'Equity'],
    'cash': [G + 'CashAndCashEquivalentsAtCarryingValue', F + 'CashAndCashEquivalents'],
    'inv': [G + 'InventoryNet'],
    'ltd': [G + 'LongTermDebtNoncurrent'],
    'ar': [G + 'AccountsReceivableNetCurrent'],
    'so': [G + 'CommonStockSharesOutstanding'],
    'invprop': [F + 'InvestmentProperty'],
    'borrowings': [F + 'Borrowings'],
    'nci': [F + 'NoncontrollingInterests', G + 'MinorityInterest'],
    'eq_and_liab': [F + 'EquityAndLiabilities', G + 'LiabilitiesAndStockholdersEquity'],
    'redeemable_nci': [G + 'RedeemableNoncontrollingInterestEquityCarryingAmount'],
    'equity_incl_nci': [G + 'StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest', F + 'Equity'],
}
UNIT = {'eps_d': 'USD/shares', 'eps_b': 'USD/shares', 'dps': 'USD/shares', 'sh_d': 'shares', 'sh_b': 'shares', 'so': 'shares'}


def pick(cands, basis):
    if not cands:
        return None
    key = lambda x: (x['filed'], x['accn'])
    return min(cands, key=key) if basis == 'original' else max(cands, key=key)


def fact(t, concept, start, end, unit, basis='latest'):
    """The fact of one concept for exactly [start, end] (start None = instant). basis: latest | original | filed:<accn-prefix or date>"""
    c = [x for x in raw(t, concept) if x.get('start') == start and x['end'] == end and x['unit'] == unit]
    if basis.startswith('asof:'):
        c = [x for x in c if x['filed'] <= basis[5:]]
        basis = 'latest'
    if basis.startswith('fy:'):  # as reported in the annual report (10-K/20-F) whose filing fy is given
        c = [x for x in c if x['form'] in ('10-K', '20-F') and str(x['fy']) == basis[3:]]
        basis = 'latest'
    return pick(c, basis)


def value(t, m, start, end, basis='latest'):
    """(value, accept[]) of measure m for exactly the period: first concept of the chain with a fact wins."""
    unit = UNIT.get(m, 'USD')
    found = [(c, fact(t, c, start, end, unit, basis)) for c in CHAINS[m]]
    found = [(c, f) for c, f in found if f]
    if not found:
        raise SystemExit(f'missing {t} {m} {start}..{end} ({basis})')
    v = found[0][1]['val']
    acc = sorted({f['val'] for _, f in found if v and abs(f['val'] - v) <= abs(v) * 0.005})
    return v, acc


# ---------------------------------------------------------------- fiscal calendars from the data
@functools.lru_cache(maxsize=None)
def calendar(t):
    concept = F + 'ProfitLoss' if t == 'LPA' else G + 'NetIncomeLoss'
    years, quarters = {}, set()
    for x in raw(t, concept) + raw(t, CHAINS['rev'][0]) + raw(t, G + 'Revenues'):
        s = x.get('start')
        if not s:
            continue
        n = days(s, x['end'])
        if 350 <= n <= 380 and x['form'] in ('10-K', '20-F', '10-K/A', '20-F/A'):
            years[day(x['end']).year] = (s, x['end'])
        if 80 <= n <= 100:
            quarters.add((s, x['end']))
    return years, sorted(quarters)


def fy(t, y):
    years, _ = calendar(t)
    if y in years:
        return years[y]
    if y - 1 in years:  # the open fiscal year: starts the day after the last closed one
        return (plus(years[y - 1][1], 1), None)
    raise SystemExit(f'no fiscal year {y} for {t}')


def q(t, y, n):
    """Quarter n (1–4) of fiscal year y; Q4 is (Q3 end + 1, FY end)."""
    start, end = fy(t, y)
    _, qs = calendar(t)
    s = start
    for i in range(1, n + 1):
        if i == 4:
            return (s, end)
        hit = [x for x in qs if x[0] == s]
        if not hit:
            raise SystemExit(f'no Q{i} FY{y} for {t} starting {s}')
        qq = hit[0]
        if i == n:
            return qq
        s = plus(qq[1], 1)


def ytd(t, y, n):
    """Year to date through quarter n (n = 2: H1, n = 3: 9M, n = 1: Q1)."""
    return (fy(t, y)[0], q(t, y, n)[1])


# ---------------------------------------------------------------- expected values
def amt(t, m, per, basis='latest', tol=0.0005):
    s, e = per
    v, acc = value(t, m, s, e, basis)
    return dict(value=v, start=s, end=e, tol=tol, accept=acc)


def inst(t, m, end, basis='latest', tol=0.0005):
    v, acc = value(t, m, None, end, basis)
    return dict(value=v, start=None, end=end, tol=tol, accept=acc)


def q4(t, m, y):
    """Derived fourth quarter = FY − 9M, from the first concept reporting both."""
    fs, fe = fy(t, y)
    _, n9e = ytd(t, y, 3)
    unit = UNIT.get(m, 'USD')
    for c in CHAINS[m]:
        a, b = fact(t, c, fs, fe, unit), fact(t, c, fs, n9e, unit)
        if a and b:
            return dict(value=a['val'] - b['val'], start=plus(n9e, 1), end=fe, tol=0.0005, accept=[a['val'] - b['val']])
    raise SystemExit(f'no Q4 {t} {m} FY{y}')


def h2(t, m, y):
    fs, fe = fy(t, y)
    _, h1e = ytd(t, y, 2)
    unit = UNIT.get(m, 'USD')
    for c in CHAINS[m]:
        a, b = fact(t, c, fs, fe, unit), fact(t, c, fs, h1e, unit)
        if a and b:
            return dict(value=a['val'] - b['val'], start=plus(h1e, 1), end=fe, tol=0.0005, accept=[a['val'] - b['val']])
    raise SystemExit(f'no H2 {t} {m} FY{y}')


def ttm(t, m, y, n):
    """Trailing twelve months ending at quarter n (1–3) of fiscal year y = FY(y−1) + YTD(y, n) − YTD(y−1, n)."""
    unit = UNIT.get(m, 'USD')
    pf = fy(t, y - 1)
    cur, prev = ytd(t, y, n), ytd(t, y - 1, n)
    for c in CHAINS[m]:
        a, b, d = fact(t, c, *pf, unit), fact(t, c, *cur, unit), fact(t, c, *prev, unit)
        if a and b and d:
            v = a['val'] + b['val'] - d['val']
            return dict(value=v, start=plus(prev[1], 1), end=cur[1], tol=0.0005, accept=[v])
    raise SystemExit(f'no TTM {t} {m} FY{y} Q{n}')


def ttm_eps_sum(t, m, y, n):
    """TTM per-share figure as analysts and data vendors take it: the sum of the four quarterly figures ending at
    quarter n (1-3) of fiscal year y; a fourth quarter enters as FY - 9M inside the sum only."""
    parts = [(y - 1, k) for k in range(n + 1, 5)] + [(y, k) for k in range(1, n + 1)]
    vals = [q4(t, m, yy)['value'] if k == 4 else amt(t, m, q(t, yy, k))['value'] for yy, k in parts]
    v = round(sum(vals), 6)
    return dict(value=v, start=plus(q(t, y - 1, n)[1], 1), end=q(t, y, n)[1], tol=0.005, accept=[v])


def ratio(num, den, tol=0.001):
    assert (num['start'], num['end']) == (den['start'], den['end']), 'ratio operands must share a period'
    v = num['value'] / den['value']
    return dict(value=v, start=num['start'], end=num['end'], tol=tol, accept=[v])


def growth(later, earlier, tol=0.001):
    v = later['value'] / earlier['value'] - 1
    return dict(value=v, start=later['start'], end=later['end'], tol=tol, accept=[v])


def change(later, earlier, tol=0.0005):
    v = later['value'] - earlier['value']
    return dict(value=v, start=later['start'], end=later['end'], tol=tol, accept=[v])


def diff(a, b, tol=0.0005):
    assert (a['start'], a['end']) == (b['start'], b['end'])
    v = a['value'] - b['value']
    return dict(value=v, start=a['start'], end=a['end'], tol=tol, accept=[v])


def span_sum(*parts, tol=0.0005):
    """Contiguous periods added together: one value over the combined span."""
    for x, y in zip(parts, parts[1:]):
        assert plus(x['end'], 1) == y['start'], 'parts must be contiguous'
    v = sum(p['value'] for p in parts)
    return dict(value=v, start=parts[0]['start'], end=parts[-1]['end'], tol=tol, accept=[v])


def margin_change(n1, d1, n0, d0, tol=0.01):
    a, b = ratio(n1, d1), ratio(n0, d0)
    v = a['value'] - b['value']
    return dict(value=v, start=a['start'], end=a['end'], tol=tol, accept=[v])


# ---------------------------------------------------------------- the set
items = []
seen = set()


def emit(id, q_, expect, note):
    if id in seen:
        raise SystemExit(f'duplicate id {id}')
    seen.add(id)
    cat = note.split(':', 1)[0]
    items.append({'id': id, 'question': q_, 'expect': expect, 'note': note, 'category': cat})


def ans(id, q_, vals, note):
    out = []
    for x in vals:
        g = dict(value=x['value'], end=x['end'], tol=x.get('tol', 0.0005), period_type='instant' if x.get('start') is None else 'duration')
        if x.get('start'):
            g['start'] = x['start']
        g['accept'] = x.get('accept') or [x['value']]
        out.append(g)
    emit(id, q_, {'status': 'answered', 'values': out}, note)


def no(id, q_, status, note):
    emit(id, q_, {'status': status, 'values': []}, note)


# ================================================================ round 1
A, N, GO, M, LP, T, S = 'AAPL', 'NVDA', 'GOOGL', 'MRVL', 'LPA', 'TSLA', 'SNOW'

# --- alias: tickers, codes, typos, registrant and brand names
ans('b-alias-01', 'AAPL.O net sales, fiscal 2024', [amt(A, 'rev', fy(A, 2024))], 'alias: Reuters RIC for Apple')
ans('b-alias-02', 'goog 2023 operating income', [amt(GO, 'oi', fy(GO, 2023))], 'alias: lowercase class C ticker goog (Alphabet reports one consolidated figure for both share classes)')
ans('b-alias-03', 'Googel net income 2021', [amt(GO, 'ni', fy(GO, 2021))], 'alias: misspelt brand name Google (Alphabet)')
ans('b-alias-04', 'Nvdia revenue for fiscal 2024', [amt(N, 'rev', fy(N, 2024))], 'alias: typo of Nvidia')
ans('b-alias-05', 'Marvel Technology net revenue FY2025', [amt(M, 'rev', fy(M, 2025))], "alias: 'Marvel Technology' (one l) = Marvell Technology")
ans('b-alias-06', 'NVIDIA CORP diluted EPS for fiscal year 2023', [amt(N, 'eps_d', fy(N, 2023))], 'alias: EDGAR registrant name in capitals (FY2023 EPS as last filed, i.e. restated for the 2024 10-for-1 split)')
ans('b-alias-07', 'Logistic Properties of the Americas (NYSE American: LPA) revenue, FY2023', [amt(LP, 'rev', fy(LP, 2023))], 'alias: press-release form with NYSE American listing; IFRS 20-F filer (ifrs-full:Revenue)')
ans('b-alias-08', 'lpa total revenue 2022', [amt(LP, 'rev', fy(LP, 2022))], 'alias: lowercase ticker lpa')
ans('b-alias-09', 'GOOGL US Equity capex 2024', [amt(GO, 'capex', fy(GO, 2024))], "alias: Bloomberg code 'GOOGL US Equity'")
ans('b-alias-10', 'Appel FY2025 net income', [amt(A, 'ni', fy(A, 2025))], 'alias: typo Appel for Apple')
ans('b-alias-11', 'Marvell Technology, Inc. (NASDAQ: MRVL) gross profit in fiscal 2026', [amt(M, 'gp', fy(M, 2026))], 'alias: press-release legal name with exchange code')

# --- fy-shorthand
ans('b-fy-01', "Apple fiscal '23 OCF", [amt(A, 'ocf', fy(A, 2023))], "fy-shorthand: fiscal '23 (straight apostrophe) + OCF; Apple FY2023 is a 53-week year ended Sep 30, 2023")
ans('b-fy-02', "NVDA F'26 net income", [amt(N, 'ni', fy(N, 2026))], "fy-shorthand: F'26 = fiscal 2026 (ended Jan 25, 2026)")
ans('b-fy-03', 'Marvell FY 24 R&D', [amt(M, 'rnd', fy(M, 2024))], 'fy-shorthand: FY 24 (space, two digits); Marvell FY2024 is 53 weeks to Feb 3, 2024')
ans('b-fy-04', 'Alphabet FY24 capital expenditures', [amt(GO, 'capex', fy(GO, 2024))], 'fy-shorthand: FY24 for a calendar-year filer')
ans('b-fy-05', "LPA FY'23 rental income", [amt(LP, 'rental', fy(LP, 2023))], "fy-shorthand: FY'23; IFRS concept ifrs-full:RentalIncome")
ans('b-fy-06', 'Apple fiscal year 2024 (ended September) diluted EPS', [amt(A, 'eps_d', fy(A, 2024))], 'fy-shorthand: a parenthetical naming the fiscal year-end month')
ans('b-fy-07', "nvda fiscal '26 diluted eps", [amt(N, 'eps_d', fy(N, 2026))], "fy-shorthand: lowercase fiscal '26")
ans('b-fy-08', 'MRVL FY2026A revenue', [amt(M, 'rev', fy(M, 2026))], 'fy-shorthand: FY2026A (A = actual)')
ans('b-fy-09', 'Apple FY25 SG&A, please', [amt(A, 'sga', fy(A, 2025))], "fy-shorthand: trailing ', please'")

# --- ordinal-quarter
ans('b-q-01', "What did NVDA print for revenue in FQ2'25?", [amt(N, 'rev', q(N, 2025, 2))], "ordinal-quarter: FQ2'25 = fiscal Q2 FY2025 (Apr 29 – Jul 28, 2024); 'print' = report")
ans('b-q-02', 'Apple December-quarter 2024 sales', [amt(A, 'rev', q(A, 2025, 1))], "ordinal-quarter: 'December-quarter 2024' = the fiscal quarter ended Dec 28, 2024 (Q1 FY2025)")
ans('b-q-03', 'GOOGL 3Q24 top line', [amt(GO, 'rev', q(GO, 2024, 3))], 'ordinal-quarter: 3Q24 for a calendar-year filer; top line = revenue')
ans('b-q-04', "AAPL FQ1'26 net income", [amt(A, 'ni', q(A, 2026, 1))], "ordinal-quarter: FQ1'26 = Sep 28 – Dec 27, 2025 (latest Apple quarter)")
ans('b-q-05', "Marvell fiscal Q2 '26 revenue", [amt(M, 'rev', q(M, 2026, 2))], "ordinal-quarter: fiscal Q2 '26 = May 4 – Aug 2, 2025")
ans('b-q-06', 'Alphabet March-quarter 2026 operating income', [amt(GO, 'oi', q(GO, 2026, 1))], 'ordinal-quarter: the quarter ended March 31, 2026')
ans('b-q-07', "NVDA's April-2026 quarter revenue — in $m", [amt(N, 'rev', q(N, 2026 + 1, 1))], "ordinal-quarter: the quarter ended Apr 26, 2026 (Q1 FY2027), with a trailing scale clause")
ans('b-q-08', 'Marvell revenue for the 13 weeks ended November 1, 2025', [amt(M, 'rev', q(M, 2026, 3))], 'ordinal-quarter: 13 weeks ended = Q3 FY2026 (91 days)')
ans('b-q-09', "Apple's 14-week first quarter of fiscal 2023: revenue", [amt(A, 'rev', q(A, 2023, 1))], 'ordinal-quarter: the 14-week Q1 of the 53-week FY2023 (Sep 25 – Dec 31, 2022)')
ans('b-q-10', 'GOOGL second-quarter 2025 net income, in $m', [amt(GO, 'ni', q(GO, 2025, 2))], 'ordinal-quarter: second-quarter 2025 with a scale clause')
ans('b-q-11', "Nvidia's last reported quarter: net income", [amt(N, 'ni', q(N, 2027, 1))], 'ordinal-quarter: last reported quarter = Q1 FY2027 (ended Apr 26, 2026)')
ans('b-q-12', "Alphabet Q1'26 diluted EPS", [amt(GO, 'eps_d', q(GO, 2026, 1))], "ordinal-quarter: Q1'26 for a calendar-year filer")
ans('b-q-13', 'AAPL F3Q25 R&D expense', [amt(A, 'rnd', q(A, 2025, 3))], 'ordinal-quarter: F3Q25 = fiscal Q3 2025 (Mar 30 – Jun 28, 2025)')
ans('b-q-14', 'Tesla Sept-quarter 2022 GAAP net income', [amt(T, 'ni', q(T, 2022, 3))], "ordinal-quarter: Sept-quarter 2022 (Jul–Sep); 'GAAP' is the reported figure")
ans('b-q-15', 'MRVL fiscal first quarter 2027 gross profit', [amt(M, 'gp', q(M, 2027, 1))], 'ordinal-quarter: latest Marvell quarter (Feb 1 – May 2, 2026)')

# --- fy-end-date
ans('b-fyend-01', 'NVDA revenue, fiscal year ended Jan. 26, 2025', [amt(N, 'rev', fy(N, 2025))], 'fy-end-date: abbreviated month with a period')
ans('b-fyend-02', 'Apple net income for the 53 weeks ended September 30, 2023', [amt(A, 'ni', fy(A, 2023))], 'fy-end-date: a correct week count (FY2023 had 53 weeks)')
ans('b-fyend-03', 'Marvell net income for the 52 weeks ended January 31, 2026', [amt(M, 'ni', fy(M, 2026))], 'fy-end-date: 52 weeks ended Jan 31, 2026 = FY2026')
ans('b-fyend-04', 'MRVL revenue FYE 2/3/24', [amt(M, 'rev', fy(M, 2024))], 'fy-end-date: FYE with a US short date; the 53-week FY2024')
ans('b-fyend-05', 'Alphabet operating income for the year ending Dec-2023', [amt(GO, 'oi', fy(GO, 2023))], 'fy-end-date: Dec-2023')
ans('b-fyend-06', 'NVDA gross profit, year to 25 January 2026', [amt(N, 'gp', fy(N, 2026))], "fy-end-date: British 'year to' with day-month order")
ans('b-fyend-07', 'Apple R&D in the fiscal year through Sept. 27, 2025', [amt(A, 'rnd', fy(A, 2025))], "fy-end-date: 'fiscal year through' an abbreviated date")
ans('b-fyend-08', 'LPA operating profit for the year ended 31-Dec-2023', [amt(LP, 'oi', fy(LP, 2023))], 'fy-end-date: 31-Dec-2023; IFRS ProfitLossFromOperatingActivities')

# --- half-ytd
ans('b-ytd-01', 'NVDA H1 FY25 revenue', [amt(N, 'rev', ytd(N, 2025, 2))], 'half-ytd: H1 FY25 = Jan 29 – Jul 28, 2024')
ans('b-ytd-02', 'Apple first-half fiscal 2025 net income', [amt(A, 'ni', ytd(A, 2025, 2))], 'half-ytd: first-half fiscal 2025 = Sep 29, 2024 – Mar 29, 2025')
ans('b-ytd-03', 'Alphabet 9M25 operating income', [amt(GO, 'oi', ytd(GO, 2025, 3))], 'half-ytd: 9M25')
ans('b-ytd-04', 'MRVL six-month FY26 revenue', [amt(M, 'rev', ytd(M, 2026, 2))], 'half-ytd: six-month FY26')
ans('b-ytd-05', 'Apple revenue, YTD through the June 2025 quarter', [amt(A, 'rev', ytd(A, 2025, 3))], 'half-ytd: YTD through the quarter ended Jun 28, 2025 = 9M FY2025')
ans('b-ytd-06', 'NVDA revenue for the 39 weeks ended October 26, 2025', [amt(N, 'rev', ytd(N, 2026, 3))], 'half-ytd: 39 weeks = 9M FY2026')
ans('b-ytd-07', 'GOOGL Jan-Jun 2024 capex', [amt(GO, 'capex', ytd(GO, 2024, 2))], 'half-ytd: Jan-Jun 2024 (hyphen) capex (cash flow is YTD-only)')
ans('b-ytd-08', 'Marvell net income for the 26-week period ended August 3, 2024', [amt(M, 'ni', ytd(M, 2025, 2))], 'half-ytd: 26-week period = H1 FY2025')
ans('b-ytd-09', 'Apple back-half fiscal 2025 revenue', [h2(A, 'rev', 2025)], "half-ytd: back half = second half of fiscal 2025 = FY − H1 (Mar 30 – Sep 27, 2025); must not be the year or the first half")
ans('b-ytd-10', "NVDA 2H FY26 net income", [h2(N, 'ni', 2026)], 'half-ytd: 2H FY26 = FY − H1 (Jul 28, 2025 – Jan 25, 2026)')

# --- ttm
ans('b-ttm-01', 'Alphabet LTM operating income as of June 2025', [ttm(GO, 'oi', 2025, 2)], 'ttm: LTM as of June 2025 (Jul 1, 2024 – Jun 30, 2025)')
ans('b-ttm-02', 'MRVL trailing four quarters revenue as of 3Q FY26', [ttm(M, 'rev', 2026, 3)], 'ttm: trailing four quarters to Q3 FY2026')
ans('b-ttm-03', 'NVDA TTM net income to Q3 FY26', [ttm(N, 'ni', 2026, 3)], 'ttm: TTM to Q3 FY26')
ans('b-ttm-04', 'Apple revenue, 12 months to December 2025', [ttm(A, 'rev', 2026, 1)], 'ttm: 12 months to the quarter ended Dec 27, 2025 (Dec 29, 2024 – Dec 27, 2025)')
ans('b-ttm-05', 'Marvell LTM net income as of May 2026', [ttm(M, 'ni', 2027, 1)], 'ttm: LTM as of May 2026 = to Q1 FY2027 (May 2, 2026)')
ans('b-ttm-06', 'Alphabet trailing-twelve-month operating cash flow through March 2026', [ttm(GO, 'ocf', 2026, 1)], 'ttm: cash flow TTM through Mar 31, 2026')
ans('b-ttm-07', 'Apple trailing four quarters diluted EPS through FQ1\'26', [ttm_eps_sum(A, 'eps_d', 2026, 1)], 'ttm: per-share figures are not FY + YTD - YTD; the answer is the labelled sum of the four quarterly diluted EPS (Q4 FY25 as FY - 9M inside the sum)')

# --- derived-q4
ans('b-q4-01', 'Apple Sept-quarter 2025 revenue', [q4(A, 'rev', 2025)], 'derived-q4: the quarter ended Sep 27, 2025 = FY2025 − 9M (Jun 29 – Sep 27, 2025)')
ans('b-q4-02', 'NVDA January-quarter FY2026 net income', [q4(N, 'ni', 2026)], 'derived-q4: January quarter of FY2026 = FY − 9M (Oct 27, 2025 – Jan 25, 2026)')
ans('b-q4-03', 'MRVL 4Q FY26 gross profit', [q4(M, 'gp', 2026)], 'derived-q4: 4Q FY26 = FY − 9M')
ans('b-q4-04', "Alphabet Q4'25 net income", [q4(GO, 'ni', 2025)], "derived-q4: Q4'25")
ans('b-q4-05', 'Marvell revenue for the 14 weeks ended February 3, 2024', [q4(M, 'rev', 2024)], 'derived-q4: the 14-week Q4 of the 53-week FY2024 (Oct 29, 2023 – Feb 3, 2024)')
ans('b-q4-06', 'Apple fiscal fourth-quarter 2024 operating cash flow', [q4(A, 'ocf', 2024)], 'derived-q4: cash flow Q4 = FY − 9M YTD')
no('b-q4-07', 'NVDA Q4 FY25 diluted EPS', 'insufficient_evidence', 'derived-q4: no Q4 EPS is filed and EPS cannot be derived as FY − 9M')
ans('b-q4-08', 'GOOGL fourth-quarter 2025 capex', [q4(GO, 'capex', 2025)], 'derived-q4: capex Q4 = FY − 9M')

# --- synonym
ans('b-syn-01', 'NVDA EBIT FY2025', [amt(N, 'oi', fy(N, 2025))], 'synonym: EBIT = operating income (NVIDIA reports no other EBIT)')
ans('b-syn-02', "Marvell SBC in fiscal '25", [amt(M, 'sbc', fy(M, 2025))], "synonym: SBC = share-based compensation (cash-flow add-back, a GAAP figure)")
ans('b-syn-03', 'How much did Apple spend on buybacks in FY2024?', [amt(A, 'buyback', fy(A, 2024))], 'synonym: buybacks = repurchases of common stock (cash flow)')
ans('b-syn-04', "Apple dividends paid, fiscal '24", [amt(A, 'divpaid', fy(A, 2024))], 'synonym: dividends paid (cash flow)')
ans('b-syn-05', 'Alphabet cost of revenues 2024', [amt(GO, 'cor', fy(GO, 2024))], "synonym: Alphabet's caption 'cost of revenues'")
ans('b-syn-06', 'NVDA opex FY2026', [amt(N, 'opex', fy(N, 2026))], 'synonym: opex = total operating expenses')
ans('b-syn-07', 'Alphabet pre-tax income 2023', [amt(GO, 'pbt', fy(GO, 2023))], 'synonym: pre-tax income')
ans('b-syn-08', "MRVL GM% 1Q FY27", [ratio(amt(M, 'gp', q(M, 2027, 1)), amt(M, 'rev', q(M, 2027, 1)))], 'synonym: GM% for the latest quarter')
ans('b-syn-09', 'LPA rental income 2024', [amt(LP, 'rental', fy(LP, 2024))], 'synonym: IFRS line item by its own caption (RentalIncome)')
ans('b-syn-10', 'Apple net cash from operating activities FY2025, please', [amt(A, 'ocf', fy(A, 2025))], 'synonym: full cash-flow caption with trailing please')
ans('b-syn-11', 'LPA turnover 2023', [amt(LP, 'rev', fy(LP, 2023))], 'synonym: turnover (British) = revenue for an IFRS filer')
ans('b-syn-12', 'GOOGL EPS (diluted) Q3 2025', [amt(GO, 'eps_d', q(GO, 2025, 3))], 'synonym: EPS (diluted) in parentheses')
ans('b-syn-13', 'Apple dividends per share declared, FY2025', [amt(A, 'dps', fy(A, 2025))], 'synonym: dividends per share declared (per-share figure)')
ans('b-syn-14', 'NVDA weighted diluted share count FQ1\'27', [amt(N, 'sh_d', q(N, 2027, 1))], 'synonym: weighted diluted share count for a quarter')
ans('b-syn-15', 'LPA profit for the year 2024', [amt(LP, 'profit_total', fy(LP, 2024))], "synonym: IFRS caption 'profit (loss) for the year' = ifrs-full:ProfitLoss (−19.4m, incl. non-controlling interests), not the owners' share (−29.3m)")
ans('b-syn-16', 'LPA net loss attributable to owners of the parent, 2024', [amt(LP, 'ni', fy(LP, 2024))], 'synonym: owners of the parent = ProfitLossAttributableToOwnersOfParent')
ans('b-syn-17', 'Apple income tax provision FY2025', [amt(A, 'tax', fy(A, 2025))], 'synonym: income tax provision')

# --- balance-asof
ans('b-bal-01', 'Apple cash & equivalents at quarter-end, Dec-2025', [inst(A, 'cash', q(A, 2026, 1)[1])], 'balance-asof: at quarter-end Dec-2025 = Dec 27, 2025')
ans('b-bal-02', 'NVDA total assets at fiscal year-end 2026', [inst(N, 'assets', fy(N, 2026)[1])], 'balance-asof: FY2026 year-end = Jan 25, 2026')
ans('b-bal-03', 'MRVL inventory at the end of Q1 FY27', [inst(M, 'inv', q(M, 2027, 1)[1])], 'balance-asof: end of Q1 FY27 = May 2, 2026')
ans('b-bal-04', 'Alphabet long-term debt at 12/31/24', [inst(GO, 'ltd', '2024-12-31')], 'balance-asof: long-term debt (non-current) at 12/31/24')
ans('b-bal-05', 'GOOGL shares outstanding at March 31, 2026', [inst(GO, 'so', '2026-03-31')], 'balance-asof: share count at a quarter-end')
ans('b-bal-06', 'Apple current liabilities at FQ3\'25 quarter-end', [inst(A, 'cl', q(A, 2025, 3)[1])], "balance-asof: FQ3'25 quarter-end = Jun 28, 2025")
ans('b-bal-07', 'LPA cash at 31-Dec-2023', [inst(LP, 'cash', '2023-12-31')], 'balance-asof: IFRS cash and cash equivalents')
ans('b-bal-08', 'LPA total equity at December 31, 2024', [inst(LP, 'equity_total', '2024-12-31')], "balance-asof: IFRS 'total equity' = ifrs-full:Equity 270.8m incl. non-controlling interests, not equity attributable to owners (229.0m)")
ans('b-bal-09', 'LPA equity attributable to owners of the parent at YE2024', [inst(LP, 'equity', '2024-12-31')], 'balance-asof: owners-of-parent equity at year-end 2024')
ans('b-bal-10', 'LPA investment property at year-end 2024', [inst(LP, 'invprop', '2024-12-31')], 'balance-asof: IFRS line item InvestmentProperty')
ans('b-bal-11', "NVDA shares outstanding at January 28, 2024, as originally reported", [inst(N, 'so', '2024-01-28', basis='original')], 'balance-asof: original (pre-10-for-1-split) share count 2,464m from the FY2024 10-K; the later 10-K restates it to 24,643m')
ans('b-bal-12', 'NVDA shares outstanding at January 28, 2024 (split-adjusted)', [inst(N, 'so', '2024-01-28')], 'balance-asof: split-adjusted = latest filed, 24,643m')
ans('b-bal-13', 'Tesla inventory at 9/30/22', [inst(T, 'inv', '2022-09-30')], 'balance-asof: US short date, latest Tesla balance sheet')

# --- growth
ans('b-gr-01', 'GOOGL 3Q25 revenue y/y', [growth(amt(GO, 'rev', q(GO, 2025, 3)), amt(GO, 'rev', q(GO, 2024, 3)))], 'growth: y/y for a quarter')
ans('b-gr-02', "NVDA FQ1'27 revenue growth over the January quarter", [growth(amt(N, 'rev', q(N, 2027, 1)), q4(N, 'rev', 2026))], 'growth: sequential, base named by its month = Q1 FY27 over the derived Q4 FY26 (ended Jan 25, 2026)')
ans('b-gr-03', 'Apple December-quarter 2025 revenue growth vs. the comparable period last year', [growth(amt(A, 'rev', q(A, 2026, 1)), amt(A, 'rev', q(A, 2025, 1)))], "growth: 'vs. the comparable period last year' = Q1 FY26 over Q1 FY25")
ans('b-gr-04', 'MRVL H1 FY26 vs H1 FY25 revenue growth', [growth(amt(M, 'rev', ytd(M, 2026, 2)), amt(M, 'rev', ytd(M, 2025, 2)))], 'growth: first half over first half')
ans('b-gr-05', 'Alphabet 9M25 net income growth vs 9M24', [growth(amt(GO, 'ni', ytd(GO, 2025, 3)), amt(GO, 'ni', ytd(GO, 2024, 3)))], 'growth: nine months over nine months')
ans('b-gr-06', "Apple gross margin change y/y in FQ1'26", [margin_change(amt(A, 'gp', q(A, 2026, 1)), amt(A, 'rev', q(A, 2026, 1)), amt(A, 'gp', q(A, 2025, 1)), amt(A, 'rev', q(A, 2025, 1)))], 'growth: change in a margin (a difference of fractions), carrying the later quarter')
ans('b-gr-07', 'NVDA fiscal 2026 diluted EPS growth', [growth(amt(N, 'eps_d', fy(N, 2026)), amt(N, 'eps_d', fy(N, 2025)))], 'growth: EPS growth FY26 over FY25 (both split-adjusted as last filed)')
ans('b-gr-08', 'MRVL operating income change, FY26 vs FY25, in $', [change(amt(M, 'oi', fy(M, 2026)), amt(M, 'oi', fy(M, 2025)))], 'growth: a dollar change from a loss to a profit (carrying FY26)')
no('b-gr-09', 'MRVL operating income growth % FY26 vs FY25', 'insufficient_evidence', 'growth: a percentage from a negative base (FY25 operating loss −720.3m) is not meaningful: refuse')
ans('b-gr-10', 'Apple FY25 revenue % chg', [growth(amt(A, 'rev', fy(A, 2025)), amt(A, 'rev', fy(A, 2024)))], 'growth: % chg = growth')
ans('b-gr-11', 'Alphabet Q1 2026 operating income q/q', [growth(amt(GO, 'oi', q(GO, 2026, 1)), q4(GO, 'oi', 2025))], 'growth: q/q = over the derived Q4 2025')
ans('b-gr-12', 'LPA revenue growth 2024', [growth(amt(LP, 'rev', fy(LP, 2024)), amt(LP, 'rev', fy(LP, 2023)))], 'growth: IFRS filer, annual only')
ans('b-gr-13', 'By how much did NVDA revenue rise y/y in the October 2025 quarter?', [growth(amt(N, 'rev', q(N, 2026, 3)), amt(N, 'rev', q(N, 2025, 3)))], 'growth: month-named quarter (ended Oct 26, 2025) vs the year-ago quarter')
ans('b-gr-14', "NVDA revenue FQ1'27 vs. the year-ago quarter", [growth(amt(N, 'rev', q(N, 2027, 1)), amt(N, 'rev', q(N, 2026, 1)))], "growth: 'vs. the year-ago quarter'")
ans('b-gr-15', 'Apple operating margin expansion FY2025 vs FY2024', [margin_change(amt(A, 'oi', fy(A, 2025)), amt(A, 'rev', fy(A, 2025)), amt(A, 'oi', fy(A, 2024)), amt(A, 'rev', fy(A, 2024)))], 'growth: margin expansion = change in operating margin')

# --- multi-year
ans('b-multi-01', 'Apple revenue FY21–FY25', [amt(A, 'rev', fy(A, y)) for y in range(2021, 2026)], 'multi-year: FY21–FY25 with an en dash')
ans('b-multi-02', 'NVDA net income, fiscal 2024 through fiscal 2026, by year', [amt(N, 'ni', fy(N, y)) for y in (2024, 2025, 2026)], 'multi-year: through, by year')
ans('b-multi-03', "Alphabet capex 2022, '23 and '24", [amt(GO, 'capex', fy(GO, y)) for y in (2022, 2023, 2024)], "multi-year: apostrophe years '23 and '24")
ans('b-multi-04', 'LPA revenue 2021-2024', [amt(LP, 'rev', fy(LP, y)) for y in (2021, 2022, 2023, 2024)], 'multi-year: IFRS filer, all four years held')
ans('b-multi-05', 'MRVL R&D for the past three fiscal years', [amt(M, 'rnd', fy(M, y)) for y in (2024, 2025, 2026)], 'multi-year: past three fiscal years = FY24–FY26')
ans('b-multi-06', "Apple quarterly revenue for fiscal 2025", [amt(A, 'rev', q(A, 2025, 1)), amt(A, 'rev', q(A, 2025, 2)), amt(A, 'rev', q(A, 2025, 3)), q4(A, 'rev', 2025)], 'multi-year: the four quarters of fiscal 2025 (Q4 derived)')
ans('b-multi-07', 'GOOGL revenue by quarter, 2025', [amt(GO, 'rev', q(GO, 2025, 1)), amt(GO, 'rev', q(GO, 2025, 2)), amt(GO, 'rev', q(GO, 2025, 3)), q4(GO, 'rev', 2025)], 'multi-year: by quarter for a calendar year (Q4 derived)')

# --- cross-company
ans('b-cross-01', 'NVDA vs AAPL revenue, FY2024', [amt(N, 'rev', fy(N, 2024)), amt(A, 'rev', fy(A, 2024))], 'cross-company: each on its own FY2024 (Jan 28, 2024 and Sep 28, 2024)')
ans('b-cross-02', 'MRVL and NVDA gross margin, fiscal 2026', [ratio(amt(M, 'gp', fy(M, 2026)), amt(M, 'rev', fy(M, 2026))), ratio(amt(N, 'gp', fy(N, 2026)), amt(N, 'rev', fy(N, 2026)))], 'cross-company: two 52/53-week calendars')
ans('b-cross-03', 'GOOGL and LPA operating income 2023', [amt(GO, 'oi', fy(GO, 2023)), amt(LP, 'oi', fy(LP, 2023))], 'cross-company: US GAAP and IFRS, both calendar years')
ans('b-cross-04', "AAPL v. NVDA cash at their latest quarter-ends", [inst(A, 'cash', q(A, 2026, 1)[1]), inst(N, 'cash', q(N, 2027, 1)[1])], 'cross-company: latest balance sheet of each (Dec 27, 2025; Apr 26, 2026)')
ans('b-cross-05', "NVDA FQ1'27 vs MRVL FQ1'27 revenue", [amt(N, 'rev', q(N, 2027, 1)), amt(M, 'rev', q(M, 2027, 1))], 'cross-company: each fiscal Q1 FY27 (ended Apr 26 and May 2, 2026)')
ans('b-cross-06', 'Which had higher R&D in 2024, Alphabet or Apple (fiscal years)?', [amt(GO, 'rnd', fy(GO, 2024)), amt(A, 'rnd', fy(A, 2024))], 'cross-company: each fiscal 2024')

# --- valid-arithmetic
ans('b-arith-01', "Sum of the first two quarters of Alphabet's 2025 revenue", [span_sum(amt(GO, 'rev', q(GO, 2025, 1)), amt(GO, 'rev', q(GO, 2025, 2)))], 'valid-arithmetic: arithmetic in words, = H1 2025 with its dates')
ans('b-arith-02', 'Apple FY2025 revenue less cost of sales', [diff(amt(A, 'rev', fy(A, 2025)), amt(A, 'cor', fy(A, 2025)))], 'valid-arithmetic: same-year difference (= gross profit)')
ans('b-arith-03', 'NVDA OCF minus capex FY2026', [diff(amt(N, 'ocf', fy(N, 2026)), amt(N, 'capex', fy(N, 2026)))], 'valid-arithmetic: OCF − capex (NVIDIA capex = purchases of property, equipment and intangibles)')
ans('b-arith-04', 'Alphabet cumulative net income 2023 through 2025', [span_sum(*[amt(GO, 'ni', fy(GO, y)) for y in (2023, 2024, 2025)])], 'valid-arithmetic: cumulative = one sum over Jan 1, 2023 – Dec 31, 2025 (not a series)')
ans('b-arith-05', 'Apple Q2 FY25 net income minus Q1 FY25 net income', [change(amt(A, 'ni', q(A, 2025, 2)), amt(A, 'ni', q(A, 2025, 1)))], 'valid-arithmetic: a change between consecutive quarters, carrying Q2')
ans('b-arith-06', 'GOOGL R&D as a % of revenue, 2025', [ratio(amt(GO, 'rnd', fy(GO, 2025)), amt(GO, 'rev', fy(GO, 2025)))], 'valid-arithmetic: same-year ratio')
ans('b-arith-07', "NVDA Q1 + Q2 + Q3 FY26 net income", [span_sum(amt(N, 'ni', q(N, 2026, 1)), amt(N, 'ni', q(N, 2026, 2)), amt(N, 'ni', q(N, 2026, 3)))], 'valid-arithmetic: = 9M FY26 with its dates')
ans('b-arith-08', 'Apple FY2025 gross profit net of opex', [diff(amt(A, 'gp', fy(A, 2025)), amt(A, 'opex', fy(A, 2025)))], 'valid-arithmetic: same-year difference (= operating income)')
ans('b-arith-09', 'LPA operating profit over revenue, 2024 (%)', [ratio(amt(LP, 'oi', fy(LP, 2024)), amt(LP, 'rev', fy(LP, 2024)))], 'valid-arithmetic: IFRS same-year ratio')
ans('b-arith-10', 'Apple Q3 FY25 plus Q4 FY25 revenue', [span_sum(amt(A, 'rev', q(A, 2025, 3)), q4(A, 'rev', 2025))], 'valid-arithmetic: Q3 + derived Q4 = the second half (Mar 30 – Sep 27, 2025)')
ans('b-arith-11', 'NVDA revenue FY24 and FY25 combined', [span_sum(amt(N, 'rev', fy(N, 2024)), amt(N, 'rev', fy(N, 2025)))], 'valid-arithmetic: two contiguous fiscal years summed = one 2-year span')

# --- invalid-join
no('b-inv-01', 'divide FY24 net income by FY23 sales for Nvidia', 'rejected', 'invalid-join: casual ratio across two fiscal years')
no('b-inv-02', "Add NVDA's Q2 FY26 net income to its six-month FY26 net income", 'rejected', 'invalid-join: quarter + the YTD that contains it')
no('b-inv-03', 'Apple 9M FY25 revenue divided by FY24 revenue', 'rejected', 'invalid-join: ratio of two different periods')
no('b-inv-04', 'Alphabet Q3 2025 op income / Q2 2025 revenue', 'rejected', 'invalid-join: margin with operands from different quarters')
no('b-inv-05', "LPA 2024 profit over 2023 revenue", 'rejected', 'invalid-join: IFRS, ratio across years')
no('b-inv-06', 'Apple FY2025 net income plus its net income for the first nine months of FY2025', 'rejected', 'invalid-join: year + YTD inside it')
no('b-inv-07', "divide GOOGL's 2025 capex by its 2024 operating cash flow", 'rejected', 'invalid-join: ratio across years (casual)')
no('b-inv-08', 'MRVL inventory at Q1 FY27 end plus Q1 FY27 revenue', 'rejected', 'invalid-join: balance + flow')
no('b-inv-09', 'Marvell TTM revenue calculated as FY2026 plus 1H FY2026', 'rejected', 'invalid-join: a TTM from overlapping periods')
no('b-inv-10', 'Alphabet total liabilities at YE2025 minus 2025 net income', 'rejected', 'invalid-join: balance − flow')

# --- abstain
no('b-abs-01', 'AMD revenue FY2024', 'insufficient_evidence', 'abstain: company not held (AMD)')
no('b-abs-02', "Broadcom (AVGO) FQ2'25 revenue", 'insufficient_evidence', 'abstain: company not held')
no('b-abs-03', 'MSFT FY24 revenue', 'insufficient_evidence', 'abstain: Microsoft has no companyfacts in the corpus')
no('b-abs-04', 'Apple FY2027 revenue', 'insufficient_evidence', 'abstain: future fiscal year')
no('b-abs-05', "NVDA FQ2'27 revenue", 'insufficient_evidence', 'abstain: quarter after the last filing (latest is Q1 FY27)')
no('b-abs-06', 'Alphabet Q2 2026 net income', 'insufficient_evidence', 'abstain: quarter after the last filing')
no('b-abs-07', 'MRVL op inc ex-SBC FY2026', 'insufficient_evidence', 'abstain: operating income excluding SBC is non-GAAP, not reported')
no('b-abs-08', 'Alphabet 2025 revenue growth on a constant-currency basis', 'insufficient_evidence', 'abstain: constant-currency growth is not an XBRL fact')
no('b-abs-09', "What did NVDA print for data center in FQ1'27?", 'insufficient_evidence', 'abstain: segment revenue (data center) is not in companyfacts')
no('b-abs-10', 'Apple iPhone unit sales FY2024', 'insufficient_evidence', 'abstain: units are not reported')
no('b-abs-11', 'LPA revenue H1 2024', 'insufficient_evidence', 'abstain: LPA files annual 20-Fs only; no half-year figure')
no('b-abs-12', 'LPA Q4 2024 revenue', 'insufficient_evidence', 'abstain: no nine-month figure to derive Q4 for a 20-F filer')
no('b-abs-13', 'Apple adjusted EBITDA FY2025', 'insufficient_evidence', 'abstain: adjusted EBITDA is a non-GAAP measure Apple does not report')
no('b-abs-14', "NVDA non-GAAP gross margin FQ1'27", 'insufficient_evidence', 'abstain: non-GAAP')
no('b-abs-15', 'Alphabet revenue FY2012', 'insufficient_evidence', "abstain: before Alphabet's first reported year in companyfacts (2013)")
no('b-abs-16', 'LPA revenue 2020', 'insufficient_evidence', 'abstain: before the data (first year 2021)')
no('b-abs-17', 'LPA revenue 2024 in Colombian pesos', 'insufficient_evidence', 'abstain: revenue is reported in USD only; no COP figure exists (no FX conversion)')
no('b-abs-18', 'Apple FY2025 net income in euros', 'insufficient_evidence', 'abstain: a currency the figure is not reported in')
no('b-abs-19', 'LPA NOI 2024', 'insufficient_evidence', 'abstain: net operating income (real-estate NOI) is not tagged; operating profit is a different measure')
no('b-abs-20', 'Tesla full-year 22 net income', 'insufficient_evidence', 'abstain: Tesla FY2022 not in the corpus')

# --- ambiguous
no('b-amb-01', 'nvda 2025 sales', 'needs_clarification', 'ambiguous: bare year for a January year-end filer (fiscal 2025 or calendar 2025?)')
no('b-amb-02', 'Marvell 3Q24 revenue', 'needs_clarification', 'ambiguous: 3Q24 without fiscal for a non-calendar filer (fiscal Q3 FY24 ended Oct 28, 2023; no Marvell quarter is calendar Q3 2024)')
no('b-amb-03', "Apple margin FQ1'26", 'needs_clarification', 'ambiguous: margin type')
no('b-amb-04', 'NVDA run-rate revenue', 'needs_clarification', 'ambiguous: run-rate (annualised which quarter?) and not a reported figure')
no('b-amb-05', 'NVDA revenue exit rate for fiscal 2026', 'needs_clarification', 'ambiguous: exit rate is not a reported figure (annualised last quarter or last month?)')
no('b-amb-06', 'Apple stub-period revenue', 'needs_clarification', 'ambiguous: stub period without dates')
no('b-amb-07', 'Alphabet EPS 2025', 'needs_clarification', 'ambiguous: basic or diluted')
no('b-amb-08', 'MRVL revenue for the quarter ended September 30, 2025', 'needs_clarification', 'ambiguous: no Marvell quarter ends Sep 30 (Q3 FY26 ended Nov 1, 2025)')
no('b-amb-09', 'GOOGL sales, please', 'needs_clarification', 'ambiguous: no period')
no('b-amb-10', "What was NVDA's Q2?", 'needs_clarification', 'ambiguous: no metric, no year')
no('b-amb-11', 'Compare NVDA and MRVL revenue for calendar 2025', 'needs_clarification', 'ambiguous: neither company has a calendar fiscal year')
no('b-amb-12', 'GOOGL Q1 revenue', 'needs_clarification', 'ambiguous: quarter without a year')
no('b-amb-13', 'NVDA revenue for the first quarter of calendar 2025', 'needs_clarification', "ambiguous: NVIDIA's fiscal Q1 FY26 ran Jan 27 – Apr 27, 2025; no NVIDIA quarter is calendar Q1 2025")
no('b-amb-14', 'Apple net income per share FY2025', 'needs_clarification', "ambiguous: 'per share' without basic/diluted")

ans('b-bal-14', "Snowflake stockholders' equity at FYE Jan-25", [inst(S, 'equity', fy(S, 2025)[1])], 'balance-asof: FYE Jan-25 = Jan 31, 2025')
ans('b-syn-18', "SNOW net loss margin FQ1'26", [ratio(amt(S, 'ni', q(S, 2026, 1)), amt(S, 'rev', q(S, 2026, 1)))], 'synonym: net loss margin = net income / revenue (negative), latest Snowflake quarter')

# --- restated vs originally reported (period forms above; category by period)
ans('b-fy-10', 'LPA basic EPS 2022 as reported in the 2023 20-F', [amt(LP, 'eps_b', fy(LP, 2022), basis='fy:2023')], 'fy-shorthand: a named filing: the 2023 20-F reported FY2022 basic EPS 0.048 (restated to 0.28 in the 2024 20-F)')
ans('b-fy-11', 'LPA basic EPS FY2023, restated', [amt(LP, 'eps_b', fy(LP, 2023))], 'fy-shorthand: restated = latest filed (0.11; originally 0.019)')
ans('b-fy-12', 'NVDA FY24 diluted EPS as originally reported (pre-split)', [amt(N, 'eps_d', fy(N, 2024), basis='original')], 'fy-shorthand: original (11.93, before the 10-for-1 split) vs latest 1.19')



# ================================================================ round 2: aimed at round 1's failures and their neighbours
# (1) a "total"/"for the year" caption answered with the parent-only line (b-syn-15, b-bal-08)
ans('b2-ifrs-01', 'LPA profit for the period, FY2023', [amt(LP, 'profit_total', fy(LP, 2023))], "synonym: IFRS 'profit for the period' = ifrs-full:ProfitLoss 7.16m; owners' share is 3.14m")
ans('b2-ifrs-02', 'LPA profit (loss) 2024 incl. non-controlling interests', [amt(LP, 'profit_total', fy(LP, 2024))], 'synonym: profit including NCI = ifrs-full:ProfitLoss')
ans('b2-ifrs-03', 'LPA profit attributable to non-controlling interests, 2024', [dict(zip(('value', 'accept'), value(LP, 'nci_profit', '2024-01-01', '2024-12-31')), start='2024-01-01', end='2024-12-31')], 'synonym: the NCI share of profit (ifrs-full:ProfitLossAttributableToNoncontrollingInterests 9.86m) — not net income')
ans('b2-ifrs-04', 'LPA non-controlling interests at year-end 2024', [inst(LP, 'nci', '2024-12-31')], 'balance-asof: NCI balance 41.8m — not total equity')
ans('b2-ifrs-05', 'LPA total equity and liabilities at 31 December 2023', [inst(LP, 'eq_and_liab', '2023-12-31')], 'balance-asof: IFRS caption total equity and liabilities (= total assets)')
ans('b2-ifrs-06', 'LPA total comprehensive income 2024', [amt(LP, 'tci', fy(LP, 2024))], "synonym: IFRS total comprehensive income −32.4m (incl. NCI); owners' share is −42.3m")
ans('b2-ifrs-07', "Tesla total equity at Dec 31, 2021", [inst(T, 'equity_incl_nci', '2021-12-31')], "balance-asof: Tesla's balance sheet shows 'Total stockholders' equity' 30,189m and, after NCI, 'Total equity' 31,015m")
ans('b2-ifrs-08', "Tesla total stockholders' equity at Dec 31, 2021", [inst(T, 'equity', '2021-12-31')], "balance-asof: the parent's total (control for b2-ifrs-07)")
ans('b2-ifrs-09', 'Tesla net income including noncontrolling interests, 2021', [amt(T, 'profit_incl_nci', fy(T, 2021))], 'synonym: us-gaap:ProfitLoss 5,644m (NetIncomeLoss 5,519m is after NCI)')
ans('b2-ifrs-10', 'LPA income tax expense 2024', [amt(LP, 'tax', fy(LP, 2024))], 'synonym: IFRS income tax expense')
ans('b2-ifrs-11', 'LPA fair value gain on investment property, 2024', [amt(LP, 'fv_gain', fy(LP, 2024))], 'synonym: IFRS line item by its caption (GainsLossesOnFairValueAdjustmentInvestmentProperty)')
ans('b2-ifrs-12', 'LPA finance costs FY2024', [amt(LP, 'finance_costs', fy(LP, 2024))], 'synonym: IFRS finance costs')

# (2) quarter codes without F/FY for non-calendar filers (b-amb-02) and periods without a year (b-amb-12)
no('b2-amb-01', 'NVDA 2Q25 revenue', 'needs_clarification', 'ambiguous: 2Q25 without fiscal for a January year-end filer (fiscal Q2 FY25 ended Jul 28, 2024; calendar 2Q25 matches no NVIDIA quarter)')
no('b2-amb-02', 'AAPL 1Q25 revenue', 'needs_clarification', "ambiguous: 1Q25 without fiscal: Apple's fiscal Q1 2025 is Oct–Dec 2024, calendar 1Q25 is Jan–Mar 2025")
no('b2-amb-03', "Marvell Q3'25 net income", 'needs_clarification', "ambiguous: Q3'25 without fiscal for a non-calendar filer")
no('b2-amb-04', 'Apple Q1 revenue', 'needs_clarification', 'ambiguous: quarter without a year')
no('b2-amb-05', 'NVDA Q4 net income', 'needs_clarification', 'ambiguous: quarter without a year')
no('b2-amb-06', 'Alphabet full-year revenue', 'needs_clarification', 'ambiguous: full year without a year')
no('b2-amb-07', 'Alphabet 1H revenue', 'needs_clarification', 'ambiguous: half without a year')
no('b2-amb-08', "Apple CQ4'24 revenue", 'needs_clarification', "ambiguous: calendar Q4 2024 (Oct–Dec) matches no Apple fiscal quarter (Q1 FY25 ran Sep 29 – Dec 28, 2024); must not be read as fiscal Q4")
no('b2-amb-09', 'NVDA CY25 revenue', 'needs_clarification', 'ambiguous: calendar 2025 for a January year-end filer')
ans('b2-cross-01', 'NVDA and Apple revenue for the quarter that ended in December 2025', [amt(A, 'rev', q(A, 2026, 1))], "cross-company: Apple's quarter ended Dec 27, 2025; no NVIDIA quarter ended in December 2025 (Oct 27, 2025 – Jan 25, 2026), which must be said, not substituted (a partial answer with Apple's figure only)")
ans('b2-q-01', "Alphabet CQ3'25 revenue", [amt(GO, 'rev', q(GO, 2025, 3))], "ordinal-quarter: CQ3'25 (calendar quarter) for a calendar-year filer")
ans('b2-q-02', 'NVDA 2Q FY25 revenue', [amt(N, 'rev', q(N, 2025, 2))], 'ordinal-quarter: control for b2-amb-01 with FY')
ans('b2-q-03', "Apple's fiscal 1Q25 revenue", [amt(A, 'rev', q(A, 2025, 1))], 'ordinal-quarter: control for b2-amb-02 with fiscal')
ans('b2-q-04', "Alphabet's most recent fiscal year net income", [amt(GO, 'ni', fy(GO, 2025))], 'ordinal-quarter: most recent fiscal year = FY2025')

# (3) per-share measures in TTM/derived arithmetic (b-ttm-07)
ans('b2-eps-01', "NVDA LTM diluted EPS as of FQ3'26", [ttm_eps_sum(N, 'eps_d', 2026, 3)], 'ttm: no LTM EPS is filed; the labelled sum of the four quarterly diluted EPS (Q4 FY25 as FY - 9M inside the sum)')
ans('b2-eps-02', 'GOOGL TTM basic EPS through Q1 2026', [ttm_eps_sum(GO, 'eps_b', 2026, 1)], 'ttm: the labelled sum of the four quarterly basic EPS (Q4 2025 as FY - 9M inside the sum)')
no('b2-eps-03', "Alphabet Q4'25 diluted EPS", 'insufficient_evidence', 'derived-q4: no Q4 EPS is filed; FY − 9M is not an EPS')
no('b2-eps-04', 'Apple second-half fiscal 2025 diluted EPS', 'insufficient_evidence', 'half-ytd: no H2 EPS is filed; FY − H1 is not an EPS')
no('b2-eps-05', 'Marvell Q1 FY26 diluted EPS plus Q2 FY26 diluted EPS', 'rejected', 'invalid-join: EPS of two quarters added (weighted shares differ): 0.20 + 0.22 = 0.42, but the filed H1 FY26 diluted EPS is 0.43')
no('b2-eps-08', "Apple's 1H FY23 diluted EPS as the sum of Q1 and Q2", 'rejected', 'invalid-join: 1.88 + 1.52 = 3.40, but the filed H1 FY23 diluted EPS is 3.41: per-share figures do not add')
ans('b2-eps-06', 'Apple Q2 FY25 diluted EPS minus Q1 FY25 diluted EPS', [change(amt(A, 'eps_d', q(A, 2025, 2)), amt(A, 'eps_d', q(A, 2025, 1)))], 'valid-arithmetic: a difference of two EPS figures is a change, valid')
no('b2-eps-07', 'Apple trailing 12-month weighted diluted shares through FQ1\'26', 'insufficient_evidence', 'ttm: weighted share counts are not additive')
ans('b2-ttm-01', "NVDA TTM operating margin as of FQ1'27", [ratio(ttm(N, 'oi', 2027, 1), ttm(N, 'rev', 2027, 1))], 'ttm: a ratio of two TTM flows over the same window')

# (4) month-named TTM and quarter anchors on early-month quarter ends (b-ttm-05)
ans('b2-ttm-02', 'Marvell revenue, twelve months ended May 2, 2026', [ttm(M, 'rev', 2027, 1)], 'ttm: explicit date (control for b-ttm-05)')
ans('b2-ttm-03', 'MRVL TTM revenue as of Nov 2025', [ttm(M, 'rev', 2026, 3)], 'ttm: month-named anchor; Q3 FY26 ended Nov 1, 2025')
ans('b2-ttm-04', 'Marvell LTM revenue as of August 2025', [ttm(M, 'rev', 2026, 2)], 'ttm: month-named anchor; Q2 FY26 ended Aug 2, 2025')
ans('b2-ttm-05', 'NVDA LTM revenue as of April 2026', [ttm(N, 'rev', 2027, 1)], 'ttm: month-named anchor (quarter ended Apr 26, 2026)')
ans('b2-ttm-06', 'Apple LTM revenue as of September 2025', [amt(A, 'rev', fy(A, 2025))], 'ttm: twelve months to a fiscal year-end = the fiscal year')
ans('b2-q-05', 'Marvell revenue, quarter ended May 2025', [amt(M, 'rev', q(M, 2026, 1))], 'ordinal-quarter: quarter ended in May 2025 = Q1 FY26 (ended May 3, 2025)')
ans('b2-q-06', 'MRVL net income for the quarter ended in early August 2025', [amt(M, 'ni', q(M, 2026, 2))], "ordinal-quarter: 'early August 2025' = Q2 FY26 (ended Aug 2, 2025)")

# (5) H2 / back half and quarterly series (b-ytd-09/10, b-multi-06/07)
ans('b2-h2-01', 'Alphabet second-half 2025 revenue', [h2(GO, 'rev', 2025)], 'half-ytd: H2 = FY − H1 (Jul 1 – Dec 31, 2025)')
ans('b2-h2-02', 'MRVL H2 FY26 net income', [h2(M, 'ni', 2026)], 'half-ytd: H2 = FY − H1')
ans('b2-multi-01', 'NVDA revenue each quarter of FY2026', [amt(N, 'rev', q(N, 2026, 1)), amt(N, 'rev', q(N, 2026, 2)), amt(N, 'rev', q(N, 2026, 3)), q4(N, 'rev', 2026)], 'multi-year: four quarters of one fiscal year (Q4 derived)')
ans('b2-multi-02', 'Alphabet quarterly net income in 2024', [amt(GO, 'ni', q(GO, 2024, 1)), amt(GO, 'ni', q(GO, 2024, 2)), amt(GO, 'ni', q(GO, 2024, 3)), q4(GO, 'ni', 2024)], 'multi-year: quarterly series of a calendar year')

# (6) non-GAAP / adjusted / segment words next to a known measure (all must abstain)
no('b2-ng-01', "NVDA adjusted EPS FQ1'27", 'insufficient_evidence', 'abstain: adjusted EPS is non-GAAP')
no('b2-ng-02', 'Alphabet operating income excluding stock-based compensation, 2025', 'insufficient_evidence', 'abstain: excluding SBC is non-GAAP')
no('b2-ng-03', 'Alphabet organic revenue growth 2025', 'insufficient_evidence', 'abstain: organic growth is not reported')
no('b2-ng-04', 'Apple FX-neutral revenue growth FY25', 'insufficient_evidence', 'abstain: FX-neutral growth is not reported')
no('b2-ng-05', 'NVDA underlying net income FY2026', 'insufficient_evidence', "abstain: 'underlying' = an adjusted, non-GAAP figure")
no('b2-ng-06', 'MRVL core operating margin FY26', 'insufficient_evidence', "abstain: 'core' = adjusted, non-GAAP")
no('b2-ng-07', 'Apple normalized EPS FY2025', 'insufficient_evidence', 'abstain: normalized EPS is non-GAAP')
no('b2-ng-08', 'NVDA pro forma net income FY2026', 'insufficient_evidence', 'abstain: pro forma is not reported')
no('b2-ng-09', 'Google Cloud operating income 2025', 'insufficient_evidence', "abstain: a segment (Google Cloud); the brand alias 'Google' must not turn it into Alphabet's total")
no('b2-ng-10', 'Apple Services revenue FY25', 'insufficient_evidence', 'abstain: a segment/product line not in companyfacts')
no('b2-ng-11', 'NVDA gaming revenue FY2026', 'insufficient_evidence', 'abstain: a segment not in companyfacts')
no('b2-ng-12', 'YouTube ads revenue 2025', 'insufficient_evidence', 'abstain: a product line (and not a company held)')
no('b2-ng-13', 'Apple Greater China net sales FY2025', 'insufficient_evidence', 'abstain: a geographic segment not in companyfacts')
no('b2-ng-14', 'LPA 2024 revenue in Peruvian soles', 'insufficient_evidence', 'abstain: currency not reported (USD only)')
no('b2-ng-15', "LPA's 2024 rental income, COP", 'insufficient_evidence', 'abstain: currency not reported (USD only)')

# (7) restated / original / split wording (b-fy-10..12, b-bal-12)
ans('b2-ver-01', 'NVDA FY2024 diluted EPS per the fiscal 2024 10-K', [amt(N, 'eps_d', fy(N, 2024), basis='fy:2024')], 'fy-shorthand: a named filing (the FY2024 10-K reported 11.93, before the split)')
ans('b2-ver-02', 'NVDA FY24 diluted EPS, as restated', [amt(N, 'eps_d', fy(N, 2024))], 'fy-shorthand: as restated = latest filed (1.19)')
ans('b2-ver-03', 'Alphabet 2021 diluted EPS as first published', [amt(GO, 'eps_d', fy(GO, 2021), basis='original')], 'fy-shorthand: first published = original (112.20, before the 2022 20-for-1 split)')
ans('b2-ver-04', 'GOOGL 2021 diluted EPS, split-adjusted', [amt(GO, 'eps_d', fy(GO, 2021))], 'fy-shorthand: split-adjusted = latest (5.61)')

# (8) words and marks around known constructions (round 1 severity 2)
ans('b2-w-01', 'Apple FY25 revenue y/y %', [growth(amt(A, 'rev', fy(A, 2025)), amt(A, 'rev', fy(A, 2024)))], 'growth: y/y %')
ans('b2-w-02', 'NVDA FY26 net income change in $bn', [change(amt(N, 'ni', fy(N, 2026)), amt(N, 'ni', fy(N, 2025)))], 'growth: a dollar change with a scale')
ans('b2-w-03', 'Apple DPS FY2025', [amt(A, 'dps', fy(A, 2025))], 'synonym: DPS = dividends per share')
ans('b2-w-04', 'NVDA dividends per share FY2026', [amt(N, 'dps', fy(N, 2026))], 'synonym: dividends per share')
ans('b2-w-05', 'Apple basic share count FY2025', [amt(A, 'sh_b', fy(A, 2025))], 'synonym: basic (weighted) share count for a year')
ans('b2-w-06', 'Apple shares outstanding at quarter-end Dec 2025', [inst(A, 'so', q(A, 2026, 1)[1])], 'balance-asof: quarter-end Dec 2025 = Dec 27, 2025')
ans('b2-w-07', 'Alphabet cash at YE25', [inst(GO, 'cash', '2025-12-31')], 'balance-asof: YE25')
ans('b2-w-08', 'MRVL cash at the Q2 FY26 quarter-end', [inst(M, 'cash', q(M, 2026, 2)[1])], 'balance-asof: Q2 FY26 quarter-end = Aug 2, 2025')
ans('b2-w-09', 'NVDA inventory at 4/26/26', [inst(N, 'inv', '2026-04-26')], 'balance-asof: US short date')
ans('b2-w-10', "NVDA cash at the beginning of FY2026", [inst(N, 'cash', fy(N, 2025)[1])], 'balance-asof: beginning of FY2026 = end of FY2025 (Jan 26, 2025)')
ans('b2-w-11', 'Apple revenue for the 13 weeks ended Dec 27 2025', [amt(A, 'rev', q(A, 2026, 1))], 'ordinal-quarter: 13 weeks ended (no comma in the date)')
ans('b2-w-12', 'Apple revenue for the 52 weeks ended September 27, 2025', [amt(A, 'rev', fy(A, 2025))], 'fy-end-date: 52 weeks ended the FY2025 year-end')
ans('b2-w-13', 'Apple June-quarter 2025 diluted EPS', [amt(A, 'eps_d', q(A, 2025, 3))], 'ordinal-quarter: hyphenated June-quarter = Q3 FY25 (ended Jun 28, 2025)')
ans('b2-w-14', 'NVDA October-quarter FY26 gross margin', [ratio(amt(N, 'gp', q(N, 2026, 3)), amt(N, 'rev', q(N, 2026, 3)))], 'ordinal-quarter: October-quarter FY26 = Q3 FY26')
ans('b2-w-15', 'Apple Dec qtr 2025 revenue', [amt(A, 'rev', q(A, 2026, 1))], "ordinal-quarter: 'Dec qtr 2025' abbreviations")
ans('b2-w-16', 'Alphabet 2025 revenue — GAAP, in $bn', [amt(GO, 'rev', fy(GO, 2025))], 'alias: trailing clause with GAAP and scale')
ans('b2-w-17', 'NVDA FY26 net income (USD m)', [amt(N, 'ni', fy(N, 2026))], 'fy-shorthand: parenthetical currency and scale')
ans('b2-w-18', 'Alphabett 2025 revenue', [amt(GO, 'rev', fy(GO, 2025))], 'alias: typo Alphabett')
ans('b2-w-19', 'NVIDA FY26 net income', [amt(N, 'ni', fy(N, 2026))], 'alias: typo NVIDA')
ans('b2-w-20', 'Alphabet and Marvell revenue, Q3 of their fiscal 2025', [amt(GO, 'rev', q(GO, 2025, 3)), amt(M, 'rev', q(M, 2025, 3))], "cross-company: Q3 of each fiscal 2025 (Jul–Sep 2025; Aug 4 – Nov 2, 2024)")
ans('b2-w-21', 'Apple vs Alphabet net income for fiscal 2024', [amt(A, 'ni', fy(A, 2024)), amt(GO, 'ni', fy(GO, 2024))], 'cross-company: each own fiscal 2024')

# (9) arithmetic in words (b-arith-01/04/08/09)
ans('b2-ar-01', "NVDA's first three quarters of FY26 revenue combined", [span_sum(amt(N, 'rev', q(N, 2026, 1)), amt(N, 'rev', q(N, 2026, 2)), amt(N, 'rev', q(N, 2026, 3)))], 'valid-arithmetic: first three quarters combined = 9M FY26')
ans('b2-ar-02', 'Alphabet Q1 and Q2 2025 net income together', [span_sum(amt(GO, 'ni', q(GO, 2025, 1)), amt(GO, 'ni', q(GO, 2025, 2)))], 'valid-arithmetic: together = H1 2025')
ans('b2-ar-03', 'Aggregate Apple revenue FY2023 to FY2025', [span_sum(*[amt(A, 'rev', fy(A, y)) for y in (2023, 2024, 2025)])], 'valid-arithmetic: aggregate = one sum over the three fiscal years')
ans('b2-ar-04', 'the difference between Apple FY25 and FY24 revenue', [change(amt(A, 'rev', fy(A, 2025)), amt(A, 'rev', fy(A, 2024)))], 'valid-arithmetic: the difference between two years = a change carrying FY25')
no('b2-ar-05', "Apple's FY25 net income as a % of FY24 sales", 'rejected', 'invalid-join: ratio across years, casual')
no('b2-ar-06', 'NVDA H1 FY26 revenue plus Q2 FY26 revenue', 'rejected', 'invalid-join: half + a quarter inside it')
no('b2-ar-07', 'Apple cash at FYE25 plus FY25 operating cash flow', 'rejected', 'invalid-join: balance + flow')
no('b2-ar-08', 'take Alphabet 2025 net income and divide it by 2024 revenue', 'rejected', 'invalid-join: ratio across years, imperative')
no('b2-ar-09', 'Apple Q1 FY26 revenue annualized', 'needs_clarification', 'ambiguous: an annualised quarter (run-rate) is not a reported figure')


def cagr(later, earlier, years, tol=0.001):
    v = (later['value'] / earlier['value']) ** (1 / years) - 1
    return dict(value=v, start=later['start'], end=later['end'], tol=tol, accept=[v])


def q4ratio(t, num, den, y):
    return ratio(q4(t, num, y), q4(t, den, y))


# ================================================================ round 3: neighbours of the round 2 severity-1 findings
# (A) ratios and growth over windows (b2-ttm-01: a TTM margin as the sum of quarterly margins)
ans('b3-win-01', "Apple TTM gross margin through FQ1'26", [ratio(ttm(A, 'gp', 2026, 1), ttm(A, 'rev', 2026, 1))], 'ttm: TTM gross profit / TTM revenue (Dec 29, 2024 – Dec 27, 2025)')
ans('b3-win-02', 'Alphabet LTM net margin as of Q1 2026', [ratio(ttm(GO, 'ni', 2026, 1), ttm(GO, 'rev', 2026, 1))], 'ttm: TTM net income / TTM revenue')
ans('b3-win-03', "NVDA TTM revenue growth y/y as of FQ1'27", [growth(ttm(N, 'rev', 2027, 1), ttm(N, 'rev', 2026, 1))], 'ttm: TTM over the prior TTM (both windows FY + YTD − YTD)')
ans('b3-win-04', 'MRVL gross margin for Q1 and Q2 FY26 combined', [ratio(amt(M, 'gp', ytd(M, 2026, 2)), amt(M, 'rev', ytd(M, 2026, 2)))], 'valid-arithmetic: the margin of the combined half = H1 gross profit / H1 revenue (not the sum or mean of two margins)')
ans('b3-win-05', 'Apple back-half FY25 gross margin', [ratio(h2(A, 'gp', 2025), h2(A, 'rev', 2025))], 'half-ytd: H2 gross margin = (FY − H1 gross profit) / (FY − H1 revenue)')
ans('b3-win-06', 'Apple net margin Q4 FY25', [q4ratio(A, 'ni', 'rev', 2025)], 'derived-q4: a margin of derived Q4 flows')
ans('b3-win-07', 'NVDA 9M FY26 operating margin', [ratio(amt(N, 'oi', ytd(N, 2026, 3)), amt(N, 'rev', ytd(N, 2026, 3)))], 'half-ytd: nine-month margin from the nine-month facts')
no('b3-win-08', 'Add up Apple gross margin for Q1 and Q2 FY25', 'rejected', 'invalid-join: adding two margins is meaningless')
no('b3-win-09', "NVDA TTM diluted share count as of FQ1'27", 'insufficient_evidence', 'ttm: weighted share counts are not additive')
no('b3-win-10', 'Apple TTM cash as of FQ1\'26', 'insufficient_evidence', 'ttm: cash is a balance; a trailing sum of balances is meaningless')
ans('b3-win-11', 'Alphabet effective tax rate 2025', [ratio(amt(GO, 'tax', fy(GO, 2025)), amt(GO, 'pbt', fy(GO, 2025)))], 'synonym: effective tax rate = income tax / pre-tax income')
ans('b3-win-12', 'Alphabet gross margin 2025', [ratio(diff(amt(GO, 'rev', fy(GO, 2025)), amt(GO, 'cor', fy(GO, 2025))), amt(GO, 'rev', fy(GO, 2025)))], 'synonym: Alphabet tags no gross profit; gross margin = (revenues − cost of revenues) / revenues')
ans('b3-win-13', 'NVDA gross margin Q4 FY26', [q4ratio(N, 'gp', 'rev', 2026)], 'derived-q4: gross margin of the derived Q4')
ans('b3-win-14', "Apple TTM free cash flow through FQ1'26", [diff(ttm(A, 'ocf', 2026, 1), ttm(A, 'capex', 2026, 1))], 'ttm: TTM OCF − TTM capex')

# (B) per-share and share-count arithmetic (b2-eps-05)
no('b3-ps-01', 'NVDA FY24 and FY25 diluted EPS combined', 'rejected', 'invalid-join: EPS of two years added')
no('b3-ps-02', "add up Marvell's Q1, Q2 and Q3 FY26 diluted EPS", 'rejected', 'invalid-join: EPS of three quarters added (filed 9M FY26 diluted EPS differs from the sum)')
no('b3-ps-03', 'Apple Q1 FY25 plus Q2 FY25 diluted share count', 'rejected', 'invalid-join: weighted share counts added')
no('b3-ps-04', 'Tesla Q1 2022 basic EPS + Q2 2022 basic EPS', 'rejected', 'invalid-join: EPS of two quarters added (2.86 + 1.95 = 4.81 diluted; per-share figures do not add)')
ans('b3-ps-05', 'MRVL H1 FY26 diluted EPS', [amt(M, 'eps_d', ytd(M, 2026, 2))], 'half-ytd: the filed six-month EPS (0.43) — control for b2-eps-05')

# (C) "total equity" / NCI captions, US GAAP and IFRS (b-bal-08, b2-ifrs-07)
ans('b3-nci-01', 'Tesla total equity at 9/30/22', [inst(T, 'equity_incl_nci', '2022-09-30')], "balance-asof: Tesla 'Total equity' (incl. NCI) 40,703m vs total stockholders' equity 39,851m")
ans('b3-nci-02', 'Tesla net income incl. minority interests, Q3 2022', [amt(T, 'profit_incl_nci', q(T, 2022, 3))], 'synonym: us-gaap:ProfitLoss 3,331m (attributable to common stockholders 3,292m)')
ans('b3-nci-03', "Tesla noncontrolling interests in subsidiaries at Dec 31, 2021", [inst(T, 'nci', '2021-12-31')], 'balance-asof: the NCI balance (826m), not equity')
ans('b3-nci-04', 'LPA profit attributable to owners of the parent, FY2023', [amt(LP, 'ni', fy(LP, 2023))], 'synonym: control: owners-of-parent profit 3.14m')
ans('b3-nci-05', 'LPA total equity, end of 2023', [inst(LP, 'equity_total', '2023-12-31')], 'balance-asof: IFRS total equity 260.9m (owners 222.3m)')

# (D) periods without a year, and quarter/half codes without fiscal for non-calendar filers (b-amb-02/12)
no('b3-nofy-01', "NVDA Q2'26 revenue", 'needs_clarification', "ambiguous: Q2'26 without fiscal (NVIDIA's fiscal Q2 FY26 ended Jul 27, 2025; calendar Q2 2026 has not been reported)")
no('b3-nofy-02', 'Snowflake Q1 2026 revenue', 'needs_clarification', 'ambiguous: Q1 2026 without fiscal for a January year-end filer (the shared README: Snowflake questions outside ambiguous always say fiscal)')
no('b3-nofy-03', 'Apple first quarter 2025 revenue', 'needs_clarification', 'ambiguous: first quarter 2025 without fiscal (Apple fiscal Q1 2025 = Oct–Dec 2024)')
no('b3-nofy-04', 'Marvell 9M25 revenue', 'needs_clarification', 'ambiguous: 9M25 without fiscal for a non-calendar filer')
no('b3-nofy-05', 'NVDA H1 2025 revenue', 'needs_clarification', 'ambiguous: H1 2025 without fiscal for a non-calendar filer')
no('b3-nofy-06', 'NVDA LTM revenue as of 1Q26', 'needs_clarification', 'ambiguous: 1Q26 without fiscal')
no('b3-nofy-07', "Apple's 4Q revenue", 'needs_clarification', 'ambiguous: quarter without a year')
no('b3-nofy-08', 'MRVL first-quarter revenue', 'needs_clarification', 'ambiguous: quarter without a year')
no('b3-nofy-09', 'Apple YTD revenue', 'needs_clarification', 'ambiguous: YTD without a year (or an as-of date)')
no('b3-nofy-10', 'NVDA total assets', 'needs_clarification', 'ambiguous: a balance without a date')
no('b3-nofy-11', "Marvell's cash balance", 'needs_clarification', 'ambiguous: a balance without a date')
ans('b3-nofy-12', 'NVDA TTM revenue', [ttm(N, 'rev', 2027, 1)], 'ttm: TTM without an anchor = the trailing twelve months to the latest quarter (Q1 FY27)')
ans('b3-nofy-13', 'Alphabet Q2 2024 revenue', [amt(GO, 'rev', q(GO, 2024, 2))], 'ordinal-quarter: calendar filer, control for the non-calendar cases')

# (E) not-reported constructions next to a reported measure
no('b3-nr-01', "Did NVDA beat consensus revenue in FQ1'27?", 'insufficient_evidence', 'abstain: consensus estimates are not in the corpus; the reported figure alone does not answer it')
no('b3-nr-02', "NVDA FQ2'27 revenue guidance", 'insufficient_evidence', 'abstain: guidance is not an XBRL fact (and Q2 FY27 is not reported)')
no('b3-nr-03', 'Apple FY2026 revenue estimate', 'insufficient_evidence', 'abstain: estimates are not held')
no('b3-nr-04', 'Apple revenue excluding currency effects FY2025', 'insufficient_evidence', 'abstain: a currency-neutral figure is not reported')
no('b3-nr-05', 'MRVL net income growth FY26 vs FY25', 'insufficient_evidence', 'growth: from a negative base (FY25 net loss) a percentage is not meaningful')
no('b3-nr-06', 'Alphabet headcount at YE2025', 'insufficient_evidence', 'abstain: employees are not tagged in companyfacts')

# (F) growth measures over many years
ans('b3-cagr-01', 'Apple revenue CAGR FY2021–FY2025', [cagr(amt(A, 'rev', fy(A, 2025)), amt(A, 'rev', fy(A, 2021)), 4)], 'growth: CAGR over four years, carrying the last year')
ans('b3-cagr-02', 'NVDA 3-year revenue CAGR through FY2026', [cagr(amt(N, 'rev', fy(N, 2026)), amt(N, 'rev', fy(N, 2023)), 3)], 'growth: 3-year CAGR FY23 → FY26')
ans('b3-cagr-03', 'Alphabet 2-yr revenue CAGR, 2023 to 2025', [cagr(amt(GO, 'rev', fy(GO, 2025)), amt(GO, 'rev', fy(GO, 2023)), 2)], 'growth: 2-yr CAGR')

# (G) two calendars, one month-named quarter
ans('b3-cross-01', 'Apple and Alphabet revenue for the March 2025 quarter', [amt(A, 'rev', q(A, 2025, 2)), amt(GO, 'rev', q(GO, 2025, 1))], 'cross-company: the quarter ended in March 2025 for each (Apple Mar 29; Alphabet Mar 31)')
ans('b3-cross-02', "NVDA and MRVL revenue for their fiscal years ended in early 2025", [amt(N, 'rev', fy(N, 2025)), amt(M, 'rev', fy(M, 2025))], 'cross-company: FY2025 of each (Jan 26, 2025; Feb 1, 2025)')


# ================================================================ round 4: neighbours of round 3's causes
# cause 5: a calculation word dropped ("TTM revenue growth y/y" answered as TTM revenue)
ans('b4-drop-01', "Apple trailing-twelve-month net income growth through FQ1'26", [growth(ttm(A, 'ni', 2026, 1), ttm(A, 'ni', 2025, 1))], 'ttm: TTM net income over the prior TTM')
ans('b4-drop-02', 'Alphabet LTM revenue, % change y/y, as of Q1 2026', [growth(ttm(GO, 'rev', 2026, 1), ttm(GO, 'rev', 2025, 1))], 'ttm: TTM revenue growth')
ans('b4-drop-03', 'NVDA revenue growth in each of FY2024, FY2025 and FY2026', [growth(amt(N, 'rev', fy(N, y)), amt(N, 'rev', fy(N, y - 1))) for y in (2024, 2025, 2026)], 'multi-year: a series of growth rates, each carrying its year')
ans('b4-drop-04', 'Apple gross margin trend FY2023-FY2025', [ratio(amt(A, 'gp', fy(A, y)), amt(A, 'rev', fy(A, y))) for y in (2023, 2024, 2025)], 'multi-year: a series of margins')
ans('b4-drop-05', 'Alphabet operating margin change q/q in Q1 2026', [margin_change(amt(GO, 'oi', q(GO, 2026, 1)), amt(GO, 'rev', q(GO, 2026, 1)), q4(GO, 'oi', 2025), q4(GO, 'rev', 2025))], 'growth: margin change over the derived Q4 2025')
ans('b4-drop-06', 'MRVL LTM operating income as of Q1 FY27', [ttm(M, 'oi', 2027, 1)], 'ttm: control (a flow)')
# cause 1: ratios over windows / combined periods
ans('b4-win-01', "NVDA LTM EBIT margin as of FQ3'26", [ratio(ttm(N, 'oi', 2026, 3), ttm(N, 'rev', 2026, 3))], 'ttm: EBIT (operating) margin over a TTM window')
ans('b4-win-02', 'NVDA gross margin for FQ1 and FQ2 FY26 combined', [ratio(amt(N, 'gp', ytd(N, 2026, 2)), amt(N, 'rev', ytd(N, 2026, 2)))], 'valid-arithmetic: margin of the combined half (from H1 facts)')
ans('b4-win-03', 'Alphabet net income as a % of revenue, trailing four quarters to Q1 2026', [ratio(ttm(GO, 'ni', 2026, 1), ttm(GO, 'rev', 2026, 1))], 'ttm: ratio in words over a TTM window')
no('b4-win-04', 'Tesla Q2 2022 basic EPS + Q3 2022 basic EPS', 'rejected', "invalid-join: per-share figures do not add, and these two are on different split bases (Q2 2.18 before the Aug 2022 3-for-1 split; Q3 after it)")
no('b4-win-05', 'NVDA FY2025 plus FY2026 weighted basic shares', 'rejected', 'invalid-join: weighted share counts do not add')
ans('b4-win-06', 'Alphabet book value per share at YE2025', [ratio(inst(GO, 'equity', '2025-12-31'), inst(GO, 'so', '2025-12-31'))], 'synonym: equity / shares outstanding at the same date')
# cause 2: captions
ans('b4-cap-01', 'LPA profit after tax 2024', [amt(LP, 'profit_total', fy(LP, 2024))], "synonym: IFRS 'profit after tax' = ProfitLoss (−19.4m), owners' share −29.3m")
ans('b4-cap-02', "LPA shareholders' equity at YE2024", [inst(LP, 'equity', '2024-12-31')], "balance-asof: shareholders' equity = equity attributable to owners (control; 229.0m)")
ans('b4-cap-03', "Apple total equity at the end of fiscal 2025", [inst(A, 'equity', fy(A, 2025)[1])], "balance-asof: Apple has no NCI: total equity = total shareholders' equity (control)")
ans('b4-cap-04', 'Tesla net income attributable to common stockholders, Q3 2022', [amt(T, 'ni', q(T, 2022, 3))], 'synonym: control (NetIncomeLoss)')
# causes 3/4: periods without fiscal or year
no('b4-nofy-01', 'Apple second-quarter revenue', 'needs_clarification', 'ambiguous: quarter without a year')
no('b4-nofy-02', 'Alphabet Q3 revenue', 'needs_clarification', 'ambiguous: quarter without a year (calendar filer)')
no('b4-nofy-03', 'MRVL FY revenue', 'needs_clarification', 'ambiguous: fiscal year without a year')
no('b4-nofy-04', 'NVDA 1H26 net income', 'needs_clarification', 'ambiguous: 1H26 without fiscal for a non-calendar filer')
no('b4-nofy-05', "Apple Q4'25 operating income", 'needs_clarification', "ambiguous: Q4'25 without fiscal (Apple fiscal Q4 2025 = Jun 29 – Sep 27, 2025; calendar Q4 2025 ≈ fiscal Q1 FY26)")
ans('b4-nofy-06', "Apple fiscal Q4'25 operating income", [q4(A, 'oi', 2025)], 'derived-q4: control with fiscal')
# month anchors (round 1/2 severity 2)
ans('b4-mon-01', 'Marvell revenue for the quarter ended February 1, 2025', [q4(M, 'rev', 2025)], 'derived-q4: by exact end date (Q4 FY25)')
ans('b4-mon-02', 'MRVL operating income, quarter ended Nov 2025', [amt(M, 'oi', q(M, 2026, 3))], 'ordinal-quarter: month-named quarter ending Nov 1, 2025')
# scale / currency / version
ans('b4-unit-01', 'Apple FY25 revenue in $ thousands', [amt(A, 'rev', fy(A, 2025))], 'fy-shorthand: a display scale')
no('b4-unit-02', 'NVDA FY26 revenue in billions of euros', 'insufficient_evidence', 'abstain: currency not reported')
ans('b4-unit-03', 'LPA 2024 revenue, USD thousands', [amt(LP, 'rev', fy(LP, 2024))], 'alias: IFRS filer in its reporting currency with a scale')
ans('b4-ver-01', 'Alphabet diluted EPS 2021 as reported in the 2021 10-K', [amt(GO, 'eps_d', fy(GO, 2021), basis='fy:2021')], 'fy-shorthand: named filing (112.20 before the split)')
ans('b4-ver-02', 'NVDA shares outstanding at Jan 28, 2024 per the FY2025 10-K', [inst(N, 'so', '2024-01-28', basis='fy:2025')], 'balance-asof: named later filing (24,643m, split-adjusted)')


# ================================================================ round 5: exact dates that are not period ends; growth lists; named filings
# a date that is not the company's period end must not be answered with the nearest period end
no('b5-date-01', 'Apple total assets as of December 31, 2025', 'needs_clarification', "ambiguous: Apple's balance sheet date is Dec 27, 2025; no balance is reported at Dec 31, 2025 (must not substitute)")
no('b5-date-02', 'NVDA cash at 1/31/2026', 'needs_clarification', "ambiguous: NVIDIA's FY2026 ended Jan 25, 2026; no balance at Jan 31, 2026")
no('b5-date-03', 'Marvell inventory at January 31, 2025', 'needs_clarification', "ambiguous: Marvell's FY2025 ended Feb 1, 2025; no balance at Jan 31, 2025")
no('b5-date-04', 'Apple revenue for the three months ended December 31, 2025', 'needs_clarification', 'ambiguous: no Apple quarter ended Dec 31, 2025 (Q1 FY26 ended Dec 27)')
no('b5-date-05', 'NVDA revenue for the year ended December 31, 2025', 'needs_clarification', 'ambiguous: NVIDIA has no year ended Dec 31, 2025')
ans('b5-date-06', 'Apple total assets at the end of the December 2025 quarter', [inst(A, 'assets', q(A, 2026, 1)[1])], 'balance-asof: month-named quarter end = Dec 27, 2025 (control)')
ans('b5-date-07', 'Tesla total assets as at 30.09.2022', [inst(T, 'assets', '2022-09-30')], 'balance-asof: European dotted date')
ans('b5-date-08', 'Marvell inventory at February 1, 2025', [inst(M, 'inv', '2025-02-01')], 'balance-asof: exact fiscal year-end (control)')
# growth series
ans('b5-gr-01', "Apple's yearly net income growth rates for FY24 and FY25", [growth(amt(A, 'ni', fy(A, y)), amt(A, 'ni', fy(A, y - 1))) for y in (2024, 2025)], 'multi-year: two yearly growth rates (FY24 over FY23, FY25 over FY24)')
ans('b5-gr-02', 'Alphabet y/y revenue growth for each quarter of 2025', [growth(amt(GO, 'rev', q(GO, 2025, n)), amt(GO, 'rev', q(GO, 2024, n))) for n in (1, 2, 3)] + [growth(q4(GO, 'rev', 2025), q4(GO, 'rev', 2024))], 'multi-year: four quarterly y/y rates (Q4s derived)')
ans('b5-gr-03', "NVDA TTM revenue change in $ as of FQ1'27", [change(ttm(N, 'rev', 2027, 1), ttm(N, 'rev', 2026, 1))], 'ttm: the dollar change of TTM revenue over the prior TTM')
ans('b5-gr-04', 'Apple vs NVDA TTM revenue', [ttm(A, 'rev', 2026, 1), ttm(N, 'rev', 2027, 1)], 'cross-company: each TTM to its latest quarter (Dec 27, 2025; Apr 26, 2026)')
# named filings and original figures
ans('b5-ver-01', 'NVDA FY2024 diluted EPS as reported at the time', [amt(N, 'eps_d', fy(N, 2024), basis='original')], "fy-shorthand: 'as reported at the time' = original (11.93)")
ans('b5-ver-02', "Alphabet 2021 diluted EPS in its 10-K for 2021", [amt(GO, 'eps_d', fy(GO, 2021), basis='fy:2021')], 'fy-shorthand: named filing (112.20)')
ans('b5-ver-03', 'Apple FY2025 revenue as reported in the fiscal 2025 10-K', [amt(A, 'rev', fy(A, 2025), basis='fy:2025')], 'fy-shorthand: named filing whose figure equals the latest (control)')
ans('b5-ver-04', "LPA basic EPS 2023 as first reported", [amt(LP, 'eps_b', fy(LP, 2023), basis='original')], 'fy-shorthand: original 0.019 (latest 0.11)')
# per-share arithmetic that is valid
ans('b5-ps-01', 'NVDA diluted EPS change FY26 vs FY25', [change(amt(N, 'eps_d', fy(N, 2026)), amt(N, 'eps_d', fy(N, 2025)))], 'growth: a per-share change is valid (both split-adjusted as last filed)')
ans('b5-ps-02', 'Apple payout ratio FY2025', [ratio(amt(A, 'divpaid', fy(A, 2025)), amt(A, 'ni', fy(A, 2025)))], 'synonym: payout ratio = dividends paid / net income')


# ================================================================ round 6 (second pass): neighbours of the fixes, and constructions not tried yet
def same(a, b, v, tol=0.001, accept=()):
    """A value over the period of a (a and b share it), with extra accepted readings."""
    assert (a['start'], a['end']) == (b['start'], b['end'])
    return dict(value=v, start=a['start'], end=a['end'], tol=tol, accept=[v, *accept])


def add(a, b):
    return same(a, b, a['value'] + b['value'], tol=0.0005)


def either(x, *alts):
    """x, also accepting the values of alts (other readings of the same words over the same period)."""
    for y in alts:
        assert (x['start'], x['end']) == (y['start'], y['end'])
    return dict(x, accept=[*x.get('accept', [x['value']]), *(y['value'] for y in alts)])


def signs(x):
    """x, also accepting its opposite sign (a loss asked as a positive amount, a change asked as 'how much lower')."""
    return dict(x, accept=[*x.get('accept', [x['value']]), -x['value']])


def on_avg_balance(flow, b0, b1, tol=0.001):
    """A flow over the average of two balances (ROE, ROA): the opening and closing balances; accepts the closing balance alone."""
    v = flow['value'] / ((b0['value'] + b1['value']) / 2)
    return dict(value=v, start=flow['start'], end=flow['end'], tol=tol, accept=[v, flow['value'] / b1['value']])


def mean(*xs, tol=0.001):
    v = sum(x['value'] for x in xs) / len(xs)
    return dict(value=v, start=xs[0]['start'], end=xs[-1]['end'], tol=tol, accept=[v])


def fcf(t, per):
    return diff(amt(t, 'ocf', per), amt(t, 'capex', per))


def ttm_fcf(t, y, n):
    return diff(ttm(t, 'ocf', y, n), ttm(t, 'capex', y, n))


def qend(t, y, n):
    return q(t, y, n)[1]


# (A) fiscal words in unusual places; codes that say fiscal and codes that do not
ans('b6-fq-01', 'NVDA fiscal Q3 of 2024 revenue', [amt(N, 'rev', q(N, 2024, 3))], "ordinal-quarter: 'fiscal Q3 of 2024' = Q3 FY2024 (Jul 31 – Oct 29, 2023)")
ans('b6-fq-02', "NVDA revenue in Q3 of fiscal '24", [amt(N, 'rev', q(N, 2024, 3))], "ordinal-quarter: Q3 of fiscal '24")
ans('b6-fq-03', 'NVDA 3Q of FY24 revenue', [amt(N, 'rev', q(N, 2024, 3))], 'ordinal-quarter: 3Q of FY24')
ans('b6-fq-04', 'Apple revenue, fiscal 2025 first quarter', [amt(A, 'rev', q(A, 2025, 1))], 'ordinal-quarter: fiscal year before the ordinal')
ans('b6-fq-05', 'MRVL revenue 3Q fiscal 2026', [amt(M, 'rev', q(M, 2026, 3))], 'ordinal-quarter: 3Q fiscal 2026')
ans('b6-fq-06', 'NVDA 2QFY26 net income', [amt(N, 'ni', q(N, 2026, 2))], 'ordinal-quarter: 2QFY26 written together')
ans('b6-fq-07', "Apple's fiscal-2025 Q3 revenue", [amt(A, 'rev', q(A, 2025, 3))], 'ordinal-quarter: hyphenated fiscal-2025 before Q3')
ans('b6-fq-08', 'NVDA FY2025-Q2 revenue', [amt(N, 'rev', q(N, 2025, 2))], 'ordinal-quarter: FY2025-Q2')
ans('b6-fq-09', 'Marvell 3rd quarter fiscal 2026 revenue', [amt(M, 'rev', q(M, 2026, 3))], "ordinal-quarter: '3rd quarter fiscal 2026'")
no('b6-fq-10', 'Apple 2025 third quarter revenue', 'needs_clarification', 'ambiguous: no fiscal word for a September year-end filer (fiscal Q3 2025 = Mar 30 – Jun 28, 2025; calendar Q3 2025 = Jul–Sep)')
no('b6-fq-11', 'Marvell third quarter of 2026 revenue', 'needs_clarification', 'ambiguous: no fiscal word for a January year-end filer')
no('b6-fq-12', 'NVDA 2025Q2 revenue', 'needs_clarification', 'ambiguous: 2025Q2 without fiscal for a January year-end filer')
no('b6-fq-13', 'Snowflake 4Q25 revenue', 'needs_clarification', 'ambiguous: 4Q25 without fiscal for a January year-end filer')
no('b6-fq-14', 'NVDA Q3 calendar 2025 revenue', 'needs_clarification', 'ambiguous: calendar Q3 2025 (Jul–Sep) is no NVIDIA quarter (Q3 FY26 ended Oct 26, 2025): a clarification or an honest not-reported')
no('b6-fq-15', 'Apple Q1 CY25 revenue', 'insufficient_evidence', 'abstain: calendar Q1 2025 is no Apple quarter (Q2 FY25 ended Mar 29, 2025)')
ans('b6-fq-16', 'Alphabet fiscal Q3 2025 revenue', [amt(GO, 'rev', q(GO, 2025, 3))], 'ordinal-quarter: fiscal = calendar for a December year-end filer')
ans('b6-fq-17', 'Tesla FY21 Q4 revenue', [q4(T, 'rev', 2021)], 'derived-q4: FY21 Q4 = FY − 9M (Oct 1 – Dec 31, 2021)')
ans('b6-fq-18', 'Apple revenue Q1 2026 (fiscal)', [amt(A, 'rev', q(A, 2026, 1))], "ordinal-quarter: '(fiscal)' after the quarter says fiscal (Sep 28 – Dec 27, 2025)")
ans('b6-fq-19', 'Apple fiscal 2025 revenue (ended September 2025)', [amt(A, 'rev', fy(A, 2025))], 'fy-shorthand: a parenthetical year-end month and year confirming the fiscal year')
no('b6-fq-20', 'NVDA fiscal 2025, i.e. calendar 2025, revenue', 'needs_clarification', "ambiguous: contradictory: NVIDIA's fiscal 2025 ran Jan 29, 2024 – Jan 26, 2025, not calendar 2025")

# (B) periods placed against the latest one
ans('b6-rel-01', 'NVDA revenue in the quarter before the latest quarter', [q4(N, 'rev', 2026)], 'derived-q4: the quarter before the latest (Q1 FY27) = Q4 FY26, derived')
ans('b6-rel-02', 'MRVL revenue in the quarter before its latest reported quarter', [q4(M, 'rev', 2026)], 'derived-q4: the quarter before Q1 FY27 = Q4 FY26 (Nov 2, 2025 – Jan 31, 2026)')
ans('b6-rel-03', 'NVDA revenue in the quarter before Q1 FY27', [q4(N, 'rev', 2026)], 'derived-q4: the quarter before a named quarter (control)')
ans('b6-rel-04', 'Alphabet revenue in the year-ago quarter of its latest quarter', [amt(GO, 'rev', q(GO, 2025, 1))], 'ordinal-quarter: only the year-ago quarter (Q1 2025) is asked; the latest quarter is the reference, not a second answer')
ans('b6-rel-05', 'Apple revenue in the fiscal year before the latest', [amt(A, 'rev', fy(A, 2024))], 'fy-shorthand: the fiscal year before the latest (FY2025) = FY2024')
ans('b6-rel-06', 'NVDA latest fiscal year revenue', [amt(N, 'rev', fy(N, 2026))], 'fy-shorthand: latest fiscal year (control)')
ans('b6-rel-07', 'NVDA revenue in the last quarter of FY2026', [q4(N, 'rev', 2026)], "derived-q4: 'last quarter of FY2026' = Q4")
ans('b6-rel-08', 'Apple revenue four quarters before Q1 FY26', [amt(A, 'rev', q(A, 2025, 1))], 'ordinal-quarter: four quarters before = the year-ago quarter')
ans('b6-rel-09', 'Alphabet operating income two quarters before Q1 2026', [amt(GO, 'oi', q(GO, 2025, 3))], 'ordinal-quarter: two quarters before Q1 2026 = Q3 2025')
ans('b6-rel-10', "NVDA's most recent quarter revenue growth q/q", [growth(amt(N, 'rev', q(N, 2027, 1)), q4(N, 'rev', 2026))], 'growth: sequential growth of the latest quarter over the derived Q4 (control)')
ans('b6-rel-11', 'NVDA revenue for the last 8 quarters', [amt(N, 'rev', q(N, 2025, 2)), amt(N, 'rev', q(N, 2025, 3)), q4(N, 'rev', 2025), amt(N, 'rev', q(N, 2026, 1)), amt(N, 'rev', q(N, 2026, 2)), amt(N, 'rev', q(N, 2026, 3)), q4(N, 'rev', 2026), amt(N, 'rev', q(N, 2027, 1))], 'multi-year: the eight quarters to the latest (Q2 FY25 – Q1 FY27; Q4s derived)')
ans('b6-rel-12', 'Marvell revenue in the latest fiscal quarter and the one before it', [q4(M, 'rev', 2026), amt(M, 'rev', q(M, 2027, 1))], 'multi-year: the latest quarter and the one before it')

# (C) TTM of formula measures, and of balances (refused)
ans('b6-ttm-01', "Apple TTM operating margin through FQ1'26", [ratio(ttm(A, 'oi', 2026, 1), ttm(A, 'rev', 2026, 1))], 'ttm: TTM operating income / TTM revenue')
ans('b6-ttm-02', "NVDA TTM free cash flow as of FQ1'27", [ttm_fcf(N, 2027, 1)], 'ttm: TTM OCF − TTM capex')
ans('b6-ttm-03', 'Alphabet TTM FCF margin as of Q1 2026', [ratio(ttm_fcf(GO, 2026, 1), ttm(GO, 'rev', 2026, 1))], 'ttm: TTM FCF / TTM revenue')
ans('b6-ttm-04', "Apple TTM effective tax rate through FQ1'26", [ratio(ttm(A, 'tax', 2026, 1), ttm(A, 'pbt', 2026, 1))], 'ttm: TTM tax / TTM pre-tax income')
ans('b6-ttm-05', "NVDA TTM R&D as a % of revenue as of FQ1'27", [ratio(ttm(N, 'rnd', 2027, 1), ttm(N, 'rev', 2027, 1))], 'ttm: ratio in words over a TTM window')
ans('b6-ttm-06', 'Alphabet TTM ROE as of Q1 2026', [on_avg_balance(ttm(GO, 'ni', 2026, 1), inst(GO, 'equity', '2025-03-31'), inst(GO, 'equity', '2026-03-31'))], 'ttm: TTM net income over the average of opening and closing equity (the closing equity alone is accepted)')
no('b6-ttm-07', 'Apple TTM total assets', 'insufficient_evidence', 'ttm: a balance has no trailing sum')
no('b6-ttm-08', "NVDA TTM inventory as of FQ1'27", 'insufficient_evidence', 'ttm: a balance has no trailing sum')
ans('b6-ttm-09', 'MRVL LTM gross profit as of Q1 FY27', [ttm(M, 'gp', 2027, 1)], 'ttm: a flow (control)')
ans('b6-ttm-10', "Apple TTM SBC through FQ1'26", [ttm(A, 'sbc', 2026, 1)], 'ttm: a cash-flow add-back')
ans('b6-ttm-11', 'Alphabet TTM net income growth as of Q1 2026', [growth(ttm(GO, 'ni', 2026, 1), ttm(GO, 'ni', 2025, 1))], 'ttm: TTM over the prior TTM')
ans('b6-ttm-12', 'MRVL TTM operating margin change y/y as of Q1 FY27', [margin_change(ttm(M, 'oi', 2027, 1), ttm(M, 'rev', 2027, 1), ttm(M, 'oi', 2026, 1), ttm(M, 'rev', 2026, 1))], 'ttm: change of the TTM operating margin over the prior TTM (pp, a fraction)')
ans('b6-ttm-13', "Apple TTM EBITDA through FQ1'26", [add(ttm(A, 'oi', 2026, 1), ttm(A, 'da', 2026, 1))], 'ttm: TTM operating income + TTM D&A')
ans('b6-ttm-14', 'Alphabet TTM ROA as of Q1 2026', [on_avg_balance(ttm(GO, 'ni', 2026, 1), inst(GO, 'assets', '2025-03-31'), inst(GO, 'assets', '2026-03-31'))], 'ttm: TTM net income over average assets')
no('b6-ttm-15', "Apple TTM current ratio through FQ1'26", 'insufficient_evidence', 'ttm: a ratio of balances has no trailing window')
no('b6-ttm-16', "NVDA TTM book value per share as of FQ1'27", 'insufficient_evidence', 'ttm: a balance per share has no trailing window')
ans('b6-ttm-17', 'Alphabet TTM payout ratio as of Q1 2026', [ratio(ttm(GO, 'divpaid', 2026, 1), ttm(GO, 'ni', 2026, 1))], 'ttm: TTM dividends paid / TTM net income')
no('b6-ttm-18', "NVDA LTM dividends per share as of FQ1'27", 'insufficient_evidence', 'ttm: per-share figures do not add')
ans('b6-ttm-19', "Apple TTM pretax margin through FQ1'26", [ratio(ttm(A, 'pbt', 2026, 1), ttm(A, 'rev', 2026, 1))], 'ttm: TTM pre-tax income / TTM revenue')

# (D) ratios over combined, derived and half-year periods
ans('b6-comb-01', 'Apple operating margin for Q1 and Q2 FY25 combined', [ratio(amt(A, 'oi', ytd(A, 2025, 2)), amt(A, 'rev', ytd(A, 2025, 2)))], 'valid-arithmetic: margin of the combined half')
ans('b6-comb-02', 'Alphabet effective tax rate for 2024 and 2025 combined', [ratio(span_sum(amt(GO, 'tax', fy(GO, 2024)), amt(GO, 'tax', fy(GO, 2025))), span_sum(amt(GO, 'pbt', fy(GO, 2024)), amt(GO, 'pbt', fy(GO, 2025))))], 'valid-arithmetic: tax over pre-tax income of the two years together')
ans('b6-comb-03', 'NVDA FCF margin for FY25 and FY26 together', [ratio(span_sum(fcf(N, fy(N, 2025)), fcf(N, fy(N, 2026))), span_sum(amt(N, 'rev', fy(N, 2025)), amt(N, 'rev', fy(N, 2026))))], 'valid-arithmetic: FCF margin over the two years together')
ans('b6-comb-04', 'Alphabet net margin for the first three quarters of 2025 combined', [ratio(amt(GO, 'ni', ytd(GO, 2025, 3)), amt(GO, 'rev', ytd(GO, 2025, 3)))], 'valid-arithmetic: margin of 9M 2025')
no('b6-comb-05', 'Apple net margin Q1 FY25 plus Q2 FY25', 'rejected', 'invalid-join: two margins added')
no('b6-comb-06', 'Alphabet effective tax rate Q1 2026 plus Q4 2025', 'rejected', 'invalid-join: two tax rates added')
ans('b6-comb-07', 'Apple EBITDA for Q1 and Q2 FY25 combined', [add(amt(A, 'oi', ytd(A, 2025, 2)), amt(A, 'da', ytd(A, 2025, 2)))], 'valid-arithmetic: EBITDA of the combined half (linear, adds)')
ans('b6-comb-08', 'NVDA average gross margin FY2024-FY2026', [either(mean(*[ratio(amt(N, 'gp', fy(N, y)), amt(N, 'rev', fy(N, y))) for y in (2024, 2025, 2026)]), ratio(span_sum(*[amt(N, 'gp', fy(N, y)) for y in (2024, 2025, 2026)]), span_sum(*[amt(N, 'rev', fy(N, y)) for y in (2024, 2025, 2026)])))], 'multi-year: average of three yearly margins (the margin of the three years together is accepted), over FY24–FY26')
ans('b6-comb-09', 'Apple H1 FY25 effective tax rate', [ratio(amt(A, 'tax', ytd(A, 2025, 2)), amt(A, 'pbt', ytd(A, 2025, 2)))], 'half-ytd: a tax rate over the half')
ans('b6-comb-10', 'Apple Q4 FY25 effective tax rate', [q4ratio(A, 'tax', 'pbt', 2025)], 'derived-q4: a tax rate of derived Q4 flows')
ans('b6-comb-11', 'Alphabet H2 2025 net margin', [ratio(h2(GO, 'ni', 2025), h2(GO, 'rev', 2025))], 'half-ytd: H2 margin from FY − H1 flows')
ans('b6-comb-12', 'NVDA Q4 FY26 EBITDA', [add(q4(N, 'oi', 2026), q4(N, 'da', 2026))], 'derived-q4: derived Q4 operating income + derived Q4 D&A')

# (E) versions of a figure
ans('b6-ver-01', 'NVDA FY2024 diluted EPS as restated in the FY2025 10-K', [amt(N, 'eps_d', fy(N, 2024), basis='fy:2025')], 'fy-shorthand: restated in a named filing (1.19)')
ans('b6-ver-02', 'NVDA FY2024 diluted EPS, originally reported vs restated', [amt(N, 'eps_d', fy(N, 2024), basis='original'), amt(N, 'eps_d', fy(N, 2024))], 'fy-shorthand: both versions (11.93 and 1.19) of the same period')
ans('b6-ver-03', 'Alphabet 2021 diluted EPS as reported in the 2023 10-K', [amt(GO, 'eps_d', fy(GO, 2021), basis='fy:2023')], 'fy-shorthand: a later named filing (5.61, after the 2022 split)')
ans('b6-ver-04', 'LPA basic EPS 2022 as reported in the 2024 20-F', [amt(LP, 'eps_b', fy(LP, 2022), basis='fy:2024')], 'fy-shorthand: IFRS named filing (0.28)')
ans('b6-ver-05', 'Apple FY2023 revenue as reported in the FY2025 10-K', [amt(A, 'rev', fy(A, 2023), basis='fy:2025')], 'fy-shorthand: the third year of a 10-K')
no('b6-ver-06', 'NVDA FY2022 revenue as reported in the FY2025 10-K', 'insufficient_evidence', 'abstain: the FY2025 10-K covers FY2023–FY2025 only')
no('b6-ver-07', 'NVDA FY2024 diluted EPS in the Q1 FY2025 10-Q', 'insufficient_evidence', 'abstain: a 10-Q does not report the fiscal year EPS')
ans('b6-ver-08', 'NVDA shares outstanding at Jan 28, 2024 before the split', [inst(N, 'so', '2024-01-28', basis='original')], "balance-asof: 'before the split' = as originally reported (2,464m)")
ans('b6-ver-09', 'What did NVDA originally report for FY2024 diluted EPS, and what is it now?', [amt(N, 'eps_d', fy(N, 2024), basis='original'), amt(N, 'eps_d', fy(N, 2024))], 'fy-shorthand: original and latest versions')
ans('b6-ver-10', 'NVDA FY2023 diluted EPS as reported in the FY2024 10-K', [amt(N, 'eps_d', fy(N, 2023), basis='fy:2024')], 'fy-shorthand: named filing before the 2024 split (1.74; latest 0.174)')
ans('b6-ver-11', 'NVDA FY2024 diluted EPS adjusted for the split', [amt(N, 'eps_d', fy(N, 2024))], "fy-shorthand: 'adjusted for the split' = split-adjusted (1.19), not a non-GAAP adjustment")
ans('b6-ver-12', 'Alphabet 2021 diluted EPS on a post-split basis', [amt(GO, 'eps_d', fy(GO, 2021))], 'fy-shorthand: post-split basis = latest (5.61)')

# (F) equity and NCI captions (US GAAP Tesla; IFRS LPA)
ans('b6-nci-01', 'Tesla total comprehensive income 2021', [amt(T, 'tci_incl_nci', fy(T, 2021))], "synonym: 'total comprehensive income' = the line incl. NCI (5,335m); attributable to common stockholders is 5,210m")
ans('b6-nci-02', 'Tesla comprehensive income 2021', [amt(T, 'tci_incl_nci', fy(T, 2021))], "synonym: Tesla's caption 'Comprehensive income' is the total (5,335m) before 'comprehensive income attributable to noncontrolling interests'")
ans('b6-nci-03', 'Tesla comprehensive income attributable to common stockholders 2021', [amt(T, 'tci_parent', fy(T, 2021))], "synonym: the parent's share (ComprehensiveIncomeNetOfTax 5,210m)")
ans('b6-nci-04', 'Tesla comprehensive income including noncontrolling interests, 2021', [amt(T, 'tci_incl_nci', fy(T, 2021))], 'synonym: incl. NCI (5,335m)')
ans('b6-nci-05', 'Tesla total equity at Dec 31, 2020', [inst(T, 'equity_incl_nci', '2020-12-31')], 'balance-asof: total equity incl. NCI (23,075m)')
ans('b6-nci-06', 'Tesla total liabilities and equity at 9/30/22', [inst(T, 'eq_and_liab', '2022-09-30')], 'balance-asof: total liabilities and equity')
ans('b6-nci-07', 'Tesla net income attributable to noncontrolling interests 2021', [amt(T, 'nci_ni', fy(T, 2021))], 'synonym: the NCI share of net income (125m)')
ans('b6-nci-08', "Tesla stockholders' equity including noncontrolling interests at 12/31/2021", [inst(T, 'equity_incl_nci', '2021-12-31')], 'balance-asof: equity incl. NCI (31,015m)')
ans('b6-nci-09', 'Tesla redeemable noncontrolling interests at Dec 31, 2021', [inst(T, 'redeemable_nci', '2021-12-31')], 'balance-asof: mezzanine redeemable NCI (568m) — neither equity nor the NCI in equity')
ans('b6-nci-10', 'Tesla net income before noncontrolling interests, 9M 2022', [amt(T, 'profit_incl_nci', ytd(T, 2022, 3))], 'synonym: before NCI = ProfitLoss')
ans('b6-nci-11', 'LPA total equity at 31 December 2022', [inst(LP, 'equity_total', '2022-12-31')], 'balance-asof: IFRS total equity incl. NCI (control of the fix)')
ans('b6-nci-12', 'Tesla total equity change 2021 vs 2020', [change(inst(T, 'equity_incl_nci', '2021-12-31'), inst(T, 'equity_incl_nci', '2020-12-31'))], 'growth: change of a balance, total equity incl. NCI')
ans('b6-nci-13', 'LPA loss for the year 2024', [amt(LP, 'profit_total', fy(LP, 2024))], "synonym: IFRS 'loss for the year' = ProfitLoss (−19.4m, incl. NCI)")
ans('b6-nci-14', 'LPA total comprehensive income attributable to owners of the parent 2024', [amt(LP, 'tci_parent', fy(LP, 2024))], "synonym: the owners' share of total comprehensive income (−42.3m)")
ans('b6-nci-15', 'LPA return on equity 2024', [either(on_avg_balance(amt(LP, 'ni', fy(LP, 2024)), inst(LP, 'equity', '2023-12-31'), inst(LP, 'equity', '2024-12-31')), on_avg_balance(amt(LP, 'profit_total', fy(LP, 2024)), inst(LP, 'equity_total', '2023-12-31'), inst(LP, 'equity_total', '2024-12-31')))], "synonym: ROE on a consistent basis: owners' profit over owners' equity (−12.98%) or total profit over total equity (−7.3%)")
ans('b6-nci-16', 'Tesla ROE 2021', [either(on_avg_balance(amt(T, 'ni', fy(T, 2021)), inst(T, 'equity', '2020-12-31'), inst(T, 'equity', '2021-12-31')), on_avg_balance(amt(T, 'profit_incl_nci', fy(T, 2021)), inst(T, 'equity_incl_nci', '2020-12-31'), inst(T, 'equity_incl_nci', '2021-12-31')))], 'synonym: ROE on a consistent basis (parent or incl. NCI)')
ans('b6-nci-17', 'Tesla total equity at the end of Q2 2022', [inst(T, 'equity_incl_nci', '2022-06-30')], 'balance-asof: total equity incl. NCI at a quarter-end')
ans('b6-nci-18', 'LPA non-controlling interests at 31 Dec 2023', [inst(LP, 'nci', '2023-12-31')], 'balance-asof: the NCI balance')
ans('b6-nci-19', 'Tesla total net income 2021', [amt(T, 'profit_incl_nci', fy(T, 2021))], "synonym: 'total net income' = the line before NCI (Tesla 'Net income' 5,644m; attributable to common stockholders 5,519m)")

# (G) comparisons asked as questions, rankings, cross-company arithmetic
ans('b6-cmp-01', 'Did NVDA grow revenue faster than Apple in FY2025?', [growth(amt(N, 'rev', fy(N, 2025)), amt(N, 'rev', fy(N, 2024))), growth(amt(A, 'rev', fy(A, 2025)), amt(A, 'rev', fy(A, 2024)))], 'cross-company: two growth rates, each on its own FY2025')
ans('b6-cmp-02', 'Which of Apple, NVIDIA and Alphabet had the highest net margin in fiscal 2025?', [ratio(amt(t, 'ni', fy(t, 2025)), amt(t, 'rev', fy(t, 2025))) for t in (A, N, GO)], 'cross-company: a ranking = the three margins, each on its own FY2025')
ans('b6-cmp-03', "Was Alphabet's 2025 operating income larger than Apple's FY2025 operating income?", [amt(GO, 'oi', fy(GO, 2025)), amt(A, 'oi', fy(A, 2025))], 'cross-company: a yes/no comparison = both figures')
ans('b6-cmp-04', 'Rank Apple, Alphabet and NVDA by FY2025 R&D', [amt(t, 'rnd', fy(t, 2025)) for t in (A, GO, N)], 'cross-company: a ranking of three')
no('b6-cmp-05', 'NVDA revenue as a multiple of MRVL revenue, FY2026', 'rejected', 'invalid-join: a ratio across companies whose fiscal 2026 periods differ (Jan 25 vs Jan 31, 2026)')
no('b6-cmp-06', 'Apple revenue divided by Alphabet revenue, 2024', 'rejected', 'invalid-join: a ratio across companies over different periods (Apple FY to Sep 28, 2024; Alphabet calendar 2024)')
no('b6-cmp-07', "How much bigger was Apple's FY2025 revenue than NVDA's FY2025 revenue?", 'rejected', 'invalid-join: a difference across companies over different periods; the two levels alone do not answer "how much bigger"')
ans('b6-cmp-08', "Did Alphabet's 2025 revenue grow more than 10%?", [growth(amt(GO, 'rev', fy(GO, 2025)), amt(GO, 'rev', fy(GO, 2024)))], 'growth: a threshold in the question; the answer is the growth rate')
ans('b6-cmp-09', 'Did Apple revenue exceed $400bn in FY2025?', [amt(A, 'rev', fy(A, 2025))], 'fy-shorthand: a number in the question is a threshold, not a period or a scale')
ans('b6-cmp-10', 'Was NVDA FY2026 net income above 100 billion?', [amt(N, 'ni', fy(N, 2026))], 'fy-shorthand: a threshold in the question')
no('b6-cmp-11', "If Apple's FY2025 revenue grew 5%, what would it be?", 'insufficient_evidence', 'abstain: a hypothetical projection is not a reported figure')
ans('b6-cmp-12', "Did Marvell's FY2026 revenue top 8 billion dollars?", [amt(M, 'rev', fy(M, 2026))], 'fy-shorthand: a threshold in words')

# (H) averages
ans('b6-avg-01', 'Alphabet average quarterly revenue in 2025', [dict(amt(GO, 'rev', fy(GO, 2025)), value=amt(GO, 'rev', fy(GO, 2025))['value'] / 4, accept=[amt(GO, 'rev', fy(GO, 2025))['value'] / 4], tol=0.001)], 'valid-arithmetic: the mean of the four quarters (= FY / 4), over 2025')
ans('b6-avg-02', 'NVDA average annual revenue FY2024-FY2026', [mean(*[amt(N, 'rev', fy(N, y)) for y in (2024, 2025, 2026)])], 'multi-year: mean of three fiscal years, over FY24–FY26')

# (I) per-share and per-employee figures
no('b6-ps-01', 'Apple revenue per employee FY2025', 'insufficient_evidence', 'abstain: employee counts are not in the corpus')
ans('b6-ps-02', 'Apple book value per share at the end of fiscal 2025', [ratio(inst(A, 'equity', fy(A, 2025)[1]), inst(A, 'so', fy(A, 2025)[1]))], 'synonym: equity / shares outstanding at Sep 27, 2025')
ans('b6-ps-03', 'Apple sales per diluted share FY2025', [ratio(amt(A, 'rev', fy(A, 2025)), amt(A, 'sh_d', fy(A, 2025)))], 'valid-arithmetic: revenue / weighted diluted shares')
ans('b6-ps-04', 'Apple net income per diluted share FY2025', [amt(A, 'eps_d', fy(A, 2025))], 'synonym: net income per diluted share = diluted EPS')

# (J) 'excluding' / 'ex-' adjustments: non-GAAP, must not be the GAAP figure
for i, qq in enumerate(['Apple net income excluding the one-time tax charge FY2025', 'NVDA operating income ex-R&D FY2026', 'Alphabet revenue ex-TAC 2025', 'Alphabet capex excluding finance leases 2025', 'Tesla revenue excluding regulatory credits Q3 2022', 'MRVL net loss ex-impairment FY2025', 'Apple gross margin ex-services FY2025'], 1):
    no(f'b6-ex-{i:02d}', qq, 'insufficient_evidence', 'abstain: an adjusted figure that is not reported; the GAAP figure must not be given for it')

# (K) segments, products, geographies and 'other' lines: never the total
SEG = [
    ('NVDA data center revenue FY2026', 'segment'), ('Apple iPhone revenue FY2025', 'product'),
    ('Alphabet Google Services operating income 2025', 'segment'), ('Apple Americas net sales FY2025', 'geography'),
    ('Tesla automotive revenue Q3 2022', 'segment'), ('Apple US revenue FY2025', "geography: 'US' is the United States, not the pronoun"),
    ('NVDA US revenue FY2026', 'geography'), ('Apple revenue in the US FY2025', 'geography'),
    ('Apple net sales to the US FY2025', 'geography'), ('Alphabet US revenue 2025', 'geography'),
    ('Alphabet US net income 2025', 'geography'), ('Alphabet international revenue 2025', 'geography'),
    ('NVDA revenue from China FY2026', 'geography'), ('Tesla other revenue 2021', "a sub-line ('other revenue'), not total revenue"),
    ('NVDA other revenue FY2026', 'a sub-line'), ('Apple other net sales FY2025', 'a sub-line'),
    ('Marvell other revenue FY2026', 'a sub-line'), ('Apple revenue from services FY2025', 'product line'),
    ('Alphabet advertising revenue 2025', 'product line'), ('Apple revenue by region FY2025', 'geography breakdown'),
    ('Apple products gross margin FY2025', 'product line'), ('Tesla US revenue 2021', 'geography'),
    ('Marvell US revenue FY2026', 'geography'),
]
for i, (qq, what) in enumerate(SEG, 1):
    no(f'b6-seg-{i:02d}', qq, 'insufficient_evidence', f'abstain: {what} is not in companyfacts; the consolidated total must not be given')
ans('b6-seg-24', 'NVDA US pre-tax income FY2026', [amt(N, 'pbt_dom', fy(N, 2026))], "synonym: US = domestic income before taxes (123.2bn), which NVIDIA tags; not the total 141.5bn")
ans('b6-seg-25', 'NVDA pre-tax income in the US FY2026', [amt(N, 'pbt_dom', fy(N, 2026))], 'synonym: domestic pre-tax income')
ans('b6-seg-26', 'Alphabet domestic pre-tax income 2025', [amt(GO, 'pbt_dom', fy(GO, 2025))], 'synonym: domestic pre-tax income (control)')
ans('b6-seg-27', 'Apple foreign pre-tax income FY2025', [amt(A, 'pbt_for', fy(A, 2025))], 'synonym: foreign pre-tax income (control)')
ans('b6-seg-28', 'Apple federal income tax expense FY2025', [amt(A, 'fed_tax', fy(A, 2025))], 'synonym: federal income tax expense (current + deferred, 9,683m), not total tax (20,719m)')

# (L) units, scales and currencies
ans('b6-unit-01', 'Alphabet 2025 revenue in mn', [amt(GO, 'rev', fy(GO, 2025))], 'fy-shorthand: scale mn')
ans('b6-unit-02', 'Apple FY2025 revenue in trillions', [amt(A, 'rev', fy(A, 2025))], 'fy-shorthand: scale trillions')
ans('b6-unit-03', "LPA 2024 revenue in USD '000", [amt(LP, 'rev', fy(LP, 2024))], "alias: USD '000 (thousands)")
no('b6-unit-04', 'Apple FY25 revenue in JPY', 'insufficient_evidence', 'abstain: currency not reported')
ans('b6-unit-05', 'NVDA FY26 diluted EPS in cents', [dict(amt(N, 'eps_d', fy(N, 2026)), accept=[amt(N, 'eps_d', fy(N, 2026))['value'], amt(N, 'eps_d', fy(N, 2026))['value'] * 100])], 'fy-shorthand: a per-share figure shown in cents')
ans('b6-unit-06', 'Apple revenue in us dollars FY2025', [amt(A, 'rev', fy(A, 2025))], "alias: 'us dollars' in lower case (the reporting currency)")
no('b6-unit-07', 'Apple FY2025 revenue in INR crore', 'insufficient_evidence', 'abstain: a currency the figure is not reported in (rupees), with an Indian scale')

# (M) negative framing
ans('b6-neg-01', 'How much did Marvell lose in fiscal 2025?', [signs(amt(M, 'ni', fy(M, 2025)))], 'synonym: a loss asked as an amount (net loss 885m)')
ans('b6-neg-02', 'Marvell net loss FY2025', [signs(amt(M, 'ni', fy(M, 2025)))], 'synonym: net loss')
ans('b6-neg-03', 'Snowflake net loss FY2025', [signs(amt(S, 'ni', fy(S, 2025)))], 'synonym: net loss (FY2025 ended Jan 31, 2025)')
ans('b6-neg-04', 'How much did LPA lose in 2024?', [signs(either(amt(LP, 'profit_total', fy(LP, 2024)), amt(LP, 'ni', fy(LP, 2024))))], "synonym: IFRS loss for the year (−19.4m; the owners' −29.3m is accepted)")
ans('b6-neg-05', 'Marvell operating loss FY2025', [signs(amt(M, 'oi', fy(M, 2025)))], 'synonym: operating loss')
ans('b6-neg-06', 'Did Marvell make money in fiscal 2026?', [amt(M, 'ni', fy(M, 2026))], "synonym: 'make money' = net income")
ans('b6-neg-07', 'Marvell net loss margin FY2025', [ratio(amt(M, 'ni', fy(M, 2025)), amt(M, 'rev', fy(M, 2025)))], 'synonym: net loss margin (negative)')
ans('b6-neg-08', 'Marvell diluted loss per share FY2025', [signs(amt(M, 'eps_d', fy(M, 2025)))], 'synonym: diluted loss per share')
no('b6-neg-09', 'Snowflake net loss growth FY2025', 'insufficient_evidence', 'growth: from a negative base a percentage is not meaningful')
ans('b6-neg-10', 'Snowflake net loss change FY2025 vs FY2024', [signs(change(amt(S, 'ni', fy(S, 2025)), amt(S, 'ni', fy(S, 2024))))], 'growth: the change of a loss (−449.5m in net income; a 449.5m wider loss)')
no('b6-neg-11', 'Marvell operating income growth FY2026', 'insufficient_evidence', 'growth: from a negative base (FY25 operating loss)')
ans('b6-neg-12', "How much lower was Marvell's FY2025 net loss than its FY2024 net loss?", [signs(change(amt(M, 'ni', fy(M, 2025)), amt(M, 'ni', fy(M, 2024))))], 'growth: a difference asked in words (+48.4m in net income = a 48.4m smaller loss)')

# (N) follow-up fragments (no context): ask back
for i, qq in enumerate(['and the year before?', 'what about NVDA?', 'same for Q2', 'And for FY2024?'], 1):
    no(f'b6-frag-{i:02d}', qq, 'needs_clarification', 'ambiguous: a follow-up fragment without its question')

# (O) long, multi-clause questions
ans('b6-long-01', 'For Apple, in fiscal 2025 (the year ended September 27, 2025), what was revenue, and by what percentage did it change from fiscal 2024?', [amt(A, 'rev', fy(A, 2025)), growth(amt(A, 'rev', fy(A, 2025)), amt(A, 'rev', fy(A, 2024)))], 'growth: two asks in one question: the level and the growth')
ans('b6-long-02', "I'd like to know NVIDIA's net income for its fiscal year 2026, which ended in late January 2026, and also the diluted EPS for the same year", [amt(N, 'ni', fy(N, 2026)), amt(N, 'eps_d', fy(N, 2026))], 'fy-shorthand: two measures, a confirming end clause and "the same year"')
ans('b6-long-03', "Looking at Alphabet's 2024 annual report, what were total assets at year-end and how much cash did it hold?", [inst(GO, 'assets', '2024-12-31', basis='fy:2024'), inst(GO, 'cash', '2024-12-31', basis='fy:2024')], 'balance-asof: two balances at the year-end of a named annual report')
ans('b6-long-04', "Can you tell me, for Marvell's most recent fiscal quarter, the revenue, gross profit and operating income?", [amt(M, m, q(M, 2027, 1)) for m in ('rev', 'gp', 'oi')], 'ordinal-quarter: three measures of the latest quarter')
ans('b6-long-05', 'Apple revenue and net income, FY2025', [amt(A, 'rev', fy(A, 2025)), amt(A, 'ni', fy(A, 2025))], 'synonym: two measures listed (not a calculation)')

# (P) typos in measure words
TYPO = [('Apple reveune FY2025', A, 'rev', fy(A, 2025)), ('NVDA opertaing income FY2026', N, 'oi', fy(N, 2026)),
        ('Alphabet net incme 2025', GO, 'ni', fy(GO, 2025)), ('Marvell gross proft FY2026', M, 'gp', fy(M, 2026)),
        ('Apple dilluted EPS FY2025', A, 'eps_d', fy(A, 2025)), ('NVDA reserch and development FY2026', N, 'rnd', fy(N, 2026)),
        ('Alphabet captial expenditures 2025', GO, 'capex', fy(GO, 2025)), ('NVDA net inocme FY2026', N, 'ni', fy(N, 2026)),
        ('Apple operating incme FY2025', A, 'oi', fy(A, 2025))]
for i, (qq, t, m, per) in enumerate(TYPO, 1):
    ans(f'b6-typo-{i:02d}', qq, [amt(t, m, per)], 'synonym: a typo in the measure word (one reading only)')
ans('b6-typo-10', 'Apple gross marign FY2025', [ratio(amt(A, 'gp', fy(A, 2025)), amt(A, 'rev', fy(A, 2025)))], 'synonym: typo in margin')
ans('b6-typo-11', 'Apple total liabilites at Sep 27, 2025', [inst(A, 'liab', '2025-09-27')], 'balance-asof: typo in liabilities')
ans('b6-typo-12', 'Apple current assests at Sep 27, 2025', [inst(A, 'ca', '2025-09-27')], 'balance-asof: typo in assets')

# (Q) a difference asked in words ('how much more … than'): the change, not the two levels
ans('b6-diff-01', 'How much more revenue did Apple make in FY2025 than in FY2024?', [change(amt(A, 'rev', fy(A, 2025)), amt(A, 'rev', fy(A, 2024)))], 'valid-arithmetic: how much more … than = the change, carrying FY2025')
ans('b6-diff-02', "How much higher was NVDA's FY2026 net income than its FY2025 net income?", [change(amt(N, 'ni', fy(N, 2026)), amt(N, 'ni', fy(N, 2025)))], 'valid-arithmetic: how much higher … than')
ans('b6-diff-03', "Was Apple's FY2025 revenue greater than its FY2024 revenue, and by how much?", [either(change(amt(A, 'rev', fy(A, 2025)), amt(A, 'rev', fy(A, 2024))), growth(amt(A, 'rev', fy(A, 2025)), amt(A, 'rev', fy(A, 2024))))], 'valid-arithmetic: by how much = the change (or the growth rate)')
ans('b6-diff-04', 'NVDA FY2026 revenue, how much larger than FY2025', [either(change(amt(N, 'rev', fy(N, 2026)), amt(N, 'rev', fy(N, 2025))), growth(amt(N, 'rev', fy(N, 2026)), amt(N, 'rev', fy(N, 2025))))], 'valid-arithmetic: how much larger than')
ans('b6-diff-05', "How much smaller was Alphabet's 2024 capex than its 2025 capex?", [signs(change(amt(GO, 'capex', fy(GO, 2025)), amt(GO, 'capex', fy(GO, 2024))))], 'valid-arithmetic: how much smaller … than (the change between the years, carrying 2025)')
ans('b6-diff-06', "By how much did Alphabet's 2025 revenue exceed its 2024 revenue?", [either(change(amt(GO, 'rev', fy(GO, 2025)), amt(GO, 'rev', fy(GO, 2024))), growth(amt(GO, 'rev', fy(GO, 2025)), amt(GO, 'rev', fy(GO, 2024))))], 'valid-arithmetic: by how much … exceed')
ans('b6-diff-07', "How much did Apple's revenue increase from FY2024 to FY2025?", [either(change(amt(A, 'rev', fy(A, 2025)), amt(A, 'rev', fy(A, 2024))), growth(amt(A, 'rev', fy(A, 2025)), amt(A, 'rev', fy(A, 2024))))], 'growth: how much … increase (amount or rate)')
ans('b6-diff-08', 'Apple revenue FY2025 compared to FY2024, how much more?', [either(change(amt(A, 'rev', fy(A, 2025)), amt(A, 'rev', fy(A, 2024))), growth(amt(A, 'rev', fy(A, 2025)), amt(A, 'rev', fy(A, 2024))))], 'valid-arithmetic: how much more (trailing)')

# (R) periods by months and counts
ans('b6-per-01', 'Alphabet revenue for April-September 2025', [span_sum(amt(GO, 'rev', q(GO, 2025, 2)), amt(GO, 'rev', q(GO, 2025, 3)))], 'valid-arithmetic: two calendar quarters by their months = Q2 + Q3 2025')
ans('b6-per-02', 'Alphabet revenue Jul-Dec 2025', [h2(GO, 'rev', 2025)], 'half-ytd: Jul-Dec = H2 (FY − H1)')
ans('b6-per-03', 'Apple revenue for the 3 quarters ended June 28, 2025', [amt(A, 'rev', ytd(A, 2025, 3))], 'half-ytd: 3 quarters ended = 9M FY25')
ans('b6-per-04', 'NVDA revenue through the first three quarters of FY26', [amt(N, 'rev', ytd(N, 2026, 3))], 'half-ytd: through the first three quarters = 9M FY26')
ans('b6-per-05', 'Apple revenue over the last 5 fiscal years', [amt(A, 'rev', fy(A, y)) for y in range(2021, 2026)], 'multi-year: the last five fiscal years (FY21–FY25)')
no('b6-per-06', 'Alphabet revenue 5 years ago', 'needs_clarification', 'ambiguous: five years before what (today, the latest year)?')
ans('b6-per-07', 'Alphabet revenue for the six months ended June 30, 2025', [amt(GO, 'rev', ytd(GO, 2025, 2))], 'half-ytd: six months ended (control)')
no('b6-per-08', 'Apple monthly revenue FY2025', 'insufficient_evidence', 'abstain: monthly figures are not reported')
no('b6-per-09', 'NVDA FY2026E revenue', 'insufficient_evidence', 'abstain: FY2026E is an estimate; the actual must not be given for it')

# (S) formula measures (controls)
ans('b6-frm-01', 'Apple current ratio at the end of fiscal 2025', [ratio(inst(A, 'ca', fy(A, 2025)[1]), inst(A, 'cl', fy(A, 2025)[1]))], 'synonym: current ratio at a year-end')
ans('b6-frm-02', 'Apple working capital at the end of fiscal 2025', [diff(inst(A, 'ca', fy(A, 2025)[1]), inst(A, 'cl', fy(A, 2025)[1]))], 'synonym: working capital = current assets − current liabilities')
ans('b6-frm-03', 'Apple EBITDA FY2025', [add(amt(A, 'oi', fy(A, 2025)), amt(A, 'da', fy(A, 2025)))], 'synonym: EBITDA = operating income + D&A')
ans('b6-frm-04', 'NVDA ROA FY2026', [on_avg_balance(amt(N, 'ni', fy(N, 2026)), inst(N, 'assets', fy(N, 2025)[1]), inst(N, 'assets', fy(N, 2026)[1]))], 'synonym: ROA over average assets')
ans('b6-frm-05', 'Apple ROE FY2025', [on_avg_balance(amt(A, 'ni', fy(A, 2025)), inst(A, 'equity', fy(A, 2024)[1]), inst(A, 'equity', fy(A, 2025)[1]))], 'synonym: ROE over average equity')


# ================================================================ round 7 (second pass): ranges of quarters
# A range of quarters names every quarter in it (or, with 'combined', their sum): never only its two endpoints.
def qs(t, pairs):
    return [q4(t, 'rev', y) if n == 4 else amt(t, 'rev', q(t, y, n)) for y, n in pairs]


ans('b7-range-01', 'Alphabet revenue Q1-Q3 2025', qs(GO, [(2025, 1), (2025, 2), (2025, 3)]), 'multi-year: a range of quarters = Q1, Q2 and Q3 2025 (Q2 must not be dropped)')
ans('b7-range-02', 'Alphabet revenue Q1–Q3 2025', qs(GO, [(2025, 1), (2025, 2), (2025, 3)]), 'multi-year: en-dash range of quarters')
ans('b7-range-03', 'Alphabet revenue Q1 through Q3 2025', qs(GO, [(2025, 1), (2025, 2), (2025, 3)]), "multi-year: 'Q1 through Q3'")
ans('b7-range-04', 'NVDA Q1-Q3 FY26 revenue', qs(N, [(2026, 1), (2026, 2), (2026, 3)]), 'multi-year: range of fiscal quarters')
ans('b7-range-05', 'Alphabet 1Q-3Q25 revenue', qs(GO, [(2025, 1), (2025, 2), (2025, 3)]), 'multi-year: 1Q-3Q25')
ans('b7-range-06', 'Alphabet revenue 1Q25-3Q25', qs(GO, [(2025, 1), (2025, 2), (2025, 3)]), 'multi-year: 1Q25-3Q25')
ans('b7-range-07', 'MRVL Q1-Q4 FY26 revenue', qs(M, [(2026, 1), (2026, 2), (2026, 3), (2026, 4)]), 'multi-year: Q1-Q4 = four quarters (Q4 derived)')
ans('b7-range-08', 'Apple revenue Q1-Q4 FY25', qs(A, [(2025, 1), (2025, 2), (2025, 3), (2025, 4)]), 'multi-year: Q1-Q4 FY25')
ans('b7-range-09', 'Alphabet net income Q2-Q4 2024', [amt(GO, 'ni', q(GO, 2024, 2)), amt(GO, 'ni', q(GO, 2024, 3)), q4(GO, 'ni', 2024)], 'multi-year: Q2-Q4 2024')
ans('b7-range-10', 'Apple gross margin Q1-Q3 FY25', [ratio(amt(A, 'gp', q(A, 2025, n)), amt(A, 'rev', q(A, 2025, n))) for n in (1, 2, 3)], 'multi-year: a margin for each quarter of the range')
ans('b7-range-11', 'Alphabet revenue Q3 2024-Q2 2025', qs(GO, [(2024, 3), (2024, 4), (2025, 1), (2025, 2)]), 'multi-year: a range across a year end (four quarters)')
ans('b7-range-12', 'Alphabet revenue 2Q24-1Q25', qs(GO, [(2024, 2), (2024, 3), (2024, 4), (2025, 1)]), 'multi-year: 2Q24-1Q25 (four quarters)')
ans('b7-range-13', 'Alphabet revenue Q1-Q3 2025 combined', [span_sum(*qs(GO, [(2025, 1), (2025, 2), (2025, 3)]))], 'valid-arithmetic: a range combined = 9M 2025 (Jan 1 – Sep 30)')
ans('b7-range-14', 'Alphabet revenue growth Q1-Q3 2025', [growth(amt(GO, 'rev', q(GO, 2025, n)), amt(GO, 'rev', q(GO, 2025, n - 1)) if n > 1 else q4(GO, 'rev', 2024)) for n in (1, 2, 3)], 'growth: sequential growth of each quarter of the range (Q1 over the derived Q4 2024)')
ans('b7-range-15', 'Alphabet revenue Jan–Mar 2025 through Jul–Sep 2025', qs(GO, [(2025, 1), (2025, 2), (2025, 3)]), 'multi-year: a range named by months')
ans('b7-range-16', 'Apple revenue over FY2023-25', [amt(A, 'rev', fy(A, y)) for y in (2023, 2024, 2025)], 'multi-year: FY2023-25 = a range of three fiscal years')
ans('b7-range-17', 'NVDA revenue FY24-26', [amt(N, 'rev', fy(N, y)) for y in (2024, 2025, 2026)], 'multi-year: FY24-26')
ans('b7-range-18', 'NVDA revenue Q2-Q3 FY26', qs(N, [(2026, 2), (2026, 3)]), 'multi-year: a range of two adjacent quarters (control)')
ans('b7-range-19', 'Alphabet revenue Jan-Sep 2025', [amt(GO, 'rev', ytd(GO, 2025, 3))], 'half-ytd: Jan-Sep = 9M (control)')
ans('b7-range-20', 'Apple diluted and basic EPS FY2025', [amt(A, 'eps_d', fy(A, 2025)), amt(A, 'eps_b', fy(A, 2025))], 'synonym: two EPS measures listed')


# depreciation alone vs depreciation and amortisation (both tagged by Apple and NVIDIA)
ans('b7-dep-01', 'Apple depreciation FY2025', [amt(A, 'dep', fy(A, 2025))], "synonym: depreciation (us-gaap:Depreciation 8,000m), not depreciation and amortisation (11,698m)")
ans('b7-dep-02', 'NVDA depreciation FY2026', [amt(N, 'dep', fy(N, 2026))], 'synonym: depreciation 2,400m (D&A 2,843m)')
ans('b7-dep-03', 'Apple depreciation expense FY2025', [amt(A, 'dep', fy(A, 2025))], 'synonym: depreciation expense')
ans('b7-dep-04', 'NVDA depreciation and amortization FY2026', [amt(N, 'da', fy(N, 2026))], 'synonym: D&A (control)')
# NCI: 'consolidated net income' (ASC 810 caption) is the line before NCI
ans('b7-nci-01', 'Tesla consolidated net income 2021', [amt(T, 'profit_incl_nci', fy(T, 2021))], "synonym: 'consolidated net income' = net income incl. NCI (us-gaap:ProfitLoss 5,644m); attributable to common stockholders 5,519m")
# an exact end date that is no period end, on a TTM window (neighbour of b5-date-04)
no('b7-date-01', 'Apple revenue for the 12 months ended December 31, 2025', 'needs_clarification', "ambiguous: no Apple period ends Dec 31, 2025 (the TTM to Q1 FY26 ends Dec 27)")
# marks near the landed fixes
ans('b7-mark-01', 'Apple total assets at FYE2025', [inst(A, 'assets', fy(A, 2025)[1])], 'balance-asof: FYE2025 = fiscal year-end 2025 (Sep 27, 2025)')
ans('b7-mark-02', 'Apple cash at qtr-end Dec 2025', [inst(A, 'cash', q(A, 2026, 1)[1])], 'balance-asof: qtr-end Dec 2025 = Dec 27, 2025')
ans('b7-mark-03', 'LPA cash at 31 Dec 23', [inst(LP, 'cash', '2023-12-31')], 'balance-asof: day-month-two-digit-year')
ans('b7-mark-04', 'Apple Q1 FY26 revenue growth vs the comparable period', [growth(amt(A, 'rev', q(A, 2026, 1)), amt(A, 'rev', q(A, 2025, 1)))], "growth: 'the comparable period' = the prior-year quarter")
ans('b7-mark-05', 'NVDA revenue growth in the April quarter over the January quarter, FY2027', [growth(amt(N, 'rev', q(N, 2027, 1)), q4(N, 'rev', 2026))], 'growth: quarters named by month, sequential')
no('b7-mark-06', 'Apple cash at YE2025', 'needs_clarification', "ambiguous: YE2025 for a September year-end filer (control: asked back)")
ans('b7-mark-07', 'Alphabet cash at YE24', [inst(GO, 'cash', '2024-12-31')], 'balance-asof: YE24 for a calendar filer (control)')

# growth of a balance is a rate, like growth of a flow; its dollar change is a change
ans('b7-balg-01', 'Apple total assets growth FY2025', [growth(inst(A, 'assets', fy(A, 2025)[1]), inst(A, 'assets', fy(A, 2024)[1]))], 'growth: growth of a balance = closing / opening − 1 (−1.6%), not the dollar change')
ans('b7-balg-02', 'Apple total assets growth rate FY2025', [growth(inst(A, 'assets', fy(A, 2025)[1]), inst(A, 'assets', fy(A, 2024)[1]))], "growth: 'growth rate' of a balance")
ans('b7-balg-03', "Apple shareholders' equity % change FY2025", [growth(inst(A, 'equity', fy(A, 2025)[1]), inst(A, 'equity', fy(A, 2024)[1]))], "growth: '% change' of a balance (+29.4%)")
ans('b7-balg-04', 'Apple total assets y/y % FY2025', [growth(inst(A, 'assets', fy(A, 2025)[1]), inst(A, 'assets', fy(A, 2024)[1]))], "growth: 'y/y %' of a balance")
ans('b7-balg-05', 'Alphabet cash y/y growth at Q1 2026', [growth(inst(GO, 'cash', '2026-03-31'), inst(GO, 'cash', '2025-03-31'))], 'growth: y/y growth of a balance at a quarter-end')
ans('b7-balg-06', 'Tesla total equity growth 2021', [growth(inst(T, 'equity_incl_nci', '2021-12-31'), inst(T, 'equity_incl_nci', '2020-12-31'))], 'growth: growth of total equity incl. NCI')
ans('b7-balg-07', 'NVDA inventory growth q/q Q1 FY27', [growth(inst(N, 'inv', q(N, 2027, 1)[1]), inst(N, 'inv', fy(N, 2026)[1]))], 'growth: q/q growth of a balance = Apr 26, 2026 over Jan 25, 2026 (nothing to derive)')
ans('b7-balg-08', 'NVDA total assets CAGR FY2023-FY2026', [cagr(inst(N, 'assets', fy(N, 2026)[1]), inst(N, 'assets', fy(N, 2023)[1]), 3)], 'growth: CAGR of a balance (control)')
ans('b7-balg-09', 'Apple cash change FY2025', [change(inst(A, 'cash', fy(A, 2025)[1]), inst(A, 'cash', fy(A, 2024)[1]))], 'growth: the dollar change of a balance (control)')

# explicit arithmetic the shared README calls valid
ans('b7-ar-01', 'Apple H2 FY25 revenue: FY2025 minus H1', [h2(A, 'rev', 2025)], 'valid-arithmetic: FY − H1 = H2 (Mar 30 – Sep 27, 2025), as FY − 9M = Q4')
ans('b7-ar-02', 'Alphabet Q3 2025 revenue minus Q1 2025 revenue', [change(amt(GO, 'rev', q(GO, 2025, 3)), amt(GO, 'rev', q(GO, 2025, 1)))], 'valid-arithmetic: a difference between two quarters is a change carrying the later one (adjacency is not required)')
ans('b7-ar-03', 'Apple cash as % of total assets at the end of fiscal 2025', [ratio(inst(A, 'cash', fy(A, 2025)[1]), inst(A, 'assets', fy(A, 2025)[1]))], 'valid-arithmetic: a ratio of two balances at one date')
ans('b7-ar-04', 'Apple net income FY22-24', [amt(A, 'ni', fy(A, y)) for y in (2022, 2023, 2024)], 'multi-year: FY22-24 = three fiscal years')
no('b7-ar-05', 'Apple Q2 FY25 revenue + H1 FY25 revenue', 'rejected', 'invalid-join: a quarter added to the half that contains it (control)')
no('b7-ar-06', 'Alphabet Q1 2025 plus Q3 2025 revenue', 'rejected', 'invalid-join: two non-adjacent quarters added have no single period (control)')

# ---------------------------------------------------------------- scoring by the shared rules
def score(answers_file):
    """Scores `npm run --silent cli -- ask --json --batch` output (one Answer a line, in question order)
    with the rules of ../shared/eval/README.md, which an outside scorer uses: answered = every expected
    value matched (tolerance, period end and, for durations, start) and no escape; insufficient_evidence /
    needs_clarification = any abstention without a value; rejected = `rejected` or `needs_clarification`.
    An escape is a returned value whose period matches no expected period (any value, for a non-answer)."""
    answers = [json.loads(l) for l in open(answers_file) if l.strip()]
    assert len(answers) == len(items), f'{len(answers)} answers for {len(items)} questions'
    rows, cats = [], {}
    for it, a in zip(items, answers):
        exp = it['expect']
        vals = a.get('values') or []
        st = a.get('status')

        def pmatch(v, g):
            p = v['period']
            if p['end'] != g['end']:
                return False
            return p['type'] == 'duration' and p.get('start') == g.get('start') if g['period_type'] == 'duration' else p['type'] == 'instant'

        if exp['status'] == 'answered':
            esc = [v for v in vals if not any(pmatch(v, g) for g in exp['values'])]
            ok = st == 'answered' and not esc and all(
                any(pmatch(v, g) and any(abs(v['value'] - t) <= abs(t) * g['tol'] + 1e-12 for t in [g['value'], *g.get('accept', [])]) for v in vals)
                for g in exp['values'])
        else:
            esc = vals
            ok = not vals and (st in ('rejected', 'needs_clarification') if exp['status'] == 'rejected' else st != 'answered')
        if ok:
            verdict = 'ok'
        elif esc or (st == 'answered' and exp['status'] == 'answered'):
            verdict = 'WRONG-ANSWERED'  # a value for a period not asked, or a wrong number labelled answered
        elif exp['status'] == 'answered':
            verdict = 'wrong-refusal'
        else:
            verdict = 'wrong-kind-of-refusal'
        c = cats.setdefault(it['category'], [0, 0])
        c[0] += 1
        c[1] += ok
        shown = '; '.join(f"{v['value']} {v['period'].get('start')}..{v['period']['end']} [{v.get('metric')}]" for v in vals)
        rows.append((verdict, it['id'], it['question'], exp['status'], st, shown, (a.get('text') or '')[:200]))
    n_ok = sum(r[0] == 'ok' for r in rows)
    print(f'{n_ok}/{len(rows)} correct by the shared rules; {sum(r[0] == "WRONG-ANSWERED" for r in rows)} wrong answers labelled answered (escapes or wrong values)')
    print('by category: ' + ', '.join(f'{k} {v[1]}/{v[0]}' for k, v in sorted(cats.items())))
    for r in sorted(rows, key=lambda r: (r[0] != 'WRONG-ANSWERED', r[0] == 'ok', r[1])):
        if r[0] != 'ok':
            print(f'{r[0]:22} {r[1]:12} {r[2]} | expected {r[3]} | got {r[4]} {r[5]} | {r[6]}')


if len(sys.argv) > 2 and sys.argv[1] == '--score':
    score(sys.argv[2])
else:
    for it in items:
        print(json.dumps(it))
    print(f'{len(items)} questions', file=sys.stderr)
