-- A card's and a battlecard's audiences depend on whether its rival and profile are published
-- (mappings/audiences.ts), so publishing or drafting a rival or profile reindexes what hangs on it.
CREATE OR REPLACE FUNCTION search_on_profile() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.name IS DISTINCT FROM OLD.name OR NEW.rival_id IS DISTINCT FROM OLD.rival_id
     OR NEW.is_draft IS DISTINCT FROM OLD.is_draft OR NEW.is_template IS DISTINCT FROM OLD.is_template THEN
    PERFORM search_mark('cards', NEW.company_id,
      ARRAY(SELECT c.id FROM cards c JOIN boards b ON b.id = c.board_id WHERE b.profile_id = NEW.id));
    PERFORM search_mark('battlecards', NEW.company_id, ARRAY(SELECT id FROM battlecards WHERE profile_id = NEW.id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_on_rival() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.name IS DISTINCT FROM OLD.name
     OR NEW.is_draft IS DISTINCT FROM OLD.is_draft OR NEW.is_template IS DISTINCT FROM OLD.is_template THEN
    PERFORM search_mark('cards', NEW.company_id, ARRAY(
      SELECT c.id FROM cards c JOIN boards b ON b.id = c.board_id JOIN profiles p ON p.id = b.profile_id
      WHERE p.rival_id = NEW.id));
    PERFORM search_mark('battlecards', NEW.company_id, ARRAY(
      SELECT bc.id FROM battlecards bc JOIN profiles p ON p.id = bc.profile_id WHERE p.rival_id = NEW.id));
  END IF;
  IF NEW.name IS DISTINCT FROM OLD.name THEN
    PERFORM search_mark('intel', NEW.company_id, ARRAY(SELECT intel_id FROM intel_rivals WHERE rival_id = NEW.id));
  END IF;
  RETURN NULL;
END $$;
