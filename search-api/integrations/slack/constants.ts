// Numbers of the Slack app (issue #54), in one place.
export const SLACK = {
  /** What the product's Slack app asks for when installed. */
  botScopes: ['chat:write', 'chat:write.public', 'commands', 'links:read', 'links:write', 'users:read', 'users:read.email', 'channels:read', 'groups:read', 'im:write'],
  /** An install's state is good this long (Slack's consent screen, a sign-in to Slack on the way). */
  stateTtlMs: 15 * 60_000,
  /** A request Slack signed is refused when its timestamp is further than this from now (Slack's own advice). */
  signatureWindowSeconds: 5 * 60,
  /** How often this process deletes signatures older than the window. */
  signaturePruneEveryMs: 60_000,
  /** A Slack user's product user is looked up again after this long; one with none sooner, so signing up shows soon. */
  userCacheMs: 10 * 60_000,
  unmappedCacheMs: 30_000,
  /** The streamed answer of `/rivalscope ask` is edited at most this often. */
  askUpdateEveryMs: 1_000,
  /** Cards an answer to `/rivalscope <words>` lists. */
  commandCards: 5,
  /** Characters of a card snippet, an intel summary, a digest item, an unfurled preview. */
  snippetChars: 280,
  /** Slack's limit of a section block's text. */
  sectionChars: 3_000,
  /** Characters of a message sent to the feed that make its title. */
  intelTitleChars: 120,
  /** Web API calls: per call timeout; retries of interactive work (Slack's 429 waits its Retry-After in between). */
  timeoutMs: 10_000,
  retries: 2,
  /** The job runner's queue of requests Slack sent; how many run at once; how long before a lost one is redelivered. */
  queue: 'slack-request',
  concurrency: 8,
  expireInSeconds: 120,
  /** The message shortcut's callback id (set in the Slack app's configuration). */
  shortcutCallbackId: 'send_to_rivalscope',
} as const;

/** Inbound routes, signed by Slack rather than sessions. */
export const SLACK_INBOUND = {
  commands: '/api/integrations/slack/commands',
  interactivity: '/api/integrations/slack/interactivity',
  events: '/api/integrations/slack/events',
} as const;
