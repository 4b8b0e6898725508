-- Which writes make a battlecard document stale: every table and column documents/battlecards.ts reads
-- (tests/integration/document-staleness.test.ts derives that list from the read query and checks this file).

-- The battlecard itself.
CREATE TRIGGER search_battlecards_on_battlecards AFTER INSERT OR UPDATE OR DELETE ON battlecards
  FOR EACH ROW EXECUTE FUNCTION search_mark_row('battlecards');

-- The titles of the cards on it.
CREATE OR REPLACE FUNCTION search_battlecards_on_cards() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record := coalesce(NEW, OLD);
BEGIN
  PERFORM search_mark('battlecards', r.company_id, ARRAY(
    SELECT b.id FROM battlecards b WHERE b.company_id IN (OLD.company_id, NEW.company_id)
      AND r.id = ANY(search_battlecard_card_ids(b.cards))));
  RETURN NULL;
END $$;
CREATE TRIGGER search_battlecards_on_cards AFTER INSERT OR DELETE ON cards
  FOR EACH ROW EXECUTE FUNCTION search_battlecards_on_cards();
CREATE TRIGGER search_battlecards_on_cards_update AFTER UPDATE ON cards FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.company_id IS DISTINCT FROM NEW.company_id)
  EXECUTE FUNCTION search_battlecards_on_cards();

-- Its profile's and rival's names and whether they are published (its audiences).
CREATE OR REPLACE FUNCTION search_battlecards_on_profiles() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_mark('battlecards', NEW.company_id, ARRAY(SELECT id FROM battlecards WHERE profile_id = NEW.id));
  RETURN NULL;
END $$;
CREATE TRIGGER search_battlecards_on_profiles AFTER UPDATE ON profiles FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.rival_id IS DISTINCT FROM NEW.rival_id
        OR OLD.is_draft IS DISTINCT FROM NEW.is_draft OR OLD.is_template IS DISTINCT FROM NEW.is_template)
  EXECUTE FUNCTION search_battlecards_on_profiles();

CREATE OR REPLACE FUNCTION search_battlecards_on_rivals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_mark('battlecards', NEW.company_id, ARRAY(
    SELECT bc.id FROM battlecards bc JOIN profiles p ON p.id = bc.profile_id WHERE p.rival_id = NEW.id));
  RETURN NULL;
END $$;
CREATE TRIGGER search_battlecards_on_rivals AFTER UPDATE ON rivals FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name
        OR OLD.is_draft IS DISTINCT FROM NEW.is_draft OR OLD.is_template IS DISTINCT FROM NEW.is_template)
  EXECUTE FUNCTION search_battlecards_on_rivals();
