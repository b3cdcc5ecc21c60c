/**
 * Demo-corpus ground truth, read as text from the demo source (lib/demo/seed.ts today), never by
 * running the seed: statement tables with their column periods, row metrics and values.
 * When the demo corpus moves (lib/demo/documents/), extend this reader and rebuild the golden set.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface DemoFact {
  entity: { name: string; legalName: string | null; short: string | null };
  metric: string;
  label: string;
  column: string;
  value: number;
  scope: 'consolidated' | 'standalone';
  period: { type: 'duration'; start: string; end: string } | { type: 'instant'; start?: undefined; end: string };
  fiscalYear: number;
  fiscalPeriod: 'FY' | 'Q1' | 'Q2' | 'Q3' | 'Q4' | 'H1' | 'OTHER';
  source: string;
  /** filing date of the source document */
  filed: string;
}

const SCALE: Record<string, number> = { crore: 1e7, lakh: 1e5, million: 1e6, thousand: 1e3 };

/** Fiscal label for a 31 March year end: the year in which the period ends (FY2026 = Apr 2025 – Mar 2026). */
function fiscalOf(start: string, end: string): { fiscalYear: number; fiscalPeriod: DemoFact['fiscalPeriod'] } {
  const days = (Date.parse(end) - Date.parse(start)) / 86_400_000;
  const endYear = Number(end.slice(0, 4));
  const endMonth = Number(end.slice(5, 7));
  const fiscalYear = endMonth <= 3 ? endYear : endYear + 1;
  if (days >= 350 && days <= 380) return { fiscalYear, fiscalPeriod: 'FY' };
  if (days >= 80 && days <= 100)
    return { fiscalYear, fiscalPeriod: (['Q4', 'Q1', 'Q2', 'Q3'] as const)[Math.floor(((endMonth + 8) % 12) / 3)] ?? 'OTHER' };
  if (days >= 170 && days <= 195) return { fiscalYear, fiscalPeriod: 'H1' };
  return { fiscalYear, fiscalPeriod: 'OTHER' };
}

/** Reads the seed's statement tables (`periods: [...]`, `rows: [{ metricId, values }]`). */
function fromSeed(file: string): DemoFact[] {
  const text = fs.readFileSync(file, 'utf8');
  const name = /\bname:\s*'([^']+)'/.exec(text.slice(text.indexOf('.insert(entities)')))?.[1];
  const legalName = /\blegalName:\s*'([^']+)'/.exec(text)?.[1] ?? null;
  const short = /\['([A-Za-z]+)',\s*'abbreviation'\]/.exec(text)?.[1] ?? null;
  if (!name) return [];
  const out: DemoFact[] = [];
  // each statement: a `title`, a `unitLine`, `columns`, `periods` and `rows`
  for (const m of text.matchAll(
    /title:\s*'([^']+)',\s*unitLine:\s*'([^']+)',\s*columns:\s*\[([^\]]+)\],\s*periods:\s*\[([\s\S]*?)\],\s*rows:\s*\[([\s\S]*?)\n\s*\],/g,
  )) {
    const [, title, unitLine, columnsText, periodsText, rowsText] = m as unknown as [string, string, string, string, string, string];
    const scaleWord = Object.keys(SCALE).find((w) => unitLine.toLowerCase().includes(w));
    const scale = scaleWord ? SCALE[scaleWord]! : 1;
    const columns = [...columnsText.matchAll(/'([^']+)'/g)].map((x) => x[1]!);
    const periods = [
      ...periodsText.matchAll(/\{\s*type:\s*'(duration|instant)',\s*(?:start:\s*'([\d-]+)',\s*)?end:\s*'([\d-]+)'\s*\}/g),
    ].map((x) => ({ type: x[1] as 'duration' | 'instant', start: x[2], end: x[3]! }));
    const scope = /standalone/i.test(title) ? 'standalone' : 'consolidated';
    for (const r of rowsText.matchAll(/label:\s*'([^']+)',\s*metricId:\s*'(\w+)'[^}]*values:\s*\[([^\]]+)\]/g)) {
      const values = [...r[3]!.matchAll(/'([-\d.]+)'/g)].map((x) => Number(x[1]));
      values.forEach((v, i) => {
        const p = periods[i];
        if (p?.type !== 'duration' || !p.start) return;
        out.push({
          entity: { name, legalName, short },
          metric: r[2]!,
          label: r[1]!,
          column: columns[i] ?? '',
          value: Math.round(v * scale),
          scope,
          period: { type: 'duration', start: p.start, end: p.end },
          ...fiscalOf(p.start, p.end),
          source: path.basename(file),
          filed: /filedAt:\s*'([\d-]+)'/.exec(text)?.[1] ?? '',
        });
      });
    }
  }
  return out;
}

