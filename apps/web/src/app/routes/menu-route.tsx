import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { useSparkMutations } from '../../features/sparks/api/use-sparks';
import { AssistantBubble, ChatFrame } from '../layouts/chat-frame';
import { useDocumentTitle } from '../use-document-title';
import { useRouteTheme } from '../use-route-theme';

export type MenuTopic = 'settings' | 'billing' | 'deploy' | 'new-spark' | 'profile-menu' | 'tutorial';

/** The menu screens of spec §2 in the menu theme; each topic's assistant conversation builds on this frame. */
export function MenuRoute({ topic }: { topic: MenuTopic }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { create } = useSparkMutations();
  useRouteTheme('menu');
  useDocumentTitle(t(`nav.${topic}`));
  return (
    <ChatFrame theme="menu" header={<h1 className="text-lg font-semibold">{t(`nav.${topic}`)}</h1>}>
      <AssistantBubble>
        <p>{t(`menu.${topic}`)}</p>
        {topic === 'new-spark' && (
          <>
            {create.isError && <Alert tone="error">{t('errors.generic')}</Alert>}
            <Button disabled={create.isPending} onClick={() => create.mutate(undefined, { onSuccess: (spark) => void navigate(`/spark/${spark._id}`) })}>
              {t('sparks.create')}
            </Button>
          </>
        )}
      </AssistantBubble>
    </ChatFrame>
  );
}
