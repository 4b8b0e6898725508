// How things look in Slack (Block Kit): a published intel item and a digest posted to a channel, the cards that
// answer `/rivalscope <words>`, Ask's answer, an unfurled product link, and the sign-in prompt. Text the product or
// its users wrote is escaped for Slack's mrkdwn, so nobody's words become a mention or a link.
import type { AnswerSource } from '../../../contracts/ask.ts';
import type { CardResult } from '../../../contracts/search.ts';
import { htmlToText } from '../../../server-shared/htmlText.ts';
import { format } from '../../strings/index.ts';
import type { DigestPost, IntelPost } from '../senders.ts';
import { SLACK } from './constants.ts';

export type Block = Record<string, unknown>;
export type SlackMessage = { text: string; blocks: Block[] };

/** Escapes what mrkdwn reads as markup (&, <, >). */
export const mrkdwn = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const clip = (text: string, chars: number) => (text.length > chars ? `${text.slice(0, chars - 1).trimEnd()}…` : text);

/** A search highlight (HTML with <em> around matches) as mrkdwn with the matches in bold. */
export function highlightToMrkdwn(html: string): string {
  const marked = htmlToText(html.replace(/<em>/g, '\u0001').replace(/<\/em>/g, '\u0002'));
  return mrkdwn(marked).replace(/\u0001/g, '*').replace(/\u0002/g, '*');
}

const link = (url: string, label: string) => `<${url}|${mrkdwn(label).replace(/\|/g, '¦')}>`;
const section = (text: string): Block => ({ type: 'section', text: { type: 'mrkdwn', text: clip(text, SLACK.sectionChars) } });
const context = (text: string): Block => ({ type: 'context', elements: [{ type: 'mrkdwn', text: clip(text, SLACK.sectionChars) }] });
const header = (text: string): Block => ({ type: 'header', text: { type: 'plain_text', text: clip(text, 150), emoji: false } });
const button = (text: string, url: string, actionId: string): Block => ({ type: 'button', text: { type: 'plain_text', text }, url, action_id: actionId });

export function intelMessage(item: IntelPost, lang: string): SlackMessage {
  const facts = [
    item.rivals.length ? format(lang, 'slack.rivals', { rivals: item.rivals.map((r) => r.name).join(', ') }) : null,
    item.priority ? format(lang, 'slack.priority', { priority: item.priority }) : null,
    item.topics.length ? item.topics.join(' · ') : null,
  ].filter((f): f is string => f !== null);
  const buttons = [button(format(lang, 'slack.openInProduct'), item.url, 'open_intel')];
  if (item.sourceUrl) buttons.push(button(format(lang, 'slack.source'), item.sourceUrl, 'open_source'));
  return {
    text: item.title,
    blocks: [
      header(item.title),
      ...(item.summary ? [section(mrkdwn(clip(item.summary, SLACK.snippetChars * 3)))] : []),
      ...(facts.length ? [context(mrkdwn(facts.join('  |  ')))] : []),
      { type: 'actions', elements: buttons },
    ],
  };
}

/** The digest's first items (a message holds 50 blocks at most), then a link to all of it. */
export function digestMessage(digest: DigestPost, lang: string): SlackMessage {
  const shown = digest.items.slice(0, 20);
  return {
    text: digest.title,
    blocks: [
      header(digest.title),
      context(format(lang, 'slack.digestItems', { count: digest.items.length })),
      ...shown.map((i) =>
        section(`*${link(i.url, i.title)}*${i.rivals.length ? `  _${mrkdwn(i.rivals.join(', '))}_` : ''}\n${mrkdwn(clip(i.summary, SLACK.snippetChars))}`),
      ),
      { type: 'actions', elements: [button(format(lang, 'slack.openInProduct'), digest.url, 'open_digest')] },
    ],
  };
}

export const cardUrl = (appUrl: string, c: { id: number; profileId: number }) => new URL(`/profile/${c.profileId}?viewCard=${c.id}`, appUrl).toString();

export function cardsMessage(lang: string, appUrl: string, query: string, cards: CardResult[], total: number): SlackMessage {
  if (!cards.length) return { text: format(lang, 'slack.noCards', { query }), blocks: [section(mrkdwn(format(lang, 'slack.noCards', { query })))] };
  const more = total - cards.length;
  const searchUrl = new URL(`/search/${encodeURIComponent(query)}`, appUrl).toString();
  return {
    text: format(lang, 'slack.cardsFor', { query }),
    blocks: [
      section(`*${mrkdwn(format(lang, 'slack.cardsFor', { query }))}*`),
      ...cards.map((c) => {
        const url = cardUrl(appUrl, { id: c.id, profileId: c.profile.id });
        const snippet = c.snippetHtml ? `\n${clip(highlightToMrkdwn(c.snippetHtml), SLACK.snippetChars)}` : '';
        return { ...section(`*${link(url, c.data.name)}*  ·  ${mrkdwn(c.rival.name)}${snippet}`), accessory: button(format(lang, 'slack.open'), url, `open_card_${c.id}`) };
      }),
      context(link(searchUrl, more > 0 ? format(lang, 'slack.moreCards', { count: more }) : format(lang, 'slack.searchInProduct'))),
    ],
  };
}

/** Ask's answer so far; with its sources once it is done. */
export function answerMessage(lang: string, appUrl: string, question: string, text: string, done: { sources: AnswerSource[]; fallback: boolean } | null): SlackMessage {
  const title = format(lang, done ? 'slack.answerFor' : 'slack.asking', { question });
  const sources = done?.sources.map((s) => `[${s.ref}] ${s.url === null ? s.title : link(new URL(s.url, appUrl).toString(), s.title)}`) ?? [];
  return {
    text: clip(text || title, SLACK.sectionChars),
    blocks: [
      context(mrkdwn(title)),
      ...(text ? [section(mrkdwn(text))] : []),
      ...(sources.length ? [context(format(lang, 'slack.sources', { sources: sources.join('  ') }))] : []),
      ...(done?.fallback ? [context(mrkdwn(format(lang, 'slack.fallback')))] : []),
    ],
  };
}

export function textMessage(text: string): SlackMessage {
  return { text, blocks: [section(mrkdwn(text))] };
}

export function signInMessage(lang: string, appUrl: string): SlackMessage {
  const url = new URL('/account/signin', appUrl).toString();
  return {
    text: format(lang, 'slack.signIn'),
    blocks: [section(mrkdwn(format(lang, 'slack.signIn'))), { type: 'actions', elements: [button(format(lang, 'slack.signInButton'), url, 'sign_in')] }],
  };
}

/** An unfurled product link: what it is, its title, a snippet. */
export function previewAttachment(kind: string, title: string, snippet: string, url: string): { blocks: Block[] } {
  return {
    blocks: [context(mrkdwn(kind)), section(`*${link(url, title)}*${snippet ? `\n${mrkdwn(clip(snippet, SLACK.snippetChars))}` : ''}`)],
  };
}
