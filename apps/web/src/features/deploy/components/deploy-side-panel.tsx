import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SidePanel } from '../../../components/ui/side-panel';
import { DeployPanel } from './deploy-panel';

interface DeploySidePanelProps {
  sparkId: string;
  sparkName: string;
  open: boolean;
  desktop: boolean;
  onClose: () => void;
  returnFocus: () => void;
  onSnippetCopied?: () => void;
  /** Something the owner should know before deploying (the saved tests failed). */
  notice?: ReactNode;
  /** Other places the Spark answers, shown after the website's code. */
  channels?: ReactNode;
  /** Whether the member's role reads visitors' conversations: the list and its export show only then. */
  readsConversations?: boolean;
}

/** The deploy panel of a Spark: beside the chat on desktop, a full-height sheet on mobile. */
export function DeploySidePanel({
  sparkId,
  sparkName,
  open,
  desktop,
  onClose,
  returnFocus,
  onSnippetCopied,
  notice,
  channels,
  readsConversations = true,
}: DeploySidePanelProps) {
  const { t } = useTranslation();
  return (
    <SidePanel
      id="deploy-panel"
      open={open}
      desktop={desktop}
      title={t('deploy.title')}
      onClose={onClose}
      returnFocus={returnFocus}
      widthClass="w-[min(420px,38vw)]"
    >
      {(headingId, close) => (
        <DeployPanel
          sparkId={sparkId}
          sparkName={sparkName}
          onClose={close}
          headingId={headingId}
          notice={notice}
          channels={channels}
          readsConversations={readsConversations}
          {...(onSnippetCopied ? { onSnippetCopied } : {})}
        />
      )}
    </SidePanel>
  );
}
