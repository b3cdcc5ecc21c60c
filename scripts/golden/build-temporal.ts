/**
 * Builds lib/eval/golden/temporal.jsonl: Ledgerline's own temporal golden set.
 *
 *   npx tsx scripts/golden/build-temporal.ts [--out FILE]
 *
 * Expected values come straight from the raw SEC companyfacts JSON (scripts/golden/sec-truth.ts) and
 * from the demo source (lib/demo/seed.ts, read as text); nothing here calls Ledgerline's ingestion,
 * fiscal, calc or answer code. Deterministic: sorted inputs, phrasings rotated by a counter.
 */
import fs from 'node:fs';
import path from 'node:path';
import { secDataDir } from '@/lib/data-dir';
import { readDemoFacts, type DemoFact } from './demo-truth';
import {
  addDays,
  close,
  duration,
  instant,
  loadCompanies,
  METRIC_DEFS,
  type Bounds,
  type MetricKey,
  type Pick,
  type SecCompany,
  type Span,
} from './sec-truth';

type Status = 'answered' | 'insufficient_evidence' | 'rejected' | 'needs_clarification';

interface GoldenValue {
  value: number;
  start?: string;
  end: string;
  period_type: 'instant' | 'duration';
  tol: number;
  accept?: number[];
}

interface Item {
  id: string;
  question: string;
  expect: { status: Status; values: GoldenValue[]; codes?: string[] };
  note: string;
  category: string;
}

const args = process.argv.slice(2);
const outArg = args.indexOf('--out');
const OUT = path.resolve(outArg >= 0 ? args[outArg + 1]! : 'lib/eval/golden/temporal.jsonl');

// ── companies and phrasings ────────────────────────────────────────────────────────────────────
const KEYS = ['AAPL', 'NVDA', 'GOOGL', 'MRVL', 'LPA', 'TSLA', 'SNOW'] as const;
type Key = (typeof KEYS)[number];

/** How analysts name each company (all resolvable from the companyfacts entity names and tickers). */
const NAMES: Record<Key, string[]> = {
  AAPL: ['Apple', 'Apple Inc.', 'AAPL'],
  NVDA: ['NVIDIA', 'Nvidia', 'NVDA'],
  GOOGL: ['Alphabet', 'Alphabet Inc.', 'GOOGL'],
  MRVL: ['Marvell', 'Marvell Technology', 'MRVL'],
  LPA: ['LPA', 'Logistic Properties of the Americas'],
  TSLA: ['Tesla', 'TSLA'],
  SNOW: ['Snowflake', 'SNOW'],
};
/** Fiscal year = calendar year (December year end). */
const CALENDAR_LIKE: Record<Key, boolean> = { AAPL: false, NVDA: false, GOOGL: true, MRVL: false, LPA: true, TSLA: true, SNOW: false };

const METRIC_WORDS: Record<MetricKey, string[]> = {
  revenue: ['revenue', 'total revenue', 'net sales', 'total revenues', 'net revenue'],
  cost_of_revenue: ['cost of revenue', 'cost of sales'],
  gross_profit: ['gross profit'],
  rnd: ['research and development expense', 'R&D expense', 'R&D spending'],
  operating_income: ['operating income', 'income from operations', 'operating profit'],
  net_income: ['net income', 'net earnings', 'net profit'],
  eps_diluted: ['diluted EPS', 'diluted earnings per share'],
  operating_cash_flow: ['operating cash flow', 'cash from operations', 'net cash provided by operating activities'],
  total_assets: ['total assets'],
  total_liabilities: ['total liabilities'],
  total_equity: ["shareholders' equity", "total stockholders' equity"],
  cash: ['cash and cash equivalents'],
};

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** "September 30, 2023" or "30 September 2023" (both forms analysts write). */
function dateText(iso: string, dayFirst: boolean): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return dayFirst ? `${d} ${MONTHS[m - 1]} ${y}` : `${MONTHS[m - 1]} ${d}, ${y}`;
}

let turn = 0;
/** Deterministic rotation through phrasings. */
function rot<T>(xs: readonly T[], salt = 0): T {
  return xs[(turn + salt) % xs.length]!;
}
const poss = (e: string) => (e.endsWith('s') ? `${e}'` : `${e}'s`);
const name = (k: Key, salt = 0) => rot(NAMES[k], salt);
const words = (m: MetricKey, salt = 0) => rot(METRIC_WORDS[m], salt);

function fyText(label: number, salt = 0): string {
  return rot([`FY${label}`, `fiscal ${label}`, `fiscal year ${label}`, `FY${String(label).slice(2)}`], salt);
}
const ORD = ['', 'first', 'second', 'third', 'fourth'];
/** December year ends: a calendar quarter or half is the fiscal one, so a code without FY ("3Q24") names it. */
const DECEMBER: ReadonlySet<Key> = new Set<Key>(['TSLA', 'GOOGL']);
/** A quarter/half code with a two-digit year: bare for December year ends, with FY otherwise ("3Q24" is asked back for them). */
const codeYY = (k: Key, code: string, yy: string) => (DECEMBER.has(k) ? `${code}${yy}` : `${code}FY${yy}`);
function qText(k: Key, q: number, label: number, salt = 0): string {
  const yy = String(label).slice(2);
  return rot(
    [
      `Q${q} FY${label}`,
      `Q${q} fiscal ${label}`,
      `${ORD[q]} quarter of fiscal ${label}`,
      `FY${label} Q${q}`,
      codeYY(k, `${q}Q`, yy),
      `the ${ORD[q]} fiscal quarter of FY${label}`,
    ],
    salt,
  );
}

const TEMPLATES: ((e: string, m: string, p: string) => string)[] = [
  (e, m, p) => `What was ${poss(e)} ${m} in ${p}?`,
  (e, m, p) => `${e} ${m} ${p}`,
  (e, m, p) => `Report ${poss(e)} ${p} ${m}.`,
  (e, m, p) => `Show me the ${m} of ${e} for ${p}`,
  (e, m, p) => `${p} ${m} for ${e}?`,
  (e, m, p) => `How much ${m} did ${e} report for ${p}?`,
];
const ask = (e: string, m: string, p: string, salt = 0) => rot(TEMPLATES, salt)(e, m, p);

// ── tolerances and values ──────────────────────────────────────────────────────────────────────
const TOL = { money: 0.0005, eps: 0.006, ratio: 0.002, ratioChange: 0.01 } as const;
const tolOf = (m: MetricKey) => (METRIC_DEFS[m].unit === 'USD/shares' ? TOL.eps : TOL.money);

function gv(b: Bounds, value: number, tol: number, accept?: number[]): GoldenValue {
  const v: GoldenValue =
    b.type === 'duration'
      ? { value, start: b.start, end: b.end, period_type: 'duration', tol }
      : { value, end: b.end, period_type: 'instant', tol };
  if (accept?.length) v.accept = [...new Set(accept)].sort((a, b) => a - b);
  return v;
}
const fromPick = (b: Bounds, p: Pick, m: MetricKey) => gv(b, p.value, tolOf(m), p.accept);
const src = (p: Pick) => `${p.concept} accn ${p.accn} filed ${p.filed}`;

// ── the set ────────────────────────────────────────────────────────────────────────────────────
const items: Item[] = [];
const seen = new Set<string>();
const counters = new Map<string, number>();

function add(category: string, question: string, status: Status, values: GoldenValue[], note: string, codes?: string[]): void {
  const key = question.toLowerCase().replace(/\s+/g, ' ').trim();
  if (seen.has(key)) return;
  if (status === 'answered' && values.length === 0) throw new Error(`answered without values: ${question}`);
  seen.add(key);
  const n = (counters.get(category) ?? 0) + 1;
  counters.set(category, n);
  const expect: Item['expect'] = { status, values };
  if (codes?.length) expect.codes = codes;
  items.push({ id: `t-${category}-${String(n).padStart(3, '0')}`, question, expect, note, category });
  turn++;
}
const abstain = (category: string, question: string, note: string) => add(category, question, 'insufficient_evidence', [], note);

const cos = loadCompanies(path.join(secDataDir(), 'sec-companyfacts'), [...KEYS]);
const co = (k: Key) => cos.get(k)!;

/** Evenly spread picks from a list (first and last included). */
function spread<T>(xs: T[], n: number): T[] {
  if (xs.length <= n) return xs;
  const out: T[] = [];
  for (let i = 0; i < n; i++) out.push(xs[Math.round((i * (xs.length - 1)) / (n - 1))]!);
  return [...new Set(out)];
}

function fyBounds(c: SecCompany, label: number, m: MetricKey): Bounds | null {
  const y = c.fy(label);
  if (!y) return null;
  return METRIC_DEFS[m].type === 'instant' ? instant(y.end) : duration(y);
}

