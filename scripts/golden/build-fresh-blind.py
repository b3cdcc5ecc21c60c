#!/usr/bin/env python3
"""Build lib/eval/golden/fresh-blind.jsonl: a held-out set of analyst-style questions.

README of the set
-----------------
Sources (read-only, never edited):
  * /work/shared/data/sec-companyfacts/*.json  -- AAPL, GOOGL, NVDA, MRVL, SNOW, TSLA, LPA (IFRS).
  * /work/shared/data/filings-ixbrl/*.html      -- 10-K/10-Q inline XBRL of AAPL, GOOGL, NVDA, NKE, PG,
    WFC (cover page only: its statements are in Exhibit 13), WMT. The PlymouthRock 20-F carries no
    ix tags and is not used.

Truth is computed here, never typed by hand:
  * companyfacts: for a concept and a period (start, end) the latest-filed fact wins (max `filed`,
    ties broken by max accession number). A fiscal-year fact is a duration of 350-380 days, a quarter
    84-98 days, a half 175-190, nine months 266-285; balance-sheet values are instants.
  * iXBRL: html.parser reads ix:nonFraction (name, contextref, scale, sign, format) and the
    xbrli:context periods with their explicit and typed dimension members. A fact is selected by
    concept, period and the *exact* set of dimension members (no members = consolidated). When the
    same fact is tagged twice with different rounding, the one with the larger `decimals` wins.
  * Fiscal years are named by the calendar year in which they end (NVIDIA FY2026 ends 2026-01-25,
    Walmart FY2025 ends 2025-01-31, Nike FY2025 ends 2025-05-31, P&G FY2025 ends 2025-06-30,
    Apple FY2025 ends 2025-09-27, Marvell FY2026 ends 2026-01-31, Snowflake FY2025 ends 2025-01-31).
  * Money in base units (USD), share counts in shares, per-share values in USD per share.
    Ratios (margins, shares of a total, growth, tax rates) are fractions: 0.462, not 46.2.
  * Margins / ratios carry the period of both operands (which must be identical - asserted).
  * Growth and changes carry the later period. Sequential growth of a first quarter uses the derived
    fourth quarter as base.
  * Derived Q4 = fiscal year - nine-month YTD; its period starts the day after Q3 ended.
  * TTM at a Q1-Q3 quarter end = FY(prior) + YTD(current) - YTD(prior); the period starts the day after
    the prior-year YTD ended.
  * Half years are read as YTD facts when filed; contiguous quarters summed give the combined span.
  * `accept` lists values of alternative concepts of the same metric (e.g. total revenues vs net
    sales, non-current vs total long-term debt) that a reasonable reading gives, all for the same period.
  * Traps (category `trap`, ~15 %) expect status insufficient_evidence and no values: companies not in
    the corpus, periods beyond the data or never filed (no 10-Q in the corpus for NKE/PG/WMT, no
    quarterly data for the 20-F filer LPA), members/metrics the filings do not tag, a margin whose type
    is not stated, operands from different periods joined.
  * A verification section re-reads ~15 answers by a second, independent path (regex over the raw
    iXBRL HTML text / the companyfacts fact of the filing's own accession) and asserts equality.

Run: python3 scripts/golden/build-fresh-blind.py   (Python 3.11, stdlib only)
"""
import json, os, re, sys, datetime as dt
from html.parser import HTMLParser

DATA = '/work/shared/data'
CFDIR = f'{DATA}/sec-companyfacts/'
IXDIR = f'{DATA}/filings-ixbrl/'
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'lib', 'eval', 'golden', 'fresh-blind.jsonl')

CF_FILES = {'AAPL': 'CIK0000320193_AAPL_companyfacts.json', 'NVDA': 'CIK0001045810_NVDA_companyfacts.json',
            'TSLA': 'CIK0001318605_TSLA_companyfacts.json', 'SNOW': 'CIK0001640147_SNOW_companyfacts.json',
            'GOOGL': 'CIK0001652044_GOOGL_companyfacts.json', 'MRVL': 'CIK0001835632_MRVL_companyfacts.json',
            'LPA': 'CIK0001997711_LPA_companyfacts_ifrs.json'}
IX_FILES = {'AAPL-10K': 'aapl-10-k-2024-11-01.html', 'AAPL-10Q': 'aapl-10-q-2025-08-01.html',
            'GOOGL-10K': 'googl-10-k-2025-02-05.html', 'NKE-10K': 'nke-10-k-2025-07-17.html',
            'NVDA-10K': 'nvda-10-k-2025-02-26.html', 'NVDA-10Q': 'nvda-10-q-2025-08-27.html',
            'PG-10K': 'pg-10-k-2025-08-04.html', 'WFC-10K': 'wfc-10-k-2025-02-25.html',
            'WMT-10K': 'wmt-10-k-2025-03-14.html'}

KIND_DAYS = {'FY': (350, 380), 'Q': (84, 98), 'H': (175, 190), '9M': (266, 285)}

def days(s, e):
    return (dt.date.fromisoformat(e) - dt.date.fromisoformat(s)).days + 1

def next_day(d):
    return (dt.date.fromisoformat(d) + dt.timedelta(days=1)).isoformat()

class V:
    """A value with its period and provenance."""
    def __init__(s, value, start, end, src):
        s.value, s.start, s.end, s.src = float(value), start, end, src
    @property
    def ptype(s):
        return 'instant' if s.start is None else 'duration'
    def __repr__(s):
        return f'{s.value:,.6g} [{s.start}..{s.end}] {s.src}'

# ---------------------------------------------------------------- companyfacts
_cf = {}
def cf_load(co):
    if co not in _cf:
        _cf[co] = json.load(open(CFDIR + CF_FILES[co]))
    return _cf[co]

def cf_facts(co, concept):
    d = cf_load(co)
    for tax, F in d['facts'].items():
        if concept in F:
            out = []
            for unit, L in F[concept]['units'].items():
                out += [dict(x, unit=unit, tax=tax) for x in L]
            return out
    return []

def cf(co, concept, end, kind='FY'):
    """Latest-filed companyfacts fact for concept with the given end and kind ('I' = instant)."""
    concepts = concept if isinstance(concept, list) else [concept]
    for c in concepts:
        cands = []
        for x in cf_facts(co, c):
            if x['end'] != end:
                continue
            if kind == 'I':
                if x.get('start'):
                    continue
            else:
                if not x.get('start'):
                    continue
                lo, hi = KIND_DAYS[kind]
                if not lo <= days(x['start'], x['end']) <= hi:
                    continue
            cands.append(x)
        if cands:
            starts = {x.get('start') for x in cands}
            assert len(starts) == 1, (co, c, end, kind, starts)
            best = max(cands, key=lambda x: (x['filed'], x['accn']))
            return V(best['val'], best.get('start'), end, f'cf:{co}:{c}:{best["accn"]}')
    raise KeyError(f'no companyfacts fact {co} {concepts} {kind} ending {end}')

# ---------------------------------------------------------------- iXBRL
class IXParser(HTMLParser):
    def __init__(s):
        super().__init__(convert_charrefs=True)
        s.contexts, s.facts, s.stack, s.ctx, s.field, s.dim, s.buf = {}, [], [], None, None, None, ''
    def handle_starttag(s, tag, attrs):
        a = dict(attrs); t = tag.lower()
        if t == 'xbrli:context':
            s.ctx = {'id': a['id'], 'dims': {}}
        elif s.ctx is not None and t in ('xbrli:startdate', 'xbrli:enddate', 'xbrli:instant'):
            s.field = t.split(':')[1]; s.buf = ''
        elif s.ctx is not None and t in ('xbrldi:explicitmember', 'xbrldi:typedmember'):
            s.dim = a['dimension']; s.field = 'dim'; s.buf = ''
        elif t == 'ix:nonfraction':
            s.stack.append({'a': a, 'txt': ''})
    def handle_endtag(s, tag):
        t = tag.lower()
        if t == 'xbrli:context':
            s.contexts[s.ctx['id']] = s.ctx; s.ctx = None
        elif s.ctx is not None and t in ('xbrli:startdate', 'xbrli:enddate', 'xbrli:instant'):
            s.ctx[s.field] = s.buf.strip(); s.field = None
        elif s.ctx is not None and t in ('xbrldi:explicitmember', 'xbrldi:typedmember'):
            s.ctx['dims'][s.dim] = s.buf.strip(); s.field = None
        elif t == 'ix:nonfraction' and s.stack:
            f = s.stack.pop(); s.facts.append(f)
            if s.stack:
                s.stack[-1]['txt'] += f['txt']
    def handle_data(s, d):
        if s.field:
            s.buf += d
        if s.stack:
            s.stack[-1]['txt'] += d

def ix_number(a, txt):
    fmt = a.get('format', '')
    txt = txt.strip()
    words = {'no': 0, 'none': 0, 'zero': 0, 'one': 1, 'two': 2, 'three': 3, 'four': 4, 'five': 5,
             'six': 6, 'seven': 7, 'eight': 8, 'nine': 9, 'ten': 10, 'eleven': 11, 'twelve': 12}
    if 'numwordsen' in fmt or 'num-word' in fmt:
        v = float(words.get(txt.lower(), 'nan'))
    elif 'zero' in fmt or not re.search(r'[0-9]', txt):
        v = 0.0
    else:
        v = float(re.sub(r'[^0-9.]', '', txt))
    v *= 10 ** int(a.get('scale', '0'))
    if a.get('sign') == '-':
        v = -v
    return v

