// Generated companies for the visibility oracle (tests/integration/visibility-oracle.test.ts): a
// fast-check arbitrary of a company's rivals, profiles, boards, cards, tags, battlecards, groups and
// users; its insertion into PostgreSQL with signed-in sessions; and the visibility rule written
// again in plain TypeScript over the generated rows, independent of the product's code.
import fc from 'fast-check';
import { inArray } from 'drizzle-orm';
import {
  battlecards,
  boards,
  cards,
  cardTags,
  cardVisibilityGroups,
  companies,
  profiles,
  providerData,
  rivalGroupMembers,
  rivalGroups,
  rivals,
  tags,
  userRoles,
  users,
  visibilityGroupMembers,
  visibilityGroups,
} from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import { addWebsiteDomains } from '../../db/rivalDomains.ts';
import { createSession, type SessionTimeouts } from '../../search-api/auth/sessions.ts';

/** The word every card title and text holds: a search for it finds every card the viewer may see. */
export const SHARED_WORD = 'zebra';
/** The word every rival name and provider company name holds, for the quick finder and the company picker. */
export const RIVAL_WORD = 'okapi';
const SCRATCHPAD = 'Scratchpad';

type Role = 'admin' | 'curator' | 'consumer';

/** About one in four: drafts and templates are the exception, so most worlds have something published to see. */
const rarely = fc.nat({ max: 3 }).map((n) => n === 3);
/** Indexes into lists whose length is known only once the world is built (taken modulo that length). */
const picks = (max: number) => fc.uniqueArray(fc.nat({ max }), { maxLength: 2 });

const rivalSpec = fc.record({
  isDraft: rarely,
  isTemplate: rarely,
  profileDraft: rarely,
  profileTemplate: rarely,
  boards: fc.integer({ min: 1, max: 3 }),
  /** The profile's last board is the curators' Scratchpad (its only one when it has one board). */
  scratchpad: fc.boolean(),
  battlecards: fc.array(fc.record({ isDraft: rarely, layout: fc.array(fc.nat({ max: 23 }), { maxLength: 8 }) }), { maxLength: 2 }),
});

const cardSpec = fc.record({
  board: fc.nat({ max: 11 }),
  isDraft: rarely,
  allAccess: fc.boolean(),
  groups: picks(2),
  tags: picks(3),
});

/** Three users of fixed roles (so every world has an admin, a curator and a consumer), then any roles. */
const FIXED_ROLES: Role[] = ['admin', 'curator', 'consumer'];
const userSpec = fc.record({ role: fc.constantFrom<Role>('consumer', 'curator', 'admin'), groups: picks(2) });

export const worldSpec = fc.record({
  groups: fc.integer({ min: 1, max: 3 }),
  tags: fc.integer({ min: 1, max: 4 }),
  rivals: fc.array(rivalSpec, { minLength: 2, maxLength: 4 }),
  cards: fc.array(cardSpec, { minLength: 8, maxLength: 24 }),
  users: fc.array(userSpec, { minLength: 8, maxLength: 10 }),
  rivalGroups: fc.array(fc.uniqueArray(fc.nat({ max: 3 }), { maxLength: 4 }), { maxLength: 2 }),
});
export type WorldSpec = typeof worldSpec extends fc.Arbitrary<infer T> ? T : never;

export type WRival = { id: number; name: string; domain: string; isDraft: boolean; isTemplate: boolean; profile: { id: number; isDraft: boolean; isTemplate: boolean } };
export type WBoard = { id: number; rivalId: number; profileId: number; scratchpad: boolean };
export type WCard = { id: number; code: string; title: string; boardId: number; isDraft: boolean; allAccess: boolean; groups: number[]; tags: number[]; authorId: number | null };
export type WBattlecard = { id: number; code: string; rivalId: number; isDraft: boolean; desktop: number[] };
export type WUser = { id: number; role: Role; groups: number[]; token: string; csrf: string };
export type World = {
  companyId: number;
  groups: number[];
  rivals: WRival[];
  boards: WBoard[];
  cards: WCard[];
  tags: number[];
  battlecards: WBattlecard[];
  rivalGroups: { id: number; rivals: number[] }[];
  users: WUser[];
};

/**
 * A unique three-letter word per card and battlecard of a world, first in its title: a suggestion
 * prefix that matches that one title (three letters are below the suggester's typo tolerance).
 */
const CONSONANTS = 'bcdfghjklmnpqrstvwx';
const VOWELS = 'aeiou';
const codeOf = (i: number) => CONSONANTS[i % 19] + VOWELS[Math.floor(i / 19) % 5] + CONSONANTS[Math.floor(i / 95) % 19];

