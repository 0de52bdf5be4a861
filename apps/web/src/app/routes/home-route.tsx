import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { displayName, useProfile } from '../../features/account/api/get-profile';
import { ChatView } from '../../features/chat/components/chat-view';
import { useSparks } from '../../features/sparks/api/use-sparks';
import { AssistantBubble, ChatFrame } from '../layouts/chat-frame';
import { useChatEvents } from '../use-chat-events';
import { useDocumentTitle } from '../use-document-title';
import { useRouteTheme } from '../use-route-theme';

const OPTION =
  'inline-flex min-h-10 items-center rounded-lg border border-primary/30 bg-primary-soft px-3 text-sm font-medium text-primary hover:bg-primary hover:text-white';

/**
 * product.md §2 `/`: a welcome bubble by first name (else username) with what to do next; "ask a
 * question" opens the home assistant (main_chat), whose input shows while it waits for words.
 */
export function HomeRoute() {
  const { t } = useTranslation();
  const profile = useProfile();
  const sparks = useSparks();
  const onEvent = useChatEvents();
  const [asking, setAsking] = useState(false);
  useDocumentTitle(t('home.documentTitle'));
  useRouteTheme('menu');
  const latest = sparks.data?.[0];
  const header = <h1 className="text-lg font-semibold">{t('home.title')}</h1>;
  if (asking) {
    return (
      <ChatFrame theme="menu" fill header={header}>
        <ChatView target={{ kind: 'system', topic: 'main_chat' }} userId={profile.data?.id} onEvent={onEvent} input="whenAsked" startText={t('home.ask')} />
      </ChatFrame>
    );
  }
  return (
    <ChatFrame theme="menu" header={header}>
      <AssistantBubble>
        <p className="break-words text-lg font-semibold" data-testid="home-greeting">
          {profile.data ? t('home.greeting', { name: displayName(profile.data) }) : ''}
        </p>
        <p className="text-muted">{latest ? t('home.introWithSparks') : t('home.intro')}</p>
        <div className="flex flex-wrap gap-2">
          {latest && (
            <Link className={OPTION} to={`/spark/${latest._id}`}>
              {t('home.switchTo', { name: latest.name })}
            </Link>
          )}
          <Link className={OPTION} to="/new-spark">
            {t('home.create')}
          </Link>
          <Link className={OPTION} to="/profile">
            {t('home.profile')}
          </Link>
          <button type="button" className={OPTION} onClick={() => setAsking(true)}>
            {t('home.ask')}
          </button>
        </div>
      </AssistantBubble>
    </ChatFrame>
  );
}
