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
  })
  .strict();
export type ExpectationsBody = z.input<typeof expectationsBodySchema>;

export const expectationsSchema = z.object({
  mustInclude: z.array(z.string()),
  mustNotInclude: z.array(z.string()),
  citesDocument: z.object({ documentId: z.string(), name: z.string() }).nullable(),
  expectation: z.string().nullable(),
});
export type Expectations = z.infer<typeof expectationsSchema>;

/** POST /sparks/{sparkId}/test-cases: the test chat to keep, and what its answers must do. */
export const createTestCaseBodySchema = z
  .object({
    testId: z.uuid({ error: 'must be a test id' }),
    name: plainText().pipe(z.string().trim().min(1).max(TEST_CASE_LIMITS.nameChars)).optional(),
    expectations: expectationsBodySchema,
  })
  .strict();
export type CreateTestCaseBody = z.input<typeof createTestCaseBodySchema>;

export const updateTestCaseBodySchema = z
  .object({
    name: plainText().pipe(z.string().trim().min(1).max(TEST_CASE_LIMITS.nameChars)).optional(),
    expectations: expectationsBodySchema.optional(),
  })
  .strict();

/** Why a case failed; the web app words each code, `detail` names the fact or document concerned. */
export const FAILURE_CODES = ['missing', 'forbidden', 'not-cited', 'document-gone', 'judge', 'error'] as const;
export const failureSchema = z.object({ code: z.enum(FAILURE_CODES), detail: z.string(), message: z.string() });
export type CaseFailure = z.infer<typeof failureSchema>;

export const caseResultSchema = z.object({
  runId: z.string(),
  passed: z.boolean(),
  failures: z.array(failureSchema),
  /** Whether the plain-words expectation was graded by a model (a model is configured) or only the checks ran. */
  graded: z.enum(['checks', 'model']),
  answer: z.string(),
  /** The answer the previous run (or, first, the saved chat) gave, for side-by-side reading. */
  previousAnswer: z.string(),
  at: z.string(),
});
export type CaseResult = z.infer<typeof caseResultSchema>;

export const testCaseSchema = z.object({
  _id: z.string(),
  sparkId: z.string(),
  testId: z.string().nullable(),
  name: z.string(),
  turns: z.array(z.string()),
  expectations: expectationsSchema,
  /** The last answer of the chat when it was saved. */
  baseline: z.string(),
  lastResult: caseResultSchema.nullable(),
  createdAt: z.string(),
});
export type TestCase = z.infer<typeof testCaseSchema>;
export const testCaseResponseSchema = dataEnvelope(testCaseSchema);
export const testCaseListResponseSchema = dataEnvelope(z.array(testCaseSchema));

/** What the assistant proposes for a test chat: its questions, last answer and expectations drawn from them. */
export const caseProposalSchema = z.object({
  name: z.string(),
  turns: z.array(z.string()),
  answer: z.string(),
  expectations: expectationsSchema,
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
