import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { PanelHeader } from '../../../components/ui/panel-header';
import { Button } from '../../../components/ui/button';
import { ConfirmInPlace } from '../../../components/ui/confirm-in-place';
import { CopyBlock } from '../../../components/ui/copy-block';
import { LineIcon } from '../../../components/ui/line-icon';
import { Spinner } from '../../../components/ui/spinner';
import type { ApiError } from '../../../lib/api-client';
import { useDeployment, useDeploymentMutations } from '../api/use-deployment';
import { AllowedWebsites } from './allowed-websites';
import { VisitorConversations } from './visitor-conversations';
import { VisitorRetention } from './visitor-retention';
import { PrivacyLink } from './privacy-link';
import { PublicUrlWarning } from './public-url-warning';
import { SuggestedQuestions } from './suggested-questions';
import { WidgetTranslations } from './widget-translations';
import { ConversationExport } from './conversation-export';
import { WidgetUsageCaps } from './widget-usage-caps';

interface DeployPanelProps {
  sparkId: string;
  sparkName?: string;
  /** The script tag was copied: the deploy objective's step is done. */
  onSnippetCopied?: () => void;
  onClose: () => void;
  headingId?: string;
  notice?: ReactNode;
  /** Other places the Spark answers (WhatsApp), composed by the app: features do not import each other. */
  channels?: ReactNode;
  /** Whether the member's role reads visitors' conversations: the list and its export show only then. */
  readsConversations?: boolean;
}

/** Replacing the token is one click away from breaking every website: it asks once more, in place. */
function RotateToken({ onRotate, busy }: { onRotate: () => void; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <ConfirmInPlace
      label={t('deploy.rotate.button')}
      warning={t('deploy.rotate.warning')}
      confirmLabel={t('deploy.rotate.confirm')}
      busy={busy}
      onConfirm={onRotate}
    />
  );
}

/** The real chat frame, as visitors get it, loaded only when asked for (questions asked here are real ones). */
function LivePreview({ deployToken, name }: { deployToken: string; name: string }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <section className="space-y-2">
      <Button variant="ghost" className="border border-line" aria-expanded={shown} onClick={() => setShown((open) => !open)}>
        {shown ? t('deploy.preview.hide') : t('deploy.preview.show')}
      </Button>
      {shown && (
        <>
          <p className="text-xs text-muted">{t('deploy.preview.note')}</p>
          <iframe
            src={`/widget/frame/${deployToken}`}
            title={t('deploy.preview.title', { name })}
            className="h-[480px] w-full rounded-2xl border border-line bg-white shadow-sm"
          />
        </>
      )}
    </section>
  );
}

