// Reviews of rivals from public review sites (part 3 §1 Review insights, §3 Review, Review-site catalogue): the
// catalogue of review sites, and one review as a curator imports it from a file or posts it through the API.
//
// What a review accepts (reviewInputSchema):
//   source        a review site by name, key or domain ("G2 Crowd", "g2", "www.g2.com"), case- and punctuation-
//                 insensitive; may be left out when the permalink is on a review site's domain. Becomes the key.
//   permalink     http(s) URL, at most 2,048 characters. When it is on a known review site, that site must be the source.
//   title         optional, at most 300 characters.
//   rating        0 to 5 in half steps: a number, or text such as "4.5", "4,5", "4 stars", "4.5/5", "9/10" or
//                 "4 out of 5" (a ten-point score is halved). 4.3 is refused: no site rates in such steps.
//   publishedAt   ISO date (2026-03-15) or date-time (2026-03-15T09:30:00Z; without a zone it is UTC), at most one
//                 day after `now` (time zones). Becomes an ISO date-time in UTC.
//   text          required, trimmed, 1 to 20,000 characters.
//   reviewerRole  optional, at most 200 characters.
//   companySize   optional: employee counts and segment names become a COMPANY_SIZES bucket (see normalizeCompanySize);
//                 anything else (revenue bands, "Myself only") is kept as given, at most 200 characters.
// Blank text and null count as absent. Messages follow the field's name ("rating must be …" reads "must be …").
import { z } from 'zod';
import { DAY_MS } from './time.ts';

export const REVIEW_SITE_TYPES = ['product', 'employee'] as const;
export type ReviewSiteType = (typeof REVIEW_SITE_TYPES)[number];

export type ReviewSite = {
  key: string;
  name: string;
  type: ReviewSiteType;
  /** Domains whose hosts (and their subdomains, such as uk.trustpilot.com) are this site's. */
  domains: readonly string[];
  /** Other names the site goes by, former names included. */
  aliases: readonly string[];
  /** The site this entry is an older name of: its permalinks may be on that site's domain. */
  renamedTo?: string;
};

export const REVIEW_SITES = [
  { key: 'g2', name: 'G2', type: 'product', domains: ['g2.com'], aliases: [] },
  // G2's name until 2018; older exports and permalinks still carry it.
  { key: 'g2crowd', name: 'G2Crowd', type: 'product', domains: ['g2crowd.com'], aliases: [], renamedTo: 'g2' },
  {
    key: 'capterra',
    name: 'Capterra',
    type: 'product',
    domains: ['capterra.com', 'capterra.co.uk', 'capterra.ca', 'capterra.com.au', 'capterra.de', 'capterra.fr'],
    aliases: [],
  },
  { key: 'gartner', name: 'Gartner', type: 'product', domains: ['gartner.com'], aliases: ['Gartner Peer Insights', 'Peer Insights'] },
  { key: 'peerspot', name: 'PeerSpot', type: 'product', domains: ['peerspot.com'], aliases: ['IT Central Station'] },
  { key: 'producthunt', name: 'Product Hunt', type: 'product', domains: ['producthunt.com'], aliases: [] },
  { key: 'softwareadvice', name: 'Software Advice', type: 'product', domains: ['softwareadvice.com'], aliases: [] },
  { key: 'trustpilot', name: 'Trustpilot', type: 'product', domains: ['trustpilot.com'], aliases: [] },
  { key: 'trustradius', name: 'TrustRadius', type: 'product', domains: ['trustradius.com'], aliases: [] },
  {
    key: 'glassdoor',
    name: 'Glassdoor',
    type: 'employee',
    domains: ['glassdoor.com', 'glassdoor.co.uk', 'glassdoor.ca', 'glassdoor.de', 'glassdoor.fr', 'glassdoor.com.au', 'glassdoor.co.in'],
    aliases: [],
  },
  { key: 'indeed', name: 'Indeed', type: 'employee', domains: ['indeed.com'], aliases: [] },
] as const satisfies readonly ReviewSite[];

export type ReviewSiteKey = (typeof REVIEW_SITES)[number]['key'];
export const REVIEW_SITE_KEYS = REVIEW_SITES.map((s) => s.key) as [ReviewSiteKey, ...ReviewSiteKey[]];

/** "G2 Crowd", "g2crowd" and "G2-Crowd" all compact to "g2crowd". */
const compact = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

const SITE_BY_NAME = new Map<string, (typeof REVIEW_SITES)[number]>(
  REVIEW_SITES.flatMap((s) => [s.key, s.name, ...s.aliases].map((n) => [compact(n), s] as const)),
);

