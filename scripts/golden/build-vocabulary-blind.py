#!/usr/bin/env python3
"""Builds lib/eval/golden/vocabulary-blind.jsonl: a HELD-OUT test of the filer's own vocabulary, asked the way
analysts ask, over the workspace that holds both the SEC companyfacts JSON (../shared/data/sec-companyfacts:
Apple, Alphabet, NVIDIA, Marvell, Snowflake, Tesla, LPA) and the inline-XBRL filings
(../shared/data/filings-ixbrl: Apple 10-K FY2024 + 10-Q Q3 FY2025, NVIDIA 10-K FY2025 + 10-Q Q2 FY2026,
Walmart 10-K FY2025, Nike 10-K FY2025, P&G 10-K FY2025, Alphabet 10-K FY2024, Wells Fargo 10-K FY2024).

Written question first, without reading Ledgerline's code or answers; every expected value is computed here from
the raw files (Python 3.11 standard library only).

Categories (`category`):
- `segment` / `product` / `geography`: members of the business-segment, product/service (and sales-channel,
  customer) and geographic axes, named the way analysts name them. Truth = the iXBRL `ix:nonFraction` fact whose
  context carries exactly that dimension set (scale and sign applied) for exactly the period. "Share of revenue"
  = member / consolidated total of the same concept and period (a fraction). Members that the company does not
  tag (and does not state in the filing text) expect `insufficient_evidence`: the parent total is never right.
- `line-item`: tagged lines in ordinary words (buybacks, dividends paid, cover-page shares outstanding per class,
  public float, stock-based compensation, R&D, D&A, income taxes paid, interest paid, capex).
- `derivation`: discrete quarters where only year-to-date figures are filed (cash flows): Q2 = H1 - Q1,
  Q3 = 9M - H1, Q4 = FY - 9M (any flow), from the companyfacts (and, for segment members, from the 10-K and the
  following 10-Q's comparative nine months); a derived quarter starts the day after the previous period ended.
  Discrete Q2/Q3 income-statement figures are filed as 3-month facts and are taken as filed (the derived value is
  also accepted). TTM diluted EPS = sum of the last four quarterly diluted EPS (Q4 = FY - 9M where needed); the
  variant FY + YTD - prior YTD is accepted.
- `average-ratio`: ROE, ROA, asset / inventory / receivables turnover, DSO, DIO, DPO, cash conversion cycle, with
  average balance = mean of the prior and the current fiscal year-end balances; 365 days. Where a question does
  not say "average", the ending-balance variant is also accepted.

Conventions: fiscal years are identified by the dates of the facts and labelled by the calendar year in which they
end; latest-filed fact for exactly the period (companyfacts: max `filed`, then accession; iXBRL: the later filing,
and within a filing the most precise `decimals`); monetary values in base units; ratios as fractions.
tol 0.0005 for reported values, 0.005 for computed ones. `note` names the concept/member and file.

Usage: python3 scripts/golden/build-vocabulary-blind.py
  writes lib/eval/golden/vocabulary-blind.jsonl (relative to the repo) and prints counts by category.
  SEC_DATA_DIR overrides ../shared/data.
"""
import datetime as dt
import glob
import html
import json
import os
import re
import sys
from collections import Counter, defaultdict
from decimal import Decimal
from html.parser import HTMLParser

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, '..', '..'))
DATA = os.environ.get('SEC_DATA_DIR', os.path.normpath(os.path.join(REPO, '..', 'shared', 'data')))
OUT = os.path.join(REPO, 'lib', 'eval', 'golden', 'vocabulary-blind.jsonl')

TOL_REPORTED = 0.0005
TOL_COMPUTED = 0.005


def day(s):
    return dt.date.fromisoformat(s)


def plus(s, n):
    return (day(s) + dt.timedelta(days=n)).isoformat()


def ndays(s, e):
    return (day(e) - day(s)).days


def num(x):
    """Decimal -> int when integral, else float."""
    if isinstance(x, Decimal):
        if x == x.to_integral_value():
            return int(x)
        return float(x)
    if isinstance(x, float) and x.is_integer() and abs(x) > 1000:
        return int(x)
    return x


# ------------------------------------------------------------------ companyfacts
CF_FILES = {
    'AAPL': 'CIK0000320193_AAPL_companyfacts.json',
    'NVDA': 'CIK0001045810_NVDA_companyfacts.json',
    'GOOGL': 'CIK0001652044_GOOGL_companyfacts.json',
    'MRVL': 'CIK0001835632_MRVL_companyfacts.json',
    'SNOW': 'CIK0001640147_SNOW_companyfacts.json',
    'TSLA': 'CIK0001318605_TSLA_companyfacts.json',
}
_cf = {}


def cf_facts(t):
    if t not in _cf:
        d = json.load(open(os.path.join(DATA, 'sec-companyfacts', CF_FILES[t])))
        idx = defaultdict(list)  # (concept, start, end) -> facts
        for tax, concepts in d['facts'].items():
            for c, body in concepts.items():
                for unit, fs in body['units'].items():
                    for f in fs:
                        idx[(c, f.get('start'), f['end'])].append(dict(f, unit=unit, tax=tax))
        _cf[t] = idx
    return _cf[t]


def cf_one(t, concept, start, end):
    fs = cf_facts(t).get((concept, start, end))
    if not fs:
        return None
    f = max(fs, key=lambda f: (f['filed'], f['accn']))
    return f


def cf_get(t, concepts, start, end, required=True):
    """Latest-filed value of the first concept of the chain with a fact for exactly (start, end).
    Returns (value, concept, fact, accept-values-from-other-concepts)."""
    if isinstance(concepts, str):
        concepts = [concepts]
    hit = None
    others = []
    for c in concepts:
        f = cf_one(t, c, start, end)
        if f is None:
            continue
        if hit is None:
            hit = (f['val'], c, f)
            if f['form'] not in ('10-K', '10-Q', '10-K/A', '10-Q/A'):
                # latest copy is from a proxy/8-K: the latest periodic-report copy is accepted too if it differs
                per = [g for g in cf_facts(t)[(c, start, end)] if g['form'] in ('10-K', '10-Q', '10-K/A', '10-Q/A')]
                if per:
                    g = max(per, key=lambda g: (g['filed'], g['accn']))
                    if g['val'] != f['val']:
                        others.append(g['val'])
                        print(f'note: {t} {c} {start}..{end}: {f["form"]} {f["val"]} vs {g["form"]} {g["val"]}', file=sys.stderr)
        else:
            others.append(f['val'])
    if hit is None:
        if required:
            raise KeyError(f'{t} {concepts} {start}..{end}: no fact')
        return None
    return hit[0], hit[1], hit[2], others


def cf_note(t, c, f):
    return f'{c} {f.get("start") or ""}{".." if f.get("start") else ""}{f["end"]} accn {f["accn"]} filed {f["filed"]} ({CF_FILES[t]})'


# fiscal calendars from the facts' dates (annual = 350-380 days, quarter = 80-100 days)
_cal = {}


def calendar(t):
    if t in _cal:
        return _cal[t]
    idx = cf_facts(t)
    years, quarters = {}, set()
    for (c, s, e), fs in idx.items():
        if c not in ('NetIncomeLoss', 'Revenues', 'RevenueFromContractWithCustomerExcludingAssessedTax') or not s:
            continue
        n = ndays(s, e)
        if 350 <= n <= 380 and any(f['form'] in ('10-K', '10-K/A') for f in fs):
            years[day(e).year] = (s, e)
        elif 80 <= n <= 100:
            quarters.add((s, e))
    _cal[t] = (years, quarters)
    return _cal[t]


def fy(t, label):
    years, _ = calendar(t)
    return years[label]


def fy_start(t, label):
    years, _ = calendar(t)
    if label in years:
        return years[label][0]
    return plus(years[label - 1][1], 1)


def quarter(t, label, q):
    """(start, end) of fiscal quarter q of fiscal year `label` (Q4 = day after Q3 .. FY end)."""
    years, quarters = calendar(t)
    s = fy_start(t, label)
    for i in range(1, 5):
        if i == 4:
            e = years[label][1]
        else:
            cand = [x for x in quarters if x[0] == s]
            if not cand:
                raise KeyError(f'{t} FY{label} Q{i}: no quarter starting {s}')
            e = max(cand)[1]
        if i == q:
            return s, e
        s = plus(e, 1)


def ytd(t, label, q):
    return fy_start(t, label), quarter(t, label, q)[1]


# ------------------------------------------------------------------ inline XBRL
IX_FILES = {
    'AAPL': ['aapl-10-k-2024-11-01.html', 'aapl-10-q-2025-08-01.html'],
    'NVDA': ['nvda-10-k-2025-02-26.html', 'nvda-10-q-2025-08-27.html'],
    'GOOGL': ['googl-10-k-2025-02-05.html'],
    'WMT': ['wmt-10-k-2025-03-14.html'],
    'NKE': ['nke-10-k-2025-07-17.html'],
    'PG': ['pg-10-k-2025-08-04.html'],
    'WFC': ['wfc-10-k-2025-02-25.html'],
}
WORDS = {'no': 0, 'none': 0, 'zero': 0, 'one': 1, 'two': 2, 'three': 3, 'four': 4, 'five': 5, 'six': 6, 'seven': 7,
         'eight': 8, 'nine': 9, 'ten': 10}


