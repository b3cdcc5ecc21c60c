#!/usr/bin/env python3
"""Build lib/eval/golden/outsider-blind.jsonl: an outsider's held-out set of analyst questions.

Written without reading the Ledgerline app code or its existing question sets. Every expected value is
computed here from the raw public files; nothing is typed by hand.

Sources (read-only):
  * /work/shared/data/sec-companyfacts/*.json  (AAPL, GOOGL, NVDA, MRVL, SNOW, TSLA, LPA-IFRS)
  * /work/shared/data/filings-ixbrl/*.html      (10-K/10-Q inline XBRL of AAPL, GOOGL, NKE, NVDA, PG, WFC, WMT)

Truth rules:
  * Period identity from dates only (never fy/fp/frame). A fiscal year is the company's own, named by the
    calendar year in which it ends; durations 350-380 days (end - start). Quarters 84-98 days, halves
    175-190, nine months 266-285. Balance items are instants.
  * companyfacts: for (concept, start, end) the latest-filed fact wins (max filed, then max accn).
    A metric is a chain of concepts: the first concept holding the period gives the value; other concepts
    of the chain holding the same period and a different value are listed in `accept`.
  * iXBRL: ix:nonFraction parsed with scale, sign and format (fixed-zero -> 0); contexts with periods and
    explicit/typed members. A fact is chosen by concept, period and the EXACT member set (no members =
    consolidated). Duplicates with different rounding: highest decimals wins.
  * Derived values: ratios/margins need identical operand periods (asserted) and carry that period;
    growth and changes carry the later period; derived Q4 = FY - 9M YTD, starting the day after Q3 ends;
    TTM at a Q1-Q3 end = FY(prior) + YTD(current) - YTD(prior), starting the day after the prior-year
    YTD ended; contiguous periods summed carry the combined span; return on average balance = flow /
    ((opening + closing) / 2) carries the flow's period.
  * Units: money in USD base units (even if the user asks "in $ millions"; the note says so), shares in
    shares, per-share in USD/share. Ratios, margins and growth are FRACTIONS (0.462, not 46.2), per the
    eval README. tol is relative: 0.005 for amounts; for fractions tol = max(0.005, 0.005/|value|), i.e.
    the looser of 0.5 % relative and 0.5 percentage point absolute.
  * Non-answers (~15 %): `insufficient_evidence` (period or company or line item the data does not hold),
    `needs_clarification` (genuinely ambiguous), `rejected` (arithmetic across incompatible periods).
    All carry no values.

Run: python3 scripts/golden/build-outsider-blind.py   (stdlib only; SEC_DATA_DIR overrides the data folder)
"""
import json, os, re, sys, datetime as dt
from html.parser import HTMLParser
DATA=os.environ.get('SEC_DATA_DIR') or os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', '..', 'shared', 'data')
CF={'AAPL':'CIK0000320193_AAPL_companyfacts.json','NVDA':'CIK0001045810_NVDA_companyfacts.json','TSLA':'CIK0001318605_TSLA_companyfacts.json','SNOW':'CIK0001640147_SNOW_companyfacts.json','GOOGL':'CIK0001652044_GOOGL_companyfacts.json','MRVL':'CIK0001835632_MRVL_companyfacts.json','LPA':'CIK0001997711_LPA_companyfacts_ifrs.json'}
IX={'AAPL-10K':'aapl-10-k-2024-11-01.html','AAPL-10Q':'aapl-10-q-2025-08-01.html','GOOGL-10K':'googl-10-k-2025-02-05.html','NKE-10K':'nke-10-k-2025-07-17.html','NVDA-10K':'nvda-10-k-2025-02-26.html','NVDA-10Q':'nvda-10-q-2025-08-27.html','PG-10K':'pg-10-k-2025-08-04.html','WFC-10K':'wfc-10-k-2025-02-25.html','WMT-10K':'wmt-10-k-2025-03-14.html'}
def D(s): return dt.date.fromisoformat(s)
def ndays(s,e): return (D(e)-D(s)).days
_cf={}
def cf(t):
    if t not in _cf: _cf[t]=json.load(open(f'{DATA}/sec-companyfacts/{CF[t]}'))
    return _cf[t]
def cf_facts(t,concept,unit=None):
    f=cf(t)['facts']
    for tax in f:
        if concept in f[tax]:
            u=f[tax][concept]['units']
            out=[]
            for un,arr in u.items():
                if unit and un!=unit: continue
                out+= [dict(x,unit=un) for x in arr]
            return out
    return []
def cf_get(t,concept,start,end,unit=None):
    cands=[x for x in cf_facts(t,concept,unit) if x['end']==end and x.get('start')==start]
    if not cands: return None
    cands.sort(key=lambda x:(x['filed'],x['accn']))
    return cands[-1]
def cf_periods(t,concept,kind):
    rng={'FY':(350,380),'Q':(84,98),'H':(175,190),'9M':(266,285)}
    out=set()
    for x in cf_facts(t,concept):
        if kind=='I':
            if 'start' not in x: out.add((None,x['end']))
        elif 'start' in x and rng[kind][0]<=ndays(x['start'],x['end'])<=rng[kind][1]: out.add((x['start'],x['end']))
    return sorted(out,key=lambda p:p[1])

class IXP(HTMLParser):
    def __init__(s):
        super().__init__(convert_charrefs=True); s.ctx={}; s.facts=[]; s.stack=[]; s.cur=None; s.curdim=None; s.field=None
    def handle_starttag(s,tag,a):
        a=dict(a)
        if tag=='xbrli:context': s.cur={'id':a['id'],'start':None,'end':None,'dims':{}}
        elif s.cur is not None and tag in('xbrli:startdate','xbrli:enddate','xbrli:instant'): s.field=tag; s.buf=''
        elif s.cur is not None and tag in('xbrldi:explicitmember','xbrldi:typedmember'): s.curdim=a['dimension']; s.buf=''
        if tag=='ix:nonfraction':
            s.stack.append({'name':a.get('name'),'ctx':a.get('contextref'),'scale':int(a.get('scale') or 0),'sign':a.get('sign'),'fmt':a.get('format',''),'dec':a.get('decimals'),'unit':a.get('unitref'),'text':''})
    def handle_endtag(s,tag):
        if tag in('xbrli:startdate','xbrli:enddate','xbrli:instant') and s.cur is not None and s.field:
            v=s.buf.strip()
            if tag=='xbrli:startdate': s.cur['start']=v
            else: s.cur['end']=v
            s.field=None
        elif tag in('xbrldi:explicitmember','xbrldi:typedmember') and s.curdim:
            s.cur['dims'][s.curdim]=s.buf.strip(); s.curdim=None
        elif tag=='xbrli:context' and s.cur: s.ctx[s.cur['id']]=s.cur; s.cur=None
        elif tag=='ix:nonfraction' and s.stack:
            f=s.stack.pop(); s.facts.append(f)
            if s.stack: s.stack[-1]['text']+=f['text']
    def handle_data(s,d):
        if s.field or s.curdim: s.buf+=d
        if s.stack: s.stack[-1]['text']+=d
def ixnum(f):
    t=f['text'].strip()
    if 'zero' in f['fmt'] or t in('—','-','–',''): v=0.0
    elif 'numwordsen' in f['fmt']:
        W={'no':0,'none':0,'zero':0,'one':1,'two':2,'three':3,'four':4,'five':5,'six':6,'seven':7,'eight':8,'nine':9,'ten':10}
        if t.lower() not in W: return None
        v=float(W[t.lower()])
    elif not re.sub(r'[^0-9]','',t): return None
    else:
        t=t.replace(',','').replace(' ','')
        if 'comma-decimal' in f['fmt'] or 'numcommadecimal' in f['fmt']: t=t.replace('.','').replace(',','.')
        v=float(re.sub(r'[^0-9.]','',t))
    v*=10**f['scale']
    if f['sign']=='-': v=-v
    return v
