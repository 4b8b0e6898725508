// The card search document and the card read query: the index mapping, the typed source the server
// reads back, and the one SQL query that reads cards for every reader (indexer and server alike).
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Exec } from '../db/client.ts';
import type { IndexDefinition } from '../engine/port.ts';
import { htmlToText } from '../server-shared/htmlText.ts';
import { cardAudiencesSql, isScratchpadSql } from './audiences.ts';
import { pageOf, selected, versionColumn, type BuiltDoc, type Completion, type Ref, type Selection, type VisibilityDocFields } from './build.ts';
import { analysisSettings, entityRef, scopedCompletion, typoTolerantText, visibilityFields } from './analysis.ts';

/** A card on a board. `tags.id`, `board.id`, `board.rival_id` are the search counters (facets). */
export const cardsIndex: IndexDefinition = {
  name: 'cards',
  version: 4,
  settings: analysisSettings,
  mappings: {
    dynamic: 'strict',
    properties: {
      id: { type: 'keyword' },
      title: typoTolerantText(true),
      suggest: scopedCompletion,
      text: typoTolerantText(),
      tags: { properties: { id: { type: 'integer' }, name: typoTolerantText(true) } },
      board: { properties: { id: { type: 'integer' }, name: typoTolerantText(true), rival_id: { type: 'integer' } } },
      profile: entityRef(),
      rival: { properties: { id: { type: 'integer' }, name: typoTolerantText(true) } },
      author: entityRef(),
      ...visibilityFields,
      scratchpad: { type: 'boolean' },
      createdAt: { type: 'date' },
      updatedAt: { type: 'date' },
      viewOrder: { type: 'double' },
      hasDynamicBlocks: { type: 'boolean' },
      sourcesCount: { type: 'integer' },
      battlecardIds: { type: 'integer' },
    },
  },
};

/** The card document, as the indexer writes it and the server reads it back. */
export type CardDoc = VisibilityDocFields & {
  id: string;
  title: string;
  suggest: Completion;
  text: string;
  tags: Ref[];
  board: Ref & { rival_id: number };
  profile: Ref;
  rival: Ref;
  author: Ref | null;
  scratchpad: boolean;
  createdAt: string;
  updatedAt: string;
  viewOrder: number;
  hasDynamicBlocks: boolean;
  sourcesCount: number;
  battlecardIds: number[];
};

/** One card as PostgreSQL holds it, with what every reader needs: the search document, the card viewer, the authoring API and the lanes. */
export type CardRow = {
  id: number;
  companyId: number;
  name: string;
  textHtml: string;
  isDraft: boolean;
  allAccess: boolean;
  viewOrder: string;
  templateName: string | null;
  hasDynamicBlocks: boolean;
  reviewerId: number | null;
  reviewedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** On the rival's Scratchpad board: a curators' note. */
  scratchpad: boolean;
  board: Ref;
  profile: Ref;
  rival: Ref;
  author: Ref | null;
  /** By name. */
  tags: Ref[];
  /** In the company's group order. */
  visibilityGroups: Ref[];
  sourcesCount: number;
};

/**
 * The card read query, the only one: cards (alias `c`, with `b`, `p`, `r` for board, profile and
 * rival) matching `where`, then `tail` (ORDER BY, LIMIT). `extra` adds columns a reader alone needs.
 */
