import { z } from 'zod';
import { plainText } from './auth.js';
import { dataEnvelope } from './envelope.js';

/**
 * Re-runnable tests: a test chat kept as a test case (its questions and what a good answer must
 * do), replayed against the Spark as it is now and judged, automatically after each change that
 * can alter answers and on demand.
 */
export const TEST_CASE_LIMITS = { turns: 10, facts: 10, factChars: 200, expectationChars: 500, nameChars: 60 } as const;
/** Runs kept for the history chart; older ones are dropped as new ones finish. */
export const TEST_RUNS_KEPT = 30;

const fact = plainText().pipe(z.string().trim().min(1, 'must not be empty').max(TEST_CASE_LIMITS.factChars));
const facts = z.array(fact).max(TEST_CASE_LIMITS.facts);

/** What a good answer does, as the owner says it: facts it mentions, words it never says, a document it cites, and plain words. */
export const expectationsBodySchema = z
  .object({
    mustInclude: facts.default([]),
    mustNotInclude: facts.default([]),
    citesDocumentId: z.uuid({ error: 'must be a document id' }).nullable().default(null),
    expectation: plainText().pipe(z.string().trim().max(TEST_CASE_LIMITS.expectationChars)).nullable().default(null),
    /** The action the answer must offer or call, and the values it must be given (decision 0042). */
    callsAction: z
      .object({
        actionId: z.uuid({ error: 'must be an action id' }),
        values: z
          .record(z.string().max(40), z.string().max(500))
          .refine((values) => Object.keys(values).length <= 10, { message: 'must hold at most 10 values' })
          .default({}),
      })
      .strict()
      .nullable()
      .default(null),
  })
  .strict();
export type ExpectationsBody = z.input<typeof expectationsBodySchema>;

export const expectationsSchema = z.object({
  mustInclude: z.array(z.string()),
  mustNotInclude: z.array(z.string()),
  citesDocument: z.object({ documentId: z.string(), name: z.string() }).nullable(),
  expectation: z.string().nullable(),
  /** Absent on checks saved before actions. */
  callsAction: z
    .object({ actionId: z.string(), name: z.string(), values: z.record(z.string(), z.string()) })
    .nullable()
    .optional(),
});
export type Expectations = z.infer<typeof expectationsSchema>;

/** What one question's answer must do: `turn` is the question's place in the chat, from 0. */
export const turnChecksBodySchema = expectationsBodySchema
  .extend({
    turn: z
      .number()
      .int()
      .min(0)
      .max(TEST_CASE_LIMITS.turns - 1),
  })
  .strict();
export type TurnChecksBody = z.input<typeof turnChecksBodySchema>;
const checksBody = z
  .array(turnChecksBodySchema)
  .max(TEST_CASE_LIMITS.turns)
  .refine((checks) => new Set(checks.map((check) => check.turn)).size === checks.length, 'each question may have one set of checks');

/**
 * POST /sparks/{sparkId}/test-cases: the test chat to keep, and what each of its answers must do.
 * Each expectation belongs to one question, so a later question's answer never fails a check meant for an earlier one.
 */
export const createTestCaseBodySchema = z
  .object({
    testId: z.uuid({ error: 'must be a test id' }),
    name: plainText().pipe(z.string().trim().min(1).max(TEST_CASE_LIMITS.nameChars)).optional(),
    checks: checksBody,
  })
  .strict();
export type CreateTestCaseBody = z.input<typeof createTestCaseBodySchema>;

export const updateTestCaseBodySchema = z
  .object({
    name: plainText().pipe(z.string().trim().min(1).max(TEST_CASE_LIMITS.nameChars)).optional(),
    checks: checksBody.optional(),
  })
  .strict();

/** Why a case failed; the web app words each code, `detail` names the fact or document concerned. */
export const FAILURE_CODES = ['missing', 'forbidden', 'not-cited', 'document-gone', 'judge', 'no-action', 'action-values', 'error'] as const;
/** `turn` is the question whose answer failed (null when the chat could not be replayed at all). */
export const failureSchema = z.object({ code: z.enum(FAILURE_CODES), detail: z.string(), message: z.string(), turn: z.number().int().nullable() });
export type CaseFailure = z.infer<typeof failureSchema>;

export const caseResultSchema = z.object({
  runId: z.string(),
  passed: z.boolean(),
  failures: z.array(failureSchema),
  /** Whether the plain-words expectation was graded by a model (a model is configured) or only the checks ran. */
  graded: z.enum(['checks', 'model']),
  /** The question whose answers are compared: the first that failed, else the last one checked. */
  turn: z.number().int().nullable(),
  answer: z.string(),
  /** The answer the previous run (or, first, the saved chat) gave to that question, for side-by-side reading. */
  previousAnswer: z.string(),
  at: z.string(),
});
export type CaseResult = z.infer<typeof caseResultSchema>;

/** One question of a case: what the chat answered when it was saved, and what its answer must do (null: not checked). */
export const testTurnSchema = z.object({ question: z.string(), baseline: z.string(), expectations: expectationsSchema.nullable() });
export type TestTurn = z.infer<typeof testTurnSchema>;

export const testCaseSchema = z.object({
  _id: z.string(),
  sparkId: z.string(),
  testId: z.string().nullable(),
  name: z.string(),
  turns: z.array(testTurnSchema),
  lastResult: caseResultSchema.nullable(),
  createdAt: z.string(),
});
export type TestCase = z.infer<typeof testCaseSchema>;
export const testCaseResponseSchema = dataEnvelope(testCaseSchema);
export const testCaseListResponseSchema = dataEnvelope(z.array(testCaseSchema));

/** What the assistant proposes for a test chat: each question with its answer and the expectations drawn from it. */
export const caseProposalSchema = z.object({
  name: z.string(),
  turns: z.array(z.object({ question: z.string(), answer: z.string(), expectations: expectationsSchema })),
});
export type CaseProposal = z.infer<typeof caseProposalSchema>;
export const caseProposalResponseSchema = dataEnvelope(caseProposalSchema);

export const RUN_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const testRunSchema = z.object({
  _id: z.string(),
  sparkId: z.string(),
  trigger: z.enum(['manual', 'change']),
  status: z.enum(RUN_STATUSES),
  total: z.number().int().nonnegative(),
  completed: z.number().int().nonnegative(),
  passed: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TestRun = z.infer<typeof testRunSchema>;
export const testRunResponseSchema = dataEnvelope(testRunSchema);
export const testRunListResponseSchema = dataEnvelope(z.array(testRunSchema));
