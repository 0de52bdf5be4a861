import { healthSchema, type Health } from '@sparks/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export async function getHealth(): Promise<Health> {
  return healthSchema.parse(await apiClient.get('/health'));
}

export function useHealth() {
  return useQuery({ queryKey: ['health'], queryFn: getHealth });
}
