/**
 * Entity-year bucketed hybrid retrieval of narrative passages: Postgres full-text
 * (websearch_to_tsquery + ts_rank_cd) and pgvector cosine (HNSW) ranked inside each requested
 * (entity, fiscal year) bucket, fused by reciprocal rank fusion (k = 60, equal weights, ties broken
 * by chunk id), with per-bucket quotas so every entity and year is represented, synonym expansion
 * when a bucket's full-text search comes back empty, and a rerank by what must match.
 */
import { sql, type SQL } from 'drizzle-orm';
import { type Db, rowsOf } from '@/lib/db/client';
import { chunkVisible, sourceVisible, type VisibilityScope } from '@/lib/auth/visibility';
import type { Role } from '@/lib/db/schema';
import { embeddingModel, toPgVector } from './embed';

export const RRF_K = 60;

export interface Bucket {
  entityId: string;
  fiscalYear: number | null;
}

export interface PassageRequest {
  db: Db;
  tenantId: string;
  /** the viewer's role, for source ACLs (omitted: only sources without an ACL) */
  role?: Role | null;
  /** the (entity, fiscal year) buckets to search; empty = flat retrieval over the whole tenant */
  buckets: Bucket[];
  query: string;
  /** total passages wanted (split evenly across buckets) */
  k?: number;
  /** candidates taken from each ranker per bucket */
  depth?: number;
  mode?: 'hybrid' | 'fts' | 'dense';
  /** words that should appear for a passage to be on topic (e.g. metric synonyms); used in the rerank */
  mustMention?: string[];
}

export interface Passage {
  id: string;
  entityId: string;
  fiscalYear: number | null;
  sourceId: string;
  sourceTitle: string;
  section: string | null;
  heading: string | null;
  text: string;
  page: number | null;
  spanStart: number | null;
  spanEnd: number | null;
  ftsRank: number | null;
  denseRank: number | null;
  rrf: number;
  onTopic: boolean;
}

export interface PassageResult {
  passages: Passage[];
  buckets: { entityId: string; fiscalYear: number | null; fts: number; dense: number; expanded: boolean; returned: number }[];
  dropped: { id: string; reason: string }[];
}

/** Terminology drift: when a bucket has no full-text hit, these alternatives are tried once. */
const EXPANSIONS: [RegExp, string[]][] = [
  [/\bcustomer concentration\b|\bconcentration\b/, ['major customers', 'significant customers', 'largest customer', 'customer dependence']],
  [/\brevenue\b/, ['net sales', 'turnover', 'revenue from operations']],
  [/\bsupply chain\b/, ['suppliers', 'sourcing', 'component shortages']],
  [/\bcyber/, ['information security', 'data breach', 'ransomware']],
  [/\bcompetition\b/, ['competitors', 'competitive']],
  [/\bdebt\b/, ['borrowings', 'indebtedness', 'credit facility']],
];

const STOPWORDS = new Set(
  'what how did does do the a an of in on for to and or is are was were from with by about change changed describe say said tell me between over year years fiscal fy company companies its their'.split(
    ' ',
  ),
);

export function queryTerms(query: string): string[] {
  return [
    ...new Set(
      (query.toLowerCase().match(/[a-z][a-z0-9&-]+/g) ?? []).filter((w) => w.length > 2 && !STOPWORDS.has(w) && !/^fy\d+$/.test(w)),
    ),
  ];
}

function orQuery(terms: string[]): string {
  return terms
    .map((t) => t.replace(/[^a-z0-9 ]/g, ' ').trim())
    .filter(Boolean)
    .join(' or ');
}

/** The terms as plain words for the whole-tenant tiers (at most eight: beyond that only the any-word query). */
function queryWords(terms: string[]): string[] {
  const words = terms.map((t) => t.replace(/[^a-z0-9 ]/g, ' ').trim()).filter(Boolean);
  return words.length <= 8 ? words : [];
}

