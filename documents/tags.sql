-- Which writes make a tag document stale: every table and column documents/tags.ts reads
-- (tests/integration/document-staleness.test.ts derives that list from the read query and checks this file).

-- The tag itself, and the cards it is on (its card count).
CREATE TRIGGER search_tags_on_tags AFTER INSERT OR UPDATE OR DELETE ON tags
  FOR EACH ROW EXECUTE FUNCTION search_mark_row('tags');
CREATE TRIGGER search_tags_on_card_tags AFTER INSERT OR UPDATE OR DELETE ON card_tags
  FOR EACH ROW EXECUTE FUNCTION search_mark_referenced('tags', 'tag_id');
