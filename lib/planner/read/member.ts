/**
 * The member reader: what qualifies a measure — a segment, product or region (a dimension member of the
 * filing), basic/diluted, GAAP — read by the measure matcher (lib/planner/match-metric qualifiers) and, for
 * the words no reader placed, by the filer's own vocabulary (lib/ontology/vocabulary: member names from the
 * printed captions and QNames, their initials, lemmas and the synonym table).
 * Understood qualifiers are placed; a member the filing does not report is said to be missing (never the
 * total instead); a name several members carry is asked back with them listed; a qualifier Ledgerline
 * cannot apply ("adjusted") is asked back.
 */
import { memberSum } from './member-sum';
import { memberWordsOf, type NamedMembers, readNamedMembers } from '../member-vocabulary';
import type { MeasureQualifier } from '../match-metric';
import { withMember } from '../match-member';
import { isFiller } from '../filler';
import { memberLabelFromQName } from '@/lib/ontology/members';
import { dimsKeyOf } from '@/lib/retrieval/lookup-facts';
import { restatesMeasure } from '@/lib/ontology/vocabulary/gloss';
import { matchMetrics } from '../match-metric';
import { AVERAGED_BALANCE } from './formula-lexicon';
import { placeOwnMeasures } from './member-measure';
import { BARE_TURNS } from './ordinary-words';
import type { PlanResult } from '../types';
import type { Reader, Reading } from './types';

function lowerFirst(t: string): string {
  return /^[A-Z][a-z]/.test(t) ? t[0]!.toLowerCase() + t.slice(1) : t;
}

