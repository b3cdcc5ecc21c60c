CREATE TABLE "concept_labels" (
	"tenant_id" text NOT NULL,
	"entity_id" text NOT NULL,
	"concept" text NOT NULL,
	"label" text NOT NULL,
	"description" text,
	"source_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "concept_labels_tenant_id_entity_id_concept_pk" PRIMARY KEY("tenant_id","entity_id","concept")
);
--> statement-breakpoint
ALTER TABLE "concept_labels" ADD CONSTRAINT "concept_labels_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concept_labels" ADD CONSTRAINT "concept_labels_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "concept_labels" ADD CONSTRAINT "concept_labels_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "concept_labels_entity_idx" ON "concept_labels" USING btree ("entity_id");