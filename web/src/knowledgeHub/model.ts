// Small pure rules of the hub's screens: when a positioning statement is stale, how a file's size and a passage's
// place are named, and the upload's size check.
import { KNOWLEDGE_HUB, type FileKind, type KnowledgePassage } from '../../../contracts/knowledgeHub.ts';

/** A statement not verified for longer than this is flagged for review. */
export const STALE_DAYS = 90;
const DAY_MS = 24 * 3600 * 1000;

/** Never verified, or verified more than STALE_DAYS ago. */
export const isStale = (lastVerifiedAt: string | null, now: Date = new Date()) =>
  lastVerifiedAt === null || now.getTime() - new Date(lastVerifiedAt).getTime() > STALE_DAYS * DAY_MS;

/** What a file's units are: pages of a PDF, slides of a deck, rows of a sheet, else sections. */
export const unitsOf = (kind: FileKind) => (kind === 'pdf' || kind === 'pptx' || kind === 'xlsx' ? kind : 'other');

/** How a passage's place is named: its heading for a section that has one, else its location ("Page 3", "Notes of slide 2"). */
export const placeOf = (p: Pick<KnowledgePassage, 'location' | 'label'>): { heading: string } | { location: KnowledgePassage['location'] } =>
  p.location === 'section' && p.label ? { heading: p.label } : { location: p.location };

export const MAX_MB = KNOWLEDGE_HUB.maxFileBytes / (1024 * 1024);
export const tooLarge = (file: Pick<File, 'size'>) => file.size > KNOWLEDGE_HUB.maxFileBytes;

/** Part 3 §9: what the picker offers (the server checks the content). */
export const ACCEPTED_TYPES = [
  '.pdf',
  '.docx',
  '.pptx',
  '.xlsx',
  '.csv',
  '.txt',
  '.rtf',
  '.html',
  '.htm',
  '.md',
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'text/plain',
  'text/csv',
  'text/markdown',
  'text/html',
  'application/rtf',
].join(',');
