/**
 * Where a company operates: "What are the geographies it primarily operates in?", "Which regions does it
 * sell in?". The answer is the company's own revenue breakdown by region: the printed lines (or the printed
 * columns of one line) that add up to its revenue, whose labels are mostly places. Each region is cited with
 * its revenue and share; an abbreviated label is spelled out where the filing itself defines it ("Latin
 * America (LatAm)").
 */
import { share } from '@/lib/calc';
import { retrieveNarrative } from '@/lib/retrieval/narrative-passages';
import { periodLines, type PeriodLine } from '@/lib/retrieval/lookup-facts';
import type { Figure } from '../compute';
import { possessive } from '../text';
import { type Breakdown, findBreakdowns } from './composition';
import type { AnalysisEnv } from './env';
import { MissingFigure, reportedFigure } from './support';

/** Names of places and of the regions filings group them into. */
const PLACE =
  /\b(?:united\s+states|u\.\s?s\.|us|usa|americas?|north\s+america|latin\s+america|latam|south\s+america|central\s+america|canada|mexico|brazil|argentina|europe(?:an)?|emea|eu|middle\s+east|africa|asia|apac|apj|asia[-\s]pacific|pacific|oceania|china|greater\s+china|hong\s+kong|taiwan|japan|korea|india|australia|new\s+zealand|singapore|united\s+kingdom|u\.\s?k\.|uk|germany|france|italy|spain|switzerland|netherlands|ireland|russia|nordics?|caribbean|international|domestic|foreign|non-u\.\s?s\.|rest\s+of\s+(?:the\s+)?world|worldwide)(?![\w.])/i;
/** Lines that are no place: the remainder a breakdown carries besides its regions. */
const REMAINDER = /\b(?:other|others|unallocated|corporate|eliminations?|reconciling|adjustments?|intersegment|total)\b/i;

/** An abbreviated label the filing may spell out ("APAC", "LatAm", "FLNA"). */
const ABBREVIATION = /^[A-Z][A-Za-z&]{1,7}$/;

export interface RegionPart {
  label: string;
  fact: PeriodLine['fact'];
}

/**
 * The breakdowns among the printed columns of one table line: a line whose cells at the period hold a whole in
 * one column and, in the others, parts that add up to it ("United States", "EMEA", … "Consolidated"). With
 * `total`, the whole is that value in its unit; without, any line whose caption names revenue or sales, its
 * whole the cell the others add up to.
 */
export function findColumnBreakdowns(lines: PeriodLine[], total: { value: number; unit: string } | null): Breakdown[] {
  const byRow = new Map<string, PeriodLine[]>();
  for (const l of lines) {
    if (!l.fact.citation.column || (total ? l.fact.unit !== total.unit : !REVENUE_CAPTION.test(l.fact.citation.row ?? ''))) continue;
    const key = `${l.tableId}#${l.row}#${l.fact.unit}`;
    byRow.set(key, [...(byRow.get(key) ?? []), l]);
  }
  const out: Breakdown[] = [];
  for (const cells of byRow.values()) {
    const columns = new Set(cells.map((c) => c.fact.citation.column));
    if (columns.size !== cells.length || cells.length < 3) continue;
    const sumAll = cells.reduce((a, c) => a + Number(c.fact.value), 0);
    // the whole: the total's value, else the one cell equal to the sum of the others (2 × whole = sum of all)
    const isWhole = (c: PeriodLine) =>
      total ? near(Number(c.fact.value), total.value, 0.0005) : near(2 * Number(c.fact.value), sumAll, 0.0005);
    const wholes = cells.filter(isWhole);
    const [whole, first] = [wholes[0], cells[0]];
    if (wholes.length !== 1 || !whole || !first) continue;
    const wholeValue = Number(whole.fact.value);
    const parts = cells.filter((c) => c !== whole);
    const sum = parts.reduce((a, p) => a + Number(p.fact.value), 0);
    const unit = Math.max(...parts.map((p) => 10 ** (p.fact.scale ?? 0)));
    if (wholeValue <= 0 || Math.abs(sum - wholeValue) > Math.max(Math.abs(wholeValue) * 0.0005, (unit / 2) * (parts.length + 1))) continue;
    out.push({ tableId: first.tableId, title: first.tableTitle, parts, whole });
  }
  return out;
}

