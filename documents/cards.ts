// The card search document and the card read query: the index mapping, the typed source the server
// reads back, and the one SQL query that reads cards for every reader (indexer and server alike).
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Exec } from '../db/client.ts';
import { alias } from 'drizzle-orm/pg-core';
import { boards, cards, profiles, rivals, users } from '../db/schema.ts';
import type { TextBlock } from '../contracts/cards.ts';
import type { IndexDefinition } from '../engine/port.ts';
import { htmlToText } from '../server-shared/htmlText.ts';
import { cardAudiencesSql, isScratchpadSql } from './audiences.ts';
import { withVariables } from './variables.ts';
import { pageOf, selected, versionOf, type BuiltDoc, type Completion, type Ref, type Selection, type VisibilityDocFields } from './build.ts';
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
  /** The text as the authoring API edits it: HTML and formula blocks (the document is built from textHtml). */
  textJson: TextBlock[];
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

const c = alias(cards, 'c');
const b = alias(boards, 'b');
const p = alias(profiles, 'p');
const r = alias(rivals, 'r');
const u = alias(users, 'u');

/** What every card reader reads: a CardRow, before its dates become strings. */
const cardFields = {
  id: c.id,
  companyId: c.companyId,
  name: c.name,
  textHtml: c.textHtml,
  textJson: c.textJson,
  isDraft: c.isDraft,
  allAccess: c.allAccess,
  viewOrder: c.viewOrder,
  templateName: c.templateName,
  hasDynamicBlocks: c.hasDynamicBlocks,
  reviewerId: c.reviewerId,
  reviewedAt: c.reviewedAt,
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
  scratchpad: sql<boolean>`${isScratchpadSql('b')}`,
  board: { id: b.id, name: b.name },
  profile: { id: p.id, name: p.name },
  rival: { id: r.id, name: r.name },
  author: { id: u.id, name: u.name },
  tags: sql<Ref[]>`coalesce((SELECT json_agg(json_build_object('id', t.id, 'name', t.name) ORDER BY t.name, t.id)
    FROM card_tags ct JOIN tags t ON t.id = ct.tag_id WHERE ct.card_id = ${c.id}), '[]')`,
  visibilityGroups: sql<Ref[]>`coalesce((SELECT json_agg(json_build_object('id', g.id, 'name', g.name) ORDER BY g.view_order, g.id)
    FROM card_visibility_groups cg JOIN visibility_groups g ON g.id = cg.visibility_group_id WHERE cg.card_id = ${c.id}), '[]')`,
  sourcesCount: sql<number>`(SELECT count(*) FROM card_sources s WHERE s.card_id = ${c.id})::int`,
};

/** How a card's board, profile, rival and author join it (both card queries join them the same way). */
const on = { board: eq(b.id, c.boardId), profile: eq(p.id, b.profileId), rival: eq(r.id, p.rivalId), author: eq(u.id, c.authorId) };

/** Cards with what every reader needs, before a WHERE. */
const cardsQuery = (db: Exec) =>
  db.select(cardFields).from(c).innerJoin(b, on.board).innerJoin(p, on.profile).innerJoin(r, on.rival).leftJoin(u, on.author);

type CardFieldsRow = Awaited<ReturnType<typeof cardsQuery>>[number];

const toCardRow = ({ reviewedAt, createdAt, updatedAt, author, ...rest }: CardFieldsRow): CardRow => ({
  ...rest,
  reviewedAt: reviewedAt?.toISOString() ?? null,
  createdAt: createdAt.toISOString(),
  updatedAt: updatedAt.toISOString(),
  author: author?.id == null ? null : { id: author.id, name: author.name ?? '' },
});

/**
 * The card read query, the only one: cards matching `where` (over the aliases of fromCards), in `orderBy` order,
 * their HTML holding the current values of the variables it inserts.
 */
export async function selectCards(db: Exec, where: SQL, opts: { orderBy?: SQL[] } = {}): Promise<CardRow[]> {
  const rows = await cardsQuery(db).where(where).orderBy(...(opts.orderBy ?? []));
  return withVariables(db, rows.map(toCardRow), (r) => r.companyId);
}

/** The card documents of the selected cards. */
export async function buildCardDocs(db: Exec, s: Selection): Promise<BuiltDoc<CardDoc>[]> {
  const query = db.select({
    ...cardFields,
    version: versionOf('cards', c.id),
    audiences: sql<string[]>`${cardAudiencesSql('c')}`,
    battlecardIds: sql<number[]>`coalesce((SELECT array_agg(bc.id ORDER BY bc.id) FROM battlecards bc
      WHERE bc.profile_id = ${p.id} AND ${c.id} = ANY(search_battlecard_card_ids(bc.cards))), '{}')`,
  }).from(c)
    .innerJoin(b, on.board).innerJoin(p, on.profile).innerJoin(r, on.rival).leftJoin(u, on.author)
    .where(selected(c.id, s)).$dynamic();
  const rows = await pageOf(query, c.id, s);
  const read = rows.map(({ version, audiences, battlecardIds, ...fields }) => ({ ...toCardRow(fields), version, audiences, battlecardIds }));
  return (await withVariables(db, read, (r) => r.companyId)).map(({ version, audiences, battlecardIds, ...r }) => {
    return {
      id: r.id,
      version: Number(version),
      doc: {
        id: String(r.id),
        title: r.name,
        suggest: { input: [r.name], contexts: { scope: audiences } },
        text: htmlToText(r.textHtml),
        tags: r.tags,
        board: { ...r.board, rival_id: r.rival.id },
        profile: r.profile,
        rival: r.rival,
        author: r.author,
        company_id: r.companyId,
        audiences,
        isDraft: r.isDraft,
        allAccess: r.allAccess,
        visibilityGroupIds: r.visibilityGroups.map((g) => g.id).sort((a, b) => a - b),
        scratchpad: r.scratchpad,
        createdAt: r.createdAt,
        updatedAt: r.updatedAt,
        viewOrder: Number(r.viewOrder) || 0,
        hasDynamicBlocks: r.hasDynamicBlocks,
        sourcesCount: r.sourcesCount,
        battlecardIds,
      },
    };
  });
}
