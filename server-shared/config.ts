// The one place that reads the environment. Fails fast with a message naming the variable.
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./.data'),
    DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional(),
    /** false for a throwaway embedded PostgreSQL (the browser tests' servers): commits do not wait for the disk. */
    EMBEDDED_POSTGRES_DURABLE: bool.default(true),
    SEARCH_ENGINE: z.enum(['embedded', 'opensearch']).default('embedded'),
    OPENSEARCH_URL: z.string().url().optional(),
    /** Prefix of this deployment's index names, so several deployments (or test runs) share one cluster. */
    OPENSEARCH_INDEX_PREFIX: z.string().regex(/^[a-z0-9_-]*$/, 'lowercase letters, digits, _ and - only').default(''),
    SESSION_IDLE_TIMEOUT_MINUTES: z.coerce.number().positive().default(30),
    SESSION_ABSOLUTE_TIMEOUT_HOURS: z.coerce.number().positive().default(12),
    /** Run the indexer inside the server; with OpenSearch it can run as its own process (`npm run indexer`). */
    INDEXER_IN_PROCESS: bool.default(true),
    TRUST_PROXY: bool.default(false),
    /** Sign-in attempts allowed per IP in 15 minutes (part of the sign-in rate limit). */
    SIGNIN_ATTEMPTS_PER_IP: z.coerce.number().int().positive().default(30),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SEED_DEMO: bool.optional(),
    LLM_BASE_URL: z.string().url().optional(),
    LLM_API_KEY: z.string().optional(),
    LLM_MODEL: z.string().optional(),
    /** Where digests are mailed (smtp://user:pass@host:port); without it digests can only be previewed. */
    SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
    MAIL_FROM: z.string().default('Rivalscope <digests@rivalscope.local>'),
    /** Intel by email: the port of the inbound SMTP listener `npm start` runs (off when unset). */
    INTEL_SMTP_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
    /** The domain of each company's intel address (intel+{token}@domain), which the MX of that domain points here. */
    INTEL_EMAIL_DOMAIN: z.string().regex(/^[a-z0-9.-]+$/i, 'must be a domain name').default('intel.rivalscope.local'),
    /** Months of raw usage events kept (reports of older periods read the daily rollups). */
    USAGE_RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(25),
    /** Hosts that outbound HTTP may reach on private addresses: a comma list of host or host:port (search-api/outbound). */
    OUTBOUND_ALLOW_HOSTS: z.string().default(''),
    /** The product's public address, for links in mails. */
    APP_URL: z.string().url().default('http://localhost:3000'),
    /** The key that seals stored secrets such as an OIDC client secret (server-shared/secretBox.ts); required in production. */
    SECRETS_KEY: z.string().min(32, 'must have at least 32 characters').optional(),
    /** Slack (search-api/integrations/slack): the Web API's base, and the product's Slack app; without the client id and secret Slack cannot be installed. */
    SLACK_API_URL: z.string().url().default('https://slack.com/api/'),
    SLACK_OAUTH_URL: z.string().url().default('https://slack.com/oauth/v2/authorize'),
    SLACK_CLIENT_ID: z.string().optional(),
    SLACK_CLIENT_SECRET: z.string().optional(),
    SLACK_SIGNING_SECRET: z.string().optional(),
  })
  .superRefine((c, ctx) => {
    if (c.SEARCH_ENGINE === 'embedded' && !c.INDEXER_IN_PROCESS) {
      ctx.addIssue({ code: 'custom', path: ['INDEXER_IN_PROCESS'], message: 'must be true with the embedded engine, which lives in the server process' });
    }
    if (c.NODE_ENV === 'production' && !c.SECRETS_KEY) {
      ctx.addIssue({ code: 'custom', path: ['SECRETS_KEY'], message: 'is required in production: stored secrets are sealed with it' });
    }
    if (c.SEARCH_ENGINE === 'opensearch' && !c.OPENSEARCH_URL) {
      ctx.addIssue({ code: 'custom', path: ['OPENSEARCH_URL'], message: 'is required when SEARCH_ENGINE=opensearch' });
    }
  });

export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings count as unset so `PORT= npm start` behaves like no PORT at all.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ConfigSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  return parsed.data;
}

/** For the entry points: the configuration, or a clear message and exit code 1. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}
