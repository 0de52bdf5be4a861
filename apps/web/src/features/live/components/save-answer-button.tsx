import { useTranslation } from 'react-i18next';
import { useSaveLiveAnswer } from '../api/live-calls';

interface SaveAnswerButtonProps {
  sparkId: string;
  conversationId: string;
  seq: number;
}

/**
 * Under one of the owner's messages: one click makes it the Spark's answer to the visitor's
 * question before it. The result says which question it answers, since the owner did not pick it.
 */
export function SaveAnswerButton({ sparkId, conversationId, seq }: SaveAnswerButtonProps) {
  const { t } = useTranslation();
  const save = useSaveLiveAnswer(sparkId, conversationId);
  if (save.data) {
    return (
      <p role="status" className="max-w-full px-1 text-right text-xs text-emerald-800" data-testid="live-answer-saved">
        <span aria-hidden="true">✓ </span>
        {t('live.savedAnswer', { question: save.data.question })}
        {save.data.requestsAnswered > 0 ? <span className="block">{t('live.requestAnswered')}</span> : null}
      </p>
    );
  }
  return (
    <span className="flex flex-col items-end gap-0.5">
      <button
        type="button"
        className="min-h-8 rounded px-1 text-xs font-medium text-primary underline-offset-2 hover:underline focus-visible:outline-2 disabled:text-muted"
        title={t('live.saveAnswerHint')}
        disabled={save.isPending}
        onClick={() => save.mutate(seq)}
        data-testid="live-save-answer"
      >
        {save.isPending ? t('live.savingAnswer') : t('live.saveAnswer')}
      </button>
      {save.error ? (
        <span role="alert" className="px-1 text-xs text-red-700">
          {t('live.saveFailed', { message: save.error.message })}
        </span>
      ) : null}
    </span>
  );
}
