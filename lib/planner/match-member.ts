/**
 * Members and qualifiers around a measure mention: a dimension member the filing reports ("iPhone net
 * sales", "revenue from the Data Center segment"), basic/diluted, GAAP/non-GAAP, consolidated/standalone,
 * and segment mix with the member named alone ("iPhone as a percentage of total net sales"). A qualifier
 * the member catalog cannot place is reported with `understood: false`, never dropped.
 */
import { restatesMeasure } from '@/lib/ontology/vocabulary/gloss';
import type { MetricRef } from './types';
import type { MatchContext, MetricMention } from './match-metric';
import { type Normalized, norm, weakMemo } from './measure-text';

/** A dimension member a question may name: from the filing (table row labels, the member QName). */
export interface MemberEntry {
  entityId?: string;
  /** axis QName, e.g. `srt:ProductOrServiceAxis` */
  axis: string;
  /** member QName, e.g. `us-gaap:IPhoneMember` */
  member: string;
  /** labels and aliases, e.g. ["iPhone"] */
  labels: string[];
  /** the full dimension set of the member's facts (with neutral or parent members); default { axis: member } */
  dimensions?: Record<string, string>;
  /** how the filing writes a label matched without its company word ("Cloud" → "Google Cloud"), for the answer */
  display?: Record<string, string>;
  /** the measures the filer reports for exactly this dimension set (ontology ids, else `concept:<qname>`), when known */
  measures?: string[];
  /** the printed captions of the set's `concept:` measures, when known */
  captions?: Record<string, string[]>;
}

/** `gloss`: words that only restate the measure ("cash dividends paid"): placed with it, changing nothing */
export type QualifierKind = 'member' | 'eps_basis' | 'gaap' | 'scope' | 'gloss';

export interface MeasureQualifier {
  kind: QualifierKind;
  /** the words as written */
  text: string;
  start: number;
  end: number;
  /** basic | diluted | gaap | non_gaap | consolidated | standalone | the member QName; null when not understood */
  value: string | null;
  /** the resolved member */
  member?: { axis: string; member: string; label: string; dimensions: Record<string, string> } | null;
  /** false: a qualifier Ledgerline cannot apply (an adjusted figure, an unknown segment): the planner must block */
  understood: boolean;
}

const NON_GAAP =
  /^(?:adjusted|non gaap|nongaap|pro forma|proforma|normalized|normalised|underlying|organic|core|recurring|comparable|cash)$/;
const GAAP = /^(?:gaap|unadjusted|reported|as reported|statutory)$/;
const MEMBER_NOUNS = /^(?:segment|segments|division|business|unit|region|category|product line|platform|market|brand)$/;
export const STOP = new Set([
  'the',
  'a',
  'an',
  'of',
  'for',
  'in',
  'from',
  'by',
  'at',
  'and',
  'or',
  'what',
  'was',
  'is',
  'were',
  'how',
  'much',
  'many',
  'did',
  'does',
  'its',
  "'s",
  's',
  'to',
  'on',
  'with',
  'total',
  'fiscal',
  'fy',
  'year',
  'quarter',
]);

export interface Word {
  w: string;
  start: number;
  end: number;
}

export function wordsOf(n: Normalized): Word[] {
  const out: Word[] = [];
  const re = /[^ ]+/g;
  for (const m of n.text.matchAll(re)) {
    const s = m.index!;
    const e = s + m[0].length;
    out.push({ w: m[0], start: n.offsets[s]!, end: n.offsets[e - 1]! + 1 });
  }
  return out;
}

const squash = (s: string) =>
  norm(s)
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]/g, '');

interface MemberIndexEntry {
  key: string;
  entry: MemberEntry;
  label: string;
}

/** "Services revenue", "iPhone gross margin": the answer names the member with the measure, never the measure alone. */
export function withMember(member: string, label: string): string {
  return `${member} ${label.charAt(0).toLowerCase()}${label.slice(1)}`;
}

/** per members list */
export const memberIndex = weakMemo(buildMemberIndex);

