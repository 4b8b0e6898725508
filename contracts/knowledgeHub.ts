// HTTP contracts of the knowledge hub (issue #58; part 3 §2.4, §3, §4.7, §7.3, §9): the company's own organization,
// its products, positioning and variables, its files and their passages, and the setup checklist.
//
// Who may: curators and admins (and staff who are curators) with the knowledge-hub flag (`flags.knowledgeHub`) use the
// hub; 403 `knowledge_hub_off` without the flag, 403 `curators_only` for consumers. Consumers read approved files'
// passages only through search, Ask and the landing page, under each file's visibility groups. Every read and write
// is scoped to the caller's company.
//
// Organization and products (part 3 §7.3; Product and OrganizationBody are in contracts/landing.ts):
//   POST   /api/organizations {name, url, isOwnOrganization}                → { id } (201; 409 `own_organization_exists`)
//   GET    /api/organizations/own.json                                       → OwnOrganization | 404 `organization_not_found`
//   GET    /api/organizations/{organizationId}/steps?steps[]=files&…         → StepsResponse (the checklist polls it every 5 s
//                                                                                while a step is generating)
//   PATCH  /api/company/confirm_step.json?step=files                         → StepsResponse (the step confirmed, `done` when
//                                                                                what it needs exists; 409 `step_not_ready`)
//   GET/POST /api/organizations/{organizationId}/products; PUT/DELETE …/products/{id}  ProductBody (name, description)
//   PATCH  /api/organizations/{organizationId}/products/confirm              → StepsResponse (step products done)
//
// Positioning and variables:
//   GET    /api/knowledge_hub/positioning                                    → PositioningStatement[] by kind, then position
//   POST   /api/knowledge_hub/positioning                                    PositioningBody → PositioningStatement (201)
//   PUT    /api/knowledge_hub/positioning/{id}                               PositioningBody → PositioningStatement
//   POST   /api/knowledge_hub/positioning/{id}/verify                        → PositioningStatement (last verified now)
//   DELETE /api/knowledge_hub/positioning/{id}                               → 204
//   POST   /api/knowledge_hub/positioning/draft                              → 202 StepsResponse: drafts statements from the
//                                                                                approved files (extractive, or by the Ask model
//                                                                                when one is configured), citing passages; step
//                                                                                positioning is `generating` until it ends
//   GET    /api/knowledge_hub/variables                                      → KnowledgeVariable[] by key
//   POST   /api/knowledge_hub/variables                                      VariableBody → KnowledgeVariable (201; 409
//                                                                                `variable_key_taken`)
//   PUT    /api/knowledge_hub/variables/{id}                                 VariableBody → KnowledgeVariable (every card
//                                                                                that inserts it reads the new value)
//   DELETE /api/knowledge_hub/variables/{id}                                 → 204
//
// Files:
//   POST   /api/knowledge_hub/files?FileUploadQuery                          the file's bytes as the body → 202 KnowledgeFile
//                                                                                (extraction pending). 415 `file_type_unsupported`
//                                                                                (checked by content), 413 `file_too_large`, 400 for
//                                                                                a bad query; nothing written.
//   POST   /api/knowledge_hub/files/{id}/version?fileName=                    a new version's bytes → 202 KnowledgeFile; its
//                                                                                passages replace the old ones once extracted
//   GET    /api/knowledge_hub/files?FileListQuery                             → KnowledgeFilePage, newest change first
//   GET    /api/knowledge_hub/files/{id}                                      → KnowledgeFileDetail (poll `extraction`)
//   PATCH  /api/knowledge_hub/files/{id}                                      FilePatchBody → KnowledgeFile
//   DELETE /api/knowledge_hub/files/{id}                                      → 204 (its passages leave search)
//   GET    /api/knowledge_hub/files/{id}/passages?page=                       → PassagePage (curators read a file's text)
//
// Search: passages of approved files are the `files` index of unified search (GET /api/search.json?index=files),
// each hit a FileSearchHit; Ask cites them as "Pricing sheet 2026, page 3".
import { z } from 'zod';
import { queryInt } from './query.ts';

/** Part 3 §9: the accepted file types, as the kinds sniffed from a file's content. */
export const FILE_KINDS = ['pdf', 'docx', 'pptx', 'xlsx', 'text', 'rtf', 'html', 'markdown'] as const;
export type FileKind = (typeof FILE_KINDS)[number];
export const FILE_STATES = ['draft', 'approved'] as const;
export type FileState = (typeof FILE_STATES)[number];
export const FILE_EXTRACTIONS = ['pending', 'running', 'done', 'failed'] as const;
export type FileExtraction = (typeof FILE_EXTRACTIONS)[number];
/** Where a passage came from: a PDF page, a slide, a slide's speaker notes, a sheet row, or a section under a heading. */
export const PASSAGE_LOCATIONS = ['page', 'slide', 'notes', 'row', 'section'] as const;
export type PassageLocation = (typeof PASSAGE_LOCATIONS)[number];
export const POSITIONING_KINDS = ['value_proposition', 'ideal_customer', 'differentiator', 'proof_point'] as const;
export type PositioningKind = (typeof POSITIONING_KINDS)[number];

/** Part 3 §2.4: the checklist's steps in order (competitors only with the competitors-step flag). */
export const KNOWLEDGE_STEPS = ['files', 'variables', 'products', 'positioning', 'competitors', 'done'] as const;
export type KnowledgeStepName = (typeof KNOWLEDGE_STEPS)[number];
/** Part 3 §3: a step's status. */
export const STEP_STATUSES = ['pending', 'not-started', 'generating', 'done', 'error'] as const;
export type StepStatus = (typeof STEP_STATUSES)[number];

