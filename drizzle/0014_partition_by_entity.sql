-- The shard key (issue 19 §5; README "Scaling out"). facts, fact_sightings, chunks, source_tables and
-- source_cells become hash-partitioned by entity_id (16 partitions each, `<table>_p0` … `<table>_p15`),
-- their primary keys lead with entity_id, fact_sightings / source_tables / source_cells carry the
-- entity_id of their fact / source / table, and the references between them include it. One company's
-- rows live in one partition of each table (colocated), so a single-company statement touches one
-- partition; Citus maps the same schema to `create_distributed_table(…, 'entity_id')`.
--
-- Written by hand: drizzle's table builder has no partitioning (the snapshot beside this file is the
-- one drizzle-kit generated from lib/db/schema, which declares the same keys, columns and indexes).
-- The tables are rebuilt (rename, create partitioned, copy, drop), on PGlite and PostgreSQL alike.

-- 1. the references between the five tables and their row-level-security policies (re-created below)
ALTER TABLE "source_cells" DROP CONSTRAINT "source_cells_table_id_source_tables_id_fk";
--> statement-breakpoint
ALTER TABLE "fact_sightings" DROP CONSTRAINT "fact_sightings_fact_id_facts_id_fk";
--> statement-breakpoint
ALTER TABLE "facts" DROP CONSTRAINT "facts_cell_id_source_cells_id_fk";
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['facts', 'fact_sightings', 'chunks', 'source_tables', 'source_cells'] LOOP
    EXECUTE format('DROP POLICY IF EXISTS tenant_scope ON %I', t);
  END LOOP;
END $$;
--> statement-breakpoint
-- 2. a table's rows take the entity of their source: a source with tables must have one
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM "source_tables" t JOIN "sources" s ON s.id = t.source_id WHERE s.entity_id IS NULL) THEN
    RAISE EXCEPTION 'source_tables rows belong to sources without an entity: set sources.entity_id first (they cannot be partitioned by entity)';
  END IF;
END $$;
--> statement-breakpoint
-- 3. the old tables step aside: renamed, their primary keys renamed and secondary indexes dropped, so
-- the new tables take the names
DO $$
DECLARE t text; i record;
BEGIN
  FOREACH t IN ARRAY ARRAY['facts', 'fact_sightings', 'chunks', 'source_tables', 'source_cells'] LOOP
    FOR i IN SELECT c.relname FROM pg_index x JOIN pg_class c ON c.oid = x.indexrelid
             WHERE x.indrelid = format('public.%I', t)::regclass AND NOT x.indisprimary LOOP
      EXECUTE format('DROP INDEX %I', i.relname);
    END LOOP;
    FOR i IN SELECT conname FROM pg_constraint WHERE conrelid = format('public.%I', t)::regclass AND contype = 'p' LOOP
      EXECUTE format('ALTER TABLE %I RENAME CONSTRAINT %I TO %I', t, i.conname, t || '_unpartitioned_pkey');
    END LOOP;
    EXECUTE format('ALTER TABLE %I RENAME TO %I', t, t || '_unpartitioned');
  END LOOP;
