/**
 * Filing text read by what it says rather than by topic: the cover page (the first chunks of each visible
 * filing of an entity: the registrant, its Section 12(b) table of registered securities), and the chunks
 * containing given words (a phrase an analysis then reads sentence by sentence). Newest filing first, each
 * filing in reading order.
 */
import { type SQL, sql } from 'drizzle-orm';
import { chunkVisible, sourceVisible, type VisibilityScope } from '@/lib/auth/visibility';
import { type Db, rowsOf } from '@/lib/db/client';

/** Chunks read from the start of each filing: a cover page is a handful of them. */
const COVER_CHUNKS = 8;

export interface CoverChunk {
  id: string;
  sourceId: string;
  sourceTitle: string;
  form: string | null;
  filedAt: string | null;
  accession: string | null;
  fiscalYear: number | null;
  section: string | null;
  heading: string | null;
  ordinal: number;
  text: string;
  page: number | null;
  spanStart: number | null;
}

/** The cover chunks of an entity's filings (of one fiscal year when given), newest filing first, each filing in reading order. */
export async function coverChunks(db: Db, scope: VisibilityScope, entityId: string, fiscalYear: number | null): Promise<CoverChunk[]> {
  return chunksWhere(db, scope, entityId, fiscalYear, sql`c.ordinal < ${COVER_CHUNKS}`);
}

/** Chunks read at most, by words, per call. */
const WORD_CHUNKS = 200;

/** The chunks of an entity's filings (of one fiscal year when given) containing any of `words` (case-insensitive). */
export async function chunksContaining(
  db: Db,
  scope: VisibilityScope,
  entityId: string,
  fiscalYear: number | null,
  words: string[],
): Promise<CoverChunk[]> {
  if (words.length === 0) return [];
  const any = sql.join(
    words.map((w) => sql`c.text ilike ${`%${w.replace(/[\\%_]/g, (m) => `\\${m}`)}%`}`),
    sql` or `,
  );
  return chunksWhere(db, scope, entityId, fiscalYear, sql`(${any})`, WORD_CHUNKS);
}

async function chunksWhere(
  db: Db,
  scope: VisibilityScope,
  entityId: string,
  fiscalYear: number | null,
  cond: SQL,
  limit?: number,
): Promise<CoverChunk[]> {
  const res = await db.execute(sql`
    select c.id, c.source_id, s.title as source_title, s.form, s.filed_at::text as filed_at, s.accession, c.fiscal_year,
           c.section, c.heading, c.ordinal, c.text, c.page, c.span_start
    from chunks c join sources s on s.id = c.source_id
    where c.entity_id = ${entityId} and ${cond} and ${chunkVisible(scope, 'c')} and ${sourceVisible(scope, 's')}
      ${fiscalYear === null ? sql`` : sql`and c.fiscal_year = ${fiscalYear}`}
    order by s.filed_at desc, c.source_id, c.ordinal
    ${limit ? sql`limit ${limit}` : sql``}`);
  return rowsOf<{
    id: string;
    source_id: string;
    source_title: string;
    form: string | null;
    filed_at: string | null;
    accession: string | null;
    fiscal_year: number | null;
    section: string | null;
    heading: string | null;
    ordinal: number;
    text: string;
    page: number | null;
    span_start: number | null;
  }>(res).map((r) => ({
    id: r.id,
    sourceId: r.source_id,
    sourceTitle: r.source_title,
    form: r.form,
    filedAt: r.filed_at,
    accession: r.accession,
    fiscalYear: r.fiscal_year,
    section: r.section,
    heading: r.heading,
    ordinal: r.ordinal,
    text: r.text,
    page: r.page,
    spanStart: r.span_start,
  }));
}
