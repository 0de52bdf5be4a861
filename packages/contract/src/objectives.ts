import { z } from 'zod';

/** product.md §4: the statuses a step can have, and their displayed forms. */
export const STEP_STATUSES = ['pending', 'error', 'inProgress', 'completed'] as const;
export type StepStatus = (typeof STEP_STATUSES)[number];
export const OBJECTIVE_STATUSES = ['Pending', 'InProgress', 'Error', 'Completed'] as const;
export type ObjectiveStatus = (typeof OBJECTIVE_STATUSES)[number];

export const objectiveStepSchema = z.object({ _id: z.string(), title: z.string(), status: z.enum(STEP_STATUSES) });
export type ObjectiveStep = z.infer<typeof objectiveStepSchema>;

/** product.md §3: Objective {_id, title, steps, sparkId, userId, isCompleted}. */
export const objectiveSchema = z.object({
  _id: z.string(),
  title: z.string(),
  steps: z.array(objectiveStepSchema),
  sparkId: z.string().nullable(),
  userId: z.string(),
  isCompleted: z.boolean(),
});
export type Objective = z.infer<typeof objectiveSchema>;

/**
 * product.md §4, with the error case first: read in the spec's order, "any step completed or errored
 * gives InProgress" would make "all errored gives Error" unreachable (docs/spec-deviations.md).
 * An objective without steps has nothing done yet: Pending.
 */
export function objectiveStatus(steps: ReadonlyArray<Pick<ObjectiveStep, 'status'>>): ObjectiveStatus {
  if (steps.length === 0) return 'Pending';
  if (steps.every((step) => step.status === 'completed')) return 'Completed';
  if (steps.every((step) => step.status === 'error')) return 'Error';
  if (steps.some((step) => step.status !== 'pending')) return 'InProgress';
  return 'Pending';
}

/** product.md §4: the rounded percentage of completed steps among all steps of all objectives (0 when there are none). */
export function objectivesProgress(objectives: ReadonlyArray<{ steps: ReadonlyArray<Pick<ObjectiveStep, 'status'>> }>): number {
  const steps = objectives.flatMap((objective) => objective.steps);
  if (steps.length === 0) return 0;
  return Math.round((steps.filter((step) => step.status === 'completed').length / steps.length) * 100);
}

export const objectiveListResponseSchema = z.object({ data: z.array(objectiveSchema) });
/** product.md §7: `?lang=en|es`; without it the user's stored language decides. */
export const objectivesQuerySchema = z.object({ lang: z.enum(['en', 'es']).optional() }).strict();

/** product.md §7 PATCH /objectives/deploy and /objectives/{sparkId}: one step the user reports. */
export const objectiveStepPatchSchema = z.object({ stepId: z.string().trim().min(1).max(120), status: z.enum(STEP_STATUSES) }).strict();
export type ObjectiveStepPatch = z.infer<typeof objectiveStepPatchSchema>;
