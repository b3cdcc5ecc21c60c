/**
 * What a reported total is made of: "Are there any product categories that represent more than 20% of
 * its revenue?", "Which type of debt received the largest investment among its short-term
 * investments?". A breakdown is a run of consecutive rows of one printed table, at the total's own
 * period and in its unit, that adds up to the total (within rounding); that the rows add up is what
 * makes them its parts, whatever the table calls them. Each part is cited and stated as a share of
 * the total through lib/calc; every distinct breakdown the filing prints is named (segments, products
 * and services, …), the one with the most parts first.
 */
import { share } from '@/lib/calc';
import { getMetric } from '@/lib/ontology/metrics';
import { periodLines, type PeriodLine } from '@/lib/retrieval/lookup-facts';
import type { Figure } from '../compute';
import { possessive } from '../text';
import type { AnalysisEnv } from './env';
import { MissingFigure, need, opener, reportedFigure } from './support';

/** Breakdowns named in one answer at most. */
const MAX_BREAKDOWNS = 3;
/** Parts named after the largest one in a ranking answer. */
const RUNNERS_UP = 2;

export interface Breakdown {
  tableId: string;
  title: string | null;
  parts: PeriodLine[];
  /** the line (or cell) holding the whole the parts add up to, when the breakdown found it */
  whole?: PeriodLine;
}

/** How far a sum of printed (rounded) rows may be from the total: a rounding unit per row, at least 0.05%. */
function tolerance(total: number, parts: PeriodLine[]): number {
  const unit = Math.max(...parts.map((p) => 10 ** (p.fact.scale ?? 0)));
  return Math.max(Math.abs(total) * 0.0005, (unit / 2) * (parts.length + 1));
}

/**
 * The breakdowns of `total` among the rows of one period: per table, the longest run of at least two
 * consecutive rows in the total's unit, none of them the total itself nor a measure's line, whose values
 * add up to it.
 * Tables printing the same parts (a note and the MD&A) count once. Most parts first.
 */