const uniq = (xs: number[]) => [...new Set(xs)];
let worlds = 0;

export async function insertWorld(db: Db, timeouts: SessionTimeouts, spec: WorldSpec): Promise<World> {
  const n = ++worlds;
  const [company] = await db
    .insert(companies)
    .values({ name: `Oracle world ${n}`, companyData: { flags: { cardSentiment: true, companyFavorites: true } } })
    .returning();
  const companyId = company.id;
  const groups = (
    await db
      .insert(visibilityGroups)
      .values(Array.from({ length: spec.groups }, (_, i) => ({ companyId, name: `Group ${i + 1}`, viewOrder: i })))
      .returning()
  ).map((g) => g.id);

  const rivalRows = await db
    .insert(rivals)
    .values(spec.rivals.map((r, i) => ({ companyId, name: `Okapi ${codeOf(i)}`, url: `https://${codeOf(i)}.okapi.test`, isDraft: r.isDraft, isTemplate: r.isTemplate })))
    .returning();
  const profileRows = await db
    .insert(profiles)
    .values(spec.rivals.map((r, i) => ({ companyId, rivalId: rivalRows[i].id, name: rivalRows[i].name, isDraft: r.profileDraft, isTemplate: r.profileTemplate })))
    .returning();
  const wRivals: WRival[] = spec.rivals.map((r, i) => ({
    id: rivalRows[i].id,
    name: rivalRows[i].name,
    domain: `${codeOf(i)}.okapi.test`,
    isDraft: r.isDraft,
    isTemplate: r.isTemplate,
    profile: { id: profileRows[i].id, isDraft: r.profileDraft, isTemplate: r.profileTemplate },
  }));
  await db.insert(providerData).values(
    wRivals.map((r) => ({ companyId, rivalId: r.id, provider: 'companyData' as const, data: { name: r.name, domain: r.domain } })),
  );
  // Their websites' domains, where the browser extension offers them, as a rival made in the product gets.
  await addWebsiteDomains(db, companyId, wRivals.map((r) => ({ id: r.id, url: `https://${r.domain}` })));

  const boardSpecs = spec.rivals.flatMap((r, ri) =>
    Array.from({ length: r.boards }, (_, bi) => ({ ri, scratchpad: r.scratchpad && bi === r.boards - 1, bi })),
  );
  const boardRows = await db
    .insert(boards)
    .values(boardSpecs.map((b) => ({ companyId, profileId: wRivals[b.ri].profile.id, name: b.scratchpad ? SCRATCHPAD : `Lane ${b.bi + 1}`, viewOrder: b.bi })))
    .returning();
  const wBoards: WBoard[] = boardSpecs.map((b, i) => ({ id: boardRows[i].id, rivalId: wRivals[b.ri].id, profileId: wRivals[b.ri].profile.id, scratchpad: b.scratchpad }));

  const tagIds = (
    await db
      .insert(tags)
      .values(Array.from({ length: spec.tags }, (_, i) => ({ companyId, name: `label-${i + 1}` })))
      .returning()
  ).map((t) => t.id);

  const cardRows = await db
    .insert(cards)
    .values(
      spec.cards.map((c, i) => ({
        companyId,
        boardId: wBoards[c.board % wBoards.length].id,
        name: `${codeOf(i)} ${SHARED_WORD}`,
        // A sentence long enough for Ask's extractive answer to quote, naming the card's code.
        textHtml: `<p>The ${SHARED_WORD} offer ${codeOf(i)} gives buyers a discount on annual plans.</p>`,
        isDraft: c.isDraft,
        allAccess: c.allAccess,
      })),
    )
    .returning();
  const wCards: WCard[] = spec.cards.map((c, i) => ({
    id: cardRows[i].id,
    code: codeOf(i),
    title: cardRows[i].name,
    boardId: cardRows[i].boardId,
    isDraft: c.isDraft,
    allAccess: c.allAccess,
    groups: uniq(c.groups.map((g) => groups[g % groups.length])),
    tags: uniq(c.tags.map((t) => tagIds[t % tagIds.length])),
    authorId: null,
  }));
  const cardGroupRows = wCards.flatMap((c) => c.groups.map((g) => ({ companyId, cardId: c.id, visibilityGroupId: g })));
  if (cardGroupRows.length) await db.insert(cardVisibilityGroups).values(cardGroupRows);
  const cardTagRows = wCards.flatMap((c) => c.tags.map((t) => ({ companyId, cardId: c.id, tagId: t })));
  if (cardTagRows.length) await db.insert(cardTags).values(cardTagRows);

  // Layouts list cards of the battlecard's own profile, Scratchpad, draft and group-only ones included.
  const battlecardSpecs = spec.rivals.flatMap((r, ri) =>
    r.battlecards.map((bc) => {
      const own = wCards.filter((c) => wBoards.find((b) => b.id === c.boardId)!.rivalId === wRivals[ri].id);
      return { ri, isDraft: bc.isDraft, desktop: own.length ? uniq(bc.layout.map((k) => own[k % own.length].id)) : [] };
    }),
  );
  const wBattlecards: WBattlecard[] = [];
  if (battlecardSpecs.length) {
    const rows = await db
      .insert(battlecards)
      .values(
        battlecardSpecs.map((bc, i) => ({
          companyId,
          profileId: wRivals[bc.ri].profile.id,
          title: `${codeOf(wCards.length + i)} battle plan`,
          isDraft: bc.isDraft,
          cards: { desktop: bc.desktop, tablet: [], mobile: [] },
          viewOrder: i,
        })),
      )
      .returning();
    battlecardSpecs.forEach((bc, i) =>
      wBattlecards.push({ id: rows[i].id, code: codeOf(wCards.length + i), rivalId: wRivals[bc.ri].id, isDraft: bc.isDraft, desktop: bc.desktop }),
    );
  }

  const wRivalGroups: World['rivalGroups'] = [];
  for (const [i, members] of spec.rivalGroups.entries()) {
    const [g] = await db.insert(rivalGroups).values({ companyId, name: `Segment ${i + 1}`, viewOrder: i }).returning();
    const ids = uniq(members.map((m) => wRivals[m % wRivals.length].id));
    if (ids.length) await db.insert(rivalGroupMembers).values(ids.map((rivalId, k) => ({ companyId, rivalGroupId: g.id, rivalId, viewOrder: k })));
    wRivalGroups.push({ id: g.id, rivals: ids });
  }

  const roles = spec.users.map((u, i) => FIXED_ROLES[i] ?? u.role);
  const userRows = await db
    .insert(users)
    .values(
      spec.users.map((_, i) => ({
        companyId,
        email: `u${i}@world${n}.oracle.test`,
        username: `w${n}u${i}`,
        name: `${roles[i]} ${i}`,
        // Every rival starred, in world order: the favorites list shows the visible ones in that order.
        userData: { favoritedCompanies: wRivals.map((r) => r.id) },
      })),
    )
    .returning();
  // The first two users author every other card: a person's page lists theirs and not the other's.
  for (const [k, author] of userRows.slice(0, 2).entries()) {
    const mine = wCards.filter((_, i) => i % 2 === k);
    mine.forEach((c) => (c.authorId = author.id));
    if (mine.length) await db.update(cards).set({ authorId: author.id }).where(inArray(cards.id, mine.map((c) => c.id)));
  }
  const roleRows = userRows.flatMap((u, i) => (roles[i] === 'consumer' ? [] : [{ companyId, userId: u.id, role: roles[i] as 'admin' | 'curator' }]));
  if (roleRows.length) await db.insert(userRoles).values(roleRows);
  const memberships = spec.users.map((u) => uniq(u.groups.map((g) => groups[g % groups.length])));
  const memberRows = userRows.flatMap((u, i) => memberships[i].map((g) => ({ companyId, visibilityGroupId: g, userId: u.id })));
  if (memberRows.length) await db.insert(visibilityGroupMembers).values(memberRows);
  // Sessions straight in the table: signing in through argon2 for every generated user would dominate the run.
  const wUsers: WUser[] = [];
  for (const [i, u] of userRows.entries()) {
    const { token, session } = await createSession(db, timeouts, { userId: u.id, companyId });
    wUsers.push({ id: u.id, role: roles[i], groups: memberships[i], token, csrf: session.csrfToken });
  }

  return { companyId, groups, rivals: wRivals, boards: wBoards, cards: wCards, tags: tagIds, battlecards: wBattlecards, rivalGroups: wRivalGroups, users: wUsers };
}

