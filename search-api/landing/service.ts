// The company landing page (part 3 §2.4, §3, §4.5, §7.2): one rival's page for a seller. Its generated sections
// (overview, how we compare, and the What's-new summary) are made per reader's scope and language by landingGeneration
// jobs (generate.ts) and kept in landing_sections, so each reader reads them in their own language, made once per
// language on its first reader's view; a view compares the fingerprint of what the reader's scope may see
// (sources.ts) with the one the sections were made from and queues a regeneration only when they differ, showing
// the previous text meanwhile. Curated sections, battlecards and insights are read live under the same visibility.
import { sql } from 'drizzle-orm';
import { withVariables } from '../../documents/variables.ts';
import { rowsOf, type Db, type Exec } from '../../db/client.ts';
import { FAVORITES_FLAG } from '../../contracts/dashboard.ts';
import {
  CURATED_SECTION_TYPES,
  GENERATED_SECTION_TYPES,
  LANDING,
  LANDING_SECTION_TYPES,
  type CuratedCard,
  type CuratedSection,
  type CuratedSectionType,
  type GeneratedSection,
  type GeneratedSectionData,
  type LandingPage,
  type LandingSectionType,
  type SectionStatus,
  type UpdateSummary,
} from '../../contracts/landing.ts';
import { htmlToText } from '../../server-shared/htmlText.ts';
import { isCurator, type Auth } from '../auth/context.ts';
import { domainOf, favoriteIds } from '../dashboard/service.ts';
import { readProfileAnswer } from '../rivals/authoring.ts';
import { apiError, fieldError } from '../errors.ts';
import { createJob } from '../jobs/store.ts';
import { battlecardVisibleSql, rivalVisibleSql, scopeKey, viewerOf, type Viewer } from '../visibility/index.ts';
import { insightSummary, type SummaryFigures } from '../insights/summary.ts';
import { readerLanguage, type ReaderLanguage } from '../strings/index.ts';
import { cardsSql, landingProfile, sourcesKey, withoutCitations, type LandingProfile } from './sources.ts';

/** Characters of a curated card's excerpt. */
const EXCERPT_CHARS = 220;

export type Reader = { auth: Auth; viewer: Viewer; language: ReaderLanguage };
export const readerOf = (auth: Auth, previewing?: number): Reader => ({ auth, viewer: viewerOf(auth, previewing), language: readerLanguage(auth.user.language) });

type SectionRow = {
  id: number;
  sectionType: LandingSectionType;
  status: SectionStatus;
  data: GeneratedSectionData | null;
  sourcesKey: string | null;
  wantedKey: string | null;
  error: string | null;
  generatedAt: string | null;
  jobState: string | null;
};

/** The profile of a rival (the landing page's "company") the reader may see; 404 otherwise. */
export async function profileOfRival(db: Exec, v: Viewer, rivalId: number): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(db, sql`SELECT p.id FROM rivals r JOIN profiles p ON p.rival_id = r.id WHERE r.id = ${rivalId} AND ${rivalVisibleSql(v)}`);
  if (!row) throw apiError('company_not_found');
  return row.id;
}

async function visibleProfile(db: Exec, v: Viewer, profileId: number): Promise<LandingProfile> {
  const profile = await landingProfile(db, v, profileId);
  if (!profile) throw apiError('profile_not_found');
  return profile;
}

/**
 * The reader's sections of the profile, queueing one job for those missing, made from other sources than the
 * reader's scope now sees, or failed when `retryFailed`. A section whose job ended without writing it (the job
 * failed or was cancelled) counts as failed. Rows are locked so two views at once queue one job.
 */
