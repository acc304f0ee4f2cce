CREATE TABLE "unattended_calls" (
	"tpp_id" text NOT NULL,
	"resource_id" text NOT NULL,
	"kind" text NOT NULL,
	"latest" timestamp with time zone[] NOT NULL,
	CONSTRAINT "unattended_calls_tpp_id_resource_id_kind_pk" PRIMARY KEY("tpp_id","resource_id","kind")
);
--> statement-breakpoint
-- The calls already counted: the 4 latest of each key are all the limit needs.
INSERT INTO "unattended_calls" ("tpp_id", "resource_id", "kind", "latest")
SELECT "tpp_id", "resource_id", "kind", (array_agg("at" ORDER BY "at" DESC))[1:4] FROM "unattended_access" GROUP BY 1, 2, 3;
--> statement-breakpoint
DROP TABLE "unattended_access" CASCADE;
