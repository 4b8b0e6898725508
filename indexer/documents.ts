// Builds search documents from PostgreSQL, one SQL query per index, for a set of ids (incremental
// indexing) or a page of ids in order (full reindex). Field names follow mappings/ and the spec.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { audience, battlecardAudiencesSql, cardAudiencesSql, isScratchpadSql } from '../mappings/audiences.ts';
import type { IndexName } from '../mappings/index.ts';
import { htmlToText } from './htmlText.ts';

/** The table each index is built from. */
export const INDEX_TABLES: Record<IndexName, string> = { cards: 'cards', intel: 'intel_items', tags: 'tags', battlecards: 'battlecards' };

export type BuiltDoc = { id: number; version: number; doc: Record<string, unknown> };

/** Which rows to build: given ids, or the next page after an id. */
export type Selection = { ids: number[] } | { afterId: number; limit: number };

type Row = Record<string, unknown>;
const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function where(alias: SQL, s: Selection): SQL {
  return 'ids' in s ? sql`${alias}.id = ANY(${sql.param(s.ids)}::int[])` : sql`${alias}.id > ${s.afterId}`;
}
function page(s: Selection): SQL {
  return 'ids' in s ? sql`` : sql`ORDER BY 1 LIMIT ${s.limit}`;
}
const version = (index: IndexName, alias: SQL) =>
  sql`coalesce((SELECT o.version FROM search_outbox o WHERE o.index = ${index} AND o.doc_id = ${alias}.id), 0) AS version`;

async function rows(db: Db, query: SQL): Promise<Row[]> {
  return (await db.execute(query)).rows as Row[];
}

async function cards(db: Db, s: Selection): Promise<BuiltDoc[]> {
  const result = await rows(
    db,
    sql`SELECT c.id, ${version('cards', sql`c`)}, c.company_id, c.name, c.text_html, c.is_draft, c.all_access,
          c.created_at, c.updated_at, c.view_order, c.has_dynamic_blocks, ${cardAudiencesSql('c')} AS audiences,
          ${isScratchpadSql('b')} AS scratchpad,
          b.id AS board_id, b.name AS board_name, p.id AS profile_id, p.name AS profile_name,
          r.id AS rival_id, r.name AS rival_name, u.id AS author_id, u.name AS author_name,
          coalesce((SELECT json_agg(json_build_object('id', t.id, 'name', t.name) ORDER BY t.name, t.id)
                    FROM card_tags ct JOIN tags t ON t.id = ct.tag_id WHERE ct.card_id = c.id), '[]') AS tags,
          coalesce((SELECT array_agg(g.visibility_group_id ORDER BY g.visibility_group_id)
                    FROM card_visibility_groups g WHERE g.card_id = c.id), '{}') AS group_ids,
          (SELECT count(*) FROM card_sources cs WHERE cs.card_id = c.id)::int AS sources_count,
          coalesce((SELECT array_agg(bc.id ORDER BY bc.id) FROM battlecards bc
                    WHERE bc.profile_id = p.id AND c.id = ANY(search_battlecard_card_ids(bc.cards))), '{}') AS battlecard_ids
        FROM cards c
        JOIN boards b ON b.id = c.board_id
        JOIN profiles p ON p.id = b.profile_id
        JOIN rivals r ON r.id = p.rival_id
        LEFT JOIN users u ON u.id = c.author_id
        WHERE ${where(sql`c`, s)} ${page(s)}`,
  );
  return result.map((r) => {
    const visibility = {
      company_id: r.company_id as number,
      audiences: r.audiences as string[],
      isDraft: r.is_draft as boolean,
      allAccess: r.all_access as boolean,
      visibilityGroupIds: r.group_ids as number[],
    };
    return {
      id: r.id as number,
      version: Number(r.version),
      doc: {
        id: String(r.id),
        title: r.name,
        suggest: { input: [r.name], contexts: { scope: visibility.audiences } },
        text: htmlToText(r.text_html as string),
        tags: r.tags,
        board: { id: r.board_id, name: r.board_name, rival_id: r.rival_id },
        profile: { id: r.profile_id, name: r.profile_name },
        rival: { id: r.rival_id, name: r.rival_name },
        author: r.author_id ? { id: r.author_id, name: r.author_name } : null,
        ...visibility,
        scratchpad: r.scratchpad,
        createdAt: iso(r.created_at),
        updatedAt: iso(r.updated_at),
        viewOrder: Number(r.view_order) || 0,
        hasDynamicBlocks: r.has_dynamic_blocks,
        sourcesCount: r.sources_count,
        battlecardIds: r.battlecard_ids,
      },
    };
  });
}

