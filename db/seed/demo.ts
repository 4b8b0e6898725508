// The demo data set: Northwind Analytics with twelve rivals, ~500 cards, battlecards and ~5,000 intel
// items. Deterministic: the same rows on every run, except that dates are relative to `now`.
// Only called on an empty database; everything is inserted in one transaction.
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db } from '../client.ts';
import * as schema from '../schema.ts';
import {
  battlecards,
  boards,
  bookmarks,
  cardSources,
  companies,
  dynamicBoards,
  landingCuratedSections,
  organizations,
  products,
  profiles,
  rivalGroupMembers,
  rivalGroups,
  rivals,
  tags,
  userRoles,
  users,
  visibilityGroupMembers,
  visibilityGroups,
} from '../schema.ts';
import { hashPassword } from '../../server-shared/passwords.ts';
import { addWebsiteDomains } from '../rivalDomains.ts';
import type { Criterion } from '../../contracts/search.ts';
import { seedProviders } from './providers.ts';
import { seedPeopleHistory } from './people.ts';
import { seedDigests } from './digests.ts';
import { seedReviews, type ReviewAnalyser } from './reviewRows.ts';
import { demoReviews } from './reviews.ts';
import { seedUsage, type UsageSeedWriter } from './usage.ts';
import { seedIntegrations } from './integrations.ts';
import { seedMonitors } from './monitors.ts';
import { seedApiTokens } from './apiTokens.ts';
import { seedDeals } from './deals.ts';
import { seedSurveys } from './surveys.ts';
import { seedKnowledgeFiles } from './knowledgeFiles.ts';
import { seedCalls, type CallSeedImporter } from './calls.ts';
import { seedInterviews, type InterviewAnalyser } from './interviews.ts';
import { seedKnowledgeHub } from './knowledgeHub.ts';
import {
  BATTLECARD_TITLES,
  BOARD_NAMES,
  CARD_SOURCE_NAMES,
  CARD_TEMPLATES,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  DYNAMIC_BOARDS,
  NEWS_SOURCES,
  OTHER_PEOPLE,
  OUR_COMPANY,
  RIVAL_GROUPS,
  RIVALS,
  SCRATCHPAD,
  STAFF_COMPANY,
  TAGS,
  VISIBILITY_GROUPS,
  type GroupName,
  type PersonSeed,
} from './content.ts';
import { DAY, Rng, chunks, fill, slugify } from './random.ts';
import { columnar, insertLinks, insertReturningIds, insertRows, insertUnnest, reserveIds, type Executor } from './bulk.ts';
import { CARD_COLUMNS, INTEL_COLUMNS, draftCard, draftIntel, pushCardRow, pushIntelRow, relatedPairs, type CardDraft, type IntelDraft } from './drafts.ts';

export const DEMO_SEED = 'rivalscope-demo-v1';
export const DEMO_INTEL_COUNT = 5_000;

export type DemoSummary = {
  companyId: number;
  staffCompanyId: number;
  users: { admin: number; curator: number; seller: number; staff: number };
  visibilityGroups: Record<GroupName, number>;
  rivalIds: number[];
  counts: Record<string, number>;
  ms: number;
};

// ---------------------------------------------------------------------------------------------
// The demo seeder

/**
 * `reviews`: the product's review analysis, to seed DEMO_REVIEW_COUNT reviews with their aspects and insights
 * (reviewRows.ts says why it is handed in); without it the demo has no reviews. `usage`: the product's usage writer,
 * to seed the last 180 days of usage (usage.ts); without it the demo has none.
 */
/** What finds an intel story again (search-api/monitors/intake.ts storyFingerprint), given by the caller as the analysers are. */
export type StoryFingerprinter = (story: { title: string; summary: string; link: string | null }) => {
  link: string | null;
  simhash: string;
  bands: readonly number[];
};

/** The seed's helpers from the server (db/ imports none of it): review and interview analysis, usage rows, story fingerprints, sealing, call imports. */
type SeedHelpers = { reviews?: ReviewAnalyser; interviews?: InterviewAnalyser; usage?: UsageSeedWriter; fingerprint?: StoryFingerprinter; seal?: (secret: string) => string; calls?: CallSeedImporter };