END $$;
--> statement-breakpoint
-- 4. the partitioned tables
CREATE TABLE "facts" (
	"id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"entity_id" text NOT NULL,
	"metric_id" text,
	"concept" text NOT NULL,
	"value" numeric NOT NULL,
	"unit" text NOT NULL,
	"currency" text,
	"scale" integer DEFAULT 0 NOT NULL,
	"decimals" integer,
	"period_type" text NOT NULL,
	"start_date" date,
	"end_date" date NOT NULL,
	"duration_days" integer NOT NULL,
	"fiscal_year" integer,
	"fiscal_period" text,
	"scope" text DEFAULT 'consolidated' NOT NULL,
	"dimensions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"dims_key" text DEFAULT '' NOT NULL,
	"accounting_standard" text NOT NULL,
	"source_id" text NOT NULL,
	"accession" text,
	"form" text,
	"filed_at" date NOT NULL,
	"chain_key" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"supersedes" text,
	"is_latest" boolean DEFAULT true NOT NULL,
	"is_original" boolean DEFAULT true NOT NULL,
	"provenance" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"cell_id" text,
	"status" text DEFAULT 'active' NOT NULL,
	"quarantine_reason" text,
	"source_labels" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revision_kind" text
) PARTITION BY HASH ("entity_id");
--> statement-breakpoint
CREATE TABLE "fact_sightings" (
	"entity_id" text NOT NULL,
	"fact_id" text NOT NULL,
	"source_id" text NOT NULL,
	"accession" text DEFAULT '' NOT NULL,
	"form" text,
	"filed_at" date NOT NULL,
	"labels" jsonb DEFAULT '{}'::jsonb NOT NULL
) PARTITION BY HASH ("entity_id");
--> statement-breakpoint
CREATE TABLE "chunks" (
	"id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"entity_id" text NOT NULL,
	"source_id" text NOT NULL,
	"fiscal_year" integer,
	"section" text,
	"heading" text,
	"ordinal" integer NOT NULL,
	"text" text NOT NULL,
	"page" integer,
	"span_start" integer,
	"span_end" integer,
	"tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', "text")) STORED NOT NULL,
	"embedding" vector(256),
	"embedding_model" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
) PARTITION BY HASH ("entity_id");
--> statement-breakpoint
CREATE TABLE "source_tables" (
	"id" text NOT NULL,
	"entity_id" text NOT NULL,
	"source_id" text NOT NULL,
	"ordinal" integer NOT NULL,
	"title" text,
	"section" text,
	"page" integer,
	"unit_line" text,
	"scale" integer,
	"currency" text,
	"header_rows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"row_count" integer NOT NULL,
	"column_count" integer NOT NULL
) PARTITION BY HASH ("entity_id");
--> statement-breakpoint
CREATE TABLE "source_cells" (
	"id" text NOT NULL,
	"entity_id" text NOT NULL,
	"table_id" text NOT NULL,
	"row_index" integer NOT NULL,
	"col_index" integer NOT NULL,
	"row_label" text,
	"column_path" text[] DEFAULT '{}'::text[] NOT NULL,
	"text" text NOT NULL,
	"numeric_value" numeric,
	"page" integer,
	"span_start" integer,
	"span_end" integer,
	"fact_id" text
) PARTITION BY HASH ("entity_id");
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['facts', 'fact_sightings', 'chunks', 'source_tables', 'source_cells'] LOOP
    FOR r IN 0..15 LOOP
      EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES WITH (MODULUS 16, REMAINDER %s)', t || '_p' || r, t, r);
    END LOOP;
  END LOOP;
