-- Integration events (issue #54) are written by triggers, in the transaction of the change, so no path of writing
-- (the API, bulk jobs, the digest sender) forgets one and a rolled-back change sends nothing. An event is written only
-- when the company has a target for it: an enabled webhook endpoint subscribed to its type, or (for the chat events)
-- a routing rule of a connected chat integration that wants it; seeding and companies without integrations pay one
-- indexed lookup per change. The dispatcher (search-api/integrations/dispatcher.ts) LISTENs on integration_events
-- and fans each event out to its targets.
CREATE OR REPLACE FUNCTION integration_wanted(company integer, event_type text) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM webhook_endpoints w WHERE w.company_id = company AND w.enabled AND event_type = ANY (w.events))
      OR (event_type IN ('intel.published', 'digest.sent') AND EXISTS (
           SELECT 1 FROM chat_routes r JOIN chat_integrations ci ON ci.id = r.integration_id
           WHERE r.company_id = company AND ci.state = 'connected' AND event_type = ANY (r.events)))
$$;
--> statement-breakpoint

-- Writes one event when wanted. A card's created and changed events of one transaction are one event (now() is the
-- transaction's start, so created_at = now() finds this transaction's own): an edit touches the card and then its
-- visibility groups, a new card gets its groups right after it is inserted. A company being deleted gets none.
CREATE OR REPLACE FUNCTION integration_event(company integer, event_type text, subject integer, payload jsonb) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT integration_wanted(company, event_type) OR NOT EXISTS (SELECT 1 FROM companies WHERE id = company) THEN RETURN; END IF;
  IF event_type IN ('card.created', 'card.changed') AND EXISTS (
    SELECT 1 FROM integration_events e WHERE e.company_id = company AND e.created_at = now() AND e.subject_id = subject
      AND e.type IN ('card.created', 'card.changed') AND e.fanned_out_at IS NULL) THEN
    RETURN;
  END IF;
  INSERT INTO integration_events (company_id, type, subject_id, data) VALUES (company, event_type, subject, payload);
  PERFORM pg_notify('integration_events', '');
END $$;
--> statement-breakpoint

-- Whether any company has a target at all: bulk inserts (the demo and scale seeds, imports) ask once per statement
-- and stop there on a database without integrations.
CREATE OR REPLACE FUNCTION integration_any_target() RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM webhook_endpoints WHERE enabled) OR EXISTS (SELECT 1 FROM chat_routes)
$$;
--> statement-breakpoint

-- intel.published: published_at goes from NULL to a value (a publish, a bulk publish, preparing for a digest), or an
-- item is written already published. A republish (a fresh published_at) is not news again.
CREATE OR REPLACE FUNCTION integration_intel_published() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM integration_event(NEW.company_id, 'intel.published', NEW.id, '{}'::jsonb);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER integration_intel_published AFTER UPDATE OF published_at ON intel_items
  FOR EACH ROW WHEN (OLD.published_at IS NULL AND NEW.published_at IS NOT NULL AND NEW.state <> 'deleted')
  EXECUTE FUNCTION integration_intel_published();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION integration_intel_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT integration_any_target() THEN RETURN NULL; END IF;
  PERFORM integration_event(n.company_id, 'intel.published', n.id, '{}'::jsonb)
  FROM new_items n WHERE n.published_at IS NOT NULL AND n.state <> 'deleted';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER integration_intel_inserted AFTER INSERT ON intel_items
  REFERENCING NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION integration_intel_inserted();
--> statement-breakpoint

-- card.created, and card.changed when what a reader sees changes: its name, its content, whether it is a draft, who
-- it is for (all-access, its visibility groups). Order, reviews, lanes and counters are not news.
CREATE OR REPLACE FUNCTION integration_cards_created() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT integration_any_target() THEN RETURN NULL; END IF;
  PERFORM integration_event(c.company_id, 'card.created', c.id, '{}'::jsonb) FROM new_cards c;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER integration_cards_created AFTER INSERT ON cards
  REFERENCING NEW TABLE AS new_cards FOR EACH STATEMENT EXECUTE FUNCTION integration_cards_created();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION integration_card_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM integration_event(NEW.company_id, 'card.changed', NEW.id, '{}'::jsonb);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER integration_card_changed AFTER UPDATE OF name, text_html, text_json, is_draft, all_access ON cards
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.text_html IS DISTINCT FROM NEW.text_html
    OR OLD.text_json IS DISTINCT FROM NEW.text_json OR OLD.is_draft IS DISTINCT FROM NEW.is_draft OR OLD.all_access IS DISTINCT FROM NEW.all_access)
  EXECUTE FUNCTION integration_card_changed();