_ix = {}
def ix_load(doc):
    if doc not in _ix:
        p = IXParser(); p.feed(open(IXDIR + IX_FILES[doc], encoding='utf-8').read())
        facts = []
        for f in p.facts:
            c = p.contexts[f['a']['contextref']]
            dec = f['a'].get('decimals', '0')
            facts.append(dict(name=f['a']['name'], value=ix_number(f['a'], f['txt']),
                              start=c.get('startdate'), end=c.get('enddate') or c.get('instant'),
                              dims={k.split(':')[-1]: v.split(':')[-1] for k, v in c['dims'].items()},
                              dec=99 if dec == 'INF' else int(dec), id=f['a'].get('id')))
        _ix[doc] = facts
    return _ix[doc]

def ix(doc, concept, end, kind='FY', **dims):
    """iXBRL fact of doc for concept/period with exactly the given dimension members (axis=member, local names)."""
    cands = []
    for f in ix_load(doc):
        if f['name'].split(':')[-1] != concept or f['end'] != end or f['dims'] != dims:
            continue
        if kind == 'I':
            if f['start']:
                continue
        else:
            if not f['start']:
                continue
            lo, hi = KIND_DAYS[kind]
            if not lo <= days(f['start'], f['end']) <= hi:
                continue
        cands.append(f)
    if not cands:
        raise KeyError(f'no iXBRL fact {doc} {concept} {kind} {end} {dims}')
    best = max(cands, key=lambda f: f['dec'])
    return V(best['value'], best['start'], end, f'ix:{doc}:{concept}:{best["id"]}')

# ---------------------------------------------------------------- arithmetic
def same(a, b):
    assert (a.start, a.end) == (b.start, b.end), ('period mismatch', a, b)

def ratio(a, b):
    same(a, b); return V(a.value / b.value, a.start, a.end, f'{a.src} / {b.src}')
def plus(*xs):
    for x in xs[1:]: same(xs[0], x)
    return V(sum(x.value for x in xs), xs[0].start, xs[0].end, ' + '.join(x.src for x in xs))
def minus(a, b):
    same(a, b); return V(a.value - b.value, a.start, a.end, f'{a.src} - {b.src}')
def growth(new, old):
    assert old.end < new.end
    return V(new.value / old.value - 1, new.start, new.end, f'{new.src} / {old.src} - 1')
def change(new, old):
    assert old.end < new.end
    return V(new.value - old.value, new.start, new.end, f'{new.src} - {old.src}')
def q4(fy, ytd9):
    assert fy.start == ytd9.start and ytd9.end < fy.end
    return V(fy.value - ytd9.value, next_day(ytd9.end), fy.end, f'Q4 = {fy.src} - {ytd9.src}')
def ttm(fy_prior, ytd_cur, ytd_prior):
    assert ytd_prior.start == fy_prior.start and ytd_prior.end < fy_prior.end < ytd_cur.end
    return V(fy_prior.value + ytd_cur.value - ytd_prior.value, next_day(ytd_prior.end), ytd_cur.end,
             f'TTM = {fy_prior.src} + {ytd_cur.src} - {ytd_prior.src}')
def flip(a):
    """The same value with the opposite sign (a loss or decline stated as a positive amount)."""
    return V(-a.value, a.start, a.end, f'-({a.src})')
def span(a, b):
    assert next_day(a.end) == b.start
    return V(a.value + b.value, a.start, b.end, f'{a.src} + {b.src}')

# ---------------------------------------------------------------- question registry
QS = []
def Q(cat, company, question, values, note, tol=0.005, unambiguous=True):
    """values: list of V or (V, [alternative V...])."""
    vals = []
    for item in values:
        v, alts = (item if isinstance(item, tuple) else (item, []))
        e = {'value': round(v.value, 10), 'start': v.start, 'end': v.end, 'period_type': v.ptype, 'tol': tol}
        if v.start is None:
            del e['start']
        acc = []
        for a in alts:
            same(v, a)
            if abs(a.value - v.value) > 1e-9 * max(1, abs(v.value)):
                acc.append(round(a.value, 10))
        if acc:
            e['accept'] = acc
        vals.append((e, v))
    QS.append({'category': cat, 'company': company, 'question': question, 'unambiguous': unambiguous,
               'expect': {'status': 'answered', 'values': [e for e, _ in vals]},
               'note': note + ' | truth: ' + '; '.join(f'{v.value:,.6g} = {v.src}' for _, v in vals)})
    return [v for _, v in vals]

def T(company, question, note, unambiguous=True):
    QS.append({'category': 'trap', 'company': company, 'question': question, 'unambiguous': unambiguous,
               'expect': {'status': 'insufficient_evidence', 'values': []}, 'note': note})

REV_AAPL = 'RevenueFromContractWithCustomerExcludingAssessedTax'

# ================================================================ APPLE (companyfacts + 10-K FY2024 / 10-Q Q3 FY2025 iXBRL)
A = 'AAPL'
Q('ordinary-words', A, "How much did Apple spend buying back its own stock in fiscal 2025?",
  [cf(A, 'PaymentsForRepurchaseOfCommonStock', '2025-09-27')], 'buybacks = PaymentsForRepurchaseOfCommonStock, FY2025 (ends 2025-09-27)')
Q('instruction', A, "Using Apple's income statement for the fiscal year ended September 28, 2024, compute gross margin and round to one decimal place.",
  [ratio(cf(A, 'GrossProfit', '2024-09-28'), cf(A, REV_AAPL, '2024-09-28'))], 'gross profit / net sales FY2024')
Q('member', A, "What were iPhone net sales in the three months ended June 28, 2025?",
  [ix('AAPL-10Q', REV_AAPL, '2025-06-28', 'Q', ProductOrServiceAxis='IPhoneMember')], 'ProductOrServiceAxis=IPhoneMember, Q3 FY2025, 10-Q iXBRL')
Q('member', A, "Apple Greater China segment operating income, first nine months of fiscal 2025?",
  [ix('AAPL-10Q', 'OperatingIncomeLoss', '2025-06-28', '9M', StatementBusinessSegmentsAxis='GreaterChinaSegmentMember')], 'segment member, 9M YTD')
_fy, _9m = cf(A, REV_AAPL, '2025-09-27'), cf(A, REV_AAPL, '2025-06-28', '9M')
Q('period', A, "What was Apple's revenue in the September quarter of fiscal 2025 (Q4)?",
  [q4(_fy, _9m)], 'derived Q4 = FY2025 - 9M FY2025 (no discrete Q4 fact)')
Q('cover', A, "How many Apple common shares were outstanding as of the cover date of its 10-Q for the quarter ended December 27, 2025?",
  [cf(A, 'EntityCommonStockSharesOutstanding', '2026-01-16', 'I')], 'dei cover shares, 10-Q filed 2026-01-30')
Q('cover', A, "AAPL shares outstanding per the FY2024 10-K cover page?",
  [ix('AAPL-10K', 'EntityCommonStockSharesOutstanding', '2024-10-18', 'I')], 'dei cover of 10-K filed 2024-11-01, as of 2024-10-18')
Q('growth', A, "By how much did Apple's Services revenue grow in FY24 versus FY23, in percent?",
  [growth(ix('AAPL-10K', REV_AAPL, '2024-09-28', 'FY', ProductOrServiceAxis='ServiceMember'),
          ix('AAPL-10K', REV_AAPL, '2023-09-30', 'FY', ProductOrServiceAxis='ServiceMember'))], 'ServiceMember FY2024 / FY2023 - 1')
Q('period', A, "Apple trailing-twelve-month net sales through the December 2025 quarter?",
  [ttm(cf(A, REV_AAPL, '2025-09-27'), cf(A, REV_AAPL, '2025-12-27', 'Q'), cf(A, REV_AAPL, '2024-12-28', 'Q'))],
  'TTM = FY2025 + Q1 FY2026 - Q1 FY2025 (Q1 is the YTD)')
Q('formula', A, "Free cash flow = cash from operations minus purchases of PP&E. What was Apple's free cash flow in fiscal 2025?",
  [minus(cf(A, 'NetCashProvidedByUsedInOperatingActivities', '2025-09-27'), cf(A, 'PaymentsToAcquirePropertyPlantAndEquipment', '2025-09-27'))], 'CFO - capex FY2025')
Q('ordinary-words', A, "What did Apple owe in long-term debt at the end of fiscal 2025?",
  [(cf(A, 'LongTermDebtNoncurrent', '2025-09-27', 'I'), [cf(A, 'LongTermDebt', '2025-09-27', 'I')])],
  'balance 2025-09-27; non-current term debt, accept total term debt incl. current portion')
