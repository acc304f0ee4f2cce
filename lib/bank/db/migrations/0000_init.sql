CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"bban" text NOT NULL,
	"iban" text NOT NULL,
	"bic" text NOT NULL,
	"currency" text NOT NULL,
	"name" text NOT NULL,
	"product" text NOT NULL,
	"cash_account_type" text NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"usage" text NOT NULL,
	"owner_name" text NOT NULL,
	"kid_required" boolean DEFAULT false NOT NULL,
	"booked_balance" numeric(23, 5) NOT NULL,
	"credit_limit" numeric(23, 5) DEFAULT '0' NOT NULL,
	"origin" text DEFAULT 'manual' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "accounts_bban_unique" UNIQUE("bban"),
	CONSTRAINT "accounts_iban_unique" UNIQUE("iban")
);
--> statement-breakpoint
CREATE TABLE "agreement_accounts" (
	"agreement_id" text NOT NULL,
	"account_id" text NOT NULL,
	CONSTRAINT "agreement_accounts_agreement_id_account_id_pk" PRIMARY KEY("agreement_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "agreements" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"name" text NOT NULL,
	"organisation_number" text NOT NULL,
	"origin" text DEFAULT 'manual' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "authorisations" (
	"id" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"purpose" text NOT NULL,
	"tpp_id" text NOT NULL,
	"tpp_session_id" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"redirect_preferred" boolean DEFAULT true NOT NULL,
	"expected_customer_id" text,
	"expected_agreement_id" text,
	"resource_id" text,
	"sca_status" text DEFAULT 'received' NOT NULL,
	"login_failures" integer DEFAULT 0 NOT NULL,
	"customer_id" text,
	"context" text,
	"agreement_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "authorisations_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "card_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"masked_pan" text NOT NULL,
	"currency" text NOT NULL,
	"name" text NOT NULL,
	"product" text NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"usage" text NOT NULL,
	"owner_name" text NOT NULL,
	"credit_limit" numeric(23, 5) NOT NULL,
	"booked_balance" numeric(23, 5) NOT NULL,
	"related_account_id" text,
	"origin" text DEFAULT 'manual' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_transactions" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"card_account_id" text NOT NULL,
	"status" text NOT NULL,
	"booking_date" date,
	"transaction_date" date NOT NULL,
	"sort_date" date NOT NULL,
	"amount" numeric(23, 5) NOT NULL,
	"currency" text NOT NULL,
	"original_amount" numeric(23, 5) NOT NULL,
	"original_currency" text NOT NULL,
	"merchant_name" text,
	"merchant_category_code" text NOT NULL,
	"origin" text DEFAULT 'manual' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "card_transactions_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "consents" (
	"tpp_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"resource_type" text NOT NULL,
	"resource_id" text NOT NULL,
	"granted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "consents_tpp_id_customer_id_resource_type_resource_id_pk" PRIMARY KEY("tpp_id","customer_id","resource_type","resource_id")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_number" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"origin" text DEFAULT 'manual' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "customers_customer_number_unique" UNIQUE("customer_number")
);
--> statement-breakpoint
CREATE TABLE "psu_corporate_ids" (
	"tpp_id" text NOT NULL,
	"agreement_id" text NOT NULL,
	"psu_corporate_id" uuid NOT NULL,
	CONSTRAINT "psu_corporate_ids_tpp_id_agreement_id_pk" PRIMARY KEY("tpp_id","agreement_id"),
	CONSTRAINT "psu_corporate_ids_psu_corporate_id_unique" UNIQUE("psu_corporate_id")
);
--> statement-breakpoint
CREATE TABLE "psu_ids" (
	"tpp_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"psu_id" uuid NOT NULL,
	CONSTRAINT "psu_ids_tpp_id_customer_id_pk" PRIMARY KEY("tpp_id","customer_id"),
	CONSTRAINT "psu_ids_psu_id_unique" UNIQUE("psu_id")
);
--> statement-breakpoint
CREATE TABLE "sca_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"tpp_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"tpp_session_id" text NOT NULL,
	"context" text NOT NULL,
	"agreement_id" text,
	"authenticated_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"replaced_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tpps" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"roles" jsonb NOT NULL,
	"contact_email" text,
	"registered_at" timestamp with time zone NOT NULL,
	"registered_through" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"account_id" text NOT NULL,
	"status" text NOT NULL,
	"booking_date" date,
	"value_date" date NOT NULL,
	"sort_date" date NOT NULL,
	"amount" numeric(23, 5) NOT NULL,
	"currency" text NOT NULL,
	"entry_reference" text,
	"end_to_end_id" text,
	"creditor_name" text,
	"creditor_account" jsonb,
	"debtor_name" text,
	"debtor_account" jsonb,
	"remittance_unstructured" text,
	"remittance_structured" text,
	"proprietary_code" text,
	"details" jsonb,
	"payment_id" text,
	"origin" text DEFAULT 'manual' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "transactions_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "unattended_access" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"tpp_id" text NOT NULL,
	"resource_id" text NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "web_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_accounts" ADD CONSTRAINT "agreement_accounts_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_accounts" ADD CONSTRAINT "agreement_accounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreements" ADD CONSTRAINT "agreements_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "authorisations" ADD CONSTRAINT "authorisations_tpp_id_tpps_id_fk" FOREIGN KEY ("tpp_id") REFERENCES "public"."tpps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "authorisations" ADD CONSTRAINT "authorisations_expected_customer_id_customers_id_fk" FOREIGN KEY ("expected_customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "authorisations" ADD CONSTRAINT "authorisations_expected_agreement_id_agreements_id_fk" FOREIGN KEY ("expected_agreement_id") REFERENCES "public"."agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "authorisations" ADD CONSTRAINT "authorisations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "authorisations" ADD CONSTRAINT "authorisations_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_accounts" ADD CONSTRAINT "card_accounts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_accounts" ADD CONSTRAINT "card_accounts_related_account_id_accounts_id_fk" FOREIGN KEY ("related_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_transactions" ADD CONSTRAINT "card_transactions_card_account_id_card_accounts_id_fk" FOREIGN KEY ("card_account_id") REFERENCES "public"."card_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_tpp_id_tpps_id_fk" FOREIGN KEY ("tpp_id") REFERENCES "public"."tpps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "psu_corporate_ids" ADD CONSTRAINT "psu_corporate_ids_tpp_id_tpps_id_fk" FOREIGN KEY ("tpp_id") REFERENCES "public"."tpps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "psu_corporate_ids" ADD CONSTRAINT "psu_corporate_ids_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "psu_ids" ADD CONSTRAINT "psu_ids_tpp_id_tpps_id_fk" FOREIGN KEY ("tpp_id") REFERENCES "public"."tpps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "psu_ids" ADD CONSTRAINT "psu_ids_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sca_sessions" ADD CONSTRAINT "sca_sessions_tpp_id_tpps_id_fk" FOREIGN KEY ("tpp_id") REFERENCES "public"."tpps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sca_sessions" ADD CONSTRAINT "sca_sessions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sca_sessions" ADD CONSTRAINT "sca_sessions_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_sessions" ADD CONSTRAINT "web_sessions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_customer_idx" ON "accounts" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "agreement_accounts_account_idx" ON "agreement_accounts" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "agreements_customer_idx" ON "agreements" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "authorisations_resource_idx" ON "authorisations" USING btree ("resource_id");--> statement-breakpoint
CREATE INDEX "card_accounts_customer_idx" ON "card_accounts" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "card_transactions_listing_idx" ON "card_transactions" USING btree ("card_account_id","status","sort_date" DESC NULLS LAST,"seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sca_sessions_lookup_idx" ON "sca_sessions" USING btree ("tpp_id","customer_id","tpp_session_id");--> statement-breakpoint
CREATE INDEX "transactions_listing_idx" ON "transactions" USING btree ("account_id","status","sort_date" DESC NULLS LAST,"seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "transactions_payment_idx" ON "transactions" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "unattended_access_idx" ON "unattended_access" USING btree ("tpp_id","resource_id","kind","at");