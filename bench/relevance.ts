// Relevance benchmark: loads the judged set (tests/relevance/: cards as curators write them, queries as
// reps type them, graded judgements, a holdout third) into each engine available and prints, side by
// side in one run, nDCG@10 and recall@10 for the product's request (search-api/search/request.ts with
// a new company's synonyms, sort=relevance) on the embedded engine and on OpenSearch (when OPENSEARCH_URL
// is set), and for a plain baseline: multi_match most_fields, operator or, on the same fields. Ask's part:
// the extractive answers to the judged questions (tests/relevance/ask.json), and beside them the questions
// reps ask every day about every rival of the demo data (bench/relevance-everyday.ts).
//
//   npm run bench:relevance
//   bash scripts/with-opensearch.sh npm run bench:relevance     # both engines
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { SearchQuery } from '../contracts/search.ts';
import { createEmbeddedEngine } from '../engine/embedded/index.ts';
import { createOpenSearchEngine } from '../engine/opensearch/index.ts';
import type { SearchEngine, SearchRequest } from '../engine/port.ts';
import { audience } from '../documents/audiences.ts';
import { cardsIndex, type CardDoc } from '../documents/cards.ts';
import { CARD_SEARCH_FIELDS } from '../search-api/search/request.ts';
import { cardSearchRequest } from '../search-api/search/service.ts';
import { concepts, thesaurusOf } from '../search-api/search/text.ts';
import { weighSynonyms } from '../search-api/search/synonymWeights.ts';
import { rankedCardIds, type Passage } from '../search-api/ask/retrieval.ts';
import { namedRivals } from '../search-api/ask/rivals.ts';
import { askMetrics, extractiveAnswerFor, type AskMetrics, type AskQuestion, type JudgedAnswer } from './relevance-ask.ts';
import { everydayAnswers, readEverydayQuestions } from './relevance-everyday.ts';
import { DEFAULT_SYNONYMS } from '../search-api/synonyms/vocabulary.ts';
import type { Viewer } from '../search-api/visibility/index.ts';
import { htmlToText } from '../server-shared/htmlText.ts';

type Card = { id: number; rival: string; board: string; title: string; html: string; tags: string[] };
type Judged = { id: string; query: string; kind: string; holdout: boolean; judgements: Record<string, 1 | 2> };

const DIR = path.join(import.meta.dirname, '..', 'tests', 'relevance');
const read = <T>(file: string): T => JSON.parse(fs.readFileSync(path.join(DIR, file), 'utf8')) as T;
const K = 10;
const COMPANY = 1;
const CURATOR: Viewer = { companyId: COMPANY, curator: true, visibilityGroupIds: [], previewGroupId: null };

/** The corpus as the indexer would write it: ids for rivals, boards and tags in order of appearance. */
function documents(cards: Card[]): { id: string; doc: CardDoc }[] {
  const ids = new Map<string, number>();
  const idOf = (kind: string, name: string) => {
    const key = `${kind}:${name}`;
    if (!ids.has(key)) ids.set(key, ids.size + 1);
    return ids.get(key)!;
  };
  const date = new Date(Date.UTC(2026, 0, 1)).toISOString();
  return cards.map((c) => {
    const rival = { id: idOf('rival', c.rival), name: c.rival };
    const doc: CardDoc = {
      id: String(c.id),
      title: c.title,
      suggest: { input: [c.title], contexts: { scope: [audience.curators(COMPANY), audience.everyone(COMPANY)] } },
      text: htmlToText(c.html),
      tags: c.tags.map((t) => ({ id: idOf('tag', t), name: t })),
      board: { id: idOf('board', `${c.rival}/${c.board}`), name: c.board, rival_id: rival.id },
      profile: rival,
      rival,
      author: null,
      company_id: COMPANY,
      audiences: [audience.curators(COMPANY), audience.everyone(COMPANY)],
      isDraft: false,
      allAccess: true,
      visibilityGroupIds: [],
      scratchpad: false,
      createdAt: date,
      updatedAt: date,
      viewOrder: c.id,
      hasDynamicBlocks: false,
      sourcesCount: 0,
      battlecardIds: [],
    };
    return { id: String(c.id), doc };
  });
}

/** A new company's synonyms: the default vocabulary. */
const THESAURUS = thesaurusOf(DEFAULT_SYNONYMS);

/** The ids the product's search request returns first (search/service.ts's searchCards, sorted by relevance). */
async function productTop(engine: SearchEngine, query: string): Promise<string[]> {
  const params = SearchQuery.parse({ query, sort: 'relevance', size: String(K) });
  const cs = await weighSynonyms(engine, 'cards', COMPANY, concepts(query, THESAURUS), CARD_SEARCH_FIELDS);
  const res = await engine.search<{ id: string }>('cards', await cardSearchRequest(engine, CURATOR, params, cs));
  return res.hits.map((h) => h.id);
}

/**
 * The plain baseline: OpenSearch's multi_match most_fields with operator or, written as what OpenSearch
 * rewrites it to (a bool should of one match per field, boosts kept), which both engines run.
 */
