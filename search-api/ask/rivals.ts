// Rivals as Ask sees them (part 3 §5 "Prompt library and rivals"): the picker offers every rival
// the asker may see except templates and drafts; the featured (sample) rivals are those of category
// company with a battlecard, at least 5 visible cards and a name without the company's own name, the
// top 6 by card count, shuffled by a pick weighted by card count when there are 4 or more.
import { sql } from 'drizzle-orm';
import {
  FEATURED_MIN_CARDS,
  FEATURED_RIVALS_MAX,
  FEATURED_WEIGHTED_FROM,
  type AskRival,
} from '../../contracts/ask.ts';
import type { Db } from '../../db/client.ts';
import { boardListedSql, cardVisibleSql, rivalPublishedSql, rivalVisibleSql, type Viewer } from '../visibility/index.ts';

export type RivalRow = AskRival & { category: string; battlecards: number; supportedRivalId: number | null };

export async function askRivals(db: Db, v: Viewer): Promise<RivalRow[]> {
  const { rows } = await db.execute(sql`
    SELECT r.id, r.name, p.id AS "profileId", r.icon_url AS "iconUrl", r.category, r.supported_rival_id AS "supportedRivalId",
      (SELECT count(*) FROM cards c JOIN boards cb ON cb.id = c.board_id
        WHERE cb.profile_id = p.id AND ${boardListedSql('cb')} AND ${cardVisibleSql(v)})::int AS "cardsCount",
      (SELECT count(*) FROM battlecards bc WHERE bc.profile_id = p.id AND bc.company_id = ${v.companyId} AND NOT bc.is_draft)::int AS battlecards
    FROM rivals r JOIN profiles p ON p.rival_id = r.id
    WHERE ${rivalVisibleSql(v)} AND ${rivalPublishedSql('r', 'p')}
    ORDER BY lower(r.name), r.id`);
  return rows as RivalRow[];
}

/**
 * The names of the rivals of retrieved passages, which the viewer may read: the Ask list leaves out
 * draft rivals, whose cards curators still see.
 */
export async function passageRivalNames(db: Db, companyId: number, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const { rows } = await db.execute(sql`SELECT id, name FROM rivals WHERE company_id = ${companyId} AND id = ANY(${sql.param(ids)}::int[])`);
  return new Map((rows as { id: number; name: string }[]).map((r) => [r.id, r.name]));
}

export const toAskRival = ({ id, name, profileId, iconUrl, cardsCount }: RivalRow): AskRival => ({ id, name, profileId, iconUrl, cardsCount });

export function featuredRivals(rivals: RivalRow[], companyName: string, random: () => number = Math.random): AskRival[] {
  const own = companyName.trim().toLowerCase();
  const eligible = rivals
    .filter((r) => r.category === 'company' && r.battlecards > 0 && r.cardsCount >= FEATURED_MIN_CARDS)
    .filter((r) => !own || !r.name.toLowerCase().includes(own))
    .sort((a, b) => b.cardsCount - a.cardsCount || a.id - b.id)
    .slice(0, FEATURED_RIVALS_MAX)
    .map(toAskRival);
  return eligible.length >= FEATURED_WEIGHTED_FROM ? weightedPick(eligible, (r) => r.cardsCount, FEATURED_RIVALS_MAX, random) : eligible;
}

/** Up to k items without repetition, each draw proportional to its weight. */
export function weightedPick<T>(items: T[], weight: (t: T) => number, k: number, random: () => number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < k && pool.length) {
    const total = pool.reduce((s, t) => s + Math.max(weight(t), 0), 0);
    let x = random() * total;
    let i = 0;
    while (i < pool.length - 1 && x >= Math.max(weight(pool[i]), 0)) x -= Math.max(weight(pool[i++]), 0);
    out.push(pool.splice(i, 1)[0]);
  }
  return out;
}

/** The rivals a question names (whole words, case-insensitive); a name within a longer named one does not count. */
export function namedRivals<R extends { name: string }>(question: string, rivals: R[]): R[] {
  const words = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  const q = ` ${words(question)} `;
  const found: { rival: R; name: string }[] = [];
  for (const rival of [...rivals].sort((a, b) => b.name.length - a.name.length)) {
    const name = words(rival.name);
    if (name.length > 1 && q.includes(` ${name} `) && !found.some((f) => f.name.includes(name))) found.push({ rival, name });
  }
  return found.map((f) => f.rival);
}
