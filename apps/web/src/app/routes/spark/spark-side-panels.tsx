import { INTEGRATIONS_PLAN_SLUG, roleAllows, type Spark } from '@sparks/contract';
import { useNavigate } from 'react-router';
import { useProfile } from '../../../features/account/api/get-profile';
import { ActionsSidePanel } from '../../../features/actions/components/actions-side-panel';
import { DeploySidePanel } from '../../../features/deploy/components/deploy-side-panel';
import { useDocuments } from '../../../features/documents/api/use-documents';
import { DocumentsSidePanel } from '../../../features/documents/components/documents-side-panel';
import type { UploadFlow } from '../../../features/documents/use-upload-flow';
import { SharepointSidePanel } from '../../../features/integrations/components/sharepoint-side-panel';
import { MetaCard } from '../../../features/messaging/components/meta-card';
import { TelegramCard } from '../../../features/messaging/components/telegram-card';
import { useReportObjectiveStep } from '../../../features/objectives/api/report-objective-step';
import { ObjectivesSidePanel } from '../../../features/objectives/components/objectives-side-panel';
import { useWebsites } from '../../../features/websites/api/use-websites';
import { WebsitesSection } from '../../../features/websites/components/websites-section';
import type { useSparkMutations } from '../../../features/sparks/api/use-sparks';
import { LastRunWarning } from '../../../features/test-cases/components/last-run-warning';
import { WhatsappCard } from '../../../features/whatsapp/components/whatsapp-card';
import { useViewportStore } from '../../../lib/viewport-store';
import type { SparkPanelState } from './use-spark-panel';

interface SparkSidePanelsProps {
  spark: Spark;
  panels: SparkPanelState;
  /** The title's rename shares it, so the answer-source setting shows a save in flight from either. */
  update: ReturnType<typeof useSparkMutations>['update'];
  onFile: UploadFlow['choose'];
  connectError: string | null;
}

/** The Spark screen's side panels: documents, deploy, actions, the SharePoint library and objectives; the open one shows. */
export function SparkSidePanels({ spark, panels, update, onFile, connectError }: SparkSidePanelsProps) {
  const navigate = useNavigate();
  const isDesktop = useViewportStore((state) => state.isDesktop);
  const reportStep = useReportObjectiveStep();
  const { panel, setPanel, buttonRefs } = panels;
  const sparkId = spark._id;
  // The documents panel shows the owner's files; the websites' cards count the pages their sites became.
  const documents = useDocuments(sparkId);
  const websites = useWebsites(sparkId);
  const profile = useProfile();
  const role = profile.data?.tenants[0]?.role ?? '';
  return (
    <>
      <DocumentsSidePanel
        sparkId={sparkId}
        open={panel === 'documents'}
        desktop={isDesktop}
        onClose={() => setPanel(null)}
        returnFocus={() => buttonRefs.documents.current?.focus()}
        onFile={onFile}
        moreSources={<WebsitesSection sparkId={sparkId} documents={documents.data} />}
        websiteCount={websites.data?.length ?? 0}
        answerSource={{
          generalKnowledge: spark.options.generalKnowledge,
          saving: update.isPending,
          onChange: (generalKnowledge) => update.mutate({ sparkId, patch: { generalKnowledge } }),
        }}
      />
      <DeploySidePanel
        sparkId={sparkId}
        sparkName={spark.name}
        open={panel === 'deploy'}
        desktop={isDesktop}
        onClose={() => setPanel(null)}
        returnFocus={() => buttonRefs.deploy.current?.focus()}
        onSnippetCopied={() => reportStep.mutate({ scope: 'deploy', stepId: 'deploy:snippet', status: 'completed' })}
        notice={<LastRunWarning sparkId={sparkId} />}
        channels={
          // The panel spaces its sections apart; a rule between the channels tells one card's controls from the next card.
          <div className="space-y-6" data-testid="deploy-channels">
            <WhatsappCard sparkId={sparkId} />
            <div className="border-t border-line pt-6">
              <MetaCard sparkId={sparkId} />
            </div>
            <div className="border-t border-line pt-6">
              <TelegramCard sparkId={sparkId} />
            </div>
          </div>
        }
        readsConversations={roleAllows(role, 'conversations.read')}
      />
      <ActionsSidePanel
        sparkId={sparkId}
        open={panel === 'actions'}
        desktop={isDesktop}
        onClose={() => setPanel(null)}
        returnFocus={() => buttonRefs.actions.current?.focus()}
        canEdit={roleAllows(role, 'sparks.edit')}
      />
      <SharepointSidePanel
        sparkId={sparkId}
        open={panel === 'sharepoint'}
        desktop={isDesktop}
        connectError={connectError}
        onViewPlans={() => void navigate({ search: `?panel=sharepoint&showPlans=true&plan=${INTEGRATIONS_PLAN_SLUG}` })}
        onClose={() => setPanel(null)}
        // Opened from the attach menu (or the chat's card): focus goes back to the attach button.
        returnFocus={() => document.querySelector<HTMLElement>('[data-testid="attach-button"]')?.focus()}
      />
      <ObjectivesSidePanel
        key={sparkId}
        objectivesId={sparkId}
        title={spark.name}
        open={panel === 'objectives'}
        desktop={isDesktop}
        onClose={() => setPanel(null)}
        returnFocus={() => buttonRefs.objectives.current?.focus()}
      />
    </>
  );
}
