#!/usr/bin/env python3
"""Builds lib/eval/golden/analyst-other.jsonl: analyst-worded questions on Apple, NVIDIA, Alphabet and Marvell
with ground truth read straight from the companyfacts files (independent of Ledgerline's code).
Usage: python3 scripts/golden/build-analyst-other.py > lib/eval/golden/analyst-other.jsonl  (SEC_DATA_DIR overrides ../shared/data)"""
import json,sys,glob,os,functools
@functools.lru_cache(maxsize=None)
def load(t):
    f=glob.glob(os.path.join(os.environ.get('SEC_DATA_DIR', os.path.join(os.path.dirname(__file__), '..', '..', '..', 'shared', 'data')), 'sec-companyfacts', f'*_{t}_companyfacts*.json'))[0]
    return json.load(open(f))
def facts(t,concept,ns='us-gaap',unit=None):
    d=load(t)['facts'][ns].get(concept)
    if not d: return []
    out=[]
    for u,arr in d['units'].items():
        if unit and u!=unit: continue
        for x in arr: out.append(dict(x,unit=u))
    return out
def periods(t,concept,ns='us-gaap'):
    seen={}
    for x in facts(t,concept,ns):
        k=(x.get('start'),x['end'])
        if k not in seen or x['filed']>seen[k]['filed']: seen[k]=x
    return seen
REV={'NVDA':['Revenues'],'AAPL':['RevenueFromContractWithCustomerExcludingAssessedTax'],'GOOGL':['Revenues','RevenueFromContractWithCustomerExcludingAssessedTax'],'MRVL':['RevenueFromContractWithCustomerExcludingAssessedTax']}
def v(t,c,start,end):
    cs=REV[t] if c=='rev' else [c]
    for cc in cs:
        p=periods(t,cc)
        if (start,end) in p: return p[(start,end)]['val']
    raise SystemExit(f'missing {t} {c} {start} {end}')
items=[]
def ans(id,q,vals,note):
    items.append({'id':id,'question':q,'expect':{'status':'answered','values':[dict(value=x['value'],end=x['end'],tol=x.get('tol',0.0005),period_type='instant' if x.get('start') is None else 'duration',**({'start':x['start']} if x.get('start') else {}),accept=[x['value']]) for x in vals]},'note':note})