/** Row breakdowns read one printed column at a time (a table printing revenue beside operating profit holds two). */
function rowBreakdowns(lines: PeriodLine[], total: { value: number; unit: string }): Breakdown[] {
  const byColumn = new Map<string, PeriodLine[]>();
  for (const l of lines) {
    const key = l.fact.citation.columnPath.join(' › ') || (l.fact.citation.column ?? '');
    byColumn.set(key, [...(byColumn.get(key) ?? []), l]);
  }
  const seen = new Set<string>();
  return [...byColumn.values()]
    .flatMap((ls) => findBreakdowns(ls, total))
    .filter((b) => {
      const key = b.parts.map((p) => p.fact.id).join('|');
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** The share of a breakdown's absolute amounts held by its remainder lines. */
function remainderShare(parts: PeriodLine[], labels: string[]): number {
  const abs = parts.map((p) => Math.abs(Number(p.fact.value)));
  const all = abs.reduce((a, v) => a + v, 0);
  const rest = abs.reduce((a, v, i) => a + (REMAINDER.test(labels[i] ?? '') ? v : 0), 0);
  return all > 0 ? rest / all : 0;
}

const REVENUE_CAPTION = /\b(?:revenues?|sales)\b/i;

function near(a: number, b: number, rel: number): boolean {
  return Math.abs(a - b) <= Math.abs(b) * rel;
}

/** The label of a part: its column in a column breakdown, its row otherwise. */
function partLabel(p: PeriodLine, byColumn: boolean): string {
  return ((byColumn ? p.fact.citation.column : p.fact.citation.row) ?? p.fact.concept).trim();
}

/** How many of a breakdown's labels (its remainder lines aside) name places, and how many could. */
export function placeCount(labels: string[], spelled: Map<string, string> = new Map()): { places: number; of: number } {
  const named = labels.filter((l) => !REMAINDER.test(l));
  const places = named.filter((l) => PLACE.test(l) || PLACE.test(spelled.get(l) ?? '')).length;
  return { places, of: named.length };
}

/** A breakdown by region: at least two of its lines name places, and most of them do. */
export function isRegional(count: { places: number; of: number }): boolean {
  return count.places >= 2 && count.places * 2 > count.of;
}

/** Abbreviations the filing spells out: "Latin America (LatAm)", "Frito-Lay North America (FLNA)". */
async function spelledOut(env: AnalysisEnv, labels: string[]): Promise<Map<string, string>> {
  const short = [...new Set(labels.filter((l) => ABBREVIATION.test(l) && l !== l.toLowerCase()))];
  const out = new Map<string, string>();
  if (short.length === 0 || env.year.fiscalYear === null) return out;
  const res = await retrieveNarrative({
    db: env.ctx.db,
    tenantId: env.ctx.tenantId,
    role: env.ctx.role,
    buckets: [{ entityId: env.ent.entity.id, fiscalYear: env.year.fiscalYear }],
    topic: short.join(' '),
    terms: short,
    items: ['Item 1', 'Item 7', 'Item 8'],
    k: 12,
  });
  for (const abbr of short) {
    const esc = abbr.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    // up to eight capitalised words (or "and", "&", ",") right before "(ABBR)"
    const re = new RegExp(`([A-Z][\\w'’.-]*(?:[ \\t]*,|[ \\t]+(?:[A-Z][\\w'’.-]*|and|&|of|the))*)[ \\t]*\\(${esc}\\)`);
    for (const p of res.passages) {
      const m = re.exec(p.text.replace(/\s+/g, ' '));
      const words = m?.[1]
        ?.trim()
        .split(/\s+/)
        .slice(-10)
        .join(' ')
        .replace(/^(?:and|&|,|the|of)\s+/i, '')
        .replace(/,$/, '');
      if (words && /[A-Z]/.test(words) && words.length > abbr.length) {
        out.set(abbr, words.replace(/^(?:and|&|,|the|of)\s+/i, ''));
        break;
      }
    }
  }
  return out;
}

export async function geographies(env: AnalysisEnv): Promise<void> {
  const asked = env.named[0] ?? env.year;
  const reported = await env.figure('revenue', asked);
  const revenue = reported.ok ? reported.figure : null;
  const scope = { tenantId: env.ctx.tenantId, role: env.ctx.role };
  const lines = await periodLines(env.ctx.db, scope, env.ent.entity.id, revenue?.period ?? asked.period);
  const total = revenue ? { value: revenue.value, unit: revenue.unit } : null;
  const candidates = [
    ...(total ? rowBreakdowns(lines, total).map((b) => ({ b, byColumn: false })) : []),
    ...findColumnBreakdowns(lines, total).map((b) => ({ b, byColumn: true })),
  ].map((c) => ({ ...c, labels: c.b.parts.map((p) => partLabel(p, c.byColumn)) }));
  const spelled = await spelledOut(
    env,
    candidates.flatMap((c) => c.labels),
  );
  const regional = candidates
    .map((c) => ({ ...c, count: placeCount(c.labels, spelled) }))
    .filter((c) => isRegional(c.count))
    // the breakdown that leaves least to a remainder ("All other countries") first, then the one naming places most
    .map((c) => ({ ...c, remainder: remainderShare(c.b.parts, c.labels) }))
    .sort(
      (a, b) => a.remainder - b.remainder || b.count.places / b.count.of - a.count.places / a.count.of || b.count.places - a.count.places,
    );
  const name = env.ent.entity.name;
  const [best] = regional;
  const wholeFact = best?.b.whole;
  const whole = revenue ?? (wholeFact ? reportedFigure(wholeFact.fact) : null);
  if (!best || !whole)
    throw new MissingFigure(`the filing prints no breakdown of ${possessive(name)} revenue for ${asked.label} by region`);
  const caption = revenue ? 'revenue' : (wholeFact?.fact.citation.row ?? 'revenue').toLowerCase();
  const parts = best.b.parts
    .map((p, i) => {
      const label = best.labels[i] ?? p.fact.concept;
      const figure = reportedFigure(p.fact);
      const r = share({ part: figure.operand, whole: whole.operand, calendars: env.ent.calendars });
      return { label, figure, share: env.calc(r, `${label} as a share of ${caption}`, [figure, whole]) as Figure | null };
    })
    .sort((x, y) => y.figure.value - x.figure.value);
  const places = parts.filter((p) => !REMAINDER.test(p.label));
  const s = env.say;
  s.text(`${name} operates in these regions, by its ${caption} ${s.at(whole)} (“${best.b.title ?? 'a table'}”): `);
  places.forEach((p, i) => {
    const long = spelled.get(p.label);
    s.text(`${i ? '; ' : ''}${p.label}${long ? ` (${long})` : ''} `).fig(p.figure, p.label);
    if (p.share) s.text(' (').fig(p.share).text(')');
  });
  s.text('. ');
  const rest = parts.filter((p) => REMAINDER.test(p.label));
  for (const p of rest) s.text(`${p.label}: `).fig(p.figure, p.label).text('. ');
  s.text(`${caption.charAt(0).toUpperCase()}${caption.slice(1)} `)
    .fig(whole)
    .text(
      ` ${s.at(whole)}. Rule: the regions a company operates in are the lines of its own revenue breakdown by region (a printed table whose lines, or columns, add up to revenue and mostly name places), largest first.`,
    );
}