_ix={}
def ix(key):
    if key not in _ix:
        p=IXP(); p.feed(open(f'{DATA}/filings-ixbrl/{IX[key]}',encoding='utf-8').read())
        out=[]
        for f in p.facts:
            c=p.ctx[f['ctx']]
            if ixnum(f) is None: continue
            out.append({'name':f['name'],'start':c['start'],'end':c['end'],'dims':dict(c['dims']),'value':ixnum(f),'dec':f['dec'],'unit':f['unit']})
        _ix[key]=out
    return _ix[key]
def ix_get(key,name,start,end,**dims):
    want={}
    for k,v in dims.items(): want[k if ':' in k else None]=v
    c=[f for f in ix(key) if f['name']==name and f['start']==start and f['end']==end and match_dims(f['dims'],dims)]
    vals=set(f['value'] for f in c)
    if not c: return None
    def decv(d): return 99 if d=='INF' else int(d)
    c.sort(key=lambda f:decv(f['dec']))
    return c[-1]
def match_dims(fd,want):
    # want: axis local name or qname -> member local or qname
    if len(fd)!=len(want): return False
    loc=lambda q:q.split(':')[-1]
    fl={loc(k):loc(v) for k,v in fd.items()}
    wl={loc(k):loc(v) for k,v in want.items()}
    return fl==wl

# ------------------------------------------------------------------ periods (companyfacts)
REFC = ['NetIncomeLoss', 'ProfitLoss', 'Revenues', 'RevenueFromContractWithCustomerExcludingAssessedTax', 'Revenue']

def nxt(d): return (D(d) + dt.timedelta(days=1)).isoformat()

def FY(t, y):
    s = set()
    for c in REFC:
        for p in cf_periods(t, c, 'FY'):
            if D(p[1]).year == y: s.add(p)
    assert len(s) == 1, (t, y, s)
    return s.pop()

def _quarters(t, y):
    s, e = FY(t, y)
    qs = set()
    for c in REFC:
        for p in cf_periods(t, c, 'Q'):
            if p[0] >= s and p[1] <= e: qs.add(p)
    chain, cur = [], s
    while True:
        nxtq = [p for p in qs if p[0] == cur]
        if not nxtq: break
        assert len(nxtq) == 1, nxtq
        chain.append(nxtq[0]); cur = nxt(nxtq[0][1])
    return chain

def QP(t, y, n):
    """Reported discrete fiscal quarter n (1-3) of fiscal year y."""
    ch = _quarters(t, y)
    assert len(ch) >= n, (t, y, n, ch)
    return ch[n - 1]

def QP_partial(t, y, n):
    """Quarter of a fiscal year not yet closed (no FY fact): start from prior FY end + 1."""
    s = nxt(FY(t, y - 1)[1])
    qs = set()
    for c in REFC:
        for p in cf_periods(t, c, 'Q'): qs.add(p)
    cur, chain = s, []
    while len(chain) < n:
        m = [p for p in qs if p[0] == cur]
        assert len(m) == 1, (t, y, n, cur)
        chain.append(m[0]); cur = nxt(m[0][1])
    return chain[n - 1]

def YTD(t, y, n, partial=False):
    q = QP_partial(t, y, n) if partial else QP(t, y, n)
    s = nxt(FY(t, y - 1)[1]) if partial else FY(t, y)[0]
    return (s, q[1])

def INST(t, y, n=None):
    """Balance date: fiscal year end (n None) or quarter-n end."""
    return (None, FY(t, y)[1] if n is None else QP(t, y, n)[1])

# ------------------------------------------------------------------ values
class V:
    def __init__(s, value, start, end, src, accept=()):
        s.value, s.start, s.end, s.src, s.accept = float(value), start, end, src, list(accept)
    @property
    def per(s): return (s.start, s.end)

def cv(t, concepts, per, unit=None):
    """companyfacts value, latest filed; concept chain with alternatives as accept."""
    if isinstance(concepts, str): concepts = [concepts]
    got = []
    for c in concepts:
        x = cf_get(t, c, per[0], per[1], unit)
        if x: got.append((c, x))
    assert got, (t, concepts, per)
    c, x = got[0]
    acc = sorted(set(float(y['val']) for _, y in got[1:] if float(y['val']) != float(x['val'])))
    src = f"{t} cf {c} [{per[0] or 'instant'}..{per[1]}] accn {x['accn']} filed {x['filed']}"
    if acc: src += ' (alt ' + ', '.join(f'{cc}={float(y["val"]):,.0f}' for cc, y in got[1:] if float(y['val']) != float(x['val'])) + ')'
    return V(x['val'], per[0], per[1], src, acc)

def xv(key, name, per, **dims):
    """iXBRL value by concept, period and exact member set (axis local name -> member local name)."""
    if ':' not in name: name = 'us-gaap:' + name
    c = [f for f in ix(key) if f['name'] == name and f['start'] == per[0] and f['end'] == per[1] and match_dims(f['dims'], dims)]
    assert c, (key, name, per, dims)
    vals = set(f['value'] for f in c)
    decv = lambda d: 99 if d == 'INF' else int(d)
    c.sort(key=lambda f: decv(f['dec']))
    f = c[-1]
    if len(vals) > 1:
        assert max(vals) - min(vals) <= max(abs(f['value']) * 0.01, 1), (key, name, per, dims, vals)
    m = ','.join(f'{k}={v}' for k, v in sorted(dims.items())) or 'no members'
    return V(f['value'], per[0], per[1], f"{IX[key]} {name} [{per[0] or 'instant'}..{per[1]}] {m}")

def same(a, b): assert a.per == b.per, ('period mismatch', a.src, b.src)

def ratio(a, b, what='/'):
    same(a, b); return V(a.value / b.value, a.start, a.end, f'({a.src}) {what} ({b.src})')
def minus(a, b):
    same(a, b); return V(a.value - b.value, a.start, a.end, f'({a.src}) - ({b.src})')
def plus(*xs):
    for x in xs[1:]: same(xs[0], x)
    return V(sum(x.value for x in xs), xs[0].start, xs[0].end, ' + '.join(f'({x.src})' for x in xs))
def growth(new, old):
    return V(new.value / old.value - 1, new.start, new.end, f'growth ({new.src}) over ({old.src})')
def change(new, old):
    return V(new.value - old.value, new.start, new.end, f'change ({new.src}) minus ({old.src})')
def contig(*xs):
    for a, b in zip(xs, xs[1:]): assert nxt(a.end) == b.start, ('not contiguous', a.src, b.src)
    return V(sum(x.value for x in xs), xs[0].start, xs[-1].end, 'sum of contiguous ' + ' + '.join(f'({x.src})' for x in xs))
def q4(fy, ytd9):
    assert fy.start == ytd9.start and 266 <= ndays(ytd9.start, ytd9.end) <= 285
    return V(fy.value - ytd9.value, nxt(ytd9.end), fy.end, f'derived Q4 = ({fy.src}) - ({ytd9.src})')
def h2(fy, ytd6):
    assert fy.start == ytd6.start and 175 <= ndays(ytd6.start, ytd6.end) <= 190
    return V(fy.value - ytd6.value, nxt(ytd6.end), fy.end, f'H2 = ({fy.src}) - ({ytd6.src})')
def ttm(fyprior, ytdcur, ytdprior):
    assert fyprior.start == ytdprior.start and nxt(fyprior.end) == ytdcur.start
    return V(fyprior.value + ytdcur.value - ytdprior.value, nxt(ytdprior.end), ytdcur.end,
             f'TTM = ({fyprior.src}) + ({ytdcur.src}) - ({ytdprior.src})')
def on_avg(flow, open_, close):
    assert open_.start is None and close.start is None and close.end == flow.end
    return V(flow.value / ((open_.value + close.value) / 2), flow.start, flow.end,
             f'({flow.src}) / avg(({open_.src}), ({close.src}))')