function buildMemberIndex(members: MemberEntry[]): Map<string, MemberIndexEntry[]> {
  const idx = new Map<string, MemberIndexEntry[]>();
  for (const e of members) {
    for (const label of e.labels) {
      const key = squash(label);
      if (key.length < 2) continue;
      const list = idx.get(key) ?? [];
      // one entry per dimension set: the member alone ({Product: Apparel}) and its slices ({Product: Apparel,
      // Segment: Converse}) are different figures, and the smallest filed one is the member's own
      const dims = JSON.stringify(Object.entries(e.dimensions ?? { [e.axis]: e.member }).sort(([a], [b]) => a.localeCompare(b)));
      if (
        !list.some(
          (x) =>
            JSON.stringify(
              Object.entries(x.entry.dimensions ?? { [x.entry.axis]: x.entry.member }).sort(([a], [b]) => a.localeCompare(b)),
            ) === dims,
        )
      )
        list.push({ key, entry: e, label: e.display?.[label] ?? label });
      idx.set(key, list);
    }
  }
  return idx;
}

/** Axis preference when one label names one member on several axes: segments, then products, then geography. */
function axisRank(axis: string): number {
  if (/BusinessSegments|Segment/i.test(axis)) return 0;
  if (/ProductOrService|Product/i.test(axis)) return 1;
  if (/Geograph|Region|Country/i.test(axis)) return 2;
  return 3;
}

/** The longest run of words ending at `to` (exclusive) or starting at `from` that names a member. */
export function findMember(
  words: Word[],
  lo: number,
  hi: number,
  idx: Map<string, MemberIndexEntry[]>,
  anchorEnd: boolean,
): { from: number; to: number; hit: MemberIndexEntry } | null {
  for (let len = Math.min(5, hi - lo); len >= 1; len--) {
    const from = anchorEnd ? hi - len : lo;
    const to = from + len;
    const key = words
      .slice(from, to)
      .map((w) => w.w)
      .join('')
      .replace(/&/g, 'and')
      .replace(/[^a-z0-9]/g, '');
    const hits = idx.get(key);
    if (hits?.length) {
      const size = (e: MemberEntry) => Object.keys(e.dimensions ?? { [e.axis]: e.member }).length;
      const ranked = [...hits].sort((a, b) => axisRank(a.entry.axis) - axisRank(b.entry.axis) || size(a.entry) - size(b.entry));
      const best = ranked[0]!;
      // only slices of the member are filed, in several segments ({Grocery, Walmart U.S.} and {Grocery, Sam's Club}):
      // no figure is the member's own, and taking one slice would answer for a part as if for the whole
      const rivals = ranked.filter((h) => axisRank(h.entry.axis) === axisRank(best.entry.axis) && size(h.entry) === size(best.entry));
      if (size(best.entry) > 1 && rivals.length > 1) return null;
      // one name for two different members on two axes (Walmart's "U.S." segment and the country U.S.): two
      // different figures, so the name is left to the filer's vocabulary, which asks which one is meant
      if (ranked.some((h) => h.entry.member !== best.entry.member && h.entry.axis !== best.entry.axis && size(h.entry) === 1)) return null;
      // one name for two members of one axis (Alphabet's common and capital "Class A"): left to the filer's
      // vocabulary, which reads the one the measure is reported for or asks which one is meant
      if (size(best.entry) === 1 && rivals.some((h) => h.entry.member !== best.entry.member)) return null;
      return { from, to, hit: best };
    }
  }
  return null;
}

