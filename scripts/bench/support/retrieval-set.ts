/**
 * A Fin-RATE-style retrieval evaluation set derived from the ingested inline-XBRL filings: detail,
 * comparison and longitudinal questions whose gold chunks follow from the filings' own structure
 * (10-K items and 10-Q part/items, and the sub-headings inside them) — never from the retriever.
 *
 *  - detail (section): "What does Apple disclose about its legal proceedings in fiscal 2024?"
 *      gold = Apple's FY2024 chunks of Item 3 (10-K) / Part II, Item 1 (10-Q)
 *  - detail (heading): "What does NIKE say about "Risks Related to our Operations" in its fiscal
 *      2025 risk factors?" gold = the chunks under that sub-heading
 *  - comparison: the same wording for two or three companies of one fiscal year; gold = the union,
 *      and every company must be found (company hit)
 *  - longitudinal: one company, two fiscal years (10-K and the following 10-Q); gold = the union,
 *      and both years must be found
 *
 * Buckets come from the planner (as answerNarrative derives them); when the planner cannot resolve
 * a question, the known buckets are used and the miss is counted.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { DEMO_TENANT_ID } from '@/lib/demo/identity';
import { entityContext } from '@/lib/answer/entity-context';
import { resolveSpec } from '@/lib/fiscal';
import { loadEntityCatalog } from '@/lib/planner/catalog';
import { planQuestion } from '@/lib/planner/plan';
import type { Bucket } from '@/lib/retrieval/hybrid-passages';

export type QuestionKind = 'detail' | 'comparison' | 'longitudinal';

export interface EvalQuestion {
  id: string;
  kind: QuestionKind;
  question: string;
  /** the (entity, fiscal year) buckets the question is about */
  buckets: Bucket[];
  /** chunk ids that answer it */
  gold: string[];
  /** what bucketed retrieval searches for: the planner's topic, else the question */
  topic: string;
  /** whether the planner resolved exactly these buckets */
  plannerBuckets: boolean;
  /** the topic words used when the planner does not take the question as a narrative one */
  fallbackTopic: string;
  /** for reading the set: entity names, topic key, gold sections */
  meta: { entities: string[]; years: number[]; topic: string; sections: string[] };
}

interface ChunkRow {
  id: string;
  entity_id: string;
  ticker: string | null;
  name: string;
  fiscal_year: number;
  form: string | null;
  section: string | null;
  heading: string | null;
}

/** Filing sections by topic (10-K items; 10-Q part/items). */
const TOPICS: { key: string; sections: RegExp; phrase: string }[] = [
  { key: 'risk', sections: /^(Item 1A|Part II, Item 1A)$/, phrase: 'its risk factors' },
  { key: 'cyber', sections: /^Item 1C$/, phrase: 'its cybersecurity risk management, strategy and governance' },
  {
    key: 'mdna',
    sections: /^(Item 7|Part I, Item 2)$/,
    phrase: "management's discussion and analysis of its financial condition and results of operations",
  },
  { key: 'market', sections: /^(Item 7A|Part I, Item 3)$/, phrase: 'quantitative and qualitative disclosures about market risk' },
  { key: 'legal', sections: /^(Item 3|Part II, Item 1)$/, phrase: 'its legal proceedings' },
  { key: 'properties', sections: /^Item 2$/, phrase: 'its properties and facilities' },
  { key: 'controls', sections: /^(Item 9A|Part I, Item 4)$/, phrase: 'its controls and procedures over financial reporting' },
  { key: 'equity', sections: /^(Item 5|Part II, Item 2)$/, phrase: 'the market for its common equity and share repurchases' },
  { key: 'business', sections: /^Item 1$/, phrase: 'its business, products and competition' },
];

/** Sub-heading questions are drawn from these sections (where the filings use sub-headings). */
const HEADING_PARENTS: { sections: RegExp; label: string }[] = [
  { sections: /^(Item 1A|Part II, Item 1A)$/, label: 'risk factors' },
  { sections: /^(Item 7|Part I, Item 2)$/, label: 'MD&A' },
  { sections: /^Item 1$/, label: 'business description' },
];

const SHORT_NAMES: Record<string, string> = {
  AAPL: 'Apple',
  NVDA: 'NVIDIA',
  GOOGL: 'Alphabet',
  NKE: 'Nike',
  PG: 'Procter & Gamble',
  WFC: 'Wells Fargo',
  WMT: 'Walmart',
};

function shortName(r: { ticker: string | null; name: string }): string {
  if (r.ticker && SHORT_NAMES[r.ticker]) return SHORT_NAMES[r.ticker]!;
  return r.name.replace(/[,.]?\s+(inc|corp|corporation|co|company|ltd|plc)\.?$/i, '').trim();
}

const hash = (s: string) => createHash('sha256').update(s).digest('hex');

function topicOf(section: string | null): string | null {
  if (!section) return null;
  return TOPICS.find((t) => t.sections.test(section))?.key ?? null;
}

