/**
 * Concepts the entities report that the ontology does not map (company extensions, the long tail
 * of us-gaap/ifrs-full), with the filer's label for each: what makes any reported concept askable
 * by its label. Measures for them are addressed as `concept:<qname>` (see lookupFact).
 */
import { sql } from 'drizzle-orm';
import { factVisible, sourceVisible } from '@/lib/auth/visibility';
import { type Db, rowsOf } from '@/lib/db/client';
import { perEntityCatalog, versionedCache } from '@/lib/db/versioned-cache';
import type { Role } from '@/lib/db/schema';
import { metricForConcept } from '@/lib/ontology/metrics';

export interface CatalogConcept {
  entityId: string;
  concept: string;
  label: string;
  periodType: 'instant' | 'duration';
}

/** The `concept:<qname>` measure id of a concept outside the ontology. */
export function conceptMeasureId(concept: string): string {
  return `concept:${concept}`;
}

/** The concept of a `concept:<qname>` measure id, or null for ontology ids. */
export function conceptOfMeasure(id: string): string | null {
  return id.startsWith('concept:') ? id.slice('concept:'.length) : null;
}

const catalogCache = versionedCache<CatalogConcept[]>();

/**
 * Labelled concepts with visible active consolidated facts, outside the ontology's chains. Built per
 * entity and role, kept while the tenant's data version holds (ingest, ACL and revocation bump it);
 * `version`: the data version the caller already read.
 */
export async function loadConceptCatalog(
  db: Db,
  tenantId: string,
  entityIds: string[],
  role?: Role | null,
  version?: number | null,
): Promise<CatalogConcept[]> {
  return perEntityCatalog(catalogCache, { db, tenantId, entityIds, role, version }, (id) => queryConceptCatalog(db, tenantId, id, role));
}

async function queryConceptCatalog(db: Db, tenantId: string, entityId: string, role?: Role | null): Promise<CatalogConcept[]> {
  const scope = { tenantId, role };
  // one pass over the entity's consolidated facts (not one probe per label), read from the index
  // facts_concept_catalog_idx alone: the distinct (concept, period type, source) keys first, then the
  // visibility of each key's source (a few sources per company instead of a probe per fact), then the
  // period type of each labelled concept that has a visible active fact, joined to the entity's labels
  // read in one range (a probe of concept_labels per concept cost ~4 pages each: 2,600 for 676 concepts)
  const res = await db.execute(sql`
    with keys as materialized (
      select f.concept, f.period_type, f.source_id
      from facts f
      where f.tenant_id = ${tenantId} and f.entity_id = ${entityId} and f.status = 'active' and f.dims_key = ''
      group by f.concept, f.period_type, f.source_id),
    reported as (
      select k.concept, min(k.period_type) as period_type
      from keys k join sources s on s.id = k.source_id
      where ${sourceVisible(scope, 's')}
      group by k.concept),
    labels as materialized (
      select cl.entity_id, cl.concept, cl.label from concept_labels cl where cl.tenant_id = ${tenantId} and cl.entity_id = ${entityId})
    select l.entity_id, l.concept, l.label, r.period_type
    from labels l join reported r on r.concept = l.concept
    order by l.concept`);
  const rows = rowsOf<{ entity_id: string; concept: string; label: string; period_type: 'instant' | 'duration' | null }>(res);
  return rows
    .filter((r) => r.period_type !== null && metricForConcept(r.concept) === null)
    .map((r) => ({ entityId: r.entity_id, concept: r.concept, label: r.label, periodType: r.period_type! }));
}

/** The filer's labels of some (entity, concept) pairs, keyed `${entityId}|${concept}` (facts browser, popovers). */
export async function conceptLabelsFor(
  db: Db,
  tenantId: string,
  pairs: { entityId: string; concept: string }[],
): Promise<Record<string, string>> {
  const concepts = [...new Set(pairs.map((p) => p.concept))];
  const entityIds = [...new Set(pairs.map((p) => p.entityId))];
  if (concepts.length === 0) return {};
  const res = await db.execute(sql`
    select entity_id, concept, label from concept_labels
    where tenant_id = ${tenantId}
      and entity_id in (${sql.join(
        entityIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      and concept in (${sql.join(
        concepts.map((c) => sql`${c}`),
        sql`, `,
      )})`);
  const rows = rowsOf<{ entity_id: string; concept: string; label: string }>(res);
  return Object.fromEntries(rows.map((r) => [`${r.entity_id}|${r.concept}`, r.label]));
}

/** A filer's own label or printed caption of a concept the ontology maps ("Payments for dividends and dividend equivalents"). */
export interface MappedConceptLabel {
  entityId: string;
  concept: string;
  /** the ontology measure the concept is a concept of */
  metricId: string;
  label: string;
}

const mappedCache = versionedCache<MappedConceptLabel[]>();

/**
 * The filers' own labels of the concepts the ontology maps, per entity, kept while the data version holds:
 * the words a filer names its line with, which a question may repeat beside the measure's name ("cash
 * dividends (including dividend equivalents)"). Labels only: no figure is read from them.
 */
export async function loadMappedConceptLabels(
  db: Db,
  tenantId: string,
  entityIds: string[],
  role?: Role | null,
  version?: number | null,
): Promise<MappedConceptLabel[]> {
  const scope = { tenantId, role };
  return perEntityCatalog(mappedCache, { db, tenantId, entityIds, role, version }, async (id) => {
    // the label a filer ships with the concept, and the captions its visible statements print on the concept's line
    const res = await db.execute(sql`
      select entity_id, concept, label from concept_labels where tenant_id = ${tenantId} and entity_id = ${id}
      union
      select distinct f.entity_id, f.concept, c.row_label as label
      from facts f join sources s on s.id = f.source_id join source_cells c on c.entity_id = f.entity_id and c.id = f.cell_id
      where f.tenant_id = ${tenantId} and f.entity_id = ${id} and f.status = 'active' and f.dims_key = '' and c.row_label is not null
        and ${factVisible(scope, 'f')} and ${sourceVisible(scope, 's')}
      order by concept, label`);
    return rowsOf<{ entity_id: string; concept: string; label: string }>(res).flatMap((r) => {
      const metricId = metricForConcept(r.concept);
      return metricId ? [{ entityId: r.entity_id, concept: r.concept, metricId, label: r.label }] : [];
    });
  });
}
