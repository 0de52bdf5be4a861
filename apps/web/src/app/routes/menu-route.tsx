import { MESSAGE_MAX_CHARS, type SystemTopic } from '@sparks/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { useProfile } from '../../features/account/api/get-profile';
import { ChatView } from '../../features/chat/components/chat-view';
import { PLAN_USAGE_KEY } from '../../features/billing/api/use-plan-usage';
import { conversationStorage } from '../../features/chat/conversation-storage';
import { OBJECTIVES_KEY } from '../../features/objectives/api/use-objectives';
import { ObjectivesButton } from '../../features/objectives/components/objectives-button';
import { ObjectivesSidePanel } from '../../features/objectives/components/objectives-side-panel';
import { SPARKS_KEY } from '../../features/sparks/api/use-sparks';
import { useViewportStore } from '../../lib/viewport-store';
import { ChatFrame } from '../layouts/chat-frame';
import { liveCard } from '../live-card';
import { useChatEvents } from '../use-chat-events';
import { useDocumentTitle } from '../use-document-title';
import { useRouteTheme } from '../use-route-theme';

/** Cards of account state in these conversations are drawn live, never replayed. */
const LIVE_SLOTS = { liveCard };
/** The topics whose assistant shows the plan or profile cards. */
const LIVE_CARD_TOPICS: ReadonlySet<MenuTopic> = new Set(['billing', 'settings', 'profile-menu']);

export type MenuTopic = 'settings' | 'billing' | 'deploy' | 'new-spark' | 'profile-menu';

const HEADER_BUTTON =
  'inline-flex min-h-9 items-center gap-1.5 rounded-lg border border-white/70 px-3 py-1.5 text-sm font-medium hover:bg-white hover:text-primary';

interface TopicSettings {
  topic: SystemTopic;
  /** product.md §2: which objectives the panel shows, and under which title; none on /new-spark. */
  objectives: { id: string; titleKey: string } | null;
  /** product.md §2 hides the input here, except while the assistant waits for words (docs/spec-deviations.md). */
  input: 'always' | 'whenAsked';
}

const TOPICS: Record<MenuTopic, TopicSettings> = {
  settings: { topic: 'settings', objectives: { id: 'settings', titleKey: 'objectives.titles.settings' }, input: 'always' },
  billing: { topic: 'billing', objectives: { id: 'billing', titleKey: 'objectives.titles.billing' }, input: 'whenAsked' },
  deploy: { topic: 'deploy', objectives: { id: 'deploy', titleKey: 'objectives.titles.deploy' }, input: 'whenAsked' },
  'new-spark': { topic: 'new-spark', objectives: null, input: 'whenAsked' },
  'profile-menu': { topic: 'profile', objectives: { id: 'profile-menu', titleKey: 'objectives.titles.profile' }, input: 'whenAsked' },
};

/** The menu screens of product.md §2: the system assistant of each topic, in the menu theme, with its objectives. */
export function MenuRoute({ topic }: { topic: MenuTopic }) {
  const { t } = useTranslation();
  const profile = useProfile();
  const queryClient = useQueryClient();
  const onEvent = useChatEvents();
  const isDesktop = useViewportStore((state) => state.isDesktop);
  const [objectivesOpen, setObjectivesOpen] = useState(false);
  const objectivesButtonRef = useRef<HTMLButtonElement>(null);
  const settings = TOPICS[topic];
  const location = useLocation();
  const [params] = useSearchParams();
  // product.md §2: /deploy?q=… pre-fills a deploy request; the input shows so it can be sent or changed.
  const request = topic === 'deploy' ? params.get('q')?.trim().slice(0, MESSAGE_MAX_CHARS) || undefined : undefined;
  // product.md §2: arriving at /new-spark from another screen starts its assistant afresh (a new Spark);
  // a reload keeps the conversation in progress. Done before the chat first reads its storage.
  useState(() => {
    if (settings.topic === 'new-spark' && location.key !== 'default') conversationStorage().remove({ kind: 'system', topic: 'new-spark' });
    return null;
  });
  useRouteTheme('menu');
  useDocumentTitle(t(`nav.${topic}`));
  // The assistant's tools create and change Sparks, the profile and the deploy steps.
  const showsAccountCards = LIVE_CARD_TOPICS.has(topic);
  const onTurnFinished = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: SPARKS_KEY });
    void queryClient.invalidateQueries({ queryKey: OBJECTIVES_KEY });
    // Only the screens that draw the plan and profile cards read them again after each turn.
    if (!showsAccountCards) return;
    void queryClient.invalidateQueries({ queryKey: PLAN_USAGE_KEY });
    void queryClient.invalidateQueries({ queryKey: ['profile'] });
  }, [queryClient, showsAccountCards]);

  return (
    <ChatFrame
      theme="menu"
      fill
      header={<h1 className="truncate text-lg font-semibold">{t(`nav.${topic}`)}</h1>}
      actions={
        settings.objectives && (
          <ObjectivesButton
            objectivesId={settings.objectives.id}
            open={objectivesOpen}
            onToggle={() => setObjectivesOpen((open) => !open)}
            buttonRef={objectivesButtonRef}
            className={HEADER_BUTTON}
          />
        )
      }
    >
      <div className="flex min-h-0 flex-1">
        <ChatView
          key={settings.topic}
          target={{ kind: 'system', topic: settings.topic }}
          userId={profile.data?.id}
          onTurnFinished={onTurnFinished}
          onEvent={onEvent}
          slots={LIVE_SLOTS}
          input={request ? 'always' : settings.input}
          {...(request ? { initialDraft: request } : {})}
        />
        {settings.objectives && (
          <ObjectivesSidePanel
            objectivesId={settings.objectives.id}
            title={t(settings.objectives.titleKey)}
            open={objectivesOpen}
            desktop={isDesktop}
            onClose={() => setObjectivesOpen(false)}
            returnFocus={() => objectivesButtonRef.current?.focus()}
          />
        )}
      </div>
    </ChatFrame>
  );
}