# ------------------------------------------------------------------ question registry
QS = []
def Q(cat, co, question, vals, note, unambiguous=True, ratio_=False):
    if isinstance(vals, V): vals = [vals]
    out = []
    for v in vals:
        tol = max(0.005, 0.005 / abs(v.value)) if ratio_ else 0.005
        e = {'value': round(v.value, 10) if ratio_ else (round(v.value, 6) if abs(v.value) < 1000 else v.value)}
        if e['value'] == int(e['value']) and abs(e['value']) >= 1000: e['value'] = int(e['value'])
        if v.start: e['start'] = v.start
        e['end'] = v.end
        e['period_type'] = 'duration' if v.start else 'instant'
        e['tol'] = round(tol, 6)
        if v.accept: e['accept'] = [int(a) if a == int(a) and abs(a) >= 1000 else a for a in v.accept]
        out.append(e)
    unit = ' Expected value is a unitless ratio (fractions, not percent: 0.46 = 46 %); tol = max(0.5 % relative, 0.5 pp absolute).' if ratio_ else ''
    QS.append({'category': cat, 'company': co, 'question': question, 'unambiguous': unambiguous,
               'expect': {'status': 'answered', 'values': out},
               'note': f'{cat}: [{co}] {note}.{unit} Truth: ' + ' | '.join(v.src for v in vals)})

def N(cat, co, question, status, note, unambiguous=True):
    assert status in ('insufficient_evidence', 'needs_clarification', 'rejected')
    QS.append({'category': cat, 'company': co, 'question': question, 'unambiguous': unambiguous,
               'expect': {'status': status, 'values': []}, 'note': f'{cat}: [{co}] {note}'})

REV = ['RevenueFromContractWithCustomerExcludingAssessedTax', 'Revenues']
REVG = ['Revenues', 'RevenueFromContractWithCustomerExcludingAssessedTax']  # Alphabet / NVIDIA / Tesla lead with Revenues
NI = ['NetIncomeLoss']
OCF = ['NetCashProvidedByUsedInOperatingActivities']
CAPEX = ['PaymentsToAcquirePropertyPlantAndEquipment']

# ================================================================== questions
# iXBRL periods (read from the filings' own contexts)
A_Q3 = ('2025-03-30', '2025-06-28'); A_9M = ('2024-09-29', '2025-06-28')
N_Q2 = ('2025-04-28', '2025-07-27'); N_Q2p = ('2024-04-29', '2024-07-28'); N_H1 = ('2025-01-27', '2025-07-27')
G24 = ('2024-01-01', '2024-12-31')
K25 = ('2024-06-01', '2025-05-31'); K24 = ('2023-06-01', '2024-05-31')
P25 = ('2024-07-01', '2025-06-30'); P24 = ('2023-07-01', '2024-06-30')
W25 = ('2024-02-01', '2025-01-31'); W24 = ('2023-02-01', '2024-01-31')
OS = dict(ConsolidationItemsAxis='OperatingSegmentsMember')

# ---------------- Apple (companyfacts + 10-K FY2024 + 10-Q Q3 FY2025)
Q('synonym', 'AAPL', "quick one: what did Apple spend on buybacks in fiscal 2024?",
  cv('AAPL', 'PaymentsForRepurchaseOfCommonStock', FY('AAPL', 2024)), 'buybacks = PaymentsForRepurchaseOfCommonStock (cash flow), Apple FY2024 (52 weeks to 2024-09-28)')
Q('fy-end-date', 'AAPL', "Apple net sales for the fiscal year ended Sept 27, 2025 — in $ millions please",
  cv('AAPL', REV, FY('AAPL', 2025)), 'total net sales FY2025; user asks for $ millions, value kept in USD base units')
Q('member', 'AAPL', "How much iPhone revenue did AAPL book in the quarter ended June 28, 2025?",
  xv('AAPL-10Q', 'RevenueFromContractWithCustomerExcludingAssessedTax', A_Q3, ProductOrServiceAxis='IPhoneMember'), 'iPhone net sales, Q3 FY2025 (13 weeks), member ProductOrServiceAxis=IPhoneMember only')
Q('member', 'AAPL', "Services net sales for the first nine months of Apple's fiscal 2025?",
  xv('AAPL-10Q', 'RevenueFromContractWithCustomerExcludingAssessedTax', A_9M, ProductOrServiceAxis='ServiceMember'), 'Services net sales 9M YTD FY2025 (2024-09-29..2025-06-28)')
Q('member', 'AAPL', "Greater China op income ÷ Greater China net sales for Apple's fiscal Q3 2025, as a %",
  ratio(xv('AAPL-10Q', 'OperatingIncomeLoss', A_Q3, StatementBusinessSegmentsAxis='GreaterChinaSegmentMember'),
        xv('AAPL-10Q', 'RevenueFromContractWithCustomerExcludingAssessedTax', A_Q3, StatementBusinessSegmentsAxis='GreaterChinaSegmentMember')),
  'segment operating income / segment net sales, Greater China, quarter ended 2025-06-28', ratio_=True)
Q('derived-q4', 'AAPL', "what was Apple's Q4 FY2024 revenue?",
  q4(cv('AAPL', REV, FY('AAPL', 2024)), cv('AAPL', REV, YTD('AAPL', 2024, 3))), 'derived Q4 FY2024 = FY2024 net sales - 9M YTD to 2024-06-29')
Q('ttm', 'AAPL', "AAPL LTM revenue as of the June 2025 quarter",
  ttm(cv('AAPL', REV, FY('AAPL', 2024)), cv('AAPL', REV, YTD('AAPL', 2025, 3)), cv('AAPL', REV, YTD('AAPL', 2024, 3))), 'TTM net sales ending 2025-06-28')
Q('valid-arithmetic', 'AAPL', "For Apple FY2023, take net sales minus cost of sales — what's left?",
  minus(cv('AAPL', REV, FY('AAPL', 2023)), cv('AAPL', 'CostOfGoodsAndServicesSold', FY('AAPL', 2023))), 'net sales - cost of sales (= gross margin) FY2023, 53-week year 2022-09-25..2023-09-30')
Q('balance-asof', 'AAPL', "Apple's inventories on the balance sheet at the end of fiscal 2023",
  cv('AAPL', 'InventoryNet', INST('AAPL', 2023)), 'InventoryNet instant at FY2023 end 2023-09-30')
Q('cover-page', 'AAPL', "How many Apple common shares were outstanding per the cover of the 10-Q filed in August 2025?",
  xv('AAPL-10Q', 'dei:EntityCommonStockSharesOutstanding', (None, '2025-07-18')), 'dei cover shares outstanding as of 2025-07-18')
Q('cover-page', 'AAPL', "Apple's public float — aggregate market value held by non-affiliates — as of March 29, 2024",
  xv('AAPL-10K', 'dei:EntityPublicFloat', (None, '2024-03-29')), 'dei public float on the FY2024 10-K cover')
Q('growth', 'AAPL', "AAPL revenue growth FY25 vs FY24, round to 1 dp",
  growth(cv('AAPL', REV, FY('AAPL', 2025)), cv('AAPL', REV, FY('AAPL', 2024))), 'yoy growth of net sales, FY2025 over FY2024; carries FY2025', ratio_=True)
N('abstain', 'AAPL', "Apple revenue for fiscal Q2 2026?", 'insufficient_evidence',
  'Apple facts end with Q1 FY2026 (quarter ended 2025-12-27); Q2 FY2026 (to ~March 2026) is not in the data')
Q('valid-arithmetic', 'AAPL', "Apple return on equity FY2024 = net income / average of opening and closing shareholders' equity",
  on_avg(cv('AAPL', NI, FY('AAPL', 2024)), cv('AAPL', 'StockholdersEquity', INST('AAPL', 2023)), cv('AAPL', 'StockholdersEquity', INST('AAPL', 2024))),
  'ROE on average equity (FY2023 end and FY2024 end), carries FY2024 period', ratio_=True)
Q('ordinal-quarter', 'AAPL', "Apple 1Q26 diluted EPS?",
  cv('AAPL', 'EarningsPerShareDiluted', QP_partial('AAPL', 2026, 1)), 'diluted EPS Q1 FY2026 (2025-09-28..2025-12-27)')
