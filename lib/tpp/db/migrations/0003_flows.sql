CREATE TABLE "flow_legs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "flow_legs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"flow_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"url" text,
	"status" integer,
	"detail" text,
	"duration_ms" integer,
	CONSTRAINT "flow_legs_kind_check" CHECK ("flow_legs"."kind" in ('to-bank', 'sca', 'from-bank'))
);
--> statement-breakpoint
CREATE TABLE "flows" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"resource_id" text,
	"path" text,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"outcome" text NOT NULL,
	"detail" text,
	CONSTRAINT "flows_kind_check" CHECK ("flows"."kind" in ('consent', 'identify', 'payment', 'basket')),
	CONSTRAINT "flows_outcome_check" CHECK ("flows"."outcome" in ('waiting', 'completed', 'failed', 'refused'))
);
--> statement-breakpoint
ALTER TABLE "bank_calls" ADD COLUMN "flow_id" text;--> statement-breakpoint
ALTER TABLE "flow_legs" ADD CONSTRAINT "flow_legs_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flows" ADD CONSTRAINT "flows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flow_legs_flow_idx" ON "flow_legs" USING btree ("flow_id","at","id");--> statement-breakpoint
CREATE INDEX "flows_user_started_idx" ON "flows" USING btree ("user_id","started_at","id");--> statement-breakpoint
CREATE INDEX "flows_user_resource_idx" ON "flows" USING btree ("user_id","resource_id");--> statement-breakpoint
CREATE INDEX "bank_calls_flow_idx" ON "bank_calls" USING btree ("flow_id","started_at");