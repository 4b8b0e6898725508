CREATE TABLE "search_outbox" (
	"index" text NOT NULL,
	"doc_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"version" bigint NOT NULL,
	"indexed_version" bigint DEFAULT 0 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_outbox_index_doc_id_pk" PRIMARY KEY("index","doc_id")
);
--> statement-breakpoint
CREATE INDEX "search_outbox_pending_idx" ON "search_outbox" USING btree ("version") WHERE "search_outbox"."version" > "search_outbox"."indexed_version";