export function findBreakdowns(lines: PeriodLine[], total: { value: number; unit: string }): Breakdown[] {
  const byTable = new Map<string, PeriodLine[]>();
  for (const l of lines) {
    if (l.fact.unit !== total.unit) continue;
    const rows = byTable.get(l.tableId) ?? [];
    // one fact per printed row (a row's first fact: the newest filing's)
    if (!rows.some((r) => r.row === l.row)) rows.push(l);
    byTable.set(l.tableId, rows);
  }
  const found: Breakdown[] = [];
  for (const [tableId, rows] of byTable) {
    rows.sort((a, b) => a.row - b.row);
    const values = rows.map((r) => Number(r.fact.value));
    let best: PeriodLine[] | null = null;
    for (let i = 0; i < rows.length; i++) {
      let sum = 0;
      for (let j = i; j < rows.length; j++) {
        const v = values[j] ?? 0;
        // the total's own row ends a run, and so does a measure's line: parts are lines the ontology has no measure
        // for (segments, categories, regions, kinds of investment); gross profit beside cost of sales adds up to
        // revenue without being a part of it
        if (Math.abs(v - total.value) <= Math.abs(total.value) * 0.0005 || rows[j]?.fact.metricId !== null) break;
        sum += v;
        const run = rows.slice(i, j + 1);
        if (run.length >= 2 && Math.abs(sum - total.value) <= tolerance(total.value, run) && (!best || run.length > best.length))
          best = run;
      }
    }
    if (best) found.push({ tableId, title: best[0]?.tableTitle ?? null, parts: best });
  }
  const seen = new Set<string>();
  return found
    .sort((a, b) => b.parts.length - a.parts.length)
    .filter((b) => {
      const key = b.parts
        .map((p) => `${(p.fact.citation.row ?? '').toLowerCase()}=${p.fact.value}`)
        .sort()
        .join('|');
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

interface Part {
  label: string;
  figure: Figure;
  share: Figure | null;
}

export async function composition(env: AnalysisEnv): Promise<void> {
  const subject = env.plan.subject;
  if (!subject) throw new MissingFigure('the question names no reported total to break down');
  const asked = env.named[0] ?? env.year;
  const target = subject.periodType === 'instant' ? env.endOf(asked) : asked;
  const scope = { tenantId: env.ctx.tenantId, role: env.ctx.role };
  const reported = await env.figure(subject.id, target);
  const lines = await periodLines(env.ctx.db, scope, env.ent.entity.id, reported.ok ? reported.figure.period : target.period);
  // a total no statement line states (MGM's short-term investments, printed only in its fair-value note): the one
  // value its printed caption (the measure's name) holds at the period stands for it, else it is not available
  const total = reported.ok ? reported.figure : (printedTotal(lines, subject) ?? (await need(env, subject.id, target)));
  const breakdowns = findBreakdowns(lines, { value: total.value, unit: total.unit }).slice(0, MAX_BREAKDOWNS);
  const name = possessive(env.ent.entity.name);
  const what = subject.label.toLowerCase();
  if (breakdowns.length === 0) throw new MissingFigure(`the filing prints no lines that add up to ${name} ${what} ${env.say.at(total)}`);
  const parted = breakdowns.map((b) => ({
    b,
    parts: b.parts
      .map((p): Part => {
        const figure = reportedFigure(p.fact);
        const label = p.fact.citation.row?.trim() || p.fact.concept;
        const r = share({ part: figure.operand, whole: total.operand, calendars: env.ent.calendars });
        return { label, figure, share: env.calc(r, `${label} as a share of ${what}`, [figure, total]) };
      })
      .sort((x, y) => y.figure.value - x.figure.value),
  }));
  const s = env.say;
  const threshold = env.plan.threshold;
  const [first, ...others] = parted;
  if (!first) return;
  if (threshold !== undefined) {
    const above = (ps: Part[]) => ps.filter((p) => p.share && p.share.value * 100 > threshold);
    const hits = parted.filter((x) => above(x.parts).length > 0);
    s.text(opener(env, hits.length > 0));
    if (hits.length === 0) s.text(`no line of ${name} ${what} ${s.at(total)} exceeds ${threshold}% of it. `);
    for (const [i, x] of (hits.length ? hits : [first]).entries()) {
      const list = hits.length ? above(x.parts) : x.parts.slice(0, 1);
      s.text(i === 0 ? '' : ' ').text(
        `${hits.length ? `${list.length} of the ${x.parts.length} lines` : 'The largest line'} of ${name} ${what} ${s.at(total)} in “${x.b.title ?? 'a table'}”${hits.length ? ` exceed${list.length === 1 ? 's' : ''} ${threshold}% of it` : ''}: `,
      );
      sayParts(env, list);
      s.text('.');
    }
  } else {
    const [top, ...next] = first.parts;
    if (!top) return;
    s.text(`${top.label} was the largest part of ${name} ${what} ${s.at(total)}: `).fig(top.figure, top.label);
    if (top.share) s.text(' (').fig(top.share).text(')');
    if (next.length) {
      s.text('. Next: ');
      sayParts(env, next.slice(0, RUNNERS_UP));
    }
    s.text('.');
    for (const x of others) {
      s.text(` Printed another way (“${x.b.title ?? 'another table'}”): `);
      sayParts(env, x.parts.slice(0, RUNNERS_UP + 1));
      s.text('.');
    }
  }
  s.text(` ${subject.label} `)
    .fig(total)
    .text(
      ` ${s.at(total)}. Rule: the parts of a total are the lines of one printed table, at the total's period and in its unit, that add up to it; each is shown as a share of the total.`,
    );
}

/** Lower-case words of a caption or a measure name ("Short-term investments:" → "short term investments"). */
function captionKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * The total of a measure that no statement line was bound to: a printed row captioned with the measure's
 * own name (its label or a synonym) and no measure of its own, at the period; only when every such row
 * prints the same value (two different values: no total).
 */
export function printedTotal(lines: PeriodLine[], subject: { id: string; label: string }): Figure | null {
  const m = getMetric(subject.id);
  const names = new Set([subject.label, ...(m?.synonyms ?? []), ...(m?.aliases ?? [])].map(captionKey));
  const rows = lines.filter((l) => l.fact.metricId === null && names.has(captionKey(l.fact.citation.row ?? '')));
  const [first] = rows;
  if (!first || rows.some((r) => r.fact.value !== first.fact.value)) return null;
  return reportedFigure(first.fact);
}

function sayParts(env: AnalysisEnv, parts: Part[]): void {
  parts.forEach((p, i) => {
    env.say.text(`${i ? '; ' : ''}${p.label} `).fig(p.figure, p.label);
    if (p.share) env.say.text(' (').fig(p.share).text(')');
  });
}
