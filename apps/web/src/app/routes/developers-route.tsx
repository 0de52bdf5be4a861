import { useTranslation } from 'react-i18next';
import { DevelopersScreen } from '../../features/developers/components/developers-screen';
import { ChatFrame } from '../layouts/chat-frame';
import { useDocumentTitle } from '../use-document-title';
import { useRouteTheme } from '../use-route-theme';

/** `/developers`: Settings › Developers, for owners and admins (the server refuses anyone else, and the screen says so). */
export function DevelopersRoute() {
  const { t } = useTranslation();
  useRouteTheme('normal');
  useDocumentTitle(t('developers.title'));
  return (
    <ChatFrame theme="normal" header={<h1 className="truncate text-lg font-semibold">{t('developers.title')}</h1>}>
      <DevelopersScreen />
    </ChatFrame>
  );
}
