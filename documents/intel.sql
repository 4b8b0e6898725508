-- Which writes make an intel document stale: every table and column documents/intel.ts reads
-- (tests/integration/document-staleness.test.ts derives that list from the read query and checks this file).

-- The item itself; a related alert also changes the related-alerts count of the item it relates to.
CREATE TRIGGER search_intel_on_intel_items AFTER INSERT OR UPDATE OR DELETE ON intel_items
  FOR EACH ROW EXECUTE FUNCTION search_mark_row('intel');
CREATE TRIGGER search_intel_on_intel_items_related AFTER INSERT OR UPDATE OR DELETE ON intel_items
  FOR EACH ROW EXECUTE FUNCTION search_mark_referenced('intel', 'related_to_id');

-- Its rivals, its post and the digests that post is a favorite of.
CREATE TRIGGER search_intel_on_intel_rivals AFTER INSERT OR UPDATE OR DELETE ON intel_rivals
  FOR EACH ROW EXECUTE FUNCTION search_mark_referenced('intel', 'intel_id');
CREATE TRIGGER search_intel_on_posts AFTER INSERT OR UPDATE OR DELETE ON posts
  FOR EACH ROW EXECUTE FUNCTION search_mark_referenced('intel', 'intel_id');

CREATE OR REPLACE FUNCTION search_intel_on_digest_favorites() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record := coalesce(NEW, OLD);
BEGIN
  PERFORM search_mark('intel', r.company_id, ARRAY(SELECT p.intel_id FROM posts p WHERE p.id IN (OLD.post_id, NEW.post_id)));
  RETURN NULL;
END $$;
CREATE TRIGGER search_intel_on_digest_favorites AFTER INSERT OR UPDATE OR DELETE ON digest_favorites
  FOR EACH ROW EXECUTE FUNCTION search_intel_on_digest_favorites();

-- Its rivals' names, and the names of who submitted and who actioned it.
CREATE OR REPLACE FUNCTION search_intel_on_rivals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_mark('intel', NEW.company_id, ARRAY(SELECT intel_id FROM intel_rivals WHERE rival_id = NEW.id));
  RETURN NULL;
END $$;
CREATE TRIGGER search_intel_on_rivals AFTER UPDATE ON rivals FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION search_intel_on_rivals();

CREATE OR REPLACE FUNCTION search_intel_on_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_mark('intel', NEW.company_id,
    ARRAY(SELECT id FROM intel_items WHERE actioned_by_id = NEW.id OR submitted_by_id = NEW.id));
  RETURN NULL;
END $$;
CREATE TRIGGER search_intel_on_users AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION search_intel_on_users();