N('invalid-join', 'AAPL', "Divide Apple's FY2024 net income by its FY2023 revenue.", 'rejected',
  'ratio of operands from different fiscal years (FY2024 vs FY2023) - invalid join')
Q('half-ytd', 'AAPL', "Apple net income, first half of fiscal 2025",
  cv('AAPL', NI, YTD('AAPL', 2025, 2)), 'net income 6M YTD FY2025 (2024-09-29..2025-03-29)')
Q('alias', 'AAPL', "Apple Inc. (NASDAQ: AAPL) diluted EPS for FY2022",
  cv('AAPL', 'EarningsPerShareDiluted', FY('AAPL', 2022)), 'diluted EPS FY2022 (2021-09-26..2022-09-24), latest filed')
N('abstain', 'AAPL', "What were Apple's net sales in fiscal 2005?", 'insufficient_evidence',
  'Apple companyfacts start with periods ending 2006-09-30; FY2005 is not in the data')
N('ambiguous', 'AAPL', "Apple Q3 gross margin?", 'needs_clarification',
  'quarter label with no year; many fiscal Q3s are in the data', unambiguous=False)

# ---------------- Alphabet (companyfacts + 10-K FY2024)
Q('synonym', 'GOOGL', "How much did Alphabet pour into capex in 2024?",
  cv('GOOGL', CAPEX, FY('GOOGL', 2024)), 'capex = PaymentsToAcquirePropertyPlantAndEquipment FY2024')
Q('valid-arithmetic', 'GOOGL', "GOOGL free cash flow 2023, defined as cash from operations less purchases of property and equipment",
  minus(cv('GOOGL', OCF, FY('GOOGL', 2023)), cv('GOOGL', CAPEX, FY('GOOGL', 2023))), 'OCF - capex, FY2023')
Q('member', 'GOOGL', "YouTube ads revenue in 2024?",
  xv('GOOGL-10K', 'RevenueFromContractWithCustomerExcludingAssessedTax', G24, ProductOrServiceAxis='YouTubeAdvertisingRevenueMember', StatementBusinessSegmentsAxis='GoogleServicesMember'),
  'member set {ProductOrServiceAxis=YouTubeAdvertisingRevenueMember, StatementBusinessSegmentsAxis=GoogleServicesMember}, FY2024')
Q('member', 'GOOGL', "Google Cloud operating income for full-year 2024",
  xv('GOOGL-10K', 'OperatingIncomeLoss', G24, StatementBusinessSegmentsAxis='GoogleCloudMember', **OS), 'segment operating income, Google Cloud, FY2024')
Q('member', 'GOOGL', "Google Cloud's operating margin in 2024 (segment op income / segment revenue)",
  ratio(xv('GOOGL-10K', 'OperatingIncomeLoss', G24, StatementBusinessSegmentsAxis='GoogleCloudMember', **OS),
        xv('GOOGL-10K', 'RevenueFromContractWithCustomerExcludingAssessedTax', G24, StatementBusinessSegmentsAxis='GoogleCloudMember')),
  'Google Cloud segment operating income / Google Cloud revenues FY2024', ratio_=True)
Q('ordinal-quarter', 'GOOGL', "Alphabet net income, Q1 2026",
  cv('GOOGL', NI, QP_partial('GOOGL', 2026, 1)), 'net income quarter 2026-01-01..2026-03-31')
Q('multi-year', 'GOOGL', "Alphabet net income for 2021, 2022 and 2023",
  [cv('GOOGL', NI, FY('GOOGL', y)) for y in (2021, 2022, 2023)], 'one value per calendar fiscal year')
Q('fy-shorthand', 'GOOGL', "GOOGL FY'23 operating income",
  cv('GOOGL', 'OperatingIncomeLoss', FY('GOOGL', 2023)), 'operating income FY2023')
Q('valid-arithmetic', 'GOOGL', "R&D as a share of revenue for Alphabet in 2024",
  ratio(cv('GOOGL', 'ResearchAndDevelopmentExpense', FY('GOOGL', 2024)), cv('GOOGL', REVG, FY('GOOGL', 2024))), 'R&D / total revenues FY2024', ratio_=True)
Q('cover-page', 'GOOGL', "How many Class C shares did Alphabet report outstanding on its FY2024 10-K cover?",
  xv('GOOGL-10K', 'dei:EntityCommonStockSharesOutstanding', (None, '2025-01-28'), StatementClassOfStockAxis='CapitalClassCMember'),
  'dei shares outstanding, member CapitalClassCMember, as of 2025-01-28 (companyfacts has no GOOGL cover share count)')
Q('half-ytd', 'GOOGL', "Alphabet first-half 2025 revenues",
  cv('GOOGL', REVG, ('2025-01-01', '2025-06-30')), 'revenues 6M YTD 2025-01-01..2025-06-30 (filed YTD fact)')
Q('growth', 'GOOGL', "Alphabet operating income growth, Q1 2026 vs Q1 2025",
  growth(cv('GOOGL', 'OperatingIncomeLoss', QP_partial('GOOGL', 2026, 1)), cv('GOOGL', 'OperatingIncomeLoss', QP('GOOGL', 2025, 1))),
  'yoy growth of quarterly operating income; carries Q1 2026', ratio_=True)
Q('alias', 'GOOGL', "GOOG total revenues for calendar 2025",
  cv('GOOGL', REVG, FY('GOOGL', 2025)), 'Alphabet (GOOG/GOOGL) FY = calendar year; Revenues FY2025')
Q('derived-q4', 'GOOGL', "Alphabet Q4 2025 revenue?",
  q4(cv('GOOGL', REVG, FY('GOOGL', 2025)), cv('GOOGL', REVG, YTD('GOOGL', 2025, 3))), 'derived Q4 2025 = FY2025 revenues - 9M YTD')
N('ambiguous', 'GOOGL', "googl margin 2024?", 'needs_clarification',
  'margin type not stated (gross / operating / net)', unambiguous=False)
N('invalid-join', 'GOOGL', "Take Alphabet's Q1 2026 net income and divide it by FY2025 revenue", 'rejected',
  'quarter numerator over a fiscal-year denominator from a different period - invalid join')

# ---------------- NVIDIA (companyfacts + 10-K FY2025 + 10-Q Q2 FY2026)
Q('fy-shorthand', 'NVDA', "NVDA FY25 revenue",
  cv('NVDA', REVG, FY('NVDA', 2025)), 'NVIDIA FY2025 = 2024-01-29..2025-01-26')
Q('member', 'NVDA', "Data Center revenue for NVIDIA's second quarter of fiscal 2026",
  xv('NVDA-10Q', 'Revenues', N_Q2, ProductOrServiceAxis='DataCenterMember'), 'market platform member DataCenterMember, Q2 FY2026')
Q('member', 'NVDA', "Nvidia data center sales growth y/y in Q2 FY26?",
  growth(xv('NVDA-10Q', 'Revenues', N_Q2, ProductOrServiceAxis='DataCenterMember'), xv('NVDA-10Q', 'Revenues', N_Q2p, ProductOrServiceAxis='DataCenterMember')),
  'yoy growth of Data Center revenue, Q2 FY2026 over Q2 FY2025; carries Q2 FY2026', ratio_=True)
Q('member', 'NVDA', "Compute & Networking segment operating income, first half of NVIDIA fiscal 2026",
  xv('NVDA-10Q', 'OperatingIncomeLoss', N_H1, StatementBusinessSegmentsAxis='ComputeAndNetworkingSegmentMember', **OS), 'segment operating income 6M YTD FY2026')
Q('half-ytd', 'NVDA', "NVDA revenue for the six months ended July 27, 2025",
  cv('NVDA', REVG, N_H1), '6M YTD FY2026 revenue')
Q('member', 'NVDA', "How much NVIDIA revenue was billed to customers in Singapore in the July 2025 quarter?",
  xv('NVDA-10Q', 'Revenues', N_Q2, StatementGeographicalAxis='SG'), 'geographic member country:SG, Q2 FY2026')
