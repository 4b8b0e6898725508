-- Which writes make a call document stale: every table and column documents/calls.ts reads
-- (tests/integration/document-staleness.test.ts derives that list from the read query and checks this file).

-- The call itself. Statement-level, as deals: an import writes calls two hundred to a statement
-- (search-api/calls/service.ts), and marking from the transition table costs one outbox statement per company.
CREATE OR REPLACE FUNCTION search_calls_on_calls() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM search_mark('calls', company_id, array_agg(id)) FROM old_rows GROUP BY company_id;
  ELSE
    PERFORM search_mark('calls', company_id, array_agg(id)) FROM new_rows GROUP BY company_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER search_calls_on_calls_insert AFTER INSERT ON calls
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_calls_on_calls();
CREATE TRIGGER search_calls_on_calls_update AFTER UPDATE ON calls
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_calls_on_calls();
CREATE TRIGGER search_calls_on_calls_delete AFTER DELETE ON calls
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_calls_on_calls();

-- A call's passages and the rivals they name: written with their call, whose statement marked it already in the same
-- transaction, so only passages and mentions of calls this transaction did not write mark anything.
CREATE OR REPLACE FUNCTION search_calls_on_call_parts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM search_mark('calls', company_id, array_agg(DISTINCT call_id)) FROM new_rows p
    WHERE NOT EXISTS (SELECT 1 FROM calls c WHERE c.id = p.call_id AND c.xmin = pg_current_xact_id()::xid)
    GROUP BY company_id;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM search_mark('calls', company_id, array_agg(DISTINCT call_id)) FROM old_rows p
    WHERE NOT EXISTS (SELECT 1 FROM calls c WHERE c.id = p.call_id AND c.xmin = pg_current_xact_id()::xid)
    GROUP BY company_id;
  ELSE
    PERFORM search_mark('calls', company_id, array_agg(DISTINCT call_id))
    FROM (SELECT company_id, call_id FROM old_rows UNION SELECT company_id, call_id FROM new_rows) moved
    GROUP BY company_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER search_calls_on_call_passages_insert AFTER INSERT ON call_passages
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_calls_on_call_parts();
CREATE TRIGGER search_calls_on_call_passages_update AFTER UPDATE ON call_passages
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_calls_on_call_parts();
CREATE TRIGGER search_calls_on_call_passages_delete AFTER DELETE ON call_passages
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_calls_on_call_parts();
CREATE TRIGGER search_calls_on_call_mentions_insert AFTER INSERT ON call_mentions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_calls_on_call_parts();
CREATE TRIGGER search_calls_on_call_mentions_update AFTER UPDATE ON call_mentions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_calls_on_call_parts();
CREATE TRIGGER search_calls_on_call_mentions_delete AFTER DELETE ON call_mentions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_calls_on_call_parts();

-- A rival's name.
CREATE OR REPLACE FUNCTION search_calls_on_rivals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_mark('calls', NEW.company_id, ARRAY(SELECT DISTINCT call_id FROM call_mentions WHERE rival_id = NEW.id));
  RETURN NULL;
END $$;
CREATE TRIGGER search_calls_on_rivals AFTER UPDATE ON rivals FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION search_calls_on_rivals();
