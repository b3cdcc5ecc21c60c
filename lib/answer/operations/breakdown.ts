/**
 * A breakdown ("revenue by product", "net sales by reportable segment"): the measure for every member the
 * company reports on the axis asked, for the period asked, beside the total — each figure the filing's own
 * fact, cited. For a measure that adds up (a flow or balance in money), lib/calc checks the parts: members
 * that are themselves the sum of other members (Apple's Products = iPhone + Mac + iPad + Wearables) are
 * shown with their parts under them, the top-level members are summed and compared with the total, and
 * each top-level member's share of the total is computed (lib/calc share). Whether they add up is said
 * either way; a gap is named as what the filing does not assign to a member, never explained.
 */
import { difference, resultAsOperand, share, sum } from '@/lib/calc';
import { getMetric } from '@/lib/ontology/metrics';
import { type CatalogMember, loadMemberCatalog } from '@/lib/retrieval/members';
import { memberLabelFromQName } from '@/lib/ontology/members';
import { computeFigure, recordCalculation, type Figure, type Target } from '../compute';
import { lowerFirst, periodText, possessive } from '../text';
import type { Answer, AnswerValue } from '../types';
import { calcOutcome } from './outcome';
import type { Operation, OperationInput, Outcome } from './types';

/** Members searched for their parts at most (the search is over subsets). */
const MAX_FOR_PARTS = 14;

type Part = NonNullable<Outcome['part']>;

/** How far a sum of reported members may be from the figure they make up: rounding of each, at least one unit. */
function tolerance(whole: number, count: number): number {
  return Math.max(Math.abs(whole) * 0.0001, count);
}

/**
 * The members that are the sum of other members: for each member (largest first), a set of smaller
 * members not yet placed whose values add up to it. Returns child → parent.
 */
export function nestedMembers(values: { key: string; value: number }[]): Map<string, string> {
  const parentOf = new Map<string, string>();
  if (values.length > MAX_FOR_PARTS) return parentOf;
  const byValue = [...values].sort((a, b) => Math.abs(b.value) - Math.abs(a.value));
  for (const whole of byValue) {
    if (parentOf.has(whole.key)) continue;
    const pool = byValue.filter((v) => v !== whole && !parentOf.has(v.key) && Math.abs(v.value) < Math.abs(whole.value));
    let best: number | null = null;
    for (let mask = 1; mask < 1 << pool.length; mask++) {
      if ((mask & (mask - 1)) === 0) continue; // one member alone is no breakdown of another
      let s = 0;
      let n = 0;
      pool.forEach((v, i) => {
        if (mask & (1 << i)) {
          s += v.value;
          n++;
        }
      });
      if (Math.abs(s - whole.value) <= tolerance(whole.value, n) && (best === null || n > bitCount(best))) best = mask;
    }
    const chosen = best;
    if (chosen !== null) pool.forEach((v, i) => (chosen & (1 << i) ? parentOf.set(v.key, whole.key) : null));
  }
  return parentOf;
}

function bitCount(n: number): number {
  let c = 0;
  for (let x = n; x; x &= x - 1) c++;
  return c;
}

/** Whether the measure's members can be summed to its total: money amounts (not per-share figures or ratios). */
function additive(metricId: string, unit: string): boolean {
  const def = getMetric(metricId);
  return (!def || def.unitKind === 'monetary') && !/\/|pure|ratio|pp/.test(unit);
}

/**
 * A member's name as the filing prints it: its first label that is no other member's too (a row label
 * several members share — "Other segment items" — is the line the figure sits on, not the member), shown
 * as the filing writes it; the QName's words when every label is shared.
 */
export function memberName(m: CatalogMember, siblings: readonly CatalogMember[]): string {
  const shared = (l: string) => siblings.some((o) => o !== m && o.member !== m.member && o.labels.includes(l));
  const own = m.labels.find((l) => !shared(l)) ?? memberLabelFromQName(m.member);
  return m.display?.[own] ?? own;
}

