-- Which writes make an interview document stale: every table and column documents/interviews.ts reads
-- (tests/integration/document-staleness.test.ts derives that list from the read query and checks this file).

-- The interview itself.
CREATE TRIGGER search_interviews_on_interviews AFTER INSERT OR UPDATE OR DELETE ON interviews
  FOR EACH ROW EXECUTE FUNCTION search_mark_row('interviews');

-- Its passages: a transcript writes them by the hundred in one statement, so marking is statement-level, grouped.
-- An update may move a passage to another interview: both are stale then.
CREATE OR REPLACE FUNCTION search_interviews_on_passages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM search_mark('interviews', company_id, array_agg(DISTINCT interview_id)) FROM old_rows GROUP BY company_id;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM search_mark('interviews', company_id, array_agg(DISTINCT interview_id)) FROM new_rows GROUP BY company_id;
  ELSE
    PERFORM search_mark('interviews', company_id, array_agg(DISTINCT interview_id))
    FROM (SELECT company_id, interview_id FROM old_rows UNION SELECT company_id, interview_id FROM new_rows) moved GROUP BY company_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER search_interviews_on_passages_insert AFTER INSERT ON interview_passages
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_interviews_on_passages();
CREATE TRIGGER search_interviews_on_passages_update AFTER UPDATE ON interview_passages
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_interviews_on_passages();
CREATE TRIGGER search_interviews_on_passages_delete AFTER DELETE ON interview_passages
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_interviews_on_passages();

-- The deal's name, account, rivals and outcome. Only deals with interviews mark anything: an import's batch of
-- thousands of deals without one costs a join that finds nothing.
CREATE OR REPLACE FUNCTION search_interviews_on_deals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_mark('interviews', i.company_id, array_agg(i.id))
  FROM new_rows d JOIN interviews i ON i.deal_id = d.id GROUP BY i.company_id;
  RETURN NULL;
END $$;
CREATE TRIGGER search_interviews_on_deals_update AFTER UPDATE ON deals
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_interviews_on_deals();

-- A rival's name, a rival gone or back under an id deals name.
CREATE OR REPLACE FUNCTION search_interviews_on_rivals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record := coalesce(NEW, OLD);
BEGIN
  PERFORM search_mark('interviews', i.company_id, array_agg(i.id))
  FROM deals d JOIN interviews i ON i.deal_id = d.id WHERE d.rival_ids @> ARRAY[r.id] GROUP BY i.company_id;
  RETURN NULL;
END $$;
CREATE TRIGGER search_interviews_on_rivals_update AFTER UPDATE ON rivals FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION search_interviews_on_rivals();
CREATE TRIGGER search_interviews_on_rivals_insert_delete AFTER INSERT OR DELETE ON rivals FOR EACH ROW EXECUTE FUNCTION search_interviews_on_rivals();
