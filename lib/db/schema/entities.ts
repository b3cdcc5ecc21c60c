import { date, index, jsonb, pgTable, primaryKey, real, text, timestamp } from 'drizzle-orm/pg-core';
import type { YearEndRule } from '@/lib/domain/types';
import { tenants, users } from './tenancy';

export const entities = pgTable(
  'entities',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    legalName: text('legal_name'),
    ticker: text('ticker'),
    cik: text('cik'),
    country: text('country'),
    reportingCurrency: text('reporting_currency'),
    accountingStandard: text('accounting_standard'),
    /** Standard Industrial Classification code and title from EDGAR submissions ("3674", "Semiconductors & Related Devices") */
    sic: text('sic'),
    sicDescription: text('sic_description'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('entities_tenant_idx').on(t.tenantId),
    index('entities_ticker_idx').on(t.ticker),
    index('entities_cik_idx').on(t.cik),
    index('entities_sic_idx').on(t.tenantId, t.sic),
  ],
);

/**
 * brand: a name the company trades under ("Google" for Alphabet Inc.); listing: a ticker on an
 * exchange, written `EXCHANGE:TICKER` ("Nasdaq:TSLA"), from EDGAR submissions `exchanges`.
 */
export const ALIAS_KINDS = ['name', 'legal_name', 'ticker', 'former_name', 'abbreviation', 'brand', 'listing'] as const;

export const entityAliases = pgTable(
  'entity_aliases',
  {
    /** the entity's tenant (row-level security tests the row itself: on Citus a policy cannot look up the entity) */
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id),
    entityId: text('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    alias: text('alias').notNull(),
    /** lower-cased, punctuation-stripped form used for matching */
    normalized: text('normalized').notNull(),
    kind: text('kind', { enum: ALIAS_KINDS }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.entityId, t.alias] }), index('entity_aliases_norm_idx').on(t.normalized)],
);

/** Effective-dated fiscal calendars; every change is also written to the audit log. */
export const fiscalCalendars = pgTable(
  'fiscal_calendars',
  {
    id: text('id').primaryKey(),
    /** the entity's tenant (row-level security tests the row itself) */
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id),
    entityId: text('entity_id')
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    effectiveFrom: date('effective_from').notNull(),
    effectiveTo: date('effective_to'),
    yearEnd: jsonb('year_end').$type<YearEndRule>().notNull(),
    labelBy: text('label_by', { enum: ['end-year', 'start-year'] })
      .notNull()
      .default('end-year'),
    origin: text('origin', { enum: ['registered', 'inferred', 'imported'] }).notNull(),
    confidence: real('confidence'),
    reason: text('reason'),
    createdBy: text('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** set when a later change replaced this row; history is never deleted */
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
  },
  (t) => [index('fiscal_calendars_entity_idx').on(t.entityId, t.effectiveFrom)],
);
