// The questions reps ask Ask every day (tests/relevance/ask-everyday.json: how do we win, why do we lose,
// weaknesses, pricing, security, objections, customers, what's new, does X support Y), asked about every
// rival of the demo data (db/seed/demo.ts) as the demo seller and curator see it, through the product's
// retrieval and extractive answer. Each question lists the card titles a good answer cites ({R}: the
// rival), among which the asker's visible cards of that rival are the judged ones. Targets: every answer
// says something, cites a card of the rival named, and one of the judged cards where the rival has one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { connect, rowsOf, type Db } from '../db/client.ts';
import { migrateDatabase } from '../documents/triggers.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { seedDemo } from '../db/seed/demo.ts';
import { createEmbeddedEngine } from '../engine/embedded/index.ts';
import type { SearchEngine } from '../engine/port.ts';
import { prepareIndexes } from '../indexer/bootstrap.ts';
import { extractiveReply } from '../search-api/ask/answering.ts';
import { retrieve } from '../search-api/ask/retrieval.ts';
import { askRivals, namedRivals } from '../search-api/ask/rivals.ts';
import { isCurator, loadUserContext } from '../search-api/auth/context.ts';
import { cardVisibleSql, type Viewer } from '../search-api/visibility/index.ts';

export type EverydayQuestion = { id: string; question: string; mustCite: string[] };
/** One question about one rival: the cards of that rival the asker may see, and those a good answer cites. */
export type EverydayCase = { id: string; question: string; rival: string; rivalCards: number[]; mustCite: number[] };
export type EverydayAnswer = { empty: boolean; citedIds: number[] };
export type EverydayMetrics = {
  total: number;
  /** Answers that say something and cite a source. */
  answered: number;
  /** Answers citing a card of the rival the question names. */
  citingRival: number;
  /** Cases where the asker sees one of the judged cards, and answers citing one of them. */
  judged: number;
  citingJudged: number;
  /** One line per case missing a target. */
  failures: string[];
  /** Questions not asked of a rival because none of its cards, whoever may see them, is one a good answer cites. */
  notAsked: string[];
};

const COMPANY = 'Northwind Analytics';
const DIR = path.join(import.meta.dirname, '..', 'tests', 'relevance');
export const readEverydayQuestions = (): EverydayQuestion[] =>
  (JSON.parse(fs.readFileSync(path.join(DIR, 'ask-everyday.json'), 'utf8')) as { questions: EverydayQuestion[] }).questions;

/** The question about a rival, as the prompt library fills its placeholders. */
export const fillQuestion = (q: string, rival: string) => q.replaceAll('{rival}', rival).replaceAll('{company}', COMPANY);
export const fillTitle = (title: string, rival: string) => title.replaceAll('{R}', rival);

export function everydayMetrics(cases: EverydayCase[], answerFor: (c: EverydayCase) => EverydayAnswer): EverydayMetrics {
  const m: EverydayMetrics = { total: cases.length, answered: 0, citingRival: 0, judged: 0, citingJudged: 0, failures: [], notAsked: [] };
  for (const c of cases) {
    const a = answerFor(c);
    const miss = (why: string) => m.failures.push(`${c.id} "${c.question}" ${why} (cites ${a.citedIds.join(', ') || 'nothing'})`);
    if (!a.empty && a.citedIds.length) m.answered++;
    else miss(c.mustCite.length ? 'comes back empty' : 'comes back empty (the asker sees no card answering it)');
    if (a.citedIds.some((id) => c.rivalCards.includes(id))) m.citingRival++;
    else if (!a.empty) miss(`cites no card of ${c.rival}`);
    if (!c.mustCite.length) continue;
    m.judged++;
    if (a.citedIds.some((id) => c.mustCite.includes(id))) m.citingJudged++;
    else miss(`cites none of ${c.mustCite.join(', ')}`);
  }
  return m;
}

type Asker = { role: 'seller' | 'curator'; viewer: Viewer };