Q('period', A, "Apple diluted EPS for the first quarter of fiscal 2026", [cf(A, 'EarningsPerShareDiluted', '2025-12-27', 'Q')], 'Q1 FY2026 (ended 2025-12-27)')
Q('ordinary-words', A, "How much cash and cash equivalents was Apple sitting on at December 27, 2025?",
  [cf(A, 'CashAndCashEquivalentsAtCarryingValue', '2025-12-27', 'I')], 'instant at Q1 FY2026 end')
Q('instruction', A, "Assume you're building a DCF. I need Apple's R&D as a percentage of net sales for fiscal 2023 (the 53-week year). Express it as a percentage with one decimal.",
  [ratio(cf(A, 'ResearchAndDevelopmentExpense', '2023-09-30'), cf(A, REV_AAPL, '2023-09-30'))], 'R&D / net sales FY2023')
Q('mixed', A, "What operating margin did Apple's Americas segment run at in the nine months to June 28, 2025?",
  [ratio(ix('AAPL-10Q', 'OperatingIncomeLoss', '2025-06-28', '9M', StatementBusinessSegmentsAxis='AmericasSegmentMember'),
         ix('AAPL-10Q', REV_AAPL, '2025-06-28', '9M', StatementBusinessSegmentsAxis='AmericasSegmentMember'))], 'segment OI / segment net sales, 9M')
Q('member', A, "Mac revenue Q3 FY24 (quarter ended June 29, 2024)?",
  [ix('AAPL-10Q', REV_AAPL, '2024-06-29', 'Q', ProductOrServiceAxis='MacMember')], 'prior-year column of the Q3 FY2025 10-Q')
Q('growth', A, "Apple's Wearables, Home and Accessories sales: year-over-year change for the first nine months of fiscal 2025, as a percentage.",
  [growth(ix('AAPL-10Q', REV_AAPL, '2025-06-28', '9M', ProductOrServiceAxis='WearablesHomeandAccessoriesMember'),
          ix('AAPL-10Q', REV_AAPL, '2024-06-29', '9M', ProductOrServiceAxis='WearablesHomeandAccessoriesMember'))], 'YTD over prior-year YTD, carries the later 9M period')
Q('ordinary-words', A, "What did Apple pay out in dividends during fiscal 2024?",
  [cf(A, 'PaymentsOfDividends', '2024-09-28')], 'PaymentsOfDividends FY2024')
Q('cross-company', A, "Compare Apple's and NVIDIA's research and development spending for each company's fiscal 2025.",
  [cf(A, 'ResearchAndDevelopmentExpense', '2025-09-27'), cf('NVDA', 'ResearchAndDevelopmentExpense', '2025-01-26')],
  'each on its own fiscal calendar: Apple FY ends 2025-09-27, NVIDIA FY2025 ends 2025-01-26')
T(A, "What was Apple's total revenue for fiscal 2026?", 'FY2026 ends Sep 2026; only Q1 FY2026 is filed')
T(A, "How much revenue did Apple Vision Pro generate in fiscal 2024?", 'no Vision Pro member; products are iPhone/Mac/iPad/Wearables/Services')
T(A, "Apple ROE: take fiscal 2025 net income and divide by shareholders' equity as of December 27, 2025.", 'operands from different periods (FY2025 flow vs balance after the fiscal year) - invalid join')

# ================================================================ ALPHABET (companyfacts to Q1 2026 + 10-K FY2024 iXBRL)
G = 'GOOGL'
RC = 'RevenueFromContractWithCustomerExcludingAssessedTax'
Q('member', G, "What was Google Cloud's operating income in 2024?",
  [ix('GOOGL-10K', 'OperatingIncomeLoss', '2024-12-31', 'FY', ConsolidationItemsAxis='OperatingSegmentsMember', StatementBusinessSegmentsAxis='GoogleCloudMember')],
  'segment member GoogleCloudMember, FY2024 10-K')
Q('member', G, "YouTube ads revenue for calendar 2024, please.",
  [ix('GOOGL-10K', RC, '2024-12-31', 'FY', ProductOrServiceAxis='YouTubeAdvertisingRevenueMember', StatementBusinessSegmentsAxis='GoogleServicesMember')],
  'ProductOrServiceAxis=YouTubeAdvertisingRevenueMember (tagged under Google Services)')
Q('member', G, "How much of Alphabet's 2024 revenue came from EMEA?",
  [ix('GOOGL-10K', RC, '2024-12-31', 'FY', StatementGeographicalAxis='EMEAMember')], 'geographic member EMEA FY2024')
Q('period', G, "GOOGL 1Q26 revenue", [cf(G, 'Revenues', '2026-03-31', 'Q')], 'quarter ended 2026-03-31 (Revenues)')
Q('ordinary-words', G, "How much did Alphabet plow into property and equipment (capex) during 2025?",
  [cf(G, 'PaymentsToAcquirePropertyPlantAndEquipment', '2025-12-31')], 'capex FY2025')
Q('period', G, "Alphabet net income, fourth quarter of 2025?",
  [q4(cf(G, 'NetIncomeLoss', '2025-12-31'), cf(G, 'NetIncomeLoss', '2025-09-30', '9M'))], 'derived Q4 = FY2025 - 9M 2025 (FY fact latest-filed: DEF 14A carries the same value)')
Q('instruction', G, "Using Alphabet's consolidated statements of income, what was the operating margin for full-year 2025? Give it to one decimal place as a percent.",
  [ratio(cf(G, 'OperatingIncomeLoss', '2025-12-31'), cf(G, 'Revenues', '2025-12-31'))], 'operating income / revenues FY2025')
Q('growth', G, "Alphabet revenue growth 2025 vs 2024?",
  [growth(cf(G, 'Revenues', '2025-12-31'), cf(G, 'Revenues', '2024-12-31'))], 'YoY FY2025')
Q('ordinary-words', G, "How much cash did Alphabet return through share repurchases in 2025?",
  [cf(G, 'PaymentsForRepurchaseOfCommonStock', '2025-12-31')], 'PaymentsForRepurchaseOfCommonStock FY2025')
Q('mixed', G, "What share of Alphabet's total 2024 revenue did Google Cloud account for?",
  [ratio(ix('GOOGL-10K', RC, '2024-12-31', 'FY', StatementBusinessSegmentsAxis='GoogleCloudMember'), ix('GOOGL-10K', RC, '2024-12-31', 'FY'))],
  'Cloud segment revenue / consolidated revenues FY2024 (both from the 10-K)')
Q('formula', G, "Gross margin = (revenues - cost of revenues) / revenues. Compute it for Alphabet for Q1 2026.",
  [ratio(minus(cf(G, 'Revenues', '2026-03-31', 'Q'), cf(G, 'CostOfRevenue', '2026-03-31', 'Q')), cf(G, 'Revenues', '2026-03-31', 'Q'))], 'Q1 2026')
Q('period', G, "Alphabet diluted EPS for the three months ended March 31, 2026", [cf(G, 'EarningsPerShareDiluted', '2026-03-31', 'Q')], 'Q1 2026')
Q('growth', G, "GOOGL Q1'26 net income, year over year change in %?",
  [growth(cf(G, 'NetIncomeLoss', '2026-03-31', 'Q'), cf(G, 'NetIncomeLoss', '2025-03-31', 'Q'))], 'Q1 2026 vs Q1 2025')
Q('cover', G, "How many Class C (capital stock) shares did Alphabet report outstanding on the cover of its 2024 10-K?",
  [ix('GOOGL-10K', 'EntityCommonStockSharesOutstanding', '2025-01-28', 'I', StatementClassOfStockAxis='CapitalClassCMember')], 'cover, class member CapitalClassCMember')
Q('cover', G, "Aggregate market value of Alphabet's voting and non-voting stock held by non-affiliates as of June 30, 2025?",
  [cf(G, 'EntityPublicFloat', '2025-06-30', 'I')], 'dei public float in the FY2025 10-K')
Q('ordinary-words', G, "What were Alphabet's total assets at the end of March 2026?", [cf(G, 'Assets', '2026-03-31', 'I')], 'instant 2026-03-31')
Q('member', G, "Operating loss of Other Bets in 2024?",
  [(lambda v: (v, [flip(v)]))(ix('GOOGL-10K', 'OperatingIncomeLoss', '2024-12-31', 'FY', StatementBusinessSegmentsAxis='AllOtherSegmentsMember'))], 'Other Bets = AllOtherSegmentsMember; a loss: negative, accept the loss stated as a positive amount')
T(G, "How much revenue did Waymo bring in for Alphabet in 2024?", 'Waymo is inside Other Bets; not separately tagged')
T(G, "Alphabet revenue for the second quarter of 2026?", 'beyond the data: latest quarter is Q1 2026')

# ================================================================ NVIDIA (companyfacts to Q1 FY2027 + 10-K FY2025 / 10-Q Q2 FY2026 iXBRL)
N = 'NVDA'
Q('member', N, "What did NVIDIA book in Data Center revenue in the second quarter of fiscal 2026?",
  [ix('NVDA-10Q', 'Revenues', '2025-07-27', 'Q', ProductOrServiceAxis='DataCenterMember')], 'market platform member, Q2 FY2026 (ended 2025-07-27)')
