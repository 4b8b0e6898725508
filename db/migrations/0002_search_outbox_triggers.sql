-- Change capture for the search indexer: every write that changes a search document marks it in
-- search_outbox in the same transaction. See searchOutbox in db/schema.ts.
CREATE SEQUENCE IF NOT EXISTS search_version_seq;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_mark(p_index text, p_company integer, p_ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_ids IS NULL OR cardinality(p_ids) = 0 THEN RETURN; END IF;
  -- The version of an existing row is drawn in DO UPDATE, after its lock is held, so versions of one
  -- document follow commit order even when two transactions touch it at once.
  INSERT INTO search_outbox AS o (index, doc_id, company_id, version, changed_at)
  SELECT p_index, d, p_company, nextval('search_version_seq'), clock_timestamp()
  FROM (SELECT DISTINCT d FROM unnest(p_ids) AS d WHERE d IS NOT NULL) ids
  ON CONFLICT (index, doc_id) DO UPDATE
    SET version = nextval('search_version_seq'), changed_at = clock_timestamp(), company_id = EXCLUDED.company_id;
  PERFORM pg_notify('search_outbox', p_index);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_battlecards_with_cards(p_company integer, p_card_ids integer[]) RETURNS integer[]
LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(b.id), '{}') FROM battlecards b
  WHERE b.company_id = p_company AND EXISTS (
    SELECT 1 FROM jsonb_each(b.cards) AS layout(name, ids), jsonb_array_elements(layout.ids) AS c(id)
    WHERE jsonb_typeof(layout.ids) = 'array' AND (c.id)::text::int = ANY (p_card_ids))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_battlecard_card_ids(p_cards jsonb) RETURNS integer[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(DISTINCT (c.id)::text::int), '{}')
  FROM jsonb_each(coalesce(p_cards, '{}')) AS layout(name, ids), jsonb_array_elements(layout.ids) AS c(id)
  WHERE jsonb_typeof(layout.ids) = 'array'
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_on_card() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record := coalesce(NEW, OLD);
BEGIN
  PERFORM search_mark('cards', r.company_id, ARRAY[r.id]);
  IF TG_OP <> 'UPDATE' OR NEW.name IS DISTINCT FROM OLD.name OR NEW.is_draft IS DISTINCT FROM OLD.is_draft THEN
    PERFORM search_mark('battlecards', r.company_id, search_battlecards_with_cards(r.company_id, ARRAY[r.id]));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_card AFTER INSERT OR UPDATE OR DELETE ON cards FOR EACH ROW EXECUTE FUNCTION search_on_card();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_on_card_child() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record := coalesce(NEW, OLD);
BEGIN
  PERFORM search_mark('cards', r.company_id, ARRAY[r.card_id]);
  IF TG_TABLE_NAME = 'card_tags' THEN
    PERFORM search_mark('tags', r.company_id, ARRAY[r.tag_id]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_card_tag AFTER INSERT OR UPDATE OR DELETE ON card_tags FOR EACH ROW EXECUTE FUNCTION search_on_card_child();
--> statement-breakpoint
CREATE TRIGGER search_card_group AFTER INSERT OR UPDATE OR DELETE ON card_visibility_groups FOR EACH ROW EXECUTE FUNCTION search_on_card_child();
--> statement-breakpoint
CREATE TRIGGER search_card_source AFTER INSERT OR UPDATE OR DELETE ON card_sources FOR EACH ROW EXECUTE FUNCTION search_on_card_child();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_on_board() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.name IS DISTINCT FROM OLD.name OR NEW.profile_id IS DISTINCT FROM OLD.profile_id THEN
    PERFORM search_mark('cards', NEW.company_id, ARRAY(SELECT id FROM cards WHERE board_id = NEW.id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_board AFTER UPDATE ON boards FOR EACH ROW EXECUTE FUNCTION search_on_board();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_on_profile() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.name IS DISTINCT FROM OLD.name OR NEW.rival_id IS DISTINCT FROM OLD.rival_id THEN
    PERFORM search_mark('cards', NEW.company_id,
      ARRAY(SELECT c.id FROM cards c JOIN boards b ON b.id = c.board_id WHERE b.profile_id = NEW.id));
    PERFORM search_mark('battlecards', NEW.company_id, ARRAY(SELECT id FROM battlecards WHERE profile_id = NEW.id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_profile AFTER UPDATE ON profiles FOR EACH ROW EXECUTE FUNCTION search_on_profile();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_on_rival() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.name IS DISTINCT FROM OLD.name THEN
    PERFORM search_mark('cards', NEW.company_id, ARRAY(
      SELECT c.id FROM cards c JOIN boards b ON b.id = c.board_id JOIN profiles p ON p.id = b.profile_id
      WHERE p.rival_id = NEW.id));
    PERFORM search_mark('battlecards', NEW.company_id, ARRAY(
      SELECT bc.id FROM battlecards bc JOIN profiles p ON p.id = bc.profile_id WHERE p.rival_id = NEW.id));
    PERFORM search_mark('intel', NEW.company_id, ARRAY(SELECT intel_id FROM intel_rivals WHERE rival_id = NEW.id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_rival AFTER UPDATE ON rivals FOR EACH ROW EXECUTE FUNCTION search_on_rival();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_on_tag() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record := coalesce(NEW, OLD);
BEGIN
  PERFORM search_mark('tags', r.company_id, ARRAY[r.id]);
  IF TG_OP = 'UPDATE' AND NEW.name IS DISTINCT FROM OLD.name THEN
    PERFORM search_mark('cards', NEW.company_id, ARRAY(SELECT card_id FROM card_tags WHERE tag_id = NEW.id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_tag AFTER INSERT OR UPDATE OR DELETE ON tags FOR EACH ROW EXECUTE FUNCTION search_on_tag();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_on_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.name IS DISTINCT FROM OLD.name THEN
    PERFORM search_mark('cards', NEW.company_id, ARRAY(SELECT id FROM cards WHERE author_id = NEW.id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_user AFTER UPDATE ON users FOR EACH ROW EXECUTE FUNCTION search_on_user();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_on_battlecard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record := coalesce(NEW, OLD);
BEGIN
  PERFORM search_mark('battlecards', r.company_id, ARRAY[r.id]);
  -- Cards carry the ids of the battlecards they are on.
  PERFORM search_mark('cards', r.company_id, ARRAY(
    SELECT unnest(search_battlecard_card_ids(CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE OLD.cards END))
    UNION SELECT unnest(search_battlecard_card_ids(CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE NEW.cards END))));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_battlecard AFTER INSERT OR UPDATE OR DELETE ON battlecards FOR EACH ROW EXECUTE FUNCTION search_on_battlecard();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_on_intel() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record := coalesce(NEW, OLD);
BEGIN
  -- A related alert also changes the related-alerts count of the item it relates to.
  PERFORM search_mark('intel', r.company_id, ARRAY[r.id,
    CASE WHEN TG_OP <> 'INSERT' THEN OLD.related_to_id END,
    CASE WHEN TG_OP <> 'DELETE' THEN NEW.related_to_id END]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_intel AFTER INSERT OR UPDATE OR DELETE ON intel_items FOR EACH ROW EXECUTE FUNCTION search_on_intel();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_on_intel_rival() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record := coalesce(NEW, OLD);
BEGIN
  PERFORM search_mark('intel', r.company_id, ARRAY[r.intel_id]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_intel_rival AFTER INSERT OR UPDATE OR DELETE ON intel_rivals FOR EACH ROW EXECUTE FUNCTION search_on_intel_rival();