async function baselineTop(engine: SearchEngine, query: string): Promise<string[]> {
  const should = CARD_SEARCH_FIELDS.literal.map((f) => {
    const [field, boost] = f.split('^');
    return { match: { [field]: { query, operator: 'or' as const, boost: boost ? Number(boost) : 1 } } };
  });
  const request: SearchRequest = { query: { bool: { should, minimum_should_match: 1 } }, size: K, _source: ['id'] };
  return (await engine.search('cards', request)).hits.map((h) => h.id);
}

/**
 * Ask's extractive answers to the judged questions: passages retrieved the product's way (the same
 * concepts and synonyms, the named rival's cards first) from the judged corpus.
 */
async function askAnswers(engine: SearchEngine, cards: Card[], docs: { id: string; doc: CardDoc }[], questions: AskQuestion[]): Promise<AskMetrics> {
  const rivals = [...new Map(docs.map((d) => [d.doc.rival.id, d.doc.rival])).values()];
  const byId = new Map(cards.map((c, i) => [c.id, { card: c, doc: docs[i].doc }]));
  const passage = (id: number): Passage => {
    const { card, doc } = byId.get(id)!;
    return { docType: 'card', id, title: card.title, url: `/profile/${doc.profile.id}?viewCard=${id}`, text: doc.text, rivalIds: [doc.rival.id], createdAt: doc.createdAt, updatedAt: doc.updatedAt };
  };
  const answers = new Map<string, JudgedAnswer>();
  for (const q of questions) {
    const rivalIds = namedRivals(q.question, rivals).map((r) => r.id);
    const ids = await rankedCardIds(engine, concepts(q.question, THESAURUS), { viewer: CURATOR, rivalIds });
    answers.set(q.id, extractiveAnswerFor(q.question, ids.map(passage), rivals));
  }
  return askMetrics(questions, (q) => answers.get(q.id)!);
}

function ndcg(top: string[], judged: Record<string, number>): number {
  const gain = (rel: number) => 2 ** rel - 1;
  const dcg = top.slice(0, K).reduce((sum, id, i) => sum + gain(judged[id] ?? 0) / Math.log2(i + 2), 0);
  const ideal = Object.values(judged)
    .sort((a, b) => b - a)
    .slice(0, K)
    .reduce((sum, rel, i) => sum + gain(rel) / Math.log2(i + 2), 0);
  return ideal === 0 ? 1 : dcg / ideal;
}

function recall(top: string[], judged: Record<string, number>): number {
  const relevant = Object.keys(judged);
  return relevant.length === 0 ? 1 : relevant.filter((id) => top.slice(0, K).includes(id)).length / relevant.length;
}

type Scores = { ndcg: number[]; recall: number[] };
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
const fmt = (x: number) => x.toFixed(3);

async function openEngines(): Promise<{ name: string; engine: SearchEngine }[]> {
  const engines: { name: string; engine: SearchEngine }[] = [
    { name: 'embedded', engine: await createEmbeddedEngine({ refreshIntervalMs: -1, persistIntervalMs: -1 }) },
  ];
  if (process.env.OPENSEARCH_URL) {
    const prefix = `rel${crypto.randomBytes(3).toString('hex')}_`;
    engines.push({ name: 'opensearch', engine: createOpenSearchEngine({ url: process.env.OPENSEARCH_URL, indexPrefix: prefix }) });
  } else {
    console.warn('OpenSearch not measured: OPENSEARCH_URL is not set (bash scripts/with-opensearch.sh npm run bench:relevance)');
  }
  return engines;
}

