// Posting to a Teams channel through its Workflows webhook (the "Post to a channel when a webhook request is received"
// workflow): an Adaptive Card 1.5 of a published intel item or a digest, wrapped as the workflow expects, sent by the
// one outbound client, and what Teams answered mapped to a PostResult. Office 365 connectors are retired; their URLs
// never get here (webhookUrl.ts refuses them).
import { format } from '../../strings/index.ts';
import type { OutboundClient } from '../../outbound/client.ts';
import { OutboundError } from '../../outbound/errors.ts';
import type { ChatSender, DigestPost, IntelPost, PostResult } from '../senders.ts';

export const ADAPTIVE_CARD_VERSION = '1.5';
/** A digest's card lists this many items and says how many more the digest holds. */
const DIGEST_ITEMS_SHOWN = 10;
/** Channel posts have no reader: they go out in English (strings/en/teams.ts). */
const CHANNEL_LANGUAGE = 'en';

export type AdaptiveElement = Record<string, unknown>;
export type AdaptiveCard = { type: 'AdaptiveCard'; $schema: string; version: string; body: AdaptiveElement[]; actions?: AdaptiveElement[] };

export const adaptiveCard = (body: AdaptiveElement[], actions: AdaptiveElement[]): AdaptiveCard => ({
  type: 'AdaptiveCard',
  $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
  version: ADAPTIVE_CARD_VERSION,
  body,
  ...(actions.length ? { actions } : {}),
});

export const textBlock = (text: string, style: AdaptiveElement = {}): AdaptiveElement => ({ type: 'TextBlock', text, wrap: true, ...style });
export const openUrl = (title: string, url: string): AdaptiveElement => ({ type: 'Action.OpenUrl', title, url });

/** The message a Workflows webhook takes: the card as the one attachment. */
export const workflowMessage = (card: AdaptiveCard) => ({
  type: 'message' as const,
  attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', contentUrl: null, content: card }],
});

const t = (key: Parameters<typeof format>[1], values?: Record<string, string | number>) => format(CHANNEL_LANGUAGE, key, values);

export function intelCard(item: IntelPost): AdaptiveCard {
  const facts = [
    item.rivals.length ? { title: t('teams.rivals'), value: item.rivals.map((r) => r.name).join(', ') } : null,
    item.priority ? { title: t('teams.priority'), value: priorityWords(item.priority) } : null,
    item.topics.length ? { title: t('teams.topics'), value: item.topics.join(', ') } : null,
  ].filter((f) => f !== null);
  return adaptiveCard(
    [
      textBlock(t('teams.newIntel'), { size: 'Small', weight: 'Bolder', color: 'Accent' }),
      textBlock(item.title, { size: 'Large', weight: 'Bolder', spacing: 'None' }),
      ...(item.summary ? [textBlock(item.summary)] : []),
      ...(facts.length ? [{ type: 'FactSet', facts }] : []),
    ],
    [openUrl(t('teams.openItem'), item.url), ...(item.sourceUrl ? [openUrl(t('teams.openSource'), item.sourceUrl)] : [])],
  );
}

export function digestCard(digest: DigestPost): AdaptiveCard {
  const shown = digest.items.slice(0, DIGEST_ITEMS_SHOWN);
  const more = digest.items.length - shown.length;
  return adaptiveCard(
    [
      textBlock(t('teams.digest'), { size: 'Small', weight: 'Bolder', color: 'Accent' }),
      textBlock(digest.title, { size: 'Large', weight: 'Bolder', spacing: 'None' }),
      ...shown.map((item) => ({
        type: 'Container',
        separator: true,
        // The whole item opens it: a Markdown link would break on a title holding brackets.
        selectAction: openUrl(item.title, item.url),
        items: [
          textBlock(item.title, { weight: 'Bolder', color: 'Accent' }),
          ...(item.summary ? [textBlock(item.summary, { isSubtle: true, maxLines: 3 })] : []),
          ...(item.rivals.length ? [{ type: 'FactSet', facts: [{ title: t('teams.rivals'), value: item.rivals.join(', ') }] }] : []),
        ],
      })),
      ...(more > 0 ? [textBlock(t('teams.moreItems', { count: more }), { isSubtle: true })] : []),
    ],
    [openUrl(t('teams.openDigest'), digest.url)],
  );
}

function priorityWords(priority: string): string {
  return priority === 'important' || priority === 'interesting' ? t(`teams.priorities.${priority}`) : priority;
}

/** Seconds to wait from a Retry-After header (delta-seconds or an HTTP date), or undefined when it says nothing usable. */
export function retryAfterSeconds(header: string | undefined, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** What a failed post means for the delivery: 404 and 410 say the workflow is gone, so retrying cannot help. */
export function failedPost(err: unknown): PostResult {
  if (!(err instanceof OutboundError)) throw err;
  const statusCode = err.status ?? null;
  if (statusCode === 404 || statusCode === 410) {
    return { ok: false, statusCode, permanent: true, error: `${err.message}: the workflow behind this webhook was deleted or turned off; create it again and update the routing rule` };
  }
  if (statusCode === 429) return { ok: false, statusCode, error: `${err.message}: Teams asks to slow down`, retryAfterSeconds: retryAfterSeconds(err.retryAfter) };
  // Refused by the outbound rules (the URL, its addresses): the rule must change, not the timing.
  const permanent = ['scheme', 'credentials', 'address'].includes(err.reason) || undefined;
  return { ok: false, statusCode, error: err.message, ...(permanent ? { permanent } : {}) };
}

/** The Teams sender the dispatcher and the "Send a test message" button use. */
export function teamsSender(deps: { outbound: OutboundClient }): ChatSender {
  return async (post) => {
    if (!post.route.webhookUrl) return { ok: false, statusCode: null, permanent: true, error: 'The routing rule has no Workflows webhook URL' };
    const card = post.subject.kind === 'intel' ? intelCard(post.subject) : digestCard(post.subject);
    try {
      const res = await deps.outbound.send(post.route.webhookUrl, {
        method: 'POST',
        body: JSON.stringify(workflowMessage(card)),
        headers: { 'content-type': 'application/json' },
      });
      return { ok: true, statusCode: res.status };
    } catch (err) {
      return failedPost(err);
    }
  };
}
