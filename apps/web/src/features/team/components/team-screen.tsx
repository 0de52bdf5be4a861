import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { useTeam } from '../api/use-team';
import { TEAM_REFUSALS } from '../team-rules';
import { AuditLog } from './audit-log';
import { DeleteAccount } from './delete-account';
import { InvitationList } from './invitation-list';
import { InviteForm } from './invite-form';
import { MemberList } from './member-list';
import { refusalText } from '../../../lib/refusal-text';

/** Settings › Team: who works in the account, with which role, and who is invited. */
export function TeamScreen() {
  const { t } = useTranslation();
  const team = useTeam();
  if (team.isPending) return <Spinner label={t('team.loading')} className="size-8" />;
  if (team.isError) return <Alert tone="error">{refusalText(team.error, TEAM_REFUSALS, t)}</Alert>;
  const { members, invitations, seats } = team.data;
  const you = members.find((member) => member.you);
  return (
    <div className="mx-auto w-full max-w-4xl space-y-6 p-4 sm:p-6">
      <p className="text-sm text-muted" data-testid="team-seats">
        {seats.limit === null ? t('team.seatsUnlimited', { used: seats.used }) : t('team.seats', { used: seats.used, limit: seats.limit })}
      </p>
      <InviteForm seatsLeft={seats.limit === null ? null : Math.max(0, seats.limit - seats.used)} />
      <MemberList members={members} canTransfer={you?.role === 'owner'} />
      <InvitationList invitations={invitations} />
      <AuditLog members={members} />
      {you?.role === 'owner' && <DeleteAccount email={you.email} />}
    </div>
  );
}
