CREATE TABLE "bank_calls" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_calls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"started_at" timestamp with time zone NOT NULL,
	"user_id" text,
	"method" text NOT NULL,
	"url" text NOT NULL,
	"path" text NOT NULL,
	"request_id" text NOT NULL,
	"attempt" integer NOT NULL,
	"request_headers" jsonb NOT NULL,
	"signing_string" text NOT NULL,
	"signed_headers" jsonb NOT NULL,
	"request_body" text NOT NULL,
	"status" integer,
	"response_headers" jsonb NOT NULL,
	"response_body" text,
	"response_body_truncated" boolean DEFAULT false NOT NULL,
	"duration_ms" integer NOT NULL,
	"signature_verdict" text,
	"signature_problems" jsonb NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "psu_corporate_ids" (
	"user_id" text NOT NULL,
	"psu_corporate_id" text NOT NULL,
	"name" text,
	"organisation_number" text,
	"last_used_at" timestamp with time zone NOT NULL,
	CONSTRAINT "psu_corporate_ids_user_id_psu_corporate_id_pk" PRIMARY KEY("user_id","psu_corporate_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"display_name" text NOT NULL,
	"password_hash" text NOT NULL,
	"psu_id" text,
	"psu_id_received_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username")
);
--> statement-breakpoint
ALTER TABLE "psu_corporate_ids" ADD CONSTRAINT "psu_corporate_ids_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_calls_started_at_idx" ON "bank_calls" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "bank_calls_user_idx" ON "bank_calls" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "bank_calls_status_idx" ON "bank_calls" USING btree ("status");