END $$;
--> statement-breakpoint
-- 5. the rows, with the entity of each sighting's fact, each table's source and each cell's table
INSERT INTO "facts" ("id", "tenant_id", "entity_id", "metric_id", "concept", "value", "unit", "currency", "scale", "decimals", "period_type", "start_date", "end_date", "duration_days", "fiscal_year", "fiscal_period", "scope", "dimensions", "dims_key", "accounting_standard", "source_id", "accession", "form", "filed_at", "chain_key", "version", "supersedes", "is_latest", "is_original", "provenance", "cell_id", "status", "quarantine_reason", "source_labels", "created_at", "revision_kind")
SELECT "id", "tenant_id", "entity_id", "metric_id", "concept", "value", "unit", "currency", "scale", "decimals", "period_type", "start_date", "end_date", "duration_days", "fiscal_year", "fiscal_period", "scope", "dimensions", "dims_key", "accounting_standard", "source_id", "accession", "form", "filed_at", "chain_key", "version", "supersedes", "is_latest", "is_original", "provenance", "cell_id", "status", "quarantine_reason", "source_labels", "created_at", "revision_kind"
FROM "facts_unpartitioned";
--> statement-breakpoint
INSERT INTO "fact_sightings" ("entity_id", "fact_id", "source_id", "accession", "form", "filed_at", "labels")
SELECT f."entity_id", s."fact_id", s."source_id", s."accession", s."form", s."filed_at", s."labels"
FROM "fact_sightings_unpartitioned" s JOIN "facts_unpartitioned" f ON f."id" = s."fact_id";
--> statement-breakpoint
INSERT INTO "chunks" ("id", "tenant_id", "entity_id", "source_id", "fiscal_year", "section", "heading", "ordinal", "text", "page", "span_start", "span_end", "embedding", "embedding_model", "created_at")
SELECT "id", "tenant_id", "entity_id", "source_id", "fiscal_year", "section", "heading", "ordinal", "text", "page", "span_start", "span_end", "embedding", "embedding_model", "created_at"
FROM "chunks_unpartitioned";
--> statement-breakpoint
INSERT INTO "source_tables" ("id", "entity_id", "source_id", "ordinal", "title", "section", "page", "unit_line", "scale", "currency", "header_rows", "row_count", "column_count")
SELECT t."id", s."entity_id", t."source_id", t."ordinal", t."title", t."section", t."page", t."unit_line", t."scale", t."currency", t."header_rows", t."row_count", t."column_count"
FROM "source_tables_unpartitioned" t JOIN "sources" s ON s."id" = t."source_id";
--> statement-breakpoint
INSERT INTO "source_cells" ("id", "entity_id", "table_id", "row_index", "col_index", "row_label", "column_path", "text", "numeric_value", "page", "span_start", "span_end", "fact_id")
SELECT c."id", t."entity_id", c."table_id", c."row_index", c."col_index", c."row_label", c."column_path", c."text", c."numeric_value", c."page", c."span_start", c."span_end", c."fact_id"
FROM "source_cells_unpartitioned" c JOIN "source_tables" t ON t."id" = c."table_id";
--> statement-breakpoint
DROP TABLE "fact_sightings_unpartitioned", "facts_unpartitioned", "chunks_unpartitioned", "source_cells_unpartitioned", "source_tables_unpartitioned";
--> statement-breakpoint
-- 6. keys, references and indexes (on the partitioned parents: each partition gets its own)
ALTER TABLE "facts" ADD CONSTRAINT "facts_pkey" PRIMARY KEY("entity_id","id");
--> statement-breakpoint
ALTER TABLE "fact_sightings" ADD CONSTRAINT "fact_sightings_pkey" PRIMARY KEY("entity_id","fact_id","source_id","accession");
--> statement-breakpoint
ALTER TABLE "chunks" ADD CONSTRAINT "chunks_pkey" PRIMARY KEY("entity_id","id");
--> statement-breakpoint
ALTER TABLE "source_tables" ADD CONSTRAINT "source_tables_pkey" PRIMARY KEY("entity_id","id");
--> statement-breakpoint
ALTER TABLE "source_cells" ADD CONSTRAINT "source_cells_pkey" PRIMARY KEY("entity_id","id");
--> statement-breakpoint
ALTER TABLE "facts" ADD CONSTRAINT "facts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "facts" ADD CONSTRAINT "facts_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "facts" ADD CONSTRAINT "facts_metric_id_metrics_id_fk" FOREIGN KEY ("metric_id") REFERENCES "public"."metrics"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "facts" ADD CONSTRAINT "facts_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- a deleted cell leaves its fact without a cell (only cell_id is set null: entity_id is the fact's key)
ALTER TABLE "facts" ADD CONSTRAINT "facts_cell_fk" FOREIGN KEY ("entity_id","cell_id") REFERENCES "public"."source_cells"("entity_id","id") ON DELETE SET NULL ("cell_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fact_sightings" ADD CONSTRAINT "fact_sightings_fact_fk" FOREIGN KEY ("entity_id","fact_id") REFERENCES "public"."facts"("entity_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "fact_sightings" ADD CONSTRAINT "fact_sightings_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "chunks" ADD CONSTRAINT "chunks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "chunks" ADD CONSTRAINT "chunks_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "chunks" ADD CONSTRAINT "chunks_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "source_tables" ADD CONSTRAINT "source_tables_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "source_cells" ADD CONSTRAINT "source_cells_table_fk" FOREIGN KEY ("entity_id","table_id") REFERENCES "public"."source_tables"("entity_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "facts_id_idx" ON "facts" USING btree ("id");
--> statement-breakpoint
CREATE INDEX "facts_lookup_idx" ON "facts" USING btree ("tenant_id","entity_id","metric_id","end_date");
--> statement-breakpoint
CREATE INDEX "facts_bucket_idx" ON "facts" USING btree ("entity_id","fiscal_year");
--> statement-breakpoint
CREATE INDEX "facts_concept_idx" ON "facts" USING btree ("entity_id","concept","end_date");
--> statement-breakpoint
CREATE INDEX "facts_chain_idx" ON "facts" USING btree ("entity_id","chain_key","version");
--> statement-breakpoint
CREATE INDEX "facts_status_idx" ON "facts" USING btree ("tenant_id","status") WHERE "facts"."status" <> 'active';
--> statement-breakpoint
CREATE INDEX "facts_source_idx" ON "facts" USING btree ("source_id");
--> statement-breakpoint
CREATE INDEX "facts_dims_entity_idx" ON "facts" USING btree ("tenant_id","entity_id") WHERE "facts"."dims_key" <> '' and "facts"."status" = 'active';
--> statement-breakpoint
CREATE INDEX "facts_latest_period_idx" ON "facts" USING btree ("tenant_id","entity_id","end_date","source_id") WHERE "facts"."status" = 'active' and "facts"."period_type" = 'duration' and "facts"."fiscal_period" in ('FY', 'Q1', 'Q2', 'Q3', 'Q4');
--> statement-breakpoint
CREATE INDEX "fact_sightings_fact_idx" ON "fact_sightings" USING btree ("fact_id");
--> statement-breakpoint
CREATE INDEX "fact_sightings_source_idx" ON "fact_sightings" USING btree ("source_id");
--> statement-breakpoint
CREATE INDEX "chunks_id_idx" ON "chunks" USING btree ("id");
--> statement-breakpoint
CREATE INDEX "chunks_bucket_idx" ON "chunks" USING btree ("tenant_id","entity_id","fiscal_year");
--> statement-breakpoint
CREATE INDEX "chunks_source_idx" ON "chunks" USING btree ("source_id");
--> statement-breakpoint
CREATE INDEX "chunks_tsv_idx" ON "chunks" USING gin ("tsv");
--> statement-breakpoint
CREATE INDEX "chunks_embedding_idx" ON "chunks" USING hnsw ("embedding" vector_cosine_ops);
--> statement-breakpoint
CREATE INDEX "source_tables_source_idx" ON "source_tables" USING btree ("source_id","ordinal");
--> statement-breakpoint
CREATE INDEX "source_cells_id_idx" ON "source_cells" USING btree ("id");
--> statement-breakpoint
CREATE INDEX "source_cells_table_idx" ON "source_cells" USING btree ("table_id","row_index","col_index");
--> statement-breakpoint
CREATE INDEX "source_cells_fact_idx" ON "source_cells" USING btree ("fact_id");
--> statement-breakpoint
-- 7. row-level security as drizzle/0009 set it, on each parent and each partition (a partition read
-- directly is under the same policy); fact_sightings and source_cells follow their parent row by its key
DO $$
DECLARE t text; r int; rel text; cond text;
BEGIN
  FOREACH t IN ARRAY ARRAY['facts', 'fact_sightings', 'chunks', 'source_tables', 'source_cells'] LOOP
    FOR r IN -1..15 LOOP
      rel := CASE WHEN r < 0 THEN t ELSE t || '_p' || r END;
      cond := CASE t
        WHEN 'fact_sightings' THEN format('exists (select 1 from facts p where p.entity_id = %I.entity_id and p.id = %I.fact_id)', rel, rel)
        WHEN 'source_tables' THEN format('exists (select 1 from sources p where p.id = %I.source_id)', rel)
        WHEN 'source_cells' THEN format('exists (select 1 from source_tables p where p.entity_id = %I.entity_id and p.id = %I.table_id)', rel, rel)
        ELSE 'tenant_id = current_setting(''ledgerline.tenant_id'', true)'
      END;
      EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', rel);
      EXECUTE format('DROP POLICY IF EXISTS tenant_scope ON %I', rel);
      EXECUTE format('CREATE POLICY tenant_scope ON %I TO ledgerline_app USING (%s) WITH CHECK (%s)', rel, cond, cond);
      EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO ledgerline_app', rel);
    END LOOP;
  END LOOP;
END $$;
