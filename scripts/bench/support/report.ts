/** Printing and writing benchmark results: console table, bench-results/*.json|md, benchmark log (bench-results/README.md). */
import fs from 'node:fs';
import path from 'node:path';
import { ratio } from '@/lib/bench/metrics';
import type { BenchRow, Scale } from './types';

export interface RunResult {
  scale: Scale;
  startedAt: string;
  finishedAt: string;
  durationS: number;
  args: string[];
  env: Record<string, unknown>;
  rows: BenchRow[];
  comparisons: Comparison[];
  failures: { section: string; error: string }[];
}

export interface Comparison {
  what: string;
  metric: string;
  ratio: number | null;
  a: number | null;
  b: number | null;
}

const fmt = (x: number | null | undefined, digits = 1): string =>
  x == null || !Number.isFinite(x) ? '–' : x >= 1000 ? Math.round(x).toLocaleString('en-US') : x.toFixed(digits);

/** Judge each row against its target (the metric is a row field or an `extra` field). */
export function judge(rows: BenchRow[]): void {
  for (const r of rows) {
    if (!r.target) continue;
    const raw = (r as unknown as Record<string, unknown>)[r.target.metric] ?? r.extra[r.target.metric];
    const v = typeof raw === 'number' ? raw : null;
    r.target.met = v == null || !Number.isFinite(v) ? null : r.target.op === '<=' ? v <= r.target.value : v >= r.target.value;
  }
}

/** PostgreSQL vs PGlite for every case measured on both. */
export function driverComparisons(rows: BenchRow[]): Comparison[] {
  const out: Comparison[] = [];
  const key = (r: BenchRow) => `${r.section} / ${r.case}`;
  const pairs = new Map<string, { pg?: BenchRow; lite?: BenchRow }>();
  for (const r of rows) {
    const d =
      r.driver === 'postgres' || r.driver === 'http-postgres' ? 'pg' : r.driver === 'pglite' || r.driver === 'http-pglite' ? 'lite' : null;
    if (!d) continue;
    const e = pairs.get(key(r)) ?? {};
    e[d] = r;
    pairs.set(key(r), e);
  }
  for (const [k, { pg, lite }] of pairs) {
    if (!pg || !lite) continue;
    if (pg.p50Ms != null && lite.p50Ms != null) {
      out.push({ what: `${k}: postgres / pglite`, metric: 'p50', ratio: ratio(pg.p50Ms, lite.p50Ms), a: pg.p50Ms, b: lite.p50Ms });
      out.push({ what: `${k}: postgres / pglite`, metric: 'p95', ratio: ratio(pg.p95Ms, lite.p95Ms), a: pg.p95Ms, b: lite.p95Ms });
    } else if (pg.throughput != null && lite.throughput != null) {
      out.push({
        what: `${k}: postgres / pglite`,
        metric: 'throughput',
        ratio: ratio(pg.throughput, lite.throughput),
        a: pg.throughput,
        b: lite.throughput,
      });
    }
  }
  return out;
}

function targetText(r: BenchRow): string {
  if (!r.target) return '';
  const mark = r.target.met === null ? '?' : r.target.met ? 'MET' : 'MISSED';
  return `${r.target.metric} ${r.target.op} ${r.target.value}: ${mark}`;
}

function note(r: BenchRow): string {
  return typeof r.extra.summary === 'string' ? r.extra.summary : '';
}

const HEAD = ['section', 'case', 'driver', 'n', 'p50 ms', 'p95 ms', 'p99 ms', 'throughput', 'target', 'notes'];

function cells(r: BenchRow): string[] {
  const tp = r.throughput == null ? '–' : `${fmt(r.throughput)} ${r.throughputUnit ?? 'ops/s'}`;
  return [r.section, r.case, r.driver, String(r.n), fmt(r.p50Ms, 2), fmt(r.p95Ms, 2), fmt(r.p99Ms ?? null, 2), tp, targetText(r), note(r)];
}

