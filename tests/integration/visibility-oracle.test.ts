// The visibility oracle: tenant isolation's twin inside one company. fast-check generates companies
// (rivals and profiles that may be drafts or templates, Scratchpad boards, cards in every visibility
// mode, tags, battlecards, groups, users of every role); each read path then answers every user, and
// curators previewing as everyone and as each group, with exactly what the reference rule in
// tests/helpers/world.ts computes from the generated rows: never a superset (top-k answers like Ask:
// a subset). Every card of every generated company holds the same search word, so a leak across
// companies shows up too.
import http, { type Server } from 'node:http';
import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AnswerSource } from '../../contracts/ask.ts';
import type { LandingPage } from '../../contracts/landing.ts';
import type { Db } from '../../db/client.ts';
import { readBattlecard, readCard } from '../../search-api/integrations/subjects.ts';
import { upsertDeals } from '../../db/deals.ts';
import { linkPreview } from '../../search-api/integrations/slack/unfurl.ts';
import { audienceViewer } from '../../search-api/integrations/webhooks/payload.ts';
import { runJob } from '../../search-api/jobs/store.ts';
import { landingGenerationJob } from '../../search-api/landing/generate.ts';
import { sessionTimeouts } from '../../search-api/auth/sessions.ts';
import { testApp, type TestApp } from '../helpers/app.ts';
import { fileVisible, fileWhy, insertOracleFiles, type OracleFile } from '../helpers/knowledgeFiles.ts';
import { availableEngines } from '../helpers/engines.ts';
import { allViewers, insertWorld, oracle, plainViewers, RIVAL_WORD, SHARED_WORD, worldSpec, type Viewer, type WCard, type World, type WorldSpec } from '../helpers/world.ts';
import { answerOf, buffered, parseSse } from './askStream.ts';

/** Worlds per path; with at least 8 users per world this gives at least 200 (world, viewer) cases per path. */
const RUNS = 25;
const MIN_CASES = 200;
/**
 * Shrinking re-inserts a world for every candidate; after this long past the first failure the
 * remaining candidates are let through, so the smallest failing world found so far is reported.
 */
const SHRINK_BUDGET_MS = 20_000;
/**
 * One seed for the whole run: every path checks the same generated worlds, so each world is inserted and
 * indexed once (cached by its spec) instead of once per path. A new run draws new worlds.
 */
const SEED = Math.floor(Math.random() * 2 ** 31);
/** Where payloads' links point; any address does. */
const APP_URL = 'https://app.rivalscope.test';

type Http = {
  get: (url: string) => request.Test;
  post: (url: string, body: object) => request.Test;
  put: (url: string, body: object) => request.Test;
};
type Ctx = { w: World; v: Viewer; o: ReturnType<typeof oracle>; http: Http; out: string[]; db: Db };
/** A read path: `previews` adds curators previewing (and a consumer trying to) to the viewers. */
type Path = { name: string; previews: boolean; check: (c: Ctx) => Promise<void> };

/** The preview parameter as the viewer sends it, if any. */
const preview = (v: Viewer, name: string, sep = '&') => (v.preview === undefined ? '' : `${sep}${name}=${v.preview}`);

const list = (ids: number[], why: (id: number) => string) => ids.map(why).join('; ');

/** Records ids of `what` the answer has but the rule denies (extra), the rule grants but the answer lacks (missing), and repeats. */
function sameIds(out: string[], what: string, got: number[], want: number[], why: (id: number) => string) {
  const extra = got.filter((id) => !want.includes(id));
  const missing = want.filter((id) => !got.includes(id));
  const repeated = got.filter((id, i) => got.indexOf(id) !== i);
  if (extra.length) out.push(`${what}: extra ${list(extra, why)}`);
  if (missing.length) out.push(`${what}: missing ${list(missing, why)}`);
  if (repeated.length) out.push(`${what}: repeated ${repeated.join(', ')}`);
}

/** The same ids in the same order. */
function sameOrder(out: string[], what: string, got: number[], want: number[], why: (id: number) => string) {
  const before = out.length;
  sameIds(out, what, got, want, why);
  if (out.length === before && got.join() !== want.join()) out.push(`${what}: order [${got.join(', ')}] instead of [${want.join(', ')}]`);
}

/** Top-k answers: only ids the rule grants. */
function subset(out: string[], what: string, got: number[], want: number[], why: (id: number) => string) {
  const extra = got.filter((id) => !want.includes(id));
  if (extra.length) out.push(`${what}: extra ${list(extra, why)}`);
}

function sameCounts(out: string[], what: string, got: Map<number, number>, want: Map<number, number>) {
  const wrong = [...new Set([...got.keys(), ...want.keys()])]
    .filter((id) => got.get(id) !== want.get(id))
    .map((id) => `${id}: ${got.get(id) ?? 'absent'} instead of ${want.get(id) ?? 'absent'}`);
  if (wrong.length) out.push(`${what}: ${wrong.join('; ')}`);
}

const tally = (ids: number[]) => ids.reduce((m, id) => m.set(id, (m.get(id) ?? 0) + 1), new Map<number, number>());

/** True when the answer is 200; anything else is recorded with its body. */
function ok(out: string[], what: string, res: request.Response): boolean {
  if (res.status === 200) return true;
  out.push(`${what}: ${res.status} instead of 200 ${JSON.stringify(res.body)}`);
  return false;
}

/**
 * One request per item: items the rule grants must answer `granted`, the others `denied`; recorded as
 * the ids that answered `granted` against those that should, so a leak reads as "extra".
 */
async function statuses<T extends { id: number }>(
  out: string[],
  what: string,
  items: T[],
  call: (x: T) => request.Test,
  grants: (x: T) => boolean,
  why: (id: number) => string,
  granted = 200,
  denied = 404,
) {
  const got: number[] = [];
  for (const x of items) {
    const res = await call(x);
    if (res.status === granted) got.push(x.id);
    else if (res.status !== denied) out.push(`${what} ${why(x.id)}: ${res.status} ${JSON.stringify(res.body)}`);
  }
  sameIds(out, `${what} answering ${granted}`, got, items.filter(grants).map((x) => x.id), why);
}

