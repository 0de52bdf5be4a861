import type { Invitation } from '@sparks/contract';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { EmptyNote } from '../../../components/ui/empty-note';
import { Button } from '../../../components/ui/button';
import { useTeamActions } from '../api/use-team';
import { TEAM_REFUSALS } from '../team-rules';
import { refusalText } from '../../../lib/refusal-text';

/** Invitations sent and not yet accepted: each can go out again (a new link) or be withdrawn. */
export function InvitationList({ invitations }: { invitations: Invitation[] }) {
  const { t, i18n } = useTranslation();
  const { resend, revoke } = useTeamActions();
  const date = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium' });
  const failed = resend.error ?? revoke.error;
  return (
    <section aria-labelledby="invitations-title" className="space-y-3">
      <h2 id="invitations-title" className="text-base font-semibold">
        {t('team.invitations.title')}
      </h2>
      {failed && <Alert tone="error">{refusalText(failed, TEAM_REFUSALS, t)}</Alert>}
      {invitations.length === 0 ? (
        <EmptyNote>{t('team.invitations.empty')}</EmptyNote>
      ) : (
        <ul className="divide-y divide-line rounded-xl border border-line bg-white" data-testid="team-invitations">
          {invitations.map((invitation) => (
            <li key={invitation._id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="font-medium text-ink [overflow-wrap:anywhere]">{invitation.email}</p>
                <p className="text-sm text-muted">
                  {t(`team.roles.${invitation.role}`)} ·{' '}
                  {invitation.expired ? t('team.invitations.expired') : t('team.invitations.expires', { when: date.format(new Date(invitation.expiresAt)) })}
                </p>
              </div>
              <div className="flex gap-2">
                <Button variant="ghost" className="border border-line" disabled={resend.isPending} onClick={() => resend.mutate(invitation._id)}>
                  {t('team.invitations.resend')}
                </Button>
                <Button variant="ghost" className="border border-line" disabled={revoke.isPending} onClick={() => revoke.mutate(invitation._id)}>
                  {t('team.invitations.revoke')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
