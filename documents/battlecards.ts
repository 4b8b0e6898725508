// The battlecard search document: its mapping, its typed source and the query that builds it.
import { eq, sql } from 'drizzle-orm';
import type { Exec } from '../db/client.ts';
import { alias } from 'drizzle-orm/pg-core';
import { battlecards, profiles, rivals } from '../db/schema.ts';
import type { IndexDefinition } from '../engine/port.ts';
import { battlecardAudiencesSql } from './audiences.ts';
import { pageOf, selected, versionOf, type BuiltDoc, type Completion, type Ref, type Selection, type VisibilityDocFields } from './build.ts';
import { analysisSettings, englishText, entityRef, scopedCompletion, textWithKeyword, visibilityFields } from './analysis.ts';

/** A battlecard (an ordered set of cards for one rival profile). */
export const battlecardsIndex: IndexDefinition = {
  name: 'battlecards',
  version: 2,
  settings: analysisSettings,
  mappings: {
    dynamic: 'strict',
    properties: {
      id: { type: 'keyword' },
      title: textWithKeyword(),
      suggest: scopedCompletion,
      profile: entityRef(),
      rival: entityRef(),
      cardTitles: englishText,
      ...visibilityFields,
      viewOrder: { type: 'double' },
      createdAt: { type: 'date' },
      updatedAt: { type: 'date' },
    },
  },
};

/** The battlecard document, as the indexer writes it and suggestions read it back. */
export type BattlecardDoc = VisibilityDocFields & {
  id: string;
  title: string;
  suggest: Completion;
  profile: Ref;
  rival: Ref;
  cardTitles: string;
  viewOrder: number;
  createdAt: string;
  updatedAt: string;
};

const bc = alias(battlecards, 'bc');
const p = alias(profiles, 'p');
const r = alias(rivals, 'r');

/** The battlecard documents of the selected battlecards. */
export async function buildBattlecardDocs(db: Exec, s: Selection): Promise<BuiltDoc<BattlecardDoc>[]> {
  const query = db
    .select({
      id: bc.id,
      version: versionOf('battlecards', bc.id),
      companyId: bc.companyId,
      title: bc.title,
      isDraft: bc.isDraft,
      viewOrder: bc.viewOrder,
      audiences: sql<string[]>`${battlecardAudiencesSql('bc')}`,
      createdAt: bc.createdAt,
      updatedAt: bc.updatedAt,
      profile: { id: p.id, name: p.name },
      rival: { id: r.id, name: r.name },
      cardTitles: sql<string>`coalesce((SELECT string_agg(c.name, ' · ' ORDER BY c.id) FROM cards c
        WHERE c.id = ANY(search_battlecard_card_ids(${bc.cards})) AND c.company_id = ${bc.companyId}), '')`,
    })
    .from(bc)
    .innerJoin(p, eq(p.id, bc.profileId))
    .innerJoin(r, eq(r.id, p.rivalId))
    .where(selected(bc.id, s))
    .$dynamic();
  const rows = await pageOf(query, bc.id, s);
  return rows.map((row) => ({
    id: row.id,
    version: Number(row.version),
    doc: {
      id: String(row.id),
      title: row.title,
      suggest: { input: [row.title], contexts: { scope: row.audiences } },
      profile: row.profile,
      rival: row.rival,
      cardTitles: row.cardTitles,
      company_id: row.companyId,
      audiences: row.audiences,
      isDraft: row.isDraft,
      allAccess: !row.isDraft,
      visibilityGroupIds: [],
      viewOrder: row.viewOrder,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    },
  }));
}
