-- A landing page's generated sections are written per reader's language too; those made so far are English.
DROP INDEX "landing_sections_unique";--> statement-breakpoint
ALTER TABLE "landing_sections" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "landing_sections_unique" ON "landing_sections" USING btree ("profile_id","scope","language","section_type");