const rivalsOf = ({ w, v, o }: Ctx) => w.rivals.filter((r) => o.rivalVisible(v.sight, r));
const battlecardsOf = ({ w, v, o }: Ctx, rivalId: number) => w.battlecards.filter((bc) => bc.rivalId === rivalId && o.battlecardVisible(v.sight, bc));
const cardsOnBoard = ({ w, v, o }: Ctx, boardId: number) => w.cards.filter((c) => c.boardId === boardId && o.cardVisible(v.sight, c));

/** Listed boards (no Scratchpad) of a rival with their visible card counts, as a profile or the boards list gives them. */
function checkBoards(c: Ctx, what: string, rivalId: number, got: { id: number; cardsCount: number }[]) {
  const listed = c.w.boards.filter((b) => b.rivalId === rivalId && !b.scratchpad);
  sameIds(c.out, `${what} boards`, got.map((b) => b.id), listed.map((b) => b.id), (id) => `board ${id}${c.w.boards.find((b) => b.id === id)?.scratchpad ? ' (Scratchpad)' : ''}`);
  sameCounts(c.out, `${what} cardsCount per board`, new Map(got.map((b) => [b.id, b.cardsCount])), new Map(listed.map((b) => [b.id, cardsOnBoard(c, b.id).length])));
}

/** Runs the landing page generations the views queued (set once the app exists). */
let runLandingJobs: () => Promise<void> = async () => {};
/** A published and a draft dynamic board listing every card of the world's company, made once per world (set once the app exists). */
/**
 * Win/loss in a world's company (by its id: off, for curators, or for consumers too) and two deals naming the shared
 * word: deals in unified search are for readers of win/loss, each reading their own company's (every company's
 * deals hold the word, so a leak across companies shows). The won deal has an interview whose buyer says the word:
 * interviews are win/loss content under the same rule (checked beside the deals, in the same case).
 */
type WinLossWorld = { mode: 'off' | 'curators' | 'consumers'; deals: number[]; interviews: number[] };
let dealsOf: (w: World) => Promise<WinLossWorld> = async () => ({ mode: 'off', deals: [], interviews: [] });
let dynamicBoardsOf: (w: World) => Promise<{ published: number; draft: number }> = async () => ({ published: 0, draft: 0 });
let filesOf: (w: World) => Promise<OracleFile[]> = async () => [];

