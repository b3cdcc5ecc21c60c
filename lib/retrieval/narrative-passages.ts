/**
 * Narrative retrieval inside (entity, fiscal year[, filing]) buckets: full-text over the topic and
 * its expansion (phrases quoted) and dense cosine over the topic, fused by reciprocal rank fusion,
 * then a rerank on topic-term coverage + heading match + item prior, and MMR for diversity, with a
 * per-bucket top-k sized by pathway. Also lists an entity's filings ("latest 10-K").
 */
import { sql, type SQL } from 'drizzle-orm';
import { type Db, rowsOf } from '@/lib/db/client';
import { chunkVisible, sourceVisible, type VisibilityScope } from '@/lib/auth/visibility';
import type { Role } from '@/lib/db/schema';
import { embeddingModel, toPgVector } from './embed';
import { rrfFuse } from './hybrid-passages';
import { annualItem, topicTokens, topicUnits, unitMatch } from './narrative-topics';

export interface NarrativeBucket {
  entityId: string;
  fiscalYear: number | null;
  /** only this filing's chunks (a "latest 10-K" bucket) */
  sourceId?: string | null;
  /** only filings of this form */
  form?: string | null;
  /** only these filings (a company's recent filings read together: its latest annual report and the reports after it) */
  sourceIds?: string[];
}

/** Whether a passage belongs to a bucket: its company, and its filings or its fiscal year (and filing). */
export function inBucket(b: NarrativeBucket, p: { entityId: string; fiscalYear: number | null; sourceId: string }): boolean {
  if (p.entityId !== b.entityId) return false;
  if (b.sourceIds?.length) return b.sourceIds.includes(p.sourceId);
  return p.fiscalYear === b.fiscalYear && (!b.sourceId || p.sourceId === b.sourceId);
}

export interface NarrativePassage {
  id: string;
  entityId: string;
  entityName: string;
  ticker: string | null;
  cik: string | null;
  fiscalYear: number | null;
  sourceId: string;
  sourceTitle: string;
  form: string | null;
  filedAt: string | null;
  periodOfReport: string | null;
  accession: string | null;
  section: string | null;
  heading: string | null;
  /**
   * the sub-headings just above this chunk's own in its section, nearest first (a sub-section such as
   * "Development and Retention" sits under "Human Capital Management"); matching only, never a label
   */
  context?: string[];
  ordinal: number;
  text: string;
  page: number | null;
  spanStart: number | null;
  spanEnd: number | null;
  ftsRank: number | null;
  denseRank: number | null;
  rrf: number;
  /** rerank score (higher first) and its parts, for the manifest */
  score: number;
  parts: { rrf: number; coverage: number; expansion: number; heading: number; item: number };
}

export interface NarrativeRetrieval {
  db: Db;
  tenantId: string;
  role?: Role | null;
  buckets: NarrativeBucket[];
  /** the question's own topic words (must-match core) */
  topic: string;
  /** expansion terms (phrases allowed) */
  terms: string[];
  /** items that usually hold the topic, most likely first (10-K ids) */
  items: string[];
  /** passages kept per bucket (sized by pathway) */
  k: number;
  /** candidates per ranker per bucket */
  depth?: number;
  /** MMR trade-off between relevance and novelty */
  lambda?: number;
}

export interface NarrativeRetrievalResult {
  passages: NarrativePassage[];
  buckets: { entityId: string; fiscalYear: number | null; sourceId: string | null; fts: number; dense: number; returned: number }[];
  query: { fts: string; dense: string };
}

interface Row {
  id: string;
  entity_id: string;
  entity_name: string;
  ticker: string | null;
  cik: string | null;
  fiscal_year: number | null;
  source_id: string;
  source_title: string;
  form: string | null;
  filed_at: string | null;
  period_of_report: string | null;
  accession: string | null;
  section: string | null;
  heading: string | null;
  ordinal: number;
  text: string;
  page: number | null;
  span_start: number | null;
  span_end: number | null;
}

const COLS = sql`c.id, c.entity_id, e.name as entity_name, e.ticker, e.cik, c.fiscal_year, c.source_id, s.title as source_title, s.form,
  s.filed_at::text as filed_at, s.period_of_report::text as period_of_report, s.accession, c.section, c.heading, c.ordinal, c.text, c.page, c.span_start, c.span_end`;

