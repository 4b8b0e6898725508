-- notify_intel_rivals (0022) unchanged in what it does, but its statement is planned on every call (EXECUTE): PL/pgSQL
-- keeps a statement's plan for the session, and a plan made for a statement that linked thousands of rows (the demo
-- seed, a bulk update) scanned every intel item of the company for each later single item linked by a monitor's
-- check, 67-113 ms instead of 5 ms (bench/results/monitors.md).
CREATE OR REPLACE FUNCTION notify_intel_rivals() RETURNS trigger
LANGUAGE plpgsql AS $fn$
BEGIN
  EXECUTE $q$
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
  ON CONFLICT (user_id, kind, target_id) WHERE read_at IS NULL DO NOTHING
  $q$;
  RETURN NULL;
END $fn$;