export function qualifiersFor(
  question: string,
  words: Word[],
  mention: { start: number; end: number; ref: MetricRef },
  ctx: MatchContext | undefined,
  idx: Map<string, MemberIndexEntry[]> | null,
): MeasureQualifier[] {
  const out: MeasureQualifier[] = [];
  const first = words.findIndex((w) => w.start >= mention.start);
  let last = words.findIndex((w) => w.end > mention.end - 1 && w.start < mention.end);
  if (last < 0) last = first;
  const within = words.slice(first, last + 1).map((w) => w.w);
  const span = (a: Word, b: Word) => ({ text: question.slice(a.start, b.end), start: a.start, end: b.end });
  if (within.includes('basic')) out.push({ kind: 'eps_basis', value: 'basic', understood: true, ...span(words[first]!, words[last]!) });
  if (within.includes('diluted')) out.push({ kind: 'eps_basis', value: 'diluted', understood: true, ...span(words[first]!, words[last]!) });
  let i = first - 1;
  if (within[0] === 'gaap' && words[i]?.w === 'non') {
    // "non-GAAP operating income": the phrase "gaap operating income" must not swallow the "non"
    out.push({ kind: 'gaap', value: 'non_gaap', understood: false, ...span(words[i]!, words[first]!) });
    i--;
  } else if (within.includes('unadjusted') || within.includes('gaap'))
    out.push({ kind: 'gaap', value: 'gaap', understood: true, ...span(words[first]!, words[last]!) });

  // words before the mention: GAAP/non-GAAP, scope, members ("iPhone net sales", "Data Center revenue", "Google Cloud segment revenue")
  while (i >= 0) {
    const w = words[i]!.w;
    if (GAAP.test(w) && words[i - 1]?.w !== 'non') {
      out.push({ kind: 'gaap', value: 'gaap', understood: true, ...span(words[i]!, words[i]!) });
      i--;
      continue;
    }
    // "cash dividends paid": a word of the measure's own names restates it, it adjusts nothing
    if (w === 'cash' && restatesMeasure(w, mention.ref.id)) {
      out.push({ kind: 'gloss', value: 'gloss', understood: true, ...span(words[i]!, words[i]!) });
      i--;
      continue;
    }
    if (NON_GAAP.test(w) || (w === 'gaap' && words[i - 1]?.w === 'non')) {
      const a = w === 'gaap' ? i - 1 : i;
      out.push({ kind: 'gaap', value: 'non_gaap', understood: false, ...span(words[a]!, words[i]!) });
      i = a - 1;
      continue;
    }
    if (w === 'consolidated' || w === 'standalone') {
      out.push({ kind: 'scope', value: w, understood: true, ...span(words[i]!, words[i]!) });
      i--;
      continue;
    }
    break;
  }
  // "<member> [segment] <measure>"
  let hi = i + 1;
  let noun: Word | null = null;
  if (hi > 0 && MEMBER_NOUNS.test(words[hi - 1]!.w)) {
    noun = words[hi - 1]!;
    hi--;
  }
  let placed = false;
  if (idx && hi > 0) {
    const lo = Math.max(0, hi - 5);
    const f = findMember(words, lo, hi, idx, true);
    if (f) {
      const a = words[f.from]!;
      const b = noun ?? words[f.to - 1]!;
      out.push({
        kind: 'member',
        value: f.hit.entry.member,
        member: {
          axis: f.hit.entry.axis,
          member: f.hit.entry.member,
          label: f.hit.label,
          dimensions: f.hit.entry.dimensions ?? { [f.hit.entry.axis]: f.hit.entry.member },
        },
        understood: true,
        ...span(a, b),
      });
      placed = true;
    }
  }
  // "<measure> from|of|for [the] <member> [segment]"
  if (!placed && idx) {
    let j = last + 1;
    if (['from', 'of', 'for', 'in', 'at', 'by'].includes(words[j]?.w ?? '')) {
      j++;
      if (['the', 'its', 'their'].includes(words[j]?.w ?? '')) j++;
      const f = findMember(words, j, Math.min(words.length, j + 5), idx, false);
      if (f) {
        const after = words[f.to];
        const b = after && MEMBER_NOUNS.test(after.w) ? after : words[f.to - 1]!;
        out.push({
          kind: 'member',
          value: f.hit.entry.member,
          member: {
            axis: f.hit.entry.axis,
            member: f.hit.entry.member,
            label: f.hit.label,
            dimensions: f.hit.entry.dimensions ?? { [f.hit.entry.axis]: f.hit.entry.member },
          },
          understood: true,
          ...span(words[f.from]!, b),
        });
        placed = true;
      }
    }
  }
  // an unknown member: "<words> segment <measure>", "<measure> of the <words> segment"
  if (!placed && noun) {
    let a = hi - 1;
    while (a >= 0 && !STOP.has(words[a]!.w) && hi - a <= 3) a--;
    const from = a + 1;
    if (from < hi) {
      out.push({ kind: 'member', value: null, member: null, understood: false, ...span(words[from]!, noun) });
      placed = true;
    }
  }
  if (!placed) {
    const j0 = last + 1;
    if (['from', 'of', 'for', 'in', 'at', 'by'].includes(words[j0]?.w ?? '')) {
      let j = j0 + 1;
      if (['the', 'its', 'their'].includes(words[j]?.w ?? '')) j++;
      let k = j;
      while (k < words.length && k - j < 4 && !MEMBER_NOUNS.test(words[k]!.w) && !STOP.has(words[k]!.w)) k++;
      if (k < words.length && k > j && MEMBER_NOUNS.test(words[k]!.w)) {
        out.push({ kind: 'member', value: null, member: null, understood: false, ...span(words[j]!, words[k]!) });
      }
    }
  }
  void ctx;
  return out;
}