/** The host of a URL or of a bare domain ("www.g2.com/products"), lower-case; null when the text is neither. */
function hostOf(text: string): string | null {
  if (/^https?:\/\//i.test(text)) {
    try {
      return new URL(text).hostname.toLowerCase();
    } catch {
      return null;
    }
  }
  const m = /^([a-z0-9-]+(?:\.[a-z0-9-]+)+)(?:[/:?#]|$)/i.exec(text);
  return m ? m[1].toLowerCase() : null;
}

/** The review site a host belongs to (g2.com, www.g2.com, uk.trustpilot.com), or null. */
export function reviewSiteOfHost(host: string): (typeof REVIEW_SITES)[number] | null {
  const h = host.toLowerCase();
  return REVIEW_SITES.find((s) => s.domains.some((d) => h === d || h.endsWith(`.${d}`))) ?? null;
}

/** Resolves a review site given by name, key, alias, domain or permalink; null when it is none of the catalogue's. */
export function resolveReviewSite(given: string): (typeof REVIEW_SITES)[number] | null {
  const text = given.trim();
  if (!text) return null;
  const host = hostOf(text);
  return (host && reviewSiteOfHost(host)) || SITE_BY_NAME.get(compact(text)) || null;
}

// ---- company size ----

/** Employee-count segments, as G2 and TrustRadius segment reviewers: up to 50, 51 to 1,000, more than 1,000. */
export const COMPANY_SIZES = ['small-business', 'mid-market', 'enterprise'] as const;
export type CompanySizeBucket = (typeof COMPANY_SIZES)[number];

const SIZE_WORDS: [RegExp, CompanySizeBucket][] = [
  [/\bmid[\s-]?(?:market|size|sized)\b|\bmedium\b/, 'mid-market'],
  [/\benterprise\b|\blarge\b/, 'enterprise'],
  [/\bsmall\b|\bsmb\b|\bself[\s-]?employed\b|\bfreelance/, 'small-business'],
];
/** Revenue bands (Gartner's "50M - 250M USD") say nothing about employees. */
const REVENUE = /[$€£]|\busd\b|\beur\b|\brevenue\b|\d\s*[mb]\b/;

/**
 * The bucket of a company size as review sites write it: a segment name ("Small-Business (50 or fewer emp.)",
 * "Mid-Market", "Enterprise") or an employee count ("51-200", "1,001-5,000 employees", "10,001+", "> 1000 emp.",
 * "50 or fewer"). A range counts by its upper end, "N+" and "more than N" as above N. Anything else, revenue
 * bands included, comes back as given (trimmed).
 */
export function normalizeCompanySize(given: string): CompanySizeBucket | string {
  const text = given.trim();
  const lower = text.toLowerCase();
  for (const [words, bucket] of SIZE_WORDS) if (words.test(lower)) return bucket;
  if (REVENUE.test(lower)) return text;
  const numbers = [...lower.replace(/(\d),(?=\d{3}\b)/g, '$1').matchAll(/(\d+(?:\.\d+)?)\s*(k\b)?/g)].map(
    (m) => Number(m[1]) * (m[2] ? 1000 : 1),
  );
  if (numbers.length === 0) return text;
  const employees = numbers.length > 1 ? numbers[1] : /\+|\bmore\b|\bover\b|>|\babove\b/.test(lower) ? numbers[0] + 1 : numbers[0];
  return employees <= 50 ? 'small-business' : employees <= 1000 ? 'mid-market' : 'enterprise';
}

// ---- permalinks ----

export const PERMALINK_MAX = 2048;

/**
 * The form two permalinks of one review share: lower-case host (URL does it), no fragment, no utm_* parameters,
 * no trailing slash. Used to find the same review twice; the permalink itself is kept as given.
 */
export function normalizePermalink(permalink: string): string {
  const url = new URL(permalink.trim());
  url.hash = '';
  for (const name of [...url.searchParams.keys()]) if (/^utm_/i.test(name)) url.searchParams.delete(name);
  const query = url.searchParams.toString();
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}${query ? `?${query}` : ''}`;
}

// ---- one review ----

export const REVIEW_LIMITS = { title: 300, text: 20_000, reviewerRole: 200, companySize: 200 } as const;
/** A review may carry a date up to a day ahead of the server's clock: the reviewer's time zone. */
export const REVIEW_FUTURE_TOLERANCE_MS = DAY_MS;

export const REVIEW_FIELDS = ['source', 'permalink', 'title', 'rating', 'publishedAt', 'text', 'reviewerRole', 'companySize'] as const;
export type ReviewField = (typeof REVIEW_FIELDS)[number];

/**
 * Column headers and JSON keys a file may use for each field, compared case- and punctuation-insensitively
 * (published_at, publishedAt, "Published At" and PUBLISHED-AT are the same header).
 */
export const REVIEW_FIELD_ALIASES: Record<ReviewField, readonly string[]> = {
  source: ['source', 'site', 'review_site', 'source_name', 'platform'],
  permalink: ['permalink', 'url', 'link', 'review_url', 'review_link', 'source_url'],
  title: ['title', 'review_title', 'headline'],
  rating: ['rating', 'stars', 'star_rating', 'score', 'overall_rating'],
  publishedAt: ['published_at', 'published_date', 'published', 'date', 'review_date', 'submitted_at', 'created_at'],
  text: ['text', 'review', 'review_text', 'body', 'content', 'comment'],
  reviewerRole: ['reviewer_role', 'role', 'job_title', 'reviewer_title', 'position'],
  companySize: ['company_size', 'organization_size', 'org_size', 'employees', 'company_employees', 'segment'],
};

const FIELD_BY_HEADER = new Map<string, ReviewField>(
  REVIEW_FIELDS.flatMap((f) => [f, ...REVIEW_FIELD_ALIASES[f]].map((h) => [compact(h), f] as const)),
);

/** The review field a file's column header or JSON key names, or null for a column the import ignores. */
export function reviewFieldOf(header: string): ReviewField | null {
  return FIELD_BY_HEADER.get(compact(header)) ?? null;
}

const RATING_TEXT = /^(\d+(?:[.,]\d+)?)\s*(?:(?:\/|out of|of)\s*(5|10))?\s*(?:stars?)?$/i;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/** The rating on the 0–5 scale, or null when the text is not a rating (half steps are checked by the schema). */
export function parseRating(given: number | string): number | null {
  if (typeof given === 'number') return Number.isFinite(given) ? given : null;
  const m = RATING_TEXT.exec(given.trim());
  if (!m) return null;
  const value = Number(m[1].replace(',', '.'));
  return m[2] === '10' ? value / 2 : value;
}

/** Milliseconds since the epoch of an ISO date or date-time (UTC when it has no zone), or null if not a real one. */
export function parseIsoDate(given: string): number | null {
  const m = ISO_DATE.exec(given.trim());
  if (!m) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00', frac = '', zone = 'Z'] = m;
  const offset = zone.toUpperCase() === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  const ms = Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s}.${frac.padEnd(3, '0').slice(0, 3)}${offset}`);
  // Date.parse rolls 2026-02-30 over into March; a real date reads back the same day.
  if (Number.isNaN(ms) || new Date(Date.UTC(+y, +mo - 1, +d)).getUTCDate() !== +d || +h > 23 || +mi > 59 || +s > 59) return null;
  return ms;
}

