/**
 * The API's error answers: each a stable code the server sends beside its message (`{ error, code, params?,
 * details?, requestId }`), the status it answers with, and the message in English, an ICU message whose arguments
 * are the answer's `params`. The server writes `error` from here (search-api/errors.ts), word for word the spec's
 * and the API's messages; the web words the same code in its reader's language (web/src/api/errorText.ts, strings in
 * web/src/i18n/locales/<language>/errors.ts, whose test fails on a code without wording).
 *
 * `field`, where given, is the short wording of the answer's `details` entries ({ field, message }) that a form
 * shows beside the field it names; its arguments are among the message's.
 *
 * Messages name their arguments plainly (`{name}`): no plural or select, so the type below reads them.
 */
import { PROVIDER_ERRORS, SOURCE_ERRORS } from './cards.ts';

type Entry = { status: number; message: string; field?: string };

export const API_ERRORS = {
  // The HTTP layer: sign-in, CSRF, bodies, the search engine and the database.
  sign_in_required: { status: 401, message: 'You need to sign in or sign up before continuing' },
  csrf_invalid: { status: 403, message: 'Invalid or missing CSRF token' },
  invalid_input: { status: 400, message: 'Invalid {where}: {field} {problem}' },
  invalid_id: { status: 400, message: 'Invalid {name}: must be a positive integer' },
  nul_characters: { status: 400, message: 'Text must not contain NUL characters' },
  malformed_json: { status: 400, message: 'Malformed JSON body' },
  body_too_large: { status: 413, message: 'Request body too large' },
  invalid_search: { status: 400, message: 'Invalid search: {reason}' },
  search_unavailable: { status: 503, message: 'Search is unavailable right now. Please try again in a moment.' },
  database_unavailable: { status: 503, message: 'The database is unavailable. Please try again in a moment.' },
  internal_error: { status: 500, message: 'Internal server error' },
  no_api_route: { status: 404, message: 'No API route for {method} {path}' },
  token_invalid: { status: 401, message: 'The API token is unknown, revoked or expired' },
  token_scope_missing: { status: 403, message: 'This API token lacks the {scope} scope this call needs' },
  token_session_only: { status: 403, message: 'This call needs a signed-in session; API tokens cannot make it' },
  token_too_many: { status: 429, message: 'Too many requests with this API token. Try again in {seconds} seconds.' },

  // Things that are not there (or that the reader may not see).
  answer_not_found: { status: 404, message: 'Answer not found' },
  aspect_not_found: { status: 404, message: 'Aspect not found' },
  battlecard_not_found: { status: 404, message: 'Battlecard not found' },
  board_not_found: { status: 404, message: 'Board not found' },
  bookmark_not_found: { status: 404, message: 'Bookmark not found' },
  card_not_found: { status: 404, message: 'Card not found' },
  cards_not_found: { status: 404, message: 'One of the cards not found' },
  company_not_found: { status: 404, message: 'Company not found' },
  digest_not_found: { status: 404, message: 'Digest not found' },
  dynamic_board_not_found: { status: 404, message: 'Dynamic board not found' },
  import_not_found: { status: 404, message: 'Import not found' },
  insight_not_found: { status: 404, message: 'Insight not found' },
  intel_item_not_found: { status: 404, message: 'Intel item not found' },
  intel_rival_not_found: { status: 404, message: 'Rival of this intel item not found' },
  invitation_not_found: { status: 404, message: 'Invitation not found' },
  job_not_found: { status: 404, message: 'Job not found' },
  link_not_found: { status: 404, message: 'Link not found' },
  notification_not_found: { status: 404, message: 'Notification not found' },
  organization_not_found: { status: 404, message: 'Organization not found' },
  post_not_found: { status: 404, message: 'Post not found' },
  product_not_found: { status: 404, message: 'Product not found' },
  profile_not_found: { status: 404, message: 'Profile not found' },
  report_not_found: { status: 404, message: 'Report not found' },
  review_not_found: { status: 404, message: 'Review not found' },
  rival_not_found: { status: 404, message: 'Rival not found' },
  rival_group_not_found: { status: 404, message: 'Rival group not found' },
  saved_view_not_found: { status: 404, message: 'Saved view not found' },
  session_not_found: { status: 404, message: 'Session not found' },
  source_profile_not_found: { status: 404, message: 'Source profile not found' },
  supported_rival_not_found: { status: 404, message: 'Supported rival not found' },
  tag_not_found: { status: 404, message: 'Tag not found' },
  user_not_found: { status: 404, message: 'User not found' },
  api_token_not_found: { status: 404, message: 'API token not found' },
  visibility_group_not_found: { status: 404, message: 'Visibility group not found' },

  // Who may do what.
  curators_only: { status: 403, message: 'Only curators and admins can do this' },
  admins_only: { status: 403, message: 'Only admins can do this' },
  token_admin_scope_admins_only: { status: 403, message: 'Only admins can give a token the admin scope' },
  admins_change_users: { status: 403, message: 'Only admins can change other users' },
  admins_change_roles: { status: 403, message: 'Only admins can change roles and groups' },
  research_curators_only: { status: 403, message: 'Research mode is for curators' },
  intel_search_curators_only: { status: 403, message: 'Only curators can search intel' },
  insights_curators_only: { status: 403, message: 'Only curators and admins can read review insights' },
  win_loss_off: { status: 403, message: 'Win/loss is not on for you' },
  digests_role_only: { status: 403, message: 'Digests are limited to holders of the {role} role in your company' },
  report_not_allowed: { status: 403, message: 'You are not allowed to open this report' },
  saved_view_owner_only: { status: 403, message: 'Only the owner of a saved view can change it' },
  usage_events_own_only: { status: 403, message: 'events.{index}.userId: events can only be sent as yourself' },
  card_sentiment_disabled: { status: 403, message: 'Card sentiment is not enabled for this company' },
  card_feedback_disabled: { status: 403, message: 'Card feedback is disabled for this company' },
  feed_disabled: { status: 403, message: 'The feed is not enabled for your company' },
  favorites_disabled: { status: 403, message: 'Favorites are not enabled for your company' },

  // Signing in, passwords and impersonation.
  sign_in_failed: { status: 401, message: 'Invalid email or password' },
  sign_in_too_many: { status: 429, message: 'Too many sign-in attempts. Try again in {seconds} seconds.' },
  sign_in_cross_site: { status: 403, message: 'Cross-site sign-in refused' },
  account_deactivated: { status: 403, message: 'This account has been deactivated. Ask an admin of your company to reactivate it.' },
  authenticity_token_invalid: { status: 403, message: 'Invalid or missing authenticity token' },
  sign_out_method: { status: 400, message: '_method must be DELETE' },
  password_too_many: { status: 429, message: 'Too many wrong passwords. Try again in {seconds} seconds.' },
  password_wrong: { status: 400, message: 'Invalid body: currentPassword is not your current password', field: 'is not your current password' },
  password_unchanged: { status: 400, message: 'Invalid body: newPassword must differ from the current password', field: 'must differ from the current password' },
  password_while_impersonating: { status: 403, message: 'You cannot change the password of an account you are impersonating' },
  password_reset_too_many: { status: 429, message: 'Too many password reset requests. Try again in {seconds} seconds.' },
  password_reset_unknown: { status: 404, message: 'This password reset link is not valid. It may have been replaced by a newer one: ask for a new link.' },
  password_reset_expired: { status: 410, message: 'This password reset link has expired. Ask for a new link.' },
  password_reset_used: { status: 410, message: 'This password reset link has already been used. Ask for a new link if you need one.' },
  two_factor_failed: { status: 401, message: 'Invalid verification code' },
  two_factor_too_many: { status: 429, message: 'Too many verification codes tried. Try again in {seconds} seconds.' },
  two_factor_sign_in_expired: { status: 401, message: 'This sign-in has expired. Sign in again with your email and password.' },
  two_factor_code_wrong: { status: 400, message: 'Invalid body: code is not a valid verification code', field: 'is not a valid verification code' },
  two_factor_enabled_already: { status: 409, message: 'Two-step verification is already on' },
  two_factor_not_enabled: { status: 409, message: 'Two-step verification is not on' },
  two_factor_setup_missing: { status: 409, message: 'No two-step verification setup is waiting for confirmation: start the setup again' },
  two_factor_while_impersonating: { status: 403, message: 'You cannot change the two-step verification of an account you are impersonating' },
  two_factor_enrollment_required: { status: 403, message: 'Set up two-step verification before continuing: your company requires it' },
  impersonate_staff_only: { status: 403, message: 'Only staff who can impersonate may do this' },
  impersonate_self: { status: 400, message: 'You cannot impersonate yourself' },
  impersonate_deactivated: { status: 400, message: 'This account is deactivated; reactivate it to impersonate it' },
  impersonating_nobody: { status: 400, message: 'You are not impersonating anyone' },
  impersonator_lost: { status: 403, message: 'The impersonating account can no longer impersonate' },

  // Single sign-on (contracts/sso.ts): its settings, and sign-ins through a company's identity provider.
  sso_domain_taken: { status: 409, message: 'The domain {domain} already signs in through another company', field: 'already signs in through another company' },
  sso_metadata_invalid: { status: 400, message: 'Invalid body: saml.metadataXml is not usable identity provider metadata ({reason})', field: 'is not usable identity provider metadata ({reason})' },
  sso_issuer_unreachable: { status: 400, message: 'Invalid body: oidc.issuer could not be discovered ({reason})', field: 'could not be discovered ({reason})' },
  sso_client_secret_required: { status: 400, message: 'Invalid body: oidc.clientSecret is required', field: 'is required' },
  sso_break_glass_invalid: { status: 400, message: 'Invalid body: breakGlassUserId must be an active admin of your company', field: 'must be an active admin of your company' },
  sso_not_configured: { status: 404, message: 'Single sign-on is not set up for this address' },
  sso_required: { status: 403, message: 'Your company signs in with single sign-on; passwords are turned off' },
  sso_state_invalid: { status: 400, message: 'This single sign-on attempt expired or was started elsewhere. Please try again.' },
  sso_failed: { status: 401, message: 'Your identity provider’s answer could not be verified. Please try again.' },
  sso_replayed: { status: 401, message: 'This sign-in answer was already used. Please sign in again.' },
  sso_email_missing: { status: 401, message: 'Your identity provider did not send an email address' },
  sso_email_other_company: { status: 403, message: 'This email address belongs to an account of another company' },

  // Slack (contracts/integrations.ts): installing it, and requests Slack sends.
  slack_not_installable: { status: 404, message: 'Slack is not set up on this server (SLACK_CLIENT_ID and SLACK_CLIENT_SECRET)' },
  slack_not_connected: { status: 404, message: 'Slack is not connected' },
  slack_state_invalid: { status: 400, message: 'This Slack installation expired or was started by someone else. Please start it again.' },
  sfdc_no_instance: { status: 409, message: 'No Salesforce instance is connected for your company' },
  sfdc_api_failure: { status: 409, message: 'The Salesforce connection failed; an admin can reconnect it on the Integrations page' },
  sfdc_client_secret_required: { status: 400, message: 'Invalid body: clientSecret is required', field: 'is required' },
  sfdc_login_url_refused: { status: 400, message: 'Invalid body: loginUrl cannot be reached ({reason})', field: 'cannot be reached ({reason})' },
  crm_person_not_found: { status: 404, message: 'No Salesforce user has this email address' },
  crm_account_not_found: { status: 404, message: 'Salesforce account not found' },
  slack_signature_invalid: { status: 401, message: 'The request is not signed by Slack, is too old or was already received' },
  slack_unavailable: { status: 502, message: 'Slack did not answer as expected ({reason})' },

  // People, invitations, groups and settings.
  last_admin_demoted: {
    status: 400,
    message: '{name} is the last active admin of the company and cannot be demoted; make someone else an admin first',
    field: 'would leave the company without an active admin',
  },
  last_admin_deactivated: {
    status: 400,
    message: '{name} is the last active admin of the company and cannot be deactivated; make someone else an admin first',
    field: 'would leave the company without an active admin',
  },
  invitation_email_domain: { status: 400, message: 'Invalid body: email must be an address at {domains}', field: 'must be an address at {domains}' },
  invitation_email_taken: { status: 400, message: 'Invalid body: email already has a Rivalscope account', field: 'already has a Rivalscope account' },
  invitation_email_pending: {
    status: 400,
    message: 'Invalid body: email already has a pending invitation: copy a new link for it or revoke it',
    field: 'already has a pending invitation: copy a new link for it or revoke it',
  },
  invitation_expired: { status: 410, message: 'This invitation has expired. Ask an admin of your company for a new link.' },
  invitation_revoked: { status: 410, message: 'This invitation was withdrawn. Ask an admin of your company if you still need an account.' },
  invitation_used: { status: 410, message: 'This invitation has already been used. Sign in with the account it created.' },
  visibility_group_taken: { status: 400, message: 'Invalid body: name "{name}" is already a visibility group', field: 'is already taken' },
  visibility_group_unknown: { status: 400, message: 'Invalid visibilityGroupIds: unknown group {id}', field: 'unknown group {id}' },
  rival_group_taken: { status: 400, message: 'Invalid body: name "{name}" is already a rival group', field: 'is already taken' },
  active_group_unknown: { status: 400, message: 'Invalid body: activeGroupId is not a rival group of this company' },
  ids_unknown: { status: 400, message: 'Invalid body: {field} has unknown id {id}', field: 'unknown id {id}' },
  ids_twice: { status: 400, message: 'Invalid body: ids lists an id twice', field: 'lists an id twice' },
  ids_not_each_group: { status: 400, message: 'Invalid body: ids must list each of the groups exactly once', field: 'must list each group exactly once' },
  user_setting_unknown: { status: 400, message: 'Invalid featureFlag: {setting} is not a user setting' },
  feature_flag_invalid: { status: 400, message: 'Invalid featureFlag: {path}' },
  feature_flag_not_object: { status: 400, message: 'Invalid featureFlag: {path} passes through a value that is not an object' },
  feature_flag_unknown: { status: 400, message: 'Invalid featureFlag: {flag} is not a feature flag' },
  feature_flag_unavailable: { status: 400, message: 'Invalid featureFlag: {flag} belongs to an area that is not available yet' },
  feature_flag_value: { status: 400, message: 'Invalid value for featureFlag {path}' },
  usage_not_stored: { status: 503, message: 'Usage events could not be stored; send them again' },

  // Rivals, profiles, lanes, cards and battlecards.
  products_unknown: { status: 400, message: 'Invalid body: products {ids} are not products of your organization', field: 'unknown products' },
  product_taken: { status: 409, message: 'A product named "{name}" already exists', field: 'already exists' },
  own_organization_exists: { status: 409, message: 'Your company already has its own organization', field: 'already exists' },
  clone_same_profile: { status: 400, message: 'Invalid body: id must be another profile', field: 'must be another profile' },
  lane_taken: { status: 400, message: 'Invalid body: name "{name}" is already a lane of this profile', field: 'is already a lane of this profile' },
  lane_card_foreign: { status: 400, message: "Invalid body: cardIds.{index} is not a card of this profile's lanes", field: "is not a card of this profile's lanes" },
  board_foreign: { status: 400, message: 'Invalid body: boardIds.{index} is not a board of this profile', field: 'is not a board of this profile' },
  board_missing: { status: 400, message: 'Invalid body: boardIds misses board {id} of this profile', field: 'misses board {id} of this profile' },
  move_cards_target: {
    status: 400,
    message: 'Invalid query: moveCardsTo must be another board of the same profile',
    field: 'must be another board of the same profile',
  },
  card_same_lane: { status: 400, message: 'Invalid body: boardId must differ from the current lane', field: 'must differ from the current lane' },
  battlecard_card_foreign: {
    status: 400,
    message: 'Invalid body: cardData.{layout} has card {card}, which is not on this profile',
    field: 'card {card} is not on this profile',
  },
  formula_unknown: { status: 400, message: PROVIDER_ERRORS.unknownFormula, field: PROVIDER_ERRORS.unknownFormula },
  company_identifier_invalid: { status: 400, message: PROVIDER_ERRORS.invalidCompany },
  source_url_invalid: { status: 400, message: SOURCE_ERRORS.invalidUrl, field: SOURCE_ERRORS.invalidUrl },
  source_delete_failed: { status: 404, message: SOURCE_ERRORS.deleteFailed },
  tag_taken: { status: 409, message: 'A tag named "{name}" already exists', field: 'already exists' },
  bookmark_taken: { status: 400, message: 'Invalid body: url is already bookmarked as "{name}"', field: 'already bookmarked' },
  bookmarks_full: { status: 400, message: 'Invalid body: you can keep at most {max} bookmarks', field: 'too many bookmarks' },
  landing_cards_foreign: { status: 400, message: 'Invalid body: cardIds {ids} are not cards of this profile', field: 'not cards of this profile' },
  curated_section_type: { status: 400, message: 'Invalid sectionType: must be one of {types}' },

  // Intel, search dates, digests.
  intel_state_unknown: { status: 400, message: 'Invalid {where}: {field} is not an intel state ("{value}")', field: 'is not an intel state' },
  intel_priority_unknown: { status: 400, message: 'Invalid {where}: {field} is not a priority ("{value}")', field: 'is not a priority' },
  intel_ids_expected: { status: 400, message: 'Invalid {where}: {field} takes ids ("{value}")', field: 'takes ids' },
  intel_publish_state: {
    status: 400,
    message: 'Invalid {field}: publishing archives an item; state "{state}" contradicts publishIntel',
    field: 'contradicts publishIntel',
  },
  monitor_not_found: { status: 404, message: 'Monitor not found' },
  intel_attachment_not_found: { status: 404, message: 'Attachment not found' },
  monitor_url_refused: { status: 400, message: 'Invalid body: url cannot be monitored: {problem}', field: 'cannot be monitored: {problem}' },
  monitor_exists: { status: 400, message: 'Invalid body: url is already monitored as "{name}"', field: 'is already monitored as "{name}"' },
  monitor_unreadable: { status: 422, message: 'Could not read {url}: {problem}' },
  webhook_not_found: { status: 404, message: 'Webhook endpoint not found' },
  webhook_url_refused: { status: 400, message: 'Invalid body: url cannot receive webhooks: {problem}', field: 'cannot receive webhooks: {problem}' },
  webhooks_full: { status: 400, message: 'A company can have at most {max} webhook endpoints', field: 'at most {max} endpoints' },
  monitor_import_malformed: { status: 400, message: 'Invalid body: opml is not an OPML list of feeds ({problem})', field: 'is not an OPML list of feeds ({problem})' },
  intel_rival_unknown: { status: 400, message: 'Invalid {field}: unknown rival {id}', field: 'unknown rival {id}' },
  intel_ids_unknown: { status: 400, message: 'Invalid body: intelIds holds {id}, which is not an intel item', field: 'unknown intel item {id}' },
  intel_content_empty: { status: 400, message: 'Invalid body: item.content has no text once sanitized', field: 'no text' },
  intel_not_published: { status: 409, message: 'This intel item is not published' },
  date_malformed: { status: 400, message: 'Invalid {param}: "{value}" is not a date preset, date math or ISO date', field: 'malformed date' },
  date_unknown: { status: 400, message: 'Invalid {param}: use one of {presets}, date math like now-7d/d, or an ISO date', field: 'unknown date value' },
  digest_sent: { status: 409, message: 'This digest has been sent and can no longer be changed' },
  digest_post_order: { status: 400, message: 'Invalid postIds: must list every post of the digest exactly once' },
  digest_recipient_unknown: { status: 400, message: 'Invalid to: {email} is not a user of your company' },
  digest_empty: { status: 400, message: 'This digest has no published items to send; add some first' },
  digest_no_recipients: { status: 400, message: 'No one in your company receives email digests' },
  mail_not_configured: {
    status: 503,
    message: 'Mail is not set up on this server, so digests can only be previewed. An administrator can set up an outgoing mail server.',
  },
  mail_refused: { status: 502, message: 'The mail server did not accept the digest: {reason}' },

  // Reports, review insights.
  report_dates_invalid: { status: 400, message: 'from and to must be real dates' },
  report_date_range_unsupported: { status: 400, message: 'dateRange must be one of: {ranges}' },
  report_period_too_long: { status: 400, message: 'The period spans {days} days; a report covers at most {max}' },
  report_table_unknown: { status: 400, message: 'table must be one of: {tables}' },
  report_without_tables: { status: 400, message: 'table must be one of: (this report has no tables)' },
  aspect_merge_self: { status: 400, message: 'Invalid body: mergeInto must be another aspect', field: 'must be another aspect' },
  aspect_merge_other_rival: { status: 400, message: 'Invalid body: mergeInto must be an aspect of the same rival', field: 'must be an aspect of the same rival' },
  aspect_merge_merged: { status: 400, message: 'Invalid body: mergeInto is itself merged into another aspect', field: 'is merged into another aspect' },
  review_file_errors: { status: 400, message: 'The review file has {count} error(s); line {line}: {reason}' },
  review_file_field_errors: { status: 400, message: 'The review file has {count} error(s); line {line}, {column}: {reason}' },
  review_file_empty: { status: 400, message: 'The file has no reviews' },

  // Integrations (contracts/integrations.ts): Microsoft Teams and the routing rules of either chat.
  chat_route_not_found: { status: 404, message: 'Routing rule not found' },
  chat_not_connected: { status: 409, message: '{provider} is not connected; connect it first' },
  chat_routes_full: { status: 400, message: 'An integration has at most {max} routing rules' },
  chat_route_field_required: { status: 400, message: 'Invalid body: {field} is required for a {provider} routing rule', field: 'is required for {provider}' },
  chat_route_field_unused: { status: 400, message: 'Invalid body: {field} does not apply to a {provider} routing rule', field: 'does not apply to {provider}' },
  slack_channel_unknown: { status: 400, message: 'Invalid body: channelId: the bot cannot post to that channel', field: 'the bot cannot post to that channel' },
  teams_connector_retired: { status: 400, message: 'Invalid body: webhookUrl is an Office 365 connector URL, which Microsoft retired; create a Workflows webhook instead (the "Post to a channel when a webhook request is received" workflow) and paste its URL', field: 'is a retired Office 365 connector URL; create a Workflows webhook instead' },
  chat_webhook_url_refused: { status: 400, message: 'Invalid body: webhookUrl cannot be posted to: {problem}', field: 'cannot be posted to: {problem}' },
  teams_signature_invalid: { status: 401, message: 'The Teams signature is missing or does not match' },
  // The browser extension (contracts/extension.ts).
  extension_url_invalid: { status: 422, message: 'Invalid {field}: "{value}" is not a web page address (http or https)', field: 'is not a web page address' },
  extension_domain_invalid: { status: 422, message: 'Invalid body: domains.{index} "{value}" is not a domain', field: '"{value}" is not a domain' },
  extension_domain_taken: { status: 409, message: 'The domain {domain} is already a website of {rival}', field: 'is already a website of {rival}' },
  extension_crm_host_invalid: { status: 422, message: 'Invalid body: hosts.{index} "{value}" is not a host or *.domain', field: '"{value}" is not a host or *.domain' },
  extension_rival_unknown: { status: 422, message: 'Invalid body: rivalIds holds {id}, which is not a rival you can see', field: 'unknown rival {id}' },

  // Deals and win/loss (contracts/deals.ts).
  win_loss_exclusive: { status: 403, message: 'Your company uses Rivalscope for win/loss only: this part is not available' },
  deal_not_found: { status: 404, message: 'Deal not found' },
  deal_mapping_not_found: { status: 404, message: 'Mapping not found' },
  deal_mapping_name_taken: { status: 409, message: 'A mapping named {name} exists already' },
  win_loss_reason_taken: { status: 409, message: 'The {kind} reason {name} exists already' },
  bad_rows: { status: 400, message: 'The file has {count} bad rows; the first is line {line}, {field}: {problem}' },
  deal_file_empty: { status: 400, message: 'The file holds no deals' },

  // Win/loss surveys (contracts/winLoss.ts). The public page's codes say nothing of other surveys or of the product.
  survey_not_found: { status: 404, message: 'Survey not found. If you followed a link from an email, check that it is complete.' },
  survey_closed: { status: 410, message: 'This survey is closed: it has been answered already or its link has expired. Thank you for your time.' },
  survey_sent: { status: 409, message: 'This survey has been sent: only new recipients can be added to it' },
  survey_deal_not_closed: { status: 400, message: 'Invalid body: {field} must be a closed deal of your company', field: 'must be a closed deal of your company' },
  survey_recipient_twice: { status: 400, message: 'Invalid body: {field} names the same contact of the same deal twice', field: 'names the same contact of the same deal twice' },
  survey_no_recipients: { status: 400, message: 'Invalid body: recipients must hold at least one contact before the survey is sent', field: 'must hold at least one contact' },
  survey_answer_invalid: { status: 400, message: 'Invalid answer: {field} {problem}', field: '{problem}' },
  survey_mail_off: { status: 503, message: 'Mail is not set up on this server, so surveys cannot be sent. An administrator can set up an outgoing mail server.' },
  rate_limited: { status: 429, message: 'Too many requests. Try again in {seconds} seconds.' },
  // Transcripts (contracts/winLoss.ts) and call insights (contracts/calls.ts).
  transcript_unreadable: { status: 400, message: 'The transcript of {name} could not be read: {problem}' },
  transcript_too_large: { status: 413, message: 'The transcript of {name} is too large: {problem}' },
  call_not_found: { status: 404, message: 'Call not found' },
  call_passage_not_found: { status: 404, message: 'Passage of this call not found' },
  // Win/loss interviews (contracts/winLoss.ts).
  interview_not_found: { status: 404, message: 'Interview not found' },
  passage_not_found: { status: 404, message: 'Passage not found' },
  // The knowledge hub (contracts/knowledgeHub.ts).
  knowledge_hub_off: { status: 403, message: 'The knowledge hub is off for your company. An administrator can turn it on in the company settings.' },
  step_not_ready: { status: 409, message: 'The step {step} cannot be confirmed yet: {problem}' },
  knowledge_file_not_found: { status: 404, message: 'File not found' },
  file_type_unsupported: { status: 415, message: '{name} is not a file the knowledge hub reads: upload a PDF, Word, PowerPoint, Excel, text, Markdown, HTML or RTF file' },
  file_too_large: { status: 413, message: '{name} is too large: files may have at most {limit} MB' },
  positioning_not_found: { status: 404, message: 'Positioning statement not found' },
  positioning_draft_running: { status: 409, message: 'A positioning draft is being written already' },
  positioning_no_files: { status: 409, message: 'Upload and approve a file first: positioning is drafted from approved files' },
  variable_not_found: { status: 404, message: 'Variable not found' },
  variable_key_taken: { status: 409, message: 'A variable with the key {key} exists already' },
} as const satisfies Record<string, Entry>;