async function ensureSections(db: Db, reader: Reader, p: LandingProfile, opts: { retryFailed: boolean }): Promise<SectionRow[]> {
  const { viewer, auth, language } = reader;
  const scope = scopeKey(viewer);
  const [key, current] = await Promise.all([sourcesKey(db, viewer, p), readSections(db, p.profileId, scope, language)]);
  // The usual view: every section there and current, read without a lock or a write.
  if (current.length === LANDING_SECTION_TYPES.length && !staleOf(current, key, opts).length) return current;
  return db.transaction(async (tx) => {
    await tx.execute(sql`
      INSERT INTO landing_sections (company_id, profile_id, scope, language, section_type)
      SELECT ${viewer.companyId}, ${p.profileId}, ${scope}, ${language}, t FROM unnest(${sql.param([...LANDING_SECTION_TYPES])}::text[]) t
      ON CONFLICT (profile_id, scope, language, section_type) DO NOTHING`);
    // Lock first, then read in a statement of its own: its snapshot sees the job a view that held the lock before
    // this one queued (a locking read would join the rows as they are now to the jobs as they were when it began).
    // Every writer of these rows locks them in id order, so a view and a running job never wait on each other in a cycle.
    await tx.execute(sql`SELECT id FROM landing_sections WHERE profile_id = ${p.profileId} AND scope = ${scope} AND language = ${language} ORDER BY id FOR UPDATE`);
    const rows = await readSections(tx, p.profileId, scope, language);
    const stale = staleOf(rows, key, opts);
    if (!stale.length) return rows;
    const ids = stale.map((r) => r.id);
    const jobId = await createJob(tx, {
      companyId: viewer.companyId,
      userId: auth.user.id,
      kind: 'landingGeneration',
      payload: { profileId: p.profileId, scope, language },
      targetIds: ids,
      inline: false,
    });
    await tx.execute(sql`UPDATE landing_sections SET status = 'queued', wanted_key = ${key}, job_id = ${jobId}, error = NULL, updated_at = now()
      WHERE id = ANY(${sql.param(ids)}::int[])`);
    return readSections(tx, p.profileId, scope, language);
  });
}

/**
 * The sections to make again: never made; made from other sources than the reader's scope sees now; failed or
 * stopped, when retried or when what they failed on has changed since.
 */
function staleOf(rows: SectionRow[], key: string, opts: { retryFailed: boolean }): SectionRow[] {
  return rows.filter((r) => {
    if (r.status === 'pending') return true;
    const status = statusOf(r);
    if (status === 'failed') return opts.retryFailed || r.wantedKey !== key;
    return status === 'succeeded' && r.sourcesKey !== key;
  });
}

function readSections(db: Exec, profileId: number, scope: string, language: ReaderLanguage): Promise<SectionRow[]> {
  return rowsOf<SectionRow>(
    db,
    sql`SELECT s.id, s.section_type AS "sectionType", s.status, s.data, s.sources_key AS "sourcesKey", s.wanted_key AS "wantedKey", s.error,
          s.generated_at AS "generatedAt", j.state AS "jobState"
        FROM landing_sections s LEFT JOIN jobs j ON j.id = s.job_id
        WHERE s.profile_id = ${profileId} AND s.scope = ${scope} AND s.language = ${language}`,
  );
}

/** A section queued for a job that ended without writing it (the job failed or was cancelled). */
const stopped = (r: SectionRow) => r.status === 'queued' && (r.jobState === null || !['queued', 'running'].includes(r.jobState));
const STOPPED = 'The generation stopped before it finished.';

/** The status a reader sees: queued work whose job is running is in progress; whose job ended, failed. */
const statusOf = (r: SectionRow): SectionStatus => (stopped(r) ? 'failed' : r.status === 'queued' && r.jobState === 'running' ? 'in_progress' : r.status);
const isoOrNull = (d: string | null) => (d ? new Date(d).toISOString() : null);

function generatedSection(r: SectionRow): GeneratedSection {
  return { sectionType: r.sectionType as GeneratedSection['sectionType'], status: statusOf(r), data: r.data, error: statusOf(r) === 'failed' ? (r.error ?? STOPPED) : null, generatedAt: isoOrNull(r.generatedAt) };
}

function updateSummary(r: SectionRow): UpdateSummary {
  return { bucket: LANDING.updateBucket, status: statusOf(r), content: r.data?.markdown ?? '', citations: r.data?.citations ?? [], generatedAt: isoOrNull(r.generatedAt) };
}

