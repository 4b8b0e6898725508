// `/rivalscope ask <question>`: Ask answers as the mapped user (their visibility, their Ask history), and the
// answer is posted to them directly by the app, then edited as it streams (at most once a second) and once more
// when done, with the cards it cites. A direct message, not the channel: the answer quotes what this user may see.
import { AskRequest, MIN_QUESTION_LENGTH, type AnswerSource } from '../../../contracts/ask.ts';
import { startAnswer } from '../../ask/answering.ts';
import type { LiveAnswer } from '../../ask/live.ts';
import { HttpError, parseInput } from '../../errors.ts';
import { format } from '../../strings/index.ts';
import { answerMessage, textMessage, type SlackMessage } from './blocks.ts';
import { SLACK } from './constants.ts';
import type { SlackActor } from './people.ts';
import { replyPrivately } from './reply.ts';
import type { SlackWork } from './work.ts';

export async function askInSlack(w: SlackWork, actor: SlackActor, command: { user_id: string; channel_id: string }, question: string): Promise<void> {
  const lang = actor.language;
  const q = question.trim();
  if (q.length < MIN_QUESTION_LENGTH) return replyPrivately(w.client, command.channel_id, command.user_id, textMessage(format(lang, 'slack.askTooShort')));
  let live: LiveAnswer;
  try {
    live = await startAnswer({ db: w.deps.db, engine: w.deps.engine, config: w.deps.config, logger: w.deps.logger, live: w.deps.live }, actor.auth, parseInput(AskRequest, { question: q }, 'question'));
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    return replyPrivately(w.client, command.channel_id, command.user_id, textMessage(format(lang, 'slack.askFailed', { reason: err.message })));
  }
  const render = (done: { sources: AnswerSource[]; fallback: boolean } | null) => answerMessage(lang, w.deps.config.APP_URL, q, live.text, done);
  const posted = await w.client.chat.postMessage({ channel: command.user_id, ...render(null) });
  const where = { channel: posted.channel!, ts: posted.ts! };
  const update = (m: SlackMessage) => w.client.chat.update({ ...where, ...m });

  // Edits while it streams: one at a time, and only when the text grew.
  let shown = 0;
  let editing: Promise<unknown> = Promise.resolve();
  const ticker = setInterval(() => {
    if (live.text.length === shown) return;
    shown = live.text.length;
    editing = editing.then(() => update(render(null))).catch((err) => w.deps.logger.debug({ err }, 'slack ask: an intermediate edit failed'));
  }, SLACK.askUpdateEveryMs);
  const outcome = await new Promise<{ sources: AnswerSource[]; fallback: boolean } | { error: string }>((resolve) => {
    let sources: AnswerSource[] = [];
    live.subscribe((e) => {
      if (e.event === 'sources') sources = e.data.sources;
      else if (e.event === 'done') resolve({ sources, fallback: e.data.answer.is_llm_fallback });
      else if (e.event === 'error') resolve({ error: e.data.message });
    });
  }).finally(() => {
    clearInterval(ticker);
    w.deps.live.release(live.start.answerId);
  });
  await editing;
  await update('error' in outcome ? textMessage(format(lang, 'slack.askFailed', { reason: outcome.error })) : render(outcome));
}
