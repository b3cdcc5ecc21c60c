#!/usr/bin/env python3
"""Build lib/eval/golden/outsider2-blind.jsonl: a held-out golden set written from the raw public data only.

Truth sources (nothing is typed in: every value, start and end is looked up or computed here):
  * /work/shared/data/sec-companyfacts/*.json  (AAPL, NVDA, TSLA, SNOW, GOOGL, MRVL, LPA)
      - for a (concept, start, end) the fact of the most recently *filed* 10-K/10-Q/20-F (or amendment) is used;
        earlier-filed different values for the same period are reported as restatements in the note;
        facts carried by other forms (DEF 14A, 424B...) are only checked for agreement.
  * /work/shared/data/filings-ixbrl/*.html  (inline XBRL; NKE, PG, WMT, WFC, and segment/product/geography members
      of AAPL, GOOGL, NVDA): ix:nonFraction facts with their contexts' periods and explicit dimensions.
      Every non-dimensional iXBRL fact of AAPL/GOOGL/NVDA filings is cross-checked against the companyfacts
      fact of the same accession, concept and period; duplicates inside one document must agree.
  * Fiscal periods are found from the facts themselves (annual durations of 52-53 weeks / 365-366 days whose end
    falls in the calendar year the fiscal year is named for, discrete quarters of ~13 weeks inside them), and
    every period's length is checked.
Run: python3 scripts/golden/build-outsider2-blind.py  (writes the jsonl; prints a summary)
"""
import json, re, os, sys, glob, datetime as dt, collections
from html.parser import HTMLParser

DATA = '/work/shared/data'
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'lib', 'eval', 'golden', 'outsider2-blind.jsonl')
OUT = os.path.normpath(OUT)
TOL = 0.005
REPORT_FORMS = {'10-K', '10-Q', '10-K/A', '10-Q/A', '20-F', '20-F/A', '10-KT', '40-F'}

def D(s): return dt.date.fromisoformat(s)
def days(s, e): return (D(e) - D(s)).days + 1
def iso(d): return d.isoformat()
def nextday(s): return iso(D(s) + dt.timedelta(days=1))

KIND_RANGE = {'FY': (357, 378), 'Q': (84, 98), 'H': (175, 189), '9M': (266, 280), 'TTM': (357, 378)}
def check_len(start, end, kind):
    n = days(start, end)
    lo, hi = KIND_RANGE[kind]
    assert lo <= n <= hi, f'period {start}..{end} is {n} days, not a {kind}'
    return n

# ----------------------------------------------------------------------------------------------- companyfacts
CF_FILES = {os.path.basename(p).split('_')[1]: p for p in glob.glob(f'{DATA}/sec-companyfacts/*.json')}
CF = {t: json.load(open(p)) for t, p in CF_FILES.items()}

def cf_entries(t, concept, unit=None):
    for tax, cs in CF[t]['facts'].items():
        if concept in cs:
            units = cs[concept]['units']
            if unit is None:
                unit = 'USD' if 'USD' in units else list(units)[0]
            return tax, unit, units.get(unit, [])
    return None, None, []

class Fact:
    def __init__(self, value, start, end, src, restated=None):
        self.value, self.start, self.end, self.src = value, start, end, src
        self.restated = restated or []
    @property
    def instant(self): return self.start is None

def cf_fact(t, concepts, start, end, unit=None):
    """Latest-filed report-form fact for the exact period, over the concept list (all must agree)."""
    if isinstance(concepts, str): concepts = [concepts]
    found = []
    for c in concepts:
        tax, u, arr = cf_entries(t, c, unit)
        m = [x for x in arr if x.get('start') == start and x['end'] == end]
        rep = [x for x in m if x['form'] in REPORT_FORMS]
        if not rep: continue
        rep.sort(key=lambda x: (x['filed'], x['accn']))
        best = rep[-1]
        older = sorted({(x['val'], x['accn'], x['filed']) for x in rep if x['val'] != best['val']}, key=lambda z: z[2])
        for x in m:
            if x['form'] not in REPORT_FORMS and x['filed'] >= best['filed']:
                assert x['val'] == best['val'], f'{t} {c} {start}..{end}: {x["form"]} {x["val"]} != {best["val"]}'
        found.append((c, tax, u, best, older))
    if not found:
        raise KeyError(f'{t} {concepts} {start}..{end} not in companyfacts')
    vals = {f[3]['val'] for f in found}
    assert len(vals) == 1, f'{t} concepts disagree for {start}..{end}: {[(f[0], f[3]["val"]) for f in found]}'
    found.sort(key=lambda f: f[3]['filed'])
    c, tax, u, best, older = found[-1]
    src = f"{t} {tax}:{c} [{start or ''}..{end}] accn {best['accn']} ({best['form']}) filed {best['filed']}"
    restated = [f"earlier {v} in accn {a} filed {fd}" for v, a, fd in older]
    return Fact(best['val'], start, end, src, restated)

def cf_durations(t, concepts):
    out = set()
    for c in concepts:
        _, _, arr = cf_entries(t, c)
        for x in arr:
            if x.get('start') and x['form'] in REPORT_FORMS: out.add((x['start'], x['end']))
    return out

