/**
 * What an ingest stored for a tenant, as comparable rows: every fact column but created_at, every
 * sighting, the entities, calendars and concept labels, the sources (but their ingest time), aliases,
 * audit entries (but id and time) and run records (but id, time and duration). Two ingests of the same files (per file or
 * from an archive) must give equal snapshots.
 */
import type { Database } from '@/lib/db/client';

export interface StoredSnapshot {
  facts: Record<string, unknown>[];
  sightings: Record<string, unknown>[];
  entities: Record<string, unknown>[];
  calendars: Record<string, unknown>[];
  conceptLabels: Record<string, unknown>[];
  sources: Record<string, unknown>[];
  aliases: Record<string, unknown>[];
  audit: Record<string, unknown>[];
  runs: Record<string, unknown>[];
}

export async function storedSnapshot(d: Database, tenantId: string): Promise<StoredSnapshot> {
  const facts = await d.query(
    `select id, entity_id, metric_id, concept, value::text as value, unit, currency, scale, decimals, period_type,
            start_date::text as start_date, end_date::text as end_date, duration_days, fiscal_year, fiscal_period, scope,
            dimensions, dims_key, accounting_standard, source_id, accession, form, filed_at::text as filed_at, chain_key,
            version, supersedes, revision_kind, is_latest, is_original, provenance, cell_id, status, quarantine_reason, source_labels
       from facts where tenant_id = $1 order by id`,
    [tenantId],
  );
  const sightings = await d.query(
    `select s.fact_id, s.source_id, s.accession, s.form, s.filed_at::text as filed_at, s.labels
       from fact_sightings s join facts f on f.entity_id = s.entity_id and f.id = s.fact_id where f.tenant_id = $1 order by 1, 2, 3`,
    [tenantId],
  );
  const entities = await d.query(
    `select id, name, legal_name, ticker, cik, reporting_currency, accounting_standard from entities where tenant_id = $1 order by id`,
    [tenantId],
  );
  const calendars = await d.query(
    `select c.id, c.entity_id, c.origin, c.year_end, c.label_by, c.effective_from::text as effective_from, c.effective_to::text as effective_to, c.confidence from fiscal_calendars c join entities e on e.id = c.entity_id where e.tenant_id = $1 order by c.id`,
    [tenantId],
  );
  const conceptLabels = await d.query(
    `select entity_id, concept, label, description, source_id from concept_labels where tenant_id = $1 order by 1, 2`,
    [tenantId],
  );
  const sources = await d.query(
    `select id, entity_id, kind, title, file_name, form, accession, filed_at::text as filed_at, period_of_report::text as period_of_report, sha256, byte_size::text as byte_size,
            version, supersedes, acl_roles, revoked, extractor_version, metadata
       from sources where tenant_id = $1 order by id`,
    [tenantId],
  );
  const aliases = await d.query(
    `select a.entity_id, a.alias, a.normalized, a.kind from entity_aliases a join entities e on e.id = a.entity_id where e.tenant_id = $1 order by 1, 2`,
    [tenantId],
  );
  const audit = await d.query(
    `select actor, action, target_type, target_id, before, after, reason from audit_log where tenant_id = $1 order by action, target_id, after::text`,
    [tenantId],
  );
  const runs = await d.query(
    `select source_id, file_name, format, extractor_version, status, facts_added, facts_quarantined, chunks_added, error_code, counters
       from ingest_runs where tenant_id = $1 order by source_id, file_name, status`,
    [tenantId],
  );
  return { facts, sightings, entities, calendars, conceptLabels, sources, aliases, audit, runs };
}