// ---- viewers and the reference rule

/** What a viewer may see: everything of the company (a curator), or what is published for some groups. */
export type Sight = 'all' | { groups: number[] };
export type Viewer = {
  label: string;
  user: WUser;
  sight: Sight;
  /** The preview parameter the viewer sends (previewing= or visibilityGroupId=), if any. */
  preview?: number;
};

const isCuratorRole = (r: Role) => r === 'admin' || r === 'curator';
const own = (u: WUser): Sight => (isCuratorRole(u.role) ? 'all' : { groups: u.groups });
const who = (u: WUser) => `${u.role} user ${u.id} (groups [${u.groups.join(', ')}])`;

/** Every user as themselves. */
export function plainViewers(w: World): Viewer[] {
  return w.users.map((u) => ({ label: who(u), user: u, sight: own(u) }));
}

/**
 * Every user, plus curators previewing as everyone (0) and as each group, and a consumer sending a
 * preview of a group they are not in, which must change nothing.
 */
export function allViewers(w: World): Viewer[] {
  const curators = w.users.filter((u) => isCuratorRole(u.role));
  const previews = [0, ...w.groups].map((g, i): Viewer => {
    const u = curators[i % curators.length];
    return { label: `${who(u)} previewing ${g}`, user: u, sight: { groups: g ? [g] : [] }, preview: g };
  });
  const consumer = w.users.find((u) => u.role === 'consumer')!;
  const foreign = w.groups.find((g) => !consumer.groups.includes(g)) ?? w.groups[0];
  const spoof: Viewer = { label: `${who(consumer)} sending preview ${foreign}`, user: consumer, sight: own(consumer), preview: foreign };
  return [...plainViewers(w), ...previews, spoof];
}

