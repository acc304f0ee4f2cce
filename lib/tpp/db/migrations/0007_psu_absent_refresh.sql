CREATE TABLE "held_transactions" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"resource_id" text NOT NULL,
	"key" text NOT NULL,
	"status" text NOT NULL,
	"booking_date" date,
	"data" jsonb NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "held_transactions_user_id_kind_resource_id_key_pk" PRIMARY KEY("user_id","kind","resource_id","key"),
	CONSTRAINT "held_transactions_status_check" CHECK ("held_transactions"."status" in ('booked', 'pending'))
);
--> statement-breakpoint
CREATE TABLE "refresh_states" (
	"user_id" text PRIMARY KEY NOT NULL,
	"lease_holder" text,
	"lease_until" timestamp with time zone,
	"slot_done" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_report" jsonb
);
--> statement-breakpoint
CREATE TABLE "shared_accounts" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"resource_id" text NOT NULL,
	"psu_corporate_id" text,
	"name" text,
	"product" text,
	"currency" text NOT NULL,
	"iban" text,
	"bban" text,
	"masked_pan" text,
	"first_listed_at" timestamp with time zone NOT NULL,
	"last_listed_at" timestamp with time zone NOT NULL,
	"unshared_at" timestamp with time zone,
	"unshared_reason" text,
	"balances" jsonb,
	"balances_read_at" timestamp with time zone,
	"balances_read_with_psu" boolean,
	"transactions_read_at" timestamp with time zone,
	"transactions_synced_through" date,
	"blocked_until" timestamp with time zone,
	"last_problem" text,
	CONSTRAINT "shared_accounts_user_id_kind_resource_id_pk" PRIMARY KEY("user_id","kind","resource_id"),
	CONSTRAINT "shared_accounts_kind_check" CHECK ("shared_accounts"."kind" in ('account', 'card-account'))
);
--> statement-breakpoint
CREATE TABLE "unattended_reads" (
	"kind" text NOT NULL,
	"resource_id" text NOT NULL,
	"read_kind" text NOT NULL,
	"latest" timestamp with time zone[] NOT NULL,
	CONSTRAINT "unattended_reads_kind_resource_id_read_kind_pk" PRIMARY KEY("kind","resource_id","read_kind"),
	CONSTRAINT "unattended_reads_kind_check" CHECK ("unattended_reads"."kind" in ('account', 'card-account')),
	CONSTRAINT "unattended_reads_read_kind_check" CHECK ("unattended_reads"."read_kind" in ('balances', 'transactions'))
);
--> statement-breakpoint
ALTER TABLE "flows" DROP CONSTRAINT "flows_kind_check";--> statement-breakpoint
ALTER TABLE "bank_calls" ADD COLUMN "unattended" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_sca_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "overview_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "held_transactions" ADD CONSTRAINT "held_transactions_account_fk" FOREIGN KEY ("user_id","kind","resource_id") REFERENCES "public"."shared_accounts"("user_id","kind","resource_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_states" ADD CONSTRAINT "refresh_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_accounts" ADD CONSTRAINT "shared_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "held_transactions_seen_idx" ON "held_transactions" USING btree ("user_id","first_seen_at");--> statement-breakpoint
CREATE INDEX "shared_accounts_resource_idx" ON "shared_accounts" USING btree ("kind","resource_id");--> statement-breakpoint
ALTER TABLE "flows" ADD CONSTRAINT "flows_kind_check" CHECK ("flows"."kind" in ('consent', 'identify', 'payment', 'basket', 'refresh'));