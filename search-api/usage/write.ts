// Writes usage events and their daily rollups (per user, per company and role, per viewed thing, per search query)
// in one statement, so a report never sees an event without its counts or the other way round. Rivals are resolved
// here from what the event is about (a card's board's profile, a battlecard's, a profile's), within the event's
// company only.
import { sql } from 'drizzle-orm';
import type { Exec } from '../../db/client.ts';
import { CARD_VIEW_SOURCES } from '../../contracts/usage.ts';
import type { UsageRow } from './rows.ts';

/** Rows per statement: one JSON parameter, a few hundred kB at most. */
export const WRITE_CHUNK = 2_000;

/**
 * A row as one JSON array, read by position in the statement's input, its time in epoch ms: less than half the bytes
 * of an object per row, built on the thread that serves requests and parsed by PostgreSQL 5,000 times a second.
 */
const toTuple = (r: UsageRow) => [
  r.companyId, r.userId, r.role, r.kind, r.occurredAt.getTime(), r.subjectId ?? null, r.rivalId ?? null, r.source ?? null,
  r.query ?? null, r.searchId ?? null, r.results ?? null, r.rank ?? null, r.seconds ?? null, r.data ?? null,
];

const n = (kind: string) => sql.raw(`count(*) FILTER (WHERE kind = '${kind}')::int`);
const seconds = (kind: string) => sql.raw(`coalesce(sum(seconds) FILTER (WHERE kind = '${kind}'), 0)`);
const added = (cols: string[], table: string) => sql.raw(cols.map((c) => `${c} = ${table}.${c} + EXCLUDED.${c}`).join(', '));

const USER_DAY_COLUMNS = ['events', 'page_views', 'visits', 'visit_seconds', 'card_views', 'battlecard_views', 'profile_views', 'searches', 'asks', 'shares', 'intel_submitted', 'cards_created', 'cards_updated', 'intel_triaged', 'triage_seconds', 'intel_published', 'digests_sent'];
const QUERY_DAY_COLUMNS = ['searches', 'zero_results', 'opened', 'rank_sum'];

export async function writeUsage(db: Exec, rows: UsageRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += WRITE_CHUNK) await writeChunk(db, rows.slice(i, i + WRITE_CHUNK));
}

