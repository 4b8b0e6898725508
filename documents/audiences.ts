// Who a card or a battlecard is for: the document side of the one visibility rule (the viewer side is
// search-api/visibility/). A document lists its audiences; a viewer holds audiences; a viewer sees a
// document of its company when the two share one. The same SQL expressions feed the search documents
// (the indexer stores them in `audiences` and in the completion contexts) and the predicate of every
// read served from PostgreSQL, so search and reads cannot disagree.
//
// - Every card and battlecard is for its company's curators.
// - A card is also for consumers when it is published (not a draft), its board is not the Scratchpad
//   (curators' notes) and its rival and profile are published (neither draft nor template): then it is
//   for everyone when all-access, else for the members of its visibility groups.
// - A battlecard is also for everyone when it is published and so are its rival and profile.
import { sql, type SQL } from 'drizzle-orm';
import { SCRATCHPAD } from '../contracts/cards.ts';

/** The audience names, `<company>:curator`, `<company>:all` and `<company>:g<group>`. */
export const audience = {
  curators: (companyId: number) => `${companyId}:curator`,
  everyone: (companyId: number) => `${companyId}:all`,
  group: (companyId: number, groupId: number) => `${companyId}:g${groupId}`,
};

/** Rival r with profile p is published: neither is a draft or a template. */
export const rivalPublishedSql = (r: string, p: string): SQL =>
  sql.raw(`NOT ${r}.is_draft AND NOT ${r}.is_template AND NOT ${p}.is_draft AND NOT ${p}.is_template`);

/** Whether board b is the Scratchpad, the curators' notes that no lane list shows. */
export const isScratchpadSql = (b: string): SQL => sql`(${sql.raw(b)}.name = ${SCRATCHPAD})`;

/** Card c (an outer alias) is for consumers at all: published, off the Scratchpad, on a published rival. */
const cardPublishedSql = (c: string): SQL => sql`NOT ${sql.raw(c)}.is_draft AND EXISTS (
  SELECT 1 FROM boards ab JOIN profiles ap ON ap.id = ab.profile_id JOIN rivals ar ON ar.id = ap.rival_id
  WHERE ab.id = ${sql.raw(c)}.board_id AND NOT ${isScratchpadSql('ab')} AND ${rivalPublishedSql('ar', 'ap')})`;

/** The audiences (text[]) of card c. */
export function cardAudiencesSql(c: string): SQL {
  const company = sql.raw(`${c}.company_id`);
  return sql`CASE
    WHEN NOT (${cardPublishedSql(c)}) THEN ARRAY[${company} || ':curator']
    WHEN ${sql.raw(c)}.all_access THEN ARRAY[${company} || ':curator', ${company} || ':all']
    ELSE ARRAY[${company} || ':curator'] || ARRAY(SELECT ${company} || ':g' || ag.visibility_group_id
      FROM card_visibility_groups ag WHERE ag.card_id = ${sql.raw(c)}.id ORDER BY ag.visibility_group_id)
  END`;
}

/** The audiences (text[]) of battlecard bc. */
export function battlecardAudiencesSql(bc: string): SQL {
  const company = sql.raw(`${bc}.company_id`);
  return sql`CASE WHEN NOT ${sql.raw(bc)}.is_draft AND EXISTS (
      SELECT 1 FROM profiles ap JOIN rivals ar ON ar.id = ap.rival_id
      WHERE ap.id = ${sql.raw(bc)}.profile_id AND ${rivalPublishedSql('ar', 'ap')})
    THEN ARRAY[${company} || ':curator', ${company} || ':all'] ELSE ARRAY[${company} || ':curator'] END`;
}

/**
 * The audiences (text[]) of knowledge-hub file f (a company's own file, issue #58): curators always; consumers once it
 * is approved, everyone when it names no visibility group, else the members of its groups.
 */
export function knowledgeFileAudiencesSql(f: string): SQL {
  const company = sql.raw(`${f}.company_id`);
  return sql`CASE
    WHEN ${sql.raw(f)}.state <> 'approved' THEN ARRAY[${company} || ':curator']
    WHEN NOT EXISTS (SELECT 1 FROM knowledge_file_visibility_groups fg WHERE fg.file_id = ${sql.raw(f)}.id)
      THEN ARRAY[${company} || ':curator', ${company} || ':all']
    ELSE ARRAY[${company} || ':curator'] || ARRAY(SELECT ${company} || ':g' || fg.visibility_group_id
      FROM knowledge_file_visibility_groups fg WHERE fg.file_id = ${sql.raw(f)}.id ORDER BY fg.visibility_group_id)
  END`;
}

/**
 * The audiences of a synthetic card (conformance fixtures, benchmarks) from its own flags: the
 * same rule as cardAudiencesSql for a card whose board and rival are published.
 */
export function audiencesOf(d: { company_id: number; isDraft: boolean; allAccess: boolean; visibilityGroupIds: number[] }): string[] {
  const c = d.company_id;
  if (d.isDraft) return [audience.curators(c)];
  return [audience.curators(c), ...(d.allAccess ? [audience.everyone(c)] : d.visibilityGroupIds.map((g) => audience.group(c, g)))];
}
