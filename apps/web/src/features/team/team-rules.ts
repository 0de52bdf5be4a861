import { ApiError } from '../../lib/api-client';

/** The translation key of a refusal the team screens explain in the user's language; undefined: the server's own words. */
export function teamErrorKey(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.code === 'LIMIT_REACHED') return 'team.errors.seats';
  if (error.code === 'RATE_LIMITED') return 'team.errors.tooMany';
  if (error.code === 'FORBIDDEN') return 'team.errors.forbidden';
  if (error.code === 'INVITATION_INVALID') return 'team.errors.invitationUnusable';
  return undefined;
}
