import { userSchema, type User } from '@sparks/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export async function getProfile(): Promise<User> {
  return userSchema.parse(await apiClient.get('/account/profile'));
}

export function useProfile() {
  return useQuery({ queryKey: ['profile'], queryFn: getProfile });
}

/** Spec §2: the first name, else the username. */
export function displayName(user: Pick<User, 'firstname' | 'username'>): string {
  return user.firstname?.trim() || user.username;
}
