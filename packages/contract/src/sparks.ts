import { z } from 'zod';
import { LIMITS } from './constants.js';
import { plainText } from './auth.js';
import { dataEnvelope } from './envelope.js';
import { sparkThemeSchema } from './spark-looks.js';

/** product.md §3: what a new Spark starts with. */
export const SPARK_DEFAULTS = {
  name: 'Spark Nuevo',
  pin: false,
  type: 'DOC',
  options: { isTest: false, initialMessage: 'Bienvenido a tu nuevo Spark', level: 'PUBLIC', sysPrompt: 'default' },
} as const;

export const SPARK_NAME_MAX = 80;
export const TEST_NAME_MAX = 80;

export const sparkNameSchema = plainText().pipe(z.string().trim().min(1, 'must not be blank').max(SPARK_NAME_MAX));

export const sparkSchema = z.object({
  _id: z.string(),
  name: z.string(),
  pin: z.boolean(),
  type: z.string(),
  createdAt: z.string(),
  options: z.object({
    isTest: z.boolean(),
    deployToken: z.string(),
    initialMessage: z.string(),
    level: z.string(),
    sysPrompt: z.string(),
    /** Beyond product.md §3's options: the widget theme the owner chose (null until chosen). */
    theme: sparkThemeSchema.nullable(),
    /** Beyond product.md §3: with a language model, may also answer from general knowledge (false: only from its documents). */
    generalKnowledge: z.boolean(),
  }),
});
export type Spark = z.infer<typeof sparkSchema>;
export const sparkResponseSchema = dataEnvelope(sparkSchema);
export const sparkListResponseSchema = dataEnvelope(z.array(sparkSchema));

/** product.md §7: PATCH takes {pin} or {name}; beyond it, {generalKnowledge}. Nothing else. */
export const sparkPatchSchema = z
  .object({ pin: z.boolean().optional(), name: sparkNameSchema.optional(), generalKnowledge: z.boolean().optional() })
  .strict()
  .refine((patch) => patch.pin !== undefined || patch.name !== undefined || patch.generalKnowledge !== undefined, 'send pin, name or generalKnowledge');
export type SparkPatch = z.infer<typeof sparkPatchSchema>;

export const testParamsSchema = z.object({ documentId: z.string().max(64).optional(), waitResponse: z.boolean().optional() }).strict();

export const sparkTestSchema = z.object({
  _id: z.string(),
  name: z.string(),
  sparkId: z.string(),
  params: testParamsSchema,
  createdAt: z.string(),
});
export type SparkTest = z.infer<typeof sparkTestSchema>;
export const sparkTestResponseSchema = dataEnvelope(sparkTestSchema);
export const sparkTestListResponseSchema = dataEnvelope(z.array(sparkTestSchema));

const testNameSchema = plainText().pipe(z.string().trim().min(1, 'must not be blank').max(TEST_NAME_MAX));
export const createTestBodySchema = z.object({ name: testNameSchema, params: testParamsSchema.default({}) }).strict();
export const renameTestBodySchema = z.object({ name: testNameSchema }).strict();
export const testErrorBodySchema = z.object({ error: plainText().pipe(z.string().trim().min(1).max(4000)) }).strict();

/** The message of product.md §5 when a sixth test is added. */
export const TEST_LIMIT_MESSAGE = `You can't add more than ${LIMITS.testsPerSpark} tests`;

/** product.md §5: adding is allowed while 4 or fewer tests exist. */
export const canAddTest = (existing: number): boolean => existing < LIMITS.testsPerSpark;