/** Q4 (derived = FY − 9M) of an additive metric, from one concept for both operands. */
function q4Value(c: SecCompany, label: number, m: MetricKey): { value: number; span: Span; note: string; accept: number[] } | null {
  if (!METRIC_DEFS[m].additive) return null;
  const fy = c.fy(label);
  const n9 = c.nineMonths(label);
  const q4 = c.q4(label);
  if (!fy || !n9 || !q4) return null;
  const a = c.pick(m, duration(fy));
  const b = c.pick(m, duration(n9));
  if (!a || !b) return null;
  if (a.concept !== b.concept) return null;
  const value = a.value - b.value;
  const accept = [value];
  const reported = c.pick(m, duration(q4));
  if (reported && close(reported.value, value)) accept.push(reported.value);
  return { value, span: q4, accept, note: `Q4 derived = FY ${a.value} (${src(a)}) − 9M ${b.value} (${src(b)})` };
}

/** A quarter's value: reported 3-month fact (Q1–Q3) or derived Q4. */
function quarterValue(
  c: SecCompany,
  label: number,
  q: number,
  m: MetricKey,
): { value: number; span: Span; accept: number[]; note: string } | null {
  if (q === 4) return q4Value(c, label, m);
  const span = c.quarters(label)[q - 1];
  if (!span) return null;
  const p = c.pick(m, duration(span));
  return p ? { value: p.value, span, accept: p.accept, note: `reported 3-month ${src(p)}` } : null;
}

// ── 1. fiscal years ────────────────────────────────────────────────────────────────────────────
function fiscalYears(): void {
  const plan: [Key, MetricKey[], number][] = [
    [
      'AAPL',
      ['revenue', 'operating_income', 'net_income', 'eps_diluted', 'gross_profit', 'rnd', 'operating_cash_flow', 'cost_of_revenue'],
      6,
    ],
    ['NVDA', ['revenue', 'net_income', 'operating_income', 'rnd', 'gross_profit', 'eps_diluted', 'operating_cash_flow'], 6],
    ['GOOGL', ['revenue', 'operating_income', 'net_income', 'rnd', 'eps_diluted', 'operating_cash_flow', 'cost_of_revenue'], 5],
    ['MRVL', ['revenue', 'net_income', 'gross_profit', 'rnd', 'operating_income', 'eps_diluted', 'operating_cash_flow'], 5],
    ['LPA', ['revenue', 'net_income', 'operating_income', 'operating_cash_flow'], 4],
    ['TSLA', ['gross_profit', 'operating_cash_flow', 'cost_of_revenue'], 3],
    ['SNOW', ['gross_profit', 'operating_cash_flow', 'cost_of_revenue'], 3],
  ];
  for (const [k, metrics, nYears] of plan) {
    const c = co(k);
    const years = spread(
      c.fiscalYears.map((y) => y.label),
      nYears,
    );
    let i = 0;
    for (const label of years) {
      for (let j = 0; j < 3; j++) {
        const m = metrics[(i + j) % metrics.length]!;
        const b = fyBounds(c, label, m)!;
        const p = c.pick(m, b);
        if (!p) continue;
        const period = CALENDAR_LIKE[k] && j === 2 && k !== 'TSLA' ? `${label}` : fyText(label, j);
        add(
          'fiscal_year',
          ask(name(k, j), words(m, j), period, j),
          'answered',
          [fromPick(b, p, m)],
          `${m} FY${label} (${b.type === 'duration' ? `${b.start}..${b.end}` : b.end}); ${src(p)}`,
        );
      }
      i += 3;
    }
  }
}

// ── 2. fiscal-year labels that differ from filing fy / 53-week years / "year ended" phrasing ─────
function fyLabels(): void {
  const nv = co('NVDA');
  // NVIDIA 10-Ks for years ending Jan 2011–Jan 2014 carry fy one behind NVIDIA's own label
  for (const label of [2011, 2012, 2013, 2014]) {
    for (const m of ['revenue', 'net_income'] as MetricKey[]) {
      const b = fyBounds(nv, label, m)!;
      const p = nv.pick(m, b);
      if (p)
        add(
          'fy_label',
          ask(name('NVDA'), words(m), fyText(label)),
          'answered',
          [fromPick(b, p, m)],
          `FY label by end year (filing fy is ${label - 1}); ${src(p)}`,
        );
    }
  }
  // 53-week years
  const long: [Key, number][] = [];
  for (const k of ['AAPL', 'NVDA', 'MRVL'] as Key[]) for (const y of co(k).fiscalYears) if (y.days >= 368) long.push([k, y.label]);
  for (const [k, label] of long) {
    const c = co(k);
    for (const m of ['revenue', 'operating_income'] as MetricKey[]) {
      const b = fyBounds(c, label, m)!;
      const p = c.pick(m, b);
      if (p)
        add(
          'fy_label',
          ask(name(k), words(m), fyText(label)),
          'answered',
          [fromPick(b, p, m)],
          `53-week year ${c.fy(label)!.start}..${c.fy(label)!.end}; ${src(p)}`,
        );
    }
  }
  // "fiscal year ended <date>" names the year by its last day
  const ended: [Key, number, MetricKey][] = [
    ['AAPL', 2023, 'revenue'],
    ['AAPL', 2019, 'net_income'],
    ['NVDA', 2024, 'revenue'],
    ['NVDA', 2022, 'operating_income'],
    ['MRVL', 2024, 'revenue'],
    ['MRVL', 2025, 'net_income'],
    ['SNOW', 2022, 'gross_profit'],
    ['GOOGL', 2022, 'net_income'],
  ];
  for (const [k, label, m] of ended) {
    const c = co(k);
    const y = c.fy(label)!;
    const b = fyBounds(c, label, m)!;
    const p = c.pick(m, b);
    if (!p) continue;
    const what = rot(['fiscal year ended', 'year ended', 'twelve months ended']);
    add(
      'fy_label',
      rot([
        `What was ${poss(name(k))} ${words(m)} for the ${what} ${dateText(y.end, false)}?`,
        `${name(k)} ${words(m)} for the ${what} ${dateText(y.end, true)}`,
      ]),
      'answered',
      [fromPick(b, p, m)],
      `period named by its end date ${y.end}; ${src(p)}`,
    );
  }
  // split-year labels ("FY2023-24" = the fiscal year running from 2023 into 2024)
  for (const [k, label] of [
    ['NVDA', 2024],
    ['AAPL', 2024],
    ['MRVL', 2023],
    ['SNOW', 2025],
  ] as [Key, number][]) {
    const c = co(k);
    const y = c.fy(label)!;
    const b = duration(y);
    const p = c.pick('revenue', b);
    if (!p || Number(y.start.slice(0, 4)) !== label - 1) continue;
    add(
      'fy_label',
      `${name(k)} ${words('revenue')} FY${label - 1}-${String(label).slice(2)}`,
      'answered',
      [fromPick(b, p, 'revenue')],
      `split-year label: the fiscal year ${y.start}..${y.end}; ${src(p)}`,
    );
  }
}

// ── 3. calendar years ──────────────────────────────────────────────────────────────────────────
function calendarYears(): void {
  // December year ends: a bare or calendar year is the fiscal year
  const dec: [Key, number, MetricKey, (e: string, m: string, y: number) => string][] = [
    ['GOOGL', 2023, 'revenue', (e, m, y) => `What was ${poss(e)} ${m} in ${y}?`],
    ['GOOGL', 2021, 'net_income', (e, m, y) => `${e} ${m} for calendar year ${y}`],
    ['GOOGL', 2019, 'operating_income', (e, m, y) => `${e} ${m} CY${y}`],
    ['GOOGL', 2024, 'rnd', (e, m, y) => `${e} ${m} in calendar ${y}`],
    ['TSLA', 2020, 'gross_profit', (e, m, y) => `What was ${poss(e)} ${m} in ${y}?`],
    ['TSLA', 2017, 'revenue', (e, m, y) => `${e} ${m} for calendar year ${y}`],
    ['LPA', 2023, 'revenue', (e, m, y) => `${e} ${m} in ${y}`],
    ['LPA', 2024, 'net_income', (e, m, y) => `${e} ${m} CY${y}`],
    ['LPA', 2022, 'operating_income', (e, m, y) => `What was ${poss(e)} ${m} in calendar ${y}?`],
  ];
  for (const [k, y, m, f] of dec) {
    const c = co(k);
    const b = fyBounds(c, y, m);
    const p = b && c.pick(m, b);
    if (!b || !p) continue;
    add(
      'calendar_year',
      f(name(k), words(m), y),
      'answered',
      [fromPick(b, p, m)],
      `December year end: calendar ${y} = fiscal ${y}; ${src(p)}`,
    );
  }
  // calendar quarters of a December-year-end company are its fiscal quarters
  for (const [k, y, q, m] of [
    ['GOOGL', 2023, 2, 'revenue'],
    ['GOOGL', 2024, 3, 'net_income'],
    ['TSLA', 2021, 1, 'revenue'],
  ] as [Key, number, number, MetricKey][]) {
    const c = co(k);
    const s = c.quarters(y)[q - 1];
    const p = s && c.pick(m, duration(s));
    if (!s || !p) continue;
    add(
      'calendar_year',
      rot([`${name(k)} ${words(m)} Q${q} CY${y}`, `${name(k)} ${words(m)} for calendar Q${q} ${y}`]),
      'answered',
      [fromPick(duration(s), p, m)],
      `calendar quarter = fiscal quarter (December year end); ${src(p)}`,
    );
  }
  // other year ends: no reported figure covers a calendar year; a bare year is ambiguous
  for (const [k, y, m] of [
    ['AAPL', 2023, 'revenue'],
    ['NVDA', 2024, 'net_income'],
    ['MRVL', 2023, 'revenue'],
    ['SNOW', 2024, 'revenue'],
    ['AAPL', 2021, 'operating_income'],
  ] as [Key, number, MetricKey][]) {
    abstain(
      'calendar_year',
      rot([
        `${name(k)} ${words(m)} CY${y}`,
        `What was ${poss(name(k))} ${words(m)} in calendar year ${y}?`,
        `${name(k)} ${words(m)} for calendar ${y}`,
      ]),
      `fiscal year ≠ calendar year: no fact covers Jan–Dec ${y}; never substitute FY${y}`,
    );
  }
  for (const [k, y, q] of [
    ['AAPL', 2023, 2],
    ['NVDA', 2024, 3],
  ] as [Key, number, number][]) {
    abstain('calendar_year', `${name(k)} revenue Q${q} CY${y}`, `no fiscal quarter of ${k} is calendar Q${q} ${y}`);
  }
  for (const [k, y, m] of [
    ['AAPL', 2022, 'revenue'],
    ['NVDA', 2025, 'revenue'],
    ['MRVL', 2024, 'net_income'],
    ['SNOW', 2023, 'operating_income'],
  ] as [Key, number, MetricKey][]) {
    add(
      'calendar_year',
      rot([`What was ${poss(name(k))} ${words(m)} in ${y}?`, `${name(k)} ${words(m)} ${y}`]),
      'needs_clarification',
      [],
      `bare year ${y} is ambiguous for a non-calendar fiscal year: fiscal ${y} or calendar ${y}`,
    );
  }
}