Q('member', N, "Gaming revenue for NVDA, first half of FY26?",
  [ix('NVDA-10Q', 'Revenues', '2025-07-27', 'H', ProductOrServiceAxis='GamingMember')], '6-month YTD to 2025-07-27')
Q('member', N, "Compute & Networking segment operating income for the quarter ended July 27, 2025",
  [ix('NVDA-10Q', 'OperatingIncomeLoss', '2025-07-27', 'Q', ConsolidationItemsAxis='OperatingSegmentsMember', StatementBusinessSegmentsAxis='ComputeAndNetworkingSegmentMember')], 'segment member')
Q('period', N, "nvda rev q1 fy27", [cf(N, 'Revenues', '2026-04-26', 'Q')], 'Q1 FY2027 ended 2026-04-26')
Q('ordinary-words', N, "How much did NVIDIA earn (net income) in its fiscal year that ended in January 2026?",
  [cf(N, 'NetIncomeLoss', '2026-01-25')], 'FY2026')
Q('instruction', N, "Please calculate NVIDIA's gross margin for fiscal 2026 from the income statement. Report as a decimal fraction.",
  [ratio(cf(N, 'GrossProfit', '2026-01-25'), cf(N, 'Revenues', '2026-01-25'))], 'gross profit / revenue FY2026')
_nq4 = q4(cf(N, 'Revenues', '2026-01-25'), cf(N, 'Revenues', '2025-10-26', '9M'))
Q('period', N, "What was NVIDIA's revenue in Q4 of fiscal 2026?", [_nq4], 'derived Q4 = FY2026 - 9M FY2026')
Q('growth', N, "Quarter-over-quarter revenue growth for NVIDIA in Q1 FY2027?",
  [growth(cf(N, 'Revenues', '2026-04-26', 'Q'), _nq4)], 'sequential: Q1 FY2027 over derived Q4 FY2026')
Q('period', N, "NVIDIA LTM revenue as of the end of April 2026?",
  [ttm(cf(N, 'Revenues', '2026-01-25'), cf(N, 'Revenues', '2026-04-26', 'Q'), cf(N, 'Revenues', '2025-04-27', 'Q'))], 'TTM = FY2026 + Q1 FY2027 - Q1 FY2026')
Q('formula', N, "EBITDA = operating income + depreciation and amortization. What was NVIDIA's EBITDA in FY2026?",
  [plus(cf(N, 'OperatingIncomeLoss', '2026-01-25'), cf(N, 'DepreciationDepletionAndAmortization', '2026-01-25'))], 'OperatingIncomeLoss + DepreciationDepletionAndAmortization FY2026')
Q('ordinary-words', N, "How much stock did NVIDIA buy back in fiscal 2026?", [cf(N, 'PaymentsForRepurchaseOfCommonStock', '2026-01-25')], 'buybacks FY2026')
Q('cover', N, "Shares of NVIDIA common stock outstanding per the cover of the Q2 FY2026 10-Q?",
  [ix('NVDA-10Q', 'EntityCommonStockSharesOutstanding', '2025-08-22', 'I')], 'dei cover, as of 2025-08-22 (rounded to 0.1bn in the filing)')
Q('member', N, "Revenue billed to customers in Singapore, six months ended July 27, 2025?",
  [ix('NVDA-10Q', 'Revenues', '2025-07-27', 'H', StatementGeographicalAxis='SG')], 'geographic member country:SG, H1 FY2026')
Q('member', N, "NVIDIA revenue from China (including Hong Kong) in the July 2025 quarter",
  [ix('NVDA-10Q', 'Revenues', '2025-07-27', 'Q', StatementGeographicalAxis='ChinaIncludingHongKongMember')], 'geographic member')
Q('formula', N, "Capex intensity = purchases of property, equipment and intangible assets / revenue. NVIDIA, fiscal 2026?",
  [ratio(cf(N, 'PaymentsToAcquireProductiveAssets', '2026-01-25'), cf(N, 'Revenues', '2026-01-25'))], 'NVIDIA tags capex as PaymentsToAcquireProductiveAssets')
Q('period', N, "R&D expense at NVIDIA for the first six months of fiscal 2026?", [cf(N, 'ResearchAndDevelopmentExpense', '2025-07-27', 'H')], 'H1 FY2026 YTD')
Q('ordinary-words', N, "What did NVIDIA hold in total assets on January 25, 2026?", [cf(N, 'Assets', '2026-01-25', 'I')], 'instant FY2026 end')
Q('growth', N, "nvidia fy2025 revenue growth yoy", [growth(cf(N, 'Revenues', '2025-01-26'), cf(N, 'Revenues', '2024-01-28'))], 'FY2025 vs FY2024')
Q('member', N, "Professional Visualization revenue, fiscal 2025", [ix('NVDA-10K', 'Revenues', '2025-01-26', 'FY', ProductOrServiceAxis='ProfessionalVisualizationMember')], 'market platform member, 10-K FY2025')
T(N, "NVIDIA's full-year fiscal 2027 revenue?", 'FY2027 ends Jan 2027; only Q1 FY2027 filed')
T(N, "How much revenue did NVIDIA make selling H100 GPUs in fiscal 2025?", 'no product-level (H100) member')
T(N, "Divide NVIDIA's fiscal 2026 net income by its revenue for the quarter ended April 26, 2026 — what margin is that?", 'operands from different periods - invalid join')

# ================================================================ MARVELL (companyfacts to Q1 FY2027)
M = 'MRVL'
Q('period', M, "Marvell Technology net revenue for fiscal 2026 (year ended January 31, 2026)?", [cf(M, RC, '2026-01-31')], 'FY2026')
Q('period', M, "MRVL Q1 FY27 revenue", [cf(M, RC, '2026-05-02', 'Q')], 'quarter ended 2026-05-02')
_mq4 = q4(cf(M, RC, '2026-01-31'), cf(M, RC, '2025-11-01', '9M'))
Q('period', M, "What did Marvell report in revenue for the fourth quarter of fiscal 2026?", [_mq4], 'derived Q4 = FY2026 - 9M FY2026')
Q('growth', M, "Marvell revenue growth, FY2026 over FY2025?", [growth(cf(M, RC, '2026-01-31'), cf(M, RC, '2025-02-01'))], 'FY2026 vs FY2025 (ended 2025-02-01)')
Q('instruction', M, "I'm screening semis on R&D intensity. For Marvell's fiscal 2026, divide research and development by net revenue and give me a percentage to one decimal.",
  [ratio(cf(M, 'ResearchAndDevelopmentExpense', '2026-01-31'), cf(M, RC, '2026-01-31'))], 'R&D / revenue FY2026')
Q('ordinary-words', M, "How much long-term debt was Marvell carrying at the end of fiscal 2026?",
  [(cf(M, 'LongTermDebtNoncurrent', '2026-01-31', 'I'), [cf(M, 'LongTermDebt', '2026-01-31', 'I')])], 'instant 2026-01-31; non-current, accept total')
Q('ordinary-words', M, "What did Marvell spend on share repurchases during fiscal 2026?", [cf(M, 'PaymentsForRepurchaseOfCommonStock', '2026-01-31')], 'FY2026')
Q('period', M, "Marvell diluted earnings per share, fiscal 2026", [cf(M, 'EarningsPerShareDiluted', '2026-01-31')], 'FY2026')
Q('cover', M, "Marvell shares outstanding as of the latest 10-Q cover page?", [cf(M, 'EntityCommonStockSharesOutstanding', '2026-05-21', 'I')], 'dei cover 2026-05-21 (10-Q filed 2026-05-28)')
Q('instruction', M, "Using Marvell's statements of operations for the quarter ended May 2, 2026, compute operating margin (operating income over revenue).",
  [ratio(cf(M, 'OperatingIncomeLoss', '2026-05-02', 'Q'), cf(M, RC, '2026-05-02', 'Q'))], 'Q1 FY2027')
Q('growth', M, "Marvell Q1 FY2027 revenue, up how much from the prior-year quarter?",
  [growth(cf(M, RC, '2026-05-02', 'Q'), cf(M, RC, '2025-05-03', 'Q'))], 'Q1 FY2027 vs Q1 FY2026')
T(M, "What was Marvell's data center end-market revenue in fiscal 2026?", 'end-market split is not in the companyfacts (no members) and no Marvell iXBRL filing is in the corpus')

# ================================================================ SNOWFLAKE (companyfacts to Q1 FY2026)
S = 'SNOW'
Q('period', S, "Snowflake total revenue for fiscal year 2025 (ended Jan 31, 2025)?", [cf(S, RC, '2025-01-31')], 'FY2025')
Q('ordinary-words', S, "How much money did Snowflake lose in its fiscal 2025?", [(lambda v: (v, [flip(v)]))(cf(S, 'NetIncomeLoss', '2025-01-31'))], 'net loss attributable to Snowflake, FY2025 (negative; accept the loss as a positive amount)')
Q('formula', S, "FCF defined as operating cash flow less purchases of property and equipment: Snowflake, fiscal 2025?",
  [minus(cf(S, 'NetCashProvidedByUsedInOperatingActivities', '2025-01-31'), cf(S, 'PaymentsToAcquirePropertyPlantAndEquipment', '2025-01-31'))], 'CFO - capex FY2025')
