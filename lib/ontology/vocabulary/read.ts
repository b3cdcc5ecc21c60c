/**
 * Reads a run of question words against a lexicon (lexicon.ts): the members it names (whole names,
 * longest first, a member noun such as "segment" after a name belonging to it), then the one measure
 * whose label's words the rest names, every content word covered. Several measures that cover the
 * same words equally well → candidates to ask with; none → the entries sharing most words, to say
 * what is reported nearby. A member is only ever the member named (never its parent total, never one
 * slice of it): the caller looks up exactly its dimension set.
 */
import { isFunctionWord } from './function-words';
import { lemma } from './lemma';
import { IMPLIED, type Lexicon, type LexiconEntry, type MeasureTarget, type MemberTarget } from './lexicon';
import { rewrite } from './synonyms';

export interface QuestionWord {
  word: string;
  start: number;
  end: number;
}

export interface VocabularyReading {
  measure: { entry: LexiconEntry & { target: MeasureTarget }; words: number[] } | null;
  members: { entry: LexiconEntry & { target: MemberTarget }; words: number[] }[];
  /**
   * The dimension set the members named together: one member's own set, or the slice two members name
   * ("Walmart U.S. grocery"), only when the filer reports that exact set; null when no member is named or
   * the named members make no reported set (never a wider or narrower one in its place)
   */
  dimensions: Record<string, string> | null;
  /** a name that several members carry (one region on two axes): the members to ask with */
  memberCandidates: MemberTarget[];
  /** indices of content words nothing covers */
  uncovered: number[];
  /** measures that cover the same words equally well (ask with them), when more than one */
  candidates: MeasureTarget[];
  /** when no measure is read: measures sharing most words with the question (what is reported nearby) */
  nearby: MeasureTarget[];
}

/** Words after a member's name that name what kind of member it is, consumed with it. */
const MEMBER_NOUNS = new Set(
  ['segment', 'business', 'division', 'unit', 'region', 'operation', 'market', 'category', 'line', 'product', 'geography'].map(lemma),
);

const SOURCE_RANK: Record<LexiconEntry['source'], number> = { label: 0, caption: 0, ontology: 1, qname: 2, taxonomy: 3, description: 4 };

interface Key {
  key: string;
  /** indices of the question words this key stands for */
  from: number[];
}

function keysOf(words: readonly QuestionWord[], lexicon: Lexicon): Key[] {
  const raw = words.map((w) => lemma(w.word));
  const own = (keys: string[]) => keys.every((k) => lexicon.keys.has(k));
  const r = rewrite(raw, own);
  return r.keys.map((key, i) => ({ key, from: r.origins[i] ?? [] }));
}

/** Members named as whole names in `keys`, longest first, without overlap. */
function readMembers(keys: Key[], lexicon: Lexicon, taken: Set<number>): VocabularyReading['members'] {
  const out: VocabularyReading['members'] = [];
  const members = lexicon.entries.filter((e): e is LexiconEntry & { target: MemberTarget } => e.target.kind === 'member');
  const byLength = [...members].sort((a, b) => b.keys.length - a.keys.length);
  for (const e of byLength) {
    const n = e.keys.length;
    for (let i = 0; i + n <= keys.length; i++) {
      if (!e.keys.every((k, j) => keys[i + j]?.key === k)) continue;
      const span = keys.slice(i, i + n);
      if (span.some((k) => k.from.some((f) => taken.has(f)))) continue;
      // the same name for one member's own set and its slices: the member itself is the longest-dimension-free reading
      if (out.some((o) => o.entry.target.member === e.target.member)) continue;
      const words = [...new Set(span.flatMap((k) => k.from))];
      const next = keys[i + n];
      if (next && MEMBER_NOUNS.has(next.key)) words.push(...next.from);
      for (const w of words) taken.add(w);
      out.push({ entry: e, words });
    }
  }
  return out;
}

const dimsKey = (d: Record<string, string>) => JSON.stringify(Object.entries(d).sort(([a], [b]) => a.localeCompare(b)));

/**
 * The dimension set the named members make together. Each name stands for a member (several members
 * carry the name: ask); the set is the union of one dimension per named member and must be a set the
 * filer reports (the member's own, or a slice), else null.
 */
