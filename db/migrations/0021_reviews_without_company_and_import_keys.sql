ALTER TABLE "reviews" DROP CONSTRAINT "reviews_company_id_companies_id_fk";
--> statement-breakpoint
ALTER TABLE "reviews" DROP CONSTRAINT "reviews_import_id_review_imports_id_fk";
