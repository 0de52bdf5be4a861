import { OWNER_ANSWER_MAX, type SparkDocument } from '@sparks/contract';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { useOwnerAnswer, useUpdateOwnerAnswer } from '../api/use-owner-answer';

const FIELD =
  'block w-full rounded-lg border border-line bg-white px-3 py-2 text-base text-ink focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30';

/** Edits an owner answer (its question and text); the Spark answers from the new text once it is read. */
export function OwnerAnswerDialog({ sparkId, document, onClose }: { sparkId: string; document: SparkDocument | null; onClose: () => void }) {
  const { t } = useTranslation();
  const loaded = useOwnerAnswer(sparkId, document?._id ?? null);
  const save = useUpdateOwnerAnswer(sparkId);
  const [question, setQuestion] = useState('');
  const [answer, setAnswer] = useState('');
  const questionId = useId();
  useEffect(() => {
    if (loaded.data) {
      setQuestion(loaded.data.question);
      setAnswer(loaded.data.answer);
    }
  }, [loaded.data]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!document || !question.trim() || !answer.trim()) return;
    save.mutate({ documentId: document._id, question: question.trim(), answer: answer.trim() }, { onSuccess: onClose });
  };

  return (
    <Modal
      open={document !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('documents.ownerAnswer.title')}
      description={t('documents.ownerAnswer.body')}
    >
      {loaded.isPending ? (
        <Spinner label={t('documents.loading')} className="size-6" />
      ) : loaded.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {t('documents.ownerAnswer.loadFailed')}
        </p>
      ) : (
        <form onSubmit={submit} className="space-y-3">
          <div className="space-y-1.5">
            <label htmlFor={questionId} className="block text-sm font-medium text-ink">
              {t('documents.ownerAnswer.question')}
            </label>
            <input id={questionId} value={question} onChange={(event) => setQuestion(event.target.value)} maxLength={4000} required className={FIELD} />
          </div>
          <TextAreaField
            label={t('documents.ownerAnswer.answer')}
            value={answer}
            onChange={(event) => setAnswer(event.target.value)}
            maxLength={OWNER_ANSWER_MAX}
            rows={5}
            required
          />
          {save.isError && (
            <p role="alert" className="text-sm text-red-800">
              {t('documents.ownerAnswer.saveFailed')}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={onClose}>
              {t('documents.ownerAnswer.cancel')}
            </Button>
            <Button type="submit" disabled={save.isPending || !question.trim() || !answer.trim()}>
              {save.isPending ? t('documents.ownerAnswer.saving') : t('documents.ownerAnswer.save')}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
