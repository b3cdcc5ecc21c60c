CREATE TABLE "rate_limit_buckets" (
	"key" text PRIMARY KEY NOT NULL,
	"tokens" double precision NOT NULL,
	"updated_ms" double precision NOT NULL,
	"granted" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_backoff" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"next_allowed_ms" double precision NOT NULL,
	"updated_ms" double precision NOT NULL
);
