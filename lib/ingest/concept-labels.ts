/** Concept labels from a filer's data (companyfacts `label`/`description`), stored per entity. */
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { conceptLabels } from '@/lib/db/schema';

export interface ConceptLabel {
  concept: string;
  label: string;
  description: string | null;
}

/**
 * A standard element's name read as words ("ifrs-full:RentalIncome" → "Rental income"): the label of a
 * concept whose data carries none (companyfacts of some IFRS filers have `label: null`). Company
 * extensions are left unlabelled (their names are the filer's own shorthand).
 */
export function labelFromConceptName(concept: string): string | null {
  const [prefix, local] = concept.split(':');
  if (!local || !/^(?:us-gaap|ifrs-full|dei|srt|ind-as)$/.test(prefix ?? '')) return null;
  const words = local
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(' ')
    .map((w, i) => (i > 0 && !/^[A-Z0-9]{2,}$/.test(w) ? w.toLowerCase() : w));
  return words.join(' ');
}

/** A concept definition's label and description, when it has a usable label (else one read from a standard element's name). */
export function conceptLabelOf(concept: string, def: Record<string, unknown>): ConceptLabel | null {
  const label = typeof def.label === 'string' ? def.label.replace(/\s+/g, ' ').trim() : (labelFromConceptName(concept) ?? '');
  if (!label || label.length > 300) return null;
  const description = typeof def.description === 'string' && def.description.trim() ? def.description.trim().slice(0, 2000) : null;
  return { concept, label, description };
}

const BATCH = 500;

/** Upserts the labels of an entity's concepts (the latest source's label wins). */
export async function writeConceptLabels(
  db: Db,
  ctx: { tenantId: string; entityId: string; sourceId: string | null },
  labels: ConceptLabel[],
): Promise<number> {
  let n = 0;
  for (let i = 0; i < labels.length; i += BATCH) {
    const rows = labels.slice(i, i + BATCH).map((l) => ({
      tenantId: ctx.tenantId,
      entityId: ctx.entityId,
      concept: l.concept,
      label: l.label,
      description: l.description,
      sourceId: ctx.sourceId,
    }));
    await db
      .insert(conceptLabels)
      .values(rows)
      .onConflictDoUpdate({
        target: [conceptLabels.tenantId, conceptLabels.entityId, conceptLabels.concept],
        set: {
          label: sql`excluded.label`,
          description: sql`excluded.description`,
          sourceId: sql`excluded.source_id`,
          // a value, not now(): Citus runs an upsert on a distributed table on the shards and takes only immutable functions there
          updatedAt: new Date(),
        },
      });
    n += rows.length;
  }
  return n;
}