/** Putting a Spark on websites: where it may run, the code to paste, its token, and what visitors asked. */
export function DeployPanel({ sparkId, sparkName, onSnippetCopied, onClose, headingId, notice, channels, readsConversations = true }: DeployPanelProps) {
  const { t } = useTranslation();
  const deployment = useDeployment(sparkId);
  const { setOrigins, setCaps, setRetention, setSuggestedQuestions, setTranslation, setPrivacyUrl, rotate } = useDeploymentMutations(sparkId);
  return (
    <div className="flex h-full min-h-0 flex-col bg-canvas" data-testid="deploy-panel">
      <PanelHeader title={t('deploy.title')} headingId={headingId} closeLabel={t('deploy.close')} onClose={onClose} />
      {/* relative: screen-reader-only labels are placed inside this scroller, not stretched over the page. */}
      <div className="relative min-h-0 flex-1 space-y-6 overflow-y-auto p-4">
        {notice}
        {deployment.isPending ? (
          <Spinner label={t('deploy.loading')} />
        ) : deployment.isError ? (
          <Alert tone="error">{t('deploy.loadFailed')}</Alert>
        ) : (
          <>
            <AllowedWebsites
              origins={deployment.data.allowedOrigins}
              refusals={deployment.data.refusals}
              saving={setOrigins.isPending}
              error={(setOrigins.error as ApiError | null) ?? null}
              onChange={(origins) => setOrigins.mutate(origins)}
            />
            <section className="space-y-3">
              <CopyBlock value={deployment.data.snippet} label={t('deploy.snippet')} {...(onSnippetCopied ? { onCopied: onSnippetCopied } : {})} />
              <p className="text-xs text-muted">{t('deploy.snippetHint')}</p>
              <PublicUrlWarning publicUrlSet={deployment.data.publicUrlSet} />
              {deployment.data.allowedOrigins.length > 0 ? (
                <LivePreview key={deployment.data.deployToken} deployToken={deployment.data.deployToken} name={sparkName ?? ''} />
              ) : (
                <p className="text-xs text-muted">{t('deploy.preview.needsWebsite')}</p>
              )}
              <RotateToken onRotate={() => rotate.mutate()} busy={rotate.isPending} />
              {rotate.isSuccess && <Alert tone="success">{t('deploy.rotate.done')}</Alert>}
              {rotate.isError && <Alert tone="error">{rotate.error.message}</Alert>}
            </section>
            <section className="space-y-2" aria-labelledby={`${headingId ?? 'deploy'}-wordpress`}>
              <h3 id={`${headingId ?? 'deploy'}-wordpress`} className="text-sm font-semibold text-ink">
                {t('deploy.wordpress.title')}
              </h3>
              <p className="text-sm text-muted">{t('deploy.wordpress.steps', { server: window.location.origin })}</p>
              <a
                href="/widget/sparks-chat-wordpress.zip"
                download
                className="inline-flex min-h-9 items-center rounded-lg border border-primary px-3 text-sm font-medium text-primary hover:bg-primary-soft"
              >
                {t('deploy.wordpress.download')}
              </a>
              <CopyBlock value={deployment.data.deployToken} label={t('deploy.wordpress.token')} copyText={t('deploy.wordpress.copyToken')} />
            </section>
            {channels}
            <SuggestedQuestions
              key={deployment.data.suggestedQuestions.join('\n')}
              questions={deployment.data.suggestedQuestions}
              proposed={deployment.data.proposedQuestions}
              saving={setSuggestedQuestions.isPending}
              saved={setSuggestedQuestions.isSuccess}
              error={(setSuggestedQuestions.error as ApiError | null) ?? null}
              onSave={(questions) => setSuggestedQuestions.mutate(questions)}
            />
            <WidgetTranslations
              initialMessage={deployment.data.initialMessage}
              questions={deployment.data.suggestedQuestions}
              textLanguage={deployment.data.textLanguage}
              translations={deployment.data.translations}
              saving={setTranslation.isPending}
              saved={setTranslation.isSuccess}
              error={(setTranslation.error as ApiError | null) ?? null}
              onSave={(language, translation) => setTranslation.mutate({ language, translation })}
            />
            <WidgetUsageCaps
              key={`${deployment.data.dailyCaps.perVisitor.value}-${deployment.data.dailyCaps.perSpark.value}`}
              usage={deployment.data.usage}
              caps={deployment.data.dailyCaps}
              saving={setCaps.isPending}
              saved={setCaps.isSuccess}
              error={(setCaps.error as ApiError | null) ?? null}
              onSave={(caps) => setCaps.mutate(caps)}
            />
            <PrivacyLink
              key={deployment.data.privacyUrl ?? ''}
              url={deployment.data.privacyUrl}
              saving={setPrivacyUrl.isPending}
              saved={setPrivacyUrl.isSuccess}
              error={(setPrivacyUrl.error as ApiError | null) ?? null}
              onSave={(url) => setPrivacyUrl.mutate(url)}
            />
            <VisitorRetention
              days={deployment.data.visitorRetentionDays}
              saving={setRetention.isPending}
              error={setRetention.error}
              onChange={(days) => setRetention.mutate(days)}
            />
            <Link
              to={`/spark/${sparkId}/insights`}
              className="inline-flex min-h-9 items-center gap-1.5 rounded-lg border border-primary px-3 text-sm font-medium text-primary hover:bg-primary-soft"
              data-testid="deploy-insights-link"
            >
              <LineIcon className="size-4" d="M4 19V5M4 19h16M8 15v-3M12 15V9M16 15v-6" />
              {t('insights.fromDeploy')}
            </Link>
            {readsConversations && <VisitorConversations sparkId={sparkId} />}
            {readsConversations && <ConversationExport sparkId={sparkId} />}
          </>
        )}
      </div>
    </div>
  );
}
