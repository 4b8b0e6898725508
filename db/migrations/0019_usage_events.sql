CREATE TABLE "search_query_days" (
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"role" text NOT NULL,
	"context" text NOT NULL,
	"query" text NOT NULL,
	"searches" integer DEFAULT 0 NOT NULL,
	"zero_results" integer DEFAULT 0 NOT NULL,
	"opened" integer DEFAULT 0 NOT NULL,
	"rank_sum" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "search_query_days_company_id_day_role_context_query_pk" PRIMARY KEY("company_id","day","role","context","query")
);
--> statement-breakpoint
CREATE TABLE "usage_events" (
	"id" bigserial NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer,
	"role" text NOT NULL,
	"kind" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"subject_id" integer,
	"rival_id" integer,
	"source" text,
	"query" text,
	"search_id" uuid,
	"results" integer,
	"rank" integer,
	"seconds" integer,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL
) PARTITION BY RANGE ("occurred_at");
--> statement-breakpoint
-- Months get their own partition ahead of time (search-api/usage/partitions.ts); this one only catches what
-- arrives for a month that has none yet, so a write never fails.
CREATE TABLE "usage_events_default" PARTITION OF "usage_events" DEFAULT;
--> statement-breakpoint
CREATE TABLE "usage_subject_days" (
	"company_id" integer NOT NULL,
	"subject_type" text NOT NULL,
	"day" date NOT NULL,
	"subject_id" integer NOT NULL,
	"role" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_subject_days_company_id_subject_type_day_subject_id_role_pk" PRIMARY KEY("company_id","subject_type","day","subject_id","role")
);
--> statement-breakpoint
CREATE TABLE "usage_user_days" (
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"events" integer DEFAULT 0 NOT NULL,
	"page_views" integer DEFAULT 0 NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"visit_seconds" integer DEFAULT 0 NOT NULL,
	"card_views" integer DEFAULT 0 NOT NULL,
	"battlecard_views" integer DEFAULT 0 NOT NULL,
	"profile_views" integer DEFAULT 0 NOT NULL,
	"searches" integer DEFAULT 0 NOT NULL,
	"asks" integer DEFAULT 0 NOT NULL,
	"shares" integer DEFAULT 0 NOT NULL,
	"intel_submitted" integer DEFAULT 0 NOT NULL,
	"cards_created" integer DEFAULT 0 NOT NULL,
	"cards_updated" integer DEFAULT 0 NOT NULL,
	"intel_triaged" integer DEFAULT 0 NOT NULL,
	"triage_seconds" bigint DEFAULT 0 NOT NULL,
	"intel_published" integer DEFAULT 0 NOT NULL,
	"digests_sent" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_user_days_company_id_day_user_id_pk" PRIMARY KEY("company_id","day","user_id")
);
--> statement-breakpoint
ALTER TABLE "search_query_days" ADD CONSTRAINT "search_query_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_events" ADD CONSTRAINT "usage_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_events" ADD CONSTRAINT "usage_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_subject_days" ADD CONSTRAINT "usage_subject_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_user_days" ADD CONSTRAINT "usage_user_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_user_days" ADD CONSTRAINT "usage_user_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "usage_events_user_idx" ON "usage_events" USING btree ("company_id","user_id","kind","occurred_at");--> statement-breakpoint
ALTER TABLE "email_digests" ADD COLUMN "tracking_token" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "email_digests_tracking_token_unique" ON "email_digests" USING btree ("tracking_token");--> statement-breakpoint
CREATE TABLE "usage_company_days" (
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"role" text NOT NULL,
	"active_users" integer DEFAULT 0 NOT NULL,
	"events" integer DEFAULT 0 NOT NULL,
	"page_views" integer DEFAULT 0 NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"visit_seconds" integer DEFAULT 0 NOT NULL,
	"card_views" integer DEFAULT 0 NOT NULL,
	"battlecard_views" integer DEFAULT 0 NOT NULL,
	"profile_views" integer DEFAULT 0 NOT NULL,
	"searches" integer DEFAULT 0 NOT NULL,
	"asks" integer DEFAULT 0 NOT NULL,
	"shares" integer DEFAULT 0 NOT NULL,
	"intel_submitted" integer DEFAULT 0 NOT NULL,
	"cards_created" integer DEFAULT 0 NOT NULL,
	"cards_updated" integer DEFAULT 0 NOT NULL,
	"intel_triaged" integer DEFAULT 0 NOT NULL,
	"triage_seconds" bigint DEFAULT 0 NOT NULL,
	"intel_published" integer DEFAULT 0 NOT NULL,
	"digests_sent" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_company_days_company_id_day_role_pk" PRIMARY KEY("company_id","day","role")
);
--> statement-breakpoint
ALTER TABLE "usage_company_days" ADD CONSTRAINT "usage_company_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;