-- The database wall. Row-level security stood behind the visibility predicate per tenant only; the server
-- logged in as the superuser and dropped into ledgerline_app per transaction (one RESET ROLE escaped it), the
-- auth tables had no policy, and source ACL, revocation and embargo were not enforced by the database.
--
-- 1. cells carry their source, like facts, chunks and tables: the visibility policies below test the row itself
--    (row-local, no subquery: Citus evaluates policies on the shards)
ALTER TABLE "source_cells" ADD COLUMN "source_id" text;--> statement-breakpoint
UPDATE "source_cells" c SET "source_id" = t."source_id" FROM "source_tables" t WHERE t."entity_id" = c."entity_id" AND t."id" = c."table_id";--> statement-breakpoint
ALTER TABLE "source_cells" ALTER COLUMN "source_id" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "source_tables_id_idx" ON "source_tables" USING btree ("id");--> statement-breakpoint
-- 2. the login role of the server's tenant-scoped work (lib/server/db-wall.ts): no superuser, no BYPASSRLS,
--    owns nothing, member of ledgerline_app only — so RESET ROLE lands on a role under the same policies, and
--    SET ROLE / SET SESSION AUTHORIZATION to anything else is refused. Its password is set by the server.
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'ledgerline_web') THEN
    CREATE ROLE ledgerline_web LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE NOREPLICATION INHERIT;
  END IF;
  GRANT ledgerline_app TO ledgerline_web;
  EXECUTE format('GRANT CONNECT ON DATABASE %I TO ledgerline_web', current_database());
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'ledgerline_web was not created: the migrating role needs CREATEROLE (SECURITY.md, "The database wall")';
END $$;--> statement-breakpoint
REVOKE CREATE ON SCHEMA public FROM PUBLIC;--> statement-breakpoint
-- 3. which sources a viewer may not see (tenant, roles held): revoked, its bytes revoked (content_revoked, written
--    from the revocation ledger), embargoed, or ACL-restricted to roles the viewer does not hold — the predicate of
--    lib/auth/visibility.ts, on the source row's own columns. Run once as the tenant scope opens
--    (lib/db/tenant-scope.ts), its result kept in the transaction's ledgerline.hidden_sources; SECURITY DEFINER:
--    it reads the hidden rows the policies below hide.
CREATE INDEX IF NOT EXISTS "sources_restricted_idx" ON "sources" ("tenant_id") WHERE "revoked" OR "content_revoked" OR "effective_at" IS NOT NULL OR cardinality("acl_roles") > 0;--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledgerline_hidden_sources(p_tenant text, p_roles text[]) RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT coalesce(array_agg(s.id ORDER BY s.id), '{}')::text FROM sources s
  WHERE s.tenant_id = p_tenant
    AND (s.revoked OR s.content_revoked OR s.effective_at IS NOT NULL OR cardinality(s.acl_roles) > 0)
    AND (s.revoked OR s.content_revoked OR s.effective_at > now()
      OR (cardinality(s.acl_roles) > 0 AND NOT (s.acl_roles && coalesce(p_roles, '{}'::text[]))))
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledgerline_hidden_sources(text, text[]) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION ledgerline_hidden_sources(text, text[]) TO ledgerline_app;--> statement-breakpoint
-- 4. source ACL, revocation and embargo enforced where the row carries its source, in the tenant_scope policy
--    itself: its USING (what may be read, updated, deleted) also requires the row's source not to be hidden; its
--    WITH CHECK (what may be written) stays the tenant. One permissive policy, no restrictive one beside it:
--    Citus propagates a restrictive policy to the shards as a permissive one, which would widen tenant_scope
--    instead of narrowing it. Without ledgerline.hidden_sources (work outside a tenant scope) the list is NULL,
--    `<> ALL` is NULL, and nothing is visible.
DO $$
DECLARE r record; p int; rel text; tenant text := 'tenant_id = current_setting(''ledgerline.tenant_id'', true)';
BEGIN
  FOR r IN SELECT * FROM (VALUES
    ('sources', 'id'), ('facts', 'source_id'), ('chunks', 'source_id'), ('source_tables', 'source_id'),
    ('source_cells', 'source_id'), ('fact_sightings', 'source_id'), ('source_documents', 'source_id')
  ) AS v(tbl, col) LOOP
    FOR p IN -1..15 LOOP
      rel := CASE WHEN p < 0 THEN r.tbl ELSE r.tbl || '_p' || p END;
      IF NOT EXISTS (SELECT 1 FROM pg_policies WHERE schemaname = 'public' AND tablename = rel AND policyname = 'tenant_scope') THEN
        CONTINUE;
      END IF;
      EXECUTE format(
        'ALTER POLICY tenant_scope ON %I USING (%s AND %I <> ALL (nullif(current_setting(''ledgerline.hidden_sources'', true), '''')::text[])) WITH CHECK (%s)',
        rel, tenant, r.col, tenant);
    END LOOP;
  END LOOP;
END $$;--> statement-breakpoint
-- 5. the auth tables: the restricted role reads its tenant's users (names on manifests) and writes none;
--    sessions, password hashes, verification tokens, server secrets and the limiter's state are not its to
--    read at all (sign-in, sessions and limits run on the server's own connection, before any tenant scope)
ALTER TABLE "users" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP POLICY IF EXISTS tenant_read ON "users";--> statement-breakpoint
CREATE POLICY tenant_read ON "users" FOR SELECT TO ledgerline_app USING (tenant_id = current_setting('ledgerline.tenant_id', true));--> statement-breakpoint
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON "users" FROM ledgerline_app;--> statement-breakpoint
ALTER TABLE "tenants" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP POLICY IF EXISTS tenant_self ON "tenants";--> statement-breakpoint
CREATE POLICY tenant_self ON "tenants" TO ledgerline_app USING (id = current_setting('ledgerline.tenant_id', true)) WITH CHECK (id = current_setting('ledgerline.tenant_id', true));--> statement-breakpoint
REVOKE INSERT, DELETE, TRUNCATE ON "tenants" FROM ledgerline_app;--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['sessions', 'auth_accounts', 'auth_verifications', 'auth_secrets', 'rate_limit_buckets', 'sign_in_backoff'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('REVOKE ALL ON %I FROM ledgerline_app', t);
  END LOOP;
END $$;
