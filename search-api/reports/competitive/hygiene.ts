// Data hygiene: stale or unsourced cards, profiles with nothing published, battlecards citing deleted cards, tags on
// no card (not bound to the period); its card queries serve the drill-down too.
import { sql, type SQL } from 'drizzle-orm';
import type { Report, ReportColumn, ReportRow } from '../../../contracts/reports.ts';
import { DAY_MS } from '../../../contracts/time.ts';
import { rowsOf } from '../../../db/client.ts';
import type { ReportContext } from '../context.ts';
import { wordsOf, type Words } from '../words.ts';
import { base, cardPath, col, dayText, isScratchpad, notTemplate, ts } from './shared.ts';

/** A hygiene row's state, worded by reports.cardStatus. */
type CardStatus = 'published' | 'draftCard' | 'draftRival';
/** Card c on board b of profile p of rival r: how a hygiene row reads its state. */
const cardStatusSql = sql`CASE WHEN r.is_draft OR p.is_draft THEN 'draftRival' WHEN c.is_draft THEN 'draftCard' ELSE 'published' END`;
/** The cards hygiene looks at: the company's, off the Scratchpad, not in a template (see shared.ts). */
export const hygieneCardsFrom = (companyId: number): SQL => sql`FROM cards c
  JOIN boards b ON b.id = c.board_id AND b.company_id = ${companyId}
  JOIN profiles p ON p.id = b.profile_id AND p.company_id = ${companyId}
  JOIN rivals r ON r.id = p.rival_id AND r.company_id = ${companyId}
  WHERE c.company_id = ${companyId} AND ${notTemplate('r', 'p')} AND NOT ${isScratchpad('b')}`;

type HygieneCard = {
  id: number;
  name: string;
  profileId: number;
  rival: string;
  board: string;
  updatedAt: Date;
  days: number;
  sources: number;
  status: CardStatus;
  total: number;
};

const hygieneCardColumns = (w: Words): ReportColumn[] => [
  col('card', w('common.card'), 'text'),
  col('rival', w('common.rival'), 'text'),
  col('board', w('common.board'), 'text'),
  col('updated', w('common.lastUpdated'), 'date'),
  col('days', w('common.daysSinceUpdate'), 'number'),
  col('status', w('common.status'), 'text'),
];
const hygieneCardRow = (w: Words) => (c: HygieneCard): ReportRow => ({
  cells: { card: c.name, rival: c.rival, board: c.board, updated: dayText(c.updatedAt), days: c.days, status: w(`cardStatus.${c.status}`) },
  links: { card: cardPath(c.profileId, c.id) },
});

export async function hygieneCards(ctx: ReportContext, where: SQL, rivalId?: number): Promise<HygieneCard[]> {
  return rowsOf<HygieneCard>(
    ctx.db,
    sql`SELECT c.id, c.name, p.id AS "profileId", r.name AS rival, b.name AS board, c.updated_at AS "updatedAt",
        floor(extract(epoch FROM (${ts(ctx.now)} - c.updated_at)) / 86400)::int AS days,
        (SELECT count(*) FROM card_sources s WHERE s.card_id = c.id AND s.company_id = ${ctx.companyId})::int AS sources,
        ${cardStatusSql} AS status, count(*) OVER ()::int AS total
      ${hygieneCardsFrom(ctx.companyId)} AND (${where}) ${rivalId === undefined ? sql`` : sql`AND r.id = ${rivalId}`}
      ORDER BY c.updated_at, c.id
      LIMIT ${ctx.rows}`,
  );
}

type EmptyProfile = { id: number; rival: string; lanes: number; scratchpadCards: number; draftCards: number; status: CardStatus; total: number };
type BrokenBattlecard = { id: number; title: string; profileId: number; rival: string; missing: number; layouts: string[]; total: number };
type UnusedTag = { id: number; name: string; createdAt: Date; total: number };

function emptyReason(p: EmptyProfile): 'scratchpadOnly' | 'noBoards' | 'draftsOnly' | 'notesOnly' | 'emptyBoards' {
  if (p.lanes === 0) return p.scratchpadCards ? 'scratchpadOnly' : 'noBoards';
  if (p.draftCards) return 'draftsOnly';
  if (p.scratchpadCards) return 'notesOnly';
  return 'emptyBoards';
}

