import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';

/** The metric ontology: a metric is a fallback chain of concepts plus synonyms analysts use. */
export const metrics = pgTable('metrics', {
  id: text('id').primaryKey(),
  label: text('label').notNull(),
  description: text('description'),
  periodType: text('period_type', { enum: ['instant', 'duration'] }).notNull(),
  /** monetary | per_share | shares | ratio | count */
  unitKind: text('unit_kind').notNull(),
  synonyms: text('synonyms').array().notNull().default([]),
  /** ordered fallback chain, e.g. us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax, us-gaap:Revenues, … */
  concepts: text('concepts').array().notNull().default([]),
  /** sign constraints and sanity bounds used by the calculation service */
  constraints: jsonb('constraints').$type<{ nonNegative?: boolean }>().notNull().default({}),
});
