-- Notifications are written by triggers, in the same transaction as the change they tell about, so no
-- producer has to remember them and a crash loses none. Who made a change is read from the setting
-- rivalscope.actor_id, which the API sets for the signed-in user of each request
-- (search-api/notifications/actor.ts); nobody is told about their own change. Work done outside a
-- request (the job runner, the seed) has no actor. Each notification names its target (target_id, by
-- kind); one unread notification per user and target (notifications_unread_target_unique) is updated
-- rather than repeated.
CREATE OR REPLACE FUNCTION notification_actor() RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT nullif(current_setting('rivalscope.actor_id', true), '')::integer
$$;
--> statement-breakpoint

-- New intel: an item becomes about a rival (its rivals are linked after the item is inserted, by the
-- API, the seed and imports alike, so linking is the event). Each curator or admin curating one of the
-- linked rivals is told, unless they submitted or linked it, or the item was already about one of the
-- rivals they curate. Related alerts fold under the item they relate to and are not announced.
-- Dated when the item last changed: now for a live change, the item's own date for imported items.
CREATE OR REPLACE FUNCTION notify_intel_rivals() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notifications AS n (company_id, user_id, kind, target_id, title, body, url, created_at)
  SELECT i.company_id, u.id, 'intel', i.id,
         'New intel about ' || string_agg(r.name, ', ' ORDER BY r.name),
         left(coalesce(i.curated_title, i.title), 200),
         '/alerts?view=allIntel&intelIds=' || i.id,
         least(i.updated_at, now())
  FROM linked l
  JOIN intel_items i ON i.id = l.intel_id
  JOIN rivals r ON r.id = l.rival_id
  JOIN users u ON u.company_id = i.company_id AND l.rival_id = ANY (u.curating_rival_ids)
  WHERE i.related_to_id IS NULL
    AND i.state <> 'deleted'
    AND u.deactivated_at IS NULL
    AND EXISTS (SELECT 1 FROM user_roles ur WHERE ur.user_id = u.id)
    AND u.id IS DISTINCT FROM i.submitted_by_id
    AND u.id IS DISTINCT FROM notification_actor()
  GROUP BY i.id, u.id
  -- Every rival of the item this user curates was linked by this statement.
  HAVING count(*) = (SELECT count(*) FROM intel_rivals o WHERE o.intel_id = i.id AND o.rival_id = ANY (u.curating_rival_ids))
  ON CONFLICT (user_id, kind, target_id) WHERE read_at IS NULL DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER notify_intel_rivals AFTER INSERT ON intel_rivals
  REFERENCING NEW TABLE AS linked FOR EACH STATEMENT EXECUTE FUNCTION notify_intel_rivals();
--> statement-breakpoint

-- A job that ends (completed, failed or cancelled) is told to the user who started it, unless it ended
-- inside their own request (a small bulk update, a cancel they asked for): they saw it end.
CREATE OR REPLACE FUNCTION notify_job_ended() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  what text := CASE
    WHEN NEW.kind <> 'intelUpdate' THEN 'Board creation'
    WHEN NEW.tasks_total = 0 THEN 'Bulk update of intel items'
    WHEN NEW.tasks_total = 1 THEN 'Bulk update of 1 intel item'
    ELSE 'Bulk update of ' || NEW.tasks_total || ' intel items' END;
BEGIN
  IF NEW.user_id IS NULL OR NEW.user_id IS NOT DISTINCT FROM notification_actor() THEN RETURN NULL; END IF;
  INSERT INTO notifications (company_id, user_id, kind, target_id, title, body, url)
  SELECT NEW.company_id, u.id, 'job', NEW.id,
         what || ' ' || NEW.state,
         CASE
           WHEN NEW.state = 'failed' THEN left(NEW.error, 500)
           WHEN NEW.state = 'cancelled' AND NEW.tasks_total > 0 THEN NEW.tasks_completed || ' of ' || NEW.tasks_total || ' done before it was cancelled'
           WHEN NEW.tasks_failed > 0 THEN NEW.tasks_failed || ' of ' || NEW.tasks_total || ' could not be changed'
         END,
         CASE NEW.kind
           WHEN 'intelUpdate' THEN '/alerts?view=allIntel&actionedByMe=true'
           ELSE '/profile/' || (NEW.payload ->> 'profileId')
         END
  FROM users u WHERE u.id = NEW.user_id AND u.deactivated_at IS NULL
  ON CONFLICT (user_id, kind, target_id) WHERE read_at IS NULL DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER notify_job_inserted AFTER INSERT ON jobs
  FOR EACH ROW WHEN (NEW.state IN ('completed', 'failed', 'cancelled')) EXECUTE FUNCTION notify_job_ended();