/** A sub-heading usable as a question topic: a short title, not a bullet, a sentence fragment or the company's name. */
function isTopicHeading(sub: string, company: string): boolean {
  const words = sub.split(/\s+/);
  return (
    /^[A-Za-z]/.test(sub) &&
    sub.length >= 8 &&
    sub.length <= 70 &&
    words.length <= 9 &&
    !/[•;:]|\band$|\bor$/i.test(sub) &&
    !sub.toLowerCase().includes(company.toLowerCase().split(' ')[0]!)
  );
}

function listNames(names: string[]): string {
  return names.length <= 2 ? names.join(' and ') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

export interface BuildOptions {
  /** most sub-heading questions per entity-year */
  headingsPerBucket?: number;
  /** most comparison questions */
  maxComparisons?: number;
}

/** Build the set from the chunks of the demo tenant's inline-XBRL filings (10-K and 10-Q). */
export async function buildRetrievalSet(db: Db, opts: BuildOptions = {}): Promise<EvalQuestion[]> {
  const headingsPerBucket = opts.headingsPerBucket ?? 4;
  const maxComparisons = opts.maxComparisons ?? 30;
  const res = await db.execute(sqlChunks);
  const rows = (res as unknown as { rows: ChunkRow[] }).rows;
  const byBucket = new Map<string, ChunkRow[]>();
  for (const r of rows) {
    const k = `${r.entity_id}|${r.fiscal_year}`;
    byBucket.set(k, [...(byBucket.get(k) ?? []), r]);
  }
  const bucketInfo = [...byBucket.values()].map((rs) => ({
    entityId: rs[0]!.entity_id,
    fiscalYear: rs[0]!.fiscal_year,
    name: shortName(rs[0]!),
    chunks: rs,
  }));
  const questions: Omit<EvalQuestion, 'topic' | 'plannerBuckets'>[] = [];
  const goldFor = (chunks: ChunkRow[], topic: string) => chunks.filter((c) => topicOf(c.section) === topic);

  // detail: one question per (entity-year, topic)
  for (const b of bucketInfo) {
    for (const t of TOPICS) {
      const gold = goldFor(b.chunks, t.key);
      if (gold.length === 0) continue;
      questions.push({
        id: `detail-${t.key}-${b.name}-${b.fiscalYear}`,
        kind: 'detail',
        question: `What does ${b.name} disclose about ${t.phrase} in fiscal ${b.fiscalYear}?`,
        fallbackTopic: t.phrase,
        buckets: [{ entityId: b.entityId, fiscalYear: b.fiscalYear }],
        gold: gold.map((c) => c.id),
        meta: { entities: [b.name], years: [b.fiscalYear], topic: t.key, sections: [...new Set(gold.map((c) => c.section!))] },
      });
    }
    // detail: sub-headings ("Item 1A. Risk Factors — Supply Chain Risks"), a few per bucket, chosen by hash
    for (const parent of HEADING_PARENTS) {
      const headings = new Map<string, ChunkRow[]>();
      for (const c of b.chunks) {
        if (!c.section || !parent.sections.test(c.section) || !c.heading?.includes(' — ')) continue;
        headings.set(c.heading, [...(headings.get(c.heading) ?? []), c]);
      }
      const picked = [...headings.entries()]
        .filter(([h, cs]) => cs.length <= 15 && isTopicHeading(h.split(' — ').at(-1)!.trim(), b.name))
        .sort((x, y) => (hash(x[0]) < hash(y[0]) ? -1 : 1))
        .slice(0, headingsPerBucket);
      for (const [heading, cs] of picked) {
        const sub = heading.split(' — ').at(-1)!.trim();
        questions.push({
          id: `detail-heading-${b.name}-${b.fiscalYear}-${hash(heading).slice(0, 8)}`,
          kind: 'detail',
          question: `What does ${b.name} say about ${sub.toLowerCase()} in its fiscal ${b.fiscalYear} ${parent.label}?`,
          fallbackTopic: `${sub.toLowerCase()} ${parent.label}`,
          buckets: [{ entityId: b.entityId, fiscalYear: b.fiscalYear }],
          gold: cs.map((c) => c.id),
          meta: { entities: [b.name], years: [b.fiscalYear], topic: `heading:${sub}`, sections: [cs[0]!.section!] },
        });
      }
    }
  }

  // comparison: the same wording for 2–3 companies of one fiscal year
  const comparisons: typeof questions = [];
  const years = [...new Set(bucketInfo.map((b) => b.fiscalYear))].sort();
  for (const year of years) {
    const inYear = bucketInfo.filter((b) => b.fiscalYear === year).sort((a, b) => a.name.localeCompare(b.name));
    for (const t of TOPICS) {
      const having = inYear.filter((b) => goldFor(b.chunks, t.key).length > 0);
      const groups: (typeof having)[] = [];
      for (let i = 0; i < having.length; i++) for (let j = i + 1; j < having.length; j++) groups.push([having[i]!, having[j]!]);
      if (having.length >= 3) groups.push(having.slice(0, 3));
      for (const g of groups) {
        const names = g.map((b) => b.name);
        const gold = g.flatMap((b) => goldFor(b.chunks, t.key));
        comparisons.push({
          id: `comparison-${t.key}-${names.join('+')}-${year}`,
          kind: 'comparison',
          question: `How do ${listNames(names)} each describe ${t.phrase.replace(/\bits\b/g, 'their')} in fiscal ${year}?`,
          fallbackTopic: t.phrase,
          buckets: g.map((b) => ({ entityId: b.entityId, fiscalYear: year })),
          gold: gold.map((c) => c.id),
          meta: { entities: names, years: [year], topic: t.key, sections: [...new Set(gold.map((c) => c.section!))] },
        });
      }
    }
  }
  questions.push(...comparisons.sort((a, b) => (hash(a.id) < hash(b.id) ? -1 : 1)).slice(0, maxComparisons));

  // longitudinal: one company over two fiscal years
  const byEntity = new Map<string, typeof bucketInfo>();
  for (const b of bucketInfo) byEntity.set(b.entityId, [...(byEntity.get(b.entityId) ?? []), b]);
  for (const bs of byEntity.values()) {
    const sorted = bs.sort((a, b) => a.fiscalYear - b.fiscalYear);
    for (let i = 0; i + 1 < sorted.length; i++) {
      const [a, b] = [sorted[i]!, sorted[i + 1]!];
      for (const t of TOPICS) {
        const ga = goldFor(a.chunks, t.key);
        const gb = goldFor(b.chunks, t.key);
        if (!ga.length || !gb.length) continue;
        questions.push({
          id: `longitudinal-${t.key}-${a.name}-${a.fiscalYear}-${b.fiscalYear}`,
          kind: 'longitudinal',
          question: `How did ${a.name}'s discussion of ${t.phrase.replace(/^its /, '')} change between fiscal ${a.fiscalYear} and fiscal ${b.fiscalYear}?`,
          fallbackTopic: t.phrase,
          buckets: [
            { entityId: a.entityId, fiscalYear: a.fiscalYear },
            { entityId: b.entityId, fiscalYear: b.fiscalYear },
          ],
          gold: [...ga, ...gb].map((c) => c.id),
          meta: {
            entities: [a.name],
            years: [a.fiscalYear, b.fiscalYear],
            topic: t.key,
            sections: [...new Set([...ga, ...gb].map((c) => c.section!))],
          },
        });
      }
    }
  }

  return withPlannerBuckets(db, questions);
}

/** Ask the planner for each question's buckets and topic, as answerNarrative does. */
async function withPlannerBuckets(db: Db, questions: Omit<EvalQuestion, 'topic' | 'plannerBuckets'>[]): Promise<EvalQuestion[]> {
  const catalog = await loadEntityCatalog(db, DEMO_TENANT_ID);
  const contexts = new Map<string, Awaited<ReturnType<typeof entityContext>>>();
  const out: EvalQuestion[] = [];
  for (const q of questions) {
    const plan = planQuestion(q.question, { catalog, previous: null });
    let topic = q.fallbackTopic;
    let plannerBuckets = false;
    if (plan.status === 'planned_narrative') {
      topic = plan.narrative.topic || q.fallbackTopic;
      const got: Bucket[] = [];
      for (const e of plan.narrative.entities) {
        let ctx = contexts.get(e.id);
        if (!ctx) contexts.set(e.id, (ctx = await entityContext(db, DEMO_TENANT_ID, e)));
        for (const p of plan.narrative.periods) {
          const r = ctx.calendars.length
            ? resolveSpec(p.spec, { calendars: ctx.calendars, latestPeriodEnd: ctx.latestPeriodEnd }, p.text)
            : null;
          if (r && r.status === 'resolved' && r.fiscalYear !== null) got.push({ entityId: e.id, fiscalYear: r.fiscalYear });
        }
      }
      const key = (bs: Bucket[]) =>
        bs
          .map((b) => `${b.entityId}|${b.fiscalYear}`)
          .sort()
          .join(',');
      // longitudinal questions name both years for the one company; comparisons one year for each
      plannerBuckets = key([...new Map(got.map((b) => [`${b.entityId}|${b.fiscalYear}`, b])).values()]) === key(q.buckets);
    }
    out.push({ ...q, topic, plannerBuckets });
  }
  return out;
}

const sqlChunks = sql`
  select c.id, c.entity_id, e.ticker, e.name, c.fiscal_year, s.form, c.section, c.heading
  from chunks c join entities e on e.id = c.entity_id join sources s on s.id = c.source_id
  where c.tenant_id = ${DEMO_TENANT_ID} and s.kind = 'ixbrl' and c.fiscal_year is not null
  order by c.entity_id, c.fiscal_year, c.ordinal`;

const built = new WeakMap<object, Promise<EvalQuestion[]>>();

/** The set for a database, built once per run (ids are content hashes, the same on every driver). */
export function retrievalSet(db: Db): Promise<EvalQuestion[]> {
  let p = built.get(db);
  if (!p) built.set(db, (p = buildRetrievalSet(db)));
  return p;
}
