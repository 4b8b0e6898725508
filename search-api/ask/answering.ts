// Answering one question (part 3 §4.1): retrieval over what the asker may see, then either the model
// (when LLM_BASE_URL is set) or the extractive answer, streamed into a LiveAnswer and stored.
//
// The subject rival: the one the question names; else, when it names none, the context rival (the
// page's or the picked profile's: rivalId or profileId), which the answer then says it assumed
// (assumedRival) so the asker can re-ask about another one. A question naming several rivals, or none
// without a context, has no subject: the extractive answer groups its sentences by rival.
import type { Logger } from 'pino';
import { answerTextToHtml, citedRefs, type AnswerSource, type AskRequest, type AssumedRival } from '../../contracts/ask.ts';
import type { Db } from '../../db/client.ts';
import type { SearchEngine } from '../../engine/port.ts';
import { type Auth, isCurator } from '../auth/context.ts';
import type { Config } from '../../server-shared/config.ts';
import { apiError } from '../errors.ts';
import { sanitizeHtml } from '../html/sanitize.ts';
import { canReadWinLoss, knowledgeHubOn, viewerOf } from '../visibility/index.ts';
import { extractiveAnswer, type ExtractiveAnswer } from './extractive.ts';
import type { LiveAnswer, LiveAnswers } from './live.ts';
import { groundedMessages, LlmError, streamChat, type LlmConfig } from './llm.ts';
import { retrieve, type Passage } from './retrieval.ts';
import { askRivals, namedRivals, passageRivalNames, type RivalRow } from './rivals.ts';
import { createSession, failAnswer, finishAnswer, insertAnswer, readAnswer, readSession, type Owner } from './store.ts';

/** The extractive answer streams a few words at a time, this far apart, so it reads like the model's. */
export const EXTRACTIVE_WORDS_PER_CHUNK = 3;
export const EXTRACTIVE_CHUNK_DELAY_MS = 25;

export type AnsweringDeps = { db: Db; engine: SearchEngine; config: Config; logger: Logger; live: LiveAnswers };

export const llmConfigOf = (c: Config): LlmConfig | null =>
  c.LLM_BASE_URL ? { baseUrl: c.LLM_BASE_URL, apiKey: c.LLM_API_KEY, model: c.LLM_MODEL } : null;

/**
 * Checks the request, stores the session and the answer row, and starts the generation. Throws 4xx
 * errors before anything is written.
 */
export async function startAnswer(deps: AnsweringDeps, auth: Auth, req: AskRequest): Promise<LiveAnswer> {
  const { db } = deps;
  const owner: Owner = { companyId: auth.companyId, userId: auth.user.id };
  const curator = isCurator(auth);
  if (req.research && !curator) throw apiError('research_curators_only');
  const viewer = viewerOf(auth, req.visibilityGroupId);
  const research = Boolean(req.research) && viewer.previewGroupId === null;

  if (req.sessionId && !(await readSession(db, owner, req.sessionId))) throw apiError('session_not_found');
  const rivals = await askRivals(db, viewer);
  const context = contextRival(rivals, req);
  if ((req.rivalId || req.profileId) && !context) throw apiError('rival_not_found');
  const named = namedRivals(req.question, rivals);
  const subject = named.length ? (named.length === 1 ? named[0] : null) : context;
  const rivalIds = named.length ? named.map((r) => r.id) : context ? [context.id] : [];

  const llm = llmConfigOf(deps.config);
  const sessionId = req.sessionId ?? (await createSession(db, owner, req.question, research ? 'research' : 'other'));
  const answerId = await insertAnswer(db, owner, sessionId, req.question, !llm);
  const live = deps.live.open({ answerId, sessionId, question: req.question, is_llm_fallback: !llm });

  void generate(deps, live, owner, {
    question: req.question,
    viewer,
    research,
    winLoss: canReadWinLoss(auth),
    knowledgeHub: knowledgeHubOn(auth),
    rivalIds,
    subject,
    assumed: named.length ? null : context,
    rivalNames: new Map(rivals.map((r) => [r.id, r.name])),
    llm,
    companyName: auth.company.name,
    language: auth.user.language,
  });
  return live;
}

function contextRival(rivals: RivalRow[], req: AskRequest): RivalRow | null {
  if (req.rivalId) return rivals.find((r) => r.id === req.rivalId) ?? null;
  if (req.profileId) return rivals.find((r) => r.profileId === req.profileId) ?? null;
  return null;
}