const blankToUndefined = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);
/**
 * Why a review file or one of its rows was refused: a stable code beside the English words, which the web words in
 * its reader's language (insights area, import.reasons) with the same values. Values are named plainly ({name}).
 */
export const REVIEW_IMPORT_REASONS = {
  file_too_large: 'the file is larger than {mb} MB, the most one import takes; split it into several files',
  too_many_reviews: 'the file has more than {max} reviews; split it into several imports',
  csv_quote_not_closed: 'a quoted field in the record starting on this line is never closed',
  csv_closing_quote: 'a closing quote in the record starting on this line is followed by other text; write a quote inside a quoted field as ""',
  csv_unreadable: 'the file cannot be read as CSV: {message}',
  file_empty: 'the file is empty; it needs a header row and one row per review',
  field_count: 'has {count} fields where the header has {expected}; is a quote or delimiter missing?',
  column_twice: 'gives {field} as "{other}" does; keep one of the two columns',
  column_missing: 'has no column; name one {aliases}',
  file_not_json: 'the file is not valid JSON: {message}',
  line_not_json: 'the line is not valid JSON: {message}',
  not_a_list: 'must be an array of reviews, an object { "reviews": [...] }, or one review object per line (JSON Lines)',
  not_a_review: 'must be an object with the fields of one review',
  key_twice: 'gives {field} as "{other}" does; keep one of the two',
  no_reviews: 'the file has no reviews',
  site_unknown: '"{given}" is not a review site this import knows; use one of {sites}',
  url_invalid: 'must be an http or https URL',
  rating_invalid: 'must be a number from 0 to 5 in half steps (e.g. 4 or 4.5), not "{given}"',
  date_invalid: 'must be an ISO date (2026-03-15) or date-time (2026-03-15T09:30:00Z), not "{given}"',
  date_future: 'must not be in the future ("{given}")',
  source_required: 'is required unless the permalink is on a review site ({sites})',
  permalink_other_site: 'is on {host} but the source is {source}',
} as const;
export type ReviewImportReason = keyof typeof REVIEW_IMPORT_REASONS;
export type ReviewReasonParams = Record<string, string | number>;

/** A reason's English words with its values (numbers as English writes them). */
export const reviewReasonText = (code: ReviewImportReason, params: ReviewReasonParams = {}): string =>
  REVIEW_IMPORT_REASONS[code].replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : typeof value === 'number' ? value.toLocaleString('en-US') : value;
  });