async function askers(db: Db): Promise<Asker[]> {
  // The demo user's roles and groups as a request of theirs reads them (auth/context.ts).
  const viewerOf = async (email: string): Promise<Viewer> => {
    const [{ id }] = await rowsOf<{ id: number }>(db, sql`SELECT id FROM users WHERE email = ${email}`);
    const u = (await loadUserContext(db, id))!;
    return { companyId: u.company.id, curator: isCurator(u), visibilityGroupIds: u.visibilityGroupIds, previewGroupId: null };
  };
  return [
    { role: 'seller', viewer: await viewerOf('seller@demo.test') },
    { role: 'curator', viewer: await viewerOf('curator@demo.test') },
  ];
}

/** Every everyday question about every rival the asker may ask about, answered as Ask answers without a model. */
async function measure(db: Db, engine: SearchEngine, asker: Asker, questions: EverydayQuestion[]): Promise<EverydayMetrics> {
  const v = asker.viewer;
  const rivals = await askRivals(db, v);
  const rivalNames = new Map(rivals.map((r) => [r.id, r.name]));
  const cases: EverydayCase[] = [];
  const answers = new Map<EverydayCase, EverydayAnswer>();
  const notAsked: string[] = [];
  for (const rival of rivals) {
    const all = await rowsOf<{ id: number; name: string; visible: boolean }>(
      db,
      sql`SELECT c.id, c.name, ${cardVisibleSql(v)} AS visible FROM cards c JOIN boards b ON b.id = c.board_id WHERE b.profile_id = ${rival.profileId}`,
    );
    const cards = all.filter((x) => x.visible);
    for (const q of questions) {
      const titles = new Set(q.mustCite.map((t) => fillTitle(t, rival.name)));
      // The demo data's cards are a sample of the templates: a rival may have no card on a subject at all, and
      // then nothing is there to answer from, for anyone. An asker who may not see the card still gets asked.
      if (!all.some((x) => titles.has(x.name))) {
        notAsked.push(`${q.id}/${rival.name} "${fillQuestion(q.question, rival.name)}": the demo data has no card on it`);
        continue;
      }
      const c: EverydayCase = {
        id: `${q.id}/${rival.name}`,
        question: fillQuestion(q.question, rival.name),
        rival: rival.name,
        rivalCards: cards.map((x) => x.id),
        mustCite: cards.filter((x) => titles.has(x.name)).map((x) => x.id),
      };
      const named = namedRivals(c.question, rivals);
      const passages = await retrieve(db, engine, c.question, { viewer: v, research: false, rivalIds: named.map((r) => r.id) });
      const subject = named.length === 1 ? named[0] : null;
      const a = await extractiveReply(db, v.companyId, c.question, passages, { subject, rivalNames, companyName: COMPANY });
      cases.push(c);
      answers.set(c, { empty: !a.cited.length, citedIds: a.cited.filter((p) => p.docType === 'card').map((p) => p.id) });
    }
  }
  return { ...everydayMetrics(cases, (c) => answers.get(c)!), notAsked };
}

/** The demo data in a throwaway PostgreSQL, indexed into the embedded engine, asked by the seller and the curator. */
export async function everydayAnswers(): Promise<{ role: string; rivals: number; m: EverydayMetrics }[]> {
  const questions = readEverydayQuestions();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rivalscope-bench-everyday-'));
  const pg = await startEmbeddedPostgres(dataDir, { persistent: false });
  const db = connect(pg.url, 4);
  const engine = await createEmbeddedEngine({ refreshIntervalMs: -1, persistIntervalMs: -1 });
  try {
    await migrateDatabase(db);
    await seedDemo(db);
    await prepareIndexes(db, engine);
    const out = [];
    for (const asker of await askers(db)) {
      const m = await measure(db, engine, asker, questions);
      out.push({ role: asker.role, rivals: (m.total + m.notAsked.length) / questions.length, m });
    }
    return out;
  } finally {
    await engine.close();
    await db.$client.end();
    await pg.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
