// Every /api and /scim/v2 route the server mounts, with what it takes and who may call it: the source of the OpenAPI document
// (search-api/openapi, served at /api/openapi.json and read at /api/docs) and of what an API token may call
// (search-api/auth/tokenAccess.ts). tests/integration/openapi.test.ts fails when the server mounts a route that is
// not here, or this lists one it does not mount.
//
// `access` says how a route is reached: `public` without signing in; `session` only from a signed-in browser (a
// token is refused with token_session_only); `token` with a session or any token; a token scope with a session or a
// token that has that scope (contracts/apiTokens.ts); `scim` only with the company's SCIM token, on /scim/v2. Roles still apply on top: a curators-only route answers 403 to
// a seller's token as it does to the seller.
import type { z } from 'zod';
import {
  FeatureFlagBody,
  ImpersonateBody,
  InvitationBody,
  PasswordChangeBody,
  PasswordResetBody,
  PasswordResetRequestBody,
  TwoFactorCodeBody,
  TwoFactorProofBody,
  TwoFactorRequirementBody,
  UserUpdateBody,
  UsersQuery,
} from './account.ts';
import { ApiTokenBody, type TokenScope } from './apiTokens.ts';
import { CrmConnectionBody, SfdcAccountQuery, SfdcOpportunitiesQuery, SfdcPersonQuery } from './deals.ts';
import { AskRequest, FeedbackBody, SessionsQuery, UsageEventBody } from './ask.ts';
import { BookmarkBody } from './bookmarks.ts';
import { CallImportQuery, CallListQuery, MentionQuery, PassageIntelBody, PassageSourceBody } from './calls.ts';
import { DealFilters, DealListQuery, DealMappingBody, WinLossReasonBody, WinLossReportQuery } from './deals.ts';
import { InterviewBody, InterviewListQuery, PassageReviewBody, QuoteListQuery, SurveyAnswerBody, SurveyBody } from './winLoss.ts';
import {
  BattlecardCreate,
  BattlecardUpdate,
  BoardCreate,
  BoardDeleteQuery,
  BoardIdsBody,
  BoardsRearrange,
  BoardUpdate,
  CardBulkUpdate,
  CardCreate,
  CardIdsBody,
  CardUpdate,
  CardVersionQuery,
  FeedbackCreate,
  ProfileClone,
  ProfileUpdate,
  ProviderQuery,
  Rearrange,
  RivalCreate,
  SentimentUpdate,
  SourcesAdd,
  TagCreate,
  TagListQuery,
  TagsBulk,
} from './cards.ts';
import { DashboardDefaultsBody, DiscoverQuery } from './dashboard.ts';
import { DigestCreate, DigestItemAdd, DigestListQuery, DigestOrder, DigestUpdate, FavoriteInput, SendInput, UnfavoriteInput } from './digests.ts';
import { DynamicBoardBody, DynamicBoardChange, DynamicBoardResultsQuery, DynamicBoardsQuery } from './dynamicBoards.ts';
import {
  AspectListQuery,
  AspectPatchBody,
  InsightCardBody,
  InsightListQuery,
  InsightSourcesQuery,
  ReviewListQuery,
  ReviewPatchBody,
} from './insights.ts';
import { IntelBatchBody, IntelEditBody, IntelUpdate, IntelViewBody, SubmitIntelBody } from './intel.ts';
import { CuratedBody, OrganizationBody, ProductBody } from './landing.ts';
import { CrmHostsBody, ExtensionClipBody, ExtensionLookupQuery, ExtensionMentionsBody, RivalDomainsBody } from './extension.ts';
import { ChatRouteBody, ChatRoutePatch, DeliveriesQuery, TeamsConnectBody, WebhookBody, WebhookPatch } from './integrations.ts';
import { MonitorBody, MonitorChangesQuery, MonitorImportBody, MonitorPatch, MonitorPreviewBody, MonitorsQuery } from './monitors.ts';
import { FeedQuery, ProfileNewsQuery } from './news.ts';
import { NotificationsQuery } from './notifications.ts';
import { AuthoredQuery } from './people.ts';
import { ReportQuery } from './reports.ts';
import { RivalSearchQuery, SearchQuery, SuggestQuery } from './search.ts';
import {
  AskGroupsBody,
  AuditQuery,
  CompanyProfileBody,
  DigestDefaults,
  GroupMembersBody,
  GroupNameBody,
  GroupOrderBody,
  RivalGroupChange,
  UsageQuery,
} from './settings.ts';
import { ScimGroupBody, ScimPatchBody, ScimUserBody } from './scim.ts';
import { SignInMethodBody, SsoSettingsBody } from './sso.ts';
import { SynonymsBody, SynonymSuggestionsQuery } from './synonyms.ts';
import { CollectorBody } from './usage.ts';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
export type RouteAccess = 'public' | 'session' | 'token' | 'scim' | TokenScope;

export type ApiRoute = {
  method: HttpMethod;
  /** OpenAPI's form: `/api/cards/{id}.json`. */
  path: string;
  /** The area it belongs to, the OpenAPI tag. */
  tag: string;
  summary: string;
  access: RouteAccess;
  query?: z.ZodType;
  body?: z.ZodType;
};

type Io = { query?: z.ZodType; body?: z.ZodType };
type Entry = [method: HttpMethod, path: string, summary: string, access: RouteAccess, io?: Io];

/** One area's routes; a path ending in `(.json)` is mounted with and without `.json` (the spec names both). */
function area(tag: string, entries: Entry[]): ApiRoute[] {
  return entries.flatMap(([method, path, summary, access, io]) => {
    const paths = path.endsWith('(.json)') ? [path.slice(0, -7), `${path.slice(0, -7)}.json`] : [path];
    return paths.map((p) => ({ method, path: p, tag, summary, access, ...io }));
  });
}

