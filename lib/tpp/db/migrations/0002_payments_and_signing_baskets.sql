CREATE TABLE "payment_status_reads" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_status_reads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"payment_id" text NOT NULL,
	"status" text NOT NULL,
	"funds_available" boolean,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"read_count" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "payment_status_reads_status_check" CHECK ("payment_status_reads"."status" in ('ACCP', 'ACSC', 'ACSP', 'ACTC', 'ACWC', 'ACWP', 'RCVD', 'PDNG', 'RJCT', 'CANC', 'PART')),
	CONSTRAINT "payment_status_reads_source_check" CHECK ("payment_status_reads"."source" in ('initiation', 'status', 'details', 'callback', 'cancel'))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"payment_id" text NOT NULL,
	"service" text NOT NULL,
	"product" text NOT NULL,
	"psu_context" text NOT NULL,
	"psu_corporate_id" text,
	"payer_kind" text NOT NULL,
	"request_body" text NOT NULL,
	"amount" text,
	"currency" text,
	"debtor_account" text NOT NULL,
	"debtor_name" text,
	"creditor_name" text NOT NULL,
	"creditor_account" text NOT NULL,
	"transfer_count" integer DEFAULT 1 NOT NULL,
	"fee_amount" text,
	"fee_currency" text,
	"fee_indicator" boolean,
	"status" text NOT NULL,
	"status_read_at" timestamp with time zone NOT NULL,
	"funds_available" boolean,
	"signing_basket_id" text,
	"requested_execution_date" date,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payments_user_payment_id_unique" UNIQUE("user_id","payment_id"),
	CONSTRAINT "payments_service_check" CHECK ("payments"."service" in ('payments', 'periodic-payments', 'bulk-payments')),
	CONSTRAINT "payments_product_check" CHECK ("payments"."product" in ('norwegian-domestic-credit-transfers', 'sepa-credit-transfers', 'instant-norwegian-credit-transfers-straks')),
	CONSTRAINT "payments_psu_context_check" CHECK ("payments"."psu_context" in ('PRIVATE', 'CORPORATE')),
	CONSTRAINT "payments_payer_kind_check" CHECK ("payments"."payer_kind" in ('psu-id', 'national-id', 'single-sca')),
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('ACCP', 'ACSC', 'ACSP', 'ACTC', 'ACWC', 'ACWP', 'RCVD', 'PDNG', 'RJCT', 'CANC', 'PART')),
	CONSTRAINT "payments_transfer_count_check" CHECK ("payments"."transfer_count" >= 1),
	CONSTRAINT "payments_amount_check" CHECK (("payments"."amount" is null) = ("payments"."currency" is null)),
	CONSTRAINT "payments_fee_check" CHECK (("payments"."fee_amount" is null) = ("payments"."fee_currency" is null))
);
--> statement-breakpoint
CREATE TABLE "signing_baskets" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"basket_id" text NOT NULL,
	"status" text NOT NULL,
	"status_read_at" timestamp with time zone NOT NULL,
	"psu_context" text NOT NULL,
	"psu_corporate_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "signing_baskets_user_basket_id_unique" UNIQUE("user_id","basket_id"),
	CONSTRAINT "signing_baskets_status_check" CHECK ("signing_baskets"."status" in ('RCVD', 'ACTC', 'PATC', 'RJCT')),
	CONSTRAINT "signing_baskets_psu_context_check" CHECK ("signing_baskets"."psu_context" in ('PRIVATE', 'CORPORATE'))
);
--> statement-breakpoint
ALTER TABLE "payment_status_reads" ADD CONSTRAINT "payment_status_reads_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_signing_basket_id_signing_baskets_id_fk" FOREIGN KEY ("signing_basket_id") REFERENCES "public"."signing_baskets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_baskets" ADD CONSTRAINT "signing_baskets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_status_reads_payment_idx" ON "payment_status_reads" USING btree ("payment_id","first_seen_at","id");--> statement-breakpoint
CREATE INDEX "payments_user_created_idx" ON "payments" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payments_user_status_idx" ON "payments" USING btree ("user_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "payments_user_product_idx" ON "payments" USING btree ("user_id","product","created_at","id");--> statement-breakpoint
CREATE INDEX "payments_signing_basket_idx" ON "payments" USING btree ("signing_basket_id");--> statement-breakpoint
CREATE INDEX "signing_baskets_user_created_idx" ON "signing_baskets" USING btree ("user_id","created_at","id");