// ── 4. discrete quarters Q1–Q3 ─────────────────────────────────────────────────────────────────
function quarters(): void {
  const plan: [Key, number[], MetricKey[]][] = [
    ['AAPL', [2010, 2016, 2023, 2025], ['revenue', 'net_income', 'operating_income', 'eps_diluted', 'gross_profit']],
    ['NVDA', [2013, 2020, 2024, 2026], ['revenue', 'net_income', 'gross_profit', 'operating_income', 'eps_diluted']],
    ['GOOGL', [2016, 2022, 2025], ['revenue', 'operating_income', 'net_income', 'eps_diluted', 'rnd']],
    ['MRVL', [2022, 2024, 2026], ['revenue', 'net_income', 'gross_profit', 'operating_income']],
    ['TSLA', [2016, 2019], ['net_income', 'gross_profit', 'operating_income']],
    ['SNOW', [2022, 2024], ['net_income', 'operating_income', 'gross_profit']],
  ];
  for (const [k, years, metrics] of plan) {
    const c = co(k);
    let i = 0;
    for (const label of years) {
      for (let q = 1; q <= 3; q++) {
        const m = metrics[i++ % metrics.length]!;
        const v = quarterValue(c, label, q, m);
        if (!v) continue;
        add(
          'quarter',
          ask(name(k, q), words(m, q), qText(k, q, label, i), i),
          'answered',
          [gv(duration(v.span), v.value, tolOf(m), v.accept)],
          `discrete Q${q} ${v.span.start}..${v.span.end}; ${v.note}`,
        );
      }
    }
  }
  // "three months ended <date>" names a discrete quarter even where a YTD shares its end
  for (const [k, label, q, m] of [
    ['AAPL', 2023, 3, 'revenue'],
    ['NVDA', 2025, 2, 'revenue'],
    ['MRVL', 2025, 3, 'net_income'],
    ['GOOGL', 2024, 2, 'operating_income'],
  ] as [Key, number, number, MetricKey][]) {
    const c = co(k);
    const v = quarterValue(c, label, q, m);
    if (!v) continue;
    add(
      'quarter',
      rot([
        `${name(k)} ${words(m)} for the three months ended ${dateText(v.span.end, false)}`,
        `What was ${poss(name(k))} ${words(m)} for the quarter ended ${dateText(v.span.end, true)}?`,
      ]),
      'answered',
      [gv(duration(v.span), v.value, tolOf(m), v.accept)],
      `quarter named by its end date; ${v.note}`,
    );
  }
}

// ── 5. derived fourth quarters ─────────────────────────────────────────────────────────────────
function derivedQ4(): void {
  const plan: [Key, number[], MetricKey[]][] = [
    ['AAPL', [2019, 2022, 2024, 2025], ['revenue', 'net_income', 'operating_income']],
    ['NVDA', [2021, 2023, 2025, 2026], ['revenue', 'operating_income', 'net_income']],
    ['GOOGL', [2020, 2023, 2024], ['revenue', 'net_income', 'operating_income']],
    ['MRVL', [2023, 2025, 2026], ['revenue', 'gross_profit', 'net_income']],
    ['TSLA', [2019, 2020], ['gross_profit', 'net_income']],
    ['SNOW', [2023, 2024], ['net_income', 'gross_profit']],
  ];
  for (const [k, years, metrics] of plan) {
    const c = co(k);
    years.forEach((label, i) => {
      for (const m of [metrics[i % metrics.length]!, ...(i === 0 ? [metrics[1]!] : [])]) {
        const v = q4Value(c, label, m);
        if (!v) continue;
        add(
          'derived_q4',
          ask(name(k, i), words(m, i), qText(k, 4, label, i), i),
          'answered',
          [gv(duration(v.span), v.value, TOL.money, v.accept)],
          v.note,
        );
      }
    });
  }
}

// ── 6. half years ──────────────────────────────────────────────────────────────────────────────
function halfYears(): void {
  const plan: [Key, number, MetricKey][] = [
    ['AAPL', 2024, 'revenue'],
    ['AAPL', 2021, 'net_income'],
    ['NVDA', 2025, 'revenue'],
    ['NVDA', 2024, 'operating_income'],
    ['GOOGL', 2023, 'revenue'],
    ['GOOGL', 2025, 'net_income'],
    ['MRVL', 2025, 'revenue'],
    ['MRVL', 2024, 'gross_profit'],
    ['TSLA', 2020, 'net_income'],
    ['SNOW', 2024, 'operating_income'],
    ['AAPL', 2018, 'operating_cash_flow'],
    ['NVDA', 2026, 'operating_cash_flow'],
  ];
  for (const [k, label, m] of plan) {
    const c = co(k);
    const h = c.halfYear(label);
    const p = h && c.pick(m, duration(h));
    if (!h || !p) continue;
    const yy = String(label).slice(2);
    const period = rot([
      `H1 FY${label}`,
      `first half of fiscal ${label}`,
      `the first half of FY${label}`,
      codeYY(k, '1H', yy),
      `six months ended ${dateText(h.end, false)}`,
    ]);
    add(
      'half_year',
      ask(name(k), words(m), period),
      'answered',
      [fromPick(duration(h), p, m)],
      `6-month YTD ${h.start}..${h.end}; ${src(p)}`,
    );
  }
}

// ── 7. year-to-date vs standalone quarter ──────────────────────────────────────────────────────
function ytdVsQuarter(): void {
  const plan: [Key, number, MetricKey][] = [
    ['AAPL', 2023, 'revenue'],
    ['AAPL', 2025, 'net_income'],
    ['NVDA', 2025, 'revenue'],
    ['NVDA', 2026, 'net_income'],
    ['GOOGL', 2024, 'revenue'],
    ['GOOGL', 2022, 'operating_income'],
    ['MRVL', 2026, 'revenue'],
    ['MRVL', 2025, 'operating_income'],
    ['TSLA', 2019, 'gross_profit'],
    ['SNOW', 2023, 'net_income'],
  ];
  for (const [k, label, m] of plan) {
    const c = co(k);
    const n = c.nineMonths(label);
    const p = n && c.pick(m, duration(n));
    if (!n || !p) continue;
    const period = rot([
      `the first nine months of fiscal ${label}`,
      `9M FY${label}`,
      `nine months ended ${dateText(n.end, false)}`,
      `Q3 YTD FY${label}`,
    ]);
    add(
      'ytd_vs_quarter',
      ask(name(k), words(m), period),
      'answered',
      [fromPick(duration(n), p, m)],
      `9-month YTD ${n.start}..${n.end} (the 10-Q also holds the 3-month quarter); ${src(p)}`,
    );
    // the same filing's standalone quarter
    const v = quarterValue(c, label, 3, m);
    if (v)
      add(
        'ytd_vs_quarter',
        `${name(k)} ${words(m)} for the standalone quarter Q3 FY${label}`,
        'answered',
        [gv(duration(v.span), v.value, tolOf(m), v.accept)],
        `standalone Q3, not the YTD ending the same day; ${v.note}`,
      );
  }
  // loose word order: "nine-month YTD <metric> FY…"
  for (const [k, label, m] of [
    ['NVDA', 2024, 'gross_profit'],
    ['AAPL', 2024, 'operating_income'],
  ] as [Key, number, MetricKey][]) {
    const c = co(k);
    const n = c.nineMonths(label);
    const p = n && c.pick(m, duration(n));
    if (n && p)
      add(
        'ytd_vs_quarter',
        `${name(k)} nine-month YTD ${words(m)} FY${label}`,
        'answered',
        [fromPick(duration(n), p, m)],
        `9M YTD; ${src(p)}`,
      );
  }
  // second-quarter YTD is the half year, not the quarter
  for (const [k, label, m] of [
    ['GOOGL', 2024, 'net_income'],
    ['MRVL', 2026, 'revenue'],
  ] as [Key, number, MetricKey][]) {
    const c = co(k);
    const h = c.halfYear(label);
    const p = h && c.pick(m, duration(h));
    if (h && p)
      add(
        'ytd_vs_quarter',
        `${name(k)} ${words(m)} year to date through Q2 FY${label}`,
        'answered',
        [fromPick(duration(h), p, m)],
        `Q2 YTD = 6-month ${h.start}..${h.end}; ${src(p)}`,
      );
  }
}