// ── the HTML demo corpus (lib/demo/documents/*.html) ──────────────────────────────────────────────
/** Row labels → metric (the demo statements' own wording). */
const ROWS: [RegExp, string][] = [
  [/^(?:[ivx]+\.\s*|\d+\.\s*)?(?:revenue from operations|net sales|revenue|total revenues?)$/i, 'revenue'],
  [/^(?:\d+\.\s*)?(?:operating profit|operating income|income from operations)$/i, 'operating_income'],
  [/^(?:[ivx]+\.\s*|\d+\.\s*)?(?:(?:net )?profit for the (?:year|period)|net income)(?:\s*\([^)]*\))?$/i, 'net_income'],
  [/^gross profit$/i, 'gross_profit'],
  [/^cost of (?:revenue|sales)$/i, 'cost_of_revenue'],
  [/^research and development$/i, 'rnd'],
  [/^total assets$/i, 'total_assets'],
  [/^total liabilities$/i, 'total_liabilities'],
  [/^total (?:stockholders'|shareholders') equity$|^total equity$/i, 'total_equity'],
  [/^(?:\([ivx]+\)\s*)?cash and cash equivalents$/i, 'cash'],
  [/^diluted(?:\s*\(₹\))?$/i, 'eps_diluted'],
  [/^net cash (?:provided by|generated from) operating activities(?:\s*\(a\))?$/i, 'operating_cash_flow'],
];

const MONTH_NUM: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};
const iso = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
const plusDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
function minusMonthsPlusDay(end: string, months: number): string {
  const [y, m] = end.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) - months;
  const last = iso(Math.floor(total / 12), (total % 12) + 1, new Date(Date.UTC(Math.floor(total / 12), (total % 12) + 1, 0)).getUTCDate());
  return plusDays(last, 1);
}

function text(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#160;|&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#39;|&rsquo;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** A table as a grid of cell texts (colspan and rowspan expanded). */
function grid(tableHtml: string): string[][] {
  const rows: string[][] = [];
  const pending = new Map<string, string>(); // "r,c" → text carried by a rowspan
  let r = 0;
  for (const tr of tableHtml.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)) {
    const row: string[] = [];
    let c = 0;
    const fill = () => {
      while (pending.has(`${r},${c}`)) row[c] = pending.get(`${r},${c++}`)!;
    };
    for (const cell of tr[1]!.matchAll(/<(td|th)([^>]*)>([\s\S]*?)<\/\1>/g)) {
      fill();
      const span = Number(/colspan="(\d+)"/.exec(cell[2]!)?.[1] ?? 1);
      const down = Number(/rowspan="(\d+)"/.exec(cell[2]!)?.[1] ?? 1);
      const t = text(cell[3]!);
      for (let k = 0; k < span; k++) {
        row[c] = t;
        for (let d = 1; d < down; d++) pending.set(`${r + d},${c}`, t);
        c++;
      }
    }
    fill();
    rows.push(Array.from({ length: row.length }, (_, i) => row[i] ?? ''));
    r++;
  }
  return rows;
}

const NUM = /^\(?\s*-?[\d,]+(?:\.\d+)?\s*\)?$/;
function num(t: string): number | null {
  const s = t.replace(/[$₹\s]/g, '');
  if (!NUM.test(s)) return null;
  const v = Number(s.replace(/[(),]/g, ''));
  return s.startsWith('(') ? -v : v;
}