Q('growth', S, "SNOW FY25 revenue growth?", [growth(cf(S, RC, '2025-01-31'), cf(S, RC, '2024-01-31'))], 'FY2025 vs FY2024')
Q('period', S, "Snowflake trailing twelve months revenue at April 30, 2025?",
  [ttm(cf(S, RC, '2025-01-31'), cf(S, RC, '2025-04-30', 'Q'), cf(S, RC, '2024-04-30', 'Q'))], 'TTM = FY2025 + Q1 FY2026 - Q1 FY2025')
Q('instruction', S, "Stock-based comp as a % of revenue for Snowflake in fiscal 2025 - use the cash flow statement's stock-based compensation line.",
  [ratio(cf(S, 'ShareBasedCompensation', '2025-01-31'), cf(S, RC, '2025-01-31'))], 'ShareBasedCompensation / revenue FY2025')
Q('period', S, "Snowflake's operating loss in the first quarter of fiscal 2026", [(lambda v: (v, [flip(v)]))(cf(S, 'OperatingIncomeLoss', '2025-04-30', 'Q'))], 'Q1 FY2026, negative; accept the loss as a positive amount')
Q('ordinary-words', S, "What were Snowflake's total assets at April 30, 2025?", [cf(S, 'Assets', '2025-04-30', 'I')], 'instant')
Q('cover', S, "Snowflake common shares outstanding as reported on its most recent 10-Q cover?", [cf(S, 'EntityCommonStockSharesOutstanding', '2025-05-08', 'I')], 'dei 2025-05-08')
T(S, "Snowflake revenue for full fiscal year 2026?", 'FY2026 ends 2026-01-31; only Q1 FY2026 filed')
T(S, "Give me Snowflake's capex as a share of revenue, taking capex from the quarter ended April 30, 2025 and revenue from fiscal 2025.", 'operands from different periods - invalid join')

# ================================================================ TESLA (companyfacts to Q3 2022)
TS = 'TSLA'
Q('period', TS, "Tesla revenue for the first nine months of 2022?", [cf(TS, 'Revenues', '2022-09-30', '9M')], '9M 2022 YTD')
Q('growth', TS, "How fast did Tesla's revenue grow in Q3 2022 compared with Q3 2021?",
  [growth(cf(TS, 'Revenues', '2022-09-30', 'Q'), cf(TS, 'Revenues', '2021-09-30', 'Q'))], 'Q3 2022 vs Q3 2021')
Q('period', TS, "Tesla fourth-quarter 2021 revenue?", [q4(cf(TS, 'Revenues', '2021-12-31'), cf(TS, 'Revenues', '2021-09-30', '9M'))], 'derived Q4 = FY2021 - 9M 2021')
Q('formula', TS, "Free cash flow (operating cash flow minus capital expenditures) for Tesla in 2021?",
  [minus(cf(TS, 'NetCashProvidedByUsedInOperatingActivities', '2021-12-31'), cf(TS, 'PaymentsToAcquirePropertyPlantAndEquipment', '2021-12-31'))], 'CFO - PaymentsToAcquirePropertyPlantAndEquipment FY2021')
Q('instruction', TS, "From Tesla's Q3 2022 income statement, compute gross margin for the three months ended September 30, 2022. Round to one decimal place.",
  [ratio(cf(TS, 'GrossProfit', '2022-09-30', 'Q'), cf(TS, 'Revenues', '2022-09-30', 'Q'))], 'Q3 2022')
Q('period', TS, "Tesla trailing-twelve-month net income attributable to common stockholders as of September 30, 2022",
  [ttm(cf(TS, 'NetIncomeLoss', '2021-12-31'), cf(TS, 'NetIncomeLoss', '2022-09-30', '9M'), cf(TS, 'NetIncomeLoss', '2021-09-30', '9M'))], 'TTM = FY2021 + 9M 2022 - 9M 2021')
Q('ordinary-words', TS, "How much cash and cash equivalents did Tesla have at the end of Q3 2022?", [cf(TS, 'CashAndCashEquivalentsAtCarryingValue', '2022-09-30', 'I')], 'instant 2022-09-30')
Q('period', TS, "TSLA H1 2022 operating income", [cf(TS, 'OperatingIncomeLoss', '2022-06-30', 'H')], '6-month YTD 2022')
Q('cover', TS, "Tesla shares outstanding on the cover of the Q3 2022 10-Q?", [cf(TS, 'EntityCommonStockSharesOutstanding', '2022-10-18', 'I')], 'dei 2022-10-18')
T(TS, "What was Tesla's full-year 2022 revenue?", 'FY2022 not closed in the corpus (data end at Q3 2022)')
T(TS, "Tesla Q4 2022 operating income?", 'Q4 2022 beyond the data')
T(TS, "How many vehicles did Tesla deliver in Q3 2022?", 'deliveries are not an XBRL fact in companyfacts')

# ================================================================ LPA (IFRS companyfacts, 20-F FY2024)
L = 'LPA'
Q('period', L, "Logistic Properties of the Americas: revenue for the year ended December 31, 2024?", [cf(L, 'Revenue', '2024-12-31')], 'ifrs-full:Revenue FY2024')
Q('ordinary-words', L, "Did LPA make or lose money in 2024, and how much? (profit or loss for the year)", [(lambda v: (v, [flip(v)]))(cf(L, 'ProfitLoss', '2024-12-31'))], 'ifrs-full:ProfitLoss FY2024, a loss; accept it stated as a positive amount')
Q('growth', L, "LPA revenue growth 2024 vs 2023?", [growth(cf(L, 'Revenue', '2024-12-31'), cf(L, 'Revenue', '2023-12-31'))], 'FY2024 vs FY2023')
Q('ordinary-words', L, "Total assets of Logistic Properties of the Americas at year-end 2024", [cf(L, 'Assets', '2024-12-31', 'I')], 'instant')
Q('cover', L, "How many LPA ordinary shares were outstanding per its 20-F cover?", [cf(L, 'EntityCommonStockSharesOutstanding', '2025-04-02', 'I')], 'dei 2025-04-02 (20-F/A)')
T(L, "What was LPA's revenue in the second quarter of 2024?", '20-F filer; no quarterly facts in the corpus')

# ================================================================ NIKE (10-K FY2025 iXBRL, FY ends 2025-05-31)
K = 'NKE'; NK = 'NKE-10K'
def nk(concept, end='2025-05-31', kind='FY', **d): return ix(NK, concept, end, kind, **d)
NOS = dict(ConsolidationItemsAxis='OperatingSegmentsMember')
Q('instruction', K, "NKE FY25 GM?", [ratio(nk('GrossProfit'), nk(RC))], 'gross profit / revenues FY2025 (GM = gross margin)')
Q('period', K, "What were NIKE, Inc.'s revenues for fiscal 2025?", [nk(RC)], 'FY2025 ended 2025-05-31')
Q('growth', K, "How much did Nike's revenue decline in fiscal 2025 versus fiscal 2024, in percent?", [(lambda v: (v, [flip(v)]))(growth(nk(RC), nk(RC, '2024-05-31')))], 'FY2025 vs FY2024, negative; the question asks for the decline, so accept it as a positive fraction')
Q('member', K, "Nike Greater China revenue in FY2025?", [nk(RC, **NOS, StatementBusinessSegmentsAxis='NIKEBrandMember', SubsegmentsAxis='GreaterChinaSegmentMember')], 'NIKE Brand Greater China (SubsegmentsAxis), FY2025')
Q('member', K, "How big was Converse in fiscal 2025 (revenues)?", [nk(RC, **NOS, StatementBusinessSegmentsAxis='ConverseSegmentMember')], 'Converse segment member')
Q('member', K, "NIKE Brand footwear revenues for the year ended May 31, 2025", [nk(RC, **NOS, ProductOrServiceAxis='FootwearMember', StatementBusinessSegmentsAxis='NIKEBrandMember')], 'NIKE Brand footwear (excludes Converse)')
Q('member', K, "Across all of NIKE, Inc. (Converse included), how much was sold direct to consumer in FY25?", [nk(RC, ContractWithCustomerSalesChannelAxis='SalesChannelDirectlyToConsumerMember')], 'consolidated sales channel member')
Q('member', K, "EBIT for Nike's North America geography in fiscal 2025?", [nk('EarningsBeforeInterestAndTaxes', **NOS, StatementBusinessSegmentsAxis='NIKEBrandMember', SubsegmentsAxis='NorthAmericaSegmentMember')], 'segment EBIT (EarningsBeforeInterestAndTaxes), North America')
Q('mixed', K, "What was the EBIT margin of Nike's North America segment in FY25?",
  [ratio(nk('EarningsBeforeInterestAndTaxes', **NOS, StatementBusinessSegmentsAxis='NIKEBrandMember', SubsegmentsAxis='NorthAmericaSegmentMember'),
         nk(RC, **NOS, StatementBusinessSegmentsAxis='NIKEBrandMember', SubsegmentsAxis='NorthAmericaSegmentMember'))], 'segment EBIT / segment revenues')
