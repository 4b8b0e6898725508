CREATE TABLE "review_import_analyses" (
	"row_id" integer PRIMARY KEY NOT NULL,
	"analysis" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review_import_rows" DROP COLUMN "analysis";