/**
 * Folds period pieces written apart into the periods they name:
 * - a position and its year: "Q3 revenue FY2025", "fourth quarter revenue for fiscal 2024",
 *   "nine-month YTD revenue FY2021" → one phrase with `parts`;
 * - a TTM and its anchor: "TTM revenue as of Q3 FY2025", "LTM revenue at April 30, 2025";
 * - a YTD and its end: "YTD revenue through Q2 FY2024" (= H1), "year to date … September 30, 2022";
 * - lists that share a year or a prefix: "Q1 and Q2 2022", "Q1, Q2 and Q3 fiscal 2025",
 *   "fiscal 2022 and 2023", "fiscal years 2021 through 2025";
 * - "the same period of 2021" after a positioned period; a position without a year in a question
 *   that names exactly one year.
 * Pieces never fold across words that make them separate operands ("and", "vs", "plus", ",", …).
 */
import type { PeriodPhrase, PeriodSpec, YearRef } from './period-spec';
import type { FiscalPosition } from './positions';

const LIST_JOIN = /^\s*(?:,|and|&|or|,\s*(?:and|or|&))\s*$/i;
const RANGE_JOIN = /^\s*(?:-|–|—|to|through|thru|until)\s*$/i;
const COMPARE_JOIN = /^\s*(?:,|and|&|or|vs\.?|versus|compared\s+(?:with|to)|against|over|relative\s+to|,\s*(?:and|or))\s*$/i;
/** Words between two pieces that make them separate operands (a lone comma does not: "Q1, FY2021"). */
const SEPARATES =
  /[;:=+*/()&]|\b(?:and|or|vs|versus|compared?|against|plus|minus|less|than|over|relative|add(?:ing|ed)?|sum|subtract(?:ing)?|divided|times|ratio|between|from|with|then|while|but|each|every|per(?![\s-]+(?:(?:common|diluted|basic)\s+)?shares?\b)|computed|calculated|defined|derived)\b|\bas\b(?!\s+(?:of|at)\b)/i;
/** A connector that belongs to the anchor piece ("… as of Q3 FY2025"). */
const CONNECTOR = /(?:^|\s)((?:as\s+(?:of|at)|through|thru|to|ending|ended|at|for|in|until)(?:\s+the)?\s*)$/i;

const THROUGH: Record<string, FiscalPosition> = { Q1: 'Q1', Q2: 'H1', Q3: '9M', Q4: 'FY' };

type Fiscal = Extract<PeriodSpec, { type: 'fiscal' }>;

function isYearOnly(p: PeriodPhrase): boolean {
  const s = p.spec;
  return (
    (s.type === 'fiscal' && s.position === 'FY' && s.year.style !== 'span') ||
    s.type === 'bare_year' ||
    (s.type === 'calendar' && s.position === 'FY')
  );
}

function isPositioned(p: PeriodPhrase): boolean {
  const s = p.spec;
  return (s.type === 'fiscal' || s.type === 'calendar') && s.position !== 'FY';
}

/** The year of a year-bearing phrase, as the fiscal/calendar reference a position takes. */
function yearOf(s: PeriodSpec): { kind: 'fiscal'; year: YearRef } | { kind: 'calendar'; year: number } | null {
  if (s.type === 'fiscal') return { kind: 'fiscal', year: s.year };
  if (s.type === 'bare_year') return { kind: 'fiscal', year: { year: s.year, style: 'bare' } };
  if (s.type === 'calendar') return { kind: 'calendar', year: s.year };
  return null;
}

function withPosition(s: PeriodSpec, position: FiscalPosition): PeriodSpec | null {
  const y = yearOf(s);
  if (!y) return null;
  return y.kind === 'calendar' ? { type: 'calendar', position, year: y.year } : { type: 'fiscal', position, year: y.year };
}

/**
 * A quarter named by its month ("the April quarter") in the year of a year-only phrase: "of fiscal 2025" names the fiscal
 * year's quarter ending in that month, a bare or calendar year ("of 2025") the quarter ending in that month of 2025.
 */
function withMonth(s: PeriodSpec, month: number): PeriodSpec | null {
  const y = yearOf(s);
  if (!y || (s.type !== 'bare_year' && !(s.type === 'fiscal' && s.position === 'FY') && !(s.type === 'calendar' && s.position === 'FY')))
    return null;
  if (y.kind === 'calendar') return { type: 'named_by_month', length: 'quarter', month, year: y.year, yearKind: 'calendar' };
  if (y.year.style === 'span') return null;
  return {
    type: 'named_by_month',
    length: 'quarter',
    month,
    year: y.year.year,
    yearKind: y.year.style === 'fiscal' ? 'fiscal' : 'calendar',
  };
}

function partsOf(p: PeriodPhrase): [number, number][] {
  return p.parts ?? [[p.start, p.end]];
}

