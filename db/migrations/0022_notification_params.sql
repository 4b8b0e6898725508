ALTER TABLE "notifications" ADD COLUMN "params" jsonb;--> statement-breakpoint

-- Notifications keep what their words are made of (params, by kind: contracts/notifications.ts) so that the web app
-- writes them in the reader's language. title and body stay the English words, as before: what rows from before
-- params, and any reader without the web app's strings, show. The rules of who is told are those of
-- 0009_notification_triggers.sql and 0017_job_notifications.sql, unchanged.
CREATE OR REPLACE FUNCTION notify_intel_rivals() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notifications AS n (company_id, user_id, kind, target_id, title, body, params, url, created_at)
  SELECT i.company_id, u.id, 'intel', i.id,
         'New intel about ' || string_agg(r.name, ', ' ORDER BY r.name),
         left(coalesce(i.curated_title, i.title), 200),
         jsonb_build_object('rivals', jsonb_agg(r.name ORDER BY r.name)),
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

CREATE OR REPLACE FUNCTION notify_job_ended() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  what text := CASE
    WHEN NEW.kind = 'boardCreation' THEN 'Board creation'
    WHEN NEW.kind = 'reviewImport' THEN 'Review import'
    WHEN NEW.tasks_total = 0 THEN 'Bulk update of intel items'
    WHEN NEW.tasks_total = 1 THEN 'Bulk update of 1 intel item'
    ELSE 'Bulk update of ' || NEW.tasks_total || ' intel items' END;
BEGIN
  IF NEW.kind NOT IN ('intelUpdate', 'boardCreation', 'reviewImport') THEN RETURN NULL; END IF;
  IF NEW.user_id IS NULL OR NEW.user_id IS NOT DISTINCT FROM notification_actor() THEN RETURN NULL; END IF;
  INSERT INTO notifications (company_id, user_id, kind, target_id, title, body, params, url)
  SELECT NEW.company_id, u.id, 'job', NEW.id,
         what || ' ' || NEW.state,
         CASE
           WHEN NEW.state = 'failed' THEN left(NEW.error, 500)
           WHEN NEW.state = 'cancelled' AND NEW.tasks_total > 0 THEN NEW.tasks_completed || ' of ' || NEW.tasks_total || ' done before it was cancelled'
           WHEN NEW.tasks_failed > 0 THEN NEW.tasks_failed || ' of ' || NEW.tasks_total || ' could not be changed'
         END,
         jsonb_build_object('job', NEW.kind, 'state', NEW.state, 'total', NEW.tasks_total, 'done', NEW.tasks_completed, 'failed', NEW.tasks_failed),
         CASE NEW.kind
           WHEN 'intelUpdate' THEN '/alerts?view=allIntel&actionedByMe=true'
           WHEN 'reviewImport' THEN '/insights/' || (NEW.payload ->> 'rivalId') || '/reviews'
           ELSE '/profile/' || (NEW.payload ->> 'profileId')
         END
  FROM users u WHERE u.id = NEW.user_id AND u.deactivated_at IS NULL
  ON CONFLICT (user_id, kind, target_id) WHERE read_at IS NULL DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION notify_invitation_accepted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notifications (company_id, user_id, kind, target_id, title, body, params, url)
  SELECT NEW.company_id, inviter.id, 'invitation', NEW.id,
         coalesce(joined.name, NEW.email) || ' accepted your invitation',
         NEW.email,
         jsonb_build_object('name', coalesce(joined.name, NEW.email)),
         '/settings/users'
  FROM users inviter LEFT JOIN users joined ON joined.id = NEW.accepted_user_id
  WHERE inviter.id = NEW.invited_by AND inviter.deactivated_at IS NULL
    AND inviter.id IS DISTINCT FROM notification_actor()
  ON CONFLICT (user_id, kind, target_id) WHERE read_at IS NULL DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION notify_card_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notifications AS n (company_id, user_id, kind, target_id, title, body, params, url)
  SELECT c.company_id, f.user_id, 'card', c.id,
         left(c.name, 200) || ' was updated',
         concat_ws(' · ', 'Edited by ' || editor.name, r.name || ' › ' || b.name),
         jsonb_build_object('card', left(c.name, 200), 'editor', editor.name, 'rival', r.name, 'board', b.name),
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
  DO UPDATE SET title = EXCLUDED.title, body = EXCLUDED.body, params = EXCLUDED.params, url = EXCLUDED.url, created_at = EXCLUDED.created_at;
  RETURN NULL;
END $$;
