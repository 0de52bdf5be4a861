import type { User } from '@sparks/contract';
import { useTranslation } from 'react-i18next';
import { InfoList } from '../../../components/ui/info-list';

/** The user's profile as it is now, in the language of the screen (the settings and profile assistants show it in chat). */
export function ProfileCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const missing = t('liveCards.missing');
  return (
    <div className="space-y-3" data-testid="live-profile-card">
      <p className="font-semibold">{t('liveCards.profile.title')}</p>
      <InfoList
        rows={[
          { label: t('liveCards.profile.firstname'), value: user.firstname?.trim() || missing },
          { label: t('liveCards.profile.lastname'), value: user.lastname?.trim() || missing },
          { label: t('liveCards.profile.phone'), value: user.phone?.trim() || missing },
          { label: t('liveCards.profile.language'), value: t(`liveCards.languages.${user.config.language}`) },
          { label: t('liveCards.profile.email'), value: user.email },
        ]}
      />
    </div>
  );
}
