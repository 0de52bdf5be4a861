import { useTranslation } from 'react-i18next';
import { SidePanel } from '../../../components/ui/side-panel';
import { TestSuitePanel } from './test-suite-panel';

interface TestSuiteSidePanelProps {
  sparkId: string;
  open: boolean;
  desktop: boolean;
  onClose: () => void;
  returnFocus: () => void;
}

/** The saved tests beside the test chat on desktop, a full-height sheet on mobile. */
export function TestSuiteSidePanel({ sparkId, open, desktop, onClose, returnFocus }: TestSuiteSidePanelProps) {
  const { t } = useTranslation();
  return (
    <SidePanel
      id="test-suite-panel"
      open={open}
      desktop={desktop}
      title={t('testCases.title')}
      onClose={onClose}
      returnFocus={returnFocus}
      widthClass="w-[min(440px,40vw)]"
    >
      {(headingId, close) => <TestSuitePanel sparkId={sparkId} onClose={close} headingId={headingId} />}
    </SidePanel>
  );
}
