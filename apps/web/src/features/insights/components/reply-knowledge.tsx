import { OWNER_ANSWER_MAX } from '@sparks/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The opt-in beside a reply to one visitor: whether the Spark learns from it, and then exactly
 * what it learns (the reply without its greeting, editable), and whether that replaces an answer
 * the question already has.
 */
export function ReplyKnowledge({
  enabled,
  onEnabled,
  text,
  onText,
  replacesAnswer,
}: {
  enabled: boolean;
  onEnabled: (enabled: boolean) => void;
  text: string;
  onText: (text: string) => void;
  replacesAnswer: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="space-y-2">
      <label className="flex items-start gap-2 text-sm text-ink">
        <input type="checkbox" checked={enabled} onChange={(event) => onEnabled(event.target.checked)} className="mt-1 size-4 accent-primary" />
        <span>{t('insights.requests.addToKnowledge')}</span>
      </label>
      {enabled && (
        <div className="space-y-1 rounded-lg border border-line bg-white p-3">
          <label htmlFor={id} className="block text-sm font-medium text-ink">
            {t('insights.requests.knowledgeLabel')}
          </label>
          <p className="text-xs text-muted" id={`${id}-hint`}>
            {t('insights.requests.knowledgeHint')}
          </p>
          <textarea
            id={id}
            aria-describedby={`${id}-hint`}
            value={text}
            onChange={(event) => onText(event.target.value)}
            rows={3}
            maxLength={OWNER_ANSWER_MAX}
            required
            className="block w-full rounded-lg border border-line bg-white px-3 py-2 text-sm focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30"
          />
          {replacesAnswer && (
            <p role="note" className="rounded-md bg-amber-50 p-2 text-xs text-amber-900">
              {t('insights.requests.replacesAnswer')}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