Q('derived-q4', 'NVDA', "Nvidia fourth quarter fiscal 2025 net income",
  q4(cv('NVDA', NI, FY('NVDA', 2025)), cv('NVDA', NI, YTD('NVDA', 2025, 3))), 'derived Q4 FY2025 = FY - 9M YTD')
Q('cover-page', 'NVDA', "NVIDIA public float as of July 26, 2024?",
  xv('NVDA-10K', 'dei:EntityPublicFloat', (None, '2024-07-26')), 'dei public float (FY2025 10-K cover), rounded by filer to 2.7 trillion')
Q('ordinal-quarter', 'NVDA', "NVDA Q1 FY27 gross profit",
  cv('NVDA', 'GrossProfit', QP_partial('NVDA', 2027, 1)), 'gross profit Q1 FY2027 (2026-01-26..2026-04-26)')
N('ambiguous', 'NVDA', "What was NVIDIA's revenue for calendar year 2024?", 'needs_clarification',
  'NVIDIA reports fiscal years ending late January; no reported period is calendar 2024 (FY2025 runs 2024-01-29..2025-01-26)', unambiguous=False)
Q('valid-arithmetic', 'NVDA', "NVDA FY2024: R&D plus SG&A combined",
  plus(cv('NVDA', 'ResearchAndDevelopmentExpense', FY('NVDA', 2024)), cv('NVDA', 'SellingGeneralAndAdministrativeExpense', FY('NVDA', 2024))), 'sum of two opex lines FY2024')
Q('balance-asof', 'NVDA', "Nvidia inventories at April 26, 2026",
  cv('NVDA', 'InventoryNet', (None, QP_partial('NVDA', 2027, 1)[1])), 'InventoryNet instant 2026-04-26')
Q('multi-year', 'NVDA', "NVIDIA diluted EPS, FY2023 through FY2025",
  [cv('NVDA', 'EarningsPerShareDiluted', FY('NVDA', y)) for y in (2023, 2024, 2025)], 'latest-filed (split-adjusted after the June 2024 10-for-1 split) diluted EPS per fiscal year')
N('invalid-join', 'NVDA', "NVDA Q2 FY26 data center revenue as a % of FY2025 total revenue", 'rejected',
  'quarter (Q2 FY2026) over fiscal year FY2025: operands cover different periods')

# ---------------- Marvell (companyfacts)
Q('ordinal-quarter', 'MRVL', "MRVL 1Q FY27 revenue?",
  cv('MRVL', REV, QP_partial('MRVL', 2027, 1)), 'revenue Q1 FY2027 (2026-02-01..2026-05-02)')
Q('fy-end-date', 'MRVL', "Marvell's net income (loss) for the fiscal year that ended February 3, 2024",
  cv('MRVL', NI, FY('MRVL', 2024)), '53-week FY2024 (2023-01-29..2024-02-03)')
Q('balance-asof', 'MRVL', "Marvell goodwill at fiscal 2025 year-end",
  cv('MRVL', 'Goodwill', INST('MRVL', 2025)), 'Goodwill instant 2025-02-01')
Q('ttm', 'MRVL', "Marvell trailing twelve months revenue through the quarter ended May 2, 2026",
  ttm(cv('MRVL', REV, FY('MRVL', 2026)), cv('MRVL', REV, YTD('MRVL', 2027, 1, partial=True)), cv('MRVL', REV, YTD('MRVL', 2026, 1))), 'TTM = FY2026 + Q1 FY2027 - Q1 FY2026')
Q('growth', 'MRVL', "Marvell revenue, first nine months of fiscal 2026 vs the same stretch a year earlier — % change",
  growth(cv('MRVL', REV, YTD('MRVL', 2026, 3)), cv('MRVL', REV, YTD('MRVL', 2025, 3))), '9M YTD over prior 9M YTD; carries 9M FY2026', ratio_=True)
Q('valid-arithmetic', 'MRVL', "MRVL FY2025 R&D as % of revenue",
  ratio(cv('MRVL', 'ResearchAndDevelopmentExpense', FY('MRVL', 2025)), cv('MRVL', REV, FY('MRVL', 2025))), 'R&D / revenue FY2025', ratio_=True)
Q('cross-company', 'NVDA+MRVL', "Revenue: NVIDIA vs Marvell, each for its own fiscal 2025",
  [cv('NVDA', REVG, FY('NVDA', 2025)), cv('MRVL', REV, FY('MRVL', 2025))], 'NVDA FY2025 ends 2025-01-26, MRVL FY2025 ends 2025-02-01')
Q('cover-page', 'MRVL', "Marvell shares outstanding as of May 21, 2026 (cover page)",
  cv('MRVL', 'EntityCommonStockSharesOutstanding', (None, '2026-05-21')), 'dei shares outstanding from the latest 10-Q cover')
Q('multi-year', 'MRVL', "marvell revenue FY22, FY23, FY24",
  [cv('MRVL', REV, FY('MRVL', y)) for y in (2022, 2023, 2024)], 'one value per Marvell fiscal year (FY2024 is 53 weeks)')
Q('alias', 'MRVL', "Marvell Technology (MRVL US Equity) R&D expense, fiscal 2026",
  cv('MRVL', 'ResearchAndDevelopmentExpense', FY('MRVL', 2026)), 'R&D FY2026 (2025-02-02..2026-01-31)')

# ---------------- Snowflake (companyfacts; FY ends Jan 31, named by the year it ends)
Q('fy-shorthand', 'SNOW', "SNOW fiscal '25 total revenue",
  cv('SNOW', REV, FY('SNOW', 2025)), 'FY2025 = 2024-02-01..2025-01-31')
Q('synonym', 'SNOW', "What did Snowflake book for stock comp in fiscal 2025?",
  cv('SNOW', ['ShareBasedCompensation', 'AllocatedShareBasedCompensationExpense'], FY('SNOW', 2025)), 'stock-based compensation FY2025')
_snow_ol = cv('SNOW', 'OperatingIncomeLoss', QP_partial('SNOW', 2026, 1)); _snow_ol.accept = [abs(_snow_ol.value)]
Q('ordinal-quarter', 'SNOW', "Snowflake operating loss in Q1 of fiscal 2026",
  _snow_ol, 'operating income (loss) Q1 FY2026 (2025-02-01..2025-04-30); tagged value is negative, the question names a loss so its magnitude is in accept')
Q('growth', 'SNOW', "SNOW Q1 FY26 revenue, sequential (q/q) growth?",
  growth(cv('SNOW', REV, QP_partial('SNOW', 2026, 1)), q4(cv('SNOW', REV, FY('SNOW', 2025)), cv('SNOW', REV, YTD('SNOW', 2025, 3)))),
  'sequential: Q1 FY2026 over derived Q4 FY2025 (FY - 9M YTD)', ratio_=True)
N('abstain', 'SNOW', "Snowflake revenue for fiscal 2027", 'insufficient_evidence',
  'Snowflake facts end with Q1 FY2026 (quarter ended 2025-04-30); FY2027 not reported')
N('ambiguous', 'SNOW', "snowflake Q2 revenue pls", 'needs_clarification',
  'quarter label with no fiscal year; several Q2s are in the data', unambiguous=False)
Q('balance-asof', 'SNOW', "Snowflake cash & cash equivalents as of April 30, 2025",
  cv('SNOW', 'CashAndCashEquivalentsAtCarryingValue', (None, '2025-04-30')), 'instant at Q1 FY2026 end')
Q('valid-arithmetic', 'SNOW', "Snowflake FY2024 operating cash flow minus purchases of property and equipment",
  minus(cv('SNOW', OCF, FY('SNOW', 2024)), cv('SNOW', CAPEX, FY('SNOW', 2024))), 'OCF - PP&E purchases FY2024 (2023-02-01..2024-01-31), formula as stated')
