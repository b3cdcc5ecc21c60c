import type { ScreenInput } from './screen-input';

/** The screen page's query string: one measure, an optional ratio, its growth, one growth floor, SIC codes. */
export interface ScreenParams {
  year: string;
  basis: 'fiscal' | 'calendar';
  metric: string;
  num: string;
  den: string;
  growth: boolean;
  /** keep companies whose growth is above this many percent */
  minGrowth: string;
  sic: string;
  sort: string;
  dir: 'asc' | 'desc';
  limit: string;
}

type Raw = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim() ?? '';

/** The form's values as given (unvalidated strings; the page shows them back). */
export function readScreenParams(raw: Raw): ScreenParams {
  return {
    year: one(raw.year),
    basis: one(raw.basis) === 'calendar' ? 'calendar' : 'fiscal',
    metric: one(raw.metric),
    num: one(raw.num),
    den: one(raw.den),
    growth: one(raw.growth) === '1',
    minGrowth: one(raw.minGrowth),
    sic: one(raw.sic),
    sort: one(raw.sort),
    dir: one(raw.dir) === 'asc' ? 'asc' : 'desc',
    limit: one(raw.limit),
  };
}

/**
 * The screen the form asks for, or null when it names no year or measure yet (the page then shows the form only).
 * Columns: `value` (the measure), `growth` (its growth on the previous fiscal year), `ratio` (num / den).
 * runScreen validates the result again (unknown measures, bounds) and says what is wrong.
 */
export function screenInputOf(p: ScreenParams): ScreenInput | null {
  if (!/^\d{4}$/.test(p.year) || !p.metric) return null;
  const columns: ScreenInput['columns'] = [{ kind: 'measure', id: 'value', metric: p.metric }];
  if (p.growth || p.minGrowth) columns.push({ kind: 'growth', id: 'growth', metric: p.metric });
  if (p.num && p.den) columns.push({ kind: 'ratio', id: 'ratio', numerator: p.num, denominator: p.den });
  const floor = Number(p.minGrowth);
  const filters = p.minGrowth && Number.isFinite(floor) ? [{ column: 'growth', op: '>' as const, value: floor / 100 }] : [];
  const ids = columns.map((c) => c.id);
  const limit = Number(p.limit);
  return {
    year: Number(p.year),
    yearBasis: p.basis,
    columns,
    filters,
    sort: { column: ids.includes(p.sort) ? p.sort : (ids.at(-1) ?? 'value'), direction: p.dir },
    limit: Number.isInteger(limit) && limit >= 1 && limit <= 200 ? limit : 25,
    sic: p.sic
      ? p.sic
          .split(/[\s,]+/)
          .map((s) => s.trim())
          .filter(Boolean)
      : undefined,
  };
}

/** The page's URL with some values changed (the column headers re-sort through it). */
export function screenHref(p: ScreenParams, change: Partial<ScreenParams>): string {
  const q = { ...p, ...change };
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) {
    if (k === 'growth') {
      if (v) s.set(k, '1');
    } else if (v) s.set(k, String(v));
  }
  return `/screens?${s.toString()}`;
}