--> statement-breakpoint

CREATE OR REPLACE FUNCTION integration_card_groups_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT integration_any_target() THEN RETURN NULL; END IF;
  -- A card deleted takes its groups with it: only cards still there changed.
  PERFORM integration_event(c.company_id, 'card.changed', c.id, '{}'::jsonb)
  FROM (SELECT DISTINCT card_id FROM changed_groups) g JOIN cards c ON c.id = g.card_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER integration_card_groups_added AFTER INSERT ON card_visibility_groups
  REFERENCING NEW TABLE AS changed_groups FOR EACH STATEMENT EXECUTE FUNCTION integration_card_groups_changed();
--> statement-breakpoint
CREATE TRIGGER integration_card_groups_removed AFTER DELETE ON card_visibility_groups
  REFERENCING OLD TABLE AS changed_groups FOR EACH STATEMENT EXECUTE FUNCTION integration_card_groups_changed();
--> statement-breakpoint

-- card.deleted: the row is gone by the time the event is sent, so the event keeps its name, its rival and board, and
-- who could see it (its audiences, by the rule of documents/audiences.ts cardAudiencesSql). BEFORE DELETE, while its
-- visibility groups are still there. A card deleted with its rival (a cascade) may find the rival gone: no name then.
CREATE OR REPLACE FUNCTION integration_card_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  info jsonb;
BEGIN
  IF NOT integration_wanted(OLD.company_id, 'card.deleted') THEN RETURN OLD; END IF;
  SELECT jsonb_build_object(
    'name', OLD.name,
    'rival', CASE WHEN r.id IS NULL THEN NULL ELSE jsonb_build_object('id', r.id, 'name', r.name) END,
    'board', CASE WHEN b.id IS NULL THEN NULL ELSE jsonb_build_object('id', b.id, 'name', b.name) END,
    'audiences', to_jsonb(CASE
      WHEN OLD.is_draft OR b.id IS NULL OR b.name = 'Scratchpad' OR r.id IS NULL
        OR r.is_draft OR r.is_template OR p.is_draft OR p.is_template THEN ARRAY[OLD.company_id || ':curator']
      WHEN OLD.all_access THEN ARRAY[OLD.company_id || ':curator', OLD.company_id || ':all']
      ELSE ARRAY[OLD.company_id || ':curator'] || ARRAY(SELECT OLD.company_id || ':g' || g.visibility_group_id
        FROM card_visibility_groups g WHERE g.card_id = OLD.id ORDER BY g.visibility_group_id)
    END))
  INTO info
  FROM (SELECT 1) one
  LEFT JOIN boards b ON b.id = OLD.board_id
  LEFT JOIN profiles p ON p.id = b.profile_id
  LEFT JOIN rivals r ON r.id = p.rival_id;
  PERFORM integration_event(OLD.company_id, 'card.deleted', OLD.id, info);
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER integration_card_deleted BEFORE DELETE ON cards
  FOR EACH ROW EXECUTE FUNCTION integration_card_deleted();
--> statement-breakpoint

-- battlecard.changed: its title, layout, cards or draft state.
CREATE OR REPLACE FUNCTION integration_battlecard_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM integration_event(NEW.company_id, 'battlecard.changed', NEW.id, '{}'::jsonb);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER integration_battlecard_changed AFTER UPDATE OF title, layout, cards, is_draft ON battlecards
  FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.layout IS DISTINCT FROM NEW.layout
    OR OLD.cards IS DISTINCT FROM NEW.cards OR OLD.is_draft IS DISTINCT FROM NEW.is_draft)
  EXECUTE FUNCTION integration_battlecard_changed();
--> statement-breakpoint

-- digest.sent: a digest marked sent (search-api/digests/send.ts, after its mail went out).
CREATE OR REPLACE FUNCTION integration_digest_sent() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM integration_event(NEW.company_id, 'digest.sent', NEW.id, '{}'::jsonb);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER integration_digest_sent AFTER UPDATE OF state ON email_digests
  FOR EACH ROW WHEN (OLD.state <> 'sent' AND NEW.state = 'sent')
  EXECUTE FUNCTION integration_digest_sent();