export function namedSet(
  lexicon: Lexicon,
  members: VocabularyReading['members'],
  /** the one member a name stands for where the question's words around it say which (see member-vocabulary) */
  meant?: (name: number, target: MemberTarget) => boolean,
): { dimensions: Record<string, string> | null; memberCandidates: MemberTarget[] } {
  if (members.length === 0) return { dimensions: null, memberCandidates: [] };
  const reported = new Map<string, MemberTarget>();
  for (const e of lexicon.entries) if (e.target.kind === 'member') reported.set(dimsKey(e.target.dimensions), e.target);
  // every dimension set (a member's own, or a slice of it) that carries each matched name
  const named = members.map((m, i) => {
    const same = lexicon.entries.filter(
      (e): e is LexiconEntry & { target: MemberTarget } => e.target.kind === 'member' && e.keys.join(' ') === m.entry.keys.join(' '),
    );
    const all = [...new Map(same.map((e) => [dimsKey(e.target.dimensions), e.target])).values()];
    const chosen = meant ? all.filter((t) => meant(i, t)) : [];
    return chosen.length > 0 ? chosen : all;
  });
  // one name: the member's own set — the one set carrying it, or its set on its own axis alone; slices of it
  // (the member within a segment) are read only when their other member is named too. Two members of one
  // name, or a member filed only as several slices, are asked back.
  if (named.length === 1) {
    const [sets = []] = named;
    const byMember = new Map<string, MemberTarget[]>();
    for (const t of sets) byMember.set(`${t.axis}|${t.member}`, [...(byMember.get(`${t.axis}|${t.member}`) ?? []), t]);
    const own = [...byMember.values()].map((list) =>
      list.length === 1 ? list : list.filter((t) => Object.keys(t.dimensions).length === 1),
    );
    const [first] = own;
    const [only] = first ?? [];
    if (own.length === 1 && first?.length === 1 && only) return { dimensions: only.dimensions, memberCandidates: [] };
    return { dimensions: null, memberCandidates: own.flatMap((list) => (list.length ? list : sets)) };
  }
  // several names: the smallest reported set that carries one member of each name (a slice), when it is one
  const sets = [...reported.values()].filter((t) =>
    named.every((list) => list.some((m) => Object.entries(m.dimensions).some(([a, v]) => t.dimensions[a] === v && a === m.axis))),
  );
  const size = (t: MemberTarget) => Object.keys(t.dimensions).length;
  const least = Math.min(...sets.map(size));
  const smallest = sets.filter((t) => size(t) === least);
  const [one] = smallest;
  if (smallest.length === 1 && one) return { dimensions: one.dimensions, memberCandidates: [] };
  return { dimensions: null, memberCandidates: smallest };
}

function measureEntries(lexicon: Lexicon, present: Set<string>): (LexiconEntry & { target: MeasureTarget })[] {
  const seen = new Set<LexiconEntry>();
  const out: (LexiconEntry & { target: MeasureTarget })[] = [];
  for (const k of present) {
    for (const e of lexicon.byKey.get(k) ?? []) {
      if (seen.has(e) || e.target.kind !== 'measure') continue;
      seen.add(e);
      if (e.required.every((r) => present.has(r))) out.push(e as LexiconEntry & { target: MeasureTarget });
    }
  }
  return out;
}

/** Reads members and one measure from question words (the caller leaves out words other readers claimed). */
export function readVocabulary(lexicon: Lexicon, words: readonly QuestionWord[]): VocabularyReading {
  const keys = keysOf(words, lexicon);
  const taken = new Set<number>();
  const members = readMembers(keys, lexicon, taken);
  const { dimensions, memberCandidates } = namedSet(lexicon, members);
  const rest = keys.filter((k) => !k.from.some((f) => taken.has(f)) && !isFunctionWord(k.key));
  const present = new Set(rest.map((k) => k.key));
  const fits = measureEntries(lexicon, present);
  // the best reading covers the most question words, then has the fewest words of its own left unsaid,
  // then comes from the filer's own words before names read from element names
  const covered = (e: LexiconEntry) => rest.filter((k) => e.keys.includes(k.key)).length;
  const unsaid = (e: LexiconEntry) => e.keys.filter((k) => !isFunctionWord(k) && !present.has(k)).length;
  fits.sort((a, b) => covered(b) - covered(a) || unsaid(a) - unsaid(b) || SOURCE_RANK[a.source] - SOURCE_RANK[b.source]);
  const best = fits[0];
  const ties = best ? fits.filter((e) => covered(e) === covered(best) && unsaid(e) === unsaid(best)) : [];
  const candidates = [...new Map(ties.map((e) => [e.target.id, e.target])).values()];
  const implied = new Set(best ? best.keys.flatMap((k) => IMPLIED.get(k) ?? []) : []);
  const measureWords = best ? [...new Set(rest.filter((k) => best.keys.includes(k.key) || implied.has(k.key)).flatMap((k) => k.from))] : [];
  const all = new Set([...taken, ...measureWords]);
  const uncovered = [...new Set(rest.flatMap((k) => k.from))].filter((i) => !all.has(i));
  let nearby: MeasureTarget[] = [];
  if (!best) {
    const score = new Map<string, { t: MeasureTarget; n: number }>();
    for (const k of present)
      for (const e of lexicon.byKey.get(k) ?? []) {
        if (e.target.kind !== 'measure') continue;
        const s = score.get(e.target.id) ?? { t: e.target, n: 0 };
        s.n = Math.max(s.n, e.required.filter((r) => present.has(r)).length);
        score.set(e.target.id, s);
      }
    nearby = [...score.values()]
      .sort((a, b) => b.n - a.n || a.t.label.localeCompare(b.t.label))
      .slice(0, 5)
      .map((s) => s.t);
  }
  return {
    measure: best && candidates.length === 1 ? { entry: best, words: measureWords } : null,
    members,
    dimensions,
    memberCandidates,
    uncovered,
    candidates: candidates.length > 1 ? candidates : [],
    nearby,
  };
}