Q('alias', 'SNOW', "NYSE: SNOW current deferred revenue at Jan 31, 2025",
  cv('SNOW', 'ContractWithCustomerLiabilityCurrent', INST('SNOW', 2025)), 'current contract liabilities (deferred revenue, current) at FY2025 end')
Q('ttm', 'SNOW', "Snowflake LTM revenue at April 30, 2025",
  ttm(cv('SNOW', REV, FY('SNOW', 2025)), cv('SNOW', REV, YTD('SNOW', 2026, 1, partial=True)), cv('SNOW', REV, YTD('SNOW', 2025, 1))), 'TTM ending 2025-04-30')

# ---------------- Tesla (companyfacts end at Q3 2022)
Q('half-ytd', 'TSLA', "Tesla net income attributable to common stockholders, first half of 2022",
  cv('TSLA', NI, YTD('TSLA', 2022, 2, partial=True)), 'NetIncomeLoss 6M YTD 2022-01-01..2022-06-30')
Q('half-ytd', 'TSLA', "TSLA 9M22 revenue",
  cv('TSLA', REVG, YTD('TSLA', 2022, 3, partial=True)), 'revenues 9M YTD 2022-01-01..2022-09-30')
Q('growth', 'TSLA', "Tesla Q3 2022 revenue growth vs Q3 2021?",
  growth(cv('TSLA', REVG, QP_partial('TSLA', 2022, 3)), cv('TSLA', REVG, QP('TSLA', 2021, 3))), 'yoy quarterly growth, carries Q3 2022', ratio_=True)
N('abstain', 'TSLA', "Tesla full-year 2022 revenue", 'insufficient_evidence',
  'Tesla facts end with Q3 2022; FY2022 not in the data')
Q('synonym', 'TSLA', "How much did Tesla spend on capital expenditures in 2021?",
  cv('TSLA', CAPEX, FY('TSLA', 2021)), 'capex = PaymentsToAcquirePropertyPlantAndEquipment FY2021')
Q('cover-page', 'TSLA', "Tesla common shares outstanding per the Q3 2022 10-Q cover (as of Oct 18, 2022)",
  cv('TSLA', 'EntityCommonStockSharesOutstanding', (None, '2022-10-18')), 'dei cover shares, post 3-for-1 split (July 19 cover shows 1,044,490,015)')
N('invalid-join', 'TSLA', "add Tesla's Q3 2022 revenue to its nine-month 2022 revenue", 'rejected',
  'a quarter added to the YTD that already contains it')
N('ambiguous', 'TSLA', "how healthy were Tesla's margins in 2021", 'needs_clarification',
  'margin type not stated', unambiguous=False)
Q('multi-year', 'TSLA', "Tesla R&D spend 2019 through 2021",
  [cv('TSLA', 'ResearchAndDevelopmentExpense', FY('TSLA', y)) for y in (2019, 2020, 2021)], 'one value per calendar fiscal year')
Q('derived-q4', 'TSLA', "Tesla Q4 2021 operating income",
  q4(cv('TSLA', 'OperatingIncomeLoss', FY('TSLA', 2021)), cv('TSLA', 'OperatingIncomeLoss', YTD('TSLA', 2021, 3))), 'derived Q4 2021 = FY2021 - 9M YTD')
Q('balance-asof', 'TSLA', "TSLA total assets at 30 Sep 2022",
  cv('TSLA', 'Assets', (None, '2022-09-30')), 'Assets instant 2022-09-30')

# ---------------- Logistic Properties of the Americas (IFRS 20-F filer, USD)
Q('alias', 'LPA', "Logistic Properties of the Americas revenue FY2024",
  cv('LPA', 'Revenue', FY('LPA', 2024), 'USD'), 'ifrs-full:Revenue FY2024 in USD')
Q('growth', 'LPA', "LPA revenue growth 2024 over 2023",
  growth(cv('LPA', 'Revenue', FY('LPA', 2024), 'USD'), cv('LPA', 'Revenue', FY('LPA', 2023), 'USD')), 'yoy growth carries FY2024', ratio_=True)
Q('balance-asof', 'LPA', "LPA investment property carrying value at Dec 31, 2024",
  cv('LPA', 'InvestmentProperty', INST('LPA', 2024), 'USD'), 'ifrs-full:InvestmentProperty instant 2024-12-31')
Q('valid-arithmetic', 'LPA', "LPA total liabilities / total equity at end-2024",
  ratio(cv('LPA', 'Liabilities', INST('LPA', 2024), 'USD'), cv('LPA', 'Equity', INST('LPA', 2024), 'USD')), 'liabilities over equity at 2024-12-31', ratio_=True)
N('abstain', 'LPA', "LPA revenue for Q2 2024?", 'insufficient_evidence',
  'LPA files annual 20-F only; no quarterly facts in the data')
Q('synonym', 'LPA', "Logistic Properties of the Americas: profit attributable to owners of the parent, 2024",
  cv('LPA', 'ProfitLossAttributableToOwnersOfParent', FY('LPA', 2024), 'USD'), 'IFRS owners-of-parent profit (loss) FY2024')
Q('fy-shorthand', 'LPA', "LPA basic EPS FY23",
  cv('LPA', 'BasicEarningsLossPerShare', FY('LPA', 2023)), 'latest-filed basic EPS for 2023: the 2025 20-F restates 0.019 (filed 2024-04-26) to 0.11')

# ---------------- Nike (10-K FY2025, FYE May 31)
Q('fy-shorthand', 'NKE', "NKE FY25 revenues",
  xv('NKE-10K', 'RevenueFromContractWithCustomerExcludingAssessedTax', K25), 'consolidated revenues FY2025 (2024-06-01..2025-05-31)')
Q('synonym', 'NKE', "Nike gross margin, fiscal 2025",
  ratio(xv('NKE-10K', 'GrossProfit', K25), xv('NKE-10K', 'RevenueFromContractWithCustomerExcludingAssessedTax', K25)), 'gross profit / revenues FY2025', ratio_=True)
Q('member', 'NKE', "Nike Brand Greater China revenue in FY25",
  xv('NKE-10K', 'RevenueFromContractWithCustomerExcludingAssessedTax', K25, StatementBusinessSegmentsAxis='NIKEBrandMember', SubsegmentsAxis='GreaterChinaSegmentMember', **OS),
  'member set {OperatingSegments, NIKEBrandMember, GreaterChinaSegmentMember}')
Q('member', 'NKE', "Total footwear revenue at Nike, fiscal 2025 (all brands)",
  xv('NKE-10K', 'RevenueFromContractWithCustomerExcludingAssessedTax', K25, ProductOrServiceAxis='FootwearMember'), 'member set {ProductOrServiceAxis=FootwearMember} only (NIKE Brand + Converse)')
Q('member', 'NKE', "how much did Nike sell direct-to-consumer in FY2025?",
  xv('NKE-10K', 'RevenueFromContractWithCustomerExcludingAssessedTax', K25, ContractWithCustomerSalesChannelAxis='SalesChannelDirectlyToConsumerMember'), 'sales channel member only, total company')
Q('member', 'NKE', "Converse revenues fiscal 2025",
  xv('NKE-10K', 'RevenueFromContractWithCustomerExcludingAssessedTax', K25, StatementBusinessSegmentsAxis='ConverseSegmentMember', **OS), 'Converse segment revenues FY2025')
Q('synonym', 'NKE', "How much cash did Nike hand back through dividends in FY25?",
  xv('NKE-10K', 'PaymentsOfDividendsCommonStock', K25), 'dividends paid (cash flow statement) FY2025')
Q('valid-arithmetic', 'NKE', "Nike FY25 buybacks + dividends paid, based on the cash flow statement",
  plus(xv('NKE-10K', 'PaymentsForRepurchaseOfCommonStock', K25), xv('NKE-10K', 'PaymentsOfDividendsCommonStock', K25)), 'repurchases + dividends paid FY2025')
Q('balance-asof', 'NKE', "Nike inventories at May 31, 2025",
  xv('NKE-10K', 'InventoryFinishedGoodsNetOfReserves', (None, '2025-05-31')), 'inventories instant FY2025 end (tagged InventoryFinishedGoodsNetOfReserves)')