function bucketCond(b: Bucket | null): SQL {
  if (!b) return sql`true`;
  return b.fiscalYear === null ? sql`c.entity_id = ${b.entityId}` : sql`c.entity_id = ${b.entityId} and c.fiscal_year = ${b.fiscalYear}`;
}

interface Row {
  id: string;
  entity_id: string;
  fiscal_year: number | null;
  source_id: string;
  source_title: string;
  section: string | null;
  heading: string | null;
  text: string;
  page: number | null;
  span_start: number | null;
  span_end: number | null;
}

const COLS = sql`c.id, c.entity_id, c.fiscal_year, c.source_id, s.title as source_title, c.section, c.heading, c.text, c.page, c.span_start, c.span_end`;

/** The k-word subsets of `words`, in order (k ≤ words.length). */
function combinations(words: string[], k: number): string[][] {
  if (k === 0) return [[]];
  const out: string[][] = [];
  for (let i = 0; i + k <= words.length; i++) for (const rest of combinations(words.slice(i + 1), k - 1)) out.push([words[i]!, ...rest]);
  return out;
}

/** At most this many k-word groups in one tier's query (six words: 20 groups of three). */
const MAX_TIER_GROUPS = 20;

/**
 * Whole-tenant ranking: the best `CANDIDATES_PER_DEPTH × depth` matches of the tenant by score are
 * taken first and only those are checked for visibility (two probes of sources each instead of two
 * for every match: at 100k chunks a 3,000-passage tier cost ~57 ms of the database's CPU, ~30 ms
 * this way). When fewer than `depth` of them are visible and more matches exist, the exact query runs.
 */
const CANDIDATES_PER_DEPTH = 4;

/**
 * Whole-tenant ranking, first stage: a tier's matches are ordered by `ts_rank` (term frequency and,
 * for an all-words query, the distance between the words: ~0.5 µs a passage) and only the best
 * `PRESELECT` are ranked by `ts_rank_cd` (cover density: ~3.6 µs a passage). At 1M passages a
 * common three-word topic has 30k–100k all-words matches; ranking each of them by cover density
 * was most of a 360 ms query. A tier with at most this many matches is ranked exactly as before.
 */
export const PRESELECT = 1000;

async function ftsRank(db: Db, scope: VisibilityScope, b: Bucket | null, q: string, depth: number, words: string[] = []): Promise<Row[]> {
  if (!q) return [];
  // `tsq`: the tsquery that selects the passages and ranks them (a whole-tenant tier ranks by its own
  // query, so a passage where the words stand together ranks above one where they are far apart)
  const ranked = async (tsq: SQL) =>
    rowsOf<Row>(
      await db.execute(sql`
    select ${COLS}, ts_rank_cd(c.tsv, tq.query) as score
    from chunks c join sources s on s.id = c.source_id, (select ${tsq} as query) tq
    where ${chunkVisible(scope, 'c')} and ${sourceVisible(scope, 's')} and ${bucketCond(b)} and c.tsv @@ tq.query
    order by score desc, c.id limit ${depth}`),
    );
  // the whole tenant: the top candidates by the same score and order (among the best `PRESELECT`
  // matches by ts_rank), then visibility; exact for a tier of at most `PRESELECT` matches (the first
  // `depth` visible matches of the full order are among the candidates whenever that many of them
  // are visible), else the full query
  const bounded = async (tsq: SQL) => {
    const n = depth * CANDIDATES_PER_DEPTH;
    // one row more than the visible ones: the candidates' count, also when none is visible (a tier no
    // passage matches then ends here instead of running the exact query over the same empty match)
    const out = rowsOf<(Row & { score: number; candidates: number }) | { id: null; candidates: number }>(
      await db.execute(sql`
    with tq as materialized (select ${tsq} as query),
    pre as materialized (
      select c.entity_id, c.id, c.tsv
      from chunks c, tq
      where c.tenant_id = ${scope.tenantId} and c.tsv @@ tq.query
      order by ts_rank(c.tsv, tq.query) desc, c.id limit ${PRESELECT}),
    ranked as materialized (
      select p.entity_id, p.id, ts_rank_cd(p.tsv, tq.query) as score
      from pre p, tq
      order by score desc, p.id limit ${n}),
    top as materialized (
      select c.id, c.tenant_id, c.entity_id, c.fiscal_year, c.source_id, c.section, c.heading, c.text, c.page, c.span_start, c.span_end, r.score
      from ranked r join chunks c on c.entity_id = r.entity_id and c.id = r.id)
    select v.*, (select count(*) from top)::int as candidates from (
      select ${COLS}, c.score
      from top c join sources s on s.id = c.source_id
      where ${chunkVisible(scope, 'c')} and ${sourceVisible(scope, 's')}
      order by c.score desc, c.id limit ${depth}) v
    right join (select 1) one on true
    order by v.score desc, v.id`),
    );
    const candidates = Number(out[0]?.candidates ?? 0);
    const rows: Row[] = out.filter((r): r is Row & { score: number; candidates: number } => r.id !== null);
    if (rows.length >= depth || candidates < n) return rows;
    return ranked(tsq);
  };
  const anyWord = sql`websearch_to_tsquery('english', ${q})`;
  if (!b) {
    // the whole tenant: ranking every passage that mentions any term costs ~45 µs a passage (20k of
    // 100k match a four-word topic: ~1 s). Tiers from the GIN index, strictest first: the passages
    // that mention all the words, then any k of them (k down to 2); the first tier with `depth`
    // passages is ranked by its own query. Only when none has is every passage mentioning any word
    // ranked, as for a bucket
    for (let k = words.length; k >= 2; k--) {
      const groups = combinations(words, k);
      if (groups.length > MAX_TIER_GROUPS) continue;
      const tier = await bounded(
        sql.join(
          groups.map((g) => sql`websearch_to_tsquery('english', ${g.join(' ')})`),
          sql` || `,
        ),
      );
      if (tier.length >= depth) return tier;
    }
    return bounded(anyWord);
  }
  return ranked(anyWord);
}