Q('ordinary-words', K, "How much did Nike spend on share buybacks in fiscal 2025?", [nk('PaymentsForRepurchaseOfCommonStock')], 'cash flow statement, FY2025')
Q('ordinary-words', K, "What did Nike pay its shareholders in dividends in FY2025 (cash paid)?", [nk('PaymentsOfDividendsCommonStock')], 'dividends paid, cash flow statement')
Q('ordinary-words', K, "How much cash and equivalents did Nike have on May 31, 2025?", [nk('CashAndCashEquivalentsAtCarryingValue', kind='I')], 'balance sheet instant')
Q('ordinary-words', K, "What did Nike owe long-term at fiscal 2025 year end?", [(nk('LongTermDebtNoncurrent', kind='I'), [nk('LongTermDebt', kind='I')])], 'long-term debt 2025-05-31 (no current portion that year: both equal)')
Q('period', K, "Nike diluted EPS FY2025", [nk('EarningsPerShareDiluted')], 'FY2025')
Q('ordinary-words', K, "How much inventory was Nike carrying at the end of May 2025?", [nk('InventoryFinishedGoodsNetOfReserves', kind='I')], "Nike tags its 'Inventories' line as InventoryFinishedGoodsNetOfReserves")
Q('formula', K, "Effective tax rate = income tax expense / income before income taxes. Nike, fiscal 2025?",
  [(ratio(nk('IncomeTaxExpenseBenefit'), nk('IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest')), [nk('EffectiveIncomeTaxRateContinuingOperations')])],
  'computed 666/3885; accept the reported 17.1 %')
Q('cover', K, "How many Class B shares did Nike have outstanding per the cover page of its FY2025 10-K?", [nk('EntityCommonStockSharesOutstanding', '2025-07-09', 'I', StatementClassOfStockAxis='CommonClassBMember')], 'cover, class B, as of 2025-07-09')
Q('ordinary-words', K, "Demand creation expense at Nike for fiscal 2025?", [nk('MarketingAndAdvertisingExpense')], "Nike's 'demand creation expense' caption = MarketingAndAdvertisingExpense")
Q('growth', K, "Nike diluted EPS change FY25 vs FY24, percent", [growth(nk('EarningsPerShareDiluted'), nk('EarningsPerShareDiluted', '2024-05-31'))], 'EPS growth')
T(K, "Nike revenue in the fourth quarter of fiscal 2025 (March-May 2025)?", 'only the 10-K is in the corpus; no 9-month YTD to derive Q4')
T(K, "What was Nike's margin in fiscal 2025?", 'margin type not stated (gross / EBIT / net) - needs clarification', unambiguous=False)

# ================================================================ PROCTER & GAMBLE (10-K FY2025 iXBRL, FY ends 2025-06-30)
P = 'PG'; PGD = 'PG-10K'
def pg(concept, end='2025-06-30', kind='FY', **d): return ix(PGD, concept, end, kind, **d)
PSEG = lambda m: dict(ConsolidationItemsAxis='OperatingSegmentsMember', StatementBusinessSegmentsAxis=m)
Q('period', P, "P&G net sales for fiscal 2025 (year ended June 30, 2025)?", [pg('Revenues')], 'FY2025')
Q('member', P, "What did P&G's Beauty segment generate in net sales in FY2025?", [pg('Revenues', **PSEG('BeautySegmentMember'))], 'segment member')
Q('member', P, "Beauty segment earnings before income taxes at Procter & Gamble, FY25", [pg('IncomeLossIncludingPortionAttributableToNoncontrollingInterest', **PSEG('BeautySegmentMember'))],
  "segment row 'Earnings/(Loss) before income taxes' is tagged IncomeLossIncludingPortionAttributableToNoncontrollingInterest (checked in the HTML)")
Q('member', P, "Fabric & Home Care net sales, fiscal year ended June 30, 2024", [pg('Revenues', '2024-06-30', **PSEG('FabricHomeCareSegmentMember'))], 'prior-year column')
Q('member', P, "How much of P&G's FY2025 net sales were in the United States?", [pg('Revenues', ConsolidationItemsAxis='OperatingSegmentsMember', StatementGeographicalAxis='US')], 'geographic member US (rounded to 0.1bn in filing)')
Q('formula', P, "P&G free cash flow = operating cash flow - capital expenditures, fiscal 2025?", [minus(pg('NetCashProvidedByUsedInOperatingActivities'), pg('PaymentsToAcquirePropertyPlantAndEquipment'))], 'CFO - capex FY2025')
Q('ordinary-words', P, "How much did Procter & Gamble hand back to shareholders as dividends in fiscal 2025?", [pg('PaymentsOfDividends')], 'dividends paid (cash flow), FY2025')
Q('ordinary-words', P, "Treasury stock purchases at P&G in fiscal 2025 — how much cash went to buybacks?", [pg('PaymentsForRepurchaseOfCommonStock')], 'FY2025')
Q('period', P, "PG FY25 diluted EPS", [pg('EarningsPerShareDiluted')], 'net earnings per share, diluted, FY2025')
Q('ordinary-words', P, "What were P&G's net earnings attributable to Procter & Gamble for the year ended June 30, 2025?", [pg('NetIncomeLoss')], 'NetIncomeLoss FY2025')
Q('instruction', P, "Using P&G's consolidated statement of earnings, calculate the operating margin for FY2025 — operating income divided by net sales, to one decimal.", [ratio(pg('OperatingIncomeLoss'), pg('Revenues'))], 'FY2025')
Q('formula', P, "Gross margin defined as (net sales - cost of products sold) / net sales. What is it for P&G in fiscal 2025?", [ratio(minus(pg('Revenues'), pg('CostOfGoodsAndServicesSold')), pg('Revenues'))], 'FY2025; P&G has no gross profit line')
Q('growth', P, "Procter & Gamble net sales growth in fiscal 2025?", [growth(pg('Revenues'), pg('Revenues', '2024-06-30'))], 'FY2025 vs FY2024')
Q('cover', P, "P&G common shares outstanding per the 10-K cover (as of July 31, 2025)?", [pg('EntityCommonStockSharesOutstanding', '2025-07-31', 'I')], 'dei cover')
Q('formula', P, "Total debt = debt due within one year + long-term debt. P&G at June 30, 2025?", [plus(pg('DebtCurrent', kind='I'), pg('LongTermDebtNoncurrent', kind='I'))], 'balance 2025-06-30')
Q('period', P, "Health Care segment net sales at P&G in FY2023", [pg('Revenues', '2023-06-30', **PSEG('HealthCareSegmentMember'))], 'FY2023 column of the FY2025 10-K')
Q('ordinary-words', P, "How much did P&G spend on R&D in fiscal 2025?", [pg('ResearchAndDevelopmentExpense')], 'R&D FY2025 (rounded to 0.1bn)')
T(P, "P&G's net sales for the quarter ended March 31, 2025?", 'no P&G 10-Q in the corpus; only annual facts')
T(P, "What did Gillette contribute to P&G's sales in fiscal 2025?", 'brand-level figures not tagged (Grooming segment is)')

