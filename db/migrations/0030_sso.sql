CREATE TABLE "saml_message_ids" (
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"company_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "saml_message_ids_kind_company_id_id_pk" PRIMARY KEY("kind","company_id","id")
);
--> statement-breakpoint
CREATE TABLE "sso_domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"protocol" text NOT NULL,
	"oidc_issuer" text,
	"oidc_client_id" text,
	"oidc_client_secret" text,
	"saml_metadata_xml" text,
	"saml_entity_id" text,
	"saml_sso_url" text,
	"saml_certificates" text[] DEFAULT '{}'::text[] NOT NULL,
	"saml_groups_attribute" text,
	"require_sso" boolean DEFAULT false NOT NULL,
	"break_glass_user_id" integer,
	"default_role" text DEFAULT 'consumer' NOT NULL,
	"default_visibility_group_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"group_mappings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "saml_message_ids" ADD CONSTRAINT "saml_message_ids_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_domains" ADD CONSTRAINT "sso_domains_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_settings" ADD CONSTRAINT "sso_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_settings" ADD CONSTRAINT "sso_settings_break_glass_user_id_users_id_fk" FOREIGN KEY ("break_glass_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_settings" ADD CONSTRAINT "sso_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saml_message_ids_expiry_idx" ON "saml_message_ids" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sso_domains_company_idx" ON "sso_domains" USING btree ("company_id");