export async function selectCards<Extra extends object = object>(
  db: Exec,
  where: SQL,
  opts: { tail?: SQL; extra?: SQL } = {},
): Promise<(CardRow & Extra)[]> {
  type Flat = Omit<CardRow, 'board' | 'profile' | 'rival' | 'author' | 'reviewedAt' | 'createdAt' | 'updatedAt'> & {
    reviewedAt: Date | string | null;
    createdAt: Date | string;
    updatedAt: Date | string;
    boardId: number;
    boardName: string;
    profileId: number;
    profileName: string;
    rivalId: number;
    rivalName: string;
    authorId: number | null;
    authorName: string | null;
  };
  const rows = await rowsOf<Flat & Extra>(
    db,
    sql`SELECT c.id, c.company_id AS "companyId", c.name, c.text_html AS "textHtml", c.is_draft AS "isDraft",
          c.all_access AS "allAccess", c.view_order AS "viewOrder", c.template_name AS "templateName",
          c.has_dynamic_blocks AS "hasDynamicBlocks", c.reviewer_id AS "reviewerId", c.reviewed_at AS "reviewedAt",
          c.created_at AS "createdAt", c.updated_at AS "updatedAt", ${isScratchpadSql('b')} AS scratchpad,
          b.id AS "boardId", b.name AS "boardName", p.id AS "profileId", p.name AS "profileName",
          r.id AS "rivalId", r.name AS "rivalName", u.id AS "authorId", u.name AS "authorName",
          coalesce((SELECT json_agg(json_build_object('id', t.id, 'name', t.name) ORDER BY t.name, t.id)
                    FROM card_tags ct JOIN tags t ON t.id = ct.tag_id WHERE ct.card_id = c.id), '[]') AS tags,
          coalesce((SELECT json_agg(json_build_object('id', g.id, 'name', g.name) ORDER BY g.view_order, g.id)
                    FROM card_visibility_groups cg JOIN visibility_groups g ON g.id = cg.visibility_group_id
                    WHERE cg.card_id = c.id), '[]') AS "visibilityGroups",
          (SELECT count(*) FROM card_sources s WHERE s.card_id = c.id)::int AS "sourcesCount" ${opts.extra ?? sql``}
        FROM cards c JOIN boards b ON b.id = c.board_id JOIN profiles p ON p.id = b.profile_id
        JOIN rivals r ON r.id = p.rival_id LEFT JOIN users u ON u.id = c.author_id
        WHERE ${where} ${opts.tail ?? sql``}`,
  );
  // The spread keeps the extra columns, which TypeScript cannot follow through a generic rest.
  return rows.map(({ boardId, boardName, profileId, profileName, rivalId, rivalName, authorId, authorName, ...r }) => ({
    ...(r as unknown as CardRow & Extra),
    reviewedAt: r.reviewedAt ? new Date(r.reviewedAt).toISOString() : null,
    createdAt: new Date(r.createdAt).toISOString(),
    updatedAt: new Date(r.updatedAt).toISOString(),
    board: { id: boardId, name: boardName },
    profile: { id: profileId, name: profileName },
    rival: { id: rivalId, name: rivalName },
    author: authorId === null ? null : { id: authorId, name: authorName ?? '' },
  }));
}

type IndexExtra = { version: string; audiences: string[]; battlecardIds: number[] };

/** The card documents of the selected cards. */
export async function buildCardDocs(db: Exec, s: Selection): Promise<BuiltDoc<CardDoc>[]> {
  const rows = await selectCards<IndexExtra>(db, selected('c', s), {
    tail: pageOf('c', s),
    extra: sql`, ${versionColumn('cards', 'c')}, ${cardAudiencesSql('c')} AS audiences,
      coalesce((SELECT array_agg(bc.id ORDER BY bc.id) FROM battlecards bc
                WHERE bc.profile_id = p.id AND c.id = ANY(search_battlecard_card_ids(bc.cards))), '{}') AS "battlecardIds"`,
  });
  return rows.map((r) => ({
    id: r.id,
    version: Number(r.version),
    doc: {
      id: String(r.id),
      title: r.name,
      suggest: { input: [r.name], contexts: { scope: r.audiences } },
      text: htmlToText(r.textHtml),
      tags: r.tags,
      board: { ...r.board, rival_id: r.rival.id },
      profile: r.profile,
      rival: r.rival,
      author: r.author,
      company_id: r.companyId,
      audiences: r.audiences,
      isDraft: r.isDraft,
      allAccess: r.allAccess,
      visibilityGroupIds: r.visibilityGroups.map((g) => g.id).sort((a, b) => a - b),
      scratchpad: r.scratchpad,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
      viewOrder: Number(r.viewOrder) || 0,
      hasDynamicBlocks: r.hasDynamicBlocks,
      sourcesCount: r.sourcesCount,
      battlecardIds: r.battlecardIds,
    },
  }));
}
