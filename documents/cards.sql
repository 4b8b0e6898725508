-- Which writes make a card document stale: every table and column documents/cards.ts reads
-- (tests/integration/document-staleness.test.ts derives that list from the read query and checks this file).

-- The card itself, its tags, visibility groups and sources.
CREATE TRIGGER search_cards_on_cards AFTER INSERT OR UPDATE OR DELETE ON cards
  FOR EACH ROW EXECUTE FUNCTION search_mark_row('cards');
CREATE TRIGGER search_cards_on_card_tags AFTER INSERT OR UPDATE OR DELETE ON card_tags
  FOR EACH ROW EXECUTE FUNCTION search_mark_referenced('cards', 'card_id');
CREATE TRIGGER search_cards_on_card_visibility_groups AFTER INSERT OR UPDATE OR DELETE ON card_visibility_groups
  FOR EACH ROW EXECUTE FUNCTION search_mark_referenced('cards', 'card_id');
CREATE TRIGGER search_cards_on_card_sources AFTER INSERT OR UPDATE OR DELETE ON card_sources
  FOR EACH ROW EXECUTE FUNCTION search_mark_referenced('cards', 'card_id');

-- Its board's name (the Scratchpad) and profile, its profile's and rival's names and whether they are
-- published (its audiences), its tags' names and its author's name.
CREATE OR REPLACE FUNCTION search_cards_on_boards() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_mark('cards', NEW.company_id, ARRAY(SELECT id FROM cards WHERE board_id = NEW.id));
  RETURN NULL;
END $$;
CREATE TRIGGER search_cards_on_boards AFTER UPDATE ON boards FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.profile_id IS DISTINCT FROM NEW.profile_id)
  EXECUTE FUNCTION search_cards_on_boards();

CREATE OR REPLACE FUNCTION search_cards_on_profiles() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_mark('cards', NEW.company_id,
    ARRAY(SELECT c.id FROM cards c JOIN boards b ON b.id = c.board_id WHERE b.profile_id = NEW.id));
  RETURN NULL;
END $$;
CREATE TRIGGER search_cards_on_profiles AFTER UPDATE ON profiles FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.rival_id IS DISTINCT FROM NEW.rival_id
        OR OLD.is_draft IS DISTINCT FROM NEW.is_draft OR OLD.is_template IS DISTINCT FROM NEW.is_template)
  EXECUTE FUNCTION search_cards_on_profiles();

CREATE OR REPLACE FUNCTION search_cards_on_rivals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_mark('cards', NEW.company_id, ARRAY(
    SELECT c.id FROM cards c JOIN boards b ON b.id = c.board_id JOIN profiles p ON p.id = b.profile_id
    WHERE p.rival_id = NEW.id));
  RETURN NULL;
END $$;
CREATE TRIGGER search_cards_on_rivals AFTER UPDATE ON rivals FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name
        OR OLD.is_draft IS DISTINCT FROM NEW.is_draft OR OLD.is_template IS DISTINCT FROM NEW.is_template)
  EXECUTE FUNCTION search_cards_on_rivals();

CREATE OR REPLACE FUNCTION search_cards_on_tags() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_mark('cards', NEW.company_id, ARRAY(SELECT card_id FROM card_tags WHERE tag_id = NEW.id));
  RETURN NULL;
END $$;
CREATE TRIGGER search_cards_on_tags AFTER UPDATE ON tags FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION search_cards_on_tags();

CREATE OR REPLACE FUNCTION search_cards_on_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_mark('cards', NEW.company_id, ARRAY(SELECT id FROM cards WHERE author_id = NEW.id));
  RETURN NULL;
END $$;
CREATE TRIGGER search_cards_on_users AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION search_cards_on_users();

-- The battlecards it is on: the cards of a battlecard's layout before and after the write.
CREATE OR REPLACE FUNCTION search_cards_on_battlecards() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record := coalesce(NEW, OLD);
BEGIN
  PERFORM search_mark('cards', r.company_id, ARRAY(
    SELECT unnest(search_battlecard_card_ids(CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE OLD.cards END))
    UNION SELECT unnest(search_battlecard_card_ids(CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE NEW.cards END))));
  RETURN NULL;
END $$;
CREATE TRIGGER search_cards_on_battlecards AFTER INSERT OR DELETE ON battlecards
  FOR EACH ROW EXECUTE FUNCTION search_cards_on_battlecards();
CREATE TRIGGER search_cards_on_battlecards_update AFTER UPDATE ON battlecards FOR EACH ROW
  WHEN (OLD.cards IS DISTINCT FROM NEW.cards OR OLD.profile_id IS DISTINCT FROM NEW.profile_id)
  EXECUTE FUNCTION search_cards_on_battlecards();

-- The knowledge-hub variables it inserts (documents/variables.ts puts their values in its text): a variable
-- created, changed, renamed or deleted marks the cards that insert its key, before and after the write.
CREATE OR REPLACE FUNCTION search_cards_on_knowledge_variables() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record := coalesce(NEW, OLD);
BEGIN
  PERFORM search_mark('cards', r.company_id, ARRAY(
    SELECT c.id FROM cards c WHERE c.company_id = r.company_id AND (
      (TG_OP <> 'INSERT' AND strpos(c.text_html, 'data-variable="' || OLD.key || '"') > 0)
      OR (TG_OP <> 'DELETE' AND strpos(c.text_html, 'data-variable="' || NEW.key || '"') > 0))));
  RETURN NULL;
END $$;
CREATE TRIGGER search_cards_on_knowledge_variables AFTER INSERT OR DELETE ON knowledge_variables
  FOR EACH ROW EXECUTE FUNCTION search_cards_on_knowledge_variables();
CREATE TRIGGER search_cards_on_knowledge_variables_update AFTER UPDATE ON knowledge_variables FOR EACH ROW
  WHEN (OLD.key IS DISTINCT FROM NEW.key OR OLD.value IS DISTINCT FROM NEW.value)
  EXECUTE FUNCTION search_cards_on_knowledge_variables();