async function breakDownOne(input: OperationInput, target: Target): Promise<void> {
  const { ctx, ent, intent, pins, outcomes } = input;
  const axes = intent.breakdown?.axes ?? [];
  const totalRes = await computeFigure(ctx, ent, intent.metric, target, pins, intent.operandScopes);
  if (!totalRes.ok) {
    outcomes.push({ failure: totalRes.failure, entity: ent, target });
    return;
  }
  const total = totalRes.figure;
  const catalog = await loadMemberCatalog(ctx.db, ctx.tenantId, [ent.entity.id], ctx.role);
  const members = catalog.filter((m) => axes.includes(m.axis) && Object.keys(m.dimensions).length === 1);
  const found: { key: string; label: string; figure: Figure }[] = [];
  for (const m of members) {
    const label = memberName(m, members);
    const metric = { ...intent.metric, label: `${label} ${lowerFirst(intent.metric.label)}`, dimensions: m.dimensions, memberLabel: label };
    const r = await computeFigure(ctx, ent, metric, target, pins, intent.operandScopes);
    if (r.ok && r.figure.unit === total.unit && !found.some((f) => f.key === m.member))
      found.push({ key: m.member, label, figure: r.figure });
  }
  const by = intent.breakdown?.label ?? 'member';
  if (found.length === 0) {
    const message = `${ent.entity.name} reports no ${lowerFirst(intent.metric.label)} by ${by} for ${target.label}`;
    outcomes.push({ failure: { kind: 'missing', message, errors: [{ code: 'MISSING_FACT', message, factIds: [] }] }, entity: ent, target });
    return;
  }
  const canSum = additive(intent.metric.id, total.unit);
  const parentOf = canSum ? nestedMembers(found.map((f) => ({ key: f.key, value: f.figure.value }))) : new Map<string, string>();
  const top = found.filter((f) => !parentOf.has(f.key)).sort((a, b) => b.figure.value - a.figure.value);
  const labelOf = new Map(found.map((f) => [f.key, f.label]));
  for (const t of top) {
    outcomes.push({ figure: t.figure, entity: ent, target, label: t.figure.metricLabel, part: { role: 'member', member: t.label } });
    for (const c of found.filter((f) => parentOf.get(f.key) === t.key).sort((a, b) => b.figure.value - a.figure.value))
      outcomes.push({
        figure: c.figure,
        entity: ent,
        target,
        label: c.figure.metricLabel,
        part: { role: 'member', member: c.label, parent: t.label },
      });
  }
  outcomes.push({ figure: total, entity: ent, target, part: { role: 'total' } });
  if (!canSum) return;
  const summed =
    top.length >= 2 ? sum({ components: top.map((t) => t.figure.operand), metricId: intent.metric.id, calendars: ent.calendars }) : null;
  if (summed) recordCalculation(ctx, summed);
  // what the members make together: their sum, or the one member itself
  const [only] = top;
  const parts = summed?.ok ? resultAsOperand(summed) : top.length === 1 && only ? only.figure.operand : null;
  if (!parts) return;
  const gap = difference({ minuend: total.operand, subtrahend: parts, metricId: intent.metric.id, calendars: ent.calendars });
  recordCalculation(ctx, gap);
  const addsUp = gap.ok && Math.abs(Number(gap.value)) <= tolerance(total.value, top.length);
  if (summed?.ok)
    outcomes.push({
      ...calcOutcome(
        summed,
        `Sum of the ${top.length} members`,
        top.map((t) => t.figure),
        ent,
        target,
      ),
      part: { role: addsUp ? 'sum' : 'sum_short' },
    });
  if (!addsUp) {
    const o = calcOutcome(gap, `${intent.metric.label} not assigned to a member`, [total, ...top.map((t) => t.figure)], ent, target);
    if (o.figure) outcomes.push({ ...o, part: { role: 'gap' } });
    return;
  }
  // shares of a total its members make up (a member below zero has no share of it)
  if (top.some((t) => t.figure.value < 0)) return;
  for (const t of top) {
    const res = share({ part: t.figure.operand, whole: total.operand, calendars: ent.calendars });
    recordCalculation(ctx, res);
    const o = calcOutcome(res, `${labelOf.get(t.key)} share of ${lowerFirst(intent.metric.label)}`, [t.figure, total], ent, target);
    outcomes.push({ ...o, part: { role: 'share', member: t.label } });
  }
}

