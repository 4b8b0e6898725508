-- What every document's trigger definitions share (documents/triggers.ts applies this file first). A write
-- that makes a search document stale marks it in search_outbox in the same transaction; the indexer
-- (indexer/indexer.ts) rebuilds every marked document whose version it has not written yet.

-- Marks documents p_ids of index p_index. The version of an existing row is drawn in DO UPDATE, after its
-- lock is held, so versions of one document follow commit order even when two transactions touch it at once.
CREATE OR REPLACE FUNCTION search_mark(p_index text, p_company integer, p_ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  -- A row that names no document (an alert related to none) marks nothing and wakes no indexer.
  p_ids := array_remove(p_ids, NULL);
  IF p_ids IS NULL OR cardinality(p_ids) = 0 THEN RETURN; END IF;
  INSERT INTO search_outbox AS o (index, doc_id, company_id, version, changed_at)
  SELECT p_index, d, p_company, nextval('search_version_seq'), clock_timestamp()
  FROM (SELECT DISTINCT d FROM unnest(p_ids) AS d) ids
  ON CONFLICT (index, doc_id) DO UPDATE
    SET version = nextval('search_version_seq'), changed_at = clock_timestamp(), company_id = EXCLUDED.company_id;
  PERFORM pg_notify('search_outbox', p_index);
END $$;

-- Trigger function: the written row is document `id` of index TG_ARGV[0].
CREATE OR REPLACE FUNCTION search_mark_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record := coalesce(NEW, OLD);
BEGIN
  PERFORM search_mark(TG_ARGV[0], r.company_id, ARRAY[r.id]);
  RETURN NULL;
END $$;

-- Trigger function: the written row names a document of index TG_ARGV[0] in column TG_ARGV[1] (a card's
-- tag, an alert's rival): the documents it named before and after the write are both stale.
CREATE OR REPLACE FUNCTION search_mark_referenced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  before jsonb := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END;
  after jsonb := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END;
BEGIN
  PERFORM search_mark(TG_ARGV[0], (coalesce(after, before)->>'company_id')::int,
    ARRAY[(before->>TG_ARGV[1])::int, (after->>TG_ARGV[1])::int]);
  RETURN NULL;
END $$;

-- The card ids of a battlecard's layout (jsonb: layout name → card ids). Read queries use it too.
CREATE OR REPLACE FUNCTION search_battlecard_card_ids(p_cards jsonb) RETURNS integer[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(DISTINCT (c.id)::text::int), '{}')
  FROM jsonb_each(coalesce(p_cards, '{}')) AS layout(name, ids), jsonb_array_elements(layout.ids) AS c(id)
  WHERE jsonb_typeof(layout.ids) = 'array'
$$;
