// The knowledge hub's setup checklist (part 3 §2.4, §3): each step's status is computed from what exists (files and
// their extraction, variables, products, positioning and its draft, published rivals) and what a curator confirmed.
// `stepsOf` is the one rule, pure; `loadStepFacts` reads what it needs, scoped by the company.
import { sql } from 'drizzle-orm';
import { rowsOf, type Exec } from '../../db/client.ts';
import { KNOWLEDGE_HUB, KNOWLEDGE_STEPS, type KnowledgeStep, type KnowledgeStepName, type StepsResponse } from '../../contracts/knowledgeHub.ts';
import type { Auth } from '../auth/context.ts';
import { apiError } from '../errors.ts';

/** What the steps are computed from. */
export type StepFacts = {
  confirmed: ReadonlySet<KnowledgeStepName>;
  files: { pendingOrRunning: number; extracted: number; failed: { title: string; error: string | null }[]; total: number };
  variables: number;
  products: number;
  positioning: { statements: number; draft: { state: 'running' | 'failed'; error: string | null } | null };
  publishedRivals: number;
  competitorsStep: boolean;
};

/** Why a step cannot be done yet, in words; null when what it needs exists. */
export function missingFor(step: KnowledgeStepName, f: StepFacts): string | null {
  switch (step) {
    case 'files': {
      if (f.files.total === 0) return 'upload a file first';
      if (f.files.pendingOrRunning > 0) return 'files are still being read';
      const failed = f.files.failed[0];
      if (failed) return `reading ${failed.title} failed: ${failed.error ?? 'unknown error'}`;
      return f.files.extracted > 0 ? null : 'no file has been read yet';
    }
    case 'variables':
      return f.variables > 0 ? null : 'add a variable first';
    case 'products':
      return f.products > 0 ? null : 'add a product first';
    case 'positioning':
      if (f.positioning.draft?.state === 'running') return 'a positioning draft is being written';
      return f.positioning.statements > 0 ? null : 'add or draft a positioning statement first';
    case 'competitors':
      if (!f.competitorsStep) return 'the competitors step is off';
      return f.publishedRivals > 0 ? null : 'publish a competitor first';
    case 'done': {
      const open = activeSteps(f).filter((s) => s !== 'done' && statusOf(s, f).status !== 'done');
      return open.length ? `finish ${open.join(', ')} first` : null;
    }
  }
}

/** The steps a company's checklist shows: competitors only with its flag. */
export const activeSteps = (f: Pick<StepFacts, 'competitorsStep'>): KnowledgeStepName[] =>
  KNOWLEDGE_STEPS.filter((s) => s !== 'competitors' || f.competitorsStep);

function statusOf(step: KnowledgeStepName, f: StepFacts): KnowledgeStep {
  const is = (status: KnowledgeStep['status'], error: string | null = null): KnowledgeStep => ({ name: step, status, error });
  const confirmedAndReady = f.confirmed.has(step) && missingFor(step, f) === null;
  switch (step) {
    case 'files': {
      if (f.files.total === 0) return is('not-started');
      if (f.files.pendingOrRunning > 0) return is('generating');
      const failed = f.files.failed[0];
      if (failed) return is('error', `${failed.title}: ${failed.error ?? 'unknown error'}`);
      return is(confirmedAndReady ? 'done' : 'pending');
    }
    case 'variables':
    case 'products':
      if ((step === 'variables' ? f.variables : f.products) === 0) return is('not-started');
      return is(confirmedAndReady ? 'done' : 'pending');
    case 'positioning':
      if (f.positioning.draft?.state === 'running') return is('generating');
      if (f.positioning.draft?.state === 'failed') return is('error', f.positioning.draft.error ?? 'the draft failed');
      if (f.positioning.statements === 0) return is('not-started');
      return is(confirmedAndReady ? 'done' : 'pending');
    case 'competitors':
      return is(confirmedAndReady ? 'done' : 'pending');
    case 'done':
      return is(missingFor('done', f) === null ? 'done' : 'pending');
  }
}

/** The checklist's steps (only those asked for, when given), in order. */
export function stepsOf(f: StepFacts, only?: readonly KnowledgeStepName[]): KnowledgeStep[] {
  return activeSteps(f)
    .filter((s) => !only || only.includes(s))
    .map((s) => statusOf(s, f));
}

/** Reads what the steps of a company are computed from. */
export async function loadStepFacts(db: Exec, auth: Pick<Auth, 'companyId' | 'company'>): Promise<StepFacts> {
  const c = auth.companyId;
  const [counts] = await rowsOf<{ pending: number; extracted: number; total: number; variables: number; products: number; statements: number; rivals: number }>(
    db,
    sql`SELECT
          (SELECT count(*) FROM knowledge_files WHERE company_id = ${c} AND extraction IN ('pending', 'running'))::int AS pending,
          (SELECT count(*) FROM knowledge_files WHERE company_id = ${c} AND extraction = 'done')::int AS extracted,
          (SELECT count(*) FROM knowledge_files WHERE company_id = ${c})::int AS total,
          (SELECT count(*) FROM knowledge_variables WHERE company_id = ${c})::int AS variables,
          (SELECT count(*) FROM products p JOIN organizations o ON o.id = p.organization_id AND o.is_own_organization WHERE p.company_id = ${c})::int AS products,
          (SELECT count(*) FROM positioning_statements WHERE company_id = ${c})::int AS statements,
          (SELECT count(*) FROM rivals WHERE company_id = ${c} AND NOT is_draft)::int AS rivals`,
  );
  const failed = await rowsOf<{ title: string; error: string | null }>(
    db,
    sql`SELECT title, extraction_error AS error FROM knowledge_files WHERE company_id = ${c} AND extraction = 'failed' ORDER BY updated_at DESC, id DESC`,
  );
  const [draft] = await rowsOf<{ state: 'running' | 'failed'; error: string | null }>(db, sql`SELECT state, error FROM positioning_drafts WHERE company_id = ${c}`);
  const confirmed = await rowsOf<{ step: KnowledgeStepName }>(db, sql`SELECT step FROM knowledge_steps WHERE company_id = ${c}`);
  return {
    confirmed: new Set(confirmed.map((r) => r.step)),
    files: { pendingOrRunning: counts.pending, extracted: counts.extracted, failed, total: counts.total },
    variables: counts.variables,
    products: counts.products,
    positioning: { statements: counts.statements, draft: draft ?? null },
    publishedRivals: counts.rivals,
    competitorsStep: auth.company.companyData.flags?.[KNOWLEDGE_HUB.competitorsFlag] === true,
  };
}

export async function readSteps(db: Exec, auth: Auth, only?: readonly KnowledgeStepName[]): Promise<StepsResponse> {
  return { steps: stepsOf(await loadStepFacts(db, auth), only) };
}

/** Confirms a step once what it needs exists (409 `step_not_ready` saying what is missing); answers every step. */
export async function confirmStep(db: Exec, auth: Auth, step: KnowledgeStepName): Promise<StepsResponse> {
  const facts = await loadStepFacts(db, auth);
  const missing = missingFor(step, facts);
  if (missing) throw apiError('step_not_ready', { step, problem: missing });
  await db.execute(
    sql`INSERT INTO knowledge_steps (company_id, step, confirmed_by) VALUES (${auth.companyId}, ${step}, ${auth.user.id})
        ON CONFLICT (company_id, step) DO UPDATE SET confirmed_at = now(), confirmed_by = EXCLUDED.confirmed_by`,
  );
  return { steps: stepsOf({ ...facts, confirmed: new Set([...facts.confirmed, step]) }) };
}
