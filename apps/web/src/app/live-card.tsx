import { Spinner } from '../components/ui/spinner';
import { useProfile } from '../features/account/api/get-profile';
import { ProfileCard } from '../features/account/components/profile-card';
import { PlanCard } from '../features/billing/components/plan-card';
import { EmbedCodeCard } from '../features/deploy/components/embed-code-card';
import { useTranslation } from 'react-i18next';

/** The state a chat card names, drawn from the app's own live queries (the profile's key is the one the rest of the app uses). */
function LiveCard({ kind }: { kind: 'profile' | 'plan' }) {
  const { t } = useTranslation();
  const profile = useProfile();
  if (!profile.data) return <Spinner label={t('liveCards.loading')} className="size-5" />;
  return kind === 'profile' ? <ProfileCard user={profile.data} /> : <PlanCard subscription={profile.data.tenants[0]?.subscription} />;
}

/** For ChatView's slots: the live cards this app knows; others stay as they were stored. */
export function liveCard(kind: string, data: Readonly<Record<string, unknown>>) {
  if (kind === 'profile' || kind === 'plan') return <LiveCard kind={kind} />;
  if (kind === 'embed' && typeof data.sparkId === 'string') return <EmbedCodeCard sparkId={data.sparkId} />;
  return null;
}