/** One phrase made of pieces; `text` is the pieces' texts joined by a space. */
function merge(question: string, pieces: [number, number][], rule: string, spec: PeriodSpec): PeriodPhrase {
  const parts = [...pieces].sort((a, b) => a[0] - b[0]);
  const start = parts[0]![0];
  const end = parts[parts.length - 1]![1];
  const contiguous = parts.every((p, i) => i === 0 || /^\s*$/.test(question.slice(parts[i - 1]![1], p[0])));
  if (contiguous) return { text: question.slice(start, end), start, end, rule, spec };
  return { text: parts.map(([a, b]) => question.slice(a, b)).join(' '), start, end, rule, spec, parts };
}

/**
 * Whether `a` (earlier) and `b` (later) may fold: nothing between them separates operands.
 * Returns the start of `b`'s piece including a connector word before it, or null.
 */
function foldGap(question: string, a: PeriodPhrase, b: PeriodPhrase): number | null {
  const between = question.slice(a.end, b.start);
  const conn = CONNECTOR.exec(between);
  const rest = conn ? between.slice(0, between.length - conn[1]!.length) : between;
  if (SEPARATES.test(rest)) return null;
  return conn ? b.start - conn[1]!.length : b.start;
}

function distributeLists(question: string, out: PeriodPhrase[]): void {
  // positions before a positioned year: "Q1 and Q2 2022", "Q1, Q2 and Q3 fiscal 2025"
  for (let i = 0; i < out.length; i++) {
    if (out[i]!.spec.type !== 'latest_position') continue;
    let j = i;
    while (
      j + 1 < out.length &&
      out[j + 1]!.spec.type === 'latest_position' &&
      LIST_JOIN.test(question.slice(out[j]!.end, out[j + 1]!.start))
    )
      j++;
    const target = out[j + 1];
    if (!target || !isPositioned(target) || !LIST_JOIN.test(question.slice(out[j]!.end, target.start))) continue;
    for (let k = i; k <= j; k++) {
      const spec = withPosition(target.spec, (out[k]!.spec as { position: FiscalPosition }).position);
      if (spec) out[k] = { ...out[k]!, rule: 'position_in_list', spec };
    }
    i = j;
  }
  // bare years after a fiscal or calendar year, or after a positioned one: "fiscal 2022 and 2023", "Q3 2021 and 2022"
  for (let i = 1; i < out.length; i++) {
    const prev = out[i - 1]!;
    const cur = out[i]!;
    if (cur.spec.type !== 'bare_year') continue;
    const between = question.slice(prev.end, cur.start);
    if (!LIST_JOIN.test(between) && !RANGE_JOIN.test(between) && !COMPARE_JOIN.test(between)) continue;
    const p = prev.spec;
    const year: YearRef = { year: cur.spec.year, style: 'fiscal' };
    if (p.type === 'fiscal' && p.year.style === 'fiscal' && (p.position === 'FY' || !RANGE_JOIN.test(between))) {
      out[i] = { ...cur, rule: 'year_in_list', spec: { type: 'fiscal', position: p.position, year } };
    } else if (p.type === 'fiscal' && p.year.style === 'bare' && p.position !== 'FY' && !RANGE_JOIN.test(between)) {
      out[i] = {
        ...cur,
        rule: 'year_in_list',
        spec: { type: 'fiscal', position: p.position, year: { year: cur.spec.year, style: 'bare' } },
      };
    } else if (p.type === 'calendar' && (p.position === 'FY' || !RANGE_JOIN.test(between))) {
      out[i] = { ...cur, rule: 'year_in_list', spec: { type: 'calendar', position: p.position, year: cur.spec.year } };
    }
  }
}

function sameYearAnaphora(out: PeriodPhrase[]): void {
  for (let i = 0; i < out.length; i++) {
    const s = out[i]!.spec;
    if (s.type !== 'same_period') continue;
    const before = out.slice(0, i).filter(isPositioned);
    const positions = new Set(before.map((p) => (p.spec as Fiscal).position));
    if (positions.size !== 1) continue;
    const position = [...positions][0]!;
    const kind = before[0]!.spec.type;
    out[i] = {
      ...out[i]!,
      spec: kind === 'calendar' ? { type: 'calendar', position, year: s.year.year } : { type: 'fiscal', position, year: s.year },
    };
  }
}

/** Nearest phrase after (then before) `i` satisfying `ok` that may fold with it. */
function partner(question: string, out: PeriodPhrase[], i: number, ok: (p: PeriodPhrase) => boolean): { j: number; from: number } | null {
  const next = out[i + 1];
  if (next && ok(next)) {
    const from = foldGap(question, out[i]!, next);
    if (from !== null) return { j: i + 1, from };
  }
  const prev = out[i - 1];
  if (prev && ok(prev) && foldGap(question, prev, out[i]!) !== null) return { j: i - 1, from: prev.start };
  return null;
}

