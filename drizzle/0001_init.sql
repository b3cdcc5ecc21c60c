CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenants" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"password_hash" text,
	"disabled_at" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entities" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"name" text NOT NULL,
	"legal_name" text,
	"ticker" text,
	"cik" text,
	"country" text,
	"reporting_currency" text,
	"accounting_standard" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entity_aliases" (
	"entity_id" text NOT NULL,
	"alias" text NOT NULL,
	"normalized" text NOT NULL,
	"kind" text NOT NULL,
	CONSTRAINT "entity_aliases_entity_id_alias_pk" PRIMARY KEY("entity_id","alias")
);
--> statement-breakpoint
CREATE TABLE "fiscal_calendars" (
	"id" text PRIMARY KEY NOT NULL,
	"entity_id" text NOT NULL,
	"effective_from" date NOT NULL,
	"effective_to" date,
	"year_end" jsonb NOT NULL,
	"label_by" text DEFAULT 'end-year' NOT NULL,
	"origin" text NOT NULL,
	"confidence" real,
	"reason" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"superseded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "source_cells" (
	"id" text PRIMARY KEY NOT NULL,
	"table_id" text NOT NULL,
	"row_index" integer NOT NULL,
	"col_index" integer NOT NULL,
	"row_label" text,
	"column_path" text[] DEFAULT '{}' NOT NULL,
	"text" text NOT NULL,
	"numeric_value" numeric,
	"page" integer,
	"span_start" integer,
	"span_end" integer
);
--> statement-breakpoint
CREATE TABLE "source_tables" (
	"id" text PRIMARY KEY NOT NULL,
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
);
--> statement-breakpoint
CREATE TABLE "sources" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"entity_id" text,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"file_name" text,
	"form" text,
	"accession" text,
	"filed_at" date,
	"period_of_report" date,
	"sha256" text NOT NULL,
	"byte_size" bigint NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"supersedes" text,
	"acl_roles" text[] DEFAULT '{}' NOT NULL,
	"effective_at" timestamp with time zone,
	"revoked" boolean DEFAULT false NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	"extractor_version" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ingested_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "metrics" (
	"id" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"description" text,
	"period_type" text NOT NULL,
	"unit_kind" text NOT NULL,
	"synonyms" text[] DEFAULT '{}' NOT NULL,
	"concepts" text[] DEFAULT '{}' NOT NULL,
	"constraints" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fact_sightings" (
	"fact_id" text NOT NULL,
	"source_id" text NOT NULL,
	"accession" text DEFAULT '' NOT NULL,
	"form" text,
	"filed_at" date NOT NULL,
	"labels" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "fact_sightings_fact_id_source_id_accession_pk" PRIMARY KEY("fact_id","source_id","accession")
);
--> statement-breakpoint
CREATE TABLE "facts" (
	"id" text PRIMARY KEY NOT NULL,
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
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chunks" (
	"id" text PRIMARY KEY NOT NULL,
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
	"tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', "chunks"."text")) STORED NOT NULL,
	"embedding" vector(256),
	"embedding_model" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "manifests" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"user_id" text,
	"thread_id" text,
	"question" text NOT NULL,
	"status" text NOT NULL,
	"pathway" text,
	"intent" jsonb,
	"candidates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rejected" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"operands" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"calculations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answer" jsonb NOT NULL,
	"versions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error_codes" text[] DEFAULT '{}' NOT NULL,
	"entity_ids" text[] DEFAULT '{}' NOT NULL,
	"latency_ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verdicts" (
	"id" text PRIMARY KEY NOT NULL,
	"manifest_id" text NOT NULL,
	"reviewer_id" text,
	"verdict" text NOT NULL,
	"failure_class" text,
	"scores" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" text,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"before" jsonb,
	"after" jsonb,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ingest_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text,
	"source_id" text,
	"file_name" text NOT NULL,
	"format" text,
	"extractor_version" text,
	"status" text NOT NULL,
	"facts_added" integer DEFAULT 0 NOT NULL,
	"facts_quarantined" integer DEFAULT 0 NOT NULL,
	"chunks_added" integer DEFAULT 0 NOT NULL,
	"error_code" text,
	"error_message" text,
	"counters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"duration_ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entities" ADD CONSTRAINT "entities_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_aliases" ADD CONSTRAINT "entity_aliases_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_calendars" ADD CONSTRAINT "fiscal_calendars_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_calendars" ADD CONSTRAINT "fiscal_calendars_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_cells" ADD CONSTRAINT "source_cells_table_id_source_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."source_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_tables" ADD CONSTRAINT "source_tables_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sources" ADD CONSTRAINT "sources_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sources" ADD CONSTRAINT "sources_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fact_sightings" ADD CONSTRAINT "fact_sightings_fact_id_facts_id_fk" FOREIGN KEY ("fact_id") REFERENCES "public"."facts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fact_sightings" ADD CONSTRAINT "fact_sightings_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facts" ADD CONSTRAINT "facts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facts" ADD CONSTRAINT "facts_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facts" ADD CONSTRAINT "facts_metric_id_metrics_id_fk" FOREIGN KEY ("metric_id") REFERENCES "public"."metrics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facts" ADD CONSTRAINT "facts_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facts" ADD CONSTRAINT "facts_cell_id_source_cells_id_fk" FOREIGN KEY ("cell_id") REFERENCES "public"."source_cells"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chunks" ADD CONSTRAINT "chunks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chunks" ADD CONSTRAINT "chunks_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chunks" ADD CONSTRAINT "chunks_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manifests" ADD CONSTRAINT "manifests_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manifests" ADD CONSTRAINT "manifests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verdicts" ADD CONSTRAINT "verdicts_manifest_id_manifests_id_fk" FOREIGN KEY ("manifest_id") REFERENCES "public"."manifests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verdicts" ADD CONSTRAINT "verdicts_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingest_runs" ADD CONSTRAINT "ingest_runs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_tenant_idx" ON "users" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "entities_tenant_idx" ON "entities" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "entities_ticker_idx" ON "entities" USING btree ("ticker");--> statement-breakpoint
CREATE INDEX "entities_cik_idx" ON "entities" USING btree ("cik");--> statement-breakpoint
CREATE INDEX "entity_aliases_norm_idx" ON "entity_aliases" USING btree ("normalized");--> statement-breakpoint
CREATE INDEX "fiscal_calendars_entity_idx" ON "fiscal_calendars" USING btree ("entity_id","effective_from");--> statement-breakpoint
CREATE INDEX "source_cells_table_idx" ON "source_cells" USING btree ("table_id","row_index","col_index");--> statement-breakpoint
CREATE INDEX "source_tables_source_idx" ON "source_tables" USING btree ("source_id","ordinal");--> statement-breakpoint
CREATE UNIQUE INDEX "sources_tenant_sha_uq" ON "sources" USING btree ("tenant_id","sha256");--> statement-breakpoint
CREATE INDEX "sources_entity_idx" ON "sources" USING btree ("entity_id");--> statement-breakpoint
CREATE INDEX "sources_accession_idx" ON "sources" USING btree ("accession");--> statement-breakpoint
CREATE INDEX "fact_sightings_source_idx" ON "fact_sightings" USING btree ("source_id");--> statement-breakpoint
CREATE INDEX "facts_lookup_idx" ON "facts" USING btree ("tenant_id","entity_id","metric_id","end_date");--> statement-breakpoint
CREATE INDEX "facts_bucket_idx" ON "facts" USING btree ("entity_id","fiscal_year");--> statement-breakpoint
CREATE INDEX "facts_concept_idx" ON "facts" USING btree ("entity_id","concept","end_date");--> statement-breakpoint
CREATE INDEX "facts_chain_idx" ON "facts" USING btree ("chain_key","version");--> statement-breakpoint
CREATE INDEX "facts_status_idx" ON "facts" USING btree ("tenant_id","status") WHERE "facts"."status" <> 'active';--> statement-breakpoint
CREATE INDEX "facts_source_idx" ON "facts" USING btree ("source_id");--> statement-breakpoint
CREATE INDEX "chunks_bucket_idx" ON "chunks" USING btree ("tenant_id","entity_id","fiscal_year");--> statement-breakpoint
CREATE INDEX "chunks_source_idx" ON "chunks" USING btree ("source_id");--> statement-breakpoint
CREATE INDEX "chunks_tsv_idx" ON "chunks" USING gin ("tsv");--> statement-breakpoint
CREATE INDEX "chunks_embedding_idx" ON "chunks" USING hnsw ("embedding" vector_cosine_ops);--> statement-breakpoint
CREATE INDEX "manifests_tenant_created_idx" ON "manifests" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "manifests_status_idx" ON "manifests" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "verdicts_manifest_idx" ON "verdicts" USING btree ("manifest_id");--> statement-breakpoint
CREATE INDEX "audit_log_tenant_idx" ON "audit_log" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "ingest_runs_created_idx" ON "ingest_runs" USING btree ("created_at");