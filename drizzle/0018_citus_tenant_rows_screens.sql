-- 1. every tenant table carries its tenant: fact_sightings, source_tables and source_cells (the tenant of their
-- fact / source / table), entity_aliases and fiscal_calendars (of their entity), source_documents (of their
-- source) and verdicts (of their manifest). Row-level security then tests the row itself, like facts and
-- chunks: a policy that looks up the parent row cannot run on Citus (it evaluates policies on the shards and
-- refuses subqueries in them), and the per-row subquery was a cost on one server too.
ALTER TABLE "fact_sightings" ADD COLUMN "tenant_id" text;--> statement-breakpoint
ALTER TABLE "source_tables" ADD COLUMN "tenant_id" text;--> statement-breakpoint
ALTER TABLE "source_cells" ADD COLUMN "tenant_id" text;--> statement-breakpoint
ALTER TABLE "entity_aliases" ADD COLUMN "tenant_id" text;--> statement-breakpoint
ALTER TABLE "fiscal_calendars" ADD COLUMN "tenant_id" text;--> statement-breakpoint
ALTER TABLE "source_documents" ADD COLUMN "tenant_id" text;--> statement-breakpoint
ALTER TABLE "verdicts" ADD COLUMN "tenant_id" text;--> statement-breakpoint
UPDATE "fact_sightings" s SET "tenant_id" = f."tenant_id" FROM "facts" f WHERE f."entity_id" = s."entity_id" AND f."id" = s."fact_id";--> statement-breakpoint
UPDATE "source_tables" t SET "tenant_id" = s."tenant_id" FROM "sources" s WHERE s."id" = t."source_id";--> statement-breakpoint
UPDATE "source_cells" c SET "tenant_id" = t."tenant_id" FROM "source_tables" t WHERE t."entity_id" = c."entity_id" AND t."id" = c."table_id";--> statement-breakpoint
UPDATE "entity_aliases" a SET "tenant_id" = e."tenant_id" FROM "entities" e WHERE e."id" = a."entity_id";--> statement-breakpoint
UPDATE "fiscal_calendars" c SET "tenant_id" = e."tenant_id" FROM "entities" e WHERE e."id" = c."entity_id";--> statement-breakpoint
UPDATE "source_documents" d SET "tenant_id" = s."tenant_id" FROM "sources" s WHERE s."id" = d."source_id";--> statement-breakpoint
UPDATE "verdicts" v SET "tenant_id" = m."tenant_id" FROM "manifests" m WHERE m."id" = v."manifest_id";--> statement-breakpoint
DO $$
DECLARE t text; r int; rel text;
BEGIN
  FOREACH t IN ARRAY ARRAY['fact_sightings', 'source_tables', 'source_cells', 'entity_aliases', 'fiscal_calendars', 'source_documents', 'verdicts'] LOOP
    EXECUTE format('ALTER TABLE %I ALTER COLUMN tenant_id SET NOT NULL', t);
    EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I FOREIGN KEY (tenant_id) REFERENCES public.tenants(id) ON DELETE no action ON UPDATE no action', t, t || '_tenant_id_tenants_id_fk');
    FOR r IN -1..15 LOOP
      rel := CASE WHEN r < 0 THEN t ELSE t || '_p' || r END;
      IF to_regclass(format('public.%I', rel)) IS NULL THEN CONTINUE; END IF;
      EXECUTE format('DROP POLICY IF EXISTS tenant_scope ON %I', rel);
      EXECUTE format('CREATE POLICY tenant_scope ON %I TO ledgerline_app USING (tenant_id = current_setting(''ledgerline.tenant_id'', true)) WITH CHECK (tenant_id = current_setting(''ledgerline.tenant_id'', true))', rel);
    END LOOP;
  END LOOP;
END $$;--> statement-breakpoint
-- 2. industry from EDGAR submissions, for screens by industry
ALTER TABLE "entities" ADD COLUMN "sic" text;--> statement-breakpoint
ALTER TABLE "entities" ADD COLUMN "sic_description" text;--> statement-breakpoint
CREATE INDEX "entities_sic_idx" ON "entities" USING btree ("tenant_id","sic");--> statement-breakpoint
-- 3. universe screens: one measure of every company for one fiscal year or period (each company's own)
CREATE INDEX "facts_screen_metric_idx" ON "facts" USING btree ("tenant_id","fiscal_year","fiscal_period","metric_id") WHERE "facts"."status" = 'active' and "facts"."dims_key" = '';--> statement-breakpoint
CREATE INDEX "facts_screen_concept_idx" ON "facts" USING btree ("tenant_id","fiscal_year","fiscal_period","concept") WHERE "facts"."status" = 'active' and "facts"."dims_key" = '';
