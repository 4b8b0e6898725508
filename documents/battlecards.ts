// The battlecard search document: its mapping, its typed source and the query that builds it.
import { sql } from 'drizzle-orm';
import { rowsOf, type Exec } from '../db/client.ts';
import type { IndexDefinition } from '../engine/port.ts';
import { battlecardAudiencesSql } from './audiences.ts';
import { pageOf, selected, versionColumn, type BuiltDoc, type Completion, type Ref, type Selection, type VisibilityDocFields } from './build.ts';
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

/** The battlecard documents of the selected battlecards. */
export async function buildBattlecardDocs(db: Exec, s: Selection): Promise<BuiltDoc<BattlecardDoc>[]> {
  type Row = {
    id: number;
    version: string;
    company_id: number;
    title: string;
    is_draft: boolean;
    view_order: number;
    audiences: string[];
    created_at: Date | string;
    updated_at: Date | string;
    profile_id: number;
    profile_name: string;
    rival_id: number;
    rival_name: string;
    card_titles: string;
  };
  const rows = await rowsOf<Row>(
    db,
    sql`SELECT bc.id, ${versionColumn('battlecards', 'bc')}, bc.company_id, bc.title, bc.is_draft, bc.view_order,
          ${battlecardAudiencesSql('bc')} AS audiences,
          bc.created_at, bc.updated_at, p.id AS profile_id, p.name AS profile_name, r.id AS rival_id, r.name AS rival_name,
          coalesce((SELECT string_agg(c.name, ' · ' ORDER BY c.id) FROM cards c
                    WHERE c.id = ANY(search_battlecard_card_ids(bc.cards)) AND c.company_id = bc.company_id), '') AS card_titles
        FROM battlecards bc
        JOIN profiles p ON p.id = bc.profile_id
        JOIN rivals r ON r.id = p.rival_id
        WHERE ${selected('bc', s)} ${pageOf('bc', s)}`,
  );
  return rows.map((r) => ({
    id: r.id,
    version: Number(r.version),
    doc: {
      id: String(r.id),
      title: r.title,
      suggest: { input: [r.title], contexts: { scope: r.audiences } },
      profile: { id: r.profile_id, name: r.profile_name },
      rival: { id: r.rival_id, name: r.rival_name },
      cardTitles: r.card_titles,
      company_id: r.company_id,
      audiences: r.audiences,
      isDraft: r.is_draft,
      allAccess: !r.is_draft,
      visibilityGroupIds: [],
      viewOrder: r.view_order,
      createdAt: new Date(r.created_at).toISOString(),
      updatedAt: new Date(r.updated_at).toISOString(),
    },
  }));
}
