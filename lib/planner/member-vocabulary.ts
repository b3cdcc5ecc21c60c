/**
 * Members named in the filer's own words: the words of a question that no reader placed, read against the
 * member lexicon of the question's companies (lib/ontology/vocabulary: printed captions, QName words, their
 * initials, lemmas and the synonym table). A name is read only as a whole and never across a placed word; a
 * name made only of filler words ("business") names nothing. The result is one reported dimension set (a
 * member's own, or the slice two names make), or the members a name could mean (asked back), or a set
 * the filer does not report (blocked: never the total, never one slice in its place).
 */
import { memberLabelFromQName } from '@/lib/ontology/members';
import { buildLexicon, type Lexicon, type LexiconEntry, type MemberTarget } from '@/lib/ontology/vocabulary/lexicon';
import { wordsOf } from '@/lib/ontology/vocabulary/lemma';
import { namedSet, type QuestionWord, readVocabulary } from '@/lib/ontology/vocabulary/read';
import { isFunctionWord } from '@/lib/ontology/vocabulary/function-words';
import { phraseKeys } from '@/lib/ontology/vocabulary/synonyms';
import { vocabularySource } from '@/lib/retrieval/vocabulary';
import { isFiller } from './filler';
import type { MatchContext, MemberEntry } from './match-metric';
import type { SpanMap } from './spans';

/** A word no member name contains: names are never read across a word another reader placed. */
const BREAK = '\u00a7';

export type NamedMembers =
  | {
      kind: 'member';
      /** the words as written, from the first member word to the last */
      text: string;
      start: number;
      end: number;
      /** the first named member (a slice's dimension set holds the others) */
      axis: string;
      member: string;
      /** the member(s) as the filing names them */
      label: string;
      dimensions: Record<string, string>;
      /** the words of each member name (to claim) */
      spans: { start: number; end: number; detail: string }[];
    }
  | { kind: 'ambiguous'; text: string; options: string[]; spans: { start: number; end: number; detail: string }[] }
  | {
      kind: 'unreported';
      text: string;
      labels: string[];
      spans: { start: number; end: number; detail: string }[];
      /** each member named, with its own dimension set and its words (a sum of them is asked by its own words) */
      parts: { label: string; dimensions: Record<string, string>; start: number; end: number }[];
    };

/**
 * A share class the company's name was matched with ("Alphabet Class A": the registered security's name): its
 * class words also name the class-of-stock member, so the member vocabulary reads them too.
 */
function shareClassWords(spans: SpanMap): { start: number; end: number }[] {
  return spans
    .placed()
    .filter((e) => e.role === 'entity')
    .flatMap((e) => {
      const m = /\bclass\s+[a-z0-9]\b\W*$/i.exec(e.text);
      return m ? [{ start: e.start + m.index, end: e.end }] : [];
    });
}

/** The question's words, with one break word standing for each run of words another reader placed. */
export function memberWordsOf(question: string, spans: SpanMap): QuestionWord[] {
  const out: QuestionWord[] = [];
  const classWords = shareClassWords(spans);
  const onlyEntity = (w: QuestionWord) =>
    classWords.some((c) => c.start <= w.start && w.end <= c.end) &&
    !spans.placed().some((e) => e.role !== 'entity' && e.role !== 'filler' && w.start < e.end && e.start < w.end);
  for (const w of wordsOf(question)) {
    if (spans.taken(w.start, w.end) && !onlyEntity(w)) {
      if (out.at(-1)?.word !== BREAK) out.push({ word: BREAK, start: w.start, end: w.start });
      continue;
    }
    out.push(w);
  }
  return out;
}

const lexicons = new WeakMap<readonly MemberEntry[], { lexicon: Lexicon; display: Map<string, string> }>();

/** The member lexicon of a members list (built once per list: the catalogs are cached per data version). */
function memberLexicon(members: readonly MemberEntry[]): { lexicon: Lexicon; display: Map<string, string> } {
  let hit = lexicons.get(members);
  if (!hit) {
    const full = members.map((m) => ({
      entityId: m.entityId ?? '',
      axis: m.axis,
      member: m.member,
      dimensions: m.dimensions ?? { [m.axis]: m.member },
      labels: m.labels,
    }));
    // a label matched without the company's word is named in the answer as the filing writes it ("Google Cloud")
    const display = new Map<string, string>();
    for (const m of members) for (const [short, long] of Object.entries(m.display ?? {})) display.set(`${m.member}|${short}`, long);
    hit = { lexicon: buildLexicon(vocabularySource([], full)), display };
    lexicons.set(members, hit);
  }
  return hit;
}