function bucketCond(b: NarrativeBucket): SQL {
  const parts: SQL[] = [sql`c.entity_id = ${b.entityId}`];
  if (b.fiscalYear !== null) parts.push(sql`c.fiscal_year = ${b.fiscalYear}`);
  if (b.sourceId) parts.push(sql`c.source_id = ${b.sourceId}`);
  if (b.form) parts.push(sql`upper(s.form) = ${b.form.toUpperCase()}`);
  if (b.sourceIds?.length)
    parts.push(
      sql`c.source_id in (${sql.join(
        b.sourceIds.map((x) => sql`${x}`),
        sql`, `,
      )})`,
    );
  return sql.join(parts, sql` and `);
}

/** A websearch_to_tsquery string: words and quoted phrases joined by "or". */
export function ftsQuery(topic: string, terms: string[]): string {
  const clean = (t: string) =>
    t
      .toLowerCase()
      .replace(/[^a-z0-9\s-]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  const items = [...new Set([...tokenizeWords(topic), ...terms.map(clean)].filter((t) => t.length > 1))];
  return items.map((t) => (t.includes(' ') || t.includes('-') ? `"${t}"` : t)).join(' or ');
}

function tokenizeWords(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9][a-z0-9&-]*/g) ?? []).filter((w) => w.length > 1);
}

/** Stemmed tokens of a text (as a set). */
export function stemSet(text: string): Set<string> {
  return new Set(topicTokens(text));
}

/**
 * How many of the phrases occur in the text: phrases by substring, words by their `topicTokens` (the
 * text's are `stems`), or a word of five letters or more as a prefix ("vulnerabilit", "employee" of
 * "employees").
 */
export function phraseHits(textLower: string, stems: Set<string>, phrases: string[]): number {
  let n = 0;
  for (const p of phrases) {
    if (p.includes(' ') || p.includes('-')) {
      if (textLower.includes(p)) n++;
    } else if (
      stems.has(topicTokens(p)[0] ?? p) ||
      (p.length >= 5 && (textLower.includes(p) || (p.endsWith('s') && p.length >= 6 && textLower.includes(p.slice(0, -1)))))
    )
      n++;
  }
  return n;
}

function jaccard(a: Set<string>, b: Set<string>): number {
  if (!a.size || !b.size) return 0;
  let inter = 0;
  for (const x of a) if (b.has(x)) inter++;
  return inter / (a.size + b.size - inter);
}

/** Sections that are boilerplate for most topics: signatures, exhibits, governance cross-references. */
const LOW_VALUE_ITEMS = new Set([
  'Item 10',
  'Item 11',
  'Item 12',
  'Item 13',
  'Item 14',
  'Item 15',
  'Item 16',
  'Item 4',
  'Item 6',
  'Item 9',
  'Item 9B',
  'Item 9C',
  'Item 1B',
]);

/** A note of the financial statements that a passage points to ("see Legal Matters in Note 10", "Refer to Note 16 — Commitments and Contingencies"). */
export interface NoteReference {
  note: number;
  /** captions the pointer names ("Legal Matters", "Contingencies"), lower case */
  captions: string[];
  /** the pointing passage */
  fromId: string;
  section: string | null;
}

const POINTER = /\b(?:see|refer(?:s)? (?:you )?to|discuss(?:ed)?|described|incorporated|can be found)\b/i;

/**
 * Notes a short passage hands its subject to: an item that only points to a note ("Item 3. Legal
 * Proceedings — see Legal Matters in Note 10 …") holds its disclosure there. Pure.
 */