const roleOf = (v: AnswerValue): Part['role'] | undefined => v.part?.role;
const memberOf = (v: AnswerValue): string => v.part?.member ?? '';

export const breakdownOperation: Operation = {
  handles: ['breakdown'],
  resolvesPeriods: true,
  async run(input) {
    for (const r of input.resolved) await breakDownOne(input, r.target);
  },
  label: (intent) => intent.metric.label,
  say: () => {},
  sayAll(tb, values, intent) {
    if (values.length === 0) return false;
    const by = intent.breakdown?.label ?? 'member';
    const groups = new Map<string, AnswerValue[]>();
    for (const v of values) groups.set(`${v.entity.id}|${v.period.end}`, [...(groups.get(`${v.entity.id}|${v.period.end}`) ?? []), v]);
    for (const group of groups.values()) {
      const total = group.find((v) => roleOf(v) === 'total');
      const members = group.filter((v) => roleOf(v) === 'member');
      const shareOf = new Map(group.filter((v) => roleOf(v) === 'share').map((v) => [memberOf(v), v]));
      const [first] = group;
      if (!first) continue;
      tb.text(`${possessive(first.entity.name)} ${lowerFirst(intent.metric.label)} by ${by} for ${periodText(first.period)}: `);
      let i = 0;
      for (const m of members) {
        if (m.part?.parent) continue;
        tb.text(`${i++ ? '; ' : ''}${memberOf(m)} `).value(m.id, m.display);
        const s = shareOf.get(memberOf(m));
        if (s) tb.text(' (').value(s.id, s.display).text(' of the total)');
        const kids = members.filter((k) => k.part?.parent === memberOf(m));
        if (kids.length) {
          tb.text(', of which ');
          kids.forEach((k, j) => tb.text(`${j ? ', ' : ''}${memberOf(k)} `).value(k.id, k.display));
        }
      }
      if (total) tb.text('; total ').value(total.id, total.display).text('. ');
      const summed = group.find((v) => roleOf(v) === 'sum' || roleOf(v) === 'sum_short');
      const gap = group.find((v) => roleOf(v) === 'gap');
      if (summed && roleOf(summed) === 'sum') tb.text('The members add up to the total. ');
      else if (gap) {
        if (summed)
          tb.text('The members add up to ')
            .value(summed.id, summed.display)
            .text(gap.value < 0 ? ', more than the total; ' : '; ');
        tb.text(gap.value < 0 ? 'the difference, ' : '')
          .value(gap.id, gap.display)
          .text(`${gap.value < 0 ? ',' : ' of the total'} is not assigned to a member by ${by} in the filing. `);
      } else if (total && members.length > 1)
        tb.text('The members are shown as filed; they are not summed to the total for this measure. ');
    }
    return true;
  },
  table(values, intent): Answer['table'] {
    const shareOf = new Map(values.filter((v) => roleOf(v) === 'share').map((v) => [`${v.entity.id}|${memberOf(v)}`, v]));
    const rows = values
      .filter((v) => roleOf(v) === 'member' || roleOf(v) === 'total')
      .map((v) => {
        const parent = v.part?.parent;
        const name = roleOf(v) === 'total' ? 'Total' : parent ? `  ${memberOf(v)} (part of ${parent})` : memberOf(v);
        return { valueId: v.id, cells: [name, v.period.label, v.display, shareOf.get(`${v.entity.id}|${memberOf(v)}`)?.display ?? ''] };
      });
    return { columns: ['Member', 'Period', intent.metric.label, 'Share of total'], rows };
  },
};
