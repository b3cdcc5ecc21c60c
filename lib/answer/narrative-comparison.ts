/**
 * The comparison pathway: one short paragraph per company (its most relevant sentences, cited), and a
 * side-by-side table — companies as columns, the question's aspects as rows, one or two cited
 * sentences per cell, or "not discussed in <filing>" where a company is silent on that aspect.
 * Rows come from the question first (each specific thing it names: "headcount" and "workforce",
 * "inflation" and "macroeconomic environment"), else from the aspects its topic's disclosures cover
 * (threats, governance, incidents …) that the sentences found actually speak to, else the topic itself.
 */
import { NARRATIVE_TOPICS, topicTokens, type TopicUnit, unitMatch } from '@/lib/retrieval/narrative-topics';
import { type Evidence, type NarrativePathway, SILENCE_WORDS, share } from './narrative-compose';
import { type Candidate, jaccard, pick, RELEVANCE_BAR, wordsOf } from './narrative-select';
import { coreWeight, type TopicScorer } from './narrative-sentences';
import type { NarrativeTable } from './types';

/** rows of a side-by-side table at most */
const MAX_ROWS = 5;
/** a cell's second sentence: only when it scores near the first and both stay short */
const CELL_WORDS = 70;

export interface Aspect {
  label: string;
  /** whether a sentence speaks to the aspect (its text, lower case, and the heading it sits under) */
  matches: (c: Candidate) => number;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The question's own aspects: each specific unit of its topic (not a generic word such as "risk"). */
function questionAspects(sc: TopicScorer): Aspect[] {
  const units = (sc.units ?? []).filter((u) => u.stems.some((x) => coreWeight(x) === 1));
  return units.map((u: TopicUnit) => ({
    label: capitalise((u.words ?? u.stems).join(' ')),
    matches: (c: Candidate) => {
      const seq = topicTokens(`${c.p.heading ?? ''} ${c.text}`);
      const inText = unitMatch(u, topicTokens(c.text), new Set(topicTokens(c.text)));
      return Math.max(inText, unitMatch(u, seq, new Set(seq)) * 0.6);
    },
  }));
}

/** The aspects a topic's disclosures usually cover (lexicon data), each read from its terms. */
function topicAspects(topicIds: string[]): Aspect[] {
  const t = NARRATIVE_TOPICS.find((x) => topicIds.includes(x.id) && x.aspects?.length);
  return (t?.aspects ?? []).map((a) => ({
    label: a.label,
    matches: (c: Candidate) => {
      const lower = c.text.toLowerCase();
      return a.terms.reduce((n, term) => n + (lower.includes(term) ? (/[\s-]/.test(term) ? 2 : 1) : 0), 0);
    },
  }));
}

/** One or two sentences of a company on an aspect: the best that speak to it, the second only if close and short. */
function cell(cands: Candidate[], aspect: Aspect, others: Aspect[]): Candidate[] {
  const on = cands
    .filter((c) => c.score >= RELEVANCE_BAR)
    .map((c) => ({ c, m: aspect.matches(c) }))
    // a sentence belongs to the aspect its words name most ("the Audit Committee's review of incidents" is governance)
    .filter((x) => x.m > 0 && others.every((o) => o === aspect || o.matches(x.c) <= x.m))
    .sort((a, b) => b.m + b.c.score * 0.3 - (a.m + a.c.score * 0.3));
  const first = on[0];
  if (!first) return [];
  const second = on.find(
    (x) =>
      x !== first &&
      x.c.score >= first.c.score * 0.8 &&
      wordsOf(first.c.text) + wordsOf(x.c.text) <= CELL_WORDS &&
      jaccard(first.c.stems, x.c.stems) < 0.5,
  );
  return second ? [first.c, second.c] : [first.c];
}

/** The side-by-side table: a row per aspect some company speaks to; a silent company's cell is "not discussed". */
export function compareTable(
  evidence: Evidence[],
  aspects: Aspect[],
  cite: (c: Candidate, e: Evidence) => string,
  topic: string,
): NarrativeTable {
  const columns = evidence.map((e) => ({ entityId: e.b.entityId, label: `${e.b.entity.name} (${e.b.label})`, filing: e.b.label }));
  const rows: NarrativeTable['rows'] = [];
  for (const a of aspects) {
    const cells = evidence.map((e) => ({ e, cs: e.found ? cell(e.cands, a, aspects) : [] }));
    if (!cells.some((x) => x.cs.length)) continue;
    rows.push({
      aspect: a.label,
      cells: cells.map(({ e, cs }) => ({ passageIds: cs.map((c) => cite(c, e)), notDisclosed: cs.length === 0 })),
    });
    if (rows.length >= MAX_ROWS) break;
  }
  if (!rows.length) {
    // no aspect of its own: the topic itself, each company's best sentences
    const all: Aspect = { label: capitalise(topic), matches: () => 1 };
    rows.push({
      aspect: all.label,
      cells: evidence.map((e) => {
        const cs = e.found ? cell(e.cands, all, [all]) : [];
        return { passageIds: cs.map((c) => cite(c, e)), notDisclosed: cs.length === 0 };
      }),
    });
  }
  return { columns, rows };
}

/** Rows for a question: its own aspects when it names two or more, else its topic's, else none (the topic itself). */
export function aspectsFor(sc: TopicScorer, topicIds: string[]): Aspect[] {
  const own = questionAspects(sc);
  return own.length >= 2 ? own : topicAspects(topicIds);
}

export const comparisonPathway = (topicIds: string[]): NarrativePathway => ({
  async compose({ evidence, writer, sc, topic }) {
    const found = evidence.filter((e) => e.found);
    const words = share(SILENCE_WORDS * (evidence.length - found.length), found.length);
    for (const e of evidence) {
      if (e.found) writer.paragraph(e.b, pick(e.cands, { words }));
      else writer.silence(e);
    }
    const table = found.length ? compareTable(evidence, aspectsFor(sc, topicIds), (c, e) => writer.cite(c, e.b), topic) : null;
    return { table, redlines: [], read: [] };
  },
});
