import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { entities } from './entities';
import { sources } from './sources';
import { tenants } from './tenancy';

/**
 * The label a filer's data gives each concept it reports (SEC companyfacts carries one per concept),
 * so that a concept outside the ontology is askable by its label. One row per entity and concept;
 * the latest ingested source's label wins.
 */
export const conceptLabels = pgTable(
  'concept_labels',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id),
    entityId: text('entity_id')
      .notNull()
      .references(() => entities.id),
    concept: text('concept').notNull(),
    label: text('label').notNull(),
    /** the concept's description when the source has one */
    description: text('description'),
    sourceId: text('source_id').references(() => sources.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.entityId, t.concept] }), index('concept_labels_entity_idx').on(t.entityId)],
);
