import { userSchema, type User } from '@sparks/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export async function getProfile(): Promise<User> {
  return userSchema.parse(await apiClient.get('/account/profile'));
}

export function useProfile() {
  return useQuery({ queryKey: ['profile'], queryFn: getProfile });
}

/** The first name, else the username before its @ (a greeting by a whole e-mail address reads as a machine's). */
export function displayName(user: Pick<User, 'firstname' | 'username'>): string {
  return user.firstname?.trim() || user.username.split('@')[0] || user.username;
}
