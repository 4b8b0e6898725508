// Every call of Slack's Web API goes through @slack/web-api's WebClient at SLACK_API_URL. Interactive work (answers
// to a slash command, a shortcut, an unfurl) lets the client wait out a 429's Retry-After and retry a couple of
// times; posting for the dispatcher refuses to wait (rejectRateLimitedCalls) so the delivery is retried at the time
// Slack named, without holding a worker.
import { ErrorCode, LogLevel, WebClient, type WebAPICallError } from '@slack/web-api';
import type { Config } from '../../../server-shared/config.ts';
import { SLACK } from './constants.ts';

export type SlackClientKind = 'interactive' | 'delivery';

export function slackClient(config: Pick<Config, 'SLACK_API_URL'>, token: string | undefined, kind: SlackClientKind = 'interactive'): WebClient {
  return new WebClient(token, {
    slackApiUrl: config.SLACK_API_URL,
    timeout: SLACK.timeoutMs,
    allowAbsoluteUrls: false,
    // The client logs to the console; what matters is logged by its callers, in the app's log.
    logLevel: LogLevel.ERROR,
    rejectRateLimitedCalls: kind === 'delivery',
    retryConfig: kind === 'delivery' ? { retries: 0 } : { retries: SLACK.retries, factor: 2, minTimeout: 500, maxTimeout: 5_000 },
  });
}

/** What a failed call tells: Slack's error code (`channel_not_found`), a rate limit, or a transport failure. */
export type SlackFailure = { error: string; retryAfterSeconds?: number; statusCode: number | null };

export function slackFailure(err: unknown): SlackFailure {
  const e = err as WebAPICallError;
  switch (e?.code) {
    case ErrorCode.PlatformError:
      return { error: e.data?.error ?? 'unknown_error', statusCode: 200 };
    case ErrorCode.RateLimitedError:
      return { error: 'ratelimited', retryAfterSeconds: e.retryAfter, statusCode: 429 };
    case ErrorCode.HTTPError:
      return { error: `http_${e.statusCode}`, statusCode: e.statusCode };
    default:
      return { error: 'request_failed', statusCode: null };
  }
}

/** The token is gone for good: the installation is broken until an admin installs again. */
export const BROKEN_ERRORS = new Set(['token_revoked', 'invalid_auth', 'account_inactive', 'not_authed', 'token_expired', 'team_access_not_granted']);
