import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../../lib/session-store';
import { authCalls } from './auth-calls';

/** product.md §4 logout: end the server session, reset app state and storage, remove the cookie, go to /auth. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signOut = useSession((state) => state.signOut);
  return useCallback(async () => {
    // The server side is best effort: the user is logged out here even if the network is gone.
    await authCalls.logout().catch(() => undefined);
    signOut('logout');
    queryClient.clear();
    void navigate('/auth', { replace: true });
  }, [navigate, queryClient, signOut]);
}
