import { objectivesRoute, type Language, type Objective } from '@sparks/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';

export const OBJECTIVES_KEY = ['objectives'] as const;

/** product.md §7 GET /objectives/{id}?lang: a Spark's id or a menu topic (main_chat has none and is not asked). */
export async function fetchObjectives(id: string, language: Language): Promise<Objective[]> {
  return apiCall(objectivesRoute, { params: { id }, query: { lang: language } });
}

export function useObjectives(id: string | null, language: Language) {
  return useQuery({
    queryKey: [...OBJECTIVES_KEY, id, language],
    queryFn: () => fetchObjectives(id!, language),
    enabled: id !== null,
  });
}
