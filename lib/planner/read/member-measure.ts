/**
 * A member's own measure: a segment reports its profit under a concept of its own (Nike's segments their
 * "Earnings before interest and taxes", P&G's segments "Earnings/(Loss) before income taxes") rather than
 * under the consolidated line the ontology's measure names. Where the member named reports no fact of the
 * measure asked, and exactly one of the concepts it does report is named by one of that measure's names
 * (its QName's words, their initials, or its printed caption, the "(loss)" of a caption left out), that
 * concept is the measure for the member. None or several: the measure stays as asked (and the lookup says
 * what is not reported).
 */
import { isFunctionWord } from '@/lib/ontology/vocabulary/function-words';
import { memberLabelFromQName } from '@/lib/ontology/members';
import { getMetric } from '@/lib/ontology/metrics';
import { withMember, type MemberEntry } from '../match-member';
import type { MetricRef } from '../types';
import type { Reading } from './types';

const dimsKey = (d: Record<string, string>) => JSON.stringify(Object.entries(d).sort(([a], [b]) => a.localeCompare(b)));

/** A name as compared: lower case, words only, a caption's "(loss)" and "/" left out, "&" as "and". */
export function nameKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/\s*\/?\s*\((?:loss|losses|deficit)\)/g, ' ')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The names a concept goes by: its QName's words, their initials (content words only), its captions. */
export function conceptNames(concept: string, captions: readonly string[]): Set<string> {
  const words = nameKey(memberLabelFromQName(concept.replace(/Member$/, ''))).split(' ');
  const initials = words.filter((w) => !isFunctionWord(w)).map((w) => w[0]);
  return new Set([words.join(' '), initials.join(''), ...captions.map(nameKey)]);
}

/**
 * The names the question writes a mention with: the unplaced words right before it and the mention ("earnings
 * before interest and taxes", where "taxes" alone read as tax expense), longest first, each with where it starts.
 */
function writtenNames(r: Reading, at: { start: number; end: number }): { name: string; start: number }[] {
  const { tokens } = r.spans;
  const first = tokens.findIndex((t) => t.start >= at.start);
  const out: { name: string; start: number }[] = [];
  for (let j = first - 1; j >= 0; j--) {
    const t = tokens[j];
    if (!t || r.spans.taken(t.start, t.end)) break;
    out.unshift({ name: nameKey(r.question.slice(t.start, at.end)), start: t.start });
  }
  return out;
}

/** The measure of the member's own concept named like `ref`, or null (see the module comment). */
function ownMeasure(ref: MetricRef, members: readonly MemberEntry[], written: readonly string[] = []): MetricRef | null {
  const metric = getMetric(ref.id);
  if (!metric || !ref.dimensions) return null;
  const key = dimsKey(ref.dimensions);
  const sets = members.filter((m) => dimsKey(m.dimensions ?? { [m.axis]: m.member }) === key);
  const measures = new Set(sets.flatMap((m) => m.measures ?? []));
  if (measures.size === 0 || measures.has(ref.id)) return null;
  const asked = new Set([metric.label, ...metric.synonyms, ...(metric.aliases ?? []), ...written].map(nameKey));
  const hits = [...measures].filter((id) => {
    if (!id.startsWith('concept:')) return false;
    const captions = sets.flatMap((m) => m.captions?.[id] ?? []);
    return [...conceptNames(id.slice('concept:'.length), captions)].some((n) => asked.has(n));
  });
  const [only, ...more] = hits;
  if (!only || more.length > 0) return null;
  const caption = sets.flatMap((m) => m.captions?.[only] ?? [])[0];
  const name = caption ?? memberLabelFromQName(only.slice('concept:'.length));
  const own = name.charAt(0).toUpperCase() + name.slice(1).toLowerCase();
  return {
    ...ref,
    id: only,
    label: ref.memberLabel ? withMember(ref.memberLabel, own) : own,
  };
}

/** Gives each mention restricted to a member the member's own concept where it is named like the measure asked. */
export function placeOwnMeasures(r: Reading): void {
  const members = r.ctx.measures?.members;
  if (!members?.length) return;
  for (const m of r.metricMentions) {
    // the measure's own names, else one the question writes it with (the words before it then are the measure's)
    let own = ownMeasure(m.ref, members);
    if (!own)
      for (const w of writtenNames(r, m)) {
        own = ownMeasure(m.ref, members, [w.name]);
        if (!own) continue;
        r.spans.claim(w.start, m.start, 'measure', own.id);
        break;
      }
    if (!own) continue;
    r.notes.push(
      `${m.ref.memberLabel ?? 'the member'} reports ${m.ref.label.toLowerCase()} as its own line ${own.id.slice('concept:'.length)}`,
    );
    for (const at of r.measureAt) if (at.ref === m.ref || (m.start <= at.start && at.end <= m.end + 1)) at.ref = own;
    m.ref = own;
  }
}