# ================================================================ WALMART (10-K FY2025 iXBRL, FY ends 2025-01-31)
W = 'WMT'; WD = 'WMT-10K'
def wm(concept, end='2025-01-31', kind='FY', **d): return ix(WD, concept, end, kind, **d)
WSEG = lambda m: dict(ConsolidationItemsAxis='OperatingSegmentsMember', StatementBusinessSegmentsAxis=m)
Q('period', W, "Walmart total revenues for fiscal 2025?", [(wm('Revenues'), [wm(RC)])], 'total revenues FY2025 (ended 2025-01-31); accept net sales')
Q('member', W, "Walmart U.S. net sales in fiscal 2025", [(wm(RC, **WSEG('WalmartUSMember')), [wm('Revenues', **WSEG('WalmartUSMember'))])], 'segment net sales; accept segment total revenues')
Q('member', W, "Sam's Club U.S. operating income, fiscal year ended January 31, 2025?", [wm('OperatingIncomeLoss', **WSEG('SamsClubUSMember'))], 'segment member')
Q('member', W, "How much operating income did Walmart International earn in FY25?", [wm('OperatingIncomeLoss', **WSEG('WalmartInternationalMember'))], 'segment member')
Q('member', W, "Grocery sales at Walmart U.S. for fiscal 2025", [wm(RC, ProductOrServiceAxis='GroceryMember', StatementBusinessSegmentsAxis='WalmartUSMember')], 'merchandise category member within Walmart U.S.')
Q('member', W, "Walmart International net sales from Mexico and Central America, FY2025?", [wm(RC, StatementGeographicalAxis='MexicoandCentralAmericaMember', StatementBusinessSegmentsAxis='WalmartInternationalMember')], 'geographic member')
Q('member', W, "What were Walmart U.S. eCommerce sales in fiscal 2025?", [wm(RC, MajorCustomersAxis='ECommerceMember', StatementBusinessSegmentsAxis='WalmartUSMember')], 'eCommerce member (tagged on MajorCustomersAxis), rounded to 0.1bn')
Q('ordinary-words', W, "How much did Walmart spend on capital expenditures (payments for property and equipment) in fiscal 2025?", [wm('PaymentsToAcquirePropertyPlantAndEquipment')], 'FY2025')
Q('formula', W, "Free cash flow = net cash provided by operating activities minus payments for property and equipment. Walmart FY25?", [minus(wm('NetCashProvidedByUsedInOperatingActivities'), wm('PaymentsToAcquirePropertyPlantAndEquipment'))], 'FY2025')
Q('ordinary-words', W, "What was Walmart's consolidated net income attributable to Walmart for the year ended Jan 31, 2025?", [wm('NetIncomeLoss')], 'FY2025')
Q('period', W, "WMT diluted EPS fiscal 2025", [wm('EarningsPerShareDiluted')], 'FY2025 (post 3-for-1 split)')
Q('instruction', W, "Compute Walmart's operating margin for fiscal 2025 as operating income divided by total revenues. Round to two decimals in percent.", [ratio(wm('OperatingIncomeLoss'), wm('Revenues'))], 'FY2025')
Q('growth', W, "Walmart total revenue growth FY2025 vs FY2024?", [(growth(wm('Revenues'), wm('Revenues', '2024-01-31')), [growth(wm(RC), wm(RC, '2024-01-31'))])], 'FY2025 vs FY2024; accept net sales growth')
Q('ordinary-words', W, "How much did Walmart pay out in dividends in fiscal 2025?", [wm('PaymentsOfDividendsCommonStock')], 'dividends paid FY2025')
Q('ordinary-words', W, "Walmart's long-term debt (excluding the current portion) at January 31, 2025?", [wm('LongTermDebtNoncurrent', kind='I')], 'balance sheet instant')
Q('ordinary-words', W, "What were Walmart's inventories at fiscal year-end 2025?", [wm('InventoryNet', kind='I')], 'instant 2025-01-31')
Q('cover', W, "Walmart shares of common stock outstanding as of March 12, 2025 (10-K cover)?", [wm('EntityCommonStockSharesOutstanding', '2025-03-12', 'I')], 'dei cover')
Q('mixed', W, "What percentage of Walmart U.S. fiscal 2025 net sales was grocery?",
  [ratio(wm(RC, ProductOrServiceAxis='GroceryMember', StatementBusinessSegmentsAxis='WalmartUSMember'), wm(RC, StatementBusinessSegmentsAxis='WalmartUSMember'))], 'grocery / Walmart U.S. net sales (same table, segment member without ConsolidationItems)')
Q('ordinary-words', W, "Share repurchases by Walmart during fiscal 2025 (cash)?", [wm('PaymentsForRepurchaseOfCommonStock')], 'FY2025')
T(W, "Walmart revenue for the third quarter of fiscal 2025?", 'no Walmart 10-Q in the corpus')
T(W, "How much advertising revenue did Walmart Connect generate in fiscal 2025?", 'advertising revenue not tagged')
T(W, "What was Walmart's margin last fiscal year?", 'margin type not stated - needs clarification', unambiguous=False)

# ================================================================ WELLS FARGO (10-K FY2024 iXBRL: cover facts only)
WF = 'WFC'; WFD = 'WFC-10K'
Q('cover', WF, "How many Wells Fargo common shares were outstanding as of February 14, 2025?", [ix(WFD, 'EntityCommonStockSharesOutstanding', '2025-02-14', 'I')], 'dei cover of the 2024 10-K')
Q('cover', WF, "WFC public float (aggregate market value held by non-affiliates) at June 28, 2024?", [ix(WFD, 'EntityPublicFloat', '2024-06-28', 'I')], 'dei public float')
Q('cover', WF, "What's the par value per share of Wells Fargo common stock at Dec 31, 2024?", [ix(WFD, 'CommonStockParOrStatedValuePerShare', '2024-12-31', 'I')], 'par $1-2/3 tagged 1.6666')
T(WF, "Wells Fargo net interest income for 2024?", "Wells Fargo's statements are in Exhibit 13; the primary document tags only cover data")
T(WF, "Total deposits at Wells Fargo on December 31, 2024?", 'not tagged in the corpus')

# ================================================================ CROSS-COMPANY and extra arithmetic
Q('cross-company', 'NVDA+MRVL', "Put NVIDIA's and Marvell's fiscal 2025 revenue side by side.",
  [cf('NVDA', 'Revenues', '2025-01-26'), cf('MRVL', RC, '2025-02-01')], 'NVIDIA FY2025 ends 2025-01-26; Marvell FY2025 ends 2025-02-01')
Q('cross-company', 'WMT+PG', "Which earned more in fiscal 2025, Walmart or Procter & Gamble? Give net income attributable to each company.",
  [wm('NetIncomeLoss'), pg('NetIncomeLoss')], 'Walmart FY2025 ends 2025-01-31; P&G FY2025 ends 2025-06-30')
Q('cross-company', 'NKE+PG', "Gross margin = (revenue - cost of sales) / revenue. Compare Nike and P&G for their fiscal 2025 years.",
  [ratio(minus(nk(RC), nk('CostOfGoodsAndServicesSold')), nk(RC)), ratio(minus(pg('Revenues'), pg('CostOfGoodsAndServicesSold')), pg('Revenues'))],
  'Nike FY ends 2025-05-31; P&G FY ends 2025-06-30')
Q('cross-company', 'AAPL+GOOGL', "Capex comparison for 2024: Apple (fiscal 2024) vs Alphabet (calendar 2024), purchases of property and equipment.",
  [cf('AAPL', 'PaymentsToAcquirePropertyPlantAndEquipment', '2024-09-28'), cf('GOOGL', 'PaymentsToAcquirePropertyPlantAndEquipment', '2024-12-31')], 'each on own fiscal calendar')
Q('cross-company', 'TSLA+NVDA', "Tesla's 2021 revenue versus NVIDIA's fiscal 2022 revenue?",
  [cf('TSLA', 'Revenues', '2021-12-31'), cf('NVDA', 'Revenues', '2022-01-30')], 'NVIDIA FY2022 ends 2022-01-30')
Q('cross-company', 'GOOGL+NVDA', "Which had the higher operating margin: Alphabet in 2025 or NVIDIA in fiscal 2026? Show both.",
  [ratio(cf('GOOGL', 'OperatingIncomeLoss', '2025-12-31'), cf('GOOGL', 'Revenues', '2025-12-31')), ratio(cf('NVDA', 'OperatingIncomeLoss', '2026-01-25'), cf('NVDA', 'Revenues', '2026-01-25'))],
  'two margins, each its own fiscal year')
Q('cross-company', 'WMT+NKE', "Dividends paid in fiscal 2025: Walmart vs Nike.", [wm('PaymentsOfDividendsCommonStock'), nk('PaymentsOfDividendsCommonStock')], 'cash dividends paid, each FY2025')
Q('cross-company', 'SNOW+MRVL', "R&D spend, fiscal 2025: Snowflake and Marvell.", [cf('SNOW', 'ResearchAndDevelopmentExpense', '2025-01-31'), cf('MRVL', 'ResearchAndDevelopmentExpense', '2025-02-01')], 'each FY2025')
Q('cross-company', 'AAPL+GOOGL', "Cash and cash equivalents: Apple at the end of fiscal 2025 vs Alphabet at the end of 2025.",
  [cf('AAPL', 'CashAndCashEquivalentsAtCarryingValue', '2025-09-27', 'I'), cf('GOOGL', 'CashAndCashEquivalentsAtCarryingValue', '2025-12-31', 'I')], 'two instants')
Q('cross-company', 'GOOGL+AAPL', "Diluted EPS for fiscal 2024 — Alphabet and Apple.", [cf('GOOGL', 'EarningsPerShareDiluted', '2024-12-31'), cf('AAPL', 'EarningsPerShareDiluted', '2024-09-28')], 'each FY2024')
Q('cross-company', 'NVDA+AAPL', "Net income for each company's fiscal year 2025: NVIDIA and Apple.",
  [cf('NVDA', 'NetIncomeLoss', '2025-01-26'), cf('AAPL', 'NetIncomeLoss', '2025-09-27')], 'NVIDIA FY2025 ends Jan 2025, Apple FY2025 ends Sep 2025')
T('AAPL+MSFT', "How does Apple's fiscal 2024 revenue compare with Microsoft's fiscal 2024 revenue?", 'Microsoft has no facts in the corpus (only a submissions index)')
T('WMT+COST', "Walmart vs Costco: total revenue for fiscal 2025?", 'Costco not in the corpus')
T('JPM', "JPMorgan Chase net income for 2024?", 'company not in the corpus')
T('AMZN', "What was AWS operating income in 2024?", 'Amazon not in the corpus')

Q('mixed', 'AAPL', "Add up Apple's net sales for the December 2024 and March 2025 quarters — what's the first-half fiscal 2025 total?",
  [span(cf('AAPL', RC, '2024-12-28', 'Q'), cf('AAPL', RC, '2025-03-29', 'Q'))], 'Q1 + Q2 FY2025 = H1 span (equals the 6-month YTD fact)')