/** A row's problem the schema finds itself: its reason code and values ride in the issue's params. */
const reviewIssue = (code: ReviewImportReason, params: ReviewReasonParams = {}) =>
  ({ code: 'custom', message: reviewReasonText(code, params), params: { reason: code, ...params } }) as const;

const requiredText = (what: string) =>
  z.string({ error: (i) => (i.input === undefined ? 'is required' : `must be ${what}`) });
const text = (max: number) => requiredText('text').trim().max(max, `must be at most ${max} characters`);
/** Absent, blank or null is undefined; the output keeps the key optional. */
const optional = <S extends z.ZodType>(schema: S) => z.preprocess(blankToUndefined, schema.optional());

const SITE_NAMES = REVIEW_SITES.map((s) => s.name).join(', ');

/**
 * One review as imported or posted, checked against `now` (publishedAt may not be more than a day after it).
 * The output is what is stored: source as a site key, publishedAt in UTC, companySize normalised.
 */
export function reviewInputSchema(now: Date) {
  const latest = now.getTime() + REVIEW_FUTURE_TOLERANCE_MS;
  return z
    .object({
      source: optional(
        text(100).transform((given, ctx) => {
          const site = resolveReviewSite(given);
          if (!site) ctx.addIssue(reviewIssue('site_unknown', { given, sites: SITE_NAMES }));
          return site ?? z.NEVER;
        }),
      ),
      permalink: z.preprocess(
        blankToUndefined,
        requiredText('a URL')
          .trim()
          .max(PERMALINK_MAX, `must be at most ${PERMALINK_MAX} characters`)
          .refine((url) => {
            try {
              const u = new URL(url);
              return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
            } catch {
              return false;
            }
          }, reviewIssue('url_invalid')),
      ),
      title: optional(text(REVIEW_LIMITS.title)),
      rating: z.preprocess(
        blankToUndefined,
        z
          .union([z.number(), z.string()], { error: (i) => (i.input === undefined ? 'is required' : 'must be a number from 0 to 5') })
          .transform((given, ctx) => {
            const rating = parseRating(given);
            if (rating === null || rating < 0 || rating > 5 || !Number.isInteger(rating * 2)) {
              ctx.addIssue(reviewIssue('rating_invalid', { given: String(given) }));
              return z.NEVER;
            }
            return rating;
          }),
      ),
      publishedAt: z.preprocess(
        blankToUndefined,
        requiredText('a date').transform((given, ctx) => {
          const ms = parseIsoDate(given);
          if (ms === null) {
            ctx.addIssue(reviewIssue('date_invalid', { given }));
            return z.NEVER;
          }
          if (ms > latest) {
            ctx.addIssue(reviewIssue('date_future', { given }));
            return z.NEVER;
          }
          return new Date(ms).toISOString();
        }),
      ),
      text: z.preprocess(blankToUndefined, text(REVIEW_LIMITS.text)),
      reviewerRole: optional(text(REVIEW_LIMITS.reviewerRole)),
      companySize: optional(text(REVIEW_LIMITS.companySize).transform(normalizeCompanySize)),
    })
    .transform((review, ctx) => {
      const host = reviewSiteOfHost(new URL(review.permalink).hostname);
      const named = review.source;
      const site = named ?? host;
      if (!site) {
        ctx.addIssue({ ...reviewIssue('source_required', { sites: SITE_NAMES }), path: ['source'] });
        return z.NEVER;
      }
      const current = (s: ReviewSite) => s.renamedTo ?? s.key;
      if (named && host && current(named) !== current(host)) {
        ctx.addIssue({ ...reviewIssue('permalink_other_site', { host: host.name, source: named.name }), path: ['permalink'] });
        return z.NEVER;
      }
      return { ...review, source: site.key as ReviewSiteKey };
    });
}

export type ReviewInput = z.output<ReturnType<typeof reviewInputSchema>>;

export type Polarity = 'positive' | 'negative' | 'neutral';

/** Sentiments (in [-1, 1]) closer to 0 than this lean no way. */
export const NEUTRAL_BAND = 0.05;

/** The way a sentiment leans. */
export function polarityOf(sentiment: number): Polarity {
  if (sentiment >= NEUTRAL_BAND) return 'positive';
  return sentiment <= -NEUTRAL_BAND ? 'negative' : 'neutral';
}

const SITES_BY_KEY = new Map<string, ReviewSite>(REVIEW_SITES.map((s) => [s.key, s]));

/** The catalogue entry of a stored site key (undefined for a key the catalogue no longer has). */
export const reviewSiteByKey = (key: string): ReviewSite | undefined => SITES_BY_KEY.get(key);