const PATHS: Path[] = [
  {
    name: 'GET /api/search.json (results, nr_results, counters)',
    previews: true,
    check: async ({ v, o, http, out }) => {
      const want = o.visibleCards(v.sight);
      // The shared word matches every card; the empty query lists every card too. Sorted by relevance,
      // the cards found first pick the words that rank the rest (feedback.ts): the same cards come back.
      for (const query of [SHARED_WORD, '', `${SHARED_WORD}&sort=relevance`]) {
        const res = await http.get(`/api/search.json?index=cards&query=${query}&size=100&countersFor=tags.id,board.id,board.rival_id${preview(v, 'previewing')}`);
        if (!ok(out, `search "${query}"`, res)) continue;
        sameIds(out, `"${query}" results`, res.body.results.map((r: { id: number }) => r.id), want.map((x) => x.id), o.cardWhy);
        if (res.body.nr_results !== want.length) out.push(`"${query}" nr_results ${res.body.nr_results} instead of ${want.length}`);
        const buckets = (field: string) => new Map<number, number>((res.body.counters[field] ?? []).map((b: { id: number; count: number }) => [b.id, b.count]));
        sameCounts(out, `"${query}" counter tags.id`, buckets('tags.id'), tally(want.flatMap((x) => x.tags)));
        sameCounts(out, `"${query}" counter board.id`, buckets('board.id'), tally(want.map((x) => x.boardId)));
        sameCounts(out, `"${query}" counter board.rival_id`, buckets('board.rival_id'), tally(want.map((x) => o.rivalOfCard(x).id)));
      }
    },
  },
  {
    name: 'GET /api/dynamic_boards/:id.json (results, nr_results; drafts)',
    previews: true,
    check: async ({ w, v, o, http, out }) => {
      const { published, draft } = await dynamicBoardsOf(w);
      const res = await http.get(`/api/dynamic_boards/${published}.json?size=100${preview(v, 'previewing')}`);
      if (ok(out, 'dynamic board', res)) {
        const want = o.visibleCards(v.sight);
        sameIds(out, 'dynamic board results', res.body.results.results.map((r: { id: number }) => r.id), want.map((x) => x.id), o.cardWhy);
        if (res.body.results.nr_results !== want.length) out.push(`dynamic board nr_results ${res.body.results.nr_results} instead of ${want.length}`);
      }
      // Drafts are for curators in their own view: a preview sees what the group sees.
      const draftRes = await http.get(`/api/dynamic_boards/${draft}.json${preview(v, 'previewing', '?')}`);
      const wanted = v.sight === 'all' ? 200 : 404;
      if (draftRes.status !== wanted) out.push(`draft dynamic board: ${draftRes.status} instead of ${wanted}`);
    },
  },
  {
    name: 'GET /api/cards/:id.json',
    previews: true,
    check: (c) =>
      statuses(c.out, 'card', c.w.cards, (x) => c.http.get(`/api/cards/${x.id}.json${preview(c.v, 'previewing', '?')}`), (x) => c.o.cardVisible(c.v.sight, x), c.o.cardWhy),
  },
  {
    name: 'GET /api/users/:id/cards.json (a person page)',
    previews: false,
    check: async ({ w, v, o, http, out }) => {
      const listed = (c: WCard) => o.cardVisible(v.sight, c) && !w.boards.find((b) => b.id === c.boardId)!.scratchpad;
      for (const author of w.users.slice(0, 2)) {
        const res = await http.get(`/api/users/${author.id}/cards.json?limit=50`);
        if (!ok(out, `cards of user ${author.id}`, res)) continue;
        const want = w.cards.filter((c) => c.authorId === author.id && listed(c)).map((c) => c.id);
        sameIds(out, `cards of user ${author.id}`, res.body.items.map((x: { id: number }) => x.id), want, o.cardWhy);
        if (res.body.total !== want.length) out.push(`cards of user ${author.id}: total ${res.body.total} instead of ${want.length}`);
      }
    },
  },
  {
    name: 'GET /api/suggest.json (completions, battlecards)',
    previews: true,
    check: async ({ w, v, o, http, out }) => {
      // Each card and battlecard title starts with its own three-letter code: querying the code suggests that title alone.
      const completed = new Set<number>();
      const suggestedBattlecards = new Set<number>();
      for (const code of [...w.cards, ...w.battlecards].map((x) => x.code)) {
        const res = await http.get(`/api/suggest.json?query=${code}&mode=completions${preview(v, 'visibilityGroupId')}`);
        if (!ok(out, `suggest ${code}`, res)) continue;
        for (const s of res.body.suggestions as { type: string; id?: number; text?: string }[]) {
          if (s.type === 'battlecard') suggestedBattlecards.add(s.id!);
          if (s.type !== 'completion') continue;
          const card = w.cards.find((x) => x.title === s.text);
          if (card) completed.add(card.id);
          else out.push(`suggest ${code}: completion "${s.text}" is no card of this company`);
        }
      }
      sameIds(out, 'completed card titles', [...completed], o.visibleCards(v.sight).map((x) => x.id), o.cardWhy);
      sameIds(out, 'suggested battlecards', [...suggestedBattlecards], w.battlecards.filter((bc) => o.battlecardVisible(v.sight, bc)).map((bc) => bc.id), o.battlecardWhy);
    },
  },
  {
    name: 'GET /api/rivals/search.json (quick finder)',
    previews: false,
    check: async (c) => {
      const { o, out } = c;
      const res = await c.http.get(`/api/rivals/search.json?query=${RIVAL_WORD}`);
      if (!ok(out, 'quick finder', res)) return;
      const hits = res.body as { id: number; battlecards: { id: number }[] }[];
      // Templates are never offered, not even to curators.
      sameIds(out, 'rivals', hits.map((h) => h.id), rivalsOf(c).filter((r) => !r.isTemplate).map((r) => r.id), o.rivalWhy);
      for (const h of hits.filter((h) => c.w.rivals.some((r) => r.id === h.id))) {
        sameIds(out, `rival ${h.id} battlecards`, h.battlecards.map((b) => b.id), battlecardsOf(c, h.id).map((bc) => bc.id), o.battlecardWhy);
      }
    },
  },
  {
    name: 'GET /api/rivals.json (ids, cardsCount, battlecardsCount)',
    previews: true,
    check: async (c) => {
      const { v, o, out } = c;
      const res = await c.http.get(`/api/rivals.json?limit=100${preview(v, 'previewing')}`);
      if (!ok(out, 'rivals', res)) return;
      const items = res.body as { id: number; cardsCount: number; battlecardsCount: number }[];
      const want = rivalsOf(c);
      sameIds(out, 'rivals', items.map((r) => r.id), want.map((r) => r.id), o.rivalWhy);
      const mine = items.filter((r) => want.some((x) => x.id === r.id));
      sameCounts(out, 'cardsCount', new Map(mine.map((r) => [r.id, r.cardsCount])), new Map(mine.map((r) => [r.id, o.listedCardsOfRival(v.sight, r.id).length])));
      sameCounts(out, 'battlecardsCount', new Map(mine.map((r) => [r.id, r.battlecardsCount])), new Map(mine.map((r) => [r.id, battlecardsOf(c, r.id).length])));
    },
  },
  {
    name: 'GET /api/profiles/:id.json (status, boards, battlecards)',
    previews: true,
    check: async (c) => {
      const { w, v, o, out } = c;
      const granted = rivalsOf(c).map((r) => r.id);
      const answered: number[] = [];
      for (const r of w.rivals) {
        const res = await c.http.get(`/api/profiles/${r.profile.id}.json${preview(v, 'previewing', '?')}`);
        if (res.status === 404) continue;
        if (!ok(out, `profile of ${o.rivalWhy(r.id)}`, res)) continue;
        answered.push(r.id);
        checkBoards(c, `profile of rival ${r.id}`, r.id, res.body.boards);
        sameIds(out, `profile of rival ${r.id} battlecards`, res.body.battlecards.map((b: { id: number }) => b.id), battlecardsOf(c, r.id).map((bc) => bc.id), o.battlecardWhy);
      }
      sameIds(out, 'profiles answering 200 (by rival)', answered, granted, o.rivalWhy);
    },
  },
  {
    name: 'GET /api/boards/:id/cards.json',
    previews: true,
    check: async (c) => {
      const { w, v, o, out } = c;
      const rival = (id: number) => w.rivals.find((r) => r.id === id)!;
      const granted = w.boards.filter((b) => !b.scratchpad && o.rivalVisible(v.sight, rival(b.rivalId))).map((b) => b.id);
      const why = (id: number) => {
        const b = w.boards.find((x) => x.id === id)!;
        return `board ${id} (${b.scratchpad ? 'Scratchpad, ' : ''}${o.rivalWhy(b.rivalId)})`;
      };
      const answered: number[] = [];
      for (const b of w.boards) {
        const res = await c.http.get(`/api/boards/${b.id}/cards.json${preview(v, 'previewing', '?')}`);
        if (res.status === 404) continue;
        if (!ok(out, why(b.id), res)) continue;
        answered.push(b.id);
        sameIds(out, `board ${b.id} cards`, res.body.map((x: { id: number }) => x.id), cardsOnBoard(c, b.id).map((x) => x.id), o.cardWhy);
      }
      sameIds(out, 'boards answering 200', answered, granted, why);
    },
  },
  {
    name: 'GET /api/profiles/:id/news.json, /updated.json and /api/news/unread.json (card changes)',
    previews: false,
    check: async (c) => {
      const { w, o, out } = c;
      // A rival's news lists the cards of its lanes the reader may see (no intel in these worlds); every one is
      // new to a reader who never opened it, so that is also its unread count (templates are no competitors: none).
      const newsCards = (rivalId: number) => w.boards.filter((b) => b.rivalId === rivalId && !b.scratchpad).flatMap((b) => cardsOnBoard(c, b.id));
      const unread = await c.http.get('/api/news/unread.json');
      const counts: Record<string, number> = ok(out, 'unread counts', unread) ? unread.body.counts : {};
      const answered: number[] = [];
      for (const r of w.rivals) {
        const res = await c.http.get(`/api/profiles/${r.profile.id}/news.json?size=50`);
        const updated = await c.http.get(`/api/profiles/${r.profile.id}/updated.json`);
        if (updated.status !== res.status) out.push(`rival ${r.id}: updated.json ${updated.status} but news.json ${res.status}`);
        if (res.status === 404) {
          if (counts[r.profile.id] !== undefined) out.push(`unread count for the unseen ${o.rivalWhy(r.id)}`);
          continue;
        }
        if (!ok(out, `news of ${o.rivalWhy(r.id)}`, res)) continue;
        answered.push(r.id);
        const want = newsCards(r.id).map((x) => x.id);
        sameIds(out, `news of rival ${r.id}`, res.body.items.map((i: { id: number }) => i.id), want, o.cardWhy);
        const unseen = r.isTemplate ? 0 : want.length;
        if ((counts[r.profile.id] ?? 0) !== unseen) out.push(`unread of rival ${r.id}: ${counts[r.profile.id] ?? 0} instead of ${unseen}`);
      }
      sameIds(out, 'rival news answering 200', answered, rivalsOf(c).map((r) => r.id), o.rivalWhy);
    },
  },
  {
    name: 'GET /api/battlecards/:id/cards.json',
    previews: true,
    check: async (c) => {
      const { w, v, o, out } = c;
      const answered: number[] = [];
      for (const bc of w.battlecards) {
        const res = await c.http.get(`/api/battlecards/${bc.id}/cards.json?v=2${preview(v, 'visibilityGroupId')}`);
        if (res.status === 404) continue;
        if (!ok(out, o.battlecardWhy(bc.id), res)) continue;
        answered.push(bc.id);
        sameOrder(out, `battlecard ${bc.id} cards`, res.body.cards.map((x: { id: number }) => x.id), o.layoutOf(v.sight, bc), o.cardWhy);
      }
      sameIds(out, 'battlecards answering 200', answered, w.battlecards.filter((bc) => o.battlecardVisible(v.sight, bc)).map((bc) => bc.id), o.battlecardWhy);
    },
  },
  {
    name: 'GET /api/tags.json and /api/tags/:id.json (cardsCount, filter=assigned)',
    previews: false,
    check: async ({ w, v, o, http, out }) => {
      const visible = o.visibleCards(v.sight);
      const want = new Map(w.tags.map((t) => [t, visible.filter((x) => x.tags.includes(t)).length]));
      const all = await http.get('/api/tags.json');
      if (ok(out, 'tags', all)) {
        const items = all.body as { id: number; cardsCount: number }[];
        sameIds(out, 'tags', items.map((t) => t.id), w.tags, (id) => `tag ${id}`);
        sameCounts(out, 'tags cardsCount', new Map(items.map((t) => [t.id, t.cardsCount])), want);
      }
      const assigned = await http.get('/api/tags.json?filter=assigned');
      if (ok(out, 'tags?filter=assigned', assigned)) {
        sameIds(out, 'assigned tags', assigned.body.map((t: { id: number }) => t.id), w.tags.filter((t) => want.get(t)! > 0), (id) => `tag ${id} (${want.has(id) ? `${want.get(id)} visible cards` : 'of another company'})`);
      }
      const one = new Map<number, number>();
      for (const t of w.tags) {
        const res = await http.get(`/api/tags/${t}.json`);
        if (ok(out, `tag ${t}`, res)) one.set(t, res.body.cardsCount);
      }
      sameCounts(out, 'tags/:id cardsCount', one, want);
    },
  },
  {
    name: 'GET /api/cards/:id/sources.json',
    previews: false,
    check: (c) => statuses(c.out, 'sources', c.w.cards, (x) => c.http.get(`/api/cards/${x.id}/sources.json`), (x) => c.o.cardVisible(c.v.sight, x), c.o.cardWhy),
  },
  {
    name: 'GET /api/cards/:id/comments.json',
    previews: false,
    check: async (c) => {
      // Reading comments is for curators: consumers get 403 for every card, whether they may see it or not.
      const curator = c.v.sight === 'all';
      await statuses(c.out, 'comments', c.w.cards, (x) => c.http.get(`/api/cards/${x.id}/comments.json`), (x) => curator && c.o.cardVisible(c.v.sight, x), c.o.cardWhy, 200, curator ? 404 : 403);
    },
  },
  {
    name: 'PUT /api/cards/:id/sentiment.json and POST /api/cards/:id/comments',
    previews: false,
    check: async (c) => {
      const grants = (x: WCard) => c.o.cardVisible(c.v.sight, x);
      await statuses(c.out, 'sentiment', c.w.cards, (x) => c.http.put(`/api/cards/${x.id}/sentiment.json`, { sentiment: 1 }), grants, c.o.cardWhy);
      await statuses(c.out, 'feedback', c.w.cards, (x) => c.http.post(`/api/cards/${x.id}/comments`, { body: 'Seen in a deal' }), grants, c.o.cardWhy, 201);
    },
  },
  {
    name: 'POST /api/ask/answers (sources and quoted cards)',
    previews: true,
    check: async ({ w, v, o, http, out }) => {
      const body = { question: `What is the ${SHARED_WORD} offer?`, ...(v.preview === undefined ? {} : { visibilityGroupId: v.preview }) };
      const res = await buffered(http.post('/api/ask/answers', body));
      if (res.status !== 200) return void out.push(`ask: ${res.status} ${res.raw}`);
      const a = answerOf(parseSse(res.raw));
      if (a.error || !a.sources) return void out.push(`ask: no answer ${JSON.stringify(a.error)}`);
      const visible = o.visibleCards(v.sight).map((x) => x.id);
      const cited = (a.sources as AnswerSource[]).map((s) => Number(/viewCard=(\d+)/.exec(s.url ?? '')?.[1]));
      subset(out, 'cited cards', cited, visible, o.cardWhy);
      // An answer spanning rivals is grouped under headings (**Rival name**), each the rival of a cited card.
      const heading = /^\*\*([^*]+)\*\*$/;
      const lines = a.text.split('\n').map((l) => l.trim());
      const citedRivals = new Set(
        cited.map((id) => w.rivals.find((r) => r.id === w.boards.find((b) => b.id === w.cards.find((c) => c.id === id)?.boardId)?.rivalId)?.name),
      );
      for (const l of lines) {
        const name = heading.exec(l)?.[1];
        if (name !== undefined && !citedRivals.has(name)) out.push(`ask heading "${name}" is no cited card's rival`);
      }
      // The extractive answer quotes card text, which names the card's code (rival names share the codes, so headings are left out).
      const prose = lines.filter((l) => !heading.test(l)).join('\n');
      const quoted = w.cards.filter((x) => new RegExp(`\\b${x.code}\\b`).test(prose)).map((x) => x.id);
      subset(out, 'quoted cards', quoted, visible, o.cardWhy);
      if (visible.length && !cited.length) out.push(`ask cited nothing though ${visible.length} cards are visible: ${a.text}`);
    },
  },
  {
    // Not HTTP reads but what leaves the product: a webhook endpoint's payloads for the audience matching the viewer
    // (curators: everything; a consumer: what their groups may see), and the Slack previews of links they share.
    name: 'webhook payloads and Slack link previews (cards, battlecards, rivals)',
    previews: false,
    check: async ({ w, v, o, out, db }) => {
      const sight = v.sight;
      const groups = sight === 'all' ? [] : sight.groups;
      const viewer = audienceViewer({ companyId: w.companyId, audience: sight === 'all' ? 'all' : groups.length ? 'groups' : 'everyone', visibilityGroupIds: groups });
      const seen = async <T extends { id: number }>(rows: T[], read: (id: number) => Promise<unknown>) =>
        (await Promise.all(rows.map(async (r) => ((await read(r.id)) === null ? [] : [r.id])))).flat();
      const cards = o.visibleCards(sight).map((c) => c.id);
      sameIds(out, 'webhook card payloads', await seen(w.cards, (id) => readCard(db, viewer, APP_URL, id)), cards, o.cardWhy);
      sameIds(out, 'Slack card previews', await seen(w.cards, (id) => linkPreview(db, viewer, { kind: 'card', id })), cards, o.cardWhy);
      const battlecards = w.battlecards.filter((bc) => o.battlecardVisible(sight, bc)).map((bc) => bc.id);
      sameIds(out, 'webhook battlecard payloads', await seen(w.battlecards, (id) => readBattlecard(db, viewer, APP_URL, id)), battlecards, (id) => `battlecard ${id}`);
      sameIds(out, 'Slack battlecard previews', await seen(w.battlecards, (id) => linkPreview(db, viewer, { kind: 'battlecard', id })), battlecards, (id) => `battlecard ${id}`);
      const rivals = w.rivals.filter((r) => o.rivalVisible(sight, r)).map((r) => r.id);
      sameIds(out, 'Slack landing page previews', await seen(w.rivals, (id) => linkPreview(db, viewer, { kind: 'landing', id })), rivals, (id) => `rival ${id}`);
    },
  },
  {
    // The browser extension: a rival's website answers only a viewer who may see the rival, with the battlecards they
    // may read; a CRM page naming every rival answers the visible ones; the config lists only visible rivals' domains.
    name: 'browser extension lookups, CRM mentions and config',
    previews: false,
    check: async ({ w, v, o, http, out }) => {
      const rivals = w.rivals.filter((r) => o.rivalVisible(v.sight, r)).map((r) => r.id);
      const battlecardsOf = (ids: number[]) => w.battlecards.filter((bc) => ids.includes(bc.rivalId) && o.battlecardVisible(v.sight, bc)).map((bc) => bc.id);
      type Found = { kind: string; rivals: { id: number; battlecards: { id: number }[] }[] };
      const found: Found[] = [];
      for (const r of w.rivals) {
        const res = await http.get(`/api/extension/lookup.json?url=${encodeURIComponent(`https://www.${r.domain}/pricing`)}`);
        if (!ok(out, `extension lookup of ${r.domain}`, res)) return;
        found.push(res.body as Found);
      }
      const looked = found.flatMap((f) => f.rivals);
      sameIds(out, 'extension lookups', looked.map((r) => r.id), rivals, (id) => `rival ${id}`);
      sameIds(out, 'extension lookup battlecards', looked.flatMap((r) => r.battlecards.map((b) => b.id)), battlecardsOf(rivals), (id) => `battlecard ${id}`);
      const crm = await http.post('/api/extension/mentions.json', { url: 'https://app.hubspot.com/deals/1', text: `Competitors: ${w.rivals.map((r) => r.name).join(', ')}.` });
      if (!ok(out, 'extension mentions', crm)) return;
      const named = (crm.body as Found).rivals;
      sameIds(out, 'extension CRM mentions', named.map((r) => r.id), rivals, (id) => `rival ${id}`);
      sameIds(out, 'extension CRM mention battlecards', named.flatMap((r) => r.battlecards.map((b) => b.id)), battlecardsOf(rivals), (id) => `battlecard ${id}`);
      const config = await http.get('/api/extension/config.json');
      if (!ok(out, 'extension config', config)) return;
      const domains = (config.body as { rivalDomains: string[] }).rivalDomains;
      sameIds(out, 'extension config domains', w.rivals.filter((r) => domains.includes(r.domain)).map((r) => r.id), rivals, (id) => `rival ${id}`);
      if (domains.some((d) => !w.rivals.some((r) => r.domain === d))) out.push(`extension config: another world's domain in ${domains.join(', ')}`);
    },
  },
  {
    name: 'GET /api/battlecards.json (items and their layouts)',
    previews: false,
    check: async ({ w, v, o, http, out }) => {
      const res = await http.get('/api/battlecards.json');
      if (!ok(out, 'battlecards', res)) return;
      const items = res.body as { id: number; cards: { desktop: number[] }; cardTitles: Record<string, string> }[];
      const want = w.battlecards.filter((bc) => o.battlecardVisible(v.sight, bc));
      sameIds(out, 'battlecards', items.map((b) => b.id), want.map((bc) => bc.id), o.battlecardWhy);
      for (const item of items) {
        const bc = want.find((x) => x.id === item.id);
        if (!bc) continue;
        sameOrder(out, `battlecard ${bc.id} desktop`, item.cards.desktop, o.layoutOf(v.sight, bc), o.cardWhy);
        sameIds(out, `battlecard ${bc.id} cardTitles`, Object.keys(item.cardTitles).map(Number), o.layoutOf(v.sight, bc), o.cardWhy);
      }
    },
  },
  {
    name: 'GET /api/seller_rivals.json',
    previews: false,
    check: async ({ w, o, http, out }) => {
      // What a consumer sees, whoever asks.
      const res = await http.get('/api/seller_rivals.json');
      if (ok(out, 'seller rivals', res)) sameIds(out, 'rivals', res.body.map((r: { id: number }) => r.id), w.rivals.filter(o.published).map((r) => r.id), o.rivalWhy);
    },
  },
  {
    name: 'GET /api/rival_groups.json',
    previews: true,
    check: async (c) => {
      const { w, v, o, out } = c;
      const res = await c.http.get(`/api/rival_groups.json${preview(v, 'previewing', '?')}`);
      if (!ok(out, 'rival groups', res)) return;
      const items = res.body as { id: number; rivals: number[] }[];
      sameIds(out, 'rival groups', items.map((g) => g.id), w.rivalGroups.map((g) => g.id), (id) => `rival group ${id}`);
      const visible = rivalsOf(c).map((r) => r.id);
      for (const g of w.rivalGroups) {
        const item = items.find((x) => x.id === g.id);
        if (item) sameIds(out, `rival group ${g.id} rivals`, item.rivals, g.rivals.filter((id) => visible.includes(id)), o.rivalWhy);
      }
    },
  },
  {
    name: 'GET /api/rivals/:id/boards.json',
    previews: false,
    check: async (c) => {
      const { w, o, out } = c;
      const answered: number[] = [];
      for (const r of w.rivals) {
        const res = await c.http.get(`/api/rivals/${r.id}/boards.json`);
        if (res.status === 404) continue;
        if (!ok(out, `boards of ${o.rivalWhy(r.id)}`, res)) continue;
        answered.push(r.id);
        checkBoards(c, `rival ${r.id}`, r.id, res.body);
      }
      sameIds(out, 'rival boards answering 200', answered, rivalsOf(c).map((r) => r.id), o.rivalWhy);
    },
  },
  {
    name: 'GET /api/favorited_companies.json',
    previews: false,
    check: async (c) => {
      // Every user starred every rival of the world, in world order.
      const res = await c.http.get('/api/favorited_companies.json');
      if (ok(c.out, 'favorites', res)) sameOrder(c.out, 'favorites', res.body.map((r: { id: number }) => r.id), rivalsOf(c).map((r) => r.id), c.o.rivalWhy);
    },
  },
  {
    name: 'GET /api/discover/companies.json',
    previews: false,
    check: async (c) => {
      const { w, out } = c;
      const res = await c.http.get(`/api/discover/companies.json?name=${RIVAL_WORD}`);
      if (!ok(out, 'discover', res)) return;
      const got: number[] = [];
      for (const item of res.body.items as { domain: string }[]) {
        const r = w.rivals.find((x) => x.domain === item.domain);
        if (r) got.push(r.id);
        else out.push(`discover: ${item.domain} is no rival of this company`);
      }
      sameIds(out, 'companies (by rival)', got, rivalsOf(c).map((r) => r.id), c.o.rivalWhy);
    },
  },
  {
    name: 'GET /api/providers/:provider.json',
    previews: false,
    // An unknown or hidden company is "Invalid company identifier" (400).
    check: (c) => statuses(c.out, 'provider data', c.w.rivals, (r) => c.http.get(`/api/providers/companyData.json?rivalId=${r.id}`), (r) => c.o.rivalVisible(c.v.sight, r), c.o.rivalWhy, 200, 400),
  },
  {
    name: 'GET /api/ask/prompts (rivals and cardsCount)',
    previews: false,
    check: async ({ w, v, o, http, out }) => {
      // The Ask picker offers published rivals only, to curators too; counts follow the asker's card visibility.
      const res = await http.get('/api/ask/prompts');
      if (!ok(out, 'ask prompts', res)) return;
      const items = res.body.rivals as { id: number; cardsCount: number }[];
      const want = w.rivals.filter(o.published);
      sameIds(out, 'rivals', items.map((r) => r.id), want.map((r) => r.id), o.rivalWhy);
      const mine = items.filter((r) => want.some((x) => x.id === r.id));
      sameCounts(out, 'cardsCount', new Map(mine.map((r) => [r.id, r.cardsCount])), new Map(mine.map((r) => [r.id, o.listedCardsOfRival(v.sight, r.id).length])));
    },
  },
  {
    name: 'GET /api/overviews/:rivalId/landing_page.json (generated sections, curated cards, battlecards)',
    previews: true,
    check: async (c) => {
      const { w, v, o, http, out } = c;
      for (const r of w.rivals) {
        const url = `/api/overviews/${r.id}/landing_page.json${preview(v, 'previewing', '?')}`;
        const first = await http.get(url);
        if (!o.rivalVisible(v.sight, r)) {
          if (first.status !== 404) out.push(`landing page of hidden rival ${r.id}: ${first.status}`);
          continue;
        }
        if (!ok(out, `landing page of rival ${r.id}`, first)) continue;
        // Sections are made once per reader scope: a viewer whose scope an earlier one had made them for reads them at once.
        let res = first;
        if ((first.body as LandingPage).generated.sections.some((s) => s.status !== 'succeeded')) {
          await runLandingJobs();
          res = await http.get(url);
          if (!ok(out, `landing page of rival ${r.id} once generated`, res)) continue;
        }
        const page = res.body as LandingPage;
        const visible = o.listedCardsOfRival(v.sight, r.id).map((x) => x.id);
        for (const s of page.generated.sections) {
          if (s.status !== 'succeeded') out.push(`rival ${r.id} ${s.sectionType}: ${s.status} ${s.error ?? ''}`);
          if (!s.data) continue;
          subset(out, `rival ${r.id} ${s.sectionType} cited cards`, s.data.citations.filter((x) => x.type === 'card').map((x) => x.id), visible, o.cardWhy);
          // Composed text quotes card text, which names the card's code.
          const quoted = w.cards.filter((x) => new RegExp(`\\b${x.code}\\b`).test(s.data!.markdown.replace(r.name, ''))).map((x) => x.id);
          subset(out, `rival ${r.id} ${s.sectionType} quoted cards`, quoted, visible, o.cardWhy);
        }
        sameIds(out, `rival ${r.id} landing battlecards`, page.battlecards.map((b) => b.id), battlecardsOf(c, r.id).map((bc) => bc.id), o.battlecardWhy);
        for (const s of page.curated.sections) subset(out, `rival ${r.id} curated ${s.sectionType}`, s.cards.map((x) => x.id), visible, o.cardWhy);
        // A curator picks the rival's cards, drafts and all: other readers' views above and after show only their own.
        if (v.user.role !== 'consumer' && v.preview === undefined) {
          const own = w.cards.filter((x) => w.boards.find((b) => b.id === x.boardId)!.rivalId === r.id && !w.boards.find((b) => b.id === x.boardId)!.scratchpad);
          const put = await http.put(`/api/profiles/${r.profile.id}/landing_page/curated/strengths`, { cardIds: own.map((x) => x.id).slice(0, 12) });
          if (put.status !== 200) out.push(`curating rival ${r.id}: ${put.status} ${JSON.stringify(put.body)}`);
        }
      }
    },
  },
  // Last: it turns win/loss on in the worlds' companies.
  {
    name: 'GET /api/search.json?index=deals and /api/win-loss/interviews?q= (for readers of win/loss only)',
    previews: false,
    check: async ({ w, v, http, out }) => {
      const { mode, deals, interviews } = await dealsOf(w);
      const res = await http.get(`/api/search.json?index=deals&query=${SHARED_WORD}&size=100`);
      const found = await http.get(`/api/win-loss/interviews?q=${SHARED_WORD}`);
      const reads = mode === 'consumers' || (mode === 'curators' && v.user.role !== 'consumer');
      if (!reads) {
        if (res.status !== 403 || res.body.code !== 'win_loss_off') out.push(`deals with win/loss ${mode}: ${res.status} instead of 403 win_loss_off`);
        if (found.status !== 403 || found.body.code !== 'win_loss_off') out.push(`interviews with win/loss ${mode}: ${found.status} instead of 403 win_loss_off`);
        return;
      }
      if (ok(out, `deals with win/loss ${mode}`, res)) sameIds(out, 'deals', res.body.results.map((r: { id: number }) => r.id), deals, (id) => `deal ${id}`);
      if (ok(out, `interviews with win/loss ${mode}`, found)) sameIds(out, 'interviews', found.body.items.map((r: { id: number }) => r.id), interviews, (id) => `interview ${id}`);
    },
  },
  // Last: it turns the knowledge hub on in the worlds' companies (Ask then draws on files, which the card checks above do not expect).
  {
    name: 'knowledge-hub passages: GET /api/search.json?index=files, /api/suggest.json, POST /api/ask/answers',
    previews: true,
    check: async ({ w, v, http, out }) => {
      const files = await filesOf(w);
      const want = files.filter((f) => fileVisible(v.sight, f)).map((f) => f.id);
      const why = fileWhy(files);
      const res = await http.get(`/api/search.json?index=files&query=${SHARED_WORD}&size=100${preview(v, 'previewing')}`);
      if (ok(out, 'files search', res)) {
        sameIds(out, 'files', res.body.results.map((r: { fileId: number }) => r.fileId), want, why);
        if (res.body.nr_results !== want.length) out.push(`files nr_results ${res.body.nr_results} instead of ${want.length}`);
      }
      // Files feed no suggestion: none may name a file's marker.
      const suggested = await http.get(`/api/suggest.json?query=${SHARED_WORD}${preview(v, 'visibilityGroupId')}`);
      if (ok(out, 'suggest', suggested)) {
        const named = files.filter((f) => JSON.stringify(suggested.body).includes(f.marker)).map((f) => f.id);
        if (named.length) out.push(`suggestions name files ${named.join(', ')}`);
      }
      const body = { question: `What do our ${SHARED_WORD} files say?`, ...(v.preview === undefined ? {} : { visibilityGroupId: v.preview }) };
      const asked = await buffered(http.post('/api/ask/answers', body));
      if (asked.status !== 200) return void out.push(`ask: ${asked.status} ${asked.raw}`);
      const a = answerOf(parseSse(asked.raw));
      if (a.error || !a.sources) return void out.push(`ask: no answer ${JSON.stringify(a.error)}`);
      // A source names its file by its citation ("Handbook 3x1, page 1"; titles are unique across worlds); only a
      // curator's links to the hub's file screen, which a consumer cannot open.
      const fileSources = (a.sources as AnswerSource[]).filter((x) => x.doc_type === 'file');
      const cited = fileSources.map((x) => files.find((f) => x.title.startsWith(`${f.title},`))?.id ?? -1);
      for (const s of fileSources) {
        const id = files.find((f) => s.title.startsWith(`${f.title},`))?.id;
        const link = v.user.role === 'consumer' ? null : `/knowledge-hub/files/${id}?passage=1`;
        if (s.url !== link) out.push(`file source ${s.title}: url ${s.url} instead of ${link}`);
      }
      subset(out, 'cited files', cited, want, why);
      subset(out, 'quoted files', files.filter((f) => a.text.includes(f.marker)).map((f) => f.id), want, why);
      if (want.length && !cited.length) out.push(`ask cited no file though ${want.length} are visible: ${a.text}`);
    },
  },
];

describe.each(availableEngines())('visibility oracle on the $name engine', (engine) => {
  let t: TestApp;
  let server: Server;
  const keepAlive = new http.Agent({ keepAlive: true });
  const cases = new Map<string, number>();
  const worlds = new Map<string, Promise<World>>();
  /** The world of a spec, inserted the first time a path asks for it. */
  const worldOf = (spec: WorldSpec) => {
    const key = JSON.stringify(spec);
    if (!worlds.has(key)) worlds.set(key, insertWorld(t.db, sessionTimeouts(t.config), spec));
    return worlds.get(key)!;
  };

  beforeAll(async () => {
    t = await testApp({ demo: false, search: true, engine });
    server = t.app.listen(0);
    // The agent's idle connections stay open until afterAll destroys them: none is closed under a request reusing it.
    server.keepAliveTimeout = 0;
    const handlers = { landingGeneration: landingGenerationJob(t.db, { llm: null }) };
    const made = new Map<number, Promise<{ published: number; draft: number }>>();
    dynamicBoardsOf = (w) => {
      const insert = async () => {
        const { rows } = await t.db.execute(sql`INSERT INTO dynamic_boards (company_id, name, is_draft)
          VALUES (${w.companyId}, 'Everything', false), (${w.companyId}, 'Work in progress', true) RETURNING id`);
        const [published, draft] = (rows as { id: number }[]).map((r) => r.id);
        return { published, draft };
      };
      if (!made.has(w.companyId)) made.set(w.companyId, insert());
      return made.get(w.companyId)!;
    };
    const winLoss = new Map<number, Promise<WinLossWorld>>();
    dealsOf = (w) => {
      const insert = async (): Promise<WinLossWorld> => {
        const mode = (['off', 'curators', 'consumers'] as const)[w.companyId % 3];
        const flags = { winLoss: mode !== 'off', winLossConsumerAccess: mode === 'consumers' };
        await t.db.execute(sql`UPDATE companies SET company_data = jsonb_set(company_data, '{flags}', coalesce(company_data->'flags', '{}') || ${JSON.stringify(flags)}::jsonb) WHERE id = ${w.companyId}`);
        const deal = (crmId: string, rivalIds: number[]) => ({
          crmId, source: 'demo' as const, name: `${SHARED_WORD} ${crmId}`, accountName: null, accountCrmId: null, ownerEmail: null, ownerName: null,
          ownerUserId: null, amount: null, currency: 'USD', stage: 'Closed Won', outcome: 'win' as const, createdOn: '2026-01-01', closedOn: '2026-02-01',
          rivalIds, primaryRivalId: rivalIds[0] ?? null, buyerPersona: null, industry: null, region: null, segment: null, technology: null,
          useCase: null, product: null, notes: null, crmModifiedAt: null,
        });
        const { ids } = await upsertDeals(t.db, w.companyId, [deal('won', w.rivals.map((r) => r.id)), deal('open', [])]);
        const { rows } = await t.db.execute(sql`INSERT INTO interviews (company_id, deal_id, interviewed_on, interviewer)
          SELECT company_id, id, '2026-02-10', 'Interviewer' FROM deals WHERE id = ${ids[0]} RETURNING id`);
        const interviews = (rows as { id: number }[]).map((r) => r.id);
        await t.db.execute(sql`INSERT INTO interview_passages (company_id, interview_id, seq, speaker, is_buyer, text)
          VALUES (${w.companyId}, ${interviews[0]}, 1, 'Buyer', true, ${`We chose you for the ${SHARED_WORD} reporting.`})`);
        await t.search.indexer!.drain();
        return { mode, deals: ids, interviews };
      };
      if (!winLoss.has(w.companyId)) winLoss.set(w.companyId, insert());
      return winLoss.get(w.companyId)!;
    };
    const hubs = new Map<number, Promise<OracleFile[]>>();
    filesOf = (w) => {
      const insert = async () => {
        const files = await insertOracleFiles(t.db, w.companyId, w.groups, SHARED_WORD);
        await t.search.indexer!.drain();
        return files;
      };
      if (!hubs.has(w.companyId)) hubs.set(w.companyId, insert());
      return hubs.get(w.companyId)!;
    };
    runLandingJobs = async () => {
      const queued = await t.db.execute(sql`SELECT id FROM jobs WHERE state = 'queued' AND kind = 'landingGeneration' ORDER BY id`);
      for (const { id } of queued.rows as { id: number }[]) await runJob(t.db, id, handlers);
    };
  });
  afterAll(async () => {
    console.log(`visibility oracle on ${engine.name}, seed ${SEED}: ${worlds.size} worlds; (world, viewer) cases per path\n${PATHS.map((p) => `  ${String(cases.get(p.name) ?? 0).padStart(5)}  ${p.name}`).join('\n')}`);
    keepAlive.destroy();
    server?.close();
    await t?.drop();
  });

  /**
   * Requests as the user: the session cookie, and the CSRF token on writes. Over kept-alive connections: supertest
   * otherwise opens one per request, and the oracle makes tens of thousands.
   */
  const httpOf = (v: Viewer): Http => {
    const cookie = `rs_session=${v.user.token}`;
    return {
      get: (url) => request(server).get(url).agent(keepAlive).set('Cookie', cookie),
      post: (url, body) => request(server).post(url).agent(keepAlive).set('Cookie', cookie).set('X-CSRF-Token', v.user.csrf).send(body),
      put: (url, body) => request(server).put(url).agent(keepAlive).set('Cookie', cookie).set('X-CSRF-Token', v.user.csrf).send(body),
    };
  };

  for (const path of PATHS) {
    it(
      path.name,
      async () => {
        let firstFailure: number | null = null;
        await fc.assert(
          fc.asyncProperty(worldSpec, async (spec) => {
            if (firstFailure !== null && Date.now() - firstFailure > SHRINK_BUDGET_MS) return;
            const w = await worldOf(spec);
            await t.search.indexer!.drain();
            const o = oracle(w);
            const viewers = path.previews ? allViewers(w) : plainViewers(w);
            const failures = await Promise.all(
              viewers.map(async (v) => {
                const out: string[] = [];
                await path.check({ w, v, o, http: httpOf(v), out, db: t.db });
                return out.length ? `as ${v.label}:\n    ${out.join('\n    ')}` : null;
              }),
            );
            cases.set(path.name, (cases.get(path.name) ?? 0) + viewers.length);
            const failed = failures.filter((f) => f !== null);
            if (!failed.length) return;
            firstFailure ??= Date.now();
            throw new Error(`${path.name} in company ${w.companyId}, ${failed.length} of ${viewers.length} viewers wrong\n  ${failed.join('\n  ')}`);
          }),
          { numRuns: RUNS, seed: SEED },
        );
        expect(cases.get(path.name)).toBeGreaterThanOrEqual(MIN_CASES);
      },
      300_000,
    );
  }
});
