CREATE TABLE "bulk_ingest_progress" (
	"tenant_id" text NOT NULL,
	"cik" text NOT NULL,
	"archive" text NOT NULL,
	"entry_name" text NOT NULL,
	"entry_crc32" text NOT NULL,
	"entry_size" bigint NOT NULL,
	"status" text NOT NULL,
	"source_id" text,
	"facts_seen" integer DEFAULT 0 NOT NULL,
	"facts_added" integer DEFAULT 0 NOT NULL,
	"error_code" text,
	"error_message" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bulk_ingest_progress_tenant_id_cik_pk" PRIMARY KEY("tenant_id","cik")
);
--> statement-breakpoint
ALTER TABLE "bulk_ingest_progress" ADD CONSTRAINT "bulk_ingest_progress_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- bulk ingestion progress is tenant data: under the same row-level security as ingest_runs (0009)
ALTER TABLE "bulk_ingest_progress" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_scope ON "bulk_ingest_progress" TO ledgerline_app USING (tenant_id = current_setting('ledgerline.tenant_id', true)) WITH CHECK (tenant_id = current_setting('ledgerline.tenant_id', true));