export type ApiErrorCode = keyof typeof API_ERRORS;
export const API_ERROR_CODES = Object.keys(API_ERRORS) as ApiErrorCode[];

/** The arguments an ICU message names (`'Invalid {where}: {field}'` → 'where' | 'field'). */
type ArgumentsOf<M extends string> = M extends `${string}{${infer A}}${infer Rest}` ? A | ArgumentsOf<Rest> : never;
export type ApiErrorArgument<C extends ApiErrorCode> = ArgumentsOf<(typeof API_ERRORS)[C]['message']>;
/** The values of a code's message: names, ids, limits. */
export type ApiErrorParams<C extends ApiErrorCode = ApiErrorCode> = Record<ApiErrorArgument<C>, string | number>;

/** An error answer as the API sends it. */
export type ApiErrorBody = {
  error: string;
  code?: ApiErrorCode;
  params?: Record<string, string | number>;
  details?: unknown;
  requestId?: string;
};

export const isApiErrorCode = (code: unknown): code is ApiErrorCode => typeof code === 'string' && Object.hasOwn(API_ERRORS, code);

/**
 * What an invalid_input detail's problem is, beside its English message ({ field, message, issue }), so the web words
 * it in its reader's language: the validator's issue code and the limits it names.
 */
export type ValidationIssue = {
  code: string;
  /** What was measured: string, array, number, date... */
  origin?: string;
  minimum?: number;
  maximum?: number;
  /** invalid_format: url, email, uuid, regex... */
  format?: string;
  /** invalid_type: the type wanted; `missing` when nothing was given. */
  expected?: string;
  missing?: boolean;
  /** invalid_value: the values allowed. */
  values?: string[];
  /** unrecognized_keys: the fields not known. */
  keys?: string[];
};
