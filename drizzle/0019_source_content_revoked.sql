-- A source's bytes in the revocation ledger are marked on the source row itself, so the visibility predicate tests
-- the row's own columns only: its former `not exists` on source_revocations, correlated inside the subquery on
-- sources that facts, chunks and cells are read through, is refused by Citus on any read of more than one shard.
ALTER TABLE "sources" ADD COLUMN "content_revoked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "sources" s SET "content_revoked" = true FROM "source_revocations" r WHERE r."tenant_id" = s."tenant_id" AND r."sha256" = s."sha256";
