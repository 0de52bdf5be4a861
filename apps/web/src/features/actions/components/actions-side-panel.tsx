import { useTranslation } from 'react-i18next';
import { SidePanel } from '../../../components/ui/side-panel';
import { ActionsPanel } from './actions-panel';

interface ActionsSidePanelProps {
  sparkId: string;
  open: boolean;
  desktop: boolean;
  onClose: () => void;
  returnFocus: () => void;
  /** Whether the member's role builds Sparks: only then are actions added, changed, removed and tried. */
  canEdit: boolean;
}

/** A Spark's actions: beside the chat on desktop, a full-height sheet on mobile. */
export function ActionsSidePanel({ sparkId, open, desktop, onClose, returnFocus, canEdit }: ActionsSidePanelProps) {
  const { t } = useTranslation();
  return (
    <SidePanel
      id="actions-panel"
      open={open}
      desktop={desktop}
      title={t('actions.title')}
      onClose={onClose}
      returnFocus={returnFocus}
      // Wider than the other panels: an action's form holds rows of inputs and headers.
      widthClass="w-[min(460px,40vw)]"
    >
      {(headingId, close) => <ActionsPanel sparkId={sparkId} headingId={headingId} onClose={close} canEdit={canEdit} />}
    </SidePanel>
  );
}