# ----------------------------------------------------------------------------------------------- inline XBRL
class IXParser(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.contexts, self.facts, self.stack = {}, [], []
        self.ctx = None; self.cur = None; self.buf = ''; self.dim = None
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == 'xbrli:context':
            self.ctx = {'id': a['id'], 'dims': {}, 'start': None, 'end': None, 'instant': None}
        elif self.ctx is not None and tag in ('xbrli:startdate', 'xbrli:enddate', 'xbrli:instant', 'xbrldi:explicitmember', 'xbrldi:typedmember'):
            self.cur = tag; self.buf = ''
            if tag.startswith('xbrldi'): self.dim = a.get('dimension')
        elif tag in ('ix:nonfraction', 'ix:nonnumeric'):
            f = dict(a); f['_tag'] = tag; f['_text'] = ''
            self.stack.append(f)
    def handle_endtag(self, tag):
        if tag == 'xbrli:context':
            self.contexts[self.ctx['id']] = self.ctx; self.ctx = None
        elif self.ctx is not None and tag == self.cur:
            v = self.buf.strip()
            key = {'xbrli:startdate': 'start', 'xbrli:enddate': 'end', 'xbrli:instant': 'instant'}.get(tag)
            if key: self.ctx[key] = v
            else: self.ctx['dims'][self.dim] = v
            self.cur = None
        elif tag in ('ix:nonfraction', 'ix:nonnumeric') and self.stack:
            f = self.stack.pop(); self.facts.append(f)
            if self.stack: self.stack[-1]['_text'] += f['_text']
    def handle_data(self, data):
        if self.ctx is not None and self.cur: self.buf += data
        if self.stack: self.stack[-1]['_text'] += data

WORDS = {'no': 0, 'none': 0, 'zero': 0, 'one': 1, 'two': 2, 'three': 3, 'four': 4, 'five': 5, 'six': 6, 'seven': 7, 'eight': 8, 'nine': 9, 'ten': 10}

def parse_ix(path):
    p = IXParser(); p.feed(open(path, encoding='utf-8', errors='replace').read())
    out = []
    for f in p.facts:
        if f['_tag'] != 'ix:nonfraction' or f.get('xsi:nil') == 'true': continue
        c = p.contexts[f['contextref']]
        txt = f['_text'].strip(); fmt = (f.get('format') or '').lower()
        if 'numwordsen' in fmt:
            if txt.lower() not in WORDS: continue
            num = float(WORDS[txt.lower()])
        elif 'zerodash' in fmt or 'fixed-zero' in fmt or txt in ('-', '—', '–'):
            num = 0.0
        else:
            s = re.sub(r'[^0-9.,]', '', txt)
            s = s.replace('.', '').replace(',', '.') if 'numcommadecimal' in fmt else s.replace(',', '')
            num = float(s)
        num *= 10 ** int(f.get('scale') or 0)
        if f.get('sign') == '-': num = -num
        out.append({'name': f['name'], 'start': c['start'], 'end': c['end'] or c['instant'],
                    'instant': c['instant'] is not None, 'dims': c['dims'], 'value': num,
                    'unit': f.get('unitref'), 'decimals': f.get('decimals'), 'ctx': f['contextref']})
    return out

# filing registry: file -> ticker, form, filed date, accession (accession looked up in companyfacts / submissions when present)
IX_FILES = {}
for p in sorted(glob.glob(f'{DATA}/filings-ixbrl/*.html')):
    m = re.match(r'([a-z]+)-(10-[kq])-(\d{4}-\d\d-\d\d)\.html$', os.path.basename(p))
    if not m: continue  # the PlymouthRock 20-F has no iXBRL tags
    IX_FILES[os.path.basename(p)] = {'ticker': m.group(1).upper(), 'form': m.group(2).upper(), 'filed': m.group(3), 'path': p}
IX = {}
def ix(fname):
    if fname not in IX: IX[fname] = parse_ix(IX_FILES[fname]['path'])
    return IX[fname]

def accn_for(fname):
    meta = IX_FILES[fname]; t = meta['ticker']
    if t in CF:
        accs = set()
        for tax, cs in CF[t]['facts'].items():
            for c, v in cs.items():
                for u, arr in v['units'].items():
                    for x in arr:
                        if x['filed'] == meta['filed'] and x['form'] == meta['form']: accs.add(x['accn'])
        assert len(accs) == 1, (fname, accs)
        return accs.pop()
    return None

def dec(x):
    d = x.get('decimals')
    return 99 if d in (None, 'INF') else int(d)

def consistent(precise, x):
    """x (possibly rounded, e.g. '$22.0 billion' in text) agrees with the precise value at x's own precision."""
    d = dec(x)
    return d == 99 and abs(precise - x['value']) <= 1e-9 * max(1, abs(precise)) or d != 99 and abs(precise - x['value']) <= 0.5 * 10 ** (-d) + 1e-9

def ix_nonnum(fname):
    p = IXParser(); p.feed(open(IX_FILES[fname]['path'], encoding='utf-8', errors='replace').read())
    return [{'name': f['name'], 'start': p.contexts[f['contextref']]['start'], 'end': p.contexts[f['contextref']]['end'] or p.contexts[f['contextref']]['instant'], 'text': f['_text'].strip()}
            for f in p.facts if f['_tag'] == 'ix:nonnumeric']

def ix_fact(fname, concept, start, end, dims=None, cf_check=True):
    dims = dims or {}
    full = concept if ':' in concept else 'us-gaap:' + concept
    m = [x for x in ix(fname) if x['name'] == full and x['end'] == end and (x['start'] == start) and x['dims'] == dims]
    assert m, f'{fname}: no {full} {start}..{end} {dims}'
    best = max(m, key=dec)
    assert all(consistent(best['value'], x) for x in m), f'{fname}: {full} {start}..{end} {dims} duplicates disagree {[x["value"] for x in m]}'
    v = best['value']
    if v == int(v): v = int(v)
    meta = IX_FILES[fname]
    dtxt = ';'.join(f"{a}={b}" for a, b in sorted(dims.items())) or 'no dimensions'
    acc = accn_for(fname)
    src = f"{meta['ticker']} iXBRL {fname} {full} [{start or ''}..{end}] {dtxt}" + (f" accn {acc}" if acc else ' accn n/a (no companyfacts/submissions for this filer in the corpus)') + f" ({meta['form']} filed {meta['filed']})"
    if not dims and cf_check and meta['ticker'] in CF:
        f = cf_fact(meta['ticker'], full.split(':')[1], start, end, unit=None)
        assert abs(f.value - v) <= 1e-9 * max(1, abs(v)), f'{fname} {full} {start}..{end}: iXBRL {v} vs companyfacts {f.value}'
        src += f"; = companyfacts {f.src}"
    return Fact(v, start, end, src)

def crosscheck_all_ix():
    """Every non-dimensional iXBRL fact of a filing whose company has companyfacts must equal the companyfacts value
    carried by the same accession for the same concept and period."""
    n_ok = n_missing = 0; bad = []
    for fname, meta in IX_FILES.items():
        t = meta['ticker']
        if t not in CF: continue
        acc = accn_for(fname)
        idx = {}
        for tax, cs in CF[t]['facts'].items():
            for c, v in cs.items():
                for u, arr in v['units'].items():
                    for x in arr:
                        if x['accn'] == acc: idx[(f'{tax}:{c}', x.get('start'), x['end'])] = x['val']
        for x in ix(fname):
            if x['dims']: continue
            k = (x['name'], None if x['instant'] else x['start'], x['end'])
            if k not in idx: n_missing += 1; continue
            if not consistent(idx[k], x): bad.append((fname, k, x['value'], x.get('decimals'), idx[k]))
            else: n_ok += 1
    assert not bad, bad[:5]
    return n_ok, n_missing

def ix_internal_check(fname):
    """Inside one document, all facts with the same concept, period and dimensions agree."""
    g = collections.defaultdict(list)
    for x in ix(fname): g[(x['name'], x['unit'], x['start'], x['end'], tuple(sorted(x['dims'].items())))].append(x)
    bad = {}
    for k, xs in g.items():
        best = max(xs, key=dec)
        if not all(consistent(best['value'], x) for x in xs): bad[k] = [(x['value'], x.get('decimals')) for x in xs]
    assert not bad, (fname, list(bad.items())[:3])
    return len(g)

# ----------------------------------------------------------------------------------------------- fiscal calendar
REF = {  # concepts whose durations define each company's fiscal calendar
    'AAPL': ['RevenueFromContractWithCustomerExcludingAssessedTax', 'NetIncomeLoss'],
    'NVDA': ['Revenues', 'NetIncomeLoss'], 'TSLA': ['Revenues', 'NetIncomeLoss'],
    'SNOW': ['RevenueFromContractWithCustomerExcludingAssessedTax', 'NetIncomeLoss'],
    'GOOGL': ['Revenues', 'RevenueFromContractWithCustomerExcludingAssessedTax', 'NetIncomeLoss'],
    'MRVL': ['RevenueFromContractWithCustomerExcludingAssessedTax', 'NetIncomeLoss'],
    'LPA': ['Revenue', 'ProfitLoss'],
}
IX_MAIN = {'NKE': 'nke-10-k-2025-07-17.html', 'PG': 'pg-10-k-2025-08-04.html', 'WMT': 'wmt-10-k-2025-03-14.html', 'WFC': 'wfc-10-k-2025-02-25.html'}

def durations(t):
    if t in REF: return cf_durations(t, REF[t])
    return {(x['start'], x['end']) for x in ix(IX_MAIN[t]) if not x['instant']}

def fy(t, n):
    """Fiscal year n = the 52/53-week (or 365/366-day) duration whose end date falls in calendar year n."""
    c = [p for p in durations(t) if 357 <= days(*p) <= 378 and D(p[1]).year == n]
    if t in IX_MAIN and len(c) > 1:
        # fixed-date fiscal year ends (May 31 / Jun 30 / Jan 31 / Dec 31): keep periods ending on the month-day of the
        # document's own fiscal period (the context of dei:DocumentFiscalPeriodFocus), dropping stray 12-month contexts
        doc = [x for x in ix_nonnum(IX_MAIN[t]) if x['name'] == 'dei:DocumentFiscalPeriodFocus'][0]
        c = [p for p in c if p[1][5:] == doc['end'][5:] and p[0][5:] == doc['start'][5:]]
    assert len(c) == 1, f'{t} FY{n}: {c}'
    check_len(*c[0], 'FY')
    return c[0]

def fy_start(t, n):
    try: return fy(t, n)[0]
    except AssertionError: return nextday(fy(t, n - 1)[1])

def quarter(t, n, k):
    s0 = fy_start(t, n)
    qs = sorted(p for p in durations(t) if 84 <= days(*p) <= 98 and p[0] >= s0 and D(p[0]) < D(s0) + dt.timedelta(days=371))
    # quarters must chain: q1 starts at the fiscal-year start, each next starts the day after
    chain = []; cur = s0
    while True:
        nxt = [p for p in qs if p[0] == cur]
        if not nxt: break
        assert len(nxt) == 1, nxt
        chain.append(nxt[0]); cur = nextday(nxt[0][1])
    assert len(chain) >= k, f'{t} Q{k} FY{n} not in data ({chain})'
    check_len(*chain[k - 1], 'Q')
    return chain[k - 1]

def ytd(t, n, k):
    s0 = fy_start(t, n); e = quarter(t, n, k)[1]
    check_len(s0, e, {1: 'Q', 2: 'H', 3: '9M'}[k])
    return (s0, e)

# ----------------------------------------------------------------------------------------------- value helpers
def val(t, concepts, period, unit=None):
    return cf_fact(t, concepts, period[0], period[1], unit)

def inst(t, concepts, date, unit=None):
    return cf_fact(t, concepts, None, date, unit)

def V(f, tol=TOL, value=None, start=None, end=None, instant=None):
    v = f.value if value is None else value
    s = f.start if start is None else start
    e = f.end if end is None else end
    is_inst = f.instant if instant is None else instant
    if is_inst: s = e
    return {'value': round(v, 10) if isinstance(v, float) else v, 'start': s, 'end': e,
            'period_type': 'instant' if is_inst else 'duration', 'tol': tol}

def rs(*fs):
    return [r for f in fs for r in f.restated]

def derived_q4(t, concepts, n):
    a = val(t, concepts, fy(t, n)); y = val(t, concepts, ytd(t, n, 3))
    s = nextday(y.end); check_len(s, a.end, 'Q')
    return Fact(a.value - y.value, s, a.end, f'Q4 = FY {a.src} minus 9M {y.src}', rs(a, y))

def ttm(t, concepts, n, k):
    a = val(t, concepts, fy(t, n - 1)); y1 = val(t, concepts, ytd(t, n, k)); y0 = val(t, concepts, ytd(t, n - 1, k))
    s = nextday(y0.end); check_len(s, y1.end, 'TTM')
    return Fact(a.value + y1.value - y0.value, s, y1.end, f'TTM = FY {a.src} + YTD {y1.src} - prior YTD {y0.src}', rs(a, y1, y0))

def growth(cur, prev):
    return Fact(cur.value / prev.value - 1, cur.start, cur.end, f'growth = {cur.src} / {prev.src} - 1', rs(cur, prev))

def ratio(a, b, label='ratio'):
    assert (a.start, a.end) == (b.start, b.end), 'ratio operands must share one period'
    return Fact(a.value / b.value, a.start, a.end, f'{label} = {a.src} / {b.src}', rs(a, b))

def minus(a, b):
    assert (a.start, a.end) == (b.start, b.end)
    return Fact(a.value - b.value, a.start, a.end, f'difference = {a.src} minus {b.src}', rs(a, b))

def plus(a, b):
    assert (a.start, a.end) == (b.start, b.end)
    return Fact(a.value + b.value, a.start, a.end, f'sum = {a.src} plus {b.src}', rs(a, b))

def rounding_ok(f, rounded):
    assert abs(rounded - f.value) / abs(f.value) < TOL, f'rounded answer {rounded} vs {f.value} exceeds tolerance'

# concept lists
REV = {'AAPL': ['RevenueFromContractWithCustomerExcludingAssessedTax'], 'NVDA': ['Revenues'], 'TSLA': ['Revenues'],
       'SNOW': ['RevenueFromContractWithCustomerExcludingAssessedTax'], 'GOOGL': ['Revenues', 'RevenueFromContractWithCustomerExcludingAssessedTax'],
       'MRVL': ['RevenueFromContractWithCustomerExcludingAssessedTax'], 'LPA': ['Revenue']}
NI = ['NetIncomeLoss']; OCF = ['NetCashProvidedByUsedInOperatingActivities']
CAPEX = {'NVDA': ['PaymentsToAcquireProductiveAssets'], 'default': ['PaymentsToAcquirePropertyPlantAndEquipment']}
def capex(t): return CAPEX.get(t, CAPEX['default'])

# ----------------------------------------------------------------------------------------------- questions
Q = []
def add(cat, tickers, question, status, values, why, truth_src, unambiguous=True):
    for v in values:
        if v['period_type'] == 'duration':
            assert v['start'] and v['start'] <= v['end']
            n = days(v['start'], v['end'])
            assert any(lo <= n <= hi for lo, hi in KIND_RANGE.values()), f'{question}: {v} is {n} days, not a quarter/half/9M/year'
        else:
            assert v['start'] == v['end']
    assert (status == 'answered') == bool(values)
    Q.append({'id': f'o2-{len(Q) + 1:03d}', 'question': question, 'category': cat, 'unambiguous': unambiguous,
              'expect': {'status': status, 'values': values},
              'note': f"{cat}: [{'/'.join(tickers)}] {why}. Truth: {truth_src}"})

def ans(cat, t, question, facts, why, **kw):
    if not isinstance(facts, list): facts = [facts]
    vals = [V(f, **kw) for f in facts]
    if cat not in ('growth', 'valid-arithmetic'):
        for v in vals:
            if v['value'] < 0 and abs(v['value']) > 1000:
                v['accept'] = [-v['value']]  # a loss line may be stated as a positive magnitude ("a net loss of X")
    src = ' | '.join(f.src + ('; RESTATED: latest-filed value used, ' + '; '.join(f.restated) if f.restated else '') for f in facts)
    add(cat, t if isinstance(t, list) else [t], question, 'answered', vals, why, src)

def no(cat, t, question, status, why, check=None):
    """Traps: status without values. `check` (callable) proves the premise from the raw data (e.g. the period is absent)."""
    proof = check() if check else ''
    add(cat, t if isinstance(t, list) else [t], question, status, [], why, proof or 'n/a (no value expected)',
        unambiguous=(cat != 'ambiguous'))

def absent(t, concepts, pred, label):
    """Proof that no report-form fact of these concepts matches pred(start, end) in companyfacts."""
    def f():
        hits = []
        for c in concepts:
            _, _, arr = cf_entries(t, c)
            hits += [x for x in arr if pred(x.get('start'), x['end'])]
        assert not hits, f'{t}: expected absence of {label}, found {hits[:2]}'
        last = max(x['end'] for c in concepts for x in cf_entries(t, c)[2])
        return f'{t} companyfacts {concepts} has no fact for {label}; latest period end in the file is {last}'
    return f

def ix_absent(fname, pred, label):
    def f():
        hits = [x for x in ix(fname) if pred(x)]
        assert not hits, f'{fname}: expected absence of {label}, found {hits[:2]}'
        return f'{fname} has no iXBRL fact for {label}'
    return f

def build():
    # ================================================================ APPLE (FY ends last Saturday of September)
    A10K, A10Q = 'aapl-10-k-2024-11-01.html', 'aapl-10-q-2025-08-01.html'
    fy24 = fy('AAPL', 2024); fy25 = fy('AAPL', 2025)
    ans('member', 'AAPL', "How much net sales did Apple's Greater China segment bring in for fiscal 2024?",
        ix_fact(A10K, 'RevenueFromContractWithCustomerExcludingAssessedTax', *fy24, {'us-gaap:StatementBusinessSegmentsAxis': 'aapl:GreaterChinaSegmentMember'}),
        'reportable segment Greater China, FY2024 = 52 weeks ended Sep 28 2024 (latest filing in corpus carrying it)')
    q3_25 = quarter('AAPL', 2025, 3)
    ans('member', 'AAPL', "aapl iphone revenue for the three months ended june 28 2025?",
        ix_fact(A10Q, 'RevenueFromContractWithCustomerExcludingAssessedTax', *q3_25, {'srt:ProductOrServiceAxis': 'aapl:IPhoneMember'}),
        'product member iPhone, discrete Q3 FY2025 (not the nine-month YTD)')
    ans('member', 'AAPL', "What did Apple book in Services revenue in FY24?",
        ix_fact(A10K, 'RevenueFromContractWithCustomerExcludingAssessedTax', *fy24, {'srt:ProductOrServiceAxis': 'us-gaap:ServiceMember'}),
        'ServiceMember of ProductOrServiceAxis, fiscal 2024')
    ans('synonym', 'AAPL', "How much did Apple spend buying back its own shares during fiscal 2025?",
        val('AAPL', ['PaymentsForRepurchaseOfCommonStock'], fy25), '"buying back shares" = cash paid for repurchases of common stock, FY2025 (Sep 29 2024 - Sep 27 2025)')
    ans('valid-arithmetic', 'AAPL', "Apple FY2025 free cash flow, i.e. operating cash flow less capex?",
        minus(val('AAPL', OCF, fy25), val('AAPL', capex('AAPL'), fy25)), 'FCF = OCF - payments for PP&E, both FY2025')
    aq1_26 = quarter('AAPL', 2026, 1)
    ans('ordinal-quarter', 'AAPL', "Apple net income 1Q FY26", val('AAPL', NI, aq1_26),
        "first fiscal quarter of FY2026 = 13 weeks ended Dec 27 2025")
    ans('half-ytd', 'AAPL', "What were Apple's total net sales for the first six months of fiscal 2025?",
        val('AAPL', REV['AAPL'], ytd('AAPL', 2025, 2)), 'six-month YTD FY2025 (Sep 29 2024 - Mar 29 2025)')
    ans('ttm', 'AAPL', "Trailing twelve month revenue for Apple as of the December 2025 quarter, please.",
        ttm('AAPL', REV['AAPL'], 2026, 1), 'TTM to Q1 FY2026 = FY2025 + Q1 FY26 - Q1 FY25; starts the day after Q1 FY25 ended')
    ans('derived-q4', 'AAPL', "What was Apple's net income in the fourth quarter of fiscal 2025?",
        derived_q4('AAPL', NI, 2025), 'Q4 FY2025 = FY2025 - 9M FY2025 (no discrete Q4 fact); starts the day after Q3 ended')
    ans('balance-asof', 'AAPL', "Apple total assets at the end of fiscal 2025?",
        inst('AAPL', ['Assets'], fy25[1]), 'instant at FY2025 year end Sep 27 2025')
    ans('cover-page', 'AAPL', "How many Apple common shares were outstanding according to the cover page of the 10-K filed on October 31, 2025?",
        inst('AAPL', ['EntityCommonStockSharesOutstanding'], [x for x in cf_entries('AAPL', 'EntityCommonStockSharesOutstanding')[2] if x['filed'] == '2025-10-31'][0]['end'], unit='shares'),
        'dei:EntityCommonStockSharesOutstanding on the FY2025 10-K cover, as of its cover date')
    ans('fy-end-date', 'AAPL', "Apple R&D expense for the fiscal year ended September 28, 2024",
        val('AAPL', ['ResearchAndDevelopmentExpense'], fy24), 'fiscal year named by its end date (= FY2024, 52 weeks)')
    ans('growth', 'AAPL', "By how much did Apple's revenue grow in fiscal 2025 compared with fiscal 2024?",
        growth(val('AAPL', REV['AAPL'], fy25), val('AAPL', REV['AAPL'], fy24)), 'YoY growth as a fraction, carries FY2025')
    f = val('AAPL', OCF, fy24); rounding_ok(f, round(f.value / 1e9) * 1e9)
    ans('instruction', 'AAPL', "Assume you're a credit analyst. Using only the cash flow statement, how much cash did Apple generate from operating activities in fiscal 2024? Round to the nearest billion.",
        f, 'role play + source restriction + rounding; value in USD (rounded answer within tolerance)')
    no('abstain', 'AAPL', "Apple revenue for the fourth quarter of fiscal 2026?", 'insufficient_evidence',
       'FY2026 has not closed in the data (latest is Q1 FY2026)', absent('AAPL', REV['AAPL'], lambda s, e: e > '2026-01-01', 'any period ending after Q1 FY2026'))
    no('invalid-join', 'AAPL', "Divide Apple's fiscal 2025 net income by its fiscal 2024 revenue and call it the net margin.", 'rejected',
       'ratio operands cover different fiscal years')

    # ================================================================ NVIDIA (FY ends last Sunday of January)
    N10K, N10Q = 'nvda-10-k-2025-02-26.html', 'nvda-10-q-2025-08-27.html'
    nfy25 = fy('NVDA', 2025); nfy26 = fy('NVDA', 2026)
    ans('member', 'NVDA', "NVIDIA Data Center revenue, fiscal 2025?",
        ix_fact(N10K, 'Revenues', *nfy25, {'srt:ProductOrServiceAxis': 'nvda:DataCenterMember'}), 'market platform Data Center, FY2025 (Jan 29 2024 - Jan 26 2025)')
    nq2_26 = quarter('NVDA', 2026, 2)
    ans('member', 'NVDA', "What was operating income for NVIDIA's Compute & Networking segment in the second quarter of fiscal 2026?",
        ix_fact(N10Q, 'OperatingIncomeLoss', *nq2_26, {'srt:ConsolidationItemsAxis': 'us-gaap:OperatingSegmentsMember', 'us-gaap:StatementBusinessSegmentsAxis': 'nvda:ComputeAndNetworkingSegmentMember'}),
        'segment operating income, discrete Q2 FY2026 (13 weeks ended Jul 27 2025)')
    ans('member', 'NVDA', "How much of Nvidia's FY2025 revenue was attributed to Singapore?",
        ix_fact(N10K, 'Revenues', *nfy25, {'srt:StatementGeographicalAxis': 'country:SG'}), 'geography member Singapore (billing location), FY2025')
    ans('synonym', 'NVDA', "nvda capex fiscal 2026", val('NVDA', capex('NVDA'), nfy26),
        'capex = purchases related to property and equipment and intangible assets (PaymentsToAcquireProductiveAssets), FY2026')
    nq1_27 = quarter('NVDA', 2027, 1)
    ans('ordinal-quarter', 'NVDA', "What revenue did NVIDIA report for Q1 of fiscal 2027?", val('NVDA', REV['NVDA'], nq1_27),
        'first quarter FY2027 (Jan 26 - Apr 26 2026)')
    ans('half-ytd', 'NVDA', "NVIDIA net income, first half of fiscal year 2026", val('NVDA', NI, ytd('NVDA', 2026, 2)),
        'six months ended Jul 27 2025')
    ans('ttm', 'NVDA', "NVDA LTM revenue through 1Q FY27?", ttm('NVDA', REV['NVDA'], 2027, 1),
        'TTM = FY2026 + Q1 FY27 - Q1 FY26')
    ans('derived-q4', 'NVDA', "Nvidia's fourth-quarter fiscal 2026 revenue — what was it?", derived_q4('NVDA', REV['NVDA'], 2026),
        'Q4 FY2026 = FY2026 - 9M FY2026')
    ans('balance-asof', 'NVDA', "NVIDIA inventories as of April 26, 2026", inst('NVDA', ['InventoryNet'], nq1_27[1]),
        'instant at Q1 FY2027 quarter end')
    ans('growth', 'NVDA', "How much did NVIDIA's total revenue grow in fiscal 2026 versus fiscal 2025?",
        growth(val('NVDA', REV['NVDA'], nfy26), val('NVDA', REV['NVDA'], nfy25)), 'fraction, carries FY2026')
    pf = [x for x in cf_entries('NVDA', 'EntityPublicFloat')[2] if x['filed'] == '2026-02-25'][0]
    ans('cover-page', 'NVDA', "What aggregate market value of voting stock held by non-affiliates did NVIDIA disclose on the cover of its FY2026 10-K?",
        inst('NVDA', ['EntityPublicFloat'], pf['end']), 'dei:EntityPublicFloat as of the last business day of Q2 FY2026')
    ans('fy-end-date', 'NVDA', "nvidia gross profit for the year ended jan 26 2025", val('NVDA', ['GrossProfit'], nfy25),
        'fiscal year named by end date (= FY2025)')
    rd = val('NVDA', ['ResearchAndDevelopmentExpense'], nfy26); sga = val('NVDA', ['SellingGeneralAndAdministrativeExpense'], nfy26)
    ans('valid-arithmetic', 'NVDA', "For NVIDIA fiscal 2026, compute (R&D + SG&A) / revenue.",
        ratio(plus(rd, sga), val('NVDA', REV['NVDA'], nfy26), '(R&D+SG&A)/revenue'), 'user formula (A + B) / C, fraction, all FY2026')
    ans('instruction', 'NVDA', "Answer strictly from the FY2025 10-K: how much Gaming revenue did NVIDIA report for the year?",
        ix_fact(N10K, 'Revenues', *nfy25, {'srt:ProductOrServiceAxis': 'nvda:GamingMember'}), 'source restriction to the FY2025 10-K; Gaming market platform')
    no('abstain', 'NVDA', "NVIDIA revenue for the second quarter of fiscal 2027?", 'insufficient_evidence',
       'latest quarter in data is Q1 FY2027', absent('NVDA', REV['NVDA'], lambda s, e: e > nq1_27[1], 'periods after Apr 26 2026'))
    no('ambiguous', 'NVDA', "What was NVIDIA's margin in fiscal 2026?", 'needs_clarification', 'margin type (gross/operating/net) not stated')

    # ================================================================ ALPHABET (calendar year)
    G10K = 'googl-10-k-2025-02-05.html'
    gfy24 = fy('GOOGL', 2024); gfy25 = fy('GOOGL', 2025)
    ans('member', 'GOOGL', "Google Cloud revenue for 2024?",
        ix_fact(G10K, 'RevenueFromContractWithCustomerExcludingAssessedTax', *gfy24, {'us-gaap:StatementBusinessSegmentsAxis': 'goog:GoogleCloudMember'}), 'segment Google Cloud, FY2024')
    ans('member', 'GOOGL', "How much did Alphabet make from YouTube ads in fiscal year 2024?",
        ix_fact(G10K, 'RevenueFromContractWithCustomerExcludingAssessedTax', *gfy24, {'srt:ProductOrServiceAxis': 'goog:YouTubeAdvertisingRevenueMember', 'us-gaap:StatementBusinessSegmentsAxis': 'goog:GoogleServicesMember'}),
        'YouTube ads within Google Services, FY2024')
    ans('member', 'GOOGL', "What was the operating income (loss) of Alphabet's Other Bets in 2024?",
        ix_fact(G10K, 'OperatingIncomeLoss', *gfy24, {'us-gaap:StatementBusinessSegmentsAxis': 'us-gaap:AllOtherSegmentsMember'}),
        'Other Bets (tagged AllOtherSegmentsMember) operating loss, negative value, FY2024')
    ans('synonym', 'GOOGL', "How much cash did Alphabet put into share repurchases in 2025?",
        val('GOOGL', ['PaymentsForRepurchaseOfCommonStock'], gfy25), 'repurchases of stock (cash flow), FY2025')
    ans('ordinal-quarter', 'GOOGL', "GOOGL 3Q25 net income", val('GOOGL', NI, quarter('GOOGL', 2025, 3)), 'third quarter 2025')
    ans('half-ytd', 'GOOGL', "Alphabet's operating cash flow for the first nine months of 2025?", val('GOOGL', OCF, ytd('GOOGL', 2025, 3)),
        'nine-month YTD Jan 1 - Sep 30 2025')
    ans('ttm', 'GOOGL', "Alphabet trailing-twelve-month net income as of the end of Q1 2026", ttm('GOOGL', NI, 2026, 1),
        'TTM = FY2025 + Q1 26 - Q1 25')
    ans('derived-q4', 'GOOGL', "What did Alphabet spend on capex in Q4 2025?", derived_q4('GOOGL', capex('GOOGL'), 2025),
        'capex (purchases of property and equipment) Q4 = FY2025 - 9M 2025')
    ans('balance-asof', 'GOOGL', "Alphabet cash and cash equivalents at December 31, 2025", inst('GOOGL', ['CashAndCashEquivalentsAtCarryingValue'], gfy25[1]),
        'instant at FY2025 year end (latest-filed value)')
    gq1_26 = quarter('GOOGL', 2026, 1); gq1_25 = quarter('GOOGL', 2025, 1)
    ans('growth', 'GOOGL', "Alphabet revenue growth in Q1 2026 year over year?",
        growth(val('GOOGL', REV['GOOGL'], gq1_26), val('GOOGL', REV['GOOGL'], gq1_25)), 'Q1 2026 vs Q1 2025, fraction, carries Q1 2026')
    gpf = [x for x in cf_entries('GOOGL', 'EntityPublicFloat')[2] if x['filed'] == '2025-02-05'][0]
    ans('cover-page', 'GOOGL', "What public float did Alphabet report on the cover of the 10-K it filed in February 2025?",
        inst('GOOGL', ['EntityPublicFloat'], gpf['end']), 'dei:EntityPublicFloat as of Jun 28 2024')
    ans('valid-arithmetic', 'GOOGL', "Alphabet 2025: take operating income and divide it by total revenues.",
        ratio(val('GOOGL', ['OperatingIncomeLoss'], gfy25), val('GOOGL', REV['GOOGL'], gfy25), 'operating margin'), 'user-stated ratio, fraction, FY2025')
    f = val('GOOGL', ['ResearchAndDevelopmentExpense'], gfy25); rounding_ok(f, round(f.value / 1e8) * 1e8)
    ans('instruction', 'GOOGL', "Give me Alphabet's 2025 research and development expense in billions of dollars, rounded to one decimal.",
        f, 'rounding instruction; value in USD')
    no('abstain', 'GOOGL', "Alphabet revenue for the second quarter of 2026?", 'insufficient_evidence',
       'latest quarter in data is Q1 2026', absent('GOOGL', REV['GOOGL'], lambda s, e: e > gq1_26[1], 'periods after Mar 31 2026'))
    no('abstain', 'GOOGL', "How much revenue did Google Cloud generate in the third quarter of 2024?", 'insufficient_evidence',
       'quarterly segment revenue is not in the data (companyfacts has no members; the FY2024 10-K tags Google Cloud only for full years)',
       ix_absent(G10K, lambda x: x['dims'].get('us-gaap:StatementBusinessSegmentsAxis') == 'goog:GoogleCloudMember' and x['start'] and days(x['start'], x['end']) < 300, 'Google Cloud quarterly periods'))
    no('invalid-join', 'GOOGL', "Take Alphabet's Q1 2026 net income and divide by its full-year 2025 revenue to get a net margin.", 'rejected',
       'quarter numerator over annual denominator')
    no('ambiguous', 'GOOGL', "How did Alphabet's margins look?", 'needs_clarification', 'no period and no margin type')

    # ================================================================ TESLA (calendar year; data ends Q3 2022)
    tfy21 = fy('TSLA', 2021)
    ans('ordinal-quarter', 'TSLA', "Tesla revenue in the second quarter of 2022?", val('TSLA', REV['TSLA'], quarter('TSLA', 2022, 2)), 'Q2 2022 discrete')
    ans('half-ytd', 'TSLA', "TSLA 1H22 capex", val('TSLA', capex('TSLA'), ytd('TSLA', 2022, 2)), 'six months ended Jun 30 2022, purchases of PP&E')
    ans('ttm', 'TSLA', "What was Tesla's trailing twelve months revenue at September 30, 2022?", ttm('TSLA', REV['TSLA'], 2022, 3),
        'TTM = FY2021 + 9M22 - 9M21; starts Oct 1 2021')
    ans('derived-q4', 'TSLA', "Tesla net income for Q4 2021", derived_q4('TSLA', NI, 2021), 'Q4 2021 = FY2021 - 9M 2021')
    ans('balance-asof', 'TSLA', "How much cash and cash equivalents did Tesla hold on June 30, 2022?",
        inst('TSLA', ['CashAndCashEquivalentsAtCarryingValue'], quarter('TSLA', 2022, 2)[1]), 'instant at Q2 2022 end')
    ans('growth', 'TSLA', "Tesla revenue growth, nine months of 2022 versus the same nine months of 2021",
        growth(val('TSLA', REV['TSLA'], ytd('TSLA', 2022, 3)), val('TSLA', REV['TSLA'], ytd('TSLA', 2021, 3))), 'YTD over prior YTD, fraction, carries 9M 2022')
    tcov = [x for x in cf_entries('TSLA', 'EntityCommonStockSharesOutstanding')[2] if x['filed'] == '2022-10-24'][0]
    ans('cover-page', 'TSLA', "Shares outstanding on the cover of Tesla's Q3 2022 10-Q?",
        inst('TSLA', ['EntityCommonStockSharesOutstanding'], tcov['end'], unit='shares'), 'dei cover count as of Oct 18 2022 (after the 3-for-1 split)')
    ans('synonym', 'TSLA', "What did Tesla spend on research and development in 2021?", val('TSLA', ['ResearchAndDevelopmentExpense'], tfy21), 'R&D, FY2021')
    tq3 = quarter('TSLA', 2022, 3)
    ans('valid-arithmetic', 'TSLA', "For Tesla's Q3 2022, compute (R&D + SG&A) / total revenues.",
        ratio(plus(val('TSLA', ['ResearchAndDevelopmentExpense'], tq3), val('TSLA', ['SellingGeneralAndAdministrativeExpense'], tq3)), val('TSLA', REV['TSLA'], tq3), 'opex ratio'),
        '(A + B) / C over one quarter, fraction')
    ans('fy-end-date', 'TSLA', "Tesla net income attributable to common stockholders, year ended December 31, 2020", val('TSLA', NI, fy('TSLA', 2020)),
        'fiscal year named by end date')
    ans('instruction', 'TSLA', "You're a sell-side analyst updating a model. From the cash flow statement only, what was Tesla's 2021 net cash provided by operating activities?",
        val('TSLA', OCF, tfy21), 'role play + statement restriction')
    no('abstain', 'TSLA', "Tesla's full-year 2022 revenue?", 'insufficient_evidence', 'FY2022 has not closed in the data (ends with Q3 2022)',
       absent('TSLA', REV['TSLA'], lambda s, e: e == '2022-12-31', 'FY2022 / Q4 2022'))
    no('abstain', 'TSLA', "What was Tesla's net income in Q4 2022?", 'insufficient_evidence', 'Q4 2022 not derivable: FY2022 not in data',
       absent('TSLA', NI, lambda s, e: e == '2022-12-31', 'FY2022 / Q4 2022'))
    no('invalid-join', 'TSLA', "Add Tesla's Q3 2022 revenue to its nine-month 2022 revenue to get the total.", 'rejected',
       'quarter added to the YTD that already contains it')
    no('ambiguous', 'TSLA', "What was Tesla's revenue?", 'needs_clarification', 'no period given')

    # ================================================================ SNOWFLAKE (FY ends Jan 31)
    sfy25 = fy('SNOW', 2025); sfy24 = fy('SNOW', 2024)
    ans('ordinal-quarter', 'SNOW', "Snowflake revenue for the third quarter of fiscal 2025", val('SNOW', REV['SNOW'], quarter('SNOW', 2025, 3)),
        'Q3 FY2025 = Aug 1 - Oct 31 2024')
    ans('half-ytd', 'SNOW', "snow net loss 1H FY25", val('SNOW', NI, ytd('SNOW', 2025, 2)), 'six months ended Jul 31 2024; net loss as negative NetIncomeLoss')
    ans('ttm', 'SNOW', "Snowflake LTM revenue as of April 30, 2025", ttm('SNOW', REV['SNOW'], 2026, 1), 'TTM = FY2025 + Q1 FY26 - Q1 FY25')
    ans('derived-q4', 'SNOW', "What was Snowflake's Q4 FY2025 revenue?", derived_q4('SNOW', REV['SNOW'], 2025), 'Q4 FY2025 = FY2025 - 9M FY2025 (Nov 1 2024 - Jan 31 2025)')
    ans('balance-asof', 'SNOW', "Snowflake total assets as of January 31, 2025?", inst('SNOW', ['Assets'], sfy25[1]), 'instant at FY2025 year end, latest-filed value')
    ans('growth', 'SNOW', "Snowflake FY2025 revenue growth rate?", growth(val('SNOW', REV['SNOW'], sfy25), val('SNOW', REV['SNOW'], sfy24)),
        'FY2025 over FY2024, fraction')
    q1_26 = quarter('SNOW', 2026, 1)
    q4_25 = derived_q4('SNOW', REV['SNOW'], 2025)
    ans('growth', 'SNOW', "Sequential revenue growth for Snowflake in Q1 FY2026 (vs. the quarter before)?",
        growth(val('SNOW', REV['SNOW'], q1_26), q4_25), 'Q1 FY26 over derived Q4 FY25, fraction, carries Q1 FY26')
    scov = [x for x in cf_entries('SNOW', 'EntityCommonStockSharesOutstanding')[2] if x['filed'] == '2025-03-21'][0]
    ans('cover-page', 'SNOW', "How many Snowflake shares were outstanding per the cover of the fiscal 2025 10-K?",
        inst('SNOW', ['EntityCommonStockSharesOutstanding'], scov['end'], unit='shares'), 'dei cover share count')
    ans('synonym', 'SNOW', "How much did Snowflake pay to repurchase its common stock in fiscal 2025?",
        val('SNOW', ['PaymentsForRepurchaseOfCommonStock'], sfy25), 'repurchases of common stock (cash flow), FY2025')
    ans('valid-arithmetic', 'SNOW', "Snowflake FY2025 free cash flow = operating cash flow minus purchases of property and equipment. What is it?",
        minus(val('SNOW', OCF, sfy25), val('SNOW', capex('SNOW'), sfy25)), 'user-stated FCF formula, FY2025')
    ans('fy-end-date', 'SNOW', "Snowflake operating loss for the year ended January 31, 2024", val('SNOW', ['OperatingIncomeLoss'], sfy24),
        'FY2024 by end date; negative operating income')
    f = val('SNOW', ['GrossProfit'], sfy24); rounding_ok(f, round(f.value / 1e6) * 1e6)
    ans('instruction', 'SNOW', "Using only the income statement and rounding to the nearest million, what was Snowflake's gross profit in fiscal 2024?",
        f, 'statement restriction + rounding')
    no('abstain', 'SNOW', "Snowflake revenue for Q2 of fiscal 2026?", 'insufficient_evidence', 'latest quarter is Q1 FY2026',
       absent('SNOW', REV['SNOW'], lambda s, e: e > q1_26[1], 'periods after Apr 30 2025'))
    no('invalid-join', 'SNOW', "Divide Snowflake's fiscal 2025 operating cash flow by its Q1 fiscal 2026 revenue.", 'rejected', 'operands from different periods')
    no('ambiguous', 'SNOW', "What was Snowflake's revenue for calendar year 2024?", 'needs_clarification',
       'no Snowflake fiscal period covers Jan-Dec 2024 (quarters end Apr/Jul/Oct/Jan)')

    # ================================================================ MARVELL (FY ends Saturday nearest Jan 31)
    mfy26 = fy('MRVL', 2026); mfy25 = fy('MRVL', 2025)
    ans('ordinal-quarter', 'MRVL', "Marvell's net income for its third fiscal quarter of 2026", val('MRVL', NI, quarter('MRVL', 2026, 3)),
        'Q3 FY2026 (Aug 3 - Nov 1 2025)')
    ans('half-ytd', 'MRVL', "MRVL revenue, first half of FY2026", val('MRVL', REV['MRVL'], ytd('MRVL', 2026, 2)), 'six-month YTD FY2026')
    ans('ttm', 'MRVL', "Marvell Technology trailing-twelve-month revenue through the first quarter of fiscal 2027?", ttm('MRVL', REV['MRVL'], 2027, 1),
        'TTM = FY2026 + Q1 FY27 - Q1 FY26')
    ans('derived-q4', 'MRVL', "Marvell Q4 FY26 revenue", derived_q4('MRVL', REV['MRVL'], 2026), 'Q4 FY2026 = FY2026 - 9M FY2026')
    ans('balance-asof', 'MRVL', "What was Marvell's cash and cash equivalents balance at January 31, 2026?",
        inst('MRVL', ['CashAndCashEquivalentsAtCarryingValue'], mfy26[1]), 'instant at FY2026 year end')
    mq1_27 = quarter('MRVL', 2027, 1); mq1_26 = quarter('MRVL', 2026, 1)
    ans('growth', 'MRVL', "Marvell revenue growth y/y for Q1 fiscal 2027",
        growth(val('MRVL', REV['MRVL'], mq1_27), val('MRVL', REV['MRVL'], mq1_26)), 'Q1 FY27 over Q1 FY26, fraction')
    mpf = [x for x in cf_entries('MRVL', 'EntityPublicFloat')[2] if x['filed'] == '2026-03-11'][0]
    ans('cover-page', 'MRVL', "Marvell public float as reported on its fiscal 2026 10-K cover page?",
        inst('MRVL', ['EntityPublicFloat'], mpf['end']), 'dei:EntityPublicFloat')
    ans('synonym', 'MRVL', "How much stock did Marvell buy back in fiscal 2026, in dollars?", val('MRVL', ['PaymentsForRepurchaseOfCommonStock'], mfy26),
        'repurchases of common stock, FY2026')
    ans('valid-arithmetic', 'MRVL', "Marvell FY2026: gross profit divided by net revenue?",
        ratio(val('MRVL', ['GrossProfit'], mfy26), val('MRVL', REV['MRVL'], mfy26), 'gross margin'), 'user-stated ratio, fraction')
    ans('fy-end-date', 'MRVL', "Marvell net revenue for the fiscal year ended February 1, 2025", val('MRVL', REV['MRVL'], mfy25),
        'FY2025 (52 weeks ended Feb 1 2025) named by end date')
    f = val('MRVL', ['OperatingIncomeLoss'], mfy26); rounding_ok(f, round(f.value / 1e5) * 1e5)
    ans('instruction', 'MRVL', "Pretend you're my PM asking for a quick number: Marvell's fiscal 2026 operating income, in millions with one decimal.",
        f, 'role play + precision instruction')
    no('abstain', 'MRVL', "Marvell revenue for the second quarter of fiscal 2027?", 'insufficient_evidence', 'latest quarter is Q1 FY2027',
       absent('MRVL', REV['MRVL'], lambda s, e: e > mq1_27[1], 'periods after May 2 2026'))
    no('invalid-join', 'MRVL', "Compute Marvell's R&D intensity as fiscal 2026 R&D expense over fiscal 2025 revenue.", 'rejected', 'numerator and denominator in different fiscal years')
    no('ambiguous', 'MRVL', "What was Marvell's margin in Q1 FY2027?", 'needs_clarification', 'margin type not specified')

    # ================================================================ NIKE (FY ends May 31; 10-K iXBRL only)
    K = IX_MAIN['NKE']; kfy25 = fy('NKE', 2025); kfy24 = fy('NKE', 2024)
    OPS = {'srt:ConsolidationItemsAxis': 'us-gaap:OperatingSegmentsMember'}
    ans('member', 'NKE', "What were NIKE Brand revenues in Greater China for fiscal 2025?",
        ix_fact(K, 'RevenueFromContractWithCustomerExcludingAssessedTax', *kfy25, {**OPS, 'us-gaap:StatementBusinessSegmentsAxis': 'nke:NIKEBrandMember', 'us-gaap:SubsegmentsAxis': 'nke:GreaterChinaSegmentMember'}),
        'geographic operating segment Greater China, FY2025 (Jun 1 2024 - May 31 2025)')
    ans('member', 'NKE', "Converse revenues, fiscal 2025?",
        ix_fact(K, 'RevenueFromContractWithCustomerExcludingAssessedTax', *kfy25, {**OPS, 'us-gaap:StatementBusinessSegmentsAxis': 'nke:ConverseSegmentMember'}), 'Converse segment FY2025')
    ans('member', 'NKE', "Total footwear revenue across NIKE, Inc. (NIKE Brand plus Converse) for FY25?",
        ix_fact(K, 'RevenueFromContractWithCustomerExcludingAssessedTax', *kfy25, {'srt:ProductOrServiceAxis': 'nke:FootwearMember'}), 'company-wide FootwearMember total, FY2025')
    ans('synonym', 'NKE', "How much did Nike spend on share buybacks in fiscal 2025?",
        ix_fact(K, 'PaymentsForRepurchaseOfCommonStock', *kfy25), 'repurchase of common stock (cash flow), FY2025')
    ans('valid-arithmetic', 'NKE', "Nike FY2025 free cash flow, defined as cash provided by operations minus additions to property, plant and equipment?",
        minus(ix_fact(K, 'NetCashProvidedByUsedInOperatingActivities', *kfy25), ix_fact(K, 'PaymentsToAcquirePropertyPlantAndEquipment', *kfy25)), 'FCF formula, FY2025')
    ans('balance-asof', 'NKE', "What was Nike's cash balance at the start of fiscal 2025?",
        ix_fact(K, 'CashAndCashEquivalentsAtCarryingValue', None, kfy24[1]), 'start of FY2025 = balance at May 31 2024 (end of FY2024)')
    ans('balance-asof', 'NKE', "NKE total assets as of May 31, 2025", ix_fact(K, 'Assets', None, kfy25[1]), 'instant at FY2025 year end')
    ans('growth', 'NKE', "What was Nike's revenue growth rate in fiscal 2025 versus fiscal 2024?",
        growth(ix_fact(K, 'RevenueFromContractWithCustomerExcludingAssessedTax', *kfy25), ix_fact(K, 'RevenueFromContractWithCustomerExcludingAssessedTax', *kfy24)),
        'YoY change as a fraction (negative), carries FY2025')
    kcov = [x for x in ix(K) if x['name'] == 'dei:EntityCommonStockSharesOutstanding' and x['dims'].get('us-gaap:StatementClassOfStockAxis') == 'us-gaap:CommonClassBMember'][0]
    ans('cover-page', 'NKE', "How many Class B shares of Nike were outstanding per the cover of the FY2025 10-K?",
        ix_fact(K, 'dei:EntityCommonStockSharesOutstanding', None, kcov['end'], {'us-gaap:StatementClassOfStockAxis': 'us-gaap:CommonClassBMember'}), 'dei cover count, Class B')
    ans('fy-end-date', 'NKE', "nike net income fiscal year ended may 31 2024", ix_fact(K, 'NetIncomeLoss', *kfy24), 'FY2024 by end date (comparative column of the FY2025 10-K)')
    ans('instruction', 'NKE', "As an equity analyst, and based on the FY2025 10-K, what was Nike's diluted EPS for the fiscal year?",
        ix_fact(K, 'EarningsPerShareDiluted', *kfy25), 'role play + source restriction; USD per share')
    no('abstain', 'NKE', "What revenue did Nike report for the first quarter of fiscal 2026?", 'insufficient_evidence',
       'only the FY2025 10-K is in the data', ix_absent(K, lambda x: x['start'] and x['start'] > kfy25[1], 'FY2026 periods'))
    no('abstain', 'NKE', "Jordan Brand revenues for fiscal 2025?", 'insufficient_evidence',
       'Jordan Brand is not a tagged member in the Nike 10-K', ix_absent(K, lambda x: 'Revenue' in x['name'] and any('jordan' in v.lower() for v in x['dims'].values()), 'revenue of a Jordan member'))
    no('invalid-join', 'NKE', "Nike net margin using FY2025 net income over FY2024 revenues?", 'rejected', 'mixed fiscal years in one ratio')

    # ================================================================ P&G (FY ends June 30)
    P = IX_MAIN['PG']; pfy25 = fy('PG', 2025); pfy24 = fy('PG', 2024)
    ans('member', 'PG', "Procter & Gamble Beauty segment net sales in fiscal 2025?",
        ix_fact(P, 'Revenues', *pfy25, {**OPS, 'us-gaap:StatementBusinessSegmentsAxis': 'pg:BeautySegmentMember'}), 'Beauty segment, FY2025 (Jul 1 2024 - Jun 30 2025)')
    ans('member', 'PG', "PG fabric & home care net sales FY25", ix_fact(P, 'Revenues', *pfy25, {**OPS, 'us-gaap:StatementBusinessSegmentsAxis': 'pg:FabricHomeCareSegmentMember'}),
        'Fabric & Home Care segment')
    ans('member', 'PG', "What were net earnings for P&G's Health Care segment in fiscal 2025?",
        ix_fact(P, 'ProfitLoss', *pfy25, {**OPS, 'us-gaap:StatementBusinessSegmentsAxis': 'pg:HealthCareSegmentMember'}), 'segment net earnings (ProfitLoss by segment)')
    ans('synonym', 'PG', "How much did P&G pay out in dividends (cash) during fiscal 2025?", ix_fact(P, 'PaymentsOfDividends', *pfy25),
        'dividends to shareholders per the cash flow statement')
    ans('valid-arithmetic', 'PG', "For P&G's fiscal 2025, take net sales, subtract cost of products sold, then divide by net sales.",
        ratio(minus(ix_fact(P, 'Revenues', *pfy25), ix_fact(P, 'CostOfGoodsAndServicesSold', *pfy25)), ix_fact(P, 'Revenues', *pfy25), 'gross margin'),
        'user-stated (A - B) / A, fraction, FY2025')
    ans('balance-asof', 'PG', "P&G total assets on June 30, 2025", ix_fact(P, 'Assets', None, pfy25[1]), 'instant FY2025 year end')
    ans('growth', 'PG', "P&G net sales growth for fiscal 2025?", growth(ix_fact(P, 'Revenues', *pfy25), ix_fact(P, 'Revenues', *pfy24)), 'fraction, carries FY2025')
    pcov = [x for x in ix(P) if x['name'] == 'dei:EntityCommonStockSharesOutstanding' and not x['dims']][0]
    ans('cover-page', 'PG', "Shares of common stock outstanding on the cover of Procter & Gamble's FY2025 10-K?",
        ix_fact(P, 'dei:EntityCommonStockSharesOutstanding', None, pcov['end']), 'dei cover count')
    ans('fy-end-date', 'PG', "P&G operating income for the year ended June 30, 2024", ix_fact(P, 'OperatingIncomeLoss', *pfy24), 'FY2024 by end date')
    f = ix_fact(P, 'NetCashProvidedByUsedInOperatingActivities', *pfy25); rounding_ok(f, round(f.value / 1e8) * 1e8)
    ans('instruction', 'PG', "Round to one decimal place, in billions: Procter & Gamble's operating cash flow for fiscal 2025.", f, 'rounding instruction')
    no('abstain', 'PG', "P&G net sales for the third quarter of fiscal 2025 (January-March 2025)?", 'insufficient_evidence',
       'quarterly results are not in the data (10-K only)', ix_absent(P, lambda x: x['name'] == 'us-gaap:Revenues' and x['start'] and days(x['start'], x['end']) < 300, 'quarterly net sales'))
    no('abstain', 'PG', "How much revenue did the Gillette brand generate for P&G in fiscal 2025?", 'insufficient_evidence',
       'Gillette is a brand, not a revenue member (the segment is Grooming; pg:GilletteMember only tags an intangible-asset impairment)',
       ix_absent(P, lambda x: 'Revenue' in x['name'] and any('gillette' in v.lower() for v in x['dims'].values()), 'revenue of a Gillette member'))
    no('invalid-join', 'PG', "Divide P&G's fiscal 2025 operating income by its fiscal 2024 net sales.", 'rejected', 'operands from different fiscal years')
    no('ambiguous', 'PG', "What's P&G's EPS?", 'needs_clarification', 'no period, basic vs diluted not stated')

    # ================================================================ WALMART (FY ends Jan 31)
    W = IX_MAIN['WMT']; wfy25 = fy('WMT', 2025); wfy24 = fy('WMT', 2024)
    ans('member', 'WMT', "Walmart U.S. segment net sales for fiscal 2025",
        ix_fact(W, 'RevenueFromContractWithCustomerExcludingAssessedTax', *wfy25, {**OPS, 'us-gaap:StatementBusinessSegmentsAxis': 'wmt:WalmartUSMember'}), 'segment net sales, FY2025 (Feb 1 2024 - Jan 31 2025)')
    ans('member', 'WMT', "What was Sam's Club U.S. operating income in FY2025?",
        ix_fact(W, 'OperatingIncomeLoss', *wfy25, {**OPS, 'us-gaap:StatementBusinessSegmentsAxis': 'wmt:SamsClubUSMember'}), "Sam's Club U.S. segment operating income")
    ans('member', 'WMT', "walmart international net sales fy25", ix_fact(W, 'RevenueFromContractWithCustomerExcludingAssessedTax', *wfy25, {**OPS, 'us-gaap:StatementBusinessSegmentsAxis': 'wmt:WalmartInternationalMember'}),
        'Walmart International segment net sales')
    ans('synonym', 'WMT', "What were Walmart's total revenues (net sales plus membership and other income) in fiscal 2025?", ix_fact(W, 'Revenues', *wfy25), 'total revenues line')
    ans('valid-arithmetic', 'WMT', "Walmart fiscal 2025: net cash provided by operating activities less payments for property and equipment?",
        minus(ix_fact(W, 'NetCashProvidedByUsedInOperatingActivities', *wfy25), ix_fact(W, 'PaymentsToAcquirePropertyPlantAndEquipment', *wfy25)), 'FCF formula')
    ans('balance-asof', 'WMT', "Walmart inventories at January 31, 2025?", ix_fact(W, 'InventoryNet', None, wfy25[1]), 'instant at FY2025 year end')
    ans('growth', 'WMT', "Walmart total revenue growth in fiscal 2025 vs fiscal 2024", growth(ix_fact(W, 'Revenues', *wfy25), ix_fact(W, 'Revenues', *wfy24)), 'fraction')
    wcov = [x for x in ix(W) if x['name'] == 'dei:EntityCommonStockSharesOutstanding' and not x['dims']][0]
    ans('cover-page', 'WMT', "How many Walmart shares were outstanding as of the date on the 10-K cover (fiscal 2025 report)?",
        ix_fact(W, 'dei:EntityCommonStockSharesOutstanding', None, wcov['end']), 'dei cover count')
    ans('fy-end-date', 'WMT', "Consolidated net income attributable to Walmart for the fiscal year ended January 31, 2024?", ix_fact(W, 'NetIncomeLoss', *wfy24), 'FY2024 by end date')
    f = ix_fact(W, 'PaymentsForRepurchaseOfCommonStock', *wfy25); rounding_ok(f, round(f.value / 1e8) * 1e8)
    ans('instruction', 'WMT', "I'm building a capital-return slide — using the cash flow statement, how much did Walmart spend purchasing company stock in FY2025? Give it in $bn to one decimal.", f,
        'role play + statement restriction + rounding; purchase of Company stock')
    no('abstain', 'WMT', "Walmart revenue for fiscal 2026?", 'insufficient_evidence', 'latest fiscal year in data is FY2025',
       ix_absent(W, lambda x: x['start'] and x['end'] > wfy25[1] and days(x['start'], x['end']) > 300, 'FY2026'))
    no('invalid-join', 'WMT', "Add Walmart's January 31, 2025 inventory balance to its fiscal 2025 net sales.", 'rejected', 'balance added to a flow')
    no('ambiguous', 'WMT', "walmart revenue?", 'needs_clarification', 'no period given')

    # ================================================================ WELLS FARGO (cover page only in primary document)
    F = IX_MAIN['WFC']
    fpf = [x for x in ix(F) if x['name'] == 'dei:EntityPublicFloat'][0]
    ans('cover-page', 'WFC', "What was Wells Fargo's public float as disclosed on its 2024 10-K cover?", ix_fact(F, 'dei:EntityPublicFloat', None, fpf['end']), 'dei:EntityPublicFloat as of Jun 28 2024')
    fso = [x for x in ix(F) if x['name'] == 'dei:EntityCommonStockSharesOutstanding'][0]
    ans('cover-page', 'WFC', "WFC common shares outstanding per the cover of the 10-K filed Feb 2025", ix_fact(F, 'dei:EntityCommonStockSharesOutstanding', None, fso['end']), 'dei cover count')
    no('abstain', 'WFC', "What was Wells Fargo's net interest income in the third quarter of 2024?", 'insufficient_evidence',
       'Wells Fargo financial statements are in Exhibit 13, not in the data; the primary document tags only cover items',
       ix_absent(F, lambda x: 'InterestIncome' in x['name'], 'interest income'))

    # ================================================================ LPA (IFRS 20-F, calendar year)
    lfy24 = fy('LPA', 2024); lfy23 = fy('LPA', 2023)
    ans('synonym', 'LPA', "Logistic Properties of the Americas: rental income for 2024?", val('LPA', ['RentalIncome'], lfy24), 'ifrs-full:RentalIncome FY2024')
    ans('balance-asof', 'LPA', "What was the carrying value of LPA's investment property at December 31, 2024?", inst('LPA', ['InvestmentProperty'], lfy24[1]), 'instant FY2024 year end')
    ans('growth', 'LPA', "LPA total revenue growth in 2024?", growth(val('LPA', REV['LPA'], lfy24), val('LPA', REV['LPA'], lfy23)), 'fraction, carries FY2024')
    ans('fy-end-date', 'LPA', "Logistic Properties of the Americas basic earnings per share for the year ended December 31, 2023", val('LPA', ['BasicEarningsLossPerShare'], lfy23, unit='USD/shares'),
        'FY2023 EPS as restated in the FY2024 20-F (the latest filing); the FY2023 20-F showed a different figure')
    ans('valid-arithmetic', 'LPA', "LPA debt-to-equity at year-end 2024, computed as total liabilities divided by total equity?",
        ratio(inst('LPA', ['Liabilities'], lfy24[1]), inst('LPA', ['Equity'], lfy24[1]), 'liabilities/equity'), 'ratio of two balances at one date, fraction (instant)')
    ans('instruction', 'LPA', "Based on the FY2024 20-F, what profit (loss) attributable to owners of the parent did LPA report for 2024?",
        val('LPA', ['ProfitLossAttributableToOwnersOfParent'], lfy24), 'source restriction; loss as negative')
    lcov = sorted(cf_entries('LPA', 'EntityCommonStockSharesOutstanding')[2], key=lambda x: x['filed'])[-1]
    ans('cover-page', 'LPA', "How many LPA ordinary shares were outstanding according to the cover of its latest annual report?",
        inst('LPA', ['EntityCommonStockSharesOutstanding'], lcov['end'], unit='shares'), 'dei cover count from the latest 20-F/A')
    no('abstain', 'LPA', "LPA revenue for the first half of 2024?", 'insufficient_evidence', '20-F annual data only',
       absent('LPA', REV['LPA'], lambda s, e: s and days(s, e) < 300, 'sub-annual periods'))

    # ================================================================ CROSS-COMPANY (each in its own fiscal year)
    ans('cross-company', ['NKE', 'PG'], "Compare fiscal 2025 net income for Nike and Procter & Gamble.",
        [ix_fact(K, 'NetIncomeLoss', *kfy25), ix_fact(P, 'NetIncomeLoss', *pfy25)], 'Nike FY ends May 31 2025, P&G FY ends Jun 30 2025; net income attributable to each parent')
    ans('cross-company', ['WMT', 'NVDA'], "Walmart vs NVIDIA: total revenue for each company's fiscal 2025.",
        [ix_fact(W, 'Revenues', *wfy25), val('NVDA', REV['NVDA'], nfy25)], 'both FYs end late Jan 2025 but differ (Jan 31 vs Jan 26)')
    ans('cross-company', ['AAPL', 'GOOGL'], "R&D spend in fiscal 2024: Apple and Alphabet?",
        [val('AAPL', ['ResearchAndDevelopmentExpense'], fy24), val('GOOGL', ['ResearchAndDevelopmentExpense'], gfy24)], 'Apple FY ends Sep 28 2024; Alphabet calendar 2024')
    ans('cross-company', ['SNOW', 'MRVL'], "Snowflake and Marvell revenue for fiscal year 2025, side by side",
        [val('SNOW', REV['SNOW'], sfy25), val('MRVL', REV['MRVL'], mfy25)], 'Snowflake FY2025 ends Jan 31 2025; Marvell FY2025 ends Feb 1 2025')
    ans('cross-company', ['TSLA', 'GOOGL'], "What were Tesla's and Alphabet's net incomes in 2021?",
        [val('TSLA', NI, tfy21), val('GOOGL', NI, fy('GOOGL', 2021))], 'both calendar 2021')
    ans('cross-company', ['NKE', 'WMT'], "Which had more cash and cash equivalents at its fiscal 2025 year end, Nike or Walmart? Give both figures.",
        [ix_fact(K, 'CashAndCashEquivalentsAtCarryingValue', None, kfy25[1]), ix_fact(W, 'CashAndCashEquivalentsAtCarryingValue', None, wfy25[1])], 'instants May 31 2025 and Jan 31 2025')
    ans('cross-company', ['AAPL', 'NVDA', 'MRVL'], "Operating income for fiscal 2025 at Apple, NVIDIA and Marvell?",
        [val('AAPL', ['OperatingIncomeLoss'], fy25), val('NVDA', ['OperatingIncomeLoss'], nfy25), val('MRVL', ['OperatingIncomeLoss'], mfy25)],
        'three fiscal calendars: Sep 27 2025, Jan 26 2025, Feb 1 2025')
    ans('cross-company', ['PG', 'WMT'], "Total assets of P&G and Walmart at the end of their respective fiscal 2025 years",
        [ix_fact(P, 'Assets', None, pfy25[1]), ix_fact(W, 'Assets', None, wfy25[1])], 'instants Jun 30 2025 and Jan 31 2025')
    ans('cross-company', ['TSLA', 'SNOW'], "Tesla vs Snowflake R&D expense, fiscal 2021 for each",
        [val('TSLA', ['ResearchAndDevelopmentExpense'], tfy21), val('SNOW', ['ResearchAndDevelopmentExpense'], fy('SNOW', 2021))],
        'Tesla calendar 2021; Snowflake FY2021 ended Jan 31 2021')
    ans('cross-company', ['GOOGL', 'MRVL'], "capex in FY2025 — alphabet and marvell",
        [val('GOOGL', capex('GOOGL'), gfy25), val('MRVL', capex('MRVL'), mfy25)], 'Alphabet calendar 2025; Marvell FY2025 ended Feb 1 2025')
    no('abstain', ['AMD'], "What was AMD's revenue in fiscal 2024?", 'insufficient_evidence', 'company not in the corpus',
       lambda: 'no AMD companyfacts or filing in ' + ', '.join(sorted(CF) + sorted(IX_FILES)))

    # ================================================================ more period-shape questions (second pass over the companies)
    ans('member', 'AAPL', "Apple Americas segment operating income for the nine months ended June 28, 2025?",
        ix_fact(A10Q, 'OperatingIncomeLoss', *ytd('AAPL', 2025, 3), {'us-gaap:StatementBusinessSegmentsAxis': 'aapl:AmericasSegmentMember'}),
        'segment member, nine-month YTD FY2025 from the Q3 FY2025 10-Q (not the three-month column)')
    ans('member', 'NVDA', "nvidia networking revenue Q2 FY2026",
        ix_fact(N10Q, 'Revenues', *nq2_26, {'srt:ProductOrServiceAxis': 'nvda:NetworkingMember'}), 'Networking (within Data Center) product member, discrete Q2 FY2026')
    ans('ordinal-quarter', 'NVDA', "What was NVIDIA's net income in the second quarter of fiscal 2026?", val('NVDA', NI, nq2_26), 'Q2 FY2026 (Apr 28 - Jul 27 2025)')
    ans('ordinal-quarter', 'SNOW', "Snowflake first-quarter fiscal 2026 net loss?", val('SNOW', NI, q1_26), 'Q1 FY2026 (Feb 1 - Apr 30 2025), negative')
    ans('ordinal-quarter', 'MRVL', "Gross profit at Marvell in its fiscal Q2 2026", val('MRVL', ['GrossProfit'], quarter('MRVL', 2026, 2)), 'Q2 FY2026 (May 4 - Aug 2 2025)')
    ans('ordinal-quarter', 'GOOGL', "Alphabet operating income, second quarter of 2025", val('GOOGL', ['OperatingIncomeLoss'], quarter('GOOGL', 2025, 2)), 'Q2 2025')
    ans('half-ytd', 'AAPL', "Apple's operating cash flow for the nine months of fiscal 2025 (through June 28, 2025)", val('AAPL', OCF, ytd('AAPL', 2025, 3)), '9M YTD FY2025')
    ans('half-ytd', 'MRVL', "Marvell capex in the first nine months of fiscal 2026", val('MRVL', capex('MRVL'), ytd('MRVL', 2026, 3)), '9M YTD FY2026 (Feb 2 - Nov 1 2025)')
    ans('half-ytd', 'TSLA', "tesla 9M21 net income", val('TSLA', NI, ytd('TSLA', 2021, 3)), '9M YTD 2021')
    ans('half-ytd', 'GOOGL', "Alphabet revenues for the first half of 2025?", val('GOOGL', REV['GOOGL'], ytd('GOOGL', 2025, 2)), 'six months ended Jun 30 2025')
    ans('ttm', 'AAPL', "Apple's LTM net income as of the June 2025 quarter", ttm('AAPL', NI, 2025, 3), 'TTM to Q3 FY2025 = FY2024 + 9M FY25 - 9M FY24')
    ans('ttm', 'MRVL', "Marvell trailing 12-month net income as of the end of its third quarter of fiscal 2026", ttm('MRVL', NI, 2026, 3), 'TTM = FY2025 + 9M FY26 - 9M FY25')
    ans('ttm', 'SNOW', "Snowflake's trailing twelve months operating cash flow as of October 31, 2024", ttm('SNOW', OCF, 2025, 3), 'TTM from cash-flow YTD facts: FY2024 + 9M FY25 - 9M FY24')
    ans('ttm', 'TSLA', "Tesla TTM net income at June 30, 2022?", ttm('TSLA', NI, 2022, 2), 'TTM = FY2021 + 1H22 - 1H21')
    ans('derived-q4', 'AAPL', "Apple revenue in Q4 of fiscal 2024", derived_q4('AAPL', REV['AAPL'], 2024), 'Q4 FY2024 = FY2024 - 9M FY2024')
    ans('derived-q4', 'SNOW', "snowflake 4Q FY24 net loss", derived_q4('SNOW', NI, 2024), 'Q4 FY2024 = FY2024 - 9M FY2024 (Nov 1 2023 - Jan 31 2024)')
    ans('derived-q4', 'NVDA', "NVIDIA operating income for the fourth quarter of fiscal 2025?", derived_q4('NVDA', ['OperatingIncomeLoss'], 2025), 'Q4 FY2025 = FY2025 - 9M FY2025')
    ans('derived-q4', 'TSLA', "Tesla's Q4 2021 free cash flow (operating cash flow minus capital expenditures)",
        minus(derived_q4('TSLA', OCF, 2021), derived_q4('TSLA', capex('TSLA'), 2021)), 'Q4 OCF and Q4 capex each = FY2021 - 9M 2021; FCF = difference')
    ans('synonym', 'AAPL', "What was Apple's top line in fiscal 2025?", val('AAPL', REV['AAPL'], fy25), '"top line" = total net sales, FY2025')
    ans('synonym', 'NKE', "Nike cost of sales, fiscal 2025", ix_fact(K, 'CostOfGoodsAndServicesSold', *kfy25), 'cost of sales line, FY2025')
    ans('synonym', 'SNOW', "What was Snowflake's bottom line in fiscal 2025?", val('SNOW', NI, sfy25), '"bottom line" = net income (loss), FY2025, negative')
    ans('synonym', 'NVDA', "NVIDIA cash from ops for fiscal 2026?", val('NVDA', OCF, nfy26), '"cash from ops" = net cash provided by operating activities, FY2026')
    gp = val('NVDA', ['GrossProfit'], nfy26); rv = val('NVDA', REV['NVDA'], nfy26); gm = ratio(gp, rv, 'gross margin')
    gm_pct = Fact(round(gm.value * 100, 10), gm.start, gm.end, gm.src + ' x 100 (percent)')
    rounding_ok(gm_pct, round(gm_pct.value, 1))
    ans('instruction', 'NVDA', "Express NVIDIA's fiscal 2026 gross margin as a percentage, rounded to one decimal place.", gm_pct,
        'percent requested explicitly: value is the percent number (not a fraction); gross profit / revenue, FY2026')
    ans('instruction', 'SNOW', "Please answer in thousands of dollars as the 10-K presents it: Snowflake research and development expense, fiscal 2025.",
        val('SNOW', ['ResearchAndDevelopmentExpense'], sfy25), 'unit instruction; expected value stated in base USD')
    aq1_25 = quarter('AAPL', 2025, 1)
    ans('valid-arithmetic', 'AAPL', "Apple: Q1 FY26 revenue minus Q1 FY25 revenue?",
        Fact(val('AAPL', REV['AAPL'], aq1_26).value - val('AAPL', REV['AAPL'], aq1_25).value, aq1_26[0], aq1_26[1],
             f"change = {val('AAPL', REV['AAPL'], aq1_26).src} minus {val('AAPL', REV['AAPL'], aq1_25).src}"),
        'difference between two periods = a change, carries the later period (Q1 FY2026)')
    nq1_26 = quarter('NVDA', 2026, 1)
    h = Fact(val('NVDA', REV['NVDA'], nq1_26).value + val('NVDA', REV['NVDA'], nq2_26).value, nq1_26[0], nq2_26[1],
             f"Q1 + Q2 = {val('NVDA', REV['NVDA'], nq1_26).src} plus {val('NVDA', REV['NVDA'], nq2_26).src}")
    hy = val('NVDA', REV['NVDA'], ytd('NVDA', 2026, 2)); assert abs(hy.value - h.value) <= 1e6, (hy.value, h.value)
    ans('valid-arithmetic', 'NVDA', "Add up NVIDIA's Q1 and Q2 fiscal 2026 revenue.", h,
        'contiguous quarters summed = one value for the combined span (first half FY2026 dates); equals the reported 6M YTD')
    no('invalid-join', 'NVDA', "Build NVIDIA's TTM revenue as fiscal 2026 revenue plus Q1 fiscal 2027 revenue.", 'rejected',
       'FY2026 + Q1 FY27 spans 15 months, not a trailing twelve months')
    gq1 = quarter('GOOGL', 2026, 1)
    ans('balance-asof', 'GOOGL', "Alphabet long-term debt (non-current) at March 31, 2026", inst('GOOGL', ['LongTermDebtNoncurrent'], gq1[1]), 'instant at Q1 2026 end')
    no('ambiguous', 'NKE', "How profitable was Nike in fiscal 2025 — what was the margin?", 'needs_clarification', 'margin type not stated')
    no('ambiguous', 'AAPL', "Apple revenue for Q4?", 'needs_clarification', 'no fiscal year given')
    no('abstain', 'AAPL', "What was Apple's revenue in fiscal 2005?", 'insufficient_evidence', 'before the first period in the data',
       absent('AAPL', ['RevenueFromContractWithCustomerExcludingAssessedTax', 'SalesRevenueNet', 'Revenues'], lambda s, e: e < '2006-06-30', 'fiscal 2005'))


if __name__ == '__main__':
    n_ok, n_missing = crosscheck_all_ix()
    for fn in IX_FILES: ix_internal_check(fn)
    build()
    ids = [q['id'] for q in Q]; assert len(set(ids)) == len(ids)
    with open(OUT, 'w') as fh:
        for q in Q: fh.write(json.dumps(q, ensure_ascii=False) + '\n')
    cats = collections.Counter(q['category'] for q in Q)
    cos = collections.Counter(t for q in Q for t in re.match(r'[^\[]*\[([^\]]*)\]', q['note']).group(1).split('/'))
    print(f'wrote {len(Q)} questions to {OUT}')
    print(f'iXBRL/companyfacts cross-check: {n_ok} non-dimensional iXBRL facts equal companyfacts (same accession); {n_missing} not in companyfacts')
    print('categories:', dict(sorted(cats.items())))
    print('companies:', dict(sorted(cos.items())))