export async function readLandingPage(db: Db, reader: Reader, profileId: number, opts: { retryFailed: boolean }): Promise<LandingPage> {
  const { viewer, auth } = reader;
  const profile = await visibleProfile(db, viewer, profileId);
  const [sections, head, curated, battlecards, insights, settings] = await Promise.all([
    ensureSections(db, reader, profile, opts),
    rivalHead(db, viewer, profile.rivalId),
    curatedSections(db, viewer, profileId),
    landingBattlecards(db, viewer, profileId),
    landingInsights(db, viewer.companyId, profile, reader.language),
    isCurator(auth) ? readProfileAnswer(db, viewer.companyId, profileId) : Promise.resolve(null),
  ]);
  const byType = new Map(sections.map((s) => [s.sectionType, s]));
  return {
    id: profileId,
    profileId,
    rival: head,
    sharePath: `/company/${profile.rivalId}/profile/${profileId}`,
    favorited: favoriteIds(auth.user.userData as Record<string, unknown>).includes(profile.rivalId),
    canFavorite: isCurator(auth) || auth.company.companyData.flags?.[FAVORITES_FLAG] === true,
    generated: { sections: GENERATED_SECTION_TYPES.map((t) => generatedSection(byType.get(t)!)) },
    curated: { sections: curated },
    battlecards,
    insights,
    settings,
  };
}

/** Refresh (POST landing_pages/{id}): the curator's sections are made again now, every other scope's and language's on its next view. */
export async function refreshLandingPage(db: Db, reader: Reader, profileId: number): Promise<LandingPage> {
  await visibleProfile(db, reader.viewer, profileId);
  await db.execute(sql`UPDATE landing_sections s SET sources_key = NULL
    FROM (SELECT id FROM landing_sections WHERE profile_id = ${profileId} AND company_id = ${reader.viewer.companyId} ORDER BY id FOR UPDATE) l
    WHERE s.id = l.id`);
  return readLandingPage(db, reader, profileId, { retryFailed: true });
}

/**
 * A copy of the page's share link, for reports: at most one per reader and page in LANDING.shareTrackMs (the page
 * throttles too; this holds for any client). Answers whether it was recorded.
 */
export async function trackShareLink(db: Db, reader: Reader, profileId: number): Promise<boolean> {
  const { viewer, auth } = reader;
  await visibleProfile(db, viewer, profileId);
  const { rows } = await db.execute(sql`
    INSERT INTO share_link_uses (company_id, profile_id, user_id)
    SELECT ${viewer.companyId}, ${profileId}, ${auth.user.id}
    WHERE NOT EXISTS (SELECT 1 FROM share_link_uses WHERE user_id = ${auth.user.id} AND profile_id = ${profileId}
                        AND created_at > now() - make_interval(secs => ${LANDING.shareTrackMs / 1000}))
    RETURNING id`);
  return rows.length > 0;
}

/** What's new (part 3 §3 update summary, bucket L30D), generated with the page's sections. */
export async function readUpdateSummaries(db: Db, reader: Reader, profileId: number): Promise<UpdateSummary[]> {
  const profile = await visibleProfile(db, reader.viewer, profileId);
  const sections = await ensureSections(db, reader, profile, { retryFailed: false });
  return [updateSummary(sections.find((s) => s.sectionType === 'whats_new')!)];
}

async function rivalHead(db: Exec, v: Viewer, rivalId: number): Promise<LandingPage['rival']> {
  const [row] = await rowsOf<LandingPage['rival']>(
    db,
    sql`SELECT r.id, r.name, r.icon_url AS "iconUrl", r.url,
          ${domainOf(sql`r.url`)} AS domain
        FROM rivals r WHERE r.id = ${rivalId} AND r.company_id = ${v.companyId}`,
  );
  return row;
}

async function landingBattlecards(db: Exec, v: Viewer, profileId: number): Promise<LandingPage['battlecards']> {
  const rows = await rowsOf<{ id: number; title: string; updatedAt: string; reviewedAt: string | null; reviewedBy: number | null }>(
    db,
    sql`SELECT bc.id, bc.title, bc.updated_at AS "updatedAt", bc.reviewed_at AS "reviewedAt", bc.reviewed_by AS "reviewedBy"
        FROM battlecards bc WHERE bc.profile_id = ${profileId} AND ${battlecardVisibleSql(v)} ORDER BY bc.view_order, bc.id`,
  );
  return rows.map((b) => ({
    id: b.id,
    title: b.title,
    updatedAt: new Date(b.updatedAt).toISOString(),
    review: b.reviewedAt && b.reviewedBy ? { reviewedAt: new Date(b.reviewedAt).toISOString(), byUserId: b.reviewedBy } : null,
    url: `/profile/${profileId}/battlecard/view/${b.id}`,
  }));
}