export async function dataHygiene(ctx: ReportContext): Promise<Report> {
  const c = ctx.companyId;
  const w = wordsOf(ctx.language);
  const staleDays = ctx.query.staleDays;
  const cutoff = new Date(ctx.now.getTime() - staleDays * DAY_MS);
  const report = base(ctx, 'data-hygiene');

  const [stale, unsourced, emptyProfiles, battlecards, tags] = await Promise.all([
    hygieneCards(ctx, sql`c.updated_at < ${ts(cutoff)}`),
    hygieneCards(ctx, sql`NOT EXISTS (SELECT 1 FROM card_sources s WHERE s.card_id = c.id AND s.company_id = ${c})`),
    // Profiles with no non-draft card on a board other than the Scratchpad: nothing a reader can open there.
    rowsOf<EmptyProfile>(
      ctx.db,
      sql`SELECT p.id, r.name AS rival,
          (SELECT count(*) FROM boards b WHERE b.profile_id = p.id AND b.company_id = ${c} AND NOT ${isScratchpad('b')})::int AS lanes,
          (SELECT count(*) FROM cards x JOIN boards b ON b.id = x.board_id
            WHERE b.profile_id = p.id AND x.company_id = ${c} AND ${isScratchpad('b')})::int AS "scratchpadCards",
          (SELECT count(*) FROM cards x JOIN boards b ON b.id = x.board_id
            WHERE b.profile_id = p.id AND x.company_id = ${c} AND NOT ${isScratchpad('b')} AND x.is_draft)::int AS "draftCards",
          CASE WHEN r.is_draft OR p.is_draft THEN 'draftRival' ELSE 'published' END AS status,
          count(*) OVER ()::int AS total
        FROM profiles p JOIN rivals r ON r.id = p.rival_id AND r.company_id = ${c}
        WHERE p.company_id = ${c} AND ${notTemplate('r', 'p')}
          AND NOT EXISTS (SELECT 1 FROM cards x JOIN boards b ON b.id = x.board_id
            WHERE b.profile_id = p.id AND x.company_id = ${c} AND NOT ${isScratchpad('b')} AND NOT x.is_draft)
        ORDER BY lower(r.name), p.id
        LIMIT ${ctx.rows}`,
    ),
    // Battlecards hold their cards as ids in their layouts (battlecards.cards: desktop, tablet, mobile); a card
    // deleted since is a hard delete (cards have no deleted flag), so it is an id with no card row of the company.
    rowsOf<BrokenBattlecard>(
      ctx.db,
      sql`WITH refs AS (
          SELECT bc.id AS battlecard_id, l.kind, (e.value)::numeric AS card_id
          FROM battlecards bc
          CROSS JOIN LATERAL jsonb_each(CASE WHEN jsonb_typeof(bc.cards) = 'object' THEN bc.cards ELSE '{}'::jsonb END) AS l(kind, ids)
          CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(l.ids) = 'array' THEN l.ids ELSE '[]'::jsonb END) AS e(value)
          WHERE bc.company_id = ${c} AND jsonb_typeof(e.value) = 'number'
        ), missing AS (
          SELECT battlecard_id, count(DISTINCT card_id)::int AS missing, array_agg(DISTINCT kind ORDER BY kind) AS layouts
          FROM refs WHERE NOT EXISTS (SELECT 1 FROM cards x WHERE x.id = refs.card_id AND x.company_id = ${c})
          GROUP BY battlecard_id
        )
        SELECT bc.id, bc.title, p.id AS "profileId", r.name AS rival, m.missing, m.layouts, count(*) OVER ()::int AS total
        FROM missing m JOIN battlecards bc ON bc.id = m.battlecard_id
        JOIN profiles p ON p.id = bc.profile_id AND p.company_id = ${c}
        JOIN rivals r ON r.id = p.rival_id AND r.company_id = ${c}
        WHERE ${notTemplate('r', 'p')}
        ORDER BY m.missing DESC, lower(r.name), lower(bc.title), bc.id
        LIMIT ${ctx.rows}`,
    ),
    // A tag on a card of any profile (templates included) is in use.
    rowsOf<UnusedTag>(
      ctx.db,
      sql`SELECT t.id, t.name, t.created_at AS "createdAt", count(*) OVER ()::int AS total
        FROM tags t
        WHERE t.company_id = ${c} AND NOT EXISTS (SELECT 1 FROM card_tags ct WHERE ct.tag_id = t.id AND ct.company_id = ${c})
        ORDER BY lower(t.name), t.id
        LIMIT ${ctx.rows}`,
    ),
  ]);
  const total = (rows: { total: number }[]) => rows[0]?.total ?? 0;

  report.kpis = [
    { key: 'staleCards', label: w('common.staleCards'), value: total(stale), format: 'number', hint: w('hygiene.staleHint', { days: staleDays }) },
    { key: 'unsourcedCards', label: w('common.unsourcedCards'), value: total(unsourced), format: 'number' },
    { key: 'emptyProfiles', label: w('hygiene.emptyProfiles'), value: total(emptyProfiles), format: 'number', hint: w('hygiene.emptyBoards') },
    { key: 'brokenBattlecards', label: w('hygiene.brokenBattlecards'), value: total(battlecards), format: 'number' },
    { key: 'unusedTags', label: w('hygiene.unusedTags'), value: total(tags), format: 'number', hint: w('hygiene.tagsOnNoCard') },
  ];
  const cardRow = hygieneCardRow(w);
  report.tables = [
    {
      key: 'staleCards',
      title: w('hygiene.stale', { days: staleDays }),
      description: w('hygiene.staleTableHint'),
      columns: hygieneCardColumns(w),
      rows: stale.map(cardRow),
      total: total(stale),
      empty: w('hygiene.noStale', { days: staleDays }),
    },
    {
      key: 'unsourcedCards',
      title: w('common.unsourcedCards'),
      description: w('hygiene.unsourcedHint'),
      columns: hygieneCardColumns(w),
      rows: unsourced.map(cardRow),
      total: total(unsourced),
      empty: w('hygiene.noUnsourced'),
    },
    {
      key: 'emptyProfiles',
      title: w('hygiene.emptyBoards'),
      description: w('hygiene.emptyBoardsHint'),
      columns: [
        col('rival', w('common.rival'), 'text'),
        col('reason', w('hygiene.whatIsThere'), 'text'),
        col('lanes', w('hygiene.boards'), 'number'),
        col('draftCards', w('hygiene.draftCards'), 'number'),
        col('scratchpadCards', w('hygiene.scratchpadCards'), 'number'),
        col('status', w('common.status'), 'text'),
      ],
      rows: emptyProfiles.map((p) => ({
        cells: {
          rival: p.rival,
          reason: w(`hygiene.reasons.${emptyReason(p)}`),
          lanes: p.lanes,
          draftCards: p.draftCards,
          scratchpadCards: p.scratchpadCards,
          status: w(`cardStatus.${p.status}`),
        },
        links: { rival: `/profile/${p.id}` },
      })),
      total: total(emptyProfiles),
      empty: w('hygiene.noEmptyBoards'),
    },
    {
      key: 'brokenBattlecards',
      title: w('hygiene.brokenBattlecards'),
      columns: [
        col('battlecard', w('common.battlecard'), 'text'),
        col('rival', w('common.rival'), 'text'),
        col('missing', w('hygiene.deletedCards'), 'number'),
        col('layouts', w('hygiene.layouts'), 'text'),
      ],
      rows: battlecards.map((b) => ({
        cells: { battlecard: b.title, rival: b.rival, missing: b.missing, layouts: b.layouts.map((l) => w.label('layouts', l)).join(', ') },
        links: { battlecard: `/profile/${b.profileId}/battlecard/view/${b.id}` },
      })),
      total: total(battlecards),
      empty: w('hygiene.noBroken'),
    },
    {
      key: 'unusedTags',
      title: w('hygiene.tagsOnNoCard'),
      columns: [col('tag', w('hygiene.tag'), 'text'), col('created', w('hygiene.created'), 'date')],
      rows: tags.map((t) => ({ cells: { tag: t.name, created: dayText(t.createdAt) } })),
      total: total(tags),
      empty: w('hygiene.noUnusedTags'),
    },
  ];
  return report;
}
