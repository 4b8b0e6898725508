// Positioning statements of the own organization (part 3 §4.7): what we say, who owns each statement and when it was
// last verified; and drafts of them from the approved files. A draft runs on the job runner's `positioning-draft`
// queue (in-process for an app without a runner, as tests build it) while a positioning_drafts row says `running`;
// the checklist shows the step generating meanwhile, and `error` with the reason when it failed. A draft whose worker
// died (a restart mid-call) is failed by the sweep after DRAFT.staleMs, and may be drafted again.
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { rowsOf, type Db, type Exec } from '../../db/client.ts';
import { POSITIONING_KINDS, type PositioningBody, type PositioningStatement, type StepsResponse } from '../../contracts/knowledgeHub.ts';
import type { Auth } from '../auth/context.ts';
import { completeChat, type LlmConfig } from '../ask/llm.ts';
import { apiError } from '../errors.ts';
import type { JobRunner, QueueHandler } from '../jobs/runner.ts';
import { Sweeper } from '../jobs/sweeper.ts';
import { draftMessages, extractiveDraft, parseModelDraft, type DraftedStatement, type DraftPassage } from './drafting.ts';
import { readSteps } from './steps.ts';
import { fileCitation, type CitedPassage } from '../search/fileCitation.ts';

export const POSITIONING_DRAFT_QUEUE = 'positioning-draft';
export const DRAFT = {
  /** Passages given to the extractive draft, and (fewer) to the model. */
  passages: 400,
  modelPassages: 40,
  callTimeoutMs: 120_000,
  /** A running draft older than this lost its worker. */
  staleMs: 10 * 60_000,
  sweepMs: 60_000,
} as const;

/** The company, and the reader whose language cites the passages. */
type Scope = Pick<Auth, 'companyId' | 'user'>;
type Body = z.infer<typeof PositioningBody>;
export type DraftDeps = { db: Db; llm: LlmConfig | null; logger?: Logger };

type Row = {
  id: number;
  kind: PositioningStatement['kind'];
  text: string;
  position: number;
  owner_id: number | null;
  owner_name: string | null;
  last_verified_at: Date | null;
  sources: string[];
  updated_at: Date;
};

async function statements(db: Exec, s: Scope, id?: number): Promise<PositioningStatement[]> {
  const rows = await rowsOf<Row>(
    db,
    sql`SELECT s.id, s.kind, s.text, s.position, s.owner_id, u.name AS owner_name, s.last_verified_at, s.sources, s.updated_at
        FROM positioning_statements s LEFT JOIN users u ON u.id = s.owner_id
        WHERE s.company_id = ${s.companyId} ${id === undefined ? sql`` : sql`AND s.id = ${id}`}
        ORDER BY array_position(${sql.raw(`ARRAY[${POSITIONING_KINDS.map((k) => `'${k}'`).join(',')}]`)}::text[], s.kind), s.position, s.id`,
  );
  const keys = [...new Set(rows.flatMap((r) => r.sources))];
  const passages = keys.length
    ? await rowsOf<{ key: string } & CitedPassage>(
        db,
        sql`SELECT p.file_id || ':' || p.seq AS key, f.title, p.location, p.number, p.label
            FROM knowledge_passages p JOIN knowledge_files f ON f.id = p.file_id
            WHERE p.company_id = ${s.companyId} AND (p.file_id || ':' || p.seq) = ANY(${sql.param(keys)}::text[])`,
      )
    : [];
  const cited = new Map(passages.map((p) => [p.key, fileCitation(s.user.language, p)]));
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    text: r.text,
    position: r.position,
    owner: r.owner_id !== null ? { id: r.owner_id, name: r.owner_name ?? '' } : null,
    lastVerifiedAt: r.last_verified_at ? new Date(r.last_verified_at).toISOString() : null,
    // A passage gone with its file's new version or deletion is no longer cited.
    sources: r.sources.flatMap((k) => {
      const citation = cited.get(k);
      const [fileId, seq] = k.split(':').map(Number);
      return citation ? [{ fileId, seq, citation }] : [];
    }),
    updatedAt: new Date(r.updated_at).toISOString(),
  }));
}

export const listPositioning = (db: Exec, s: Scope) => statements(db, s);

async function one(db: Exec, s: Scope, id: number): Promise<PositioningStatement> {
  const [row] = await statements(db, s, id);
  if (!row) throw apiError('positioning_not_found');
  return row;
}