async function writeChunk(db: Exec, rows: UsageRow[]) {
  if (!rows.length) return;
  const sources = `{${CARD_VIEW_SOURCES.join(',')}}`;
  const counters = sql.raw(USER_DAY_COLUMNS.join(', '));
  await db.execute(sql`
    WITH input AS (
      SELECT r.*, (r.occurred_at AT TIME ZONE 'UTC')::date AS day
      FROM (SELECT (t->>0)::int AS company_id, (t->>1)::int AS user_id, t->>2 AS role, t->>3 AS kind,
                   to_timestamp((t->>4)::bigint / 1000.0) AS occurred_at, (t->>5)::int AS subject_id, (t->>6)::int AS rival_id,
                   t->>7 AS source, t->>8 AS query, (t->>9)::uuid AS search_id, (t->>10)::int AS results, (t->>11)::int AS rank,
                   (t->>12)::int AS seconds, CASE WHEN jsonb_typeof(t->13) = 'object' THEN t->13 ELSE '{}'::jsonb END AS data
            FROM jsonb_array_elements(${JSON.stringify(rows.map(toTuple))}::jsonb) AS t) r
    ), subjects AS (
      -- Each card, battlecard or profile once, however many views of it the batch holds.
      SELECT s.company_id, s.kind, s.subject_id, CASE s.kind
               WHEN 'cardView' THEN (SELECT p.rival_id FROM cards c JOIN boards b ON b.id = c.board_id JOIN profiles p ON p.id = b.profile_id
                                     WHERE c.id = s.subject_id AND c.company_id = s.company_id)
               WHEN 'battlecardView' THEN (SELECT p.rival_id FROM battlecards bc JOIN profiles p ON p.id = bc.profile_id
                                           WHERE bc.id = s.subject_id AND bc.company_id = s.company_id)
               ELSE (SELECT p.rival_id FROM profiles p WHERE p.id = s.subject_id AND p.company_id = s.company_id)
             END AS rival_id
      FROM (SELECT DISTINCT company_id, kind, subject_id FROM input WHERE kind IN ('cardView', 'battlecardView', 'profileView')) s
    ), resolved AS (
      SELECT i.company_id, i.user_id, i.role, i.kind, i.occurred_at, i.day, i.subject_id, i.source, i.query, i.search_id,
             i.results, i.rank, i.seconds, i.data, coalesce(i.rival_id, s.rival_id) AS rival_id
      FROM input i LEFT JOIN subjects s ON s.company_id = i.company_id AND s.kind = i.kind AND s.subject_id = i.subject_id
    ), events AS (
      INSERT INTO usage_events (company_id, user_id, role, kind, occurred_at, subject_id, rival_id, source, query, search_id, results, rank, seconds, data)
      SELECT company_id, user_id, role, kind, occurred_at, subject_id, rival_id, source, query, search_id, results, rank, seconds, data FROM resolved
    ), counted AS (
      -- The day counters of each user (user_id null: a digest opened in a mail client) and role.
      SELECT company_id, day, user_id, (array_agg(role ORDER BY occurred_at DESC))[1] AS role, count(*)::int AS events, ${n('pageView')} AS page_views,
             count(*) FILTER (WHERE kind = 'visit' AND (data->>'first')::boolean)::int AS visits, ${seconds('visit')} AS visit_seconds,
             ${n('cardView')} AS card_views, ${n('battlecardView')} AS battlecard_views, ${n('profileView')} AS profile_views,
             ${n('search')} AS searches, ${n('askQuestion')} AS asks, ${n('shareCopy')} AS shares, ${n('intelSubmitted')} AS intel_submitted,
             ${n('cardCreated')} AS cards_created, ${n('cardUpdated')} AS cards_updated, ${n('intelTriaged')} AS intel_triaged,
             ${seconds('intelTriaged')} AS triage_seconds, ${n('intelPublished')} AS intel_published, ${n('digestSent')} AS digests_sent
      FROM resolved GROUP BY company_id, day, user_id
    ), user_days AS (
      INSERT INTO usage_user_days (company_id, day, user_id, role, ${counters})
      SELECT company_id, day, user_id, role, ${counters} FROM counted WHERE user_id IS NOT NULL ORDER BY company_id, day, user_id
      ON CONFLICT (company_id, day, user_id) DO UPDATE SET role = EXCLUDED.role, ${added(USER_DAY_COLUMNS, 'usage_user_days')}
      RETURNING company_id, day, role, xmax = 0 AS first_today
    ), company_days AS (
      INSERT INTO usage_company_days (company_id, day, role, active_users, ${counters})
      SELECT c.company_id, c.day, c.role, coalesce(max(u.new_users), 0), ${sql.raw(USER_DAY_COLUMNS.map((col) => `sum(c.${col})`).join(', '))}
      FROM counted c
      LEFT JOIN (SELECT company_id, day, role, count(*) FILTER (WHERE first_today)::int AS new_users FROM user_days GROUP BY company_id, day, role) u
        ON u.company_id = c.company_id AND u.day = c.day AND u.role = c.role
      GROUP BY c.company_id, c.day, c.role ORDER BY c.company_id, c.day, c.role
      ON CONFLICT (company_id, day, role) DO UPDATE SET active_users = usage_company_days.active_users + EXCLUDED.active_users,
        ${added(USER_DAY_COLUMNS, 'usage_company_days')}
    ), subject_days AS (
      INSERT INTO usage_subject_days (company_id, subject_type, day, subject_id, role, views)
      SELECT company_id, s.type, day, s.id, role, count(*)::int
      FROM resolved CROSS JOIN LATERAL (VALUES
        ('rival', rival_id),
        (CASE kind WHEN 'cardView' THEN 'card' WHEN 'battlecardView' THEN 'battlecard' WHEN 'digestOpen' THEN 'digestOpen' WHEN 'digestClick' THEN 'digestClick' END, subject_id),
        (CASE kind WHEN 'cardView' THEN 'source' END, array_position(${sources}::text[], source))
      ) AS s(type, id)
      WHERE kind IN ('cardView', 'battlecardView', 'profileView', 'digestOpen', 'digestClick') AND s.type IS NOT NULL AND s.id IS NOT NULL
      GROUP BY company_id, s.type, day, s.id, role ORDER BY company_id, s.type, day, s.id, role
      ON CONFLICT (company_id, subject_type, day, subject_id, role) DO UPDATE SET views = usage_subject_days.views + EXCLUDED.views
    ), query_days AS (
      INSERT INTO search_query_days (company_id, day, role, context, query, ${sql.raw(QUERY_DAY_COLUMNS.join(', '))})
      SELECT company_id, day, role, source, query, ${n('search')}, count(*) FILTER (WHERE kind = 'search' AND results = 0)::int,
             ${n('searchOpen')}, coalesce(sum(rank) FILTER (WHERE kind = 'searchOpen'), 0)
      FROM resolved WHERE kind IN ('search', 'searchOpen') AND query <> '' AND source IS NOT NULL
      GROUP BY company_id, day, role, source, query ORDER BY company_id, day, role, source, query
      ON CONFLICT (company_id, day, role, context, query) DO UPDATE SET ${added(QUERY_DAY_COLUMNS, 'search_query_days')}
    )
    SELECT 1`);
}