/**
 * The rival's strengths and weaknesses from review insights, their summaries in the reader's language; null until it
 * has any (or when public sources are off).
 */
async function landingInsights(db: Exec, companyId: number, p: LandingProfile, language: string): Promise<LandingPage['insights']> {
  if (!p.publicSourcesEnabled) return null;
  const rows = await rowsOf<SummaryFigures & { id: number; title: string; kind: 'strengths' | 'weaknesses' }>(
    db,
    sql`SELECT x.id, x.kind, coalesce(a.custom_title, a.title) AS title, x.summary AS written, x.review_count AS "reviewCount", x.share,
          x.opinions, x.usual_share AS "usualShare"
        FROM insights x JOIN aspects a ON a.id = x.aspect_id
        WHERE x.rival_id = ${p.rivalId} AND x.company_id = ${companyId} AND NOT x.stale AND a.state = 'none' AND x.kind IN ('strengths', 'weaknesses')
        ORDER BY x.rank`,
  );
  if (!rows.length) return null;
  const list = (kind: string) =>
    rows
      .filter((r) => r.kind === kind)
      .map((r) => ({ id: r.id, title: r.title, summary: withoutCitations(insightSummary(language, r)), reviewCount: r.reviewCount, url: `#insight-${r.id}` }));
  return { supportedRivalId: p.rivalId, strengths: list('strengths'), weaknesses: list('weaknesses') };
}

/** The curated sections with the picked cards the reader may see, in the curator's order. */
async function curatedSections(db: Exec, v: Viewer, profileId: number): Promise<CuratedSection[]> {
  const rows = await rowsOf<{ sectionType: CuratedSectionType; cardIds: number[] }>(
    db,
    sql`SELECT section_type AS "sectionType", card_ids AS "cardIds" FROM landing_curated_sections WHERE profile_id = ${profileId} AND company_id = ${v.companyId}`,
  );
  const ids = rows.flatMap((r) => r.cardIds);
  const cards = ids.length ? await visibleCards(db, v, profileId, ids) : new Map<number, CuratedCard>();
  return CURATED_SECTION_TYPES.map((sectionType) => {
    const picked = rows.find((r) => r.sectionType === sectionType)?.cardIds ?? [];
    const shown = picked.filter((id) => cards.has(id));
    return { sectionType, cardIds: shown, cards: shown.map((id) => cards.get(id)!) };
  });
}

async function visibleCards(db: Exec, v: Viewer, profileId: number, ids: number[]): Promise<Map<number, CuratedCard>> {
  const rows = await withVariables(db, await rowsOf<{ id: number; name: string; textHtml: string }>(
    db,
    sql`SELECT c.id, c.name, c.text_html AS "textHtml" ${cardsSql(v, profileId)} AND c.id = ANY(${sql.param(ids)}::int[])`,
  ), () => v.companyId);
  return new Map(
    rows.map((c) => {
      const text = htmlToText(c.textHtml).replace(/\s+/g, ' ').trim();
      const excerpt = text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS).replace(/\s+\S*$/, '')}…` : text;
      return [c.id, { id: c.id, title: c.name, excerpt, url: `/profile/${profileId}?viewCard=${c.id}` }];
    }),
  );
}

/** Curators pick the cards of a curated section: cards of this profile's lanes, in the given order. */
export async function setCuratedSection(db: Db, reader: Reader, profileId: number, sectionType: CuratedSectionType, cardIds: number[]): Promise<CuratedSection> {
  const { viewer } = reader;
  await visibleProfile(db, viewer, profileId);
  const unique = [...new Set(cardIds)];
  const cards = await visibleCards(db, viewer, profileId, unique);
  const foreign = unique.filter((id) => !cards.has(id));
  if (foreign.length) throw fieldError('landing_cards_foreign', 'cardIds', { ids: foreign.join(', ') });
  await db.execute(sql`
    INSERT INTO landing_curated_sections (company_id, profile_id, section_type, card_ids)
    VALUES (${viewer.companyId}, ${profileId}, ${sectionType}, ${sql.param(unique)}::int[])
    ON CONFLICT (profile_id, section_type) DO UPDATE SET card_ids = EXCLUDED.card_ids, updated_at = now()`);
  return { sectionType, cardIds: unique, cards: unique.map((id) => cards.get(id)!) };
}