// ── 8. trailing twelve months ──────────────────────────────────────────────────────────────────
function ttm(): void {
  const plan: [Key, number, number, MetricKey][] = [
    ['AAPL', 2024, 3, 'revenue'],
    ['AAPL', 2025, 1, 'net_income'],
    ['AAPL', 2023, 2, 'revenue'],
    ['NVDA', 2025, 3, 'revenue'],
    ['NVDA', 2026, 2, 'net_income'],
    ['NVDA', 2024, 1, 'operating_income'],
    ['GOOGL', 2024, 3, 'revenue'],
    ['GOOGL', 2025, 2, 'net_income'],
    ['MRVL', 2025, 3, 'revenue'],
    ['MRVL', 2026, 1, 'gross_profit'],
    ['TSLA', 2021, 3, 'net_income'],
    ['SNOW', 2025, 2, 'gross_profit'],
  ];
  for (const [k, label, q, m] of plan) {
    const c = co(k);
    const parts: { value: number; span: Span; note: string }[] = [];
    for (let i = 0; i < 4; i++) {
      const qq = ((q - 1 - i + 8) % 4) + 1;
      const y = q - i >= 1 ? label : label - 1;
      const v = quarterValue(c, y, qq, m);
      if (!v) break;
      parts.unshift({ value: v.value, span: v.span, note: `Q${qq} FY${y}=${v.value}` });
    }
    if (parts.length !== 4) continue;
    if (parts.some((p, i) => i > 0 && addDays(parts[i - 1]!.span.end, 1) !== p.span.start)) continue;
    const value = parts.reduce((a, p) => a + p.value, 0);
    const b: Bounds = { type: 'duration', start: parts[0]!.span.start, end: parts[3]!.span.end };
    const e = name(k);
    const question = rot([
      `TTM ${words(m)} for ${e} as of Q${q} FY${label}`,
      `${e} trailing twelve months ${words(m)} as of Q${q} FY${label}`,
      `${e} LTM ${words(m)} as of Q${q} fiscal ${label}`,
    ]);
    add('ttm', question, 'answered', [gv(b, value, TOL.money)], `sum of four quarters: ${parts.map((p) => p.note).join(' + ')}`);
  }
}

// ── 9. closing balances ────────────────────────────────────────────────────────────────────────
function closingBalances(): void {
  const plan: [Key, number[]][] = [
    ['AAPL', [2012, 2020, 2024]],
    ['NVDA', [2016, 2023, 2026]],
    ['GOOGL', [2017, 2022, 2025]],
    ['MRVL', [2022, 2024]],
    ['LPA', [2022, 2024]],
    ['SNOW', [2021]],
    ['TSLA', [2016]],
  ];
  const metrics: MetricKey[] = ['total_assets', 'cash', 'total_equity', 'total_liabilities'];
  let i = 0;
  for (const [k, years] of plan) {
    const c = co(k);
    for (const label of years) {
      for (let j = 0; j < 2; j++) {
        const m = metrics[i++ % metrics.length]!;
        const y = c.fy(label)!;
        const p = c.pick(m, instant(y.end));
        if (!p) continue;
        const e = name(k, j);
        const q = rot([
          `${e} ${words(m)} as of the end of FY${label}`,
          `What were ${poss(e)} ${words(m)} at the end of fiscal ${label}?`,
          `${e} ${words(m)} as of ${dateText(y.end, false)}`,
          `${e} ${words(m)} at the close of fiscal year ${label}`,
          `${words(m)} of ${e} as of ${dateText(y.end, true)}`,
        ]);
        add('closing_balance', q, 'answered', [fromPick(instant(y.end), p, m)], `instant at fiscal year end ${y.end}; ${src(p)}`);
      }
    }
  }
  // quarter-end balances
  for (const [k, label, q, m] of [
    ['AAPL', 2024, 2, 'total_assets'],
    ['NVDA', 2025, 1, 'cash'],
    ['GOOGL', 2023, 3, 'total_equity'],
    ['MRVL', 2026, 2, 'total_assets'],
    ['SNOW', 2024, 3, 'cash'],
    ['AAPL', 2025, 3, 'total_liabilities'],
  ] as [Key, number, number, MetricKey][]) {
    const c = co(k);
    const s = c.quarters(label)[q - 1];
    const p = s && c.pick(m, instant(s.end));
    if (!s || !p) continue;
    add(
      'closing_balance',
      rot([`${name(k)} ${words(m)} at the end of Q${q} FY${label}`, `${name(k)} ${words(m)} as of ${dateText(s.end, false)}`]),
      'answered',
      [fromPick(instant(s.end), p, m)],
      `instant at the end of Q${q} (${s.end}); ${src(p)}`,
    );
  }
  // opening balance = the previous year's closing balance
  for (const [k, label, m] of [
    ['AAPL', 2024, 'cash'],
    ['NVDA', 2025, 'total_assets'],
    ['MRVL', 2025, 'total_equity'],
    ['GOOGL', 2024, 'cash'],
  ] as [Key, number, MetricKey][]) {
    const c = co(k);
    const prev = c.fy(label - 1)!;
    const p = c.pick(m, instant(prev.end));
    if (!p) continue;
    add(
      'closing_balance',
      rot([`${name(k)} ${words(m)} at the beginning of fiscal ${label}`, `${name(k)} ${words(m)} as of the start of FY${label}`]),
      'answered',
      [fromPick(instant(prev.end), p, m)],
      `opening balance of FY${label} = closing balance ${prev.end}; ${src(p)}`,
    );
  }
}

// ── 10. comparative columns ────────────────────────────────────────────────────────────────────
function comparatives(): void {
  // figures known only from later reports' prior-year columns (Marvell's first 10-K under this CIK,
  // LPA's first 20-F): the period is the comparative's, not the filing's
  for (const [k, label, m] of [
    ['MRVL', 2020, 'revenue'],
    ['MRVL', 2021, 'net_income'],
    ['LPA', 2021, 'revenue'],
    ['LPA', 2022, 'net_income'],
    ['SNOW', 2019, 'revenue'],
    ['MRVL', 2020, 'total_assets'],
    ['GOOGL', 2013, 'revenue'],
  ] as [Key, number, MetricKey][]) {
    const c = co(k);
    const b = fyBounds(c, label, m);
    const p = b && c.pick(m, b);
    if (!b || !p) continue;
    const earliest = c.history(m, b)[0]!;
    add(
      'comparative',
      ask(name(k), words(m), fyText(label)),
      'answered',
      [fromPick(b, p, m)],
      `first filed as a comparative (earliest ${earliest.form} fy ${earliest.fy} filed ${earliest.filed}); ${src(p)}`,
    );
  }
  // "as reported on <date>": the figure of the latest report filed by then, e.g. a later 10-K's
  // comparative column where a restatement or reclassification changed it
  const cands: { k: Key; m: MetricKey; label: number; b: Bounds; date: string; p: Pick; first: Pick }[] = [];
  for (const k of ['AAPL', 'NVDA', 'GOOGL', 'TSLA', 'MRVL'] as Key[]) {
    const c = co(k);
    for (const m of ['revenue', 'operating_income', 'net_income', 'total_assets', 'total_equity'] as MetricKey[]) {
      for (const y of c.fiscalYears) {
        const b = fyBounds(c, y.label, m)!;
        const hist = c.history(m, b);
        const changed = hist.find((f) => f.val !== hist[0]!.val);
        if (!changed) continue;
        const date = addDays(changed.filed, 20);
        const p = c.pick(m, b, { kind: 'as_of', date });
        const first = c.pick(m, b, { kind: 'earliest' });
        if (p && first && !close(p.value, first.value, 2 * tolOf(m))) cands.push({ k, m, label: y.label, b, date, p, first });
      }
    }
  }
  const chosen = spread(cands, 10);
  for (const x of chosen) {
    const basis = rot(['as reported on', 'as known on']);
    add(
      'comparative',
      `${name(x.k)} ${words(x.m)} ${x.b.type === 'instant' ? `at the end of FY${x.label}` : `FY${x.label}`} ${basis} ${dateText(x.date, true)}`,
      'answered',
      [gv(x.b, x.p.value, tolOf(x.m))],
      `as-of ${x.date}: ${src(x.p)} (originally ${x.first.value}, ${src(x.first)})`,
    );
  }
}

