// The Teams outgoing webhook (POST /api/integrations/teams/messages): someone @mentions the webhook in a channel, Teams
// posts the message here signed with the shared secret the admin pasted when connecting (HMAC-SHA256 of the raw body,
// base64, in `Authorization: HMAC <signature>`), and the answer (within Teams' 5 seconds) is a message with the best
// cards for the words, searched as the person who asked would search in the product.
import crypto from 'node:crypto';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { SearchQuery } from '../../../contracts/search.ts';
import type { Db } from '../../../db/client.ts';
import { chatIntegrations, users } from '../../../db/schema.ts';
import type { SearchEngine } from '../../../engine/port.ts';
import { htmlToText } from '../../../server-shared/htmlText.ts';
import type { SecretBox } from '../../../server-shared/secretBox.ts';
import { loadActingUser, type Auth } from '../../auth/context.ts';
import { apiError } from '../../errors.ts';
import { searchCards } from '../../search/service.ts';
import { format } from '../../strings/index.ts';
import { viewerOf } from '../../visibility/index.ts';
import { adaptiveCard, openUrl, textBlock, workflowMessage } from './post.ts';

/** Cards an answer lists; the rest are a link away. */
const TEAMS_SEARCH_RESULTS = 5;

/** The parts of a Bot Framework activity this reads. */
export type TeamsActivity = {
  type?: string;
  text?: string;
  from?: { id?: string; name?: string; aadObjectId?: string; userPrincipalName?: string; email?: string };
};

export type TeamsReply = { type: 'message'; text?: string; attachments?: unknown[] };

export type MessageDeps = { db: Db; engine: SearchEngine; box: SecretBox; appUrl: string };

/** The signature Teams sends for `body` under a base64 shared secret. */
export const teamsSignature = (secretBase64: string, body: Buffer) => crypto.createHmac('sha256', Buffer.from(secretBase64, 'base64')).update(body).digest('base64');

function signatureMatches(secretBase64: string, body: Buffer, given: Buffer): boolean {
  const expected = Buffer.from(teamsSignature(secretBase64, body), 'base64');
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}

/**
 * The company whose outgoing webhook signed the body, or a 401. One URL serves every company and the activity names
 * no company we know, so each Teams connection with a secret is tried (constant-time each; few rows).
 */
async function signingCompany(deps: MessageDeps, authorization: string | undefined, body: Buffer): Promise<number> {
  const match = /^HMAC ([A-Za-z0-9+/]+={0,2})$/.exec(authorization?.trim() ?? '');
  if (!match) throw apiError('teams_signature_invalid');
  const given = Buffer.from(match[1], 'base64');
  const rows = await deps.db
    .select({ companyId: chatIntegrations.companyId, secret: chatIntegrations.signingSecretSealed })
    .from(chatIntegrations)
    .where(and(eq(chatIntegrations.provider, 'teams'), eq(chatIntegrations.state, 'connected'), isNotNull(chatIntegrations.signingSecretSealed)));
  const signer = rows.find((r) => signatureMatches(deps.box.open(r.secret!), body, given));
  if (!signer) throw apiError('teams_signature_invalid');
  return signer.companyId;
}

/**
 * The product user who wrote the message. Teams identifies them by their Entra object id (from.aadObjectId), which
 * only Microsoft Graph can turn into an address, and an outgoing webhook has no Graph credentials. So a person is
 * matched by the email or UPN when the activity carries one (some tenants' activities do), against the active users
 * of the signing company; otherwise nobody is, and the answer is a sign-in link rather than any content.
 */
async function askerOf(db: Db, companyId: number, activity: TeamsActivity): Promise<Auth | null> {
  const address = (activity.from?.email ?? activity.from?.userPrincipalName ?? '').trim().toLowerCase();
  if (!address.includes('@')) return null;
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), sql`lower(${users.email}) = ${address}`, isNull(users.deactivatedAt)));
  return user ? loadActingUser(db, user.id, companyId) : null;
}

/** The words asked: the message's text without the bot's @mention and the HTML Teams wraps it in. */
export const queryOf = (activity: TeamsActivity) =>
  htmlToText((activity.text ?? '').replace(/<at>[\s\S]*?<\/at>/gi, ' '))
    .replace(/\s+/g, ' ')
    .trim();

export async function answerTeamsMessage(deps: MessageDeps, authorization: string | undefined, rawBody: Buffer): Promise<TeamsReply> {
  const companyId = await signingCompany(deps, authorization, rawBody);
  let activity: TeamsActivity;
  try {
    activity = JSON.parse(rawBody.toString('utf8')) as TeamsActivity;
  } catch {
    throw apiError('malformed_json');
  }
  const base = deps.appUrl.replace(/\/+$/, '');
  const asker = await askerOf(deps.db, companyId, activity);
  if (!asker) return { type: 'message', text: format('en', 'teams.search.signIn', { url: `${base}/account/signin` }) };
  const t = (key: Parameters<typeof format>[1], values?: Record<string, string>) => format(asker.user.language, key, values);

  const query = queryOf(activity).slice(0, 500);
  if (!query) return { type: 'message', text: t('teams.search.empty') };
  const params = SearchQuery.parse({ query, sort: 'relevance', size: String(TEAMS_SEARCH_RESULTS) });
  const found = await searchCards({ db: deps.db, engine: deps.engine }, viewerOf(asker), params, { correct: false });
  if (!found.results.length) return { type: 'message', text: t('teams.search.none', { query }) };
  const card = adaptiveCard(
    [
      textBlock(t('teams.search.results', { query }), { size: 'Medium', weight: 'Bolder' }),
      ...found.results.map((c) => ({
        type: 'Container',
        separator: true,
        selectAction: openUrl(t('teams.search.openCard'), `${base}/profile/${c.board.profileId || c.profile.id}?viewCard=${c.id}`),
        items: [
          textBlock(c.data.name, { weight: 'Bolder', color: 'Accent' }),
          textBlock(`${c.rival.name} · ${c.board.name}`, { isSubtle: true, spacing: 'None' }),
          ...(c.snippetHtml ? [textBlock(htmlToText(c.snippetHtml), { maxLines: 3 })] : []),
        ],
      })),
    ],
    [openUrl(t('teams.search.moreResults'), `${base}/search/${encodeURIComponent(query)}`)],
  );
  return workflowMessage(card);
}