export function printTable(rows: BenchRow[], comparisons: Comparison[], out: (s: string) => void): void {
  const data = rows.map(cells);
  const widths = HEAD.map((h, i) => Math.min(i === HEAD.length - 1 ? 80 : 44, Math.max(h.length, ...data.map((d) => d[i]!.length))));
  const line = (c: string[]) => c.map((x, i) => (i >= 3 && i <= 7 ? x.padStart(widths[i]!) : x.padEnd(widths[i]!))).join('  ');
  out(line(HEAD));
  out(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const d of data) out(line(d));
  if (comparisons.length) {
    out('');
    out('ratios');
    for (const c of comparisons)
      out(`  ${c.what} ${c.metric}: ${c.ratio == null ? '–' : `${c.ratio.toFixed(2)}×`} (${fmt(c.a, 2)} vs ${fmt(c.b, 2)})`);
  }
}

const mdEscape = (s: string) => s.replace(/\|/g, '\\|');

export function markdownTable(rows: BenchRow[]): string {
  const lines = [`| ${HEAD.join(' | ')} |`, `|${HEAD.map((_, i) => (i >= 3 && i <= 7 ? '---:' : '---')).join('|')}|`];
  for (const r of rows) lines.push(`| ${cells(r).map(mdEscape).join(' | ')} |`);
  return lines.join('\n');
}

export function markdownReport(res: RunResult): string {
  const parts = [
    `# Ledgerline benchmark — scale ${res.scale}`,
    '',
    `Run ${res.startedAt} (${res.durationS.toFixed(0)} s). ${envLine(res.env)}`,
    '',
    markdownTable(res.rows),
  ];
  if (res.comparisons.length) {
    parts.push('', '## Ratios', '');
    for (const c of res.comparisons)
      parts.push(
        `- ${mdEscape(c.what)} ${c.metric}: ${c.ratio == null ? '–' : `${c.ratio.toFixed(2)}×`} (${fmt(c.a, 2)} vs ${fmt(c.b, 2)})`,
      );
  }
  if (res.failures.length) {
    parts.push('', '## Sections that failed', '');
    for (const f of res.failures) parts.push(`- ${f.section}: ${mdEscape(f.error)}`);
  }
  return `${parts.join('\n')}\n`;
}

function envLine(env: Record<string, unknown>): string {
  const la = env.loadavgStart as number[] | undefined;
  return `Node ${env.node}, ${env.cpus} CPUs (load average at start ${la ? la.map((x) => x.toFixed(1)).join('/') : '?'}), PostgreSQL: ${env.postgres ?? 'not benchmarked'}.`;
}

/**
 * latest.json/md always; latest-<scale>.json (what the README summarizes) only for a run of every
 * section of that scale (no --only/--skip); every run also under runs/.
 */
export function writeResults(dir: string, res: RunResult, complete: boolean): { json: string; md: string } {
  fs.mkdirSync(path.join(dir, 'runs'), { recursive: true });
  const json = path.join(dir, 'latest.json');
  const md = path.join(dir, 'latest.md');
  const body = `${JSON.stringify(res, null, 2)}\n`;
  fs.writeFileSync(json, body);
  if (complete) fs.writeFileSync(path.join(dir, `latest-${res.scale}.json`), body);
  fs.writeFileSync(path.join(dir, 'runs', `${res.startedAt.replace(/[:.]/g, '-')}-${res.scale}.json`), body);
  fs.writeFileSync(md, markdownReport(res));
  return { json, md };
}

/** The benchmark log: dated runs, written between its markers by `--readme` (the project README keeps the targets). */
export const BENCH_LOG = path.resolve('bench-results/README.md');

export const README_START = '<!-- bench:start -->';
export const README_END = '<!-- bench:end -->';

/** Rows for the README: those with a target, the quality grid, the single-caller latencies, throughputs, load tests. */
function readmeRows(rows: BenchRow[]): BenchRow[] {
  const qualityDriver = rows.find((r) => r.section === 'retrieval-quality')?.driver;
  return rows.filter((r) => {
    if (r.target) return true;
    if (r.section === 'retrieval-quality') return r.driver === qualityDriver;
    if (/^\s|: (detail|comparison|longitudinal)$|callers|FAILED/.test(r.case)) return false;
    return ['ingest', 'bulk', 'lookup', 'retrieval', 'answer', 'scale', 'universe', 'http'].includes(r.section);
  });
}

