import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { rememberInvitation } from '../../../lib/pending-invitation';
import { useSession } from '../../../lib/session-store';
import { useAcceptInvitation, useInvitationPreview } from '../api/use-invitation';
import { TEAM_REFUSALS } from '../team-rules';
import { refusalText } from '../../../lib/refusal-text';

/**
 * The page an invitation's link opens: whose team, which role, and the one step to join. Signed
 * out, it sends the invitee to sign in (or sign up) and back here; signed in, it joins.
 */
export function InvitationScreen({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useSession((state) => state.accessToken !== null);
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation(token);
  const here = `/invitation?token=${encodeURIComponent(token)}`;
  const back = `/auth?redirect=${encodeURIComponent(here)}`;

  if (!token) return <Alert tone="error">{t('team.errors.invitationUnusable')}</Alert>;
  if (preview.isPending) return <Spinner label={t('team.accept.loading')} className="size-8" />;
  if (preview.isError) return <Alert tone="error">{refusalText(preview.error, TEAM_REFUSALS, t) || t('team.errors.invitationUnusable')}</Alert>;
  const { invitedBy, account, email, role } = preview.data;
  const refusal = accept.error ? refusalText(accept.error, TEAM_REFUSALS, t) : undefined;
  return (
    <div className="space-y-5">
      <p className="text-base text-ink [overflow-wrap:anywhere]">
        {invitedBy === account
          ? t('team.accept.introOwn', { inviter: invitedBy, role: t(`team.roles.${role}`) })
          : t('team.accept.intro', { inviter: invitedBy, account, role: t(`team.roles.${role}`) })}
      </p>
      <p className="text-sm text-muted">{t(`team.roleHints.${role}`)}</p>
      <p className="text-sm text-muted [overflow-wrap:anywhere]">{t('team.accept.forAddress', { email })}</p>
      {refusal && <Alert tone="error">{refusal}</Alert>}
      {signedIn ? (
        <Button disabled={accept.isPending} onClick={() => accept.mutate(undefined, { onSuccess: () => void navigate('/', { replace: true }) })}>
          {accept.isPending ? t('team.accept.joining') : t('team.accept.join')}
        </Button>
      ) : (
        <div className="flex flex-wrap gap-3">
          <Link
            to={back}
            onClick={() => rememberInvitation(here)}
            className="inline-flex min-h-10 items-center rounded-lg bg-primary px-4 text-sm font-medium text-white hover:bg-primary-strong"
          >
            {t('team.accept.signIn')}
          </Link>
        </div>
      )}
    </div>
  );
}
