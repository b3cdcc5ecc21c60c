-- Screen values (lib/db/screen-values.ts): each company's chosen fact per (tenant, measure, fiscal year), kept in
-- step with the facts by the writes that change it, so a universe screen reads one row per company and measure.
-- On Citus the table is distributed by tenant_id (lib/db/citus.ts: a screen reads one shard).
CREATE TABLE "screen_values" (
	"tenant_id" text NOT NULL,
	"metric_id" text NOT NULL,
	"fiscal_year" integer NOT NULL,
	"entity_id" text NOT NULL,
	"mixed" boolean DEFAULT false NOT NULL,
	"end_years" integer[] NOT NULL,
	"error_code" text,
	"error_message" text,
	"error_fact_ids" text[],
	"fact_id" text,
	"fact_metric_id" text,
	"concept" text,
	"value" numeric,
	"unit" text,
	"currency" text,
	"period_type" text,
	"start_date" date,
	"end_date" date,
	"chain_key" text,
	"version" integer,
	"filed_at" date,
	"revision_kind" text,
	"accession" text,
	"form" text,
	"source_id" text,
	-- the key covers what a screen reads to rank, filter and count (all but the error texts and fact lists, which
	-- it reads for the rows shown): one measure of every company for a year is an index-only scan of one range
	CONSTRAINT "screen_values_pkey" PRIMARY KEY("tenant_id","metric_id","fiscal_year","entity_id")
		INCLUDE ("mixed","end_years","error_code","fact_id","fact_metric_id","concept","value","unit","currency","period_type",
			"start_date","end_date","chain_key","version","filed_at","revision_kind","accession","form","source_id")
);
--> statement-breakpoint
-- the tenants there are have no screen values yet (0: migrate() rebuilds them); a tenant made from now on starts
-- with none to build, at the current derivation (1)
ALTER TABLE "tenants" ADD COLUMN "screen_values_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ALTER COLUMN "screen_values_version" SET DEFAULT 1;--> statement-breakpoint
ALTER TABLE "screen_values" ADD CONSTRAINT "screen_values_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "screen_values_entity_idx" ON "screen_values" USING btree ("tenant_id","entity_id");--> statement-breakpoint
-- row-level security as on the facts: the tenant, and the chosen fact's source not hidden from the viewer (an
-- error or mixed row has no source); row-local, no subquery (Citus evaluates policies on the shards)
ALTER TABLE "screen_values" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP POLICY IF EXISTS tenant_scope ON "screen_values";--> statement-breakpoint
CREATE POLICY tenant_scope ON "screen_values" TO ledgerline_app
  USING (tenant_id = current_setting('ledgerline.tenant_id', true)
    AND (source_id IS NULL OR source_id <> ALL (nullif(current_setting('ledgerline.hidden_sources', true), '')::text[])))
  WITH CHECK (tenant_id = current_setting('ledgerline.tenant_id', true));
