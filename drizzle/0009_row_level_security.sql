-- Row-level security: a second wall behind the tenant/ACL predicate (lib/auth/visibility.ts).
-- Queries run through lib/db/tenant-scope.ts (SET LOCAL ROLE ledgerline_app + the tenant in
-- ledgerline.tenant_id) see only that tenant's rows, even when a query forgets its predicate.
-- The table owner and superusers (migrations, ingest, maintenance) are not subject to the policies.
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'ledgerline_app') THEN
    CREATE ROLE ledgerline_app NOLOGIN NOBYPASSRLS NOSUPERUSER NOCREATEDB NOCREATEROLE;
  END IF;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  EXECUTE format('GRANT ledgerline_app TO %I', current_user);
EXCEPTION WHEN others THEN NULL; -- superusers need no membership; others need CREATEROLE (see README)
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO ledgerline_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ledgerline_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ledgerline_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ledgerline_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO ledgerline_app;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['facts', 'sources', 'chunks', 'manifests', 'audit_log', 'entities', 'ingest_runs', 'source_revocations', 'concept_labels', 'threads'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('DROP POLICY IF EXISTS tenant_scope ON %I', t);
    EXECUTE format('CREATE POLICY tenant_scope ON %I TO ledgerline_app USING (tenant_id = current_setting(''ledgerline.tenant_id'', true)) WITH CHECK (tenant_id = current_setting(''ledgerline.tenant_id'', true))', t);
  END LOOP;
END $$;
--> statement-breakpoint
DO $$
DECLARE r record;
BEGIN
  -- tables without tenant_id follow their parent row (itself under its policy)
  FOR r IN SELECT * FROM (VALUES
    ('fact_sightings', 'exists (select 1 from facts p where p.id = fact_id)'),
    ('source_tables', 'exists (select 1 from sources p where p.id = source_id)'),
    ('source_cells', 'exists (select 1 from source_tables p where p.id = table_id)'),
    ('source_documents', 'exists (select 1 from sources p where p.id = source_id)'),
    ('verdicts', 'exists (select 1 from manifests p where p.id = manifest_id)'),
    ('entity_aliases', 'exists (select 1 from entities p where p.id = entity_id)'),
    ('fiscal_calendars', 'exists (select 1 from entities p where p.id = entity_id)')
  ) AS v(tbl, cond) LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', r.tbl);
    EXECUTE format('DROP POLICY IF EXISTS tenant_scope ON %I', r.tbl);
    EXECUTE format('CREATE POLICY tenant_scope ON %I TO ledgerline_app USING (%s) WITH CHECK (%s)', r.tbl, r.cond, r.cond);
  END LOOP;
END $$;