def D(t,c,s,e): return dict(value=v(t,c,s,e),start=s,end=e)
def I(t,c,e): return dict(value=v(t,c,None,e),end=e)
def R(val,s,e): return dict(value=val,start=s,end=e,tol=0.001)
def no(id,q,status,note): items.append({'id':id,'question':q,'expect':{'status':status,'values':[]},'note':note})
# --- alias
ans('p-alias-01','NVIDIA Corporation (NASDAQ:NVDA) revenue for fiscal 2025',[D('NVDA','rev','2024-01-29','2025-01-26')],'alias: registrant + exchange code')
ans('p-alias-02','$AAPL net income FY2023',[D('AAPL','NetIncomeLoss','2022-09-25','2023-09-30')],'alias: cashtag')
ans('p-alias-03','Marvell Technology revenue, fiscal year 2026',[D('MRVL','rev','2025-02-02','2026-01-31')],'alias: short name')
ans('p-alias-04','alphabet operating income 2024',[D('GOOGL','OperatingIncomeLoss','2024-01-01','2024-12-31')],'alias: lowercase name')
ans('p-alias-05','AAPL US Equity gross profit FY24',[D('AAPL','GrossProfit','2023-10-01','2024-09-28')],'alias: terminal code')
# --- fy shorthand
ans('p-fy-01',"Nvidia FY'26 operating income",[D('NVDA','OperatingIncomeLoss','2025-01-27','2026-01-25')],'fy-shorthand')
ans('p-fy-02','Apple fiscal 25 revenue',[D('AAPL','rev','2024-09-29','2025-09-27')],'fy-shorthand')
ans('p-fy-03','MRVL FY-2025 revenue',[D('MRVL','rev','2024-02-04','2025-02-01')],'fy-shorthand: 52/53-week year ending Feb 1')
ans('p-fy-04','GOOGL CY2025 revenue',[D('GOOGL','rev','2025-01-01','2025-12-31')],'fy-shorthand: CY for calendar filer')
# --- fy end date
ans('p-fyend-01','NVIDIA revenue for the fiscal year ended January 28, 2024',[D('NVDA','rev','2023-01-30','2024-01-28')],'fy-end-date')
ans('p-fyend-02',"Apple's net income for the year ended September 28, 2024",[D('AAPL','NetIncomeLoss','2023-10-01','2024-09-28')],'fy-end-date')
ans('p-fyend-03','Marvell revenue in the fiscal year that ended on February 1, 2025',[D('MRVL','rev','2024-02-04','2025-02-01')],'fy-end-date')
# --- ordinal quarter
ans('p-q-01','Nvidia 3Q FY25 revenue',[D('NVDA','rev','2024-07-29','2024-10-27')],'ordinal-quarter')
ans('p-q-02',"Apple's second fiscal quarter 2025 net income",[D('AAPL','NetIncomeLoss','2024-12-29','2025-03-29')],'ordinal-quarter')
ans('p-q-03','Nvidia revenue for the quarter ended October 27, 2024',[D('NVDA','rev','2024-07-29','2024-10-27')],'ordinal-quarter: by end date')
ans('p-q-04','Alphabet Q3 2025 operating income',[D('GOOGL','OperatingIncomeLoss','2025-07-01','2025-09-30')],'ordinal-quarter')
ans('p-q-05','MRVL 1QFY27 revenue',[D('MRVL','rev','2026-02-01','2026-05-02')],'ordinal-quarter: code')
ans('p-q-06',"Apple gross profit in the three months to June 28, 2025",[D('AAPL','GrossProfit','2025-03-30','2025-06-28')],'ordinal-quarter: three months to')
# --- derived q4
q4=v('NVDA','rev','2024-01-29','2025-01-26')-v('NVDA','rev','2024-01-29','2024-10-27')
ans('p-q4-01','Nvidia fourth-quarter fiscal 2025 revenue',[dict(value=q4,start='2024-10-28',end='2025-01-26')],'derived-q4: hyphenated ordinal')
q4a=v('AAPL','NetIncomeLoss','2024-09-29','2025-09-27')-v('AAPL','NetIncomeLoss','2024-09-29','2025-06-28')
ans('p-q4-02','Apple net income, Q4 FY2025',[dict(value=q4a,start='2025-06-29',end='2025-09-27')],'derived-q4')
q4g=v('GOOGL','OperatingIncomeLoss','2025-01-01','2025-12-31')-v('GOOGL','OperatingIncomeLoss','2025-01-01','2025-09-30')
ans('p-q4-03','Alphabet operating income for the December 2025 quarter',[dict(value=q4g,start='2025-10-01',end='2025-12-31')],'derived-q4: month-named quarter')
# --- half / ytd
ans('p-ytd-01','NVIDIA revenue in the six months ended July 28, 2024',[D('NVDA','rev','2024-01-29','2024-07-28')],'half-ytd')
ans('p-ytd-02','Apple 9M FY25 revenue',[D('AAPL','rev','2024-09-29','2025-06-28')],'half-ytd')
ans('p-ytd-03','Alphabet first-half 2025 net income',[D('GOOGL','NetIncomeLoss','2025-01-01','2025-06-30')],'half-ytd: hyphenated')
ans('p-ytd-04','Marvell year-to-date revenue through the third quarter of fiscal 2026',[D('MRVL','rev','2025-02-02','2025-11-01')],'half-ytd')
# --- ttm
ttm=v('NVDA','rev','2025-01-27','2026-01-25')+v('NVDA','rev','2026-01-26','2026-04-26')-v('NVDA','rev','2025-01-27','2025-04-27')
ans('p-ttm-01','Nvidia LTM revenue as of 1Q FY2027',[dict(value=ttm,start='2025-04-28',end='2026-04-26')],'ttm')
ttm2=v('AAPL','NetIncomeLoss','2023-10-01','2024-09-28')+v('AAPL','NetIncomeLoss','2024-09-29','2025-06-28')-v('AAPL','NetIncomeLoss','2023-10-01','2024-06-29')
ans('p-ttm-02','Apple trailing twelve months net income through June 2025',[dict(value=ttm2,start='2024-06-30',end='2025-06-28')],'ttm: month-named end')
# --- synonyms / simple ratios
ans('p-syn-01','Apple FY2024 top line',[D('AAPL','rev','2023-10-01','2024-09-28')],'synonym: top line = revenue')
ans('p-syn-02','Nvidia bottom line fiscal 2026 Q1',[D('NVDA','NetIncomeLoss','2025-01-27','2025-04-27')],'synonym: bottom line = net income; Q1 FY2026')
gm=v('NVDA','GrossProfit','2024-01-29','2025-01-26')/v('NVDA','rev','2024-01-29','2025-01-26')
ans('p-syn-03','NVDA gross margin % for fiscal 2025',[R(gm,'2024-01-29','2025-01-26')],'synonym: gross margin')
om=v('GOOGL','OperatingIncomeLoss','2025-01-01','2025-12-31')/v('GOOGL','rev','2025-01-01','2025-12-31')
ans('p-syn-04','Alphabet operating margin 2025',[R(om,'2025-01-01','2025-12-31')],'synonym: op margin')
nm=v('AAPL','NetIncomeLoss','2023-10-01','2024-09-28')/v('AAPL','rev','2023-10-01','2024-09-28')
ans('p-syn-05',"What was Apple's net profit margin in fiscal 2024?",[R(nm,'2023-10-01','2024-09-28')],'synonym: net profit margin')
# --- balance
ans('p-bal-01',"Apple total assets at the end of fiscal 2025",[I('AAPL','Assets','2025-09-27')],'balance-asof')
ans('p-bal-02',"Apple current liabilities as of December 27, 2025",[I('AAPL','LiabilitiesCurrent','2025-12-27')],'balance-asof')
ans('p-bal-03',"Apple shareholders' equity at 6/28/25",[I('AAPL','StockholdersEquity','2025-06-28')],'balance-asof: US numeric date')
# --- growth
g=v('NVDA','rev','2024-01-29','2025-01-26')/v('NVDA','rev','2023-01-30','2024-01-28')-1
ans('p-gr-01','Nvidia fiscal 2025 revenue growth year over year',[R(g,'2024-01-29','2025-01-26')],'growth: yoy')
sq=v('NVDA','rev','2025-04-28','2025-07-27')/v('NVDA','rev','2025-01-27','2025-04-27')-1
ans('p-gr-02','NVDA sequential revenue growth in Q2 FY26',[R(sq,'2025-04-28','2025-07-27')],'growth: sequential')
qy=v('AAPL','rev','2025-09-28','2025-12-27')/v('AAPL','rev','2024-09-29','2024-12-28')-1
ans('p-gr-03','Apple Q1 FY26 revenue growth versus the prior-year quarter',[R(qy,'2025-09-28','2025-12-27')],'growth: quarter yoy')
ch=v('GOOGL','NetIncomeLoss','2025-01-01','2025-12-31')-v('GOOGL','NetIncomeLoss','2024-01-01','2024-12-31')
ans('p-gr-04','By how much did Alphabet net income change from 2024 to 2025?',[dict(value=ch,start='2025-01-01',end='2025-12-31')],'growth: change')
# --- multi-year
ans('p-multi-01','Nvidia revenue for fiscal 2024, 2025 and 2026',[D('NVDA','rev','2023-01-30','2024-01-28'),D('NVDA','rev','2024-01-29','2025-01-26'),D('NVDA','rev','2025-01-27','2026-01-25')],'multi-year')
# --- cross company
ans('p-cross-01','Apple vs Nvidia revenue in their fiscal 2025',[D('AAPL','rev','2024-09-29','2025-09-27'),D('NVDA','rev','2024-01-29','2025-01-26')],'cross-company: own calendars')
# --- valid arithmetic
h=v('GOOGL','rev','2025-01-01','2025-03-31')+v('GOOGL','rev','2025-04-01','2025-06-30')
ans('p-arith-01','Alphabet Q1 2025 revenue plus Q2 2025 revenue',[dict(value=h,start='2025-01-01',end='2025-06-30')],'valid-arithmetic: contiguous quarters')
d=v('AAPL','GrossProfit','2024-09-29','2025-09-27')-v('AAPL','NetIncomeLoss','2024-09-29','2025-09-27')
ans('p-arith-02','Apple FY2025 gross profit minus net income',[dict(value=d,start='2024-09-29',end='2025-09-27')],'valid-arithmetic: same period')
# --- invalid joins
no('p-inv-01','Nvidia Q3 FY25 revenue added to its nine-month FY25 revenue','rejected','invalid-join: quarter + containing ytd')
no('p-inv-02','Apple FY2025 net income divided by FY2024 revenue','rejected','invalid-join: ratio across periods')
no('p-inv-03','Apple total assets at fiscal 2025 year-end plus FY2025 revenue','rejected','invalid-join: instant + flow')
no('p-inv-04','Alphabet TTM revenue computed as 9M 2025 plus H1 2025','rejected','invalid-join: overlapping ttm')
# --- abstain
no('p-abs-01','Nvidia revenue fiscal 2029','insufficient_evidence','abstain: future year')
no('p-abs-02','Marvell Q2 FY2027 revenue','insufficient_evidence','abstain: beyond data')
no('p-abs-03','Intel revenue 2024','insufficient_evidence','abstain: company not held')
no('p-abs-04','Apple net revenue retention 2024','insufficient_evidence','abstain: not an xbrl fact')
no('p-abs-05','Alphabet revenue for Q4 2026','insufficient_evidence','abstain: beyond data')
# --- ambiguous
no('p-amb-01','Nvidia margin fiscal 2025','needs_clarification','ambiguous: margin type')
no('p-amb-02','Marvell revenue for calendar 2024','needs_clarification','ambiguous: calendar period vs fiscal')
no('p-amb-03','Apple 2024','needs_clarification','ambiguous: no metric')