const README_HEAD = ['section', 'case', 'driver', 'n', 'p50 ms', 'p95 ms', 'p99 ms', 'throughput', 'target / notes'];

function readmeTable(rows: BenchRow[]): string {
  const lines = [`| ${README_HEAD.join(' | ')} |`, `|${README_HEAD.map((_, i) => (i >= 3 && i <= 7 ? '---:' : '---')).join('|')}|`];
  for (const r of rows) {
    const c = cells(r);
    const notes = [targetText(r), note(r)].filter(Boolean).join('; ');
    lines.push(`| ${[...c.slice(0, 8), notes].map(mdEscape).join(' | ')} |`);
  }
  return lines.join('\n');
}

/** The README section: the latest small and full runs, key rows only (everything is in bench-results/latest*.json|md). */
export function readmeSection(runs: RunResult[]): string {
  const parts = [
    README_START,
    '## Benchmarks',
    '',
    '`npm run bench` (default `--scale small`: real data only) prints p50/p95/p99, throughput and ratios and writes `bench-results/latest.json` and `latest.md`. ' +
      '`npm run bench -- --scale full --pg-url postgres://…` adds the synthetic scale-up (2,000 companies: 1.21M facts, 100k embedded chunks on PostgreSQL) and the 50-client load test of `POST /api/answers`. ' +
      'Pick sections with `--only ingest,lookup,retrieval-quality,retrieval,answer,scale,http,report-extract`; `--list` describes them. PostgreSQL is used when `--pg-url` or `DATABASE_URL` is set (scratch databases, dropped afterwards). ' +
      'The retrieval evaluation set (questions and gold chunk ids derived from the inline-XBRL 10-K/10-Q item structure) is written to `bench-results/retrieval-eval-set.jsonl`. ' +
      'Latencies are wall-clock in the benchmark process, one caller at a time unless stated; the load average at the time is recorded with each run.',
  ];
  for (const res of runs) {
    const targeted = res.rows.filter((r) => r.target);
    const missed = targeted.filter((r) => r.target!.met === false);
    parts.push(
      '',
      `### Scale ${res.scale} — ${res.startedAt.slice(0, 16).replace('T', ' ')} UTC`,
      '',
      envLine(res.env),
      `Targets: ${targeted.length - missed.length} of ${targeted.length} met${missed.length ? `; missed: ${missed.map((r) => `${r.section} “${r.case}” (${r.driver})`).join(', ')}` : ''}.`,
      '',
      readmeTable(readmeRows(res.rows)),
    );
    const pg = res.comparisons.filter(
      (c) => c.metric === 'p95' && c.ratio != null && !/^retrieval-quality|: (detail|comparison|longitudinal)|of which/.test(c.what),
    );
    if (pg.length)
      parts.push(
        '',
        `PostgreSQL / PGlite p95: ${pg.map((c) => `${c.what.replace(': postgres / pglite', '')} ${c.ratio!.toFixed(2)}×`).join('; ')}.`,
      );
    if (res.failures.length) parts.push('', `Sections that failed: ${res.failures.map((f) => f.section).join(', ')}.`);
  }
  parts.push(README_END);
  return parts.join('\n');
}

export const README_UNIVERSE_START = '<!-- bench:universe:start -->';
export const README_UNIVERSE_END = '<!-- bench:universe:end -->';

/**
 * The universe run's block of the benchmark log (the target cases at each size and the growth ratios), written
 * between its own markers inside the benchmark section, so a universe run replaces only its own table.
 */
