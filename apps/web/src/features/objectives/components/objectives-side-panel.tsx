import { useTranslation } from 'react-i18next';
import { SidePanel } from '../../../components/ui/side-panel';
import { useObjectives } from '../api/use-objectives';
import { useObjectivesLanguage } from '../use-objectives-language';
import { ObjectivesPanel } from './objectives-panel';

interface ObjectivesSidePanelProps {
  /** A Spark's id or a menu topic (product.md §7 GET /objectives/{id}). */
  objectivesId: string;
  title: string;
  open: boolean;
  desktop: boolean;
  onClose: () => void;
  returnFocus: () => void;
}

/** product.md §2 objectives panel, at most 432 px wide beside the chat, or a sheet on mobile. */
export function ObjectivesSidePanel({ objectivesId, title, open, desktop, onClose, returnFocus }: ObjectivesSidePanelProps) {
  const { t } = useTranslation();
  const objectives = useObjectives(objectivesId, useObjectivesLanguage());
  return (
    <SidePanel
      id="objectives-panel"
      open={open}
      desktop={desktop}
      title={t('objectives.open')}
      onClose={onClose}
      returnFocus={returnFocus}
      widthClass="w-[min(432px,38vw)]"
    >
      {(headingId, close) => (
        <ObjectivesPanel
          title={title}
          objectives={objectives.data}
          loading={objectives.isPending}
          failed={objectives.isError}
          onRetry={() => void objectives.refetch()}
          headingId={headingId}
          onClose={close}
        />
      )}
    </SidePanel>
  );
}