/** A date in a header: "31 March 2026", "January 31, 2026", "30.09.2025", or a year under "June 30,". */
function headerDate(h: string): string | null {
  let m = /(\d{1,2})\s+([A-Za-z]{3})[a-z]*,?\s+(\d{4})/.exec(h);
  if (m && MONTH_NUM[m[2]!.toLowerCase()]) return iso(Number(m[3]), MONTH_NUM[m[2]!.toLowerCase()]!, Number(m[1]));
  m = /([A-Za-z]{3})[a-z]*\.?\s+(\d{1,2}),?\s+(\d{4})/.exec(h);
  if (m && MONTH_NUM[m[1]!.toLowerCase()]) return iso(Number(m[3]), MONTH_NUM[m[1]!.toLowerCase()]!, Number(m[2]));
  m = /(\d{2})\.(\d{2})\.(\d{4})/.exec(h);
  if (m) return iso(Number(m[3]), Number(m[2]), Number(m[1]));
  m = /([A-Za-z]{3})[a-z]*\s+(\d{1,2}),?\s+(?:\S+\s+)*?(\d{4})\b/.exec(h);
  if (m && MONTH_NUM[m[1]!.toLowerCase()]) return iso(Number(m[3]), MONTH_NUM[m[1]!.toLowerCase()]!, Number(m[2]));
  return null;
}

/** Saturday nearest 31 January of `year`. */
function saturdayNearJan31(year: number): string {
  const jan31 = Date.UTC(year, 0, 31);
  const dow = new Date(jan31).getUTCDay();
  const delta = (6 - dow + 7) % 7 <= 3 ? (6 - dow + 7) % 7 : ((6 - dow + 7) % 7) - 7;
  return new Date(jan31 + delta * 86_400_000).toISOString().slice(0, 10);
}

