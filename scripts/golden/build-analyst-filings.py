#!/usr/bin/env python3
"""Builds lib/eval/golden/analyst-filings.jsonl: a question-understanding test in the 16 analyst categories of
../shared/eval/golden-analyst-dev.jsonl over the companies Ledgerline's other sets never ask about, from the
filings themselves (not companyfacts):
- inline-XBRL 10-Ks/10-Qs in ../shared/data/filings-ixbrl (Walmart FYE Jan 31, Nike FYE May 31, Procter &
  Gamble FYE Jun 30, Wells Fargo (calendar; its statements are in an exhibit the file does not hold), Apple,
  NVIDIA, Alphabet);
- XBRL instances in ../shared/data/xbrl-instances (Microsoft FY2015 10-K and Q1 FY2016 10-Q, FYE Jun 30;
  Apple FY2023 10-K and Q3 FY2023 10-Q; Tesla Q2 2024 10-Q);
- the Indian NSE/BSE results XBRL in ../shared/data/india-nse-xbrl (ICICI Bank standalone, Asian Paints
  consolidated; Ind AS / banking format, INR, fiscal year April-March).

The database the questions are asked against holds exactly these files (plus the demo tenant), so each
company's periods are only those its held filings report: a 10-K its fiscal year and comparatives, a 10-Q
its quarter, its year to date and their comparatives.

Truth is read straight from the files, independently of Ledgerline's code (standard library only):
- iXBRL: ix:nonFraction (contextRef, unitRef, decimals, scale, sign, format; nested tags), contexts and
  units from ix:header/ix:resources; XBRL instances and NSE XBRL with xml.etree;
- only facts of contexts without dimensions are the consolidated (or, for ICICI, standalone) figure;
- NSE XBRL: the `FourD` context declares the quarter's dates but its facts are the half year; the real
  bounds are the DateOfStartOfReportingPeriod / DateOfEndOfReportingPeriod facts of each context;
- fiscal years are named by the calendar year in which they end; fiscal quarters are counted from the
  fiscal-year start (a 10-Q's YTD context starts on it);
- derived Q4 = FY − 9M YTD only when both are held (same concept); H2 = FY − H1 likewise; TTM at a Q1-Q3 end
  = FY(prior) + YTD − prior YTD, each held; growth = later / earlier − 1 carrying the later period; changes
  carry the later period; ratios carry the period of both operands;
- a value held in two files (a comparative) must agree; the builder checks it and stops if not.
Non-answers: `insufficient_evidence` (any abstention without a value is right), `needs_clarification`
(scored the same way) and `rejected` (invalid arithmetic; the shared rules accept a rejection or a
clarification). `note` = "<category>: what it tests (and why the answer is what it is)".

Usage: python3 scripts/golden/build-analyst-filings.py > lib/eval/golden/analyst-filings.jsonl
(SEC_DATA_DIR overrides ../shared/data). `--dump TICKER [CONCEPT-substring]` lists a company's facts.
Build the database (embedded; demo tenant + exactly the held files):
  export LEDGERLINE_DATA_DIR=$PWD/.data-filings D=../shared/data
  npm run --silent cli -- db seed
  npm run --silent cli -- ingest $D/filings-ixbrl/[a-z]*.html $D/xbrl-instances/*.xml $D/india-nse-xbrl/*.xml
  (16 files; the 20-F in filings-ixbrl is left out)
Score CLI answers by the shared rules:
  jq -r .question lib/eval/golden/analyst-filings.jsonl > /tmp/q.txt
  npm run --silent cli -- ask --json --batch /tmp/q.txt > /tmp/a.jsonl
  python3 scripts/golden/build-analyst-filings.py --score /tmp/a.jsonl"""
import datetime as dt
import functools
import html
import json
import os
import re
import sys
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