export const KNOWLEDGE_HUB = {
  /** The company flag that turns the hub on, and the one that adds the competitors step (part 3 §2.4). */
  flag: 'knowledgeHub',
  competitorsFlag: 'knowledgeHubCompetitorsStep',
  /** Part 1 §9 / part 3 §9: the steps poll every 5 s while one is generating. */
  stepPollMs: 5_000,
  /** The largest file stored. */
  maxFileBytes: 25 * 1024 * 1024,
  filesPageSize: 20,
  passagesPageSize: 50,
  /** A running extraction whose worker has said nothing for this long is taken again. */
  staleExtractionMs: 10 * 60_000,
} as const;

/** A step of the checklist as the server computes it; `error` says why a step is in error. */
export type KnowledgeStep = { name: KnowledgeStepName; status: StepStatus; error: string | null };
export type StepsResponse = { steps: KnowledgeStep[] };
export const StepsQuery = z.object({
  steps: z
    .union([z.enum(KNOWLEDGE_STEPS), z.array(z.enum(KNOWLEDGE_STEPS))])
    .optional()
    .transform((s) => (s === undefined ? undefined : Array.isArray(s) ? s : [s])),
});
export const ConfirmStepQuery = z.object({ step: z.enum(KNOWLEDGE_STEPS) });

export type OwnOrganization = { id: number; name: string; url: string | null; isOwnOrganization: true };

// ---- files ----

export type KnowledgeFile = {
  id: number;
  title: string;
  fileName: string;
  kind: FileKind;
  productId: number | null;
  state: FileState;
  /** Empty: everyone of the company, once approved. */
  visibilityGroupIds: number[];
  version: number;
  sizeBytes: number;
  extraction: FileExtraction;
  extractionError: string | null;
  extractedAt: string | null;
  unitCount: number;
  passageCount: number;
  uploadedBy: { id: number; name: string } | null;
  createdAt: string;
  updatedAt: string;
};
export type KnowledgeFileDetail = KnowledgeFile;
export type KnowledgeFilePage = { items: KnowledgeFile[]; total: number; page: number; limit: number };

const idList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v, ctx) => {
    const raw = v === undefined ? [] : (Array.isArray(v) ? v : v.split(',')).filter((s) => s !== '');
    const ids = raw.map(Number);
    if (ids.some((n) => !Number.isInteger(n) || n <= 0)) {
      ctx.addIssue({ code: 'custom', message: 'must be ids' });
      return z.NEVER;
    }
    return [...new Set(ids)];
  });

export const FileUploadQuery = z.object({
  fileName: z.string().trim().min(1, 'is required').max(255),
  title: z.string().trim().min(1).max(200).optional(),
  productId: queryInt(1, 2_147_483_647).optional(),
  visibilityGroupIds: idList,
  state: z.enum(FILE_STATES).default('draft'),
});
export const FileVersionQuery = z.object({ fileName: z.string().trim().min(1, 'is required').max(255) });
export const FileListQuery = z.object({
  page: queryInt(1, 10_000).default(1),
  state: z.enum(FILE_STATES).optional(),
  productId: queryInt(1, 2_147_483_647).optional(),
  q: z.string().trim().max(200).optional(),
});
export const FilePatchBody = z
  .object({
    title: z.string().trim().min(1, 'is required').max(200),
    productId: z.number().int().positive().nullable(),
    state: z.enum(FILE_STATES),
    visibilityGroupIds: z.array(z.number().int().positive()).max(100),
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'nothing to change');

export const FilePassagesQuery = z.object({ page: queryInt(1, 10_000).default(1) });

export type KnowledgePassage = { seq: number; location: PassageLocation; number: number | null; label: string | null; text: string };
export type PassagePage = { items: KnowledgePassage[]; total: number; page: number; limit: number };

/** A passage found by unified search (index `files`): where it is, the file, and the matched words highlighted. */
export type FileSearchHit = {
  fileId: number;
  seq: number;
  title: string;
  fileName: string;
  kind: FileKind;
  location: PassageLocation;
  number: number | null;
  label: string | null;
  /** "Pricing sheet 2026, page 3": how search and Ask name the passage. */
  citation: string;
  /** Escaped text with <mark> around the matched words. */
  highlight: string;
  productId: number | null;
};

// ---- positioning ----

export type PositioningStatement = {
  id: number;
  kind: PositioningKind;
  text: string;
  position: number;
  owner: { id: number; name: string } | null;
  lastVerifiedAt: string | null;
  /** The passages a drafted statement was drawn from, named as search names them. */
  sources: { fileId: number; seq: number; citation: string }[];
  updatedAt: string;
};
export const PositioningBody = z.object({
  kind: z.enum(POSITIONING_KINDS),
  text: z.string().trim().min(1, 'is required').max(2_000),
  ownerId: z.number().int().positive().max(2_147_483_647).nullable().optional(),
  position: z.number().int().min(0).max(10_000).optional(),
});

// ---- variables ----

/** Lower-case words joined by underscores, as a card inserts it: {{customer_count}}. */
export const VARIABLE_KEY = /^[a-z][a-z0-9_]{0,62}$/;
export type KnowledgeVariable = { id: number; key: string; label: string; value: string; updatedAt: string; updatedBy: { id: number; name: string } | null };
export const VariableBody = z.object({
  key: z.string().trim().regex(VARIABLE_KEY, 'must be lower-case letters, digits and underscores, starting with a letter'),
  label: z.string().trim().min(1, 'is required').max(120),
  value: z.string().trim().min(1, 'is required').max(500),
});
