import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '@/lib/db/client';
import { embeddingModel, toPgVector } from './embed';

/**
 * Embed every chunk whose vector is missing or was made by another embedding model (a model change
 * triggers re-embedding). Returns the number of chunks embedded.
 */
export async function indexChunks(db: Db, options: { tenantId?: string; batch?: number } = {}): Promise<number> {
  const model = embeddingModel();
  const batch = options.batch ?? 256;
  let done = 0;
  for (;;) {
    const res = await db.execute(sql`
      select id, coalesce(heading, '') || ' ' || text as text from chunks
      where (embedding is null or embedding_model is distinct from ${model.modelId})
        ${options.tenantId ? sql`and tenant_id = ${options.tenantId}` : sql``}
      order by id limit ${batch}`);
    const rows = rowsOf<{ id: string; text: string }>(res);
    if (rows.length === 0) return done;
    const { embeddings } = await model.doEmbed({ values: rows.map((r) => r.text) });
    for (const [i, r] of rows.entries()) {
      await db.execute(
        sql`update chunks set embedding = ${toPgVector(embeddings[i]!)}::vector, embedding_model = ${model.modelId} where id = ${r.id}`,
      );
    }
    done += rows.length;
  }
}
