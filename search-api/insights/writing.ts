// Written summaries (issue #27): with the OpenAI-compatible model Ask uses, an insight's (or an aspect's) summary is
// written from its numbered quotes alone, each statement citing them as [n] in the order the quotes are listed. The
// extractive summary stays when the model fails or cites none of them. Model calls never run inside a transaction:
// the quotes are read, the model answers, and each checked text is written in one short statement.
//
// Language: a written summary is stored once, on the insight (or the aspect's cached summary), for every reader of
// the company, and those readers do not share one language; so it is written in its source's language, that of the
// quotes it cites, and shown as written, like the quotes beside it. What the product says itself around it (the line
// of figures when no model wrote one, labels) is composed in each reader's language when read (summary.ts).
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { rowsOf, type Db } from '../../db/client.ts';
import type { InsightKind, InsightQuote } from '../../contracts/insights.ts';
import { citationsIn, completeChat, type ChatMessage, type LlmConfig } from '../ask/llm.ts';
import { concurrently } from '../../server-shared/concurrently.ts';

/** The model that writes summaries (none: they stay extractive), and where its failures are logged. */
export type SummaryModel = { llm: LlmConfig | null; logger?: Pick<Logger, 'warn'> };

/** Model calls at once for one rival's insights. */
export const WRITING_CONCURRENCY = 4;
/** One call's limit: a model that hangs must not hold up the generation's job. */
const CALL_TIMEOUT_MS = 60_000;

/** What a summary is about: an insight of the rival's aspect, or the aspect as a whole (kind null). */
export type SummarySubject = { rival: string; aspect: string; kind: InsightKind | null };

const LEAN: Record<InsightKind | 'aspect', string> = {
  strengths: 'a strength: the reviewers who judge it mostly praise it',
  weaknesses: 'a weakness: the reviewers who judge it mostly criticise it',
  win_reasons: 'a reason buyers choose it',
  loss_reasons: 'a reason buyers turn it down',
  aspect: 'what reviewers think of it, for and against',
};

/** The prompt: the subject, then only the given quotes, numbered, with their review site and date. */
export function summaryMessages(subject: SummarySubject, quotes: InsightQuote[]): ChatMessage[] {
  const numbered = quotes.map((q, i) => `[${i + 1}] ${q.site}, ${q.publishedAt.slice(0, 10)}: “${q.text}”`).join('\n');
  return [
    {
      role: 'system',
      content:
        'You summarise what reviewers say about one aspect of a product, for a competitive-intelligence team. ' +
        'Write 2 or 3 sentences using only the numbered review quotes; add nothing they do not say. ' +
        'Write in the language the quotes are written in. ' +
        'After each statement, cite the quotes it comes from as [n]. Plain text: no lists, headings, links or preamble.',
    },
    { role: 'user', content: `${subject.rival}: ${subject.aspect} (${LEAN[subject.kind ?? 'aspect']}).\n\nQuotes:\n${numbered}` },
  ];
}

/**
 * The model's summary of the quotes with its citations checked, or null (logged) when the model failed or cited
 * none of them.
 */
export async function writtenSummary(llm: LlmConfig, logger: SummaryModel['logger'], subject: SummarySubject, quotes: InsightQuote[]): Promise<string | null> {
  try {
    const text = await completeChat(llm, summaryMessages(subject, quotes), AbortSignal.timeout(CALL_TIMEOUT_MS));
    const checked = citationsIn(text, quotes.length);
    if (!checked) logger?.warn({ subject }, 'the model cited none of the quotes; the extractive summary stays');
    return checked?.text ?? null;
  } catch (err) {
    logger?.warn({ err, subject }, 'the model could not write a summary; the extractive summary stays');
    return null;
  }
}

type Pending = { id: number; kind: InsightKind; aspect: string; rival: string; quotes: InsightQuote[]; hash: string };

/**
 * Writes the summaries of the rival's listed insights (current, of a visible aspect) that have none yet or whose
 * quotes changed since theirs was written (summary_written_from is the md5 of the quotes it came from, which
 * generation compares to keep it). At most WRITING_CONCURRENCY calls at once; a failure keeps that insight's
 * extractive summary, to be tried again after the next generation. Answers how many were written.
 */
export async function writeInsightSummaries(db: Db, llm: LlmConfig, companyId: number, rivalId: number, logger?: SummaryModel['logger']): Promise<{ written: number; kept: number }> {
  const pending = await rowsOf<Pending>(
    db,
    sql`SELECT i.id, i.kind, coalesce(a.custom_title, a.title) AS aspect, r.name AS rival, i.quotes, md5(i.quotes::text) AS hash
        FROM insights i JOIN aspects a ON a.id = i.aspect_id JOIN rivals r ON r.id = i.rival_id
        WHERE i.rival_id = ${rivalId} AND i.company_id = ${companyId} AND NOT i.stale AND a.state = 'none'
          AND jsonb_array_length(i.quotes) > 0 AND i.summary_written_from IS DISTINCT FROM md5(i.quotes::text)
        ORDER BY i.rank`,
  );
  let written = 0;
  await concurrently(pending.length, WRITING_CONCURRENCY, async (i) => {
    const insight = pending[i];
    const text = await writtenSummary(llm, logger, { rival: insight.rival, aspect: insight.aspect, kind: insight.kind }, insight.quotes);
    if (text === null) return;
    // Only over the quotes it was written from: a generation may have replaced them meanwhile.
    const { rows } = await db.execute(sql`
      UPDATE insights SET summary = ${text}, summary_written_from = ${insight.hash}
      WHERE id = ${insight.id} AND md5(quotes::text) = ${insight.hash} RETURNING id`);
    written += rows.length;
  });
  return { written, kept: pending.length - written };
}