/** "iPhone revenue" → "Revenue": the measure's own label without the member withMember put before it. */
function withoutMember(label: string, member: string): string {
  const rest = label.startsWith(`${member} `) ? label.slice(member.length + 1) : label;
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

/** The qualifier that restricts a measure to the member the filer's vocabulary read, where it is written. */
function memberQualifier(named: Extract<NamedMembers, { kind: 'member' }>): MeasureQualifier {
  const member = { axis: named.axis, member: named.member, label: named.label, dimensions: named.dimensions };
  return { kind: 'member', text: named.text, start: named.start, end: named.end, value: named.member, member, understood: true };
}

/**
 * "What share of revenue came from the iPhone": in a share asked before its measure, a member named apart
 * from the one measure is the part and the measure its whole. The member is placed as a mention of that
 * measure restricted to it, where it is written, and the measure stays the total.
 */
function sharePart(r: Reading, named: Extract<NamedMembers, { kind: 'member' }>): boolean {
  const [total, ...others] = r.metricMentions;
  if (!total || others.length > 0 || total.ref.dimensions || total.qualifiers.some((q) => q.kind === 'member')) return false;
  // "what percentage of the Walmart U.S. segment's net sales was grocery": the member named before the measure is the
  // whole (a reported member of its own), the slice of it named after the measure the part
  const within = wholeMember(r, named, total);
  const whole = within ?? total;
  const partAt = within ? (named.spans.find((w) => w.start >= total.end)?.start ?? named.start) : named.start;
  // "what share of revenue came from X" (the share, the whole, then the part) or "X's share of revenue" (the part's
  // possessive, the share, then the whole)
  // "how much of X's revenue came from Y, as a percentage": the share asked by its instruction
  const howMuch = /\bhow\s+much\s+of\b/i.exec(r.question);
  const inPercent = r.spans
    .placed()
    .some((e) => e.role === 'instruction' && /\b(?:percent(?:age)?|share|proportion|fraction)\b|%/i.test(e.text));
  if (howMuch && inPercent && howMuch.index + howMuch[0].length <= whole.start && !r.ow.infix.some((w) => w.op === 'share'))
    r.ow.infix.push({ start: howMuch.index, end: howMuch.index + howMuch[0].length, text: howMuch[0], op: 'share' });
  const asked = r.ow.infix.find(
    (w) =>
      w.op === 'share' &&
      /^\s*(?:(?:and\s+)?what\b|how\s+much\s+of\b|(?:the\s+)?(?:share|percentage|percent|proportion|fraction|portion)\s+of\b)/i.test(
        w.text,
      ) &&
      w.end <= whole.start &&
      whole.end <= partAt,
  );
  const possessive = r.ow.infix.find(
    (w) =>
      !within &&
      w.op === 'share' &&
      named.end <= w.start &&
      /(?:['’]s|s['’])\s*$/.test(r.question.slice(named.start, w.start)) &&
      /^(?:['’]s?)?\s*$/.test(r.question.slice(named.end, w.start)) &&
      w.end <= whole.start,
  );
  if (!asked && !possessive) return false;
  const ref = { ...whole.ref, label: withMember(named.label, whole.ref.label), dimensions: named.dimensions, memberLabel: named.label };
  const q = memberQualifier(named);
  const partEnd = Math.max(partAt + 1, named.end);
  const part = {
    ref,
    phrase: r.question.slice(partAt, partEnd).toLowerCase(),
    index: partAt,
    start: partAt,
    end: partEnd,
    qualifiers: [q],
  };
  r.metricMentions = possessive && !asked ? [part, whole] : [whole, part];
  if (within) r.measureAt = r.measureAt.map((m) => (m.start === total.start && m.ref.id === total.ref.id ? { ...m, ref: within.ref } : m));
  r.measureAt = [...r.measureAt, { ref, start: partAt, end: partEnd }];
  // the part is an operand of its own: where no joining word stands between the whole and the part ("of net sales
  // did the U.S. segment contribute"), the part's operand begins where it is written
  if (asked && !r.ow.infix.some((w) => w.op === 'join' && whole.end <= w.start && w.end <= partAt))
    r.ow.infix.push({ start: partAt, end: partAt, text: '', op: 'join' });
  // the verb that says the part is a part ("did the Walmart U.S. segment contribute", "account for") is the share's
  const after = r.question.slice(named.end);
  const verb = SHARE_VERB.exec(after);
  if (verb && /^[\s\p{P}]*$/u.test(after.slice(0, verb.index).replace(/\b(?:segment|business|division|unit)\b/gi, ''))) {
    const start = named.end + verb.index;
    if (!r.spans.taken(start, start + verb[0].length)) r.spans.claim(start, start + verb[0].length, 'operation', 'share');
  }
  return true;
}

/**
 * The whole of a share that is itself a member: the members of a slice named before the share's measure (one reported
 * dimension set of its own, of which the slice named after the measure is a part, and for which the filer reports the
 * measure), as the measure restricted to them. Null where the names do not fall on both sides of the measure.
 */
function wholeMember(
  r: Reading,
  named: Extract<NamedMembers, { kind: 'member' }>,
  total: Reading['metricMentions'][number],
): Reading['metricMentions'][number] | null {
  const before = named.spans.filter((w) => w.end <= total.start);
  if (before.length === 0 || before.length === named.spans.length || named.spans.some((w) => w.start < total.end && total.start < w.end))
    return null;
  const dimsOf = (m: { axis: string; member: string; dimensions?: Record<string, string> }) => m.dimensions ?? { [m.axis]: m.member };
  const slice = Object.entries(named.dimensions);
  const sets = (r.ctx.measures?.members ?? []).filter((m) => {
    const dims = Object.entries(dimsOf(m));
    return (
      dims.length < slice.length &&
      dims.every(([a, v]) => named.dimensions[a] === v) &&
      before.some((w) => w.detail === m.member) &&
      m.measures?.includes(total.ref.id)
    );
  });
  const found = [...new Map(sets.map((m) => [dimsKeyOf(dimsOf(m)), m])).values()];
  const [set] = found;
  if (found.length !== 1 || !set) return null;
  // the member as its QName names it (a member's printed labels include the captions of the lines it is reported on)
  const label = memberLabelFromQName(set.member);
  const dimensions = dimsOf(set);
  const member = { axis: set.axis, member: set.member, label, dimensions };
  const [first, last] = [before[0], before.at(-1)];
  if (!first || !last) return null;
  const q: MeasureQualifier = {
    kind: 'member',
    text: r.question.slice(first.start, last.end),
    start: first.start,
    end: last.end,
    value: set.member,
    member,
    understood: true,
  };
  const ref = { ...total.ref, label: withMember(label, total.ref.label), dimensions, memberLabel: label };
  return { ...total, ref, qualifiers: [...total.qualifiers, q] };
}

/** Verbs that say a part makes up its share of a whole. */
const SHARE_VERB = /\b(?:contribut(?:e|es|ed|ing)|account(?:s|ed)?\s+for|represent(?:s|ed)?|ma(?:ke|kes|de)\s+up|constitut(?:e|es|ed))\b/i;

/** The members the filer's vocabulary reads in the words no reader placed, given to every measure that names none. */
function applyNamedMembers(r: Reading, named: Extract<NamedMembers, { kind: 'member' }>): void {
  const { spans } = r;
  for (const w of named.spans) if (!spans.taken(w.start, w.end)) spans.claim(w.start, w.end, 'qualifier', w.detail);
  if (sharePart(r, named)) return;
  // "total revenues generated outside the U.S. as a percentage of total revenues": the member named before the share's
  // words restricts the measure written before them (the part), never the same measure after them (its whole)
  const share = r.ow.infix.find((w) => w.op === 'share' && /^\s*as\b/i.test(w.text) && named.end <= w.start);
  const whole = share && r.metricMentions.find((m) => m.start >= share.end);
  const part = whole && r.metricMentions.find((o) => o !== whole && o.ref.id === whole.ref.id && o.end <= named.start);
  const kept = (m: (typeof r.metricMentions)[number]) => part !== undefined && m === whole;
  r.metricMentions = r.metricMentions.map((m) => {
    if (kept(m)) return m;
    const own = m.qualifiers.find((q) => q.kind === 'member' && q.understood);
    // a mention with a member of its own outside the words read ("iPhone revenue and Mac revenue") keeps it
    if (own && !named.spans.some((w) => w.start <= own.start && own.end <= w.end) && !(named.start <= own.start && own.end <= named.end))
      return m;
    if (m.ref.dimensions && !own) return m;
    // the same measure asked again with a member of its own is its total ("X as a share of revenue"): kept whole
    if (!own && r.metricMentions.some((o) => o !== m && o.ref.id === m.ref.id && o.ref.dimensions)) return m;
    const q = memberQualifier(named);
    const base = m.ref.memberLabel ? withoutMember(m.ref.label, m.ref.memberLabel) : m.ref.label;
    return {
      ...m,
      ref: { ...m.ref, label: withMember(named.label, base), dimensions: named.dimensions, memberLabel: named.label },
      // the matcher's member words are now read with the others; one it could not place is placed by the vocabulary
      qualifiers: [...m.qualifiers.filter((x) => x.kind !== 'member'), q],
    };
  });
  const refs = new Map(r.metricMentions.map((m) => [m.start, m.ref]));
  r.measureAt = r.measureAt.map((m) => {
    const mention = r.metricMentions.find((x) => x.start <= m.start && m.end <= x.end + 1) ?? null;
    return mention ? { ...m, ref: mention.ref } : { ...m, ref: refs.get(m.start) ?? m.ref };
  });
}

/**
 * The question without a qualifier Ledgerline cannot apply, with the words that only carried it: "on an adjusted
 * basis", "(non-GAAP)", "adjusted diluted EPS" → "diluted EPS". Asked as the chip "the reported …".
 */
export function withoutQualifier(question: string, start: number, end: number): string {
  const before = /(?:\b(?:on|in)\s+(?:an?|the)\s+|\(\s*)$/i.exec(question.slice(0, start));
  const after = /^(?:\s+basis\b|\s*\))/i.exec(question.slice(end));
  // the carrying words go with it only as a pair: "on an … basis", "( … )"
  const pair = before && after && before[0].startsWith('(') === after[0].endsWith(')');
  const from = pair ? before.index : start;
  const to = pair ? end + after[0].length : end;
  return (question.slice(0, from) + question.slice(to))
    .replace(/\s{2,}/g, ' ')
    .replace(/\s+([?.,;:)])/g, '$1')
    .trim();
}

/** Unknown members and qualifiers that cannot be applied: the answer is blocked, never the total in their place. */
function blockedQualifier(r: Reading): PlanResult | null {
  const { spans, notes, entities } = r;
  for (const m of r.metricMentions) {
    for (const q of m.qualifiers ?? []) {
      if (q.understood) {
        if (!spans.taken(q.start, q.end)) spans.claim(q.start, q.end, 'qualifier', q.value ?? q.text);
        continue;
      }
      const what =
        q.kind === 'member' ? `“${q.text}” (no reported ${lowerFirst(m.ref.label)} for that segment, product or region)` : `“${q.text}”`;
      if (q.kind === 'member') {
        return {
          status: 'insufficient_evidence',
          missing: `${m.ref.label} for ${what} is not reported; Ledgerline does not answer with the total instead.`,
          partial: { entities },
          notes,
        };
      }
      return {
        status: 'needs_clarification',
        clarification: {
          question: `Ledgerline reports figures as filed and cannot apply ${what} to ${lowerFirst(m.ref.label)}. Ask for the reported figure instead?`,
          options: [`The reported ${lowerFirst(m.ref.label)}`],
          rewrites: [withoutQualifier(r.question, q.start, q.end)],
        },
        partial: { entities },
        notes,
      };
    }
  }
  return null;
}

/**
 * Words no reader placed that only restate the one measure asked ("what did Walmart pay out for share
 * repurchases", "share repurchases (cash paid)"): placed with it as a gloss (lib/ontology/vocabulary/gloss.ts).
 * With several measures a word could restate either, and is left to block; a word that names a measure of its
 * own ("net income over average equity": equity) is never a gloss of another, it is that measure's to place.
 */
function placeGlosses(r: Reading): void {
  const { spans } = r;
  const [only, ...more] = r.metricMentions;
  if (!only || more.length > 0) return;
  const { tokens } = spans;
  // an operation word ("in total", "share") is the operation reader's, never a gloss
  const operation = Object.values(r.ow).flat();
  // a measure's name by the measure matcher or the formula reader's balance words ("average equity"), read once a word
  const ownMeasure = tokens.map(
    (t) =>
      matchMetrics(t.text).mentions.some((m) => m.ref.id !== only.ref.id) ||
      (AVERAGED_BALANCE[t.text.toLowerCase()] ?? only.ref.id) !== only.ref.id,
  );
  const free = (i: number) => {
    const t = tokens[i];
    return t !== undefined && !spans.taken(t.start, t.end) && !operation.some((o) => t.start < o.end && o.start < t.end) && !ownMeasure[i];
  };
  // the word beside a token, across the company's name ("cash Alphabet used": "cash used")
  const entity = (j: number) => {
    const t = tokens[j];
    return t !== undefined && r.entityAt.some((e) => e.start <= t.start && t.end <= e.end);
  };
  const beside = (i: number, step: number) => {
    let j = i + step;
    while (entity(j)) j += step;
    return j;
  };
  for (const [i, t] of tokens.entries()) {
    if (!free(i) || isFiller(t.lower)) continue;
    // the word alone, or with a free word beside it ("pay out"); the word and its neighbour claimed each
    // a filler neighbour is never the partner ("what did Acme pay out": "pay out", not "did pay")
    const pair = [beside(i, -1), beside(i, 1)]
      .filter((j) => free(j) && !isFiller(tokens[j]?.lower ?? ''))
      .find((j) => restatesMeasure(`${tokens[Math.min(i, j)]!.text} ${tokens[Math.max(i, j)]!.text}`, only.ref.id));
    const other = pair === undefined ? undefined : tokens[pair];
    if (other) {
      if (Math.abs((pair ?? i) - i) === 1) spans.claim(Math.min(t.start, other.start), Math.max(t.end, other.end), 'qualifier', 'gloss');
      else for (const x of [t, other]) spans.claim(x.start, x.end, 'qualifier', 'gloss');
    } else if (restatesMeasure(t.text, only.ref.id)) spans.claim(t.start, t.end, 'qualifier', 'gloss');
  }
}

/**
 * A member named with one measure and not with another ("Did Google Cloud make money? Give its operating income"):
 * whether the other measure is the member's or the company's total is not said, so it is asked — never the total
 * given beside the member's figure as if it were the member's. A measure asked with its own total ("iPhone revenue
 * as a share of revenue", "Services revenue and total revenue") and a share or ratio between them are not asked.
 */
function memberForSomeMeasures(r: Reading): PlanResult | null {
  const mentions = r.metricMentions;
  if (mentions.length < 2) return null;
  const hasMember = (m: (typeof mentions)[number]) =>
    Object.keys(m.ref.dimensions ?? {}).length > 0 || m.qualifiers.some((q) => q.kind === 'member' && q.understood);
  const withMember = mentions.filter(hasMember);
  const without = mentions.filter((m) => !hasMember(m) && !withMember.some((w) => w.ref.id === m.ref.id));
  const [member] = withMember;
  const [other] = without;
  if (!member || !other || withMember.length + without.length !== mentions.length) return null;
  if (r.ow.infix.some((w) => w.op !== 'join') || r.ow.prefix.length > 0) return null;
  const name = member.ref.memberLabel ?? member.qualifiers.find((q) => q.kind === 'member')?.member?.label ?? 'the member';
  return {
    status: 'needs_clarification',
    clarification: {
      question: `${name} is named with ${lowerFirst(withoutMember(member.ref.label, name))} only: do you want ${name}’s ${lowerFirst(other.ref.label)}, or the company’s total ${lowerFirst(other.ref.label)}? Ask for each as you mean it.`,
      options: [],
    },
    partial: { entities: r.entities },
    notes: [...r.notes, `member ${name} named with one measure, not with ${other.ref.id}`],
  };
}

/**
 * The measures a verb will make of a bare word before any measure was named ("how many Class A shares … outstanding":
 * the shares outstanding), with the words it turns: they tell apart members of one name, as a named measure does.
 */
function turnsAhead(question: string): { to: string; start: number; end: number }[] {
  return BARE_TURNS.flatMap((b) =>
    b.verb.test(question)
      ? [...question.matchAll(b.word)].map((w) => ({ to: b.to, start: w.index ?? 0, end: (w.index ?? 0) + w[0].length }))
      : [],
  );
}

/**
 * The members the unplaced words name. Words a verb turns into a measure are that measure's own name ("common shares
 * … outstanding" is the shares outstanding, not the equity statement's common stock column): the other words are
 * read without them.
 */
function memberReading(r: Reading, asked: readonly string[], turns: readonly { start: number; end: number }[]): NamedMembers | null {
  const words = memberWordsOf(r.question, r.spans);
  const read = readNamedMembers(r.question, words, r.ctx.measures, asked);
  const inTurn = (w: { start: number; end: number }) => turns.some((t) => t.start <= w.start && w.end <= t.end);
  if (!read?.spans.some(inTurn)) return read;
  return readNamedMembers(
    r.question,
    words.filter((w) => !inTurn(w)),
    r.ctx.measures,
    asked,
  );
}

/**
 * "How many Class C shares …" of a company whose filings name no such class: a share class no reader placed is said to be
 * unreported, with the classes the company does report (never its total count in the class's place).
 */
function unreportedClass(r: Reading): PlanResult | null {
  const named = [...r.question.matchAll(/\bclass\s+[a-z0-9]\b/gi)].find((m) => !r.spans.taken(m.index ?? 0, (m.index ?? 0) + m[0].length));
  const [entity, ...more] = r.entities;
  if (!named || !entity || more.length > 0) return null;
  const classes = [
    ...new Set(
      (r.ctx.measures?.members ?? [])
        .filter((m) => m.entityId === entity.id && /ClassOfStockAxis$/.test(m.axis))
        .flatMap((m) => /\bclass\s+[a-z0-9]\b/i.exec(memberLabelFromQName(m.member))?.[0] ?? []),
    ),
  ].sort();
  const reported = classes.length ? `its filings name ${classes.join(', ')}` : 'its filings name no classes of stock';
  return {
    status: 'insufficient_evidence',
    missing: `${entity.name} reports no “${named[0]}” shares (${reported}); Ledgerline does not answer with another class or the total instead.`,
    partial: { entities: r.entities },
    notes: [...r.notes, `share class “${named[0]}” is not reported`],
  };
}

/** "(was) attributed to", "attributable to", "allocated to" right before a member: the measure's part that member is. */
const ATTRIBUTED_TO = /\b(?:(?:was|were|is|are)\s+)?(?:attribut(?:ed|able)|allocated|assigned)\s+to\s+(?:the\s+)?$/i;

/** "Revenue attributed to Singapore": the words linking a measure named in the question to a member placed with it. */
function placeAttributedTo(r: Reading, members: readonly { start: number; end: number }[]): void {
  if (r.metricMentions.length === 0) return;
  for (const m of members) {
    const link = ATTRIBUTED_TO.exec(r.question.slice(0, m.start));
    if (link) r.spans.claimWords(link.index, link.index + link[0].length, 'qualifier', 'member link');
  }
}

export const memberReader: Reader = {
  name: 'member',
  read(r) {
    const { spans, notes, entities } = r;
    // the filer's vocabulary reads the words no other reader placed (the matcher's member words included); it
    // decides when it reads a member name the matcher did not place ("NIKE Brand footwear": the brand beside the
    // product), else the matcher's members stand
    const matched = r.metricMentions.flatMap((m) => m.qualifiers.filter((q) => q.kind === 'member' && q.understood));
    // the measures a verb will make, where every measure read so far lies inside the words it turns ("(common stock) shares")
    const ahead = turnsAhead(r.question);
    const turns = r.metricMentions.every((m) => ahead.some((t) => t.start <= m.start && m.end <= t.end)) ? ahead : [];
    const asked = [...r.metricMentions.map((m) => m.ref.id), ...turns.map((t) => t.to)];
    const read = memberReading(r, asked, turns);
    const more = read?.spans.some((w) => !matched.some((q) => w.start < q.end && q.start < w.end));
    const named = more ? read : null;
    for (const m of r.metricMentions)
      for (const q of m.qualifiers ?? [])
        if (q.understood && !(named && q.kind === 'member') && !spans.taken(q.start, q.end))
          spans.claim(q.start, q.end, 'qualifier', q.value ?? q.text);
    if (named?.kind === 'ambiguous') {
      return {
        status: 'needs_clarification',
        clarification: {
          question: `“${named.text}” names more than one reported member. Which one do you mean?`,
          options: named.options,
        },
        partial: { entities },
        notes: [...notes, `members named “${named.text}”: ${named.options.join('; ')}`],
      };
    }
    if (named?.kind === 'unreported') {
      const sum = memberSum(r, named);
      if (sum) return sum;
      return {
        status: 'insufficient_evidence',
        missing: `${named.labels.join(' and ')} together make no figure the filing reports; Ledgerline does not answer with a wider or narrower one instead.`,
        partial: { entities },
        notes,
      };
    }
    if (named?.kind === 'member') {
      if (r.metricMentions.length === 0 || turns.length > 0) r.pendingMember = { dimensions: named.dimensions, label: named.label };
      applyNamedMembers(r, named);
      notes.push(`read “${named.text}” as the member ${named.label} (${Object.values(named.dimensions).join(' + ')})`);
    }
    placeAttributedTo(r, [...matched, ...(named?.kind === 'member' ? named.spans : [])]);
    const blocked = blockedQualifier(r) ?? unreportedClass(r) ?? memberForSomeMeasures(r);
    if (!blocked) {
      placeGlosses(r);
      placeOwnMeasures(r);
    }
    return blocked;
  },
};

export { lowerFirst };
