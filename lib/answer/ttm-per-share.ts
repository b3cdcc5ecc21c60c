/**
 * Trailing-twelve-month EPS: the sum of the window's four quarterly EPS (lib/calc ttmPerShareSum),
 * labelled as that sum and never as a reported figure. Each quarter is the stored figure for it; a
 * fourth quarter that is reported only inside its fiscal year enters as FY − nine months, both cited.
 * Quarters on different share bases (a split one of them was never restated for) are refused
 * (MIXED_BASIS), as for any comparison of per-share figures.
 */
import { ttmPerShareSum, type PerShareQuarter } from '@/lib/calc';
import { fiscalPeriodBounds } from '@/lib/fiscal';
import type { EntityContext, Figure, FigureResult, Target, Window } from './compute';
import type { FigureKit } from './figure-kit';
import type { TextBuilder } from './text';
import type { AnswerValue } from './types';
import { shareBasisFailure } from './version-note';

/** The fourth quarter as FY − 9M of the same measure, both stored; null when either is not reported. */
async function fourthQuarterParts(ent: EntityContext, quarter: Target, kit: FigureKit): Promise<[Figure, Figure] | null> {
  if (quarter.fiscalPeriod !== 'Q4' || quarter.fiscalYear === null) return null;
  const fyB = fiscalPeriodBounds(ent.calendars, quarter.fiscalYear, 'FY');
  const nineB = fiscalPeriodBounds(ent.calendars, quarter.fiscalYear, '9M');
  if (!fyB || !nineB) return null;
  const fy = await kit.fetch(kit.targetFor({ type: 'duration', ...fyB }));
  const nine = await kit.fetch(kit.targetFor({ type: 'duration', ...nineB }));
  return fy.ok && nine.ok ? [fy.figure, nine.figure] : null;
}

/** TTM EPS over `window` as the sum of four quarterly EPS, or the failure of the quarter that is missing. */
export async function ttmPerShareFigure(ent: EntityContext, metricId: string, window: Window, kit: FigureKit): Promise<FigureResult> {
  const quarters: PerShareQuarter[] = [];
  const figures: Figure[] = [];
  for (const t of window.parts) {
    const own = await kit.fetch(t);
    if (own.ok) {
      quarters.push({ reported: own.figure.operand });
      figures.push(own.figure);
      continue;
    }
    const parts = await fourthQuarterParts(ent, t, kit);
    if (!parts)
      return own.failure.kind === 'missing'
        ? {
            ok: false,
            failure: { ...own.failure, message: `${own.failure.message}; the trailing-twelve-month sum needs all four quarters` },
          }
        : own;
    quarters.push({ fy: parts[0].operand, nineMonths: parts[1].operand });
    figures.push(...parts);
  }
  const label = figures[0]?.metricLabel ?? metricId;
  const mixed = shareBasisFailure(
    figures.map((f) => ({ ...f, label: kit.targetFor(f.period).label })),
    label,
  );
  if (mixed) return { ok: false, failure: mixed };
  const r = ttmPerShareSum({ quarters, metricId, calendars: ent.calendars });
  kit.record(r);
  if (!r.ok) return { ok: false, failure: { kind: 'rejected', message: r.errors.map((e) => e.message).join('; '), errors: r.errors } };
  return { ok: true, figure: kit.figure(r, label, figures) };
}

/** "…, the sum of four quarterly diluted EPS (not a reported figure): Q2 FY2025 $1.65, …, Q4 FY2025 as FY2025 $7.46 − 9M FY2025 $5.62, …". */
export function sayTtmPerShare(tb: TextBuilder, v: AnswerValue, metricWords: string): void {
  tb.text(
    `, the sum of four quarterly ${metricWords} (a derived figure, not one the filings report; quarterly per-share figures divide by different share counts, so the sum is an approximation): `,
  );
  const inputs = v.inputs;
  const skip = new Set<number>();
  let first = true;
  for (const [i, inp] of inputs.entries()) {
    if (skip.has(i)) continue;
    const next = inputs[i + 1];
    tb.text(first ? '' : ', ');
    first = false;
    // a fiscal year followed by its nine months is the fourth quarter taken as their difference
    if (next && inp.period.fiscalPeriod === 'FY' && next.period.fiscalPeriod === '9M' && next.period.start === inp.period.start) {
      skip.add(i + 1);
      tb.text(`Q4${inp.period.fiscalYear ? ` FY${inp.period.fiscalYear}` : ''} as ${inp.period.label} `)
        .value(inp.id, inp.display)
        .text(` − ${next.period.label} `)
        .value(next.id, next.display);
      continue;
    }
    tb.text(`${inp.period.label} `).value(inp.id, inp.display);
  }
  tb.text('.');
}
