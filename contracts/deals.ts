// HTTP contracts of deals from the CRM and of win/loss (issue #56; part 1 §2 /win-loss, §3 flags, §7 providers, §9).
//
// Who may read: win/loss is on for the company (flag `winLoss`) or the user (userData.isWinLossEnabled), and the reader
// is a curator or admin, or consumers have access (flag `winLossConsumerAccess` or userData.isWinLossConsumerAccessEnabled).
// Everyone else gets 403 `win_loss_off`. Imports, mappings and reasons are written by curators; the Salesforce connection
// by admins. Every read and write is scoped to the caller's company.
//
//   GET    /api/deals?DealFilters&q&sort&page          → DealPage, 20 a page, most recently closed first (open deals last)
//   GET    /api/deals/{id}                              → Deal
//   GET    /api/deals/competitive.json                  → CompetitiveDeals: the reader's own open deals that name a rival
//                                                          (the dashboard's competitive deal widget), each rival with the
//                                                          battlecard the reader may open
//   POST   /api/deals/imports?mappingId&fileName        text/csv body → 202 DealImport (queued; poll it). Without a mappingId
//                                                          the headers of DEAL_CSV_FIELDS are expected. 400 `bad_rows` with
//                                                          DealImport.errors naming each bad row's line and field, and
//                                                          nothing written: the file lands whole or not at all.
//   POST   /api/deals/imports/preview                   text/csv body → DealImportPreview (headers, 5 rows, a suggested mapping)
//   GET    /api/deals/imports/{id}                      → DealImport (state, progress, counts, errors)
//   GET    /api/deals/mappings                          → DealMapping[]
//   POST   /api/deals/mappings                          DealMappingBody → DealMapping (201)
//   PUT    /api/deals/mappings/{id}                     DealMappingBody → DealMapping
//   DELETE /api/deals/mappings/{id}                     → 204
//   GET    /api/win-loss/reasons                        → WinLossReason[] (the taxonomy, with how many deals cite each)
//   POST   /api/win-loss/reasons                        WinLossReasonBody → WinLossReason (201)
//   GET    /api/win-loss/facets.json                    → WinLossFacets (values for the filters)
//   GET    /api/win-loss/overview.json?DealFilters      → WinLossOverview
//   GET    /api/win-loss/reports.json?dimension&DealFilters → WinLossReport
//   GET    /api/integrations/salesforce                 → CrmConnection (admins)
//   PUT    /api/integrations/salesforce                 CrmConnectionBody → CrmConnection (admins)
//   POST   /api/integrations/salesforce/authorize       → { url }: where the admin's browser goes to grant access
//   GET    /api/integrations/salesforce/callback?code&state → 302 to /integrations?salesforce=connected|error
//   POST   /api/integrations/salesforce/sync            → 202 CrmConnection (state syncing)
//   DELETE /api/integrations/salesforce                 → 204 (tokens dropped; deals stay)
//   GET    /api/providers/sfdc/instance                 → SfdcInstance (the spec's CRM metadata status)
//   GET    /api/providers/sfdc/opportunities?query&conditionName → SfdcOpportunities (query: a rival id or name)
//   GET    /api/providers/sfdc/person?email             → SfdcPerson
//   GET    /api/providers/sfdc/account?id|name          → SfdcAccount
import { z } from 'zod';
import { queryInt } from './query.ts';
import { DEAL_OUTCOMES, type DealOutcome } from './dealOutcomes.ts';

export const DEALS_PAGE_SIZE = 20;

// ---- outcomes ----

// In a module of their own, without zod: the first screen's search reads them (contracts/search.ts, a deal's badge).
export { DEAL_OUTCOMES, OUTCOME_COLOURS, type DealOutcome } from './dealOutcomes.ts';

/**
 * An outcome as CRM exports write it ("Closed Won", "won", "Lost"), or from the stage when no outcome is given;
 * null for an open deal, undefined for a value that names no outcome (a bad row).
 */
