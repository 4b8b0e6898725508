// The extractive Ask answer measured on the judged questions of tests/relevance/ask.json (each with the
// cards a good answer must draw on, mustCite): how many answers cite at least one of those cards, and how
// many hold two near-duplicate sentences (targets: at least 90 % and none). Pure: the caller retrieves
// the passages (bench/relevance.ts runs the product's search over the judged corpus) and passes a
// function giving the answer of each question.
import { extractiveAnswer, nearDuplicate, type RivalRef } from '../search-api/ask/extractive.ts';
import type { Passage } from '../search-api/ask/retrieval.ts';
import { namedRivals } from '../search-api/ask/rivals.ts';

export type AskQuestion = { id: string; question: string; rival: string | null; mustCite: number[] };
/** An answer as the metrics read it: its text (with [n] references and rival headings) and the ids it cites. */
export type JudgedAnswer = { text: string; citedIds: number[] };
export type AskMetrics = {
  total: number;
  /** Answers citing at least one mustCite card. */
  citing: number;
  /** Answers holding two sentences that are near-duplicates of each other. */
  withNearDuplicates: number;
  /** One line per question that misses a target, e.g. `a7 cites none of 89, 143 (cites 12, 40)`. */
  failures: string[];
};

/** The quoted sentences of an answer: its lines without [n] references, rival headings left out. */
export function answerSentences(text: string): string[] {
  return text
    .split(/\n+/)
    .map((line) => line.replace(/\s*\[\d{1,3}\]/g, '').trim())
    .filter((line) => line && !/^\*\*[^*]+\*\*$/.test(line));
}

/** The pairs of near-duplicate sentences in an answer. */
export function nearDuplicatePairs(text: string): [string, string][] {
  const s = answerSentences(text);
  const pairs: [string, string][] = [];
  for (let i = 0; i < s.length; i++) for (let j = i + 1; j < s.length; j++) if (nearDuplicate(s[i], s[j])) pairs.push([s[i], s[j]]);
  return pairs;
}

export function askMetrics(questions: AskQuestion[], answerFor: (q: AskQuestion) => JudgedAnswer): AskMetrics {
  const m: AskMetrics = { total: questions.length, citing: 0, withNearDuplicates: 0, failures: [] };
  for (const q of questions) {
    const a = answerFor(q);
    if (a.citedIds.some((id) => q.mustCite.includes(id))) m.citing++;
    else m.failures.push(`${q.id} cites none of ${q.mustCite.join(', ')} (cites ${a.citedIds.join(', ') || 'nothing'}): ${q.question}`);
    const dups = nearDuplicatePairs(a.text);
    if (dups.length) {
      m.withNearDuplicates++;
      m.failures.push(`${q.id} repeats itself: "${dups[0][0]}" ~ "${dups[0][1]}"`);
    }
  }
  return m;
}

/**
 * The extractive answer the product gives for a question over these passages: the subject is the one
 * rival the question names (no page or profile context in the benchmark), as in search-api/ask/answering.ts;
 * the company is the judged set's own ("Northwind Analytics").
 */
export function extractiveAnswerFor(question: string, passages: Passage[], rivals: RivalRef[], companyName = 'Northwind Analytics'): JudgedAnswer {
  const named = namedRivals(question, rivals);
  const answer = extractiveAnswer(question, passages, {
    subject: named.length === 1 ? named[0] : null,
    rivalNames: new Map(rivals.map((r) => [r.id, r.name])),
    companyName,
  });
  return { text: answer.text, citedIds: answer.cited.map((p) => p.id) };
}
