/**
 * Analyses of cash: which activity brought in (or used) the most cash, whether free cash flow covers
 * the dividend (and buybacks), and whether a measure moved in the direction a question asks about.
 */
import type { Figure, Target } from '../compute';
import { lowerFirst, possessive } from '../text';
import type { AnalysisEnv } from './env';
import { maybe, MissingFigure, must, need, opener, yearsBack } from './support';

const ACTIVITIES: [string, string][] = [
  ['operating_cash_flow', 'operating activities'],
  ['investing_cash_flow', 'investing activities'],
  ['financing_cash_flow', 'financing activities'],
];

export async function cashFlowMix(env: AnalysisEnv): Promise<void> {
  const period = env.named[0] ?? env.year;
  const flows: { f: Figure; label: string }[] = [];
  for (const [id, label] of ACTIVITIES) flows.push({ f: await need(env, id, period), label });
  const [top, ...rest] = [...flows].sort((a, b) => b.f.value - a.f.value);
  if (!top) throw new MissingFigure('no cash flow is reported');
  const s = env.say;
  s.text(
    `${top.label.charAt(0).toUpperCase()}${top.label.slice(1)} ${top.f.value >= 0 ? 'brought in the most cash' : 'lost the least cash'}: `,
  )
    .fig(top.f)
    .text(` in ${s.when(top.f)} at ${env.ent.entity.name}`);
  for (const o of rest) s.text(`; ${o.label} ${o.f.value >= 0 ? 'brought in' : 'used'} `).fig(o.f);
  s.text(
    '. Rule: net cash from each activity as the statement of cash flows reports it, ranked from the largest inflow to the largest outflow. ',
  );
}

/** Free cash flow at or above the dividends paid, in each year shown, is read as a covered dividend (a convention). */
export async function dividendCapacity(env: AnalysisEnv): Promise<void> {
  const years = yearsBack(env, env.year, 3);
  const rows: { fcf: Figure; dividends: Figure; buybacks: Figure | null }[] = [];
  for (const [i, y] of years.entries()) {
    const fcf = i === 0 ? await need(env, 'free_cash_flow', y) : await maybe(env, 'free_cash_flow', y);
    const dividends = fcf && (i === 0 ? await need(env, 'dividends_paid', y) : await maybe(env, 'dividends_paid', y));
    if (!fcf || !dividends) break;
    rows.push({ fcf, dividends, buybacks: await maybe(env, 'share_repurchases', y) });
  }
  const covered = rows.every((r) => r.fcf.value >= Math.abs(r.dividends.value));
  const s = env.say;
  s.text(opener(env, covered)).text(
    `${possessive(env.ent.entity.name)} free cash flow ${covered ? 'covered' : 'did not cover'} its dividends ${rows.length > 1 ? 'in every year shown' : ''}: `,
  );
  rows.forEach((r, i) => {
    s.text(`${i ? '; ' : ''}${s.when(r.fcf)} free cash flow `)
      .fig(r.fcf)
      .text(' against dividends paid ')
      .fig(r.dividends);
    if (r.buybacks) s.text(' and buybacks ').fig(r.buybacks);
  });
  const payout = await maybe(env, 'payout_ratio', years[0] ?? env.year);
  if (payout) s.text(`; payout ratio (dividends / net income) `).fig(payout);
  s.text(
    `. Rule: a dividend is read as sustainable when free cash flow (operating cash flow − capex) covers the cash dividends paid in each of the last three fiscal years (an analysts' convention); buybacks beyond free cash flow are funded from cash or debt. `,
  );
}

/**
 * A measure between two periods: "Has it increased its debt between FY2022 and FY2023?", "Was there any
 * drop in cash between FY2023 and Q2 FY2024?". Balances are read at each period's end; flows must cover
 * comparable periods (the calculation service refuses others).
 */
export async function direction(env: AnalysisEnv): Promise<void> {
  const subject = env.plan.subject;
  if (!subject) throw new MissingFigure('the question names no measure to compare');
  const at = (t: Target) => (subject.periodType === 'instant' ? env.endOf(t) : t);
  const [laterT, earlierT] = periodsOf(env);
  const later = await need(env, subject.id, at(laterT));
  const earlier = await need(env, subject.id, at(earlierT));
  const label = lowerFirst(later.metricLabel);
  const delta = must(env.change(later, earlier, `Change in ${label}`), `the change in ${label}`);
  const pct = earlier.value > 0 ? env.growth(later, earlier, `Change in ${label} (%)`) : null;
  const moved = delta.value > 0 ? 'up' : delta.value < 0 ? 'down' : 'flat';
  const asked = env.plan.direction ?? 'any';
  const yes = asked === 'any' ? moved !== 'flat' : moved === asked;
  const s = env.say;
  if (env.plan.choice) s.text(moved === 'up' ? 'Increased — ' : moved === 'down' ? 'Decreased — ' : 'Unchanged — ');
  else s.text(opener(env, yes));
  s.text(`${possessive(env.ent.entity.name)} ${label} ${moved === 'up' ? 'rose' : moved === 'down' ? 'fell' : 'was unchanged'} from `)
    .fig(earlier)
    .text(` ${s.at(earlier)} to `)
    .fig(later)
    .text(` ${s.at(later)}`);
  if (moved !== 'flat') {
    s.text(', a change of ').fig(delta);
    if (pct) s.text(' (').fig(pct).text(')');
  }
  s.text('. ');
  if (subject.kind === 'derived' && later.formula) s.text(`Rule: ${later.formula.replace(/_/g, ' ')}. `);
}

/** The later and the earlier period of a comparison: the two named, else the one named (or the latest year) and the year before. */
function periodsOf(env: AnalysisEnv): [Target, Target] {
  const [first, second] = env.named;
  if (first && second) return [first, second];
  const later = first ?? env.year;
  const earlier = env.prior(later);
  if (!earlier) throw new MissingFigure(`no period before ${later.label} is on ${env.ent.entity.name}'s calendar`);
  return [later, earlier];
}
