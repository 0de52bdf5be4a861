import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TestSatisfactionDialog } from '../../../features/chat/components/test-satisfaction-dialog';
import { SaveCaseDialog } from '../../../features/test-cases/components/save-case-dialog';
import type { SaveCaseFlow } from './use-save-case-flow';
import type { TestFinish } from './use-test-finish';

interface TestDialogsProps {
  sparkId: string;
  activeTestId: string | undefined;
  finish: TestFinish;
  saveCase: SaveCaseFlow;
  /** The Spark has no tests and the user has not yet closed the note that says so. */
  noTestsShown: boolean;
  onNoTestsAcknowledged: () => void;
}

/** The test screen's dialogs: finishing the test, saving it as a case (and saying it was saved), and the note that there are no tests. */
export function TestDialogs({ sparkId, activeTestId, finish, saveCase, noTestsShown, onNoTestsAcknowledged }: TestDialogsProps) {
  const { t } = useTranslation();
  return (
    <>
      <TestSatisfactionDialog
        open={finish.finishing}
        onOpenChange={(open) => !finish.busy && finish.setFinishing(open)}
        onAnswer={finish.answer}
        busy={finish.busy}
        // Finishing deletes the chat: keeping it as a case comes first.
        onSaveCase={() => {
          finish.setFinishing(false);
          saveCase.setSavingCase(true);
        }}
      />
      <SaveCaseDialog sparkId={sparkId} testId={activeTestId} open={saveCase.savingCase} onOpenChange={saveCase.setSavingCase} onSaved={saveCase.onSaved} />
      {saveCase.savedNotice && (
        <p role="status" className="sr-only">
          {t('testCases.save.done')}
        </p>
      )}
      <Modal open={noTestsShown} onOpenChange={(open) => !open && onNoTestsAcknowledged()} title={t('tests.noneTitle')} description={t('tests.noneBody')}>
        <div className="flex justify-end">
          <Button onClick={onNoTestsAcknowledged}>{t('tests.understood')}</Button>
        </div>
      </Modal>
    </>
  );
}
