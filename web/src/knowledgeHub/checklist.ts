// The knowledge hub's setup checklist (part 3 §2.4, §4.7) as pure functions of the server's steps: their order, which
// are blocked, the progress, the current step, whether the dashboard widget shows, and whether the page polls.
import { KNOWLEDGE_HUB, KNOWLEDGE_STEPS, type KnowledgeStep, type KnowledgeStepName, type StepStatus } from '../../../contracts/knowledgeHub.ts';

export const HUB_PATH = '/knowledge-hub';
export const stepPath = (name: KnowledgeStepName) => `${HUB_PATH}/${name}`;
/** One file's passages in the files step (curators; search links its hits here). */
export const filePath = (fileId: number) => `${stepPath('files')}/${fileId}`;

export type ChecklistStep = { name: KnowledgeStepName; status: StepStatus; error: string | null; blocked: boolean; url: string };

/** The server's steps in the checklist's order; competitors only when the server returns it (its flag is on). */
export function checklistSteps(steps: readonly KnowledgeStep[]): ChecklistStep[] {
  const byName = new Map(steps.map((s) => [s.name, s]));
  const ordered = KNOWLEDGE_STEPS.flatMap((name) => {
    const s = byName.get(name);
    return s ? [s] : [];
  });
  // A step is blocked while an earlier step is not done.
  return ordered.map((s, i) => ({
    name: s.name,
    status: s.status,
    error: s.error,
    blocked: ordered.slice(0, i).some((earlier) => earlier.status !== 'done'),
    url: stepPath(s.name),
  }));
}

/** Done steps over the steps that are not 'done' itself, in percent, rounded down. */
export function progressPercent(steps: readonly ChecklistStep[]): number {
  const counted = steps.filter((s) => s.name !== 'done');
  if (counted.length === 0) return 0;
  return Math.floor((counted.filter((s) => s.status === 'done').length * 100) / counted.length);
}

/**
 * The step to show: one in error; then the viewed step if it is done; then one generating; then the earliest pending
 * or not started. With none of those (everything done) it is the last step, 'done'.
 */
export function currentStep(steps: readonly ChecklistStep[], viewed?: KnowledgeStepName | null): ChecklistStep | null {
  return (
    steps.find((s) => s.status === 'error') ??
    steps.find((s) => s.name === viewed && s.status === 'done') ??
    steps.find((s) => s.status === 'generating') ??
    steps.find((s) => s.status === 'pending' || s.status === 'not-started') ??
    steps.at(-1) ??
    null
  );
}

/** The dashboard widget hides when every step is done, or when one is in error. */
export function widgetHidden(steps: readonly ChecklistStep[]): boolean {
  return steps.every((s) => s.status === 'done') || steps.some((s) => s.status === 'error');
}

/** How often the steps are asked again: every stepPollMs while one generates or a file is extracting, else never. */
export function pollInterval(steps: readonly ChecklistStep[] | undefined, fileExtracting = false): number | false {
  return fileExtracting || (steps ?? []).some((s) => s.status === 'generating') ? KNOWLEDGE_HUB.stepPollMs : false;
}

/** Whether a path's first segment names a step. */
export const isStepName = (s: string | undefined): s is KnowledgeStepName => (KNOWLEDGE_STEPS as readonly string[]).includes(s ?? '');