// ── 11. restatements: latest vs original vs as-of ──────────────────────────────────────────────
function restatements(): void {
  // candidates: periods whose earliest filed version differs from the latest (whether or not the
  // period's own report is held: when it is not, "as originally reported" must be refused)
  const cands: {
    k: Key;
    m: MetricKey;
    label: number;
    b: Bounds;
    latest: Pick;
    original: Pick;
    own: Pick | null;
    between: string | null;
    asOf: Pick | null;
  }[] = [];
  for (const k of KEYS) {
    const c = co(k);
    for (const m of ['eps_diluted', 'revenue', 'net_income', 'operating_income', 'total_assets'] as MetricKey[]) {
      for (const y of c.fiscalYears) {
        const b = fyBounds(c, y.label, m)!;
        const latest = c.pick(m, b);
        const original = c.pick(m, b, { kind: 'earliest' });
        const own = c.pick(m, b, { kind: 'original' });
        // only versions an answer can be told apart by under the scoring tolerance
        if (!latest || !original || close(latest.value, original.value, 2 * tolOf(m))) continue;
        // a date after the original filing and before the first change
        const hist = c.history(m, b);
        const change = hist.find((f) => f.val !== hist[0]!.val)!;
        const between = addDays(hist[0]!.filed, 30) < change.filed ? addDays(hist[0]!.filed, 30) : null;
        const asOf = between ? c.pick(m, b, { kind: 'as_of', date: between }) : null;
        cands.push({ k, m, label: y.label, b, latest, original, own, between, asOf });
      }
    }
  }
  const chosen = spread(cands, 14);
  for (const x of chosen) {
    const e = name(x.k);
    const what = words(x.m);
    const period = x.b.type === 'instant' ? `at the end of FY${x.label}` : `FY${x.label}`;
    const asked = `${e} ${what} ${period} ${rot(['as originally reported', 'as first reported'])}`;
    if (x.own)
      add('restatement', asked, 'answered', [gv(x.b, x.own.value, tolOf(x.m))], `original: ${src(x.own)}; latest ${x.latest.value}`);
    else
      add(
        'restatement',
        asked,
        'insufficient_evidence',
        [],
        `the period's own report is not in the file: the earliest version (${x.original.value}, ${src(x.original)}) is a later filing's comparative, not the original; latest ${x.latest.value}`,
      );
    add(
      'restatement',
      rot([`${e} ${what} ${period}`, `What is the latest reported ${what} of ${e} ${x.b.type === 'instant' ? period : `for ${period}`}?`]),
      'answered',
      [gv(x.b, x.latest.value, tolOf(x.m))],
      `latest: ${src(x.latest)}; original ${x.original.value}`,
    );
    if (x.between && x.asOf && x.asOf.value === x.original.value) {
      add(
        'restatement',
        `${e} ${what} ${period} as reported on ${dateText(x.between, true)}`,
        'answered',
        [gv(x.b, x.asOf.value, tolOf(x.m))],
        `as of ${x.between}: ${src(x.asOf)}; later ${x.latest.value}`,
      );
    }
  }
}

// ── 12. margins and growth (derived, each operand on the same period) ──────────────────────────
function derived(): void {
  const margins: [Key, number, 'gross' | 'operating' | 'net'][] = [
    ['AAPL', 2024, 'gross'],
    ['AAPL', 2015, 'operating'],
    ['NVDA', 2025, 'net'],
    ['NVDA', 2019, 'gross'],
    ['GOOGL', 2023, 'operating'],
    ['GOOGL', 2018, 'net'],
    ['MRVL', 2025, 'gross'],
    ['MRVL', 2022, 'operating'],
    ['LPA', 2024, 'net'],
    ['LPA', 2023, 'operating'],
    ['TSLA', 2017, 'gross'],
    ['SNOW', 2022, 'net'],
  ];
  const num: Record<string, MetricKey> = { gross: 'gross_profit', operating: 'operating_income', net: 'net_income' };
  for (const [k, label, kind] of margins) {
    const c = co(k);
    const y = c.fy(label)!;
    const a = c.pick(num[kind]!, duration(y));
    const r = c.pick('revenue', duration(y));
    if (!a || !r) continue;
    add(
      'derived',
      rot([`${name(k)} ${kind} margin FY${label}`, `What was ${poss(name(k))} ${kind} margin in fiscal ${label}?`]),
      'answered',
      [gv(duration(y), a.value / r.value, TOL.ratio)],
      `${num[kind]} ${a.value} / revenue ${r.value}`,
    );
  }
  // quarterly margin
  for (const [k, label, q] of [
    ['AAPL', 2024, 2],
    ['NVDA', 2026, 3],
    ['GOOGL', 2025, 1],
  ] as [Key, number, number][]) {
    const c = co(k);
    const s = c.quarters(label)[q - 1];
    const a = s && c.pick('operating_income', duration(s));
    const r = s && c.pick('revenue', duration(s));
    if (!s || !a || !r) continue;
    add(
      'derived',
      `${name(k)} operating margin Q${q} FY${label}`,
      'answered',
      [gv(duration(s), a.value / r.value, TOL.ratio)],
      `quarter: operating income ${a.value} / revenue ${r.value}`,
    );
  }
  // growth year over year (positive bases only)
  const growth: [Key, number, MetricKey, number][] = [
    ['AAPL', 2023, 'revenue', 0],
    ['AAPL', 2021, 'net_income', 1],
    ['NVDA', 2025, 'revenue', 2],
    ['NVDA', 2024, 'net_income', 0],
    ['GOOGL', 2024, 'revenue', 1],
    ['GOOGL', 2022, 'operating_income', 2],
    ['MRVL', 2026, 'revenue', 0],
    ['MRVL', 2022, 'revenue', 1],
    ['LPA', 2024, 'revenue', 2],
    ['TSLA', 2021, 'gross_profit', 0],
    ['SNOW', 2025, 'gross_profit', 1],
  ];
  for (const [k, label, m, style] of growth) {
    const c = co(k);
    const y1 = c.fy(label)!;
    const y0 = c.fy(label - 1)!;
    const a = c.pick(m, duration(y1));
    const b = c.pick(m, duration(y0));
    if (!a || !b || b.value <= 0) continue;
    const e = name(k);
    const q = [
      `${e} ${words(m)} growth FY${label} vs FY${label - 1}`,
      `How much did ${poss(e)} ${words(m)} grow in fiscal ${label}?`,
      `Year-over-year increase in ${e} ${words(m)} for FY${label}`,
    ][style]!;
    add(
      'derived',
      q,
      'answered',
      [gv(duration(y1), (a.value - b.value) / b.value, TOL.ratio)],
      `(${a.value} − ${b.value}) / ${b.value}; ${src(a)}; ${src(b)}`,
    );
  }
  // quarter over year-ago quarter
  for (const [k, label, q] of [
    ['AAPL', 2025, 2],
    ['NVDA', 2025, 1],
    ['MRVL', 2026, 3],
  ] as [Key, number, number][]) {
    const c = co(k);
    const s1 = c.quarters(label)[q - 1];
    const s0 = c.quarters(label - 1)[q - 1];
    const a = s1 && c.pick('revenue', duration(s1));
    const b = s0 && c.pick('revenue', duration(s0));
    if (!s1 || !a || !b) continue;
    add(
      'derived',
      `${name(k)} revenue growth Q${q} FY${label} vs Q${q} FY${label - 1}`,
      'answered',
      [gv(duration(s1), (a.value - b.value) / b.value, TOL.ratio)],
      `quarter YoY: (${a.value} − ${b.value}) / ${b.value}`,
    );
  }
  // change in a margin (percentage points, as a fraction)
  for (const [k, label] of [
    ['AAPL', 2023],
    ['NVDA', 2024],
    ['GOOGL', 2025],
  ] as [Key, number][]) {
    const c = co(k);
    const y1 = c.fy(label)!;
    const y0 = c.fy(label - 1)!;
    const m1 = c.pick('operating_income', duration(y1))!.value / c.pick('revenue', duration(y1))!.value;
    const m0 = c.pick('operating_income', duration(y0))!.value / c.pick('revenue', duration(y0))!.value;
    add(
      'derived',
      `Change in ${name(k)} operating margin from FY${label - 1} to FY${label}`,
      'answered',
      [gv(duration(y1), m1 - m0, TOL.ratioChange)],
      `${m1} − ${m0}`,
    );
  }
}

