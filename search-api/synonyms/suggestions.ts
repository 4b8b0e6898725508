// Synonym suggestions from the company's own searches: when a search finds nothing, the search the same
// person makes next, when it finds something, is often the word the cards use ("okta" then "sso"). Read
// from the usage events search analytics records (search-api/usage), per person, over the last 90 days.
import { sql } from 'drizzle-orm';
import { SYNONYM_LIMITS, type NextSearch, type SynonymSuggestionsResponse } from '../../contracts/synonyms.ts';
import { normalizeQuery } from '../../contracts/usage.ts';
import { rowsOf, type Exec } from '../../db/client.ts';

/** The search a person makes next, within this long of the one that found nothing, is their rewording. */
const WINDOW = '5 minutes';
const DAYS = 90;
const MAX_SUGGESTIONS = 6;
/** A rewording two people made is a pattern; one person's next search is as often a new question. */
const MIN_PEOPLE = 2;
/** A question asked of Ask is no term; a term holds a few words (and SYNONYM_LIMITS.termChars at most). */
const MAX_WORDS = 4;

export async function synonymSuggestions(db: Exec, companyId: number, query: string): Promise<SynonymSuggestionsResponse> {
  const missed = normalizeQuery(query);
  const nextSearches = await rowsOf<NextSearch>(
    db,
    sql`WITH misses AS (
        SELECT user_id, occurred_at FROM usage_events
        WHERE company_id = ${companyId} AND kind = 'search' AND query = ${missed} AND results = 0 AND user_id IS NOT NULL
          AND occurred_at > now() - make_interval(days => ${DAYS})
      ), next AS (
        -- Distinct: two misses in a row (the query typed again) lead to the same next search.
        SELECT DISTINCT n.user_id, n.query, n.search_id, n.results, n.source
        FROM misses m
        CROSS JOIN LATERAL (
          SELECT e.user_id, e.query, e.search_id, e.results, e.source FROM usage_events e
          WHERE e.company_id = ${companyId} AND e.user_id = m.user_id AND e.kind = 'search' AND e.query <> ${missed}
            AND e.occurred_at > m.occurred_at AND e.occurred_at <= m.occurred_at + ${WINDOW}::interval
          ORDER BY e.occurred_at LIMIT 1
        ) n
      )
      SELECT n.query, count(DISTINCT n.user_id)::int AS people,
        count(*) FILTER (WHERE EXISTS (
          SELECT 1 FROM usage_events o WHERE o.company_id = ${companyId} AND o.user_id = n.user_id AND o.kind = 'searchOpen' AND o.search_id = n.search_id
        ))::int AS opened
      FROM next n
      WHERE n.results > 0 AND n.source IS DISTINCT FROM 'ask' AND char_length(n.query) <= ${SYNONYM_LIMITS.termChars}
        AND array_length(regexp_split_to_array(n.query, ' '), 1) <= ${MAX_WORDS}
      GROUP BY n.query
      HAVING count(DISTINCT n.user_id) >= ${MIN_PEOPLE}
      ORDER BY people DESC, opened DESC, n.query
      LIMIT ${MAX_SUGGESTIONS}`,
  );
  return { query: missed, nextSearches };
}
