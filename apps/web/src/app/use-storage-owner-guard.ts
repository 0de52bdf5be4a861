import { useEffect } from 'react';
import { useProfile } from '../features/account/api/get-profile';
import { useLogout } from '../features/auth/api/use-logout';
import { browserStorage } from '../lib/session-store';
import { storageBelongsToOtherUser } from '../lib/storage-owner';

/** product.md §4: stored conversations of another user clear the storage and send the visitor to /auth. */
export function useStorageOwnerGuard(): void {
  const profile = useProfile();
  const logout = useLogout();
  useEffect(() => {
    if (profile.data && storageBelongsToOtherUser(browserStorage(), profile.data.id)) void logout();
  }, [profile.data, logout]);
}
