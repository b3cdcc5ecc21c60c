/**
 * Members added up in words: "iPhone, Mac and iPad net sales combined", "revenue from A, B and C, all together",
 * "A plus B revenue". Members of one axis named as a list that makes no figure the filing reports are each their own
 * figure when the question asks for their sum in so many words (a sum word, or "plus" between them): the plan is the
 * sum of the measure for each member, each a reported figure of the period named. Without a sum word the list stays
 * unreported (never answered with a wider or narrower figure); members of several axes are no list (an
 * intersection, "Data Center networking", is not added up).
 */
import { withMember } from '../match-member';
import type { NamedMembers } from '../member-vocabulary';
import type { ExpressionNode, Intent, MetricRef, PlanResult } from '../types';
import type { Reading } from './types';

/** Words asking for the sum of what was listed ("all together", "combined", "in total", "the sum of"). */
const SUM_WORDS =
  /\b(?:all\s+together|altogether|taken\s+together|put\s+together|added\s+(?:up|together)|together|combined|in\s+total|in\s+aggregate|(?:the\s+)?(?:sum|total)\s+of|add(?:ing)?\s+up)\b/gi;
/** What may stand between two members of the list. */
const LIST_JOIN = /^(?:\s|,|&|\+|\band\b|\bplus\b|\bas\s+well\s+as\b)*$/i;

export function memberSum(r: Reading, list: Extract<NamedMembers, { kind: 'unreported' }>): PlanResult | null {
  const { question, spans } = r;
  const parts = [...list.parts].sort((a, b) => a.start - b.start);
  if (parts.length < 2) return null;
  const axes = new Set(parts.map((p) => Object.keys(p.dimensions).sort().join('|')));
  if (axes.size !== 1) return null;
  const joins = parts.slice(1).map((p, i) => ({ start: parts[i]?.end ?? p.start, end: p.start }));
  // the company's name inside a member's name ("Google Services and Google Cloud") is the member's word
  const named = (j: { start: number; end: number }) =>
    spans
      .placed()
      .reduce(
        (t, e) =>
          e.role === 'entity' && e.start >= j.start && e.end <= j.end
            ? t.slice(0, e.start - j.start) + ' '.repeat(e.end - e.start) + t.slice(e.end - j.start)
            : t,
        question.slice(j.start, j.end),
      );
  if (!joins.every((j) => LIST_JOIN.test(named(j)))) return null;
  const plus = joins.some((j) => /\bplus\b|\+/i.test(named(j)));
  const sums = [...question.matchAll(SUM_WORDS)]
    .map((m) => ({ start: m.index, end: m.index + m[0].length }))
    .filter((m) => !spans.taken(m.start, m.end) && !parts.some((p) => m.start < p.end && p.start < m.end));
  if (sums.length === 0 && !plus) return null;
  // one measure asked, of one period
  const measures = [...new Map(r.metricMentions.map((m) => [m.ref.id, m.ref])).values()];
  const periods = [...new Map(r.phrases.map((p) => [JSON.stringify(p.spec), p])).values()];
  const [measure] = measures;
  const [period] = periods;
  if (measures.length !== 1 || periods.length !== 1 || !measure || !period || measure.kind !== 'base' || r.entities.length !== 1)
    return null;
  for (const p of parts) if (!spans.taken(p.start, p.end)) spans.claim(p.start, p.end, 'qualifier', p.label);
  for (const w of list.spans) if (!spans.taken(w.start, w.end)) spans.claim(w.start, w.end, 'qualifier', w.detail);
  for (const j of [...joins, ...sums]) if (!spans.taken(j.start, j.end)) spans.claim(j.start, j.end, 'operation', 'sum');
  if (spans.unplacedPhrases().length > 0) return null;
  const request = { text: period.text, spec: period.spec, forMetric: null };
  // the measure itself, without a member the matcher read into its words
  const own =
    measure.memberLabel && measure.label.startsWith(`${measure.memberLabel} `)
      ? measure.label.slice(measure.memberLabel.length + 1)
      : measure.label;
  const base: MetricRef = { ...measure, label: own.charAt(0).toUpperCase() + own.slice(1), dimensions: undefined, memberLabel: undefined };
  const args: ExpressionNode[] = parts.map((p) => ({
    kind: 'operand',
    operand: {
      metric: { ...base, label: withMember(p.label, base.label), dimensions: p.dimensions, memberLabel: p.label },
      period: request,
    },
  }));
  const label = `${parts.map((p) => p.label).join(' + ')} ${base.label.toLowerCase()}`;
  const metric: MetricRef = {
    ...base,
    id: `formula:${label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .slice(0, 60)}`,
    label,
    kind: 'derived',
  };
  const intent: Intent = {
    entities: r.entities,
    metric,
    operation: 'expression',
    expression: { kind: 'op', op: 'sum', args },
    periods: [request],
    range: null,
    scope: 'consolidated',
    basis: r.version.basis,
    pathway: 'detail',
    ...(Object.keys(r.instructions).length ? { instructions: r.instructions } : {}),
  };
  return { status: 'planned', intent, notes: [...r.notes, `the members ${list.labels.join(', ')} added up, each its own figure`] };
}
