import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export interface AnswerSource {
  generalKnowledge: boolean;
  saving: boolean;
  onChange: (generalKnowledge: boolean) => void;
}

/** Where the Spark's answers may come from: its documents only (the default), or general knowledge too where they are silent. */
export function AnswerSourceSetting({ generalKnowledge, saving, onChange }: AnswerSource) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="flex items-start gap-3 rounded-xl border border-line bg-white p-3">
      <input
        id={id}
        type="checkbox"
        checked={!generalKnowledge}
        disabled={saving}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(!event.target.checked)}
        className="mt-0.5 size-5 shrink-0 accent-primary"
      />
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium text-ink">
          {t('documents.onlyDocuments.label')}
        </label>
        <p id={`${id}-hint`} className="text-xs text-muted">
          {generalKnowledge ? t('documents.onlyDocuments.off') : t('documents.onlyDocuments.on')}
        </p>
      </div>
    </div>
  );
}