// ── 13. cross-company comparisons across fiscal calendars ──────────────────────────────────────
function crossCompany(): void {
  const plan: [Key[], number, MetricKey][] = [
    [['AAPL', 'NVDA'], 2024, 'revenue'],
    [['NVDA', 'MRVL'], 2025, 'net_income'],
    [['GOOGL', 'AAPL'], 2023, 'rnd'],
    [['MRVL', 'GOOGL'], 2022, 'operating_income'],
    [['LPA', 'GOOGL'], 2023, 'revenue'],
    [['AAPL', 'TSLA'], 2021, 'net_income'],
    [['SNOW', 'NVDA'], 2024, 'rnd'],
    [['AAPL', 'MRVL'], 2025, 'gross_profit'],
    [['NVDA', 'AAPL', 'GOOGL'], 2024, 'net_income'],
    [['MRVL', 'SNOW'], 2023, 'revenue'],
    [['AAPL', 'NVDA'], 2022, 'total_assets'],
    [['GOOGL', 'MRVL'], 2024, 'cash'],
    [['TSLA', 'NVDA'], 2020, 'revenue'],
  ];
  for (const [keys, label, m] of plan) {
    const values: GoldenValue[] = [];
    const notes: string[] = [];
    for (const k of keys) {
      const c = co(k);
      const b = fyBounds(c, label, m);
      const p = b && c.pick(m, b);
      if (!b || !p) break;
      values.push(fromPick(b, p, m));
      notes.push(`${k} ${b.type === 'duration' ? `${b.start}..` : ''}${b.end}`);
    }
    if (values.length !== keys.length) continue;
    const ns = keys.map((k, i) => name(k, i));
    const list = ns.length === 2 ? `${ns[0]} and ${ns[1]}` : `${ns.slice(0, -1).join(', ')} and ${ns[ns.length - 1]}`;
    const inst = METRIC_DEFS[m].type === 'instant';
    const q = inst
      ? rot([`${ns.join(' vs ')} ${words(m)} as of the end of FY${label}`, `Compare ${list} ${words(m)} at the end of fiscal ${label}`])
      : rot([
          `${ns.join(' vs ')} ${words(m)} FY${label}`,
          `Compare ${list} ${words(m)} in fiscal ${label}`,
          `${ns.join(' versus ')} ${words(m)} for FY${label}`,
        ]);
    add('cross_company', q, 'answered', values, `each company on its own calendar: ${notes.join('; ')}`);
  }
  // quarters across calendars
  for (const [keys, label, q] of [
    [['AAPL', 'NVDA'], 2024, 2],
    [['GOOGL', 'MRVL'], 2025, 1],
    [['SNOW', 'AAPL'], 2024, 3],
  ] as [Key[], number, number][]) {
    const values: GoldenValue[] = [];
    for (const k of keys) {
      const v = quarterValue(co(k), label, q, 'revenue');
      if (v) values.push(gv(duration(v.span), v.value, TOL.money, v.accept));
    }
    if (values.length === keys.length)
      add(
        'cross_company',
        `${keys.map((k) => name(k)).join(' vs ')} revenue Q${q} FY${label}`,
        'answered',
        values,
        `fiscal Q${q} of each company's own FY${label}`,
      );
  }
  // margins across calendars
  for (const [keys, label] of [
    [['AAPL', 'GOOGL'], 2024],
    [['NVDA', 'MRVL'], 2024],
  ] as [Key[], number][]) {
    const values: GoldenValue[] = [];
    for (const k of keys) {
      const c = co(k);
      const y = c.fy(label)!;
      const a = c.pick('net_income', duration(y));
      const r = c.pick('revenue', duration(y));
      if (a && r) values.push(gv(duration(y), a.value / r.value, TOL.ratio));
    }
    if (values.length === keys.length)
      add(
        'cross_company',
        `Compare ${keys.map((k) => name(k)).join(' and ')} net margin in fiscal ${label}`,
        'answered',
        values,
        'net income / revenue, each on its own FY',
      );
  }
}

// ── 14. longitudinal series ────────────────────────────────────────────────────────────────────
function longitudinal(): void {
  const plan: [Key, number, number, MetricKey][] = [
    ['AAPL', 2016, 2020, 'revenue'],
    ['AAPL', 2021, 2024, 'total_assets'],
    ['NVDA', 2022, 2026, 'revenue'],
    ['NVDA', 2010, 2013, 'net_income'],
    ['GOOGL', 2019, 2022, 'operating_income'],
    ['GOOGL', 2022, 2025, 'cash'],
    ['MRVL', 2021, 2025, 'revenue'],
    ['MRVL', 2022, 2026, 'rnd'],
    ['LPA', 2021, 2024, 'revenue'],
    ['TSLA', 2013, 2016, 'operating_income'],
    ['SNOW', 2020, 2023, 'net_income'],
    ['AAPL', 2007, 2011, 'net_income'],
    ['NVDA', 2019, 2023, 'eps_diluted'],
  ];
  for (const [k, from, to, m] of plan) {
    const c = co(k);
    const values: GoldenValue[] = [];
    const notes: string[] = [];
    for (let y = from; y <= to; y++) {
      const b = fyBounds(c, y, m);
      const p = b && c.pick(m, b);
      if (!b || !p) break;
      values.push(fromPick(b, p, m));
      notes.push(`FY${y}=${p.value}`);
    }
    if (values.length !== to - from + 1) continue;
    const e = name(k);
    const q = rot([
      `${e} ${words(m)} by fiscal year FY${from}-FY${to}`,
      `${e} ${words(m)} trend FY${from} to FY${to}`,
      `${e} ${words(m)} history FY${from}–FY${to}`,
      `${e} ${words(m)} each year from FY${from} through FY${to}`,
    ]);
    add('longitudinal', q, 'answered', values, notes.join(', '));
  }
  // several named quarters
  for (const [k, label] of [
    ['AAPL', 2025],
    ['NVDA', 2024],
  ] as [Key, number][]) {
    const c = co(k);
    const values: GoldenValue[] = [];
    for (let q = 1; q <= 3; q++) {
      const v = quarterValue(c, label, q, 'revenue');
      if (v) values.push(gv(duration(v.span), v.value, TOL.money, v.accept));
    }
    if (values.length === 3)
      add(
        'longitudinal',
        `${name(k)} revenue Q1 FY${label}, Q2 FY${label} and Q3 FY${label}`,
        'answered',
        values,
        'three discrete quarters',
      );
  }
}

