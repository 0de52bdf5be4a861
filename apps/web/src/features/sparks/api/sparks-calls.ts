import { sparkSchema, sparkTestSchema, type Spark, type SparkPatch, type SparkTest } from '@sparks/contract';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import { takeEarly } from '../../../lib/early-requests';

/** The Spark and test calls of product.md §7, parsed with the contract's schemas. */
export const sparksCalls = {
  list: async (): Promise<Spark[]> => {
    // The page may have asked already (askEarly); a missing or unreadable early answer is asked again.
    const early = z.array(sparkSchema).safeParse(await takeEarly('/sparks'));
    return early.success ? early.data : z.array(sparkSchema).parse(await apiClient.get('/sparks'));
  },
  create: async (): Promise<Spark> => sparkSchema.parse(await apiClient.post('/sparks')),
  update: async (sparkId: string, patch: SparkPatch): Promise<Spark> => sparkSchema.parse(await apiClient.patch(`/sparks/${sparkId}`, patch)),
  remove: (sparkId: string) => apiClient.delete(`/sparks/${sparkId}`),
  listTests: async (sparkId: string): Promise<SparkTest[]> => z.array(sparkTestSchema).parse(await apiClient.get(`/sparks/${sparkId}/tests`)),
  createTest: async (sparkId: string, name: string): Promise<SparkTest> =>
    sparkTestSchema.parse(await apiClient.post(`/sparks/${sparkId}/tests`, { name, params: {} })),
  renameTest: async (sparkId: string, testId: string, name: string): Promise<SparkTest> =>
    sparkTestSchema.parse(await apiClient.patch(`/sparks/${sparkId}/tests/${testId}`, { name })),
  removeTest: (sparkId: string, testId: string) => apiClient.delete(`/sparks/${sparkId}/tests/${testId}`),
};
