/** The plain figure: one value per requested period (a stored measure, a derived Q4 or a formula). */
import { computeFigure, type ExecContext, type EntityContext, type Failure, type Target, targetFor } from '../compute';
import { dimensionKey } from '@/lib/domain/identity';
import { getMetric } from '@/lib/ontology/metrics';
import type { Period } from '@/lib/domain/types';
import { formatDateRange, formatHumanDate } from '@/lib/fiscal';
import type { MetricRef } from '@/lib/planner/types';
import { coverFacts } from '@/lib/retrieval/cover-facts';
import { lowerFirst, periodText } from '../text';
import { copulaFor } from '@/lib/ontology/inflect';
import { isAverageBalanceFormula, sayAverageBalanceInputs } from './average-balance-words';
import { ttmOperation } from './ttm';
import { versionSentence } from '../version-note';
import type { Operation } from './types';

/**
 * The figure a filing's cover page gives for the period named: the measure's cover concept (dei), at the
 * cover's own date, of the filing whose reported period ends at the named date — or at that date itself
 * when the question names the cover's date. None: the figure is not on a cover for that period (never the
 * balance sheet's count at the period end in its place).
 */
async function coverFigure(
  ctx: ExecContext,
  ent: EntityContext,
  metric: MetricRef,
  asked: Target,
  /** the span of days the question named when it is no reported period (a month named as the cover's date) */
  span: { start: string; end: string } | null,
): Promise<{ ok: true; target: Target; metric: MetricRef } | { ok: false; failure: Failure }> {
  const concepts = (getMetric(metric.id)?.concepts ?? []).filter((c) => c.startsWith('dei:'));
  const at = asked.period.type === 'instant' ? asked.period.date : asked.period.end;
  const dims = dimensionKey(metric.dimensions ?? {});
  const facts = (await coverFacts(ctx.db, { tenantId: ctx.tenantId, role: ctx.role, entityId: ent.entity.id, concepts })).filter(
    (f) => f.dimsKey === dims,
  );
  // a cover dated in the span the question names ("per the 10-K cover (March 2025)"), or at the date it names
  const within = span ?? (asked.period.type === 'duration' ? asked.period : null);
  const onDate = facts.filter((f) => (within ? within.start <= f.date && f.date <= within.end : f.date === at));
  // a span that is no reported period names only a cover dated in it, never the cover of a filing ending with it
  const hits = onDate.length || span ? onDate : facts.filter((f) => f.reportEnd === at);
  const dates = [...new Set(hits.map((f) => f.date))];
  const [date] = dates;
  const [hit] = hits;
  if (dates.length !== 1 || !date || !hit)
    return {
      ok: false,
      failure: {
        kind: 'missing',
        message:
          dates.length > 1
            ? `Several cover pages give ${metric.label.toLowerCase()} for ${asked.label}: ${dates.join(', ')}. Name the cover date.`
            : span
              ? `No cover page of ${ent.entity.name} dated ${formatDateRange({ type: 'duration', ...span })} gives ${metric.label.toLowerCase()}${heldDates(facts)}.`
              : `No cover page of ${ent.entity.name} gives ${metric.label.toLowerCase()} for ${asked.label}.`,
        errors: [],
      },
    };
  return {
    ok: true,
    target: targetFor({ type: 'instant', date }, ent.calendars),
    metric: { ...metric, id: `concept:${hit.concept}` },
  };
}

/** The dates of the covers held, latest last (at most four): what a span without a cover can be asked again with. */
function heldDates(facts: readonly { date: string }[]): string {
  const dates = [...new Set(facts.map((f) => f.date))].slice(-4);
  return dates.length ? ` (its covers held are dated ${dates.map((d) => formatHumanDate(d)).join(', ')})` : '';
}

/** The dates of a span the question named that is no reported period (a calendar month, a range of days), or null. */
function calendarSpan(resolved: { kind: string; period: Period } | null | undefined): { start: string; end: string } | null {
  const p = resolved?.kind === 'calendar_period' ? resolved.period : null;
  return p?.type === 'duration' ? p : null;
}

export const valueOperation: Operation = {
  handles: ['value'],
  resolvesPeriods: true,
  async run(input) {
    const { ctx, ent, intent, pins, resolved, outcomes } = input;
    for (const r of resolved) {
      if (r.resolved?.kind === 'ttm') {
        // "twelve months ended 30 September 2025" where no fiscal year ends then is the trailing four
        // quarters on this entity's calendar: the TTM operation computes and says it
        const from = outcomes.length;
        await ttmOperation.run({ ...input, resolved: [r] });
        for (let i = from; i < outcomes.length; i++) outcomes[i] = { ...outcomes[i]!, via: ttmOperation };
        continue;
      }
      // a cover figure: the cover's own date and concept, for the filing of the period named (never the balance sheet's)
      const cover = intent.metric.cover ? await coverFigure(ctx, ent, intent.metric, r.target, calendarSpan(r.resolved)) : null;
      if (cover && !cover.ok) {
        outcomes.push({ failure: cover.failure, entity: ent, target: r.target });
        continue;
      }
      const target = cover?.ok ? cover.target : r.target;
      const metric = cover?.ok ? cover.metric : intent.metric;
      // "originally reported vs restated": the figure under each version asked, side by side
      for (const asked of intent.versions ?? [intent.basis]) {
        // the cover chosen is the named filing's own (its period is the filing's): read at its date as filed
        const basis = cover?.ok && asked.kind === 'filing' ? { kind: 'latest' as const } : asked;
        const f = await computeFigure(basis === intent.basis ? ctx : { ...ctx, basis }, ent, metric, target, pins, intent.operandScopes);
        outcomes.push(f.ok ? { figure: f.figure, entity: ent, target } : { failure: f.failure, entity: ent, target });
      }
    }
  },
  label: (intent) => intent.metric.label,
  say({ tb, v, intent, name, metricWords }) {
    tb.text(`For ${periodText(v.period)}, ${name} ${metricWords} ${copulaFor(metricWords)} `).value(v.id, v.display);
    if (v.inputs.length && v.formula) {
      if (intent.metric.kind === 'base') {
        // a stored metric with inputs is a derived fourth quarter: FY − 9M YTD
        tb.text(`, derived as ${v.inputs[0]!.period.label} `)
          .value(v.inputs[0]!.id, v.inputs[0]!.display)
          .text(` minus ${v.inputs[1]!.period.label} `)
          .value(v.inputs[1]!.id, v.inputs[1]!.display);
      } else if (isAverageBalanceFormula(intent.metric.formulaId ?? intent.metric.id)) {
        sayAverageBalanceInputs(tb, v);
      } else {
        tb.text(', from ');
        v.inputs.forEach((inp, i) => tb.text(`${i ? ' and ' : ''}${lowerFirst(inp.label)} `).value(inp.id, inp.display));
      }
    }
    tb.text('.');
    if (v.version) tb.text(versionSentence(v.version, v.version.asked ?? intent.basis));
    else if (v.otherVersions)
      tb.text(` Other reported versions of this figure exist; this uses the ${v.versionBasis.replace('_', ' ')} basis.`);
  },
};
