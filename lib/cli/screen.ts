/**
 * `npm run cli -- screen …`: a universe screen (lib/screens) from the command line — every company of a tenant on
 * its own fiscal year, filtered and ranked on measures, ratios and growth. Prints a table (or one JSON result).
 */
import { parseArgs } from 'node:util';
import { type Database, openFromEnv } from '@/lib/db/client';
import { migrate } from '@/lib/db/migrate';
import { DEMO_TENANT_ID } from '@/lib/demo/seed';
import { AppError } from '@/lib/errors';
import { runScreen, type ScreenCell, type ScreenResult } from '@/lib/screens/run-screen';
import type { ScreenInput } from '@/lib/screens/screen-input';

export const SCREEN_USAGE =
  'usage: npm run cli -- screen --year YYYY [--calendar] COLUMN... [--where ID>N]... [--sort ID[:asc]] [--limit N] [--sic CODES] [--tenant ID] [--json]\n' +
  '  columns (ID defaults to the measure): --measure [ID=]METRIC   --ratio ID=NUMERATOR/DENOMINATOR   --growth [ID=]METRIC\n' +
  "  --year 2024: each company's own fiscal 2024; with --calendar: its fiscal year ending in calendar 2024\n" +
  '  --where "g>=0.2" (ratios and growth are fractions: 0.2 is 20 %), operators > >= < <=; --sic 3674,367 (codes or prefixes)\n' +
  '  example: npm run cli -- screen --year 2024 --growth g=revenue --ratio margin=operating_income/revenue --where "g>0.2" --sort margin\n';

const FILTER = /^([A-Za-z0-9_.-]+)\s*(>=|<=|>|<)\s*(-?\d+(?:\.\d+)?(?:e-?\d+)?)$/i;

function bad(message: string): never {
  throw new AppError('bad_request:screen', message);
}

function named(spec: string, what: string): [string, string] {
  const eq = spec.indexOf('=');
  if (eq === 0 || eq === spec.length - 1) bad(`${what} ${spec}: expected [ID=]${what === '--ratio' ? 'A/B' : 'METRIC'}`);
  return eq < 0 ? [spec, spec] : [spec.slice(0, eq), spec.slice(eq + 1)];
}

