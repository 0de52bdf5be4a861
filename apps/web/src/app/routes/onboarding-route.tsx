import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { displayName, useProfile } from '../../features/account/api/get-profile';
import { ChatView } from '../../features/chat/components/chat-view';
import { ObjectivesPanel } from '../../features/objectives/components/objectives-panel';
import { onboardingObjectives } from '../../features/objectives/onboarding-objectives';
import { SPARKS_KEY } from '../../features/sparks/api/use-sparks';
import { useViewportStore } from '../../lib/viewport-store';
import { useChatEvents } from '../use-chat-events';
import { useDocumentTitle } from '../use-document-title';

/**
 * product.md §2 `/onBoarding`: where a newly verified user lands — the first-chatbot welcome chat of the
 * onboarding assistant, beside the static onboarding objectives.
 */
export function OnboardingRoute() {
  const { t } = useTranslation();
  const profile = useProfile();
  const queryClient = useQueryClient();
  const onEvent = useChatEvents();
  const isDesktop = useViewportStore((state) => state.isDesktop);
  const headingId = useId();
  useDocumentTitle(t('onboarding.documentTitle'));
  const objectives = onboardingObjectives(t, profile.data?.id ?? '');
  const panel = <ObjectivesPanel title={t('objectives.onboarding.title')} objectives={objectives} loading={false} failed={false} headingId={headingId} />;

  return (
    <section aria-labelledby="onboarding-title" className="space-y-6">
      <div className="space-y-2 text-center">
        <h1 id="onboarding-title" className="text-3xl font-bold tracking-tight [overflow-wrap:anywhere]">
          {profile.data ? t('onboarding.title', { name: displayName(profile.data) }) : t('onboarding.titleAnonymous')}
        </h1>
        <p className="text-muted">{t('onboarding.body')}</p>
        <Link to="/" className="inline-block text-sm font-medium text-primary underline-offset-2 hover:underline">
          {t('onboarding.continue')}
        </Link>
      </div>
      <div className="flex flex-col gap-6 desktop:flex-row">
        <div className="flex h-[min(620px,72dvh)] min-w-0 flex-1 flex-col overflow-hidden rounded-2xl border border-line bg-canvas shadow-sm">
          <ChatView
            target={{ kind: 'system', topic: 'onboarding' }}
            userId={profile.data?.id}
            onEvent={onEvent}
            onTurnFinished={() => void queryClient.invalidateQueries({ queryKey: SPARKS_KEY })}
            input="whenAsked"
          />
        </div>
        {isDesktop ? (
          <aside aria-labelledby={headingId} className="flex w-[432px] max-w-full shrink-0 overflow-hidden rounded-2xl border border-line">
            {panel}
          </aside>
        ) : (
          <details className="overflow-hidden rounded-2xl border border-line bg-white">
            <summary className="cursor-pointer px-4 py-3 text-sm font-semibold">{t('objectives.open')}</summary>
            {panel}
          </details>
        )}
      </div>
    </section>
  );
}