export async function seedDemo(db: Db, opts: { now?: Date } & SeedHelpers = {}): Promise<DemoSummary> {
  const started = performance.now();
  const now = opts.now ?? new Date();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  // One client, one transaction: typed drizzle inserts and raw unnest inserts share it.
  const client = await db.$client.connect();
  try {
    await client.query('BEGIN');
    const summary = await seedInTransaction(drizzle(client, { schema }), client, now, passwordHash, opts);
    await client.query('COMMIT');
    summary.ms = Math.round(performance.now() - started);
    return summary;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

async function seedInTransaction(
  tx: Executor,
  client: pg.PoolClient,
  now: Date,
  passwordHash: string,
  { reviews: analyser, interviews: interviewAnalyser, usage: usageWriter, fingerprint, seal, calls: callImporter }: SeedHelpers,
): Promise<DemoSummary> {
  const root = new Rng(DEMO_SEED);
  const counts: Record<string, number> = {};
  const count = (table: string, n: number) => (counts[table] = (counts[table] ?? 0) + n);
  const daysAgo = (d: number) => new Date(now.getTime() - d * DAY);

  // Companies
  const [companyId, staffCompanyId] = await insertReturningIds(tx, companies, [
    {
      name: OUR_COMPANY.name,
      url: OUR_COMPANY.url,
      domain: OUR_COMPANY.domain,
      emailDomains: OUR_COMPANY.emailDomains,
      companyData: OUR_COMPANY.companyData,
      usageReports: { consumer: true, curator: true, individual: true, leaderboards: true },
      createdAt: daysAgo(400),
    },
    { name: STAFF_COMPANY.name, url: STAFF_COMPANY.url, domain: STAFF_COMPANY.domain, createdAt: daysAgo(900) },
  ]);
  count('companies', 2);

  // The company's own organization and its products (the landing page's product filter)
  const [ownOrganizationId] = await insertReturningIds(tx, organizations, [
    { companyId, name: OUR_COMPANY.name, url: OUR_COMPANY.url, isOwnOrganization: true, createdAt: daysAgo(400) },
  ]);
  await tx.update(companies).set({ ownOrganizationId }).where(sql`id = ${companyId}`);
  const productIds = await insertReturningIds(tx, products, OUR_COMPANY.products.map((name) => ({ companyId, organizationId: ownOrganizationId, name, createdAt: daysAgo(400) })));
  count('organizations', 1);
  count('products', productIds.length);

  // Visibility groups
  const groupIdList = await insertReturningIds(
    tx,
    visibilityGroups,
    VISIBILITY_GROUPS.map((name, i) => ({ companyId, name, viewOrder: i + 1, createdAt: daysAgo(390) })),
  );
  const groupIds = Object.fromEntries(VISIBILITY_GROUPS.map((g, i) => [g, groupIdList[i]])) as Record<GroupName, number>;
  count('visibility_groups', groupIdList.length);

  // Rivals, rival groups
  const rivalIds = await insertReturningIds(
    tx,
    rivals,
    RIVALS.map((r, i) => {
      const createdAt = daysAgo(200 - i);
      return {
        companyId,
        name: r.name,
        url: `https://www.${r.domain}`,
        iconUrl: null,
        category: 'company' as const,
        aliases: aliasesOf(r.name),
        viewOrder: i + 1,
        isDraft: r.isDraft ?? false,
        createdAt,
        updatedAt: daysAgo(root.int(0, 30)),
      };
    }),
  );
  count('rivals', rivalIds.length);
  // Their websites' domains, as a rival made in the product gets (the migration's backfill ran on an empty table).
  count('rival_domains', await addWebsiteDomains(tx, companyId, RIVALS.map((r, i) => ({ id: rivalIds[i], url: `https://www.${r.domain}` }))));
  const rivalGroupIds = await insertReturningIds(
    tx,
    rivalGroups,
    RIVAL_GROUPS.map((g, i) => ({ companyId, name: g.name, viewOrder: i + 1 })),
  );
  count('rival_groups', rivalGroupIds.length);
  const memberRows = RIVAL_GROUPS.flatMap((g, gi) =>
    RIVALS.map((r, ri) => ({ r, ri }))
      .filter(({ r }) => r.group === g.key)
      .map(({ ri }, order) => ({ companyId, rivalGroupId: rivalGroupIds[gi], rivalId: rivalIds[ri], viewOrder: order + 1 })),
  );
  await insertRows(tx, rivalGroupMembers, memberRows);
  count('rival_group_members', memberRows.length);

  // Users
  const userRng = root.fork('users');
  const rivalIdByName = (name: string) => rivalIds[RIVALS.findIndex((r) => r.name === name)];
  const curating: Record<string, number[]> = {
    cory: ['Lumenary', 'Quantive Labs', 'DataHarbor'].map(rivalIdByName),
    priya: ['Insightloom', 'Metricforge'].map(rivalIdByName),
    marcus: ['Chartwell Systems', 'Tessellate BI'].map(rivalIdByName),
  };
  const people: PersonSeed[] = [
    { ...DEMO_ACCOUNTS.admin, roles: ['admin'], groups: [], canSignIn: true },
    { ...DEMO_ACCOUNTS.curator, roles: ['curator'], groups: [], canSignIn: true },
    { ...DEMO_ACCOUNTS.seller, roles: [], groups: ['Sales'], canSignIn: true },
    ...OTHER_PEOPLE.map((p) => ({ ...p, email: `${p.username}@demo.test`, canSignIn: false })),
  ];
  const userRows = people.map((person) => ({
    companyId,
    username: person.username,
    name: person.name,
    firstName: person.name.split(' ')[0],
    email: person.email,
    passwordHash: person.canSignIn ? passwordHash : null,
    curatingRivalIds: curating[person.username] ?? [],
    userData: person.roles.length === 0 ? { dashboard: { activeGroupId: -1, sortBy: 'alpha' }, isSeller: person.groups.includes('Sales') } : {},
    createdAt: daysAgo(userRng.int(200, 380)),
    lastSeenAt: userRng.chance(0.85) ? userRng.dateWithinDays(now, 14) : null,
  }));
  const userIds = await insertReturningIds(tx, users, userRows);
  const [staffId] = await insertReturningIds(tx, users, [
    {
      companyId: staffCompanyId,
      username: DEMO_ACCOUNTS.staff.username,
      name: DEMO_ACCOUNTS.staff.name,
      firstName: 'Stacy',
      email: DEMO_ACCOUNTS.staff.email,
      passwordHash,
      isStaff: true,
      isInternal: true,
      canImpersonate: true,
      createdAt: daysAgo(700),
      lastSeenAt: daysAgo(1),
    },
  ]);
  count('users', userIds.length + 1);
  const idOf = (username: string) => userIds[people.findIndex((p) => p.username === username)];
  const roleRows = people.flatMap((p, i) => p.roles.map((role) => ({ companyId, userId: userIds[i], role })));
  await insertRows(tx, userRoles, roleRows);
  count('user_roles', roleRows.length);
  const vgmRows = people.flatMap((p, i) => p.groups.map((g) => ({ companyId, visibilityGroupId: groupIds[g], userId: userIds[i] })));
  await insertRows(tx, visibilityGroupMembers, vgmRows);
  count('visibility_group_members', vgmRows.length);
  const history = await seedPeopleHistory(tx, {
    companyId,
    now,
    admin: { ...people[0], id: userIds[0], createdAt: userRows[0].createdAt },
    people: people.map((p, i) => ({ ...p, id: userIds[i], createdAt: userRows[i].createdAt })),
    groupIds,
    rivalGroups: RIVAL_GROUPS.map((g, i) => ({ id: rivalGroupIds[i], name: g.name })),
  });
  count('audit_events', history.auditEvents);
  count('invitations', history.invitations);
  const curatorIds = people.flatMap((p, i) => (p.roles.length > 0 ? [userIds[i]] : []));
  const consumerIds = people.flatMap((p, i) => (p.roles.length === 0 ? [userIds[i]] : []));
  const authorWeights = curatorIds.map((id) => [id, id === idOf('cory') ? 4 : 2] as const);

  // Profiles and boards
  const profileIds = await insertReturningIds(
    tx,
    profiles,
    RIVALS.map((r, i) => ({
      companyId,
      rivalId: rivalIds[i],
      name: r.name,
      isDraft: r.isDraft ?? false,
      createdAt: daysAgo(200 - i),
      updatedAt: daysAgo(root.int(0, 20)),
    })),
  );
  count('profiles', profileIds.length);

  // Tags
  const tagIdList = await insertReturningIds(
    tx,
    tags,
    TAGS.map((t) => ({ companyId, name: t.name, synonyms: t.synonyms, createdAt: daysAgo(300), updatedAt: daysAgo(300) })),
  );
  const tagIdByName = new Map(TAGS.map((t, i) => [t.name, tagIdList[i]]));
  const tagNames = TAGS.map((t) => t.name);
  count('tags', tagIdList.length);

  // Cards, drafted per board before anything is written so boards get their updatedAt
  type BoardPlan = { profileIndex: number; name: string; viewOrder: number; cards: (CardDraft & { authorId: number; reviewerId: number | null })[] };
  const boardPlans: BoardPlan[] = [];
  const cardRng = root.fork('cards');
  RIVALS.forEach((r, ri) => {
    const boardNames: string[] = [...BOARD_NAMES, ...(r.scratchpad ? [SCRATCHPAD] : [])];
    boardNames.forEach((boardName, bi) => {
      const templates = CARD_TEMPLATES[boardName as keyof typeof CARD_TEMPLATES];
      const wanted = boardName === SCRATCHPAD ? templates.length : r.isDraft ? cardRng.int(3, 5) : cardRng.int(6, 9);
      const forced = templates.filter((t) => t.visibility && !r.isDraft);
      const chosen = cardRng.sampleInOrder(
        templates.filter((t) => !forced.includes(t)),
        wanted - forced.length,
      );
      const ordered = templates.filter((t) => forced.includes(t) || chosen.includes(t));
      boardPlans.push({
        profileIndex: ri,
        name: boardName,
        viewOrder: bi + 1,
        cards: ordered.map((t) => {
          const draft = draftCard(cardRng, t, r, now, tagNames);
          return {
            ...draft,
            authorId: cardRng.weighted(authorWeights),
            reviewerId: draft.reviewedAt ? cardRng.pick(curatorIds) : null,
          };
        }),
      });
    });
  });
  const boardIds = await insertReturningIds(
    tx,
    boards,
    boardPlans.map((b) => ({
      companyId,
      profileId: profileIds[b.profileIndex],
      name: b.name,
      viewOrder: b.viewOrder,
      createdAt: daysAgo(200 - b.profileIndex),
      updatedAt: new Date(Math.max(...b.cards.map((c) => c.updatedAt.getTime()), now.getTime() - 190 * DAY)),
    })),
  );
  count('boards', boardIds.length);

  const flatCards = boardPlans.flatMap((b, bi) => b.cards.map((c, ci) => ({ c, boardId: boardIds[bi], viewOrder: ci + 1, plan: b })));
  const cardIds = await reserveIds(client, 'cards', flatCards.length);
  const cardCols = columnar(CARD_COLUMNS.length);
  flatCards.forEach(({ c, boardId, viewOrder }, i) =>
    pushCardRow(cardCols, { id: cardIds[i], companyId, boardId, viewOrder, authorId: c.authorId, reviewerId: c.reviewerId }, c),
  );
  await insertUnnest(client, 'cards', CARD_COLUMNS, cardCols.values);
  count('cards', cardIds.length);

  const cvgRows = flatCards.flatMap(({ c }, i) =>
    c.visibility.mode === 2 ? c.visibility.groups.map((g) => ({ companyId, cardId: cardIds[i], visibilityGroupId: groupIds[g] })) : [],
  );
  await insertLinks(client, 'card_visibility_groups', ['company_id', 'card_id', 'visibility_group_id'], cvgRows.map((r) => [r.companyId, r.cardId, r.visibilityGroupId]));
  count('card_visibility_groups', cvgRows.length);

  const cardTagRows = flatCards.flatMap(({ c }, i) =>
    c.tags.flatMap((name) => {
      const tagId = tagIdByName.get(name);
      return tagId ? [{ companyId, cardId: cardIds[i], tagId }] : [];
    }),
  );
  await insertLinks(client, 'card_tags', ['company_id', 'card_id', 'tag_id'], cardTagRows.map((r) => [r.companyId, r.cardId, r.tagId]));
  count('card_tags', cardTagRows.length);

  const sourceRng = root.fork('sources');
  const sourceRows = flatCards.flatMap(({ c, plan }, i) => {
    if (plan.name === SCRATCHPAD || !sourceRng.chance(0.35)) return [];
    const r = RIVALS[plan.profileIndex];
    return Array.from({ length: sourceRng.int(1, 2) }, () => {
      const prettyName = sourceRng.pick(CARD_SOURCE_NAMES);
      const onRivalSite = sourceRng.chance(0.6);
      const host = onRivalSite ? `www.${r.domain}` : sourceRng.pick(NEWS_SOURCES);
      return {
        companyId,
        cardId: cardIds[i],
        permalink: `https://${host}/${slugify(prettyName)}/${slugify(c.name)}`,
        prettyName: `${r.name} ${prettyName.toLowerCase()}`,
        quote: sourceRng.chance(0.3) ? c.textHtml.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 140) : null,
        referableType: 'Link' as const,
        userId: c.authorId,
        createdAt: c.createdAt,
      };
    });
  });
  await insertRows(tx, cardSources, sourceRows);
  count('card_sources', sourceRows.length);

  // Battlecards: 1–2 per published profile, cards from that profile
  const bcRng = root.fork('battlecards');
  const battlecardRows = RIVALS.flatMap((r, ri) => {
    if (r.isDraft) return [];
    const pool = flatCards
      .map((fc, i) => ({ fc, id: cardIds[i] }))
      .filter(({ fc }) => fc.plan.profileIndex === ri && fc.plan.name !== SCRATCHPAD && fc.plan.name !== 'News' && fc.c.visibility.mode !== 0)
      .map(({ id }) => id);
    const n = bcRng.chance(0.5) ? 2 : 1;
    return Array.from({ length: n }, (_, k) => {
      const desktop = bcRng.sampleInOrder(pool, bcRng.int(5, 8));
      const createdAt = bcRng.dateWithinDays(now, 150);
      const reviewed = bcRng.chance(0.5);
      return {
        companyId,
        profileId: profileIds[ri],
        title: fill(BATTLECARD_TITLES[k], { R: r.name }),
        layout: 'stacker',
        cards: { desktop, tablet: desktop.slice(0, 6), mobile: desktop.slice(0, 4) },
        isDraft: k > 0 && bcRng.chance(0.4),
        viewOrder: k + 1,
        reviewedAt: reviewed ? bcRng.between(createdAt, now) : null,
        reviewedBy: reviewed ? bcRng.pick(curatorIds) : null,
        createdAt,
        updatedAt: bcRng.between(createdAt, now),
      };
    });
  });
  await insertRows(tx, battlecards, battlecardRows);
  count('battlecards', battlecardRows.length);

  // The landing pages' curated sections: the cards saying where each published rival is strong and where it is weak
  const curatedRows = RIVALS.flatMap((r, ri) => {
    if (r.isDraft) return [];
    const picked = (re: RegExp) => flatCards.flatMap((fc, i) => (fc.plan.profileIndex === ri && fc.plan.name !== SCRATCHPAD && re.test(fc.c.name) ? [cardIds[i]] : []));
    return [
      { companyId, profileId: profileIds[ri], sectionType: 'strengths' as const, cardIds: picked(/ is strong$|^What customers say/) },
      { companyId, profileId: profileIds[ri], sectionType: 'weaknesses' as const, cardIds: picked(/ is weak$|^Landmine questions/) },
    ].filter((x) => x.cardIds.length);
  });
  await insertRows(tx, landingCuratedSections, curatedRows);
  count('landing_curated_sections', curatedRows.length);

  // Intel feed
  const intelRng = root.fork('intel');
  const rivalWeights = RIVALS.map((r, i) => [i, r.isDraft ? 0.5 : r.group === 'top' ? 3 : r.group === 'emerging' ? 2 : 1.5] as const);
  const pickRival = (rng: Rng) => rng.weighted(rivalWeights);
  const intel = Array.from({ length: DEMO_INTEL_COUNT }, () => draftIntel(intelRng, RIVALS, pickRival, now)).sort(
    (x, y) => x.createdAt.getTime() - y.createdAt.getTime(),
  );
  const actors = intel.map((it) => ({
    actionedById: it.actioned ? intelRng.weighted(authorWeights) : null,
    submittedById: it.submitted ? intelRng.pick([...consumerIds, ...curatorIds]) : null,
  }));
  const intelIds = await reserveIds(client, 'intel_items', intel.length);
  const related = new Map(relatedPairs(intelRng, intel));
  const intelCols = columnar(INTEL_COLUMNS.length);
  intel.forEach((it, i) => {
    const rel = related.get(i);
    pushIntelRow(intelCols, { id: intelIds[i], companyId, relatedToId: rel === undefined ? null : intelIds[rel], ...actors[i] }, it);
  });
  for (const part of chunks(Array.from(intel.keys()), 2500)) {
    const lo = part[0];
    const hi = part[part.length - 1] + 1;
    await insertUnnest(client, 'intel_items', INTEL_COLUMNS, intelCols.values.map((col) => col.slice(lo, hi)));
  }
  count('intel_items', intelIds.length);
  const intelRivalRows = intel.flatMap((it, i) => it.rivalIndexes.map((ri) => ({ companyId, intelId: intelIds[i], rivalId: rivalIds[ri] })));
  await insertLinks(client, 'intel_rivals', ['company_id', 'intel_id', 'rival_id'], intelRivalRows.map((r) => [r.companyId, r.intelId, r.rivalId]));
  count('intel_rivals', intelRivalRows.length);
  counts.related_intel = related.size;
  if (fingerprint) count('intel_fingerprints', await seedFingerprints(client, companyId, intel, intelIds, fingerprint));
  const monitorCounts = await seedMonitors(tx, { companyId, curatorId: idOf('cory'), rivals: RIVALS, rivalIds, intel, intelIds, now, rng: root.fork('monitors') });
  count('monitors', monitorCounts.monitors);
  count('monitor_changes', monitorCounts.changes);

  count('api_tokens', await seedApiTokens(tx, companyId, idOf, now));
  if (seal) {
    const published = intel.flatMap((it, i) => (it.publishedAt ? [{ id: intelIds[i], at: it.publishedAt }] : []));
    const changedCards = flatCards.map(({ c }, i) => ({ id: cardIds[i], at: c.updatedAt }));
    const hooks = await seedIntegrations(tx, { companyId, adminId: idOf('ada'), published, cards: changedCards, now, rng: root.fork('integrations'), seal });
    count('webhook_endpoints', hooks.endpoints);
    count('deliveries', hooks.deliveries);
  }
  count('provider_data', await seedProviders(tx, companyId, rivalIds, now));
  count('email_digests', await seedDigests(tx, companyId, idOf('cory'), now));
  if (analyser) {
    const byName = new Map(RIVALS.map((r, i) => [r.name, rivalIds[i]]));
    count('reviews', await seedReviews(tx, companyId, byName, demoReviews({ rivals: RIVALS, now }), analyser));
  }

  // The seller's recently viewed profiles and bookmarks
  const sellerId = idOf('sam');
  const recent = [0, 1, 2, 5].map((i) => ({ id: profileIds[i], name: RIVALS[i].name, logo: null }));
  await tx.execute(
    sql`UPDATE users SET user_data = user_data || ${JSON.stringify({ recentlyViewed: { profile: recent } })}::jsonb WHERE id = ${sellerId}`,
  );
  const bookmarkRows = [
    { companyId, userId: sellerId, name: 'Lumenary battlecard', url: `/profile/${profileIds[0]}/battlecard/view`, createdAt: daysAgo(20) },
    { companyId, userId: sellerId, name: 'Pricing calculator', url: 'https://www.northwind.test/pricing-calculator', createdAt: daysAgo(45) },
    { companyId, userId: idOf('cory'), name: 'Unprocessed intel', url: '/alerts?view=unprocessed', createdAt: daysAgo(60) },
  ];
  await insertRows(tx, bookmarks, bookmarkRows);
  count('bookmarks', bookmarkRows.length);

  // Dynamic boards: the curator's saved searches
  const boardIdOf = (rival: string, name: string) => boardIds[boardPlans.findIndex((b) => RIVALS[b.profileIndex].name === rival && b.name === name)];
  const dynamicBoardRows = DYNAMIC_BOARDS.map((d) => ({
    companyId,
    createdById: idOf('cory'),
    name: d.name,
    query: d.query,
    filters: d.criteria.flatMap((c): Criterion[] => {
      const type = c.mode ?? 'should';
      if (c.tag) return [{ field: 'tag', value: tagIdByName.get(c.tag)!, type }];
      if (c.rival) return [{ field: 'rival', value: rivalIdByName(c.rival), type }];
      return c.board!.rivals.map((r) => ({ field: 'board', value: boardIdOf(r, c.board!.name), type }));
    }),
    updatedStart: d.updatedStart,
    sort: d.sort,
    isDraft: d.isDraft,
    createdAt: daysAgo(d.daysAgo),
    updatedAt: daysAgo(d.daysAgo),
  }));
  await insertRows(tx, dynamicBoards, dynamicBoardRows);
  count('dynamic_boards', dynamicBoardRows.length);

  // Usage history (last 180 days) for the usage and search reports, referring to everything above, and the Ask
  // sessions its questions were asked in
  if (usageWriter) {
    const usage = await seedUsage(tx, companyId, now, usageWriter);
    count('ask_answers', usage.askAnswers);
    count('usage_events', usage.events);
  }

  // Deals from the CRM for win/loss, owned by the seller and the Sales reps (their battlecard views join the usage)
  const repIds = [sellerId, ...OTHER_PEOPLE.filter((p) => p.groups.includes('Sales')).map((p) => idOf(p.username))];
  const dealCounts = await seedDeals(tx, { companyId, rivalIds, repIds, products: [...OUR_COMPANY.products], now, rng: root.fork('deals'), usage: usageWriter });
  count('deals', dealCounts.deals);
  count('win_loss_reasons', dealCounts.reasons);
  count('usage_events', dealCounts.usageEvents);
  const surveyCounts = await seedSurveys(tx, { companyId, curatorId: idOf('cory'), now, rng: root.fork('surveys') });
  count('surveys', surveyCounts.surveys);
  count('survey_recipients', surveyCounts.contacts);

  // Sales calls by the same reps about the rivals, imported by the product's call import, some on the reps' deals
  if (callImporter) {
    const calls = await seedCalls(tx, { companyId, rivalIds, repIds, now, rng: root.fork('calls'), importer: callImporter });
    count('calls', calls.calls);
    count('call_mentions', calls.mentions);
  }

  // Win/loss interviews of closed deals, analysed as an upload is (when the analyser is given, as reviews are); the
  // reviewed ones give the deals buyer-said reasons
  if (interviewAnalyser) {
    const interviewCounts = await seedInterviews(tx, { companyId, curatorId: idOf('cory'), now, rng: root.fork('interviews'), analyser: interviewAnalyser });
    count('interviews', interviewCounts.interviews);
    count('interview_passages', interviewCounts.passages);
  }

  // The knowledge hub: products described, positioning, variables and the checklist's confirmations so far
  const hub = await seedKnowledgeHub(tx, { companyId, users: { admin: idOf('ada'), curator: idOf('cory') }, now });
  count('positioning_statements', hub.positioning);
  count('knowledge_variables', hub.variables);
  // The knowledge hub's files (a pitch deck, the pricing sheet, a security whitepaper…), extracted by the server's job
  count(
    'knowledge_files',
    await seedKnowledgeFiles(tx, {
      companyId,
      curatorId: idOf('cory'),
      productIds: Object.fromEntries(OUR_COMPANY.products.map((name, i) => [name, productIds[i]])),
      groupIds,
      now,
    }),
  );

  return {
    companyId,
    staffCompanyId,
    users: { admin: idOf('ada'), curator: idOf('cory'), seller: sellerId, staff: staffId },
    visibilityGroups: groupIds,
    rivalIds,
    counts,
    ms: 0,
  };
}

/** The short name a rival goes by in the news: "Quantive Labs" is also "Quantive". */
function aliasesOf(name: string): string[] {
  const words = name.split(' ');
  return words.length === 2 && /^(Labs|Systems|BI|Analytics|Software|Inc)$/.test(words[1]) ? [words[0]] : [];
}

/**
 * Fingerprints of the demo's feed and email intel, as intake stores them, so a monitor or an email telling one of
 * their stories again joins it rather than making another item.
 */
async function seedFingerprints(client: pg.PoolClient, companyId: number, intel: IntelDraft[], intelIds: number[], fingerprint: StoryFingerprinter): Promise<number> {
  const cols = columnar(9);
  intel.forEach((it, i) => {
    if (it.channel !== 'rss' && it.channel !== 'email') return;
    const print = fingerprint({ title: it.title, summary: it.summary ?? '', link: it.permalink });
    cols.push(intelIds[i], companyId, print.link, print.simhash, ...print.bands, it.createdAt.toISOString());
  });
  const ints = (...names: string[]) => names.map((n) => [n, 'int4'] as const);
  await insertUnnest(
    client,
    'intel_fingerprints',
    [...ints('intel_id', 'company_id'), ['canonical_link', 'text'], ['simhash', 'int8'], ...ints('band0', 'band1', 'band2', 'band3'), ['created_at', 'timestamptz']],
    cols.values,
  );
  return cols.length();
}
