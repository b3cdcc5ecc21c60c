/**
 * Narrative answers: what an analyst reads first is a direct answer of at most 250 words, built from
 * the filings' most relevant sentences — whole, deduplicated, ordered by relevance, each cited to its
 * filing, Item and heading — with the full passages behind the citations. The pathway decides the
 * shape (lib/answer/narrative-{detail,comparison,change}.ts, one interface): one paragraph per filing,
 * a side-by-side table per company and aspect, or what changed between two filings. A filing with no
 * sentence over the relevance bar says "<filing> does not discuss <topic>" and names its closest
 * section; nothing unrelated is offered instead. Before the answer is returned every quote is checked
 * against its passage's entity, year, Item, heading and text (entity-attribute check): a mismatch is
 * removed and recorded.
 */
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { configuredLanguageModel } from '@/lib/ai/models';
import type { Db } from '@/lib/db/client';
import type { Role } from '@/lib/db/schema';
import type { FilingRef } from '@/lib/planner/narrative';
import type { NarrativeIntent, Pathway } from '@/lib/planner/types';
import { inBucket, type NarrativePassage, retrieveNarrative } from '@/lib/retrieval/narrative-passages';
import { annualItem, NARRATIVE_TOPICS, type NarrativeTopic, topicsOf } from '@/lib/retrieval/narrative-topics';
import type { Trace } from './trace';
import { type Bucket, resolveBuckets } from './narrative-buckets';
import { detailPathway } from './narrative-detail';
import { comparisonPathway } from './narrative-comparison';
import { longitudinalPathway } from './narrative-change';
import { type Evidence, type NarrativePathway, NarrativeWriter } from './narrative-compose';
import { composeNarrativeWithLlm } from './narrative-llm';
import { candidates, isCrossReference, questionNames, RELEVANCE_BAR, type Relevance, relevanceOf } from './narrative-select';
import { type TopicScorer, topicScorer } from './narrative-sentences';
import type { StageReporter } from './stage-reporter';
import type { Answer, AnswerPassage, NarrativeBlock } from './types';

/** A narrative intent, optionally with what the classifier found (lib/planner/narrative). */
export type NarrativeInput = NarrativeIntent & { filings?: FilingRef[]; topicTerms?: string[]; topics?: string[] };

export interface AnswerNarrativeOptions {
  db: Db;
  tenantId: string;
  role: Role | null;
  narrative: NarrativeInput;
  trace: Trace & { passages?: unknown };
  /** optional generator + auditor (lib/answer/narrative-llm); undefined = the configured one (usually none), null = extractive */
  languageModel?: LanguageModelV3 | null;
  /** the question as asked (the names it writes in capitals; the generator's prompt) */
  question?: string;
  /** the answer's stage reporter (its execution context): told as the answer starts looking up and composing */
  report?: StageReporter;
}

/** Passages kept per bucket, by pathway. */
const PASSAGES_PER_BUCKET: Record<Pathway, number> = { detail: 10, comparison: 10, longitudinal: 8 };

/** What the topic is, as the scorer, the retrieval and the relevance bar read it (the Items that hold it, most likely first). */
export function topicOf(narrative: NarrativeInput, question: string | undefined) {
  const touched: NarrativeTopic[] = narrative.topics?.length
    ? NARRATIVE_TOPICS.filter((t) => narrative.topics!.includes(t.id))
    : topicsOf(narrative.topic);
  const terms = narrative.topicTerms?.length
    ? narrative.topicTerms
    : [...new Set([...narrative.topic.split(/\s+/).filter(Boolean), ...touched.flatMap((t) => t.terms)])];
  // a question about risks reads the risk factors first; one on a topic of no lexicon entry and no risk
  // ("net sales", "comparable sales", "operating expenses") is what management discusses of its results: MD&A first
  const risk = /\brisk/.test(narrative.topic) ? ['Item 1A'] : [];
  const fallback = !risk.length && !touched.length ? ['Item 7', 'Item 1A', 'Item 1'] : ['Item 1A', 'Item 7', 'Item 1'];
  const items = [...new Set([...risk, ...touched.flatMap((t) => t.items.map((i) => annualItem(i)!)), ...fallback])];
  const own = narrative.topic.split(/\s+/);
  const expansion = terms.filter((t) => !own.includes(t));
  const names = questionNames(
    question ?? '',
    narrative.topic,
    narrative.entities.map((e) => e.name),
  );
  return {
    touched,
    expansion,
    items,
    sc: topicScorer(narrative.topic, expansion),
    rel: relevanceOf(narrative.topic, expansion, items, names),
  };
}

