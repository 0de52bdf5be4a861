import { useTranslation } from 'react-i18next';
import { SidePanel } from '../../../components/ui/side-panel';
import { SharepointPanel } from './sharepoint-panel';

interface SharepointSidePanelProps {
  sparkId: string;
  open: boolean;
  desktop: boolean;
  connectError: string | null;
  onViewPlans: () => void;
  onClose: () => void;
  returnFocus: () => void;
}

/** The SharePoint panel of a Spark: beside the chat on desktop, a full-height sheet on mobile. */
export function SharepointSidePanel({ sparkId, open, desktop, connectError, onViewPlans, onClose, returnFocus }: SharepointSidePanelProps) {
  const { t } = useTranslation();
  return (
    <SidePanel
      id="sharepoint-panel"
      open={open}
      desktop={desktop}
      title={t('sharepoint.title')}
      onClose={onClose}
      returnFocus={returnFocus}
      widthClass="w-[min(420px,38vw)]"
    >
      {(headingId, close) => <SharepointPanel sparkId={sparkId} connectError={connectError} onViewPlans={onViewPlans} onClose={close} headingId={headingId} />}
    </SidePanel>
  );
}