# --- added after the first round
t=v('GOOGL','rev','2024-01-01','2024-12-31')+v('GOOGL','rev','2025-01-01','2025-09-30')-v('GOOGL','rev','2024-01-01','2024-09-30')
ans('p-ttm-03','Alphabet total revenues for the twelve months ended September 30, 2025',[dict(value=t,start='2024-10-01',end='2025-09-30')],'ttm: twelve months ended a quarter end of a calendar-year filer')
ans('p-fyend-04','Apple revenue for the twelve months ended September 27, 2025',[D('AAPL','rev','2024-09-29','2025-09-27')],'fy-end-date: twelve months ended the fiscal year end')
ans('p-q-07','Apple net income in the June 2025 quarter',[D('AAPL','NetIncomeLoss','2025-03-30','2025-06-28')],'ordinal-quarter: month-year quarter')
ans('p-q-08',"Nvidia's most recent quarterly revenue",[D('NVDA','rev','2026-01-26','2026-04-26')],'ordinal-quarter: latest quarter')
ans('p-multi-02','Marvell revenue for the last three fiscal years',[D('MRVL','rev','2023-01-29','2024-02-03'),D('MRVL','rev','2024-02-04','2025-02-01'),D('MRVL','rev','2025-02-02','2026-01-31')],'multi-year: relative range on a 52/53-week calendar')
no('p-amb-04','Apple revenue growth over the last 3 years','needs_clarification','ambiguous: yearly rates, window change or CAGR')
no('p-amb-05','Apple latest reported operating income','needs_clarification','ambiguous: no period (latest reported is the version basis)')
no('p-abs-06','Apple iPhone net sales FY2024','insufficient_evidence','abstain: a product member with no fact in companyfacts')
no('p-abs-07','Nvidia data center revenue fiscal 2025','insufficient_evidence','abstain: a segment member with no fact in companyfacts')
ans('p-arith-03','Alphabet Q1 2025 plus Q2 2025 plus Q3 2025 operating income',[D('GOOGL','OperatingIncomeLoss','2025-01-01','2025-09-30')],'valid-arithmetic: three contiguous quarters = the nine months')
no('p-inv-05','Nvidia FY2025 revenue plus its Q4 FY2025 revenue','rejected','invalid-join: year + a quarter inside it')
no('p-inv-06','Apple gross margin using FY2025 gross profit and FY2024 revenue','rejected','invalid-join: operands of two years')
no('p-inv-07','Nvidia fiscal 2025 revenue divided by total assets at the end of fiscal 2025','rejected','invalid-join: flow over balance')

for it in items: print(json.dumps(it))
