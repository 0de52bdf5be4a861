import { useTranslation } from 'react-i18next';
import { TeamScreen } from '../../features/team/components/team-screen';
import { ChatFrame } from '../layouts/chat-frame';
import { useDocumentTitle } from '../use-document-title';
import { useRouteTheme } from '../use-route-theme';

/** `/team`: Settings › Team, for owners and admins (the server refuses anyone else, and the screen says so). */
export function TeamRoute() {
  const { t } = useTranslation();
  useRouteTheme('normal');
  useDocumentTitle(t('team.title'));
  return (
    <ChatFrame theme="normal" header={<h1 className="truncate text-lg font-semibold">{t('team.title')}</h1>}>
      <TeamScreen />
    </ChatFrame>
  );
}
