-- Which writes make a review document stale: every table and column documents/reviews.ts reads
-- (tests/integration/document-staleness.test.ts derives that list from the read query and checks this file).

-- The review itself and its judgements of aspects. Statement-level: reviews arrive by the thousand (an import, a
-- regrouping of a rival's aspects), and marking straight from the transition table, grouped by company, costs
-- less than the insert itself.
CREATE OR REPLACE FUNCTION search_reviews_on_reviews() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM search_mark('reviews', company_id, array_agg(id)) FROM old_rows GROUP BY company_id;
  ELSE
    PERFORM search_mark('reviews', company_id, array_agg(id)) FROM new_rows GROUP BY company_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER search_reviews_on_reviews_insert AFTER INSERT ON reviews
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_reviews_on_reviews();
CREATE TRIGGER search_reviews_on_reviews_update AFTER UPDATE ON reviews
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_reviews_on_reviews();
CREATE TRIGGER search_reviews_on_reviews_delete AFTER DELETE ON reviews
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_reviews_on_reviews();

-- A judgement names its review; an update may move it to another review, so both sides are then stale.
CREATE OR REPLACE FUNCTION search_reviews_on_review_aspects() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM search_mark('reviews', company_id, array_agg(review_id)) FROM new_rows GROUP BY company_id;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM search_mark('reviews', company_id, array_agg(review_id)) FROM old_rows GROUP BY company_id;
  ELSE
    PERFORM search_mark('reviews', company_id, array_agg(review_id))
    FROM (SELECT company_id, review_id FROM old_rows UNION SELECT company_id, review_id FROM new_rows) moved
    GROUP BY company_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER search_reviews_on_review_aspects_insert AFTER INSERT ON review_aspects
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_reviews_on_review_aspects();
CREATE TRIGGER search_reviews_on_review_aspects_update AFTER UPDATE ON review_aspects
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_reviews_on_review_aspects();
CREATE TRIGGER search_reviews_on_review_aspects_delete AFTER DELETE ON review_aspects
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_reviews_on_review_aspects();

-- Its rival's name.
CREATE OR REPLACE FUNCTION search_reviews_on_rivals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_mark('reviews', NEW.company_id, ARRAY(SELECT id FROM reviews WHERE rival_id = NEW.id));
  RETURN NULL;
END $$;
CREATE TRIGGER search_reviews_on_rivals AFTER UPDATE ON rivals FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION search_reviews_on_rivals();
