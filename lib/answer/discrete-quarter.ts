/**
 * The second or third fiscal quarter of a flow that filings report only year to date (10-Q cash-flow
 * statements): Q2 = first half − Q1, Q3 = nine months − first half, each operand the stored figure for
 * its own fiscal position under the question's version basis, both cited (lib/calc deriveQuarter checks
 * the lengths, positions and additivity). Never another period: when an operand is missing, the
 * quarter is not reported.
 */
import { deriveQuarter, nonAdditiveMessage, windowRule } from '@/lib/calc';
import { fiscalPeriodBounds } from '@/lib/fiscal';
import type { EntityContext, Failure, FigureResult, Target } from './compute';
import type { FigureKit } from './figure-kit';

/** The year-to-date positions a discrete quarter is the difference of. */
const FROM_YTD = {
  Q2: { through: 'H1', prior: 'Q1' },
  Q3: { through: '9M', prior: 'H1' },
} as const;

const missing = (message: string): FigureResult => ({
  ok: false,
  failure: { kind: 'missing', message, errors: [{ code: 'MISSING_FACT', message, factIds: [] }] },
});

/**
 * Q2 or Q3 of `metricId` from the year-to-date figures, or null when the target is not exactly a fiscal
 * Q2 or Q3 of the entity's calendar (the caller then says the period is not reported).
 */
export async function discreteQuarterFromYtd(
  ent: EntityContext,
  metricId: string,
  target: Target,
  label: string,
  kit: FigureKit,
): Promise<FigureResult | null> {
  const plan = target.fiscalPeriod === 'Q2' || target.fiscalPeriod === 'Q3' ? FROM_YTD[target.fiscalPeriod] : null;
  if (!plan || target.fiscalYear === null || target.period.type !== 'duration') return null;
  const own = fiscalPeriodBounds(ent.calendars, target.fiscalYear, target.fiscalPeriod as 'Q2');
  if (!own || own.start !== target.period.start || own.end !== target.period.end) return null;
  const rule = windowRule(metricId);
  if (rule.kind !== 'sum') {
    const why = rule.kind === 'refuse' ? rule.message : nonAdditiveMessage('unknown');
    return missing(`${label} for ${target.label} is not reported, and it cannot be derived as ${plan.through} − ${plan.prior}: ${why}`);
  }
  const through = fiscalPeriodBounds(ent.calendars, target.fiscalYear, plan.through);
  const prior = fiscalPeriodBounds(ent.calendars, target.fiscalYear, plan.prior);
  if (!through || !prior) return null;
  const a = await kit.fetch(kit.targetFor({ type: 'duration', ...through }));
  const b = await kit.fetch(kit.targetFor({ type: 'duration', ...prior }));
  // an operand that is not reported leaves the quarter not reported (the caller says so); a refused one is said
  if (!a.ok || !b.ok) {
    const failed = (!a.ok ? a.failure : !b.ok ? b.failure : null) as Failure;
    return failed.kind === 'missing' ? null : { ok: false, failure: failed };
  }
  const r = deriveQuarter({ throughQuarter: a.figure.operand, throughPrior: b.figure.operand, metricId, calendars: ent.calendars });
  kit.record(r);
  if (!r.ok)
    return {
      ok: false,
      failure: {
        kind: 'rejected',
        message: `${target.fiscalPeriod} could not be derived: ${r.errors.map((e) => e.message).join('; ')}`,
        errors: r.errors,
      },
    };
  return { ok: true, figure: kit.figure(r, label, [a.figure, b.figure]) };
}
