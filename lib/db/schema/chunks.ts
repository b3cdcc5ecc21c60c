import { sql, type SQL } from 'drizzle-orm';
import { customType, index, integer, pgTable, primaryKey, text, timestamp, vector } from 'drizzle-orm/pg-core';
import { entities } from './entities';
import { sources } from './sources';
import { tenants } from './tenancy';

/** Dimensions of the local deterministic embedder's vectors. */
export const EMBEDDING_DIMENSIONS = 256;

const tsvector = customType<{ data: string }>({
  dataType() {
    return 'tsvector';
  },
});

/** Narrative passages bucketed by (entity, fiscal year) for the hybrid retriever; partitioned by entity_id (schema/facts.ts). */
export const chunks = pgTable(
  'chunks',
  {
    id: text('id').notNull(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id),
    entityId: text('entity_id')
      .notNull()
      .references(() => entities.id),
    sourceId: text('source_id')
      .notNull()
      .references(() => sources.id, { onDelete: 'cascade' }),
    fiscalYear: integer('fiscal_year'),
    section: text('section'),
    heading: text('heading'),
    ordinal: integer('ordinal').notNull(),
    text: text('text').notNull(),
    page: integer('page'),
    spanStart: integer('span_start'),
    spanEnd: integer('span_end'),
    tsv: tsvector('tsv')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`to_tsvector('english', ${chunks.text})`),
    embedding: vector('embedding', { dimensions: EMBEDDING_DIMENSIONS }),
    embeddingModel: text('embedding_model'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'chunks_pkey', columns: [t.entityId, t.id] }),
    index('chunks_id_idx').on(t.id),
    index('chunks_bucket_idx').on(t.tenantId, t.entityId, t.fiscalYear),
    index('chunks_source_idx').on(t.sourceId),
    index('chunks_tsv_idx').using('gin', t.tsv),
    index('chunks_embedding_idx').using('hnsw', t.embedding.op('vector_cosine_ops')),
  ],
);
