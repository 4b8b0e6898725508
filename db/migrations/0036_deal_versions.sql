-- Win/loss read model freshness (search-api/winLoss/facts.ts): a per-company version that every statement writing
-- deals or deal_reasons bumps in its own transaction, so a server holding a company's deals in memory knows, with one
-- primary-key read, whether they are still current. Statement-level, so a bulk upsert bumps once, not per row.
CREATE TABLE deal_versions (
  company_id integer PRIMARY KEY,
  version bigint NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION bump_deal_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO deal_versions (company_id, version) SELECT DISTINCT company_id, 1 FROM old_rows
      ON CONFLICT (company_id) DO UPDATE SET version = deal_versions.version + 1;
  ELSE
    INSERT INTO deal_versions (company_id, version) SELECT DISTINCT company_id, 1 FROM new_rows
      ON CONFLICT (company_id) DO UPDATE SET version = deal_versions.version + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER deal_versions_on_deals_insert AFTER INSERT ON deals
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_deal_versions();
--> statement-breakpoint
CREATE TRIGGER deal_versions_on_deals_update AFTER UPDATE ON deals
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_deal_versions();
--> statement-breakpoint
CREATE TRIGGER deal_versions_on_deals_delete AFTER DELETE ON deals
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_deal_versions();
--> statement-breakpoint
CREATE TRIGGER deal_versions_on_deal_reasons_insert AFTER INSERT ON deal_reasons
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_deal_versions();
--> statement-breakpoint
CREATE TRIGGER deal_versions_on_deal_reasons_update AFTER UPDATE ON deal_reasons
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_deal_versions();
--> statement-breakpoint
CREATE TRIGGER deal_versions_on_deal_reasons_delete AFTER DELETE ON deal_reasons
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_deal_versions();