function fromHtml(file: string): DemoFact[] {
  const html = fs.readFileSync(file, 'utf8');
  const meta = (n: string) => new RegExp(`<meta name="ledgerline:${n}" content="([^"]*)"`).exec(html)?.[1] ?? null;
  const name = meta('entity');
  if (!name) return [];
  const legalName = meta('legal-name');
  const filed = meta('filing-date') ?? '';
  const periodEnd = meta('period-end') ?? '';
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
  const weeks = /\b5[23] weeks\b/.test(html);
  // fiscal label: "Form 10-K for fiscal 2025" with a period end in 2026 → named by the start year
  const named = /for fiscal (\d{4})/i.exec(title);
  const labelOffset = named && periodEnd ? Number(named[1]) - Number(periodEnd.slice(0, 4)) : 0;
  // fiscal year end (month, day): the declared one, else the report's own period end
  const fye = meta('fiscal-year-end') ?? (periodEnd ? periodEnd.slice(5, 7) + periodEnd.slice(8, 10) : '1231');
  const fyeMonth = Number(fye.slice(0, 2));
  const fyeDay = Number(fye.slice(2, 4));
  /** calendar year in which the fiscal year containing `d` ends (52/53-week ends may fall a few days into the next month) */
  const fiscalYearOf = (d: string): number => {
    const y = Number(d.slice(0, 4));
    const slack = weeks ? 7 : 0;
    for (const yr of [y - 1, y, y + 1]) if (plusDays(iso(yr, fyeMonth, fyeDay), slack) >= d) return yr;
    return y + 1;
  };
  /** months from the fiscal year start to the end of the month holding `d` (1–12) */
  const monthsIntoYear = (d: string): number => ((Number(d.slice(5, 7)) - fyeMonth + 11) % 12) + 1;
  const out: DemoFact[] = [];
  for (const t of html.matchAll(/<table([^>]*)>([\s\S]*?)<\/table>/g)) {
    const before = html.slice(Math.max(0, t.index! - 500), t.index!);
    const caption = text(/<caption>([\s\S]*?)<\/caption>/.exec(t[2]!)?.[1] ?? '');
    const context = `${text(before)} ${caption} ${text(t[2]!).slice(0, 200)}`;
    const heading =
      caption ||
      (/<b>([^<]*)<\/b><\/p>\s*<p[^>]*>[^<]*<\/p>\s*$/.exec(before)?.[1] ??
        /<h2>([^<]*)<\/h2>\s*(?:<p>[^<]*<\/p>\s*)?$/.exec(before)?.[1] ??
        '');
    if (!/statement|balance sheet|results/i.test(heading)) continue;
    const scaleWord = /\((?:₹\s*)?in (crore|lakh|millions?|thousands?)/i.exec(context)?.[1]?.toLowerCase().replace(/s$/, '');
    const scale = scaleWord ? SCALE[scaleWord]! : 1;
    const scope = /standalone/i.test(heading) ? 'standalone' : 'consolidated';
    const balance = /balance sheet/i.test(heading);
    const g = grid(t[2]!);
    const firstData = g.findIndex((row) => row[0] && row.slice(1).some((c) => num(c) !== null));
    if (firstData < 0) continue;
    const headers = g.slice(0, firstData);
    for (const row of g.slice(firstData)) {
      const label = row[0]!;
      const metric = ROWS.find(([re]) => re.test(label))?.[1];
      if (!metric) continue;
      const instantMetric = ['total_assets', 'total_liabilities', 'total_equity', 'cash'].includes(metric);
      if (instantMetric !== balance) continue;
      for (let c = 1; c < row.length; c++) {
        const v = num(row[c]!);
        if (v === null) continue;
        const head = [...new Set(headers.map((h) => h[c] ?? '').filter(Boolean))].join(' ');
        if (/^note$/i.test(head)) continue;
        const end = headerDate(head);
        if (!end) continue;
        const perShare = metric === 'eps_diluted';
        const value = Math.round(v * (perShare ? 1 : scale) * 100) / 100;
        let period: DemoFact['period'];
        let fiscalPeriod: DemoFact['fiscalPeriod'];
        if (instantMetric) {
          period = { type: 'instant', end };
          fiscalPeriod = 'FY';
        } else if (/quarter ended|three months/i.test(head)) {
          period = { type: 'duration', start: minusMonthsPlusDay(end, 3), end };
          fiscalPeriod = (['Q1', 'Q2', 'Q3', 'Q4'] as const)[Math.floor((monthsIntoYear(end) - 1) / 3)] ?? 'OTHER';
        } else if (/half year ended|six months/i.test(head)) {
          period = { type: 'duration', start: minusMonthsPlusDay(end, 6), end };
          fiscalPeriod = monthsIntoYear(end) === 6 ? 'H1' : 'OTHER';
        } else {
          const start = weeks ? plusDays(saturdayNearJan31(Number(end.slice(0, 4)) - 1), 1) : minusMonthsPlusDay(end, 12);
          period = { type: 'duration', start, end };
          fiscalPeriod = 'FY';
        }
        out.push({
          entity: { name, legalName, short: /^(\S+)/.exec(name)?.[1] ?? null },
          metric,
          label,
          column: head,
          value: Math.round(value),
          scope,
          period,
          fiscalYear: fiscalYearOf(end) + labelOffset,
          fiscalPeriod,
          source: path.basename(file),
          filed,
          ...(perShare ? { value } : {}),
        });
      }
    }
  }
  return out;
}

export function readDemoFacts(dbDir: string): DemoFact[] {
  const demoDir = path.join(dbDir, 'documents');
  const seed = path.join(dbDir, 'seed.ts');
  const seedText = fs.existsSync(seed) ? fs.readFileSync(seed, 'utf8') : '';
  // the seed ingests the HTML corpus when it names its documents; else the seed's own table is the demo
  if (fs.existsSync(demoDir) && /\.html'/.test(seedText)) {
    const listed = [...seedText.matchAll(/'([\w-]+)\.(?:html|pdf)'/g)].map((m) => `${m[1]}.html`);
    return listed.filter((f) => fs.existsSync(path.join(demoDir, f))).flatMap((f) => fromHtml(path.join(demoDir, f)));
  }
  return seedText ? fromSeed(seed) : [];
}