function ttmAnchor(s: PeriodSpec): PeriodSpec | null {
  switch (s.type) {
    case 'fiscal':
    case 'instant':
    case 'ended':
    case 'named_by_month':
      return s;
    case 'calendar':
      return s.position === 'FY' ? null : s;
    case 'month':
      return { type: 'named_by_month', length: 'quarter', month: s.month, year: s.year, yearKind: 'calendar' };
    case 'bare_year':
      return { type: 'fiscal', position: 'FY', year: { year: s.year, style: 'bare' } };
    case 'latest_position':
      return /^Q[1-4]$/.test(s.position) ? s : null;
    case 'boundary':
      return s.edge === 'end' ? s.ref : null;
    case 'relative':
      return s.which === 'latest_quarter' ? s : null;
    default:
      return null;
  }
}

function ytdEnd(s: PeriodSpec): PeriodSpec | null {
  // "nine-month … YTD", "YTD … Q3": still a position waiting for its year
  if (s.type === 'latest_position') return { type: 'latest_position', position: THROUGH[s.position] ?? s.position };
  if (s.type === 'fiscal' && /^Q[1-4]$/.test(s.position)) return { ...s, position: THROUGH[s.position]! };
  if (s.type === 'instant' || s.type === 'month') return { type: 'ytd_through', ref: s };
  if (s.type === 'ended' && s.length === 'quarter') return { type: 'ytd_through', ref: { type: 'instant', date: s.date } };
  if (s.type === 'named_by_month' && s.length === 'quarter' && s.yearKind === 'calendar')
    return { type: 'ytd_through', ref: { type: 'month', month: s.month, year: s.year } };
  // "YTD FY2025": the year to date of that fiscal year
  if ((s.type === 'fiscal' && s.position === 'FY' && s.year.style !== 'span') || s.type === 'bare_year')
    return { type: 'ytd_through', ref: s };
  return null;
}

/** Folds one pair at a time until nothing changes. */
function foldPairs(question: string, out: PeriodPhrase[]): PeriodPhrase[] {
  for (let i = 0; i < out.length; i++) {
    const p = out[i]!;
    const s = p.spec;
    let hit: { j: number; from: number } | null = null;
    let spec: PeriodSpec | null = null;
    let rule = p.rule;
    if (s.type === 'ttm' && s.ref === null) {
      hit = partner(question, out, i, (q) => ttmAnchor(q.spec) !== null);
      if (hit) spec = { type: 'ttm', ref: ttmAnchor(out[hit.j]!.spec)! };
    } else if (s.type === 'relative' && s.which === 'ytd') {
      // a position next to the YTD first ("nine-month … YTD FY2021"), then its end or year
      hit =
        partner(question, out, i, (q) => q.spec.type === 'latest_position' && q.spec.position !== 'H2') ??
        partner(question, out, i, (q) => ytdEnd(q.spec) !== null && q.spec.type !== 'latest_position');
      if (hit) {
        spec = ytdEnd(out[hit.j]!.spec);
        if (spec?.type === 'latest_position') rule = 'position_only';
      }
    } else if (s.type === 'month_quarter') {
      hit = partner(question, out, i, isYearOnly);
      const year = hit ? out[hit.j] : undefined;
      if (year) [spec, rule] = [withMonth(year.spec, s.month), 'month_named'];
    } else if (s.type === 'latest_position') {
      hit = partner(question, out, i, isYearOnly);
      if (hit) {
        spec = withPosition(out[hit.j]!.spec, s.position);
        rule = 'fiscal_position';
      } else {
        // "Q4 of last year", "the first half of the last fiscal year"
        hit = partner(
          question,
          out,
          i,
          (q) => q.spec.type === 'relative' && (q.spec.which === 'prior_year' || q.spec.which === 'last_fiscal_year'),
        );
        if (hit) {
          const which = (out[hit.j]!.spec as { which: 'prior_year' | 'last_fiscal_year' }).which;
          spec = { type: 'relative_position', position: s.position, which };
          rule = 'relative_position';
        }
      }
    }
    if (!hit || !spec) continue;
    const other = out[hit.j]!;
    const otherPieces = partsOf(other).map(([a, b], k) => (k === 0 && hit!.j > i ? [hit!.from, b] : [a, b]) as [number, number]);
    const merged = merge(question, [...partsOf(p), ...otherPieces], rule, spec);
    const rest = out.filter((_, k) => k !== i && k !== hit!.j);
    // a position distributes over the years compared with its year: "Q3 revenue FY2025 vs FY2024"
    if (s.type === 'latest_position') {
      const at = out.indexOf(other);
      for (
        let k = at + 1;
        k < out.length && isYearOnly(out[k]!) && COMPARE_JOIN.test(question.slice(out[k - 1]!.end, out[k]!.start));
        k++
      ) {
        const idx = rest.indexOf(out[k]!);
        const d = withPosition(out[k]!.spec, s.position);
        if (idx >= 0 && d) rest[idx] = { ...out[k]!, rule: 'position_in_list', spec: d };
      }
    }
    return foldPairs(
      question,
      [...rest, merged].sort((a, b) => a.start - b.start),
    );
  }
  return out;
}