Q('mixed', 'GOOGL', "By how much did Alphabet's total assets change between December 31, 2025 and March 31, 2026?",
  [change(cf('GOOGL', 'Assets', '2026-03-31', 'I'), cf('GOOGL', 'Assets', '2025-12-31', 'I'))], 'change carries the later instant')
Q('period', 'NVDA', "NVIDIA revenue for fiscal 2024, 2025 and 2026?",
  [cf('NVDA', 'Revenues', '2024-01-28'), cf('NVDA', 'Revenues', '2025-01-26'), cf('NVDA', 'Revenues', '2026-01-25')], 'three fiscal years')
Q('period', 'PG', "P&G diluted EPS for each of FY2023, FY2024 and FY2025", [pg('EarningsPerShareDiluted', '2023-06-30'), pg('EarningsPerShareDiluted', '2024-06-30'), pg('EarningsPerShareDiluted')], 'three fiscal years')
Q('growth', 'WMT', "Sam's Club U.S. operating income growth in fiscal 2025?", [growth(wm('OperatingIncomeLoss', **WSEG('SamsClubUSMember')), wm('OperatingIncomeLoss', '2024-01-31', **WSEG('SamsClubUSMember')))], 'segment OI FY2025 vs FY2024')
Q('instruction', 'NKE', "Assume you're an analyst covering Nike. Net debt = long-term debt (incl. current portion) + notes payable - cash and equivalents - short-term investments. Compute it at May 31, 2025; a negative number means net cash.",
  [minus(plus(nk('LongTermDebt', kind='I'), nk('ShortTermBorrowings', kind='I')), plus(nk('CashAndCashEquivalentsAtCarryingValue', kind='I'), nk('DebtSecuritiesAvailableForSaleExcludingAccruedInterestCurrent', kind='I')))],
  "balance-sheet captions checked in the HTML: notes payable = ShortTermBorrowings; short-term investments = DebtSecuritiesAvailableForSaleExcludingAccruedInterestCurrent; current portion of LTD is nil")

# ================================================================ independent second lookups (assert section)
_raw = {}
def raw_ix(doc, concept, start, end, members):
    """Second path: regex over the raw HTML text (no html.parser); returns the printed values x scale."""
    if doc not in _raw:
        html = open(IXDIR + IX_FILES[doc], encoding='utf-8').read()
        ctx = {}
        for m in re.finditer(r'<xbrli:context id="([^"]+)">(.*?)</xbrli:context>', html, re.S):
            body = m.group(2)
            inst = re.search(r'<xbrli:instant>([^<]+)<', body)
            s = re.search(r'<xbrli:startDate>([^<]+)<', body)
            e = re.search(r'<xbrli:endDate>([^<]+)<', body)
            mem = frozenset(x.split(':')[-1] for x in re.findall(r'<xbrldi:explicitMember[^>]*>([^<]+)<', body))
            ctx[m.group(1)] = (s.group(1) if s else None, (e or inst).group(1).strip(), mem)
        _raw[doc] = (html, ctx)
    html, ctx = _raw[doc]
    out = []
    for m in re.finditer(r'<ix:nonFraction([^>]*)>(.*?)</ix:nonFraction>', html, re.S):
        attrs = dict(re.findall(r'(\w+)="([^"]*)"', m.group(1)))
        if attrs.get('name', '').split(':')[-1] != concept:
            continue
        s, e, mem = ctx[attrs['contextRef']]
        if (s, e, mem) != (start, end, frozenset(members)):
            continue
        txt = re.sub(r'<[^>]+>', '', m.group(2))
        digits = re.sub(r'[^0-9.]', '', txt)
        v = float(digits) * 10 ** int(attrs.get('scale', '0')) if digits else 0.0
        out.append(-v if attrs.get('sign') == '-' else v)
    return out

def first_filed_cf(co, concept, start, end):
    """Second path: the earliest-filed fact for the period (the original report), not the latest."""
    L = [x for x in cf_facts(co, concept) if x['end'] == end and x.get('start') == start]
    return min(L, key=lambda x: (x['filed'], x['accn']))['val']

def truth(i, k=0):
    return QS[i]['expect']['values'][k]

def find(text):
    hits = [i for i, q in enumerate(QS) if q['question'].startswith(text)]
    assert len(hits) == 1, (text, hits)
    return hits[0]

CHECKS = [  # (question prefix, value index, second lookup)
    ("How much did Apple spend buying back", 0, lambda v: first_filed_cf('AAPL', 'PaymentsForRepurchaseOfCommonStock', v['start'], v['end'])),
    ("What were iPhone net sales", 0, lambda v: raw_ix('AAPL-10Q', REV_AAPL, v['start'], v['end'], {'IPhoneMember'})),
    ("What was Google Cloud's operating income", 0, lambda v: raw_ix('GOOGL-10K', 'OperatingIncomeLoss', v['start'], v['end'], {'OperatingSegmentsMember', 'GoogleCloudMember'})),
    ("GOOGL 1Q26 revenue", 0, lambda v: first_filed_cf('GOOGL', 'Revenues', v['start'], v['end'])),
    ("What did NVIDIA book in Data Center", 0, lambda v: raw_ix('NVDA-10Q', 'Revenues', v['start'], v['end'], {'DataCenterMember'})),
    ("How much did NVIDIA earn (net income)", 0, lambda v: first_filed_cf('NVDA', 'NetIncomeLoss', v['start'], v['end'])),
    ("Marvell Technology net revenue for fiscal 2026", 0, lambda v: first_filed_cf('MRVL', RC, v['start'], v['end'])),
    ("Snowflake total revenue for fiscal year 2025", 0, lambda v: first_filed_cf('SNOW', RC, v['start'], v['end'])),
    ("Tesla revenue for the first nine months of 2022", 0, lambda v: first_filed_cf('TSLA', 'Revenues', v['start'], v['end'])),
    ("Logistic Properties of the Americas: revenue", 0, lambda v: first_filed_cf('LPA', 'Revenue', v['start'], v['end'])),
    ("Nike Greater China revenue in FY2025", 0, lambda v: raw_ix('NKE-10K', RC, v['start'], v['end'], {'OperatingSegmentsMember', 'NIKEBrandMember', 'GreaterChinaSegmentMember'})),
    ("What were NIKE, Inc.'s revenues", 0, lambda v: raw_ix('NKE-10K', RC, v['start'], v['end'], set())),
    ("What did P&G's Beauty segment generate", 0, lambda v: raw_ix('PG-10K', 'Revenues', v['start'], v['end'], {'OperatingSegmentsMember', 'BeautySegmentMember'})),
    ("P&G common shares outstanding per the 10-K cover", 0, lambda v: raw_ix('PG-10K', 'EntityCommonStockSharesOutstanding', None, v['end'], set())),
    ("Walmart total revenues for fiscal 2025", 0, lambda v: raw_ix('WMT-10K', 'Revenues', v['start'], v['end'], set())),
    ("Sam's Club U.S. operating income, fiscal year", 0, lambda v: raw_ix('WMT-10K', 'OperatingIncomeLoss', v['start'], v['end'], {'OperatingSegmentsMember', 'SamsClubUSMember'})),
    ("How many Wells Fargo common shares", 0, lambda v: raw_ix('WFC-10K', 'EntityCommonStockSharesOutstanding', None, v['end'], set())),
]

def verify():
    for text, k, second in CHECKS:
        v = truth(find(text), k)
        got = second(v)
        got = got if isinstance(got, list) else [got]
        assert got and any(abs(g - v['value']) <= 1e-9 * max(1.0, abs(v['value'])) for g in got), (text, v['value'], got)
    # spot checks against numbers printed in the statements (as read by a person, in millions)
    assert abs(truth(find("NKE FY25 GM?"))['value'] - 19790 / 46309) < 1e-9
    assert truth(find("Walmart U.S. net sales in fiscal 2025"))['value'] == 462415e6
    # internal consistency: the derived Apple first half equals the filed six-month YTD fact
    h1 = cf('AAPL', REV_AAPL, '2025-03-29', 'H')
    assert abs(truth(find("Add up Apple's net sales"))['value'] - h1.value) < 1
    return len(CHECKS) + 3

# ================================================================ write
def main():
    n_checks = verify()
    ids = set()
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, 'w') as fh:
        for i, q in enumerate(QS, 1):
            rec = {'id': f'fb2-{i:03d}', 'question': q['question'], 'category': q['category'],
                   'unambiguous': q['unambiguous'], 'expect': q['expect'], 'note': f"[{q['company']}] {q['note']}"}
            assert rec['id'] not in ids; ids.add(rec['id'])
            if q['category'] == 'trap':
                assert rec['expect'] == {'status': 'insufficient_evidence', 'values': []}
            else:
                for v in rec['expect']['values']:
                    assert re.match(r'\d{4}-\d\d-\d\d$', v['end'])
                    assert (v['period_type'] == 'instant') == ('start' not in v)
            fh.write(json.dumps(rec, ensure_ascii=False) + '\n')
    qs = [q['question'] for q in QS]
    assert len(set(qs)) == len(qs), 'duplicate question'
    print(f'wrote {len(QS)} questions to {os.path.normpath(OUT)}; {n_checks} independent checks passed', file=sys.stderr)

if __name__ == '__main__':
    main()
