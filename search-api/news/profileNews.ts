// One rival's news (part 2 §2 /profile/{id}/news): its published intel and its cards' changes, newest first, as one
// list. Both come from the engine: intel under the published-intel rule, cards under the card visibility rule (no
// Scratchpad notes), so a seller reads only news of cards they could find by searching.
import type { ProfileNewsItem, ProfileNewsPage, ProfileNewsQuery } from '../../contracts/news.ts';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import type { SearchEngine } from '../../engine/port.ts';
import type { CardDoc } from '../../documents/cards.ts';
import type { IntelDoc } from '../../documents/intel.ts';
import { apiError } from '../errors.ts';
import { rivalVisibleSql, visibilityFilter, type Viewer } from '../visibility/index.ts';
import { publishedIntel } from './feed.ts';

type Deps = { db: Db; engine: SearchEngine };
/** A card whose last change is within this of its creation counts as created, not updated. */
const CREATED_SLACK_MS = 60_000;

/** The engine scope of a rival's published intel. */
export function rivalIntelScope(companyId: number, rivalId: number) {
  const { filter, mustNot } = publishedIntel(companyId);
  return { filter: [...filter, { term: { rivalIds: rivalId } }], mustNot };
}

/** The engine scope of a profile's cards the viewer may see, on its lanes (never the Scratchpad). */
export function profileCardsScope(v: Viewer, profileId: number) {
  return { filter: [...visibilityFilter(v), { term: { 'profile.id': profileId } }], mustNot: [{ term: { scratchpad: true } }] };
}

export async function profileNews(deps: Deps, v: Viewer, profileId: number, p: ProfileNewsQuery): Promise<ProfileNewsPage> {
  const [rival] = await rowsOf<{ id: number; name: string }>(
    deps.db,
    sql`SELECT r.id, r.name FROM profiles p JOIN rivals r ON r.id = p.rival_id WHERE p.id = ${profileId} AND ${rivalVisibleSql(v)}`,
  );
  if (!rival) throw apiError('profile_not_found');
  // The first offset + size + 1 of the merged list are among the first offset + size + 1 of each.
  const size = p.offset + p.size + 1;
  const intel = rivalIntelScope(v.companyId, rival.id);
  const cards = profileCardsScope(v, profileId);
  const [intelRes, cardRes] = await Promise.all([
    deps.engine.search<Pick<IntelDoc, 'intelId' | 'title' | 'curatedTitle' | 'summary' | 'source' | 'permalink' | 'publishedAt'>>('intel', {
      query: { bool: { filter: intel.filter, must_not: intel.mustNot } },
      sort: [{ publishedAt: 'desc' }, { intelId: 'desc' }],
      size,
      _source: ['intelId', 'title', 'curatedTitle', 'summary', 'source', 'permalink', 'publishedAt'],
    }),
    deps.engine.search<Pick<CardDoc, 'id' | 'title' | 'board' | 'createdAt' | 'updatedAt'>>('cards', {
      query: { bool: { filter: cards.filter, must_not: cards.mustNot } },
      sort: [{ updatedAt: 'desc' }, { id: 'asc' }],
      size,
      _source: ['id', 'title', 'board', 'createdAt', 'updatedAt'],
    }),
  ]);
  const items: ProfileNewsItem[] = [
    ...intelRes.hits.map((h): ProfileNewsItem => {
      const s = h.source;
      return { kind: 'intel', id: s.intelId, title: s.curatedTitle || s.title, summary: s.summary, source: s.source, permalink: s.permalink, at: s.publishedAt! };
    }),
    ...cardRes.hits.map((h): ProfileNewsItem => {
      const s = h.source;
      const created = Date.parse(s.updatedAt) - Date.parse(s.createdAt) < CREATED_SLACK_MS;
      return { kind: 'card', id: Number(s.id), title: s.title, board: { id: s.board.id, name: s.board.name }, change: created ? 'created' : 'updated', at: s.updatedAt };
    }),
  ].sort((a, b) => Date.parse(b.at) - Date.parse(a.at) || (a.kind === b.kind ? b.id - a.id : a.kind === 'intel' ? -1 : 1));
  return {
    profileId,
    rival,
    items: items.slice(p.offset, p.offset + p.size),
    hasMore: items.length > p.offset + p.size,
    offset: p.offset,
    size: p.size,
  };
}