/** The command's arguments as a screen input (validated again by runScreen's schema). */
export function parseScreenArgs(args: string[]): { input: ScreenInput; tenant: string; json: boolean; help: boolean } {
  const { values, tokens } = parseArgs({
    args,
    options: {
      year: { type: 'string' },
      calendar: { type: 'boolean' },
      measure: { type: 'string', multiple: true },
      ratio: { type: 'string', multiple: true },
      growth: { type: 'string', multiple: true },
      where: { type: 'string', multiple: true },
      sort: { type: 'string' },
      limit: { type: 'string' },
      sic: { type: 'string' },
      tenant: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    tokens: true,
  });
  const help = values.help === true;
  // columns in the order given on the command line
  const columns: ScreenInput['columns'] = [];
  for (const t of tokens ?? []) {
    if (t.kind !== 'option' || t.value === undefined) continue;
    if (t.name === 'measure') {
      const [id, metric] = named(t.value, '--measure');
      columns.push({ kind: 'measure', id, metric });
    } else if (t.name === 'growth') {
      const [id, metric] = named(t.value, '--growth');
      columns.push({ kind: 'growth', id, metric });
    } else if (t.name === 'ratio') {
      const [id, expr] = named(t.value, '--ratio');
      const [numerator, denominator, ...rest] = expr.split('/');
      if (!numerator || !denominator || rest.length || id === expr) bad(`--ratio ${t.value}: expected ID=NUMERATOR/DENOMINATOR`);
      columns.push({ kind: 'ratio', id, numerator, denominator });
    }
  }
  if (!help && !values.year) bad('--year is required');
  if (!help && !columns.length) bad('name at least one column (--measure, --ratio or --growth)');
  const year = Number(values.year ?? 0);
  if (!help && (!/^\d{4}$/.test(values.year ?? '') || !Number.isInteger(year))) bad(`--year ${values.year}: expected a year such as 2024`);
  const filters = (values.where ?? []).map((w) => {
    const m = FILTER.exec(w.trim());
    if (!m) bad(`--where ${w}: expected ID>N, ID>=N, ID<N or ID<=N`);
    return { column: m[1]!, op: m[2] as '>' | '>=' | '<' | '<=', value: Number(m[3]) };
  });
  let sort: ScreenInput['sort'];
  if (values.sort) {
    const [column, direction = 'desc'] = values.sort.split(':');
    if (!column || (direction !== 'asc' && direction !== 'desc')) bad(`--sort ${values.sort}: expected ID or ID:asc`);
    sort = { column, direction };
  }
  const limit = values.limit === undefined ? undefined : Number(values.limit);
  if (limit !== undefined && !Number.isInteger(limit)) bad(`--limit ${values.limit}: expected a whole number`);
  const sic = values.sic
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return {
    input: { year, yearBasis: values.calendar ? 'calendar' : 'fiscal', columns, filters, sort, limit, sic },
    tenant: values.tenant ?? DEMO_TENANT_ID,
    json: values.json === true,
    help,
  };
}

function cellText(c: ScreenCell | undefined, kind: string): string {
  if (!c) return '';
  if (c.error) return c.error.code;
  if (c.value === null) return '–';
  if (c.display) return c.display;
  if (kind === 'measure') return `${c.value.toLocaleString('en-US')} ${c.unit ?? ''}`.trim();
  return String(c.value);
}

/** The result as an aligned text table: rank, company, the fiscal year used (its end date), one column per screen column. */
export function formatScreen(r: ScreenResult): string {
  const head = ['#', 'company', 'fiscal year', ...r.spec.columns.map((c) => c.id)];
  const body = r.rows.map((row) => [
    String(row.rank),
    row.entity.ticker ? `${row.entity.name} (${row.entity.ticker})` : row.entity.name,
    `FY${row.fiscalYear} (to ${row.period.type === 'instant' ? row.period.date : row.period.end})`,
    ...r.spec.columns.map((c) => cellText(row.cells[c.id], c.kind)),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  const excluded = Object.entries(r.excluded)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  return [
    `Periods: ${r.periodNote}. ${r.matched} of ${r.considered} companies match${excluded ? ` (set aside: ${excluded})` : ''}; showing ${r.rows.length}.`,
    line(head),
    ...body.map(line),
  ].join('\n');
}

/** Runs a parsed screen on an open database as the tenant's administrator (the CLI's usual viewer). */
export async function screenOnDatabase(
  database: Database,
  a: ReturnType<typeof parseScreenArgs>,
  out: NodeJS.WritableStream,
): Promise<number> {
  const result = await runScreen({ db: database.db, tenantId: a.tenant, role: 'admin', input: a.input });
  out.write(a.json ? `${JSON.stringify(result)}\n` : `${formatScreen(result)}\n`);
  return 0;
}

export async function runScreenCommand(
  args: string[],
  out: NodeJS.WritableStream = process.stdout,
  err: NodeJS.WritableStream = process.stderr,
): Promise<number> {
  let database: Database | null = null;
  try {
    const a = parseScreenArgs(args);
    if (a.help) {
      out.write(SCREEN_USAGE);
      return 0;
    }
    database = await openFromEnv();
    await migrate(database);
    return await screenOnDatabase(database, a, out);
  } catch (e) {
    const parseError = e instanceof TypeError && 'code' in e && String(e.code).startsWith('ERR_PARSE_ARGS');
    if (e instanceof AppError || parseError) {
      err.write(`ledgerline: ${(e as Error).message}\n${SCREEN_USAGE}`);
      return 2;
    }
    throw e;
  } finally {
    await database?.close();
  }
}