function displayLabel(t: MemberTarget, display: Map<string, string>): string {
  return display.get(`${t.member}|${t.label}`) ?? t.label;
}

/** The member as the question named it: the caption or QName words read ("Converse"), its QName's words for initials ("APLA"). */
function namedLabel(e: LexiconEntry & { target: MemberTarget }, display: Map<string, string>): string {
  const shown = display.get(`${e.target.member}|${e.phrase}`);
  if (shown) return shown;
  if (e.source === 'qname' && /^[a-z]+$/.test(e.phrase)) return memberLabelFromQName(e.target.member);
  return e.phrase;
}

/**
 * Of the members one name could mean, the one the filer reports an asked measure for, when exactly one is
 * ("Class A shares outstanding": the common stock's class A, not the capital stock's that only declares
 * dividends); null when none or several are (then the name is asked back).
 */
function reportedFor(candidates: MemberTarget[], members: readonly MemberEntry[], asked: readonly string[]): MemberTarget | null {
  if (asked.length === 0) return null;
  const key = (d: Record<string, string>) => JSON.stringify(Object.entries(d).sort(([a], [b]) => a.localeCompare(b)));
  const reported = new Set(
    members.filter((m) => m.measures?.some((x) => asked.includes(x))).map((m) => key(m.dimensions ?? { [m.axis]: m.member })),
  );
  const hits = [...new Map(candidates.filter((t) => reported.has(key(t.dimensions))).map((t) => [key(t.dimensions), t])).values()];
  return hits.length === 1 ? hits[0]! : null;
}

/**
 * The members the unplaced words name (see the module comment), or null when they name none; `asked`: the
 * measures the question asks, which tell apart members of one name.
 */
export function readNamedMembers(
  question: string,
  words: QuestionWord[],
  ctx: MatchContext | undefined,
  asked: readonly string[] = [],
): NamedMembers | null {
  const members = ctx?.members;
  if (!members?.length) return null;
  const { lexicon, display } = memberLexicon(members);
  const reading = readVocabulary(lexicon, words);
  const named = reading.members.filter((m) => m.words.some((i) => words[i] && words[i].word !== BREAK && !isFiller(words[i].word)));
  if (named.length === 0) return null;
  named.sort((a, b) => Math.min(...a.words) - Math.min(...b.words));
  const spans = named.map((m) => {
    const ws = m.words.map((i) => words[i]!);
    return {
      start: Math.min(...ws.map((w) => w.start)),
      end: Math.max(...ws.map((w) => w.end)),
      detail: m.entry.target.member,
    };
  });
  spans.push(...relationWords(question, words, named), ...shortNames(question, words, named));
  const start = Math.min(...spans.map((s) => s.start));
  const end = Math.max(...spans.map((s) => s.end));
  const text = question.slice(start, end);
  const set = namedSet(lexicon, named, (i, t) => {
    const at = spans[i];
    const entry = named[i]?.entry;
    return !!at && !!entry && writtenWithCompanyWord(question, at.start, t, entry.phrase, display);
  });
  const only = set.dimensions ? null : reportedFor(set.memberCandidates, members, asked);
  const dimensions = set.dimensions ?? only?.dimensions;
  if (dimensions) {
    const first = only ?? named[0]!.entry.target;
    return {
      kind: 'member',
      text,
      start,
      end,
      axis: first.axis,
      member: first.member,
      label: named.map((m) => namedLabel(m.entry, display)).join(' '),
      dimensions,
      spans,
    };
  }
  if (set.memberCandidates.length > 0) {
    const options = [...new Set(set.memberCandidates.map((t) => `${displayLabel(t, display)} (${axisName(t.axis)}${within(t)})`))];
    return { kind: 'ambiguous', text, options, spans };
  }
  const parts = named.flatMap((m, i) => {
    const at = spans[i];
    return at ? [{ label: namedLabel(m.entry, display), dimensions: m.entry.target.dimensions, start: at.start, end: at.end }] : [];
  });
  return { kind: 'unreported', text, labels: named.map((m) => namedLabel(m.entry, display)), spans, parts };
}

