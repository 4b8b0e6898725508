-- A bulk import marks its reviews straight from the transition table, grouped by company: building and re-reading a
-- jsonb array of every changed row cost more than the insert itself at 50,000 reviews.
CREATE OR REPLACE FUNCTION search_on_reviews() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE g record;
BEGIN
  FOR g IN SELECT company_id, array_agg(id) AS ids FROM changed_rows GROUP BY company_id LOOP
    PERFORM search_mark('reviews', g.company_id, g.ids);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_on_review_aspects() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE g record;
BEGIN
  FOR g IN SELECT company_id, array_agg(review_id) AS ids FROM changed_rows GROUP BY company_id LOOP
    PERFORM search_mark('reviews', g.company_id, g.ids);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP FUNCTION search_mark_reviews(jsonb);
