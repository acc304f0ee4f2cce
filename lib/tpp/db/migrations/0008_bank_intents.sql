CREATE TABLE "bank_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"request_id" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"request_body" text NOT NULL,
	"keep" jsonb NOT NULL,
	"state" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"problem" text,
	CONSTRAINT "bank_intents_request_id_unique" UNIQUE("request_id"),
	CONSTRAINT "bank_intents_kind_check" CHECK ("bank_intents"."kind" in ('payment', 'basket')),
	CONSTRAINT "bank_intents_state_check" CHECK ("bank_intents"."state" in ('open', 'completed', 'refused', 'unanswered', 'dismissed'))
);
--> statement-breakpoint
ALTER TABLE "bank_intents" ADD CONSTRAINT "bank_intents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_intents_user_state_idx" ON "bank_intents" USING btree ("user_id","state","sent_at");--> statement-breakpoint
CREATE INDEX "bank_intents_state_idx" ON "bank_intents" USING btree ("state","sent_at");