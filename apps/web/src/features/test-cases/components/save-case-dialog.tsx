import { TEST_CASE_LIMITS, type CaseProposal } from '@sparks/contract';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { useCaseProposal, useCitableDocuments, useTestCaseMutations } from '../api/use-test-cases';

interface SaveCaseDialogProps {
  sparkId: string;
  testId: string | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}

const lines = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

function LinesField({ label, hint, value, onChange }: { label: string; hint: string; value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <textarea id={id} aria-describedby={`${id}-hint`} rows={3} value={value} onChange={(event) => onChange(event.target.value)} className="w-full rounded-lg border border-line px-3 py-2 text-sm" />
      <p id={`${id}-hint`} className="text-xs text-muted">
        {hint}
      </p>
    </div>
  );
}

/** The form, once the proposal is in: the owner keeps, edits or clears what the assistant drew from the chat. */
function CaseForm({ sparkId, testId, proposal, onSaved, onCancel }: { sparkId: string; testId: string; proposal: CaseProposal; onSaved: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const documents = useCitableDocuments(sparkId, true);
  const { save } = useTestCaseMutations(sparkId);
  const [name, setName] = useState(proposal.name);
  const [mustInclude, setMustInclude] = useState(proposal.expectations.mustInclude.join('\n'));
  const [mustNotInclude, setMustNotInclude] = useState(proposal.expectations.mustNotInclude.join('\n'));
  const [cites, setCites] = useState(proposal.expectations.citesDocument?.documentId ?? '');
  const [expectation, setExpectation] = useState(proposal.expectations.expectation ?? '');
  const citesId = useId();
  const expectationId = useId();
  const tooMany = lines(mustInclude).length > TEST_CASE_LIMITS.facts || lines(mustNotInclude).length > TEST_CASE_LIMITS.facts;
  const submit = () =>
    save.mutate(
      {
        testId,
        name: name.trim() || proposal.name || t('testCases.untitled'),
        expectations: { mustInclude: lines(mustInclude), mustNotInclude: lines(mustNotInclude), citesDocumentId: cites || null, expectation: expectation.trim() || null },
      },
      { onSuccess: onSaved },
    );
  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <section aria-label={t('testCases.save.questions')} className="space-y-1 rounded-lg bg-canvas p-3 text-sm">
        <p className="font-medium">{t('testCases.save.questions')}</p>
        <ol className="list-inside list-decimal space-y-0.5">
          {proposal.turns.map((turn, index) => (
            <li key={index} className="break-words">
              {turn}
            </li>
          ))}
        </ol>
      </section>
      <TextField label={t('testCases.save.name')} value={name} maxLength={TEST_CASE_LIMITS.nameChars} onChange={(event) => setName(event.target.value)} />
      <LinesField label={t('testCases.save.mustInclude')} hint={t('testCases.save.onePerLine')} value={mustInclude} onChange={setMustInclude} />
      <LinesField label={t('testCases.save.mustNotInclude')} hint={t('testCases.save.onePerLine')} value={mustNotInclude} onChange={setMustNotInclude} />
      <div className="space-y-1">
        <label htmlFor={citesId} className="block text-sm font-medium text-ink">
          {t('testCases.save.cites')}
        </label>
        <select id={citesId} value={cites} onChange={(event) => setCites(event.target.value)} className="w-full rounded-lg border border-line bg-white px-3 py-2 text-sm">
          <option value="">{t('testCases.save.citesNone')}</option>
          {(documents.data ?? []).map((document) => (
            <option key={document._id} value={document._id}>
              {document.name}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-1">
        <label htmlFor={expectationId} className="block text-sm font-medium text-ink">
          {t('testCases.save.expectation')}
        </label>
        <textarea
          id={expectationId}
          rows={2}
          maxLength={TEST_CASE_LIMITS.expectationChars}
          value={expectation}
          onChange={(event) => setExpectation(event.target.value)}
          placeholder={t('testCases.save.expectationPlaceholder')}
          className="w-full rounded-lg border border-line px-3 py-2 text-sm"
        />
        <p className="text-xs text-muted">{t('testCases.save.expectationHint')}</p>
      </div>
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
    <Modal open={open} onOpenChange={onOpenChange} title={t('testCases.save.title')} description={t('testCases.save.description')}>
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
        testId && <CaseForm key={`${testId}:${openedAt}`} sparkId={sparkId} testId={testId} proposal={proposal.data} onSaved={onSaved} onCancel={() => onOpenChange(false)} />
      )}
    </Modal>
  );
}