/**
 * A position without a year in a question naming exactly one year takes that year. When the year stands
 * alone and nothing joins it to the position as another period ("Q3 (2025)", "Q3 … of 2025"), it was only
 * the position's year and is consumed; "Q3 and the full year 2025", "Q3 vs FY2025" keep both.
 */
function inheritYear(question: string, out: PeriodPhrase[]): void {
  const years = out
    .map((p) => (p.spec.type === 'latest_position' || p.spec.type === 'month_quarter' ? null : yearOf(p.spec)))
    .filter((y) => y !== null);
  if (years.length === 0) return;
  const key = (y: (typeof years)[number]) =>
    y.kind === 'calendar' ? `C${y.year}` : `F${y.year.year}${y.year.style === 'span' ? `-${y.year.spanEnd}` : ''}`;
  if (new Set(years.map(key)).size !== 1) return;
  for (let i = 0; i < out.length; i++) {
    const s = out[i]!.spec;
    if (s.type !== 'latest_position') continue;
    const y = years[0]!;
    const spec: PeriodSpec =
      y.kind === 'calendar'
        ? { type: 'calendar', position: s.position, year: y.year }
        : { type: 'fiscal', position: s.position, year: y.year };
    out[i] = { ...out[i]!, rule: 'position_inherited', spec };
  }
  const positioned = out.filter((p) => p.rule === 'position_inherited');
  const yearOnly = out.filter(isYearOnly);
  if (positioned.length === 1 && yearOnly.length === 1 && out.length === 2) {
    const [a, b] = [positioned[0]!, yearOnly[0]!].sort((x, z) => x.start - z.start);
    if (!JOINS_PERIODS.test(question.slice(a!.end, b!.start))) {
      const p = positioned[0]!;
      const merged = merge(question, [...partsOf(p), ...partsOf(yearOnly[0]!)], 'position_inherited', p.spec);
      out.splice(0, out.length, merged);
    }
  }
}
/** The year (and its kind) a phrase gives a month-named quarter; null: one it cannot give; undefined: none. */
function monthYearOf(p: PeriodPhrase): { year: number; yearKind: 'fiscal' | 'calendar' } | null | undefined {
  const s = p.spec;
  if (s.type === 'named_by_month' && s.length === 'quarter') return { year: s.year, yearKind: s.yearKind };
  const m = isYearOnly(p) ? withMonth(s, 1) : null;
  if (m?.type === 'named_by_month') return { year: m.year, yearKind: m.yearKind };
  // a period with a year of another kind ("Q3 FY2025", "FY2024-25") leaves the month's year unsaid
  return yearOf(s) || isYearOnly(p) ? null : undefined;
}

/**
 * Quarters named by their months without a year ("the July quarter over the April quarter of fiscal 2025") in a question
 * whose month-named quarters and years name exactly one year, of one kind: each takes that year, as a position does.
 */
function inheritMonthYear(out: PeriodPhrase[]): void {
  if (!out.some((p) => p.spec.type === 'month_quarter')) return;
  const years = new Map<string, { year: number; yearKind: 'fiscal' | 'calendar' }>();
  for (const p of out) {
    const y = monthYearOf(p);
    if (y === null) return;
    if (y) years.set(`${y.yearKind}${y.year}`, y);
  }
  if (years.size !== 1) return;
  const [y] = [...years.values()];
  out.forEach((p, i) => {
    if (y && p.spec.type === 'month_quarter')
      out[i] = { ...p, rule: 'month_inherited', spec: { type: 'named_by_month', length: 'quarter', month: p.spec.month, ...y } };
  });
}

/** Words that make two period phrases two periods ("Q3 and FY2025", "Q3 vs the full year 2025"). */
const JOINS_PERIODS = /\b(?:and|or|vs\.?|versus|compared|against|plus|minus|over|full[- ]year|whole\s+year)\b|[&;=+]/i;

/** The folded phrases (see the module comment), in text order. */
export function foldPhrases(question: string, phrases: PeriodPhrase[]): PeriodPhrase[] {
  const out = [...phrases];
  distributeLists(question, out);
  sameYearAnaphora(out);
  const folded = foldPairs(question, out);
  inheritYear(question, folded);
  inheritMonthYear(folded);
  return folded;
}