async function denseRank(db: Db, scope: VisibilityScope, b: Bucket | null, vec: string, model: string, depth: number): Promise<Row[]> {
  const where = sql`${chunkVisible(scope, 'c')} and ${sourceVisible(scope, 's')} and ${bucketCond(b)} and c.embedding is not null and c.embedding_model = ${model}`;
  if (b) {
    // one entity(-year): the bucket index and an exact sort (ties by id)
    const res = await db.execute(sql`
      select ${COLS}
      from chunks c join sources s on s.id = c.source_id
      where ${where}
      order by c.embedding <=> ${vec}::vector, c.id limit ${depth}`);
    return rowsOf<Row>(res);
  }
  // the whole tenant: ordered by the distance alone, so the HNSW index can serve it (a second sort key
  // rules the index out: every chunk would be ranked), with pgvector's iterative index scan so the
  // index keeps going until `depth` rows pass the tenant and visibility filters (other tenants' and
  // invisible chunks are in the same index); the few rows are then sorted exactly, ties by id
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local hnsw.iterative_scan = relaxed_order`);
    const res = await tx.execute(sql`
      select * from (
        select ${COLS}, c.embedding <=> ${vec}::vector as distance
        from chunks c join sources s on s.id = c.source_id
        where ${where}
        order by c.embedding <=> ${vec}::vector limit ${depth}) d
      order by d.distance, d.id`);
    return rowsOf<Row>(res);
  });
}

/** Reciprocal rank fusion with equal weights; ties broken by id so results are deterministic. */
export function rrfFuse<T extends { id: string }>(lists: T[][], k = RRF_K): { item: T; score: number; ranks: (number | null)[] }[] {
  const byId = new Map<string, { item: T; score: number; ranks: (number | null)[] }>();
  lists.forEach((list, li) => {
    list.forEach((item, rank) => {
      const e = byId.get(item.id) ?? { item, score: 0, ranks: lists.map(() => null) };
      e.score += 1 / (k + rank + 1);
      e.ranks[li] = rank + 1;
      byId.set(item.id, e);
    });
  });
  return [...byId.values()].sort((a, b) => b.score - a.score || (a.item.id < b.item.id ? -1 : 1));
}

export async function retrievePassages(req: PassageRequest): Promise<PassageResult> {
  const { db } = req;
  const scope: VisibilityScope = { tenantId: req.tenantId, role: req.role ?? null };
  const mode = req.mode ?? 'hybrid';
  const k = req.k ?? 10;
  const depth = req.depth ?? 30;
  const buckets: (Bucket | null)[] = req.buckets.length ? req.buckets : [null];
  const quota = Math.max(1, Math.floor(k / buckets.length));
  const terms = queryTerms(req.query);
  const model = embeddingModel();
  const vec = mode === 'fts' ? '' : toPgVector((await model.doEmbed({ values: [req.query] })).embeddings[0]!);
  const mention = (req.mustMention ?? []).map((m) => m.toLowerCase());
  const out: Passage[] = [];
  const report: PassageResult['buckets'] = [];
  const dropped: PassageResult['dropped'] = [];

  for (const b of buckets) {
    // the two rankers are independent: on a pool they run on two connections at once (on one
    // connection, or the embedded database, their statements simply queue)
    const lexical = async (): Promise<{ fts: Row[]; expanded: boolean }> => {
      if (mode === 'dense') return { fts: [], expanded: false };
      const fts = await ftsRank(db, scope, b, orQuery(terms), depth, queryWords(terms));
      if (fts.length) return { fts, expanded: false };
      const extra = EXPANSIONS.filter(([re]) => re.test(req.query.toLowerCase())).flatMap(([, alts]) => alts);
      if (!extra.length) return { fts, expanded: false };
      return { fts: await ftsRank(db, scope, b, orQuery([...terms, ...extra]), depth), expanded: true };
    };
    const [{ fts, expanded }, dense] = await Promise.all([
      lexical(),
      mode === 'fts' ? Promise.resolve([] as Row[]) : denseRank(db, scope, b, vec, model.modelId, depth),
    ]);
    const fused = rrfFuse([fts, dense].filter((_, i) => (mode === 'hybrid' ? true : mode === 'fts' ? i === 0 : i === 1)));
    const ranked = fused.map(({ item, score, ranks }) => {
      const text = `${item.heading ?? ''} ${item.text}`.toLowerCase();
      const onTopic = mention.length === 0 || mention.some((m) => text.includes(m)) || terms.some((t) => text.includes(t));
      const ftsPos = mode === 'dense' ? null : (ranks[0] ?? null);
      const densePos = mode === 'fts' ? null : (ranks[mode === 'hybrid' ? 1 : 0] ?? null);
      return { row: item, score, onTopic, ftsPos, densePos };
    });
    // what must match first (entity and year are guaranteed by the bucket), then the fused score
    ranked.sort((a, b2) => Number(b2.onTopic) - Number(a.onTopic) || b2.score - a.score || (a.row.id < b2.row.id ? -1 : 1));
    const keep = ranked.slice(0, quota);
    for (const r of ranked.slice(quota)) dropped.push({ id: r.row.id, reason: `below the bucket quota of ${quota}` });
    for (const r of keep) if (!r.onTopic) dropped.push({ id: r.row.id, reason: 'kept but mentions no query term' });
    report.push({
      entityId: b?.entityId ?? '*',
      fiscalYear: b?.fiscalYear ?? null,
      fts: fts.length,
      dense: dense.length,
      expanded,
      returned: keep.length,
    });
    for (const r of keep) {
      out.push({
        id: r.row.id,
        entityId: r.row.entity_id,
        fiscalYear: r.row.fiscal_year,
        sourceId: r.row.source_id,
        sourceTitle: r.row.source_title,
        section: r.row.section,
        heading: r.row.heading,
        text: r.row.text,
        page: r.row.page,
        spanStart: r.row.span_start,
        spanEnd: r.row.span_end,
        ftsRank: r.ftsPos,
        denseRank: r.densePos,
        rrf: r.score,
        onTopic: r.onTopic,
      });
    }
  }
  return { passages: out, buckets: report, dropped };
}