/** The reference rule over one world; `why` says what about a row makes it hidden from published-only viewers. */
export function oracle(w: World) {
  const board = new Map(w.boards.map((b) => [b.id, b]));
  const rival = new Map(w.rivals.map((r) => [r.id, r]));
  const published = (r: WRival) => !r.isDraft && !r.isTemplate && !r.profile.isDraft && !r.profile.isTemplate;
  const rivalOfCard = (c: WCard) => rival.get(board.get(c.boardId)!.rivalId)!;

  const rivalVisible = (s: Sight, r: WRival) => s === 'all' || published(r);
  const cardVisible = (s: Sight, c: WCard) =>
    s === 'all' ||
    (!c.isDraft &&
      !board.get(c.boardId)!.scratchpad &&
      published(rivalOfCard(c)) &&
      (c.allAccess || c.groups.some((g) => s.groups.includes(g))));
  const battlecardVisible = (s: Sight, bc: WBattlecard) => s === 'all' || (!bc.isDraft && published(rival.get(bc.rivalId)!));

  const rivalWhy = (r: WRival) =>
    [r.isDraft && 'rival draft', r.isTemplate && 'rival template', r.profile.isDraft && 'profile draft', r.profile.isTemplate && 'profile template'].filter(Boolean);

  return {
    published,
    rivalVisible,
    cardVisible,
    battlecardVisible,
    rivalOfCard,
    visibleCards: (s: Sight) => w.cards.filter((c) => cardVisible(s, c)),
    /** Visible cards of a rival's listed (non-Scratchpad) boards. */
    listedCardsOfRival: (s: Sight, rivalId: number) =>
      w.cards.filter((c) => cardVisible(s, c) && !board.get(c.boardId)!.scratchpad && board.get(c.boardId)!.rivalId === rivalId),
    /** The battlecard's desktop layout as the viewer gets it: visible cards not on a Scratchpad board, in layout order. */
    layoutOf: (s: Sight, bc: WBattlecard) =>
      bc.desktop.filter((id) => {
        const c = w.cards.find((x) => x.id === id)!;
        return cardVisible(s, c) && !board.get(c.boardId)!.scratchpad;
      }),
    /** What decides a card's visibility, for failure messages (ids of another company say so). */
    cardWhy: (id: number) => {
      const c = w.cards.find((x) => x.id === id);
      if (!c) return `card ${id} of another company`;
      const facts = [
        c.isDraft && 'draft',
        board.get(c.boardId)!.scratchpad && 'on Scratchpad',
        ...rivalWhy(rivalOfCard(c)),
        c.allAccess ? 'all access' : c.groups.length ? `groups [${c.groups.join(', ')}]` : 'no group',
      ];
      return `card ${id} (${facts.filter(Boolean).join(', ')})`;
    },
    rivalWhy: (id: number) => {
      const r = rival.get(id);
      return r ? `rival ${id} (${rivalWhy(r).join(', ') || 'published'})` : `rival ${id} of another company`;
    },
    battlecardWhy: (id: number) => {
      const bc = w.battlecards.find((x) => x.id === id);
      if (!bc) return `battlecard ${id} of another company`;
      return `battlecard ${id} (${[bc.isDraft ? 'draft' : 'published', ...rivalWhy(rival.get(bc.rivalId)!)].join(', ')})`;
    },
  };
}
