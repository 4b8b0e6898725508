-- An insight keeps the figures of its summary line rather than the English line, which readers now get in their
-- own language; the summary column keeps only what a model wrote. Existing lines give back their figures.
ALTER TABLE "insights" ALTER COLUMN "summary" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "insights" ADD COLUMN "opinions" integer;--> statement-breakpoint
ALTER TABLE "insights" ADD COLUMN "usual_share" real;--> statement-breakpoint
UPDATE "insights" SET
  "opinions" = coalesce(substring("summary" from ' of (\d+) opinions')::int, 0),
  "usual_share" = coalesce(substring("summary" from 'against (\d+)%')::real / 100, 0),
  "summary" = CASE WHEN "summary_written_from" IS NULL THEN NULL ELSE "summary" END;--> statement-breakpoint
ALTER TABLE "insights" ALTER COLUMN "opinions" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "insights" ALTER COLUMN "usual_share" SET NOT NULL;--> statement-breakpoint
-- Cached aspect summaries held the English line of their counts, which the screen now writes itself.
UPDATE "aspects" SET "summary" = NULL, "summary_at" = NULL WHERE "summary" IS NOT NULL;
