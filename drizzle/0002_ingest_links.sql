ALTER TABLE "source_cells" ADD COLUMN "fact_id" text;--> statement-breakpoint
ALTER TABLE "facts" ADD COLUMN "revision_kind" text;--> statement-breakpoint
CREATE INDEX "source_cells_fact_idx" ON "source_cells" USING btree ("fact_id");