CREATE TABLE "slack_request_signatures" (
	"signature" text PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "slack_users" (
	"company_id" integer NOT NULL,
	"integration_id" integer NOT NULL,
	"slack_user_id" text NOT NULL,
	"user_id" integer,
	"display_name" text DEFAULT '' NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slack_users_integration_id_slack_user_id_pk" PRIMARY KEY("integration_id","slack_user_id")
);
--> statement-breakpoint
ALTER TABLE "slack_users" ADD CONSTRAINT "slack_users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slack_users" ADD CONSTRAINT "slack_users_integration_id_chat_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."chat_integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slack_users" ADD CONSTRAINT "slack_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "slack_request_signatures_received_idx" ON "slack_request_signatures" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "slack_users_company_idx" ON "slack_users" USING btree ("company_id");