/** What one bucket's passages hold on the topic: its sentences over the bar, or where it comes closest. */
function evidenceOf(b: Bucket, passages: NarrativePassage[], sc: TopicScorer, rel: Relevance): Evidence {
  const mine = passages.filter((p) => inBucket(b, p));
  const all = candidates(mine, sc, rel);
  const best = all.find((c) => !isCrossReference(c.text));
  const found = !!best && best.score >= RELEVANCE_BAR;
  // a cross-reference ("… can be found in the 2024 Annual Report to Shareholders … incorporated by
  // reference") is not what the filing says: when it is all a filing has, the topic is in a document not held
  const pointer = found ? null : (all.find((c) => isCrossReference(c.text)) ?? null);
  const near = mine[0] ?? null;
  return { b, cands: found ? all : [], found, pointer, closest: near && { section: near.section, heading: near.heading } };
}

/** The pathway that fits what was found: a change needs two filings of a company, a comparison two companies. */
function pathwayFor(asked: Pathway, buckets: Bucket[], topicIds: string[]): { id: Pathway; module: NarrativePathway } {
  const perEntity = new Map<string, number>();
  for (const b of buckets) perEntity.set(b.entityId, (perEntity.get(b.entityId) ?? 0) + 1);
  if (asked === 'longitudinal' && [...perEntity.values()].some((n) => n >= 2)) return { id: asked, module: longitudinalPathway };
  if (asked !== 'detail' && perEntity.size >= 2) return { id: 'comparison', module: comparisonPathway(topicIds) };
  return { id: asked === 'comparison' && perEntity.size < 2 ? 'detail' : asked, module: detailPathway };
}

/** The filings asked about and what each holds on the topic (the sentences over the relevance bar). */
export async function gatherEvidence(o: AnswerNarrativeOptions) {
  const { db, tenantId, narrative } = o;
  const topic = topicOf(narrative, o.question);
  o.report?.stage('looking_up');
  const { buckets, missing, errors } = await resolveBuckets(db, tenantId, o.role, narrative);
  const pathway = pathwayFor(
    narrative.pathway,
    buckets,
    topic.touched.map((t) => t.id),
  );
  const res = buckets.length
    ? await retrieveNarrative({
        db,
        tenantId,
        role: o.role,
        buckets,
        topic: narrative.topic,
        terms: topic.expansion,
        items: topic.items,
        k: PASSAGES_PER_BUCKET[pathway.id],
      })
    : { passages: [] as NarrativePassage[], buckets: [], query: { fts: '', dense: '' } };
  const evidence = buckets.map((b) => evidenceOf(b, res.passages, topic.sc, topic.rel));
  return { ...topic, buckets, missing, errors, pathway, res, evidence };
}

