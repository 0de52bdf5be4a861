import { getProfileRoute, userSchema, type User } from '@sparks/contract';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-call';
import { takeEarly } from '../../../lib/early-requests';

export async function getProfile(): Promise<User> {
  // The page may have asked already (askEarly); a missing or unreadable early answer is asked again.
  const early = userSchema.safeParse(await takeEarly(getProfileRoute.path));
  if (early.success) return early.data;
  return apiCall(getProfileRoute);
}

export function useProfile() {
  return useQuery({ queryKey: ['profile'], queryFn: getProfile });
}

/** The first name, else the username before its @ (a greeting by a whole e-mail address reads as a machine's). */
export function displayName(user: Pick<User, 'firstname' | 'username'>): string {
  return user.firstname?.trim() || user.username.split('@')[0] || user.username;
}