export function readmeUniverseBlock(res: RunResult): string {
  const targeted = res.rows.filter((r) => r.target);
  const missed = targeted.filter((r) => r.target!.met === false);
  const growth = res.rows.find((r) => /^growth /.test(r.case));
  return [
    README_UNIVERSE_START,
    `### Scale universe — ${res.startedAt.slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `\`npm run bench -- ${res.args.map((a) => (/^postgres(ql)?:\/\//.test(a) ? '…' : a.replace(/^(--pg-url=).*/, '$1…'))).join(' ')}\` (${Math.round(res.durationS / 60)} min). ${envLine(res.env)}`,
    `Targets (at the largest size): ${targeted.length - missed.length} of ${targeted.length} met${missed.length ? `; missed: ${missed.map((r) => `“${r.case}”`).join(', ')}` : ''}.`,
    '',
    readmeTable(res.rows.filter((r) => r.section === 'universe' && !/^plan \d/.test(r.case))),
    ...(growth ? ['', `Growth: ${String(growth.extra.summary)}.`] : []),
    ...(res.failures.length ? ['', `Sections that failed: ${res.failures.map((f) => f.section).join(', ')}.`] : []),
    README_UNIVERSE_END,
  ].join('\n');
}

/** Replace (or add, just before the end of the benchmark section) the universe block of README.md. */
export function updateReadmeUniverse(readmePath: string, block: string): void {
  const text = fs.readFileSync(readmePath, 'utf8');
  const s = text.indexOf(README_UNIVERSE_START);
  const e = text.indexOf(README_UNIVERSE_END);
  let next: string;
  if (s >= 0 && e > s) next = `${text.slice(0, s)}${block}${text.slice(e + README_UNIVERSE_END.length)}`;
  else {
    const end = text.indexOf(README_END);
    next = end >= 0 ? `${text.slice(0, end)}${block}\n${text.slice(end)}` : `${text.replace(/\s*$/, '')}\n\n${block}\n`;
  }
  fs.writeFileSync(readmePath, next);
}

/** Replace (or append) the bench section of README.md, touching nothing else. */
export function updateReadme(readmePath: string, section: string): void {
  const text = fs.readFileSync(readmePath, 'utf8');
  const s = text.indexOf(README_START);
  const e = text.indexOf(README_END);
  const next =
    s >= 0 && e > s ? `${text.slice(0, s)}${section}${text.slice(e + README_END.length)}` : `${text.replace(/\s*$/, '')}\n\n${section}\n`;
  fs.writeFileSync(readmePath, next);
}

export const REQUEST_PATH_START = '<!-- bench:request-path:start -->';
export const REQUEST_PATH_END = '<!-- bench:request-path:end -->';

/**
 * The README block of the request-path sections (http: the 50-client load test; hostile: hostile bodies
 * beside a normal user) from one run, so `npm run bench -- --only hostile,http --pg-url … --readme` records
 * them without regenerating (or, from a partial run, wiping) the rest of the benchmark section. It sits after
 * `<!-- bench:end -->`.
 */
export function requestPathSection(res: RunResult): string | null {
  const rows = res.rows.filter((r) => r.section === 'http' || r.section === 'hostile');
  if (rows.length === 0) return null;
  return [
    REQUEST_PATH_START,
    `### Request path: load test and hostile bodies — ${res.startedAt.slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `\`npm run bench -- ${res.args.join(' ').replace(/postgres(ql)?:\/\/\S+/g, 'postgres://…')}\`. ${envLine(res.env)}`,
    'CPU per request (the server’s process group and the PostgreSQL backends, from /proc), statements per request (counted afterwards by a relay between server and database, in a pass of 10 fresh clients; the load itself runs straight to the database), the answer cache’s hit rate and the event-loop delay are in the notes: on a shared machine they are the stable evidence, latencies follow the load.',
    '',
    readmeTable(readmeRows(rows)),
    REQUEST_PATH_END,
  ].join('\n');
}

export function updateRequestPathReadme(readmePath: string, section: string): void {
  const text = fs.readFileSync(readmePath, 'utf8');
  const s = text.indexOf(REQUEST_PATH_START);
  const e = text.indexOf(REQUEST_PATH_END);
  let next: string;
  if (s >= 0 && e > s) next = `${text.slice(0, s)}${section}${text.slice(e + REQUEST_PATH_END.length)}`;
  else {
    const end = text.indexOf(README_END);
    next =
      end >= 0
        ? `${text.slice(0, end + README_END.length)}\n\n${section}${text.slice(end + README_END.length)}`
        : `${text.replace(/\s*$/, '')}\n\n${section}\n`;
  }
  fs.writeFileSync(readmePath, next.replace(/\s*$/, '\n'));
}
