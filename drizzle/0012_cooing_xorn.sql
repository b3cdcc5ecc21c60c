CREATE TABLE "bulk_deferred_indexes" (
	"index_name" text PRIMARY KEY NOT NULL,
	"table_name" text NOT NULL,
	"definition" text NOT NULL,
	"deferred_at" timestamp with time zone DEFAULT now() NOT NULL
);