Q('synonym', 'NKE', "Nike effective tax rate FY2025?",
  xv('NKE-10K', 'EffectiveIncomeTaxRateContinuingOperations', K25), 'tagged effective tax rate (fraction) FY2025', ratio_=True)
Q('growth', 'NKE', "Nike revenue change FY25 vs FY24 in %",
  growth(xv('NKE-10K', 'RevenueFromContractWithCustomerExcludingAssessedTax', K25), xv('NKE-10K', 'RevenueFromContractWithCustomerExcludingAssessedTax', K24)), 'yoy growth carries FY2025', ratio_=True)
N('abstain', 'NKE', "Nike revenue for Q3 fiscal 2025 (quarter to Feb 28, 2025)?", 'insufficient_evidence',
  'no Nike 10-Q in the data; the 10-K tags one 3-month fact for that quarter, but it is a tax item, not revenue')
Q('cover-page', 'NKE', "Nike Class B shares outstanding as of July 9, 2025",
  xv('NKE-10K', 'dei:EntityCommonStockSharesOutstanding', (None, '2025-07-09'), StatementClassOfStockAxis='CommonClassBMember'), 'dei cover shares, member CommonClassBMember')
N('abstain', 'NKE', "Nike fiscal 2026 net income", 'insufficient_evidence',
  'latest Nike filing in the data is the FY2025 10-K')
Q('cover-page', 'NKE', "Total public float Nike reported on its FY25 10-K (as of Nov 30, 2024)",
  xv('NKE-10K', 'dei:EntityPublicFloat', (None, '2024-11-30')), 'dei public float, consolidated (no class member) = A + B')

# ---------------- Procter & Gamble (10-K FY2025, FYE June 30)
Q('fy-end-date', 'PG', "P&G net sales for the fiscal year ended June 30, 2025",
  xv('PG-10K', 'Revenues', P25), 'net sales FY2025')
Q('synonym', 'PG', "PG research & development spend FY25",
  xv('PG-10K', 'ResearchAndDevelopmentExpense', P25), 'R&D expense FY2025 (tagged, rounded to $0.1bn by filer)')
Q('member', 'PG', "P&G Beauty segment net sales, fiscal 2025",
  xv('PG-10K', 'Revenues', P25, StatementBusinessSegmentsAxis='BeautySegmentMember', **OS), 'segment net sales, member set {OperatingSegments, BeautySegmentMember}')
Q('valid-arithmetic', 'PG', "Procter & Gamble interest coverage FY2025 = operating income / interest expense",
  ratio(xv('PG-10K', 'OperatingIncomeLoss', P25), xv('PG-10K', 'InterestExpenseNonoperating', P25)), 'times covered (a multiple, not a percent)', ratio_=True)
Q('member', 'PG', "What % of P&G's FY25 net sales came from Walmart and its affiliates?",
  xv('PG-10K', 'ConcentrationRiskPercentage1', P25, MajorCustomersAxis='WalmartInc.AndAffiliatesMember', ConcentrationRiskByTypeAxis='CustomerConcentrationRiskMember', ConcentrationRiskByBenchmarkAxis='SalesRevenueNetMember'),
  'customer concentration percentage (fraction) FY2025', ratio_=True)
Q('member', 'PG', "P&G non-U.S. net sales in fiscal 2024",
  xv('PG-10K', 'Revenues', P24, StatementGeographicalAxis='NonUsMember', **OS), 'geographic member NonUsMember FY2024 (filer rounds to $0.1bn)')
Q('growth', 'PG', "PG diluted EPS growth FY25 vs FY24 — round to 1 dp",
  growth(xv('PG-10K', 'EarningsPerShareDiluted', P25), xv('PG-10K', 'EarningsPerShareDiluted', P24)), 'yoy growth of diluted EPS, carries FY2025', ratio_=True)
Q('cover-page', 'PG', "P&G's public float as of December 31, 2024",
  xv('PG-10K', 'dei:EntityPublicFloat', (None, '2024-12-31')), 'dei public float on FY2025 10-K cover')
N('abstain', 'PG', "P&G net sales for the December 2024 quarter", 'insufficient_evidence',
  'only the FY2025 10-K of P&G is in the data; no quarterly facts')
Q('balance-asof', 'PG', "Procter & Gamble cash, cash equivalents and restricted cash at June 30, 2025",
  xv('PG-10K', 'CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents', (None, '2025-06-30')), 'instant at FY2025 end')
Q('synonym', 'PG', "How much did P&G spend repurchasing its shares in fiscal 2025 (cash flow)?",
  xv('PG-10K', 'PaymentsForRepurchaseOfCommonStock', P25), 'treasury stock purchases, cash flow statement FY2025')

# ---------------- Walmart (10-K FY2025, FYE Jan 31)
Q('synonym', 'WMT', "Walmart total revenues FY2025, including membership and other income",
  xv('WMT-10K', 'Revenues', W25), 'total revenues (net sales + membership and other income) FY2025')
Q('member', 'WMT', "Walmart U.S. segment operating income, fiscal 2025",
  xv('WMT-10K', 'OperatingIncomeLoss', W25, StatementBusinessSegmentsAxis='WalmartUSMember', **OS), 'segment operating income FY2025')
Q('member', 'WMT', "Sam's Club grocery sales FY25",
  xv('WMT-10K', 'RevenueFromContractWithCustomerExcludingAssessedTax', W25, ProductOrServiceAxis='GroceryMember', StatementBusinessSegmentsAxis='SamsClubUSMember'), 'member set {GroceryMember, SamsClubUSMember}')
Q('member', 'WMT', "eCommerce net sales of Walmart International in fiscal 2025",
  xv('WMT-10K', 'RevenueFromContractWithCustomerExcludingAssessedTax', W25, MajorCustomersAxis='ECommerceMember', StatementBusinessSegmentsAxis='WalmartInternationalMember'), 'member set {ECommerceMember, WalmartInternationalMember} (filer rounds to $0.1bn)')
Q('valid-arithmetic', 'WMT', "Walmart inventory turnover FY25 = cost of sales / average of the FY24 and FY25 year-end inventories",
  on_avg(xv('WMT-10K', 'CostOfRevenue', W25), xv('WMT-10K', 'InventoryNet', (None, '2024-01-31')), xv('WMT-10K', 'InventoryNet', (None, '2025-01-31'))),
  'cost of sales / average inventory (a multiple), carries FY2025', ratio_=True)
Q('synonym', 'WMT', "walmart capex fy25",
  xv('WMT-10K', 'PaymentsToAcquirePropertyPlantAndEquipment', W25), 'payments for property and equipment FY2025')
Q('member', 'WMT', "Walmart membership fee income in FY2025",
  xv('WMT-10K', 'OtherIncome', W25, ProductOrServiceAxis='MembershipFeesMember'), 'membership fees member of OtherIncome (filer rounds to $0.1bn)')
Q('valid-arithmetic', 'WMT', "Walmart operating income over total revenues for the fiscal year ended January 31, 2024",
  ratio(xv('WMT-10K', 'OperatingIncomeLoss', W24), xv('WMT-10K', 'Revenues', W24)), 'operating income / total revenues FY2024', ratio_=True)
Q('cover-page', 'WMT', "Walmart shares outstanding as of March 12, 2025",
  xv('WMT-10K', 'dei:EntityCommonStockSharesOutstanding', (None, '2025-03-12')), 'dei cover shares')
N('abstain', 'WMT', "Walmart's third-quarter FY2025 revenue?", 'insufficient_evidence',
  'only the Walmart FY2025 10-K is in the data; no quarterly facts')
N('invalid-join', 'WMT', "Add Walmart's inventory at Jan 31 2025 to its FY25 cost of sales", 'rejected',
  'a balance (instant) added to a flow (duration)')