export function normalizeOutcome(outcome: string | undefined | null, stage?: string | null): DealOutcome | null | undefined {
  const o = (outcome ?? '').trim().toLowerCase().replace(/[\s-]+/g, '_');
  if (o) {
    if (['win', 'won', 'closed_won'].includes(o)) return 'win';
    if (['loss', 'lost', 'closed_lost'].includes(o)) return 'loss';
    if (['churn', 'churned'].includes(o)) return 'churn';
    if (['churn_positive', 'positive_churn'].includes(o)) return 'churn_positive';
    if (o === 'other' || o === 'no_decision') return 'other';
    if (o === 'open') return null;
    return undefined;
  }
  const s = (stage ?? '').trim().toLowerCase();
  if (s === 'closed won') return 'win';
  if (s === 'closed lost') return 'loss';
  return null;
}

// ---- win rate and its interval ----

/** The 95 % interval's z. */
export const Z_95 = 1.959963984540054;

/**
 * Win rate = wins / (wins + losses); churn, positive churn and other outcomes are not in it, nor open deals. With its
 * Wilson score interval at 95 %, which stays inside [0, 1] and is honest about small counts. Null without a decided deal.
 */
export function winRate(wins: number, losses: number): { winRate: number | null; low: number | null; high: number | null } {
  const n = wins + losses;
  if (n === 0) return { winRate: null, low: null, high: null };
  const p = wins / n;
  const z2 = Z_95 * Z_95;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z_95 * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return { winRate: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

// ---- segment dimensions and report dimensions ----

/** The spec's segment dimensions (Buyer Persona, Industry, Region, Segment/Size, Technology, Use Case). */
export const SEGMENT_DIMENSIONS = ['buyerPersona', 'industry', 'region', 'segment', 'technology', 'useCase'] as const;
export type SegmentDimension = (typeof SEGMENT_DIMENSIONS)[number];
/** What a win/loss report groups by. */
export const REPORT_DIMENSIONS = ['rival', ...SEGMENT_DIMENSIONS, 'product', 'owner', 'quarter'] as const;
export type ReportDimension = (typeof REPORT_DIMENSIONS)[number];

export const REASON_KINDS = ['win', 'loss'] as const;
export type ReasonKind = (typeof REASON_KINDS)[number];
/** Who gave a reason: the rep (CRM, import) or the buyer (surveys, interviews); the two are never summed blindly. */
export const SAID_BY = ['rep', 'buyer'] as const;
export type SaidBy = (typeof SAID_BY)[number];

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD');
const textFilter = z.string().trim().min(1).max(200);

/** The filters every deals and win/loss read takes (query string). */
export const DealFilters = z.object({
  rivalId: queryInt(1, 2_147_483_647).optional(),
  outcome: z.enum([...DEAL_OUTCOMES, 'open']).optional(),
  ownerId: queryInt(1, 2_147_483_647).optional(),
  buyerPersona: textFilter.optional(),
  industry: textFilter.optional(),
  region: textFilter.optional(),
  segment: textFilter.optional(),
  technology: textFilter.optional(),
  useCase: textFilter.optional(),
  product: textFilter.optional(),
  /** Deals that cite this reason (and, with saidBy, only as that sayer said it): the drill-down behind a reason. */
  reasonId: queryInt(1, 2_147_483_647).optional(),
  saidBy: z.enum(SAID_BY).optional(),
  closedAfter: isoDate.optional(),
  closedBefore: isoDate.optional(),
});
export type DealFilters = z.infer<typeof DealFilters>;

export const DEAL_SORTS = ['closed', 'amount', 'name'] as const;
export const DealListQuery = DealFilters.extend({
  q: z.string().trim().max(200).optional(),
  sort: z.enum(DEAL_SORTS).default('closed'),
  page: queryInt(1, 100_000).default(1),
});
export type DealListQuery = z.infer<typeof DealListQuery>;

export const WinLossReportQuery = DealFilters.extend({ dimension: z.enum(REPORT_DIMENSIONS).default('rival') });
export type WinLossReportQuery = z.infer<typeof WinLossReportQuery>;

// ---- deals ----

export type DealRival = { id: number; name: string; primary: boolean };
export type DealReason = { id: number; kind: ReasonKind; name: string; saidBy: SaidBy; quote: string | null };

export type DealSummary = {
  id: number;
  crmId: string;
  name: string;
  accountName: string | null;
  owner: { userId: number | null; name: string | null; email: string | null };
  amount: number | null;
  currency: string;
  stage: string;
  outcome: DealOutcome | null;
  createdOn: string;
  closedOn: string | null;
  rivals: DealRival[];
};

export type Deal = DealSummary & {
  source: 'csv' | 'salesforce' | 'demo';
  reasons: DealReason[];
  buyerPersona: string | null;
  industry: string | null;
  region: string | null;
  segment: string | null;
  technology: string | null;
  useCase: string | null;
  product: string | null;
  notes: string | null;
  /** The opportunity in Salesforce, for a synced deal. */
  crmUrl: string | null;
  updatedAt: string;
};

export type DealPage = { items: DealSummary[]; total: number; page: number; pageSize: number };

export type CompetitiveDeals = {
  deals: (Pick<DealSummary, 'id' | 'name' | 'accountName' | 'amount' | 'currency' | 'stage'> & {
    expectedCloseOn: string | null;
    /** Each rival with the battlecard the reader may open and its profile (the link when there is no battlecard). */
    rivals: (DealRival & { battlecardId: number | null; profileId: number | null })[];
  })[];
};

// ---- win/loss ----

/** One group's numbers: decided deals (wins + losses), the rate and its 95 % interval, and every deal in the group. */
export type RateRow = {
  key: string;
  label: string;
  deals: number;
  wins: number;
  losses: number;
  winRate: number | null;
  low: number | null;
  high: number | null;
  /** Won amount in the company's reporting currency (amounts in other currencies are left out of it). */
  amountWon: number;
};

export type ReasonShare = { reasonId: number; name: string; kind: ReasonKind; deals: number; share: number; rep: number; buyer: number };

export type WinLossOverview = {
  totals: RateRow & { open: number; closed: number };
  byRival: RateRow[];
  /** By quarter of the close date, oldest first (key `2026-Q1`). */
  trend: RateRow[];
  /** Share = deals citing the reason / decided deals of its kind (wins for win reasons, losses for loss reasons). */
  topWinReasons: ReasonShare[];
  topLossReasons: ReasonShare[];
};

export type WinLossReport = { dimension: ReportDimension; rows: RateRow[] };

export type WinLossFacets = {
  rivals: { id: number; name: string }[];
  owners: { id: number; name: string }[];
  products: string[];
  reasons: { id: number; kind: ReasonKind; name: string }[];
} & Record<SegmentDimension, string[]>;

export type WinLossReason = { id: number; kind: ReasonKind; name: string; deals: number };
export const WinLossReasonBody = z.object({ kind: z.enum(REASON_KINDS), name: z.string().trim().min(1, 'is required').max(120) });
export type WinLossReasonBody = z.infer<typeof WinLossReasonBody>;

// ---- CSV import ----

/** The fields a CRM export may carry, and the header each has in the default mapping. */
export const DEAL_CSV_FIELDS = {
  crmId: 'Opportunity ID',
  name: 'Opportunity Name',
  accountName: 'Account Name',
  ownerEmail: 'Owner Email',
  ownerName: 'Owner Name',
  amount: 'Amount',
  currency: 'Currency',
  stage: 'Stage',
  outcome: 'Outcome',
  createdOn: 'Created Date',
  closedOn: 'Close Date',
  /** Rival names separated by semicolons; the primary one may be marked in its own column. */
  rivals: 'Competitors',
  primaryRival: 'Primary Competitor',
  /** Reason names separated by semicolons, from the company's taxonomy (an unknown one is added to it). */
  winReasons: 'Win Reasons',
  lossReasons: 'Loss Reasons',
  buyerPersona: 'Buyer Persona',
  industry: 'Industry',
  region: 'Region',
  segment: 'Segment',
  technology: 'Technology',
  useCase: 'Use Case',
  product: 'Product',
  notes: 'Notes',
} as const;
export type DealCsvField = keyof typeof DEAL_CSV_FIELDS;
export const DEAL_CSV_REQUIRED: DealCsvField[] = ['crmId', 'name', 'stage', 'createdOn'];
/** The file's cap, and its rows'. */
export const DEAL_IMPORT_MAX_BYTES = 200 * 1024 * 1024;
export const DEAL_IMPORT_MAX_ROWS = 1_000_000;
/** A refused file lists at most this many bad rows. */
export const DEAL_IMPORT_MAX_ERRORS = 200;

export const DealMappingBody = z.object({
  name: z.string().trim().min(1, 'is required').max(120),
  /** field → the CSV header holding it; the required fields must be mapped. */
  columns: z
    .partialRecord(z.enum(Object.keys(DEAL_CSV_FIELDS) as [DealCsvField, ...DealCsvField[]]), z.string().trim().min(1).max(200))
    .refine((c) => DEAL_CSV_REQUIRED.every((f) => c[f]), { message: `must map ${DEAL_CSV_REQUIRED.join(', ')}` }),
});
export type DealMappingBody = z.infer<typeof DealMappingBody>;
export type DealMapping = DealMappingBody & { id: number; updatedAt: string };

export const IMPORT_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type DealImportError = { line: number; field: string; message: string };
export type DealImport = {
  id: number;
  state: (typeof IMPORT_STATES)[number];
  totalRows: number;
  processedRows: number;
  created: number;
  updated: number;
  errors: DealImportError[];
  createdAt: string;
  finishedAt: string | null;
};
export type DealImportPreview = { headers: string[]; rows: string[][]; suggested: Partial<Record<DealCsvField, string>> };

// ---- Salesforce ----

export const CRM_STATES = ['connected', 'syncing', 'error', 'disconnected'] as const;
export type CrmConnection = {
  state: (typeof CRM_STATES)[number];
  loginUrl: string;
  instanceUrl: string | null;
  clientId: string;
  hasClientSecret: boolean;
  connectedAs: string | null;
  competitorSource: 'opportunityCompetitor' | 'field';
  competitorField: string;
  lastSyncAt: string | null;
  lastSyncCount: number;
  lastError: string | null;
  deals: number;
};
export const CrmConnectionBody = z.object({
  loginUrl: z.string().trim().url('must be a URL').max(500).default('https://login.salesforce.com'),
  clientId: z.string().trim().min(1, 'is required').max(300),
  /** Left out to keep the one stored. */
  clientSecret: z.string().trim().min(1).max(300).optional(),
  competitorSource: z.enum(['opportunityCompetitor', 'field']).default('opportunityCompetitor'),
  competitorField: z
    .string()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'must be a field API name')
    .max(80)
    .default('MainCompetitors__c'),
});
export type CrmConnectionBody = z.infer<typeof CrmConnectionBody>;

/** The spec's opportunity conditions (part 1 §9). */
export const SFDC_CONDITIONS = ['Opportunities Last 6 Months', 'Closed Opportunities Last 6 Months'] as const;
export type SfdcCondition = (typeof SFDC_CONDITIONS)[number];
/** The spec's CRM failures: no instance found, or an API failure (part 1 §4, §8). */
export const SFDC_ERRORS = ['no_instance', 'api_failure'] as const;

export type SfdcInstance = { hasInstance: true; instanceUrl: string } | { hasInstance: false; error: (typeof SFDC_ERRORS)[number] };
export const SfdcOpportunitiesQuery = z.object({
  query: z.string().trim().min(1, 'is required').max(200),
  conditionName: z.enum(SFDC_CONDITIONS).default('Opportunities Last 6 Months'),
});
export type SfdcOpportunitiesQuery = z.infer<typeof SfdcOpportunitiesQuery>;
export type SfdcOpportunities = {
  conditionName: SfdcCondition;
  rival: { id: number; name: string } | null;
  opportunities: DealSummary[];
  /** Closed ones of the window: won, lost and the win rate (the crmWins formula). */
  won: number;
  lost: number;
  winRate: number | null;
  open: number;
  avgAmount: number | null;
};
export const SfdcPersonQuery = z.object({ email: z.string().trim().email('must be an email address').max(320) });
/** One of id (the CRM's account id) or name (case-insensitive). */
export const SfdcAccountQuery = z
  .object({ id: z.string().trim().min(1).max(40).optional(), name: z.string().trim().min(1).max(300).optional() })
  .refine((q) => q.id || q.name, { message: 'id or name is required', path: ['id'] });
export type SfdcPerson = { crmId: string; name: string; email: string | null; userId: number | null; openDeals: number };
export type SfdcAccount = { crmId: string | null; name: string; industry: string | null; region: string | null; segment: string | null; deals: DealSummary[] };
