/**
 * The largest line of a balance-sheet section: "What was the largest liability on its balance sheet?",
 * "its biggest asset". The lines are the consolidated balance sheet's own rows at the year's end, read
 * in printed order between the section's bounds (assets: up to total assets; liabilities: from total
 * assets to total liabilities, or to the equity section), subtotals left out; each is cited, and the
 * largest is compared with the section's total.
 */
import { statementLines } from '@/lib/retrieval/lookup-facts';
import type { Figure } from '../compute';
import { possessive } from '../text';
import type { AnalysisEnv } from './env';
import { MissingFigure, reportedFigure } from './support';

/** How many of the next-largest lines are named after the largest. */
const RUNNERS_UP = 2;

const TOTAL = /^\s*total\b/i;
const EQUITY = /\b(?:equity|stockholders|shareholders|shareowners|commitments\s+and\s+contingencies)\b/i;

type Line = { figure: Figure; label: string; row: number; metricId: string | null };

function sectionOf(lines: Line[], section: 'assets' | 'liabilities'): { items: Line[]; total: Line | null } {
  const totalAssets = lines.findIndex((l) => l.metricId === 'total_assets' || /^\s*total\s+assets\s*$/i.test(l.label));
  if (section === 'assets') {
    const end = totalAssets >= 0 ? totalAssets : lines.length;
    return { items: lines.slice(0, end), total: totalAssets >= 0 ? (lines[totalAssets] ?? null) : null };
  }
  if (totalAssets < 0) return { items: [], total: null };
  const rest = lines.slice(totalAssets + 1);
  const totalAt = rest.findIndex((l) => l.metricId === 'total_liabilities' || /^\s*total\s+liabilities\s*$/i.test(l.label));
  const equityAt = rest.findIndex((l) => EQUITY.test(l.label));
  const end = totalAt >= 0 ? totalAt : equityAt >= 0 ? equityAt : -1;
  return end < 0 ? { items: [], total: null } : { items: rest.slice(0, end), total: totalAt >= 0 ? (rest[totalAt] ?? null) : null };
}

export async function largestLine(env: AnalysisEnv): Promise<void> {
  const section = env.plan.section ?? 'liabilities';
  const at = env.endOf(env.named[0] ?? env.year);
  const rows = await statementLines(
    env.ctx.db,
    { tenantId: env.ctx.tenantId, role: env.ctx.role },
    env.ent.entity.id,
    'balance_sheet',
    at.period,
  );
  const lines: Line[] = rows.map(({ fact, row }) => ({
    figure: reportedFigure(fact),
    label: fact.citation.row ?? '',
    row,
    metricId: fact.metricId,
  }));
  const { items, total } = sectionOf(lines, section);
  const ranked = items
    .filter((l) => !TOTAL.test(l.label) && l.label.trim() && l.figure.value > 0)
    .sort((a, b) => b.figure.value - a.figure.value);
  const [top, ...others] = ranked;
  if (!top)
    throw new MissingFigure(
      `the ${section} section of ${possessive(env.ent.entity.name)} balance sheet at the ${at.label} could not be read line by line`,
    );
  const s = env.say;
  s.text(
    `${top.label} was the largest ${section === 'assets' ? 'asset' : 'liability'} on ${possessive(env.ent.entity.name)} balance sheet at the ${at.label}: `,
  ).fig(top.figure, top.label);
  if (total) {
    const share = env.ratio(top.figure, total.figure, `${top.label} as a share of ${total.label.toLowerCase()}`);
    if (share) s.text(', ').fig(share).text(` of ${total.label.toLowerCase()} `).fig(total.figure, total.label);
  }
  const next = others.slice(0, RUNNERS_UP);
  if (next.length) {
    s.text('. Next: ');
    next.forEach((l, i) => s.text(`${i ? '; ' : ''}${l.label} `).fig(l.figure, l.label));
  }
  s.text(
    `. Rule: the lines printed in the ${section} section of the consolidated balance sheet, subtotals left out, ranked by amount (${ranked.length} lines).`,
  );
}