export async function answerNarrative(o: AnswerNarrativeOptions): Promise<Omit<Answer, 'timingMs' | 'manifestId'>> {
  const { db, tenantId, narrative } = o;
  const { expansion, items, sc, rel, buckets, missing, errors, pathway, res, evidence } = await gatherEvidence(o);
  o.report?.stage('composing');
  const writer = new NarrativeWriter(narrative.topic);
  const shape = await pathway.module.compose({ db, tenantId, role: o.role, topic: narrative.topic, sc, evidence, writer });
  for (const m of missing) writer.notHeld(m);

  // entity-attribute check: every quote against the chunk it cites
  const check = entityAttributeCheck(writer.passages, [...res.passages, ...shape.read]);
  const gone = new Set(check.removed.map((r) => r.passageId));
  const keep = (ids: string[]) => ids.filter((id) => !gone.has(id));
  const passages = writer.passages.filter((p) => !gone.has(p.id));
  const segments = writer.tb.segments.filter((s) => s.type !== 'passage' || !gone.has(s.passageId));
  for (const s of writer.sections) s.passageIds = keep(s.passageIds);
  for (const r of shape.table?.rows ?? []) for (const c of r.cells) c.passageIds = keep(c.passageIds);

  o.trace.passages = {
    query: res.query,
    topic: narrative.topic,
    topicTerms: expansion,
    items,
    names: rel.names,
    pathway: pathway.id,
    buckets: res.buckets,
    passages: res.passages.map((p) => ({
      id: p.id,
      entityId: p.entityId,
      fiscalYear: p.fiscalYear,
      section: p.section,
      heading: p.heading,
      score: Math.round(p.score * 1000) / 1000,
      parts: p.parts,
      ftsRank: p.ftsRank,
      denseRank: p.denseRank,
    })),
    entityAttributeCheck: check,
  };

  const status = passages.length ? 'answered' : 'insufficient_evidence';
  if (!passages.length && (buckets.length || missing.length))
    writer.text('Ledgerline quotes only passages from the requested filings and years and does not substitute another year or company.');
  const text = segments
    .map((s) => s.text)
    .join('')
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n\n */g, '\n\n')
    .trim();
  const block: NarrativeBlock = {
    topic: narrative.topic,
    topicTerms: expansion,
    filings: [
      ...evidence.map(({ b, found }) => ({
        entityId: b.entityId,
        entityName: b.entity.name,
        fiscalYear: b.fiscalYear,
        form: b.form,
        filedAt: b.filedAt,
        sourceId: b.sourceId ?? null,
        label: b.label,
        found,
      })),
      ...missing.map((m) => ({
        entityId: m.entity.id,
        entityName: m.entity.name,
        fiscalYear: null,
        form: null,
        filedAt: null,
        sourceId: null,
        label: m.label,
        found: false,
      })),
    ],
    sections: writer.sections.filter((s) => s.passageIds.length),
    table: shape.table,
    redlines: shape.redlines,
    check,
    composer: 'deterministic',
    lead: segments,
  };
  const composed = {
    status,
    pathway: pathway.id,
    text,
    segments,
    values: [],
    passages,
    clarification: null,
    errors: [...errors, ...writer.errors],
    intent: null,
    table: null,
    narrative: block,
  } satisfies Omit<Answer, 'timingMs' | 'manifestId'>;
  const model = o.languageModel === undefined ? configuredLanguageModel() : o.languageModel;
  if (!model) return composed;
  const llm = await composeNarrativeWithLlm({ ...composed, timingMs: 0, manifestId: null }, o.question ?? narrative.topic, model, {
    companies: narrative.entities.map((e) => e.name),
  });
  (o.trace.passages as Record<string, unknown>).llm = { used: llm.used, audit: llm.audit };
  const { timingMs: _t, manifestId: _m, ...answer } = llm.answer;
  return answer;
}

const normQuote = (s: string) => s.replace(/[’‘]/g, "'").replace(/[“”]/g, '"').replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * Every quote is checked against the chunk it cites: same entity, fiscal year, item and heading, and
 * the quote's words are the chunk's words. Pure; mismatches are returned for removal and the manifest.
 */
export function entityAttributeCheck(
  quoted: AnswerPassage[],
  retrieved: { id: string; entityId: string; fiscalYear: number | null; section: string | null; heading: string | null; text: string }[],
): NarrativeBlock['check'] {
  const byId = new Map(retrieved.map((p) => [p.id, p]));
  const removed: NarrativeBlock['check']['removed'] = [];
  for (const q of quoted) {
    const src = byId.get(q.chunkId);
    const why: string[] = [];
    if (!src) why.push('cites a passage that was not retrieved');
    else {
      if (src.entityId !== q.entity.id) why.push(`entity ${q.entity.name} ≠ passage entity`);
      if (src.fiscalYear !== q.fiscalYear) why.push(`fiscal year ${q.fiscalYear} ≠ passage FY${src.fiscalYear}`);
      if ((src.section ?? null) !== (q.section ?? null)) why.push(`item ${q.section} ≠ passage ${src.section}`);
      if ((src.heading ?? null) !== (q.heading ?? null)) why.push('heading differs from the passage');
      if (!normQuote(src.text).includes(normQuote(q.quote))) why.push('quote is not in the passage');
      // every number in the quote must be a number of the passage
      const nums = q.quote.match(/\d[\d,.]*\d|\d/g) ?? [];
      if (nums.some((x) => !src.text.includes(x))) why.push('a number is not in the passage');
    }
    if (why.length) removed.push({ passageId: q.id, reason: why.join('; ') });
  }
  return { checked: quoted.length, removed };
}
