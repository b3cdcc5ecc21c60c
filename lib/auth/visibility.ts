/**
 * The one tenant/ACL predicate. Every read of facts, chunks, source tables and cells, and manifests on
 * behalf of a user goes through these fragments (visibility.scan.test.ts fails when a query in lib/
 * does not):
 *   - tenant: the row's tenant and its source's tenant are the viewer's;
 *   - revocation: the source is not revoked, and its bytes are not revoked (`content_revoked`: its content
 *     hash is in the revocation ledger, so re-ingesting the same bytes, re-indexing or resetting the
 *     `revoked` flag never brings it back; the flag is written from the ledger, see lib/db/revocation-ledger.ts);
 *   - embargo: the source's effective_at is unset or has passed;
 *   - ACL: the source's acl_roles is empty, or names a role the viewer holds (admin ⊃ reviewer ⊃
 *     analyst). Without a role only unrestricted sources are visible.
 * Each test reads the source row's own columns, never another table: on Citus facts, chunks and cells are
 * distributed and sources is a reference table, and a subquery correlated to the source row inside the
 * subquery on sources (the ledger lookup it once held) is refused on every read of more than one shard.
 */
import { sql, type SQL } from 'drizzle-orm';
import { ROLES, type Role } from '@/lib/db/schema';

export interface VisibilityScope {
  tenantId: string;
  /** the viewer's role; omitted = no role (only sources without an ACL) */
  role?: Role | null;
}

const rank: Record<Role, number> = { analyst: 0, reviewer: 1, admin: 2 };

/** The ACL entries a viewer with `role` satisfies. */
export function aclRolesFor(role: Role | null | undefined): Role[] {
  if (!role) return [];
  return ROLES.filter((r) => rank[r] <= rank[role]);
}

function roleArray(scope: VisibilityScope): SQL {
  const roles = aclRolesFor(scope.role);
  return roles.length
    ? sql`array[${sql.join(
        roles.map((r) => sql`${r}`),
        sql`, `,
      )}]::text[]`
    : sql`array[]::text[]`;
}

/** `alias.column`, or the bare table-qualified column when no alias is used (drizzle builder queries). */
function col(alias: string | undefined, table: string, column: string): SQL {
  return sql`${sql.identifier(alias ?? table)}.${sql.identifier(column)}`;
}

/** The source row `alias` (default `sources`) is visible in the scope. */
export function sourceVisible(scope: VisibilityScope, alias?: string): SQL {
  const c = (name: string) => col(alias, 'sources', name);
  return sql`(${c('tenant_id')} = ${scope.tenantId}
    and ${c('revoked')} = false
    and ${c('content_revoked')} = false
    and (${c('effective_at')} is null or ${c('effective_at')} <= now())
    and (cardinality(${c('acl_roles')}) = 0 or ${c('acl_roles')} && ${roleArray(scope)}))`;
}

/** A visible source with id `sourceIdColumn`. */
function visibleSourceById(scope: VisibilityScope, sourceIdColumn: SQL): SQL {
  return sql`exists (select 1 from sources vs where vs.id = ${sourceIdColumn} and ${sourceVisible(scope, 'vs')})`;
}

/** The fact row `alias` (default `facts`) belongs to the tenant and comes from a visible source. */
export function factVisible(scope: VisibilityScope, alias?: string): SQL {
  return sql`(${col(alias, 'facts', 'tenant_id')} = ${scope.tenantId} and ${visibleSourceById(scope, col(alias, 'facts', 'source_id'))})`;
}

/** The chunk row `alias` (default `chunks`) belongs to the tenant and comes from a visible source. */
export function chunkVisible(scope: VisibilityScope, alias?: string): SQL {
  return sql`(${col(alias, 'chunks', 'tenant_id')} = ${scope.tenantId} and ${visibleSourceById(scope, col(alias, 'chunks', 'source_id'))})`;
}

/** The source table `alias` (default `source_tables`) comes from a visible source. */
export function tableVisible(scope: VisibilityScope, alias?: string): SQL {
  return visibleSourceById(scope, col(alias, 'source_tables', 'source_id'));
}

/** The cell `alias` (default `source_cells`) sits in a table of a visible source. */
export function cellVisible(scope: VisibilityScope, alias?: string): SQL {
  return sql`exists (select 1 from source_tables vt join sources vs on vs.id = vt.source_id
    where vt.entity_id = ${col(alias, 'source_cells', 'entity_id')} and vt.id = ${col(alias, 'source_cells', 'table_id')} and ${sourceVisible(scope, 'vs')})`;
}

/** The manifest `alias` (default `manifests`) belongs to the tenant. */
export function manifestVisible(scope: VisibilityScope, alias?: string): SQL {
  return sql`${col(alias, 'manifests', 'tenant_id')} = ${scope.tenantId}`;
}
