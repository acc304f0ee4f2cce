CREATE TABLE "sign_in_failures" (
	"key_kind" text NOT NULL,
	"key_value" text NOT NULL,
	"failures" integer NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "sign_in_failures_key_kind_key_value_pk" PRIMARY KEY("key_kind","key_value"),
	CONSTRAINT "sign_in_failures_key_kind_check" CHECK ("sign_in_failures"."key_kind" in ('username', 'address')),
	CONSTRAINT "sign_in_failures_failures_check" CHECK ("sign_in_failures"."failures" >= 0)
);
--> statement-breakpoint
CREATE INDEX "sign_in_failures_last_failure_idx" ON "sign_in_failures" USING btree ("last_failure_at");