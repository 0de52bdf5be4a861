import type { RefusalWords } from '../../lib/refusal-text';

/** The refusals the team screens word in the user's language; any other shows the server's own words. */
export const TEAM_REFUSALS: RefusalWords = {
  LIMIT_REACHED: 'team.errors.seats',
  RATE_LIMITED: 'team.errors.tooMany',
  FORBIDDEN: 'team.errors.forbidden',
  INVITATION_INVALID: 'team.errors.invitationUnusable',
};