--> statement-breakpoint
CREATE TRIGGER notify_job_ended AFTER UPDATE OF state ON jobs
  FOR EACH ROW WHEN (NEW.state IN ('completed', 'failed', 'cancelled') AND OLD.state NOT IN ('completed', 'failed', 'cancelled'))
  EXECUTE FUNCTION notify_job_ended();
--> statement-breakpoint

-- An accepted invitation is told to whoever sent it.
CREATE OR REPLACE FUNCTION notify_invitation_accepted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notifications (company_id, user_id, kind, target_id, title, body, url)
  SELECT NEW.company_id, inviter.id, 'invitation', NEW.id,
         coalesce(joined.name, NEW.email) || ' accepted your invitation',
         NEW.email,
         '/settings/users'
  FROM users inviter LEFT JOIN users joined ON joined.id = NEW.accepted_user_id
  WHERE inviter.id = NEW.invited_by AND inviter.deactivated_at IS NULL
    AND inviter.id IS DISTINCT FROM notification_actor()
  ON CONFLICT (user_id, kind, target_id) WHERE read_at IS NULL DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER notify_invitation_accepted AFTER UPDATE OF accepted_at ON invitations
  FOR EACH ROW WHEN (OLD.accepted_at IS NULL AND NEW.accepted_at IS NOT NULL) EXECUTE FUNCTION notify_invitation_accepted();
--> statement-breakpoint

-- Authors follow the cards they write.
CREATE OR REPLACE FUNCTION notify_follow_new_cards() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO card_follows (company_id, user_id, card_id)
  SELECT c.company_id, c.author_id, c.id FROM new_cards c
  JOIN users u ON u.id = c.author_id AND u.company_id = c.company_id
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER notify_follow_new_cards AFTER INSERT ON cards
  REFERENCING NEW TABLE AS new_cards FOR EACH STATEMENT EXECUTE FUNCTION notify_follow_new_cards();
--> statement-breakpoint
INSERT INTO card_follows (company_id, user_id, card_id, created_at)
SELECT c.company_id, c.author_id, c.id, c.created_at FROM cards c
JOIN users u ON u.id = c.author_id AND u.company_id = c.company_id
ON CONFLICT DO NOTHING;
--> statement-breakpoint

-- A card whose name, text or lane changes is told to its followers (not to the editor). Whether a
-- follower may still see the card is decided when notifications are read, by the visibility rule.
CREATE OR REPLACE FUNCTION notify_card_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notifications AS n (company_id, user_id, kind, target_id, title, body, url)
  SELECT c.company_id, f.user_id, 'card', c.id,
         left(c.name, 200) || ' was updated',
         concat_ws(' · ', 'Edited by ' || editor.name, r.name || ' › ' || b.name),
         '/profile/' || b.profile_id || '?viewCard=' || c.id
  FROM new_cards c
  JOIN old_cards o ON o.id = c.id
  JOIN card_follows f ON f.card_id = c.id
  JOIN users u ON u.id = f.user_id AND u.company_id = c.company_id AND u.deactivated_at IS NULL
  JOIN boards b ON b.id = c.board_id
  JOIN profiles p ON p.id = b.profile_id
  JOIN rivals r ON r.id = p.rival_id
  LEFT JOIN users editor ON editor.id = notification_actor()
  WHERE (c.name, c.text_html, c.text_json, c.board_id) IS DISTINCT FROM (o.name, o.text_html, o.text_json, o.board_id)
    AND f.user_id IS DISTINCT FROM notification_actor()
  ON CONFLICT (user_id, kind, target_id) WHERE read_at IS NULL
  DO UPDATE SET title = EXCLUDED.title, body = EXCLUDED.body, url = EXCLUDED.url, created_at = EXCLUDED.created_at;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER notify_card_changed AFTER UPDATE ON cards
  REFERENCING OLD TABLE AS old_cards NEW TABLE AS new_cards FOR EACH STATEMENT EXECUTE FUNCTION notify_card_changed();
