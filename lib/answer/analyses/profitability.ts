/**
 * Analyses of margins and rates over the company's own fiscal years: whether a margin (or another
 * ratio where higher is better) is improving, whether margins are consistent within a band, how the
 * effective tax rate changed — and whether a margin is a useful measure for the company at all.
 */
import type { Figure, Target } from '../compute';
import { possessive } from '../text';
import { type AnalysisEnv, measureLabel } from './env';
import { maybe, MissingFigure, measureOf, must, need, opener, sayEach, series, yearsBack } from './support';

/** Year-over-year moves within this many percentage points count as consistent, unless the question states a band (a convention). */
export const STABILITY_BAND_PP = 2;

/** The two periods a comparison reads: the two the question names (later first), else the year asked and the one before. */
async function pair(env: AnalysisEnv, id: string, instant: boolean): Promise<[Figure, Figure]> {
  const at = (t: Target) => (instant ? env.endOf(t) : t);
  if (env.named.length >= 2) {
    const [later, earlier] = env.named as [Target, Target];
    return [await need(env, id, at(later)), await need(env, id, at(earlier))];
  }
  const later = at(env.named[0] ?? env.year);
  const before = env.prior(later);
  if (!before) throw new MissingFigure(`no fiscal year before ${later.label} is on ${env.ent.entity.name}'s calendar`);
  return [await need(env, id, later), await need(env, id, before)];
}

/**
 * A margin is not a useful measure for a company that reports none of its parts and lends for a
 * living (a bank, a card issuer): its revenue is stated net of interest expense, and it reports no
 * cost of sales (gross margin) or operating income (operating margin).
 */
export async function marginNotMeaningful(env: AnalysisEnv, id: string): Promise<boolean> {
  const parts: Record<string, string[]> = {
    gross_margin: ['gross_profit', 'cost_of_revenue'],
    operating_margin: ['operating_income'],
    ebitda_margin: ['operating_income'],
  };
  const needed = parts[id];
  if (!needed) return false;
  for (const p of needed) if (await maybe(env, p, env.year)) return false;
  const lender = (await maybe(env, 'net_interest_income', env.year)) ?? (await maybe(env, 'provision_credit_losses', env.year));
  if (!lender) return false;
  const label = measureLabel(id).toLowerCase();
  const s = env.say;
  s.text(
    `${measureLabel(id)} is not a useful metric for ${env.ent.entity.name}: it reports no ${id === 'gross_margin' ? 'cost of sales or gross profit' : 'operating income'} for ${env.year.label}. As a lender, its revenues are stated net of interest expense and its main costs are credit losses and operating expenses, so analysts do not measure its performance by ${label}; they follow revenue growth, the pre-tax margin on net revenue and returns on equity instead. `,
  );
  s.text('It reports net interest income of ')
    .fig(lender)
    .text(` for ${s.when(lender)}.`);
  return true;
}

export async function trend(env: AnalysisEnv): Promise<void> {
  const id = measureOf(env);
  if (await marginNotMeaningful(env, id)) return;
  const instant = /_ratio$/.test(id) && !/payout|retention/.test(id);
  const [later, earlier] = await pair(env, id, instant);
  const up = later.value > earlier.value;
  const s = env.say;
  const label = later.metricLabel.toLowerCase();
  if (env.plan.choice) s.text(up ? 'Improved — ' : 'Declined — ');
  else s.text(opener(env, env.plan.direction === 'down' ? !up : up));
  s.text(`${possessive(env.ent.entity.name)} ${label} ${up ? 'rose' : later.value < earlier.value ? 'fell' : 'was unchanged'} from `)
    .fig(earlier)
    .text(` ${s.at(earlier)} to `)
    .fig(later)
    .text(` ${s.at(later)}`);
  const delta = env.change(later, earlier, `Change in ${label}`);
  if (delta) s.text(' (').fig(delta).text(')');
  s.text(
    `. Rule: ${up ? 'improving' : 'not improving'} means ${label} is higher in the later period than in the earlier one (${formulaText(later)}). `,
  );
  // the year before the earlier one, for the longer trend (a flow measure: the income statement shows three years)
  const third = !instant && env.named.length < 2 ? env.prior(env.prior(env.year) ?? env.year) : null;
  const back = third ? await maybe(env, id, third) : null;
  if (back)
    s.text(`In ${s.when(back)} it was `)
      .fig(back)
      .text('.');
}

function formulaText(f: Figure): string {
  return f.formula ? `computed as ${f.formula.replace(/_/g, ' ')}` : 'as reported';
}

export async function marginStability(env: AnalysisEnv): Promise<void> {
  const id = measureOf(env);
  if (await marginNotMeaningful(env, id)) return;
  const margins = await series(env, id, yearsBack(env, env.year, 3));
  if (margins.length < 2)
    throw new MissingFigure(`${measureLabel(id)} is reported for ${env.year.label} only; a second year is needed to judge its consistency`);
  const band = env.plan.band ?? STABILITY_BAND_PP;
  const label = margins[0]?.metricLabel.toLowerCase() ?? measureLabel(id).toLowerCase();
  const moves = margins.slice(1).map((m, i) => must(env.change(margins[i] ?? m, m, `Change in ${label}`), `the change in ${label}`));
  const widest = moves.reduce((a, b) => (Math.abs(b.value) > Math.abs(a.value) ? b : a));
  const steady = moves.every((m) => Math.abs(m.value) <= band);
  const s = env.say;
  s.text(opener(env, env.plan.askStable === false ? !steady : steady)).text(
    `${possessive(env.ent.entity.name)} ${label} ${steady ? 'has been consistent' : 'has moved by more than the band'}: `,
  );
  sayEach(env, margins);
  s.text('; its largest year-over-year move was ')
    .fig(widest)
    .text(` (into ${s.when(widest)}). `);
  s.text(
    `Rule: consistent means no year-over-year move larger than ${band} percentage points${env.plan.band ? ' (the band the question states)' : " (an analysts' convention)"}. `,
  );
}

export async function taxRateChange(env: AnalysisEnv): Promise<void> {
  const [later, earlier] = await pair(env, 'effective_tax_rate', false);
  const delta = must(env.change(later, earlier, 'Change in effective tax rate'), 'the change in the effective tax rate');
  const s = env.say;
  const dir = later.value > earlier.value ? 'rose' : later.value < earlier.value ? 'fell' : 'was unchanged';
  s.text(`${possessive(env.ent.entity.name)} effective tax rate ${dir} from `)
    .fig(earlier)
    .text(` ${s.at(earlier)} to `)
    .fig(later)
    .text(` ${s.at(later)}, a change of `)
    .fig(delta)
    .text('. Rule: effective tax rate = income tax expense ÷ income before income taxes, both as reported');
  const [taxNow, pretaxNow] = [await maybe(env, 'tax_expense', env.year), await maybe(env, 'profit_before_tax', env.year)];
  if (taxNow && pretaxNow)
    s.text(` (${s.when(taxNow)}: tax `)
      .fig(taxNow)
      .text(' on pre-tax income ')
      .fig(pretaxNow)
      .text(')');
  s.text('. ');
}