class IxParser(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.contexts, self.facts = {}, []
        self.stack, self.ctx, self.field, self.buf, self.dim = [], None, None, '', None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == 'xbrli:context':
            self.ctx = {'id': a['id'], 'dims': [], 'start': None, 'end': None, 'instant': None}
        elif self.ctx is not None and tag in ('xbrli:startdate', 'xbrli:enddate', 'xbrli:instant'):
            self.field, self.buf = tag.split(':')[1], ''
        elif self.ctx is not None and tag in ('xbrldi:explicitmember', 'xbrldi:typedmember'):
            self.field, self.buf, self.dim = 'member', '', a.get('dimension')
        if tag in ('ix:nonfraction', 'ix:nonnumeric'):
            self.stack.append([tag, a, []])

    def handle_endtag(self, tag):
        if tag == 'xbrli:context' and self.ctx is not None:
            self.contexts[self.ctx['id']] = self.ctx
            self.ctx = None
        elif self.ctx is not None and tag in ('xbrli:startdate', 'xbrli:enddate', 'xbrli:instant'):
            self.ctx[{'startdate': 'start', 'enddate': 'end', 'instant': 'instant'}[tag.split(':')[1]]] = self.buf.strip()
            self.field = None
        elif self.ctx is not None and tag in ('xbrldi:explicitmember', 'xbrldi:typedmember'):
            self.ctx['dims'].append((self.dim, self.buf.strip()))
            self.field = None
        elif tag in ('ix:nonfraction', 'ix:nonnumeric'):
            for i in range(len(self.stack) - 1, -1, -1):
                if self.stack[i][0] == tag:
                    kind, a, parts = self.stack.pop(i)
                    if kind == 'ix:nonfraction':
                        self.facts.append((a, ''.join(parts)))
                    break

    def handle_data(self, data):
        if self.field:
            self.buf += data
        for f in self.stack:
            f[2].append(data)


def ix_value(a, text):
    if a.get('xsi:nil') == 'true':
        return None
    fmt = (a.get('format') or '').split(':')[-1]
    t = html.unescape(text).strip()
    if fmt in ('fixed-zero', 'zerodash') or t in ('—', '-', '–'):
        v = Decimal(0)
    elif fmt == 'numwordsen':
        if t.lower() not in WORDS:
            return None
        v = Decimal(WORDS[t.lower()])
    elif fmt in ('num-comma-decimal', 'numcommadecimal'):
        v = Decimal(t.replace('.', '').replace(' ', '').replace(',', '.'))
    else:
        digits = re.sub(r'[^0-9.]', '', t)
        if not digits:
            return None
        v = Decimal(digits)
    v = v.scaleb(int(a.get('scale') or 0))
    if a.get('sign') == '-':
        v = -v
    return v


def local(q):
    return q.split(':')[-1]


_ix = {}


def ix_facts(t):
    """(concept local name, start, end, frozenset of (axis, member) local names) -> [(filed, decimals, value, file)]"""
    if t in _ix:
        return _ix[t]
    idx = defaultdict(list)
    for fn in IX_FILES[t]:
        filed = re.search(r'(\d{4}-\d{2}-\d{2})\.html$', fn).group(1)
        p = IxParser()
        p.feed(open(os.path.join(DATA, 'filings-ixbrl', fn), encoding='utf-8').read())
        for a, text in p.facts:
            v = ix_value(a, text)
            if v is None:
                continue
            c = p.contexts[a['contextref']]
            dims = frozenset((local(ax), local(m)) for ax, m in c['dims'])
            dec = a.get('decimals') or 'INF'
            dec = 99 if dec == 'INF' else int(dec)
            idx[(local(a['name']), c['start'], c['end'] or c['instant'], dims)].append((filed, dec, v, fn))
    _ix[t] = idx
    return idx


def ix_get(t, concept, start, end, dims=None, required=True):
    """Latest filing, most precise decimals; dims = {axis: member} (local names), matched exactly."""
    key = (concept, start, end, frozenset((dims or {}).items()))
    fs = ix_facts(t).get(key)
    if not fs:
        if required:
            raise KeyError(f'{t} {key}: no iXBRL fact')
        return None
    best = max(fs, key=lambda f: (f[0], f[1]))
    return num(best[2]), best[3]


def ix_alts(t, concept, start, end, dims=None):
    """Other values tagged with the same concept and context (e.g. a rounded '$2.8 billion' in the text next to the
    $ millions table figure): accepted as alternatives."""
    fs = ix_facts(t).get((concept, start, end, frozenset((dims or {}).items()))) or []
    best = ix_get(t, concept, start, end, dims)[0]
    return sorted({num(f[2]) for f in fs} - {best})


def ix_note(concept, dims, fn):
    d = ', '.join(f'{a}={m}' for a, m in sorted((dims or {}).items()))
    return f'{concept}' + (f' [{d}]' if d else ' (no dimensions)') + f' in {fn}'


# ------------------------------------------------------------------ question list
QUESTIONS = []
_ids = Counter()


def add(cat, question, values, note, status='answered', prefix=None):
    p = prefix or {'segment': 'seg', 'product': 'prod', 'geography': 'geo', 'line-item': 'li', 'derivation': 'der',
                   'average-ratio': 'avg'}[cat]
    _ids[p] += 1
    q = {'id': f'vb-{p}-{_ids[p]:02d}', 'question': question, 'category': cat}
    if status == 'answered':
        for v in values:
            assert v['value'] is not None and v['value'] == v['value'], (question, v)
        q['expect'] = {'status': 'answered', 'values': values}
    else:
        q['expect'] = {'status': status}
    q['note'] = note
    QUESTIONS.append(q)


def dur(value, start, end, tol=TOL_REPORTED, accept=None):
    v = {'value': num(value), 'start': start, 'end': end, 'period_type': 'duration', 'tol': tol}
    acc = [num(value)] + [num(a) for a in (accept or []) if a is not None]
    v['accept'] = list(dict.fromkeys(round(a, 10) if isinstance(a, float) else a for a in acc))
    return v


def inst(value, end, tol=TOL_REPORTED, accept=None):
    v = {'value': num(value), 'end': end, 'period_type': 'instant', 'tol': tol}
    acc = [num(value)] + [num(a) for a in (accept or []) if a is not None]
    v['accept'] = list(dict.fromkeys(acc))
    return v


def abstain(cat, question, why):
    add(cat, question, None, why, status='insufficient_evidence')


# -------------------------------------------------- periods of the iXBRL filings
# (taken from the contexts themselves; checked below against the facts)
AAPL_FY = {2022: ('2021-09-26', '2022-09-24'), 2023: ('2022-09-25', '2023-09-30'), 2024: ('2023-10-01', '2024-09-28')}
AAPL_Q3_25 = ('2025-03-30', '2025-06-28')
AAPL_9M_25 = ('2024-09-29', '2025-06-28')
AAPL_Q3_24 = ('2024-03-31', '2024-06-29')
AAPL_9M_24 = ('2023-10-01', '2024-06-29')
NVDA_FY = {2023: ('2022-01-31', '2023-01-29'), 2024: ('2023-01-30', '2024-01-28'), 2025: ('2024-01-29', '2025-01-26')}
NVDA_Q2_26 = ('2025-04-28', '2025-07-27')
NVDA_H1_26 = ('2025-01-27', '2025-07-27')
NVDA_Q2_25 = ('2024-04-29', '2024-07-28')
NVDA_H1_25 = ('2024-01-29', '2024-07-28')
GOOGL_FY = {y: (f'{y}-01-01', f'{y}-12-31') for y in (2022, 2023, 2024)}
WMT_FY = {2023: ('2022-02-01', '2023-01-31'), 2024: ('2023-02-01', '2024-01-31'), 2025: ('2024-02-01', '2025-01-31')}
NKE_FY = {2023: ('2022-06-01', '2023-05-31'), 2024: ('2023-06-01', '2024-05-31'), 2025: ('2024-06-01', '2025-05-31')}
PG_FY = {2023: ('2022-07-01', '2023-06-30'), 2024: ('2023-07-01', '2024-06-30'), 2025: ('2024-07-01', '2025-06-30')}

REV = 'RevenueFromContractWithCustomerExcludingAssessedTax'
SEG = 'StatementBusinessSegmentsAxis'
OPS = ('ConsolidationItemsAxis', 'OperatingSegmentsMember')
GEO = 'StatementGeographicalAxis'
PRD = 'ProductOrServiceAxis'


def member_q(cat, t, question, concept, period, dims, what):
    s, e = period
    v, fn = ix_get(t, concept, s, e, dims)
    alts = ix_alts(t, concept, s, e, dims)
    if v < 0 and re.search(r'\bloss\b', question) and '(loss)' not in question:
        alts.append(-v)  # "operating loss of $4.1 billion" states the magnitude
    add(cat, question, [dur(v, s, e, accept=alts)], f'{cat}: {what}; {ix_note(concept, dims, fn)}' +
        (f'; also tagged as {alts}' if alts else ''))
    return v


def member_inst_q(cat, t, question, concept, end, dims, what):
    v, fn = ix_get(t, concept, None, end, dims)
    add(cat, question, [inst(v, end)], f'{cat}: {what}; {ix_note(concept, dims, fn)}')
    return v


def share_q(cat, t, question, concept, period, dims, what, total_concept=None, total_dims=None, accept_totals=()):
    s, e = period
    v, fn = ix_get(t, concept, s, e, dims)
    tc = total_concept or concept
    tot, fn2 = ix_get(t, tc, s, e, total_dims)
    acc = []
    for (ac, ad) in accept_totals:
        alt = ix_get(t, ac, s, e, ad, required=False)
        if alt:
            acc.append(v / alt[0])
    add(cat, question, [dur(v / tot, s, e, TOL_COMPUTED, acc)],
        f'{cat}: share = {what} / consolidated total ({v:,} / {tot:,}); member {ix_note(concept, dims, fn)}; total {ix_note(tc, total_dims, fn2)}')


# ============================================================ 1. segments, products, geographies
def build_members():
    # ---------------- Apple (10-K FY2024, 10-Q Q3 FY2025)
    fy24, fy23, fy22 = AAPL_FY[2024], AAPL_FY[2023], AAPL_FY[2022]
    member_q('product', 'AAPL', "How much did Apple bring in from Mac in fiscal 2024?", REV, fy24, {PRD: 'MacMember'},
             'Apple Mac net sales FY2024')
    member_q('product', 'AAPL', "Apple's iPhone sales in the June quarter of 2025 (fiscal Q3 2025)", REV, AAPL_Q3_25,
             {PRD: 'IPhoneMember'}, 'iPhone net sales, three months ended Jun 28, 2025')
    member_q('product', 'AAPL', "What did Apple's Services business generate in revenue in the quarter ended June 29, 2024?",
             REV, AAPL_Q3_24, {PRD: 'ServiceMember'}, 'Services net sales, three months ended Jun 29, 2024 (10-Q comparative)')
    member_q('product', 'AAPL', "Apple iPad net sales for the first nine months of fiscal 2025", REV, AAPL_9M_25,
             {PRD: 'IPadMember'}, 'iPad net sales, nine months ended Jun 28, 2025')
    member_q('product', 'AAPL', "Wearables, Home and Accessories revenue at Apple in fiscal 2023", REV, fy23,
             {PRD: 'WearablesHomeandAccessoriesMember'}, 'Wearables, Home and Accessories net sales FY2023')
    member_q('product', 'AAPL', "Total Products net sales (hardware, excluding Services) for Apple, fiscal 2022", REV, fy22,
             {PRD: 'ProductMember'}, 'Products net sales FY2022')
    member_q('segment', 'AAPL', "What was the Americas segment's operating income at Apple for fiscal 2024?",
             'OperatingIncomeLoss', fy24, {SEG: 'AmericasSegmentMember'}, 'Americas segment operating income FY2024')
    member_q('segment', 'AAPL', "Apple Europe segment net sales, three months to June 28, 2025", REV, AAPL_Q3_25,
             {SEG: 'EuropeSegmentMember'}, 'Europe segment net sales Q3 FY2025')
    member_q('segment', 'AAPL', "Japan segment operating income for Apple's nine months ended June 2025", 'OperatingIncomeLoss',
             AAPL_9M_25, {SEG: 'JapanSegmentMember'}, 'Japan segment operating income 9M FY2025')
    member_q('segment', 'AAPL', "Rest of Asia Pacific net sales at Apple in fiscal 2023", REV, fy23,
             {SEG: 'RestOfAsiaPacificSegmentMember'}, 'Rest of Asia Pacific segment net sales FY2023')
    member_q('segment', 'AAPL', "Greater China operating income, Apple fiscal 2022", 'OperatingIncomeLoss', fy22,
             {SEG: 'GreaterChinaSegmentMember'}, 'Greater China segment operating income FY2022')
    member_q('geography', 'AAPL', "How much of Apple's fiscal 2023 net sales were in the U.S.?", REV, fy23, {GEO: 'US'},
             'U.S. net sales FY2023 (geographic disclosure)')
    member_inst_q('geography', 'AAPL', "Apple's long-lived assets located in China at the end of fiscal 2024",
                  'NoncurrentAssets', fy24[1], {GEO: 'CN'}, 'long-lived assets in China, Sep 28, 2024')
    share_q('product', 'AAPL', "What share of Apple's fiscal 2024 revenue came from the iPhone?", REV, fy24,
            {PRD: 'IPhoneMember'}, 'iPhone net sales FY2024')
    share_q('segment', 'AAPL', "Greater China as a percentage of Apple's total net sales in fiscal Q3 2025", REV, AAPL_Q3_25,
            {SEG: 'GreaterChinaSegmentMember'}, 'Greater China net sales Q3 FY2025')
    abstain('segment', "What was revenue for Apple's automotive segment in fiscal 2024?",
            'segment: trap - Apple has no automotive segment or product member (segments: Americas, Europe, Greater China, '
            'Japan, Rest of Asia Pacific; products: iPhone, Mac, iPad, Wearables/Home/Accessories, Services); never the total')
    abstain('product', "Apple iPhone operating income for fiscal 2024",
            'product: trap - Apple reports operating income only by geographic segment; no product-level operating income '
            'is tagged or stated; never the total or the Americas figure')
    abstain('geography', "Apple net sales in India, fiscal 2024",
            'geography: trap - Apple tags only U.S., China and Other countries (StatementGeographicalAxis); India is not '
            'disclosed; never Other countries or Rest of Asia Pacific')

    # ---------------- NVIDIA (10-K FY2025, 10-Q Q2 FY2026)
    f25, f24, f23 = NVDA_FY[2025], NVDA_FY[2024], NVDA_FY[2023]
    member_q('product', 'NVDA', "NVIDIA's Data Center revenue in the second quarter of fiscal 2026", 'Revenues', NVDA_Q2_26,
             {PRD: 'DataCenterMember'}, 'Data Center market-platform revenue, three months ended Jul 27, 2025')
    member_q('product', 'NVDA', "How big was NVIDIA's Data Center business in fiscal 2024 (revenue)?", 'Revenues', f24,
             {PRD: 'DataCenterMember'}, 'Data Center revenue FY2024 (year ended Jan 28, 2024)')
    member_q('product', 'NVDA', "Gaming revenue at Nvidia for the July 2025 quarter", 'Revenues', NVDA_Q2_26,
             {PRD: 'GamingMember'}, 'Gaming revenue Q2 FY2026 (quarter ended Jul 27, 2025)')
    member_q('product', 'NVDA', "NVIDIA automotive revenue, fiscal 2025", 'Revenues', f25, {PRD: 'AutomotiveMember'},
             'Automotive revenue FY2025')
    member_q('product', 'NVDA', "Professional Visualization revenue for NVIDIA in the first half of fiscal 2026", 'Revenues',
             NVDA_H1_26, {PRD: 'ProfessionalVisualizationMember'}, 'Professional Visualization revenue, six months ended Jul 27, 2025')
    member_q('product', 'NVDA', "Data Center networking revenue at NVIDIA in fiscal 2025", 'Revenues', f25,
             {PRD: 'NetworkingMember'}, 'Networking (Data Center networking) revenue FY2025')
    member_q('segment', 'NVDA', "Operating income of NVIDIA's Compute & Networking segment for fiscal 2025", 'OperatingIncomeLoss',
             f25, {SEG: 'ComputeAndNetworkingSegmentMember', OPS[0]: OPS[1]}, 'Compute & Networking segment operating income FY2025')
    member_q('segment', 'NVDA', "NVIDIA Graphics segment revenue in fiscal 2023", 'Revenues', f23,
             {SEG: 'GraphicsSegmentMember', OPS[0]: OPS[1]}, 'Graphics segment revenue FY2023')
    member_q('segment', 'NVDA', "Graphics segment operating income at NVIDIA, Q2 of fiscal 2025", 'OperatingIncomeLoss', NVDA_Q2_25,
             {SEG: 'GraphicsSegmentMember', OPS[0]: OPS[1]}, 'Graphics segment operating income, three months ended Jul 28, 2024')
    member_q('geography', 'NVDA', "How much revenue did NVIDIA bill to customers in the United States in its fiscal 2026 second quarter?",
             'Revenues', NVDA_Q2_26, {GEO: 'US'}, 'revenue by customer billing location, United States, Q2 FY2026')
    member_q('geography', 'NVDA', "NVIDIA revenue from Singapore in fiscal 2025", 'Revenues', f25, {GEO: 'SG'},
             'revenue billed to Singapore FY2025')
    member_q('geography', 'NVDA', "Revenue from China (including Hong Kong) for NVIDIA, fiscal 2024", 'Revenues', f24,
             {GEO: 'ChinaIncludingHongKongMember'}, 'China (including Hong Kong) revenue FY2024')
    member_q('geography', 'NVDA', "Taiwan revenue at NVIDIA for the six months ended July 27, 2025", 'Revenues', NVDA_H1_26,
             {GEO: 'TW'}, 'revenue billed to Taiwan, H1 FY2026')
    share_q('product', 'NVDA', "What percentage of NVIDIA's fiscal 2025 revenue came from Data Center?", 'Revenues', f25,
            {PRD: 'DataCenterMember'}, 'Data Center revenue FY2025')
    share_q('geography', 'NVDA', "China's share of NVIDIA revenue in the quarter ended July 27, 2025", 'Revenues', NVDA_Q2_26,
            {GEO: 'ChinaIncludingHongKongMember'}, 'China (incl. Hong Kong) revenue Q2 FY2026')
    member_inst_q('geography', 'NVDA', "Long-lived assets NVIDIA held in Taiwan at fiscal 2025 year-end", 'NoncurrentAssets',
                  f25[1], {GEO: 'TW'}, 'long-lived assets in Taiwan, Jan 26, 2025')
    abstain('geography', "NVIDIA revenue from Brazil in fiscal 2025",
            'geography: trap - NVIDIA tags United States, Singapore, Taiwan, China (incl. Hong Kong) and Other countries only; '
            'Brazil is not disclosed; never Other countries or the total')
    abstain('product', "What was operating income for NVIDIA's Gaming business in fiscal 2025?",
            'product: trap - Gaming is a market platform with revenue only; operating income is reported for the Graphics '
            'and Compute & Networking segments, not for Gaming; never the Graphics figure')

    # ---------------- Alphabet (10-K 2024)
    g24, g23, g22 = GOOGL_FY[2024], GOOGL_FY[2023], GOOGL_FY[2022]
    member_q('segment', 'GOOGL', "Google Cloud revenue for Alphabet in 2023", REV, g23, {SEG: 'GoogleCloudMember'},
             'Google Cloud segment revenues 2023')
    member_q('segment', 'GOOGL', "Did Google Cloud make money in 2022? Give its operating income (loss).", 'OperatingIncomeLoss', g22,
             {SEG: 'GoogleCloudMember', OPS[0]: OPS[1]}, 'Google Cloud operating loss 2022 (negative)')
    member_q('segment', 'GOOGL', "Google Services operating income, calendar 2024", 'OperatingIncomeLoss', g24,
             {SEG: 'GoogleServicesMember', OPS[0]: OPS[1]}, 'Google Services segment operating income 2024')
    member_q('segment', 'GOOGL', "Alphabet's Other Bets revenues in 2024", REV, g24, {SEG: 'AllOtherSegmentsMember'},
             'Other Bets (AllOtherSegmentsMember) revenues 2024')
    member_q('segment', 'GOOGL', "Other Bets operating loss at Alphabet for 2023", 'OperatingIncomeLoss', g23,
             {SEG: 'AllOtherSegmentsMember'}, 'Other Bets operating loss 2023 (negative)')
    member_q('product', 'GOOGL', "YouTube ads revenue, 2024", REV, g24,
             {PRD: 'YouTubeAdvertisingRevenueMember', SEG: 'GoogleServicesMember'}, 'YouTube ads revenues 2024')
    member_q('product', 'GOOGL', "Google Search & other revenues for Alphabet in 2023", REV, g23,
             {PRD: 'GoogleSearchOtherMember', SEG: 'GoogleServicesMember'}, 'Google Search & other revenues 2023')
    member_q('product', 'GOOGL', "How much did Google Network bring in during 2022?", REV, g22,
             {PRD: 'GoogleNetworkMember', SEG: 'GoogleServicesMember'}, 'Google Network revenues 2022')
    member_q('product', 'GOOGL', "Google subscriptions, platforms, and devices revenues in 2024", REV, g24,
             {PRD: 'SubscriptionsPlatformsAndDevicesRevenueMember', SEG: 'GoogleServicesMember'},
             'Google subscriptions, platforms, and devices revenues 2024')
    member_q('geography', 'GOOGL', "Alphabet EMEA revenues for 2024", REV, g24, {GEO: 'EMEAMember'}, 'EMEA revenues 2024')
    member_q('geography', 'GOOGL', "APAC revenue at Alphabet in 2023", REV, g23, {GEO: 'AsiaPacificMember'},
             'APAC revenues 2023')
    share_q('geography', 'GOOGL', "What fraction of Alphabet's 2024 revenues was generated in the United States?", REV, g24,
            {GEO: 'US'}, 'United States revenues 2024')
    share_q('segment', 'GOOGL', "Google Cloud as a share of Alphabet's total revenues in 2024", REV, g24,
            {SEG: 'GoogleCloudMember'}, 'Google Cloud revenues 2024')
    abstain('geography', "How much revenue did Alphabet generate in China in 2024?",
            'geography: trap - Alphabet tags United States, EMEA, APAC and Other Americas only; China is not disclosed; '
            'never APAC or the total')
    abstain('product', "YouTube operating income for 2024",
            'product: trap - YouTube ads is a revenue line inside Google Services; no YouTube operating income is tagged or '
            'stated; never the Google Services figure')

    # ---------------- Walmart (10-K FY2025)
    w25, w24, w23 = WMT_FY[2025], WMT_FY[2024], WMT_FY[2023]
    member_q('segment', 'WMT', "Walmart International operating income, fiscal 2025", 'OperatingIncomeLoss', w25,
             {SEG: 'WalmartInternationalMember', OPS[0]: OPS[1]}, 'Walmart International segment operating income FY2025 (year ended Jan 31, 2025)')
    member_q('segment', 'WMT', "Sam's Club net sales in fiscal 2024 (year ended January 31, 2024)", REV, w24,
             {SEG: 'SamsClubUSMember'}, "Sam's Club U.S. segment net sales FY2024")
    member_q('segment', 'WMT', "What did Sam's Club earn at the operating line in fiscal 2023?", 'OperatingIncomeLoss', w23,
             {SEG: 'SamsClubUSMember', OPS[0]: OPS[1]}, "Sam's Club U.S. operating income FY2023")
    member_q('segment', 'WMT', "Walmart U.S. segment operating income for fiscal 2025", 'OperatingIncomeLoss', w25,
             {SEG: 'WalmartUSMember', OPS[0]: OPS[1]}, 'Walmart U.S. segment operating income FY2025')
    member_q('segment', 'WMT', "Walmart International total revenues (net sales plus membership and other income), fiscal 2024",
             'Revenues', w24, {SEG: 'WalmartInternationalMember', OPS[0]: OPS[1]},
             'Walmart International total revenues FY2024 (Revenues, not net sales)')
    member_q('product', 'WMT', "Grocery net sales at Walmart U.S. in fiscal 2025", REV, w25,
             {PRD: 'GroceryMember', SEG: 'WalmartUSMember'}, 'Walmart U.S. grocery net sales FY2025')
    member_q('product', 'WMT', "Walmart U.S. health and wellness sales, fiscal 2024", REV, w24,
             {PRD: 'HealthandWellnessMember', SEG: 'WalmartUSMember'}, 'Walmart U.S. health and wellness net sales FY2024')
    member_q('product', 'WMT', "Sam's Club fuel and other categories net sales, fiscal 2023", REV, w23,
             {PRD: 'FuelAndOtherMember', SEG: 'SamsClubUSMember'}, "Sam's Club fuel and other categories net sales FY2023")
    member_q('product', 'WMT', "Walmart U.S. eCommerce net sales in fiscal 2025", REV, w25,
             {'MajorCustomersAxis': 'ECommerceMember', SEG: 'WalmartUSMember'}, 'Walmart U.S. eCommerce net sales FY2025 (ECommerceMember)')
    member_q('geography', 'WMT', "Net sales of Walmart's Mexico and Central America operations in fiscal 2025", REV, w25,
             {GEO: 'MexicoandCentralAmericaMember', SEG: 'WalmartInternationalMember'},
             'Walmart International, Mexico and Central America net sales FY2025')
    member_q('geography', 'WMT', "Walmart Canada net sales, fiscal 2024", REV, w24,
             {GEO: 'CA', SEG: 'WalmartInternationalMember'}, 'Walmart International, Canada net sales FY2024')
    member_q('geography', 'WMT', "Walmart's U.S. revenues (total revenues from U.S. operations) for fiscal 2025", 'Revenues', w25,
             {GEO: 'US'}, 'total revenues, U.S. operations FY2025 (Walmart U.S. + Sam\'s Club)')
    share_q('segment', 'WMT', "What share of Walmart's consolidated net sales did the Walmart U.S. segment contribute in fiscal 2025?",
            REV, w25, {SEG: 'WalmartUSMember'}, 'Walmart U.S. net sales FY2025')
    share_q('geography', 'WMT', "Percentage of Walmart fiscal 2024 total revenues generated outside the U.S.", 'Revenues', w24,
            {GEO: 'NonUsMember'}, 'non-U.S. total revenues FY2024')
    abstain('geography', "Walmart China operating income in fiscal 2025",
            'geography: trap - Walmart discloses China net sales only; operating income is by segment (Walmart International '
            'as a whole); never the International figure')

    # ---------------- Nike (10-K FY2025)
    n25, n24, n23 = NKE_FY[2025], NKE_FY[2024], NKE_FY[2023]
    NB = {SEG: 'NIKEBrandMember', OPS[0]: OPS[1]}
    member_q('segment', 'NKE', "Nike Greater China EBIT, fiscal 2025", 'EarningsBeforeInterestAndTaxes', n25,
             dict(NB, SubsegmentsAxis='GreaterChinaSegmentMember'), 'NIKE Brand Greater China earnings before interest and taxes FY2025')
    member_q('segment', 'NKE', "North America revenues for the NIKE Brand in fiscal 2024", REV, n24,
             dict(NB, SubsegmentsAxis='NorthAmericaSegmentMember'), 'NIKE Brand North America revenues FY2024')
    member_q('segment', 'NKE', "EMEA earnings before interest and taxes at Nike, fiscal 2023", 'EarningsBeforeInterestAndTaxes', n23,
             dict(NB, SubsegmentsAxis='EuropeMiddleEastAndAfricaSegmentMember'), 'NIKE Brand EMEA EBIT FY2023')
    member_q('segment', 'NKE', "Nike APLA revenues, fiscal 2025", REV, n25,
             dict(NB, SubsegmentsAxis='AsiaPacificAndLatinAmericaSegmentMember'), 'NIKE Brand Asia Pacific & Latin America revenues FY2025')
    member_q('segment', 'NKE', "Converse (Nike) EBIT for fiscal 2024", 'EarningsBeforeInterestAndTaxes', n24,
             {SEG: 'ConverseSegmentMember', OPS[0]: OPS[1]}, 'Converse segment EBIT FY2024')
    member_q('product', 'NKE', "NIKE Brand footwear revenues in fiscal 2024", REV, n24,
             {PRD: 'FootwearMember', SEG: 'NIKEBrandMember', OPS[0]: OPS[1]}, 'NIKE Brand footwear revenues FY2024')
    member_q('product', 'NKE', "NIKE, Inc. apparel revenues, fiscal 2025", REV, n25, {PRD: 'ApparelMember'},
             'NIKE, Inc. apparel revenues FY2025 (NIKE Brand + Converse)')
    member_q('product', 'NKE', "How much did NIKE Brand sell through wholesale in fiscal 2025?", REV, n25,
             {'ContractWithCustomerSalesChannelAxis': 'SalesChannelWholesaleMember', SEG: 'NIKEBrandMember', OPS[0]: OPS[1]},
             'NIKE Brand sales to wholesale customers FY2025')
    member_q('product', 'NKE', "NIKE Direct revenues (NIKE Brand direct-to-consumer) for fiscal 2023", REV, n23,
             {'ContractWithCustomerSalesChannelAxis': 'SalesChannelDirectlyToConsumerMember', SEG: 'NIKEBrandMember', OPS[0]: OPS[1]},
             'NIKE Brand direct to consumer revenues FY2023')
    member_q('geography', 'NKE', "Nike's revenues from the United States in fiscal 2025", REV, n25, {GEO: 'US'},
             'revenues from customers in the United States FY2025 (geographic disclosure, not the North America segment)')
    share_q('segment', 'NKE', "Greater China's share of NIKE, Inc. revenues in fiscal 2025", REV, n25,
            dict(NB, SubsegmentsAxis='GreaterChinaSegmentMember'), 'NIKE Brand Greater China revenues FY2025')
    abstain('segment', "What was Jordan Brand EBIT in fiscal 2025?",
            'segment: trap - Jordan Brand results are reported within the NIKE Brand geographic segments; its EBIT is neither '
            'tagged nor stated; never NIKE Brand EBIT')

    # ---------------- P&G (10-K FY2025)
    p25, p24, p23 = PG_FY[2025], PG_FY[2024], PG_FY[2023]
    member_q('segment', 'PG', "P&G Beauty segment net sales, fiscal 2025", 'Revenues', p25,
             {SEG: 'BeautySegmentMember', OPS[0]: OPS[1]}, 'Beauty segment net sales FY2025 (year ended Jun 30, 2025)')
    member_q('segment', 'PG', "Fabric & Home Care earnings before income taxes at Procter & Gamble in fiscal 2024",
             'IncomeLossIncludingPortionAttributableToNoncontrollingInterest', p24,
             {SEG: 'FabricHomeCareSegmentMember', OPS[0]: OPS[1]}, 'Fabric & Home Care earnings before income taxes FY2024')
    member_q('segment', 'PG', "Grooming segment net earnings, P&G fiscal 2025", 'ProfitLoss', p25,
             {SEG: 'GroomingSegmentMember', OPS[0]: OPS[1]}, 'Grooming segment net earnings FY2025')
    member_q('segment', 'PG', "Health Care net sales for P&G, fiscal 2023", 'Revenues', p23,
             {SEG: 'HealthCareSegmentMember', OPS[0]: OPS[1]}, 'Health Care segment net sales FY2023')
    member_q('segment', 'PG', "Baby, Feminine & Family Care net sales at Procter & Gamble in fiscal 2025", 'Revenues', p25,
             {SEG: 'BabyFeminineFamilyCareSegmentMember', OPS[0]: OPS[1]}, 'Baby, Feminine & Family Care net sales FY2025')
    member_q('geography', 'PG', "P&G's U.S. net sales in fiscal 2024", 'Revenues', p24, {GEO: 'US', OPS[0]: OPS[1]},
             'United States net sales FY2024 (tagged in $ billions)')
    # product-category share stated by the filer
    s, e = p25
    v, fn = ix_get('PG', 'ConcentrationRiskPercentage1', s, e,
                   {OPS[0]: OPS[1], 'ConcentrationRiskByBenchmarkAxis': 'SalesRevenueNetMember',
                    'ConcentrationRiskByTypeAxis': 'ProductConcentrationRiskMember', SEG: 'FabricHomeCareSegmentMember',
                    'SubsegmentsAxis': 'FabricCareMember'})
    add('product', "What percent of P&G's fiscal 2025 net sales came from Fabric Care?", [dur(v, s, e)],
        f'product: Fabric Care share of net sales as stated by the filer; ConcentrationRiskPercentage1 '
        f'[SubsegmentsAxis=FabricCareMember, benchmark SalesRevenueNetMember] in {fn}')
    v, fn = ix_get('PG', 'ConcentrationRiskPercentage1', s, e,
                   {'MajorCustomersAxis': 'WalmartInc.AndAffiliatesMember', 'ConcentrationRiskByBenchmarkAxis': 'SalesRevenueNetMember',
                    'ConcentrationRiskByTypeAxis': 'CustomerConcentrationRiskMember'})
    add('segment', "How much of Procter & Gamble's fiscal 2025 net sales came from Walmart and its affiliates (as a share)?",
        [dur(v, s, e)], f'segment: customer-axis member (largest customer); ConcentrationRiskPercentage1 '
        f'[MajorCustomersAxis=WalmartInc.AndAffiliatesMember] in {fn}')
    abstain('geography', "Procter & Gamble net sales in Greater China for fiscal 2025",
            'geography: trap - P&G tags only United States and non-U.S. net sales; Greater China sales are not disclosed '
            '(only a combined % for five markets in text); never the non-U.S. figure')

    # ---------------- Wells Fargo (10-K 2024: financial statements are in an exhibit the file does not hold)
    abstain('segment', "Wells Fargo Consumer Banking and Lending segment revenue for 2024",
            'segment: trap - the held Wells Fargo 10-K names its four segments but its financial statements (Exhibit 13) are '
            'not in the file: no segment figure is tagged or stated')


# ============================================================ 2. line items
def cf_line(t, question, concepts, period, what, instant=False, extra_accept=()):
    s, e = period
    v, c, f, others = cf_get(t, concepts, None if instant else s, e)
    acc = list(others) + list(extra_accept)
    val = inst(v, e, accept=acc) if instant else dur(v, s, e, accept=acc)
    add('line-item', question, [val], f'line-item: {what}; {cf_note(t, c, f)}' + (f'; also accepted: other concepts of the chain {concepts[1:]}' if others else ''))
    return v


def ix_line(t, question, concepts, period, what, dims=None, instant=False):
    s, e = period
    if isinstance(concepts, str):
        concepts = [concepts]
    hit, acc = None, []
    for c in concepts:
        r = ix_get(t, c, None if instant else s, e, dims, required=False)
        if r is None:
            continue
        if hit is None:
            hit = (r[0], c, r[1])
            acc.extend(ix_alts(t, c, None if instant else s, e, dims))
        else:
            acc.append(r[0])
    assert hit, (t, concepts, period)
    v, c, fn = hit
    val = inst(v, e, accept=acc) if instant else dur(v, s, e, accept=acc)
    add('line-item', question, [val], f'line-item: {what}; {ix_note(c, dims, fn)}' +
        (f'; also accepted: {acc} (same line tagged elsewhere / next concept of the chain)' if acc else ''))
    return v


def build_line_items():
    A25, N26, G25, M26, S25 = fy('AAPL', 2025), fy('NVDA', 2026), fy('GOOGL', 2025), fy('MRVL', 2026), fy('SNOW', 2025)
    SBC = ['ShareBasedCompensation', 'AllocatedShareBasedCompensationExpense']
    # buybacks
    cf_line('AAPL', "What did Apple put into share repurchases in fiscal 2025?", ['PaymentsForRepurchaseOfCommonStock'],
            A25, 'repurchases of common stock (cash flow)')
    cf_line('NVDA', "NVIDIA share repurchases in fiscal 2026 (cash paid)", ['PaymentsForRepurchaseOfCommonStock'], N26,
            'cash paid for repurchases of common stock FY2026')
    cf_line('GOOGL', "Cash Alphabet used to repurchase stock in 2025", ['PaymentsForRepurchaseOfCommonStock'], G25,
            'repurchases of Class A and Class C stock 2025')
    cf_line('MRVL', "Marvell buybacks, fiscal 2026", ['PaymentsForRepurchaseOfCommonStock'], M26,
            'repurchases of common stock FY2026')
    ix_line('WMT', "What did Walmart pay out for share repurchases in fiscal 2025?", 'PaymentsForRepurchaseOfCommonStock',
            WMT_FY[2025], 'purchase of Company stock FY2025 (cash flow)')
    ix_line('PG', "Procter & Gamble treasury stock purchases (buybacks) in fiscal 2025", 'PaymentsForRepurchaseOfCommonStock',
            PG_FY[2025], 'treasury stock purchases FY2025 (cash flow)')
    # dividends
    cf_line('AAPL', "Apple's cash dividend payments (including dividend equivalents) for fiscal 2025", ['PaymentsOfDividends', 'PaymentsOfDividendsCommonStock'], A25,
            'payments for dividends and dividend equivalents FY2025')
    cf_line('GOOGL', "Cash dividends paid by Alphabet during 2025", ['PaymentsOfDividends', 'PaymentsOfDividendsCommonStock'], G25,
            'dividend payments 2025')
    ix_line('WMT', "Dividends paid to Walmart shareholders, fiscal 2025", ['PaymentsOfDividendsCommonStock', 'PaymentsOfDividends'],
            WMT_FY[2025], 'dividends paid (to Walmart shareholders, not noncontrolling interest) FY2025')
    ix_line('NKE', "Nike dividends paid in fiscal 2025", ['PaymentsOfDividendsCommonStock', 'PaymentsOfDividends'], NKE_FY[2025],
            'dividends - common and preferred FY2025')
    ix_line('PG', "How much cash did P&G return to shareholders as dividends in fiscal 2025?",
            ['PaymentsOfDividends', 'PaymentsOfDividendsCommonStock'], PG_FY[2025], 'dividends to shareholders FY2025')
    # cover-page shares outstanding / public float
    ix_line('AAPL', "Shares outstanding on the cover of Apple's Q3 fiscal 2025 10-Q", 'EntityCommonStockSharesOutstanding',
            (None, '2025-07-18'), 'dei cover shares outstanding as of Jul 18, 2025', instant=True)
    ix_line('NVDA', "How many NVIDIA shares were outstanding as of August 22, 2025?", 'EntityCommonStockSharesOutstanding',
            (None, '2025-08-22'), 'dei cover shares outstanding (tagged in billions: 24.3)', instant=True)
    ix_line('WMT', "Walmart common shares outstanding per the fiscal 2025 10-K cover (March 2025)", 'EntityCommonStockSharesOutstanding',
            (None, '2025-03-12'), 'dei cover shares outstanding as of Mar 12, 2025', instant=True)
    ix_line('PG', "P&G shares outstanding at July 31, 2025", 'EntityCommonStockSharesOutstanding', (None, '2025-07-31'),
            'dei cover shares outstanding as of Jul 31, 2025', instant=True)
    ix_line('GOOGL', "Alphabet Class A shares outstanding as of January 28, 2025", 'EntityCommonStockSharesOutstanding',
            (None, '2025-01-28'), 'dei cover shares, Class A', dims={'StatementClassOfStockAxis': 'CommonClassAMember'}, instant=True)
    ix_line('GOOGL', "How many Class C (GOOG) shares did Alphabet have outstanding at January 28, 2025?",
            'EntityCommonStockSharesOutstanding', (None, '2025-01-28'), 'dei cover shares, Class C',
            dims={'StatementClassOfStockAxis': 'CapitalClassCMember'}, instant=True)
    ix_line('GOOGL', "Alphabet Class B share count on the 2024 10-K cover", 'EntityCommonStockSharesOutstanding',
            (None, '2025-01-28'), 'dei cover shares, Class B (as of Jan 28, 2025)',
            dims={'StatementClassOfStockAxis': 'CommonClassBMember'}, instant=True)
    ix_line('NKE', "Nike Class B shares outstanding as of July 9, 2025", 'EntityCommonStockSharesOutstanding', (None, '2025-07-09'),
            'dei cover shares, Class B', dims={'StatementClassOfStockAxis': 'CommonClassBMember'}, instant=True)
    ix_line('NKE', "Number of Nike Class A shares outstanding on the fiscal 2025 10-K cover", 'EntityCommonStockSharesOutstanding',
            (None, '2025-07-09'), 'dei cover shares, Class A (as of Jul 9, 2025)',
            dims={'StatementClassOfStockAxis': 'CommonClassAMember'}, instant=True)
    ix_line('WMT', "Walmart's public float (market value held by non-affiliates) as of July 31, 2024", 'EntityPublicFloat',
            (None, '2024-07-31'), 'dei public float', instant=True)
    ix_line('NKE', "Aggregate market value of NIKE common stock held by non-affiliates at November 30, 2024", 'EntityPublicFloat',
            (None, '2024-11-30'), 'dei public float, total of Class A and Class B (no class dimension)', instant=True)
    # stock-based compensation
    cf_line('NVDA', "Stock-based compensation expense at NVIDIA, fiscal 2026", SBC, N26, 'stock-based compensation FY2026')
    cf_line('SNOW', "Snowflake SBC for fiscal 2025", SBC, S25, 'stock-based compensation FY2025 (year ended Jan 31, 2025)')
    ix_line('NKE', "How much stock-based compensation did Nike record in fiscal 2025?", ['ShareBasedCompensation',
            'AllocatedShareBasedCompensationExpense'], NKE_FY[2025], 'stock-based compensation FY2025 (cash flow add-back)')
    ix_line('WMT', "Walmart share-based compensation expense, fiscal 2025", ['AllocatedShareBasedCompensationExpense',
            'ShareBasedCompensation'], WMT_FY[2025], 'share-based compensation expense FY2025 (the $ millions fact, not the rounded $2.8 billion)')
    # R&D
    cf_line('GOOGL', "Alphabet R&D spend in 2025", ['ResearchAndDevelopmentExpense'], G25, 'research and development 2025')
    cf_line('MRVL', "Marvell research and development expense for fiscal 2026", ['ResearchAndDevelopmentExpense'], M26,
            'research and development FY2026')
    cf_line('NVDA', "What did NVIDIA spend on R&D in the first quarter of fiscal 2027?", ['ResearchAndDevelopmentExpense'],
            quarter('NVDA', 2027, 1), 'research and development, three months ended Apr 26, 2026')
    ix_line('PG', "P&G research and development spending, fiscal 2025", 'ResearchAndDevelopmentExpense', PG_FY[2025],
            'research and development costs FY2025 (tagged as $2.1 billion)')
    # D&A / depreciation
    cf_line('AAPL', "Apple depreciation and amortization for fiscal 2025", ['DepreciationDepletionAndAmortization',
            'DepreciationAmortizationAndAccretionNet'], A25, 'depreciation and amortization FY2025')
    cf_line('NVDA', "D&A at NVIDIA in fiscal 2026", ['DepreciationDepletionAndAmortization'], N26,
            'depreciation and amortization FY2026')
    ix_line('WMT', "Walmart depreciation and amortization, fiscal 2025", ['DepreciationAmortizationAndAccretionNet',
            'DepreciationDepletionAndAmortization'], WMT_FY[2025], 'depreciation and amortization FY2025 (the $ millions fact)')
    ix_line('PG', "Procter & Gamble D&A for fiscal 2025", 'DepreciationDepletionAndAmortization', PG_FY[2025],
            'depreciation and amortization FY2025')
    # income taxes / interest paid
    cf_line('AAPL', "Cash income taxes Apple paid in fiscal 2025", ['IncomeTaxesPaidNet', 'IncomeTaxesPaid'], A25,
            'cash paid for income taxes, net FY2025')
    cf_line('NVDA', "Income taxes paid by NVIDIA in fiscal 2026", ['IncomeTaxesPaidNet', 'IncomeTaxesPaid'], N26,
            'cash paid for income taxes, net FY2026')
    ix_line('NKE', "How much did Nike pay in income taxes (cash) during fiscal 2025?", ['IncomeTaxesPaid', 'IncomeTaxesPaidNet'],
            NKE_FY[2025], 'cash paid for income taxes FY2025')
    ix_line('WMT', "Walmart interest paid in fiscal 2025", 'InterestPaidNet', WMT_FY[2025], 'cash paid for interest FY2025')
    # capex
    cf_line('NVDA', "NVIDIA capex in fiscal 2026 (purchases of property, equipment and intangibles)",
            ['PaymentsToAcquireProductiveAssets', 'PaymentsToAcquirePropertyPlantAndEquipment'], N26,
            'purchases related to property and equipment and intangible assets FY2026')
    ix_line('NKE', "Nike additions to property, plant and equipment in fiscal 2025", 'PaymentsToAcquirePropertyPlantAndEquipment',
            NKE_FY[2025], 'additions to property, plant and equipment FY2025')


# ============================================================ 3. derivations
def q_flow(t, concept, label, q):
    """Discrete quarter of a flow: filed 3-month fact if any (derived accepted), else YTD differences."""
    s, e = quarter(t, label, q)
    ys = fy_start(t, label)
    filed = cf_get(t, concept, s, e, required=False)
    if q == 1:
        return filed[0], s, e, f'{concept} {s}..{e} filed (accn {filed[2]["accn"]})', []
    prev_end = quarter(t, label, q - 1)[1]
    big = cf_get(t, concept, ys, e) if q < 4 else cf_get(t, concept, *fy(t, label))
    small = cf_get(t, concept, ys, prev_end)
    derived = big[0] - small[0]
    how = f'{concept}: {ys}..{e} ({big[2]["accn"]}) {big[0]:,} - {ys}..{prev_end} ({small[2]["accn"]}) {small[0]:,}'
    if filed:
        return filed[0], s, e, f'{concept} 3-month {s}..{e} filed (accn {filed[2]["accn"]}); derived {how}', [derived]
    return derived, s, e, f'derived {how}', []


QNAME = {1: 'first', 2: 'second', 3: 'third', 4: 'fourth'}


def der_q(t, question, concept, label, q, what):
    v, s, e, how, acc = q_flow(t, concept, label, q)
    tol = TOL_COMPUTED if how.startswith('derived') else TOL_REPORTED
    add('derivation', question, [dur(v, s, e, tol, acc)],
        f'derivation: {what} Q{q} FY{label} ({s}..{e}); {how} ({CF_FILES[t]})')
    return v


def ttm_eps(t, label, q, question):
    """TTM diluted EPS ending at quarter q of FY label = sum of the last four quarterly diluted EPS."""
    c = 'EarningsPerShareDiluted'
    quarters = []
    L, Q = label, q
    for _ in range(4):
        quarters.append((L, Q))
        Q -= 1
        if Q == 0:
            L, Q = L - 1, 4
    total, parts = 0.0, []
    for (L, Q) in reversed(quarters):
        s, e = quarter(t, L, Q)
        f = cf_get(t, c, s, e, required=False)
        if f:
            total += f[0]
            parts.append(f'Q{Q} FY{L} {s}..{e} {f[0]} (filed)')
        else:
            assert Q == 4
            a = cf_get(t, c, *fy(t, L))[0]
            b = cf_get(t, c, *ytd(t, L, 3))[0]
            total += a - b
            parts.append(f'Q4 FY{L} {s}..{e} = FY {a} - 9M {b}')
    start = quarter(t, *quarters[-1])[0]
    end = quarter(t, label, q)[1]
    # variant: FY(prior) + YTD(current) - YTD(prior)
    alt = None
    try:
        alt = cf_get(t, c, *fy(t, label - 1))[0] + cf_get(t, c, *ytd(t, label, q))[0] - cf_get(t, c, *ytd(t, label - 1, q))[0]
    except KeyError:
        pass
    add('derivation', question, [dur(round(total, 4), start, end, TOL_COMPUTED, [round(alt, 4)] if alt is not None else [])],
        f'derivation: TTM diluted EPS {start}..{end} = sum of four quarters ({"; ".join(parts)}); '
        f'variant FY + YTD - prior YTD accepted ({alt}); {CF_FILES[t]}')


def build_derivations():
    OCF = 'NetCashProvidedByUsedInOperatingActivities'
    # Q2 = H1 - Q1 (cash flows)
    der_q('AAPL', "Apple operating cash flow in the March quarter of fiscal 2025 (fiscal Q2)", OCF, 2025, 2, 'operating cash flow')
    der_q('NVDA', "Cash from operations at NVIDIA for Q2 of fiscal 2026 alone", OCF, 2026, 2, 'operating cash flow')
    der_q('GOOGL', "Alphabet's operating cash flow for the second quarter of 2025 on a standalone basis", OCF, 2025, 2, 'operating cash flow')
    der_q('MRVL', "Marvell cash flow from operating activities, fiscal Q2 2026 (three months)", OCF, 2026, 2, 'operating cash flow')
    der_q('SNOW', "Snowflake operating cash flow in its fiscal 2025 second quarter (May-July 2024)", OCF, 2025, 2, 'operating cash flow')
    der_q('TSLA', "Tesla's Q2 2022 cash from operations, quarter only", OCF, 2022, 2, 'operating cash flow')
    der_q('AAPL', "Apple dividends paid during the second fiscal quarter of 2025", 'PaymentsOfDividends', 2025, 2, 'dividends paid')
    der_q('GOOGL', "Alphabet stock-based compensation in Q2 2025 (cash flow add-back, quarter only)", 'ShareBasedCompensation',
          2025, 2, 'stock-based compensation (cash flow)')
    # Q3 = 9M - H1
    der_q('AAPL', "Apple capex (payments for property, plant and equipment) in the June quarter of fiscal 2025",
          'PaymentsToAcquirePropertyPlantAndEquipment', 2025, 3, 'capital expenditures')
    der_q('GOOGL', "Alphabet capital expenditures for Q3 2025", 'PaymentsToAcquirePropertyPlantAndEquipment', 2025, 3, 'capex')
    der_q('NVDA', "NVIDIA's third-quarter fiscal 2026 capex (property, equipment and intangibles), three months only",
          'PaymentsToAcquireProductiveAssets', 2026, 3, 'capex')
    der_q('MRVL', "Marvell capex in fiscal Q3 2026", 'PaymentsToAcquirePropertyPlantAndEquipment', 2026, 3, 'capex')
    der_q('AAPL', "Apple repurchase spend in the April-June 2025 quarter (fiscal Q3 2025) on its own",
          'PaymentsForRepurchaseOfCommonStock', 2025, 3, 'share repurchases')
    der_q('NVDA', "NVIDIA share repurchases in the third quarter of fiscal 2026 (quarter only)",
          'PaymentsForRepurchaseOfCommonStock', 2026, 3, 'share repurchases')
    der_q('GOOGL', "Alphabet buybacks in the September 2025 quarter", 'PaymentsForRepurchaseOfCommonStock', 2025, 3, 'share repurchases')
    der_q('SNOW', "Snowflake operating cash flow for its fiscal Q3 2025 (August-October 2024)", OCF, 2025, 3, 'operating cash flow')
    der_q('TSLA', "Tesla capital expenditures in Q3 2022 alone", 'PaymentsToAcquirePropertyPlantAndEquipment', 2022, 3, 'capex')
    # income-statement Q2/Q3 (filed 3-month facts)
    der_q('MRVL', "Marvell net revenue for the second quarter of fiscal 2026", REV, 2026, 2, 'net revenue')
    der_q('SNOW', "Snowflake total revenue for fiscal Q3 2025 (three months ended October 31, 2024)", REV, 2025, 3, 'revenue')
    # Q4 = FY - 9M
    der_q('AAPL', "Apple September-quarter 2025 (fiscal Q4) net sales", REV, 2025, 4, 'net sales')
    der_q('NVDA', "NVIDIA fourth-quarter fiscal 2026 revenue", 'Revenues', 2026, 4, 'revenue')
    der_q('GOOGL', "Alphabet Q4 2025 net income", 'NetIncomeLoss', 2025, 4, 'net income')
    der_q('MRVL', "Marvell Q4 fiscal 2026 revenue", REV, 2026, 4, 'net revenue')
    der_q('SNOW', "Snowflake revenue in the fourth quarter of fiscal 2025 (November 2024-January 2025)", REV, 2025, 4, 'revenue')
    der_q('TSLA', "Tesla fourth-quarter 2021 total revenues", 'Revenues', 2021, 4, 'total revenues')
    der_q('AAPL', "Apple operating cash flow in the fourth fiscal quarter of 2025", OCF, 2025, 4, 'operating cash flow')
    der_q('NVDA', "NVIDIA R&D expense for Q4 fiscal 2026", 'ResearchAndDevelopmentExpense', 2026, 4, 'R&D')
    der_q('GOOGL', "Alphabet capex in the December 2025 quarter", 'PaymentsToAcquirePropertyPlantAndEquipment', 2025, 4, 'capex')
    # segment member Q4 = FY (10-K) - 9M (next 10-Q comparative)
    for (question, concept, dims, what) in [
        ("Apple iPhone net sales in the fourth quarter of fiscal 2024 (July-September 2024)", REV, {PRD: 'IPhoneMember'}, 'iPhone net sales'),
        ("Apple Services revenue, fiscal Q4 2024", REV, {PRD: 'ServiceMember'}, 'Services net sales'),
        ("Greater China net sales at Apple in the September 2024 quarter", REV, {SEG: 'GreaterChinaSegmentMember'}, 'Greater China net sales'),
    ]:
        a, fa = ix_get('AAPL', concept, *AAPL_FY[2024], dims)
        b, fb = ix_get('AAPL', concept, *AAPL_9M_24, dims)
        s, e = plus(AAPL_9M_24[1], 1), AAPL_FY[2024][1]
        add('derivation', question, [dur(a - b, s, e, TOL_COMPUTED)],
            f'derivation: {what} Q4 FY2024 = FY2024 {a:,} ({ix_note(concept, dims, fa)}) - 9M FY2024 {b:,} ({fb}); starts the day after Jun 29, 2024')
    # TTM diluted EPS
    ttm_eps('AAPL', 2026, 1, "Apple trailing twelve months diluted EPS as of the December 2025 quarter")
    ttm_eps('NVDA', 2027, 1, "NVIDIA TTM diluted EPS through Q1 fiscal 2027 (quarter ended April 26, 2026)")
    ttm_eps('GOOGL', 2026, 1, "Alphabet trailing-twelve-month diluted earnings per share at March 31, 2026")
    ttm_eps('MRVL', 2027, 1, "Marvell diluted EPS over the trailing twelve months ended May 2, 2026")
    ttm_eps('SNOW', 2026, 1, "Snowflake TTM diluted EPS as of the end of fiscal Q1 2026 (April 30, 2025)")
    ttm_eps('AAPL', 2025, 3, "Apple LTM diluted EPS as of June 28, 2025")
    ttm_eps('NVDA', 2026, 2, "NVIDIA trailing 4-quarter diluted EPS through the July 2025 quarter")


# ============================================================ 4. average-balance ratios
def bal_cf(t, concepts, date):
    r = cf_get(t, concepts, None, date)
    return r[0], f'{r[1]}@{date} ({r[2]["accn"]})'


def flow_cf(t, concepts, period):
    r = cf_get(t, concepts, *period)
    return r[0], f'{r[1]} {period[0]}..{period[1]} ({r[2]["accn"]})'


def bal_ix(t, concepts, date):
    for c in ([concepts] if isinstance(concepts, str) else concepts):
        r = ix_get(t, c, None, date, None, required=False)
        if r:
            return r[0], f'{c}@{date} ({r[1]})'
    raise KeyError((t, concepts, date))


def flow_ix(t, concepts, period):
    for c in ([concepts] if isinstance(concepts, str) else concepts):
        r = ix_get(t, c, period[0], period[1], None, required=False)
        if r:
            return r[0], f'{c} {period[0]}..{period[1]} ({r[1]})'
    raise KeyError((t, concepts, period))


def ratio_q(t, question, kind, label, period, prior_end, src, flows, bals, says_average=True, extra_note='',
            alt_flows=None, alt_bals=None):
    """kind: 'return' (flow / avg bal), 'turnover' (flow / avg bal), 'days' (365 * avg bal / flow).
    flows / bals are concept chains; src 'cf' or 'ix'."""
    fget, bget = (flow_cf, bal_cf) if src == 'cf' else (flow_ix, bal_ix)
    s, e = period

    def compute(fl, bl):
        f, fn = fget(t, fl, period)
        b0, n0 = bget(t, bl, prior_end)
        b1, n1 = bget(t, bl, e)
        avg = (b0 + b1) / 2
        if kind == 'days':
            return 365 * avg / f, 365 * b1 / f, f'365 x avg({n0}, {n1}) / {fn}'
        return f / avg, f / b1, f'{fn} / avg({n0}, {n1})'

    v, v_end, how = compute(flows, bals)
    acc = []
    if not says_average:
        acc.append(v_end)
    if alt_flows or alt_bals:
        av, av_end, ahow = compute(alt_flows or flows, alt_bals or bals)
        acc.append(av)
        if not says_average:
            acc.append(av_end)
        how += f'; variant accepted: {ahow}'
    add('average-ratio', question, [dur(round(v, 6), s, e, TOL_COMPUTED, [round(a, 6) for a in acc])],
        f'average-ratio: {kind} {how}' + ('' if says_average else '; ending-balance variant accepted') + extra_note +
        f' ({CF_FILES.get(t, IX_FILES.get(t, [""])[0])})')
    return v


def ccc_q(t, question, label, period, prior_end, src, rev, cogs, ar, inv, ap, alt_rev=None):
    fget, bget = (flow_cf, bal_cf) if src == 'cf' else (flow_ix, bal_ix)
    s, e = period
    R, nr = fget(t, rev, period)
    R2 = fget(t, alt_rev, period)[0] if alt_rev else None
    C, nc = fget(t, cogs, period)
    parts, vals = [], {}
    for k, bl in (('ar', ar), ('inv', inv), ('ap', ap)):
        b0, n0 = bget(t, bl, prior_end)
        b1, n1 = bget(t, bl, e)
        vals[k] = (b0 + b1) / 2
        parts.append(f'{k} avg({n0}, {n1})')
    dso = 365 * vals['ar'] / R
    dio = 365 * vals['inv'] / C
    dpo = 365 * vals['ap'] / C
    v = dso + dio - dpo
    acc = [round(365 * vals['ar'] / R2 + dio - dpo, 4)] if R2 else []
    add('average-ratio', question, [dur(round(v, 4), s, e, TOL_COMPUTED, acc)],
        f'average-ratio: cash conversion cycle = DSO {dso:.2f} + DIO {dio:.2f} - DPO {dpo:.2f} days (365 days, average '
        f'balances; DSO on revenue {nr}, DIO and DPO on cost of sales {nc}); {"; ".join(parts)}' + (f'; DSO on {alt_rev[0]} accepted' if R2 else ''))


def build_ratios():
    A25, A24 = fy('AAPL', 2025), fy('AAPL', 2024)
    N26, N25 = fy('NVDA', 2026), fy('NVDA', 2025)
    G25, G24 = fy('GOOGL', 2025), fy('GOOGL', 2024)
    M26, M25 = fy('MRVL', 2026), fy('MRVL', 2025)
    S25, S24 = fy('SNOW', 2025), fy('SNOW', 2024)
    T21, T20 = fy('TSLA', 2021), fy('TSLA', 2020)
    NI, EQ, AS = ['NetIncomeLoss'], ['StockholdersEquity'], ['Assets']
    INV, AR, AP = ['InventoryNet'], ['AccountsReceivableNetCurrent'], ['AccountsPayableCurrent']
    pe = lambda p: plus(p[0], -1)  # prior fiscal year-end = day before the year starts
    # ROE
    ratio_q('AAPL', "Apple return on average shareholders' equity for fiscal 2025", 'return', 2025, A25, pe(A25), 'cf', NI, EQ)
    ratio_q('NVDA', "NVIDIA ROE in fiscal 2026 (net income over average equity)", 'return', 2026, N26, pe(N26), 'cf', NI, EQ)
    ratio_q('GOOGL', "Alphabet's return on equity for 2025", 'return', 2025, G25, pe(G25), 'cf', NI, EQ, says_average=False)
    ratio_q('MRVL', "Marvell return on average stockholders' equity, fiscal 2026", 'return', 2026, M26, pe(M26), 'cf', NI, EQ)
    ratio_q('SNOW', "Snowflake ROE on average equity for fiscal 2025 (it lost money, so negative)", 'return', 2025, S25, pe(S25), 'cf', NI, EQ)
    ratio_q('TSLA', "Tesla 2021 return on average stockholders' equity", 'return', 2021, T21, pe(T21), 'cf', NI, EQ)
    ratio_q('WMT', "Walmart return on average Walmart shareholders' equity in fiscal 2025 (consolidated net income attributable to Walmart)",
            'return', 2025, WMT_FY[2025], '2024-01-31', 'ix', NI, EQ)
    ratio_q('NKE', "Nike ROE for fiscal 2025, using average shareholders' equity", 'return', 2025, NKE_FY[2025], '2024-05-31', 'ix', NI, EQ)
    ratio_q('PG', "P&G return on average total shareholders' equity, fiscal 2025 (net earnings attributable to P&G)",
            'return', 2025, PG_FY[2025], '2024-06-30', 'ix', NI, ['StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest'])
    # ROA
    ratio_q('AAPL', "Apple ROA in fiscal 2024 on average total assets", 'return', 2024, A24, pe(A24), 'cf', NI, AS)
    ratio_q('NVDA', "Return on average assets for NVIDIA, fiscal 2025", 'return', 2025, N25, pe(N25), 'cf', NI, AS)
    ratio_q('GOOGL', "Alphabet return on average total assets in 2024", 'return', 2024, G24, pe(G24), 'cf', NI, AS)
    ratio_q('WMT', "Walmart fiscal 2025 return on assets", 'return', 2025, WMT_FY[2025], '2024-01-31', 'ix', NI, AS,
            says_average=False, alt_flows=['ProfitLoss'])
    ratio_q('NKE', "Nike return on average assets, fiscal 2025", 'return', 2025, NKE_FY[2025], '2024-05-31', 'ix', NI, AS)
    ratio_q('PG', "Procter & Gamble ROA for fiscal 2025 using average total assets", 'return', 2025, PG_FY[2025], '2024-06-30',
            'ix', NI, AS, alt_flows=['ProfitLoss'])
    # asset turnover
    ratio_q('GOOGL', "Alphabet asset turnover (revenue / average total assets) for 2025", 'turnover', 2025, G25, pe(G25), 'cf',
            ['Revenues', REV], AS)
    ratio_q('WMT', "Walmart asset turnover in fiscal 2025 on average assets", 'turnover', 2025, WMT_FY[2025], '2024-01-31', 'ix',
            ['Revenues'], AS, alt_flows=[REV])
    ratio_q('MRVL', "Marvell total asset turnover, fiscal 2026, average assets", 'turnover', 2026, M26, pe(M26), 'cf', [REV], AS)
    # inventory turnover
    ratio_q('AAPL', "Apple inventory turnover in fiscal 2025 (cost of sales / average inventory)", 'turnover', 2025, A25, pe(A25),
            'cf', ['CostOfGoodsAndServicesSold', 'CostOfRevenue'], INV)
    ratio_q('NVDA', "How many times did NVIDIA turn its inventory in fiscal 2026? Use cost of revenue and average inventory.",
            'turnover', 2026, N26, pe(N26), 'cf', ['CostOfRevenue', 'CostOfGoodsAndServicesSold'], INV)
    ratio_q('WMT', "Walmart inventory turns for fiscal 2025 on average inventories", 'turnover', 2025, WMT_FY[2025], '2024-01-31',
            'ix', ['CostOfRevenue'], INV)
    ratio_q('NKE', "Nike inventory turnover, fiscal 2025 (average inventories)", 'turnover', 2025, NKE_FY[2025], '2024-05-31', 'ix',
            ['CostOfGoodsAndServicesSold'], ['InventoryFinishedGoodsNetOfReserves', 'InventoryNet'])
    ratio_q('TSLA', "Tesla inventory turnover in 2021", 'turnover', 2021, T21, pe(T21), 'cf', ['CostOfRevenue'], INV,
            says_average=False)
    # receivables turnover
    ratio_q('GOOGL', "Alphabet receivables turnover for 2025 (revenue over average accounts receivable)", 'turnover', 2025, G25,
            pe(G25), 'cf', ['Revenues', REV], AR)
    ratio_q('PG', "P&G accounts receivable turnover in fiscal 2025, average receivables", 'turnover', 2025, PG_FY[2025],
            '2024-06-30', 'ix', ['Revenues'], AR)
    # DSO
    ratio_q('SNOW', "Snowflake DSO for fiscal 2025 using 365 days and average receivables", 'days', 2025, S25, pe(S25), 'cf',
            [REV], AR)
    ratio_q('NVDA', "NVIDIA days sales outstanding in fiscal 2026 (365-day year, average A/R)", 'days', 2026, N26, pe(N26), 'cf',
            ['Revenues', REV], AR)
    ratio_q('NKE', "Nike DSO, fiscal 2025", 'days', 2025, NKE_FY[2025], '2024-05-31', 'ix', [REV], ['AccountsReceivableNetCurrent'],
            says_average=False)
    # DIO
    ratio_q('NVDA', "NVIDIA days inventory outstanding for fiscal 2026, 365 days on average inventory", 'days', 2026, N26, pe(N26),
            'cf', ['CostOfRevenue'], INV)
    ratio_q('PG', "P&G DIO in fiscal 2025 (average inventory, 365 days, cost of products sold)", 'days', 2025, PG_FY[2025],
            '2024-06-30', 'ix', ['CostOfGoodsAndServicesSold'], ['InventoryNet'])
    # DPO
    ratio_q('AAPL', "Apple days payable outstanding in fiscal 2025 using average accounts payable and cost of sales over 365 days",
            'days', 2025, A25, pe(A25), 'cf', ['CostOfGoodsAndServicesSold'], AP)
    ratio_q('WMT', "Walmart DPO for fiscal 2025 (average payables, 365 days)", 'days', 2025, WMT_FY[2025], '2024-01-31', 'ix',
            ['CostOfRevenue'], AP)
    # cash conversion cycle
    ccc_q('AAPL', "Apple cash conversion cycle in fiscal 2025 (DSO + DIO - DPO, 365 days, average balances)", 2025, A25, pe(A25),
          'cf', [REV], ['CostOfGoodsAndServicesSold'], AR, INV, AP)
    ccc_q('NVDA', "NVIDIA cash conversion cycle for fiscal 2026, on average balances and a 365-day year", 2026, N26, pe(N26),
          'cf', ['Revenues', REV], ['CostOfRevenue'], AR, INV, AP)
    ccc_q('WMT', "Walmart's cash conversion cycle in fiscal 2025 using average receivables, inventories and payables (365 days)",
          2025, WMT_FY[2025], '2024-01-31', 'ix', ['Revenues'], ['CostOfRevenue'], ['ReceivablesNetCurrent'], ['InventoryNet'],
          ['AccountsPayableCurrent'], alt_rev=[REV])
    ccc_q('NKE', "Nike cash conversion cycle for fiscal 2025 (365-day year, average balances)", 2025, NKE_FY[2025], '2024-05-31',
          'ix', [REV], ['CostOfGoodsAndServicesSold'], ['AccountsReceivableNetCurrent'], ['InventoryFinishedGoodsNetOfReserves'],
          ['AccountsPayableCurrent'])


# ============================================================ checks and output
def check_periods():
    """The hard-coded iXBRL periods must be the filings' own contexts (consolidated revenue / net income exists)."""
    for t, fys in (('AAPL', AAPL_FY), ('NVDA', NVDA_FY), ('GOOGL', GOOGL_FY), ('WMT', WMT_FY), ('NKE', NKE_FY), ('PG', PG_FY)):
        for y, (s, e) in fys.items():
            assert ix_get(t, 'NetIncomeLoss', s, e, None, required=False), (t, y, s, e)
    for t, p in (('AAPL', AAPL_Q3_25), ('AAPL', AAPL_9M_25), ('AAPL', AAPL_Q3_24), ('AAPL', AAPL_9M_24), ('NVDA', NVDA_Q2_26),
                 ('NVDA', NVDA_H1_26), ('NVDA', NVDA_Q2_25), ('NVDA', NVDA_H1_25)):
        assert ix_get(t, 'NetIncomeLoss', *p, None, required=False), (t, p)
    # companyfacts calendars agree with the iXBRL ones where both exist
    assert fy('AAPL', 2024) == AAPL_FY[2024] and fy('NVDA', 2025) == NVDA_FY[2025] and fy('GOOGL', 2024) == GOOGL_FY[2024]
    assert quarter('AAPL', 2025, 3) == AAPL_Q3_25 and quarter('NVDA', 2026, 2) == NVDA_Q2_26


def main():
    check_periods()
    build_members()
    build_line_items()
    build_derivations()
    build_ratios()
    ids = [q['id'] for q in QUESTIONS]
    assert len(ids) == len(set(ids))
    qs = [q['question'] for q in QUESTIONS]
    assert len(qs) == len(set(qs)), [q for q, n in Counter(qs).items() if n > 1]
    for q in QUESTIONS:
        if q['expect']['status'] == 'answered':
            assert q['expect']['values'], q
            for v in q['expect']['values']:
                assert isinstance(v['value'], (int, float)) and v['value'] == v['value'], q
                assert v['period_type'] in ('duration', 'instant')
                if v['period_type'] == 'duration':
                    assert v['start'] and v['start'] < v['end'], q
    with open(OUT, 'w') as fh:
        for q in QUESTIONS:
            fh.write(json.dumps(q, ensure_ascii=False) + '\n')
    by = Counter(q['category'] for q in QUESTIONS)
    st = Counter((q['category'], q['expect']['status']) for q in QUESTIONS)
    print(f'{len(QUESTIONS)} questions -> {os.path.relpath(OUT, REPO)}')
    for c in ('segment', 'product', 'geography', 'line-item', 'derivation', 'average-ratio'):
        print(f'  {c:14s} {by[c]:3d}  (answered {st[(c, "answered")]}, insufficient_evidence {st[(c, "insufficient_evidence")]})')


if __name__ == '__main__':
    main()