export function noteReferences(p: { id: string; section: string | null; text: string }): NoteReference[] {
  if (p.text.length > 1500 || !POINTER.test(p.text)) return [];
  const out: NoteReference[] = [];
  for (const m of p.text.matchAll(/\bNote\s+(\d{1,2})\b(?![.,]\d)/g)) {
    const note = Number(m[1]);
    if (out.some((r) => r.note === note)) continue;
    const around = p.text.slice(Math.max(0, m.index - 80), m.index + 240);
    const captions = [
      ...[...around.matchAll(/[“"(]([A-Z][^”")]{2,60}?)[,.]?[”")]/g)].map((x) => x[1]!),
      ...[...around.matchAll(/\bsee ([A-Z][\w ,&’'-]{2,60}?) in Note\b/g)].map((x) => x[1]!),
      ...[...around.matchAll(/Note\s+\d{1,2}\s*[—–-]\s*([A-Z][\w ,&’'-]{2,60}?)(?= in\b|[.,;])/g)].map((x) => x[1]!),
    ]
      .map((c) =>
        c
          .toLowerCase()
          .replace(/^(?:financial statements\s*[–—-]\s*)?/, '')
          .trim(),
      )
      .filter((c) => c && !/^item\s/.test(c) && !/notes? to/.test(c));
    out.push({ note, captions: [...new Set(captions)], fromId: p.id, section: p.section });
  }
  return out;
}

/** The note number a chunk heading sits under ("Note 10. Commitments …", "NOTE 13 COMMITMENTS …", "Note 1 - Organization …"). */
export function headingNote(heading: string | null): number | null {
  const m = /^note\s+(\d{1,2})\b/i.exec(heading ?? '');
  return m ? Number(m[1]) : null;
}

/** A heading that is a unit's title sentence (a risk factor), not a sub-heading: it starts a unit of its own. */
const isTitle = (h: string) => /[.?!]$/.test(h.trim()) || h.split(/\s+/).length > 12;

/**
 * The sub-headings above a chunk within its section, nearest first: walking back over the filing's
 * chunks (in reading order) past its own heading, each different short heading of the same section,
 * up to `max`; the walk stops at another section, at a unit title (a risk factor's sentence) or at
 * the item's own title. Pure.
 */
export function headingContext(
  chunks: { ordinal: number; section: string | null; heading: string | null }[],
  at: number,
  max = 4,
): string[] {
  const own = chunks[at];
  if (!own?.heading || isTitle(own.heading.split(' — ').at(-1)!)) return [];
  const out: string[] = [];
  let last = own.heading;
  for (let j = at - 1; j >= 0 && out.length < max; j--) {
    const c = chunks[j]!;
    if (c.section !== own.section || !c.heading) break;
    if (c.heading === last) continue;
    if (isTitle(c.heading.split(' — ').at(-1)!) || /^item\s+\d/i.test(c.heading)) break;
    out.push(c.heading);
    last = c.heading;
  }
  return out;
}

function itemPriorAt(items: string[], section: string | null): number {
  const annual = annualItem(section);
  const at = annual ? items.indexOf(annual) : -1;
  return at === 0 ? 1 : at === 1 ? 0.6 : at >= 2 ? 0.35 : annual && LOW_VALUE_ITEMS.has(annual) ? -0.6 : 0;
}

/** Reranks and diversifies one bucket's fused candidates. Pure (exported for tests). */
export function rerankBucket<T extends { id: string; section: string | null; heading: string | null; text: string; context?: string[] }>(
  fused: { item: T; score: number }[],
  o: { topic: string; terms: string[]; items: string[]; k: number; lambda?: number },
): { item: T; score: number; parts: NarrativePassage['parts'] }[] {
  // the topic's units: a phrase ("human capital") counts where its words stand together
  const units = topicUnits(
    o.topic,
    o.terms.filter((t) => /\s/.test(t)),
  );
  const terms = o.terms.map((t) => t.toLowerCase());
  // a topic item that only points to a note ("Item 3 — see Note 10") lends the note its prior, a
  // little more where the note's heading carries the caption the pointer names; the pointer itself
  // says nothing on the topic
  const refs = fused.flatMap(({ item }) => (itemPriorAt(o.items, item.section) > 0 ? noteReferences(item) : []));
  const pointers = new Set(refs.map((r) => r.fromId));
  const referencedPrior = (item: T): number | null => {
    const n = headingNote(item.heading);
    if (n === null) return null;
    let best: number | null = null;
    for (const r of refs) {
      if (r.note !== n) continue;
      const head = (item.heading ?? '').toLowerCase();
      const v = itemPriorAt(o.items, r.section) + (r.captions.some((c) => head.includes(c)) ? 0.25 : 0);
      best = best === null ? v : Math.max(best, v);
    }
    return best;
  };
  const scored = fused.map(({ item, score }) => {
    const body = `${item.heading ?? ''} ${item.text}`.toLowerCase();
    const seq = topicTokens(body);
    const stems = new Set(seq);
    const coverage = units.length ? units.reduce((a, u) => a + unitMatch(u, seq, stems), 0) / units.length : 0;
    const expansion = Math.min(1, Math.log1p(phraseHits(body, stems, terms)) / Math.log(8));
    const headingScore = (h: string) => {
      const sq = topicTokens(h);
      const st = new Set(sq);
      return Math.min(1, (units.reduce((a, u) => a + unitMatch(u, sq, st), 0) + phraseHits(h.toLowerCase(), st, terms.slice(0, 8))) / 2);
    };
    // a sub-section under a heading on the topic is on the topic, a little less the further up it sits
    const inherited = (item.context ?? []).reduce((best, h, i) => Math.max(best, headingScore(h) * (0.6 - 0.1 * i)), 0);
    const heading = Math.max(headingScore(item.heading ?? ''), inherited);
    const referenced = referencedPrior(item);
    const itemPrior = Math.max(itemPriorAt(o.items, item.section), referenced ?? -Infinity) - (pointers.has(item.id) ? 0.5 : 0);
    const boiler = /forward-looking statements|incorporated (?:herein )?by reference/i.test(
      `${item.heading ?? ''} ${item.text.slice(0, 300)}`,
    )
      ? -0.4
      : 0;
    const parts = { rrf: score * 60, coverage, expansion, heading, item: itemPrior + boiler };
    const total = parts.rrf * 0.8 + coverage * 1.6 + expansion * 1.0 + heading * 1.5 + parts.item;
    return { item, score: total, parts, stems };
  });
  scored.sort((a, b) => b.score - a.score || (a.item.id < b.item.id ? -1 : 1));
  // MMR: relevance against similarity to what is already kept
  const lambda = o.lambda ?? 0.75;
  const kept: typeof scored = [];
  const pool = scored.slice(0, Math.max(o.k * 4, 20));
  while (kept.length < o.k && pool.length) {
    let bestI = 0;
    let best = -Infinity;
    pool.forEach((c, i) => {
      const sim = kept.length ? Math.max(...kept.map((k) => jaccard(k.stems, c.stems))) : 0;
      // a near-duplicate (the same text filed twice, a repeated summary) adds nothing
      const mmr = sim >= 0.85 ? -Infinity : lambda * c.score - (1 - lambda) * sim * 3;
      if (mmr > best) {
        best = mmr;
        bestI = i;
      }
    });
    if (best === -Infinity) break;
    kept.push(pool.splice(bestI, 1)[0]!);
  }
  return kept.map(({ item, score, parts }) => ({ item, score, parts }));
}

export async function retrieveNarrative(r: NarrativeRetrieval): Promise<NarrativeRetrievalResult> {
  const scope: VisibilityScope = { tenantId: r.tenantId, role: r.role ?? null };
  const depth = r.depth ?? 40;
  const fts = ftsQuery(r.topic, r.terms);
  const denseText = [r.topic, ...r.terms.slice(0, 6)].join(' ');
  const model = embeddingModel();
  const vec = toPgVector((await model.doEmbed({ values: [denseText] })).embeddings[0]!);
  const out: NarrativePassage[] = [];
  const report: NarrativeRetrievalResult['buckets'] = [];
  // a company's recent filings read together are ranked filing by filing, each its own top k: a
  // quarterly report's few passages on a topic are not crowded out by its annual report's many
  const ranked = r.buckets.flatMap((b) =>
    b.sourceIds?.length ? b.sourceIds.map((sourceId) => ({ entityId: b.entityId, fiscalYear: null, sourceId })) : [b],
  );
  for (const b of ranked) {
    const cond = bucketCond(b);
    const ftsRes = fts
      ? await r.db.execute(sql`
          select ${COLS}, ts_rank_cd(c.tsv, query) as score
          from chunks c join sources s on s.id = c.source_id join entities e on e.id = c.entity_id, websearch_to_tsquery('english', ${fts}) query
          where ${chunkVisible(scope, 'c')} and ${sourceVisible(scope, 's')} and ${cond} and c.tsv @@ query
          order by score desc, c.id limit ${depth}`)
      : { rows: [] };
    const denseRes = await r.db.execute(sql`
      select ${COLS}
      from chunks c join sources s on s.id = c.source_id join entities e on e.id = c.entity_id
      where ${chunkVisible(scope, 'c')} and ${sourceVisible(scope, 's')} and ${cond} and c.embedding is not null and c.embedding_model = ${model.modelId}
      order by c.embedding <=> ${vec}::vector, c.id limit ${depth}`);
    const ftsRows = rowsOf<Row>(ftsRes);
    const denseRows = rowsOf<Row>(denseRes);
    // the notes a topic item points to ("Item 3 — see Note 10"), when not retrieved on their own
    const refs = [...ftsRows, ...denseRows]
      .filter((x) => itemPriorAt(r.items, x.section) > 0)
      .flatMap((x) => noteReferences(x).map((n) => ({ ...n, sourceId: x.source_id })));
    const noteRows: Row[] = [];
    for (const ref of refs.filter((x, i) => refs.findIndex((y) => y.note === x.note && y.sourceId === x.sourceId) === i).slice(0, 3)) {
      const res = await r.db.execute(sql`
        select ${COLS}
        from chunks c join sources s on s.id = c.source_id join entities e on e.id = c.entity_id
        where ${chunkVisible(scope, 'c')} and ${sourceVisible(scope, 's')} and ${cond} and c.source_id = ${ref.sourceId}
          and c.heading ~* ${`^notes+${ref.note}([^0-9]|$)`}
        order by c.ordinal limit 40`);
      noteRows.push(...rowsOf<Row>(res));
    }
    // every chunk's heading in the bucket, in reading order: the sub-headings above a chunk
    const outline = rowsOf<{ id: string; source_id: string; ordinal: number; section: string | null; heading: string | null }>(
      await r.db.execute(sql`
        select c.id, c.source_id, c.ordinal, c.section, c.heading
        from chunks c join sources s on s.id = c.source_id
        where ${chunkVisible(scope, 'c')} and ${sourceVisible(scope, 's')} and ${cond}
        order by c.source_id, c.ordinal`),
    );
    const at = new Map(outline.map((o, i) => [o.id, i]));
    const contextOf = (id: string) => {
      const i = at.get(id);
      if (i === undefined) return [];
      const src = outline[i]!.source_id;
      let first = i;
      while (first > 0 && outline[first - 1]!.source_id === src) first--;
      return headingContext(outline.slice(first, i + 1), i - first);
    };
    const withContext = (rows: Row[]) => rows.map((x) => ({ ...x, context: contextOf(x.id) }));
    const fused = rrfFuse([
      withContext(ftsRows),
      withContext(denseRows),
      withContext(noteRows.filter((x) => !ftsRows.some((y) => y.id === x.id) && !denseRows.some((y) => y.id === x.id))),
    ]);
    const ranks = new Map(fused.map((f) => [f.item.id, f.ranks]));
    const kept = rerankBucket(fused, { topic: r.topic, terms: r.terms, items: r.items, k: r.k });
    report.push({
      entityId: b.entityId,
      fiscalYear: b.fiscalYear,
      sourceId: b.sourceId ?? null,
      fts: ftsRows.length,
      dense: denseRows.length,
      returned: kept.length,
    });
    for (const { item: row, score, parts } of kept) {
      const rk = ranks.get(row.id) ?? [null, null];
      out.push({
        ...passageOf(row, { ftsRank: rk[0] ?? null, denseRank: rk[1] ?? null, rrf: parts.rrf / 60, score, parts }),
        context: row.context,
      });
    }
  }
  return { passages: out, buckets: report, query: { fts, dense: denseText } };
}

type Ranking = Pick<NarrativePassage, 'ftsRank' | 'denseRank' | 'rrf' | 'score' | 'parts'>;

/** A chunk row as a passage, with how it was ranked (unranked for a whole filing read in order). */
function passageOf(row: Row, ranking: Ranking): NarrativePassage {
  return {
    id: row.id,
    entityId: row.entity_id,
    entityName: row.entity_name,
    ticker: row.ticker,
    cik: row.cik,
    fiscalYear: row.fiscal_year,
    sourceId: row.source_id,
    sourceTitle: row.source_title,
    form: row.form,
    filedAt: row.filed_at,
    periodOfReport: row.period_of_report,
    accession: row.accession,
    section: row.section,
    heading: row.heading,
    ordinal: row.ordinal,
    text: row.text,
    page: row.page,
    spanStart: row.span_start,
    spanEnd: row.span_end,
    ...ranking,
  };
}

/** Every narrative chunk of the given filings, in reading order (the redline's whole-filing side). */
export async function filingPassages(db: Db, tenantId: string, role: Role | null, sourceIds: string[]): Promise<NarrativePassage[]> {
  if (!sourceIds.length) return [];
  const scope: VisibilityScope = { tenantId, role };
  const res = await db.execute(sql`
    select ${COLS}
    from chunks c join sources s on s.id = c.source_id join entities e on e.id = c.entity_id
    where ${chunkVisible(scope, 'c')} and ${sourceVisible(scope, 's')} and c.source_id in (${sql.join(
      sourceIds.map((x) => sql`${x}`),
      sql`, `,
    )})
    order by c.source_id, c.ordinal`);
  return rowsOf<Row>(res).map((row) =>
    passageOf(row, { ftsRank: null, denseRank: null, rrf: 0, score: 0, parts: { rrf: 0, coverage: 0, expansion: 0, heading: 0, item: 0 } }),
  );
}

/**
 * What a filing's narrative is now, for each of the given sources the viewer may see (the same
 * tenant/ACL/revocation/embargo predicate as every chunk read): its version, extractor, ingest time
 * and its chunks' count, last ordinal and last creation. A source missing from the result is not
 * visible; a stamp that differs from a cached one means the filing was re-ingested.
 */
export async function filingStamps(db: Db, tenantId: string, role: Role | null, sourceIds: string[]): Promise<Map<string, string>> {
  if (!sourceIds.length) return new Map();
  const scope: VisibilityScope = { tenantId, role };
  const res = await db.execute(sql`
    select s.id, concat_ws('|', s.version, s.extractor_version, s.ingested_at::text, count(c.id), max(c.ordinal), max(c.created_at)::text) as stamp
    from sources s join chunks c on c.source_id = s.id
    where ${sourceVisible(scope, 's')} and ${chunkVisible(scope, 'c')} and s.id in (${sql.join(
      sourceIds.map((x) => sql`${x}`),
      sql`, `,
    )})
    group by s.id, s.version, s.extractor_version, s.ingested_at`);
  return new Map(rowsOf<{ id: string; stamp: string }>(res).map((r) => [r.id, r.stamp]));
}

export interface FilingRow {
  sourceId: string;
  form: string | null;
  filedAt: string | null;
  periodOfReport: string | null;
  accession: string | null;
  title: string;
  /** fiscal year of the filing's chunks (its bucket) */
  fiscalYear: number | null;
}

/** The entity's filings that have narrative chunks, newest first (visible to the viewer). */
export async function listFilings(db: Db, tenantId: string, role: Role | null, entityId: string): Promise<FilingRow[]> {
  const scope: VisibilityScope = { tenantId, role };
  const res = await db.execute(sql`
    select s.id as "sourceId", s.form, s.filed_at::text as "filedAt", s.period_of_report::text as "periodOfReport", s.accession, s.title,
           max(c.fiscal_year) as "fiscalYear"
    from sources s join chunks c on c.source_id = s.id
    where ${sourceVisible(scope, 's')} and ${chunkVisible(scope, 'c')} and c.entity_id = ${entityId}
    group by s.id, s.form, s.filed_at, s.period_of_report, s.accession, s.title
    order by s.filed_at desc nulls last, s.id`);
  return rowsOf<FilingRow>(res);
}