const SHARE_WORDS = new Set(['percentage', 'percent', '%', 'share', 'proportion', 'fraction', 'portion']);

/**
 * Segment mix with the member named alone: "iPhone as a percentage of total net sales", "Data Center
 * as a share of revenue". The member is the measure after "of" restricted to that member (the same
 * measure, so the share compares one figure with its own total over the same period); a word before
 * "as" that names no member of the filing gives nothing.
 */
export function memberShareMentions(
  question: string,
  words: Word[],
  mentions: MetricMention[],
  idx: Map<string, MemberIndexEntry[]>,
): MetricMention[] {
  const out: MetricMention[] = [];
  for (const m of mentions) {
    if (m.ref.dimensions || m.ref.kind !== 'base') continue;
    let k = words.findIndex((w) => w.start >= m.start) - 1;
    // "of [the] [Apple's|its] [total] net sales"
    for (let n = 0; n < 3 && /^(?:total|the|its|their|[a-z0-9&]+'s?)$/.test(words[k]?.w ?? '') && words[k]?.w !== 'of'; n++) k--;
    if (words[k]?.w !== 'of') continue;
    k--;
    if (!SHARE_WORDS.has(words[k]?.w ?? '')) continue;
    k--;
    if (words[k]?.w === 'a' || words[k]?.w === 'an') k--;
    if (words[k]?.w !== 'as') continue;
    const f = findMember(words, Math.max(0, k - 5), k, idx, true);
    if (!f) continue;
    const a = words[f.from]!;
    const b = words[f.to - 1]!;
    if (mentions.some((o) => a.start < o.end && b.end > o.start)) continue;
    // "revenue from Rest of Asia Pacific as a percentage of revenue": the member already restricts the measure before it (the part)
    if (mentions.some((o) => o.qualifiers.some((q) => q.kind === 'member' && q.start <= a.start && b.end <= q.end))) continue;
    const member = {
      axis: f.hit.entry.axis,
      member: f.hit.entry.member,
      label: f.hit.label,
      dimensions: f.hit.entry.dimensions ?? { [f.hit.entry.axis]: f.hit.entry.member },
    };
    out.push({
      ref: { ...m.ref, label: withMember(member.label, m.ref.label), dimensions: member.dimensions, memberLabel: member.label },
      phrase: question.slice(a.start, b.end).toLowerCase(),
      index: a.start,
      start: a.start,
      end: b.end,
      qualifiers: [
        {
          kind: 'member',
          value: member.member,
          member,
          understood: true,
          text: question.slice(a.start, b.end),
          start: a.start,
          end: b.end,
        },
      ],
    });
  }
  return out;
}

/**
 * Mentions set in parentheses right after another measure that only restate it ("income taxes paid
 * (cash)"): dropped as measures and returned as glosses of the measure before them, to be placed with it
 * (lib/ontology/vocabulary/gloss.ts) — never asked as a second figure beside it.
 */
export function withoutGlosses(
  question: string,
  mentions: MetricMention[],
): { mentions: MetricMention[]; glosses: { start: number; end: number; id: string }[] } {
  const glosses: { start: number; end: number; id: string }[] = [];
  const kept: MetricMention[] = [];
  for (const m of mentions) {
    const prev = kept.at(-1);
    // "(cash)", "(cash paid)": the whole parenthesis after the measure (its period may come between), the mention inside it
    const before = prev ? /\(([^()]*)$/.exec(question.slice(prev.end, m.start)) : null;
    const after = /^([^()]*)\)/.exec(question.slice(m.end));
    if (prev && before && after && !m.ref.dimensions) {
      const start = m.start - (before[1]?.length ?? 0);
      const end = m.end + (after[1]?.length ?? 0);
      if (restatesMeasure(question.slice(start, end), prev.ref.id)) {
        glosses.push({ start, end, id: prev.ref.id });
        continue;
      }
    }
    kept.push(m);
  }
  return { mentions: kept, glosses };
}