async function main() {
  const { cards } = read<{ cards: Card[] }>('corpus.json');
  const { queries } = read<{ queries: Judged[] }>('queries.json');
  const { questions } = read<{ questions: AskQuestion[] }>('ask.json');
  const docs = documents(cards);
  const asked: { engine: string; m: AskMetrics }[] = [];
  const rows: { request: string; engine: string; full: Scores; holdout: Scores; byQuery: Map<string, number> }[] = [];

  for (const { name, engine } of await openEngines()) {
    try {
      await engine.ensureIndex(cardsIndex);
      const bulk = await engine.bulk('cards', docs.map((d) => ({ op: 'upsert' as const, id: d.id, version: 1, doc: d.doc })));
      if (bulk.errors) throw new Error(`${name}: bulk errors`);
      await engine.refresh('cards');
      for (const [request, top] of [['product', productTop], ['baseline', baselineTop]] as const) {
        const row = { request, engine: name, full: { ndcg: [], recall: [] } as Scores, holdout: { ndcg: [], recall: [] } as Scores, byQuery: new Map<string, number>() };
        for (const q of queries) {
          const ids = await top(engine, q.query);
          const n = ndcg(ids, q.judgements);
          row.byQuery.set(q.id, n);
          for (const s of q.holdout ? [row.full, row.holdout] : [row.full]) {
            s.ndcg.push(n);
            s.recall.push(recall(ids, q.judgements));
          }
        }
        rows.push(row);
      }
      asked.push({ engine: name, m: await askAnswers(engine, cards, docs, questions) });
    } finally {
      if (name === 'opensearch') await engine.deleteIndex((await engine.aliasTarget('cards'))!).catch(() => {});
      await engine.close();
    }
  }

  const header = '| request | engine | nDCG@10 | recall@10 | holdout nDCG@10 | holdout recall@10 |\n|---|---|---:|---:|---:|---:|';
  const table = rows
    .map((r) => `| ${r.request} | ${r.engine} | ${fmt(mean(r.full.ndcg))} | ${fmt(mean(r.full.recall))} | ${fmt(mean(r.holdout.ndcg))} | ${fmt(mean(r.holdout.recall))} |`)
    .join('\n');
  const holdout = queries.filter((q) => q.holdout).length;
  const summary = `${cards.length} cards, ${queries.length} queries (${holdout} in the holdout), top ${K}`;
  // The queries where the product's request falls furthest below the baseline, per engine.
  const worst = rows
    .filter((r) => r.request === 'product')
    .map((p) => {
      const base = rows.find((r) => r.request === 'baseline' && r.engine === p.engine)!;
      const gaps = queries
        .map((q) => ({ q, gap: p.byQuery.get(q.id)! - base.byQuery.get(q.id)! }))
        .sort((a, b) => a.gap - b.gap)
        .slice(0, 5)
        .map(({ q, gap }) => `"${q.query}" ${gap.toFixed(2)}`);
      return `- ${p.engine}, largest drops below the baseline: ${gaps.join(', ')}`;
    })
    .join('\n');
  // nDCG@10 per kind of query, the product's request against the baseline, each engine a column pair.
  const kinds = [...new Set(queries.map((q) => q.kind))];
  const kindHeader = `| kind | queries | ${rows.map((r) => `${r.request} ${r.engine}`).join(' | ')} |\n|---|---:|${rows.map(() => '---:').join('|')}|`;
  const byKind = kinds
    .map((k) => {
      const ofKind = queries.filter((q) => q.kind === k);
      return `| ${k} | ${ofKind.length} | ${rows.map((r) => fmt(mean(ofKind.map((q) => r.byQuery.get(q.id)!)))).join(' | ')} |`;
    })
    .join('\n');
  const pct = (n: number, of: number) => `${((100 * n) / of).toFixed(1)} %`;
  const askTable =
    '| Ask (extractive) | engine | answers citing a mustCite card | answers with near-duplicate sentences |\n|---|---|---:|---:|\n' +
    asked.map(({ engine, m }) => `| ${questions.length} questions | ${engine} | ${m.citing}/${m.total} (${pct(m.citing, m.total)}) | ${m.withNearDuplicates} |`).join('\n');
  const askMisses = asked.flatMap(({ engine, m }) => m.failures.map((f) => `- ${engine}: ${f}`)).join('\n');
  const everyday = await everydayAnswers();
  const everydayTable =
    '| Ask (extractive), everyday questions on the demo data | asker | answered | citing the named rival | citing a judged card |\n|---|---|---:|---:|---:|\n' +
    everyday
      .map(({ role, rivals, m }) => `| ${readEverydayQuestions().length} questions × ${rivals} rivals${m.notAsked.length ? `, ${m.notAsked.length} not asked` : ''} | ${role} | ${m.answered}/${m.total} | ${m.citingRival}/${m.total} | ${m.citingJudged}/${m.judged} (${pct(m.citingJudged, m.judged)}) |`)
      .join('\n');
  const everydayMisses = everyday
    .flatMap(({ role, m }) => [...m.notAsked.map((n) => `- ${role}, not asked: ${n}`), ...m.failures.map((f) => `- ${role}: ${f}`)])
    .join('\n');
  const report =
    `${header}\n${table}\n\n${kindHeader}\n${byKind}\n\n${worst}\n\n${askTable}\n${askMisses ? `\n${askMisses}\n` : ''}` +
    `\n${everydayTable}\n${everydayMisses ? `\n${everydayMisses}\n` : ''}`;
  console.log(`\n${summary}\n\n${report}`);
  for (const r of rows) {
    console.log(`RESULT bench=relevance request=${r.request} engine=${r.engine} ndcg10=${fmt(mean(r.full.ndcg))} recall10=${fmt(mean(r.full.recall))} holdout_ndcg10=${fmt(mean(r.holdout.ndcg))}`);
  }
  for (const { engine, m } of asked) console.log(`RESULT bench=relevance-ask engine=${engine} citing=${m.citing}/${m.total} near_duplicates=${m.withNearDuplicates}`);
  for (const { role, m } of everyday) {
    console.log(`RESULT bench=relevance-ask-everyday asker=${role} answered=${m.answered}/${m.total} citing_rival=${m.citingRival}/${m.total} citing_judged=${m.citingJudged}/${m.judged}`);
  }
  const out = path.join(import.meta.dirname, 'results', `relevance-${new Date().toISOString().slice(0, 10)}.md`);
  fs.writeFileSync(out, `# Relevance benchmark\n\n${summary}. \`npm run bench:relevance\`\n\n${report}`);
  console.log(`wrote ${out}`);
}

await main();
