// `/rivalscope <words>`: the best cards the user may see, as an ephemeral message. `/rivalscope ask <question>`:
// Ask's answer (ask.ts). `/rivalscope help` or nothing: how to use it. Everything but help needs a mapped user.
import { SEARCH_QUERY_MAX, SearchQuery } from '../../../contracts/search.ts';
import { searchCards } from '../../search/service.ts';
import { format } from '../../strings/index.ts';
import { askInSlack } from './ask.ts';
import { cardsMessage, signInMessage, textMessage } from './blocks.ts';
import { SLACK } from './constants.ts';
import { slackActor } from './people.ts';
import { replyPrivately } from './reply.ts';
import type { SlackWork } from './work.ts';

/** The fields of a slash command's form that the work needs. */
export type SlashCommand = { text: string; user_id: string; channel_id: string };

export async function runCommand(w: SlackWork, command: SlashCommand): Promise<void> {
  const text = command.text.trim();
  const [first, ...rest] = text.split(/\s+/);
  const reply = (m: Parameters<typeof replyPrivately>[3]) => replyPrivately(w.client, command.channel_id, command.user_id, m);
  const actor = await slackActor(w.deps.db, w.client, w.inst, command.user_id);
  // Help is no content: unmapped users get it too (in English, having no language of theirs).
  if (!text || first.toLowerCase() === 'help') return reply(textMessage(format(actor?.language, 'slack.help')));
  if (!actor) return reply(signInMessage('en', w.deps.config.APP_URL));
  if (first.toLowerCase() === 'ask') return askInSlack(w, actor, command, rest.join(' '));
  const params = SearchQuery.parse({ query: text.slice(0, SEARCH_QUERY_MAX), size: SLACK.commandCards, sort: 'relevance' });
  const found = await searchCards({ db: w.deps.db, engine: w.deps.engine, logger: w.deps.logger }, actor.viewer, params, { correct: false });
  await reply(cardsMessage(actor.language, w.deps.config.APP_URL, text, found.results, found.nr_results));
}
