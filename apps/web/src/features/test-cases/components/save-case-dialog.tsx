import { TEST_CASE_LIMITS, type CaseProposal } from '@sparks/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { useCaseProposal, useCitableDocuments, useTestCaseMutations } from '../api/use-test-cases';
import { checksOf, draftOf, draftTooLong, type TurnChecksDraft } from './turn-checks-draft';
import { TurnChecksFields } from './turn-checks-fields';

interface SaveCaseDialogProps {
  sparkId: string;
  testId: string | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}

/** The form, once the proposal is in: question by question, the owner keeps, edits or clears what the assistant drew from the chat. */
function CaseForm({
  sparkId,
  testId,
  proposal,
  onSaved,
  onCancel,
}: {
  sparkId: string;
  testId: string;
  proposal: CaseProposal;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const documents = useCitableDocuments(sparkId, true);
  const { save } = useTestCaseMutations(sparkId);
  const [name, setName] = useState(proposal.name);
  const [drafts, setDrafts] = useState<TurnChecksDraft[]>(() => proposal.turns.map(draftOf));
  const tooMany = drafts.some(draftTooLong);
  const nothingChecked = drafts.every((draft) => !draft.checked);
  const submit = () => save.mutate({ testId, name: name.trim() || proposal.name || t('testCases.untitled'), checks: checksOf(drafts) }, { onSuccess: onSaved });
  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <TextField label={t('testCases.save.name')} value={name} maxLength={TEST_CASE_LIMITS.nameChars} onChange={(event) => setName(event.target.value)} />
      <section aria-label={t('testCases.save.questions')} className="space-y-2">
        <p className="text-sm font-medium">{t('testCases.save.questions')}</p>
        <ol className="space-y-2">
          {proposal.turns.map((turn, index) => (
            <TurnChecksFields
              key={index}
              index={index}
              question={turn.question}
              answer={turn.answer}
              documents={documents.data ?? []}
              draft={drafts[index]!}
              onChange={(draft) => setDrafts((current) => current.map((each, at) => (at === index ? draft : each)))}
            />
          ))}
        </ol>
      </section>
      {nothingChecked && <p className="text-xs text-muted">{t('testCases.save.nothingChecked')}</p>}
      {tooMany && <Alert tone="error">{t('testCases.save.tooMany', { max: TEST_CASE_LIMITS.facts })}</Alert>}
      {save.isError && <Alert tone="error">{save.error.message}</Alert>}
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={save.isPending || tooMany}>
          {save.isPending ? t('testCases.save.saving') : t('testCases.save.submit')}
        </Button>
      </div>
    </form>
  );
}

/** Keeps the current test chat as a re-runnable case, with what a good answer must do. */
export function SaveCaseDialog({ sparkId, testId, open, onOpenChange, onSaved }: SaveCaseDialogProps) {
  const { t } = useTranslation();
  const proposal = useCaseProposal(sparkId, testId, open);
  // The form waits for the documents too, so the proposed one is selected from the start.
  const documents = useCitableDocuments(sparkId, open);
  // A new proposal each time the dialog opens: the chat may have moved on.
  const [openedAt, setOpenedAt] = useState(0);
  useEffect(() => {
    if (open) setOpenedAt(Date.now());
  }, [open]);
  return (
    <Modal wide open={open} onOpenChange={onOpenChange} title={t('testCases.save.title')} description={t('testCases.save.description')}>
      {proposal.isPending || documents.isPending ? (
        <Spinner label={t('testCases.save.loading')} />
      ) : proposal.isError ? (
        <div className="space-y-3">
          <Alert tone="error">{proposal.error.message}</Alert>
          <div className="flex justify-end">
            <Button onClick={() => onOpenChange(false)}>{t('testCases.close')}</Button>
          </div>
        </div>
      ) : (
        testId && (
          <CaseForm
            key={`${testId}:${openedAt}`}
            sparkId={sparkId}
            testId={testId}
            proposal={proposal.data}
            onSaved={onSaved}
            onCancel={() => onOpenChange(false)}
          />
        )
      )}
    </Modal>
  );
}
