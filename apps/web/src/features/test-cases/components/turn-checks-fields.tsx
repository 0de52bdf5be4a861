import { TEST_CASE_LIMITS, type SparkDocument } from '@sparks/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TurnChecksDraft } from './turn-checks-draft';

function LinesField({ label, hint, value, onChange }: { label: string; hint: string; value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <textarea
        id={id}
        aria-describedby={`${id}-hint`}
        rows={2}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="w-full rounded-lg border border-line px-3 py-2 text-sm"
      />
      <p id={`${id}-hint`} className="text-xs text-muted">
        {hint}
      </p>
    </div>
  );
}

interface TurnChecksFieldsProps {
  index: number;
  question: string;
  answer: string;
  documents: readonly SparkDocument[];
  draft: TurnChecksDraft;
  onChange: (draft: TurnChecksDraft) => void;
}

/** One question of the chat: what it asked, what it got, and — when the owner checks it — what that answer must do. */
export function TurnChecksFields({ index, question, answer, documents, draft, onChange }: TurnChecksFieldsProps) {
  const { t } = useTranslation();
  const checkId = useId();
  const fieldsId = useId();
  const citesId = useId();
  const expectationId = useId();
  const actionId = useId();
  const set = (patch: Partial<TurnChecksDraft>) => onChange({ ...draft, ...patch });
  return (
    <li className="space-y-2 rounded-lg border border-line bg-white p-3" data-testid="case-turn">
      <p className="text-xs font-semibold uppercase text-muted">{t('testCases.save.turn', { n: index + 1 })}</p>
      <p className="break-words text-sm font-medium">{question}</p>
      <details className="text-sm">
        <summary className="cursor-pointer text-primary">{t('testCases.save.answer')}</summary>
        <p className="mt-1 max-h-40 overflow-y-auto whitespace-pre-line break-words rounded bg-canvas p-2 text-muted">{answer || '—'}</p>
      </details>
      <div className="flex items-center gap-2">
        <input
          id={checkId}
          type="checkbox"
          checked={draft.checked}
          aria-controls={draft.checked ? fieldsId : undefined}
          onChange={(event) => set({ checked: event.target.checked })}
          className="size-4 accent-primary"
        />
        <label htmlFor={checkId} className="text-sm">
          {t('testCases.save.check')}
        </label>
      </div>
      {draft.checked && (
        <div id={fieldsId} className="space-y-3 border-l-2 border-primary/30 pl-3">
          <LinesField
            label={t('testCases.save.mustInclude')}
            hint={t('testCases.save.onePerLine')}
            value={draft.mustInclude}
            onChange={(mustInclude) => set({ mustInclude })}
          />
          <LinesField
            label={t('testCases.save.mustNotInclude')}
            hint={t('testCases.save.onePerLine')}
            value={draft.mustNotInclude}
            onChange={(mustNotInclude) => set({ mustNotInclude })}
          />
          <div className="space-y-1">
            <label htmlFor={citesId} className="block text-sm font-medium text-ink">
              {t('testCases.save.cites')}
            </label>
            <select
              id={citesId}
              value={draft.cites}
              onChange={(event) => set({ cites: event.target.value })}
              className="w-full rounded-lg border border-line bg-white px-3 py-2 text-sm"
            >
              <option value="">{t('testCases.save.citesNone')}</option>
              {documents.map((document) => (
                <option key={document._id} value={document._id}>
                  {document.name}
                </option>
              ))}
            </select>
          </div>
          {draft.action && (
            <div className="flex items-start gap-2">
              <input
                id={actionId}
                type="checkbox"
                checked={draft.expectsAction}
                onChange={(event) => set({ expectsAction: event.target.checked })}
                className="mt-0.5 size-4 shrink-0 accent-primary"
              />
              <label htmlFor={actionId} className="min-w-0 break-words text-sm">
                {t('testCases.save.callsAction', { name: draft.action.name })}
                {Object.keys(draft.action.values).length > 0 && (
                  <span className="block text-xs text-muted">
                    {t('testCases.save.callsActionWith', {
                      values: Object.entries(draft.action.values)
                        .map(([key, value]) => `${key}: ${value}`)
                        .join(', '),
                    })}
                  </span>
                )}
              </label>
            </div>
          )}
          <div className="space-y-1">
            <label htmlFor={expectationId} className="block text-sm font-medium text-ink">
              {t('testCases.save.expectation')}
            </label>
            <textarea
              id={expectationId}
              aria-describedby={`${expectationId}-hint`}
              rows={2}
              maxLength={TEST_CASE_LIMITS.expectationChars}
              value={draft.expectation}
              onChange={(event) => set({ expectation: event.target.value })}
              placeholder={t('testCases.save.expectationPlaceholder')}
              className="w-full rounded-lg border border-line px-3 py-2 text-sm"
            />
            <p id={`${expectationId}-hint`} className="text-xs text-muted">
              {t('testCases.save.expectationHint')}
            </p>
          </div>
        </div>
      )}
    </li>
  );
}
