-- An ended job is told to whoever started it only for the work people start and wait on: bulk updates of intel,
-- board creation and review imports, each named as what it is. Background upkeep (insight and landing page
-- generation, whose "user" is whoever happened to trigger it) is never told: a seller viewing a landing page was
-- told "Board creation completed".
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
           WHEN 'reviewImport' THEN '/insights/' || (NEW.payload ->> 'rivalId') || '/reviews'
           ELSE '/profile/' || (NEW.payload ->> 'profileId')
         END
  FROM users u WHERE u.id = NEW.user_id AND u.deactivated_at IS NULL
  ON CONFLICT (user_id, kind, target_id) WHERE read_at IS NULL DO NOTHING;
  RETURN NULL;
END $$;