type Job = {
  question: string;
  viewer: ReturnType<typeof viewerOf>;
  research: boolean;
  /** Whether the asker reads win/loss: then interviews' passages are drawn on too. */
  winLoss: boolean;
  /** Whether the company has the knowledge hub: then its files' passages are drawn on too. */
  knowledgeHub: boolean;
  rivalIds: number[];
  subject: RivalRow | null;
  /** The context rival the question did not name, which the answer is about if it quotes its passages. */
  assumed: RivalRow | null;
  rivalNames: Map<number, string>;
  llm: LlmConfig | null;
  companyName: string;
  /** The asker's: the answer is theirs alone, stored as written. */
  language: string;
};

async function generate(deps: AnsweringDeps, live: LiveAnswer, owner: Owner, job: Job) {
  const { answerId } = live.start;
  try {
    const passages = await retrieve(deps.db, deps.engine, job.question, { viewer: job.viewer, research: job.research, winLoss: job.winLoss, knowledgeHub: job.knowledgeHub, language: job.language, rivalIds: job.rivalIds });
    let sources: AnswerSource[];
    /** The passages the answer draws on: the model reads them all, the extractive answer quotes some. */
    let used: Passage[];
    if (job.llm) {
      for await (const delta of streamChat(job.llm, groundedMessages(job.companyName, job.question, passages, job.language))) live.append(delta);
      sources = citedRefs(live.text)
        .filter((n) => n >= 1 && n <= passages.length)
        .map((n) => toSource(passages[n - 1], n));
      used = passages;
    } else {
      const answer = await extractiveReply(deps.db, owner.companyId, job.question, passages, job);
      for (const chunk of wordChunks(answer.text, EXTRACTIVE_WORDS_PER_CHUNK)) {
        live.append(chunk);
        await new Promise((r) => setTimeout(r, EXTRACTIVE_CHUNK_DELAY_MS));
      }
      sources = answer.cited.map((p, i) => toSource(p, i + 1));
      used = answer.cited;
    }
    await finishAnswer(deps.db, owner.companyId, answerId, {
      html: sanitizeHtml(answerTextToHtml(live.text)),
      sources,
      profileId: job.subject?.profileId ?? null,
      supportedRivalId: job.subject?.supportedRivalId ?? null,
    });
    const stored = (await readAnswer(deps.db, owner, answerId))!;
    live.finish(sources, { ...stored, assumedRival: assumedRival(job.assumed, used) });
  } catch (err) {
    const status = err instanceof LlmError ? 502 : 500;
    const message = err instanceof LlmError ? err.message : 'Answering failed';
    deps.logger.warn({ err, answerId }, 'an Ask answer failed');
    await failAnswer(deps.db, owner.companyId, answerId, message).catch((e: unknown) => deps.logger.error({ err: e }, 'storing an Ask failure failed'));
    live.fail(status, message);
  } finally {
    deps.live.release(answerId);
  }
}

/** The answer without a model over the retrieved passages; the rivals of passages the asker's list lacks are named too. */
export async function extractiveReply(
  db: Db,
  companyId: number,
  question: string,
  passages: Passage[],
  about: { subject: RivalRow | null; rivalNames: Map<number, string>; companyName: string; language?: string },
): Promise<ExtractiveAnswer> {
  const unnamed = [...new Set(passages.flatMap((p) => p.rivalIds))].filter((id) => !about.rivalNames.has(id));
  const rivalNames = new Map([...about.rivalNames, ...(await passageRivalNames(db, companyId, unnamed))]);
  return extractiveAnswer(question, passages, { subject: about.subject, rivalNames, companyName: about.companyName, language: about.language });
}

/** The context rival, when the answer draws on its passages (retrieval falls back to others when it has none). */
export function assumedRival(context: Pick<RivalRow, 'id' | 'name' | 'profileId'> | null, used: Pick<Passage, 'rivalIds'>[]): AssumedRival | null {
  if (!context || !used.some((p) => p.rivalIds.includes(context.id))) return null;
  return { id: context.id, name: context.name, profileId: context.profileId };
}

const toSource = (p: Passage, ref: number): AnswerSource => ({
  ref,
  title: p.title,
  url: p.url,
  doc_type: p.docType,
  created_at: p.createdAt,
  last_updated_datetime: p.updatedAt,
});

export function wordChunks(text: string, words: number): string[] {
  const tokens = text.match(/\S+\s*/g) ?? [];
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i += words) out.push(tokens.slice(i, i + words).join(''));
  return out;
}