# ---------------- Wells Fargo (10-K cover only: statements are in Exhibit 13, not in the data)
Q('cover-page', 'WFC', "Wells Fargo common shares outstanding at Feb 14, 2025",
  xv('WFC-10K', 'dei:EntityCommonStockSharesOutstanding', (None, '2025-02-14')), 'dei cover shares, FY2024 10-K')
Q('cover-page', 'WFC', "WFC public float as of June 28, 2024?",
  xv('WFC-10K', 'dei:EntityPublicFloat', (None, '2024-06-28')), 'dei public float, FY2024 10-K')
N('abstain', 'WFC', "Wells Fargo net interest income for 2024", 'insufficient_evidence',
  'the WFC primary document tags only cover/par-value facts; its statements (Exhibit 13) are not in the data')
N('abstain', 'AVGO', "Broadcom revenue for fiscal 2024", 'insufficient_evidence', 'company not in the corpus')

# ---------------- cross-company (each on its own fiscal calendar)
Q('cross-company', 'AAPL+GOOGL', "Apple vs Alphabet R&D expense, fiscal 2024 for each",
  [cv('AAPL', 'ResearchAndDevelopmentExpense', FY('AAPL', 2024)), cv('GOOGL', 'ResearchAndDevelopmentExpense', FY('GOOGL', 2024))], 'AAPL FY ends 2024-09-28; GOOGL FY ends 2024-12-31')
Q('cross-company', 'SNOW+MRVL', "compare Snowflake and Marvell operating cash flow for FY2025",
  [cv('SNOW', OCF, FY('SNOW', 2025)), cv('MRVL', OCF, FY('MRVL', 2025))], 'SNOW FY2025 ends 2025-01-31; MRVL FY2025 ends 2025-02-01')
Q('cross-company', 'NKE+PG', "Nike vs P&G: who spent more on buybacks in fiscal 2025? give both numbers",
  [xv('NKE-10K', 'PaymentsForRepurchaseOfCommonStock', K25), xv('PG-10K', 'PaymentsForRepurchaseOfCommonStock', P25)], 'NKE FY ends 2025-05-31, PG FY ends 2025-06-30')
Q('cross-company', 'WMT+PG', "Net income attributable to the company: Walmart vs Procter & Gamble, each for fiscal 2025",
  [xv('WMT-10K', 'NetIncomeLoss', W25), xv('PG-10K', 'NetIncomeLoss', P25)], 'WMT FY2025 ends 2025-01-31, PG FY2025 ends 2025-06-30')
Q('cross-company', 'TSLA+GOOGL', "Tesla and Alphabet cash and cash equivalents at Dec 31, 2021",
  [cv('TSLA', 'CashAndCashEquivalentsAtCarryingValue', INST('TSLA', 2021)), cv('GOOGL', 'CashAndCashEquivalentsAtCarryingValue', INST('GOOGL', 2021))], 'both calendar filers: instant 2021-12-31')
Q('cross-company', 'NVDA+AAPL', "gross margin NVDA FY24 vs AAPL FY24 (gross profit / revenue, each on its own fiscal year)",
  [ratio(cv('NVDA', 'GrossProfit', FY('NVDA', 2024)), cv('NVDA', REVG, FY('NVDA', 2024))), ratio(cv('AAPL', 'GrossProfit', FY('AAPL', 2024)), cv('AAPL', REV, FY('AAPL', 2024)))],
  'NVDA FY2024 ends 2024-01-28, AAPL FY2024 ends 2024-09-28', ratio_=True)
N('ambiguous', 'none', "What was revenue in 2024?", 'needs_clarification', 'no company named', unambiguous=False)


# ---------------- more formulas and periods
Q('valid-arithmetic', 'WMT', "Walmart FY25: net income ÷ diluted weighted-average shares, i.e. per-share earnings from the two lines",
  ratio(xv('WMT-10K', 'NetIncomeLoss', W25), xv('WMT-10K', 'WeightedAverageNumberOfDilutedSharesOutstanding', W25)), 'consolidated net income attributable to Walmart / diluted weighted shares FY2025, USD per share (reported diluted EPS 2.41)')
Q('half-ytd', 'NVDA', "NVIDIA second-half fiscal 2025 revenue (H2 = full year minus first half)",
  h2(cv('NVDA', REVG, FY('NVDA', 2025)), cv('NVDA', REVG, YTD('NVDA', 2025, 2))),
  'second half FY2025 = FY - 6M YTD; starts the day after H1 ended')

# ================================================================== independent cross-checks
# The same fact read by a second path must agree: iXBRL filing vs companyfacts (same concept, same period),
# and a raw regex over the HTML text for a few iXBRL values.
CHECKS = [
    ('AAPL-10K', 'AAPL', 'RevenueFromContractWithCustomerExcludingAssessedTax', FY('AAPL', 2024)),
    ('AAPL-10K', 'AAPL', 'PaymentsForRepurchaseOfCommonStock', FY('AAPL', 2024)),
    ('AAPL-10Q', 'AAPL', 'RevenueFromContractWithCustomerExcludingAssessedTax', A_9M),
    ('AAPL-10Q', 'AAPL', 'EntityCommonStockSharesOutstanding', (None, '2025-07-18')),
    ('NVDA-10Q', 'NVDA', 'Revenues', N_H1),
    ('NVDA-10K', 'NVDA', 'NetIncomeLoss', FY('NVDA', 2025)),
    ('GOOGL-10K', 'GOOGL', 'PaymentsToAcquirePropertyPlantAndEquipment', FY('GOOGL', 2024)),
    ('GOOGL-10K', 'GOOGL', 'ResearchAndDevelopmentExpense', FY('GOOGL', 2024)),
]
for k, t, c, per in CHECKS:
    a = xv(k, ('dei:' + c) if c.startswith('Entity') else c, per).value
    b = cv(t, c, per).value
    assert abs(a - b) <= max(abs(b) * 1e-9, 0.5), (k, t, c, per, a, b)

def _raw(key, concept, expect_text):
    html = open(f'{DATA}/filings-ixbrl/{IX[key]}', encoding='utf-8').read()
    m = re.findall(r'<ix:nonFraction[^>]*name="' + re.escape(concept) + r'"[^>]*>([^<]*)</ix:nonFraction>', html)
    assert expect_text in m, (key, concept, expect_text, m[:6])
_raw('WMT-10K', 'us-gaap:Revenues', '680,985')
_raw('NKE-10K', 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax', '46,309')
_raw('PG-10K', 'us-gaap:Revenues', '84,284')
_raw('WFC-10K', 'dei:EntityCommonStockSharesOutstanding', '3,288,186,582')

# ================================================================== write
def _check_period(e):
    if e['period_type'] == 'instant':
        assert 'start' not in e
    else:
        n = ndays(e['start'], e['end'])
        assert any(lo <= n <= hi for lo, hi in [(84, 98), (175, 190), (266, 285), (350, 380)]), (e, n)

def main():
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'lib', 'eval', 'golden', 'outsider-blind.jsonl')
    seen_q = set()
    with open(out, 'w', encoding='utf-8') as fh:
        for i, q in enumerate(QS, 1):
            assert q['question'].lower() not in seen_q, q['question']
            seen_q.add(q['question'].lower())
            if q['expect']['status'] == 'answered':
                assert q['expect']['values']
                for e in q['expect']['values']: _check_period(e)
            else:
                assert q['expect']['values'] == []
            rec = {'id': f'ob-{i:03d}', 'question': q['question'], 'category': q['category'],
                   'unambiguous': q['unambiguous'], 'expect': q['expect'], 'note': q['note']}
            fh.write(json.dumps(rec, ensure_ascii=False) + '\n')
    ids = [json.loads(l)['id'] for l in open(out, encoding='utf-8')]
    assert len(ids) == len(set(ids))
    import collections
    print(f'wrote {len(ids)} questions to {out}')
    print('by status:', dict(collections.Counter(q['expect']['status'] for q in QS)))
    print('by category:', dict(sorted(collections.Counter(q['category'] for q in QS).items())))

if __name__ == '__main__':
    main()
