import {
  createSparkRoute,
  createTestRoute,
  deleteSparkRoute,
  deleteTestRoute,
  listSparksRoute,
  listTestsRoute,
  renameTestRoute,
  sparkSchema,
  updateSparkRoute,
  type Spark,
  type SparkPatch,
  type SparkTest,
} from '@sparks/contract';
import { z } from 'zod';
import { apiCall } from '../../../lib/api-call';
import { takeEarly } from '../../../lib/early-requests';

/** The Spark and test calls of product.md §7, parsed with the contract's schemas. */
export const sparksCalls = {
  list: async (): Promise<Spark[]> => {
    // The page may have asked already (askEarly); a missing or unreadable early answer is asked again.
    const early = z.array(sparkSchema).safeParse(await takeEarly(listSparksRoute.path));
    return early.success ? early.data : apiCall(listSparksRoute);
  },
  create: async (): Promise<Spark> => apiCall(createSparkRoute),
  update: async (sparkId: string, patch: SparkPatch): Promise<Spark> => apiCall(updateSparkRoute, { params: { sparkId }, body: patch }),
  remove: (sparkId: string) => apiCall(deleteSparkRoute, { params: { sparkId } }),
  listTests: async (sparkId: string): Promise<SparkTest[]> => apiCall(listTestsRoute, { params: { sparkId } }),
  createTest: async (sparkId: string, name: string): Promise<SparkTest> => apiCall(createTestRoute, { params: { sparkId }, body: { name, params: {} } }),
  renameTest: async (sparkId: string, testId: string, name: string): Promise<SparkTest> =>
    apiCall(renameTestRoute, { params: { sparkId, testId }, body: { name } }),
  removeTest: (sparkId: string, testId: string) => apiCall(deleteTestRoute, { params: { sparkId, testId } }),
};