// ── 15. negative cases ─────────────────────────────────────────────────────────────────────────
function negatives(): void {
  // a year beyond the data (the nearest year must not be borrowed) and before it
  for (const k of KEYS) {
    const c = co(k);
    const last = c.lastYear();
    abstain('negative', ask(name(k), words('revenue'), fyText(last + 1)), `beyond the data: latest fiscal year is FY${last}`);
    if (k !== 'LPA')
      abstain('negative', ask(name(k), words('net_income'), fyText(last + 2)), `beyond the data: latest fiscal year is FY${last}`);
  }
  for (const [k, y] of [
    ['AAPL', 2004],
    ['NVDA', 2005],
    ['GOOGL', 2010],
    ['MRVL', 2015],
    ['SNOW', 2016],
  ] as [Key, number][]) {
    abstain(
      'negative',
      ask(name(k), words('revenue'), `FY${y}`),
      `before the first reported fiscal year (FY${co(k).fiscalYears[0]!.label})`,
    );
  }
  for (const [k, q] of [
    ['AAPL', 'Q2 FY2027'],
    ['NVDA', 'Q1 FY2028'],
    ['MRVL', 'Q3 FY2028'],
  ] as [Key, string][]) {
    abstain('negative', `${name(k)} revenue ${q}`, 'quarter beyond the data');
  }
  // unknown companies
  for (const q of [
    'What was Initrode revenue in FY2023?',
    'Umbrella Corporation net income FY2022',
    'Report Wayne Enterprises fiscal 2021 operating income.',
    'Microsoft revenue FY2015',
    'Walmart total assets as of the end of FY2024',
    'Infosys revenue FY2025',
    'Compare Apple and Hooli revenue in fiscal 2023',
  ]) {
    // "Compare Apple and Hooli …": one side of the comparison is missing, so it is not answered as asked (the known
    // company alone is one chip away); nothing may be invented for the unknown one
    if (/Apple and Hooli/.test(q)) {
      abstain(
        'negative',
        q,
        'Hooli is not in the workspace: the comparison cannot be made as asked (no number; a chip may offer Apple alone)',
      );
      continue;
    }
    abstain('negative', q, 'company not in the workspace');
  }
  // numerator and denominator from different fiscal years
  for (const [k, label, kind, pinned] of [
    ['AAPL', 2023, 'operating margin', 'operating income'],
    ['NVDA', 2025, 'net margin', 'net income'],
    ['GOOGL', 2024, 'operating margin', 'operating income'],
    ['MRVL', 2025, 'gross margin', 'gross profit'],
    ['SNOW', 2024, 'gross margin', 'revenue'],
    ['TSLA', 2021, 'net margin', 'revenue'],
  ] as [Key, number, string, string][]) {
    add(
      'negative',
      rot([
        `What was ${poss(name(k))} ${kind} in FY${label} using FY${label - 1} ${pinned}?`,
        `${name(k)} ${kind} FY${label} based on FY${label - 1} ${pinned}`,
      ]),
      'rejected',
      [],
      `operands from different fiscal years`,
      ['PERIOD_MISMATCH'],
    );
  }
  // a flow asked at a single date
  for (const [k, label, m] of [
    ['AAPL', 2023, 'revenue'],
    ['NVDA', 2025, 'net_income'],
    ['GOOGL', 2024, 'operating_income'],
  ] as [Key, number, MetricKey][]) {
    const y = co(k).fy(label)!;
    add('negative', `${name(k)} ${words(m)} as of ${dateText(y.end, false)}`, 'rejected', [], 'a duration measure asked at an instant', [
      'INSTANT_DURATION_MIX',
    ]);
  }
  // a year-to-date figure combined with the standalone quarter it contains
  for (const [k, label] of [
    ['AAPL', 2024],
    ['NVDA', 2025],
    ['GOOGL', 2023],
  ] as [Key, number][]) {
    add(
      'negative',
      rot([
        `Change in ${name(k)} revenue from H1 FY${label} to Q2 FY${label}`,
        `${name(k)} revenue growth from the first half of fiscal ${label} to Q2 FY${label}`,
      ]),
      'rejected',
      [],
      'Q2 YTD (H1) and the Q2 quarter overlap: no valid comparison',
    );
  }
  // a nine-month YTD compared with a quarter
  add(
    'negative',
    `${name('MRVL')} revenue growth from Q3 FY2025 to the first nine months of fiscal 2026`,
    'rejected',
    [],
    'a quarter compared with a nine-month YTD (different lengths)',
  );
  // derived Q4 of a per-share figure (not additive) where no 3-month Q4 figure was reported
  for (const [k, label] of [
    ['AAPL', 2024],
    ['NVDA', 2025],
    ['GOOGL', 2023],
  ] as [Key, number][]) {
    const c = co(k);
    const q4 = c.q4(label)!;
    if (c.pick('eps_diluted', duration(q4))) continue;
    abstain(
      'negative',
      `${name(k)} diluted EPS Q4 FY${label}`,
      'EPS is not additive: FY − 9M does not give Q4 EPS, and no Q4 figure was reported',
    );
  }
  // standalone figures requested where only consolidated statements exist
  for (const [k, label] of [
    ['AAPL', 2023],
    ['NVDA', 2024],
  ] as [Key, number][]) {
    abstain('negative', `${name(k)} standalone revenue FY${label}`, 'no standalone statements: consolidated must not be substituted');
  }
  // original figures on different share bases (a split between the two original filings)
  const splits: [Key, number][] = [];
  for (const k of KEYS) {
    const c = co(k);
    for (const y of c.fiscalYears) {
      const prev = c.fy(y.label - 1);
      if (!prev) continue;
      const o0 = c.pick('eps_diluted', duration(prev), { kind: 'original' });
      const l0 = c.pick('eps_diluted', duration(prev));
      const o1 = c.pick('eps_diluted', duration(y), { kind: 'original' });
      if (!o0 || !l0 || !o1 || o0.value <= 0 || l0.value <= 0) continue;
      const restatedFirst = c.history('eps_diluted', duration(prev)).find((f) => f.val === l0.value)!;
      if (o0.value / l0.value >= 1.9 && restatedFirst.filed <= o1.filed) splits.push([k, y.label]);
    }
  }
  for (const [k, label] of spread(splits, 5)) {
    add(
      'negative',
      `${name(k)} diluted EPS growth FY${label} vs FY${label - 1} as originally reported`,
      'rejected',
      [],
      `a stock split between the original FY${label - 1} and FY${label} filings: original figures are on different share bases`,
    );
  }
  // growth from a negative base
  const negBase: [Key, number, MetricKey][] = [];
  for (const k of ['TSLA', 'SNOW', 'MRVL'] as Key[]) {
    const c = co(k);
    for (const y of c.fiscalYears) {
      const prev = c.fy(y.label - 1);
      const b = prev && c.pick('operating_income', duration(prev));
      const a = c.pick('operating_income', duration(y));
      if (a && b && b.value < 0) negBase.push([k, y.label, 'operating_income']);
    }
  }
  for (const [k, label, m] of spread(negBase, 3)) {
    add(
      'negative',
      `${name(k)} ${words(m)} growth FY${label} vs FY${label - 1}`,
      'rejected',
      [],
      'growth from a negative base is undefined',
    );
  }
  // ambiguous measure or missing period: ask, never guess
  for (const q of [
    'Alphabet EPS FY2023',
    'NVIDIA profit FY2025',
    'Marvell margin FY2024',
    'What was Apple’s earnings per share in fiscal 2022?',
  ]) {
    add('negative', q, 'needs_clarification', [], 'the measure is ambiguous');
  }
  for (const q of ["What was Marvell's revenue?", 'Alphabet net income', 'LPA total assets']) {
    add('negative', q, 'needs_clarification', [], 'no period given: Ledgerline never assumes one');
  }
}

