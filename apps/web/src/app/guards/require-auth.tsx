import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { takeInvitation } from '../../lib/pending-invitation';
import { useSession } from '../../lib/session-store';

/** product.md §2: protected routes without a stored access token replace the history entry with /auth. */
export function RequireAuth() {
  const signedIn = useSession((state) => state.accessToken !== null);
  const endedBy = useSession((state) => state.endedBy);
  const location = useLocation();
  if (!signedIn) {
    const back = `${location.pathname}${location.search}${location.hash}`;
    const query = back && back !== '/' && endedBy !== 'logout' ? `?redirect=${encodeURIComponent(back)}` : '';
    return <Navigate to={`/auth${query}`} replace />;
  }
  // Signed in (or up) after opening an invitation: back to it, once.
  const invitation = takeInvitation();
  if (invitation) return <Navigate to={invitation} replace />;
  return <Outlet />;
}

/**
 * Public account screens send a user who arrives signed in home. Only the state on arrival
 * counts: signing in on these screens navigates on its own (to /onBoarding or the redirect).
 */
export function PublicOnly() {
  const [signedInOnArrival] = useState(() => useSession.getState().accessToken !== null);
  return signedInOnArrival ? <Navigate to="/" replace /> : <Outlet />;
}
