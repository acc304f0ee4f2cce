CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"tpp_id" text NOT NULL,
	"service" text NOT NULL,
	"product" text NOT NULL,
	"status" text NOT NULL,
	"funds_available" boolean,
	"customer_id" text,
	"agreement_id" text,
	"psu_context" text NOT NULL,
	"debtor_account_id" text NOT NULL,
	"request" jsonb NOT NULL,
	"entries" jsonb NOT NULL,
	"schedule" jsonb,
	"batch_booking" boolean DEFAULT false NOT NULL,
	"amount" numeric(23, 5) NOT NULL,
	"currency" text NOT NULL,
	"debit_amount" numeric(23, 5) NOT NULL,
	"debit_currency" text NOT NULL,
	"fee_amount" numeric(23, 5),
	"execution_date" date NOT NULL,
	"executions" integer DEFAULT 0 NOT NULL,
	"duplicate_key" text NOT NULL,
	"basket_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"authorised_at" timestamp with time zone,
	"status_changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_baskets" (
	"id" text PRIMARY KEY NOT NULL,
	"tpp_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"agreement_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"authorisation_started_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_tpp_id_tpps_id_fk" FOREIGN KEY ("tpp_id") REFERENCES "public"."tpps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_debtor_account_id_accounts_id_fk" FOREIGN KEY ("debtor_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_basket_id_signing_baskets_id_fk" FOREIGN KEY ("basket_id") REFERENCES "public"."signing_baskets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_baskets" ADD CONSTRAINT "signing_baskets_tpp_id_tpps_id_fk" FOREIGN KEY ("tpp_id") REFERENCES "public"."tpps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_baskets" ADD CONSTRAINT "signing_baskets_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_baskets" ADD CONSTRAINT "signing_baskets_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_duplicate_idx" ON "payments" USING btree ("tpp_id","duplicate_key","created_at");--> statement-breakpoint
CREATE INDEX "payments_due_idx" ON "payments" USING btree ("status","execution_date");--> statement-breakpoint
CREATE INDEX "payments_basket_idx" ON "payments" USING btree ("basket_id");