// ── 16. demo corpus ────────────────────────────────────────────────────────────────────────────
function demo(): void {
  const facts = readDemoFacts(path.resolve('lib/demo'));
  if (facts.length === 0) {
    console.warn('demo: no demo facts found; demo questions skipped');
    return;
  }
  type Pos = DemoFact['fiscalPeriod'];
  /** latest-filed (or earliest-filed) figure for an entity/metric/fiscal position/scope */
  const get = (
    ent: string,
    metric: string,
    fy: number,
    pos: Pos = 'FY',
    scope = 'consolidated',
    basis: 'latest' | 'original' = 'latest',
  ): DemoFact | undefined => {
    const xs = facts
      .filter(
        (f) => f.entity.name.startsWith(ent) && f.metric === metric && f.fiscalYear === fy && f.fiscalPeriod === pos && f.scope === scope,
      )
      .sort((a, b) => a.filed.localeCompare(b.filed) || a.source.localeCompare(b.source));
    return basis === 'latest' ? xs[xs.length - 1] : xs[0];
  };
  const b = (f: DemoFact): Bounds =>
    f.period.type === 'duration' ? { type: 'duration', start: f.period.start, end: f.period.end } : { type: 'instant', end: f.period.end };
  const tolFor = (metric: string) => (metric === 'eps_diluted' ? TOL.eps : TOL.money);
  const v = (f: DemoFact) => gv(b(f), f.value, tolFor(f.metric));
  const note = (f: DemoFact) => `demo ${f.source} (filed ${f.filed}): ${f.label} | ${f.column}`;
  const one = (q: string, f: DemoFact | undefined) => f && add('demo', q, 'answered', [v(f)], note(f));
  const ratio = (q: string, n: DemoFact | undefined, d: DemoFact | undefined, what: string) =>
    n && d && add('demo', q, 'answered', [gv(b(d), n.value / d.value, TOL.ratio)], `${what}: ${n.value} / ${d.value}`);
  const growthQ = (q: string, later: DemoFact | undefined, earlier: DemoFact | undefined) =>
    later &&
    earlier &&
    earlier.value > 0 &&
    add(
      'demo',
      q,
      'answered',
      [gv(b(later), (later.value - earlier.value) / earlier.value, TOL.ratio)],
      `(${later.value} − ${earlier.value}) / ${earlier.value}`,
    );

  // Helios Components (India, 31 March year end, ₹ crore; consolidated unless asked)
  if (facts.some((f) => f.entity.name.startsWith('Helios'))) {
    one('What was Helios Components’ revenue from operations in FY2026?', get('Helios', 'revenue', 2026));
    one('Helios operating profit FY2025-26', get('Helios', 'operating_income', 2026));
    one('Report Helios Components Ltd’s fiscal 2026 net profit.', get('Helios', 'net_income', 2026));
    one('Helios revenue for the year ended 31 March 2025', get('Helios', 'revenue', 2025));
    one('Helios Components operating profit FY2025', get('Helios', 'operating_income', 2025));
    one('Helios total assets as at 31 March 2026', get('Helios', 'total_assets', 2026));
    one('Helios Components cash and cash equivalents at the end of FY2025', get('Helios', 'cash', 2025));
    one('Helios standalone revenue FY2026', get('Helios', 'revenue', 2026, 'FY', 'standalone'));
    one(
      'What was the standalone operating profit of Helios Components in FY2025?',
      get('Helios', 'operating_income', 2025, 'FY', 'standalone'),
    );
    one('Helios consolidated net profit FY2024', get('Helios', 'net_income', 2024));
    one('Helios Components revenue Q2 FY2026', get('Helios', 'revenue', 2026, 'Q2'));
    one('Helios revenue in the first quarter of fiscal 2026', get('Helios', 'revenue', 2026, 'Q1'));
    one('Helios operating profit for the quarter ended 30 September 2024', get('Helios', 'operating_income', 2025, 'Q2'));
    one('Helios Components revenue H1 FY2026', get('Helios', 'revenue', 2026, 'H1'));
    one('Helios net profit for the half year ended 30 September 2024', get('Helios', 'net_income', 2025, 'H1'));
    ratio('Helios operating margin FY2026', get('Helios', 'operating_income', 2026), get('Helios', 'revenue', 2026), 'operating margin');
    ratio(
      'What was Helios’ operating margin in Q2 FY2026?',
      get('Helios', 'operating_income', 2026, 'Q2'),
      get('Helios', 'revenue', 2026, 'Q2'),
      'quarter operating margin',
    );
    ratio(
      'Helios standalone operating margin FY2026',
      get('Helios', 'operating_income', 2026, 'FY', 'standalone'),
      get('Helios', 'revenue', 2026, 'FY', 'standalone'),
      'standalone operating margin',
    );
    growthQ('Helios revenue growth FY2026 vs FY2025', get('Helios', 'revenue', 2026), get('Helios', 'revenue', 2025));
    growthQ('Helios revenue growth Q2 FY2026 vs Q2 FY2025', get('Helios', 'revenue', 2026, 'Q2'), get('Helios', 'revenue', 2025, 'Q2'));
    const [m26r, m26o, m25r, m25o] = [
      get('Helios', 'revenue', 2026),
      get('Helios', 'operating_income', 2026),
      get('Helios', 'revenue', 2025),
      get('Helios', 'operating_income', 2025),
    ];
    if (m26r && m26o && m25r && m25o) {
      add(
        'demo',
        'How did Helios operating margin change between FY2025 and FY2026?',
        'answered',
        [gv(b(m26r), m26o.value / m26r.value - m25o.value / m25r.value, TOL.ratioChange)],
        'change in margin (fraction), later period',
      );
    }
    const series = [2024, 2025, 2026].map((y) => get('Helios', 'revenue', y));
    if (series.every(Boolean))
      add(
        'demo',
        'Helios revenue by fiscal year FY2024-FY2026',
        'answered',
        series.map((f) => v(f!)),
        'FY2024 only as the FY2025 report’s comparative column',
      );
    // TTM to 30 September 2025 = FY2025 − H1 FY2025 + H1 FY2026 (no Q3/Q4 FY2025 quarters are reported)
    const [fy25, h125, h126] = [get('Helios', 'revenue', 2025), get('Helios', 'revenue', 2025, 'H1'), get('Helios', 'revenue', 2026, 'H1')];
    if (fy25 && h125 && h126 && fy25.period.type === 'duration' && h126.period.type === 'duration') {
      add(
        'demo',
        'TTM revenue for Helios as of Q2 FY2026',
        'answered',
        [
          gv(
            { type: 'duration', start: addDays(h125.period.end, 1), end: h126.period.end },
            fy25.value - h125.value + h126.value,
            TOL.money,
          ),
        ],
        'FY2025 − H1 FY2025 + H1 FY2026',
      );
    }
    // negatives
    add(
      'demo',
      'What was Helios Components’ operating margin in FY2026 using FY2025 operating profit?',
      'rejected',
      [],
      'numerator from FY2025, denominator FY2026',
      ['PERIOD_MISMATCH'],
    );
    add(
      'demo',
      'Helios operating margin FY2026 based on FY2025 revenue',
      'rejected',
      [],
      'the 2026 report’s 2025 comparative column used as the FY2026 denominator',
      ['PERIOD_MISMATCH'],
    );
    abstain(
      'demo',
      'Helios operating margin FY2026 from consolidated operating profit and standalone revenue',
      'consolidated and standalone operands must not be mixed',
    );
    add('demo', 'Change in Helios revenue from H1 FY2026 to Q2 FY2026', 'rejected', [], 'Q2 YTD (H1) and the Q2 quarter overlap');
    abstain('demo', 'Helios revenue Q3 FY2026', 'no third-quarter results in the corpus');
    abstain('demo', 'Helios Components revenue FY2027', 'beyond the data');
    abstain('demo', 'Helios revenue Q4 FY2025', 'no nine-month figure for FY2025: Q4 cannot be derived');
    add('demo', 'Helios Components revenue in 2025', 'needs_clarification', [], 'bare year: April–March fiscal year vs calendar year');
    abstain('demo', 'Helios revenue CY2025', 'no figure covers a calendar year');
  }

  // Northwind Outfitters (US retailer, 52/53 weeks to the Saturday nearest 31 January, named by the start year)
  if (facts.some((f) => f.entity.name.startsWith('Northwind'))) {
    one('What were Northwind Outfitters’ net sales in fiscal 2025?', get('Northwind', 'revenue', 2025));
    one('Northwind net sales fiscal 2023', get('Northwind', 'revenue', 2023));
    one('Northwind operating income for the fiscal year ended February 1, 2025', get('Northwind', 'operating_income', 2024));
    one('Northwind total assets as of January 31, 2026', get('Northwind', 'total_assets', 2025));
    one('Northwind Outfitters total stockholders’ equity at the end of fiscal 2024', get('Northwind', 'total_equity', 2024));
    one('Northwind diluted EPS fiscal 2022', get('Northwind', 'eps_diluted', 2022));
    ratio('Northwind gross margin fiscal 2024', get('Northwind', 'gross_profit', 2024), get('Northwind', 'revenue', 2024), 'gross margin');
    growthQ('Northwind net sales growth fiscal 2024 vs fiscal 2023', get('Northwind', 'revenue', 2024), get('Northwind', 'revenue', 2023));
    const ns = [2022, 2023, 2024, 2025].map((y) => get('Northwind', 'revenue', y));
    if (ns.every(Boolean))
      add(
        'demo',
        'Northwind net sales by fiscal year FY2022-FY2025',
        'answered',
        ns.map((f) => v(f!)),
        'retail years named by their start year',
      );
    abstain('demo', 'Northwind net sales fiscal 2026', 'beyond the data (fiscal 2026 ends January 2027)');
    add('demo', 'Northwind revenue in 2024', 'needs_clarification', [], 'bare year for a January year end');
  }

  // Quillon Software (30 June year end)
  if (facts.some((f) => f.entity.name.startsWith('Quillon'))) {
    one('Quillon Software revenue FY2025', get('Quillon', 'revenue', 2025));
    one('What was Quillon’s revenue in fiscal 2022?', get('Quillon', 'revenue', 2022));
    one('Quillon net income for the year ended June 30, 2024', get('Quillon', 'net_income', 2024));
    one('Quillon R&D expense FY2023', get('Quillon', 'rnd', 2023));
    one('Quillon total assets as of June 30, 2025', get('Quillon', 'total_assets', 2025));
    one('Quillon Software diluted EPS fiscal 2025', get('Quillon', 'eps_diluted', 2025));
    ratio('Quillon operating margin FY2025', get('Quillon', 'operating_income', 2025), get('Quillon', 'revenue', 2025), 'operating margin');
    growthQ('Quillon revenue growth FY2025 vs FY2024', get('Quillon', 'revenue', 2025), get('Quillon', 'revenue', 2024));
    abstain('demo', 'Quillon revenue Q2 FY2025', 'no quarterly figures for Quillon');
  }

  // across the three calendars
  const cmp = (q: string, fs: (DemoFact | undefined)[]) =>
    fs.every(Boolean) &&
    add(
      'demo',
      q,
      'answered',
      fs.map((f) => v(f!)),
      'each company on its own fiscal calendar and label',
    );
  cmp('Northwind vs Quillon net income fiscal 2024', [get('Northwind', 'net_income', 2024), get('Quillon', 'net_income', 2024)]);
  cmp('Compare Helios, Northwind and Quillon operating income in FY2025', [
    get('Helios', 'operating_income', 2025),
    get('Northwind', 'operating_income', 2025),
    get('Quillon', 'operating_income', 2025),
  ]);
}

/** Appended last so the rotation of every other phrasing stays as it was. */
function codesWithoutFiscalYear(): void {
  // a code or position with a bare year, for a company whose fiscal year is not the calendar year: the
  // fiscal and the calendar period lie months apart, so it is asked back (like a bare year), never read one way
  for (const [k, text] of [
    ['MRVL', '1Q24 revenue'],
    ['NVDA', 'revenue for 1H25'],
    ['AAPL', 'Q4 2019 revenue'],
    ['SNOW', "Q2'24 net income"],
  ] as [Key, string][]) {
    abstain(
      'calendar_year',
      `${name(k)} ${text}`,
      `fiscal or calendar? ${k}'s fiscal year is not the calendar year and the period names no FY`,
    );
  }
}

// ── build ──────────────────────────────────────────────────────────────────────────────────────
fiscalYears();
fyLabels();
calendarYears();
quarters();
derivedQ4();
halfYears();
ytdVsQuarter();
ttm();
closingBalances();
comparatives();
restatements();
derived();
crossCompany();
longitudinal();
negatives();
demo();
codesWithoutFiscalYear();

fs.mkdirSync(path.dirname(OUT), { recursive: true });
fs.writeFileSync(OUT, `${items.map((x) => JSON.stringify(x)).join('\n')}\n`);

const byCat = new Map<string, { n: number; answered: number; abstain: number; rejected: number }>();
for (const x of items) {
  const r = byCat.get(x.category) ?? { n: 0, answered: 0, abstain: 0, rejected: 0 };
  r.n++;
  if (x.expect.status === 'answered') r.answered++;
  else if (x.expect.status === 'rejected') r.rejected++;
  else r.abstain++;
  byCat.set(x.category, r);
}
console.log(`${items.length} questions → ${path.relative(process.cwd(), OUT)}`);
for (const [c, r] of [...byCat.entries()].sort())
  console.log(`  ${c.padEnd(16)} ${String(r.n).padStart(4)}  answered ${r.answered}, abstain ${r.abstain}, rejected ${r.rejected}`);
const byCo = new Map<string, number>();
for (const x of items) for (const k of KEYS) if (NAMES[k].some((n) => x.question.includes(n))) byCo.set(k, (byCo.get(k) ?? 0) + 1);
console.log(`  by company: ${[...byCo.entries()].map(([k, n]) => `${k} ${n}`).join(', ')}`);