DATA = os.environ.get('SEC_DATA_DIR', os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', '..', 'shared', 'data'))

# ticker -> held files (relative to DATA), each with its form
FILES = {
    'WMT': [('filings-ixbrl/wmt-10-k-2025-03-14.html', '10-K')],
    'NKE': [('filings-ixbrl/nke-10-k-2025-07-17.html', '10-K')],
    'PG': [('filings-ixbrl/pg-10-k-2025-08-04.html', '10-K')],
    'WFC': [('filings-ixbrl/wfc-10-k-2025-02-25.html', '10-K')],
    'AAPL': [('filings-ixbrl/aapl-10-k-2024-11-01.html', '10-K'), ('filings-ixbrl/aapl-10-q-2025-08-01.html', '10-Q'),
             ('xbrl-instances/aapl-20230930_htm.xml', '10-K'), ('xbrl-instances/aapl-20230701_htm.xml', '10-Q')],
    'NVDA': [('filings-ixbrl/nvda-10-k-2025-02-26.html', '10-K'), ('filings-ixbrl/nvda-10-q-2025-08-27.html', '10-Q')],
    'GOOGL': [('filings-ixbrl/googl-10-k-2025-02-05.html', '10-K')],
    'MSFT': [('xbrl-instances/msft-20150630.xml', '10-K'), ('xbrl-instances/msft-20150930.xml', '10-Q')],
    'TSLA': [('xbrl-instances/tsla-20240630_htm.xml', '10-Q')],
    'ICICIBANK': [('india-nse-xbrl/BANKING_ICICIBANK.xml', 'NSE results')],
    'ASIANPAINT': [('india-nse-xbrl/INDAS_97985_968429_26102023083837_ASIANPAINT.xml', 'NSE results')],
}


def day(s):
    return dt.date.fromisoformat(s)


def iso(d):
    return d.isoformat()


def plus(s, n):
    return iso(day(s) + dt.timedelta(days=n))


def days(s, e):
    return (day(e) - day(s)).days


# ---------------------------------------------------------------- inline XBRL
class IxParser(HTMLParser):
    """Collects contexts, units and ix:nonFraction / ix:nonNumeric facts of one inline-XBRL document."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.contexts, self.units, self.facts, self.text_facts = {}, {}, [], []
        self.open = []  # stack of open ix facts: [kind, attrs, text parts]
        self.ctx = None  # context being read
        self.unit = None
        self.field = None  # 'start'/'end'/'instant'/'measure'/'member'/'num'/'den'
        self.member_dim = None
        self.buf = ''

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == 'xbrli:context':
            self.ctx = {'id': a['id'], 'dims': [], 'start': None, 'end': None, 'instant': None}
        elif self.ctx is not None and tag in ('xbrli:startdate', 'xbrli:enddate', 'xbrli:instant'):
            self.field, self.buf = tag.split(':')[1], ''
        elif self.ctx is not None and tag in ('xbrldi:explicitmember', 'xbrldi:typedmember'):
            self.field, self.buf, self.member_dim = 'member', '', a.get('dimension')
        elif tag == 'xbrli:unit':
            self.unit = {'id': a['id'], 'measures': [], 'num': [], 'den': []}
            self.unit_part = 'measures'
        elif self.unit is not None and tag == 'xbrli:unitnumerator':
            self.unit_part = 'num'
        elif self.unit is not None and tag == 'xbrli:unitdenominator':
            self.unit_part = 'den'
        elif self.unit is not None and tag == 'xbrli:measure':
            self.field, self.buf = 'measure', ''
        elif tag in ('ix:nonfraction', 'ix:nonnumeric'):
            self.open.append([tag, a, []])

    def handle_endtag(self, tag):
        if tag == 'xbrli:context' and self.ctx is not None:
            self.contexts[self.ctx['id']] = self.ctx
            self.ctx = None
        elif self.ctx is not None and tag in ('xbrli:startdate', 'xbrli:enddate', 'xbrli:instant'):
            self.ctx[{'startdate': 'start', 'enddate': 'end', 'instant': 'instant'}[tag.split(':')[1]]] = self.buf.strip()
            self.field = None
        elif self.ctx is not None and tag in ('xbrldi:explicitmember', 'xbrldi:typedmember'):
            self.ctx['dims'].append((self.member_dim, self.buf.strip()))
            self.field = None
        elif tag == 'xbrli:unit' and self.unit is not None:
            self.units[self.unit['id']] = self.unit
            self.unit = None
        elif self.unit is not None and tag == 'xbrli:measure':
            self.unit[self.unit_part].append(self.buf.strip())
            self.field = None
        elif tag in ('ix:nonfraction', 'ix:nonnumeric'):
            for i in range(len(self.open) - 1, -1, -1):
                if self.open[i][0] == tag:
                    kind, a, parts = self.open.pop(i)
                    (self.facts if kind == 'ix:nonfraction' else self.text_facts).append((a, ''.join(parts)))
                    break

    def handle_data(self, data):
        if self.field:
            self.buf += data
        for f in self.open:
            f[2].append(data)


def ix_number(a, text):
    """The value of one ix:nonFraction: its format, scale and sign applied."""
    fmt = (a.get('format') or '').split(':')[-1]
    t = html.unescape(text).strip()
    if a.get('xsi:nil') == 'true':
        return None
    if fmt in ('fixed-zero', 'zerodash') or t in ('—', '-', '–'):
        v = 0.0
    elif fmt == 'numwordsen':
        words = {'no': 0, 'none': 0, 'zero': 0, 'one': 1, 'two': 2, 'three': 3, 'four': 4, 'five': 5, 'six': 6,
                 'seven': 7, 'eight': 8, 'nine': 9, 'ten': 10, 'eleven': 11, 'twelve': 12}
        v = float(words.get(t.lower(), 'nan'))
    elif fmt in ('num-comma-decimal', 'numcommadecimal'):
        v = float(t.replace('.', '').replace(' ', '').replace(',', '.'))
    else:
        v = float(re.sub(r'[^0-9.]', '', t))
    v *= 10 ** int(a.get('scale') or 0)
    if a.get('sign') == '-':
        v = -v
    return v


def unit_name(u):
    if not u:
        return None
    if u['num']:
        return '/'.join(m.split(':')[-1] for m in u['num']) + '/' + '/'.join(m.split(':')[-1] for m in u['den'])
    return '*'.join(m.split(':')[-1] for m in u['measures'])


def read_ixbrl(path):
    p = IxParser()
    p.feed(open(path, encoding='utf-8', errors='replace').read())
    facts = []
    for a, text in p.facts:
        c = p.contexts[a['contextref']]
        v = ix_number(a, text)
        if v is None or v != v:
            continue
        facts.append({'concept': a['name'], 'value': v, 'unit': unit_name(p.units.get(a.get('unitref'))), 'decimals': a.get('decimals'),
                      'start': c['start'], 'end': c['end'] or c['instant'], 'instant': c['instant'] is not None, 'dims': tuple(c['dims']), 'ctx': c['id']})
    dei = {}
    for a, text in p.text_facts:
        if a['name'].startswith('dei:') and a['name'] not in dei:
            dei[a['name']] = re.sub(r'\s+', ' ', html.unescape(text)).strip()
    return facts, dei


# ---------------------------------------------------------------- XBRL instances (SEC and NSE)
def local(tag):
    return tag.split('}')[-1]


def read_instance(path):
    root = ET.parse(path).getroot()
    ns = {'x': 'http://www.xbrl.org/2003/instance', 'di': 'http://xbrl.org/2006/xbrldi'}
    contexts, units = {}, {}
    for c in root.findall('x:context', ns):
        per = c.find('x:period', ns)
        inst = per.find('x:instant', ns)
        dims = tuple((m.get('dimension'), (m.text or '').strip() or ET.tostring(m, encoding='unicode')) for m in c.iter() if local(m.tag) in ('explicitMember', 'typedMember'))
        contexts[c.get('id')] = {'start': None if inst is not None else per.find('x:startDate', ns).text.strip(),
                                 'end': (inst if inst is not None else per.find('x:endDate', ns)).text.strip(),
                                 'instant': inst is not None, 'dims': dims}
    for u in root.findall('x:unit', ns):
        num = [m.text.strip() for m in u.findall('x:divide/x:unitNumerator/x:measure', ns)]
        den = [m.text.strip() for m in u.findall('x:divide/x:unitDenominator/x:measure', ns)]
        units[u.get('id')] = {'measures': [m.text.strip() for m in u.findall('x:measure', ns)], 'num': num, 'den': den}
    facts, text = [], []
    for el in root:
        ctx = el.get('contextRef')
        if not ctx:
            continue
        prefix = el.tag.split('}')[0][1:]
        qn = f"{next((k for k, v in NSMAP(path).items() if v == prefix), prefix)}:{local(el.tag)}"
        c = contexts[ctx]
        t = (el.text or '').strip()
        rec = {'concept': qn, 'unit': unit_name(units.get(el.get('unitRef'))), 'decimals': el.get('decimals'), 'start': c['start'], 'end': c['end'],
               'instant': c['instant'], 'dims': c['dims'], 'ctx': ctx}
        try:
            if el.get('unitRef') is None and not re.fullmatch(r'-?\d+(\.\d+)?', t):
                raise ValueError
            rec['value'] = float(t)
            facts.append(rec)
        except ValueError:
            rec['text'] = t
            text.append(rec)
    return facts, text


@functools.lru_cache(maxsize=None)
def NSMAP(path):
    out = {}
    for ev, (pfx, uri) in ET.iterparse(path, events=['start-ns']):
        out.setdefault(pfx, uri)
    return out


def read_nse(path):
    """NSE/BSE results XBRL: each context's real bounds are its DateOfStart/EndOfReportingPeriod facts."""
    facts, text = read_instance(path)
    bounds = {}
    for t in text:
        n = t['concept'].split(':')[1]
        if n in ('DateOfStartOfReportingPeriod', 'DateOfEndOfReportingPeriod'):
            bounds.setdefault(t['ctx'], {})[n] = t['text']
    fixed = []
    for f in facts:
        # the context id's stem (OneD, FourD, OneI, ...) names the column; dimensional contexts carry their own
        stem = re.match(r'(One|Two|Three|Four|Five|Six)', f['ctx'])
        col = (stem.group(1) + 'D') if stem else f['ctx']
        b = bounds.get(col)
        if not f['instant'] and b:
            f = dict(f, start=b['DateOfStartOfReportingPeriod'], end=b['DateOfEndOfReportingPeriod'])
        fixed.append(f)
    return fixed, text


@functools.lru_cache(maxsize=None)
def company_facts(t):
    out = []
    for rel, form in FILES[t]:
        path = os.path.join(DATA, rel)
        if rel.endswith('.html'):
            facts, _ = read_ixbrl(path)
        elif rel.startswith('india-nse-xbrl'):
            facts, _ = read_nse(path)
        else:
            facts, _ = read_instance(path)
        for f in facts:
            out.append(dict(f, file=os.path.basename(rel), form=form))
    return out


def dec(f):
    d = f.get('decimals')
    return 99 if d in (None, 'INF') else int(d)


def pick(fs):
    """One file's value for a period: duplicates in one filing may differ only by precision (an MD&A '9.0
    billion' beside the statement's 9,037): the most precise wins."""
    return max(fs, key=dec)['value']


def held(t, concept, start, end, dims=()):
    """The value of a fact for exactly the period (no dimensions unless given), or None. Within a filing the
    most precise duplicate; across filings (a comparative restated later) the latest filed."""
    fs = [f for f in company_facts(t) if f['concept'] == concept and f['dims'] == tuple(dims) and f['end'] == end and (f['start'] == start if start else f['instant'])]
    if not fs:
        return None
    by_file = {}
    for f in fs:
        by_file.setdefault(f['file'], []).append(f)
    last = max(by_file, key=lambda fn: FILED[fn])
    return pick(by_file[last])


def versions(t, concept, start, end):
    """{file: value} of one non-dimensional fact, to see restated comparatives."""
    fs = [f for f in company_facts(t) if f['concept'] == concept and not f['dims'] and f['end'] == end and (f['start'] == start if start else f['instant'])]
    out = {}
    for f in fs:
        out.setdefault(f['file'], []).append(f)
    return {fn: pick(v) for fn, v in out.items()}


# filing dates (from the file names / filing metadata), to order restated comparatives
FILED = {
    'wmt-10-k-2025-03-14.html': '2025-03-14', 'nke-10-k-2025-07-17.html': '2025-07-17', 'pg-10-k-2025-08-04.html': '2025-08-04',
    'wfc-10-k-2025-02-25.html': '2025-02-25', 'aapl-10-k-2024-11-01.html': '2024-11-01', 'aapl-10-q-2025-08-01.html': '2025-08-01',
    'aapl-20230930_htm.xml': '2023-11-03', 'aapl-20230701_htm.xml': '2023-08-04', 'nvda-10-k-2025-02-26.html': '2025-02-26',
    'nvda-10-q-2025-08-27.html': '2025-08-27', 'googl-10-k-2025-02-05.html': '2025-02-05', 'msft-20150630.xml': '2015-07-31',
    'msft-20150930.xml': '2015-10-22', 'tsla-20240630_htm.xml': '2024-07-24', 'BANKING_ICICIBANK.xml': '2023-10-21',
    'INDAS_97985_968429_26102023083837_ASIANPAINT.xml': '2023-10-26',
}


def dump(t, sub=''):
    seen = set()
    for f in sorted(company_facts(t), key=lambda f: (f['concept'], f['end'], f['start'] or '')):
        if sub.lower() not in f['concept'].lower() or f['dims']:
            continue
        k = (f['concept'], f['start'], f['end'], f['value'], f['file'])
        if k in seen:
            continue
        seen.add(k)
        print(f"{f['concept']:70} {f['start'] or '':10} {f['end']} {f['value']:>22,.2f} {f['unit']} {f['file']}")


# ---------------------------------------------------------------- concept chains (chosen per measure)
G = 'us-gaap:'
B = 'in-bse-fin:'
CHAINS = {
    'rev': [G + 'Revenues', G + 'RevenueFromContractWithCustomerExcludingAssessedTax', G + 'SalesRevenueNet', B + 'RevenueFromOperations'],
    'netsales': [G + 'RevenueFromContractWithCustomerExcludingAssessedTax', G + 'SalesRevenueNet', G + 'Revenues'],
    'cor': [G + 'CostOfRevenue', G + 'CostOfGoodsAndServicesSold'],
    'gp': [G + 'GrossProfit'],
    'rnd': [G + 'ResearchAndDevelopmentExpense'],
    'sga': [G + 'SellingGeneralAndAdministrativeExpense'],
    'mkt': [G + 'MarketingAndAdvertisingExpense'],
    'oi': [G + 'OperatingIncomeLoss'],
    'pbt': [G + 'IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest', G + 'IncomeLossFromContinuingOperationsBeforeIncomeTaxesMinorityInterestAndIncomeLossFromEquityMethodInvestments', B + 'ProfitLossFromOrdinaryActivitiesBeforeTax', B + 'ProfitBeforeTax'],
    'tax': [G + 'IncomeTaxExpenseBenefit', B + 'TaxExpense'],
    'ni': [G + 'NetIncomeLoss', B + 'ProfitOrLossAttributableToOwnersOfParent', B + 'ProfitLossForThePeriod'],
    'profit': [G + 'ProfitLoss', B + 'ProfitLossForPeriod', B + 'ProfitLossForThePeriod'],
    'eps_d': [G + 'EarningsPerShareDiluted', B + 'DilutedEarningsPerShareAfterExtraordinaryItems', B + 'DilutedEarningsLossPerShareFromContinuingAndDiscontinuedOperations'],
    'eps_b': [G + 'EarningsPerShareBasic', B + 'BasicEarningsPerShareAfterExtraordinaryItems', B + 'BasicEarningsLossPerShareFromContinuingAndDiscontinuedOperations'],
    'sh_d': [G + 'WeightedAverageNumberOfDilutedSharesOutstanding'],
    'dps': [G + 'CommonStockDividendsPerShareDeclared'],
    'ocf': [G + 'NetCashProvidedByUsedInOperatingActivities', B + 'CashFlowsFromUsedInOperatingActivities'],
    'capex': [G + 'PaymentsToAcquirePropertyPlantAndEquipment', G + 'PaymentsToAcquireProductiveAssets'],
    'nci_ni': [G + 'NetIncomeLossAttributableToNoncontrollingInterest'],
    # bank and Indian results captions
    'int_earned': [B + 'InterestEarned'],
    'int_expended': [B + 'InterestExpended'],
    'opprofit_bank': [B + 'OperatingProfitBeforeProvisionAndContingencies'],
    'provisions_bank': [B + 'ProvisionsOtherThanTaxAndContingencies'],
    'other_income': [B + 'OtherIncome'],
    'total_income': [B + 'Income'],
    'fin_costs': [B + 'FinanceCosts'],
    'da_in': [B + 'DepreciationDepletionAndAmortisationExpense'],
    # instants
    'assets': [G + 'Assets', B + 'Assets'],
    'liab': [G + 'Liabilities', B + 'Liabilities'],
    'ca': [G + 'AssetsCurrent', B + 'CurrentAssets'],
    'cl': [G + 'LiabilitiesCurrent', B + 'CurrentLiabilities'],
    'equity': [G + 'StockholdersEquity', B + 'EquityAttributableToOwnersOfParent'],
    'equity_total': [G + 'StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest', B + 'Equity'],
    # P&G tags its balance-sheet line 'Cash and cash equivalents' with the restricted-cash-inclusive concept
    'cash': [G + 'CashAndCashEquivalentsAtCarryingValue', G + 'CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents', B + 'CashAndCashEquivalents'],
    # Nike's balance-sheet line 'Inventories' is tagged as finished goods (it holds no other kind)
    'inv': [G + 'InventoryNet', G + 'InventoryFinishedGoodsNetOfReserves', B + 'Inventories'],
    'ltd': [G + 'LongTermDebtNoncurrent'],
    'deposits': [B + 'Deposits'],
    'advances': [B + 'Advances'],
    'gnpa': [B + 'GrossNonPerformingAssets'],
    'shares_cover': ['dei:EntityCommonStockSharesOutstanding'],
    'float': ['dei:EntityPublicFloat'],
}


def value(t, m, start, end):
    """(value, accept[]) of measure m for exactly the period: first concept of the chain with a fact wins;
    other concepts of the chain within 0.5% go to accept."""
    found = [(c, held(t, c, start, end)) for c in CHAINS[m]]
    found = [(c, v) for c, v in found if v is not None]
    if not found:
        raise SystemExit(f'missing {t} {m} {start}..{end}')
    v = found[0][1]
    acc = sorted({x for _, x in found if v and abs(x - v) <= abs(v) * 0.005})
    return v, acc


def has(t, m, start, end):
    return any(held(t, c, start, end) is not None for c in CHAINS[m])


# ---------------------------------------------------------------- fiscal calendars from the files
@functools.lru_cache(maxsize=None)
def durations(t):
    """(start, end) of every non-dimensional duration of the company's income/cash-flow concepts."""
    keys = set(CHAINS['rev'] + CHAINS['ni'] + CHAINS['ocf'] + CHAINS['oi'] + CHAINS['profit'] + CHAINS['int_earned'])
    return sorted({(f['start'], f['end']) for f in company_facts(t) if f['concept'] in keys and not f['dims'] and not f['instant']})


def fy_start_of(t, d):
    """The start of the fiscal year containing date d: an annual period containing d, else the start of the
    longest year-to-date period ending at d (a 10-Q's YTD context starts on the fiscal-year start)."""
    yrs = [s for s, e in durations(t) if 350 <= days(s, e) <= 380 and s <= d <= e]
    if yrs:
        return yrs[0]
    ytd_ = [s for s, e in durations(t) if e == d and days(s, e) <= 380]
    if not ytd_:
        raise SystemExit(f'{t}: no fiscal year known for {d}')
    return min(ytd_)


def fy_label(s):
    """Fiscal years are named by the calendar year in which they end."""
    return day(plus(s, 363)).year


def fy(t, y):
    hit = [(s, e) for s, e in durations(t) if 350 <= days(s, e) <= 380 and day(e).year == y]
    if not hit:
        raise SystemExit(f'{t}: fiscal year {y} not held')
    return hit[0]


def quarters(t):
    """{(fiscal year, n): (start, end)} of every held 80–100-day period."""
    out = {}
    for s, e in durations(t):
        if 80 <= days(s, e) <= 100:
            s0 = fy_start_of(t, e)
            n = round(days(s0, e) / 91.3)
            out[(fy_label(s0), n)] = (s, e)
    return out


def q(t, y, n):
    p = quarters(t).get((y, n))
    if not p:
        raise SystemExit(f'{t}: Q{n} FY{y} not held')
    return p


def ytd(t, y, n):
    """Year to date through quarter n (2: H1, 3: 9M), as held."""
    for s, e in durations(t):
        if fy_label(s) == y and round(days(s, e) / 91.3) == n and fy_start_of(t, e) == s:
            return (s, e)
    raise SystemExit(f'{t}: {n}-quarter YTD FY{y} not held')


# ---------------------------------------------------------------- expected values
def amt(t, m, per, tol=0.0005, extra=()):
    s, e = per
    v, acc = value(t, m, s, e)
    return dict(value=v, start=s, end=e, tol=tol, accept=sorted(set(acc) | set(extra)))


def inst(t, m, end, tol=0.0005):
    v, acc = value(t, m, None, end)
    return dict(value=v, start=None, end=end, tol=tol, accept=acc)


def q4(t, m, y):
    """Derived fourth quarter = FY − 9M, from one concept; both must be held."""
    fs, fe = fy(t, y)
    _, n9e = ytd(t, y, 3)
    for c in CHAINS[m]:
        a, b = held(t, c, fs, fe), held(t, c, fs, n9e)
        if a is not None and b is not None:
            return dict(value=a - b, start=plus(n9e, 1), end=fe, tol=0.0005, accept=[a - b])
    raise SystemExit(f'no Q4 {t} {m} FY{y}')


def h2(t, m, y):
    fs, fe = fy(t, y)
    _, h1e = ytd(t, y, 2)
    for c in CHAINS[m]:
        a, b = held(t, c, fs, fe), held(t, c, fs, h1e)
        if a is not None and b is not None:
            return dict(value=a - b, start=plus(h1e, 1), end=fe, tol=0.0005, accept=[a - b])
    raise SystemExit(f'no H2 {t} {m} FY{y}')


def ttm(t, m, y, n, ytd_of=None):
    """Trailing twelve months ending at quarter n (1–3) of fiscal year y = FY(y−1) + YTD(y, n) − YTD(y−1, n)."""
    pf = fy(t, y - 1)
    cur = ytd(t, y, n) if n > 1 else q(t, y, 1)
    prev = ytd(t, y - 1, n) if n > 1 else q(t, y - 1, 1)
    for c in CHAINS[m]:
        a, b, d = held(t, c, *pf), held(t, c, *cur), held(t, c, *prev)
        if None not in (a, b, d):
            v = a + b - d
            return dict(value=v, start=plus(prev[1], 1), end=cur[1], tol=0.0005, accept=[v])
    raise SystemExit(f'no TTM {t} {m} FY{y} Q{n}')


def ratio(num, den, tol=0.001, accept=()):
    assert (num['start'], num['end']) == (den['start'], den['end']), 'ratio operands must share a period'
    v = num['value'] / den['value']
    return dict(value=v, start=num['start'], end=num['end'], tol=tol, accept=[v, *accept])


def growth(later, earlier, tol=0.001, accept=()):
    v = later['value'] / earlier['value'] - 1
    return dict(value=v, start=later['start'], end=later['end'], tol=tol, accept=[v, *accept])


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


def not_held(t, m, start, end):
    """A guard for abstentions: the figure must really be absent from every held file."""
    assert not has(t, m, start, end), f'{t} {m} {start}..{end} is held: not an abstention'


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


if __name__ == '__main__' and len(sys.argv) > 2 and sys.argv[1] == '--dump':
    dump(sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else '')
    sys.exit(0)

# ================================================================ the questions
WMT, NKE, PG, WFC, A, N, GO, MS, T, IC, AP = 'WMT', 'NKE', 'PG', 'WFC', 'AAPL', 'NVDA', 'GOOGL', 'MSFT', 'TSLA', 'ICICIBANK', 'ASIANPAINT'


def wrev(y):
    """Walmart 'revenue': total revenues (net sales + membership and other income); net sales accepted, since
    both are read as the top line (Walmart's own ratios use net sales)."""
    return amt(WMT, 'rev', fy(WMT, y), extra=[value(WMT, 'netsales', *fy(WMT, y))[0]])


def nse_q(t):
    return q(t, 2024, 2)


def nse_h1(t):
    return ytd(t, 2024, 2)


# --- alias: tickers, terminal codes, former names, punctuation of registrant names
ans('f-alias-01', 'WMT US Equity net income, fiscal 2025', [amt(WMT, 'ni', fy(WMT, 2025))], 'alias: Bloomberg code for Walmart; net income attributable to Walmart')
ans('f-alias-02', 'Wal-Mart net sales for fiscal 2024', [amt(WMT, 'netsales', fy(WMT, 2024))], 'alias: former name Wal-Mart Stores (Walmart Inc. since 2018); FY2024 ended Jan 31, 2024')
ans('f-alias-03', 'NIKE Inc. diluted EPS FY2025', [amt(NKE, 'eps_d', fy(NKE, 2025))], 'alias: registrant name in capitals with Inc.; FY2025 ended May 31, 2025')
ans('f-alias-04', 'nke gross profit fiscal 2024', [amt(NKE, 'gp', fy(NKE, 2024))], 'alias: lowercase ticker nke')
ans('f-alias-05', 'Procter and Gamble operating income, fiscal 2025', [amt(PG, 'oi', fy(PG, 2025))], "alias: 'and' for the ampersand of Procter & Gamble; FY2025 ended Jun 30, 2025")
ans('f-alias-06', 'PG net sales FY2024', [amt(PG, 'rev', fy(PG, 2024))], 'alias: ticker PG (also an ordinary abbreviation); net sales is P&G\'s revenue line')
ans('f-alias-07', 'MSFT.O revenue fiscal 2015', [amt(MS, 'rev', fy(MS, 2015))], 'alias: Reuters RIC for Microsoft; FY2015 ended Jun 30, 2015 (XBRL instance, SalesRevenueNet)')
ans('f-alias-08', 'Microsoft Corp R&D expense FY2014', [amt(MS, 'rnd', fy(MS, 2014))], 'alias: Corp abbreviation; FY2014 is a comparative year of the FY2015 10-K instance')
ans('f-alias-09', '$TSLA revenue Q2 2024', [amt(T, 'rev', q(T, 2024, 2))], 'alias: cashtag; Tesla is a calendar filer, so Q2 2024 is Apr-Jun 2024 (10-Q instance)')
ans('f-alias-10', 'Alphabet Inc. Class A (GOOGL) net income 2024', [amt(GO, 'ni', fy(GO, 2024))], 'alias: share-class name with the ticker in parentheses')
ans('f-alias-11', 'Wells Fargo & Company common shares outstanding as of February 14, 2025', [inst(WFC, 'shares_cover', '2025-02-14')], "alias: full registrant name with '& Company'; the only share count the held WFC file reports is the cover page's (dei:EntityCommonStockSharesOutstanding, Feb 14, 2025)")
ans('f-alias-12', 'ICICI Bank Ltd net profit for the quarter ended 30 September 2023', [amt(IC, 'profit', nse_q(IC))], 'alias: Indian registrant with Ltd; NSE results XBRL, standalone, Q2 FY2024 (Jul-Sep 2023), INR')

# --- fy-shorthand
ans('f-fys-01', 'WMT FY25 operating income', [amt(WMT, 'oi', fy(WMT, 2025))], 'fy-shorthand: FY25 for a January year-end (Feb 1, 2024 - Jan 31, 2025)')
ans('f-fys-02', "Walmart FY'24 diluted EPS", [amt(WMT, 'eps_d', fy(WMT, 2024))], "fy-shorthand: FY'24 = year ended Jan 31, 2024")
ans('f-fys-03', "Nike fiscal '25 revenues", [amt(NKE, 'rev', fy(NKE, 2025))], "fy-shorthand: fiscal '25 for a May year-end")
ans('f-fys-04', 'NKE FY2024A net income', [amt(NKE, 'ni', fy(NKE, 2024))], 'fy-shorthand: A suffix (actual)')
ans('f-fys-05', 'PG FY-2025 diluted EPS', [amt(PG, 'eps_d', fy(PG, 2025))], 'fy-shorthand: hyphenated FY-2025 for a June year-end')
ans('f-fys-06', "P&G F'24 net sales", [amt(PG, 'rev', fy(PG, 2024))], "fy-shorthand: F'24")
ans('f-fys-07', 'MSFT FY15 net income', [amt(MS, 'ni', fy(MS, 2015))], 'fy-shorthand: FY15 = Jul 1, 2014 - Jun 30, 2015')
ans('f-fys-08', 'Microsoft fiscal 2013 revenue', [amt(MS, 'rev', fy(MS, 2013))], 'fy-shorthand: the earliest year the FY2015 10-K instance reports')
ans('f-fys-09', 'GOOGL CY2023 operating income', [amt(GO, 'oi', fy(GO, 2023))], 'fy-shorthand: CY for a calendar-year filer is its fiscal year')
ans('f-fys-10', 'NVDA FY25 operating income', [amt(N, 'oi', fy(N, 2025))], 'fy-shorthand: FY25 ended Jan 26, 2025 (inline XBRL 10-K)')
ans('f-fys-11', 'Apple FY21 net income', [amt(A, 'ni', fy(A, 2021))], 'fy-shorthand: FY2021 is only in the FY2023 10-K XBRL instance (three-year income statement)')

# --- fy-end-date
ans('f-fye-01', 'Walmart revenue for the fiscal year ended January 31, 2024', [wrev(2024)], 'fy-end-date: FY2024 (total revenues; net sales accepted)')
ans('f-fye-02', 'Nike net income for the year ended May 31, 2023', [amt(NKE, 'ni', fy(NKE, 2023))], 'fy-end-date: FY2023, the earliest year of the FY2025 10-K')
ans('f-fye-03', 'P&G diluted EPS, fiscal year ended June 30, 2024', [amt(PG, 'eps_d', fy(PG, 2024))], 'fy-end-date: FY2024')
ans('f-fye-04', 'Microsoft revenue for the year ended June 30, 2014', [amt(MS, 'rev', fy(MS, 2014))], 'fy-end-date: FY2014')
ans('f-fye-05', 'NVIDIA net income for the fiscal year ended January 28, 2024', [amt(N, 'ni', fy(N, 2024))], 'fy-end-date: FY2024 (52 weeks to the last Sunday of January)')
ans('f-fye-06', 'Apple R&D for the 53 weeks ended September 30, 2023', [amt(A, 'rnd', fy(A, 2023))], 'fy-end-date: Apple FY2023 ran 53 weeks')
ans('f-fye-07', 'Walmart operating income for the twelve months ended Jan 31, 2023', [amt(WMT, 'oi', fy(WMT, 2023))], 'fy-end-date: twelve months ended = FY2023')
ans('f-fye-08', 'Microsoft operating income, year ending 6/30/2015', [amt(MS, 'oi', fy(MS, 2015))], 'fy-end-date: US numeric date')

# --- ordinal-quarter
ans('f-oq-01', 'Microsoft fiscal Q1 2016 revenue', [amt(MS, 'rev', q(MS, 2016, 1))], 'ordinal-quarter: fiscal Q1 FY2016 = Jul 1 - Sep 30, 2015 (10-Q instance)')
ans('f-oq-02', "MSFT FQ3'15 revenue", [amt(MS, 'rev', q(MS, 2015, 3))], "ordinal-quarter: FQ3'15 = Jan-Mar 2015, reported in the FY2015 10-K's quarterly data")
ans('f-oq-03', 'Microsoft second quarter of fiscal 2015 diluted EPS', [amt(MS, 'eps_d', q(MS, 2015, 2))], 'ordinal-quarter: Oct-Dec 2014, from the 10-K quarterly data')
ans('f-oq-04', 'MSFT net income for the quarter ended September 30, 2015', [amt(MS, 'ni', q(MS, 2016, 1))], 'ordinal-quarter: named by its end date')
ans('f-oq-05', 'Apple fiscal Q3 2025 revenue', [amt(A, 'rev', q(A, 2025, 3))], 'ordinal-quarter: Mar 30 - Jun 28, 2025 (inline XBRL 10-Q)')
ans('f-oq-06', 'Apple net income for the three months ended July 1, 2023', [amt(A, 'ni', q(A, 2023, 3))], 'ordinal-quarter: Q3 FY2023 by its end date (10-Q instance)')
ans('f-oq-07', 'AAPL June 2024 quarter operating income', [amt(A, 'oi', q(A, 2024, 3))], "ordinal-quarter: Apple's quarter ending in June 2024 = fiscal Q3 FY2024 (comparative in the FY2025 10-Q)")
ans('f-oq-08', "NVDA FQ2'26 net income", [amt(N, 'ni', q(N, 2026, 2))], "ordinal-quarter: FQ2'26 = Apr 28 - Jul 27, 2025")
ans('f-oq-09', 'NVIDIA second quarter of fiscal 2025 revenue', [amt(N, 'rev', q(N, 2025, 2))], 'ordinal-quarter: comparative quarter in the Q2 FY2026 10-Q')
ans('f-oq-10', 'Tesla Q2 2024 operating income', [amt(T, 'oi', q(T, 2024, 2))], 'ordinal-quarter: calendar filer')
ans('f-oq-11', 'Tesla second-quarter 2023 net income attributable to common stockholders', [amt(T, 'ni', q(T, 2023, 2))], "ordinal-quarter: comparative quarter; Tesla's caption for the parent's net income")
ans('f-oq-12', 'Asian Paints revenue from operations Q2 FY24', [amt(AP, 'rev', nse_q(AP))], 'ordinal-quarter: Indian fiscal year April-March, Q2 FY24 = Jul-Sep 2023 (consolidated NSE results XBRL, INR)')
ans('f-oq-13', 'Microsoft gross profit, fiscal Q4 2015', [amt(MS, 'gp', q(MS, 2015, 4))], 'ordinal-quarter: a fourth quarter the FY2015 10-K reports itself (quarterly data), Apr-Jun 2015')

# --- derived-q4
ans('f-q4-01', 'Apple fiscal Q4 2023 revenue', [q4(A, 'rev', 2023)], 'derived-q4: FY2023 (10-K instance) − 9M FY2023 (Q3 10-Q instance), Jul 2 - Sep 30, 2023 (14 weeks)')
ans('f-q4-02', 'Apple Q4 FY2024 net income', [q4(A, 'ni', 2024)], 'derived-q4: FY2024 (inline 10-K) − 9M FY2024 (comparative in the Q3 FY2025 10-Q)')
ans('f-q4-03', 'Apple September-quarter 2022 operating income', [q4(A, 'oi', 2022)], "derived-q4: Apple's quarter ending in September 2022 = fiscal Q4 FY2022 = FY2022 − 9M FY2022 (comparative in the Q3 FY2023 10-Q)")
ans('f-q4-04', 'Microsoft fiscal Q4 2015 net income', [amt(MS, 'ni', q(MS, 2015, 4))], 'derived-q4: reported by the 10-K itself (a loss: the Nokia impairment); no derivation needed')
ans('f-q4-05', 'Apple free cash flow for fiscal Q4 2024', [diff(q4(A, 'ocf', 2024), q4(A, 'capex', 2024))], 'derived-q4: (OCF FY − 9M) − (capex FY − 9M)')
for id_, t_, qq, note in [
    ('f-q4-06', A, 'Apple Q4 FY25 revenue', 'no FY2025 10-K is held (only the Q3 FY2025 10-Q)'),
    ('f-q4-07', WMT, 'Walmart Q4 FY2025 revenue', 'only the 10-K is held; no nine-month YTD, so Q4 cannot be derived'),
    ('f-q4-08', NKE, 'Nike fourth quarter fiscal 2025 net income', 'only the 10-K is held'),
    ('f-q4-09', PG, 'P&G Q4 FY25 net sales', 'only the 10-K is held'),
    ('f-q4-10', N, 'NVDA Q4 FY2025 revenue', 'the 10-K and a Q2 10-Q (six months) are held, not the nine months'),
    ('f-q4-11', GO, 'Alphabet Q4 2024 net income', 'only the 10-K is held'),
    ('f-q4-12', MS, 'MSFT Q4 FY2015 operating income', "the 10-K's quarterly data has revenue, gross profit, net income and EPS, not operating income; no 9M is held"),
]:
    no(id_, qq, 'insufficient_evidence', f'derived-q4: {note}')
no('f-q4-13', 'Apple Q4 FY2023 diluted EPS', 'insufficient_evidence', 'derived-q4: per-share figures are not additive (FY − 9M EPS is not the quarter\'s EPS) and no Q4 EPS is filed')

# --- half-ytd
ans('f-ytd-01', 'NVDA H1 FY26 revenue', [amt(N, 'rev', ytd(N, 2026, 2))], 'half-ytd: Jan 27 - Jul 27, 2025')
ans('f-ytd-02', 'NVIDIA first-half fiscal 2025 net income', [amt(N, 'ni', ytd(N, 2025, 2))], 'half-ytd: comparative six months')
ans('f-ytd-03', 'Apple 9M FY25 revenue', [amt(A, 'rev', ytd(A, 2025, 3))], 'half-ytd: nine months to Jun 28, 2025')
ans('f-ytd-04', 'Apple operating cash flow for the nine months ended July 1, 2023', [amt(A, 'ocf', ytd(A, 2023, 3))], 'half-ytd: cash flows are YTD only in 10-Qs')
ans('f-ytd-05', 'Tesla 1H24 revenue', [amt(T, 'rev', ytd(T, 2024, 2))], 'half-ytd: calendar filer, 1H24 = Jan-Jun 2024')
ans('f-ytd-06', 'Tesla capex for the six months ended June 30, 2023', [amt(T, 'capex', ytd(T, 2023, 2))], 'half-ytd: comparative six months')
ans('f-ytd-07', 'ICICI Bank H1 FY24 net profit', [amt(IC, 'profit', nse_h1(IC))], "half-ytd: NSE 'FourD' context declares Jul-Sep 2023 but holds the half year Apr-Sep 2023 (DateOfStart/EndOfReportingPeriod)")
ans('f-ytd-08', 'Asian Paints profit for the half year ended 30 September 2023', [amt(AP, 'profit', nse_h1(AP))], 'half-ytd: Ind AS caption profit for the period (incl. NCI), Apr-Sep 2023, consolidated')
ans('f-ytd-09', 'Apple YTD fiscal 2025 net income', [amt(A, 'ni', ytd(A, 2025, 3))], 'half-ytd: the year to date of FY2025 the held 10-Q reports (nine months)')
no('f-ytd-10', 'Microsoft H1 FY2016 revenue', 'insufficient_evidence', 'half-ytd: only the Q1 FY2016 10-Q is held')
no('f-ytd-11', 'Walmart 9M FY2025 revenue', 'insufficient_evidence', 'half-ytd: only the 10-K is held')

# --- ttm
ans('f-ttm-01', "NVDA TTM revenue as of FQ2'26", [ttm(N, 'rev', 2026, 2)], 'ttm: FY2025 + H1 FY2026 − H1 FY2025, Jul 29, 2024 - Jul 27, 2025')
ans('f-ttm-02', 'Apple LTM net income through fiscal Q3 2025', [ttm(A, 'ni', 2025, 3)], 'ttm: FY2024 + 9M FY2025 − 9M FY2024')
ans('f-ttm-03', 'Apple trailing twelve months revenue to July 1, 2023', [ttm(A, 'rev', 2023, 3)], 'ttm: FY2022 + 9M FY2023 − 9M FY2022 (two XBRL instances)')
ans('f-ttm-04', 'Microsoft TTM revenue as of fiscal Q1 2016', [ttm(MS, 'rev', 2016, 1)], 'ttm: FY2015 + Q1 FY2016 − Q1 FY2015, Oct 1, 2014 - Sep 30, 2015')
ans('f-ttm-05', 'MSFT LTM net income through September 30, 2015', [ttm(MS, 'ni', 2016, 1)], 'ttm: ending at a quarter named by its date')
ans('f-ttm-06', "NVDA TTM operating margin as of FQ2'26", [ratio(ttm(N, 'oi', 2026, 2), ttm(N, 'rev', 2026, 2))], 'ttm: a margin over the window = TTM operating income / TTM revenue (never a sum of quarterly margins)')
ans('f-ttm-07', 'Apple TTM free cash flow through fiscal Q3 2025', [diff(ttm(A, 'ocf', 2025, 3), ttm(A, 'capex', 2025, 3))], 'ttm: TTM OCF − TTM capex, each FY + YTD − prior YTD')
no('f-ttm-08', 'Tesla TTM revenue as of Q2 2024', 'insufficient_evidence', 'ttm: needs FY2023, which the held Q2 2024 10-Q does not report (only its Dec 31, 2023 balances)')
no('f-ttm-09', 'Walmart LTM revenue as of Q3 FY2025', 'insufficient_evidence', 'ttm: no Walmart 10-Q is held')
no('f-ttm-10', "NVDA TTM diluted EPS as of Q2 FY26", 'insufficient_evidence', 'ttm: per-share figures are not additive; no TTM EPS is filed')

# --- synonym (captions and analyst vocabulary)
ans('f-syn-01', 'Walmart total revenues FY2025', [amt(WMT, 'rev', fy(WMT, 2025))], "synonym: 'total revenues' is the line incl. membership and other income (680,985m), not net sales (674,538m)")
ans('f-syn-02', 'Walmart net sales fiscal 2025', [amt(WMT, 'netsales', fy(WMT, 2025))], 'synonym: net sales (RevenueFromContractWithCustomerExcludingAssessedTax)')
ans('f-syn-03', 'Walmart consolidated net income FY2025', [amt(WMT, 'profit', fy(WMT, 2025))], "synonym: Walmart's caption 'Consolidated net income' is the line before NCI (ProfitLoss 20,157m); 'attributable to Walmart' is 19,436m")
ans('f-syn-04', 'Walmart consolidated net income attributable to Walmart, FY2025', [amt(WMT, 'ni', fy(WMT, 2025))], "synonym: Walmart's caption for the parent's share")
ans('f-syn-05', 'Nike demand creation expense FY2025', [amt(NKE, 'mkt', fy(NKE, 2025))], "synonym: Nike's caption 'Demand creation expense' (us-gaap:MarketingAndAdvertisingExpense), part of SG&A — never the SG&A total")
ans('f-syn-06', 'Nike cost of sales fiscal 2025', [amt(NKE, 'cor', fy(NKE, 2025))], 'synonym: cost of sales (CostOfGoodsAndServicesSold)')
ans('f-syn-07', 'P&G cost of products sold FY2025', [amt(PG, 'cor', fy(PG, 2025))], "synonym: P&G's caption")
ans('f-syn-08', 'P&G SG&A fiscal 2024', [amt(PG, 'sga', fy(PG, 2024))], 'synonym: SG&A')
ans('f-syn-09', 'P&G net earnings attributable to Procter & Gamble, FY2025', [amt(PG, 'ni', fy(PG, 2025))], "synonym: P&G's caption for net income attributable to the parent")
ans('f-syn-10', 'P&G earnings before income taxes fiscal 2025', [amt(PG, 'pbt', fy(PG, 2025))], 'synonym: pre-tax income')
ans('f-syn-11', 'Microsoft cost of revenue FY2015', [amt(MS, 'cor', fy(MS, 2015))], 'synonym: cost of revenue')
ans('f-syn-12', 'Walmart capital expenditures FY2025', [amt(WMT, 'capex', fy(WMT, 2025))], 'synonym: capex = payments for property and equipment')
ans('f-syn-13', 'Walmart free cash flow fiscal 2025', [diff(amt(WMT, 'ocf', fy(WMT, 2025)), amt(WMT, 'capex', fy(WMT, 2025)))], 'synonym: FCF = OCF − capex')
ans('f-syn-14', 'Nike gross margin fiscal 2025', [ratio(amt(NKE, 'gp', fy(NKE, 2025)), amt(NKE, 'rev', fy(NKE, 2025)))], 'synonym: gross profit / revenues')
ans('f-syn-15', 'P&G effective tax rate fiscal 2025', [ratio(amt(PG, 'tax', fy(PG, 2025)), amt(PG, 'pbt', fy(PG, 2025)))], 'synonym: income taxes / earnings before income taxes')
ans('f-syn-16', 'MSFT R&D as a % of revenue FY2015', [ratio(amt(MS, 'rnd', fy(MS, 2015)), amt(MS, 'rev', fy(MS, 2015)))], 'synonym: R&D intensity')
ans('f-syn-17', 'Tesla net income including noncontrolling interests Q2 2024', [amt(T, 'profit', q(T, 2024, 2))], 'synonym: ProfitLoss, the line before NCI')
ans('f-syn-18', 'NVIDIA capex FY2025', [amt(N, 'capex', fy(N, 2025))], "synonym: NVIDIA's line 'purchases related to property and equipment and intangible assets' (PaymentsToAcquireProductiveAssets)")
ans('f-syn-19', 'Walmart dividends declared per share FY2025', [amt(WMT, 'dps', fy(WMT, 2025))], 'synonym: dividends per share')
ans('f-syn-20', 'ICICI Bank net interest income Q2 FY24', [diff(amt(IC, 'int_earned', nse_q(IC)), amt(IC, 'int_expended', nse_q(IC)))], 'synonym: bank net interest income = interest earned − interest expended (banking-format NSE results, INR; ₹18,307.91 crore)')
ans('f-syn-21', 'ICICI Bank operating profit before provisions and contingencies, Q2 FY24', [amt(IC, 'opprofit_bank', nse_q(IC))], "synonym: Indian bank caption (pre-provision operating profit)")
ans('f-syn-22', 'Asian Paints profit attributable to owners of the parent, H1 FY24', [amt(AP, 'ni', nse_h1(AP))], 'synonym: Ind AS caption, Apr-Sep 2023')
ans('f-syn-23', 'Nike inventories at May 31, 2025', [inst(NKE, 'inv', '2025-05-31')], "synonym: Nike's balance-sheet line 'Inventories' is tagged InventoryFinishedGoodsNetOfReserves")
ans('f-syn-24', 'P&G cash and cash equivalents at June 30, 2025', [inst(PG, 'cash', '2025-06-30')], "synonym: P&G tags its balance-sheet cash line with CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents")
ans('f-syn-25', 'Walmart operating margin FY2025', [ratio(amt(WMT, 'oi', fy(WMT, 2025)), amt(WMT, 'rev', fy(WMT, 2025)), accept=[value(WMT, 'oi', *fy(WMT, 2025))[0] / value(WMT, 'netsales', *fy(WMT, 2025))[0]])], 'synonym: operating income / total revenues (over net sales accepted: Walmart states its ratios on net sales)')

# --- balance-asof
ans('f-bal-01', 'Walmart total assets as of January 31, 2025', [inst(WMT, 'assets', '2025-01-31')], 'balance-asof: fiscal year-end balance')
ans('f-bal-02', 'Walmart cash and cash equivalents at FYE 2025', [inst(WMT, 'cash', '2025-01-31')], "balance-asof: the statement's 9,037m; the filing also tags an MD&A '$9.0 billion' (decimals -8) for the same context — a duplicate of lower precision, not a second version")
ans('f-bal-03', 'Walmart total equity at January 31, 2025', [inst(WMT, 'equity_total', '2025-01-31')], "balance-asof: 'Total equity' incl. noncontrolling interest (97,421m); total Walmart shareholders' equity is 91,013m")
ans('f-bal-04', "Walmart total shareholders' equity at Jan 31, 2024", [inst(WMT, 'equity', '2024-01-31')], "balance-asof: 'Total Walmart shareholders' equity' (parent)")
ans('f-bal-05', 'Nike cash and equivalents at May 31, 2025', [inst(NKE, 'cash', '2025-05-31')], 'balance-asof: May year-end')
ans('f-bal-06', 'P&G inventories June 30, 2025', [inst(PG, 'inv', '2025-06-30')], 'balance-asof: June year-end')
ans('f-bal-07', 'P&G total equity at June 30, 2024', [inst(PG, 'equity_total', '2024-06-30')], 'balance-asof: total shareholders\' equity incl. NCI (P&G tags only the NCI-inclusive total)')
ans('f-bal-08', 'Microsoft total assets at June 30, 2015', [inst(MS, 'assets', '2015-06-30')], 'balance-asof')
ans('f-bal-09', 'MSFT cash and equivalents at Sep 30, 2015', [inst(MS, 'cash', '2015-09-30')], 'balance-asof: quarter-end (10-Q instance)')
ans('f-bal-10', 'Microsoft cash at September 30, 2014', [inst(MS, 'cash', '2014-09-30')], "balance-asof: held only as the cash-flow statement's ending balance of the prior-year quarter")
not_held(MS, 'assets', None, '2014-09-30')
no('f-bal-11', 'Microsoft total assets at September 30, 2014', 'insufficient_evidence', 'balance-asof: no balance sheet at that date is held (the 10-Q compares Sep 30, 2015 with Jun 30, 2015)')
ans('f-bal-12', "Microsoft stockholders' equity at Sept 30, 2014", [inst(MS, 'equity', '2014-09-30')], "balance-asof: from the 10-Q's statement of stockholders' equity (prior-year quarter-end)")
ans('f-bal-13', 'Tesla inventory at June 30, 2024', [inst(T, 'inv', '2024-06-30')], 'balance-asof: quarter-end')
ans('f-bal-14', 'Tesla total equity at March 31, 2024', [inst(T, 'equity_total', '2024-03-31')], "balance-asof: from the 10-Q's statement of equity (incl. NCI); the parent's column is a dimension")
ans('f-bal-15', "NVDA shareholders' equity at the end of fiscal Q1 2026", [inst(N, 'equity', '2025-04-27')], "balance-asof: Apr 27, 2025, from the Q2 10-Q's statement of equity")
ans('f-bal-16', 'Apple total assets at the end of the June 2025 quarter', [inst(A, 'assets', '2025-06-28')], 'balance-asof: Jun 28, 2025')
ans('f-bal-17', "Alphabet stockholders' equity at December 31, 2021", [inst(GO, 'equity', '2021-12-31')], "balance-asof: the opening balance of the FY2024 10-K's three-year equity statement")
not_held(GO, 'assets', None, '2022-12-31')
no('f-bal-18', 'Alphabet total assets at Dec 31, 2022', 'insufficient_evidence', 'balance-asof: the FY2024 10-K balance sheet has Dec 31, 2023 and 2024 only')
ans('f-bal-19', 'ICICI Bank deposits at 30 September 2023', [inst(IC, 'deposits', '2023-09-30')], 'balance-asof: bank deposits (₹12,94,741.72 crore), standalone')
ans('f-bal-20', 'ICICI Bank advances as at 30.09.2023', [inst(IC, 'advances', '2023-09-30')], 'balance-asof: loans = advances for an Indian bank; dotted date')
ans('f-bal-21', 'Asian Paints total equity at September 30, 2023', [inst(AP, 'equity_total', '2023-09-30')], 'balance-asof: Ind AS total equity incl. NCI')
no('f-bal-22', 'Wells Fargo total deposits at December 31, 2024', 'insufficient_evidence', "balance-asof: the held 10-K file carries 18 numeric facts (cover page and a few notes); the statements are in Exhibit 13, not held")
ans('f-bal-23', 'Walmart inventories at January 31, 2024', [inst(WMT, 'inv', '2024-01-31')], 'balance-asof: prior year-end')

# --- growth
ans('f-gr-01', 'Walmart revenue growth FY2025', [growth(wrev(2025), wrev(2024), accept=[value(WMT, 'netsales', *fy(WMT, 2025))[0] / value(WMT, 'netsales', *fy(WMT, 2024))[0] - 1])], 'growth: total revenues (net sales accepted)')
ans('f-gr-02', 'Nike revenue growth fiscal 2025 y/y', [growth(amt(NKE, 'rev', fy(NKE, 2025)), amt(NKE, 'rev', fy(NKE, 2024)))], 'growth: a decline')
ans('f-gr-03', 'P&G net sales growth FY2025', [growth(amt(PG, 'rev', fy(PG, 2025)), amt(PG, 'rev', fy(PG, 2024)))], 'growth')
ans('f-gr-04', 'Microsoft fiscal Q1 2016 revenue growth y/y', [growth(amt(MS, 'rev', q(MS, 2016, 1)), amt(MS, 'rev', q(MS, 2015, 1)))], 'growth: over the comparative quarter')
ans('f-gr-05', 'MSFT fiscal Q1 2016 revenue, sequential growth', [growth(amt(MS, 'rev', q(MS, 2016, 1)), amt(MS, 'rev', q(MS, 2015, 4)))], 'growth: over the reported Q4 FY2015 (10-K quarterly data)')
ans('f-gr-06', 'NVDA Q2 FY26 revenue y/y growth', [growth(amt(N, 'rev', q(N, 2026, 2)), amt(N, 'rev', q(N, 2025, 2)))], 'growth')
ans('f-gr-07', 'NVDA H1 FY26 net income growth vs H1 FY25', [growth(amt(N, 'ni', ytd(N, 2026, 2)), amt(N, 'ni', ytd(N, 2025, 2)))], 'growth: YTD over prior YTD')
ans('f-gr-08', 'Apple 9M FY25 revenue growth', [growth(amt(A, 'rev', ytd(A, 2025, 3)), amt(A, 'rev', ytd(A, 2024, 3)))], 'growth: nine months over nine months')
ans('f-gr-09', 'Tesla Q2 2024 revenue growth year over year', [growth(amt(T, 'rev', q(T, 2024, 2)), amt(T, 'rev', q(T, 2023, 2)))], 'growth')
ans('f-gr-10', 'Walmart inventory growth FY2025', [growth(inst(WMT, 'inv', '2025-01-31'), inst(WMT, 'inv', '2024-01-31'))], 'growth: of a balance, as a rate, at Jan 31, 2025')
ans('f-gr-11', 'Nike net income change FY2025 vs FY2024, in $', [change(amt(NKE, 'ni', fy(NKE, 2025)), amt(NKE, 'ni', fy(NKE, 2024)))], 'growth: a dollar change carrying the later period')
ans('f-gr-12', 'Apple fiscal Q4 2024 revenue growth y/y', [growth(q4(A, 'rev', 2024), q4(A, 'rev', 2023))], 'growth: two derived fourth quarters (Q4 FY2023 ran 14 weeks)')
ans('f-gr-13', 'Microsoft FY2015 net income growth', [growth(amt(MS, 'ni', fy(MS, 2015)), amt(MS, 'ni', fy(MS, 2014)))], 'growth: a decline')
no('f-gr-14', 'ICICI Bank Q2 FY24 net profit growth y/y', 'insufficient_evidence', 'growth: the NSE results XBRL holds only the current quarter and half year, not Q2 FY23')

# --- multi-year
ans('f-my-01', 'Walmart net income FY2023-FY2025', [amt(WMT, 'ni', fy(WMT, y)) for y in (2023, 2024, 2025)], 'multi-year: three fiscal years of the 10-K')
ans('f-my-02', 'Nike revenue for fiscal 2023, 2024 and 2025', [amt(NKE, 'rev', fy(NKE, y)) for y in (2023, 2024, 2025)], 'multi-year: a list')
ans('f-my-03', 'P&G diluted EPS over the last three fiscal years', [amt(PG, 'eps_d', fy(PG, y)) for y in (2023, 2024, 2025)], 'multi-year: the last three = FY2023-FY2025 (latest held FY2025)')
ans('f-my-04', 'Microsoft revenue by quarter for fiscal 2015', [amt(MS, 'rev', q(MS, 2015, n)) for n in (1, 2, 3, 4)], 'multi-year: a quarterly series; all four quarters are reported in the 10-K quarterly data')
ans('f-my-05', 'Microsoft net income for fiscal 2013 through fiscal 2015', [amt(MS, 'ni', fy(MS, y)) for y in (2013, 2014, 2015)], 'multi-year: a range')
ans('f-my-06', 'Alphabet capex 2022-2024', [amt(GO, 'capex', fy(GO, y)) for y in (2022, 2023, 2024)], 'multi-year: calendar filer')
ans('f-my-07', 'NVDA revenue FY2023 to FY2025', [amt(N, 'rev', fy(N, y)) for y in (2023, 2024, 2025)], 'multi-year')
ans('f-my-08', 'Apple net income FY2021-FY2024', [amt(A, 'ni', fy(A, y)) for y in (2021, 2022, 2023, 2024)], 'multi-year: spans the FY2023 XBRL instance and the FY2024 inline 10-K')
ans('f-my-09', 'Walmart revenue FY2022 through FY2025', [wrev(y) for y in (2023, 2024, 2025)], 'multi-year: FY2022 is not held; the right answer gives the three held years and says FY2022 is not reported (a value for FY2022 would be an escape)')

# --- cross-company
ans('f-cc-01', 'Walmart vs Nike revenue, fiscal 2025', [wrev(2025), amt(NKE, 'rev', fy(NKE, 2025))], "cross-company: each on its own calendar (Walmart's FY2025 ended Jan 31, 2025; Nike's May 31, 2025)")
ans('f-cc-02', 'Compare P&G and Nike net income for fiscal 2024', [amt(PG, 'ni', fy(PG, 2024)), amt(NKE, 'ni', fy(NKE, 2024))], 'cross-company: June and May year-ends')
ans('f-cc-03', 'Which had more cash at their latest fiscal year-end, Nike or P&G?', [inst(NKE, 'cash', '2025-05-31'), inst(PG, 'cash', '2025-06-30')], 'cross-company: each at its own latest year-end')
ans('f-cc-04', 'Tesla and NVIDIA revenue for the quarter ended June 2024', [amt(T, 'rev', q(T, 2024, 2))], "cross-company: no NVIDIA quarter ended in June 2024 (its Q2 FY2025 ended Jul 28, 2024): the right answer gives Tesla's and says so")
ans('f-cc-05', 'NVDA and Apple net income for fiscal 2024', [amt(N, 'ni', fy(N, 2024)), amt(A, 'ni', fy(A, 2024))], 'cross-company: FY2024 ended Jan 28, 2024 (NVIDIA) and Sep 28, 2024 (Apple)')
ans('f-cc-06', 'Walmart and P&G diluted EPS, FY2024', [amt(WMT, 'eps_d', fy(WMT, 2024)), amt(PG, 'eps_d', fy(PG, 2024))], 'cross-company')
ans('f-cc-07', 'Alphabet vs Walmart operating income for their 2024 fiscal years', [amt(GO, 'oi', fy(GO, 2024)), amt(WMT, 'oi', fy(WMT, 2024))], "cross-company: 'their 2024 fiscal years' = each company's FY2024")
ans('f-cc-08', 'Which is bigger by total assets at fiscal year-end 2025, P&G or Nike?', [inst(PG, 'assets', '2025-06-30'), inst(NKE, 'assets', '2025-05-31')], 'cross-company: each FY2025 year-end')
no('f-cc-09', 'Walmart and Nike revenue for calendar 2024', 'insufficient_evidence', 'cross-company: neither reports calendar 2024 (fiscal years end Jan 31 and May 31)')

# --- valid-arithmetic
ans('f-ar-01', 'Nike revenue minus cost of sales, FY2025', [diff(amt(NKE, 'rev', fy(NKE, 2025)), amt(NKE, 'cor', fy(NKE, 2025)))], 'valid-arithmetic: two line items of one period')
ans('f-ar-02', 'Walmart operating cash flow less capex FY2025', [diff(amt(WMT, 'ocf', fy(WMT, 2025)), amt(WMT, 'capex', fy(WMT, 2025)))], 'valid-arithmetic')
ans('f-ar-03', 'Microsoft Q1 plus Q2 FY2015 revenue', [span_sum(amt(MS, 'rev', q(MS, 2015, 1)), amt(MS, 'rev', q(MS, 2015, 2)))], 'valid-arithmetic: contiguous quarters = the first half, Jul 1 - Dec 31, 2014')
ans('f-ar-04', 'MSFT fiscal Q3 2015 net income plus fiscal Q4 2015 net income', [span_sum(amt(MS, 'ni', q(MS, 2015, 3)), amt(MS, 'ni', q(MS, 2015, 4)))], 'valid-arithmetic: contiguous quarters, Jan 1 - Jun 30, 2015 (a profit plus a loss)')
ans('f-ar-05', 'Apple FY2024 revenue minus FY2023 revenue', [change(amt(A, 'rev', fy(A, 2024)), amt(A, 'rev', fy(A, 2023)))], 'valid-arithmetic: a difference between periods is a change carrying the later period')
ans('f-ar-06', 'P&G fiscal 2025 net sales less fiscal 2024 net sales', [change(amt(PG, 'rev', fy(PG, 2025)), amt(PG, 'rev', fy(PG, 2024)))], 'valid-arithmetic: change')
ans('f-ar-07', 'Nike cash as a % of total assets at May 31, 2025', [ratio(inst(NKE, 'cash', '2025-05-31'), inst(NKE, 'assets', '2025-05-31'))], 'valid-arithmetic: a ratio of two balances at one date')
ans('f-ar-08', 'ICICI Bank interest earned minus interest expended, Q2 FY24', [diff(amt(IC, 'int_earned', nse_q(IC)), amt(IC, 'int_expended', nse_q(IC)))], 'valid-arithmetic: explicit net interest income')
ans('f-ar-09', 'Tesla Q2 2024 gross profit divided by revenue', [ratio(amt(T, 'gp', q(T, 2024, 2)), amt(T, 'rev', q(T, 2024, 2)))], 'valid-arithmetic: explicit ratio')

# --- invalid-join
for id_, qq, note in [
    ('f-inv-01', "Divide Walmart's FY2025 net income by its FY2024 revenue", 'a ratio across two fiscal years'),
    ('f-inv-02', "Add Nike's cash at May 31, 2025 to its fiscal 2025 net income", 'a balance added to a flow'),
    ('f-inv-03', 'Microsoft FY2015 revenue plus its fiscal Q4 2015 revenue', 'a quarter added to the year that contains it'),
    ('f-inv-04', 'Apple 9M FY2025 revenue + Q3 FY2025 revenue', 'a quarter added to the YTD that contains it'),
    ('f-inv-05', 'Walmart FY2025 revenue divided by Nike FY2025 revenue', "a ratio of two periods that differ (Feb 2024-Jan 2025 vs Jun 2024-May 2025)"),
    ('f-inv-06', "Sum NVDA's FY2025 revenue and its H1 FY2025 revenue", 'overlapping periods'),
    ('f-inv-07', 'Tesla inventory at June 30, 2024 plus Q2 2024 revenue', 'a balance added to a flow'),
    ('f-inv-08', 'MSFT Q1 FY2016 net income divided by FY2015 revenue', 'a ratio whose operands cover different periods'),
]:
    no(id_, qq, 'rejected', f'invalid-join: {note}')

# --- abstain
for id_, qq, note in [
    ('f-abs-01', 'Wells Fargo net interest income 2024', "the held WFC 10-K file carries no income statement (Exhibit 13 is not held); a bank measure must not be filled from anything else"),
    ('f-abs-02', 'WFC total loans at year-end 2024', 'not in the held file'),
    ('f-abs-03', 'Wells Fargo net income for 2024', 'not in the held file'),
    ('f-abs-04', 'Walmart revenue fiscal 2022', 'before the held years (FY2023-FY2025)'),
    ('f-abs-05', 'Nike net income for the year ended May 31, 2022', 'before the held years'),
    ('f-abs-06', 'P&G net sales fiscal 2026', 'beyond the data'),
    ('f-abs-07', 'Microsoft revenue fiscal 2016', 'only Q1 FY2016 is held'),
    ('f-abs-08', 'Microsoft fiscal Q2 2016 revenue', 'beyond the data'),
    ('f-abs-09', 'Tesla revenue for fiscal 2023', 'the held Q2 2024 10-Q has no FY2023 income statement'),
    ('f-abs-10', 'Tesla Q3 2024 revenue', 'beyond the data'),
    ('f-abs-11', 'Alphabet revenue 2021', 'before the FY2024 10-K\'s three years'),
    ('f-abs-12', 'Apple revenue fiscal 2020', 'before the FY2023 instance\'s three years'),
    ('f-abs-13', 'Walmart comparable sales growth fiscal 2025', 'comparable sales are not an XBRL fact of the filing; total revenue growth is not comp sales'),
    ('f-abs-14', 'Costco revenue fiscal 2024', 'a company not in the workspace'),
    ('f-abs-15', 'HDFC Bank net profit Q2 FY24', 'a company not in the workspace'),
    ('f-abs-16', 'ICICI Bank net profit Q2 FY23', 'the NSE results XBRL holds no comparative quarter'),
    ('f-abs-17', 'Asian Paints revenue from operations FY2023', 'no annual results are held'),
    ('f-abs-18', 'Walmart net income in euros, FY2025', 'no euro figure is reported; Ledgerline does not convert currencies'),
]:
    no(id_, qq, 'insufficient_evidence', f'abstain: {note}')
for t_, m_, s_, e_ in [(WMT, 'rev', '2021-02-01', '2022-01-31'), (NKE, 'ni', '2021-06-01', '2022-05-31'), (T, 'rev', '2023-01-01', '2023-12-31'), (GO, 'rev', '2021-01-01', '2021-12-31')]:
    not_held(t_, m_, s_, e_)

# --- ambiguous
for id_, qq, note in [
    ('f-amb-01', 'Walmart revenue 2025', 'bare year for a January year-end filer (fiscal 2025 ended Jan 31, 2025, or calendar 2025?)'),
    ('f-amb-02', 'Nike net income 2024', 'bare year for a May year-end filer'),
    ('f-amb-03', 'Microsoft revenue 2015', 'bare year for a June year-end filer (FY2015 = Jul 2014-Jun 2015)'),
    ('f-amb-04', 'P&G EPS 2025', 'bare year for a June year-end filer, and basic or diluted not said'),
    ('f-amb-05', 'Microsoft Q1 2016 revenue', 'a quarter without fiscal for a non-calendar filer (fiscal Q1 FY2016 = Jul-Sep 2015; calendar Q1 2016 = Jan-Mar 2016)'),
    ('f-amb-06', 'MSFT 4Q15 net income', 'a quarter code without fiscal for a non-calendar filer'),
    ('f-amb-07', 'Apple Q3 2023 revenue', 'a quarter without fiscal for a September year-end filer'),
    ('f-amb-08', 'NVDA Q2 2026 net income', 'a quarter without fiscal for a January year-end filer'),
    ('f-amb-09', 'Nike margin FY2025', 'margin type not stated'),
    ('f-amb-10', 'Walmart CY2024 revenue', 'no Walmart period is calendar 2024 (its years end Jan 31)'),
    ('f-amb-11', 'Tesla revenue', 'no period'),
    ('f-amb-12', 'P&G first-half revenue', 'no year (and P&G is not a calendar filer)'),
    ('f-amb-13', 'ICICI Bank H1 2024 profit', 'H1 2024 for an April-March filer: fiscal H1 FY2024 (Apr-Sep 2023) or calendar Jan-Jun 2024?'),
    ('f-amb-14', 'Microsoft H1 2015 revenue', 'a half without fiscal for a June year-end filer'),
]:
    no(id_, qq, 'needs_clarification', f'ambiguous: {note}')


# ================================================================ round 2: segments, signs and duplicates, versions,
# Apple's 53-week FY2023 calendar, scale and currency words, more calendars side by side
OPSEG = ('srt:ConsolidationItemsAxis', 'us-gaap:OperatingSegmentsMember')


def seg(t, concept, per, *dims):
    """A segment/product/geography figure: the fact with exactly these dimensions (a reported member, never the
    consolidated total and never a narrower combination of members)."""
    s_, e_ = per if per else (None, None)
    v = held(t, concept, s_, e_, tuple(sorted(dims)))
    if v is None:
        # contexts list their members in document order; compare as sets
        fs = [f for f in company_facts(t) if f['concept'] == concept and set(f['dims']) == set(dims) and f['end'] == e_ and f['start'] == s_]
        if not fs:
            raise SystemExit(f'no segment fact {t} {concept} {per} {dims}')
        v = pick(fs)
    return dict(value=v, start=s_, end=e_, tol=0.0005, accept=[v])


def seg_absent(t, concept, per, member):
    """No fact carries this member alone (or with the segment marker only): the figure is not reported as such."""
    for f in company_facts(t):
        if f['concept'] == concept and f['start'] == per[0] and f['end'] == per[1] and any(m == member for _, m in f['dims']):
            rest = [d for d in f['dims'] if d[1] != member and d != OPSEG]
            assert rest, f'{t} {member} is reported on its own'


REVC = G + 'RevenueFromContractWithCustomerExcludingAssessedTax'
PSA, BSA, SUB, GEO, CHN = 'srt:ProductOrServiceAxis', 'us-gaap:StatementBusinessSegmentsAxis', 'us-gaap:SubsegmentsAxis', 'srt:StatementGeographicalAxis', 'us-gaap:ContractWithCustomerSalesChannelAxis'
nk25, wm25, nv26q2, ap25q3, ap24 = fy(NKE, 2025), fy(WMT, 2025), q(N, 2026, 2), q(A, 2025, 3), fy(A, 2024)

# --- segments, products and geographies (dimensional facts: the member asked, never the total)
ans('f2-seg-01', 'Nike footwear revenue fiscal 2025', [seg(NKE, REVC, nk25, (PSA, 'nke:FootwearMember'))], "synonym: segment — footwear across NIKE Brand and Converse (30,967m); Converse footwear alone is 1,457m, NIKE Brand footwear 29,510m")
ans('f2-seg-02', 'Nike apparel revenues FY2025', [seg(NKE, REVC, nk25, (PSA, 'nke:ApparelMember'))], 'synonym: segment — product line')
ans('f2-seg-03', 'Nike Converse segment revenue FY2025', [seg(NKE, REVC, nk25, OPSEG, (BSA, 'nke:ConverseSegmentMember'))], 'synonym: segment — Converse is a reportable segment of Nike, not a company')
ans('f2-seg-04', 'Nike North America revenue FY2025', [seg(NKE, REVC, nk25, OPSEG, (BSA, 'nke:NIKEBrandMember'), (SUB, 'nke:NorthAmericaSegmentMember'))], 'synonym: segment — NIKE Brand North America (the geographic operating segment)')
ans('f2-seg-05', 'Nike wholesale revenues fiscal 2025', [seg(NKE, REVC, nk25, (CHN, 'nke:SalesChannelWholesaleMember'))], 'synonym: segment — sales channel')
ans('f2-seg-06', 'Nike direct-to-consumer revenue FY2025', [seg(NKE, REVC, nk25, (CHN, 'us-gaap:SalesChannelDirectlyToConsumerMember'))], 'synonym: segment — sales channel (NIKE Direct and Converse direct)')
ans('f2-seg-07', "NVDA gaming revenue FQ2'26", [seg(N, G + 'Revenues', nv26q2, (PSA, 'nvda:GamingMember'))], 'synonym: segment — market platform')
ans('f2-seg-08', 'NVIDIA Compute & Networking segment revenue, fiscal Q2 2026', [seg(N, G + 'Revenues', nv26q2, OPSEG, (BSA, 'nvda:ComputeAndNetworkingSegmentMember'))], 'synonym: segment — reportable segment (41,331m), not the Compute market platform (33,844m)')
ans('f2-seg-09', 'NVIDIA revenue from the United States, Q2 FY2026', [seg(N, G + 'Revenues', nv26q2, (GEO, 'country:US'))], 'synonym: geography — revenue by customer billing location, US')
ans('f2-seg-10', 'Apple iPhone net sales fiscal Q3 2025', [seg(A, REVC, ap25q3, (PSA, 'aapl:IPhoneMember'))], 'synonym: product line')
ans('f2-seg-11', 'Apple services revenue FY2024', [seg(A, REVC, ap24, (PSA, 'us-gaap:ServiceMember'))], 'synonym: services net sales')
ans('f2-seg-12', 'Apple Greater China net sales FY2024', [seg(A, REVC, ap24, (BSA, 'aapl:GreaterChinaSegmentMember'))], 'synonym: reportable segment (equal to the country:CN figure)')
ans('f2-seg-13', 'Alphabet Google Cloud revenue 2024', [seg(GO, REVC, fy(GO, 2024), (BSA, 'goog:GoogleCloudMember'))], 'synonym: segment')
ans('f2-seg-14', 'Tesla energy generation and storage revenue Q2 2024', [seg(T, REVC, q(T, 2024, 2), (PSA, 'tsla:EnergyGenerationAndStorageMember'))], "synonym: Tesla's income-statement line (equal to the segment's revenue)")
ans('f2-seg-15', 'Walmart U.S. segment net sales fiscal 2025', [seg(WMT, REVC, wm25, (BSA, 'wmt:WalmartUSMember'))], 'synonym: segment — Walmart U.S. (462,415m)')
ans('f2-seg-16', "Sam's Club net sales FY2025", [seg(WMT, REVC, wm25, (BSA, 'wmt:SamsClubUSMember'))], "synonym: segment — Sam's Club U.S. (a Walmart segment, not a company)")
ans('f2-seg-17', 'Walmart International net sales fiscal 2025', [seg(WMT, REVC, wm25, (BSA, 'wmt:WalmartInternationalMember'))], 'synonym: segment')
ans('f2-seg-18', 'Microsoft Xbox revenue FY2015', [seg(MS, G + 'SalesRevenueNet', fy(MS, 2015), ('us-gaap:ProductOrServiceAxis', 'msft:XboxMember'))], 'synonym: product line (XBRL instance)')
ans('f2-seg-19', 'Microsoft revenue outside the US, FY2015', [seg(MS, G + 'SalesRevenueNet', fy(MS, 2015), ('us-gaap:StatementGeographicalAxis', 'us-gaap:NonUsMember'))], 'synonym: geography — other countries (50,639m), not the total')
ans('f2-seg-20', 'Nike Greater China revenue FY2025', [seg(NKE, REVC, nk25, OPSEG, (BSA, 'nke:NIKEBrandMember'), (SUB, 'nke:GreaterChinaSegmentMember'))], "synonym: segment — NIKE Brand's Greater China operating segment (a region incl. Hong Kong and Taiwan; not the country member)")
seg_absent(WMT, REVC, wm25, 'wmt:GroceryMember')
no('f2-seg-21', 'Walmart grocery sales FY2025', 'insufficient_evidence', "abstain: grocery is reported only within Walmart U.S. (276,003m) and Sam's Club (59,976m); no company-wide grocery figure is filed — one segment's figure is not the answer")
ans('f2-seg-22', 'Walmart China net sales fiscal 2025', [seg(WMT, REVC, wm25, (GEO, 'country:CN'), (BSA, 'wmt:WalmartInternationalMember'))], 'synonym: geography within the International segment (all of Walmart China)')

# --- signs, scales and duplicate facts of one filing (ingestion)
ans('f2-ing-01', 'Walmart net income attributable to noncontrolling interest FY2023', [amt(WMT, 'nci_ni', fy(WMT, 2023))], 'synonym: a negative NCI share (ix sign="-"): −388m')
ans('f2-ing-02', 'NVDA income tax expense FY2023', [amt(N, 'tax', fy(N, 2023))], 'synonym: a tax benefit, −187m')
ans('f2-ing-03', 'NVDA income tax expense Q2 FY2026', [amt(N, 'tax', nv26q2)], "synonym: the statement's 4,784m; the filing also tags an MD&A '$4.8 billion' (decimals -8) for the same context — a less precise duplicate, not a second version")
ans('f2-ing-04', 'WFC public float as of June 28, 2024', [inst(WFC, 'float', '2024-06-28')], 'balance-asof: cover-page fact written "$201.6 billion" (scale 9)')
ans('f2-ing-05', 'Microsoft fiscal Q4 2015 diluted EPS', [amt(MS, 'eps_d', q(MS, 2015, 4))], 'ordinal-quarter: a negative EPS reported in the quarterly data')
ans('f2-ing-06', 'How much did Microsoft lose in fiscal Q4 2015?', [dict(amt(MS, 'ni', q(MS, 2015, 4)), accept=[value(MS, 'ni', *q(MS, 2015, 4))[0], -value(MS, 'ni', *q(MS, 2015, 4))[0]])], 'synonym: negative framing of a net loss (the loss as a negative net income or as a positive loss)')
ans('f2-ing-07', 'NVDA shares outstanding as of February 21, 2025', [inst(N, 'shares_cover', '2025-02-21')], 'balance-asof: cover page, written "24.4 billion"')
ans('f2-ing-08', 'P&G dividends per share fiscal 2025', [amt(PG, 'dps', fy(PG, 2025))], 'synonym: dividends declared per common share (4.0763)')
ans('f2-ing-09', 'Walmart depreciation and amortization FY2025', [dict(value=held(WMT, G + 'DepreciationAmortizationAndAccretionNet', *wm25), start=wm25[0], end=wm25[1], tol=0.0005, accept=[held(WMT, G + 'DepreciationAmortizationAndAccretionNet', *wm25)])], "synonym: the cash-flow statement's 12,973m (DepreciationAmortizationAndAccretionNet); the filing also tags a rounded '$13.0 billion' duplicate for the same context")

# --- versions: the held files hold no original of a later filing's comparative
no('f2-ver-01', 'NVDA FY2024 diluted EPS as originally reported', 'insufficient_evidence', "abstain: the FY2024 10-K (11.93, before the June 2024 10-for-1 split) is not held; the held 1.19 is the FY2025 10-K's split-adjusted comparative — calling it 'as originally reported' is wrong")
no('f2-ver-02', 'Walmart FY2023 diluted EPS as first reported', 'insufficient_evidence', "abstain: the FY2023 10-K is not held; the held 1.42 is the FY2025 10-K's comparative, restated for the February 2024 3-for-1 split")
ans('f2-ver-03', 'Walmart net income FY2023 per the FY2025 10-K', [amt(WMT, 'ni', fy(WMT, 2023))], 'synonym: a named filing that holds the figure as a comparative')
ans('f2-ver-04', 'Apple FY2022 revenue as reported in the FY2023 10-K', [amt(A, 'rev', fy(A, 2022))], 'synonym: a named filing (XBRL instance) holding a comparative year')

# --- Apple's 53-week FY2023 (Q1 ran 14 weeks): quarters from the filed dates, never from a 13-week grid
ans('f2-cal-01', 'Apple gross margin fiscal Q4 2023', [ratio(q4(A, 'gp', 2023), q4(A, 'rev', 2023))], 'derived-q4: derived Q4 gross profit / derived Q4 revenue, Jul 2 - Sep 30, 2023')
ans('f2-cal-02', 'Apple operating margin for the September 2023 quarter', [ratio(q4(A, 'oi', 2023), q4(A, 'rev', 2023))], "derived-q4: Apple's quarter ending in September 2023 = Q4 FY2023")
no('f2-cal-03', 'Apple revenue for the quarter ended June 24, 2023', 'insufficient_evidence', 'abstain: no Apple quarter ended Jun 24, 2023 (Q3 FY2023 ended Jul 1, 2023: FY2023 had a 14-week Q1)')
ans('f2-cal-04', 'Apple fiscal Q4 2023 revenue growth y/y', [growth(q4(A, 'rev', 2023), q4(A, 'rev', 2022))], 'growth: a 14-week over a 13-week derived quarter')
ans('f2-cal-05', 'Apple TTM gross margin through fiscal Q3 2023', [ratio(ttm(A, 'gp', 2023, 3), ttm(A, 'rev', 2023, 3))], 'ttm: Jun 26, 2022 - Jul 1, 2023')

# --- scale and currency words
ans('f2-unit-01', 'Walmart total revenues FY2025 in $ millions', [amt(WMT, 'rev', wm25)], 'synonym: a scale word does not change the measure (total revenues)')
ans('f2-unit-02', 'Nike revenue fiscal 2025 in USD bn', [amt(NKE, 'rev', nk25)], 'synonym: currency and scale words')
ans('f2-unit-03', 'Asian Paints H1 FY24 revenue from operations in ₹ crore', [amt(AP, 'rev', nse_h1(AP))], 'half-ytd: rupee sign and crore scale (₹17,660.88 crore)')
ans('f2-unit-04', 'ICICI Bank deposits at Sep 30, 2023, Rs lakh crore', [inst(IC, 'deposits', '2023-09-30')], 'balance-asof: Indian scale words (₹12.95 lakh crore)')
no('f2-unit-05', 'Walmart net income FY2025 in INR', 'insufficient_evidence', 'abstain: reported in USD; no conversion')

# --- more calendars side by side
ans('f2-cc-01', 'Which company had higher FY2025 revenue growth, Walmart or Nike?', [growth(wrev(2025), wrev(2024), accept=[value(WMT, 'netsales', *fy(WMT, 2025))[0] / value(WMT, 'netsales', *fy(WMT, 2024))[0] - 1]), growth(amt(NKE, 'rev', fy(NKE, 2025)), amt(NKE, 'rev', fy(NKE, 2024)))], 'cross-company: a comparison asked as a question, each on its own calendar')
ans('f2-cc-02', 'Compare Walmart and Nike diluted EPS for the fiscal years ended in 2024', [amt(WMT, 'eps_d', fy(WMT, 2024)), amt(NKE, 'eps_d', fy(NKE, 2024))], 'cross-company: years ended in 2024 = FY2024 of each (Jan 31 and May 31, 2024)')
ans('f2-cc-03', 'Tesla vs Apple revenue for the quarter ended June 2024', [amt(T, 'rev', q(T, 2024, 2)), amt(A, 'rev', q(A, 2024, 3))], "cross-company: both have a quarter ending in June 2024 (Tesla Jun 30; Apple's Q3 FY2024 Jun 29)")
ans('f2-cc-04', 'NVIDIA and Walmart total assets at their fiscal year-ends in January 2025', [inst(N, 'assets', '2025-01-26'), inst(WMT, 'assets', '2025-01-31')], 'cross-company: Jan 26 and Jan 31, 2025')
no('f2-cc-05', 'Difference between Walmart FY2025 net income and Nike FY2025 net income', 'rejected', 'invalid-join: cross-company arithmetic over periods that differ')
ans('f2-cc-06', 'Microsoft vs Apple net income for the June 2015 quarter', [amt(MS, 'ni', q(MS, 2015, 4))], "cross-company: no Apple quarter of 2015 is held: the right answer gives Microsoft's and says Apple's is not reported")

# --- ambiguity and abstention neighbours
for id_, qq, note in [
    ('f2-amb-01', 'Walmart Q4 revenue', 'no year'),
    ('f2-amb-02', 'Microsoft fiscal Q4 net income', 'no year'),
    ('f2-amb-03', 'NVDA 1H26 revenue', 'a half code without fiscal for a January year-end filer'),
    ('f2-amb-04', 'Apple 9M23 net income', 'a nine-month code without fiscal for a September year-end filer'),
]:
    no(id_, qq, 'needs_clarification', f'ambiguous: {note}')
for id_, qq, note in [
    ('f2-abs-01', 'Walmart fiscal Q3 2025 revenue', 'no Walmart 10-Q is held'),
    ('f2-abs-02', 'Nike Q1 FY26 revenue', 'beyond the data'),
    ('f2-abs-03', 'Alphabet Q3 2024 revenue', 'no Alphabet 10-Q is held'),
    ('f2-abs-04', 'P&G revenue for calendar 2024', "no P&G period is calendar 2024 (June year-end)"),
    ('f2-abs-05', 'NVDA Q1 FY2026 diluted EPS', 'no Q1 FY2026 EPS is filed; per-share figures are not additive (H1 − Q2 is not Q1 EPS)'),
    ('f2-abs-06', 'Tesla Q1 2024 diluted EPS', 'no Q1 2024 EPS is filed; H1 − Q2 is not Q1 EPS'),
    ('f2-abs-07', 'Wells Fargo provision for credit losses 2024', 'not in the held file'),
    ('f2-abs-08', 'WFC CET1 ratio at December 31, 2024', 'not in the held file'),
    ('f2-abs-09', 'Tesla H2 2023 revenue', 'FY2023 is not held, so H2 cannot be derived'),
]:
    no(id_, qq, 'insufficient_evidence', f'abstain: {note}')

# --- quarters that a 10-K reports itself (Microsoft's quarterly data)
ans('f2-q-01', 'MSFT Q2 FY2014 revenue', [amt(MS, 'rev', q(MS, 2014, 2))], 'ordinal-quarter: Oct-Dec 2013, from the FY2015 10-K quarterly data')
ans('f2-q-02', 'Microsoft revenue for the December 2013 quarter', [amt(MS, 'rev', q(MS, 2014, 2))], 'ordinal-quarter: named by month')
ans('f2-q-03', 'Microsoft fiscal 2015 fourth-quarter revenue growth y/y', [growth(amt(MS, 'rev', q(MS, 2015, 4)), amt(MS, 'rev', q(MS, 2014, 4)))], 'growth: two reported fourth quarters')
ans('f2-q-04', 'Microsoft first half fiscal 2015 revenue', [span_sum(amt(MS, 'rev', q(MS, 2015, 1)), amt(MS, 'rev', q(MS, 2015, 2)))], 'half-ytd: no six-month fact is held; the two reported quarters add to the half (Jul 1 - Dec 31, 2014)')
ans('f2-q-05', 'Microsoft TTM net income as of fiscal Q3 2015', [span_sum(amt(MS, 'ni', q(MS, 2014, 4)), amt(MS, 'ni', q(MS, 2015, 1)), amt(MS, 'ni', q(MS, 2015, 2)), amt(MS, 'ni', q(MS, 2015, 3)))], 'ttm: four reported quarters Apr 1, 2014 - Mar 31, 2015 (no 9M is held, so not FY + YTD − YTD)')
ans('f2-h2-01', 'NVDA second-half fiscal 2025 revenue', [h2(N, 'rev', 2025)], 'half-ytd: H2 = FY2025 − H1 FY2025 (comparative in the Q2 FY2026 10-Q)')
ans('f2-bank-01', 'ICICI Bank provisions (other than tax) and contingencies, Q2 FY24', [amt(IC, 'provisions_bank', nse_q(IC))], 'synonym: Indian bank caption')
no('f2-inv-01', 'Microsoft fiscal Q4 2015 net income plus fiscal Q1 2015 net income', 'rejected', 'invalid-join: two quarters that are not contiguous make no period')
no('f2-inv-02', 'Apple Q3 FY2025 revenue divided by FY2024 revenue', 'rejected', 'invalid-join: a ratio whose operands cover different periods')


# ================================================================ scoring
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
        elif esc or (st == 'answered' and exp['status'] == 'answered' and vals):
            verdict = 'WRONG-ANSWERED'  # a value for a period not asked, or a wrong number labelled answered
        elif exp['status'] == 'answered':
            verdict = 'wrong-refusal'
        else:
            verdict = 'wrong-kind-of-refusal'
        c = cats.setdefault(it['category'], [0, 0])
        c[0] += 1
        c[1] += ok
        shown = '; '.join(f"{v['value']} {v['period'].get('start')}..{v['period']['end']} [{v.get('metric')}]" for v in vals)
        rows.append((verdict, it['id'], it['question'], exp['status'], st, shown, (a.get('text') or '')[:240].replace('\n', ' ')))
    n_ok = sum(r[0] == 'ok' for r in rows)
    print(f'{n_ok}/{len(rows)} correct by the shared rules; {sum(r[0] == "WRONG-ANSWERED" for r in rows)} wrong answers labelled answered (escapes or wrong values)')
    print('by category: ' + ', '.join(f'{k} {v[1]}/{v[0]}' for k, v in sorted(cats.items())))
    for r in sorted(rows, key=lambda r: (r[0] != 'WRONG-ANSWERED', r[0] == 'ok', r[1])):
        if r[0] != 'ok':
            print(f'{r[0]:22} {r[1]:12} {r[2]} | expected {r[3]} | got {r[4]} {r[5]} | {r[6]}')


if __name__ == '__main__':
    if len(sys.argv) > 2 and sys.argv[1] == '--score':
        score(sys.argv[2])
    else:
        for it in items:
            print(json.dumps(it))
        print(f'{len(items)} questions', file=sys.stderr)
