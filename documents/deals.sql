-- Which writes make a deal document stale: every table and column documents/deals.ts reads
-- (tests/integration/document-staleness.test.ts derives that list from the read query and checks this file).

-- The deal itself and the reasons given for it. Statement-level, as reviews: an import or a sync writes deals five
-- thousand to a statement (db/deals.ts upsertDeals), and marking straight from the transition table, grouped by
-- company, costs one outbox statement per company rather than a trigger call per row.
CREATE OR REPLACE FUNCTION search_deals_on_deals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM search_mark('deals', company_id, array_agg(id)) FROM old_rows GROUP BY company_id;
  ELSE
    PERFORM search_mark('deals', company_id, array_agg(id)) FROM new_rows GROUP BY company_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER search_deals_on_deals_insert AFTER INSERT ON deals
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_deals_on_deals();
CREATE TRIGGER search_deals_on_deals_update AFTER UPDATE ON deals
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_deals_on_deals();
CREATE TRIGGER search_deals_on_deals_delete AFTER DELETE ON deals
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_deals_on_deals();

-- A reason given names its deal; an update may move it to another deal, so both sides are then stale. Reasons
-- inserted for deals this very transaction wrote (an import's or a sync's batch) mark nothing more: the deals'
-- statement marked them already, and marking twice cost an import a fifth of its writing time.
CREATE OR REPLACE FUNCTION search_deals_on_deal_reasons() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM search_mark('deals', company_id, array_agg(deal_id)) FROM new_rows r
    WHERE NOT EXISTS (SELECT 1 FROM deals d WHERE d.id = r.deal_id AND d.xmin = pg_current_xact_id()::xid)
    GROUP BY company_id;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM search_mark('deals', company_id, array_agg(deal_id)) FROM old_rows GROUP BY company_id;
  ELSE
    PERFORM search_mark('deals', company_id, array_agg(deal_id))
    FROM (SELECT company_id, deal_id FROM old_rows UNION SELECT company_id, deal_id FROM new_rows) moved
    GROUP BY company_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER search_deals_on_deal_reasons_insert AFTER INSERT ON deal_reasons
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_deals_on_deal_reasons();
CREATE TRIGGER search_deals_on_deal_reasons_update AFTER UPDATE ON deal_reasons
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_deals_on_deal_reasons();
CREATE TRIGGER search_deals_on_deal_reasons_delete AFTER DELETE ON deal_reasons
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_deals_on_deal_reasons();

-- A reason's name in the taxonomy (a rename reaches every deal citing it; a delete cascades to deal_reasons).
CREATE OR REPLACE FUNCTION search_deals_on_win_loss_reasons() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_mark('deals', NEW.company_id, ARRAY(SELECT DISTINCT deal_id FROM deal_reasons WHERE reason_id = NEW.id));
  RETURN NULL;
END $$;
CREATE TRIGGER search_deals_on_win_loss_reasons AFTER UPDATE ON win_loss_reasons FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION search_deals_on_win_loss_reasons();

-- A rival's name, a rival gone and a rival (back) under an id deals name: rival_ids holds no foreign key, so a deal
-- names its rivals by what the rivals table holds now.
CREATE OR REPLACE FUNCTION search_deals_on_rivals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record := coalesce(NEW, OLD);
BEGIN
  PERFORM search_mark('deals', company_id, array_agg(id)) FROM deals WHERE rival_ids @> ARRAY[r.id] GROUP BY company_id;
  RETURN NULL;
END $$;
CREATE TRIGGER search_deals_on_rivals_update AFTER UPDATE ON rivals FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION search_deals_on_rivals();
CREATE TRIGGER search_deals_on_rivals_insert_delete AFTER INSERT OR DELETE ON rivals FOR EACH ROW EXECUTE FUNCTION search_deals_on_rivals();
