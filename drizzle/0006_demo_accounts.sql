ALTER TABLE "users" ADD COLUMN "created_in_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "users" SET "created_in_demo" = true WHERE "id" IN ('demo-analyst', 'demo-reviewer', 'demo-admin');