export const API_ROUTES: ApiRoute[] = [
  ...area('Account', [
    ['get', '/api/session.json', 'The session: its idle and absolute timeouts', 'session'],
    ['get', '/api/users/me.json', 'The caller: name, roles, groups, language and company', 'token'],
    ['put', '/api/users/me.json', 'Switch one of the caller’s own feature flags', 'session', { body: FeatureFlagBody }],
    ['put', '/api/users/me/password.json', 'Change the caller’s password (ends their other sessions)', 'session', { body: PasswordChangeBody }],
    ['get', '/api/account/invitation/{token}.json', 'An invitation, to show on its page before it is accepted', 'public'],
    ['post', '/api/account/signin_method', 'Whether an email signs in with a password or its company’s identity provider (by its domain alone)', 'public', { body: SignInMethodBody }],
    ['post', '/api/account/password_resets', 'Mail a password reset link (202 whether or not the address has an account)', 'public', { body: PasswordResetRequestBody }],
    ['put', '/api/account/password_resets/{token}', 'Set a new password with a mailed link (ends every session of the account)', 'public', { body: PasswordResetBody }],
    ['get', '/api/account/two_factor', 'Whether the caller has two-step verification, and how many recovery codes are left', 'session'],
    ['post', '/api/account/two_factor/setup', 'Start two-step verification: a new secret waiting for its first code', 'session'],
    ['post', '/api/account/two_factor/confirm', 'Turn two-step verification on with a first code; the answer holds the recovery codes, once', 'session', { body: TwoFactorCodeBody }],
    ['delete', '/api/account/two_factor', 'Turn two-step verification off (a current code or the password)', 'session', { body: TwoFactorProofBody }],
    ['post', '/api/account/two_factor/recovery_codes', 'New recovery codes; the old ones stop working', 'session', { body: TwoFactorProofBody }],
    ['get', '/api/account/tokens', 'The caller’s API tokens', 'session'],
    ['post', '/api/account/tokens', 'Make an API token; the answer holds the token, once', 'session', { body: ApiTokenBody }],
    ['delete', '/api/account/tokens/{id}', 'Revoke an API token', 'session'],
    ['get', '/api/impersonate/users.json', 'People a staff member may impersonate', 'session'],
    ['post', '/api/impersonate', 'Start impersonating a person', 'session', { body: ImpersonateBody }],
    ['get', '/api/notifications.json', 'The caller’s notifications', 'session', { query: NotificationsQuery }],
    ['get', '/api/notifications/counts.json', 'Unread notification counts (polled)', 'session'],
    ['post', '/api/notifications/read_all', 'Mark every notification read', 'session'],
    ['post', '/api/notifications/{id}/read', 'Mark one notification read', 'session'],
    ['get', '/api/bookmarks.json', 'The caller’s bookmarks', 'cards:read'],
    ['post', '/api/bookmarks.json', 'Bookmark a page', 'admin', { body: BookmarkBody }],
    ['put', '/api/bookmarks/{id}', 'Rename or move a bookmark', 'admin', { body: BookmarkBody }],
    ['delete', '/api/bookmarks/{id}', 'Delete a bookmark', 'admin'],
    ['post', '/api/events(.json)', 'Record usage events from the web app', 'session', { body: CollectorBody }],
  ]),
  ...area('System', [
    ['get', '/api/health', 'Whether the server, database and search engine are up', 'public'],
    ['get', '/api/openapi.json', 'This document (OpenAPI 3.1)', 'public'],
    ['get', '/api/docs', 'This document as a page to read', 'public'],
  ]),
  ...area('Company', [
    ['get', '/api/company.json', 'The company: profile, feature flags, defaults', 'cards:read'],
    ['put', '/api/company.json', 'Switch a company feature flag (admins)', 'admin', { body: FeatureFlagBody }],
    ['put', '/api/company/profile.json', 'Change the company’s name and logo (admins)', 'admin', { body: CompanyProfileBody }],
    ['put', '/api/company/ask_groups.json', 'Choose the visibility groups Ask answers (admins)', 'admin', { body: AskGroupsBody }],
    ['put', '/api/company/digest_defaults.json', 'Set the company’s digest defaults (admins)', 'admin', { body: DigestDefaults }],
    ['get', '/api/company/tokens', 'Every API token of the company (admins)', 'session'],
    ['get', '/api/company/sso', 'The company’s single sign-on settings, without the client secret (admins)', 'session'],
    ['put', '/api/company/sso', 'Set up single sign-on with OpenID Connect or SAML (admins)', 'session', { body: SsoSettingsBody }],
    ['delete', '/api/company/sso', 'Turn single sign-on off (admins)', 'session'],
    ['put', '/api/company/two_factor.json', 'Require two-step verification for password sign-ins (admins)', 'session', { body: TwoFactorRequirementBody }],
    ['get', '/api/company/scim_token', 'The company’s SCIM token: its prefix and when it was made and last used (admins)', 'session'],
    ['post', '/api/company/scim_token', 'Make or replace the company’s SCIM token; the answer holds it, once (admins)', 'session'],
    ['delete', '/api/company/scim_token', 'Revoke the company’s SCIM token (admins)', 'session'],
    ['get', '/api/company/synonyms.json', 'The company’s search synonyms', 'admin'],
    ['get', '/api/company/synonyms/suggestions.json', 'Synonyms suggested from the company’s words', 'admin', { query: SynonymSuggestionsQuery }],
    ['put', '/api/company/synonyms.json', 'Replace the company’s search synonyms', 'admin', { body: SynonymsBody }],
    ['delete', '/api/company/synonyms.json', 'Remove every company search synonym', 'admin'],
    ['get', '/api/audit.json', 'The audit log (admins)', 'admin', { query: AuditQuery }],
  ]),
  ...area('People', [
    ['get', '/api/users.json', 'People of the company (admins)', 'admin', { query: UsersQuery }],
    ['get', '/api/users/{id}.json', 'A person', 'admin'],
    ['put', '/api/users/{id}.json', 'Change a person’s name, role or groups (admins)', 'admin', { body: UserUpdateBody }],
    ['post', '/api/users/{id}/deactivate.json', 'Deactivate a person (ends their sessions; their API tokens stop working)', 'admin'],
    ['post', '/api/users/{id}/reactivate.json', 'Reactivate a person', 'admin'],
    ['get', '/api/users/{id}/cards.json', 'Cards a person wrote', 'cards:read', { query: AuthoredQuery }],
    ['get', '/api/users/{id}/intel.json', 'Intel a person submitted (curators)', 'intel:read', { query: AuthoredQuery }],
    ['get', '/api/invitations.json', 'Open invitations (admins)', 'admin'],
    ['post', '/api/invitations.json', 'Invite a person by email (admins)', 'admin', { body: InvitationBody }],
    ['post', '/api/invitations/{id}/link.json', 'A fresh link for an invitation (admins)', 'admin'],
    ['delete', '/api/invitations/{id}.json', 'Revoke an invitation (admins)', 'admin'],
    ['get', '/api/visibility_groups.json', 'Visibility groups', 'admin', { query: UsageQuery }],
    ['post', '/api/visibility_groups.json', 'Make a visibility group (admins)', 'admin', { body: GroupNameBody }],
    ['put', '/api/visibility_groups/order.json', 'Reorder the visibility groups (admins)', 'admin', { body: GroupOrderBody }],
    ['get', '/api/visibility_groups/{id}.json', 'A visibility group', 'admin'],
    ['put', '/api/visibility_groups/{id}.json', 'Rename a visibility group (admins)', 'admin', { body: GroupNameBody }],
    ['delete', '/api/visibility_groups/{id}.json', 'Delete a visibility group (admins)', 'admin'],
    ['get', '/api/visibility_groups/{id}/members.json', 'Members of a visibility group (admins)', 'admin'],
    ['put', '/api/visibility_groups/{id}/members.json', 'Add and remove members of a visibility group (admins)', 'admin', { body: GroupMembersBody }],
  ]),
  ...area('Search', [
    ['get', '/api/search.json', 'Unified search over cards, intel (curators) and deals (readers of win/loss)', 'cards:read', { query: SearchQuery }],
    ['get', '/api/suggest.json', 'Suggestions as the reader types', 'cards:read', { query: SuggestQuery }],
    ['get', '/api/rivals/search.json', 'Rivals by name', 'cards:read', { query: RivalSearchQuery }],
  ]),
  ...area('Rivals', [
    ['get', '/api/rivals.json', 'Rivals', 'cards:read'],
    ['get', '/api/seller_rivals.json', 'Rivals a seller follows', 'cards:read'],
    ['post', '/api/rivals.json', 'Add a rival (curators)', 'admin', { body: RivalCreate }],
    ['delete', '/api/rivals/{id}(.json)', 'Delete a rival (curators)', 'admin'],
    ['get', '/api/job_statuses/{id}.json', 'The state of a long job', 'cards:read'],
    ['get', '/api/rival_groups.json', 'Rival groups', 'cards:read'],
    ['post', '/api/rival_groups.json', 'Make a rival group (curators)', 'admin', { body: GroupNameBody }],
    ['put', '/api/rival_groups/order.json', 'Reorder the rival groups (curators)', 'admin', { body: GroupOrderBody }],
    ['put', '/api/rival_groups/{id}(.json)', 'Rename a rival group, add or remove rivals (curators)', 'admin', { body: RivalGroupChange }],
    ['delete', '/api/rival_groups/{id}(.json)', 'Delete a rival group (curators)', 'admin'],
    ['get', '/api/profiles/{id}.json', 'A rival’s profile', 'cards:read'],
    ['put', '/api/profiles/{id}(.json)', 'Change a profile’s settings (curators)', 'admin', { body: ProfileUpdate }],
    ['post', '/api/profiles/{id}.json', 'Copy boards from another profile (curators)', 'admin', { body: ProfileClone }],
    ['get', '/api/favorited_companies.json', 'The caller’s favourite rivals', 'cards:read'],
    ['post', '/api/rivals/{rivalId}/favorite.json', 'Favourite a rival', 'admin'],
    ['post', '/api/rivals/{rivalId}/unfavorite.json', 'Stop favouriting a rival', 'admin'],
    ['put', '/api/dashboard/defaults.json', 'Set the dashboard’s default rivals (curators)', 'admin', { body: DashboardDefaultsBody }],
    ['get', '/api/discover/companies.json', 'Rivals to discover', 'cards:read', { query: DiscoverQuery }],
  ]),
  ...area('Boards and cards', [
    ['get', '/api/rivals/{id}/boards.json', 'A rival’s boards', 'cards:read'],
    ['post', '/api/boards.json', 'Make a board (curators)', 'admin', { body: BoardCreate }],
    ['delete', '/api/boards.json', 'Delete several boards (curators)', 'admin', { body: BoardIdsBody }],
    ['put', '/api/boards/{id}.json', 'Change a board (curators)', 'admin', { body: BoardUpdate }],
    ['delete', '/api/boards/{id}.json', 'Delete a board (curators)', 'admin', { query: BoardDeleteQuery }],
    ['get', '/api/boards/{id}/cards.json', 'A board’s cards', 'cards:read'],
    ['put', '/api/boards/{id}/cards/rearrange.json', 'Reorder a board’s cards (curators)', 'admin', { body: Rearrange }],
    ['put', '/api/profiles/{id}/boards/rearrange.json', 'Reorder a profile’s boards (curators)', 'admin', { body: BoardsRearrange }],
    ['post', '/api/cards.json', 'Write a card (curators)', 'admin', { query: CardVersionQuery, body: CardCreate }],
    ['put', '/api/cards.json', 'Change several cards at once (curators)', 'admin', { query: CardVersionQuery, body: CardBulkUpdate }],
    ['delete', '/api/cards.json', 'Delete several cards (curators)', 'admin', { body: CardIdsBody }],
    ['put', '/api/cards/tags.json', 'Tag several cards (curators)', 'admin', { body: TagsBulk }],
    ['get', '/api/cards/{id}.json', 'A card', 'cards:read'],
    ['put', '/api/cards/{id}.json', 'Change a card (curators)', 'admin', { body: CardUpdate }],
    ['delete', '/api/cards/{id}.json', 'Delete a card (curators)', 'admin'],
    ['post', '/api/cards/{id}/duplicate.json', 'Duplicate a card (curators)', 'admin'],
    ['get', '/api/cards/{id}/sources.json', 'A card’s sources', 'cards:read'],
    ['post', '/api/cards/{id}/sources', 'Add sources to a card (curators)', 'admin', { body: SourcesAdd }],
    ['delete', '/api/cards/{cardId}/sources/{id}', 'Remove a card’s source (curators)', 'admin'],
    ['put', '/api/cards/{id}/sentiment.json', 'Rate a card', 'admin', { body: SentimentUpdate }],
    ['post', '/api/cards/{id}/comments', 'Leave feedback on a card', 'admin', { body: FeedbackCreate }],
    ['get', '/api/cards/{id}/comments.json', 'Feedback on a card', 'cards:read'],
    ['get', '/api/cards/{id}/follow.json', 'Whether the caller follows a card', 'cards:read'],
    ['put', '/api/cards/{id}/follow.json', 'Follow a card', 'admin'],
    ['delete', '/api/cards/{id}/follow.json', 'Stop following a card', 'admin'],
    ['get', '/api/providers/{provider}.json', 'Data from a card provider (CRM, web)', 'cards:read', { query: ProviderQuery }],
    ['get', '/api/tags.json', 'Tags', 'cards:read', { query: TagListQuery }],
    ['get', '/api/tags/{id}.json', 'A tag', 'cards:read'],
    ['post', '/api/tags.json', 'Make a tag (curators)', 'admin', { body: TagCreate }],
    ['get', '/api/dynamic_boards(.json)', 'Dynamic boards', 'cards:read', { query: DynamicBoardsQuery }],
    ['post', '/api/dynamic_boards(.json)', 'Make a dynamic board', 'admin', { body: DynamicBoardBody }],
    ['get', '/api/dynamic_boards/{id}.json', 'A dynamic board and its results', 'cards:read', { query: DynamicBoardResultsQuery }],
    ['put', '/api/dynamic_boards/{id}(.json)', 'Change a dynamic board', 'admin', { body: DynamicBoardChange }],
    ['delete', '/api/dynamic_boards/{id}(.json)', 'Delete a dynamic board', 'admin'],
  ]),
  ...area('Battlecards', [
    ['get', '/api/battlecards.json', 'Battlecards', 'cards:read'],
    ['get', '/api/battlecards/{id}/cards.json', 'A battlecard’s cards', 'cards:read'],
    ['post', '/api/profiles/{id}/battlecards.json', 'Make a battlecard (curators)', 'admin', { body: BattlecardCreate }],
    ['put', '/api/battlecards/{id}.json', 'Change a battlecard (curators)', 'admin', { body: BattlecardUpdate }],
    ['delete', '/api/battlecards/{id}.json', 'Delete a battlecard (curators)', 'admin'],
  ]),
  ...area('Landing pages', [
    ['get', '/api/overviews/{rivalId}/landing_page.json', 'A rival’s landing page', 'cards:read'],
    ['get', '/api/profiles/{profileId}/landing_page.json', 'A profile’s landing page', 'cards:read'],
    ['post', '/api/landing_pages/{id}.json', 'Write every section of a landing page again (curators)', 'admin'],
    ['get', '/api/profiles/{profileId}/update_summaries', 'What’s new about a rival in the last 30 days', 'cards:read'],
    ['post', '/api/profiles/{profileId}/share.json', 'Count a copied share link', 'admin'],
    ['put', '/api/profiles/{profileId}/landing_page/curated/{sectionType}', 'Choose the cards of a curated section (curators)', 'admin', { body: CuratedBody }],
    ['post', '/api/organizations', 'Set up the company’s own organization (admins)', 'admin', { body: OrganizationBody }],
    ['get', '/api/organizations/{organizationId}/products', 'The own organization’s products', 'cards:read'],
    ['post', '/api/organizations/{organizationId}/products', 'Add a product (curators)', 'admin', { body: ProductBody }],
    ['put', '/api/organizations/{organizationId}/products/{id}', 'Rename a product (curators)', 'admin', { body: ProductBody }],
    ['delete', '/api/organizations/{organizationId}/products/{id}', 'Delete a product (curators)', 'admin'],
  ]),
  ...area('News', [
    ['get', '/api/feed.json', 'News about the rivals', 'cards:read', { query: FeedQuery }],
    ['get', '/api/feed/topics.json', 'Topics of the news', 'cards:read'],
    ['get', '/api/feed/{id}.json', 'A news story', 'cards:read'],
    ['get', '/api/profiles/{id}/news.json', 'News about one rival', 'cards:read', { query: ProfileNewsQuery }],
    ['get', '/api/news/unread.json', 'How much news the caller has not read', 'cards:read'],
    ['get', '/api/profiles/{id}/updated.json', 'Cards of a profile updated lately', 'cards:read'],
  ]),
  ...area('Intel', [
    ['post', '/api/alerts.json', 'Submit intel', 'intel:submit', { body: SubmitIntelBody }],
    ['get', '/api/intel/v1', 'The intel feed (filters, search, sort, paging)', 'intel:read'],
    ['get', '/api/intel/v1/count', 'How many intel items match', 'intel:read'],
    ['get', '/api/intel/v1/topics', 'Topics of intel', 'intel:read'],
    ['get', '/api/intel/v1/{intelId}', 'An intel item', 'intel:read'],
    ['get', '/api/intel/v1/{intelId}/attachments/{attachmentId}', 'A file attached to intel that came by email', 'intel:read'],
    ['patch', '/api/intel/v1', 'Change every intel item that matches a filter (a job)', 'intel:manage'],
    ['post', '/api/intel/v1/batch', 'Change a list of intel items', 'intel:manage', { body: IntelBatchBody }],
    ['get', '/api/intel/v1/jobs/{jobId}', 'The state of a bulk intel job', 'intel:read'],
    ['post', '/api/intel/v1/jobs/{jobId}/cancel', 'Cancel a bulk intel job', 'intel:manage'],
    ['patch', '/api/intel/v1/{intelId}', 'Triage an intel item: state, rivals, topics, priority', 'intel:manage', { body: IntelUpdate }],
    ['put', '/api/intel/{intelId}', 'Edit an intel item’s title, summary and sources', 'intel:manage', { body: IntelEditBody }],
    ['delete', '/api/intel/v1/{intelId}/rival/{rivalId}', 'Take a rival off an intel item', 'intel:manage'],
    ['post', '/api/intel/v1/{intelId}/unpublish', 'Unpublish an intel item', 'intel:manage'],
    ['post', '/api/intel/v1/{intelId}/summarize', 'Summarize an intel item with the language model', 'intel:manage'],
    ['get', '/api/intel/v1/views', 'Saved views of the feed', 'intel:read'],
    ['post', '/api/intel/v1/views', 'Save a view of the feed', 'intel:manage', { body: IntelViewBody }],
    ['put', '/api/intel/v1/views/{viewId}', 'Change a saved view', 'intel:manage', { body: IntelViewBody }],
    ['delete', '/api/intel/v1/views/{viewId}', 'Delete a saved view', 'intel:manage'],
  ]),
  ...area('Monitors', [
    ['get', '/api/monitors', 'Monitors of rivals’ pages and feeds (curators)', 'intel:manage', { query: MonitorsQuery }],
    ['post', '/api/monitors', 'Add a monitor (curators)', 'intel:manage', { body: MonitorBody }],
    ['post', '/api/monitors/preview', 'Fetch a page or feed once, saving nothing (curators)', 'intel:manage', { body: MonitorPreviewBody }],
    ['post', '/api/monitors/import', 'Add feed monitors from an OPML file (curators)', 'intel:manage', { body: MonitorImportBody }],
    ['get', '/api/monitors/inbox', 'The company’s address for intel by email (curators)', 'intel:manage'],
    ['get', '/api/monitors/{id}', 'A monitor (curators)', 'intel:manage'],
    ['patch', '/api/monitors/{id}', 'Change a monitor (curators)', 'intel:manage', { body: MonitorPatch }],
    ['delete', '/api/monitors/{id}', 'Delete a monitor (curators)', 'intel:manage'],
    ['post', '/api/monitors/{id}/check', 'Check a monitor now (curators)', 'intel:manage'],
    ['get', '/api/monitors/{id}/changes', 'What a monitor saw change (curators)', 'intel:manage', { query: MonitorChangesQuery }],
  ]),
  ...area('Webhooks', [
    ['get', '/api/webhooks', 'Webhook endpoints of the company (admins)', 'admin'],
    ['post', '/api/webhooks', 'Add a webhook endpoint; the answer holds its signing secret, once (admins)', 'admin', { body: WebhookBody }],
    ['get', '/api/webhooks/{id}', 'A webhook endpoint (admins)', 'admin'],
    ['patch', '/api/webhooks/{id}', 'Change a webhook endpoint; enabling it again clears its failures (admins)', 'admin', { body: WebhookPatch }],
    ['delete', '/api/webhooks/{id}', 'Remove a webhook endpoint (admins)', 'admin'],
    ['get', '/api/webhooks/{id}/deliveries', 'What was sent to a webhook endpoint, newest first (admins)', 'admin', { query: DeliveriesQuery }],
    ['post', '/api/webhooks/{id}/test', 'Send a ping event to a webhook endpoint now (admins)', 'admin'],
  ]),
  ...area('Integrations', [
    ['get', '/api/integrations', 'What is connected: Slack, Microsoft Teams and (admins) webhooks', 'token'],
    ['put', '/api/integrations/teams', 'Connect Microsoft Teams, or change its outgoing webhook secret (admins)', 'admin', { body: TeamsConnectBody }],
    ['delete', '/api/integrations/teams', 'Disconnect Microsoft Teams and delete its routing rules (admins)', 'admin'],
    ['post', '/api/integrations/teams/messages', 'A message to the Teams outgoing webhook, HMAC-signed; answers the best cards', 'public'],
    ['get', '/api/integrations/{provider}/routes', 'Routing rules of Slack or Teams (admins)', 'admin'],
    ['post', '/api/integrations/{provider}/routes', 'Add a routing rule (admins)', 'admin', { body: ChatRouteBody }],
    ['patch', '/api/integrations/routes/{id}', 'Change a routing rule (admins)', 'admin', { body: ChatRoutePatch }],
    ['delete', '/api/integrations/routes/{id}', 'Delete a routing rule (admins)', 'admin'],
    ['post', '/api/integrations/routes/{id}/test', 'Post a test message through a routing rule now (admins)', 'admin'],
    ['get', '/api/integrations/routes/{id}/deliveries', 'What a routing rule posted, newest first (admins)', 'admin', { query: DeliveriesQuery }],
  ]),
  ...area('Browser extension', [
    ['get', '/api/extension/config.json', 'Where the extension shows badges: rival domains and CRM hosts', 'extension'],
    ['get', '/api/extension/lookup.json', 'The rival whose website a page is on, with its battlecards and summary', 'extension', { query: ExtensionLookupQuery }],
    ['post', '/api/extension/mentions.json', 'The rivals a CRM page names, with their battlecards and summaries', 'extension', { body: ExtensionMentionsBody }],
    ['post', '/api/extension/clips.json', 'Send a page, link or selection to the intel feed (channel extension)', 'extension', { body: ExtensionClipBody }],
    ['get', '/api/extension/sites.json', 'Every rival’s website domains and the CRM hosts (curators)', 'cards:read'],
    ['put', '/api/extension/crm_hosts.json', 'Change the CRM hosts where the extension looks for rivals (curators)', 'intel:manage', { body: CrmHostsBody }],
    ['put', '/api/rivals/{id}/domains.json', 'Change a rival’s website domains (curators)', 'intel:manage', { body: RivalDomainsBody }],
  ]),
  ...area('Digests', [
    ['get', '/api/email_digests.json', 'Digests', 'admin', { query: DigestListQuery }],
    ['post', '/api/email_digests.json', 'Make a digest', 'admin', { body: DigestCreate }],
    ['get', '/api/email_digests/{id}.json', 'A digest', 'admin'],
    ['put', '/api/email_digests/{id}.json', 'Change a digest', 'admin', { body: DigestUpdate }],
    ['delete', '/api/email_digests/{id}.json', 'Delete a digest', 'admin'],
    ['put', '/api/email_digests/{id}/order.json', 'Reorder a digest’s items', 'admin', { body: DigestOrder }],
    ['post', '/api/email_digests/{id}/items.json', 'Add an item to a digest', 'admin', { body: DigestItemAdd }],
    ['get', '/api/email_digests/{id}/preview.html', 'A digest as its mail reads', 'admin'],
    ['post', '/api/email_digests/{id}/send.json', 'Send a digest', 'admin', { body: SendInput }],
    ['post', '/api/posts/{id}/favorite.json', 'Put intel into the next digest', 'admin', { body: FavoriteInput }],
    ['post', '/api/posts/{id}/unfavorite.json', 'Take intel out of the next digest', 'admin', { body: UnfavoriteInput }],
    ['get', '/api/r/{token}/open.gif', 'A digest mail was opened (tracking pixel)', 'public'],
    ['get', '/api/r/{token}/{target}', 'A link in a digest mail was followed (redirect)', 'public'],
  ]),
  ...area('Ask', [
    ['post', '/api/ask/answers', 'Ask a question; the answer streams from its stream URL', 'cards:read', { body: AskRequest }],
    ['get', '/api/ask/answers/{id}/stream', 'An answer as server-sent events', 'cards:read'],
    ['post', '/api/ask/answers/{id}/feedback', 'Rate an answer', 'cards:read', { body: FeedbackBody }],
    ['post', '/api/ask/events', 'Record that Ask was used', 'session', { body: UsageEventBody }],
    ['get', '/api/ask/sessions', 'The caller’s earlier questions', 'cards:read', { query: SessionsQuery }],
    ['get', '/api/ask/sessions/{id}', 'One of the caller’s conversations', 'cards:read'],
    ['get', '/api/ask/prompts', 'Suggested questions', 'cards:read'],
    ['get', '/api/ask/visibility-groups', 'The visibility groups Ask answers', 'cards:read'],
  ]),
  ...area('Review insights', [
    ['get', '/api/insights/v2/insights/supported-rivals', 'Rivals with review insights (curators)', 'cards:read'],
    ['get', '/api/insights/v2/insights/supported-rivals/{rivalId}', 'A rival’s review insights (curators)', 'cards:read', { query: InsightListQuery }],
    ['get', '/api/insights/v2/insights/{insightId}/supported-rivals/{rivalId}/sources', 'Reviews behind an insight (curators)', 'cards:read', { query: InsightSourcesQuery }],
    ['post', '/api/insights/v2/insights/supported-rivals/{rivalId}/card', 'Make a card from an insight (curators)', 'admin', { body: InsightCardBody }],
    ['get', '/api/insights/v2/insights/supported-rivals/{rivalId}/card', 'The insight card of a rival (curators)', 'cards:read'],
    ['post', '/api/insights/v2/insights/supported-rivals/{rivalId}/generate', 'Analyse a rival’s reviews again (curators)', 'admin'],
    ['get', '/api/insights/v2/reviews/supported-rivals/{rivalId}', 'A rival’s reviews (curators)', 'cards:read', { query: ReviewListQuery }],
    ['post', '/api/insights/v2/reviews/imports', 'Import reviews from a CSV or JSON file (curators)', 'admin'],
    ['get', '/api/insights/v2/reviews/imports/{importId}', 'The state of a review import (curators)', 'cards:read'],
    ['patch', '/api/insights/v2/reviews/{reviewId}', 'Bookmark a review (curators)', 'admin', { body: ReviewPatchBody }],
    ['get', '/api/insights/v2/aspects/supported-rivals/{rivalId}', 'Aspects reviewers speak of (curators)', 'cards:read', { query: AspectListQuery }],
    ['patch', '/api/insights/v2/aspects/{aspectId}', 'Rename, merge or hide an aspect (curators)', 'admin', { body: AspectPatchBody }],
    ['get', '/api/insights/v2/aspects/{aspectId}/summary', 'What reviewers say of an aspect (curators)', 'cards:read'],
  ]),
  ...area('Deals and win/loss', [
    ['get', '/api/deals', 'Deals from the CRM, filtered and paged (win/loss readers)', 'cards:read', { query: DealListQuery }],
    ['get', '/api/deals/competitive.json', 'Your open deals that name a rival, with their battlecards', 'cards:read'],
    ['get', '/api/deals/{id}', 'A deal with its rivals and reasons', 'cards:read'],
    ['post', '/api/deals/imports', 'Import deals from a CSV file (curators)', 'admin'],
    ['post', '/api/deals/imports/preview', 'The headers, first rows and suggested mapping of a CSV file (curators)', 'admin'],
    ['get', '/api/deals/imports/{id}', 'The state of a deal import', 'cards:read'],
    ['get', '/api/deals/mappings', 'Saved CSV mappings', 'cards:read'],
    ['post', '/api/deals/mappings', 'Save a CSV mapping (curators)', 'admin', { body: DealMappingBody }],
    ['put', '/api/deals/mappings/{id}', 'Change a CSV mapping (curators)', 'admin', { body: DealMappingBody }],
    ['delete', '/api/deals/mappings/{id}', 'Delete a CSV mapping (curators)', 'admin'],
    ['get', '/api/win-loss/reasons', 'The win and loss reason taxonomy', 'cards:read'],
    ['post', '/api/win-loss/reasons', 'Add a win or loss reason (curators)', 'admin', { body: WinLossReasonBody }],
    ['get', '/api/win-loss/facets.json', 'The values of the win/loss filters', 'cards:read'],
    ['get', '/api/win-loss/overview.json', 'Win rate, by rival, by quarter, and the top reasons', 'cards:read', { query: DealFilters }],
    ['get', '/api/win-loss/reports.json', 'Win rates by a dimension', 'cards:read', { query: WinLossReportQuery }],
    ['get', '/api/win-loss/interviews', 'Win/loss interviews, latest first; words searched in their transcripts', 'cards:read', { query: InterviewListQuery }],
    ['post', '/api/win-loss/interviews', 'Add an interview of a deal (curators)', 'admin', { body: InterviewBody }],
    ['get', '/api/win-loss/interviews/{id}', 'An interview with its passages, their sentiment and reasons', 'cards:read'],
    ['delete', '/api/win-loss/interviews/{id}', 'Delete an interview; its reasons leave the deal (curators)', 'admin'],
    ['post', '/api/win-loss/interviews/{id}/transcript', "Upload an interview's transcript as the body (?format, ?fileName), analysed (curators)", 'admin'],
    ['put', '/api/win-loss/interviews/{id}/passages/{seq}', "Confirm or change a passage's reasons and quote it (curators)", 'admin', { body: PassageReviewBody }],
    ['get', '/api/win-loss/quotes', 'The quote library of interview passages', 'cards:read', { query: QuoteListQuery }],
    ['get', '/api/win-loss/surveys', 'Win/loss surveys with their health, newest first', 'cards:read'],
    ['post', '/api/win-loss/surveys', 'Create a survey, a draft (curators)', 'admin', { body: SurveyBody }],
    ['get', '/api/win-loss/surveys/health.json', 'The survey program’s health: contacts mailed, links opened, answers', 'cards:read'],
    ['get', '/api/win-loss/surveys/{id}', 'A survey with its questions and contacts', 'cards:read'],
    ['put', '/api/win-loss/surveys/{id}', 'Change a draft survey, or add contacts to a sent one (curators)', 'admin', { body: SurveyBody }],
    ['delete', '/api/win-loss/surveys/{id}', 'Delete a survey and its answers (curators)', 'admin'],
    ['post', '/api/win-loss/surveys/{id}/send', 'Mail the survey to every contact not mailed yet (curators)', 'admin'],
    ['get', '/api/win-loss/p/{token}', 'A survey as its contact’s mailed link opens it (no session)', 'public'],
    ['post', '/api/win-loss/p/{token}', 'Answer a survey with a contact’s mailed link, once (no session)', 'public', { body: SurveyAnswerBody }],
  ]),
  ...area('Call insights', [
    ['get', '/api/call-insights/calls', 'Sales calls, latest first, or those whose transcripts say the words asked (curators)', 'cards:read', { query: CallListQuery }],
    ['get', '/api/call-insights/calls/{id}', 'A call with its passages and the rivals each names (curators)', 'cards:read'],
    ['post', '/api/call-insights/imports', "Import a call recorder's export: one WebVTT or SRT call, or JSON calls (curators)", 'admin', { query: CallImportQuery }],
    ['get', '/api/call-insights/overview.json', 'Mentions and objections per rival (curators)', 'cards:read', { query: MentionQuery.pick({ from: true, to: true }) }],
    ['get', '/api/call-insights/mentions', 'A rival in calls: mentions over time, objections, reps, passages (curators)', 'cards:read', { query: MentionQuery }],
    ['post', '/api/call-insights/calls/{id}/passages/{seq}/intel', 'Turn a passage into an intel item of channel call (curators)', 'admin', { body: PassageIntelBody }],
    ['post', '/api/call-insights/calls/{id}/passages/{seq}/source', "Add a passage to a card's sources (curators)", 'admin', { body: PassageSourceBody }],
  ]),
  ...area('SCIM provisioning', [
    ['get', '/scim/v2/ServiceProviderConfig', 'What this SCIM service supports (RFC 7643 §5)', 'scim'],
    ['get', '/scim/v2/ResourceTypes', 'The resource types: User and Group', 'scim'],
    ['get', '/scim/v2/ResourceTypes/{name}', 'One resource type', 'scim'],
    ['get', '/scim/v2/Schemas', 'The schemas of users and groups', 'scim'],
    ['get', '/scim/v2/Schemas/{urn}', 'One schema', 'scim'],
    ['get', '/scim/v2/Users', 'People, filtered and paged as RFC 7644 §3.4.2 says', 'scim'],
    ['post', '/scim/v2/Users', 'Provision a person', 'scim', { body: ScimUserBody }],
    ['get', '/scim/v2/Users/{id}', 'A person', 'scim'],
    ['put', '/scim/v2/Users/{id}', 'Replace a person’s attributes (active false deactivates)', 'scim', { body: ScimUserBody }],
    ['patch', '/scim/v2/Users/{id}', 'Change a person’s attributes with PATCH operations', 'scim', { body: ScimPatchBody }],
    ['delete', '/scim/v2/Users/{id}', 'Deactivate a person (their sessions end at once)', 'scim'],
    ['get', '/scim/v2/Groups', 'Visibility groups, filtered and paged', 'scim'],
    ['post', '/scim/v2/Groups', 'Make a visibility group', 'scim', { body: ScimGroupBody }],
    ['get', '/scim/v2/Groups/{id}', 'A visibility group with its members', 'scim'],
    ['put', '/scim/v2/Groups/{id}', 'Replace a visibility group’s name and members', 'scim', { body: ScimGroupBody }],
    ['patch', '/scim/v2/Groups/{id}', 'Add or remove members, or rename, with PATCH operations', 'scim', { body: ScimPatchBody }],
    ['delete', '/scim/v2/Groups/{id}', 'Delete a visibility group', 'scim'],
  ]),
  ...area('Slack', [
    ['get', '/api/integrations/slack/install', 'Install the Slack app: redirects to Slack’s OAuth v2 authorize page with a signed state (admins)', 'session'],
    ['get', '/api/integrations/slack/callback', 'Where Slack returns after the install: stores the installation, redirects to /integrations (admins)', 'session'],
    ['delete', '/api/integrations/slack', 'Disconnect Slack: revokes the bot token and forgets the installation (admins)', 'session'],
    ['get', '/api/integrations/slack/channels', 'The Slack channels the app may post to (admins)', 'session'],
    ['post', '/api/integrations/slack/commands', 'Slack-signed: the `/rivalscope` slash command (answered in Slack)', 'public'],
    ['post', '/api/integrations/slack/interactivity', 'Slack-signed: the “Send to Rivalscope” message shortcut', 'public'],
    ['post', '/api/integrations/slack/events', 'Slack-signed: url_verification, link_shared (unfurls), app_uninstalled and tokens_revoked', 'public'],
  ]),
  ...area('Salesforce', [
    ['get', '/api/integrations/salesforce', 'The Salesforce connection: state, settings (never the secret), last sync (admins)', 'admin'],
    ['put', '/api/integrations/salesforce', 'Save the Salesforce settings: login URL, connected app, competitor source (admins)', 'admin', { body: CrmConnectionBody }],
    ['delete', '/api/integrations/salesforce', 'Disconnect Salesforce: drops the tokens; synced deals stay (admins)', 'admin'],
    ['post', '/api/integrations/salesforce/authorize', 'Start connecting: Salesforce’s authorize URL with a state bound to this admin and browser (admins)', 'session'],
    ['get', '/api/integrations/salesforce/callback', 'Where Salesforce returns: exchanges the code, stores the tokens sealed, redirects to /integrations (admins)', 'session'],
    ['post', '/api/integrations/salesforce/sync', 'Queue an incremental sync of users, accounts, opportunities and competitors (admins)', 'admin'],
    ['get', '/api/providers/sfdc/instance', 'Whether the company has a working Salesforce instance', 'cards:read'],
    ['get', '/api/providers/sfdc/opportunities', 'A rival’s opportunities of the last 6 months: won, lost, win rate, open, average amount', 'cards:read', { query: SfdcOpportunitiesQuery }],
    ['get', '/api/providers/sfdc/person', 'A Salesforce user by email and their open deals', 'cards:read', { query: SfdcPersonQuery }],
    ['get', '/api/providers/sfdc/account', 'A Salesforce account by id or name, with its deals', 'cards:read', { query: SfdcAccountQuery }],
  ]),
  ...area('Reports', [
    ['get', '/api/reports.json', 'Reports the caller may open', 'admin', { query: ReportQuery }],
    ['get', '/api/reports/{id}/{type}.json', 'A report', 'admin'],
    ['get', '/api/reports/{id}/{type}.csv', 'A report as CSV', 'admin'],
    ['get', '/api/reports/{id}/{type}/{drill}.json', 'A report’s drill-down', 'admin'],
    ['get', '/api/reports/{id}/{type}/{drill}.csv', 'A report’s drill-down as CSV', 'admin'],
    ['get', '/api/reports/{id}/{type}/user/{userId}.json', 'A report about one person', 'admin'],
    ['get', '/api/reports/{id}/{type}/user/{userId}.csv', 'A report about one person as CSV', 'admin'],
  ]),
];