/** The company's own organization's id, or 404. */
export async function ownOrganizationId(db: Exec, s: Pick<Auth, 'companyId'>): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(db, sql`SELECT id FROM organizations WHERE company_id = ${s.companyId} AND is_own_organization`);
  if (!row) throw apiError('organization_not_found');
  return row.id;
}

/** A statement's owner is a curator or admin of the company. */
async function checkOwner(db: Exec, s: Scope, ownerId: number | null | undefined): Promise<void> {
  if (ownerId === null || ownerId === undefined) return;
  const [row] = await rowsOf(db, sql`SELECT 1 FROM user_roles WHERE user_id = ${ownerId} AND company_id = ${s.companyId} LIMIT 1`);
  if (!row) {
    const problem = 'must be a curator or admin of your company';
    throw apiError('invalid_input', { where: 'body', field: 'ownerId', problem }, [{ field: 'ownerId', message: problem }]);
  }
}

export async function createPositioning(db: Exec, auth: Auth, body: Body): Promise<PositioningStatement> {
  const organizationId = await ownOrganizationId(db, auth);
  await checkOwner(db, auth, body.ownerId);
  const ownerId = body.ownerId === undefined ? auth.user.id : body.ownerId;
  const position = body.position ?? sql`(SELECT coalesce(max(position) + 1, 0) FROM positioning_statements WHERE company_id = ${auth.companyId} AND kind = ${body.kind})`;
  const [row] = await rowsOf<{ id: number }>(
    db,
    sql`INSERT INTO positioning_statements (company_id, organization_id, kind, text, position, owner_id)
        VALUES (${auth.companyId}, ${organizationId}, ${body.kind}, ${body.text}, ${position}, ${ownerId}) RETURNING id`,
  );
  return one(db, auth, row.id);
}

export async function updatePositioning(db: Exec, s: Scope, id: number, body: Body): Promise<PositioningStatement> {
  await checkOwner(db, s, body.ownerId);
  const { rows } = await db.execute(
    sql`UPDATE positioning_statements SET kind = ${body.kind}, text = ${body.text}, updated_at = now(),
          owner_id = ${body.ownerId === undefined ? sql`owner_id` : body.ownerId}, position = ${body.position ?? sql`position`}
        WHERE id = ${id} AND company_id = ${s.companyId} RETURNING id`,
  );
  if (!rows.length) throw apiError('positioning_not_found');
  return one(db, s, id);
}

export async function verifyPositioning(db: Exec, s: Scope, id: number): Promise<PositioningStatement> {
  const { rows } = await db.execute(sql`UPDATE positioning_statements SET last_verified_at = now() WHERE id = ${id} AND company_id = ${s.companyId} RETURNING id`);
  if (!rows.length) throw apiError('positioning_not_found');
  return one(db, s, id);
}

export async function deletePositioning(db: Exec, s: Scope, id: number): Promise<void> {
  const { rows } = await db.execute(sql`DELETE FROM positioning_statements WHERE id = ${id} AND company_id = ${s.companyId} RETURNING id`);
  if (!rows.length) throw apiError('positioning_not_found');
}

/** The passages of the company's approved files, newest file first. */
async function approvedPassages(db: Exec, companyId: number, limit: number): Promise<DraftPassage[]> {
  return rowsOf<DraftPassage>(
    db,
    sql`SELECT p.file_id AS "fileId", p.seq, f.title, p.text FROM knowledge_passages p JOIN knowledge_files f ON f.id = p.file_id
        WHERE p.company_id = ${companyId} AND f.company_id = ${companyId} AND f.state = 'approved'
        ORDER BY f.updated_at DESC, f.id, p.seq LIMIT ${limit}`,
  );
}

/**
 * Starts a draft (202): 409 `positioning_no_files` without an approved file's passage, `positioning_draft_running`
 * while one runs. Answers the steps, positioning `generating`.
 */
export async function startDraft(deps: DraftDeps & { jobs?: Pick<JobRunner, 'send'> }, auth: Auth): Promise<StepsResponse> {
  const { db } = deps;
  await ownOrganizationId(db, auth);
  if (!(await approvedPassages(db, auth.companyId, 1)).length) throw apiError('positioning_no_files');
  const { rows } = await db.execute(
    sql`INSERT INTO positioning_drafts (company_id, state) VALUES (${auth.companyId}, 'running')
        ON CONFLICT (company_id) DO UPDATE SET state = 'running', error = NULL, started_at = now()
          WHERE positioning_drafts.state = 'failed' OR positioning_drafts.started_at < now() - make_interval(secs => ${DRAFT.staleMs / 1000})
        RETURNING company_id`,
  );
  if (!rows.length) throw apiError('positioning_draft_running');
  // Read before the work starts, so that the answer says `generating` however quick the draft.
  const steps = await readSteps(db, auth);
  if (deps.jobs) await deps.jobs.send(POSITIONING_DRAFT_QUEUE, { companyId: auth.companyId }, String(auth.companyId));
  // No runner: drafted in this process after the answer; the row says `running` until it ends.
  else void runDraft(deps, auth.companyId);
  return steps;
}

