/**
 * Analyses of the balance sheet and capital spending: capital intensity, liquidity, working capital
 * and leverage. Each states its rule, and says when the rule is an analysts' convention rather than a
 * reporting standard.
 */
import type { Figure, Target } from '../compute';
import { possessive } from '../text';
import type { AnalysisEnv } from './env';
import { maybe, MissingFigure, need, opener, sayEach, series, yearsBack } from './support';

/** Capex above this share of revenue, year after year, is what analysts call capital-intensive (a convention). */
export const CAPEX_INTENSITY_THRESHOLD = 0.1;
/** A quick or current ratio at or above 1.0× covers current liabilities with liquid assets (a convention). */
export const LIQUIDITY_FLOOR = 1;
/** Net debt above 3× EBITDA is commonly read as high leverage; interest coverage below 3× as thin (conventions). */
export const NET_DEBT_TO_EBITDA_HIGH = 3;
export const INTEREST_COVERAGE_THIN = 3;

/** The balance-sheet date an analysis reads: the end of the period named, else the latest reported. */
export function balanceDate(env: AnalysisEnv): Target {
  const named = env.named[0];
  if (named) return env.endOf(named);
  if (env.ent.latestPeriodEnd) return env.endOf({ ...env.year, period: { type: 'instant', date: env.ent.latestPeriodEnd } });
  return env.endOf(env.year);
}

export async function capitalIntensity(env: AnalysisEnv): Promise<void> {
  const name = env.ent.entity.name;
  const years = yearsBack(env, env.year, 3);
  const shares = await series(env, 'capex_intensity', years);
  const above = shares.filter((f) => f.value > CAPEX_INTENSITY_THRESHOLD);
  const verdict = above.length === shares.length ? 'yes' : above.length === 0 ? 'no' : 'mixed';
  const s = env.say;
  if (verdict === 'mixed') s.text(env.plan.yesNo ? 'Partly — ' : '');
  else s.text(opener(env, verdict === 'yes'));
  s.text(
    `by the capex rule, ${name} ${verdict === 'yes' ? 'is' : verdict === 'no' ? 'is not' : 'is only partly'} capital-intensive: capital expenditure was `,
  );
  sayEach(env, shares, ' of revenue');
  s.text(
    ` — ${verdict === 'yes' ? 'above' : verdict === 'no' ? 'below' : 'above'} 10% ${verdict === 'mixed' ? `in ${above.length} of ${shares.length} years` : shares.length > 1 ? 'in every year shown' : 'in that year'}. `,
  );
  s.text(
    `Rule: a business is called capital-intensive when capex exceeds 10% of revenue in each of its last three fiscal years (an analysts' convention, not a reporting standard). `,
  );
  const [y = env.year] = years;
  const capex = await need(env, 'capex', y);
  const revenue = await need(env, 'revenue', y);
  s.text(`Figures: capital expenditure `)
    .fig(capex)
    .text(` and revenue `)
    .fig(revenue)
    .text(` in ${s.when(revenue)}`);
  const end = env.endOf(y);
  const [ppe, assets, turnover] = [
    await maybe(env, 'ppe_net', end),
    await maybe(env, 'total_assets', end),
    await maybe(env, 'fixed_asset_turnover', y),
  ];
  const ppeShare = ppe && assets ? env.ratio(ppe, assets, 'Net PP&E as a share of total assets') : null;
  if (ppe && assets && ppeShare)
    s.text('; net PP&E ')
      .fig(ppe)
      .text(' was ')
      .fig(ppeShare)
      .text(' of total assets ')
      .fig(assets)
      .text(` at the ${s.when(ppe)}`);
  if (turnover) s.text('; fixed-asset turnover (revenue / average net PP&E) ').fig(turnover);
  s.text('.');
}

export async function liquidity(env: AnalysisEnv): Promise<void> {
  const id = env.plan.measure ?? 'quick_ratio';
  const at = balanceDate(env);
  const now = await need(env, id, at);
  const before = env.prior(at);
  const then = before ? await maybe(env, id, before) : null;
  const healthy = now.value >= LIQUIDITY_FLOOR;
  const s = env.say;
  const label = now.metricLabel.toLowerCase();
  s.text(opener(env, healthy))
    .text(`${possessive(env.ent.entity.name)} ${label} was `)
    .fig(now)
    .text(` at the ${s.when(now)}, ${healthy ? 'at or above' : 'below'} 1.0×`);
  if (then)
    s.text(` (${s.when(then)}: `)
      .fig(then)
      .text(')');
  s.text(
    `: ${healthy ? 'its liquid assets cover' : 'its liquid assets do not cover'} its current liabilities. Rule: a ${label} of 1.0× or more is read as healthy (an analysts' convention; ${formulaNote(now)}). `,
  );
  if (id !== 'current_ratio') {
    const current = await maybe(env, 'current_ratio', at);
    if (current) s.text('The current ratio was ').fig(current).text('. ');
  }
}

function formulaNote(f: Figure): string {
  return f.formula ? `here ${f.formula.replace(/_/g, ' ')}` : 'as reported';
}

export async function workingCapital(env: AnalysisEnv): Promise<void> {
  const at = balanceDate(env);
  const wc = await need(env, 'working_capital', at);
  const ca = await need(env, 'current_assets', at);
  const cl = await need(env, 'current_liabilities', at);
  const positive = wc.value > 0;
  const s = env.say;
  s.text(opener(env, positive))
    .text(`${possessive(env.ent.entity.name)} working capital was ${positive ? 'positive' : wc.value < 0 ? 'negative' : 'zero'}, `)
    .fig(wc)
    .text(` at the ${s.when(wc)}: current assets `)
    .fig(ca)
    .text(' less current liabilities ')
    .fig(cl)
    .text(
      '. Rule: working capital = total current assets − total current liabilities (the balance-sheet definition; some analysts use operating items only, leaving out cash and debt). ',
    );
  const before = env.prior(at);
  const then = before ? await maybe(env, 'working_capital', before) : null;
  if (then)
    s.text(`A year earlier (${s.when(then)}) it was `)
      .fig(then)
      .text('.');
}

export async function leverage(env: AnalysisEnv): Promise<void> {
  const at = balanceDate(env);
  const y = env.year;
  const netDebtToEbitda = await maybe(env, 'net_debt_to_ebitda', y);
  const coverage = await maybe(env, 'interest_coverage', y);
  const debtToEquity = await maybe(env, 'debt_to_equity', at);
  if (!netDebtToEbitda && !coverage)
    throw new MissingFigure(`neither net debt to EBITDA nor interest coverage can be computed for ${y.label}`);
  const high =
    (netDebtToEbitda ? netDebtToEbitda.value > NET_DEBT_TO_EBITDA_HIGH : false) ||
    (coverage ? coverage.value < INTEREST_COVERAGE_THIN : false);
  const s = env.say;
  s.text(opener(env, high)).text(`${possessive(env.ent.entity.name)} leverage is ${high ? 'high' : 'moderate'} by the usual tests: `);
  const parts: [Figure | null, string][] = [
    [netDebtToEbitda, 'net debt to EBITDA'],
    [coverage, 'interest coverage (operating income / interest expense)'],
    [debtToEquity, 'debt to equity'],
  ];
  parts
    .filter((p): p is [Figure, string] => p[0] !== null)
    .forEach(([f, label], i) => {
      s.text(`${i ? '; ' : ''}${label} `)
        .fig(f)
        .text(` (${s.when(f)})`);
    });
  s.text(
    `. Rule: net debt above 3× EBITDA or interest coverage below 3× is read as high leverage (analysts' conventions; lenders' covenants differ). `,
  );
}