async function intel(db: Db, s: Selection): Promise<BuiltDoc[]> {
  const result = await rows(
    db,
    sql`SELECT i.id, ${version('intel', sql`i`)}, i.company_id, i.state, i.priority, i.channel, i.topics,
          i.content_type, i.source, i.title, i.curated_title, i.summary, i.body, i.permalink, i.from_address, i.rank,
          i.created_at, i.updated_at, i.published_at, i.actioned_at, i.related_to_id,
          i.actioned_by_id, ab.name AS actioned_by_name, i.submitted_by_id, sb.name AS submitted_by_name,
          coalesce((SELECT json_agg(json_build_object('id', r.id, 'name', r.name) ORDER BY r.id)
                    FROM intel_rivals ir JOIN rivals r ON r.id = ir.rival_id WHERE ir.intel_id = i.id), '[]') AS rivals,
          coalesce((SELECT array_agg(rel.id ORDER BY rel.id) FROM intel_items rel WHERE rel.related_to_id = i.id), '{}') AS related_ids,
          p.id AS post_id,
          coalesce((SELECT array_agg(df.email_digest_id ORDER BY df.email_digest_id) FROM digest_favorites df
                    WHERE df.post_id = p.id), '{}') AS digests
        FROM intel_items i
        LEFT JOIN users ab ON ab.id = i.actioned_by_id
        LEFT JOIN users sb ON sb.id = i.submitted_by_id
        LEFT JOIN posts p ON p.intel_id = i.id
        WHERE ${where(sql`i`, s)} ${page(s)}`,
  );
  return result.map((r) => {
    const rivals = r.rivals as { id: number; name: string }[];
    const related = r.related_ids as number[];
    return {
      id: r.id as number,
      version: Number(r.version),
      doc: {
        id: String(r.id),
        intelId: r.id,
        company_id: r.company_id,
        state: r.state,
        priority: r.priority,
        channel: r.channel,
        topics: r.topics,
        contentType: r.content_type,
        rivals,
        rivalIds: rivals.map((x) => x.id),
        source: r.source,
        title: r.title,
        curatedTitle: r.curated_title,
        summary: r.summary,
        body: r.body,
        permalink: r.permalink,
        fromAddress: r.from_address,
        rank: r.rank,
        published: r.published_at !== null,
        createdAt: iso(r.created_at),
        updatedAt: iso(r.updated_at),
        publishedAt: iso(r.published_at),
        actionedAt: iso(r.actioned_at),
        actionedBy: num(r.actioned_by_id),
        actionedByName: r.actioned_by_name,
        submittedBy: num(r.submitted_by_id),
        submittedByName: r.submitted_by_name,
        relatedToId: num(r.related_to_id),
        relatedAlerts: related.length,
        relatedAlertIds: related,
        postId: num(r.post_id),
        digests: r.digests,
      },
    };
  });
}

async function tags(db: Db, s: Selection): Promise<BuiltDoc[]> {
  const result = await rows(
    db,
    sql`SELECT t.id, ${version('tags', sql`t`)}, t.company_id, t.name, t.synonyms,
          (SELECT count(*) FROM card_tags ct WHERE ct.tag_id = t.id)::int AS card_count
        FROM tags t WHERE ${where(sql`t`, s)} ${page(s)}`,
  );
  return result.map((r) => ({
    id: r.id as number,
    version: Number(r.version),
    doc: {
      id: String(r.id),
      company_id: r.company_id,
      name: r.name,
      synonyms: r.synonyms,
      active: (r.card_count as number) > 0,
      cardCount: r.card_count,
      suggest: { input: [r.name, ...(r.synonyms as string[])], contexts: { scope: [audience.everyone(r.company_id as number)] } },
    },
  }));
}

async function battlecards(db: Db, s: Selection): Promise<BuiltDoc[]> {
  const result = await rows(
    db,
    sql`SELECT bc.id, ${version('battlecards', sql`bc`)}, bc.company_id, bc.title, bc.is_draft, bc.view_order,
          ${battlecardAudiencesSql('bc')} AS audiences,
          bc.created_at, bc.updated_at, p.id AS profile_id, p.name AS profile_name, r.id AS rival_id, r.name AS rival_name,
          coalesce((SELECT string_agg(c.name, ' · ' ORDER BY c.id) FROM cards c
                    WHERE c.id = ANY(search_battlecard_card_ids(bc.cards)) AND c.company_id = bc.company_id), '') AS card_titles
        FROM battlecards bc
        JOIN profiles p ON p.id = bc.profile_id
        JOIN rivals r ON r.id = p.rival_id
        WHERE ${where(sql`bc`, s)} ${page(s)}`,
  );
  return result.map((r) => {
    const visibility = {
      company_id: r.company_id as number,
      audiences: r.audiences as string[],
      isDraft: r.is_draft as boolean,
      allAccess: !(r.is_draft as boolean),
      visibilityGroupIds: [] as number[],
    };
    return {
      id: r.id as number,
      version: Number(r.version),
      doc: {
        id: String(r.id),
        title: r.title,
        suggest: { input: [r.title], contexts: { scope: visibility.audiences } },
        profile: { id: r.profile_id, name: r.profile_name },
        rival: { id: r.rival_id, name: r.rival_name },
        cardTitles: r.card_titles,
        ...visibility,
        viewOrder: r.view_order,
        createdAt: iso(r.created_at),
        updatedAt: iso(r.updated_at),
      },
    };
  });
}

export const documentBuilders: Record<IndexName, (db: Db, s: Selection) => Promise<BuiltDoc[]>> = {
  cards,
  intel,
  tags,
  battlecards,
};