async function drafted(deps: DraftDeps, companyId: number): Promise<DraftedStatement[]> {
  if (!deps.llm) return extractiveDraft(await approvedPassages(deps.db, companyId, DRAFT.passages));
  const passages = await approvedPassages(deps.db, companyId, DRAFT.modelPassages);
  const [company] = await rowsOf<{ name: string }>(deps.db, sql`SELECT name FROM companies WHERE id = ${companyId}`);
  const answer = await completeChat(deps.llm, draftMessages(company.name, passages), AbortSignal.timeout(DRAFT.callTimeoutMs));
  const statements = parseModelDraft(answer, passages);
  if (!statements.length) throw new Error('the model wrote no statement citing the files');
  return statements;
}

/**
 * Writes a company's draft: its statements replace the drafted ones nobody verified yet (statements written or
 * verified by a person stay), and the draft row goes. A failure is kept on the row, in words, for the checklist.
 */
export async function runDraft(deps: DraftDeps, companyId: number): Promise<void> {
  try {
    const statements = await drafted(deps, companyId);
    if (!statements.length) throw new Error('no sentence of the approved files states value, customers, differentiation or proof');
    await deps.db.transaction(async (tx) => {
      const [draft] = await rowsOf(tx, sql`SELECT 1 FROM positioning_drafts WHERE company_id = ${companyId} AND state = 'running' FOR UPDATE`);
      if (!draft) return;
      const organizationId = await ownOrganizationId(tx, { companyId });
      await tx.execute(sql`DELETE FROM positioning_statements WHERE company_id = ${companyId} AND cardinality(sources) > 0 AND last_verified_at IS NULL`);
      for (const st of statements)
        await tx.execute(
          sql`INSERT INTO positioning_statements (company_id, organization_id, kind, text, position, sources)
              VALUES (${companyId}, ${organizationId}, ${st.kind}, ${st.text},
                      (SELECT coalesce(max(position) + 1, 0) FROM positioning_statements WHERE company_id = ${companyId} AND kind = ${st.kind}), ${sql.param(st.sources)}::text[])`,
        );
      await tx.execute(sql`DELETE FROM positioning_drafts WHERE company_id = ${companyId}`);
    });
  } catch (err) {
    deps.logger?.warn({ err, companyId }, 'positioning draft failed');
    const reason = err instanceof Error ? err.message : String(err);
    await deps.db
      .execute(sql`UPDATE positioning_drafts SET state = 'failed', error = ${reason.slice(0, 500)} WHERE company_id = ${companyId} AND state = 'running'`)
      .catch((e: unknown) => deps.logger?.error({ err: e, companyId }, 'a failed positioning draft could not be marked'));
  }
}

export function positioningDraftQueue(deps: DraftDeps): QueueHandler {
  return { batchSize: 1, expireInSeconds: DRAFT.staleMs / 1000, handle: (data) => runDraft(deps, Number(data.companyId)) };
}

/** Fails the drafts whose worker died (the checklist shows the error; a curator drafts again). */
export async function failStaleDrafts(db: Exec, staleMs: number = DRAFT.staleMs): Promise<number> {
  const { rows } = await db.execute(
    sql`UPDATE positioning_drafts SET state = 'failed', error = 'the draft stopped before it ended; draft again'
        WHERE state = 'running' AND started_at < now() - make_interval(secs => ${staleMs / 1000}) RETURNING company_id`,
  );
  return rows.length;
}

export class PositioningDraftSweeper {
  private readonly sweeper: Sweeper;
  constructor(db: Db, opts: { logger?: Logger; sweepMs?: number } = {}) {
    this.sweeper = new Sweeper(async () => void (await failStaleDrafts(db)), {
      name: 'positioning draft sweeper',
      channel: 'rivalscope_positioning_drafts',
      sweepMs: opts.sweepMs ?? DRAFT.sweepMs,
      logger: opts.logger,
    });
  }
  start = () => this.sweeper.start();
  stop = () => this.sweeper.stop();
}