/**
 * Words before a member that say how a figure relates to it, read with the member: a place the figure is
 * billed, generated or located in ("revenue billed to customers in the United States", "long-lived assets
 * located in China"), a channel it is sold through ("sell through wholesale"). Each word must be unplaced.
 */
const RELATION_WORDS: { axis: RegExp; lead: RegExp }[] = [
  {
    axis: /GeographicalAxis$|GeographicAreasAxis$|CountryAxis$|RegionAxis$/,
    lead: /\b(?:(?:(?:bill(?:s|ed)?|sold|sell(?:s|ing)?|sales)\s+)?to\s+)?(?:customers?\s+)?(?:(?:located|based|domiciled|generated|earned|held)\s+)?(?:in|within)\s+(?:the\s+)?$/i,
  },
  { axis: /SalesChannelAxis$/, lead: /\b(?:through|via)\s+(?:the\s+)?(?:its\s+)?$/i },
];

function relationWords(
  question: string,
  words: readonly QuestionWord[],
  named: { entry: LexiconEntry & { target: MemberTarget }; words: number[] }[],
): { start: number; end: number; detail: string }[] {
  const out: { start: number; end: number; detail: string }[] = [];
  for (const m of named) {
    const rule = RELATION_WORDS.find((x) => x.axis.test(m.entry.target.axis));
    const at = Math.min(...m.words);
    const first = words[at];
    if (!rule || !first) continue;
    // the unplaced words right before the member (a placed word is a break word): the lead is read in them only
    let from = at;
    while (from > 0 && words[from - 1]?.word !== BREAK) from--;
    const free = words[from]?.start ?? first.start;
    const lead = rule.lead.exec(question.slice(free, first.start));
    if (!lead?.[0].trim()) continue;
    out.push({ start: free + lead.index + (lead[0].length - lead[0].trimStart().length), end: first.start, detail: 'relation' });
  }
  return out.filter((s) => s.end > s.start);
}

/**
 * A short name the question defines in a parenthesis by the filer's name of the member ("NIKE Direct revenues
 * (NIKE Brand direct-to-consumer)"): the unplaced words before the parenthesis, in its clause, that are words
 * of the members named inside it are read with them. Other words there stay unplaced.
 */
function shortNames(
  question: string,
  words: readonly QuestionWord[],
  named: { entry: LexiconEntry & { target: MemberTarget }; words: number[] }[],
): { start: number; end: number; detail: string }[] {
  const first = words[Math.min(...named.flatMap((m) => m.words))];
  if (!first) return [];
  const open = question.lastIndexOf('(', first.start);
  if (open < 0 || question.slice(open, first.start).includes(')')) return [];
  const clause = Math.max(question.lastIndexOf(')', open), question.lastIndexOf(',', open), question.lastIndexOf('?', open)) + 1;
  const keys = new Set(named.flatMap((m) => m.entry.keys));
  return words
    .filter((w) => w.word !== BREAK && w.start >= clause && w.end <= open && !isFiller(w.word))
    .filter((w) => {
      const k = phraseKeys(w.word);
      return k.length > 0 && k.every((x) => keys.has(x) && !isFunctionWord(x));
    })
    .map((w) => ({ start: w.start, end: w.end, detail: 'short name' }));
}

/**
 * A name the filing writes with the company's word before it ("Walmart U.S."), matched without it because the
 * company word is the entity's, and written so in the question: the member of that full name, not another
 * member carrying the short one (the country "U.S.").
 */
function writtenWithCompanyWord(question: string, start: number, t: MemberTarget, phrase: string, display: Map<string, string>): boolean {
  const long = display.get(`${t.member}|${phrase}`);
  if (!long) return false;
  const squash = (x: string) => x.toLowerCase().replace(/[^a-z0-9]/g, '');
  const lead = long.slice(0, Math.max(0, long.length - phrase.length)).trim();
  return lead.length > 0 && squash(question.slice(0, start)).endsWith(squash(lead));
}

/** ", within Walmart US": the other members of a slice, so that slices of one member are told apart. */
function within(t: MemberTarget): string {
  const others = Object.entries(t.dimensions).filter(([a]) => a !== t.axis);
  return others.length ? `, within ${others.map(([, m]) => memberLabelFromQName(m)).join(' and ')}` : '';
}

/** "srt:StatementGeographicalAxis" → "geographical". */
function axisName(axis: string): string {
  const local = axis.slice(axis.indexOf(':') + 1).replace(/Axis$/, '');
  return local
    .replace(/^Statement/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
}
